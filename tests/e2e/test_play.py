"""Spacehole's screen on a Pixel 7: battles with every die, card rules, stale taps, undo.

Positions deep in a game are reached through a replay link and "Play on from here" (fast),
not by tapping every step; a whole game by taps is in test_platform.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from pygame_core import IllegalActionError, Match, encode_link
from pygame_core.games.spacehole.actions import Play

from .helpers import SEED, at, idle, open_replay, settle, start_challenge, tap, tap_choice, wait_changed


def _first_choice_until(stop: object) -> Match:
    match = Match.start("spacehole", {}, SEED)
    while not match.is_over and not stop(match):  # type: ignore[operator]
        match = match.play(match.legal_actions()[0])
    assert not match.is_over, "the seed has no such position"
    return match


def _play_on_from(page: Page, match: Match) -> None:
    """Open ``match`` as a replay link and play on from its last step, as a saved game."""
    open_replay(page, encode_link(match))
    tap(page, "#fork")
    page.wait_for_selector(f"#game[data-mode='play'][data-at='{len(match.record.actions)}']")


def test_battle_rounds_show_every_die(phone: Page) -> None:
    """SH-6.1: each round lists the invader's dice and each colony card's dice; 1s are hits."""
    match = _first_choice_until(lambda m: bool((m.game.view(m.state, 0)["last_battle"] or {}).get("rounds")))
    battle = match.game.view(match.state, 0)["last_battle"]
    _play_on_from(phone, match)
    phone.wait_for_selector("#battle")
    if phone.get_attribute("#battle", "open") is None:  # open when fresh; here it is reopened
        tap(phone, "#battle summary")
        phone.wait_for_selector("#battle[open]")
    dice = [d for r in battle["rounds"]
            for d in r["invader_dice"] + [d for c in r["colony_dice"] for d in c["dice"]]]
    assert phone.locator("#battle .die").all_inner_texts() == [str(d) for d in dice]
    assert phone.locator("#battle .die.hit").count() == dice.count(1)
    assert phone.locator("#battle .rounds > li").count() == len(battle["rounds"])
    assert battle["invader"]["name"] in phone.inner_text("#battle summary")
    # The battle is at the top of the game, where the player looks (news), not under the board.
    news = phone.locator("#news").bounding_box()
    board = phone.locator("#board").bounding_box()
    assert news is not None and board is not None and news["y"] < board["y"]


def test_card_rules_on_tap_and_the_engines_reason_for_an_unplayable_card(phone: Page) -> None:
    """SH-7.3/SH-8.2: a hand card that cannot be played says why, in the engine's words."""
    blocked: dict[str, object] = {}

    def has_blocked_card(m: Match) -> bool:
        view = m.game.view(m.state, 0)
        if view["decision"]["kind"] != "build":
            return False
        legal = m.legal_actions()
        for card in view["hand"]:
            if card["kind"] in ("structure", "defender") and not any(
                    isinstance(a, Play) and a.card == card["id"] for a in legal):
                blocked.update(card)
                return True
        return False

    match = _first_choice_until(has_blocked_card)
    try:
        match.play(Play(card=int(str(blocked["id"]))))
        raise AssertionError("the engine played the card")
    except IllegalActionError as exc:
        reason = exc.reason
    _play_on_from(phone, match)
    settle(phone)
    phone.locator(".hand-card", has_text=str(blocked["name"])).first.tap()
    phone.wait_for_selector("dialog[open] #why-not")
    assert str(blocked["text"]) in phone.inner_text("dialog")
    assert reason and reason in phone.inner_text("#why-not")
    phone.keyboard.press("Escape")
    phone.wait_for_selector("dialog[open]", state="detached")
    # Tapping a card of the colony on the canvas opens its rules too (the Base is first).
    box = phone.locator("#board").bounding_box()
    assert box is not None
    phone.mouse.click(box["x"] + 40, box["y"] + 60)
    phone.wait_for_selector("dialog[open]")
    assert "Base" in phone.inner_text("#dialog-title")
    phone.keyboard.press("Escape")
    phone.wait_for_selector("dialog[open]", state="detached")
    assert at(phone) == str(len(match.record.actions)), "reading rules plays nothing"


def test_a_choice_button_that_left_the_page_plays_nothing(phone: Page) -> None:
    """A choice button of a decision that has gone (taken off the page when the next decision
    has fewer choices, or kept by a screen) is refused: the next decision is not played by it."""
    start_challenge(phone)
    for _ in range(40):
        buttons = phone.locator("#choices .choice")
        settle(phone)
        if buttons.count() < 2:
            tap_choice(phone, 0)
            continue
        last = buttons.last.element_handle()
        tap_choice(phone, 0)
        now = settle(phone)
        if last.evaluate("(b) => b.isConnected"):
            continue
        last.dispatch_event("click")
        idle(phone)  # a played action would have come back by now
        settle(phone)
        assert at(phone) == now
        return
    pytest.fail("no decision in 40 moves had fewer choices than the one before it")


def test_a_kept_choice_button_plays_the_choice_it_shows(phone: Page) -> None:
    """The shell changes its choice buttons in place from one decision to the next (morph in
    app.js): a button kept on the page plays the choice it now shows, once, not the old one."""
    start_challenge(phone)
    first = phone.locator("#choices .choice").first.element_handle()
    tap_choice(phone, 0)
    now = settle(phone)
    assert first.evaluate("(b) => b === document.querySelector('#choices .choice')")
    first.dispatch_event("click")
    wait_changed(phone, now)
    assert int(at(phone)) == int(now) + 1


def test_undo_never_rerolls(phone: Page) -> None:
    """C-3.2: undo goes back only to the last draw or die roll; after it the same card comes."""
    start_challenge(phone)
    assert phone.is_disabled("#undo")
    for _ in range(12):
        tap_choice(phone, 0)
        if phone.is_enabled("#undo"):
            break
    now = int(at(phone))
    log_before = phone.locator("#log li").all_text_contents()
    settle(phone)
    tap(phone, "#undo")
    phone.wait_for_selector(f"#game[data-at='{now - 1}']")
    tap_choice(phone, 0)
    assert at(phone) == str(now)
    assert phone.locator("#log li").all_text_contents() == log_before


def test_what_a_tap_did_shows_where_the_player_looks(phone: Page) -> None:
    """Issue 16: on a phone, what was drawn appears at the top of the screen after the tap,
    not somewhere below the fold."""
    start_challenge(phone)
    settle(phone)
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # read down the page
    assert phone.evaluate("window.scrollY") > 0
    tap_choice(phone, 0)  # "Draw a card" (scrolled back into view by the tap if need be)
    phone.wait_for_selector("#news")
    box = phone.locator("#news").bounding_box()
    height = phone.viewport_size["height"] if phone.viewport_size else 0
    assert box is not None and 0 <= box["y"] < height / 2, box
    assert "Drawn" in phone.inner_text("#news") or phone.locator("#news li").count() > 0


def test_a_won_game_ends_with_the_engines_score_and_the_best_on_the_home_screen(phone: Page) -> None:
    """SH-9: the last decision of a won game (always the first choice) by a tap, from a replay
    of the rest; the end panel shows the engine's score, the home screen the best one (SH-9.3)."""
    match = Match.start("spacehole", {}, SEED)
    while not match.is_over:
        match = match.play(match.legal_actions()[0])
    outcome = match.game.outcome(match.state)
    assert outcome is not None and outcome.winners == (0,)
    _play_on_from(phone, match.truncated(len(match.record.actions) - 1))
    tap_choice(phone, 0)
    phone.wait_for_selector("#end-screen[data-outcome='win']")
    assert phone.inner_text("#final-score") == f"Score: {outcome.scores[0]} MC"
    assert phone.locator("#choices .choice").count() == 0
    phone.locator("#end-screen").get_by_role("button", name="Home").tap()
    phone.wait_for_selector("#home:not([hidden]) [data-game='spacehole'] .best")
    best = phone.inner_text("[data-game='spacehole'] .best")
    assert best.startswith("Your best") and f"{outcome.scores[0]} · Card set: Spacehole" in best
