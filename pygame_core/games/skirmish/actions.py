"""Minimal Space Combat actions: every decision is one small step (MSC-2, MSC-4, MSC-6, MSC-9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...game import ActionBase, ActionCodec
from ...hexgrid import DIRECTION_NAMES


@dataclass(frozen=True)
class NewShip(ActionBase):
    """Start the next ship from a template (``ship1``..``ship3``) or as ``custom`` (MSC-2.2)."""

    TAG: ClassVar[int] = 1
    design: str

    def __str__(self) -> str:
        return f"design a ship: {self.design}"


@dataclass(frozen=True)
class SetStat(ActionBase):
    """Choose the next stat of a custom design (engine, shields, to_hit in that order)."""

    TAG: ClassVar[int] = 2
    stat: str
    value: int

    def __str__(self) -> str:
        return f"{self.stat.upper().replace('_', '-')} {self.value}"


@dataclass(frozen=True)
class FitWeapon(ActionBase):
    """Fit (or not) a weapon on the next side of a custom design (MSC-2.1)."""

    TAG: ClassVar[int] = 3
    side: str
    fit: bool

    def __str__(self) -> str:
        return f"{'weapon' if self.fit else 'no weapon'} on {self.side}"


@dataclass(frozen=True)
class Submit(ActionBase):
    """Lock in this phase's secret decision: designs, deployment or move orders (C-4.1)."""

    TAG: ClassVar[int] = 4

    def __str__(self) -> str:
        return "submit"


@dataclass(frozen=True)
class Place(ActionBase):
    """Put the next ship on a hex of the own deployment zone (MSC-4.3)."""

    TAG: ClassVar[int] = 5
    col: int
    row: int

    def __str__(self) -> str:
        return f"place at {self.col + 1:02d}{self.row + 1:02d}"


@dataclass(frozen=True)
class Face(ActionBase):
    """Choose the facing of the ship just placed (MSC-4.3)."""

    TAG: ClassVar[int] = 6
    facing: int

    def __str__(self) -> str:
        return f"face {DIRECTION_NAMES[self.facing % 6]}"


@dataclass(frozen=True)
class SetSpeed(ActionBase):
    """Plot the next ship's SPEED for this turn (MSC-6.1)."""

    TAG: ClassVar[int] = 7
    speed: int

    def __str__(self) -> str:
        return f"speed {self.speed}"


@dataclass(frozen=True)
class Step(ActionBase):
    """Plot one step of the current ship's orders: ``F`` forward, ``L`` or ``R`` turn (MSC-6.2)."""

    TAG: ClassVar[int] = 8
    move: str

    def __str__(self) -> str:
        return {"F": "forward", "L": "turn left", "R": "turn right"}.get(self.move, self.move)


@dataclass(frozen=True)
class Fire(ActionBase):
    """Fire the weapon on ``side`` of own ship ``ship`` at enemy ship ``target`` (MSC-9.2)."""

    TAG: ClassVar[int] = 9
    ship: int
    side: str
    target: int

    def __str__(self) -> str:
        return f"fire ship #{self.ship} {self.side} at ship #{self.target}"


@dataclass(frozen=True)
class HitSide(ActionBase):
    """Choose the side a damage roll of 6 hits when several face the shooter (MSC-9.6)."""

    TAG: ClassVar[int] = 10
    side: str

    def __str__(self) -> str:
        return f"hit the {self.side} side"


@dataclass(frozen=True)
class HoldFire(ActionBase):
    """End this combat phase; unfired weapons stay silent (MSC-9.1: firing is optional)."""

    TAG: ClassVar[int] = 11

    def __str__(self) -> str:
        return "hold fire"


Action = NewShip | SetStat | FitWeapon | Submit | Place | Face | SetSpeed | Step | Fire | HitSide | HoldFire

CODEC: ActionCodec[Action] = ActionCodec(
    NewShip, SetStat, FitWeapon, Submit, Place, Face, SetSpeed, Step, Fire, HitSide, HoldFire
)
