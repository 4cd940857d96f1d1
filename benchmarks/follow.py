#!/usr/bin/env python3
"""A whole game against the computer played by taps on a phone: taps per turn, the computer's turns timed.

    python3 build.py build
    python3 benchmarks/follow.py [--game warfare] [--options '{"cards": "proposed_deck"}']
                                 [--seed 1] [--shots DIR] [--max-taps 600]

Serves ``dist/`` (``STAR_TABLE_DIST``) on 127.0.0.1, opens the seeded game's challenge link on a
Pixel 7 emulation (412x839), starts its setup as shown (one person against the computer at its
first level), and taps a seeded random choice of ``#choices`` each time the
person's decision is on screen (``#game[data-settled]`` equal to its ``data-at``, no
``data-thinking``). A *turn* is the person's taps between two of the computer's turns; the
computer's turn is timed from the person's last tap until their next decision can be tapped
(the computer's thinking, the worker's answers and the page's drawing, as a player waits
for it). With ``--shots`` a screenshot after each computer turn (the first 6) and at the end.
The numbers are the person's experience on this machine; nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
READY = """() => { const g = document.querySelector('#game');
  if (document.querySelector('[data-outcome]')) return 'end';
  if (document.querySelector('#handoff')) return 'handoff';
  return g && g.dataset.mode === 'play' && !g.dataset.thinking && g.dataset.settled === g.dataset.at
    && document.querySelector('#choices .choice') ? g.dataset.at : ''; }"""


def serve(dist: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def wait_ready(page: object, timeout: float = 300.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = page.evaluate(READY)  # type: ignore[attr-defined]
        if got:
            return str(got)
        time.sleep(0.02)
    raise TimeoutError("the person's decision never came")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="warfare")
    parser.add_argument("--options", default="{}", help="options as JSON, set on the setup form by key")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shots", type=Path, default=None)
    parser.add_argument("--max-taps", type=int, default=600)
    parser.add_argument("--review", action="store_true", help="at the end, tap Review and time it")
    parser.add_argument("--desktop", action="store_true", help="1280x800 instead of a phone")
    args = parser.parse_args()
    dist = Path(os.environ.get("STAR_TABLE_DIST", ROOT / "dist"))
    if not (dist / "index.html").exists():
        print("build the site first: python3 build.py build", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from pygame_core import Match, encode_link

    server, url = serve(dist)
    rng = random.Random(args.seed)
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        device = {"viewport": {"width": 1280, "height": 800}} if args.desktop else \
            {**p.devices["Pixel 7"], "viewport": {"width": 412, "height": 839}}
        context = browser.new_context(**device)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # The seeded game as a challenge link opens its setup with the options set (the seats:
        # the default, one person against the computer).
        blob = encode_link(Match.start(args.game, json.loads(args.options), args.seed))
        page.goto(url + f"#c/{blob}")
        page.wait_for_selector("#setup #start", timeout=120_000)
        page.click("#start")
        page.wait_for_selector("#game[data-at]", timeout=120_000)
        began = time.monotonic()
        turns: list[int] = []       # the person's taps in each of their turns
        computer: list[float] = []  # seconds from the person's last tap to their next decision
        passes_only = 0             # decisions offered whose every choice is a pass
        taps = 0
        in_turn = 0
        last_tap = time.monotonic()
        first_seen: str | None = None
        while taps < args.max_taps:
            at = wait_ready(page)
            waited = time.monotonic() - last_tap
            if at in ("end", "handoff"):
                break
            steps = [s.strip() for s in page.locator("#recap .recap-step").all_inner_texts()]
            # The computer moved since the last tap: its steps follow the person's own in the recap.
            others = [s for s in steps if not s.startswith("You")]
            if taps and others and others[0] != first_seen:
                first_seen = others[0]
                computer.append(waited)
                turns.append(in_turn)
                in_turn = 0
                if args.shots and len(computer) <= 6:
                    # What the player sees when the turn comes back (the page as it stands),
                    # and the top of the page.
                    page.screenshot(path=str(args.shots / f"{args.game}-turn{len(computer)}.png"))
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(args.shots / f"{args.game}-turn{len(computer)}-top.png"))
            labels = [t.strip() for t in page.locator("#choices .choice").all_inner_texts()]
            if labels and all(t.lower().startswith("pass") for t in labels):
                passes_only += 1
            choices = page.locator("#choices .choice").all()
            button = rng.choice(choices)
            button.scroll_into_view_if_needed()
            last_tap = time.monotonic()
            button.click()
            taps += 1
            in_turn += 1
            page.wait_for_function("(at) => { const g = document.querySelector('#game'); return !g || "
                                   "g.dataset.at !== at || document.querySelector('[data-outcome]'); }",
                                   arg=at, timeout=300_000)
        outcome = page.locator("[data-outcome]").first.inner_text() if page.locator("[data-outcome]").count() else ""
        played = time.monotonic() - began
        rounds = page.evaluate("() => { const t = document.querySelector('#game h1 + p'); "
                               "return t ? t.textContent : ''; }")
        if args.shots:
            page.screenshot(path=str(args.shots / f"{args.game}-end.png"), full_page=True)
        reviewed = ""
        if args.review and outcome:
            began = time.monotonic()
            page.click("#end-screen #review-open")
            page.wait_for_selector("#review .review-decision, #review-stopped, #review .review-none", timeout=600_000)
            reviewed = f"; review in the page {time.monotonic() - began:.1f} s"
            if args.shots:
                page.locator("#review").screenshot(path=str(args.shots / f"{args.game}-review.png"))
                page.locator("#review [data-board=better]").first.click()
                page.wait_for_selector("#game[data-mode=peek]", timeout=60_000)
                page.screenshot(path=str(args.shots / f"{args.game}-review-better.png"))
        browser.close()
    server.shutdown()
    print(f"{args.game} {args.options}: {taps} taps over {len(turns)} computer turns; "
          f"taps per turn median {statistics.median(turns) if turns else 0} (max {max(turns, default=0)}); "
          f"a computer turn until the next tap: median {statistics.median(computer) if computer else 0:.2f} s, "
          f"max {max(computer, default=0):.2f} s; pass-only decisions {passes_only}; "
          f"page errors {len(errors)}; {played:.0f} s of play ({rounds.strip()[:60]}); "
          f"end: {outcome.splitlines()[0] if outcome else 'not reached'}{reviewed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
