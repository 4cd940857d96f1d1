#!/usr/bin/env python3
"""Space Genocide's map, tap to redraw: 4 seats late in a game, Chromium's CPU throttled 4x.

Run ``python3 build.py build`` first, then ``python3 benchmarks/genocide_map.py [--taps 24]``.
A random 4-seat playout (the "Random" computer for every seat, ``--seed``) is played to the
first Movement phase from round ``--round`` on where the seat to move can order several
fleets; its replay link (``#r/``, pygame_core.codec) opens in headless Chromium at a Pixel 7
(412x915, touch) and at a desktop (1280x800), "Play on from here" makes it a hot-seat game,
the seat to move takes the device, and then, with ``Emulation.setCPUThrottlingRate`` 4:

- pan: single drag steps on the map (touch on the phone, mouse on the desktop); each step is
  timed from the input event's timestamp to the next painted frame (a requestAnimationFrame
  callback, then a task after it, which runs once that frame is painted);
- select: a tap on one of the seat's fleets on the map (two far apart, in turn, so each tap
  orders another fleet, SG-5.10); timed from the tap's pointerup to the first painted frame
  that shows the new selection (the screen draws it at once, before the engine's answer) and
  to the frame after the engine's new model is rendered (the whole round trip through the
  Pyodide worker);
- draw: the screen's own draw() times during all of that (``window.__gcDrawMs``);
- idle: the floor, a frame with nothing new in it, from a task to its paint.

Medians and 95th percentiles go to stdout and benchmarks/results/genocide_map.json. No
thresholds: the goal (issue 15) is a median <= 50 ms for a pan or a selection.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from common import ROOT, print_table
from playwright.sync_api import Page, sync_playwright
from startup import CHROMIUM_ARGS, Server

from pygame_core import Match, ai, encode_link
from pygame_core.games.genocide.actions import Select

SQ3 = 3 ** 0.5
TIMEOUT_MS = 120_000
# Installed before any page script: the painted-frame clock and the screen's draw times.
PROBE = """
window.__gcDrawMs = [];
window.__lat = { idle: [], pan: [], select: [], model: [] };
window.__painted = (kind, t0) => requestAnimationFrame(() => setTimeout(() => {
  window.__lat[kind].push(performance.now() - t0);
}, 0));
window.__tapAt = null;
addEventListener("pointermove", (e) => {
  if (window.__panning && e.buttons) window.__painted("pan", e.timeStamp);
}, true);
addEventListener("pointerup", (e) => {
  if (window.__selecting) { window.__tapAt = e.timeStamp; window.__painted("select", e.timeStamp); }
}, true);
addEventListener("star:rendered", () => {
  if (window.__tapAt !== null) { window.__painted("model", window.__tapAt); window.__tapAt = null; }
});
"""


def late_game(seed: int, from_round: int) -> Match:
    """A random 4-seat Advanced Full playout, stopped at a Movement phase from ``from_round`` on
    where the seat to move can order three fleets or more."""
    match = Match.start("genocide", {"players": 4, "round_limit": from_round + 20}, seed)
    n = 0
    while not match.is_over:
        state = match.state
        seat = match.game.current_player(state)
        legal = match.legal_actions()
        if state.phase == "transport" and state.round >= from_round and sum(isinstance(a, Select) for a in legal) >= 3:
            return match
        match = match.play(ai.choose("genocide", match.game.view(state, seat), legal, level=0, seed=n))
        n += 1
    raise SystemExit(f"seed {seed}: the game ended before round {from_round}; try another --seed")


def far_fleets(match: Match) -> list[tuple[int, int]]:
    """Two hexes, each with exactly one of the mover's fleets that it may order and nothing else
    of its own, far enough apart that the one ordered has no step onto the other."""
    state = match.state
    seat = match.game.current_player(state)
    selectable = {a.fleet for a in match.legal_actions() if isinstance(a, Select)}
    mine: dict[tuple[int, int], list[int]] = {}
    for f in state.fleets:
        if f.owner == seat:
            mine.setdefault((f.col, f.row), []).append(f.marker)
    alone = [hex_ for hex_, markers in sorted(mine.items()) if len(markers) == 1 and markers[0] in selectable]
    for a in alone:
        for b in alone:
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) >= 4 and abs(a[0] - b[0]) <= 10:
                return [a, b]
    raise SystemExit("no two lone fleets far apart: try another --seed")


def hex_point(page: Page, col: int, row: int) -> tuple[float, float]:
    """Where a hex's centre is in the viewport (the page scrolled to show it)."""
    for _ in range(2):
        s, ox, oy, left, top, height = page.evaluate(
            "(() => { const c = document.getElementById('gc-map'); const b = c.getBoundingClientRect();"
            " return [Number(c.dataset.s), Number(c.dataset.ox), Number(c.dataset.oy), b.left, b.top,"
            " window.innerHeight]; })()")
        x, y = left + ox + 1.5 * col * s, top + oy + SQ3 * (row + 0.5 * (col & 1)) * s
        if 40 <= y <= height - 40:
            break
        page.evaluate(f"window.scrollBy(0, {y - height / 2})")
    return x, y


def wait_count(page: Page, kind: str, n: int) -> None:
    for _ in range(3000):
        if int(page.evaluate(f"window.__lat.{kind}.length")) >= n:
            return
        time.sleep(0.01)
    raise SystemExit(f"no painted frame for {kind} sample {n}")


def measure(browser: Any, server: Server, blob: str, fleets: list[tuple[int, int]], device: dict[str, Any],
            taps: int, rate: float) -> dict[str, list[float]]:
    context = browser.new_context(**device)
    context.add_init_script(PROBE)
    page = context.new_page()
    touch = bool(device.get("has_touch"))
    page.goto(server.url + "#r/" + blob)
    page.wait_for_selector("#game[data-mode='replay'] #fork", timeout=TIMEOUT_MS)
    page.click("#fork")
    page.wait_for_selector("#handoff .btn", timeout=TIMEOUT_MS)
    at = page.get_attribute("#game", "data-at")
    page.wait_for_selector(f"#game[data-settled='{at}']", state="attached", timeout=TIMEOUT_MS)
    page.click("#handoff .btn")
    page.wait_for_selector("#gc-map", timeout=TIMEOUT_MS)
    page.locator("#gc-map").scroll_into_view_if_needed()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    box = page.locator("#gc-map").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    # The floor: a frame with nothing new to draw, from a task to its paint.
    for n in range(taps):
        page.evaluate("window.__painted('idle', performance.now())")
        wait_count(page, "idle", n + 1)

    # Pans: one drag, a step of 12 px at a time, each step timed to its painted frame.
    page.evaluate("window.__panning = true")
    if touch:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": cx, "y": cy}]})
    else:
        page.mouse.move(cx, cy)
        page.mouse.down()
    for n in range(taps + 1):
        x = cx + (12 if n % 2 == 0 else -12) * (1 + n % 3)
        if touch:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": cy + 3}]})
        else:
            page.mouse.move(x, cy + 3)
        wait_count(page, "pan", n + 1)
    if touch:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        page.mouse.up()
    page.evaluate("window.__panning = false")
    page.click("#gc-fit")  # both fleets on screen again

    # Selections: tap one fleet, then the other, and so on.
    page.evaluate("window.__selecting = true")
    for n in range(taps):
        at = page.get_attribute("#game", "data-at")
        page.wait_for_selector(f"#game[data-settled='{at}']", state="attached", timeout=TIMEOUT_MS)
        x, y = hex_point(page, *fleets[n % 2])
        if touch:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
        page.wait_for_selector(f"#game:not([data-at='{at}'])", state="attached", timeout=TIMEOUT_MS)
        wait_count(page, "model", n + 1)
    result = {k: [float(x) for x in v] for k, v in page.evaluate("window.__lat").items()}
    result["pan"] = result["pan"][1:]  # the first step only starts the drag (the 6 px slop)
    result["draw"] = [float(x) for x in page.evaluate("window.__gcDrawMs")]
    context.close()
    return result


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--taps", type=int, default=24, help="pan steps and fleet taps per screen (default 24)")
    parser.add_argument("--seed", type=int, default=0, help="the random playout's seed (default 0)")
    parser.add_argument("--round", type=int, default=10, help="stop from this round on (default 10)")
    parser.add_argument("--rate", type=float, default=4.0, help="CPU throttling rate (default 4)")
    parser.add_argument("--out", default=str(ROOT / "benchmarks/results/genocide_map.json"))
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="the built site (default dist/)")
    args = parser.parse_args()
    dist = Path(args.dist)
    if not (dist / "index.html").exists():
        print("genocide_map.py: dist/ is not built: run `python3 build.py build` first", file=sys.stderr)
        return 1
    match = late_game(args.seed, args.round)
    state = match.state
    fleets = far_fleets(match)
    blob = encode_link(match)
    game = {"seed": args.seed, "round": state.round, "actions": len(match.record.actions),
            "fleets": len(state.fleets), "ships": sum(s is not None for s in state.ships),
            "log_lines": len(match.game.view(state, match.game.current_player(state))["log"]),
            "tapped_hexes": fleets, "link_chars": len(blob)}
    print(f"game: {game}", flush=True)
    server = Server(dist)
    results: dict[str, dict[str, list[float]]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        screens = {"Pixel 7": dict(p.devices["Pixel 7"]), "desktop": {"viewport": {"width": 1280, "height": 800}}}
        for name, device in screens.items():
            results[name] = measure(browser, server, blob, fleets, device, args.taps, args.rate)
            print(f"  {name}: done", flush=True)
        browser.close()
    rows = []
    summary: dict[str, dict[str, dict[str, float]]] = {}
    labels = {"idle": "nothing new -> painted (the floor)", "pan": "pan step -> painted",
              "select": "fleet tap -> painted", "model": "fleet tap -> engine's model painted",
              "draw": "screen draw()"}
    for name, res in results.items():
        summary[name] = {}
        for kind, label in labels.items():
            values = res[kind]
            if not values:
                continue
            med, top = statistics.median(values), p95(values)
            summary[name][kind] = {"median_ms": round(med, 1), "p95_ms": round(top, 1), "n": len(values)}
            rows.append([name, label, f"{med:.1f}", f"{top:.1f}", str(len(values))])
    print(f"\nCPU throttled {args.rate:g}x (headless Chromium, this machine); goal: median <= 50 ms")
    print_table(["screen", "what", "median ms", "p95 ms", "n"], rows, left=2)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"game": game, "cpu_throttling": args.rate, "summary": summary, "samples_ms": results},
                              indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
