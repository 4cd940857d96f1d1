"""The site boots from its own origin, paints before Python, and lists the games."""

from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import Page

from .conftest import Contexts
from .site import Site


def test_first_paint_is_a_loading_screen_without_python(site: Site) -> None:
    html = urllib.request.urlopen(site.url).read().decode()
    assert 'id="boot-bar"' in html and "<progress" in html
    # The progress bar knows every file's size up front (build info), so it measures bytes.
    info = json.loads(re.search(r'id="build-info">(.*?)</script>', html).group(1))
    assert info["cache"].startswith("star-table-")
    assert "pyodide/pyodide.asm.wasm" in info["sizes"]


def test_boot_to_ready_and_home_lists_games(phone: Page) -> None:
    assert phone.get_attribute("body", "data-ready") == "1"
    assert phone.is_hidden("#boot")
    cards = phone.locator(".game-card")
    assert cards.count() == 4
    assert phone.get_by_role("button", name="New game of Spacehole").is_visible()
    assert phone.locator(".game-card.coming .badge").all_inner_texts() == ["Coming soon"] * 3


def test_progress_reached_the_end(phone: Page) -> None:
    assert phone.get_attribute("#boot-bar", "value") == "100" or phone.evaluate(
        "document.getElementById('boot-bar').value") == 100


def test_requests_stay_on_origin_and_match_the_precache(
    phone: Page, contexts: Contexts, site: Site
) -> None:
    assert contexts.foreign() == []
    worker = urllib.request.urlopen(site.url + "sw.js").read().decode()
    precache = set(json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker, re.S).group(1)))
    requested = {"./" + url.removeprefix(site.url).split("?")[0].split("#")[0]
                 for url in contexts.requests}
    requested = {"./" if r == "./" else r for r in requested} - {"./sw.js"}
    # Everything the page asked for is precached (so it works offline) ...
    assert requested <= precache, requested - precache
    # ... and everything precached is used: the page's files, or the manifest and its icons.
    unused = {p for p in precache - requested
              if not p.startswith(("./icons/", "./manifest.webmanifest"))}
    assert unused == set()
