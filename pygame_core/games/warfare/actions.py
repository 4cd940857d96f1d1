"""Galactic Warfare actions: every decision of the game, one small frozen dataclass each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...game import ActionBase, ActionCodec
from . import cards
from .board import name

FIRST_ME, FIRST_YOU, FIRST_DEFER = "me", "you", "defer"


@dataclass(frozen=True)
class ChooseFirst(ActionBase):
    """GW-3.3: the roll-off winner (or, after a deferral, the other player) picks who moves first."""

    TAG: ClassVar[int] = 1
    choice: str

    def __str__(self) -> str:
        return {"me": "I move first", "you": "you move first", "defer": "you decide"}.get(
            self.choice, f"choose {self.choice}"
        )


@dataclass(frozen=True)
class Charge(ActionBase):
    """GW-5: move a stack one step diagonally forward to a vacant dark square."""

    TAG: ClassVar[int] = 2
    src: int
    dst: int

    def __str__(self) -> str:
        return f"charge {name(self.src)}-{name(self.dst)}"


@dataclass(frozen=True)
class Attack(ActionBase):
    """GW-6: attack the enemy stack on an adjacent forward-diagonal square."""

    TAG: ClassVar[int] = 3
    src: int
    target: int

    def __str__(self) -> str:
        return f"attack {name(self.src)}x{name(self.target)}"


@dataclass(frozen=True)
class StuckRetreat(ActionBase):
    """GW-10.2: try to bring a stuck ship home by rolling doubles."""

    TAG: ClassVar[int] = 4
    src: int

    def __str__(self) -> str:
        return f"stuck-retreat attempt {name(self.src)}"


@dataclass(frozen=True)
class PlaceShip(ActionBase):
    """Choose the home square a stack is placed on (GW-8.1 retreat, GW-10.2, GW-12 #7)."""

    TAG: ClassVar[int] = 5
    square: int

    def __str__(self) -> str:
        return f"place on {name(self.square)}"


@dataclass(frozen=True)
class PassTurn(ActionBase):
    """GW-4.2 / GW-A25: pass, allowed only without any legal action."""

    TAG: ClassVar[int] = 6

    def __str__(self) -> str:
        return "pass (no legal action)"


@dataclass(frozen=True)
class PlayCard(ActionBase):
    """Play a card of kind ``card`` (GW-12 #); ``src``/``dst`` are its squares or -1."""

    TAG: ClassVar[int] = 7
    card: int
    src: int = -1
    dst: int = -1

    def __str__(self) -> str:
        title = cards.BY_NUMBER[self.card].title if self.card in cards.BY_NUMBER else f"#{self.card}"
        where = ""
        if self.src >= 0:
            where = f" {name(self.src)}" + (f"-{name(self.dst)}" if self.dst >= 0 else "")
        return f"play {title}{where}"


@dataclass(frozen=True)
class PassWindow(ActionBase):
    """C-5.1: pass priority (or a response); ``stop_off`` also switches this stop off (C-5.4)."""

    TAG: ClassVar[int] = 8
    stop_off: bool = False

    def __str__(self) -> str:
        return "pass, and stop asking me here" if self.stop_off else "pass"


@dataclass(frozen=True)
class SetStop(ActionBase):
    """C-5.4: switch one of one's own stops back on (its only way back after ``stop_off``)."""

    TAG: ClassVar[int] = 9
    kind: str
    on: bool

    def __str__(self) -> str:
        return f"stop at {self.kind}: {'on' if self.on else 'off'}"


@dataclass(frozen=True)
class DoubleCharge(ActionBase):
    """GW-12 #3 Hyperdrive: two steps along one forward diagonal, both vacant."""

    TAG: ClassVar[int] = 10
    src: int
    dst: int

    def __str__(self) -> str:
        return f"hyperdrive {name(self.src)}-{name(self.dst)}"


Action = (
    ChooseFirst | Charge | Attack | StuckRetreat | PlaceShip | PassTurn | PlayCard | PassWindow
    | SetStop | DoubleCharge
)

CODEC: ActionCodec[ActionBase] = ActionCodec(
    ChooseFirst, Charge, Attack, StuckRetreat, PlaceShip, PassTurn, PlayCard, PassWindow,
    SetStop, DoubleCharge,
)
