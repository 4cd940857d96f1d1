"""The same links replay to the same states in CPython and in the browser's Python (Pyodide)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from pygame_core import GAMES, decode_match, encode_link
from pygame_core.canonical import digest

from ..conformance.playouts import finished_playout, playout_plan

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_engine.mjs")
GAMES_PER_ID = 6

pytestmark = pytest.mark.pyodide

PYODIDE_SCRIPT = """
import json
from pygame_core import decode_match
from pygame_core.canonical import digest
links = json.load(open({links_path!r}))
print("RESULT " + json.dumps([digest(decode_match(link).state) for link in links]))
from pygame_core.daily import daily_seed
print("DAILY " + json.dumps([daily_seed("spacehole", day) for day in {days!r}]))
"""
DAYS = ["2026-11-26", "2026-11-27", "2027-01-01", "2028-02-29"]  # the deck of the day (issue 33)


def _msgpack_wheel() -> Path:
    wheel = os.environ.get("STAR_TABLE_MSGPACK_WHEEL")
    if wheel:
        return Path(wheel)
    found = sorted((ROOT / "build/wheels").glob("msgpack-*-py3-none-any.whl"))
    if not found:
        pytest.fail("no pure msgpack wheel: run the suite with `python3 build.py test`")
    return found[0]


def test_recorded_games_replay_identically_in_pyodide(tmp_path: Path) -> None:
    if shutil.which("node") is None or not (ROOT / "node_modules/pyodide").exists():
        pytest.fail("Node.js and node_modules/pyodide are required: run `python3 build.py test`")
    links, expected = [], []
    for game_id in sorted(GAMES):
        for options, seed in playout_plan(game_id, GAMES_PER_ID):
            match = finished_playout(game_id, options, seed)
            # Mid-game states too: a third of the way in is as telling as the end.
            for length in (len(match.record.actions) // 3, len(match.record.actions)):
                prefix = match.truncated(length)
                links.append(encode_link(prefix))
                expected.append(digest(prefix.state))
    assert all(digest(decode_match(link).state) == d for link, d in zip(links, expected, strict=True))

    links_path = tmp_path / "links.json"
    links_path.write_text(json.dumps(links))
    script = tmp_path / "check.py"
    # Pyodide sees the host file system only under the mounted project root.
    mounted = f"/project/{links_path.relative_to(ROOT)}" if links_path.is_relative_to(ROOT) else None
    if mounted is None:
        inside = ROOT / "build" / "pyodide-parity"
        inside.mkdir(parents=True, exist_ok=True)
        (inside / "links.json").write_text(json.dumps(links))
        mounted = "/project/build/pyodide-parity/links.json"
    script.write_text(PYODIDE_SCRIPT.format(links_path=mounted, days=DAYS))
    result = subprocess.run(
        ["node", str(RUNNER), str(ROOT), str(_msgpack_wheel()), str(script)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(x for x in result.stdout.splitlines() if x.startswith("RESULT "))
    assert json.loads(line.removeprefix("RESULT ")) == expected
    from pygame_core.daily import daily_seed

    daily = next(x for x in result.stdout.splitlines() if x.startswith("DAILY "))
    assert json.loads(daily.removeprefix("DAILY ")) == [daily_seed("spacehole", day) for day in DAYS]
