"""Spacehole's player decisions as small frozen actions (RULES.md SH-5, SH-8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pygame_core.game import ActionBase, ActionCodec

from .data import card_type

NO_CARD = -1


def _name(card: int) -> str:
    return card_type(card).name


@dataclass(frozen=True)
class Draw(ActionBase):
    """Begin the next turn: the Space Karma draw (SH-5.2)."""

    TAG: ClassVar[int] = 1

    def __str__(self) -> str:
        return "Draw a card"


@dataclass(frozen=True)
class Discard(ActionBase):
    """Discard a card from the hand down to the hand limit (SH-8.4)."""

    TAG: ClassVar[int] = 2
    card: int

    def __str__(self) -> str:
        return f"Discard {_name(self.card)} from hand"


@dataclass(frozen=True)
class Play(ActionBase):
    """Build Phase (a)/(b): play a card; at the defender cap, ``replacing`` goes first (SH-8.2)."""

    TAG: ClassVar[int] = 3
    card: int
    replacing: int = NO_CARD

    def __str__(self) -> str:
        if self.replacing == NO_CARD:
            return f"Play {_name(self.card)}"
        return f"Play {_name(self.card)}, discarding {_name(self.replacing)} from play"


@dataclass(frozen=True)
class Repair(ActionBase):
    """Build Phase (c): play nothing and remove all damage from one card (SH-5.4)."""

    TAG: ClassVar[int] = 4
    card: int

    def __str__(self) -> str:
        return f"Repair {_name(self.card)}"


@dataclass(frozen=True)
class Pass(ActionBase):
    """Build Phase: play nothing and repair nothing."""

    TAG: ClassVar[int] = 5

    def __str__(self) -> str:
        return "Build nothing"


@dataclass(frozen=True)
class Choose(ActionBase):
    """An event's choice: the Space Virus victim or the card taken back (SH-A28, SH-A29)."""

    TAG: ClassVar[int] = 6
    card: int

    def __str__(self) -> str:
        return f"Choose {_name(self.card)}"


@dataclass(frozen=True)
class Dismiss(ActionBase):
    """Discard a defender from play when the defender cap shrinks (SH-8.3)."""

    TAG: ClassVar[int] = 7
    card: int

    def __str__(self) -> str:
        return f"Dismiss {_name(self.card)}"


@dataclass(frozen=True)
class Scout(ActionBase):
    """End of turn: discard Space Rangers or Scouts to look at the top 1D6 cards (SH-8.6)."""

    TAG: ClassVar[int] = 8
    card: int

    def __str__(self) -> str:
        return f"Send {_name(self.card)} scouting"


SpaceholeAction = Draw | Discard | Play | Repair | Pass | Choose | Dismiss | Scout
CODEC: ActionCodec[ActionBase] = ActionCodec(Draw, Discard, Play, Repair, Pass, Choose, Dismiss, Scout)
