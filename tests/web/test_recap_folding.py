"""The recap says an idle pass that told nothing once per seat and words, with a count
(``foldedSteps`` in web/lines.js, run by Node): after each of the other side's fleet moves
the same "you held no card to play" came again and again."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import { foldedSteps } from "./web/lines.js";
const idle = (at, seat) => ({ at, seat, auto: "You held no card to play, so you passed.", results: [], lines: [] });
const move = (at) => ({ at, seat: 1, auto: null, results: [], lines: ["East fleet 2 moves"] });
const told = { at: 9, seat: 0, auto: "You held no card to play, so you passed.", results: [0], lines: ["a kill"] };
const steps = [move(1), idle(2, 0), move(3), idle(4, 0), move(5), idle(6, 0), told, idle(10, 1)];
const out = foldedSteps({ steps }, 5);
console.log(JSON.stringify(out.map(([s, now]) => [s.at, s.auto, now])));
"""


def test_idle_passes_that_told_nothing_are_said_once_with_a_count() -> None:
    if shutil.which("node") is None:
        pytest.fail("Node.js is required: run `python3 build.py test`")
    result = subprocess.run(["node", "--input-type=module", "-e", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    steps = json.loads(result.stdout)
    assert steps == [
        [1, None, False],
        [2, "You held no card to play, so you passed. (3 times)", True],  # the marked step 6 is in it
        [3, None, False],
        [5, None, False],
        [9, "You held no card to play, so you passed.", False],  # it told a result: kept as it is
        [10, "You held no card to play, so you passed.", False],  # another seat's
    ]
