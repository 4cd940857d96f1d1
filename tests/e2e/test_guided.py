"""The guided first game (issue 33): offered on the home screen before any Spacehole game, it
runs to its end by its own prompts: at every decision the coach marks the engine's suggested
choice, each part of the game is explained once as it first comes up, and it can be hidden."""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import Contexts, wait_ready
from .site import STEP_MS, Site

EXPLAINED = {"welcome", "drawn", "build", "defender", "invasion", "event", "onyourown"}


def _play_by_the_guide(page: Page) -> tuple[set[str], int]:
    tips: set[str] = set()
    decisions = 0
    while True:
        at = page.get_attribute("#game", "data-at")
        page.wait_for_selector(f"#game[data-settled='{at}'] #choices .choice, [data-outcome]", state="attached",
                               timeout=STEP_MS)
        if page.locator("[data-outcome]").count():
            return tips, decisions
        tip = page.get_attribute("#coach", "data-tip")
        if tip:
            tips.add(tip)
        page.wait_for_selector("#choices .choice[data-coach]", timeout=STEP_MS)  # the engine's Hint, marked
        assert "Suggested:" in page.inner_text("#coach-pick")
        page.locator("#choices .choice[data-coach]").click()
        decisions += 1
        page.wait_for_selector(f"#game:not([data-at='{at}'])", state="attached", timeout=STEP_MS)


def test_the_guided_game_runs_to_its_end_by_its_own_prompts(contexts: Contexts, site: Site) -> None:
    page = contexts.new(site, confirm_steps=False, viewport={"width": 412, "height": 839}).new_page()
    page.goto(site.url)
    wait_ready(page)
    page.locator("#guided-play").click()
    page.wait_for_selector("#game:not([hidden]) #coach", timeout=STEP_MS)
    tips, decisions = _play_by_the_guide(page)
    assert tips >= EXPLAINED, f"not explained: {EXPLAINED - tips}"
    assert decisions > 20
    assert page.locator("#coach").get_attribute("data-tip") == "end"
    assert page.locator("[data-outcome]").get_attribute("data-outcome") == "win"
    # Once a Spacehole game is saved, home no longer offers it; How to play still does.
    page.goto(site.url + "#")
    page.wait_for_selector("#home:not([hidden])")
    assert page.locator("#guided-play").count() == 0
    page.close()


def test_the_guide_can_be_hidden(contexts: Contexts, site: Site) -> None:
    page = contexts.new(site, confirm_steps=False, viewport={"width": 412, "height": 839}).new_page()
    page.goto(site.url)
    wait_ready(page)
    page.locator("#guided-play").click()
    page.wait_for_selector("#coach", timeout=STEP_MS)
    page.locator("#coach-hide").click()
    page.wait_for_selector("#coach", state="detached")
    at = page.get_attribute("#game", "data-at")
    page.wait_for_selector(f"#game[data-settled='{at}'] #choices .choice", timeout=STEP_MS)
    page.locator("#choices .choice").first.click()
    page.wait_for_selector(f"#game:not([data-at='{at}'])", state="attached", timeout=STEP_MS)
    assert page.locator("#coach").count() == 0  # hidden for the rest of this game
    page.close()
