"""Minimal Space Combat in the browser: the designer, a hot-seat duel by taps, secrets behind the
hand-off, the keyboard, axe-core, and a game against the computer (issue 17).

Every tap waits for ``#game[data-settled='<at>']`` (a tap sooner is ignored by design) and for
the screen's own multi-step commits (``.msc-busy``) to finish.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from .conftest import Contexts, wait_ready
from .helpers import frames
from .site import ROOT, STEP_MS, Site

AXE = ROOT / "node_modules/axe-core/axe.min.js"
SMALL_MAP: dict[str, Any] = {"width": 10, "height": 8}


# ---------------------------------------------------------------------------- helpers


# The deployment's facings and its Submit are the shell's choices alone (issue 36).
FACINGS = "#choices .choice:has-text(' faces ')"
SUBMIT_DEPLOY = "#choices .choice:has-text('Submit my deployment')"
# The orders' Submit and Hold fire are the shell's choices alone too: the panel says where they are.
SUBMIT_ORDERS = "#choices .choice:has-text('Submit my orders')"
HOLD_FIRE = "#choices .choice:has-text('Hold fire')"


def total(page: Page) -> str:
    """The designer's total once the rules have judged the form on screen (issue 32: the page
    asks the engine, designs.py, and draws the answer)."""
    page.wait_for_selector("#msc-total[aria-busy='false']")
    return page.inner_text("#msc-total")


def at(page: Page) -> str:
    return page.get_attribute("#game", "data-at") or ""


def settled(page: Page, timeout: float = 30) -> str:
    """The decision on screen has settled (and no multi-step commit is running)."""
    end = time.time() + timeout
    while time.time() < end:
        now = at(page)
        if page.locator(f"#game[data-settled='{now}']").count() and not page.locator(".msc-busy").count():
            return now
        time.sleep(0.04)
    raise TimeoutError(f"the screen did not settle (at {at(page)})")


def changed(page: Page, before: str, timeout: float = 30) -> None:
    end = time.time() + timeout
    while time.time() < end:
        if at(page) != before:
            return
        time.sleep(0.04)
    raise TimeoutError(f"nothing happened after action {before}")


def new_game(page: Page, site: Site, seats: tuple[str, str] = ("-1", "-1"), **options: Any) -> None:
    page.goto(site.url + "#new/skirmish")  # a booted page only changes its fragment: no reload
    wait_ready(page)
    page.wait_for_selector("#start")
    for n, seat in enumerate(seats):
        page.select_option(f"#seat-{n}", seat)
    for key, value in options.items():
        field = page.locator(f"#opt-{key}")
        if field.count():
            if not field.is_visible():
                page.click(".more-options summary")
            field.fill(str(value))
        else:
            page.check(f"input[name='opt-{key}'][value='\"{value}\"']")
    page.locator("#start").click()
    page.wait_for_selector("#game:not([hidden])")


def title(page: Page) -> str:
    return page.inner_text("#decide-title") if page.locator("#decide-title").count() else ""


def hex_point(page: Page, col: int, row: int) -> tuple[float, float, Any]:
    scale, x0, y0 = map(float, (page.get_attribute("#board", "data-view") or "1,0,0").split(","))
    box = page.locator("#board").bounding_box()
    assert box is not None
    ux = 1 + 1.5 * col
    uy = 3 ** 0.5 / 2 + 3 ** 0.5 * (row + 0.5 * (col & 1))
    return box["x"] + (ux - x0) * scale, box["y"] + (uy - y0) * scale, box


def tap_hex(page: Page, col: int, row: int) -> None:
    """Tap a hex of the battle map (the whole map is shown first if it is out of view)."""
    x, y, box = hex_point(page, col, row)
    inside = box["x"] + 6 < x < box["x"] + box["width"] - 6 and box["y"] + 6 < y < box["y"] + box["height"] - 6
    if not inside:
        page.get_by_role("button", name="Whole map").tap()
        x, y, box = hex_point(page, col, row)
    page.mouse.move(x, y)
    page.touchscreen.tap(x, y)


def ship_hex(page: Page, label: str) -> tuple[int, int]:
    text = page.inner_text(f"[data-ship='{label}'] .msc-where")
    found = re.search(r"Hex (\d\d)(\d\d)", text)
    assert found, text
    return int(found.group(1)) - 1, int(found.group(2)) - 1


def play_by_taps(page: Page, limit: int = 400, orders: str = "F", ships: int = 8,
                 check: Callable[[Page], None] | None = None) -> int:
    """Play every decision on screen by tapping the board and the screen's own controls (the
    computer's turns are waited for) until the end panel shows; ``check`` looks at each
    decision first, and again once orders are plotted and once a shot's odds show. Returns the
    decisions taken."""
    taken = 0
    while not page.locator("[data-outcome]").count():
        taken += 1
        assert taken < limit, "the game did not end"
        now = settled(page)
        head = title(page)
        if check is not None and not page.locator("#handoff, #game[data-thinking]").count():
            check(page)
        if page.locator("#handoff").count():
            page.locator("#handoff .btn").tap()
            page.wait_for_selector("#handoff", state="detached")
        elif page.locator("#game[data-thinking]").count():
            changed(page, now, 90)
        elif page.locator("#msc-fleet-submit").count():
            # The fleet picked at setup (the quick start by default), built and submitted in one tap.
            page.tap("#msc-fleet-submit")
            changed(page, now)
        elif page.locator("#msc-build").count() and page.locator(".msc-built li").count() < ships:
            page.tap("#msc-build")
            # The screen plays the ship's steps one by one: the first is in once the decision
            # moved on, the last once the decision settles with no step left to play.
            changed(page, now)
            settled(page)
        elif page.locator("#msc-submit-designs").count():
            page.tap("#msc-submit-designs")
            changed(page, now)
        elif page.locator(FACINGS).count():
            page.tap(f"{FACINGS}:has-text('faces {'SE' if head.startswith('West') else 'SW'}')")
            changed(page, now)
        elif page.locator(SUBMIT_DEPLOY).count():
            page.tap(SUBMIT_DEPLOY)
            changed(page, now)
        elif "place" in head:
            west = head.startswith("West")
            tap_hex(page, 1 if west else SMALL_MAP["width"] - 2, 3)
            changed(page, now)
        elif page.locator(SUBMIT_ORDERS).count():
            page.tap(SUBMIT_ORDERS)
            changed(page, now)
        elif page.locator("#msc-commit").count():
            speeds = page.eval_on_selector_all("[data-speed]:not(.msc-no)", "els => els.map(e => +e.dataset.speed)")
            speed = 1 if 1 in speeds else min(speeds)
            page.tap(f"[data-speed='{speed}']")
            for _ in range(speed):
                page.tap(f"[data-step='{orders}']")
            if check is not None:
                check(page)  # the orders plotted, "Set" ready
            page.tap("#msc-commit")
            changed(page, now)  # the orders' steps, as for a build above
            settled(page)
        elif page.locator("[data-target]").count() and head.split()[0] in ("West", "East"):
            # Tap the target on the map: its odds show before firing.
            target = page.locator("[data-target]").first.inner_text().split()[1]
            tap_hex(page, *ship_hex(page, target))
            page.wait_for_selector(".msc-fire-btn")
            assert "%" in page.inner_text("#msc-odds") and "1–4" in page.inner_text("#msc-dmg-box")
            if check is not None:
                check(page)  # the odds shown, "Fire" ready
            page.locator(".msc-fire-btn").first.tap()
            changed(page, now)
        elif page.locator(HOLD_FIRE).count():
            page.tap(HOLD_FIRE)
            changed(page, now)
        else:
            # The step on screen may have played itself (an idle Hold fire ending the game, the
            # computer's turn) since the page settled: tap a choice only if one is there.
            page.wait_for_selector("#choices .choice, [data-outcome], #handoff, #game[data-thinking]",
                                   state="attached", timeout=STEP_MS)
            if not page.locator("#choices .choice").count():
                continue
            page.locator("#choices .choice").first.tap()
            changed(page, now)
    return taken


def axe_violations(page: Page) -> list[str]:
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']}: " + "; ".join(n["target"][0] for n in v["nodes"][:3])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def design_code(name: str, stats: str = "333", weapons: str = "F-FL-FR") -> str:
    """A design code as fleet.js writes it: m, ENGINE SHIELDS TO-HIT, a base-32 weapons mask, the name."""
    mask = sum(1 << n for n, side in enumerate(("F", "FL", "FR", "RL", "RR")) if side in weapons.split("-"))
    digits = "0123456789abcdefghijklmnopqrstuv"
    return f"m{stats}{digits[mask]}.{quote(name, safe='')}"


# ---------------------------------------------------------------------------- tests

LEAK_SCRIPT = """
(() => {
  window.__drawn = [];
  for (const name of ['fillText', 'strokeText']) {
    const original = CanvasRenderingContext2D.prototype[name];
    CanvasRenderingContext2D.prototype[name] = function (text, ...rest) {
      window.__drawn.push(String(text));
      return original.call(this, text, ...rest);
    };
  }
  // Where each ghost path (the screen's dashed [6, 5] line) starts: at the ship it belongs to.
  window.__ghosts = [];
  const proto = CanvasRenderingContext2D.prototype;
  const setLineDash = proto.setLineDash;
  proto.setLineDash = function (segments) {
    this.__dash = segments.join(',');
    return setLineDash.call(this, segments);
  };
  const moveTo = proto.moveTo;
  proto.moveTo = function (x, y) {
    if (this.__dash === '6,5') window.__ghosts.push([x, y]);
    return moveTo.call(this, x, y);
  };
})();
"""


@pytest.fixture(scope="module")
def msc_phone(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> Page:
    """One booted Pixel 7 page for this module (the engine boots once), recording every text
    drawn on a canvas, with axe-core loaded (an init script is not subject to the page's CSP)."""
    context = contexts.new(site, **pixel7)
    context.add_init_script(LEAK_SCRIPT)
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    page.set_default_timeout(60_000)  # a loaded 2-core machine: the engine answers slowly
    page.goto(site.url)
    wait_ready(page)
    return page



def test_design_by_taps_then_a_hot_seat_duel(msc_phone: Page, site: Site) -> None:
    page = msc_phone
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    new_game(page, site, turn_limit=2, **SMALL_MAP)
    settled(page)
    page.locator("#handoff .btn").tap()
    page.wait_for_selector("#msc-build")
    settled(page)
    start = at(page)
    # Over budget: ENGINE 3 -> 5 makes the example design cost 17 BP of the duel's 15.
    page.tap("[aria-label='ENGINE plus 1']")
    page.tap("[aria-label='ENGINE plus 1']")
    assert "17" in total(page)
    page.tap("#msc-build")
    refusal = page.inner_text("#design-why")
    assert "Refused" in refusal and "17 BP" in refusal and "15 BP" in refusal
    assert at(page) == start, "an over-budget design must not reach the engine"
    page.tap("[aria-label='ENGINE plus 1']")
    assert "at most 5" in page.inner_text("#design-why")
    page.locator(".msc-side.no").tap()
    assert "rear" in page.inner_text("#design-why")
    # A custom ship: ENGINE 5, SHIELDS 3, TO-HIT 1, weapons F, FL, FR = 15 BP, named.
    page.tap("[aria-label='TO-HIT minus 1']")
    page.tap("[aria-label='TO-HIT minus 1']")
    page.fill("#msc-ship-name", "Swift")
    assert "15 of 15" in total(page)
    page.tap("text=Keep this design")
    assert "Kept “Swift”" in page.inner_text("#design-note")
    page.tap("#msc-share-design")
    assert page.inner_text("#msc-code") == "m5317.Swift"  # short: it travels in a link
    assert page.input_value("#msc-link").endswith("#x/skirmish/m5317.Swift")
    page.tap("#msc-build")
    page.wait_for_selector(".msc-built li")
    settled(page)
    assert "ENGINE 5, SHIELDS 3, TO-HIT 1, weapons F, FR, FL (15 BP)" in page.inner_text(".msc-built")
    assert "Swift" in page.inner_text(".msc-built")
    page.tap("#msc-submit-designs")
    # East starts from a shared design code whose name is markup: shown as text, never run.
    page.wait_for_selector("#handoff")
    settled(page)
    page.locator("#handoff .btn").tap()
    page.wait_for_selector("#msc-build")
    settled(page)
    # West's kept design stays hidden from East during this secret design phase.
    assert "Swift" not in page.inner_text("#msc-panel")
    evil = "<b>X</b><script>__pwned=1</script>"  # names are kept to 40 characters
    page.locator(".msc-paste summary").tap()
    page.fill("#msc-paste", site.url + "#x/skirmish/" + design_code(evil))  # a design link pasted
    page.tap("#msc-paste-use")
    assert page.input_value("#msc-ship-name") == evil
    page.tap("#msc-build")
    page.wait_for_selector(".msc-built li")
    settled(page)
    assert evil in page.inner_text(".msc-built")
    assert page.locator("#msc-panel b, #msc-panel script").count() == 0
    assert page.evaluate("window.__pwned") is None
    # The rest of the duel by board taps, to the end panel.
    play_by_taps(page)
    outcome = page.get_attribute("[data-outcome]", "data-outcome")
    assert outcome in ("win", "loss", "draw", "over")
    assert "BP destroyed" in page.inner_text("#end-screen")
    assert page.locator(".msc-ship").count() == 2
    # The replay through the shell: the last step shows the same end; a step back shows the map.
    page.get_by_role("button", name="Watch the replay").tap()
    page.wait_for_selector("#game[data-mode='replay']")
    page.wait_for_selector("#step-last[disabled]")  # it opens at the end
    assert page.locator("#board").count() == 1 and page.locator(".msc-ship").count() == 2
    page.tap("#step-first")
    page.wait_for_selector("#step-first[disabled]")
    page.tap("#step-next")  # a spectator's view: the design is West's secret until the reveal
    page.wait_for_selector("#step-first:not([disabled])")
    assert "West is at work, East is at work" in page.inner_text("#msc-waiting")
    assert "Swift" not in page.inner_text("#board-area")
    assert errors == []




def test_hand_off_leaks_nothing_of_the_other_orders(msc_phone: Page, site: Site) -> None:
    page = msc_phone
    new_game(page, site, turn_limit=2, **SMALL_MAP)
    settled(page)
    page.locator("#handoff .btn").tap()
    page.wait_for_selector("#msc-build")
    assert "Swift (15 BP)" in page.inner_text(".msc-templates")  # kept from the last game
    # Designs and deployment by the quickest taps.
    while "plot" not in title(page) or not title(page).startswith("West"):
        now = settled(page)
        if page.locator("#handoff").count():
            page.locator("#handoff .btn").tap()
            page.wait_for_selector("#handoff", state="detached")
        elif page.locator("#msc-build").count():
            page.tap("#msc-build")
            page.wait_for_selector("#msc-submit-designs")
        elif page.locator("#msc-submit-designs").count():
            page.tap("#msc-submit-designs")
            changed(page, now)
        elif page.locator(FACINGS).count():
            page.tap(f"{FACINGS}:has-text('faces SE')")
            changed(page, now)
        elif page.locator(SUBMIT_DEPLOY).count():
            page.tap(SUBMIT_DEPLOY)
            changed(page, now)
        else:
            tap_hex(page, 1 if title(page).startswith("West") else SMALL_MAP["width"] - 2, 2)
            changed(page, now)
    # West plots SPEED 3, orders 1R1: a written form nobody else may see.
    settled(page)
    page.tap("[data-speed='3']")
    page.fill("#msc-orders-input", "1R1")
    page.wait_for_selector("#msc-order-state.ok")
    assert "1R1" in page.inner_text("#msc-order-state")
    page.tap("#msc-commit")
    page.wait_for_selector(SUBMIT_ORDERS)
    assert "W1: SPEED 3, orders 1R1" in page.inner_text("#msc-panel")
    # One button for the decision (issue 36): the panel tells where it is, in words.
    assert page.locator("#msc-panel button").count() == 0
    assert "“Submit my orders” in the choices (key 1)" in page.inner_text("#msc-submit-words")
    now = settled(page)
    page.tap(SUBMIT_ORDERS)
    changed(page, now)
    page.wait_for_selector("#handoff")
    page.evaluate("window.__drawn = []")
    settled(page)
    page.locator("#handoff .btn").tap()
    page.wait_for_selector("#msc-commit")
    settled(page)
    page.tap("[data-speed='1']")
    page.tap("[data-step='F']")
    page.wait_for_selector("#msc-order-state.ok")  # East's orders plotted (F, 1 of 1), not set yet
    frames(page)  # and drawn on the map
    # While East plots: no DOM text, input value or canvas text holds West's orders.
    dom = page.evaluate("document.documentElement.textContent + "
                        "[...document.querySelectorAll('input')].map(i => i.value).join(' ')")
    drawn = page.evaluate("window.__drawn")
    assert drawn, "the map was drawn while East plots"
    for secret in ("1R1", "SPEED 3, orders", "W1: SPEED 3"):
        assert secret not in dom
        assert not any(secret in text for text in drawn)
    assert "W1" in dom and "SPEED 0" in dom  # West's public state is there: turn 1 starts at 0
    # No ghost path is drawn from West's ship; East's own is (the recording works).
    page.evaluate("window.__ghosts = []")
    page.get_by_role("button", name="Whole map").tap()
    ghosts = page.evaluate("window.__ghosts")
    box = page.locator("#board").bounding_box()
    assert box is not None

    def drawn_from(label: str) -> bool:
        x, y, _ = hex_point(page, *ship_hex(page, label))
        return any(abs(gx - (x - box["x"])) < 3 and abs(gy - (y - box["y"])) < 3 for gx, gy in ghosts)

    assert drawn_from("E1") and not drawn_from("W1")


def tab_to(page: Page, selector: str, presses: int = 80) -> None:
    """Move the keyboard focus with Tab until it is on ``selector``."""
    for _ in range(presses):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_keyboard_only_orders_and_axe(msc_phone: Page, site: Site) -> None:
    page = msc_phone
    page.set_viewport_size({"width": 1280, "height": 800})  # a desktop with a keyboard
    new_game(page, site, turn_limit=2, **SMALL_MAP)
    settled(page)
    tab_to(page, "#handoff .btn")
    page.keyboard.press("Enter")
    page.wait_for_selector("#msc-build")
    settled(page)
    assert axe_violations(page) == []
    for seat in ("West", "East"):
        if seat == "East":
            settled(page)
            tab_to(page, "#handoff .btn")
            page.keyboard.press("Enter")
            page.wait_for_selector("#msc-build")
        settled(page)
        tab_to(page, "#msc-build")
        page.keyboard.press("Enter")
        page.wait_for_selector("#msc-submit-designs")
        settled(page)
        tab_to(page, "#msc-submit-designs")
        page.keyboard.press("Enter")
        page.wait_for_selector("#handoff")
    for _seat in ("West", "East"):  # deployment with the choice keys 1-9 (1: the first hex)
        settled(page)
        tab_to(page, "#handoff .btn")
        page.keyboard.press("Enter")
        page.wait_for_selector(".msc-panel")
        for key in ("1", "3", "1"):  # place on the first hex, face SE, submit
            now = settled(page)
            page.keyboard.press(key)
            changed(page, now)
        page.wait_for_selector("#handoff, #msc-commit")
    # West types its orders; East uses the SPEED buttons and the F/L/R keys.
    settled(page)
    tab_to(page, "#handoff .btn")
    page.keyboard.press("Enter")
    page.wait_for_selector("#msc-orders-input")
    settled(page)
    assert axe_violations(page) == []
    tab_to(page, "#msc-orders-input")
    page.keyboard.type("1l1")
    page.keyboard.press("Enter")
    page.wait_for_selector(SUBMIT_ORDERS)
    settled(page)
    tab_to(page, "#choices .choice")  # Submit is the one choice, the shell's (issue 36)
    assert "Submit my orders" in page.evaluate("document.activeElement.textContent")
    page.keyboard.press("Enter")
    page.wait_for_selector("#handoff")
    settled(page)
    tab_to(page, "#handoff .btn")
    page.keyboard.press("Enter")
    page.wait_for_selector("#msc-commit")
    settled(page)
    tab_to(page, "[data-speed='2']")
    page.keyboard.press("Enter")
    page.keyboard.press("r")
    page.keyboard.press("f")
    assert "R1 (2 of 2)" in page.inner_text("#msc-order-state")
    tab_to(page, "#msc-commit")
    page.keyboard.press("Enter")
    page.wait_for_selector(SUBMIT_ORDERS)
    settled(page)
    tab_to(page, "#choices .choice")  # Submit is the one choice, the shell's (issue 36)
    assert "Submit my orders" in page.evaluate("document.activeElement.textContent")
    page.keyboard.press("Enter")
    page.wait_for_selector("#handoff, #recap")
    if page.locator("#handoff").count():  # West moves next: its screen after the hand-off
        settled(page)
        tab_to(page, "#handoff .btn")
        page.keyboard.press("Enter")
        page.wait_for_selector("#recap")
    # The moves in words, in the recap at the top and in the log.
    for text in (page.inner_text("#recap"), page.inner_text("#log")):
        assert "West 1 (SPEED 3, orders 1L1) ends at" in text and "East 1 (SPEED 2, orders R1) ends at" in text, text
    settled(page)
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 412, "height": 839})


def start_against_the_computer(page: Page, site: Site) -> None:
    """A one-turn skirmish against the computer's first level, at this seat's design phase."""
    page.goto(site.url + "#new/skirmish")
    page.wait_for_selector("#start")
    levels = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.value).filter(v => v !== '-1')")
    if not levels:
        pytest.skip("no computer levels for Minimal Space Combat yet (pygame_core/games/skirmish/ai.py)")
    new_game(page, site, seats=("-1", levels[0]), scenario="skirmish", turn_limit=1, **SMALL_MAP)
    settled(page)
    if page.locator("#handoff").count():
        page.locator("#handoff .btn").tap()


def test_skirmish_against_the_computer(msc_phone: Page, site: Site) -> None:
    page = msc_phone
    start_against_the_computer(page, site)
    # The quick start picked at setup waits in the designer: one tap builds and submits it.
    page.wait_for_selector("#msc-fleet-submit")
    assert "“" not in page.inner_text(".msc-fleet-list")  # the example designs keep their own names
    assert page.locator(".msc-fleet-list li").count() == 3
    play_by_taps(page)
    assert page.get_attribute("[data-outcome]", "data-outcome") in ("win", "loss", "draw")


def test_a_custom_scenarios_quick_start_is_made_by_the_engine_in_the_designer(msc_phone: Page, site: Site) -> None:
    """MSC-2.3, MSC-4.1: limits the setup's tables do not hold (4 ships of at most 10 BP, 30 BP):
    the designer has the engine make the quick start, Ship 1 cut to fit, as many as fit."""
    page = msc_phone
    page.goto(site.url + "#new/skirmish")
    page.wait_for_selector("#start")
    levels = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.value).filter(v => v !== '-1')")
    if not levels:
        pytest.skip("no computer levels for Minimal Space Combat")
    new_game(page, site, seats=("-1", levels[0]), scenario="custom", ships=4, budget=30, ship_bp=10, **SMALL_MAP)
    settled(page)
    page.wait_for_selector("#msc-fleet-submit")
    ships = page.locator(".msc-fleet-list li").all_inner_texts()
    assert len(ships) == 3 and all("Ship 1 cut to 10 BP" in s and "(10 BP)" in s for s in ships), ships
    assert "3 ships, 30 of the 30 BP" in page.inner_text("#msc-fleet-total")


def quick_line(page: Page, seat: int = 0) -> str:
    return page.inner_text(f"#msc-fleet-{seat}-line")


def test_setup_offers_ships_per_seat_with_a_quick_start(msc_phone: Page, site: Site) -> None:
    """MSC-2.2, MSC-4.1: every scenario's setup picks a fleet of example designs that fits its
    budget; a computer seat designs its own; kept designs are listed only for a lone person."""
    page = msc_phone
    page.goto(site.url + "#x/skirmish/m5317.Swift")  # a design kept from a link, to be listed
    page.wait_for_selector("#msc-received")
    if page.locator("#msc-keep-received").count():
        page.tap("#msc-keep-received")
    page.goto(site.url + "#x/skirmish/m9990.cut%2")  # a link cut short: said so, no design
    page.wait_for_selector("#msc-received")
    assert "does not hold a design" in page.inner_text("#msc-received")
    options = page.eval_on_selector_all("#msc-fleet-0 option", "els => els.map(e => e.textContent)")
    assert options and not any("shared design" in o for o in options)
    page.goto(site.url + "#new/skirmish")
    page.wait_for_selector("#msc-fleet-0")
    page.select_option("#seat-0", "-1")
    levels = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.value).filter(v => v !== '-1')")
    expected = {
        "duel": "W1 Ship 1 — 15 of 15 BP",
        "skirmish": "W1 Ship 1 · W2 Ship 2 · W3 Ship 3 — 45 of 45 BP",
        "fleet": "W1 Ship 1 · W2 Ship 2 · W3 Ship 3 · W4 Ship 1 · W5 Ship 2 · W6 Ship 3 — 90 of 100 BP",
        "custom": "W1 Ship 1 · W2 Ship 2 — 30 of 30 BP",  # the custom defaults: 2 ships, 30 BP
    }
    for scenario, line in expected.items():
        page.check(f"input[name='opt-scenario'][value='\"{scenario}\"']")
        assert quick_line(page) == line, scenario
    # A custom scenario of its own limits: the engine makes the quick start in the game (its
    # tables hold each scenario's defaults only), and the setup says so rather than guess.
    page.click(".more-options summary")
    page.fill("#opt-ship_bp", "10")
    page.fill("#opt-ships", "4")
    page.locator("#opt-ships").dispatch_event("change")
    assert "when the game starts" in quick_line(page)
    page.check("input[name='opt-scenario'][value='\"duel\"']")
    options = page.eval_on_selector_all("#msc-fleet-0 option", "els => els.map(e => e.textContent)")
    if levels:
        page.select_option("#seat-1", levels[0])
        assert "East: the computer designs its own ships." in page.inner_text("#msc-fleets")
        options = page.eval_on_selector_all("#msc-fleet-0 option", "els => els.map(e => e.textContent)")
        assert any("Only your “Swift”" in o for o in options), options
    # Two people share this screen: nothing is picked on it; each picks behind the hand-off.
    page.select_option("#seat-1", "-1")
    assert page.locator("#msc-fleet-0, #msc-fleet-1").count() == 0
    fleets = page.inner_text("#msc-fleets")
    assert "picks in secret behind the hand-off" in fleets and "Swift" not in fleets
    assert quick_line(page, 1) == "E1 Ship 1 — 15 of 15 BP"
    # Before the game, a custom scenario's picks are named with what the tables hold (an
    # example's BP); whether they fit is the engine's, in the designer.
    page.select_option("#seat-1", levels[0] if levels else "-1")
    page.check("input[name='opt-scenario'][value='\"custom\"']")
    options = page.eval_on_selector_all("#msc-fleet-0 option", "els => els.map(e => e.textContent)")
    assert "Only Ship 3 (15 BP a ship)" in options, options
    # The custom limits typed above apply to a custom scenario only: another picked, Start starts
    # its game (the engine refused them: "option(s) ships, ship_bp apply only to scenario 'custom'").
    page.check("input[name='opt-scenario'][value='\"skirmish\"']")
    page.locator("#start").click()
    page.wait_for_selector("#game:not([hidden])", timeout=STEP_MS)
    assert "Those options do not work" not in page.inner_text("body")


def test_a_design_link_shows_its_name_as_text_and_starts_a_game(msc_phone: Page, site: Site) -> None:
    """MSC-2: a design shared as a link; its name comes from a stranger and is markup here."""
    page = msc_phone
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    evil = "<img src=x onerror=__pwned=1><script>"  # names are kept to 40 characters
    page.goto(site.url + "#x/skirmish/" + design_code(evil + "__pwned=2</script>", "531"))
    page.wait_for_selector("#msc-received-name")
    assert page.inner_text("#msc-received-name") == (evil + "__pwned=2</script>")[:40]
    assert "ENGINE 5, SHIELDS 3, TO-HIT 1, weapons F, FL, FR" in page.inner_text("#msc-received")
    assert page.locator("#setup-screen img, #setup-screen script").count() == 0
    assert page.evaluate("window.__pwned") is None
    assert axe_violations(page) == []
    # Start a hot-seat skirmish: West plays the shared design, East only Ship 3.
    page.check("input[name='opt-scenario'][value='\"skirmish\"']")
    for key, value in SMALL_MAP.items():
        if not page.locator(f"#opt-{key}").is_visible():
            page.click(".more-options summary")
        page.fill(f"#opt-{key}", str(value))
    page.select_option("#seat-0", "-1")
    page.select_option("#seat-1", "-1")
    fleets = page.inner_text("#msc-fleets")
    assert "West starts from the shared design" in fleets and "East starts from the quick start" in fleets
    page.locator("#start").click()
    page.wait_for_selector("#game:not([hidden])")
    assert "#g/" in page.url  # the game replaced the link's setup
    settled(page)
    page.locator("#handoff .btn").tap()
    page.wait_for_selector("#msc-fleet")
    settled(page)
    assert page.inner_text(".msc-fleet-list").count(evil) == 3
    total(page)
    assert "3 ships, 45 of the 45 BP left" in page.inner_text("#msc-fleet-total")
    assert page.locator("#board-area img, #board-area script").count() == 0
    assert axe_violations(page) == []
    now = at(page)
    page.tap("#msc-fleet-submit")  # reviewed, and submitted in one tap
    page.wait_for_selector("#handoff")
    assert at(page) != now
    settled(page)
    page.locator("#handoff .btn").tap()
    page.wait_for_selector("#msc-fleet")
    settled(page)
    # East starts from the quick start and picks another fleet in secret: only Ship 3.
    assert page.locator(".msc-fleet-list li").count() == 3 and "__pwned" not in page.inner_text(".msc-fleet-list")
    page.select_option("#msc-fleet-pick", "ship3")
    assert page.inner_text(".msc-fleet-list").count("ENGINE 4, SHIELDS 4, TO-HIT 5") == 3
    assert "W1" not in page.inner_text("#msc-panel")
    page.tap("[aria-label='Remove ship 3 of the fleet']")
    page.tap("[aria-label='Edit ship 2 of the fleet']")
    page.tap("[aria-label='TO-HIT minus 1']")
    assert "14 of 25 BP" in total(page)
    page.tap("#msc-build")
    page.wait_for_selector(".msc-built li")
    settled(page)
    assert "TO-HIT 4" in page.inner_text(".msc-built")
    assert "1 ship, 15 of the 31 BP left" in page.inner_text("#msc-fleet")
    now = at(page)
    page.tap("#msc-fleet-submit")
    changed(page, now)
    page.wait_for_selector("#handoff")
    settled(page)
    page.locator("#handoff .btn").tap()
    page.wait_for_selector(".msc-ship")
    # The designs are revealed together (MSC-4.2): West's named ships, as text.
    assert page.locator(".msc-ship").count() == 5
    assert evil in page.inner_text("[data-ship='W1']") and "ENGINE" in page.inner_text("[data-ship='W1']")
    assert page.locator("#game img, #game script").count() == 0
    # Back to the link: keep the design; a later game against the computer offers it.
    page.goto(site.url + "#x/skirmish/" + design_code(evil, "531"))
    page.wait_for_selector("#msc-keep-received")
    page.tap("#msc-keep-received")
    assert "Kept" in page.inner_text("#msc-received")
    page.goto(site.url + "#new/skirmish")
    page.wait_for_selector("#msc-fleet-0")
    page.select_option("#seat-0", "-1")
    if page.input_value("#seat-1") != "-1":  # against the computer: one person, kept designs listed
        kept = page.eval_on_selector_all("#msc-fleet-0 option", "els => els.map(e => e.textContent)")
        assert any(f"Only your “{evil}”" in o for o in kept), kept
    assert page.evaluate("window.__pwned") is None
    assert errors == []


def test_undo_after_build_then_review_brings_the_fleet_list_back(msc_phone: Page, site: Site) -> None:
    """"Build, then review" builds the setup's fleet ship by ship; Undo back to before the
    first of them shows the same list again, ready to build or edit (nothing to retype)."""
    page = msc_phone
    start_against_the_computer(page, site)
    page.wait_for_selector("#msc-fleet-build")
    ships = page.locator(".msc-fleet-list li").all_inner_texts()
    assert len(ships) == 3
    start = int(settled(page))
    page.tap("#msc-fleet-build")
    changed(page, str(start))
    settled(page)
    assert page.locator(".msc-fleet-list").count() == 0  # built: the list is gone
    while int(settled(page)) > start:
        before = at(page)
        page.tap("#undo")
        changed(page, before)
    page.wait_for_selector(".msc-fleet-list")
    assert page.locator(".msc-fleet-list li").all_inner_texts() == ships
