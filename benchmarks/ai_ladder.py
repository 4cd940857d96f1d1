"""The computer players' ladder: each level against the one below, and time per decision.

    python3 benchmarks/ai_ladder.py [--games N] [--games-for ID=N] [--game ID] [--level L]
                                    [--pyodide N] [--jobs J] [--json PATH]

For every game with two or more seats, each level plays the level below over N seeded
games with the seats swapped every game, and the top level also plays level 1 (the goal's
pairing, DESIGN.md 6): the upper level's win rate (a draw counts half)
with a 95% Wilson interval. For Spacehole, each level's score over N seeds (mean, median,
win rate). Time per decision (median, 95th percentile) of every level is measured in
CPython; with ``--pyodide`` also the top level's in Pyodide under Node, on a few positions
(the runner of tests/pyodide). A decision with a single legal action is not timed (the bot
answers it without thinking). Measurements only, never a pass/fail test (DESIGN.md 7).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from common import ROOT, print_table  # type: ignore[import-not-found]

from pygame_core import GAMES
from pygame_core.ai import LEVELS, choose

MAX_DECISIONS = 20_000


@dataclass
class GameResult:
    """One arena game: each seat's result (1 win, 0.5 draw, 0 loss), the solo score, and
    the decision times per level."""

    results: list[float]
    score: int
    times: dict[int, list[float]] = field(default_factory=dict)


def play(game_id: str, options: dict[str, Any], seed: int, levels: Sequence[int]) -> GameResult:
    """A whole game with ``levels[seat]`` at each seat; bots see only their views."""
    game = GAMES[game_id]
    state = game.new_game(options, seed)
    times: dict[int, list[float]] = {}
    for step in range(MAX_DECISIONS):
        seat = game.current_player(state)
        if seat is None:
            break
        legal = game.legal_actions(state)
        view = game.view(state, seat)
        start = time.perf_counter()
        action = choose(game_id, view, legal, level=levels[seat], seed=seed * 100_003 + step)
        if len(legal) > 1:
            times.setdefault(levels[seat], []).append(time.perf_counter() - start)
        state = game.apply(state, action)
    outcome = game.outcome(state)
    assert outcome is not None, f"{game_id} seed {seed}: no end after {MAX_DECISIONS} decisions"
    seats = game.num_players(state)
    draw = not outcome.winners and seats > 1  # solo: no winner is a loss (the Base fell, SH-9.1)
    results = [0.5 if draw else 1.0 if p in outcome.winners else 0.0 for p in range(seats)]
    return GameResult(results, outcome.scores[0], times)


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (a draw counts half a win)."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _job(args: tuple[str, dict[str, Any], int, tuple[int, ...]]) -> GameResult:
    return play(*args)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(values: list[float], q: float | None = None) -> str:
    if not values:
        return "-"
    value = statistics.median(values) if q is None else _percentile(values, q)
    return f"{value * 1000:.0f}"


def ladder(
    game_id: str, games: int, jobs: int, options: dict[str, Any], uppers: Sequence[int] = ()
) -> list[list[str]]:
    """Rows of the table for one game (``uppers``: only these levels against the one below;
    for Spacehole only these levels). Each row is also printed to stderr once measured."""
    names = LEVELS[game_id]
    seats = GAMES[game_id].max_players
    rows = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        if seats == 1:
            for level, name in enumerate(names):
                if uppers and level not in uppers:
                    continue
                plans = [(game_id, options, seed, (level,)) for seed in range(games)]
                results = list(pool.map(_job, plans))
                scores = [r.score for r in results]
                wins = sum(r.results[0] for r in results)
                times = [t for r in results for t in r.times.get(level, [])]
                rows.append([
                    f"{game_id} {level} {name}", "solo", f"{statistics.mean(scores):.1f}",
                    f"{statistics.median(scores):.0f}", f"{100 * wins / games:.0f}%", "",
                    _ms(times), _ms(times, 0.95), f"{max(times) * 1000:.0f}" if times else "-",
                ])
                print("  ".join(rows[-1]), file=sys.stderr, flush=True)
            return rows
        top = len(names) - 1
        pairings = [(upper, upper - 1) for upper in range(1, len(names))]
        if top > 2:
            pairings.append((top, 1))  # the goal's own pairing: the top level against the heuristic
        for upper, lower in pairings:
            if uppers and upper not in uppers:
                continue
            plans = []
            for i in range(games):
                levels = (upper, lower) if i % 2 == 0 else (lower, upper)
                plans.append((game_id, options, i, levels))
            results = list(pool.map(_job, plans))
            wins = 0.0
            for (_, _, _, levels), r in zip(plans, results, strict=True):
                wins += r.results[levels.index(upper)]
            low, high = wilson(wins, games)
            times = [t for r in results for t in r.times.get(upper, [])]
            rows.append([
                f"{game_id} {upper} {names[upper]}", f"vs {lower} {names[lower]}", "", "",
                f"{100 * wins / games:.1f}%", f"[{100 * low:.0f}-{100 * high:.0f}]%",
                _ms(times), _ms(times, 0.95), f"{max(times) * 1000:.0f}" if times else "-",
            ])
            print("  ".join(rows[-1]), file=sys.stderr, flush=True)
    return rows


PYODIDE_SCRIPT = """
import json, time
from pygame_core import GAMES
from pygame_core.ai import choose
cases = json.load(open({path!r}))
out = []
for game_id, view, legal_index, level, seed in cases:
    import pygame_core.ai as ai
    game = GAMES[game_id]
    legal = [game.decode_action(w) for w in legal_index]
    start = time.perf_counter()
    action = choose(game_id, view, legal, level=level, seed=seed)
    out.append([time.perf_counter() - start, legal.index(action)])
print("RESULT " + json.dumps(out))
"""


def pyodide_times(game_id: str, positions: int) -> tuple[list[float], list[float], bool]:
    """The top level's decision time on ``positions`` positions in CPython and in Pyodide,
    and whether every decision agreed (parity). The positions are spread evenly over whole
    games between two level-1 players (the early ones alone would be setup decisions)."""
    game = GAMES[game_id]
    top = len(LEVELS[game_id]) - 1
    found: list[tuple[Any, list[Any], int]] = []  # (view, legal, step) with a real choice
    seed = 0
    while len(found) < 3 * positions and seed < 20:
        state = game.new_game({}, seed)
        step = 0
        while game.current_player(state) is not None:
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            view = game.view(state, seat)
            if len(legal) > 1:
                found.append((view, legal, step))
            state = game.apply(state, choose(game_id, view, legal, level=1, seed=step))
            step += 1
        seed += 1
    picked = [found[i * len(found) // positions] for i in range(positions)] if found else []
    cases: list[Any] = []
    cpython: list[float] = []
    expected: list[int] = []
    for view, legal, step in picked:
        t0 = time.perf_counter()
        chosen = choose(game_id, view, legal, level=top, seed=step)
        cpython.append(time.perf_counter() - t0)
        expected.append(legal.index(chosen))
        cases.append([game_id, view, [game.encode_action(a) for a in legal], top, step])
    runner = ROOT / "tests/pyodide/run_engine.mjs"
    wheels = sorted((ROOT / "build/wheels").glob("msgpack-*-py3-none-any.whl"))
    if shutil.which("node") is None or not wheels:
        return cpython, [], False
    work = ROOT / "build" / "ai-ladder"
    work.mkdir(parents=True, exist_ok=True)
    (work / "cases.json").write_text(json.dumps(cases))
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(PYODIDE_SCRIPT.format(path="/project/build/ai-ladder/cases.json"))
    result = subprocess.run(
        ["node", str(runner), str(ROOT), str(wheels[0]), script.name],
        capture_output=True, text=True, timeout=3600, check=False, cwd=ROOT,
    )
    os.unlink(script.name)
    if result.returncode != 0:
        print(result.stderr[-2000:], file=sys.stderr)
        return cpython, [], False
    line = next(x for x in result.stdout.splitlines() if x.startswith("RESULT "))
    out = json.loads(line.removeprefix("RESULT "))
    return cpython, [t for t, _ in out], [i for _, i in out] == expected


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--game", action="append", default=[], help="only this game id (repeatable)")
    parser.add_argument("--games-for", action="append", default=[], metavar="ID=N",
                        help="N games per pairing for this game (a slow game); repeatable")
    parser.add_argument("--level", type=int, action="append", default=[],
                        help="only this level against the one below (Spacehole: only this level); repeatable")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--pyodide", type=int, default=0, metavar="N",
                        help="also time the top level on N positions per game in Pyodide")
    parser.add_argument("--json", metavar="PATH", help="also write the tables to PATH as JSON")
    args = parser.parse_args()
    ids = [g for g in sorted(LEVELS) if not args.game or g in args.game]
    rows: list[list[str]] = []
    started = time.perf_counter()
    counts = {game_id: int(n) for game_id, _, n in (x.partition("=") for x in args.games_for)}
    for game_id in ids:
        rows += ladder(game_id, counts.get(game_id, args.games), args.jobs, {}, args.level)
        print(f"# {game_id} done after {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    games_note = ", ".join(f"{g} {counts.get(g, args.games)}" for g in ids)
    print(f"games per row: {games_note}; seats swapped every game; CPython {sys.version.split()[0]}")
    headers = ["level", "against", "mean", "median", "win", "95% CI", "median ms", "p95 ms", "max ms"]
    print_table(headers, rows)
    prow: list[list[str]] = []
    pheaders = ["game", "positions", "CPython median ms", "CPython p95", "Pyodide median ms", "Pyodide p95", "same"]
    if args.pyodide:
        for game_id in ids:
            cpython, pyodide, parity = pyodide_times(game_id, args.pyodide)
            prow.append([
                game_id, str(len(cpython)), _ms(cpython), _ms(cpython, 0.95), _ms(pyodide), _ms(pyodide, 0.95),
                "yes" if parity else "no" if pyodide else "not run",
            ])
        print()
        print("Top level, same positions: CPython vs Pyodide (Node)")
        print_table(pheaders, prow)
    if args.json:
        report = {
            "games_per_row": {g: counts.get(g, args.games) for g in ids},
            "python": sys.version.split()[0],
            "ladder": [dict(zip(headers, row, strict=True)) for row in rows],
            "pyodide": [dict(zip(pheaders, row, strict=True)) for row in prow],
        }
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
