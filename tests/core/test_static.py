"""Static checks of the house rules: mypy --strict, ruff and ESLint clean, no forbidden engine imports."""

from __future__ import annotations

import ast
import importlib.util
import re
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
MYPY_TARGETS = ["pygame_core", "web", "tools"]  # all of web/: star_web and any top-level script
RUFF_TARGETS = ["pygame_core", "web", "tests", "benchmarks", "tools"]
ESLINT = ROOT / "node_modules" / ".bin" / "eslint"
TSC = ROOT / "node_modules" / ".bin" / "tsc"

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


# The screens tsconfig.json checks: every module of these folders (issue 32).
TYPED_SCREENS = ["common", "warfare", "spacehole", "skirmish", "genocide"]


def _tsc(*args: str) -> subprocess.CompletedProcess[str]:
    if not TSC.exists():
        pytest.fail(f"{TSC.relative_to(ROOT)} is missing: run `python3 build.py test` (it runs `npm ci`)")
    return subprocess.run([str(TSC), *args], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)


def test_the_pages_js_type_checks() -> None:
    """The page's JS (tsconfig.json: the shell, web/screens/common and the typed games' screens,
    with the engine's models from web/types/models.d.ts) passes `tsc --checkJs` with the DOM's
    types, and the service worker (tsconfig.sw.json) with a worker's: a typo'd property of a
    view, a wrong element or a wrong model is caught (issue 32)."""
    for config in ("tsconfig.json", "tsconfig.sw.json"):
        result = _tsc("-p", config)
        assert result.returncode == 0, config + "\n" + result.stdout[-4000:] + result.stderr[-2000:]
    checked = "".join(_tsc("-p", config, "--listFilesOnly").stdout for config in ("tsconfig.json", "tsconfig.sw.json"))
    listed = {Path(line).resolve() for line in checked.splitlines() if "/web/" in line and line.endswith(".js")}
    wanted = {p.resolve() for p in (ROOT / "web").glob("*.js")}
    wanted |= {p.resolve() for name in TYPED_SCREENS for p in (ROOT / "web" / "screens" / name).glob("*.js")}
    missing = sorted(str(p.relative_to(ROOT)) for p in wanted - listed)
    assert not missing, f"modules tsc does not check: {missing}"


def test_tsc_finds_a_wrong_key_of_a_view(tmp_path: Path) -> None:
    """The screens are checked against the models, not only parsed: in a copy of the page's JS,
    a misspelt key of the Warfare view fails tsc, and so does one of a small command's answer
    (the hint's: models.Replies, through engine.call's type) (issue 32)."""
    shutil.copytree(ROOT / "web", tmp_path / "web", ignore=shutil.ignore_patterns("*.py", "*.css", "__pycache__"))
    shutil.copy(ROOT / "tsconfig.json", tmp_path / "tsconfig.json")
    words = tmp_path / "web" / "screens" / "warfare" / "words.js"
    source = words.read_text(encoding="utf-8")
    broken = source.replace("v.stacks.filter", "v.stakcs.filter", 1)
    assert broken != source, "words.js no longer reads v.stacks.filter: update this test"
    assert _tsc("-p", str(tmp_path / "tsconfig.json")).returncode == 0, "the copy itself does not check"
    panels = tmp_path / "web" / "panels.js"
    shell = panels.read_text(encoding="utf-8")
    misread = shell.replace("out.hint.why)", "out.hint.wyh)", 1)
    assert misread != shell, "panels.js no longer reads out.hint.why: update this test"
    words.write_text(broken, encoding="utf-8")
    panels.write_text(misread, encoding="utf-8")
    result = _tsc("-p", str(tmp_path / "tsconfig.json"))
    wrong = ["'stakcs' does not exist on type 'WarfareView'", "'wyh' does not exist on type 'Hint'"]
    assert result.returncode != 0 and all(w in result.stdout for w in wrong), result.stdout[-2000:]


def test_the_pages_model_types_are_the_pythons() -> None:
    """web/types/models.d.ts is what tools/gen_types.py writes from the TypedDicts now: a model
    or view changed in Python without the page's types fails here (issue 32)."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_types.py"), "--check"], cwd=ROOT, capture_output=True,
        text=True, timeout=600, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_view_builder_is_checked_against_its_typeddict(tmp_path: Path) -> None:
    """The views' shape is checked, not only stated: a view with a key its TypedDict does not
    name fails mypy --strict (issue 32)."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    real = ENGINE / "games" / "warfare" / "view.py"
    source = real.read_text(encoding="utf-8")
    broken = source.replace('"game": "warfare",', '"game": "warfare", "not_in_the_type": 1,', 1)
    assert broken != source, "the view's first key moved: update this test"
    shadow = tmp_path / "view.py"
    shadow.write_text(broken, encoding="utf-8")
    result = _run(["mypy", "--strict", "--shadow-file", str(real), str(shadow), str(real)])
    assert result.returncode == 1 and '"not_in_the_type"' in result.stdout, result.stdout[-2000:]


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


# Issue 12: Space Genocide's engine, arranged by rule section, its computer player included.
GENOCIDE = ENGINE / "games" / "genocide"


def _genocide_rules_modules() -> list[Path]:
    modules = sorted(GENOCIDE.rglob("*.py"))
    assert len(modules) > 10, "the Genocide engine modules are missing"
    return modules


def test_genocide_has_no_type_ignore() -> None:
    """mypy --strict checks the Genocide folder for real, its computer player included: no
    ``type: ignore`` in it."""
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted(GENOCIDE.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line
    ]
    assert not found, found


def test_genocide_modules_are_small_import_at_the_top_and_share_no_private_names() -> None:
    """No module over ~700 lines, no import inside a function (to dodge a cycle), no
    ``_private`` name imported from another module."""
    offences = []
    for path in _genocide_rules_modules():
        source = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        if source.count("\n") > 700:
            offences.append(f"{where}: {source.count(chr(10))} lines")
        tree = ast.parse(source)
        for func in ast.walk(tree):
            if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                offences.extend(
                    f"{where}:{node.lineno} imports inside {func.name}()"
                    for node in ast.walk(func)
                    if isinstance(node, (ast.Import, ast.ImportFrom))
                )
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                offences.extend(
                    f"{where}:{node.lineno} imports the private {alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and alias.name != "__future__"
                )
    assert not offences, "\n".join(offences)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Each engine module and the engine modules it imports (``from pkg import sub`` counts as
    importing ``pkg.sub`` when that is a module), read from the source with ``ast``."""
    paths = {_module_name(p): p for p in _engine_modules()}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                deps.update(alias.name for alias in node.names if alias.name in paths)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join([*base, node.module] if node.module else base)
                else:
                    target = node.module or ""
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    deps.add(sub if sub in paths else target)
        graph[name] = {d for d in deps if d in paths and d != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle as a path (first module repeated at the end), or [] if none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return [*path[path.index(dep):], dep]
            if dep not in state and (cycle := visit(dep)):
                return cycle
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return []


def test_the_engine_has_no_import_cycle() -> None:
    graph = import_graph()
    assert graph.get("pygame_core.games.genocide.rules")
    assert find_cycle(graph) == [], " -> ".join(find_cycle(graph))


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The check above can fail: a cycle made up here is found, a chain is not."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []


JS_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^"'`;]*?\bfrom\s+["'](\.[^"']+)["']|^\s*import\s+["'](\.[^"']+)["']""", re.M)


def js_import_graph() -> dict[str, set[str]]:
    """web/'s modules and the modules each imports statically (``import ... from "./x.js"``; a
    dynamic ``import()`` of a screen is a lazy load, not a module's dependency)."""
    web = ROOT / "web"
    graph: dict[str, set[str]] = {}
    for path in sorted(web.rglob("*.js")):
        name = path.relative_to(web).as_posix()
        deps = graph.setdefault(name, set())
        for match in JS_IMPORT.finditer(path.read_text()):
            target = (path.parent / (match.group(1) or match.group(2))).resolve()
            if target.is_relative_to(web) and target.suffix == ".js":
                deps.add(target.relative_to(web).as_posix())
    for deps in list(graph.values()):
        for dep in deps:
            graph.setdefault(dep, set())
    return graph


def test_the_pages_modules_have_no_import_cycle() -> None:
    """Issue 32: a module graph with no circle (app.js and review.js once imported each other)."""
    graph = js_import_graph()
    assert "dom.js" in graph["app.js"], graph["app.js"]  # the reading of imports works
    assert find_cycle(graph) == [], " -> ".join(find_cycle(graph))
