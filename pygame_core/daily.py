"""The deck of the day: one seed per game and calendar day (UTC), the same for every player, no server.

Rule (docs/rules-notes/spacehole.md, SH-11.3): the seed is the first four bytes, big-endian,
of SHA-256 of the text ``"star-table daily <game> <YYYY-MM-DD>"``. SHA-256 is the same in every
Python (CPython and Pyodide alike), so every device derives the same deck for the same date;
four bytes keep a link to the day's game short. The engine never reads the clock (house rule 2):
the page says which day it is.
"""

from __future__ import annotations

import hashlib

DAYS_IN_MONTH = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


class DayError(ValueError):
    """Not a calendar day written YYYY-MM-DD."""


def check_day(day: str) -> str:
    """``day`` if it is a calendar day written YYYY-MM-DD (UTC), else DayError."""
    parts = day.split("-") if isinstance(day, str) else []
    if len(parts) != 3 or [len(p) for p in parts] != [4, 2, 2] or not all(p.isascii() and p.isdigit() for p in parts):
        raise DayError(f"{str(day)[:20]!r} is not a day written YYYY-MM-DD")
    year, month, date = (int(p) for p in parts)
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if not 2000 <= year <= 9999 or not 1 <= month <= 12:
        raise DayError(f"{day} is not a day of the calendar")
    if not 1 <= date <= (29 if month == 2 and leap else 28 if month == 2 else DAYS_IN_MONTH[month - 1]):
        raise DayError(f"{day} is not a day of the calendar")
    return day


def daily_seed(game_id: str, day: str) -> int:
    """The seed of ``game_id``'s deck of the day ``day`` (YYYY-MM-DD, UTC)."""
    text = f"star-table daily {game_id} {check_day(day)}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:4], "big")


def previous_day(day: str) -> str:
    """The calendar day before ``day`` (for daily streaks), without a clock or a date library."""
    year, month, date = (int(p) for p in check_day(day).split("-"))
    if date > 1:
        return f"{year:04d}-{month:02d}-{date - 1:02d}"
    if month > 1:
        month -= 1
    else:
        year, month = year - 1, 12
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    last = 29 if month == 2 and leap else DAYS_IN_MONTH[month - 1] if month != 2 else 28
    return f"{year:04d}-{month:02d}-{last:02d}"
