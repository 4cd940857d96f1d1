"""The shape of Galactic Warfare's view (GW-13), as the page's screen reads it (issue 32)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ...game import ShellView

# Keys named "from" (a Python keyword) need TypedDict's functional form.


class Stack(TypedDict):
    """A stack on the board (GW-2): its square's name, its owner's seat and how many ships."""

    square: str
    owner: int
    size: int


AttackOdds = TypedDict("AttackOdds", {
    "from": str, "target": str, "attack_dice": int, "defend_dice": int, "home": bool, "chance": float,
})
AttackOdds.__doc__ = """An attack the player to move may declare now and its chance (GW-6.3)."""


class BattleOdds(TypedDict):
    """The battle under way's dice and chance with the Overcharges in effect (GW-6.3, GW-12 #1)."""

    attack_dice: int
    defend_dice: int
    chance: float
    overcharge: list[bool]


Battle = TypedDict("Battle", {
    "from": str, "target": str, "land": str, "home_attack": bool, "overcharge": list[bool],
    "attack_dice": list[int], "defend_dice": list[int], "salvage_crews": bool, "emergency_jump": bool,
    "odds": BattleOdds | None,
})
Battle.__doc__ = """The battle under way (GW-6)."""


class BattleRound(TypedDict):
    """One round of dice of a battle read from the log, and its log line (GW-6.2)."""

    attack: list[int]
    defend: list[int]
    tie: bool
    line: int


PastBattle = TypedDict("PastBattle", {
    "attacker": int, "from": str, "target": str, "first_line": int, "last_line": int,
    "rounds": list[BattleRound], "cards": list[str], "result": str, "result_line": int, "gained": int,
    "removed": int, "invades": str, "retreat": str,
})
PastBattle.__doc__ = """A battle read from the log (words.py): result is "" while open, "won", "lost" or "cancelled";
retreat where the loser went, "removed" or "stays" (GW-8, GW-12 #9)."""


class StuckDice(TypedDict):
    """A stuck ship's two dice (GW-10.2)."""

    dice: list[int]
    doubles: bool
    line: int


LastMove = TypedDict("LastMove", {
    "player": int, "from": str, "to": str, "attack": bool, "line": int, "stuck": NotRequired[StuckDice],
})
LastMove.__doc__ = """The last charge, attack or stuck attempt, read from the log (words.py)."""


Placement = TypedDict("Placement", {"purpose": str, "from": str, "chooser": int})
Placement.__doc__ = """A stack waiting to be placed: why (GW-8.1, GW-10.2, GW-12 #7), from where, who chooses."""


class Played(TypedDict):
    """A card played in the open window's chain (C-5)."""

    player: int
    card: str


class Window(TypedDict):
    """The card window open now (C-5): its kind, holder, who responds and the chain."""

    kind: str
    holder: int
    responding: bool
    chain: list[Played]


class WarfareView(ShellView):
    """What a seat (or a spectator, viewer None) sees of a Galactic Warfare state (GW-13); the
    card keys only when the cards are in play."""

    game: str
    viewer: int | None
    phase: str
    active: int
    turn: int
    round: int
    round_limit: int
    colours: list[str]
    stacks: list[Stack]
    ships_on_board: list[int]
    removed: int
    rolloff: list[int]
    mode: str
    battle: Battle | None
    placement: Placement | None
    winners: list[int]
    reason: str
    log_kinds: list[str]
    battles: list[PastBattle]
    last_move: LastMove | None
    attacks: list[AttackOdds]
    cards: bool
    hand: NotRequired[list[str] | None]
    hand_counts: NotRequired[list[int]]
    set_aside: NotRequired[int]
    discard: NotRequired[list[str]]
    card_played_this_turn: NotRequired[list[bool]]
    stops_off: NotRequired[list[list[int | str]]]
    window: NotRequired[Window | None]
