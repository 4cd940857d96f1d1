"""Accessibility: axe-core finds no serious or critical violation on the shell's screens.

The page's CSP refuses inline scripts, so axe-core (from node_modules) goes in through
``page.evaluate`` (the DevTools protocol), not a <script> tag.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from pygame_core import Match, encode_link

from .helpers import open_replay, open_setup, settle, start_challenge, tap, tap_choice
from .site import ROOT, Site

AXE = ROOT / "node_modules/axe-core/axe.min.js"


def violations(page: Page) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(Path(AXE).read_text())
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} x{len(v['nodes'])}: "
            + "; ".join(n["target"][0] if n["target"] else "?" for n in v["nodes"][:3])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def test_home_screen_has_no_serious_violations(phone: Page) -> None:
    assert phone.is_visible("#home")
    assert violations(phone) == []


def test_help_dialog_has_no_serious_violations(phone: Page) -> None:
    phone.get_by_role("button", name="How to play Spacehole").tap()
    phone.wait_for_selector("dialog[open]")
    assert violations(phone) == []
    phone.keyboard.press("Escape")
    phone.wait_for_selector("dialog[open]", state="detached")


def test_setup_screen_has_no_serious_violations(phone: Page) -> None:
    for game in [g for g in phone.locator("#games [data-new]").all()]:
        open_setup(phone, f"#new/{game.get_attribute('data-new')}")
        assert violations(phone) == [], game.get_attribute("data-new")


def test_game_screen_has_no_serious_violations(phone: Page, site: Site) -> None:
    start_challenge(phone)
    tap_choice(phone, 0)
    settle(phone)
    assert violations(phone) == []
    tap(phone, "#share")
    phone.wait_for_selector("dialog[open] .share-row")
    assert violations(phone) == [], "the share dialog"
    phone.keyboard.press("Escape")
    phone.wait_for_selector("dialog[open]", state="detached")


def test_loading_screen_has_no_serious_violations(phone: Page) -> None:
    phone.click("#nav-home")
    phone.wait_for_selector("#home:not([hidden])")
    phone.evaluate("document.getElementById('loading').hidden = false")  # its markup, shown
    try:
        assert violations(phone) == [], "the loading screen"
    finally:
        phone.evaluate("document.getElementById('loading').hidden = true")


def test_replay_with_cards_in_hand_has_no_serious_violations(phone: Page) -> None:
    match = Match.start("spacehole", {}, 5)
    for _ in range(6):
        match = match.play(match.legal_actions()[0])
    assert match.game.view(match.state, 0)["hand"], "no card in hand at this step"
    open_replay(phone, encode_link(match))
    assert violations(phone) == []
