"""The optional proposed 50-card Galactic Warfare deck and its timings (RULES.md GW-12) [INVENTED]."""

from __future__ import annotations

from dataclasses import dataclass

# Timings (GW-12): where a card may be played.
BEFORE_MOVE = "before_move"  # own turn, before the action is submitted
BATTLE = "battle"  # after an attack is declared, before the dice (attacker first)
AFTER_ROLL = "after_roll"  # after both sides roll, before the result is applied
AFTER_WIN = "after_win"  # after you win an attack, before the capture
AFTER_LOSS = "after_loss"  # after you lose an attack, before the retreat
RESPONSE = "response"  # right after the opponent plays a card (C-5.2)


@dataclass(frozen=True)
class CardKind:
    """One row of the GW-12 table; ``number`` is the card's # (1-10)."""

    number: int
    key: str
    title: str
    copies: int
    timing: str


KINDS: tuple[CardKind, ...] = (
    CardKind(1, "overcharge", "Overcharge", 8, BATTLE),
    CardKind(2, "second_chance", "Second Chance", 6, AFTER_ROLL),
    CardKind(3, "hyperdrive", "Hyperdrive", 6, BEFORE_MOVE),
    CardKind(4, "fleet_command", "Fleet Command", 5, BEFORE_MOVE),
    CardKind(5, "cloaking_field", "Cloaking Field", 5, BATTLE),
    CardKind(6, "evasive_maneuver", "Evasive Maneuver", 4, BEFORE_MOVE),
    CardKind(7, "planetary_defense_grid", "Planetary Defense Grid", 4, BEFORE_MOVE),
    CardKind(8, "salvage_crews", "Salvage Crews", 4, AFTER_WIN),
    CardKind(9, "emergency_jump", "Emergency Jump", 4, AFTER_LOSS),
    CardKind(10, "counter_intelligence", "Counter-Intelligence", 4, RESPONSE),
)
BY_NUMBER: dict[int, CardKind] = {kind.number: kind for kind in KINDS}

(
    OVERCHARGE,
    SECOND_CHANCE,
    HYPERDRIVE,
    FLEET_COMMAND,
    CLOAKING_FIELD,
    EVASIVE_MANEUVER,
    PLANETARY_DEFENSE_GRID,
    SALVAGE_CREWS,
    EMERGENCY_JUMP,
    COUNTER_INTELLIGENCE,
) = range(1, 11)

DECK_SIZE = sum(kind.copies for kind in KINDS)  # 50 (GW-12)
HAND_SIZE = 15  # GW-3.2

# Card instances are ids 0..49 in table order (the canonical deck order for the shuffle).
_KIND_OF_ID: tuple[int, ...] = tuple(kind.number for kind in KINDS for _ in range(kind.copies))


def kind_of(card_id: int) -> int:
    """The card # (1-10) of a card instance id (0-49)."""
    return _KIND_OF_ID[card_id]


def key_of(card_id: int) -> str:
    return BY_NUMBER[kind_of(card_id)].key


STOP_KINDS: tuple[str, ...] = (BATTLE, AFTER_ROLL, AFTER_WIN, AFTER_LOSS, RESPONSE)
"""Window kinds that can stop the player who does not hold the device (C-5.4): every kind
for which the deck has an eligible card. Before-move cards are played on one's own turn."""

assert DECK_SIZE == 50
