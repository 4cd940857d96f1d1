#!/usr/bin/env python3
"""First visit on mobile data (issue 34): bytes per file and time to a playable Spacehole game,
this site vs a bare Pyodide page, with the network shaped at the server.

Run ``python3 build.py build`` first, then ``python3 benchmarks/first_visit.py`` (``--dist``
names another build, e.g. an older one to compare; ``--profile 4g`` or ``slow4g``; ``--json``
writes the figures to a file).

Shaping: one shared bandwidth for every connection (a FIFO token bucket: bytes of all responses
queue for the one link) and a round trip before each response (the request's way up and the
first byte's way down), done by the server because a page's CDP session does not see its
worker's requests. Files go out as a plain static host sends them over HTTP: gzip when the
request accepts it (Chromium offers brotli only over HTTPS), precompressed by build.py.

- Site, first visit: a fresh context (Pixel 7 emulation), the home page, a tap on Spacehole's
  "Play now" as soon as it is drawn, until a choice of the new game is on screen
  (``#game[data-game=spacehole] #choices .choice``): ms since navigation (the page's clock) and
  the bytes each file sent until then.
- Bare Pyodide, first visit (once the site's service worker has fetched the snapshot in the
  background, so the two do not share the link): a page whose module worker runs ``loadPyodide()`` from Pyodide's own
  files (the whole standard library), until it resolves.
- Warm starts (unshaped, from this device): the site's second visit once its service worker
  holds the memory snapshot, until the engine answers (``body[data-engine=ready]``), vs the bare
  page's second visit (HTTP cache).
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import json
import mimetypes
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

PROFILES = {"4g": (9_000_000, 0.060), "slow4g": (1_600_000, 0.150)}  # bits/s, round trip (s)
CHROMIUM_ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
BARE_PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title></head>
<body><script type="module">
const worker = new Worker("./bare-worker.mjs", { type: "module" });
worker.onmessage = () => { window.readyAt = performance.now(); document.body.dataset.ready = "1"; };
</script></body></html>"""
BARE_WORKER = b"""import { loadPyodide } from "./bare-pyodide/pyodide.mjs";
await loadPyodide();
postMessage("ready");
"""
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")


class Link:
    """One shared link: each chunk waits for the bytes queued before it, whoever sends them."""

    def __init__(self, bits_per_s: float) -> None:
        self.rate = bits_per_s / 8
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, n: int) -> None:
        if self.rate <= 0:
            return
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + n / self.rate
            done = self.free_at
        time.sleep(max(0.0, done - time.monotonic()))


class Server:
    def __init__(self, dist: Path, bits_per_s: float, rtt: float) -> None:
        self.link = Link(bits_per_s)
        self.rtt = rtt
        self.log: list[tuple[float, str, int]] = []  # (when it finished, path, bytes on the wire)
        self.asked: list[tuple[float, str]] = []  # (when the request arrived, path)
        self.lock = threading.Lock()
        self.gzipped: dict[Path, bytes] = {}
        bench = self
        pyodide = ROOT / "node_modules/pyodide"

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                path = self.path.split("?")[0].split("#")[0]
                with bench.lock:
                    bench.asked.append((time.monotonic(), path))
                body, kind, encoding = bench.resolve(dist, pyodide, path, self.headers.get("Accept-Encoding", ""))
                time.sleep(bench.rtt)  # the request's way up and the first byte's way down
                if body is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                if encoding:
                    self.send_header("Content-Encoding", encoding)
                    self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                for at in range(0, len(body), 16384):
                    chunk = body[at:at + 16384]
                    bench.link.send(len(chunk))
                    try:
                        self.wfile.write(chunk)
                    except OSError:
                        return
                with bench.lock:
                    bench.log.append((time.monotonic(), path, len(body)))

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def resolve(self, dist: Path, pyodide: Path, path: str, accept: str) -> tuple[bytes | None, str, str]:
        if path == "/bare.html":
            return BARE_PAGE, "text/html", ""
        if path == "/bare-worker.mjs":
            return BARE_WORKER, "text/javascript", ""
        if path.startswith("/bare-pyodide/"):  # Pyodide as npm ships it, gzipped as a host would
            file = pyodide / path.removeprefix("/bare-pyodide/")
            if not file.is_file():
                return None, "", ""
            kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            if "gzip" in accept and file.suffix in (".mjs", ".js", ".wasm", ".json"):
                if file not in self.gzipped:
                    self.gzipped[file] = gzip.compress(file.read_bytes(), 9, mtime=0)
                return self.gzipped[file], kind, "gzip"
            return file.read_bytes(), kind, ""
        file = dist / (path.lstrip("/") or "index.html")
        if file.is_dir():
            file = file / "index.html"
        if not file.is_file():
            return None, "", ""
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        packed = file.with_name(file.name + ".gz")
        if "gzip" in accept and packed.is_file():
            return packed.read_bytes(), kind, "gzip"
        return file.read_bytes(), kind, ""

    def take_log(self) -> list[tuple[float, str, int]]:
        with self.lock:
            out, self.log, self.asked = self.log, [], []
            return out

    def take_asked(self) -> list[tuple[float, str]]:
        """When each request arrived, since the last take_log."""
        with self.lock:
            return list(self.asked)

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def site_first_visit(browser: Browser, server: Server, device: dict[str, Any]) -> dict[str, Any]:
    context = browser.new_context(**device)
    page = context.new_page()
    server.take_log()
    began = time.monotonic()
    page.goto(server.url, wait_until="commit")
    button = "#games [data-game='spacehole'] [data-quick]"
    page.wait_for_selector(button, timeout=120_000)
    if page.evaluate("typeof window.starEarlyTaps") == "undefined":
        # An older build loses a tap made before its handlers are attached (issue 34).
        page.wait_for_selector("body[data-shell='1']", state="attached", timeout=120_000)
    page.click(button)
    page.wait_for_selector("#game[data-game='spacehole'] #choices .choice", timeout=300_000)
    playable_ms = page.evaluate("performance.now()")
    at = time.monotonic()
    asked = {path: round((when - began) * 1000) for when, path in server.take_asked() if when <= at}
    log = server.take_log()
    files = {path: n for when, path, n in log if when <= at}
    # Where the time went: the engine's marks (ms since navigation) and when each file's last
    # byte left the server (the same clock, near enough: both start at the navigation).
    phases = dict(page.evaluate("self.starEngineTimings || {}"))
    done = {path: round((when - began) * 1000) for when, path, _ in log if when <= at}
    context_state = {"context": context, "page": page}
    return {"ms": round(playable_ms), "bytes": sum(files.values()), "files": files, "phases": phases,
            "sent": done, "asked": asked, "from": page.get_attribute("body", "data-engine-from"), **context_state}


def wait_snapshot_cached(page: Any, timeout_s: float = 600) -> None:
    info = json.loads(page.evaluate("document.getElementById('catalog').textContent"))["info"]
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.evaluate(
                "async ([n, p]) => Boolean(await (await caches.open(n)).match(new URL(p, location.href).href))",
                [info["cache"], info["snapshot"]["path"]]):
            return
        time.sleep(0.5)
    raise TimeoutError("the snapshot never reached the cache")


def bare_first_visit(browser: Browser, server: Server, device: dict[str, Any]) -> dict[str, Any]:
    context = browser.new_context(**device)
    page = context.new_page()
    server.take_log()
    page.goto(server.url + "bare.html", wait_until="commit")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=300_000)
    ms = page.evaluate("window.readyAt")
    files = {path: n for _, path, n in server.take_log()}
    return {"ms": round(ms), "bytes": sum(files.values()), "files": files, "context": context, "page": page}


def warm_pair(site: dict[str, Any], bare: dict[str, Any], server: Server) -> tuple[int, int]:
    """The second visit of each (unshaped): the site until the engine answers, the bare page until ready."""
    server.link.rate = 0
    server.rtt = 0
    page = site["context"].new_page()
    page.goto(server.url)
    page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=120_000)
    assert page.get_attribute("body", "data-engine-from") == "snapshot"
    site_ms = round(page.evaluate("self.starEngineReadyAt"))
    page = bare["context"].new_page()
    page.goto(server.url + "bare.html")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    return site_ms, round(page.evaluate("window.readyAt"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("STAR_TABLE_DIST", ROOT / "dist")))
    parser.add_argument("--profile", choices=sorted(PROFILES), action="append")
    parser.add_argument("--no-warm", action="store_true", help="skip the warm starts")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args()
    out: dict[str, Any] = {"dist": str(args.dist), "profiles": {}}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        device = dict(p.devices["Pixel 7"])
        for name in args.profile or ["4g", "slow4g"]:
            bits, rtt = PROFILES[name]
            server = Server(args.dist.resolve(), bits, rtt)
            site = site_first_visit(browser, server, device)
            # The site's service worker then fetches the snapshot for the next start: the bare
            # page is measured once that is done, on a link of its own.
            wait_snapshot_cached(site["page"])
            server.take_log()
            bare = bare_first_visit(browser, server, device)
            row = {"site_ms": site["ms"], "site_bytes": site["bytes"], "site_from": site["from"],
                   "bare_ms": bare["ms"], "bare_bytes": bare["bytes"],
                   "site_files": site["files"], "bare_files": bare["files"]}
            print(f"{name} ({bits / 1e6:g} Mbit/s, {rtt * 1000:.0f} ms): site playable {site['ms'] / 1000:.1f} s, "
                  f"{site['bytes'] / 1e6:.2f} MB (engine from {site['from']}); bare Pyodide ready "
                  f"{bare['ms'] / 1000:.1f} s, {bare['bytes'] / 1e6:.2f} MB; "
                  f"ratio {site['ms'] / bare['ms']:.2f}x time, {site['bytes'] / bare['bytes']:.2f}x bytes")
            for path, n in sorted(site["files"].items(), key=lambda kv: -kv[1]):
                print(f"    {n / 1e6:8.3f} MB  {path}  (asked at {site['asked'].get(path, 0) / 1000:.1f} s, "
                      f"sent by {site['sent'].get(path, 0) / 1000:.1f} s)")
            print("  the engine's marks: " + ", ".join(f"{k} {v / 1000:.1f} s" for k, v in site["phases"].items()))
            row["site_phases"] = site["phases"]
            if not args.no_warm and name == (args.profile or ["4g"])[0]:
                site_warm, bare_warm = warm_pair(site, bare, server)
                row.update(site_warm_ms=site_warm, bare_warm_ms=bare_warm)
                print(f"  warm start (unshaped): site {site_warm} ms, bare {bare_warm} ms, "
                      f"{site_warm / bare_warm:.2f}x")
            site["context"].close()
            bare["context"].close()
            server.stop()
            out["profiles"][name] = row
        browser.close()
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
