"""The Galactic Warfare game state: a tree of frozen values (board, hands, battle, windows)."""

from __future__ import annotations

from dataclasses import dataclass

from ...deck import Deck
from ...events import Event
from ...rng import RngValue
from ...windows import Stops, Window

# Phases: who decides what next.
CHOOSE_FIRST = "choose_first"  # GW-3.3: the roll-off winner decides
CHOOSE_DEFERRED = "choose_deferred"  # GW-3.3: after "you decide"; no second deferral
TURN = "turn"  # GW-4.1: the active player's action (and before-move cards, GW-12)
WINDOW = "window"  # C-5: a card window or response opportunity is open
PLACE = "place"  # a stack waits for its home square (GW-8.1, GW-10.2, GW-12 #7)
OVER = "over"

# Turn modes set by before-move cards (GW-12 #3, #4).
MODE_NORMAL = ""
MODE_HYPERDRIVE = "hyperdrive"
MODE_FLEET = "fleet"  # Fleet Command: the first of two charges
MODE_FLEET_SECOND = "fleet2"  # Fleet Command: the second charge

# Why a stack is being placed on a home square.
PLACE_RETREAT = "retreat"  # GW-8.1: chosen by the opponent (or the owner with Emergency Jump)
PLACE_STUCK = "stuck"  # GW-10.2: chosen by the owner after doubles
PLACE_DEFENSE = "defense"  # GW-12 #7 Planetary Defense Grid: chosen by the invader's owner


@dataclass(frozen=True)
class Battle:
    """A declared attack (GW-6.2) until its result is applied.

    ``land`` is where the attacker goes if it wins: the beyond-square of a standard attack or
    the target square of a home attack (GW-6.4). ``boost`` records Overcharge per colour.
    """

    src: int
    target: int
    land: int
    home: bool
    boost: tuple[bool, bool] = (False, False)
    attack_dice: tuple[int, ...] = ()
    defend_dice: tuple[int, ...] = ()
    salvage: bool = False
    jump: bool = False

    @property
    def rolled(self) -> bool:
        return bool(self.attack_dice)

    @property
    def attacker_wins(self) -> bool:
        return sum(self.attack_dice) > sum(self.defend_dice)


@dataclass(frozen=True)
class Placement:
    """A stack on ``src`` waiting for ``chooser`` to pick a vacant home square for it."""

    purpose: str
    src: int
    chooser: int


@dataclass(frozen=True)
class WarfareState:
    """Everything of one game. ``board`` holds 80 cells: +size for a White stack, -size Blue."""

    cards_on: bool
    round_limit: int
    rng: RngValue
    board: tuple[int, ...]
    removed: int  # ships removed from the game (GW-7.1, 7.2, GW-8.2, GW-12 #7)
    phase: str
    active: int  # whose turn it is (GW-4.1)
    chooser: int  # who decides in CHOOSE_* phases
    turn_no: int  # 1-based once the first player is chosen; a round is two turns
    passes: int  # consecutive passed turns (GW-11.3)
    rolloff: tuple[int, ...]  # every roll-off die, White's then Blue's, per round (GW-3.3)
    hands: tuple[tuple[int, ...], tuple[int, ...]]  # card ids, sorted; PRIVATE (GW-13.2)
    deck: Deck  # draw pile: the 20 unused cards (SEALED); discard pile: played cards (PUBLIC)
    card_used: tuple[bool, bool]  # GW-4.3: a card already played this turn, per colour
    mode: str
    window: Window | None
    battle: Battle | None
    placement: Placement | None
    stops: Stops
    last_actor: int  # who made the last decision (-1: nobody yet); holds the device (C-5.4)
    epoch: int  # information epoch (C-3.2)
    winners: tuple[int, ...]
    reason: str
    log: tuple[Event, ...]  # what happened (events.py), each event one line of words
