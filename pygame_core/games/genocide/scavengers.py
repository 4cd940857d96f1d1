"""The Scavengers' power (SG-11, SG-A54): a destroyed enemy fleet's wreck joins their fleet."""

from __future__ import annotations

from ...game import ActionBase
from . import actions as A
from .board import HexKey, race_of, scavenger, ship_cap
from .state import Phase, Ship, State, Wreck
from .work import Work, autoload, go_on


def capture_actions(state: State) -> list[ActionBase]:
    """SG-11: the Scavenger takes one of the destroyed fleet's wrecks."""
    return [A.Capture(c) for c in state.capture]


def scavenge(w: Work, key: HexKey, present: tuple[tuple[int, int], ...]) -> bool:
    """SG-11: for each enemy fleet present at B1 in ``key`` and now gone, the Scavenger (if it
    had ships there) takes one of that fleet's wrecks. True while a choice is pending."""
    return run_captures(w, capture_candidates(w, key, present))


def capture_candidates(
    w: Work, key: HexKey, present: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, ...], ...]:
    """Per destroyed enemy fleet (in (owner, marker) order), its wrecks from this hex."""
    if not w.s.races or not any(race_of(w.s, o).scavenge for o, _ in present):
        return ()
    seat = scavenger(w.s)
    wrecks: tuple[Wreck, ...] = w.wrecks
    queue = []
    for owner, marker in present:
        if owner == seat or (owner, marker) in w.fleets:
            continue
        cands = tuple(
            x.cid for x in wrecks if (x.owner, x.marker, x.col, x.row) == (owner, marker, *key)
        )
        if cands:
            queue.append(cands)
    return tuple(queue)


def run_captures(w: Work, queue: tuple[tuple[int, ...], ...]) -> bool:
    """Take single candidates at once; stop at the first real choice (phase "capture")."""
    if not queue:
        if w.capture:
            w.capture = ()
            w.capture_queue = ()
        return False
    seat = scavenger(w.s)
    cap = ship_cap(w.s, seat)
    while queue:
        cands, queue = queue[0], queue[1:]
        if cap and sum(1 for s in w.ships if s is not None and s.owner == seat) >= cap:
            w.emit("ship_cap", seat=seat, lost="capture", rule="SG-A30")
            continue
        if len(cands) == 1:
            take_wreck(w, seat, cands[0])
            continue
        w.phase = Phase.CAPTURE
        w.battle = None
        w.capture = cands
        w.capture_queue = queue
        return True
    w.capture = ()
    w.capture_queue = ()
    return False


def take_wreck(w: Work, seat: int, cid: int) -> None:
    """The wreck joins the Scavenger's lowest-marker fleet in its hex, else a new fleet there
    (if a marker is free), with its pb at destruction (SG-11)."""
    wrecks: tuple[Wreck, ...] = w.wrecks
    wreck = next(x for x in wrecks if x.cid == cid)
    key = (wreck.col, wreck.row)
    mine = sorted(m for (o, m), f in w.fleets.items() if o == seat and (f.col, f.row) == key)
    if mine:
        marker = mine[0]
    elif w.free_marker(seat):
        marker = w.new_fleet(seat, key)
    else:
        w.emit("no_marker", seat=seat, ship=cid, ship_at=w.known_as(cid))
        return
    was = w.known_as(cid)  # as the wreck was known: its owner's fleet in the battle (SG-6.3)
    w.wrecks = tuple(x for x in wrecks if x.cid != cid)
    w.limbo.remove(cid)
    w.ships[cid] = Ship(seat, marker, wreck.pb)
    w.stale(seat, marker)
    if w.data.fighter[cid]:
        autoload(w, seat, marker)
    w.revealed = True
    w.emit("captured", seat=seat, ship=cid, marker=marker, rule="SG-11", ship_at=was)


def do_capture(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Capture)
    take_wreck(w, scavenger(w.s), a.ship)
    if not run_captures(w, w.s.capture_queue):
        go_on(w, "next_battle")  # the battles go on (battle.py)
