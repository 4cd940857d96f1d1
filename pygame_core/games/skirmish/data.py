"""Minimal Space Combat constants: sides, costs, limits, templates, presets (MSC-2, MSC-4)."""

from __future__ import annotations

from dataclasses import dataclass

# MSC-3.3: sides clockwise from the front; side s points to world direction (facing + s) % 6.
SIDE_NAMES: tuple[str, ...] = ("F", "FR", "RR", "R", "RL", "FL")
SIDE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SIDE_NAMES)}
REAR = 3
# MSC-2.1: weapons may go on every side but the rear; the custom design asks in this order.
WEAPON_SIDES: tuple[int, ...] = (0, 5, 1, 4, 2)  # F, FL, FR, RL, RR as the source lists them

STAT_LIMITS: dict[str, tuple[int, int]] = {  # MSC-2.1 with the minimums of MSC-A06
    "engine": (0, 5),
    "shields": (1, 5),
    "to_hit": (0, 5),
}
STATS: tuple[str, ...] = ("engine", "shields", "to_hit")
WEAPON_COST = 2
MAX_SHIP_BP = 25
MAX_RANGE = 6
MAX_TURNS_HARD = 200  # MSC-10.2: annihilation_only still stops here (C-6.1)

WEST, EAST = 0, 1
SIDE_LABEL = ("West", "East")
DEPLOY_COLS = 3  # MSC-4.3: West in cols 0-2, East in cols W-3..W-1


@dataclass(frozen=True)
class Preset:
    """A scenario of MSC-4.1: ship count, side budget and per-ship limit."""

    ships: int
    budget: int
    ship_bp: int


PRESETS: dict[str, Preset] = {  # MSC-4.1 [INVENTED presets]
    "duel": Preset(1, 15, 15),
    "skirmish": Preset(3, 45, 25),
    "fleet": Preset(8, 100, 25),
}

# MSC-2.2: the source's example designs, offered as templates (engine, shields, to_hit, sides).
TEMPLATES: dict[str, tuple[int, int, int, tuple[int, ...]]] = {
    "ship1": (3, 3, 3, (0, 1, 5)),
    "ship2": (2, 4, 3, (0, 1, 5)),
    "ship3": (4, 4, 5, (0,)),
}
CUSTOM = "custom"
DESIGN_CHOICES: tuple[str, ...] = (*TEMPLATES, CUSTOM)


def range_modifier(distance: int) -> int | None:
    """MSC-9.3: the to-hit modifier at ``distance``, or None when no shot is possible."""
    if distance == 0:
        return 2
    if distance <= 2:
        return 1
    if distance <= 4:
        return 0
    if distance <= MAX_RANGE:
        return -1
    return None
