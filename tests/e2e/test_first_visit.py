"""The first visit (issue 34): it pays only for what the first game needs (no memory snapshot
before the game is playable; the next start uses it), its loading screen counts only the files
being fetched, Cancel, Home and Back work while it loads with the download going on, "Try again"
shows when nothing arrives, and a tap made before the page's code is ready is played once.

The test's server holds chosen files back (``Site.hold``) until the test lets them go, so "while it loads" is a
state the test sets up, not a race."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import Contexts, wait_ready
from .helpers import catalog_of_html, wait_until
from .site import BOOT_TIMEOUT_MS, Site, dist_dir

RUNTIME = ("/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip", "/pyodide/pyodide-lock.json", "/app.zip")
PHONE: dict[str, Any] = {"viewport": {"width": 412, "height": 915}, "is_mobile": True, "has_touch": True}
# Every text the two progress labels show, as they change (an init script: before any page script).
LABELS = """
window.__labels = [];
new MutationObserver(() => {
  for (const id of ["boot-label", "loading-label"]) {
    const el = document.getElementById(id);
    const last = window.__labels[window.__labels.length - 1];
    if (el && el.textContent && last !== el.textContent) window.__labels.push(el.textContent);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


@pytest.fixture()
def gated() -> Iterator[Site]:
    """A site of its own for each test: its log is that test's first visit."""
    server = Site(dist_dir())
    yield server
    server.stop()


def info() -> dict[str, Any]:
    data: dict[str, Any] = catalog_of_html((dist_dir() / "index.html").read_text())["info"]
    return data


# The memory snapshot is in the service worker's cache (arguments: the cache's name, its path).
SNAPSHOT_CACHED = ("async ([name, path]) => "
                   "Boolean(await (await caches.open(name)).match(new URL(path, location.href).href))")


def play_now(page: Page) -> None:
    page.click("#games [data-game='spacehole'] [data-quick]")


def test_the_first_visit_plays_without_the_snapshot_and_the_next_start_uses_it(
        contexts: Contexts, gated: Site) -> None:
    context = contexts.new(gated, init_script=LABELS, **PHONE)
    page = context.new_page()
    gated.hold("/pyodide/pyodide.asm.wasm")  # until the loading screen has said what it fetches
    page.goto(gated.url)
    play_now(page)
    page.wait_for_selector("#loading-label:has-text('once: then it works offline')")
    # The service worker (the one to fetch the snapshot, for the next start) stays out of this.
    gated.release()
    gated.hold("/sw.js")
    page.wait_for_selector("#game[data-game='spacehole'] #choices .choice", timeout=BOOT_TIMEOUT_MS)
    playable = list(gated.log)  # what was fetched before the game was playable
    assert "/snapshot.bin" not in playable
    assert page.get_attribute("body", "data-engine-from") == "boot"
    counts = Counter(playable)
    assert all(counts[path] == 1 for path in RUNTIME), counts
    # Screen code: the game that opened, no other game's (the service worker, registered once
    # the game is up, precaches the rest afterwards).
    assert "/screens/spacehole/screen.js" in playable
    screens = {p for p in playable if p.startswith("/screens/") and not p.startswith("/screens/common/")}
    assert {p.split("/")[2] for p in screens} == {"spacehole"}, screens

    # The progress counted the files this start fetched and no other: every "x of y MB" has the
    # same y, the wire size of exactly those files.
    plan = page.evaluate("async () => (await import('./engine.js')).state.plan")
    assert sorted("/" + p for p in plan) == sorted(RUNTIME)
    wire = info()["wire"]
    total = sum(wire.get(p, info()["sizes"][p]) for p in plan) / 1e6
    labels: list[str] = page.evaluate("window.__labels")
    totals = {m.group(1) for label in labels for m in [re.search(r"of ([0-9.]+) MB", label)] if m}
    assert totals == {f"{total:.1f}"}, labels
    assert any("once: then it works offline" in label for label in labels), labels
    assert not any("snapshot" in label.lower() for label in labels)

    # In the background afterwards, the snapshot comes (the service worker's precache) ...
    gated.release()
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout_ms=BOOT_TIMEOUT_MS)
    wait_until(page, SNAPSHOT_CACHED, [info()["cache"], info()["snapshot"]["path"]], timeout_ms=BOOT_TIMEOUT_MS)
    # ... and the next start uses it, counted as read from this device.
    second = context.new_page()
    second.goto(gated.url)
    wait_ready(second)
    assert second.get_attribute("body", "data-engine-from") == "snapshot"
    plan = second.evaluate("async () => (await import('./engine.js')).state.plan")
    assert info()["snapshot"]["path"] in plan
    assert Counter(gated.log)["/snapshot.bin"] == 1


def test_cancel_home_and_back_while_loading_keep_the_download(contexts: Contexts, gated: Site) -> None:
    gated.hold("/pyodide/pyodide.asm.wasm")
    page = contexts.new(gated, init_script=LABELS, **PHONE).new_page()
    page.goto(gated.url)
    # Cancel: home, and the engine still starting.
    play_now(page)
    page.wait_for_selector("#loading:not([hidden])")
    assert page.evaluate("location.hash") == "#new/spacehole"
    page.click("#loading-cancel")
    page.wait_for_selector("#home:not([hidden])")
    assert page.get_attribute("body", "data-engine") == "starting"
    # Back: home again.
    play_now(page)
    page.wait_for_selector("#loading:not([hidden])")
    page.go_back()
    page.wait_for_selector("#home:not([hidden])")
    # Home (the header's Star Table).
    play_now(page)
    page.wait_for_selector("#loading:not([hidden])")
    page.click("#nav-home")
    page.wait_for_selector("#home:not([hidden])")
    assert gated.log.count("/pyodide/pyodide.asm.wasm") == 1
    gated.release()  # the one download goes on to the end
    wait_ready(page)
    # No game the player gave up on opened by itself; nothing was fetched twice.
    assert page.is_visible("#home") and not page.is_visible("#game")
    assert page.evaluate("JSON.parse(localStorage.getItem('startable:index') || '{\"games\": []}').games.length") == 0
    counts = Counter(gated.log)
    assert all(counts[path] == 1 for path in RUNTIME), counts
    # The next tap finds the engine up: the game opens.
    play_now(page)
    page.wait_for_selector("#game[data-game='spacehole'] #choices .choice")


def test_try_again_only_when_nothing_arrives(contexts: Contexts, gated: Site) -> None:
    gated.hold("/pyodide/pyodide.asm.wasm")
    page = contexts.new(gated, init_script=LABELS + "self.starStallMs = 1500;", **PHONE).new_page()
    page.goto(gated.url)
    play_now(page)
    page.wait_for_selector("#loading:not([hidden])")
    page.wait_for_selector("#loading-retry:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("body", "data-boot-stalled") == "1"
    gated.release()
    page.wait_for_selector("#game[data-game='spacehole'] #choices .choice", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("body", "data-boot-stalled") is None
    assert page.is_hidden("#boot-retry")


def test_a_tap_before_the_handlers_are_attached_is_played_once(contexts: Contexts, gated: Site) -> None:
    gated.hold("/app.js")
    page = contexts.new(gated, **PHONE).new_page()
    page.goto(gated.url, wait_until="commit")
    page.wait_for_selector("#games [data-game='spacehole'] [data-quick]")
    assert page.get_attribute("body", "data-shell") is None  # app.js has not run
    play_now(page)
    play_now(page)  # a second tap meanwhile is not played again
    assert page.get_attribute("html", "data-early-tap") == "1"
    gated.release()
    page.wait_for_selector("#game[data-game='spacehole'] #choices .choice", timeout=BOOT_TIMEOUT_MS)
    wait_ready(page)
    calls = page.evaluate("self.starCallTimings.map((t) => t.cmd)")
    assert calls.count("new") == 1, calls
    saved = json.loads(page.evaluate("localStorage.getItem('startable:index')") or '{"games": []}')
    assert len(saved["games"]) == 1
