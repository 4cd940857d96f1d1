"""Galactic Warfare's screen on a Pixel 7: whole games by taps on the board, the roll-off,
a game against the computer, the private hand-off with cards on, and axe-core."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_core import Match, encode_link
from pygame_core.games.warfare import odds
from pygame_core.games.warfare.actions import Attack, Charge, ChooseFirst, PassWindow, StuckRetreat

from .conftest import Contexts
from .site import BOOT_TIMEOUT_MS, ROOT, Site

AXE = ROOT / "node_modules/axe-core/axe.min.js"
FILES = "abcdefgh"


@pytest.fixture(scope="module")
def page(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> Iterator[Page]:
    """One booted phone page for this module (selector waits only: the CSP forbids eval)."""
    tab = contexts.new(site, **pixel7).new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(site.url)
    tab.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT_MS)
    yield tab
    assert errors == [], errors


def _at(page: Page) -> str:
    return page.get_attribute("#game", "data-at") or ""


def _settle(page: Page) -> str:
    """Wait until the decision on screen takes taps (the shell's double-tap guard)."""
    at = _at(page)
    page.wait_for_selector(f"#game[data-settled='{at}']", timeout=20_000)
    return at


def _next(page: Page, before: str) -> None:
    page.wait_for_selector(f"#game:not([data-at='{before}'])", timeout=20_000)


def _new_game(page: Page, site: Site, seats: tuple[str, str], rounds: int, cards: bool = False,
              seed: int = 20261123) -> None:
    """A game from a challenge link (fixed seed and options: the same game every run)."""
    options: dict[str, object] = {"round_limit": rounds, **({"cards": "proposed_deck"} if cards else {})}
    page.goto(site.url + "#c/" + encode_link(Match.start("warfare", options, seed)))
    page.wait_for_selector("#setup #start:not([data-waits])")
    page.select_option("#seat-0", seats[0])
    page.select_option("#seat-1", seats[1])
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])[data-at='0']")


def _tap_square(page: Page, square: str) -> None:
    geo = json.loads(page.get_attribute("#board", "data-geometry") or "{}")
    f, r = FILES.index(square[0]), int(square[1])
    col = 7 - f if geo["flip"] else f
    row = r if geo["flip"] else 9 - r
    page.locator("#board").tap(position={"x": geo["x0"] + (col + 0.5) * geo["size"],
                                         "y": geo["y0"] + (row + 0.5) * geo["size"]})


def _choices(page: Page) -> list[str]:
    """The labels of the shell's choice buttons (without the key hint and the odds suffix)."""
    def label(text: str) -> str:
        lines = [t.strip() for t in text.split("\n")]
        return next(t for t in lines if t and not t.isdigit()).split(" · ")[0]
    return [label(t) for t in page.locator("#choices .choice").all_inner_texts()]


def _play_by_taps(page: Page, limit: int = 400) -> dict[str, int]:
    """Play to the end: attacks first, else the charge nearest the middle, by taps on the board; other decisions by
    their own screen (roll-off buttons, lit home squares) or, for passes, the choice button."""
    seen = {"attack": 0, "charge": 0, "place": 0, "first": 0, "other": 0, "computer shown": 0}
    for _ in range(limit):
        if page.locator("[data-outcome]").count():
            return seen
        if page.locator("#game[data-thinking]").count():
            mover = page.inner_text("#wf-turn").split()[0]
            before = _at(page)
            _next(page, before)
            # The computer's move is shown: in the recap at the top, where the player looks.
            if page.locator("#news #recap").count() and mover in page.inner_text("#news #recap"):
                seen["computer shown"] += 1
            continue
        before = _settle(page)
        if page.locator("[data-outcome]").count():
            return seen
        if page.locator("#handoff").count():
            page.locator("#handoff .btn").tap()
            page.wait_for_selector("#handoff", state="detached")
            continue
        labels = _choices(page)
        charges = sorted((t for t in labels if t.startswith("Charge")), key=lambda t: abs(int(t[-1]) - 4.5))
        pick = next((t for t in labels if t.startswith("Attack")), None) or (charges or labels)[0]
        if m := re.fullmatch(r"Attack (\w\d) from (\w\d)|Charge (\w\d) to (\w\d)", pick):
            kind = "attack" if m[1] else "charge"
            src, dst = (m[2], m[1]) if m[1] else (m[3], m[4])
            _tap_square(page, src)
            page.wait_for_selector(f"#wf-panel button[data-target='{dst}']")
            _tap_square(page, dst)
            if kind == "attack":
                page.wait_for_selector("#wf-confirm")
                page.locator("#wf-attack").tap()
        elif m := re.fullmatch(r"Place on (\w\d)", pick):
            _tap_square(page, m.group(1))
            kind = "place"
        elif pick in ("I move first", "You move first", "You decide"):
            page.locator("#wf-rolloff button[data-choice='me']").tap()
            kind = "first"
        else:
            page.locator("#choices .choice").nth(labels.index(pick)).tap()
            kind = "other"
        seen[kind] += 1
        _next(page, before)
    raise AssertionError("the game did not end")


def test_hot_seat_game_by_taps_on_the_board(page: Page, site: Site) -> None:
    """Two people, one phone: every charge, attack and retreat square tapped on the canvas."""
    _new_game(page, site, ("-1", "-1"), rounds=10)
    seen = _play_by_taps(page)
    assert seen["charge"] > 5 and seen["attack"] > 0 and seen["place"] > 0 and seen["first"] == 1, seen
    end = page.locator("#end-screen")
    assert end.get_attribute("data-outcome") in ("win", "loss", "draw", "over")
    assert page.locator("#wf-end-why").inner_text().strip(), "the end panel says why the game ended"
    assert page.locator("#handoff").count() == 0, "no cards: the game is public, no hand-off"
    assert _axe(page) == [], "the end screen"


def test_attack_shows_the_exact_odds_first(page: Page, site: Site) -> None:
    """A position with an attack on offer: the confirm step shows dice counts and the exact
    chance (GW-6.3), and nothing is played until "Attack" is tapped."""
    match = Match.start("warfare", {}, 7)
    match = match.play(ChooseFirst("me"))
    # Charge both sides into contact, the first charge listed each time.
    while not any(isinstance(a, Attack) for a in match.legal_actions()):
        match = match.play(next(a for a in match.legal_actions() if isinstance(a, Charge)))
    attack = next(a for a in match.legal_actions() if isinstance(a, Attack))
    page.goto(site.url + "#r/" + encode_link(match))
    page.wait_for_selector("#game[data-mode='replay']")
    page.locator("#fork").tap()
    page.wait_for_selector("#game[data-mode='play']")
    _settle(page)
    before = _at(page)
    src, dst = (f"{FILES[s % 8]}{s // 8}" for s in (attack.src, attack.target))
    _tap_square(page, src)
    page.wait_for_selector(f"#wf-panel button[data-target='{dst}']")
    _tap_square(page, dst)
    page.wait_for_selector("#wf-confirm")
    view = match.game.view(match.state, None)
    sizes = {s["square"]: s["size"] for s in view["stacks"]}
    home = int(dst[1]) in (0, 9)
    want = odds.win_chance(*odds.battle_dice(sizes[src], sizes[dst], home))
    shown = float(page.get_attribute("#wf-chance", "data-chance") or "nan")
    assert abs(shown - float(want)) < 1e-12
    # The shell's button for the same attack carries the odds too (keyboard and #choices).
    button = page.locator("#choices .choice", has_text=f"Attack {dst} from {src}")
    assert f"{100 * float(want):.1f}% to win" in button.inner_text()
    assert f"{100 * float(want):.1f}%" in page.inner_text("#wf-chance")
    assert _at(page) == before, "nothing is played before the confirmation"
    page.locator("#wf-attack").tap()
    _next(page, before)
    # The battle's dice, in the recap at the top, until the player's next decision.
    page.wait_for_selector("#recap .wf-round")
    assert page.locator("#recap .wf-round .die").count() >= 2


def test_roll_off_you_decide(page: Page, site: Site) -> None:
    """GW-3.3: the roll-off screen; "You decide" hands the choice over, without a second deferral."""
    _new_game(page, site, ("-1", "-1"), rounds=10)
    _settle(page)
    screen = page.locator("#wf-rolloff")
    assert screen.locator("button").count() == 3
    assert "rolled higher" in screen.inner_text()
    chooser = page.inner_text("#wf-turn").split()[0]
    screen.locator("button[data-choice='defer']").tap()
    page.wait_for_selector("#game[data-at='1']")
    _settle(page)
    other = page.inner_text("#wf-turn").split()[0]
    assert {chooser, other} == {"White", "Blue"}
    assert page.locator("#wf-rolloff button").count() == 2
    assert page.locator("#wf-rolloff button[data-choice='defer']").count() == 0
    assert "cannot be passed back" in page.inner_text("#wf-rolloff")
    page.locator("#wf-rolloff button[data-choice='you']").tap()
    page.wait_for_selector("#game[data-at='2']")
    assert page.inner_text("#wf-turn").startswith(chooser)


def test_game_against_the_computer(page: Page, site: Site) -> None:
    levels: list[str] = []
    try:
        from pygame_core.ai import LEVELS
        levels = list(LEVELS.get("warfare", ()))
    except ImportError:
        pass
    if len(levels) < 2:
        pytest.skip("pygame_core.ai offers no Galactic Warfare computer level yet")
    _new_game(page, site, ("-1", "1"), rounds=10)
    assert page.locator(".seat-1").inner_text().find("computer") >= 0
    seen = _play_by_taps(page)
    assert seen["charge"] + seen["attack"] > 3, seen
    assert seen["computer shown"] > 3, seen
    assert page.locator("#end-screen[data-outcome]").get_attribute("data-outcome") in ("win", "loss", "draw")


def _cards_battle_link() -> tuple[str, str, str]:
    """A cards game where White may attack now (and Blue holds cards for the battle window)."""
    match = Match.start("warfare", {"cards": "proposed_deck"}, 11)
    match = match.play(ChooseFirst("me"))
    while not (match.game.current_player(match.state) == 0
               and any(isinstance(a, Attack) for a in match.legal_actions())):
        legal = match.legal_actions()
        move = next((a for a in legal if isinstance(a, Charge)), None)
        match = match.play(move or next(a for a in legal if isinstance(a, PassWindow)))
    attack = next(a for a in match.legal_actions() if isinstance(a, Attack))
    square = lambda s: f"{FILES[s % 8]}{s // 8}"  # noqa: E731
    return "#r/" + encode_link(match), square(attack.src), square(attack.target)


def test_cards_hand_off_at_a_reaction_stop(page: Page, site: Site) -> None:
    """GW-13.2: with cards on, hot-seat play hands off at the defender's battle stop, and the
    page holds no card of either hand while the hand-off shows."""
    link, src, dst = _cards_battle_link()
    page.goto(site.url + link)
    page.wait_for_selector("#game[data-mode='replay']")
    page.locator("#fork").tap()
    page.wait_for_selector("#game[data-mode='play'] #handoff")
    _settle(page)
    page.locator("#handoff .btn").tap()
    page.wait_for_selector("#wf-hand")
    assert page.locator("#wf-hand .wf-card").count() > 0
    white_hand = page.inner_text("#wf-hand")
    _settle(page)
    before = _at(page)
    _tap_square(page, src)
    page.wait_for_selector(f"#wf-panel button[data-target='{dst}']")
    _tap_square(page, dst)
    page.locator("#wf-attack").tap()
    _next(page, before)
    # White holds priority first in the battle window (C-5.1): pass if asked.
    for _ in range(3):
        _settle(page)
        if page.locator("#handoff").count():
            break
        before = _at(page)
        page.locator("#wf-window button", has_text="Pass").first.tap()
        _next(page, before)
    assert page.locator("#handoff").count() == 1
    assert "Blue" in page.inner_text("#handoff")
    assert page.locator("#wf-hand, .wf-card, #wf-window").count() == 0
    body = page.inner_text("body")
    assert white_hand not in body
    assert "hand (" not in body
    _settle(page)
    page.locator("#handoff .btn").tap()
    page.wait_for_selector("#wf-window")
    assert "Blue's hand" in page.inner_text("#wf-hand")
    assert _axe(page) == [], "the card window and the hand"


def _stuck_link() -> tuple[str, str]:
    """A game where the player to move has a stuck ship (GW-10): seeded random play."""
    rnd = random.Random(0)
    match = Match.start("warfare", {}, 0)
    while not any(isinstance(a, StuckRetreat) for a in match.legal_actions()):
        legal = match.legal_actions()
        attacks = [a for a in legal if isinstance(a, Attack)]
        charges = [a for a in legal if isinstance(a, Charge)]
        match = match.play(rnd.choice(attacks) if attacks and rnd.random() < .7
                           else rnd.choice(charges) if charges else rnd.choice(legal))
    stuck = next(a for a in match.legal_actions() if isinstance(a, StuckRetreat))
    return "#r/" + encode_link(match), f"{FILES[stuck.src % 8]}{stuck.src // 8}"


def test_a_stuck_ship_is_explained_and_tries_for_doubles(page: Page, site: Site) -> None:
    """GW-10: the stuck ship is marked and explained; tapping it offers the doubles roll, and
    the two dice show after."""
    link, square = _stuck_link()
    page.goto(site.url + link)
    page.wait_for_selector("#game[data-mode='replay']")
    page.locator("#fork").tap()
    page.wait_for_selector("#game[data-mode='play'] #wf-notes")
    assert f"Stuck: {square}" in page.inner_text("#wf-notes")
    before = _settle(page)
    _tap_square(page, square)
    page.locator("#wf-panel button", has_text=f"Try to bring {square} home").tap()
    _next(page, before)
    page.wait_for_selector("#wf-stuck")
    assert page.locator("#wf-stuck .die").count() == 2
    assert "oubles" in page.inner_text("#wf-stuck")


def test_warfare_screens_have_no_serious_axe_violations(page: Page, site: Site) -> None:
    """axe-core on the roll-off screen and on a turn; the board has its position in words."""
    _new_game(page, site, ("-1", "-1"), rounds=10)
    _settle(page)
    found = _axe(page)
    page.locator("#wf-rolloff button[data-choice='me']").tap()
    page.wait_for_selector("#game[data-at='1']")
    _settle(page)
    found += _axe(page)
    assert found == []
    words = page.locator("#wf-words").inner_text()
    assert "White, 12 stacks" in words and "Blue, 12 stacks" in words
    assert page.get_attribute("#board", "aria-describedby") == "wf-words"


def _axe(page: Page) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        # Not a <script> tag: the page's CSP blocks inline scripts; evaluation over the
        # DevTools protocol is not subject to it.
        page.evaluate(Path(AXE).read_text() + "\n;0")
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']}: "
            + "; ".join(n["target"][0] if n["target"] else "?" for n in v["nodes"][:3])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]
