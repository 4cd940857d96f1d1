"""Galactic Warfare on a phone (issue 24): the board and the attack's confirm in view together,
the card help in words, the battle odds with a card just played, and a whole game against
the computer with no rule number or engine name on the board or in the news."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_core import Match, encode_link
from pygame_core.games.warfare import cards, odds
from pygame_core.games.warfare.actions import Attack, Charge, ChooseFirst, PassWindow, PlayCard

from .conftest import Contexts
from .helpers import frames, idle, tap, wait_until
from .site import BOOT_TIMEOUT_MS, Site
from .test_warfare import FILES, _choices, _new_game, _next, _settle, _tap_square

# Rule numbers and engine names a player should never read (the log's details aside).
NOT_WORDS = re.compile(r"\b(GW|MSC|SG|SH)-?[0-9]|GW\.battle|\[object")


@pytest.fixture(scope="module")
def page(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> Iterator[Page]:
    """A phone of 412x839 CSS pixels (the Pixel 7 profile), booted once for the module."""
    tab = contexts.new(site, **{**pixel7, "viewport": {"width": 412, "height": 839}}).new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(site.url)
    tab.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT_MS)
    yield tab
    assert errors == [], errors


def _square(s: int) -> str:
    return f"{FILES[s % 8]}{s // 8}"


def _fork(page: Page, match: Match) -> None:
    page.goto(page.url.split("#")[0] + "#r/" + encode_link(match))
    page.wait_for_selector("#game[data-mode='replay']")
    tap(page, "#fork")
    page.wait_for_selector("#game[data-mode='play']")


def _in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def _attack_position(seed: int = 7) -> tuple[Match, Attack]:
    match = Match.start("warfare", {}, seed).play(ChooseFirst("me"))
    while not any(isinstance(a, Attack) for a in match.legal_actions()):
        match = match.play(next(a for a in match.legal_actions() if isinstance(a, Charge)))
    return match, next(a for a in match.legal_actions() if isinstance(a, Attack))


def test_the_board_and_the_attack_confirm_are_in_view_together(page: Page) -> None:
    """At 412x839, after tapping an attack's target the whole board and "Attack" are on screen
    with no scrolling by the player; the last-move frame is not the selection's colour."""
    match, attack = _attack_position()
    _fork(page, match)
    _settle(page)
    page.evaluate("window.scrollTo(0, 0)")  # as after a new decision: the top of the game
    src, dst = _square(attack.src), _square(attack.target)
    _tap_square(page, src)
    page.wait_for_selector(f"#wf-panel button[data-target='{dst}']")
    _tap_square(page, dst)
    page.wait_for_selector("#wf-confirm #wf-attack")
    frames(page)  # the screen scrolls the confirm into view at the frame after drawing it
    assert _in_view(page, "#board") and _in_view(page, "#wf-attack"), (
        page.locator("#board").bounding_box(), page.locator("#wf-attack").bounding_box())
    # The legend names the two frames apart.
    assert "cyan" in page.inner_text(".wf-legend") and "Gold" in page.inner_text(".wf-legend")


def test_desktop_keeps_the_board_and_the_confirm_in_view(contexts: Contexts, site: Site) -> None:
    tab = contexts.new(site, viewport={"width": 1280, "height": 800}).new_page()
    tab.goto(site.url)
    tab.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT_MS)
    match, attack = _attack_position()
    _fork(tab, match)
    _settle(tab)
    src, dst = _square(attack.src), _square(attack.target)
    _click_square(tab, src)
    tab.wait_for_selector(f"#wf-panel button[data-target='{dst}']")
    _click_square(tab, dst)
    tab.wait_for_selector("#wf-confirm #wf-attack")
    frames(tab)  # the screen scrolls the confirm into view at the frame after drawing it
    assert _in_view(tab, "#wf-attack"), tab.locator("#wf-attack").bounding_box()
    box = tab.locator("#board").bounding_box()
    assert box is not None and box["y"] + box["height"] / 2 < 800, "the board is on screen"


def _click_square(page: Page, square: str) -> None:
    geo = json.loads(page.get_attribute("#board", "data-geometry") or "{}")
    f, r = FILES.index(square[0]), int(square[1])
    col = 7 - f if geo["flip"] else f
    row = r if geo["flip"] else 9 - r
    page.locator("#board").click(position={"x": geo["x0"] + (col + 0.5) * geo["size"],
                                           "y": geo["y0"] + (row + 0.5) * geo["size"]})


def _overcharge_answer() -> Match:
    """Cards, two people: White attacks and plays Overcharge; Blue is to answer it."""
    for seed in range(1, 60):
        match = Match.start("warfare", {"cards": "proposed_deck"}, seed).play(ChooseFirst("me"))
        for _ in range(40):
            legal = match.legal_actions()
            attack = next((a for a in legal if isinstance(a, Attack)), None)
            if attack and match.game.current_player(match.state) == 0:
                match = match.play(attack)
                overcharge = PlayCard(cards.OVERCHARGE)
                while match.game.current_player(match.state) == 0 and overcharge not in match.legal_actions():
                    if PassWindow(False) not in match.legal_actions():
                        break
                    match = match.play(PassWindow(False))
                if PlayCard(cards.OVERCHARGE) in match.legal_actions():
                    match = match.play(PlayCard(cards.OVERCHARGE))
                    if match.game.current_player(match.state) == 1 and match.state.window is not None:
                        return match
                break
            move = next((a for a in legal if isinstance(a, Charge)), None)
            match = match.play(move or next(a for a in legal if isinstance(a, PassWindow)))
    raise AssertionError("no seed gave the position")


def test_the_odds_count_the_card_just_played(page: Page) -> None:
    """The first window after White's Overcharge (Blue may answer it) shows White's extra die."""
    match = _overcharge_answer()
    b = match.state.battle
    assert b is not None
    sizes = abs(match.state.board[b.src]), abs(match.state.board[b.target])
    want = odds.win_chance(*odds.battle_dice(sizes[0], sizes[1], b.home, (True, False)))
    _fork(page, match)
    if page.locator("#handoff").count():
        _settle(page)
        page.locator("#handoff .btn").tap()
    page.wait_for_selector("#wf-window-odds")
    shown = float(page.get_attribute("#wf-window-odds", "data-chance") or "nan")
    assert abs(shown - float(want)) < 1e-9, (shown, float(want))
    assert f"{sizes[0] + 1} dice" in page.inner_text("#wf-window-odds")


def test_the_card_help_is_in_words(page: Page, site: Site) -> None:
    _new_game(page, site, ("-1", "-1"), rounds=10, cards=True)
    if page.locator("#handoff").count():
        _settle(page)
        page.locator("#handoff .btn").tap()
    page.wait_for_selector("details.discard")
    help_box = page.locator("details.discard", has_text="What every card does")
    help_box.locator("summary").tap()
    text = help_box.inner_text()
    assert "[object" not in text
    assert help_box.locator("dt").count() == 10 and "Overcharge" in text and "Counter-Intelligence" in text


def _visible_text(page: Page) -> str:
    """The text of the board area and the news a player can read there, scrolled to or not
    (innerText leaves out what the browser skips off screen, content-visibility: auto): all
    but the parts shown only with the log's details (rule numbers, dice records)."""
    text: str = page.evaluate("""() => ["#board-area", "#news"].map((sel) => {
        const el = document.querySelector(sel);
        if (!el) return "";
        const copy = el.cloneNode(true);
        copy.querySelectorAll(".rule-id, .detail").forEach((x) => x.remove());
        return copy.textContent;
    }).join("\\n")""")
    return text


def _person_to_decide(page: Page, also: str = "") -> str:
    """Poll until the computer is done and the person's decision has settled (and ``also`` is on
    the page); its ``at``."""
    at: str = wait_until(page, """(also) => { const g = document.getElementById("game");
        if (document.querySelector("[data-outcome]")) return "over";
        return !g.dataset.thinking && g.dataset.settled === g.dataset.at
            && (!also || !!document.querySelector(also)) && g.dataset.at; }""", also)
    return "" if at == "over" else at


@pytest.mark.parametrize("with_cards", [True, False], ids=["cards", "no cards"])
def test_a_whole_game_against_the_computer_in_players_words(page: Page, site: Site, with_cards: bool) -> None:
    """By taps, to the end: the board area and the news never show a rule number, an engine
    name or "[object" (the log, with its own details toggle, is the shell's)."""
    _new_game(page, site, ("-1", "1"), rounds=12, cards=with_cards)
    if with_cards:  # the card help open all game: its text is read at every decision too
        page.locator("details.discard", has_text="What every card does").locator("summary").tap()
    bad: list[str] = []
    for _ in range(400):
        before = _person_to_decide(page)
        if not before:
            break
        bad += [m.group(0) for m in NOT_WORDS.finditer(_visible_text(page))]
        labels = _choices(page)
        pick = next((t for t in labels if t.startswith("Attack")), None) or next(
            (t for t in labels if t.startswith("Charge")), None) or labels[0]
        if m := re.fullmatch(r"Attack (\w\d) from (\w\d)|Charge (\w\d) to (\w\d)", pick):
            src, dst = (m[2], m[1]) if m[1] else (m[3], m[4])
            _tap_square(page, src)
            page.wait_for_selector(f"#wf-panel button[data-target='{dst}']")
            _tap_square(page, dst)
            if m[1]:
                page.wait_for_selector("#wf-confirm")
                bad += [x.group(0) for x in NOT_WORDS.finditer(_visible_text(page))]
                page.locator("#wf-attack").tap()
        elif pick == "I move first":
            page.locator("#wf-rolloff button[data-choice='me']").tap()
        else:
            page.locator("#choices .choice").nth(labels.index(pick)).tap()
        _next(page, before)
    else:
        raise AssertionError("the game did not end")
    bad += [m.group(0) for m in NOT_WORDS.finditer(_visible_text(page))]
    assert bad == [], sorted(set(bad))


def test_your_battle_stays_in_the_recap_after_the_computer_replies(page: Page, site: Site) -> None:
    """Against the computer: after your attack and its reply, the recap at the top shows your
    battle's dice and its result in words, then the computer's step, and keeps them on screen."""
    _new_game(page, site, ("-1", "1"), rounds=30)
    for _ in range(80):
        before = _person_to_decide(page)
        labels = _choices(page)
        attack = next((t for t in labels if t.startswith("Attack")), None)
        if attack is None:
            pick = next((t for t in labels if t.startswith("Charge")), None) or labels[0]
            if pick == "I move first":
                page.locator("#wf-rolloff button[data-choice='me']").tap()
            else:
                page.locator("#choices .choice").nth(labels.index(pick)).tap()
            _next(page, before)
            continue
        m = re.fullmatch(r"Attack (\w\d) from (\w\d)", attack)
        assert m
        _tap_square(page, m[2])
        page.wait_for_selector(f"#wf-panel button[data-target='{m[1]}']")
        _tap_square(page, m[1])
        page.locator("#wf-attack").tap()
        _next(page, before)
        break
    else:
        raise AssertionError("no attack came up")
    # Back to the person (a retreat square to choose, or the next move): the recap holds it all.
    _person_to_decide(page, "#recap .recap-step.seat-1")
    recap = page.locator("#recap")
    first = recap.locator(".recap-step").first
    assert "You" in first.inner_text()
    assert first.locator(".wf-round .die").count() >= 2, recap.inner_text()
    outcome = first.locator(".wf-outcome").first.inner_text()
    assert re.search(r"White's attack failed|White captures", outcome), outcome
    assert recap.locator(".recap-step.seat-1").count() >= 1
    idle(page)
    still = page.locator("#recap .recap-step").first.locator(".wf-outcome").count()
    assert still == 1, "still there until the next tap"
