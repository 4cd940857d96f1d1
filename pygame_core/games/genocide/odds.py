"""Exact dice odds for Space Genocide, for the view and its tests (RULES.md SG-6, SG-7, SG-8).

A battle attack (SG-6.3 B5) destroys its target iff the attack total, ``ΣATK*`` dice of size
``combat_die``, beats the defence total, ``DEF*`` dice of the same size; a tie or more defence
has no effect. A space burst (SG-7.4) hits a ship with any 6 among its PB dice; a planet buster
order (SG-8.5) destroys the planet with any die <= 3 (Amoeboids 4). Everything is a
``Fraction`` (the dice sums are counted by ``pygame_core/dice.py``); ``percent`` rounds it
once, half up: the figure the view carries beside each decision (``view_odds.py``) and the
screen shows as it is.
"""

from __future__ import annotations

from fractions import Fraction

from ...dice import beat_chance


def attack_odds(atk: int, defense: int, sides: int) -> Fraction:
    """SG-6.3 B5: the chance ``atk`` dice total more than ``defense`` dice (0 with no attack)."""
    if atk <= 0:
        return Fraction(0)
    return beat_chance(atk, max(defense, 0), sides)


def any_hit(n: int, hit_faces: int, sides: int = 6) -> Fraction:
    """SG-7.4 / SG-8.5: the chance that at least one of ``n`` dice shows one of ``hit_faces``."""
    if n <= 0:
        return Fraction(0)
    return 1 - Fraction(sides - hit_faces, sides) ** n


def percent(p: Fraction) -> str:
    """One decimal, half up; ``<0.1%`` / ``>99.9%`` for chances that only round to 0 or 1."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    tenths = (p.numerator * 2000 + p.denominator) // (2 * p.denominator)
    if tenths == 0:
        return "<0.1%"
    if tenths >= 1000:
        return ">99.9%"
    return f"{tenths // 10}.{tenths % 10}%"
