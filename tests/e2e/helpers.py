"""Shared steps for the browser tests: reading the screen and tapping what it offers."""

from __future__ import annotations

from playwright.sync_api import Page

from pygame_core import Match, encode_link

SEED = 20261121


def challenge_fragment(seed: int = SEED, options: dict[str, object] | None = None) -> str:
    return "#c/" + encode_link(Match.start("spacehole", options or {}, seed))


def choices(page: Page) -> list[str]:
    return page.locator(".decide .choice").all_inner_texts()


def tap_choice(page: Page, index: int = 0) -> None:
    """Tap the index-th choice the UI shows, then wait for the screen to change."""
    before = page.evaluate("document.querySelector('#game').dataset.at")
    button = page.locator(".decide .choice").nth(index)
    if page.evaluate("navigator.maxTouchPoints > 0"):
        button.tap()
    else:
        button.click()
    page.wait_for_function(f"document.querySelector('#game').dataset.at !== {before!r}")


def notice(page: Page) -> str:
    page.wait_for_selector("#notice:not([hidden])")
    return page.inner_text("#notice")
