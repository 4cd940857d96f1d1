"""The attack odds the screen shows (GW-6.3): exact, checked against an exhaustive count and
against the engine's own dice."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from fractions import Fraction

import pytest

from pygame_core import dice
from pygame_core.games.warfare import odds, rules
from pygame_core.games.warfare.actions import Attack
from pygame_core.games.warfare.state import Battle
from pygame_core.rng import Rng

from .helpers import position, sq

SIZES = (1, 2, 3, 4)


def _exhaustive(attack_dice: int, defend_dice: int) -> Fraction:
    """Every roll of both sides, counted: wins over the rolls that are not a tie."""
    wins = ties = 0
    for att in itertools.product(range(1, 7), repeat=attack_dice):
        a = sum(att)
        for dfn in itertools.product(range(1, 7), repeat=defend_dice):
            d = sum(dfn)
            wins += a > d
            ties += a == d
    return Fraction(wins, 6 ** (attack_dice + defend_dice) - ties)


@pytest.mark.parametrize("home", [False, True], ids=["standard", "home"])
@pytest.mark.parametrize("attacker", SIZES)
@pytest.mark.parametrize("defender", SIZES)
def test_exact_odds_equal_an_exhaustive_count(attacker: int, defender: int, home: bool) -> None:
    """Every stack-size pair, with and without the defender's home die (GW-6.3, GW-9.1)."""
    a, d = odds.battle_dice(attacker, defender, home)
    assert (a, d) == (attacker, defender + home)
    assert odds.win_chance(a, d) == _exhaustive(a, d)


def test_overcharge_adds_a_die_per_side() -> None:
    assert odds.battle_dice(2, 3, True, (True, True)) == (3, 5)
    assert odds.win_chance(1, 1) == Fraction(1, 2)
    assert odds.win_chance(4, 1) > odds.win_chance(3, 1) > odds.win_chance(2, 1) > Fraction(1, 2)


def test_sum_counts_cover_every_roll() -> None:
    for n in range(0, 7):
        assert sum(dice.sum_counts(n)) == 6 ** n
    with pytest.raises(ValueError):
        odds.win_chance(0, 1)


def _tolerance(p: float, n: int) -> float:
    return 4.5 * math.sqrt(p * (1 - p) / n)  # deterministic seeds: no flakiness, 4.5 sigma wide


@pytest.mark.parametrize("home", [False, True], ids=["standard", "home"])
def test_monte_carlo_through_the_engine_dice(home: bool) -> None:
    """The engine's own battle roll (its d6 and its tie re-rolls, rules._roll_until_decided)
    wins as often as the exact odds say, for every stack-size pair."""
    samples = 12_000
    for attacker, defender in itertools.product(SIZES, SIZES):
        target = "d9" if home else "e5"
        src = "c8" if home else "d4"
        state = position({src: attacker}, {target: defender})
        beyond = sq(target) if home else sq("f6")
        battle = Battle(sq(src), sq(target), beyond, home)
        ctx = rules._Ctx(replace(state, rng=Rng.from_seed(1000 * attacker + defender + 17 * home)))
        wins = 0
        for _ in range(samples):
            rolled = rules._roll_until_decided(state, battle, ctx, None, None)
            wins += rolled.attacker_wins
            ctx.events.clear()
        p = float(odds.win_chance(*odds.battle_dice(attacker, defender, home)))
        assert abs(wins / samples - p) < _tolerance(p, samples), (attacker, defender, home, wins / samples, p)


def test_monte_carlo_through_whole_attacks() -> None:
    """Whole Attack actions through rules.apply (declaration, dice, capture or retreat) win as
    often as the exact odds say."""
    samples = 6_000
    for attacker, defender, home in ((1, 1, False), (2, 3, False), (3, 2, True)):
        src, target, land = ("c8", "d9", "d9") if home else ("d4", "e5", "f6")
        state = position({src: attacker}, {target: defender})
        action = Attack(sq(src), sq(target))
        wins = 0
        for k in range(samples):
            after = rules.apply(replace(state, rng=Rng.from_seed(k * 7919 + attacker)), action)
            wins += after.board[sq(land)] > 0
        p = float(odds.win_chance(*odds.battle_dice(attacker, defender, home)))
        assert abs(wins / samples - p) < _tolerance(p, samples), (attacker, defender, home, wins / samples, p)
