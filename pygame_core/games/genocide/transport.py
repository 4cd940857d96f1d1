"""The Transport Phase (SG-5): ordering fleets, steps and gates, splits, merges and loading.

What may be ordered (legality) sits beside what the order does (effect); entering a hex
(stops SG-5.8, terrain SG-12.1) is ``arrival``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...frozen import replace
from ...game import ActionBase
from . import actions as A
from .arrival import capture_neutral, move_fleet
from .board import HexKey, bays, carrier_of, enter_cost, free_marker, jammed, move, neighbour_table, terrain_at
from .cardplay.moves import card_step, card_stop
from .cardplay.targets import has_inline_play, inline_plays
from .cardplay.windows import checkpoint
from .state import Fleet, Phase, Ship, State
from .terrain import TERRAIN_BY_KEY
from .work import Work, continuation, go_on


def orderable(ships: Sequence[Ship | None], fleets: Iterable[Fleet], state: State) -> list[int]:
    """SG-5.10: the active player's fleets that can still be ordered this Transport Phase:
    a mobile ship with MP left, or something to reorganise: two ships to split or load, or
    another own fleet in the hex to merge with (SG-5.3, SG-5.5; MP is not needed for that)."""
    owner, stationary = state.active, state.data.stationary
    size: dict[int, int] = {}
    movers: set[int] = set()
    for cid, ship in enumerate(ships):
        if ship is not None and ship.owner == owner:
            size[ship.fleet] = size.get(ship.fleet, 0) + 1
            if ship.mp > 0 and not stationary[cid]:
                movers.add(ship.fleet)
    own = [f for f in fleets if f.owner == owner]
    per_hex: dict[HexKey, int] = {}
    for f in own:
        per_hex[(f.col, f.row)] = per_hex.get((f.col, f.row), 0) + 1
    return sorted(
        f.marker
        for f in own
        if f.marker in movers or size.get(f.marker, 0) > 1 or per_hex[(f.col, f.row)] > 1
    )


def _split_groups(state: State, cids: list[int]) -> list[int]:
    """Ships that may be split off: any ship, unless it (with its load) is the whole fleet."""
    loads: dict[int, int] = {}
    for c in cids:
        host = carrier_of(state.ships, c)
        if host >= 0:
            loads[host] = loads.get(host, 0) + 1
    n = len(cids)
    return [c for c in cids if 1 + loads.get(c, 0) < n]


def _loaded_count(state: State, cids: list[int], carrier: int) -> int:
    return len([c for c in cids if carrier_of(state.ships, c) == carrier])


def transport_phase_actions(state: State) -> list[ActionBase]:
    """SG-5.10: the fleet being ordered's options (or ending the phase), taking up another
    fleet, and (cards) the Transport cards playable among these decisions (SG-13.2)."""
    out: list[ActionBase] = transport_actions(state) if state.cursor else [A.EndTransport()]
    out.extend(A.Select(m) for m in orderable(state.ships, state.fleets, state) if m != state.cursor)
    if state.has("cards"):
        out.extend(inline_plays(state, "T"))
    return out


def step_mp(state: State, owner: int, marker: int) -> int:
    """SG-5.7: the MP a fleet may still spend on steps, the lowest of its mobile ships'; 0 if
    it may not step at all (an unloaded stationary ship, a jammed ship)."""
    stationary = state.data.stationary
    least = 99  # no mobile ship: only loaded fighters, which go with their carrier
    for c, s in enumerate(state.ships):
        if s is not None and s.fleet == marker and s.owner == owner:
            if stationary[c]:
                if s.carrier < 0:  # SG-5.7 (b) no unloaded stationary ship
                    return 0
            elif s.mp < least:
                least = s.mp
            if state.effects and jammed(state, c):
                return 0  # SG-5.7 (d) Jam Communications
    return least


def transport_actions(state: State) -> list[ActionBase]:
    owner, marker = state.active, state.cursor
    fighter = state.data.fighter
    cids = [c for c, s in enumerate(state.ships) if s is not None and s.fleet == marker and s.owner == owner]
    least = step_mp(state, owner, marker)
    fleet = next(f for f in state.fleets if f.owner == owner and f.marker == marker)
    out: list[ActionBase] = []
    # A fleet with no MP left steps nowhere, not even at 0 cost into a Gravitic Anomaly or
    # through a Star Gate: its move is complete (SG-5.8 stop, SG-13.2 O-move definition).
    if least > 0:
        for d, n in enumerate(neighbour_table(state.players)[(fleet.col, fleet.row)]):
            if n is not None and least >= enter_cost(state, n):  # SG-5.7 (a), (c)
                out.append(A.Step(d))
        here = terrain_at(state, (fleet.col, fleet.row))
        if here is not None and here.gate:  # SG-5.11: a 0-MP transit to any other gate
            out.extend(
                A.Gate(c, r)
                for c, r, k in state.terrain
                if TERRAIN_BY_KEY[k].gate and (c, r) != (fleet.col, fleet.row)
            )
    out.append(A.Hold())
    out.append(A.EndTransport())
    if len(cids) > 1 and free_marker(state, owner):
        out.extend(A.Split(c) for c in _split_groups(state, cids))
    for other in state.fleets:
        if (
            other.owner == owner
            and other.marker != marker
            and other.col == fleet.col
            and other.row == fleet.row
        ):
            out.append(A.Merge(other.marker))
    room = {c: bays(state, c, owner) for c in cids if not fighter[c]}
    carriers = [c for c, n in room.items() if n > 0]
    if carriers:
        for c in cids:
            if not fighter[c]:
                continue
            if carrier_of(state.ships, c) >= 0:
                out.append(A.Unload(c))
            else:
                out.extend(
                    A.Load(c, b) for b in carriers if _loaded_count(state, cids, b) < room[b]
                )
    else:
        out.extend(A.Unload(c) for c in cids if fighter[c] and carrier_of(state.ships, c) >= 0)
    return out


@continuation("transport")
def begin_transport(w: Work) -> None:
    """SG-5.6: mobile ships of the active player get MP = MOVE*; the fleets are ordered."""
    a = w.active
    w.transports = int(w.transports) + 1
    ships = w.ships
    for cid, ship in enumerate(ships):
        if ship is not None and ship.owner == a:
            mp = move(w.s, cid, a)
            if ship.mp != mp:
                ships[cid] = Ship(a, ship.fleet, ship.pb, mp, ship.carrier)
    if any(f.done for f in w.fleets.values()):
        for key, f in list(w.fleets.items()):
            if f.done:
                w.fleets[key] = replace(f, done=False)
    w.phase = Phase.TRANSPORT
    _advance_cursor(w)


def _queued(w: Work) -> list[int]:
    """SG-5.10: the active player's fleets with a mobile ship that has MP, not marked done."""
    a = w.active
    stationary = w.data.stationary
    movers = {
        s.fleet
        for c, s in enumerate(w.ships)
        if s is not None and s.mp > 0 and s.owner == a and not stationary[c]
    }
    return [m for m in movers if not w.fleets[(a, m)].done]


def _advance_cursor(w: Work, keep: int = 0) -> None:
    """The fleet being ordered: ``keep`` while it can still be ordered, else the lowest
    queued marker; with none queued, no fleet (cursor 0) while a fleet can still be
    reorganised or a Transport card played, so the player ends the phase (SG-5.10)."""
    w.phase = Phase.TRANSPORT
    if keep and keep in orderable(w.ships, w.fleets.values(), w.s):
        w.cursor = keep
        return
    queued = _queued(w)
    if queued:
        w.cursor = min(queued)
        return
    w.cursor = 0
    if orderable(w.ships, w.fleets.values(), w.s):
        return
    if w.s.has("cards") and has_inline_play(w.freeze(), w.active, "T"):
        return  # no fleet can move, but a Transport card may still be played
    end_transport(w)


def do_step(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Step)
    if w.s.phase == Phase.CARD_MOVE:
        card_step(w, a.direction)
        return
    owner, marker = w.active, w.s.cursor
    f = w.fleets[(owner, marker)]
    dest = neighbour_table(w.s.players)[(f.col, f.row)][a.direction]
    assert dest is not None
    handoffs = w.handoffs
    move_fleet(w, owner, marker, dest, enter_cost(w.s, dest))
    if w.handoffs == handoffs:
        after_step(w)


def do_select(w: Work, a: ActionBase) -> None:
    """SG-5.10: switch to another fleet (a done one is taken up again); the move of the
    fleet left behind is complete, which opens the O-move window (SG-13.2)."""
    assert isinstance(a, A.Select)
    key = (w.active, a.fleet)
    if w.fleets[key].done:
        w.fleets[key] = replace(w.fleets[key], done=False)
    w.cursor = a.fleet
    _complete_move(w, "transport_on")


def do_gate(w: Work, a: ActionBase) -> None:
    """SG-5.11 / SG-A40: a 0-MP transit; the exit hex counts as entered."""
    assert isinstance(a, A.Gate)
    handoffs = w.handoffs
    move_fleet(w, w.active, w.s.cursor, (a.col, a.row), 0)
    if w.handoffs == handoffs:
        after_step(w)


@continuation("after_step")
def after_step(w: Work) -> None:
    """After a step: an Alien Ruins ship is placed first (SG-12.1); then, if the fleet cannot
    go on, its move is complete (the O-move window, SG-13.2) and the next fleet is ordered."""
    if w.phase == Phase.PLACE:
        return
    if int(w.cursor) in _queued(w):
        w.phase = Phase.TRANSPORT
        return
    _complete_move(w, "advance")


def _complete_move(w: Work, then: str) -> None:
    """SG-13.2 O-move: once a fleet's move is complete the opponents may react to it."""
    moving: tuple[int, ...] = w.moving
    w.moving = ()
    if moving:
        marker, empty = moving
        f = w.fleets.get((w.active, marker))
        if f is not None:
            w.moved = (w.active, marker, f.col, f.row, empty)
            checkpoint(w, "O-move", then)
            return
    go_on(w, then)


@continuation("advance")
def _advance(w: Work) -> None:
    w.moved = ()
    _advance_cursor(w)


@continuation("transport_on")
def _transport_on(w: Work) -> None:
    """After a card played in the Transport Phase: the fleet being ordered goes on."""
    _advance_cursor(w, keep=int(w.cursor))


@continuation("neutral")
def _neutral_after_luck(w: Work) -> None:
    capture_neutral(w)
    after_step(w)


def do_hold(w: Work, a: ActionBase) -> None:
    if w.s.phase == Phase.CARD_MOVE:
        card_stop(w)
        return
    key = (w.active, w.s.cursor)
    w.fleets[key] = replace(w.fleets[key], done=True)
    _complete_move(w, "advance")


def do_end_transport(w: Work, a: ActionBase) -> None:
    _complete_move(w, "end_transport")


@continuation("end_transport")
def end_transport(w: Work) -> None:
    """SG-5.12: remaining MP is lost; Strategic Push adds one more Transport Phase (SG-A61);
    then the Engagement Phase begins."""
    a = w.active
    w.moved = ()
    for cid, ship in enumerate(w.ships):
        if ship is not None and ship.owner == a and ship.mp:
            w.ships[cid] = replace(ship, mp=0)
    w.cursor = 0
    pushes = sum(1 for k, _, _ in w.effects if k == "push")
    if pushes and max(1, int(w.transports)) <= pushes:
        w.emit("extra_transport", seat=a)
        begin_transport(w)
        return
    w.fought = ()
    w.fought_ships = ()
    checkpoint(w, "E0", "engage")


def do_split(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Split)
    owner, marker = w.active, w.s.cursor
    f = w.fleets[(owner, marker)]
    new = w.new_fleet(owner, (f.col, f.row))
    ship = w.ships[a.ship]
    assert ship is not None
    w.ships[a.ship] = replace(ship, fleet=new, carrier=-1)  # a loaded fighter leaves its bay
    for cid, s in enumerate(w.ships):
        if s is not None and s.carrier == a.ship:
            w.ships[cid] = replace(s, fleet=new)  # a bay-ship takes its fighters along
    w.stale(owner, marker)
    w.emit("fleet_split", seat=owner, marker=marker, new=new)
    _advance_cursor(w, keep=marker)


def do_merge(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Merge)
    owner, marker = w.active, w.s.cursor
    for cid, s in enumerate(w.ships):
        if s is not None and s.owner == owner and s.fleet == a.fleet:
            w.ships[cid] = replace(s, fleet=marker)
    del w.fleets[(owner, a.fleet)]
    w.sightings.pop((owner, a.fleet), None)
    w.stale(owner, marker)
    w.emit("fleet_merged", seat=owner, marker=marker, gone=a.fleet)
    _advance_cursor(w, keep=marker)


def do_load(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Load)
    w.set_ship(a.fighter, carrier=a.carrier)
    w.stale(w.active, w.s.cursor)


def do_unload(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Unload)
    w.set_ship(a.fighter, carrier=-1)
    w.stale(w.active, w.s.cursor)
