"""Minimal Space Combat state: designs, pending plans, ships on the map (MSC-2.4, MSC-11)."""

from __future__ import annotations

from dataclasses import dataclass

from ...events import Event
from ...rng import RngValue
from .data import MAX_SHIP_BP, REAR, SIDE_NAMES, STAT_LIMITS, WEAPON_COST

# Weapon status per side (MSC-2.4).
NONE, INTACT, DESTROYED = 0, 1, 2


@dataclass(frozen=True)
class Design:
    """A ship design (MSC-2.1): stats and the sides carrying a weapon."""

    engine: int
    shields: int
    to_hit: int
    weapons: tuple[int, ...]  # side indices, sorted
    name: str

    @property
    def bp(self) -> int:
        return self.engine + self.shields + self.to_hit + WEAPON_COST * len(self.weapons)

    def problems(self, limit: int = MAX_SHIP_BP) -> list[str]:
        """Why this design breaks MSC-2.3 (empty when legal) against a per-ship ``limit``."""
        out = []
        for stat, value in (
            ("engine", self.engine),
            ("shields", self.shields),
            ("to_hit", self.to_hit),
        ):
            low, high = STAT_LIMITS[stat]
            if not low <= value <= high:
                out.append(f"{stat} {value} is outside {low}..{high}")
        if REAR in self.weapons:
            out.append("no weapon may go on the rear (R)")
        if len(set(self.weapons)) != len(self.weapons):
            out.append("at most one weapon per side")
        if any(not 0 <= s < 6 for s in self.weapons):
            out.append("unknown side")
        if self.bp > min(limit, MAX_SHIP_BP):
            out.append(f"costs {self.bp} BP, more than {min(limit, MAX_SHIP_BP)}")
        return out

    def __str__(self) -> str:
        arms = ",".join(SIDE_NAMES[s] for s in self.weapons) or "-"
        return f"{self.name} E{self.engine} S{self.shields} T{self.to_hit} W:{arms} ({self.bp} BP)"


@dataclass(frozen=True)
class Draft:
    """A custom design being chosen one value at a time: stats, then each weapon side."""

    values: tuple[int, ...] = ()  # engine, shields, to_hit as chosen so far
    weapons: tuple[int, ...] = ()  # sides fitted so far
    asked: int = 0  # how many weapon sides have been decided


@dataclass(frozen=True)
class Placement:
    """One ship's deployment (MSC-4.3); facing -1 until chosen."""

    col: int
    row: int
    facing: int = -1


@dataclass(frozen=True)
class Order:
    """One ship's plotted SPEED and expanded steps ("F", "L", "R") for this turn (MSC-6)."""

    ship: int
    speed: int
    steps: str = ""

    @property
    def complete(self) -> bool:
        return len(self.steps) == self.speed


@dataclass(frozen=True)
class Plan:
    """One player's secret decision of the current simultaneous phase (PENDING, C-4.1)."""

    done: bool = False
    designs: tuple[Design, ...] = ()
    draft: Draft | None = None
    placements: tuple[Placement, ...] = ()
    orders: tuple[Order, ...] = ()


@dataclass(frozen=True)
class Ship:
    """A ship in play: its Ship Turn Record (MSC-2.4)."""

    id: int
    owner: int
    number: int  # 1-based within its side, for the label
    design: Design
    engine: int
    shields: int
    weapons: tuple[int, ...]  # status per side 0..5: NONE, INTACT or DESTROYED
    col: int = -1
    row: int = -1
    facing: int = 0
    speed: int = 0
    fate: str = ""  # "", "destroyed" or "disengaged"
    fired: tuple[int, ...] = ()  # sides that fired this turn (MSC-9.1)
    history: tuple[str, ...] = ()  # per turn "SPEED ORDERS", e.g. "3 2L"

    @property
    def alive(self) -> bool:
        return not self.fate

    @property
    def label(self) -> str:
        return f"{'WE'[self.owner]}{self.number}"


@dataclass(frozen=True)
class PendingHit:
    """A damage roll of 6 whose facing side the shooter must choose (MSC-9.6)."""

    shooter: int
    target: int
    sides: tuple[int, ...]


@dataclass(frozen=True)
class SkirmishState:
    """The whole game. ``plans`` are PENDING; everything else is PUBLIC (MSC-11)."""

    width: int
    height: int
    scenario: str
    max_ships: int
    budget: int
    ship_bp: int
    turn_limit: int
    victory: str
    rng: RngValue
    phase: str = "design"  # design, deploy, orders, combat, over
    turn: int = 0
    plans: tuple[Plan, Plan] = (Plan(), Plan())
    ships: tuple[Ship, ...] = ()
    initiative: tuple[int, ...] = ()  # (player 1, player 2) of this turn's combat (MSC-8)
    firing: int = 0  # index into initiative of the player now firing
    pending_hit: PendingHit | None = None
    winners: tuple[int, ...] = ()
    result: str = ""
    epoch: int = 0
    log: tuple[Event, ...] = ()  # events (events.py), worded by words.py
