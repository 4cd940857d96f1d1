"""Hot-seat hand-off (DESIGN 5): while "Pass the device to …" shows, the page holds no secret of
the seat that just played nor of the seat to play next: not in the DOM's text, not in any
attribute, not in what was drawn on a canvas since the last tap.

Runs for every game of the page's catalogue that has a screen, seats for two or more people
and hidden information under some option (e.g. Galactic Warfare with cards). The secrets are
computed in CPython from the saved game: the strings in a seat's own view that its public view
lacks. The controller's side (no view and no action behind a hand-off) is in tests/web/test_app_logic.py.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_core import GAMES, Match, decode_match

from .conftest import Contexts, wait_ready
from .helpers import STEP_TIMEOUT_MS, at, catalog_of_html, idle, open_setup, settle, tap, wait_changed
from .site import Site, dist_dir

# Every string a canvas draws is recorded (the page cannot see this: it is the test's).
CANVAS_SPY = """
window.__drawn = [];
for (const name of ['fillText', 'strokeText']) {
  const real = CanvasRenderingContext2D.prototype[name];
  CanvasRenderingContext2D.prototype[name] = function (text, ...rest) {
    if (window.__drawn.length < 50000) window.__drawn.push(String(text));
    return real.call(this, text, ...rest);
  };
}
"""
# Where a model's strings can land: the game, dialogs, notices, the screen-reader announcer,
# the title, and canvases. (Home and setup are built from the static catalogue: a card's name in
# a setup option's help is not a leak.)
PAGE_TEXT = """() => {
  const regions = ['#game', '#dialog', '#notice', '#announce', '#loading']
    .map((sel) => document.querySelector(sel)).filter(Boolean);
  const values = [document.title];
  for (const root of regions) {
    values.push(root.textContent);
    for (const el of [root, ...root.querySelectorAll('*')]) for (const a of el.attributes) values.push(a.value);
    for (const el of root.querySelectorAll('input, textarea, select')) values.push(el.value);
  }
  values.push(window.__drawn.join('\\n'));
  return values.join('\\n').toLowerCase();
}"""
SHORT = ("round_limit", "turn_limit")
HANDOFFS = 4  # hand-offs checked per game


def secret_options(game_id: str) -> dict[str, Any] | None:
    """Options under which ``game_id`` has hidden information from the start, if any."""
    game = GAMES[game_id]
    candidates: list[dict[str, Any]] = [{}]
    for spec in game.option_schema:
        candidates += [{spec.key: c} for c in spec.choices if c != spec.default]
    for options in candidates:
        match = Match.start(game_id, options, 1)
        if match.game.num_players(match.state) > 1 and match.game.view(match.state, None).get("secrets"):
            return options
    return None


def _games() -> list[Any]:
    found = []
    for game in catalog_of_html((dist_dir() / "index.html").read_text())["games"]:
        options = secret_options(game["id"]) if game["screen"] and game["max_players"] > 1 else None
        if options is not None:
            found.append(pytest.param(game, options, id=game["id"]))
    return found


def _leaves(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _leaves(item, out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _leaves(item, out)
    return out


def _view(match: Match, seat: int | None) -> dict[str, Any]:
    """A seat's view without ``choices``: the labels of its legal actions say again what the rest
    of its view holds, in short words ("Pass", "Submit") that the shell's own text may use."""
    view = dict(match.game.view(match.state, seat))
    view.pop("choices", None)
    return view


def secrets(match: Match, seat: int) -> set[str]:
    """The strings only ``seat`` may see now, lower case, with keys also in words
    ("fleet_command" and "fleet command"); short ones and any the public view holds are left out."""
    public = _leaves(_view(match, None), set())
    public_text = "\n".join(public).lower()
    found: set[str] = set()
    for text in _leaves(_view(match, seat), set()) - public:
        forms = {text.lower(), text.replace("_", " ").lower()}
        if len(text) >= 4 and not any(form in public_text for form in forms):
            found |= forms
    return found


@pytest.fixture(scope="module")
def hot_seat(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> Iterator[Page]:
    page = contexts.new(site, init_script=CANVAS_SPY, **pixel7).new_page()
    page.goto(site.url)
    wait_ready(page)
    yield page


def _start(page: Page, game: dict[str, Any], options: dict[str, Any]) -> str:
    """A hot-seat game with ``options`` (and the shortest length); its save id."""
    open_setup(page, f"#new/{game['id']}")
    for key, value in options.items():
        radio = page.locator(f"input[name='opt-{key}'][value='{json.dumps(value)}']")
        if radio.count():
            radio.check()
        else:
            page.fill(f"#opt-{key}", str(value))
    for spec in game["options"]:
        if spec["key"] in SHORT and spec["minimum"] is not None:
            if not page.is_visible(f"#opt-{spec['key']}"):
                page.click("#setup .more-options summary")
            page.fill(f"#opt-{spec['key']}", str(spec["minimum"]))
    for select in page.locator("#seats select").all():
        select.select_option("-1")
    tap(page, "#start")
    page.wait_for_selector("#game:not([hidden])[data-mode='play'][data-at='0']")
    return str(page.evaluate("location.hash")).removeprefix("#g/")


def _saved(page: Page, save_id: str) -> Match:
    return decode_match(page.evaluate("(k) => localStorage.getItem(k)", f"startable:game:{save_id}"))


@pytest.mark.parametrize(("game", "options"), _games())
def test_a_hand_off_shows_no_secret_of_either_seat(
    hot_seat: Page, game: dict[str, Any], options: dict[str, Any]
) -> None:
    page = hot_seat
    save_id = _start(page, game, options)
    chooser = random.Random(7)
    checked = revealed = detectable = 0
    for _ in range(600):
        if checked >= HANDOFFS or page.locator("#end-screen[data-outcome]").count():
            break
        before = settle(page)
        if page.locator("#handoff").count():
            match = _saved(page, save_id)
            assert len(match.record.actions) == int(before)
            nxt = match.game.current_player(match.state)
            assert nxt is not None and page.get_attribute("#game", "data-thinking") is None
            seats = {nxt}
            if match.record.actions:
                prev = match.game.current_player(match.states[-2])
                if prev is not None:
                    seats.add(prev)
            held = page.evaluate(PAGE_TEXT)
            for seat in seats:
                leaked = sorted(s for s in secrets(match, seat) if s in held)
                assert leaked == [], f"seat {seat}'s secrets on the hand-off screen at {before}: {leaked}"
            assert page.locator("#choices .choice").count() == 0
            name = page.locator(f".seat-{nxt} .seat-name").inner_text()
            assert f"Pass the device to {name}" in page.inner_text("#handoff")
            checked += 1
            page.evaluate("window.__drawn = []")
            tap(page, "#handoff .btn")
            page.wait_for_selector("#handoff", state="detached", timeout=STEP_TIMEOUT_MS)
            mine = secrets(match, nxt)
            if mine:  # the scan would see them: the next seat's own screen shows some
                detectable += 1
                shown = page.evaluate(PAGE_TEXT)
                revealed += any(s in shown for s in mine)
            continue
        if page.get_attribute("#game", "data-thinking") is not None:
            wait_changed(page, before)
            continue
        buttons = page.locator("#choices .choice")
        page.evaluate("window.__drawn = []")
        tap(page, buttons.nth(chooser.randrange(buttons.count())))
        wait_changed(page, before)
    assert checked >= 2, f"only {checked} hand-off(s) in a hot-seat {game['id']} game with {options}"
    if not detectable:
        pytest.skip(f"{game['id']}: {checked} hand-offs scanned clean, but its secrets are not text "
                    "(plotted moves, placements): this scan cannot prove it would see them; the game's "
                    "own module checks its hand-off")
    assert revealed >= 1, "no seat's secret ever showed after a hand-off: the scan would miss a leak"


@pytest.mark.parametrize(("game", "options"), _games())
def test_a_double_tap_on_the_hand_off_button_plays_nothing(
    hot_seat: Page, game: dict[str, Any], options: dict[str, Any]
) -> None:
    """The second tap of a double tap on "I am …: show my turn" lands on a decision its player
    has not seen yet: it must do nothing (the 300 ms guard, as for any new decision)."""
    page = hot_seat
    _start(page, game, options)
    for _ in range(200):
        settle(page)
        if page.locator("#handoff").count():
            break
        buttons = page.locator("#choices .choice")
        before = at(page)
        tap(page, buttons.nth(0))
        wait_changed(page, before)
    else:
        raise AssertionError("no hand-off")
    before = at(page)
    page.evaluate("""() => {
        const game = document.getElementById('game');
        new MutationObserver((_, observer) => {
            const choice = game.querySelector('#choices .choice');
            if (!choice) return;
            observer.disconnect();
            // A finger's second tap, 50 ms after the decision was drawn (once the page is idle).
            const drawn = performance.now();
            setTimeout(() => { window.secondTap = performance.now() - drawn; choice.click(); }, 50);
        }).observe(game, {childList: true, subtree: true});
        game.querySelector('#handoff .btn').click();
    }""")
    page.wait_for_selector("#handoff", state="detached", timeout=STEP_TIMEOUT_MS)
    page.wait_for_selector("#choices .choice")
    idle(page)  # a played action would have come back by now
    delay = page.evaluate("window.secondTap")
    if delay is None:  # seen in Warfare under the whole suite, never alone (open: see the note)
        pytest.skip("the second tap was never made (the observer saw no decision drawn in #game)")
    if delay >= 200:
        pytest.skip(f"the page was too busy for a quick second tap ({delay:.0f} ms)")
    assert at(page) == before
