"""Shared steps for the browser tests: reading the screen and tapping what it offers.

No ``wait_for_function`` anywhere: the page's CSP forbids eval, which it needs. Waits are on
selectors, or :func:`wait_until` polls ``page.evaluate`` (which the CSP does not block).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import Page

from pygame_core import Match, encode_link

from .site import STEP_MS

SEED = 20261121
STEP_TIMEOUT_MS = STEP_MS


def challenge_blob(seed: int = SEED, options: dict[str, object] | None = None, game: str = "spacehole") -> str:
    return encode_link(Match.start(game, options or {}, seed))


def challenge_fragment(seed: int = SEED, options: dict[str, object] | None = None) -> str:
    return "#c/" + challenge_blob(seed, options)


def wait_until(page: Page, expression: str, arg: Any = None, timeout_ms: int = STEP_TIMEOUT_MS) -> Any:
    """Poll ``page.evaluate(expression, arg)`` until it is truthy; return that value."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {expression!r} (last value {value!r})")
        time.sleep(0.05)


def idle(page: Page) -> None:
    """Wait until every command the page sent has been answered and drawn (``window.starIdle``):
    after it, a tap that played something would show; no fixed sleep guesses when."""
    page.evaluate("window.starIdle()")


def frames(page: Page, count: int = 1) -> None:
    """Wait until the page has drawn ``count`` more frames: every ``requestAnimationFrame``
    callback asked for before has run, and so have the events the browser dispatches at a frame
    (a content-visibility state change, for one), which come before those callbacks."""
    page.evaluate("""(count) => new Promise((resolve) => {
        const next = (left) => (left ? requestAnimationFrame(() => next(left - 1)) : resolve(true));
        next(count);
    })""", count)


def catalog(page: Page) -> dict[str, Any]:
    """The catalogue build.py wrote into the page (#catalog)."""
    data: dict[str, Any] = json.loads(page.evaluate("document.getElementById('catalog').textContent"))
    return data


def catalog_of_html(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="catalog">(.*?)</script>', html, re.S)
    assert found, "no #catalog in the page"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def at(page: Page) -> str:
    return page.get_attribute("#game", "data-at") or ""


def settle(page: Page) -> str:
    """Wait until the decision on screen takes taps (the shell's double-tap guard); its ``at``."""
    now = at(page)
    page.wait_for_selector(f"#game[data-settled='{now}']", state="attached", timeout=STEP_TIMEOUT_MS)
    return now


def wait_changed(page: Page, before: str) -> None:
    page.wait_for_selector(f"#game:not([data-at='{before}'])", state="attached", timeout=STEP_TIMEOUT_MS)


def choices(page: Page) -> list[str]:
    return page.locator("#choices .choice").all_inner_texts()


_TOUCH: dict[int, bool] = {}


# A choice kept in a collapsed group (DESIGN 5: "grouped or collapsed when long"): the control
# that opens it (aria-controls naming the group, or a closed <details>' summary), as a player would.
OPENER = """el => {
  const group = el.closest("[hidden][id]");
  if (group) return document.querySelector(`[aria-controls="${group.id}"]`);
  const details = el.closest("details:not([open])");
  return details ? details.querySelector("summary") : null;
}"""


def reveal(page: Page, target: Any) -> None:
    """Open the closed group a choice is kept in, if it is (by a tap on its opener)."""
    if target.count() == 1 and not target.is_visible():
        opener = target.evaluate_handle(OPENER).as_element()
        if opener is not None:
            _press(page, opener)


def tap(page: Page, selector_or_locator: Any) -> None:
    """A tap on a touch device, a click elsewhere; a choice in a closed group is opened first."""
    target = page.locator(selector_or_locator) if isinstance(selector_or_locator, str) else selector_or_locator
    reveal(page, target)
    _press(page, target)


def _press(page: Page, target: Any) -> None:
    if id(page) not in _TOUCH:
        _TOUCH[id(page)] = bool(page.evaluate("navigator.maxTouchPoints > 0"))
    if _TOUCH[id(page)]:
        target.tap()
    else:
        target.click()


def tap_choice(page: Page, index: int = 0) -> None:
    """Wait until the decision has settled, tap its index-th choice, wait for the next one."""
    before = settle(page)
    tap(page, page.locator("#choices .choice").nth(index))
    wait_changed(page, before)


def open_setup(page: Page, fragment: str) -> None:
    """Go to a setup (``#new/<id>``) or a challenge (``#c/<blob>``) and wait for its form."""
    page.goto(page.url.split("#")[0] + fragment)
    page.wait_for_selector("#setup-screen:not([hidden]) #setup #start:not([data-waits])", timeout=STEP_TIMEOUT_MS * 3)


def start_game(page: Page) -> None:
    """Tap #start on the setup on screen; wait for the game at its first decision."""
    tap(page, "#start")
    page.wait_for_selector("#game:not([hidden])[data-mode='play'][data-at='0']", timeout=STEP_TIMEOUT_MS)


def start_challenge(page: Page, seed: int = SEED, options: dict[str, object] | None = None) -> None:
    """Open a Spacehole challenge link and accept it: the seeded game at its first decision."""
    open_setup(page, challenge_fragment(seed, options))
    start_game(page)


def open_replay(page: Page, blob: str) -> None:
    page.goto(page.url.split("#")[0] + "#r/" + blob)
    page.wait_for_selector("#game:not([hidden])[data-mode='replay']", timeout=STEP_TIMEOUT_MS * 3)


def notice(page: Page) -> str:
    page.wait_for_selector("#notice:not([hidden])")
    return page.inner_text("#notice")


def dismiss_notice(page: Page) -> None:
    if page.is_visible("#notice"):
        page.click("#notice button")
