"""Minimal Space Combat turns a person can follow (issue 24): typed orders with one clear error,
Undo after "Build" back to the designer as it was, the map and the decision's confirm on a
phone's screen together, a tap right after a multi-step commit, the movement replay after a
hot-seat hand-off, and player's words only (no rule IDs, no engine names) over a whole game.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import Contexts, wait_ready
from .helpers import frames
from .site import Site
from .test_skirmish import (
    FACINGS,
    SMALL_MAP,
    SUBMIT_DEPLOY,
    SUBMIT_ORDERS,
    at,
    changed,
    hex_point,
    new_game,
    play_by_taps,
    settled,
    tap_hex,
    title,
    total,
)

ENGINE_WORDS = re.compile(r"\b(GW|MSC|SG|SH)-?[0-9]|ship1|\[object")
PHONE = {"width": 412, "height": 839}


@pytest.fixture(scope="module")
def page(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> Page:
    context = contexts.new(site, **{**pixel7, "viewport": PHONE})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(site.url)
    wait_ready(page)
    return page


def against_the_computer(page: Page, site: Site, **options: Any) -> None:
    page.goto(site.url + "#new/skirmish")
    page.wait_for_selector("#start")
    levels = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.value).filter(v => v !== '-1')")
    if not levels:
        pytest.skip("no computer level for Minimal Space Combat")
    new_game(page, site, seats=("-1", levels[0]), **options)
    settled(page)


def deploy_and_reach_orders(page: Page) -> None:
    """Build the quick start, deploy West's one ship, and wait for West's first orders."""
    page.tap("#msc-fleet-submit")
    deploy(page, west=True)
    page.wait_for_selector("#msc-commit")
    settled(page)


def deploy(page: Page, west: bool, width: int = SMALL_MAP["width"]) -> None:
    page.wait_for_selector("#msc-panel:has-text('Tap a hex')")
    now = settled(page)
    tap_hex(page, 1 if west else width - 2, 3)
    changed(page, now)
    now = settled(page)
    page.tap(f"{FACINGS}:has-text('faces {'SE' if west else 'SW'}')")
    changed(page, now)
    now = settled(page)
    page.tap(SUBMIT_DEPLOY)
    changed(page, now)


def order_state(page: Page) -> str:
    return page.inner_text("#msc-order-state")


def messages(page: Page) -> list[str]:
    """Every warning or status line the orders panel shows."""
    shown = page.locator("#msc-panel .warn, #msc-panel [role='alert'], #msc-order-state").all_inner_texts()
    return [t for t in shown if t.strip()]


def type_orders(page: Page, text: str) -> None:
    page.fill("#msc-orders-input", text)
    page.wait_for_function("t => document.getElementById('msc-orders-input').value === t", arg=text)


def commit_disabled(page: Page) -> bool:
    return page.locator("#msc-commit[disabled]").count() == 1


def test_typed_orders_give_one_clear_error_and_never_cut(page: Page, site: Site) -> None:
    """The duel's Ship 1 has ENGINE 3: "2R1" and "4" are 4 steps, too many for any SPEED it has
    (an error, Set disabled, nothing cut to 3); "2X" names the bad letter; with SPEED 3 tapped,
    "2R1" gives one message, not three."""
    against_the_computer(page, site, **SMALL_MAP)
    deploy_and_reach_orders(page)
    for text in ("2R1", "4"):
        type_orders(page, text)
        state = order_state(page)
        assert f"“{text}” is 4 steps" in state and "at most SPEED 3" in state and "ENGINE is 3" in state, state
        assert commit_disabled(page)
        assert messages(page) == [state]
        assert page.input_value("#msc-orders-input") == text  # what was typed stays as typed
    type_orders(page, "2X")
    assert "“2X” cannot be read" in order_state(page) and "“X” is neither" in order_state(page)
    assert commit_disabled(page)
    type_orders(page, "")
    page.tap("[data-speed='3']")
    type_orders(page, "2R1")
    shown = messages(page)
    assert len(shown) == 1, shown
    assert "more than SPEED 3" in shown[0] and "Choose a SPEED" not in shown[0]
    assert commit_disabled(page)
    type_orders(page, "LR1")
    assert "twice in a row" in order_state(page) and commit_disabled(page)
    type_orders(page, "2R")
    assert "(3 of 3)" in order_state(page) and not commit_disabled(page)
    # Enter plays the orders: SPEED 3, then the steps, then the ship's orders are in.
    page.locator("#msc-orders-input").press("Enter")
    page.wait_for_selector(SUBMIT_ORDERS)
    assert "SPEED 3, orders 2R" in page.inner_text(".msc-plotted")


def test_a_tap_on_submit_right_after_enter_is_played(page: Page, site: Site) -> None:
    """Enter commits the orders step by step; "Submit my orders" appears when they are in. A tap
    there as soon as it shows (within the shell's settle time) still submits them."""
    against_the_computer(page, site, **SMALL_MAP)
    deploy_and_reach_orders(page)
    type_orders(page, "1")
    page.locator("#msc-orders-input").press("Enter")
    page.wait_for_selector(SUBMIT_ORDERS, timeout=30_000)
    before = at(page)
    page.locator(SUBMIT_ORDERS).tap()
    changed(page, before, 10)
    assert page.locator(SUBMIT_ORDERS).count() == 0


def test_undo_after_build_returns_to_the_designer_as_it_was(page: Page, site: Site) -> None:
    """A custom ship is nine engine steps; Undo right after "Build W1" takes them all back and
    shows the same values, name and cost, with the example designs offered again."""
    against_the_computer(page, site, **SMALL_MAP)
    page.wait_for_selector("#msc-build")
    start = settled(page)
    page.tap("[aria-label='SHIELDS plus 1']")
    page.tap("[aria-label='TO-HIT plus 1']")
    fr = page.locator("button.msc-side").nth(2)  # F, FL, FR, RL, RR
    assert fr.inner_text().startswith("FR ")
    fr.tap()  # FR off: 3 + 4 + 4 + 2 weapons = 15 BP
    page.fill("#msc-ship-name", "Vigilant")
    shown_total = total(page)
    assert "Costs 15 of 15" in shown_total
    page.tap("#msc-build")
    page.wait_for_selector(".msc-built li")
    settled(page)
    assert "ENGINE 3, SHIELDS 4, TO-HIT 4" in page.inner_text(".msc-built")
    before = at(page)
    page.tap("#undo")
    changed(page, before)
    page.wait_for_function(
        f"() => document.querySelector('#game').dataset.at === '{start}' && !document.querySelector('.msc-busy')")
    settled(page)
    assert page.locator(".msc-built li").count() == 0
    assert total(page) == shown_total
    assert page.input_value("#msc-ship-name") == "Vigilant"
    assert [page.inner_text(f"#msc-{k}") for k in ("engine", "shields", "to_hit")] == ["3", "4", "4"]
    assert page.locator(".msc-templates button[disabled]").count() == 0
    assert "no weapon on" not in page.inner_text("#board-area").lower()
    assert [t.split()[0] for t in page.locator("button.msc-side.on").all_inner_texts()] == ["F", "FL"]


def test_phone_shows_the_map_and_the_orders_confirm_together(page: Page, site: Site) -> None:
    """At 412x839, once a SPEED is chosen for the ship to order, the map (with that ship on it)
    and "Set … orders" are both inside the viewport."""
    against_the_computer(page, site, **SMALL_MAP)
    deploy_and_reach_orders(page)
    page.tap("[data-speed='1']")
    # The panel is drawn again with that SPEED (the map and the page's scroll with it, at once).
    page.wait_for_selector("[data-speed='1'][aria-pressed='true']")
    board = page.locator("#board").bounding_box()
    confirm = page.locator("#msc-commit").bounding_box()
    assert board and confirm
    assert board["y"] + board["height"] > 60 and board["y"] < PHONE["height"] - 100, board
    assert confirm["y"] >= 0 and confirm["y"] + confirm["height"] <= PHONE["height"], confirm
    # The ship being ordered is drawn inside the map's visible part.
    scale, x0, y0 = map(float, (page.get_attribute("#board", "data-view") or "").split(","))
    assert scale >= 16  # hexes at least about 32 px across: readable
    col, row = 1, 3
    ux, uy = 1 + 1.5 * col, 3 ** 0.5 / 2 + 3 ** 0.5 * (row + 0.5 * (col & 1))
    x, y = (ux - x0) * scale, (uy - y0) * scale
    assert 0 < x < board["width"] and 0 < y < board["height"]


def test_hot_seat_replays_the_moves_after_the_hand_off(page: Page, site: Site) -> None:
    """MSC-11.1: after East submits and the device goes back to West, West sees the moves
    replayed on the map by themselves, the recap tells them, and "Replay moves" plays them again.
    The ships start 20 columns apart: no shot after one move, so West plots next, after a hand-off."""
    new_game(page, site, turn_limit=2, width=24, height=8)
    for _seat in (0, 1):
        page.wait_for_selector("#handoff")
        settled(page)
        page.locator("#handoff .btn").tap()
        page.wait_for_selector("#msc-fleet-submit")
        settled(page)
        page.tap("#msc-fleet-submit")
    for seat in (0, 1):
        page.wait_for_selector("#handoff")
        settled(page)
        page.locator("#handoff .btn").tap()
        deploy(page, west=seat == 0, width=24)
    replays = 0
    for _seat in (0, 1):
        page.wait_for_selector("#handoff")
        settled(page)
        page.locator("#handoff .btn").tap()
        page.wait_for_selector("#msc-commit")
        settled(page)
        page.tap("[data-speed='1']")
        page.tap("[data-step='F']")
        page.tap("#msc-commit")
        page.wait_for_selector(SUBMIT_ORDERS)
        now = settled(page)
        replays = int(page.get_attribute("#msc-map-wrap", "data-replays") or 0)  # before the reveal
        page.tap(SUBMIT_ORDERS)
        changed(page, now)
    page.wait_for_selector("#handoff")
    settled(page)
    page.locator("#handoff .btn").tap()
    page.wait_for_selector("#msc-map-wrap")
    page.wait_for_function(f"() => +document.getElementById('msc-map-wrap').dataset.replays > {replays}")
    recap = page.inner_text("#news")
    assert "West 1 (SPEED 1, orders 1) ends at" in recap and "East 1 (SPEED 1, orders 1) ends at" in recap, recap
    assert "West cannot fire this turn" in recap and "no enemy within range 6" in recap, recap
    replay = page.locator("#news .msc-replay, #msc-replay").first
    replays = int(page.get_attribute("#msc-map-wrap", "data-replays") or 0)
    replay.tap()
    page.wait_for_function(f"() => +document.getElementById('msc-map-wrap').dataset.replays > {replays}")


def test_a_whole_game_against_the_computer_in_players_words(page: Page, site: Site) -> None:
    """No rule ID, engine name or "[object" in the board area or the news at any decision of a
    whole skirmish against the computer, a fire phase with no shot included."""
    against_the_computer(page, site, scenario="skirmish", turn_limit=4, **SMALL_MAP)
    seen: list[str] = []

    def check(p: Page) -> None:
        text = p.inner_text("#board-area") + (p.inner_text("#news") if p.locator("#news").count() else "")
        found = ENGINE_WORDS.findall(text)
        assert not found, (found, title(p), text[:600])
        seen.append(text)

    play_by_taps(page, check=check)
    check(page)
    assert len(seen) > 10
    log = page.inner_text("#log")
    assert "Initiative:" in log and ("fires its" in log or "cannot fire this turn" in log)


DECISION_IN_VIEW = """(main) => {
  const top = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const board = document.getElementById('board');
  const panel = document.getElementById('msc-panel');
  if (!board || !panel) return null;
  const b = board.getBoundingClientRect();
  const seen = Math.min(b.bottom, innerHeight) - Math.max(b.top, top);
  const out = [];
  // The deployment's facings and Submit are the shell's choices (issue 36).
  const picks = document.getElementById('msc-deploy-words') ? [...document.querySelectorAll('#choices .choice')] : [];
  // The orders' Submit and Hold fire are the shell's choices alone (issue 36: one list of buttons).
  const shells = [...document.querySelectorAll('#choices .choice')]
    .filter((b) => /Submit my orders|Hold fire/.test(b.textContent));
  // main: only the controls that end the decision (Set, Fire, Submit, Hold fire), wherever the
  // rest are.
  const controls = main ? [...document.querySelectorAll('#msc-commit, .msc-fire-btn')].slice(0, 1).concat(shells)
    : [...panel.querySelectorAll('[data-speed], [data-step], #msc-commit, '
      + '[data-target], .msc-hit-sides .btn'), ...[...panel.querySelectorAll('.msc-fire-btn')].slice(0, 1),
      ...picks, ...shells];
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const shown = r.top >= top && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
      && Boolean(hit) && (hit === el || el.contains(hit));
    const where = `${Math.round(r.top)}-${Math.round(r.bottom)}`;
    if (!shown) out.push(`${el.id || el.className} "${el.textContent.trim().slice(0, 30)}" at ${where}`);
  }
  return {map: [Math.round(seen), Math.round(b.height)], controls: controls.length, out};
}"""


def assert_end_framed(page: Page) -> None:
    """The end of the game frames every ship still on the map, each a hex's width inside the
    map's edges (its label above it, its marks under it): none clipped in a corner."""
    frames(page)
    page.wait_for_selector("#board")
    scale = float((page.get_attribute("#board", "data-view") or "0").split(",")[0])
    survivors = [text for text in page.locator(".msc-ship .msc-where").all_inner_texts()]
    assert survivors, "no ship survived: nothing to frame"
    for text in survivors:
        found = re.search(r"Hex (\d\d)(\d\d)", text)
        assert found, text
        x, y, box = hex_point(page, int(found.group(1)) - 1, int(found.group(2)) - 1)
        margin = 0.9 * scale
        assert box["x"] + margin <= x <= box["x"] + box["width"] - margin, (text, x, box, scale)
        assert box["y"] + margin <= y <= box["y"] + box["height"] - margin, (text, y, box, scale)
        # Nor under the map's buttons (issue 36: a ship in the top row sat under them).
        for button in page.locator(".msc-map-tools .btn").all():
            b = button.bounding_box()
            assert b is not None
            near = 0.6 * scale
            under = b["x"] - near < x < b["x"] + b["width"] + near and b["y"] - near < y < b["y"] + b["height"] + near
            assert not under, (text, (x, y), button.inner_text(), b)


def one_button_each(page: Page) -> None:
    """Issue 36: "Submit my orders" and "Hold fire" are one button each, the shell's choice; the
    screen's panel says where they are, in words."""
    for words in ("Submit my orders", "Hold fire"):
        shown = [b for b in page.locator(f"button:has-text('{words}')").all() if b.is_visible()]
        assert len(shown) <= 1, (words, [b.inner_text() for b in shown])
        if shown:
            assert shown[0].evaluate("b => b.matches('#choices .choice')"), words


def map_and_decision_checked(page: Page, landscape_or_desktop: bool, checked: list[str]) -> bool:
    """At a decision (else False): at least half of the map and the decision's controls in the
    viewport, uncovered (``DECISION_IN_VIEW``), Submit and Hold fire one button each; its title
    and controls added to ``checked``."""
    found: dict[str, Any] | None = page.evaluate(DECISION_IN_VIEW, landscape_or_desktop)
    if found is None:
        return False
    seen, height = found["map"]
    assert seen >= height / 2, (title(page), found)
    assert found["out"] == [], (title(page), found)
    one_button_each(page)
    checked.append(f"{title(page)} ({found['controls']})" if landscape_or_desktop else title(page))
    return True


@pytest.mark.parametrize("size", [{"width": 915, "height": 412}, {"width": 1280, "height": 800}],
                         ids=["landscape", "desktop"])
def test_the_map_and_the_confirm_in_view_landscape_and_desktop(page: Page, site: Site, size: dict[str, int]) -> None:
    """Issue 36: on a phone held sideways and on a desktop, at every decision of a duel against
    the computer, at least half of the map and the control that ends the decision ("Set …'s
    orders" while plotting, the shot's Fire once its odds show, the shell's "Submit my orders")
    are inside the viewport together, uncovered; each of Submit and Hold fire is one button."""
    page.set_viewport_size(size)
    against_the_computer(page, site, turn_limit=3, **SMALL_MAP)
    checked: list[str] = []

    def check(p: Page) -> None:
        map_and_decision_checked(p, True, checked)

    try:
        play_by_taps(page, check=check)
        assert_end_framed(page)
    finally:
        page.set_viewport_size(PHONE)
    assert sum("Submit" in t or "(1)" in t for t in checked) > 3, checked


def test_the_map_and_the_decision_are_in_view_together_for_a_whole_game(page: Page, site: Site) -> None:
    """Issue 36: on a 412x839 phone, at every decision of a whole skirmish against the computer
    (deploying, plotting orders, with the orders plotted, firing with the odds shown), at least
    half of the map and every one of the decision's buttons are inside the viewport, under the
    header and uncovered, without the player scrolling (of several shots at a target, the first
    Fire: the others scroll in their list), the orders' Submit and Hold fire being the shell's
    choices, one button each; a reveal of both sides' moves in the recap files each side's under
    its own name; the end frames every ship left."""
    page.set_viewport_size(PHONE)
    against_the_computer(page, site, scenario="skirmish", turn_limit=4, **SMALL_MAP)
    checked: list[str] = []
    sides_seen: list[str] = []

    def check(p: Page) -> None:
        if not map_and_decision_checked(p, False, checked):
            return
        for side in p.locator("#recap .msc-recap-side").all():
            name = side.locator(".recap-who").inner_text()
            lines = side.locator("li").all_inner_texts()
            owner = "West" if side.get_attribute("data-side") == "0" else "East"
            assert lines and all(line.startswith(owner) for line in lines), (name, lines)
            sides_seen.append(owner)

    play_by_taps(page, check=check)
    assert_end_framed(page)
    assert len(checked) > 8, checked
    assert {"West", "East"} <= set(sides_seen), sides_seen
