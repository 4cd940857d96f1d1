"""Spacehole on a phone, a whole game (issue 33): at every decision its buttons are on screen,
none under the header, in portrait (412x839) and landscape (915x412): the phone turns after
every tap, so each decision is drawn in one and the next in the other; no step with a single
thing to do asks for a tap."""

from __future__ import annotations

import random
from typing import Any

from pygame_core import Match, decode_match, encode_link

from .conftest import Contexts
from .site import STEP_MS, Site

IN_VIEW = """() => {
  const out = [];
  for (const b of document.querySelectorAll('#choices .choice')) {
    const r = b.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    out.push(r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
             && Boolean(hit) && (hit === b || b.contains(hit)));
  }
  return out;
}"""


SIZES = ({"width": 412, "height": 839}, {"width": 915, "height": 412})  # portrait, landscape


def test_the_decision_is_under_the_thumb_for_a_whole_game(contexts: Contexts, site: Site) -> None:
    context = contexts.new(site, confirm_steps=False, viewport=SIZES[0], is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(site.url + "#c/" + encode_link(Match.start("spacehole", {}, 33)))
    page.wait_for_selector("#setup #start:not([data-waits])", timeout=60_000)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])", timeout=STEP_MS)
    chooser = random.Random(33)
    taps = 0
    while True:
        at = page.get_attribute("#game", "data-at")
        page.wait_for_selector(f"#game[data-settled='{at}'] #choices .choice, [data-outcome]", state="attached",
                               timeout=STEP_MS)
        if page.locator("[data-outcome]").count():
            break
        shown: list[Any] = page.evaluate(IN_VIEW)
        assert shown and all(shown), f"at {at}: buttons out of view {shown} ({SIZES[taps % 2]})"
        count = len(shown)
        assert count > 1, f"at {at}: a tap asked for a step with one thing to do"
        page.locator("#choices .choice").nth(chooser.randrange(count)).tap()
        taps += 1
        page.set_viewport_size(SIZES[taps % 2])  # the phone turns: the next decision in the other
        page.wait_for_selector(f"#game:not([data-at='{at}'])", state="attached", timeout=STEP_MS)
    route = str(page.evaluate("location.hash"))
    blob = page.evaluate("(id) => localStorage.getItem('startable:game:' + id)", route.removeprefix("#g/"))
    steps = len(decode_match(blob).record.actions)
    assert taps < steps / 2, (taps, steps)  # most steps had nothing to decide
    page.close()
