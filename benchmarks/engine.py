#!/usr/bin/env python3
"""Random full games per second in CPython, and the same games replayed in Pyodide under Node.

For every game in GAMES: play ``--games`` random games (random legal moves by the conformance chooser, seeds
0..N-1, cycling through every option combination) and time them in CPython. Then replay the
very same games from their links (``decode_match``: every step re-validated against
``legal_actions``) in CPython and inside Pyodide under Node, time both, check the final state
digests agree, and print games per second and the CPython/Pyodide ratio.

    python3 benchmarks/engine.py [--games 50] [--repeat 3] [--no-pyodide] [--include-toy]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from common import ROOT, add_common_arguments, print_table, selected_games

from pygame_core import Match, decode_match, encode_link
from pygame_core.canonical import digest
from tests.conformance.playouts import MAX_STEPS, option_combinations, random_action

RUNNER = ROOT / "tests" / "pyodide" / "run_engine.mjs"
WORK = ROOT / "build" / "bench"  # under the project root: Pyodide mounts it at /project

PYODIDE_SCRIPT = """
import json, time
from pygame_core import GAMES, decode_match
from pygame_core.canonical import digest
if {include_toy!r}:
    from tests.core.toygame import TOY
    GAMES.setdefault(TOY.id, TOY)
plan = json.load(open("/project/build/bench/links.json"))
result = {{}}
for game_id, links in plan.items():
    decode_match(links[0])  # warm-up: imports, caches
    best = None
    for _ in range({repeat}):
        start = time.perf_counter()
        states = [decode_match(link).state for link in links]
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    result[game_id] = {{"seconds": best, "digests": [digest(s) for s in states]}}
print("RESULT " + json.dumps(result))
"""


@dataclass
class GameTiming:
    game_id: str
    links: list[str]
    digests: list[str]
    actions: list[int]
    play_seconds: float
    replay_seconds: float
    pyodide_seconds: float | None = None
    parity: bool | None = None


def play_random_games(game_id: str, count: int) -> tuple[list[Match], float]:
    """``count`` random full games (the conformance suite's move chooser), timed."""
    from pygame_core import GAMES

    combos = option_combinations(GAMES[game_id])
    matches = []
    start = time.perf_counter()
    for seed in range(count):
        chooser = random.Random(seed * 7919 + 17)
        match = Match.start(game_id, combos[seed % len(combos)], seed)
        for _ in range(MAX_STEPS):
            legal = match.legal_actions()
            if not legal:
                break
            match = match.play(random_action(chooser, legal))
        matches.append(match)
    return matches, time.perf_counter() - start


def best_replay_seconds(links: list[str], repeat: int) -> float:
    decode_match(links[0])
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for link in links:
            decode_match(link)
        best = min(best, time.perf_counter() - start)
    return best


def msgpack_wheel() -> Path | None:
    found = sorted((ROOT / "build" / "wheels").glob("msgpack-*-py3-none-any.whl"))
    return found[0] if found else None


def run_pyodide(timings: list[GameTiming], repeat: int, include_toy: bool) -> str | None:
    """Replay every game's links inside Pyodide; fills in the timings. Returns a note on
    why it could not run, or None."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return "node_modules/pyodide is missing (run `python3 build.py test` once)"
    wheel = msgpack_wheel()
    if wheel is None:
        return "no pure msgpack wheel in build/wheels (run `python3 build.py test` once)"
    WORK.mkdir(parents=True, exist_ok=True)
    (WORK / "links.json").write_text(json.dumps({t.game_id: t.links for t in timings}))
    script = WORK / "replay.py"
    script.write_text(PYODIDE_SCRIPT.format(include_toy=include_toy, repeat=repeat))
    start = time.perf_counter()
    result = subprocess.run(
        ["node", str(RUNNER), str(ROOT), str(wheel), str(script)],
        capture_output=True, text=True, timeout=3600, check=False,
    )
    total = time.perf_counter() - start
    if result.returncode != 0:
        return "Pyodide run failed:\n" + result.stderr[-3000:]
    line = next((x for x in result.stdout.splitlines() if x.startswith("RESULT ")), None)
    if line is None:
        return "Pyodide printed no result:\n" + result.stdout[-2000:]
    data = json.loads(line.removeprefix("RESULT "))
    for t in timings:
        t.pyodide_seconds = data[t.game_id]["seconds"]
        t.parity = data[t.game_id]["digests"] == t.digests
    print(f"(Node + Pyodide start-up and all replays took {total:.1f} s wall time)")
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--games", type=int, default=50, help="random games per game id")
    parser.add_argument("--repeat", type=int, default=3, help="replay timing repeats (best kept)")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    add_common_arguments(parser)
    args = parser.parse_args(argv)
    ids = selected_games(args)
    if not ids:
        return 0
    print(f"CPython {sys.version.split()[0]}; {args.games} random games per game id\n")

    timings = []
    for game_id in ids:
        matches, play_seconds = play_random_games(game_id, args.games)
        links = [encode_link(m) for m in matches]
        timings.append(GameTiming(
            game_id, links, [digest(m.state) for m in matches],
            [len(m.record.actions) for m in matches],
            play_seconds, best_replay_seconds(links, args.repeat),
        ))

    note = None if args.no_pyodide else run_pyodide(timings, args.repeat, args.include_toy)

    def rate(games: int, seconds: float | None) -> str:
        return "-" if seconds is None else f"{games / seconds:,.1f}"

    rows = []
    for t in timings:
        n = len(t.links)
        ratio = "-" if t.pyodide_seconds is None else f"{t.pyodide_seconds / t.replay_seconds:.1f}x"
        parity = {None: "-", True: "same", False: "DIFFERENT"}[t.parity]
        rows.append([
            t.game_id, str(n), f"{statistics.mean(t.actions):.0f}",
            rate(n, t.play_seconds), rate(n, t.replay_seconds), rate(n, t.pyodide_seconds),
            ratio, parity,
        ])
    print()
    print_table(
        ["game", "games", "actions/game", "CPython play/s", "CPython replay/s",
         "Pyodide replay/s", "Pyodide slower by", "final states"],
        rows,
    )
    print("\nplay/s: random games played from scratch (legal_actions + apply + record);")
    print("replay/s: the same games decoded from their links (decode + validate + apply).")
    print("The ratio compares replays, the only work done identically on both sides.")
    if note:
        print(f"\nPyodide not measured: {note}")
    return 1 if any(t.parity is False for t in timings) else 0


if __name__ == "__main__":
    sys.exit(main())
