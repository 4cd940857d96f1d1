"""Shared set-up for the benchmarks: import the engine from this checkout, pick the games."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Run as `python3 benchmarks/x.py`, sys.path[0] is benchmarks/: put the checkout first so its
# pygame_core (not some other installed copy) and its tests helpers are the ones measured.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pygame_core import GAMES  # noqa: E402


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--include-toy", action="store_true",
        help="also measure the core tests' toy game (tests/core/toygame.py)",
    )
    parser.add_argument(
        "--game", action="append", default=[], help="only this game id (repeatable)"
    )


def selected_games(args: argparse.Namespace) -> list[str]:
    """The game ids to measure; registers the toy game when asked. Empty: a note is printed."""
    if args.include_toy:
        from tests.core.toygame import TOY

        GAMES.setdefault(TOY.id, TOY)
    ids = sorted(GAMES)
    if args.game:
        unknown = sorted(set(args.game) - set(ids))
        if unknown:
            raise SystemExit(f"unknown game id(s): {', '.join(unknown)} (known: {', '.join(ids)})")
        ids = [g for g in ids if g in args.game]
    if not ids:
        print("GAMES is empty in this checkout: nothing to measure.")
        print("(Run with --include-toy to exercise the benchmark on the core tests' toy game.)")
    return ids


def print_table(headers: list[str], rows: list[list[str]], left: int = 1) -> None:
    """A plain-text table; the first ``left`` columns are left-aligned, the rest right."""
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]

    def fmt(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i < left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    print(fmt(headers))
    print("-" * len(fmt(headers)))
    for row in rows:
        print(fmt(row))
