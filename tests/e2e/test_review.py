"""Game review (issue 28), in the browser: after a finished Galactic Warfare game against the
computer, "Review" shows the chart of the person's chance to win and the three decisions that
cost the most, each with the computer's move on the board; Cancel stops a review and the game
stays usable."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

from .helpers import wait_until
from .site import BOOT_TIMEOUT_MS
from .test_turns import _my_turn, _start, _tap

REVIEW_TIMEOUT_MS = 300_000  # a whole review in the test's browser, on a shared machine


@pytest.fixture(scope="module")
def page(phone: Page) -> Page:
    return phone


def _finish(page: Page, seed: int) -> None:
    """A short Warfare game (round limit 10) against the computer, by random taps, to its end."""
    rng = random.Random(seed)
    _start(page, "warfare", {"round_limit": 10}, seed)
    for _ in range(400):
        _my_turn(page)
        if page.query_selector("[data-outcome]"):
            return
        _tap(page, rng.choice(page.locator("#choices .choice").all()))
    raise AssertionError("the game did not end")


def test_a_finished_games_review_shows_the_chart_and_three_costly_decisions(page: Page) -> None:
    _finish(page, 5)
    page.click("#end-screen #review-open")
    page.wait_for_selector("#review-bar", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("#review .review-decision", timeout=REVIEW_TIMEOUT_MS)
    chart = page.locator("#review canvas.review-chart")
    assert chart.count() == 1, "one person, one chart"
    label = chart.get_attribute("aria-label") or ""
    assert "chance to win after each of" in label, label
    width = page.evaluate("() => document.querySelector('#review canvas.review-chart').width")
    assert width > 0
    drawn = page.evaluate("""() => { const c = document.querySelector('#review canvas.review-chart');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n; }""")
    assert drawn > 100, "the chart is drawn"
    decisions = page.locator("#review .review-decision")
    assert decisions.count() == 3
    text = decisions.first.inner_text()
    assert "to win here; you chose" in text and "%" in text, text
    # Named by the board's round, not a step, and listed with the margin its samples allow.
    assert text.split(". ", 1)[1].startswith("Round "), text
    assert "points better" in text and ("owe to luck" in text or "agrees" in text), text
    assert "[object" not in page.inner_text("#review")
    # The computer's move on the board: a look back, read-only, with the way back to the game.
    decisions.first.locator("[data-board=better]").click()
    wait_until(page, "() => document.querySelector('#game').dataset.mode === 'peek'")
    assert page.query_selector("#choices") is None
    assert page.locator("#review .review-decision").count() == 3, "the review stays beside the board"
    page.click("#peek-back")
    page.wait_for_selector("#end-screen", timeout=BOOT_TIMEOUT_MS)


def test_cancel_stops_a_review_and_the_game_stays(page: Page) -> None:
    _finish(page, 8)
    page.click("#end-screen #review-open")
    page.wait_for_selector("#review-cancel", timeout=BOOT_TIMEOUT_MS)
    wait_until(page, "() => { const b = document.querySelector('#review-bar'); return b && b.value > 0; }",
               timeout_ms=REVIEW_TIMEOUT_MS)
    page.click("#review-cancel")
    page.wait_for_selector("#review-stopped", timeout=BOOT_TIMEOUT_MS)
    assert "cancelled" in page.inner_text("#review-stopped")
    assert page.query_selector("#review .review-decision") is None
    assert page.query_selector("#end-screen"), "the finished game is still on screen"
    # The worker has the game again: the replay opens from it.
    page.click("#end-screen >> text=Watch the replay")
    page.wait_for_selector("#game[data-mode=replay]", timeout=BOOT_TIMEOUT_MS)
    assert page.query_selector(".replay-bar #review-open"), "a replay offers its review too"
