#!/usr/bin/env python3
"""Link length in characters for whole random games: median and max over 100 seeds per game.

For every game in GAMES, play ``--seeds`` random full games (random legal moves by the conformance chooser,
seeds 0..N-1, cycling through every option combination), encode each finished game as a
link and report the link length (characters after ``#``), per game and per option
combination, against the targets of DESIGN 3: a whole Spacehole game <= 300 characters, any
game <= 2,000 where possible (the UI warns above that).

    python3 benchmarks/links.py [--seeds 100] [--include-toy]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from typing import Any

from common import add_common_arguments, print_table, selected_games

from pygame_core import Match, encode_link
from pygame_core.codec import WARN_LINK_CHARS
from tests.conformance.playouts import finished_playout, option_combinations

TARGETS = {"spacehole": 300}  # DESIGN 3; every other game: WARN_LINK_CHARS


def describe(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "(defaults)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=100, help="random games per game id")
    add_common_arguments(parser)
    args = parser.parse_args(argv)
    ids = selected_games(args)
    if not ids:
        return 0

    from pygame_core import GAMES

    rows = []
    verdicts = []
    for game_id in ids:
        combos = option_combinations(GAMES[game_id])
        by_combo: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
        all_games: list[tuple[int, int, int]] = []
        for seed in range(args.seeds):
            options = combos[seed % len(combos)]
            match: Match = finished_playout(game_id, options, seed)
            link = encode_link(match)
            entry = (len(link), len(match.record.actions), seed)
            by_combo[describe(match.record.options)].append(entry)
            all_games.append(entry)
        target = TARGETS.get(game_id, WARN_LINK_CHARS)
        groups = [("all options", all_games)]
        if len(by_combo) > 1:
            groups += sorted(by_combo.items())
        for label, entries in groups:
            lengths = [e[0] for e in entries]
            longest = max(entries)
            rows.append([
                game_id if label == "all options" else "",
                label,
                str(len(entries)),
                f"{statistics.median(e[1] for e in entries):.0f}",
                f"{statistics.median(lengths):.0f}",
                f"{longest[0]} (seed {longest[2]})",
                str(target),
                "ok" if longest[0] <= target else "OVER",
            ])
        worst = max(e[0] for e in all_games)
        verdicts.append((game_id, worst, target))

    print_table(
        ["game", "options", "games", "actions (median)", "link chars (median)",
         "link chars (max)", "target", "max <= target"],
        rows,
        left=2,
    )
    print("\nLink = base64url(raw deflate(msgpack(record))); one varint per action with more")
    print("than one legal choice. Random legal moves, so real games may be shorter or longer.")
    for game_id, worst, target in verdicts:
        state = "within" if worst <= target else "OVER"
        print(f"{game_id}: longest whole game {worst} characters, {state} the {target} target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
