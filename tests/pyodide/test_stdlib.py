"""The site ships a trimmed standard library (build.py keeps the modules of web/stdlib.txt):
everything the site's Python does (tests/pyodide/exercise.py: every game over its option
combinations, the controller with the computer at every level, the review) runs in Pyodide under
Node against the very runtime folder the browser gets (dist/pyodide), and imports nothing that
is not listed. A new import of a module left out fails here, not on a player's phone.

``python -m tests.pyodide.test_stdlib --write`` lists again what the exercise imports with
Pyodide's whole standard library (node_modules/pyodide) into web/stdlib.txt."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .test_pyodide_parity import RUNNER, _msgpack_wheel

ROOT = Path(__file__).resolve().parents[2]
EXERCISE = Path(__file__).with_name("exercise.py")
LIST = ROOT / "web/stdlib.txt"

ALIASES = {"_frozen_importlib", "_frozen_importlib_external", "collections.abc", "os.path"}

pytestmark = pytest.mark.pyodide


def listed() -> set[str]:
    return {line.split("#")[0].strip() for line in LIST.read_text().splitlines()} - {""}


def exercise(runtime: Path | None) -> list[str]:
    """Run exercise.py in Pyodide (``runtime``: a Pyodide folder, else node_modules/pyodide);
    the standard library's modules it imported."""
    if shutil.which("node") is None or not (ROOT / "node_modules/pyodide").exists():
        pytest.fail("Node.js and node_modules/pyodide are required: run `python3 build.py test`")
    cmd = ["node", str(RUNNER), str(ROOT), str(_msgpack_wheel()), str(EXERCISE)]
    result = subprocess.run(cmd + ([str(runtime)] if runtime else []), cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(line for line in result.stdout.splitlines() if line.startswith("STDLIB "))
    modules: list[str] = json.loads(line.removeprefix("STDLIB "))
    return modules


def dist_pyodide() -> Path:
    from ..e2e.site import dist_dir

    return dist_dir() / "pyodide"


def test_the_trimmed_stdlib_holds_only_listed_modules_and_each_one_listed() -> None:
    names = zipfile.ZipFile(dist_pyodide() / "python_stdlib.zip").namelist()
    shipped = {n[:-3].replace("/", ".").removesuffix(".__init__") for n in names if n.endswith(".py")}
    assert shipped <= listed(), sorted(shipped - listed())
    # Listed but not files of their own: frozen copies and aliases (os.path is posixpath).
    assert listed() - shipped <= ALIASES, sorted(listed() - shipped - ALIASES)
    full = zipfile.ZipFile(ROOT / "node_modules/pyodide/python_stdlib.zip").namelist()
    assert len(names) < len(full) / 2


def test_everything_the_site_does_runs_on_the_trimmed_stdlib() -> None:
    used = set(exercise(dist_pyodide()))
    assert used <= listed(), f"not in web/stdlib.txt: {sorted(used - listed())}"
    # What the engine itself needs is there (a sanity check of the exercise).
    assert {"json", "random", "hashlib", "dataclasses"} <= used


def main() -> int:
    if "--write" not in sys.argv:
        print(__doc__)
        return 2
    head = [line for line in LIST.read_text().splitlines() if line.startswith("#")]
    modules = exercise(None)
    LIST.write_text("\n".join([*head, *modules]) + "\n")
    print(f"{LIST.relative_to(ROOT)}: {len(modules)} modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
