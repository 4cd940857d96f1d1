"""pygame_core/dice.py against brute force: every roll of small numbers of dice, one by one."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from pygame_core import dice


def _rolls(n: int, sides: int) -> list[int]:
    return [sum(r) for r in itertools.product(range(1, sides + 1), repeat=n)]


@pytest.mark.parametrize(("n", "sides"), [(0, 6), (1, 6), (2, 6), (3, 6), (4, 6), (3, 4), (2, 10), (5, 2)])
def test_sum_counts_match_every_roll(n: int, sides: int) -> None:
    seen = Counter(_rolls(n, sides))
    counts = dice.sum_counts(n, sides)
    assert len(counts) == n * sides + 1
    assert {t: c for t, c in enumerate(counts) if c} == dict(seen)


@pytest.mark.parametrize(
    ("a", "d", "sides"), [(1, 1, 6), (2, 1, 6), (1, 3, 6), (3, 2, 6), (2, 0, 6), (3, 3, 4), (2, 2, 8)]
)
def test_beating_matches_every_pair_of_rolls(a: int, d: int, sides: int) -> None:
    pairs = [(x, y) for x in _rolls(a, sides) for y in _rolls(d, sides)]
    wins = sum(x > y for x, y in pairs)
    ties = sum(x == y for x, y in pairs)
    assert dice.beat_counts(a, d, sides) == (wins, ties)
    assert dice.beat_chance(a, d, sides) == Fraction(wins, len(pairs))
    assert dice.beat_chance_rerolled(a, d, sides) == Fraction(wins, len(pairs) - ties)


def test_equal_dice_beat_each_other_as_often_as_not() -> None:
    # With ties rolled again, the same dice on both sides win exactly half the time.
    for n in range(1, 8):
        assert dice.beat_chance_rerolled(n, n) == Fraction(1, 2)


def test_no_negative_dice() -> None:
    with pytest.raises(ValueError):
        dice.sum_counts(-1)
