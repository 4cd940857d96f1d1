"""Spacehole's event kinds (issue 31): what its log records, as facts with card ids, never words.

Cards are fields holding a card id (``card``; ``by`` for the event or invader card that acted),
so ``words.py`` names them in the chosen card set (SH-3.2) from one identical state. Every
kind is public: Spacehole has one seat and nothing of its log is hidden (SH-10).
"""

from __future__ import annotations

from pygame_core.events import EventKind

# Example card ids (data.CARDS order): a Lab, a defender, an invader, events, the Base.
_LAB, _TROOPERS, _PIRATES, _FLARE, _SABOTAGE, _BASE = 31, 52, 64, 74, 85, 96

EVENT_KINDS: dict[str, EventKind] = {
    # Bookkeeping: the setup and the player's own build decisions, echoed.
    "colony_founded": EventKind(),
    "played": EventKind(example={"card": _LAB}),
    "repaired": EventKind(example={"card": _BASE, "rule": "SH-5.4"}),
    "built_nothing": EventKind(),
    # Results: what the draw, the dice, an event or a clean-up did to the colony (SH-5..SH-9).
    "drew": EventKind(result=True, example={"turn": 3, "card": _PIRATES}, heading=True),
    "dismissed": EventKind(result=True, example={"card": _TROOPERS, "rule": "SH-8.3"}),
    "discarded": EventKind(result=True, example={"card": _LAB, "rule": "SH-8.4"}),
    "scouted": EventKind(result=True, example={"card": 41, "roll": 4, "seen": 4}),
    "virus_lost": EventKind(result=True, example={"card": _TROOPERS, "rule": "SH-A28"}),
    "returned": EventKind(result=True, example={"by": 75, "card": _TROOPERS, "rule": "SH-A29"}),
    "replaced": EventKind(result=True, example={"card": _TROOPERS, "rule": "SH-8.2"}),
    "artifact_discarded": EventKind(result=True, example={"card": 53, "rule": "SH-8.5"}),
    "income": EventKind(result=True, example={"used": 4, "supply": 5, "income": 5, "total": 12, "seismic": False}),
    "deck_spent": EventKind(result=True, example={"mc": 1234}),
    "invasion": EventKind(result=True, example={"by": _PIRATES, "force": 2}),
    "battle_round": EventKind(
        result=True,
        example={"by": _PIRATES, "round": 1, "invader_dice": (1, 4), "colony_dice": (3, 1), "hits_on": (_TROOPERS,)},
    ),
    "battle_over": EventKind(result=True, example={"by": _PIRATES, "rounds": 2, "destroyed": True}),
    "base_destroyed": EventKind(result=True, example={"rule": "SH-9.1"}),
    "flare_damage": EventKind(result=True, example={"by": _FLARE, "card": _TROOPERS}),
    "flare_spent": EventKind(result=True, example={"by": _FLARE}),
    "no_defender": EventKind(result=True, example={"by": 76}),
    "lost": EventKind(result=True, example={"by": 76, "card": _TROOPERS}),
    "base_hit": EventKind(result=True, example={"by": _SABOTAGE}),
    "destroyed": EventKind(result=True, example={"by": _SABOTAGE, "card": _LAB}),
    "nothing_lost": EventKind(result=True, example={"by": 78, "rule": "SH-A21"}),
    "mc_gained": EventKind(result=True, example={"by": 86, "gain": 20, "per": "10 per Mine"}),
    "mc_lost": EventKind(result=True, example={"by": 93, "loss": 7}),
    "hand_discarded": EventKind(result=True, example={"by": 77, "count": 3}),
    "all_repaired": EventKind(result=True, example={"by": 82}),
    "terraformed": EventKind(result=True, example={"by": 80, "rule": "SH-A25"}),
    "seismic": EventKind(result=True, example={"by": 83}),
    "no_effect": EventKind(result=True, example={"by": 75}),
}
