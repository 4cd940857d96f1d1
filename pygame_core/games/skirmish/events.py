"""Minimal Space Combat's event kinds (issue 31): what its log records, as facts, never words.

A ship is named by a field holding ``(id, side, number)`` (``ship_ref``): the id for the page,
side and number for the words ("West 1"), so an event is worded alone, without the state.
Every event is public: the log tells only what MSC-11 makes public (designs once revealed,
deployments, moves, dice), at the moment both sides' secrets are revealed together.
"""

from __future__ import annotations

from pygame_core.events import EventKind

from .state import Ship

_W1, _E1 = (0, 0, 1), (1, 1, 1)


def ship_ref(ship: Ship) -> tuple[int, int, int]:
    """A ship as an event field: its id, its side (0 West, 1 East) and its number there."""
    return (ship.id, ship.owner, ship.number)


EVENT_KINDS: dict[str, EventKind] = {
    # Bookkeeping: a turn's header, and the moment both sides' orders are carried out.
    "turn": EventKind(example={"turn": 2}, heading=True),
    "movement": EventKind(example={"turn": 2, "rule": "MSC-7"}),
    # Results: what became public or changed on the board, and every die (C-2.8).
    "revealed": EventKind(
        result=True,
        example={"ship": _W1, "engine": 3, "shields": 3, "to_hit": 3, "weapons": (0, 1, 5), "design": "ship1"},
    ),
    "deployed": EventKind(result=True, example={"ship": _W1, "hex": "0204", "col": 2, "row": 4, "facing": 1}),
    "moved": EventKind(
        result=True,
        example={"ship": _W1, "speed": 3, "orders": "1L1", "hex": "0503", "col": 5, "row": 3, "facing": 0,
                 "left": False},
    ),
    "initiative": EventKind(result=True, example={"turn": 2, "west": (4, 2), "east": (4, 5), "first": 1}),
    "shot": EventKind(
        result=True,
        example={"shooter": _W1, "weapon": "F", "target": _E1, "distance": 3, "need": 4, "roll": 2, "damage": 5},
    ),
    "damage": EventKind(
        result=True,
        example={"ship": _E1, "roll": 5, "effect": "engine", "side": "", "left": 2, "shields_left": None,
                 "chooser": None},
    ),
    "destroyed": EventKind(result=True, example={"ship": _E1}),
    "no_shot": EventKind(
        result=True,
        example={"side": 0, "ships": (_W1,), "why": ("range",), "nearest": (9,), "rule": "MSC-9.2"},
    ),
    "turn_limit": EventKind(result=True, example={"west": 12, "east": 7}),
    "annihilation": EventKind(result=True, example={"winners": (0,)}),
}
