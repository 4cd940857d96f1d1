#!/usr/bin/env python3
"""Game review's time (issue 28): a 100-decision review of one seat, in CPython and in Pyodide under Node.

For each game: one seat played by the Easy level against the top level (seeded), the record cut
where the reviewed seat (seat 0) has made ``--decisions`` decisions (fewer if the game ends
first), then ``pygame_core.ai.review.review`` over that seat, timed in CPython and inside
Pyodide (``tests/pyodide/run_engine.mjs``). The review of the same record and seed must come
out the same in both (its values are compared). The goal: a 100-decision review in under 20 s
in Pyodide.

    python3 benchmarks/review.py [--games warfare,genocide] [--decisions 100] [--no-pyodide]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from typing import Any

from common import ROOT, print_table

from pygame_core import Match, ai, decode_match, encode_link
from pygame_core.ai.review import decision_points, review

RUNNER = ROOT / "tests" / "pyodide" / "run_engine.mjs"
WORK = ROOT / "build" / "bench"

# Options that let each game run long enough for 100 decisions of one seat.
OPTIONS: dict[str, dict[str, Any]] = {"warfare": {}, "genocide": {}, "spacehole": {}, "skirmish": {"turn_limit": 60}}
# The reviewed seat's level: Easy, or Normal where Easy loses to the top level too soon for
# 100 decisions (a Warfare game of Easy against Hard ends after about 60 of Easy's decisions).
SEAT0_LEVEL: dict[str, int] = {"warfare": 2}

PYODIDE_SCRIPT = """
import json, time
from pygame_core import decode_match
from pygame_core.ai.review import review
plan = json.load(open("/project/build/bench/review.json"))
out = {}
for game_id, link in plan.items():
    match = decode_match(link)
    actions = [match.game.decode_action(w) for w in match.record.actions]
    start = time.perf_counter()
    job = review(game_id, match.states, actions, [0], seed=1)
    try:
        while True:
            next(job)
    except StopIteration as done:
        result = done.value
    out[game_id] = {"seconds": time.perf_counter() - start,
                    "values": [round(d.value_played, 9) for d in result[0].decisions]}
print("RESULT " + json.dumps(out))
"""


def record(game_id: str, decisions: int, seed: int = 7) -> Match:
    """Seat 0 at Easy (``SEAT0_LEVEL``) against the top level, cut after seat 0's
    ``decisions``-th decision."""
    match = Match.start(game_id, OPTIONS.get(game_id, {}), seed)
    top = len(ai.LEVELS[game_id]) - 1
    steps = 0
    while not match.is_over and steps < 5000:
        state = match.state
        seat = match.game.current_player(state)
        assert seat is not None
        level = SEAT0_LEVEL.get(game_id, 1) if seat == 0 else top
        action = ai.choose(game_id, match.game.view(state, seat), match.legal_actions(), level=level, seed=steps)
        match = match.play(action)
        steps += 1
        if len(decision_points(match.game, match.states, 0)) >= decisions:
            break
    return match


def run(game_id: str, match: Match) -> tuple[float, list[float]]:
    actions = [match.game.decode_action(w) for w in match.record.actions]
    start = time.perf_counter()
    job = review(game_id, match.states, actions, [0], seed=1)
    try:
        while True:
            next(job)
    except StopIteration as done:
        result = done.value
    return time.perf_counter() - start, [round(d.value_played, 9) for d in result[0].decisions]


def pyodide(links: dict[str, str]) -> dict[str, Any] | str:
    if shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return "node or node_modules/pyodide is missing"
    wheels = sorted((ROOT / "build" / "wheels").glob("msgpack-*-py3-none-any.whl"))
    if not wheels:
        return "no pure msgpack wheel in build/wheels (run `python3 build.py test` once)"
    WORK.mkdir(parents=True, exist_ok=True)
    (WORK / "review.json").write_text(json.dumps(links))
    script = WORK / "review.py"
    script.write_text(PYODIDE_SCRIPT)
    done = subprocess.run(["node", str(RUNNER), str(ROOT), str(wheels[0]), str(script)],
                          capture_output=True, text=True, timeout=3600, check=False)
    line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
    if done.returncode != 0 or line is None:
        return "Pyodide run failed:\n" + done.stderr[-3000:]
    found: dict[str, Any] = json.loads(line.removeprefix("RESULT "))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="warfare,genocide,spacehole,skirmish")
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    links, rows, cpython = {}, [], {}
    for game_id in games:
        match = record(game_id, args.decisions)
        links[game_id] = encode_link(match)
        assert decode_match(links[game_id]).record == match.record
        cpython[game_id] = run(game_id, match)
    found = {} if args.no_pyodide else pyodide(links)
    if isinstance(found, str):
        print(found, file=sys.stderr)
        found = {}
    for game_id in games:
        seconds, values = cpython[game_id]
        got = found.get(game_id)
        rows.append([
            game_id, str(len(values)), f"{seconds:.1f}",
            f"{got['seconds']:.1f}" if got else "-",
            f"{got['seconds'] / seconds:.2f}" if got else "-",
            ("same" if got["values"] == values else "DIFFERENT") if got else "-",
        ])
    print_table(["game", "decisions", "CPython s", "Pyodide s", "ratio", "review in Pyodide"], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
