"""Space Genocide followed on a phone (issue 25), at 412x839 against the computer: the map's
top within the first screen in setup and in play, a map tap right after picking a fleet acts on
the fleet picked, a fast second tap on a battle target acts once, the recap names each of the
computer's moves with its hexes, and nothing of the engine's notation is on screen."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_core import Match, ai, decode_match
from pygame_core.games.genocide.actions import Select, Step, Target
from pygame_core.hexgrid import Hex

from .conftest import Contexts, wait_ready
from .helpers import frames, idle, wait_until
from .site import Site
from .test_genocide import (
    PREFER,
    STEP_MS,
    _at,
    _hex_point,
    _saved_game_script,
    _settle,
    battle_match,
    drive,
    set_up_match,
)

PHONE = {"width": 412, "height": 839}
RAW = re.compile(r"\bSG-?[0-9]|SG\.[a-z]|ship#[0-9]")


def _to_own_transport(match: Match, seat: int = 0) -> Match:
    """Play on by the computer's policy to ``seat``'s Transport Phase with a fleet to order."""
    return drive(match, lambda m: m.state.phase == "transport" and m.game.current_player(m.state) == seat
                 and m.state.round >= 2)


def _race_match() -> Match:
    return _to_own_transport(set_up_match(rounds=6))


@pytest.fixture(scope="module")
def phone(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> Page:
    script = (_saved_game_script("gcrace", _race_match(), (-1, 1))
              + _saved_game_script("gcbattle", battle_match(), (-1, 1)))
    page = contexts.new(site, init_script=script, **{**pixel7, "viewport": PHONE}).new_page()
    page.goto(site.url)
    wait_ready(page)
    return page


def _saved(page: Page, save_id: str) -> Match:
    return decode_match(page.evaluate(f"localStorage.getItem('startable:game:{save_id}')"))


def _open(page: Page, save_id: str) -> None:
    page.goto(page.url.split("#")[0] + f"#g/{save_id}")
    page.wait_for_selector("#game:not([hidden])[data-mode='play']", state="attached", timeout=STEP_MS)
    page.wait_for_selector("#choices .choice", timeout=STEP_MS)
    _settle(page)


def _visible_words(page: Page) -> None:
    text = page.inner_text("#game")
    bad = [line for line in text.splitlines() if RAW.search(line)]
    assert not bad, bad[:5]


def _map_top_on_first_screen(page: Page) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#gc-map").bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"] - 120, box


def _a_pick_and_a_step(match: Match) -> tuple[int, tuple[int, int], tuple[int, int], int]:
    """A fleet to pick on the map (alone in its hex, not the one being ordered) and a step of
    it to a hex that is not a step of the fleet being ordered."""
    state = match.state
    game = match.game
    cursor = next(f for f in state.fleets if f.owner == 0 and f.marker == state.cursor)
    here = Hex(cursor.col, cursor.row)
    cursor_steps = {(here.neighbour(a.direction).col, here.neighbour(a.direction).row)
                    for a in game.legal_actions(state) if isinstance(a, Step)}
    taken = {(f.col, f.row) for f in state.fleets} | {(p.col, p.row) for p in state.planets}
    for a in game.legal_actions(state):
        if not isinstance(a, Select):
            continue
        f = next(x for x in state.fleets if x.owner == 0 and x.marker == a.fleet)
        if sum(1 for x in state.fleets if (x.col, x.row) == (f.col, f.row)) != 1:
            continue
        after = game.apply(state, a)
        for s in game.legal_actions(after):
            if isinstance(s, Step):
                h = Hex(f.col, f.row).neighbour(s.direction)
                dest = (h.col, h.row)
                if dest not in cursor_steps and dest not in taken:
                    return a.fleet, (f.col, f.row), dest, s.direction
    raise AssertionError("no fleet to pick with a free step")


def test_a_map_tap_right_after_picking_a_fleet_acts_on_the_fleet_picked(phone: Page) -> None:
    _open(phone, "gcrace")
    _map_top_on_first_screen(phone)
    _visible_words(phone)
    match = _saved(phone, "gcrace")
    marker, where, dest, direction = _a_pick_and_a_step(match)
    phone.locator("#gc-fit").tap()  # both hexes on the map (a phone starts zoomed in)
    _settle(phone)
    before = int(_at(phone))
    # Both hexes where a tap lands on them (not under the header or the decision bar): the
    # second may scroll the page, and then the first is read again.
    x1, y1 = _hex_point(phone, *where)
    for _ in range(3):
        x2, y2 = _hex_point(phone, *dest)
        again = _hex_point(phone, *where)
        if again == (x1, y1):
            break
        x1, y1 = again
    phone.touchscreen.tap(x1, y1)
    # The player taps the step once the pick shows: the map draws it in the next frame and asks
    # the engine right after that frame, so the second tap comes while the engine works on it.
    frames(phone)
    phone.touchscreen.tap(x2, y2)
    # Both played (and saved: a model is shown once its writes are in storage).
    wait_until(phone, "(n) => +document.getElementById('game').dataset.at >= n", before + 2)
    after = _saved(phone, "gcrace")
    played = [after.game.decode_action(w) for w in after.record.actions[before:before + 2]]
    assert played == [Select(marker), Step(direction)]
    moved = next(f for f in after.states[before + 2].fleets if f.owner == 0 and f.marker == marker)
    assert (moved.col, moved.row) == dest


def test_the_recap_names_each_of_the_computers_moves_with_its_hexes(phone: Page) -> None:
    """At the person's first decision after the computer moved fleets, the recap (everything
    since the person's last decision) names each fleet moved, from its hex to its hex."""
    _open(phone, "gcrace")
    label = lambda h: f"{h[0] + 1:02d}{h[1] + 1:02d}"  # noqa: E731
    last = int(_at(phone))
    for _ in range(300):
        # The person's decision (the computer's turns play meanwhile), or the end of the game.
        phone.wait_for_selector("#game:not([data-thinking]) #choices .choice, [data-outcome]", state="attached",
                                timeout=STEP_MS)
        if phone.locator("[data-outcome]").count():
            break
        if phone.locator("#game[data-thinking]").count() or not phone.locator("#choices .choice").count():
            continue  # the computer took over between the wait and the look
        now = _settle(phone)
        match = _saved(phone, "gcrace")
        were = {f.marker: (f.col, f.row) for f in match.states[last].fleets if f.owner == 1}
        moved = {f.marker: (were[f.marker], (f.col, f.row)) for f in match.state.fleets
                 if f.owner == 1 and f.marker in were and were[f.marker] != (f.col, f.row)}
        if moved:
            text = phone.inner_text("#recap")
            for marker, (a, b) in moved.items():
                assert re.search(rf"East fleet {marker}: {label(a)} → (\d{{4}} → )*{label(b)}", text), (marker, text)
            _visible_words(phone)
            _map_top_on_first_screen(phone)
            return
        labels = [t.strip().lower() for t in phone.locator("#choices .choice").all_inner_texts()]
        pick = next((n for want in PREFER for n, label in enumerate(labels) if want in label), 0)
        last = int(now)
        phone.locator(f"#choices .choice >> nth={pick}").tap()
        phone.wait_for_selector(f"#game:not([data-at='{now}'])", state="attached", timeout=STEP_MS)
    raise AssertionError("the computer never moved a fleet")


def test_a_fast_second_tap_on_a_battle_target_acts_once(phone: Page) -> None:
    _open(phone, "gcbattle")
    attack = phone.locator(".gc-odds-row").first.get_attribute("data-action")
    row = phone.locator(f"#choices .choice[data-action='{attack}']")
    row.scroll_into_view_if_needed()
    _settle(phone)
    before = int(_at(phone))
    box = row.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    phone.touchscreen.tap(x, y)
    phone.touchscreen.tap(x, y)
    phone.wait_for_selector(f"#game:not([data-at='{before}'])", state="attached", timeout=STEP_MS)
    idle(phone)  # a second target played by the second tap would have come back by now
    match = _saved(phone, "gcbattle")
    targets = [match.game.decode_action(w) for w in match.record.actions[before:]]
    mine = [a for p, a in enumerate(targets) if isinstance(a, Target)
            and match.game.current_player(match.states[before + p]) == 0]
    assert len(mine) == 1, targets


def _next_to_own_fleet(match: Match) -> tuple[Match, int, tuple[int, int]] | None:
    """The game once a fleet is being ordered that can step onto a hex where another of the
    person's fleets stands: (that game, the step's direction, the hex); None if none can."""
    game = match.game
    for pick in [a for a in match.legal_actions() if isinstance(a, Select)] + [None]:
        picked = match if pick is None else match.play(pick)
        state = picked.state
        cursor = next((f for f in state.fleets if f.owner == 0 and f.marker == state.cursor), None)
        if cursor is None:
            continue
        for step in [a for a in game.legal_actions(state) if isinstance(a, Step)]:
            h = Hex(cursor.col, cursor.row).neighbour(step.direction)
            if any(f.owner == 0 and f.marker != cursor.marker and (f.col, f.row) == (h.col, h.row)
                   for f in state.fleets):
                return picked, step.direction, (h.col, h.row)
    return None


def _first_next_to_own_fleet() -> tuple[Match, int, tuple[int, int]]:
    """Played on by the computer's policy to the person's first such Transport Phase (round 4)."""
    match = set_up_match(rounds=6)
    for n in range(3000):
        state = match.state
        if state.phase == "transport" and match.game.current_player(state) == 0:
            found = _next_to_own_fleet(match)
            if found:
                return found
        who = match.game.current_player(state)
        assert who is not None, "the game ended first"
        match = match.play(ai.choose("genocide", match.game.view(state, who), match.legal_actions(), level=1, seed=n))
    raise AssertionError("no fleet of the person's next to another that can step there")


def test_a_tap_on_a_hex_in_reach_moves_the_fleet_ordered_even_onto_another_own_fleet(
        contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> None:
    """Issue 36: with a fleet being ordered, a tap on a hex it can step to moves it there, also
    where another of the person's fleets stands (picking that one is the hex box's job); a tap
    out of reach plays nothing and says why."""
    match, direction, dest = _first_next_to_own_fleet()
    page = contexts.new(site, init_script=_saved_game_script("gcnext", match, (-1, 1)),
                        **{**pixel7, "viewport": PHONE}).new_page()
    page.goto(site.url)
    wait_ready(page)
    _open(page, "gcnext")
    page.locator("#gc-fit").tap()
    _settle(page)
    before = int(_at(page))
    state = match.state
    cursor = next(f for f in state.fleets if f.owner == 0 and f.marker == state.cursor)
    fleets = {(f.col, f.row) for f in state.fleets}
    far = max(((c, r) for c in range(state.players * 12) for r in range(24) if (c, r) not in fleets),
              key=lambda h: Hex(*h).distance(Hex(cursor.col, cursor.row)))
    page.touchscreen.tap(*_hex_point(page, *far))
    page.wait_for_selector("#notice:not([hidden])", timeout=STEP_MS)
    assert "cannot reach" in page.inner_text("#notice") and int(_at(page)) == before
    page.touchscreen.tap(*_hex_point(page, *dest))
    page.wait_for_selector(f"#game:not([data-at='{before}'])", state="attached", timeout=STEP_MS)
    after = _saved(page, "gcnext")
    assert after.game.decode_action(after.record.actions[before]) == Step(direction)
