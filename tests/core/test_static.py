"""Static checks of the house rules: mypy --strict, ruff and ESLint clean, no forbidden engine imports."""

from __future__ import annotations

import ast
import importlib.util
import shutil
import subprocess
import sys
import typing
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "pygame_core"
# The engine and the front end's Python (web/star_web imports browser-only modules: pyproject's
# mypy section lets `js`, `pyodide` and `pyscript` be missing and puts web/ on the path).
MYPY_TARGETS = ["pygame_core", "web"]  # all of web/: star_web and any top-level script
RUFF_TARGETS = ["pygame_core", "web", "tests", "benchmarks"]
ESLINT = ROOT / "node_modules" / ".bin" / "eslint"

# House rules 2 and 6 (DESIGN 2): no `random`, no clock, no browser in the engine.
FORBIDDEN_IMPORTS = {"random", "secrets", "time", "datetime", "js", "pyscript", "pyodide"}


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600,
        check=False,
    )


def test_mypy_strict_is_clean() -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    result = _run(["mypy", "--strict", *MYPY_TARGETS])
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def test_ruff_is_clean() -> None:
    checked = ["check", *RUFF_TARGETS]
    if importlib.util.find_spec("ruff") is not None:
        result = _run(["ruff", *checked])
    elif shutil.which("ruff") is not None:
        result = subprocess.run(
            ["ruff", *checked], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
        )
    else:
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def test_eslint_is_clean() -> None:
    """The front end's JS (and the Node runners) pass ESLint, pinned in package.json (eslint.config.js)."""
    if not ESLINT.exists():
        pytest.fail(f"{ESLINT.relative_to(ROOT)} is missing: run `python3 build.py test` (it runs `npm ci`)")
    if shutil.which("node") is None:
        pytest.fail("Node.js is not installed: ESLint needs it (install Node.js 20 and npm)")
    result = subprocess.run(
        [str(ESLINT), "--max-warnings", "0", "."], cwd=ROOT, capture_output=True, text=True, timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def _engine_modules() -> list[Path]:
    modules = sorted(ENGINE.rglob("*.py"))
    assert modules, "no engine modules found"
    return modules


def test_engine_never_imports_random_the_clock_or_the_browser() -> None:
    offences = []
    for path in _engine_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN_IMPORTS:
                    offences.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert not offences, "\n".join(offences)


def test_every_engine_module_has_a_docstring() -> None:
    """House rule 7; an empty ``__init__.py`` (a bare package marker) is exempt."""
    missing = []
    for path in _engine_modules():
        source = path.read_text(encoding="utf-8")
        if source.strip() and not ast.get_docstring(ast.parse(source)):
            missing.append(str(path.relative_to(ROOT)))
    assert not missing, f"modules without a docstring: {missing}"


def test_every_game_folder_has_the_same_shape() -> None:
    """docs/ENGINE.md: each game exposes GAME (a GameBase), its class, State, Action and CODEC
    under the same names; its rules module offers the Rules protocol's four functions; every
    action declares ``TAG: ClassVar[int]``."""
    from pygame_core import GAMES
    from pygame_core.game import GameBase

    for game_id, game in GAMES.items():
        package = importlib.import_module(f"pygame_core.games.{game_id}")
        rules = importlib.import_module(f"pygame_core.games.{game_id}.rules")
        assert package.GAME is game and isinstance(game, GameBase), game_id
        assert type(game).__module__ == f"pygame_core.games.{game_id}.game", game_id
        assert all(hasattr(package, name) for name in ("State", "Action", "CODEC", type(game).__name__)), game_id
        for name in ("current_player", "legal_actions", "apply", "invariant_violations"):
            assert callable(getattr(rules, name, None)), f"{game_id}.rules.{name}"
        assert isinstance(game.RULES_VERSION, int), game_id
        for cls in typing.get_args(package.Action):
            assert "ClassVar" in str(cls.__annotations__.get("TAG", "")), f"{game_id}: {cls.__name__}.TAG"
