"""The rulebook of the 42 cards (SG-13.3): per card key, its condition beside its effect.

A card is found by its key: its windows and target steps in ``cards.CARD_BY_KEY`` (the data
table), its extra condition and its effect here. ``cardplay.effects`` writes each card's rule
(condition and effect side by side) and registers it on import; ``targets`` asks the
conditions when judging what may be played, ``windows`` runs the effects as a chain resolves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..cards import CARD_BY_KEY, Card
from ..state import State
from ..work import Work

Condition = Callable[[State, int], bool]
"""Whether ``seat`` may play the card now, beyond having a complete target (SG-13.3)."""
Effect = Callable[[Work, int, tuple[int, ...]], None]
"""What the card does for ``seat`` with its chosen targets, once its chain resolves (C-5.3)."""


def always(state: State, seat: int) -> bool:
    """No condition beyond the card's windows and targets."""
    return True


@dataclass(frozen=True)
class CardRule:
    """One card: its table row (windows, targets, bonuses), its condition and its effect."""

    card: Card
    condition: Condition
    effect: Effect


RULEBOOK: dict[str, CardRule] = {}
"""Every card's rule by key, registered by ``cardplay.effects`` (``card_rule``)."""


def card_rule(key: str, condition: Condition = always) -> Callable[[Effect], Effect]:
    """Register the decorated effect, with ``condition``, as the rule of the card ``key``."""

    def register(effect: Effect) -> Effect:
        assert key not in RULEBOOK, f"card {key!r} has two rules"
        RULEBOOK[key] = CardRule(CARD_BY_KEY[key], condition, effect)
        return effect

    return register
