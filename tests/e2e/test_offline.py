"""Offline and installable: after one visit the game starts and plays with the network cut."""

from __future__ import annotations

import json
import re
import urllib.request
from collections import Counter
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from .conftest import Contexts, boot, wait_ready
from .helpers import at, challenge_fragment, settle, start_game, tap_choice, wait_until
from .site import Site, dist_dir

RUNTIME = ("/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip", "/pyodide/pyodide.asm.mjs",
           "/pyodide/pyodide.mjs", "/app.zip", "/engine-worker.js", "/engine.js", "/app.js",
           "/screens/spacehole/screen.js", "/snapshot.bin")


@pytest.fixture(scope="module")
def own_site() -> Iterator[Site]:
    server = Site(dist_dir())  # its own server, so this module can cut the network
    yield server
    server.stop()


@pytest.fixture(scope="module")
def visited(contexts: Contexts, own_site: Site) -> Page:
    page = contexts.new(own_site, viewport={"width": 1280, "height": 800}).new_page()
    boot(page, own_site.url)
    # Wait for the service worker to finish precaching and take control of the page.
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout_ms=60_000)
    return page


def test_manifest_is_installable(site: Site) -> None:
    # The shared site: pytest may order this test after the one that stops own_site.
    manifest = json.loads(urllib.request.urlopen(site.url + "manifest.webmanifest").read())
    assert manifest["start_url"] and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert urllib.request.urlopen(site.url + icon["src"]).status == 200


def test_service_worker_precaches_under_a_content_hashed_name(visited: Page, own_site: Site) -> None:
    worker = urllib.request.urlopen(own_site.url + "sw.js").read().decode()
    cache = re.search(r'const CACHE = "(star-table-[0-9a-f]{12})"', worker).group(1)
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker, re.S).group(1))
    cached = visited.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map(r => r.url)", cache)
    assert sorted(cached) == sorted(own_site.url + p.removeprefix("./") for p in precache)
    assert all(".map" not in p and "codemirror" not in p and "xterm" not in p for p in precache)


def test_first_visit_downloads_the_runtime_once(visited: Page, own_site: Site) -> None:
    counts = Counter(own_site.log)
    assert {path: counts[path] for path in RUNTIME} == dict.fromkeys(RUNTIME, 1)


def test_offline_reload_boots_and_plays(visited: Page, own_site: Site) -> None:
    own_site.stop()  # the network is gone
    with pytest.raises(OSError):
        urllib.request.urlopen(own_site.url, timeout=2)
    visited.goto(own_site.url + challenge_fragment())
    visited.reload()  # a new page load, served by the service worker alone
    wait_ready(visited)
    # The memory snapshot is precached too: offline, Python starts from it.
    assert visited.get_attribute("body", "data-engine-from") == "snapshot"
    visited.wait_for_selector("#setup-screen:not([hidden]) #start:not([data-waits])")
    start_game(visited)
    tap_choice(visited, 0)
    assert at(visited) == "1"


def test_keyboard_play_on_desktop(visited: Page) -> None:
    """Number keys take the numbered choice, U undoes (still offline)."""
    now = int(settle(visited))
    visited.locator("body").press("1")
    visited.wait_for_selector(f"#game[data-at='{now + 1}']")
    settle(visited)
    if visited.is_enabled("#undo"):
        visited.locator("body").press("u")
        visited.wait_for_selector(f"#game[data-at='{now}']")
    # Every choice is a real, focusable button: Tab reaches it and Enter takes it.
    before = settle(visited)
    first = visited.locator("#choices .choice").first
    first.focus()
    visited.keyboard.press("Enter")
    visited.wait_for_selector(f"#game:not([data-at='{before}'])")
