"""Space Genocide on a phone (issue 36): the map and the decision together, one list of buttons.

A few rounds against the computer by taps, upright (412x839) and on its side (915x412): at each
decision (the race, the secret setup's draft, ordering a fleet, a battle, production) the
map's canvas and the decision's buttons are both in the viewport, not under the page's header
or the decision bar, without the player scrolling; upright, the recap of what just happened
shows between them, above the bar (issue 36); no button or panel names a ship by its id; and no
action's label is on two visible buttons (the shell's #choices is the one list; the screen's
panel says what they mean).
Waits are on selectors (the page's CSP forbids eval).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_core import Match, decode_match
from pygame_core.games.genocide.reach import reach
from pygame_core.games.genocide.state import Phase
from pygame_core.games.genocide.transport import step_mp

from .conftest import Contexts, wait_ready
from .helpers import at, frames, settle, wait_until
from .site import STEP_MS, Site
from .test_genocide import SQ3, _hex_point, _saved_game_script, drive

# Where the map and the decision are on the screen, and the labels of the visible buttons.
LAYOUT = """() => {
  const head = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const bar = document.querySelector('.game-side > .decide');
  const fixed = bar && getComputedStyle(bar).position === 'fixed';
  const low = fixed ? bar.getBoundingClientRect().top : window.innerHeight;
  const map = document.getElementById('gc-map').getBoundingClientRect();
  const shown = (el) => el.offsetParent !== null && el.getBoundingClientRect().width > 0;
  // A button is in view where its middle is on screen and nothing covers it there.
  const inView = (el) => { const b = el.getBoundingClientRect();
    const [x, y] = [b.left + b.width / 2, b.top + b.height / 2];
    if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return false;
    const top = document.elementFromPoint(x, y); return Boolean(top && (top === el || el.contains(top))); };
  const words = (el) => [...el.childNodes].filter((n) => n.nodeName !== 'KBD')
    .map((n) => n.textContent).join('').trim();
  const choices = [...document.querySelectorAll('#choices .choice')];
  const setup = document.getElementById('gc-confirm');
  const decision = setup ? [setup, document.getElementById('gc-arrange')] : choices;
  const news = document.getElementById('news');
  const recap = news && shown(news) ? news.getBoundingClientRect() : null;
  return {
    barred: Boolean(fixed), head, low, recap: recap && { top: recap.top, bottom: recap.bottom },
    panel: (document.getElementById('gc-panel') || { innerText: '' }).innerText,
    mapSeen: Math.max(0, Math.min(map.bottom, low) - Math.max(map.top, head)), mapHeight: map.height,
    decisionInView: decision.filter(Boolean).some(inView),
    labels: [...document.querySelectorAll('button')].filter(shown).map(words),
    actions: choices.map(words),
    copies: [...document.querySelectorAll('[data-gc-action]')].filter(shown).length,
    scrollY: window.scrollY,
    camera: (() => { const c = document.getElementById('gc-map');
      return { w: c.clientWidth, h: c.clientHeight, s: Number(c.dataset.s),
               ox: Number(c.dataset.ox), oy: Number(c.dataset.oy) }; })(),
  };
}"""


def _driven(match: Match, phase: str) -> Match:
    """``match`` played on by the computer's policy for both seats until West (seat 0) is to
    decide in ``phase``."""
    return drive(match, lambda m: m.state.phase == phase and m.game.current_player(m.state) == 0)


def _far_move() -> Match:
    """Advanced Full, seed 3, played by the computer's policy until West orders a fleet with 3
    MP or more to spend (issue 32: a tap on a far hex follows the engine's way there)."""
    def ready(m: Match) -> bool:
        state = m.state
        return bool(state.phase == Phase.TRANSPORT and state.active == 0 and state.cursor
                    and step_mp(state, 0, state.cursor) >= 3 and m.game.current_player(state) == 0)

    return drive(Match.start("genocide", {"round_limit": 3}, 3), ready, limit=2000)


FAR = _far_move()


def _saves() -> str:
    """Advanced Full, West a person and East the computer: a new game of one round (seed 2),
    and games of seed 2 at West's first battle declaration and seed 5 at West's first new ship
    to place (production), played there by the computer's policy."""
    battle = _driven(Match.start("genocide", {"round_limit": 6}, 2), "declare")
    place = _driven(Match.start("genocide", {"round_limit": 4}, 5), "place")
    return (_saved_game_script("gcphone", Match.start("genocide", {"round_limit": 1}, 2), (-1, 1))
            + _saved_game_script("gcphonebattle", battle, (-1, 1))
            + _saved_game_script("gcphoneplace", place, (-1, 1))
            + _saved_game_script("gcphonefar", FAR, (-1, 1)))


@pytest.fixture(scope="module", params=[{"width": 412, "height": 839}, {"width": 915, "height": 412}],
                ids=["upright", "on-its-side"])
def phone_page(request: pytest.FixtureRequest, contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> Page:
    page = contexts.new(site, init_script=_saves(), **{**pixel7, "viewport": request.param}).new_page()
    page.goto(site.url)
    wait_ready(page)
    return page


def _settle(page: Page) -> str:
    now = settle(page)
    frames(page, 2)  # the screen frames the map in the frame after the decision is drawn
    return now


def _check(page: Page, what: str) -> str:
    """The map and the decision in view together, one button per action; the phase checked."""
    seen = page.evaluate(LAYOUT)
    assert seen["mapSeen"] >= 0.8 * seen["mapHeight"], (what, seen["mapSeen"], seen["mapHeight"])
    assert seen["mapHeight"] >= 200, (what, seen["mapHeight"])
    assert seen["decisionInView"], what
    assert seen["copies"] == 0, what
    if seen["barred"] and seen["recap"]:  # upright: the recap is read between the map and the bar
        assert seen["recap"]["top"] >= seen["head"] - 1 and seen["recap"]["bottom"] <= seen["low"] + 1, (what, seen)
    # Issue 36: ships in the player's words (type, fleet, 1st/2nd), never a counter's id.
    ids = [text for text in [*seen["actions"], seen["panel"]] if re.search(r"#\d", text)]
    assert ids == [], (what, ids)
    twice = [label for label in seen["actions"] if seen["labels"].count(label) != 1]
    assert twice == [], (what, twice)
    battle = re.match(r"Battle at (\d\d)(\d\d)", what)
    if battle:  # issue 36: the battle's hex in the middle of the map, not clipped in a corner
        cam = seen["camera"]
        col, row = int(battle[1]) - 1, int(battle[2]) - 1
        x = cam["ox"] + 1.5 * col * cam["s"]
        y = cam["oy"] + SQ3 * (row + 0.5 * (col & 1)) * cam["s"]
        assert 0.15 * cam["w"] <= x <= 0.85 * cam["w"] and 0.15 * cam["h"] <= y <= 0.85 * cam["h"], (what, x, y, cam)
    return what


def _pick(labels: list[str], moved: dict[str, int], status: str) -> int:
    """A player's pick: order a fleet and step it once or twice a round, fight, else move on."""
    low = [label.lower() for label in labels]
    steps = [n for n, label in enumerate(low) if re.search(r": (step|star gate) ", label)]
    if steps and moved.get(status, 0) < 2:
        moved[status] = moved.get(status, 0) + 1
        return steps[0]
    orders = [n for n, label in enumerate(low) if label.startswith("order fleet")]
    if orders and not moved.get(status):
        return orders[0]
    for want in ("attacks", "end movement", "pass (play no card)", "keep every ship", "end production",
                 "launches none", "makes no burst", "play as"):
        found = [n for n, label in enumerate(low) if want in label]
        if found:
            return found[0]
    return 0


def _play(page: Page, decisions: int) -> list[str]:
    """Play on by taps for ``decisions`` decisions or to the end, checking each; their prompts."""
    checked: list[str] = []
    moved: dict[str, int] = {}
    for _ in range(400):
        if page.locator("[data-outcome]").count() or len(checked) >= decisions:
            return checked
        if page.locator("#game[data-thinking]").count():
            before = at(page)
            page.wait_for_selector(f"#game:not([data-at='{before}']), [data-outcome]", state="attached",
                                   timeout=STEP_MS)
            continue
        if page.locator("#gc-confirm").count():
            _settle(page)
            checked.append(_check(page, page.inner_text("#decide-title")))
            before = at(page)
            page.locator("#gc-arrange").tap()
            page.wait_for_selector("#gc-confirm:not([disabled])")
            page.locator("#gc-confirm").tap()
            page.wait_for_selector(f"#game:not([data-at='{before}'])", state="attached", timeout=STEP_MS)
            page.wait_for_selector(".gc-busy", state="detached", timeout=STEP_MS)
            continue
        if not page.locator("#choices .choice").count():
            page.wait_for_selector("[data-outcome], #game[data-thinking], #gc-confirm, #choices .choice",
                                   state="attached", timeout=STEP_MS)
            continue
        before = _settle(page)
        checked.append(_check(page, page.inner_text("#decide-title")))
        status = page.inner_text("#status").split(" · ")[0]
        choices = page.locator("#choices .choice")
        pick = choices.nth(_pick(choices.all_inner_texts(), moved, status))
        pick.scroll_into_view_if_needed()  # a long list scrolls inside the decision bar
        pick.tap()
        page.wait_for_selector(f"#game:not([data-at='{before}']), [data-outcome]", state="attached", timeout=STEP_MS)
    raise AssertionError("the game did not end")


def _open(page: Page, site: Site, save_id: str) -> None:
    page.goto(site.url + "#")  # home first: the last game's screen goes
    page.wait_for_selector("#home:not([hidden])", timeout=STEP_MS)
    page.goto(site.url + f"#g/{save_id}")
    page.wait_for_selector("#game:not([hidden])[data-mode='play']", state="attached", timeout=STEP_MS)


def test_the_map_and_the_decision_together(phone_page: Page, site: Site) -> None:
    """A whole short game from the race on, then a battle and a new ship to place, by taps."""
    page = phone_page
    _open(page, site, "gcphone")
    checked = _play(page, 400)
    assert page.locator("[data-outcome]").count()
    _open(page, site, "gcphonebattle")
    checked += _play(page, 12)
    _open(page, site, "gcphoneplace")
    checked += _play(page, 4)
    kinds = " | ".join(checked)
    for decision in ("Choose your race", "Secret setup", "Move fleet", "secret target for", "Place "):
        assert decision in kinds, (decision, checked)


def test_a_tap_on_a_far_hex_follows_the_engines_shortest_way(phone_page: Page, site: Site) -> None:
    """Issue 32: the shading and a tap's chain of moves are the view's reach: a tap on a hex
    three steps away plays the engine's way there, step by step, and no detour."""
    page = phone_page
    _open(page, site, "gcphonefar")
    state = FAR.state
    ways = reach(state)
    target, (path, _) = max(((hex_, way) for hex_, way in ways.items() if len(way[0]) <= 3),
                            key=lambda item: (len(item[1][0]), item[0]))
    assert len(path) >= 2
    before = int(_settle(page))
    page.locator("#gc-fit").tap()
    _settle(page)
    x, y = _hex_point(page, *target)
    page.touchscreen.tap(x, y)
    wait_until(page, "(n) => +document.getElementById('game').dataset.at >= n", before + len(path))
    saved = decode_match(page.evaluate("localStorage.getItem('startable:game:gcphonefar')"))
    played = [saved.game.decode_action(w) for w in saved.record.actions[before:before + len(path)]]
    assert played == list(path)
    fleet = next(f for f in saved.states[before + len(path)].fleets if f.owner == 0 and f.marker == state.cursor)
    assert (fleet.col, fleet.row) == target
