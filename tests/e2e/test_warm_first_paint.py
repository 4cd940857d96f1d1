"""Your game before Python: a reload mid-game and "Continue" draw the game's last screen from
what the page kept, before the engine is up, with its choices waiting; the first tap made
then is played once the engine is ready, exactly once."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page, Route

from pygame_core.codec import decode_match

from .conftest import Contexts, wait_ready
from .helpers import at, challenge_fragment, choices, start_game, tap_choice
from .site import Site

TAPS = 4


class Held:
    """Holds back app.zip (the engine cannot be ready without it) until released."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.routes: list[Route] = []
        context.route("**/app.zip", lambda route: self.routes.append(route))

    def release(self) -> None:
        for route in self.routes:
            route.continue_()
        self.context.unroute("**/app.zip")


def game_in_progress(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> tuple[BrowserContext, Page]:
    # No service worker: Playwright's routes do not see what one serves.
    context = contexts.new(site, service_workers="block", **pixel7)
    page = context.new_page()
    page.goto(site.url + challenge_fragment())
    wait_ready(page)
    page.wait_for_selector("#setup-screen:not([hidden]) #start:not([data-waits])")
    start_game(page)
    for _ in range(TAPS):
        tap_choice(page, 0)
    return context, page


def saved_actions(page: Page) -> int:
    saves: dict[str, str] = page.evaluate(
        "() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('startable:game:')))")
    assert len(saves) == 1
    return len(decode_match(next(iter(saves.values()))).record.actions)


def test_a_reload_mid_game_draws_the_game_before_the_engine(
        contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> None:
    context, page = game_in_progress(contexts, site, pixel7)
    before = (at(page), choices(page), page.inner_text("#status"))
    held = Held(context)
    page.reload()
    page.wait_for_selector("#game:not([hidden]) #choices .choice")
    # The engine is not up (its code is held back), yet the game is on screen as it was.
    assert page.get_attribute("body", "data-engine") == "starting"
    assert page.get_attribute("body", "data-early") == "1"
    assert (at(page), choices(page), page.inner_text("#status")) == before
    assert "Starting the engine" in page.inner_text("#early-note")
    held.release()
    wait_ready(page)
    page.wait_for_selector("body:not([data-early])", state="attached")
    assert (at(page), choices(page)) == before[:2]
    tap_choice(page, 0)  # and it plays on
    context.close()


def test_a_tap_before_the_engine_is_ready_is_played_once(
        contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> None:
    context, page = game_in_progress(contexts, site, pixel7)
    now = int(at(page))
    assert saved_actions(page) == now
    held = Held(context)
    page.reload()
    page.wait_for_selector("#game:not([hidden]) #choices .choice")
    label = page.locator("#choices .choice").first.inner_text()
    page.locator("#choices .choice").first.tap()
    # A second, impatient tap is not played again, nor another choice (force: a finger does
    # not care that the buttons say they wait).
    page.locator("#choices .choice").first.tap(force=True)
    page.locator("#choices .choice").last.tap(force=True)
    assert page.get_attribute("body", "data-engine") == "starting"
    assert page.locator("#choices .choice.picked").inner_text() == label
    held.release()
    page.wait_for_selector(f"#game[data-at='{now + 1}']", timeout=60_000)
    wait_ready(page)
    page.wait_for_selector(f"#game[data-settled='{now + 1}']", state="attached")
    assert at(page) == str(now + 1)
    assert saved_actions(page) == now + 1
    context.close()


def test_continue_on_the_home_screen_draws_the_game_before_the_engine(
        contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> None:
    context, page = game_in_progress(contexts, site, pixel7)
    before = (at(page), choices(page))
    held = Held(context)
    page.goto(site.url)
    page.reload()
    page.wait_for_selector("#home:not([hidden]) #saves .save")
    page.get_by_role("button", name="Continue").first.tap()
    page.wait_for_selector("#game:not([hidden]) #choices .choice")
    assert page.get_attribute("body", "data-engine") == "starting"
    assert (at(page), choices(page)) == before
    held.release()
    wait_ready(page)
    page.wait_for_selector("body:not([data-early])", state="attached")
    tap_choice(page, 0)
    context.close()
