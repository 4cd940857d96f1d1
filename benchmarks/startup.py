#!/usr/bin/env python3
"""Startup benchmark: the app vs a bare ``loadPyodide()`` page, cold and warm, in headless Chromium.

Run ``python3 build.py build`` first (``STAR_TABLE_DIST`` names the folder, as for build.py),
then ``python3 benchmarks/startup.py [--runs 5]``. The site is served as ``build.py serve``
serves it (precompressed files when the request accepts them).
Boots alternate (app cold, bare cold, app warm, bare warm, ...) in one run so machine load
affects both alike. Cold = a fresh browser context (empty HTTP cache, no service worker);
warm = a second visit in the same context (HTTP cache, and the app's service worker).
Time = navigation start to the engine ready (the app's ``body[data-engine="ready"]``, set when
the engine answers commands; the bare page right after ``loadPyodide()`` resolves), measured
by the page's own clock. Bytes = what the server sent on the wire.
Reload mid-game (warm, a Spacehole game a few taps in): navigation start until the game's
decision is on screen, and until it can be tapped (on screen and the engine ready).
Main-thread blocking, as Lighthouse counts it: the sum over long tasks (> 50 ms) of their
time beyond 50 ms, from navigation to ready (a PerformanceObserver installed before any page
script). First paint of the home screen: the browser's first-contentful-paint.
Then tap-to-redraw latency on a Pixel 7 emulation at 360x640: tap a choice, until the next
frame after the screen was re-rendered (the engine's worker answering included), at the start
of a Spacehole game and late in one (a whole game's last 30 decisions, 80+ cards on the
table), without and with Chromium's CPU throttled 4x (CDP Emulation.setCPUThrottlingRate:
the page's main thread; the engine's Web Worker is not slowed). ``--taps-only`` skips the
boots.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from pygame_core import Match, encode_link  # noqa: E402
from pygame_core.games.spacehole.actions import Pass, Play  # noqa: E402

LATE_SEED = 5  # a whole game with the play-first policy below: 37 cards in play at most
LATE_FROM_END = 30  # "late": the last decisions of that game

CHROMIUM_ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
BARE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title></head>
<body><script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide();
window.readyAt = performance.now();
document.body.dataset.ready = "1";
</script></body></html>"""


PHASES: dict[str, list[tuple[float, float]]] = {}  # visit -> (blocking ms, first paint ms)
STEPS: dict[str, list[dict[str, float]]] = {}  # app visit -> the worker's steps (ms since navigation)
OBSERVE = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""

NOTE = """What dominates: the bare page's loadPyodide (fetching and compiling the 9.6 MB wasm,
unpacking the 2.5 MB stdlib, starting the interpreter) on the main thread. The app runs Python
in a module Web Worker, so the main thread only parses the small shell and paints the home
screen (HTML in the page), or a saved game's last screen (web/warm.js). The worker starts from
the build's memory snapshot (build.py, made under Node after the interpreter started and every
module of app.zip was imported): it fetches and checks the snapshot (SHA-256 and the build's
stamp), restores it and re-seeds what import froze, so neither the interpreter's start nor the
imports are paid again; a missing, damaged or stale snapshot falls back to a normal boot. The
worker's steps above say where the rest goes."""


def static_handler() -> type[http.server.SimpleHTTPRequestHandler]:
    """build.py's own static handler (precompressed files), loaded by path: ``build/`` shadows it."""
    spec = importlib.util.spec_from_file_location("star_table_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    handler: type[http.server.SimpleHTTPRequestHandler] = module.PrecompressedHandler
    return handler


class Server:
    def __init__(self, dist: Path) -> None:
        self.sent = 0
        self.lock = threading.Lock()
        bench = self

        class Handler(static_handler()):  # type: ignore[misc]
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                if self.path.split("?")[0] == "/bare.html":
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html")
                    self.send_header("Content-Length", str(len(BARE)))
                    self.end_headers()
                    self.wfile.write(BARE)
                    bench.add(len(BARE))
                    return
                super().do_GET()

            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                outputfile.write(data)
                bench.add(len(data))

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(dist)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def add(self, n: int) -> None:
        with self.lock:
            self.sent += n

    def take(self) -> int:
        with self.lock:
            n, self.sent = self.sent, 0
            return n


def boot_pair(browser: Browser, server: Server, which: str) -> tuple[tuple[float, int], tuple[float, int]]:
    """(cold ms, cold bytes), (warm ms, warm bytes) for the app or the bare page."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(OBSERVE)
    page = context.new_page()
    url = server.url + ("bare.html" if which == "bare" else "")
    ready = "readyAt" if which == "bare" else "starEngineReadyAt"
    marker = "body[data-ready='1']" if which == "bare" else "body[data-engine='ready']"
    results = []
    for visit in ("cold", "warm"):
        server.take()
        page.goto(url)
        # The page's CSP forbids eval, so wait on a selector, not wait_for_function.
        page.wait_for_selector(marker, state="attached", timeout=120_000)
        ms = float(page.evaluate(f"window.{ready}"))
        blocking = float(page.evaluate(
            f"window.__longTasks.filter(([s]) => s < window.{ready}).reduce((a, [, d]) => a + Math.max(0, d - 50), 0)"))
        paint = page.evaluate(
            "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: null}).startTime")
        PHASES.setdefault(f"{which} {visit}", []).append((blocking, float(paint or "nan")))
        if which == "app":
            STEPS.setdefault(visit, []).append(page.evaluate("window.starEngineTimings || {}"))
        if which == "app" and visit == "cold":
            # A returning visitor has the service worker: let it finish installing first.
            for _ in range(600):
                if page.evaluate("navigator.serviceWorker.controller !== null"):
                    break
                time.sleep(0.2)
        time.sleep(0.3)
        results.append((ms, server.take()))
    context.close()
    return results[0], results[1]


# Watches the page from navigation start: when the game's decision is first on screen, and
# when it can first be tapped (on screen, and the engine answers).
WATCH_GAME = """
(() => {
  const look = () => {
    const choice = document.querySelector("#game:not([hidden]) #choices .choice");
    if (choice && window.__gameAt === undefined) window.__gameAt = performance.now();
    if (choice && document.body.dataset.engine === "ready") { window.__tapAt = performance.now(); return; }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""


def reload_mid_game(browser: Browser, server: Server, runs: int) -> tuple[list[float], list[float]]:
    """Warm reloads of a Spacehole game a few taps in: (ms to on screen, ms to tappable) each."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    match = Match.start("spacehole", {}, 7)
    page.goto(server.url + "#c/" + encode_link(match))
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    for _ in range(600):  # a returning visitor has the service worker
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            break
        time.sleep(0.2)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])[data-at='0']")
    for n in range(3):
        page.wait_for_selector(f"#game[data-settled='{n}']", state="attached")
        page.locator("#choices .choice").first.click()
        page.wait_for_selector(f"#game[data-at='{n + 1}']", state="attached")
    page.wait_for_selector("#game[data-settled='3']", state="attached")
    context.add_init_script(WATCH_GAME)
    shown, tappable = [], []
    for _ in range(runs):
        time.sleep(0.3)
        page.reload()
        page.wait_for_selector("#game:not([hidden]) #choices .choice", timeout=120_000)
        page.wait_for_selector("body[data-engine='ready']", state="attached", timeout=120_000)
        for _ in range(100):
            if page.evaluate("window.__tapAt !== undefined"):
                break
            time.sleep(0.05)
        shown.append(float(page.evaluate("window.__gameAt")))
        tappable.append(float(page.evaluate("window.__tapAt")))
        print(f"  reload mid-game: on screen {shown[-1]:6.0f} ms, tappable {tappable[-1]:6.0f} ms", flush=True)
    context.close()
    return shown, tappable


def late_game() -> Match:
    """A whole Spacehole game that plays a card whenever it can (many cards on the table)."""
    match = Match.start("spacehole", {}, LATE_SEED)
    while legal := match.legal_actions():
        plays = [a for a in legal if isinstance(a, Play)]
        match = match.play(plays[0] if plays else Pass() if Pass() in legal else legal[0])
    return match


def tap_latency(browser: Browser, server: Server, devices: dict[str, Any], taps: int,
                late: bool = False, throttle: float = 1) -> tuple[list[float], int]:
    """Tap-to-redraw times, and the number of cards on the table (in play + discarded)."""
    context = browser.new_context(**{**devices["Pixel 7"], "viewport": {"width": 360, "height": 640}})
    page = context.new_page()
    if late:
        whole = late_game()
        match = whole.truncated(len(whole.record.actions) - LATE_FROM_END)
        page.goto(server.url + "#r/" + encode_link(match))
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
        page.wait_for_selector("#game:not([hidden])[data-mode='replay']", timeout=120_000)
        page.click("#fork")  # play on from there, as a saved game
        page.wait_for_selector("#game:not([hidden])[data-mode='play']")
    else:
        match = Match.start("spacehole", {}, 7)
        page.goto(server.url + "#c/" + encode_link(match))
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
        page.click("#start")
        page.wait_for_selector("#game:not([hidden])")
    view = match.game.view(match.state, 0)
    on_table = len(view["in_play"]) + len(view["discard"])
    if throttle != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.evaluate("""() => {
        window.__lat = [];
        const start = () => { if (window.__t0 === null) window.__t0 = performance.now(); };
        window.__t0 = null;
        document.addEventListener('touchstart', start, true);
        document.addEventListener('pointerdown', start, true);
        addEventListener('star:rendered', () => requestAnimationFrame(() => {
            if (window.__t0 !== null) { window.__lat.push(performance.now() - window.__t0); window.__t0 = null; }
        }));
    }""")
    for n in range(taps):
        if page.locator("#end-screen").count():
            break
        before = page.get_attribute("#game", "data-at")
        page.wait_for_selector(f"#game[data-settled='{before}']", state="attached")
        # A plain touch at the button's centre (CDP Input.dispatchTouchEvent), as a finger
        # would: Playwright's locator.tap() also runs its own hit-target checks in the page
        # (elementsFromPoint, a forced layout) between the touch and the click, which the
        # measurement would count as the app's time.
        choice = page.locator("#choices .choice").first
        choice.scroll_into_view_if_needed()
        box = choice.bounding_box()
        assert box is not None
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        # Nothing of the harness runs in the page until the tap is drawn: a Playwright wait
        # polls the page (a query, and a layout for visibility, on each change), which the
        # measurement counted as the app's time. A cheap read every 20 ms, after the usual time.
        time.sleep(0.1)
        for _ in range(500):
            if page.evaluate("window.__lat.length") >= n + 1:
                break
            time.sleep(0.02)
        page.wait_for_selector(f"#game:not([data-at='{before}'])", state="attached")
    latencies = [float(x) for x in page.evaluate("window.__lat")]
    context.close()
    return latencies, on_table


# Games whose taps are timed with the engine's answer split out: (game, options, playout seed,
# how far into a seeded random playout the position is (a fraction of it, or a number of
# actions), computer level of the other seats: 0, Random, so that they answer at once).
# Genocide: 3000 random actions are round 26 of 80 with four fleets out (a 45 kB view).
GAME_TAPS = (
    ("genocide", {"players": 4}, 3, 3000, 0),
    ("skirmish", {"scenario": "fleet"}, 4, 0.3, 0),
    ("warfare", {}, 3, 0.6, 0),
)


def position(game_id: str, options: dict[str, Any], seed: int, where: float) -> Match:
    """A seeded random playout (any legal action), cut where seat 0 decides, at ``where``
    (a fraction of the whole game, or a number of actions)."""
    import random

    pick = random.Random(seed)
    match = Match.start(game_id, options, seed)
    while (legal := match.legal_actions()) and (where < 1 or len(match.record.actions) < where + 200):
        match = match.play(pick.choice(legal))
    end = len(match.record.actions)
    for cut in range(int(end * where if where < 1 else where), 0, -1):
        early = match.truncated(cut)
        if early.game.current_player(early.state) == 0 and len(early.legal_actions()) >= 2:
            return early
    raise RuntimeError(f"no decision of seat 0 in a {game_id} playout")


def game_taps(browser: Browser, server: Server, devices: dict[str, Any], spec: tuple[Any, ...],
              taps: int, throttle: float) -> list[dict[str, float]]:
    """Tap the first choice ``taps`` times in a saved game (seat 0 a person, the others computers):
    for each, tap-to-answer-drawn and its parts (Python in the worker, the trip to and from it,
    parsing the answer, the rest: the page's handling and drawing until the next frame)."""
    game_id, options, seed, fraction, level = spec
    match = position(game_id, options, seed, fraction)
    seats = [-1] + [level] * (match.game.num_players(match.state) - 1)
    index = {"games": [{"id": "bench", "game": game_id, "title": match.game.title, "created": 1, "updated": 1,
                        "actions": len(match.record.actions), "turn": None, "score": None, "over": False,
                        "seats": seats, "options": {}}]}
    context = browser.new_context(**devices["Pixel 7"])
    page = context.new_page()
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    page.evaluate("([index, blob]) => { localStorage.setItem('startable:index', index); "
                  "localStorage.setItem('startable:game:bench', blob); }",
                  [json.dumps(index), encode_link(match)])
    page.close()  # a new page: the engine reads the saves when it starts
    page = context.new_page()
    page.goto(server.url + "#g/bench")
    page.wait_for_selector("#game:not([hidden])[data-mode='play']", timeout=600_000)
    if throttle != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.evaluate("""() => {
        window.__lat = [];
        const start = () => { if (window.__t0 === null) window.__t0 = performance.now(); };
        window.__t0 = null;
        document.addEventListener('touchstart', start, true);
        addEventListener('star:rendered', () => requestAnimationFrame(() => {
            if (window.__t0 !== null) {
                const act = window.starCallTimings.filter((t) => t.cmd === 'act').at(-1);
                window.__lat.push({tap: window.__t0, drawn: performance.now(), ...act});
                window.__t0 = null;
            }
        }));
    }""")
    for n in range(taps):
        ready = "#game:not([hidden]):not([data-thinking]) #choices .choice, #end-screen"
        page.wait_for_selector(ready, timeout=120_000)
        if page.locator("#end-screen").count():
            break
        at = page.get_attribute("#game", "data-at")
        page.wait_for_selector(f"#game[data-settled='{at}']", state="attached", timeout=60_000)
        choice = page.locator("#choices .choice").first
        choice.scroll_into_view_if_needed()
        box = choice.bounding_box()
        if box is None:
            break
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        time.sleep(0.1)
        for _ in range(1500):
            if page.evaluate("window.__lat.length") >= n + 1:
                break
            time.sleep(0.02)
    rows: list[dict[str, float]] = []
    for t in page.evaluate("window.__lat"):
        total = t["drawn"] - t["tap"]
        trip = t["received"] - t["posted"]
        rows.append({"total": total, "tap": t["posted"] - t["tap"], "python": t["python"],
                     "transfer": trip - t["python"], "parse": t["parse"],
                     "render": t["drawn"] - t["received"] - t["parse"], "bytes": t["bytes"]})
    context.close()
    return rows


def measure_game_taps(browser: Browser, server: Server, devices: dict[str, Any], taps: int,
                      only: list[str]) -> int:
    """Tap-to-answer-drawn in the games of GAME_TAPS at 1x and 4x CPU, split into its parts."""
    out: dict[str, Any] = {}
    print("tap to the engine's answer drawn, Pixel 7 emulation (medians, ms):")
    for spec in GAME_TAPS:
        if only and spec[0] not in only:
            continue
        for throttle in (1, 4):
            rows = game_taps(browser, server, devices, spec, taps, throttle)
            if not rows:
                continue
            med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
            out[f"{spec[0]} x{throttle}"] = {"median": med, "taps": rows}
            print(f"  {spec[0]:9s} CPU x{throttle}: {med['total']:6.1f} total = tap to command {med['tap']:5.1f} + "
                  f"Python {med['python']:5.1f} + to and from the worker {med['transfer']:5.1f} + "
                  f"parse {med['parse']:4.1f} + render to the next frame {med['render']:5.1f} "
                  f"(medians of each); answer {med['bytes'] / 1e3:.0f} kB, {len(rows)} taps", flush=True)
    browser.close()
    results = ROOT / "benchmarks/results"
    old = json.loads((results / "startup.json").read_text()) if (results / "startup.json").exists() else {}
    (results / "startup.json").write_text(json.dumps({**old, "game_taps": out}, indent=1))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="boots of each kind (default 5)")
    parser.add_argument("--taps", type=int, default=25, help="taps per tap measurement (default 25)")
    parser.add_argument("--taps-only", action="store_true", help="measure only the taps, not the boots")
    parser.add_argument("--no-taps", action="store_true", help="measure only the boots and reloads")
    parser.add_argument("--games-only", action="store_true",
                        help="measure only the taps in Genocide, Minimal Space Combat and Galactic Warfare")
    parser.add_argument("--game", action="append", default=[], help="with --games-only: only this game (repeatable)")
    args = parser.parse_args()
    dist = Path(os.environ.get("STAR_TABLE_DIST", ROOT / "dist"))
    if not (dist / "index.html").exists():
        print("startup.py: dist/ is not built: run `python3 build.py build` first", file=sys.stderr)
        return 1
    server = Server(dist)
    runs: dict[str, list[tuple[float, int]]] = {k: [] for k in ("app cold", "bare cold", "app warm", "bare warm")}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        if args.games_only:
            return measure_game_taps(browser, server, p.devices, args.taps, args.game)
        for n in range(0 if args.taps_only else args.runs):
            for which in ("app", "bare") if n % 2 == 0 else ("bare", "app"):
                cold, warm = boot_pair(browser, server, which)
                runs[f"{which} cold"].append(cold)
                runs[f"{which} warm"].append(warm)
                print(f"  run {n + 1} {which}: cold {cold[0]:7.0f} ms {cold[1] / 1e6:5.2f} MB, "
                      f"warm {warm[0]:7.0f} ms {warm[1] / 1e6:5.2f} MB", flush=True)
        reloads: tuple[list[float], list[float]] = ([], [])
        if not args.taps_only:
            reloads = reload_mid_game(browser, server, args.runs)
        taps: dict[str, dict[str, Any]] = {}
        for late in () if args.no_taps else (False, True):
            for throttle in (1, 4):
                ms, on_table = tap_latency(browser, server, p.devices, args.taps, late, throttle)
                taps[f"{'late' if late else 'start'}, CPU x{throttle}"] = {"ms": ms, "cards_on_table": on_table}
        browser.close()
    if taps:
        print("\ntap-to-redraw, Pixel 7 emulation at 360x640 (median / max over the taps):")
    for name, t in taps.items():
        print(f"  {name:16s} {statistics.median(t['ms']):6.1f} ms / {max(t['ms']):6.1f} ms over {len(t['ms'])} taps, "
              f"{t['cards_on_table']} cards on the table")
    if args.taps_only:
        out = ROOT / "benchmarks/results"
        old = json.loads((out / "startup.json").read_text()) if (out / "startup.json").exists() else {}
        (out / "startup.json").write_text(json.dumps({**old, "taps": taps}, indent=1))
        return 0

    med = {k: statistics.median(ms for ms, _ in v) for k, v in runs.items()}
    mb = {k: statistics.median(b for _, b in v) / 1e6 for k, v in runs.items()}
    print(f"\nmedians over {args.runs} alternating runs (headless Chromium, this machine):")
    for k in runs:
        print(f"  {k:10s} {med[k]:7.0f} ms   {mb[k]:6.2f} MB transferred")
    ratios = {
        "app/bare cold": med["app cold"] / med["bare cold"],
        "app/bare warm": med["app warm"] / med["bare warm"],
        "app warm/cold": med["app warm"] / med["app cold"],
        "bare warm/cold": med["bare warm"] / med["bare cold"],
    }
    for k, v in ratios.items():
        print(f"  {k:15s} {v:5.2f}")
    reload_med = {"on screen": statistics.median(reloads[0]), "tappable": statistics.median(reloads[1])}
    print(f"  reload mid-game: game on screen {reload_med['on screen']:6.0f} ms, "
          f"decision tappable {reload_med['tappable']:6.0f} ms (medians of {len(reloads[0])})")
    print("\nthe issue's table (medians of this one run):")
    print(f"  warm start, home to engine ready   {med['app warm']:6.0f} ms = "
          f"{ratios['app/bare warm']:.2f}x a bare warm boot")
    print(f"  cold start / bare Pyodide cold     {ratios['app/bare cold']:.2f}")
    print(f"  reload mid-game, tappable          {reload_med['tappable']:6.0f} ms")
    print(f"  reload mid-game, on screen         {reload_med['on screen']:6.0f} ms")
    print(f"  first-visit bytes transferred      {mb['app cold']:6.2f} MB (a warm visit {mb['app warm']:.2f} MB)")
    for visit, steps in STEPS.items():
        names = sorted({k for step in steps for k in step}, key=lambda k: statistics.median(
            step[k] for step in steps if k in step))
        print(f"  app {visit} steps (ms since navigation, medians): " + ", ".join(
            f"{k} {statistics.median(step[k] for step in steps if k in step):.0f}" for k in names))
    for visit, values in PHASES.items():
        print(f"  {visit:10s} main-thread blocking {statistics.median(v[0] for v in values):6.0f} ms, "
              f"first paint {statistics.median(v[1] for v in values):5.0f} ms (medians)")
    print("\n" + NOTE)
    out = ROOT / "benchmarks/results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "startup.json").write_text(json.dumps(
        {"runs": runs, "median_ms": med, "median_mb": mb, "ratios": ratios, "taps": taps,
         "reload_mid_game_ms": {"on_screen": reloads[0], "tappable": reloads[1], "median": reload_med},
         "blocking_and_paint_ms": PHASES, "worker_steps_ms": STEPS}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
