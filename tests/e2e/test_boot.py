"""The site boots from its own origin, paints its home in HTML before Python, lists the games."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from playwright.sync_api import Page, Route

from pygame_core import GAMES

from .conftest import Contexts, wait_ready
from .helpers import catalog, catalog_of_html
from .site import Site


def test_first_paint_is_the_home_screen_in_html(site: Site) -> None:
    """No script needed for the home: the game list and its "New game" buttons are in the HTML."""
    html = urllib.request.urlopen(site.url).read().decode()
    home = re.search(r'<section id="home"[^>]*>', html)
    assert home and "hidden" not in home.group(0)
    assert re.search(r'<li class="game-card" data-game="spacehole">.*?>New game</button>', html)
    assert 'id="boot-bar"' in html and "<progress" in html
    assert "pyscript" not in html.lower()
    # The progress bar knows every file's size up front (the catalogue's build info): bytes.
    info = catalog_of_html(html)["info"]
    assert info["cache"].startswith("star-table-")
    assert "pyodide/pyodide.asm.wasm" in info["sizes"] and "app.zip" in info["sizes"]


def test_home_and_setup_work_before_python_and_start_waits_for_it(
    contexts: Contexts, site: Site, pixel7: dict[str, Any]
) -> None:
    """With the game's code held back: the home is there, "New game" opens the setup at once,
    and its Start button says it waits for the engine; it works as soon as the engine is up."""
    context = contexts.new(site, **pixel7)
    held: list[Route] = []
    context.route("**/app.zip", lambda route: held.append(route))
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector("body[data-shell='1']", state="attached")
    assert page.is_visible("#home") and page.is_visible("#boot")
    page.locator("[data-game='spacehole']").get_by_role("button", name="New game").tap()
    page.wait_for_selector("#setup-screen:not([hidden]) #start[data-waits]")
    assert page.evaluate("location.hash") == "#new/spacehole"
    assert page.inner_text("#start").startswith("Starting the engine")
    assert page.get_attribute("body", "data-ready") is None
    assert page.get_attribute("body", "data-engine") == "starting"
    assert page.evaluate("document.querySelectorAll('#boot-bar').length") == 1
    for route in held:
        route.continue_()
    context.unroute("**/app.zip")
    wait_ready(page)
    page.wait_for_selector("#start:not([data-waits])")
    assert page.inner_text("#start") == "Start"
    page.locator("#start").tap()
    page.wait_for_selector("#game:not([hidden])[data-mode='play'][data-at='0']")
    assert page.evaluate("location.hash").startswith("#g/")


def test_boot_to_ready_and_home_lists_games(phone: Page) -> None:
    assert phone.get_attribute("body", "data-ready") == "1"
    # The engine answers commands (DESIGN 5): anyone can time a start from outside.
    assert phone.get_attribute("body", "data-engine") == "ready"
    assert phone.is_hidden("#boot")
    games = catalog(phone)["games"]
    cards = phone.locator("#games .game-card")
    assert cards.count() == len(games) == len(GAMES)
    for game in games:
        card = phone.locator(f"#games [data-game='{game['id']}']")
        assert game["title"] in card.inner_text()
        has_button = card.get_by_role("button", name="New game").count() == 1
        assert has_button == game["screen"], game["id"]
        assert (card.locator(".badge").all_inner_texts() == ["Coming soon"]) != game["screen"]
    assert games[0]["id"] == "spacehole" and games[0]["screen"]


def test_progress_reached_the_end(phone: Page) -> None:
    assert phone.evaluate("document.getElementById('boot-bar').value") == 100


def test_requests_stay_on_origin_and_match_the_precache(
    phone: Page, contexts: Contexts, site: Site
) -> None:
    assert contexts.foreign() == []
    worker = urllib.request.urlopen(site.url + "sw.js").read().decode()
    precache = set(json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker, re.S).group(1)))
    requested = {"./" + url.removeprefix(site.url).split("?")[0].split("#")[0]
                 for url in contexts.requests if url.startswith(site.url)}
    requested -= {"./sw.js"}
    # The page runs Python in its own worker: no PyScript.
    assert {"./engine.js", "./engine-worker.js", "./app.zip", "./snapshot.bin", "./screens/spacehole/screen.js",
            "./pyodide/pyodide.asm.wasm"} <= requested
    assert not any("pyscript" in path for path in requested | precache)
    # Everything the page asked for is precached (so it works offline) ...
    assert requested <= precache, requested - precache
    # ... and everything precached is used: the page's files, the manifest and its icons, or a
    # file of a game's screen folder (fetched when that game opens).
    unused = {p for p in precache - requested
              if not p.startswith(("./icons/", "./manifest.webmanifest", "./screens/", "./warm.css"))}
    assert unused == set()
