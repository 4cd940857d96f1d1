"""The recap never drops a result (issue 31): against the computer, at every decision of the
person, each result line the person's log gained since their last decision is in the recap.

The truth comes from the engine in this process, not from the page: the test reads the save
the page wrote, replays it, and asks the game which lines of the seat's log tell a result
(``Game.log_results``, from the events' kinds). The recap marks each line it shows with its
index in the log (``data-line``), whether the shell words it or the screen draws it (dice).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_core import Match, decode_match, encode_link
from tests.conformance.playouts import random_action

from .conftest import Contexts
from .site import BOOT_TIMEOUT_MS, STEP_MS, Site

# The person's decisions per game: enough for battles, cards and their results (Genocide's
# first forty are mostly its setup: races, planet types, fleets).
GAMES = [
    pytest.param("warfare", {"cards": "proposed_deck", "round_limit": 12}, 31, 45, id="warfare-cards"),
    pytest.param("genocide", {"preset": "advanced_full", "round_limit": 6}, 31, 90, id="genocide-advanced-full"),
    pytest.param("skirmish", {}, 31, 45, id="skirmish"),
]


@pytest.fixture(scope="module")
def page(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> Iterator[Page]:
    tab = contexts.new(site, confirm_steps=False, **pixel7).new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(site.url)
    tab.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT_MS)
    yield tab
    assert errors == [], errors


def _record(page: Page) -> Match:
    """The game on screen, as the page saved it (the route names the save)."""
    route = page.evaluate("location.hash")
    assert route.startswith("#g/"), route
    blob = page.evaluate("(id) => localStorage.getItem('startable:game:' + id)", route[3:])
    assert blob, f"no save for {route}"
    return decode_match(blob)


def _person_decides(page: Page) -> bool:
    """Wait until the person has a decision on screen (a computer's turn plays meanwhile);
    False once the game is over."""
    page.wait_for_selector("[data-outcome], #game[data-settled]:not([data-thinking]) #choices .choice, #handoff",
                           state="attached", timeout=STEP_MS)
    if page.locator("[data-outcome]").count():
        return False
    if page.locator("#handoff").count():
        page.locator("#handoff .btn").click()
        page.wait_for_selector("#handoff", state="detached", timeout=STEP_MS)
        return _person_decides(page)
    at = page.get_attribute("#game", "data-at")
    page.wait_for_selector(f"#game[data-settled='{at}']:not([data-thinking])", state="attached", timeout=STEP_MS)
    return True


@pytest.mark.parametrize(("game_id", "options", "seed", "decisions"), GAMES)
def test_every_result_since_the_last_decision_is_in_the_recap(
    page: Page, site: Site, game_id: str, options: dict[str, Any], seed: int, decisions: int
) -> None:
    page.goto(site.url + "#c/" + encode_link(Match.start(game_id, options, seed)))
    page.wait_for_selector("#setup #start:not([data-waits])", timeout=STEP_MS)
    values = page.eval_on_selector_all("#seat-1 option", "os => os.map(o => o.value)")
    levels = [v for v in values if v.isdigit()]  # a computer level (not a person, -1, nor a link)
    page.select_option("#seat-0", "-1")
    page.select_option("#seat-1", levels[0])
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])", timeout=STEP_MS)
    chooser = random.Random(seed)
    seen_before: int | None = None  # the person's log length at their last decision
    checked = 0
    for _ in range(decisions):
        if not _person_decides(page):
            break
        match = _record(page)
        game, state = match.game, match.state
        lines = game.view_log(state, 0)
        results = game.log_results(state, 0)
        if seen_before is not None:
            for n in range(seen_before, len(lines)):
                if results[n] and not lines[n][:1].isspace():  # dice records stay behind Details
                    assert page.locator(f"#recap [data-line='{n}']").count(), (
                        f"{game_id}: the result line {n} {lines[n]!r} is not in the recap "
                        f"(after {len(match.record.actions)} actions): {page.inner_text('#news')!r}"
                    )
                    checked += 1
        seen_before = len(lines)
        # A kind of decision first, then one of it (as the random playouts pick): rare ones such
        # as a card or ending a phase come up, and with them battles and their results.
        legal = match.legal_actions()
        pick = legal.index(random_action(chooser, legal))
        before = page.get_attribute("#game", "data-at")
        # A button may sit in a collapsed group: clicked by the engine's index of its action.
        page.locator(f"#choices .choice[data-action='{pick}']").evaluate("b => b.click()")
        page.wait_for_selector(f"#game:not([data-at='{before}']), [data-outcome]", state="attached", timeout=STEP_MS)
    assert checked > 3, f"{game_id}: only {checked} result lines came up to check"
