"""Space Genocide actions: one small decision each, so legal_actions stays short (SG-3 to SG-9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...game import ActionBase, ActionCodec
from ...hexgrid import DIRECTION_NAMES, Hex
from .data import PLANET_TYPE_NAMES


def _hex(col: int, row: int) -> str:
    return Hex(col, row).label


@dataclass(frozen=True)
class SetType(ActionBase):
    """SG-3.6: put a planet-type counter under one of your planets (PENDING)."""

    TAG: ClassVar[int] = 1
    planet: int
    ptype: str

    def __str__(self) -> str:
        return f"planet {self.planet % 10 + 1} is {PLANET_TYPE_NAMES.get(self.ptype, self.ptype)}"


@dataclass(frozen=True)
class SetupPlace(ActionBase):
    """SG-3.8: put your next unplaced starting ship in the fleet at one of your planets."""

    TAG: ClassVar[int] = 2
    planet: int

    def __str__(self) -> str:
        return f"next ship to planet {self.planet % 10 + 1}"


@dataclass(frozen=True)
class Step(ActionBase):
    """SG-5.7: move the fleet being ordered one hex in a direction (0 = N, clockwise)."""

    TAG: ClassVar[int] = 3
    direction: int

    def __str__(self) -> str:
        name = DIRECTION_NAMES[self.direction] if 0 <= self.direction < 6 else "?"
        return f"step {name}"


@dataclass(frozen=True)
class Hold(ActionBase):
    """SG-5.10: this fleet is done moving this phase; order the next one."""

    TAG: ClassVar[int] = 4

    def __str__(self) -> str:
        return "fleet done"


@dataclass(frozen=True)
class EndTransport(ActionBase):
    """SG-5.12: end the Transport Phase (all remaining MP is lost)."""

    TAG: ClassVar[int] = 5

    def __str__(self) -> str:
        return "end movement"


@dataclass(frozen=True)
class Split(ActionBase):
    """SG-5.3: split one ship (with the fighters it carries) off into a new fleet."""

    TAG: ClassVar[int] = 6
    ship: int

    def __str__(self) -> str:
        return f"split off ship #{self.ship}"


@dataclass(frozen=True)
class Merge(ActionBase):
    """SG-5.3: merge another own fleet in the same hex into the fleet being ordered."""

    TAG: ClassVar[int] = 7
    fleet: int

    def __str__(self) -> str:
        return f"merge fleet {self.fleet} in"


@dataclass(frozen=True)
class Load(ActionBase):
    """SG-5.5: load a fighter into a bay-ship of the same fleet."""

    TAG: ClassVar[int] = 8
    fighter: int
    carrier: int

    def __str__(self) -> str:
        return f"load #{self.fighter} into #{self.carrier}"


@dataclass(frozen=True)
class Unload(ActionBase):
    """SG-5.5: unload a fighter (it stays in the fleet)."""

    TAG: ClassVar[int] = 9
    fighter: int

    def __str__(self) -> str:
        return f"unload #{self.fighter}"


@dataclass(frozen=True)
class Select(ActionBase):
    """SG-5.10: order another of your fleets; the current fleet's move so far is complete."""

    TAG: ClassVar[int] = 27
    fleet: int

    def __str__(self) -> str:
        return f"order fleet {self.fleet}"


@dataclass(frozen=True)
class Fight(ActionBase):
    """SG-6.2: the active player picks the next battle hex."""

    TAG: ClassVar[int] = 10
    col: int
    row: int

    def __str__(self) -> str:
        return f"battle at {_hex(self.col, self.row)}"


@dataclass(frozen=True)
class Target(ActionBase):
    """SG-6.3 B3: one ship's secret target (-1: no attack)."""

    TAG: ClassVar[int] = 11
    ship: int
    target: int

    def __str__(self) -> str:
        if self.target < 0:
            return f"#{self.ship} holds fire"
        return f"#{self.ship} attacks #{self.target}"


@dataclass(frozen=True)
class Launch(ActionBase):
    """SG-8.3: one ship's launch order of ``count`` PBs at the planet in its hex (0: none)."""

    TAG: ClassVar[int] = 12
    ship: int
    count: int

    def __str__(self) -> str:
        if self.count == 0:
            return f"#{self.ship} launches nothing"
        return f"#{self.ship} launches {self.count} PB"


@dataclass(frozen=True)
class Discard(ActionBase):
    """SG-9.2: discard one own ship at the start of production (-1: keep all)."""

    TAG: ClassVar[int] = 13
    ship: int

    def __str__(self) -> str:
        return "discard nothing" if self.ship < 0 else f"discard #{self.ship}"


@dataclass(frozen=True)
class Buy(ActionBase):
    """SG-9.4: buy the lowest-cid pile counter of a ship type for 10 resources."""

    TAG: ClassVar[int] = 14
    kind: int

    def __str__(self) -> str:
        return f"buy ship type {self.kind + 1}"


@dataclass(frozen=True)
class Refill(ActionBase):
    """SG-9.6 (resources): buy one PB for a ship at an own planet, 1 resource."""

    TAG: ClassVar[int] = 15
    ship: int

    def __str__(self) -> str:
        return f"refill 1 PB on #{self.ship}"


@dataclass(frozen=True)
class EndProduction(ActionBase):
    """SG-9: end buying for this Production Phase."""

    TAG: ClassVar[int] = 16

    def __str__(self) -> str:
        return "end production"


@dataclass(frozen=True)
class Place(ActionBase):
    """SG-9.5: put the new ship at an own planet hex, into fleet ``fleet`` (0: a new fleet)."""

    TAG: ClassVar[int] = 17
    col: int
    row: int
    fleet: int

    def __str__(self) -> str:
        where = "a new fleet" if self.fleet == 0 else f"fleet {self.fleet}"
        return f"place new ship at {_hex(self.col, self.row)} in {where}"


@dataclass(frozen=True)
class ChooseRace(ActionBase):
    """SG-3.5: choose your race (public, in turn order, no duplicates)."""

    TAG: ClassVar[int] = 18
    race: str

    def __str__(self) -> str:
        return f"choose the {self.race}"


@dataclass(frozen=True)
class SelfDestruct(ActionBase):
    """SG-11 Amoeboids, B3: the ship attacks ``target`` with ATK* +2 and is destroyed at B7."""

    TAG: ClassVar[int] = 19
    ship: int
    target: int

    def __str__(self) -> str:
        return f"#{self.ship} self-destructs attacking #{self.target}"


@dataclass(frozen=True)
class Capture(ActionBase):
    """SG-11 Scavengers: take this just-destroyed ship of a destroyed enemy fleet."""

    TAG: ClassVar[int] = 20
    ship: int

    def __str__(self) -> str:
        return f"capture #{self.ship}"


@dataclass(frozen=True)
class Burst(ActionBase):
    """SG-7.2: one ship's secret space-burst declaration of ``count`` PBs (0: none)."""

    TAG: ClassVar[int] = 21
    ship: int
    count: int

    def __str__(self) -> str:
        if self.count == 0:
            return f"#{self.ship} holds its PBs"
        return f"#{self.ship} bursts {self.count} PB"


@dataclass(frozen=True)
class Gate(ActionBase):
    """SG-5.11: the fleet being ordered transits from its Star Gate to the gate at (col, row)."""

    TAG: ClassVar[int] = 22
    col: int
    row: int

    def __str__(self) -> str:
        return f"star gate to {_hex(self.col, self.row)}"


@dataclass(frozen=True)
class PlayCard(ActionBase):
    """SG-13.2: play a card from your hand (its targets are chosen next, one at a time)."""

    TAG: ClassVar[int] = 23
    card: int

    def __str__(self) -> str:
        return f"play card {self.card}"


@dataclass(frozen=True)
class Choose(ActionBase):
    """SG-13.3: the next target of the card being played (a fleet as owner*100+marker, a
    planet id, a ship id, a hex as col*100+row, a seat or a roll index; -1: done)."""

    TAG: ClassVar[int] = 24
    value: int

    def __str__(self) -> str:
        return "done choosing" if self.value < 0 else f"choose {self.value}"


@dataclass(frozen=True)
class Pass(ActionBase):
    """C-5.1: pass priority (or a response opportunity) in a card window."""

    TAG: ClassVar[int] = 25

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class DiscardCard(ActionBase):
    """SG-13.1 / SG-A65: discard a card at the end of your turn, down to 7 (public)."""

    TAG: ClassVar[int] = 26
    card: int

    def __str__(self) -> str:
        return f"discard card {self.card}"


@dataclass(frozen=True)
class PassStopsOff(ActionBase):
    """C-5.4: pass at a reaction stop and switch one's reaction stops off (a public intent to
    pass): the seat is asked at no other seat's window until it switches them on again."""

    TAG: ClassVar[int] = 28
    SETTING: ClassVar[bool] = True

    def __str__(self) -> str:
        return "pass, and stop for reaction cards no more"


@dataclass(frozen=True)
class StopsOn(ActionBase):
    """C-5.4: switch one's reaction stops back on, on one's own turn."""

    TAG: ClassVar[int] = 29
    SETTING: ClassVar[bool] = True

    def __str__(self) -> str:
        return "stop for reaction cards again"


STOP_SWITCHES = (PassStopsOff, StopsOn)
"""The stop settings (C-5.4): a seat's choice about being asked, never a move of the game."""


Action = (
    SetType
    | SetupPlace
    | Step
    | Hold
    | EndTransport
    | Split
    | Merge
    | Load
    | Unload
    | Fight
    | Target
    | Launch
    | Discard
    | Buy
    | Refill
    | EndProduction
    | Place
    | ChooseRace
    | SelfDestruct
    | Capture
    | Burst
    | Gate
    | PlayCard
    | Choose
    | Pass
    | DiscardCard
    | Select
    | PassStopsOff
    | StopsOn
)

CODEC: ActionCodec[ActionBase] = ActionCodec(
    SetType,
    SetupPlace,
    Step,
    Hold,
    EndTransport,
    Split,
    Merge,
    Load,
    Unload,
    Fight,
    Target,
    Launch,
    Discard,
    Buy,
    Refill,
    EndProduction,
    Place,
    ChooseRace,
    SelfDestruct,
    Capture,
    Burst,
    Gate,
    PlayCard,
    Choose,
    Pass,
    DiscardCard,
    Select,
    PassStopsOff,
    StopsOn,
)
