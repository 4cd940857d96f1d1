"""odds.py against brute force: every roll of the dice, counted one by one (SG-6.3 B5,
SG-7.4, SG-8.5), and against a second way of counting for every dice count a battle can have.
The screen shows these figures as the view carries them (view_odds.py): no other copy exists."""

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


def _by_difference(max_atk: int, defense: int, sides: int) -> dict[int, Fraction]:
    """P(attack total > defence total) for 1..max_atk attack dice, counted another way: the
    distribution of (attack total - defence total), one attack die added at a time."""
    dist = {0: 1}
    for _ in range(defense):
        nxt: dict[int, int] = {}
        for total, ways in dist.items():
            for face in range(1, sides + 1):
                nxt[total - face] = nxt.get(total - face, 0) + ways
        dist = nxt
    out = {}
    for n in range(1, max_atk + 1):
        nxt = {}
        for total, ways in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        dist = nxt
        out[n] = Fraction(sum(w for t, w in dist.items() if t > 0), sides ** (n + defense))
    return out


def test_attack_odds_for_every_dice_count_that_occurs() -> None:
    """One ship's ATK* is at most 18 (a Bomber's 6, +1 own planet, +1 Felines, +1 Ion Cloud,
    +2 Surprise Attack or Ambush, +1 Tactical Advantage, +4 Strafing Run, +2 when an Amoeboid
    self-destructs) and DEF* at most 16 (an Interceptor's 7, +2 own planet, +1 Crustaceans,
    +1 Asteroid Field, +2 Defensive Formation, +1 Tactical Advantage, +2 Skirmish): every
    count up to 4 such ships on one target, d6; Classic (d10) has none of these bonuses: up to
    8 ships of ATK 6 against DEF up to 7 (+ margin); and the largest combined attacks one hex
    can hold (25 Worms ships), spot-checked."""
    for sides, max_atk, max_def in ((6, 72, 16), (10, 48, 12)):
        for d in range(0, max_def + 1):
            for a, want in _by_difference(max_atk, d, sides).items():
                assert attack_odds(a, d, sides) == want, (a, d, sides)
    want = _by_difference(450, 16, 6)
    for a in (100, 200, 450):
        assert attack_odds(a, 16, 6) == want[a], a
