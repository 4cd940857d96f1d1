#!/usr/bin/env python3
"""The one entry point: ``python3 build.py build | serve | test`` installs what is missing first."""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
BUILD = ROOT / "build"
WHEELS = BUILD / "wheels"
MSGPACK_VERSION = "1.2.4"


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


def ensure_python_packages(test: bool) -> None:
    wanted = ["msgpack"] + (["pytest", "hypothesis", "mypy", "ruff", "playwright", "pytest_playwright"] if test else [])
    missing = [m for m in wanted if importlib.util.find_spec(m) is None]
    if not missing and importlib.util.find_spec("pygame_core") is not None:
        return
    step(f"installing Python packages ({', '.join(missing) or 'pygame_core'})")
    target = ".[test]" if test else "."
    run([sys.executable, "-m", "pip", "install", "--quiet", "-e", target], "pip install")


def ensure_node_modules() -> None:
    if (ROOT / "node_modules/pyodide/pyodide.mjs").exists() and (ROOT / "node_modules/@pyscript/core").exists():
        return
    if shutil.which("npm") is None:
        raise StepFailed("npm is not installed: install Node.js 20 and npm first")
    step("installing npm packages (pinned in package-lock.json)")
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


DIST = ROOT / "dist"
WEB = ROOT / "web"
PUBLIC = ROOT / "public"
PYODIDE_DIR = ROOT / "node_modules/pyodide"
PYSCRIPT_DIR = ROOT / "node_modules/@pyscript/core/dist"
# The Pyodide files the page loads: no console pages, source maps or type declarations.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# PyScript chunks the page loads (core.js, its core chunk and the error plugin); not the
# editor, terminal, game, codemirror, xterm, TOML or zip chunks, nor core.css. The e2e suite
# checks this list against what the browser actually requests.
PYSCRIPT_PREFIXES = ("core.js", "core-", "error-")
# Files in dist/ that are not precached: the service worker itself.
NOT_PRECACHED = {"sw.js"}


def pyscript_files() -> list[Path]:
    files = [p for p in sorted(PYSCRIPT_DIR.iterdir())
             if p.name.startswith(PYSCRIPT_PREFIXES) and not p.name.endswith(".map")]
    if not any(p.name == "core.js" for p in files):
        raise StepFailed(f"{PYSCRIPT_DIR} has no core.js: run `npm ci` again")
    return files


COMPILE_SCRIPT = """
// Compiles the app's Python with Pyodide's own interpreter (written by build.py).
import { loadPyodide } from "pyodide";
const [tree] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/app");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tree }, "/app");
pyodide.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir("/app", quiet=1, ddir="",
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    sys.exit("compileall failed")
print("    byte-compiled for", sys.implementation.cache_tag)
`);
"""


def app_zip(target: Path, wheel: Path) -> None:
    """pygame_core + the front end's Python package + msgpack, unpacked by PyScript into sys.path.

    The modules are byte-compiled by Pyodide itself (unchecked-hash .pyc beside the source),
    so the browser imports them without compiling: about 0.3 s less before the first screen.
    """
    import zipfile

    tree = BUILD / "app"
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
    script = BUILD / "compile_pyc.mjs"
    script.write_text(COMPILE_SCRIPT)
    run(["node", str(script), str(tree)], "byte-compiling the app with Pyodide")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(p for p in tree.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(path.relative_to(tree).as_posix(), (2020, 1, 1, 0, 0, 0))
            zf.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)


def cmd_build() -> Path:
    import hashlib
    import json

    ensure_python_packages(test=False)
    ensure_node_modules()
    wheel = msgpack_wheel()
    step(f"building the site into {DIST.relative_to(ROOT)}/")
    if DIST.exists():
        shutil.rmtree(DIST)
    (DIST / "pyodide").mkdir(parents=True)
    (DIST / "pyscript").mkdir()
    for name in PYODIDE_FILES:
        source = PYODIDE_DIR / name
        if not source.exists():
            raise StepFailed(f"{source} is missing: run `npm ci` again")
        shutil.copy2(source, DIST / "pyodide" / name)
    for source in pyscript_files():
        shutil.copy2(source, DIST / "pyscript" / source.name)
    if PUBLIC.exists():
        shutil.copytree(PUBLIC, DIST, dirs_exist_ok=True)
    for source in sorted(WEB.iterdir()):
        if source.suffix in (".js", ".css", ".py") and source.name != "sw.js":
            shutil.copy2(source, DIST / source.name)
    app_zip(DIST / "app.zip", wheel)
    # PyScript's config, inline in the page (one request less before Pyodide starts).
    config = json.dumps(
        {"interpreter": "./pyodide/pyodide.mjs", "files": {"./app.zip": "./*"},
         # Plugins the page does not use: not loaded, not shipped, not precached.
         "plugins": ["!donkey", "!py-editor", "!py-game", "!py-terminal", "!deprecations-manager"]},
        separators=(",", ":"))
    preloads = "\n".join(f'<link rel="modulepreload" href="./pyscript/{p.name}">'
                         for p in pyscript_files() if p.name != "core.js")

    # Everything but the worker is precached; the cache name hashes every file's content, so a
    # new build replaces the old cache and an unchanged one keeps it.
    files = sorted(p for p in DIST.rglob("*") if p.is_file() and p.name not in NOT_PRECACHED
                   and p.name != "index.html")
    index_template = (WEB / "index.html").read_text()
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(DIST).as_posix().encode() + b"\0" + path.read_bytes())
    digest.update(index_template.encode())
    cache = "star-table-" + digest.hexdigest()[:12]
    sizes = {path.relative_to(DIST).as_posix(): path.stat().st_size for path in files}
    build_info = {"cache": cache, "sizes": sizes}
    index = (index_template.replace("__BUILD_INFO__", json.dumps(build_info, separators=(",", ":")))
             .replace("__PYSCRIPT_CONFIG__", config).replace("__PYSCRIPT_PRELOADS__", preloads))
    (DIST / "index.html").write_text(index)
    precache = ["./", *("./" + name for name in sizes)]
    worker = (WEB / "sw.js").read_text()
    worker = worker.replace("__CACHE__", json.dumps(cache)).replace(
        "__PRECACHE__", json.dumps(precache, indent=1))
    (DIST / "sw.js").write_text(worker)
    total = sum(sizes.values()) + len(index)
    print(f"    {len(precache)} files precached as {cache}, {total / 1e6:.1f} MB", flush=True)
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


def cmd_serve(port: int) -> int:
    import functools
    import http.server

    cmd_build()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(DIST))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise StepFailed(f"cannot listen on 127.0.0.1:{port} ({exc.strerror})") from exc
    step(f"serving {DIST.relative_to(ROOT)}/ at http://127.0.0.1:{port}/  (Ctrl+C stops)")
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
    cmd_build()
    step("running the test suite")
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
