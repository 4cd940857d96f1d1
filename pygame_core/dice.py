"""Sums of fair dice, counted exactly: every game's battle odds and its AI read them from here."""

from __future__ import annotations

from fractions import Fraction
from functools import cache


@cache
def sum_counts(n: int, sides: int = 6) -> tuple[int, ...]:
    """``counts[t]``: in how many of the ``sides ** n`` equally likely rolls of ``n`` dice with
    ``sides`` sides the total is ``t`` (t = 0..n*sides; zero dice make the total 0 one way)."""
    if n < 0:
        raise ValueError("a negative number of dice")
    if sides < 1:
        raise ValueError("a die has at least one side")
    counts = [1]
    for _ in range(n):
        more = [0] * (len(counts) + sides)
        for total, ways in enumerate(counts):
            if ways:
                for face in range(1, sides + 1):
                    more[total + face] += ways
        counts = more
    return tuple(counts)


@cache
def beat_counts(a: int, d: int, sides: int = 6) -> tuple[int, int]:
    """Of the ``sides ** (a + d)`` equally likely rolls of ``a`` dice against ``d`` dice (all
    with ``sides`` sides): in how many the first total is higher, and in how many the two tie."""
    first, second = sum_counts(a, sides), sum_counts(d, sides)
    wins = ties = 0
    below = 0  # ways the second total is less than ``total``
    for total, ways in enumerate(first):
        if 0 < total <= len(second):
            below += second[total - 1]
        if ways:
            wins += ways * below
            if total < len(second):
                ties += ways * second[total]
    return wins, ties


def beat_chance(a: int, d: int, sides: int = 6) -> Fraction:
    """The exact chance that ``a`` dice total more than ``d`` dice (a tie does not beat)."""
    wins, _ = beat_counts(a, d, sides)
    return Fraction(wins, sides ** (a + d))


def beat_chance_rerolled(a: int, d: int, sides: int = 6) -> Fraction:
    """The exact chance that ``a`` dice beat ``d`` dice when every tie is rolled again with the
    same dice until the totals differ: ``P(A > D) / (1 - P(A = D))``."""
    wins, ties = beat_counts(a, d, sides)
    return Fraction(wins, sides ** (a + d) - ties)
