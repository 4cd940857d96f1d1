"""A new build deployed while a game is open never breaks it (issue 37): the new service worker
waits while the older page runs (the page offers it), the game plays on, and the next start
runs the new build and opens the save the older build wrote."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from pygame_core import Match, decode_match, encode_link

from .conftest import Contexts, wait_ready
from .helpers import wait_until
from .site import BOOT_TIMEOUT_MS, STEP_MS, Site, dist_dir


@pytest.fixture(scope="module")
def deployed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Site, Path]]:
    """A copy of the built site on its own server, so that the test can deploy a new build."""
    root = tmp_path_factory.mktemp("deployed") / "site"
    shutil.copytree(dist_dir(), root)
    server = Site(root)
    yield server, root
    server.stop()


def _deploy_new_build(root: Path) -> None:
    """What a new build changes: the service worker's cache name and the page."""
    worker = root / "sw.js"
    worker.write_text(re.sub(r'const CACHE = "[^"]+"', 'const CACHE = "star-table-newbuild0001"', worker.read_text()))
    page = root / "index.html"
    page.write_text(page.read_text().replace("<head>", '<head>\n<meta name="star-build" content="new">', 1))
    for path in [*root.glob("index.html.*"), *root.glob("sw.js.*")]:
        path.unlink()  # no stale precompressed copy of a changed file


def _play(page: Page, moves: int) -> None:
    for _ in range(moves):
        at = page.get_attribute("#game", "data-at")
        page.wait_for_selector(f"#game[data-settled='{at}'] #choices .choice", timeout=STEP_MS)
        page.locator("#choices .choice").first.click()
        page.wait_for_selector(f"#game:not([data-at='{at}'])", timeout=STEP_MS)


def test_an_update_waits_for_the_open_game_and_takes_over_at_the_next_start(
    contexts: Contexts, deployed: tuple[Site, Path]
) -> None:
    site, root = deployed
    context = contexts.new(site, viewport={"width": 412, "height": 839})
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout_ms=60_000)
    page.goto(site.url + "#c/" + encode_link(Match.start("spacehole", {"battle_length": "force_rounds"}, 77)))
    page.wait_for_selector("#setup #start:not([data-waits])", timeout=STEP_MS)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])[data-at='0']", timeout=STEP_MS)
    save_id = str(page.evaluate("location.hash")).removeprefix("#g/")
    _play(page, 3)

    _deploy_new_build(root)
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("#update:not([hidden]) #update-now", timeout=60_000)
    # The older build keeps serving this page: the game plays on, and loads what it needs.
    assert page.evaluate("document.querySelector('meta[name=star-build]')") is None
    _play(page, 2)
    page.close()

    again = context.new_page()
    # Not waiting for "load": the browser may hold this navigation while the waiting worker
    # activates (CI once took over a minute on a loaded machine); the app being ready is the point.
    again.goto(site.url + "#g/" + save_id, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
    # The waiting worker takes over once no page of the older build is left: the browser may
    # let it do so just after this navigation, so a start or two later at most.
    for _ in range(3):
        wait_ready(again)
        if again.locator("meta[name=star-build]").count():
            break
        again.reload()
    again.wait_for_selector("#game:not([hidden])[data-at='5']", timeout=STEP_MS)
    assert again.get_attribute("meta[name=star-build]", "content") == "new"
    _play(again, 1)
    blob = again.evaluate("(id) => localStorage.getItem('startable:game:' + id)", save_id)
    assert len(decode_match(blob).record.actions) == 6
    again.close()
