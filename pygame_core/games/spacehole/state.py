"""Spacehole's game state: everything undo must restore, and nothing of the UI."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pygame_core.deck import Deck
from pygame_core.events import Event
from pygame_core.rng import RngValue

from .data import BASE_ID, KEY_OF, KIND_OF, Kind


class Step(str, Enum):
    """Where the turn stands (SH-5.1); the player decides only at the marked steps."""

    START = "start"  # decision: draw the next card, or send Rangers/Scouts first
    EVENT = "event"  # the pending card resolves
    VIRUS = "virus"  # decision: Space Virus victim
    REINFORCE = "reinforce"  # decision: Defender back from the discard pile
    SALVAGE = "salvage"  # decision: Structure back from the discard pile (Repairs)
    BUILD = "build"  # decision: play, repair or pass
    POWER = "power"
    INCOME = "income"
    END = "end"  # after Income; becomes START of the next turn, or the game ends


@dataclass(frozen=True)
class Options:
    skin: str = "spacehole"
    base_hits: int = 10
    battle_length: str = "force_rounds"
    rules: int = 2  # 2: SH-7.3 as written (issue 13); 1: the reading before it, for old links


@dataclass(frozen=True)
class CardInPlay:
    """A face-up card and its damage counters (SH-8.7)."""

    card: int
    damage: int = 0

    @property
    def kind(self) -> Kind:
        return KIND_OF[self.card]

    @property
    def key(self) -> str:
        return KEY_OF[self.card]


@dataclass(frozen=True)
class BattleRound:
    """One simultaneous round (SH-6.1): every die, and where each invader hit landed."""

    invader_dice: tuple[int, ...]
    colony_dice: tuple[tuple[int, tuple[int, ...]], ...]  # (card id, its dice), Base first
    invader_damage: int  # invader damage after the round
    hits_on_colony: tuple[int, ...]  # the card each invader hit landed on, in order


@dataclass(frozen=True)
class Battle:
    invader: int
    rounds: tuple[BattleRound, ...]
    result: str  # "destroyed", "withdrew", "base destroyed"


@dataclass(frozen=True)
class State:
    options: Options
    rng: RngValue
    deck: Deck
    hand: tuple[int, ...] = ()
    in_play: tuple[CardInPlay, ...] = (CardInPlay(BASE_ID),)  # play order, the Base first
    mc: int = 0
    turn: int = 0
    step: Step = Step.START
    pending: int | None = None  # the Invader or Event drawn this turn (SH-5.2)
    obligation: tuple[tuple[str, int], ...] = ()  # the token a structure played now must get (SH-7.3)
    powered: tuple[int, ...] = ()  # card ids tokened in this turn's Power Phase
    income: int = 0  # this turn's income, once the Income Phase is done
    terraform: bool = False
    seismic: bool = False  # Seismic Events this turn (SH-2.6)
    peek_count: int = 0  # the top cards the player has seen (SH-8.6 KNOWLEDGE)
    last_battle: Battle | None = None
    base_destroyed: bool = False
    over: bool = False
    epoch: int = 0  # bumped on every draw and die roll (C-3.2)
    log: tuple[Event, ...] = ()  # events (events.py), rendered by words.py

    @property
    def base(self) -> CardInPlay:
        return self.in_play[0]

    def of_kind(self, kind: Kind) -> tuple[CardInPlay, ...]:
        return tuple(c for c in self.in_play if c.kind == kind)

    def count(self, key: str) -> int:
        return sum(1 for c in self.in_play if c.key == key)
