"""The page never freezes (issue 16): Python works in a worker, the main thread keeps drawing.

An init script counts animation frames from the page's first moment and notes the count at
every change of the boot label and of the loading screen's progress. With Python on the main
thread, no frame could be drawn between two such changes while Python works; here frames go
on. No clock is read: only the order of frames and progress reports.

The long replay is an 8,000-move random Space Genocide game: its link replays in the worker
with progress and a Cancel even while Genocide has no screen (the controller replays a link
before it checks the game is playable), so it is the longest link the site can be given.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_core import encode_link
from tests.conformance.playouts import random_playout

from .conftest import Contexts, wait_ready
from .helpers import STEP_TIMEOUT_MS, notice, tap, wait_until
from .site import BOOT_TIMEOUT_MS, Site

FRAMES = """
window.frames_ = 0;
window.marks = [];
(function tick() { window.frames_ += 1; requestAnimationFrame(tick); })();
addEventListener('DOMContentLoaded', () => {
  const note = (what) => window.marks.push([what, window.frames_]);
  const watch = (id, what) => {
    const el = document.getElementById(id);
    new MutationObserver(() => note(what(el))).observe(el, {childList: true, characterData: true, subtree: true});
  };
  watch('boot-label', (el) => 'boot:' + el.textContent);
  watch('loading-label', (el) => 'loading:' + el.textContent);
  new MutationObserver(() => { if (document.body.dataset.ready === '1') note('ready'); })
    .observe(document.body, {attributes: true, attributeFilter: ['data-ready']});
});
"""
LONG_MOVES = 8000


@functools.cache
def long_link() -> tuple[str, int]:
    for n, match in enumerate(random_playout("genocide", {"players": 4, "round_limit": 999}, 3)):
        if n == LONG_MOVES:
            return encode_link(match), n
    raise AssertionError("the random game ended early")


@pytest.fixture(scope="module")
def counted(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> Page:
    page = contexts.new(site, init_script=FRAMES, **pixel7).new_page()
    page.goto(site.url)
    wait_ready(page)
    return page


def _marks(page: Page, prefix: str) -> list[tuple[str, int]]:
    return [(what, frames) for what, frames in page.evaluate("window.marks") if what.startswith(prefix)]


def test_frames_keep_coming_while_the_engine_starts(counted: Page) -> None:
    marks = counted.evaluate("window.marks")
    boot = [(what, frames) for what, frames in marks if what.startswith("boot:")]
    ready = [frames for what, frames in marks if what == "ready"]
    assert ready and boot, marks
    # The header's short label counts the bytes ("1.2 of 4.2 MB"; issue 34).
    downloading = [f for what, f in boot if what.endswith(" MB") or what.startswith("boot:Downloading")]
    starting = [f for what, f in boot if what.startswith("boot:Starting the engine")]
    assert downloading and starting, boot
    # While Pyodide downloads and compiles, and while Python starts the engine: frames.
    assert starting[0] - downloading[0] >= 3, boot
    assert ready[0] - starting[0] >= 3, (starting, ready)


def test_frames_keep_coming_during_a_long_replay_and_cancel_goes_home(counted: Page, site: Site) -> None:
    blob, moves = long_link()
    page = counted
    page.goto(site.url + "#r/" + blob)
    page.wait_for_selector("#loading:not([hidden])", timeout=STEP_TIMEOUT_MS)
    # Progress in words and on the bar, and frames between two reports.
    wait_until(page, "(n) => window.marks.filter(([w]) => w.startsWith('loading:Replaying')).length >= n", 8,
               timeout_ms=BOOT_TIMEOUT_MS)
    progress = _marks(page, "loading:Replaying")
    assert all(what.endswith(f"of {moves}…") for what, _ in progress), progress
    assert progress[-1][1] - progress[0][1] >= 3, progress
    bar = page.evaluate("[document.getElementById('loading-bar').value, document.getElementById('loading-bar').max]")
    assert 0 < bar[0] < bar[1] == moves
    # The loading screen answers taps: Cancel goes home, with the address of home.
    tap(page, "#loading-cancel")
    page.wait_for_selector("#home:not([hidden])", timeout=STEP_TIMEOUT_MS)
    assert "cancelled" in notice(page)
    assert page.evaluate("location.hash") == ""
    done = [int(what.split()[2]) for what, _ in _marks(page, "loading:Replaying")]
    assert max(done) < moves, "the whole link was replayed: Cancel came too late to test"
    page.locator("#notice button").click()
