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
    result = subprocess.run(cmd, cwd=ROOT, env={**os.environ, **(env or {})}, check=False)
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
# Commands


def cmd_test(pytest_args: list[str]) -> int:
    ensure_python_packages(test=True)
    ensure_node_modules()
    msgpack_wheel()
    step("running the test suite")
    env = {**os.environ, "STAR_TABLE_MSGPACK_WHEEL": str(msgpack_wheel())}
    result = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, env=env, check=False)
    return result.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("test", help="install what is missing, build, run every test")
    args, extra = parser.parse_known_args(argv)  # unknown arguments go on to pytest
    try:
        if args.command == "test":
            return cmd_test(extra)
    except StepFailed as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 1
    return 2


if __name__ == "__main__":
    sys.exit(main())
