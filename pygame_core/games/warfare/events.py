"""Galactic Warfare's event kinds (issue 31): every fact its log records, and which are results.

Every event is public (GW-13: the board, the dice and the cards played are open; hands never
reach the log), and each gives exactly one line of words (``words.py``), so a line of the
view's log has the index of its event and the battles' line numbers are event indices.
Squares are names (``"c4"``), seats 0 (White) and 1 (Blue), cards their GW-12 kind number.
"""

from __future__ import annotations

from ...events import EventKind

ACTIONS = frozenset({
    "first_chosen", "charged", "attacked", "stuck_attempt", "placed", "turn_passed", "card_played",
    "window_passed", "stop_set",
})
"""The kinds that record a player's decision (the determinizer's last actor, C-5.4)."""

_A = {"player": 0}

EVENT_KINDS: dict[str, EventKind] = {
    # Setup (GW-3)
    "setup": EventKind(example={"rule": "GW-3.1"}),
    "dealt": EventKind(example={"hand": 5, "aside": 20}),
    "rolloff": EventKind(result=True, example={"white": 3, "blue": 3}),
    "chooses_first": EventKind(example=_A),
    "moves_first": EventKind(example=_A),
    # Decisions: one event per action, first in what the action logged.
    "first_chosen": EventKind(example={"player": 0, "choice": "defer"}),
    "charged": EventKind(result=True, example={"player": 0, "src": "c2", "dst": "d3", "hyperdrive": False}),
    "attacked": EventKind(example={"player": 0, "src": "c2", "target": "d3"}),
    "stuck_attempt": EventKind(example={"player": 1, "square": "d1"}),
    "placed": EventKind(
        result=True, example={"player": 1, "square": "c0", "purpose": "retreat", "owner": 0, "src": "d5"}
    ),
    "turn_passed": EventKind(example=_A),
    "card_played": EventKind(result=True, example={"player": 0, "card": 6, "src": "d3", "dst": "c2"}),
    "window_passed": EventKind(example={"player": 1, "stop_off": True}),
    "stop_set": EventKind(example={"player": 0, "stop": "after_roll", "on": True}),
    # What followed (GW-6 to GW-12): results the recap never folds away.
    "fleet_no_second": EventKind(result=True),
    "stuck_dice": EventKind(
        result=True, example={"player": 0, "square": "d8", "dice": (3, 4), "doubles": False, "rule": "GW-10.2"}
    ),
    "battle_round": EventKind(
        result=True, example={"player": 0, "src": "d5", "target": "e6", "attack": (6, 2), "defend": (3,)}
    ),
    "tie": EventKind(result=True, example={"rule": "GW-6.3"}),
    "battle_won": EventKind(result=True, example={"player": 0, "target": "e6"}),
    "battle_lost": EventKind(result=True, example={"player": 1, "target": "e6", "rule": "GW-6.5"}),
    "captured": EventKind(
        result=True, example={"player": 0, "square": "e6", "gained": 1, "removed": 1, "rule": "GW-7"}
    ),
    "invaded": EventKind(result=True, example={"player": 0, "square": "b9", "rule": "GW-9.2"}),
    "stack_removed": EventKind(result=True, example={"player": 0, "size": 2, "square": "d5", "rule": "GW-8.2"}),
    "jump_stays": EventKind(result=True, example=_A),
    "attack_cancelled": EventKind(result=True, example=_A),
    "card_cancelled": EventKind(result=True, example={"card": 1, "rule": "C-5.3"}),
    "counter_resolves": EventKind(),
    "rerolled": EventKind(result=True, example=_A),
    "evaded": EventKind(result=True, example={"player": 0, "src": "d3", "dst": "c2"}),
    "defense_removed": EventKind(result=True, example={"player": 1, "square": "c0", "size": 1}),
    "game_over": EventKind(
        result=True,
        example={"winner": -1, "how": "judged", "why": "passes", "limit": 150, "by": "", "rule": "GW-11.3"},
    ),
    # C-2.8: every die with its purpose, as the engine drew it.
    "roll": EventKind(result=True, example={"purpose": "GW.stuck d8", "sides": 6, "value": 3, "die": True},
                      detail=True),
}


def finish_reason(winner: int, how: str, why: str, limit: int, by: str) -> str:
    """GW-11: why the game ended, the state's ``reason`` and the game_over event's words.

    ``how``: "invasion" (GW-11.1), "capture" (GW-11.2) or "judged" (GW-11.3, ``why`` "passes"
    or "limit", ``by`` "invaders" or "ships" when it decided, ``winner`` -1 for a draw)."""
    colours = ("White", "Blue")
    if how == "invasion":
        return f"{colours[winner]} occupies the enemy home planet (GW-11.1)"
    if how == "capture":
        return f"{colours[winner]} has captured every enemy ship (GW-11.2)"
    cause = "both players passed in succession" if why == "passes" else f"round limit {limit} reached"
    if winner < 0:
        return f"{cause}: a draw (GW-11.3)"
    what = "invaders" if by == "invaders" else "ships on the board"
    return f"{cause}: {colours[winner]} has more {what} (GW-11.3)"
