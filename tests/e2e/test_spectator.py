"""A spectator link mid-game (C-4.6, SG-14.4) opened in the browser: read-only, nothing to
decide (what the link holds is checked in the controller: tests/web/test_spectator_logic.py)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from ..web.test_spectator_logic import _genocide_mid_game
from .conftest import Contexts
from .site import BOOT_TIMEOUT_MS, Site


def test_a_spectator_link_opens_in_the_browser(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> None:
    device, _ = _genocide_mid_game(players=2, rounds=2)
    link = device.app.share()["spectator"]
    page: Page = contexts.new(site, **pixel7).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site.url + "#" + link)
    page.wait_for_selector("#game[data-mode='spectate']", timeout=BOOT_TIMEOUT_MS)
    assert "spectator" in page.inner_text("#game-title")
    assert not page.query_selector("#choices .choice") and not page.query_selector("#undo")
    assert errors == []
