"""Minimal Space Combat's log lines in a player's words (C-2.8: every die stays in the log).

The log is read by people: ships are "West 1", sides and directions are words, and each die
is told with what it decided. The dice record itself (purpose, die, value) follows as lines
starting with two spaces and ``roll ``, which the page hides unless its details are open; rule
IDs only appear there or in a parenthesis at a line's end.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...hexgrid import Hex
from ...rng import Roll
from .data import MAX_RANGE, SIDE_LABEL, SIDE_NAMES, TEMPLATES
from .state import INTACT, Design, Ship, SkirmishState

SIDE_WORDS: dict[str, str] = {
    "F": "front", "FR": "front-right", "RR": "rear-right", "R": "rear", "RL": "rear-left", "FL": "front-left",
}
DIRECTION_WORDS: tuple[str, ...] = ("north", "north-east", "south-east", "south", "south-west", "north-west")
TEMPLATE_WORDS: dict[str, str] = {key: f"Ship {n}" for n, key in enumerate(TEMPLATES, 1)}


def ship(s: Ship) -> str:
    """A ship as players say it: "West 1"."""
    return f"{SIDE_LABEL[s.owner]} {s.number}"


def side(name: str) -> str:
    """A ship side by name: "front-left (FL)"."""
    return f"{SIDE_WORDS[name]} ({name})"


def design(d: Design) -> str:
    """A design in words: which example design (or the side's own) and its values."""
    kind = f"an example {TEMPLATE_WORDS[d.name]}" if d.name in TEMPLATE_WORDS else "its own design"
    arms = ", ".join(SIDE_WORDS[SIDE_NAMES[s]] for s in d.weapons) or "none"
    return (f"{kind}: ENGINE {d.engine}, SHIELDS {d.shields}, TO-HIT {d.to_hit}, "
            f"weapons {arms} ({d.bp} BP)")


def revealed(s: Ship) -> str:
    return f"{ship(s)} is {design(s.design)}"


def deployed(s: Ship, where: Hex, facing: int) -> str:
    return f"{ship(s)} deploys at {where} facing {DIRECTION_WORDS[facing]}"


def moved(s: Ship, speed: int, written: str, where: Hex, facing: int, left: bool) -> str:
    orders = f"SPEED {speed}, orders {written}" if written else f"SPEED {speed}, no move"
    if left:
        return f"{ship(s)} ({orders}) leaves the map: it disengages"
    return f"{ship(s)} ({orders}) ends at {where} facing {DIRECTION_WORDS[facing]}"


def rolls(record: Iterable[Roll]) -> list[str]:
    """The dice record lines (C-2.8), hidden on the page behind the log's details."""
    return [f"  roll {r}" for r in record]


def initiative(west: list[int], east: list[int], first: int) -> str:
    pairs = [f"West {w}, East {e}" for w, e in zip(west, east, strict=True)]
    ties = "; ".join(f"{p}: a tie, rolled again" for p in pairs[:-1])
    told = f"{ties}; {pairs[-1]}" if ties else pairs[-1]
    return f"Initiative: {told}. {SIDE_LABEL[first]} fires first this turn"


def shot(shooter: Ship, side_name: str, target: Ship, distance: int, need: int, roll: int) -> str:
    odds = "hits on any roll" if need >= 6 else "cannot hit" if need <= 0 else f"needs {need} or less"
    result = "hit" if roll <= need else "miss"
    return (f"{ship(shooter)} fires its {SIDE_WORDS[side_name]} weapon at {ship(target)} (range {distance}): "
            f"{odds}, rolled {roll}: {result}")


def damage(target: Ship, roll: int, effect: str) -> str:
    return f"{ship(target)} is hit, damage roll {roll}: {effect}"


def no_shot(state: SkirmishState, player: int) -> str:
    """Why a side's fire phase holds no shot at all (MSC-9.2), ship by ship."""
    enemies = [e for e in state.ships if e.alive and e.owner != player]
    reasons = []
    for s in state.ships:
        if not s.alive or s.owner != player:
            continue
        armed = [i for i, w in enumerate(s.weapons) if w == INTACT and i not in s.fired]
        distances = [Hex(s.col, s.row).distance(Hex(e.col, e.row)) for e in enemies]
        if not armed:
            reasons.append(f"{ship(s)} has no weapon left to fire")
        elif not distances or min(distances) > MAX_RANGE:
            nearest = f" (the nearest is {min(distances)} hexes away)" if distances else ""
            reasons.append(f"{ship(s)}: no enemy within range {MAX_RANGE}{nearest}")
        else:
            reasons.append(f"{ship(s)}: no enemy in an armed arc")
    told = "; ".join(reasons) or "no ship left"
    return f"{SIDE_LABEL[player]} cannot fire this turn. {told} (MSC-9.2)"

