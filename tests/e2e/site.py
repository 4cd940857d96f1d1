"""A static server for dist/ that records every request, for the end-to-end tests."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]
BOOT_TIMEOUT_MS = 60_000
# One engine step, a settle or a tap's answer, at most: generous, because the suite runs two
# workers on two cores (pytest-xdist) and a loaded machine can take many seconds for what a
# phone does at once. A passing test never waits for it; a failing one fails later.
STEP_MS = 60_000


def dist_dir() -> Path:
    dist = Path(os.environ.get("STAR_TABLE_DIST", ROOT / "dist"))
    if not (dist / "index.html").exists():
        result = subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], cwd=ROOT, check=False)
        if result.returncode != 0:
            raise RuntimeError("`python3 build.py build` failed")
    return dist


def _build_module() -> Any:
    """build.py, loaded by its path (a ``build/`` folder beside it shadows ``import build``)."""
    spec = importlib.util.spec_from_file_location("star_table_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Served as `build.py serve` serves it: precompressed files when Accept-Encoding allows.
_Static: type[http.server.SimpleHTTPRequestHandler] = _build_module().PrecompressedHandler


class _Handler(_Static):  # type: ignore[valid-type,misc]
    site: Site

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        self.site.log.append(path)
        gate = self.site.gates.get(path)
        if gate is not None:  # held back until the test lets it go (Site.hold)
            gate.wait(timeout=120)
        super().do_GET()


class Site:
    """dist/ on http://127.0.0.1:<free port>/, with a log of every requested path."""

    def __init__(self, dist: Path) -> None:
        self.log: list[str] = []
        self.gates: dict[str, threading.Event] = {}
        handler = type("Handler", (_Handler,), {"site": self})
        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(dist)))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.origin = self.url.rstrip("/")
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def hold(self, *paths: str) -> None:
        """Hold these paths' answers back until ``release()`` (a download that is under way)."""
        for path in paths:
            self.gates[path] = threading.Event()

    def release(self) -> None:
        for gate in self.gates.values():
            gate.set()
        self.gates = {}

    def stop(self) -> None:
        self.release()
        self.server.shutdown()
        self.server.server_close()
