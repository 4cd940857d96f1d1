"""odds.py against brute force: every roll of the dice, counted one by one (SG-6.3 B5,
SG-7.4, SG-8.5)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pygame_core.games.genocide.odds import any_hit, attack_odds, percent


@pytest.mark.parametrize("sides", [6, 10])
def test_attack_odds_match_every_roll(sides: int) -> None:
    limit = 5 if sides == 6 else 4
    for atk in range(0, limit):
        for dfn in range(0, limit - atk + 1):
            wins = total = 0
            for roll in product(range(1, sides + 1), repeat=atk + dfn):
                total += 1
                wins += atk > 0 and sum(roll[:atk]) > sum(roll[atk:])
            assert attack_odds(atk, dfn, sides) == Fraction(wins, total), (atk, dfn, sides)


def test_any_hit() -> None:
    for n in range(0, 5):
        for hits in (1, 3, 4):
            count = sum(any(d <= hits for d in roll) for roll in product(range(1, 7), repeat=n)) if n else 0
            assert any_hit(n, hits) == Fraction(count, 6 ** n)


def test_percent_rounds_once_half_up() -> None:
    assert percent(Fraction(0)) == "0%"
    assert percent(Fraction(1)) == "100%"
    assert percent(Fraction(1, 2)) == "50.0%"
    assert percent(Fraction(1, 2000)) == "0.1%"  # 0.05% rounds half up
    assert percent(Fraction(1, 3000)) == "<0.1%"
    assert percent(Fraction(2999, 3000)) == ">99.9%"
    assert percent(attack_odds(1, 1, 6)) == "41.7%"  # 15/36
