"""The link codec behaves identically in the browser's Python (Pyodide 3.14, pure msgpack).

A corpus of valid, mutated and hostile links is decoded in CPython and inside Pyodide under
Node; every outcome (final state digest, or the RecordError message) must be the same, and no
other exception may appear on either side.
"""

from __future__ import annotations

import base64
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from pygame_core import RecordError, decode_match
from pygame_core.canonical import digest
from pygame_core.record import FORMAT_VERSION, MAX_ACTIONS

from .test_codec import _b64, _deflate, _link_of, _link_of_bytes, _sample_links

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "pyodide" / "run_engine.mjs"
INSIDE = ROOT / "build" / "core-codec-parity"

pytestmark = [pytest.mark.pyodide, pytest.mark.usefixtures("toy")]

PYODIDE_SCRIPT = """
import json
from pygame_core import GAMES, RecordError, decode_match
from pygame_core.canonical import digest
from tests.core.toygame import TOY
GAMES[TOY.id] = TOY
def outcome(link):
    try:
        return "ok " + digest(decode_match(link).state)
    except RecordError as exc:
        return "RecordError " + str(exc)
    except Exception as exc:  # reported, and the test fails on it
        return "UNEXPECTED " + type(exc).__name__ + ": " + str(exc)
links = json.load(open("/project/build/core-codec-parity/links.json"))
print("RESULT " + json.dumps([outcome(link) for link in links]))
"""


def _outcome(link: str) -> str:
    try:
        return "ok " + digest(decode_match(link).state)
    except RecordError as exc:
        return "RecordError " + str(exc)


def _corpus() -> list[str]:
    chooser = random.Random(2026)
    valid = list(_sample_links())
    links = list(valid)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for _ in range(150):
        link = chooser.choice(valid)
        pos = chooser.randrange(len(link))
        links.append(link[:pos] + chooser.choice(alphabet) + link[pos + 1 :])
        links.append(link[:pos])
    for _ in range(60):
        raw = bytearray(base64.urlsafe_b64decode(chooser.choice(valid) + "=="))
        raw[chooser.randrange(len(raw))] ^= 1 << chooser.randrange(8)
        links.append(_b64(bytes(raw)))
        links.append(_b64(chooser.randbytes(chooser.randrange(1, 80))))
        links.append(_link_of_bytes(chooser.randbytes(chooser.randrange(1, 80))))
        links.append(_link_of([FORMAT_VERSION, "toy", {}, chooser.randrange(2**64),
                               chooser.randrange(60), chooser.randbytes(chooser.randrange(40))]))
    links += [
        "", "#", "!!!!", "é", "A" * 70_000,
        _b64(_deflate(bytes(4 * 1024 * 1024))),
        _link_of_bytes(b"\x91" * 100_000 + b"\xc0"),
        _link_of_bytes(b"\xdd\xff\xff\xff\xff"),
        _link_of_bytes(b"\xd6\xff\x00\x00\x00\x00"),
        _link_of([2, "toy", {}, 0, 0, b""]),
        _link_of([1, "chess", {}, 0, 0, b""]),
        _link_of([1, "toy", {"target": 1.5}, 0, 0, b""]),
        _link_of([1, "toy", {}, 0, MAX_ACTIONS, b"\x00" * 2000]),
        _link_of([1, "toy", {}, 0, 1, b"\xff" * 10]),
    ]
    return links


def test_codec_outcomes_are_identical_in_pyodide(tmp_path: Path) -> None:
    if shutil.which("node") is None or not (ROOT / "node_modules/pyodide").exists():
        pytest.fail("Node.js and node_modules/pyodide are required: run `python3 build.py test`")
    wheels = sorted((ROOT / "build/wheels").glob("msgpack-*-py3-none-any.whl"))
    if not wheels:
        pytest.fail("no pure msgpack wheel: run the suite with `python3 build.py test`")
    links = _corpus()
    expected = [_outcome(link) for link in links]
    assert any(e.startswith("ok ") for e in expected)
    assert sum(e.startswith("RecordError") for e in expected) > 100

    INSIDE.mkdir(parents=True, exist_ok=True)
    (INSIDE / "links.json").write_text(json.dumps(links))
    script = tmp_path / "codec.py"
    script.write_text(PYODIDE_SCRIPT)
    result = subprocess.run(
        ["node", str(RUNNER), str(ROOT), str(wheels[0]), str(script)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(x for x in result.stdout.splitlines() if x.startswith("RESULT "))
    got = json.loads(line.removeprefix("RESULT "))
    assert not [g for g in got if g.startswith("UNEXPECTED")]
    mismatches = [
        (i, e, g) for i, (e, g) in enumerate(zip(expected, got, strict=True)) if e != g
    ]
    assert not mismatches, mismatches[:10]
