"""The same (view, legal actions, level, seed) gives the same decision in CPython and in the
browser's Python (Pyodide under Node), for every game with a computer player (issue 11)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pygame_core import GAMES
from pygame_core.ai import LEVELS, choose

from ..pyodide.test_pyodide_parity import RUNNER, _msgpack_wheel
from .helpers import positions

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.pyodide

PYODIDE_SCRIPT = """
import json
from pygame_core import GAMES
from pygame_core.ai import choose
cases = json.load(open({path!r}))
out = []
for game_id, view, wires, level, seed in cases:
    game = GAMES[game_id]
    legal = [game.decode_action(w) for w in wires]
    out.append(legal.index(choose(game_id, view, legal, level=level, seed=seed)))
print("RESULT " + json.dumps(out))
"""


def _cases() -> tuple[list[list[object]], list[int]]:
    """A few positions per game: the heuristic on three, the top level on one (cheap) one."""
    cases: list[list[object]] = []
    expected: list[int] = []
    for game_id in sorted(LEVELS):
        game = GAMES[game_id]
        picked = [s for s in positions(game_id) if len(game.legal_actions(s)) > 1][:4]
        for index, state in enumerate(picked):
            seat = game.current_player(state)
            view = json.loads(json.dumps(game.view(state, seat)))  # as the web worker passes it
            legal = game.legal_actions(state)
            level = len(LEVELS[game_id]) - 1 if index == 0 else 1
            action = choose(game_id, view, legal, level=level, seed=index)
            assert action == choose(game_id, game.view(state, seat), legal, level=level, seed=index)
            cases.append([game_id, view, [list(game.encode_action(a)) for a in legal], level, index])
            expected.append(legal.index(action))
    return cases, expected


def test_decisions_are_identical_in_pyodide() -> None:
    if shutil.which("node") is None or not (ROOT / "node_modules/pyodide").exists():
        pytest.fail("Node.js and node_modules/pyodide are required: run `python3 build.py test`")
    cases, expected = _cases()
    work = ROOT / "build" / "pyodide-ai"
    work.mkdir(parents=True, exist_ok=True)
    (work / "cases.json").write_text(json.dumps(cases))
    script = work / "check.py"
    script.write_text(PYODIDE_SCRIPT.format(path="/project/build/pyodide-ai/cases.json"))
    result = subprocess.run(
        ["node", str(RUNNER), str(ROOT), str(_msgpack_wheel()), str(script)],
        capture_output=True, text=True, timeout=900, check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(x for x in result.stdout.splitlines() if x.startswith("RESULT "))
    assert json.loads(line.removeprefix("RESULT ")) == expected
