"""Issue 36: Galactic Warfare and Minimal Space Combat played a few turns by keyboard alone, on a
desktop: squares and hexes by the arrow keys on the board, Enter to tap and commit, an attack's
confirm reached by keyboard as by a tap, the keys listed in How to play. The default a player
gets (steps with one thing to do play themselves: ``confirm_steps=False``)."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page

from pygame_core import Match, encode_link

from .conftest import Contexts, wait_ready
from .site import Site

DESK = {"width": 1280, "height": 800}


def _tab_to(page: Page, selector: str, presses: int = 120) -> None:
    for _ in range(presses):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def _at(page: Page) -> str:
    return page.get_attribute("#game", "data-at") or ""


def _my_turn(page: Page, timeout: float = 60) -> str:
    """Wait until the person has a settled decision (the computer's turns play meanwhile)."""
    end = time.time() + timeout
    while time.time() < end:
        now = _at(page)
        if (page.locator(f"#game[data-settled='{now}']:not([data-thinking]) #choices .choice").count()
                and not page.locator(".msc-busy").count()):
            return now
        time.sleep(0.05)
    raise TimeoutError(f"no decision for the person (at {_at(page)})")


def _changed(page: Page, before: str, timeout: float = 30) -> None:
    end = time.time() + timeout
    while time.time() < end:
        if _at(page) != before:
            return
        time.sleep(0.05)
    raise TimeoutError(f"nothing happened after action {before}")


def test_warfare_by_keyboard(contexts: Contexts, site: Site) -> None:
    page = contexts.new(site, confirm_steps=False, viewport=DESK).new_page()
    page.goto(site.url)
    wait_ready(page)
    page.goto(site.url + "#c/" + encode_link(Match.start("warfare", {"round_limit": 30}, 1)))
    page.wait_for_selector("#setup #start:not([data-waits])")
    _tab_to(page, "#start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#game:not([hidden])")
    # How to play lists the keys.
    _tab_to(page, "#help")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open]")
    assert "arrow keys" in page.inner_text("dialog[open]")
    page.keyboard.press("Escape")
    # The roll-off: White (the person) chooses with a number key.
    now = _my_turn(page)
    assert page.locator("#wf-rolloff").count()
    page.keyboard.press("1")  # I move first
    _changed(page, now)
    attacks = 0
    for _turn in range(5):
        now = _my_turn(page)
        _tab_to(page, "#board")
        page.keyboard.press("Home")  # the frame on the first ringed stack, or a square to place on
        if "Enter:" in page.inner_text("#wf-cursor-words"):
            # The computer lost an attack: the person places its stack on its home row (GW-8.1).
            page.keyboard.press("Enter")
            _changed(page, now)
            continue
        page.keyboard.press("Enter")  # selected: its moves lit
        page.keyboard.press("Home")  # the frame on its first lit square
        words = page.inner_text("#wf-cursor-words")
        assert "Enter:" in words, words
        page.keyboard.press("Enter")
        if "Attack" in words:
            # An attack confirms like a tap: its odds, then Enter on Attack.
            page.wait_for_selector("#wf-attack")
            assert page.evaluate("document.activeElement.id") == "wf-attack"
            page.keyboard.press("Enter")
            attacks += 1
        _changed(page, now)
    # A number key on an attack shows the confirm first, never plays it at once.
    now = _my_turn(page)
    labels = page.locator("#choices .choice").all_inner_texts()
    attack = next((n for n, t in enumerate(labels[:9]) if "Attack" in t), None)
    if attack is not None:
        page.keyboard.press(str(attack + 1))
        page.wait_for_selector("#wf-attack")
        assert _at(page) == now
        page.keyboard.press("Escape")
        assert not page.locator("#wf-attack").count()


def _against_the_computer_by_keyboard(contexts: Contexts, site: Site, game: str) -> Page:
    """A new game with the computer in seat 1 (its first level), started by Enter on #start."""
    page = contexts.new(site, confirm_steps=False, viewport=DESK).new_page()
    page.goto(site.url)
    wait_ready(page)
    page.goto(site.url + f"#new/{game}")
    page.wait_for_selector("#setup #start:not([data-waits])")
    levels = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.value).filter(v => /^[0-9]+$/.test(v))")
    page.select_option("#seat-1", levels[0])
    _tab_to(page, "#start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#game:not([hidden])")
    return page


def test_skirmish_by_keyboard(contexts: Contexts, site: Site) -> None:
    page = _against_the_computer_by_keyboard(contexts, site, "skirmish")
    # The fleet: the quick start, submitted by keyboard.
    now = _my_turn(page)
    _tab_to(page, "#msc-fleet-submit, #msc-submit-designs")
    page.keyboard.press("Enter")
    _changed(page, now)
    # Deployment: a hex by the arrow keys on the map, Enter places; then the facing and Submit.
    now = _my_turn(page)
    _tab_to(page, "#board")
    page.keyboard.press("ArrowDown")
    assert "Enter places" in page.inner_text("#msc-cursor-words")
    page.keyboard.press("Enter")
    _changed(page, now)
    now = _my_turn(page)
    # The facings and Submit are the shell's choices (issue 36): Face N..NW are the six
    # actions in order, so SE is the third; Submit is then the only one.
    _tab_to(page, "#choices .choice[data-action='2']")
    page.keyboard.press("Enter")
    _changed(page, now)
    now = _my_turn(page)
    _tab_to(page, "#choices .choice[data-action='0']")
    page.keyboard.press("Enter")
    _changed(page, now)
    # Two turns of orders: a SPEED, F by key, Enter commits the draft (and the one ship's orders
    # are submitted with it: no second decision).
    for _turn in range(2):
        now = _my_turn(page, 90)
        if not page.locator("#msc-commit").count():
            # A combat step: hold fire by its number key, which the panel names (Hold fire is
            # the shell's choice alone, issue 36).
            key = re.search(r"hold fire: key (\d) in the choices", page.inner_text("#msc-fire-words"))
            assert key, page.inner_text("#msc-fire-words")
            page.keyboard.press(key.group(1))
            _changed(page, now)
            continue
        speeds = page.eval_on_selector_all("[data-speed]:not(.msc-no)", "els => els.map(e => +e.dataset.speed)")
        speed = 1 if 1 in speeds else min(speeds)
        _tab_to(page, f"[data-speed='{speed}']")
        page.keyboard.press("Enter")
        for _ in range(speed):
            page.keyboard.press("f")
        _tab_to(page, "#board")  # Enter anywhere but on a button commits the draft
        page.keyboard.press("Enter")
        _changed(page, now)
        page.wait_for_selector("#choices .choice:has-text('Submit my orders')", state="detached", timeout=30_000)
    # The keys are in How to play.
    _tab_to(page, "#help")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open]")
    assert "arrow keys" in page.inner_text("dialog[open]")
    page.keyboard.press("Escape")


def _start_by_keyboard(page: Page, site: Site, game: str, options: dict[str, object], seed: int) -> None:
    page.goto(site.url)
    wait_ready(page)
    page.goto(site.url + "#c/" + encode_link(Match.start(game, options, seed)))
    page.wait_for_selector("#setup #start:not([data-waits])")
    _tab_to(page, "#start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#game:not([hidden])")


def _choose_by_keyboard(page: Page, turn: int) -> None:
    """One decision from the choice list: a number key, or Tab to a choice and Enter, in turn."""
    now = _my_turn(page)
    count = page.locator("#choices .choice").count()
    if turn % 2 == 0 and count <= 9:
        page.keyboard.press(str(1 + turn % count))
    else:
        _tab_to(page, "#choices .choice")
        page.keyboard.press("Enter")
    _changed(page, now)


def _keys_in_how_to_play(page: Page) -> None:
    """How to play, opened by keyboard, lists the number keys."""
    _tab_to(page, "#help")
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open]")
    assert "number keys" in page.inner_text("dialog[open]")


def test_spacehole_by_keyboard(contexts: Contexts, site: Site) -> None:
    page = contexts.new(site, confirm_steps=False, viewport=DESK).new_page()
    _start_by_keyboard(page, site, "spacehole", {}, 5)
    for turn in range(12):
        if page.locator("[data-outcome]").count():
            break
        _choose_by_keyboard(page, turn)
    _keys_in_how_to_play(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")


def test_genocide_by_keyboard(contexts: Contexts, site: Site) -> None:
    """Setup and the first decisions against the computer, every one from the choice list."""
    page = _against_the_computer_by_keyboard(contexts, site, "genocide")
    for turn in range(15):
        if page.locator("[data-outcome]").count():
            break
        _choose_by_keyboard(page, turn)
    _keys_in_how_to_play(page)


def test_genocide_map_by_arrow_keys(contexts: Contexts, site: Site) -> None:
    """A fleet moved by keyboard on the map: Tab to the map, the frame starts on the fleet being
    ordered, an arrow key moves it to a hex in reach (the hex box says what is there), Enter moves
    the fleet there as a tap would."""
    from pygame_core import decode_match
    from pygame_core.games.genocide.actions import Step
    from pygame_core.hexgrid import Hex

    from .test_genocide import _saved_game_script
    from .test_genocide_follow import _race_match

    match = _race_match()
    state = match.state
    fleet = next(f for f in state.fleets if f.owner == 0 and f.marker == state.cursor)
    here = Hex(fleet.col, fleet.row)
    keys = {(0, -1): "ArrowUp", (0, 1): "ArrowDown", (-1, 0): "ArrowLeft", (1, 0): "ArrowRight"}
    step = next((a, keys[(to.col - here.col, to.row - here.row)]) for a in match.legal_actions()
                if isinstance(a, Step) and (to := here.neighbour(a.direction))
                and (to.col - here.col, to.row - here.row) in keys)
    dest = here.neighbour(step[0].direction)
    page = contexts.new(site, init_script=_saved_game_script("gckeys", match, (-1, 1)), confirm_steps=False,
                        viewport=DESK).new_page()
    page.goto(site.url)
    wait_ready(page)
    page.goto(site.url + "#g/gckeys")
    now = _my_turn(page)
    _tab_to(page, "#gc-map")
    page.keyboard.press(step[1])
    page.wait_for_selector(f"#gc-hexbox:has-text('Hex {dest.col + 1:02d}{dest.row + 1:02d}')")
    page.keyboard.press("Enter")
    _changed(page, now)
    saved = decode_match(page.evaluate("localStorage.getItem('startable:game:gckeys')"))
    moved = next(f for f in saved.state.fleets if f.owner == 0 and f.marker == fleet.marker)
    assert (moved.col, moved.row) == (dest.col, dest.row)
