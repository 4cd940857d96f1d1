"""Turns a person can follow (issue 24), in the browser: the recap after the computer's turn
stays until the next tap, takeback against the computer rolls the same dice again, the
stop-at-every-window setting and the log's Details toggle, and no rule number or engine name
in what a player sees over whole games."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page

from .helpers import challenge_blob, idle, reveal, settle, wait_until
from .site import BOOT_TIMEOUT_MS

ENGINE_WORDS = re.compile(r"\b(GW|MSC|SG|SH)-?[0-9]|GW\.battle|\bship[0-9]|\[object")


@pytest.fixture(scope="module")
def page(phone: Page) -> Page:
    """The module's booted phone (conftest): a page error fails the module there."""
    return phone


def _start(page: Page, game: str, options: dict[str, object], seed: int) -> None:
    """The seeded game from its challenge link, one person (seat 0) against the computer."""
    page.goto(page.url.split("#")[0] + "#c/" + challenge_blob(seed, options, game=game))
    page.wait_for_selector("#setup #start", timeout=BOOT_TIMEOUT_MS)
    page.click("#start")
    page.wait_for_selector("#game[data-at]", timeout=BOOT_TIMEOUT_MS)


def _my_turn(page: Page) -> str:
    """Wait until the computer is done and the person's decision takes taps; its ``at``."""
    wait_until(page, "() => { const g = document.querySelector('#game'); return g.dataset.mode === 'play' && "
                     "!g.dataset.thinking && (g.dataset.settled === g.dataset.at || "
                     "Boolean(document.querySelector('[data-outcome]'))); }")
    return page.get_attribute("#game", "data-at") or ""


def _tap(page: Page, button: Any) -> None:
    """Tap a choice and wait for the model it brings (a new ``at``, or the end)."""
    before = page.get_attribute("#game", "data-at")
    reveal(page, button)
    button.click()
    wait_until(page, "(at) => document.querySelector('#game').dataset.at !== at || "
                     "Boolean(document.querySelector('[data-outcome]'))", before)


def _recap_steps(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#recap .recap-step").all_inner_texts()]


def _until_the_computer_replied(page: Page, limit: int = 60) -> list[str]:
    for _ in range(limit):
        _my_turn(page)
        steps = _recap_steps(page)
        if steps and steps[0].startswith("You") and any(s.startswith("Blue") for s in steps[1:]):
            return steps
        _tap(page, page.locator("#choices .choice").first)
    raise AssertionError("the computer never replied")


def test_the_recap_shows_my_result_then_the_computers_actions_until_my_next_tap(page: Page) -> None:
    _start(page, "warfare", {"cards": "proposed_deck"}, 31)
    steps = _until_the_computer_replied(page)
    assert page.locator("#recap .recap-title").inner_text().startswith("Since your last move")
    # Still there a while later, unchanged: nothing replaces it but the next decision.
    idle(page)
    assert _recap_steps(page) == steps
    # The recap is where the player looks: at the top of the game, above the decision.
    recap_top = page.locator("#recap").bounding_box()
    decide_top = page.locator("#decide").bounding_box()
    assert recap_top and decide_top and recap_top["y"] < decide_top["y"]
    # Replay on the board: a look back at each step, then the game again.
    page.click("#recap-replay")
    page.wait_for_selector("#game[data-mode='peek']")
    assert not page.query_selector("#choices")  # nothing to decide while looking back
    page.wait_for_selector("#recap .recap-step.now")
    page.wait_for_selector("#game[data-mode='play']", timeout=30_000)
    assert _recap_steps(page) == steps
    # The next tap starts a new recap with that decision.
    before = page.get_attribute("#game", "data-at")
    _tap(page, page.locator("#choices .choice").first)
    wait_until(page, "(at) => document.querySelector('#game').dataset.at !== at", before)
    _my_turn(page)
    assert _recap_steps(page) != steps


def test_take_back_against_the_computer_rolls_the_same_dice_again(page: Page) -> None:
    _start(page, "warfare", {}, 12)
    # Play until the computer's reply rolled dice: a battle in the recap.
    for _ in range(80):
        steps = _until_the_computer_replied(page)
        if any("battle" in s.lower() for s in steps[1:]):
            break
        assert not page.query_selector("[data-outcome]"), "the game ended before the computer rolled dice"
        _tap(page, page.locator("#choices .choice").first)
    else:
        raise AssertionError("no battle in 80 turns")
    at = page.get_attribute("#game", "data-at")
    undo = page.locator("#undo")
    assert undo.inner_text() == "Take back" and undo.is_enabled()
    assert "same dice" in (undo.get_attribute("title") or "")
    undo.click()
    wait_until(page, "(at) => document.querySelector('#game').dataset.at !== at", at)
    settle(page)
    # Back before my decision (the first choice, as every time above): the same choice again
    # rolls the same dice, so the computer's reply and its battle come out the same.
    assert _recap_steps(page) != steps
    _tap(page, page.locator("#choices .choice").first)
    assert _until_the_computer_replied(page) == steps


def test_every_stop_setting_and_the_details_toggle_stay_set(page: Page) -> None:
    _start(page, "warfare", {"cards": "proposed_deck"}, 8)
    _my_turn(page)
    box = page.locator("#every-stop")
    assert not box.is_checked()
    box.check()
    wait_until(page, "() => document.querySelector('#every-stop') && document.querySelector('#every-stop').checked")
    # The log's dice records are hidden until Details is on.
    _tap(page, page.locator("#choices .choice").first)
    _until_the_computer_replied(page)
    rolls = page.locator("#log li.detail")
    if rolls.count():
        assert not rolls.first.is_visible()
        page.check("#log-details")
        assert rolls.first.is_visible()
        page.uncheck("#log-details")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("#every-stop", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#every-stop").is_checked()
    page.locator("#every-stop").uncheck()
    wait_until(page, "() => document.querySelector('#every-stop') && !document.querySelector('#every-stop').checked")


def _tap_handoff(page: Page) -> None:
    page.click("#handoff .btn")
    page.wait_for_selector("#handoff", state="detached")


def _whole_game(page: Page, game: str, options: dict[str, object], seed: int, limit: int = 400) -> int:
    """Play a whole game by taps (random choices, seeded), checking the visible text of the game
    at each decision; the number of decisions made."""
    rng = random.Random(seed)
    _start(page, game, options, seed)
    decisions = 0
    for _ in range(limit):
        _my_turn(page)
        text = page.inner_text("#game")
        bad = ENGINE_WORDS.findall(text)
        assert not bad, f"engine words on screen: {bad} in {text[:2000]}"
        if page.query_selector("[data-outcome]"):
            return decisions
        if page.query_selector("#handoff .btn"):
            _tap_handoff(page)
            continue
        buttons = page.locator("#choices .choice").all()
        assert buttons, "a decision with no choice on screen"
        _tap(page, rng.choice(buttons))
        decisions += 1
    raise AssertionError(f"{game} did not end in {limit} decisions")


def test_no_rule_number_or_engine_name_on_screen_over_a_whole_warfare_game(page: Page) -> None:
    assert _whole_game(page, "warfare", {"cards": "proposed_deck", "round_limit": 12}, 5) > 0


def test_no_rule_number_or_engine_name_on_screen_over_a_whole_skirmish_game(page: Page) -> None:
    assert _whole_game(page, "skirmish", {"turn_limit": 3}, 6) > 0
