"""The deck of the day (issue 33, SH-11.3): one seed per game and UTC day, by a fixed rule."""

from __future__ import annotations

import hashlib

import pytest

from pygame_core import Match
from pygame_core.daily import DayError, check_day, daily_seed, previous_day


def test_the_rule_is_the_documented_one() -> None:
    digest = hashlib.sha256(b"star-table daily spacehole 2026-11-26").digest()
    assert daily_seed("spacehole", "2026-11-26") == int.from_bytes(digest[:4], "big")


def test_the_same_day_gives_the_same_deck_and_days_differ() -> None:
    days = [f"2026-{m:02d}-{d:02d}" for m in range(1, 13) for d in range(1, 29)]
    seeds = [daily_seed("spacehole", day) for day in days]
    assert seeds == [daily_seed("spacehole", day) for day in days]
    assert len(set(seeds)) == len(days)
    decks = {Match.start("spacehole", {}, daily_seed("spacehole", day)).state.deck for day in days[:20]}
    assert len(decks) == 20


@pytest.mark.parametrize("day", ["2026-13-01", "2026-02-30", "2025-02-29", "26-11-26", "2026-1-01", "", "2026-11-2x",
                                 "٢٠٢٦-11-26", "1999-12-31"])
def test_a_day_that_is_not_a_calendar_day_is_refused(day: str) -> None:
    with pytest.raises(DayError):
        check_day(day)


def test_previous_day_crosses_months_years_and_leap_days() -> None:
    assert previous_day("2026-11-26") == "2026-11-25"
    assert previous_day("2026-03-01") == "2026-02-28"
    assert previous_day("2028-03-01") == "2028-02-29"
    assert previous_day("2027-01-01") == "2026-12-31"
    assert previous_day("2026-05-01") == "2026-04-30"
