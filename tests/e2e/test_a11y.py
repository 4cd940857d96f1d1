"""Accessibility: axe-core finds no serious or critical violation on the home and game screens."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from .helpers import challenge_fragment, tap_choice
from .site import ROOT, Site

AXE = ROOT / "node_modules/axe-core/axe.min.js"


def _violations(page: Page) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=Path(AXE).read_text())
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} x{len(v['nodes'])}: "
            + "; ".join(n["target"][0] if n["target"] else "?" for n in v["nodes"][:3])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def test_home_screen_has_no_serious_violations(phone: Page) -> None:
    assert phone.is_visible("#home")
    assert _violations(phone) == []


def test_new_game_dialog_has_no_serious_violations(phone: Page) -> None:
    phone.get_by_role("button", name="New game of Spacehole").tap()
    phone.wait_for_selector("dialog[open]")
    assert _violations(phone) == []
    phone.keyboard.press("Escape")


def test_game_screen_has_no_serious_violations(phone: Page, site: Site) -> None:
    phone.goto(site.url + challenge_fragment())
    phone.wait_for_selector("#game:not([hidden])")
    tap_choice(phone, 0)
    assert _violations(phone) == []
