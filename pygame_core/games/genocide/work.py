"""The working copy of a Space Genocide state during one ``apply``, and the continuations.

``apply`` copies the immutable State into a ``Work``, runs the rule steps on it and freezes a
new State. Containers (ships, fleets, ...) are copied only when first touched; scalar fields
are read from the state until written. A procedure that stops for a decision or a card window
names the step that goes on afterwards (a *continuation*, stored in the state by name): each
rule module registers its continuations here, so modules hand over to each other by name.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar, cast

from ...deck import Deck
from ...events import Event, Value, event
from ...frozen import replace
from ...hexgrid import Hex
from ...rng import Roller
from ...windows import Stops, Window
from .board import PUBLIC, HexKey, bays, carrier_of, seat_name
from .state import (
    Battle,
    BurstStep,
    CardMove,
    Fleet,
    PendingPlay,
    Planet,
    RollRec,
    Ship,
    Sighting,
    State,
    Wreck,
)

T = TypeVar("T")
M = TypeVar("M")
ShipRef = tuple[int, int, int]
"""A ship as an event's readers know it (``Work.known_as``): owner, fleet marker, place."""


class Scalar(Generic[T]):
    """A State field as seen by a Work: the state's value until written, then the new one
    (kept in ``Work.changed`` and frozen back)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, w: Work, owner: type | None = None) -> T:
        changed = w.changed
        return cast(T, changed[self.name] if self.name in changed else getattr(w.s, self.name))

    def __set__(self, w: Work, value: T) -> None:
        w.changed[self.name] = value


class Container(Generic[M]):
    """A State container as a mutable copy, made on first touch (a non-data descriptor: the
    copy then sits in the Work's own ``__dict__``), frozen back only if it was touched."""

    def __init__(self, thaw: Callable[[State], M], freeze: Callable[[M], object]) -> None:
        self.thaw = thaw
        self.freeze = freeze

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, w: Work, owner: type | None = None) -> M:
        value = self.thaw(w.s)
        w.__dict__[self.name] = value
        return value


def _fleet_dict(s: State) -> dict[tuple[int, int], Fleet]:
    return {(f.owner, f.marker): f for f in s.fleets}


def _sighting_dict(s: State) -> dict[tuple[int, int], Sighting]:
    return {(g.owner, g.marker): g for g in s.sightings}


def _by_key(d: dict[tuple[int, int], Any]) -> tuple[Any, ...]:
    return tuple(map(d.__getitem__, sorted(d)))


class Work:
    """A mutable copy of a State for the length of one apply (copy-on-first-touch)."""

    # Containers: copied from the state when first touched (most actions touch one or two).
    ships: Container[list[Ship | None]] = Container(lambda s: list(s.ships), tuple)
    fleets: Container[dict[tuple[int, int], Fleet]] = Container(_fleet_dict, _by_key)
    planets: Container[list[Planet]] = Container(lambda s: list(s.planets), tuple)
    pile: Container[list[int]] = Container(lambda s: list(s.pile), tuple)
    limbo: Container[list[int]] = Container(lambda s: list(s.limbo), tuple)
    resources: Container[list[int]] = Container(lambda s: list(s.resources), tuple)
    alive: Container[list[bool]] = Container(lambda s: list(s.alive), tuple)
    next_marker: Container[list[int]] = Container(lambda s: list(s.next_marker), tuple)
    known: Container[set[tuple[int, int]]] = Container(lambda s: set(s.known), lambda k: tuple(sorted(k)))
    sightings: Container[dict[tuple[int, int], Sighting]] = Container(_sighting_dict, _by_key)

    # Scalars: the state's value until written (State's fields of the same names).
    races: Scalar[tuple[str, ...]] = Scalar()
    terrain_used: Scalar[tuple[tuple[int, int], ...]] = Scalar()
    wrecks: Scalar[tuple[Wreck, ...]] = Scalar()
    setup_seat: Scalar[int] = Scalar()
    hands: Scalar[tuple[tuple[int, ...], ...]] = Scalar()
    placements: Scalar[tuple[tuple[int, int], ...]] = Scalar()
    cursor: Scalar[int] = Scalar()
    fought: Scalar[tuple[tuple[int, int], ...]] = Scalar()
    battle: Scalar[Battle | None] = Scalar()
    burst: Scalar[BurstStep | None] = Scalar()
    burst_fleets: Scalar[tuple[tuple[int, int, int, int], ...]] = Scalar()
    md_queue: Scalar[tuple[int, ...]] = Scalar()
    launches: Scalar[tuple[tuple[int, int], ...]] = Scalar()
    to_draw: Scalar[int] = Scalar()
    drawn: Scalar[int] = Scalar()
    resume: Scalar[str] = Scalar()
    placer: Scalar[int] = Scalar()
    capture: Scalar[tuple[int, ...]] = Scalar()
    capture_queue: Scalar[tuple[tuple[int, ...], ...]] = Scalar()
    deck: Scalar[Deck | None] = Scalar()
    cards: Scalar[tuple[tuple[int, ...], ...]] = Scalar()
    effects: Scalar[tuple[tuple[str, int, int], ...]] = Scalar()
    """This turn's card effects (SG-13.3) as they stand in this apply."""
    window: Scalar[Window | None] = Scalar()
    window_then: Scalar[str] = Scalar()
    stops: Scalar[Stops | None] = Scalar()
    outer: Scalar[tuple[tuple[Window, str], ...]] = Scalar()
    play: Scalar[PendingPlay | None] = Scalar()
    card_move: Scalar[CardMove | None] = Scalar()
    rolls: Scalar[tuple[RollRec, ...]] = Scalar()
    moving: Scalar[tuple[int, ...]] = Scalar()
    moved: Scalar[tuple[int, ...]] = Scalar()
    transports: Scalar[int] = Scalar()
    fought_ships: Scalar[tuple[int, ...]] = Scalar()
    press: Scalar[tuple[tuple[int, int], ...]] = Scalar()
    scans: Scalar[tuple[tuple[int, Sighting], ...]] = Scalar()
    spied: Scalar[tuple[tuple[int, int, int, tuple[int, ...]], ...]] = Scalar()
    analysis: Scalar[tuple[tuple[int, tuple[int, ...]], ...]] = Scalar()
    epoch: Scalar[int] = Scalar()
    winners: Scalar[tuple[int, ...]] = Scalar()
    reason: Scalar[str] = Scalar()

    def __init__(self, state: State) -> None:
        self.s = state
        self.data = state.data
        self.log: list[Event] = []
        self.roller = Roller(state.rng)
        self.revealed = False
        self.device: int | None = None
        # Bumped when a continuation takes over the procedure under way (a window opened in
        # the middle of a step or card move, SG-A59): the callers up the stack then stop,
        # since the continuation already did, or will do, the rest.
        self.handoffs = 0
        self.changed: dict[str, object] = {}  # scalar fields written so far
        self.round = state.round
        self.turn = state.turn
        self.phase: str = state.phase
        # How the seats knew each ship removed in this apply, kept at its removal: the events
        # (and dice records) that name it come after (issue 36, ``known_as``).
        self.gone: dict[tuple[int, int], ShipRef] = {}

    # ---- reading

    @property
    def active(self) -> int:
        return self.s.order[self.turn]

    def name(self, seat: int) -> str:
        return seat_name(seat, self.s.players)

    def known_as(self, cid: int, seen_by: int = PUBLIC, in_hex: bool = False) -> ShipRef:
        """Ship ``cid`` as the seats that see an event (``seen_by``: PUBLIC or one seat) know
        it now (issue 36: the log names ships as the buttons do, never by counter id): its
        owner, its fleet marker and its place among the ships of its type in that fleet (1st,
        2nd; 0 when it is the only one). Marker and place are 0 where they are secret to those
        seats: fleet composition is private but to its owner, until a B1 reveal (SG-14.1,
        SG-6.3), so they count only while a fresh sighting of the fleet holds the ship. With
        ``in_hex`` (the event says the ship's hex) a lone marker of its owner there gives its
        fleet away (markers and their hexes are public), though not its place in it."""
        ship = self.ships[cid]
        if ship is None:
            gone = self.gone.get((cid, seen_by))
            if gone is not None:
                return gone
            # A wreck of an earlier apply: it was seen in its battle (SG-6.3 B1), its fleet too.
            wreck = next((x for x in self.wrecks if x.cid == cid), None)
            return (wreck.owner, wreck.marker, 0) if wreck is not None else (-1, 0, 0)
        if seen_by == ship.owner:
            group = self.fleet_ships(ship.owner, ship.fleet)
        else:
            g = self.sightings.get((ship.owner, ship.fleet))
            group = [c for c, _, _ in g.ships] if g is not None and not g.stale else []
            if cid not in group:
                f = self.fleets[(ship.owner, ship.fleet)]
                lone = in_hex and not any(
                    o == ship.owner and m != ship.fleet and (g2.col, g2.row) == (f.col, f.row)
                    for (o, m), g2 in self.fleets.items()
                )
                return (ship.owner, ship.fleet if lone else 0, 0)
        kind = self.data.type_of(cid)
        same = sorted(c for c in group if self.data.type_of(c) is kind)
        return (ship.owner, ship.fleet, same.index(cid) + 1 if len(same) > 1 else 0)

    def known_as_all(self, cids: Iterable[int], seen_by: int = PUBLIC, in_hex: bool = False) -> tuple[ShipRef, ...]:
        """``known_as`` of each ship (an event's ``ships_at`` for its ``ships``)."""
        return tuple(self.known_as(c, seen_by, in_hex) for c in cids)

    def fleet_ships(self, owner: int, marker: int) -> list[int]:
        return [
            c
            for c, s in enumerate(self.ships)
            if s is not None and s.fleet == marker and s.owner == owner
        ]

    def ship_hex(self, cid: int) -> HexKey:
        ship = self.ships[cid]
        assert ship is not None
        f = self.fleets[(ship.owner, ship.fleet)]
        return (f.col, f.row)

    def freeze(self) -> State:
        s = self.s
        changes: dict[str, object] = dict(self.changed)
        d = self.__dict__
        for name, container in _CONTAINERS.items():
            if name in d:
                changes[name] = container.freeze(d[name])
        if self.roller.rolls:
            changes["rng"] = self.roller.value
        if self.log:
            changes["log"] = s.log + tuple(self.log)
        changes["round"] = self.round
        changes["turn"] = self.turn
        changes["phase"] = self.phase
        return replace(s, **changes)

    # ---- writing

    def emit(self, kind: str, seen_by: int = PUBLIC, **fields: Value) -> None:
        """Log one event (events.py) seen by ``seen_by`` (PUBLIC or one seat, SG-14)."""
        self.log.append(event(kind, seen_by, **fields))

    def set_ship(self, cid: int, **changes: int) -> None:
        ship = self.ships[cid]
        assert ship is not None
        self.ships[cid] = replace(ship, **changes)

    def to_pile(self, cid: int) -> None:
        bisect.insort(self.pile, cid)

    def remove_ship(self, cid: int, to: str) -> None:
        """Take a ship out of play ("pile" or "limbo"); unload its fighters; drop an empty fleet."""
        ship = self.ships[cid]
        assert ship is not None
        for seen_by in (PUBLIC, ship.owner):
            self.gone[(cid, seen_by)] = self.known_as(cid, seen_by)
        self.ships[cid] = None
        for c, s in enumerate(self.ships):
            if s is not None and s.carrier == cid:
                self.ships[c] = replace(s, carrier=-1)
        if to == "pile":
            self.to_pile(cid)
        else:
            self.limbo.append(cid)
        self.stale(ship.owner, ship.fleet)
        if not any(
            s is not None and s.owner == ship.owner and s.fleet == ship.fleet for s in self.ships
        ):
            del self.fleets[(ship.owner, ship.fleet)]
            self.sightings.pop((ship.owner, ship.fleet), None)

    def wreck(self, cid: int) -> None:
        """SG-6.9: a ship destroyed in the Engagement Phase goes to the wreck list (with its
        hex, fleet and pb, for the Scavengers and the cards) and to limbo."""
        ship = self.ships[cid]
        assert ship is not None
        f = self.fleets[(ship.owner, ship.fleet)]
        wreck = Wreck(cid, ship.owner, ship.fleet, f.col, f.row, ship.pb)
        self.wrecks = (*self.wrecks, wreck)
        self.remove_ship(cid, "limbo")

    def stale(self, owner: int, marker: int) -> None:
        """SG-14.1: a sighting goes stale after a split, merge or production into the fleet."""
        g = self.sightings.get((owner, marker))
        if g is not None and not g.stale:
            self.sightings[(owner, marker)] = replace(g, stale=True)

    def free_marker(self, owner: int) -> int:
        limit = self.data.fleet_limit
        if limit:
            for m in range(1, limit + 1):
                if (owner, m) not in self.fleets:
                    return m
            return 0
        return self.next_marker[owner]

    def new_fleet(self, owner: int, key: HexKey) -> int:
        marker = self.free_marker(owner)
        assert marker
        if not self.data.fleet_limit:
            self.next_marker[owner] = marker + 1
        self.fleets[(owner, marker)] = Fleet(owner, marker, key[0], key[1])
        return marker

    def can_place(self, owner: int) -> bool:
        """SG-9.5: some own live planet holds an own fleet, or a marker is free for a new one."""
        if self.free_marker(owner):
            return any(p.owner == owner and p.alive for p in self.planets)
        hexes = {(f.col, f.row) for f in self.fleets.values() if f.owner == owner}
        return any(p.owner == owner and p.alive and (p.col, p.row) in hexes for p in self.planets)

    def hex_owners(self) -> dict[HexKey, set[int]]:
        out: dict[HexKey, set[int]] = {}
        for f in self.fleets.values():
            out.setdefault((f.col, f.row), set()).add(f.owner)
        return out

    def peek(self, hexes: Iterable[HexKey] | None = None) -> None:
        """SG-5.14: ships at an enemy planet its owner does not defend learn its type.

        ``hexes`` limits the check to the hexes whose occupancy just changed.
        """
        if not self.data.planet_types:
            return
        if hexes is None:
            planets = [
                (pid, p)
                for pid, p in enumerate(
                    self.s.planets if "planets" not in self.__dict__ else self.planets
                )
                if p.alive
            ]
        else:
            wanted = set(hexes)
            source = self.planets if "planets" in self.__dict__ else self.s.planets
            planets = [
                (pid, p) for pid, p in enumerate(source) if p.alive and (p.col, p.row) in wanted
            ]
            if not planets:
                return
        if hexes is None:
            owners = self.hex_owners()
        else:
            owners = {}
            for f in self.fleets.values():
                key = (f.col, f.row)
                if key in wanted:
                    owners.setdefault(key, set()).add(f.owner)
        for pid, p in planets:
            here = owners.get((p.col, p.row))
            if not here or p.owner in here or p.owner < 0 or p.public:
                continue  # neutral or captured neutral planets: nothing to learn (SG-12.1)
            for seat in sorted(here):
                if (seat, pid) not in self.known:
                    self.known.add((seat, pid))
                    self.revealed = True
                    self.emit("planet_scanned", seat=seat, owner=p.owner, hex=Hex(p.col, p.row).label)
                    self.emit("planet_type", seat, seat=seat, hex=Hex(p.col, p.row).label, ptype=p.ptype)


def autoload(w: Work, owner: int, marker: int) -> None:
    """SG-5.5 default: one fighter per bay-ship in cid order, then fill the rest in cid order."""
    cids = w.fleet_ships(owner, marker)
    carriers = [c for c in cids if bays(w.s, c, owner) > 0]
    if not carriers:
        return
    free = [c for c in cids if w.data.fighter[c] and carrier_of(w.ships, c) < 0]
    if not free:
        return
    load = {b: len([c for c in cids if carrier_of(w.ships, c) == b]) for b in carriers}
    for round_cap in (1, None):
        for b in carriers:
            room = bays(w.s, b, owner)
            cap = room if round_cap is None else min(round_cap, room)
            while free and load[b] < cap:
                w.set_ship(free.pop(0), carrier=b)
                load[b] += 1


def expire(w: Work, kinds: tuple[str, ...]) -> None:
    """Card effects (SG-13.3) of these kinds end now (Decoy and Skirmish after a battle round, ...)."""
    effects: tuple[tuple[str, int, int], ...] = w.effects
    if any(k in kinds for k, _, _ in effects):
        w.effects = tuple(e for e in effects if e[0] not in kinds)


_CONTAINERS: dict[str, Container[Any]] = {
    name: value for name, value in vars(Work).items() if isinstance(value, Container)
}


# --------------------------------------------------------------------------------------
# Continuations: what goes on after a card window (SG-13.2) or a decision taken in the middle
# of a procedure (an Alien Ruins ship, a card move), by name, since the state stores the name.

Continuation = Callable[[Work], None]
CONTINUATIONS: dict[str, Continuation] = {}
"""Every continuation by name, registered by the rule module that owns it (``continuation``)."""


def continuation(name: str) -> Callable[[Continuation], Continuation]:
    """Register the decorated step as the continuation ``name``."""

    def register(step: Continuation) -> Continuation:
        assert name not in CONTINUATIONS, f"continuation {name!r} registered twice"
        CONTINUATIONS[name] = step
        return step

    return register


def go_on(w: Work, name: str) -> None:
    """Run the continuation ``name``."""
    CONTINUATIONS[name](w)
