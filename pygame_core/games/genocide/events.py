"""Space Genocide's event kinds (issue 31): what the engine logs, as facts, and which are results."""

from __future__ import annotations

from dataclasses import dataclass

from ...events import Event, EventKind
from .cards import FLEET_STEPS, PLANET_STEPS, ROLL

# Fields: seats are ``seat``/``owner`` (ints), hexes ``hex`` (the 4-digit label CCRR, C-1.5),
# ships ``ship``/``ships`` (counter ids), cards ``card``/``cards`` (card numbers), dice
# ``dice`` (tuple) with what they were for. A ship field ``f`` comes with ``f_at``: how the
# event's readers knew the ship then (owner, fleet marker, place among its kind there; marker
# and place 0 where secret to them: ``Work.known_as``), so the words name it as the buttons do,
# by the fleet it was in at the time, never by counter id (issue 36). ``result`` marks what a recap never folds away
# (dice and their outcome, a removal, a capture, a discard, a planet destroyed, the end).
_R = True

EVENT_KINDS: dict[str, EventKind] = {
    # setup (SG-3)
    "rolloff": EventKind(_R, {"seats": (0, 1), "dice": (3, 5)}),
    "first_player": EventKind(False, {"seat": 1}),
    "terrain_placed": EventKind(False, {"count": 6}),
    "fleets_drawn": EventKind(False, {"seat": 0, "count": 4}),
    "cards_dealt": EventKind(False, {"count": 3}),
    "hand_dealt": EventKind(False, {"seat": 0, "cards": (1, 2, 3)}, private=True),
    "race_chosen": EventKind(False, {"seat": 0, "race": "robots"}),
    "setup_complete": EventKind(False, {}),
    # C-2.8: one record per purpose of the dice or picks an action used
    "roll": EventKind(
        _R, {"purpose": "SG.combat.attack target=ship#4", "sides": 6, "pick": False, "values": (3, 5),
             "ship_at": (0, 1, 0)}, detail=True,
    ),
    # the turn (SG-4)
    "turn": EventKind(False, {"round": 1, "seat": 0}, heading=True),
    "black_hole_loss": EventKind(_R, {"seat": 0, "count": 2, "hex": "0304"}),
    "black_hole_lost": EventKind(_R, {"seat": 0, "ships": (4, 5), "ships_at": ((0, 2, 0), (0, 2, 0))}, private=True),
    "stranded_fighters": EventKind(_R, {"seat": 0, "hex": "0304", "ships": (4,), "ships_at": ((0, 0, 0),)}),
    # transport (SG-5) and the terrain (SG-A4x)
    "extra_transport": EventKind(False, {"seat": 0}),
    "fleet_split": EventKind(False, {"seat": 0, "marker": 1, "new": 2}),
    "fleet_merged": EventKind(_R, {"seat": 0, "marker": 1, "gone": 2}),
    "terrain_reached": EventKind(False, {"seat": 0, "terrain": "alien_ruins", "hex": "0304"}),
    "ship_cap": EventKind(_R, {"seat": 0, "lost": "ruins", "rule": "SG-A30"}),
    "ruins_unplaced": EventKind(_R, {"seat": 0}),
    "ruins_ship": EventKind(_R, {"seat": 0, "ship": 4, "ship_at": (0, 0, 0)}, private=True),
    "neutral_gained": EventKind(_R, {"seat": 0, "hex": "0304", "ptype": "M", "rule": "SG-12.1"}),
    "planet_scanned": EventKind(False, {"seat": 0, "owner": 1, "hex": "0304"}),
    "planet_type": EventKind(False, {"seat": 0, "hex": "0304", "ptype": "M"}, private=True),
    # engagement (SG-6, SG-7)
    "press_offensive": EventKind(False, {"hex": "0304"}),
    "fleet_revealed": EventKind(False, {"what": "battle", "hex": "0304", "owner": 0, "marker": 1, "ships": (4, 5)}),
    "target_declared": EventKind(
        False, {"ship": 4, "seat": 0, "target": 50, "ship_at": (0, 1, 0), "target_at": (1, 6, 2)}
    ),
    "self_destruct": EventKind(_R, {"ship": 4, "seat": 0, "rule": "SG-11", "ship_at": (0, 1, 0)}),
    "decoy_hit": EventKind(
        _R, {"ship": 4, "target": 50, "rule": "SG-13.3", "ship_at": (0, 1, 0), "target_at": (1, 6, 0)}
    ),
    "battle_result": EventKind(
        _R, {"hex": "0304", "sides": 6, "attack": (3, 5), "defence": (2,), "target": 50, "destroyed": True,
             "target_at": (1, 6, 1)}
    ),
    "no_marker": EventKind(_R, {"seat": 0, "ship": 50, "ship_at": (1, 6, 0)}),
    "captured": EventKind(_R, {"seat": 0, "ship": 50, "marker": 2, "rule": "SG-11", "ship_at": (1, 6, 0)}),
    "diplomacy": EventKind(False, {"rule": "SG-4.2"}),
    "no_bursts": EventKind(False, {}),
    "burst_declared": EventKind(False, {"ship": 4, "seat": 0, "pb": 1, "ship_at": (0, 1, 0)}),
    "burst_dud": EventKind(_R, {"ship": 4, "rule": "SG-13.3", "ship_at": (0, 1, 0)}),
    "burst": EventKind(
        _R, {"ship": 4, "seat": 0, "pb": 1, "hex": "0304", "targets": 2, "killed": (50,), "ship_at": (0, 1, 0),
             "killed_at": ((1, 6, 0),)}
    ),
    # mass destruction (SG-8) and the end (SG-10, SG-16.5)
    "launch_orders": EventKind(False, {"ships": (4,), "pbs": (2,), "hexes": ("0304",), "ships_at": ((0, 0, 0),)}),
    "launch_dud": EventKind(_R, {"ship": 4, "hex": "0304", "rule": "SG-13.3", "ship_at": (0, 0, 0)}),
    "launch_gone": EventKind(_R, {"ship": 4, "pb": 2, "hex": "0304", "ship_at": (0, 0, 0)}),
    "launch": EventKind(_R, {"ship": 4, "pb": 2, "hex": "0304", "dice": (6, 2), "hit": True, "ship_at": (0, 0, 0)}),
    "planet_destroyed": EventKind(_R, {"owner": 1, "hex": "0304", "ptype": "M"}),
    "defeated": EventKind(_R, {"seat": 1}),
    "hand_discarded": EventKind(_R, {"seat": 1, "cards": (1, 2)}),
    "game_over": EventKind(_R, {"reason": "West destroyed the enemy's planets (SG-10)"}),
    # production (SG-9)
    "ship_discarded": EventKind(False, {"seat": 0}),
    "ship_discarded_own": EventKind(_R, {"seat": 0, "ship": 4, "ship_at": (0, 3, 0)}, private=True),
    "income": EventKind(False, {"seat": 0, "income": 3, "total": 5}),
    "draw_unplaced": EventKind(_R, {"seat": 0}),
    "ship_drawn": EventKind(False, {"seat": 0}),
    "ship_drawn_own": EventKind(False, {"seat": 0, "ship": 4, "ship_at": (0, 0, 0)}, private=True),
    "ship_bought": EventKind(False, {"seat": 0, "ship": 4, "left": 2, "ship_at": (0, 0, 0)}),
    "pb_bought": EventKind(False, {"seat": 0, "left": 2}),
    # cards (SG-13, C-5)
    "card_played": EventKind(
        False, {"seat": 0, "card": 1, "steps": ("own_fleet",), "targets": (1,), "roll": "", "roll_dice": (),
                "targets_at": ((-1, 0, 0),), "roll_at": (-1, 0, 0)}
    ),
    "card_negated": EventKind(_R, {"seat": 0, "card": 1, "rule": "C-5.3"}),
    "hand_limit_discard": EventKind(_R, {"seat": 0, "card": 1}),
    "stops_switched": EventKind(False, {"seat": 0, "on": False, "rule": "C-5.4"}),
    "deck_reshuffled": EventKind(False, {"count": 12}),
    "cards_drawn": EventKind(False, {"seat": 0, "count": 2}),
    "cards_drawn_own": EventKind(False, {"seat": 0, "cards": (1, 2)}, private=True),
    "homeworld_revealed": EventKind(False, {"seat": 0, "hex": "0304"}),
    "card_fleet_moved": EventKind(False, {"owner": 0, "marker": 1, "hex": "0304"}),
    "fleet_scanned": EventKind(False, {"seat": 0, "owner": 1, "marker": 1, "ships": (4, 5)}, private=True),
    "hand_spied": EventKind(False, {"seat": 0, "target": 1, "cards": (1, 2)}, private=True),
    "boarding_destroyed": EventKind(_R, {"ship": 50, "ship_at": (1, 6, 0)}),
    "boarded": EventKind(_R, {"seat": 0, "ship": 50, "ship_at": (1, 6, 0)}),
    "mines": EventKind(_R, {"ship": 50, "owner": 1, "marker": 2, "ship_at": (1, 0, 0)}),
    "sabotage": EventKind(_R, {"seat": 1, "cards": (1, 2)}),
    "deck_top": EventKind(False, {"seat": 0, "cards": (1, 2, 3)}, private=True),
    "recovered": EventKind(_R, {"seat": 0, "ship": 4, "marker": 2, "ship_at": (0, 1, 0)}),
    "suicide": EventKind(_R, {"ship": 50, "ship_at": (1, 6, 0)}),
    "critical_hit": EventKind(_R, {"ship": 50, "ship_at": (1, 6, 0)}),
    "luck": EventKind(
        _R, {"purpose": "SG.combat.attack target=ship#4", "old": (1, 2), "new": (5, 6), "ship_at": (0, 1, 0)}
    ),
    "lure": EventKind(False, {"seat": 0, "owner": 1, "marker": 2, "mp": 3}, private=True),
    "refit_replaced": EventKind(
        _R, {"seat": 0, "ship": 4, "new": 5, "ship_at": (0, 3, 0), "new_at": (0, 3, 0)}, private=True
    ),
    "refit": EventKind(_R, {"seat": 0, "count": 2}),
    "fighter_moved": EventKind(False, {"seat": 0, "hex": "0304"}),
    "point_defense": EventKind(_R, {"ship": 50, "ship_at": (1, 6, 0)}),
}


@dataclass(frozen=True, slots=True)
class PlayedTargets:
    """What a ``card_played`` event's targets name, by the kind of each step (SG-13.3)."""

    fleets: tuple[tuple[int, int], ...]  # (owner, marker): a fleet step's owner * 100 + marker
    seats: tuple[int, ...]  # an opponent
    ships: tuple[int, ...]  # a ship (every step that names no fleet, planet, seat, roll or hex)


# The steps whose target is no ship (``words._card_args`` names the others as ships).
_NOT_A_SHIP = FLEET_STEPS | PLANET_STEPS | {"opponent", ROLL, "battle_hex", "planet_fleet"}


def names_ship(step: str) -> bool:
    """Whether a card step's target is a ship (``words._card_args`` names it as one)."""
    return step not in _NOT_A_SHIP


def played_targets(e: Event) -> PlayedTargets:
    """The fleets, seats and ships a card play names (a step left undone, -1, names nothing)."""
    fleets: list[tuple[int, int]] = []
    seats: list[int] = []
    ships: list[int] = []
    for step, target in zip(e.texts("steps"), e.nums("targets"), strict=True):
        if target < 0:
            continue
        if step in FLEET_STEPS:
            fleets.append(divmod(target, 100))
        elif step == "opponent":
            seats.append(target)
        elif names_ship(step):
            ships.append(target)
    return PlayedTargets(tuple(fleets), tuple(seats), tuple(ships))
