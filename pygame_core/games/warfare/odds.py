"""The exact chance that an attack wins, from the battle dice rules (RULES.md GW-6.3).

GW-6.3: the attacker rolls as many d6 as its stack size, the defender as many as its stack
size (+1 in its own home row, +1 per Overcharge); the higher sum wins and a tie makes both
sides re-roll the same numbers of dice until the sums differ. So with ``A`` and ``D`` the two
sums of one roll, the attacker wins with probability ``P(A > D) / (1 - P(A = D))``: each
re-roll is a fresh copy of the same roll, and only the first untied one counts.

The screen shows this figure before an attack is committed, read from the view (the page
computes no odds of its own); the counting is ``pygame_core/dice.py``'s, shared by every game,
and ``tests/games/warfare/test_odds.py`` checks it against an exhaustive count and against the
engine's own dice.
"""

from __future__ import annotations

from fractions import Fraction

from ...dice import beat_chance_rerolled


def win_chance(attack_dice: int, defend_dice: int) -> Fraction:
    """The exact probability that the attacker wins the battle, ties re-rolled (GW-6.3).

    ``attack_dice`` and ``defend_dice`` are the numbers of d6 each side rolls (at least 1).
    """
    if attack_dice < 1 or defend_dice < 1:
        raise ValueError("each side rolls at least one die")
    return beat_chance_rerolled(attack_dice, defend_dice, 6)


def battle_dice(attacker_size: int, defender_size: int, home: bool,
                overcharge: tuple[bool, bool] = (False, False)) -> tuple[int, int]:
    """GW-6.3 dice counts: (attacker, defender) for these stacks; ``home`` is a home attack
    (the defender stands in its own home row), ``overcharge`` is (attacker, defender)."""
    return attacker_size + overcharge[0], defender_size + (1 if home else 0) + overcharge[1]
