"""Space bursts (SG-7): the Engagement Phase's first step, before the battles (SG-4.2)."""

from __future__ import annotations

from ...frozen import replace
from ...game import ActionBase
from ...hexgrid import Hex
from . import actions as A
from .battle import next_battle, reveal, snapshot
from .board import HexKey, Index, owner_of, ship_hex_in
from .cardplay.windows import checkpoint
from .destruction import begin_production
from .scavengers import capture_candidates, run_captures
from .state import BurstStep, Phase, RollRec, State
from .work import Work, continuation, expire


@continuation("engage")
def engage(w: Work) -> None:
    """SG-4.2: Diplomacy skips Engagement (bursts included) and Mass Destruction; else the
    burst step (SG-7.1), then the battles (SG-6)."""
    if any(k == "diplomacy" for k, _, _ in w.effects):
        w.emit("diplomacy", rule="SG-4.2")
        begin_production(w)
        return
    if w.s.has("burst") and _begin_burst(w):
        return  # SG-7.1: the burst step comes first
    next_battle(w)


def _begin_burst(w: Work) -> bool:
    """SG-7.2: every seat with a ship of pb >= 1 in a battle hex declares, in turn order,
    secretly (PENDING). False when nobody can burst."""
    owners = w.hex_owners()
    hexes = {k for k, o in owners.items() if len(o) > 1}
    if not hexes:
        return False
    eligible: dict[int, list[int]] = {}
    for cid, ship in enumerate(w.ships):
        if ship is not None and ship.pb >= 1:
            f = w.fleets[(ship.owner, ship.fleet)]
            if (f.col, f.row) in hexes:
                eligible.setdefault(ship.owner, []).append(cid)
    order = [w.s.order[(w.turn + i) % w.s.players] for i in range(w.s.players)]
    declarers = tuple(p for p in order if p in eligible)
    if not declarers:
        return False
    w.phase = Phase.BURST
    w.burst = BurstStep(declarers, tuple(eligible[declarers[0]]))
    return True


def burst_actions(state: State) -> list[ActionBase]:
    """SG-7.2: the ship declaring now bursts 0..pb PBs."""
    assert state.burst is not None
    cid = state.burst.queue[0]
    ship = state.ships[cid]
    assert ship is not None
    return [A.Burst(cid, n) for n in range(ship.pb + 1)]


def burst_queue(state: State, seat: int) -> tuple[int, ...]:
    idx = Index(state)
    hexes = {k for k, fl in idx.hex_fleets.items() if len({f.owner for f in fl}) > 1}
    return tuple(
        c
        for c, s in enumerate(state.ships)
        if s is not None and s.owner == seat and s.pb >= 1 and ship_hex_in(idx, s) in hexes
    )


def do_burst(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Burst)
    step = w.s.burst
    assert step is not None
    step = replace(
        step, queue=step.queue[1:], declarations=(*step.declarations, (a.ship, a.count))
    )
    if not step.queue:
        declarers = step.declarers[1:]
        if declarers:
            step = replace(step, declarers=declarers, queue=burst_queue(w.s, declarers[0]))
        else:
            w.burst = replace(step, declarers=())
            _reveal_bursts(w)
            return
    w.burst = step


def _bursts(w: Work) -> list[tuple[int, int]]:
    step = w.burst
    assert isinstance(step, BurstStep)
    return sorted((c, n) for c, n in step.declarations if n > 0)


def _reveal_bursts(w: Work) -> None:
    """SG-7.3: the declarations become public; B1 in every hex with a burst; then the burst
    window (Decoy, It's a Dud!, SG-13.3)."""
    bursts = _bursts(w)
    w.revealed = True  # the PENDING declarations are now public (C-4.1)
    if not bursts:
        w.burst = None
        w.emit("no_bursts")
        next_battle(w)
        return
    hexes = sorted({w.ship_hex(c) for c, _ in bursts})
    for key in hexes:
        present = reveal(w, key, "burst")
        w.burst_fleets = (
            *w.burst_fleets,
            *((key[0], key[1], o, m) for o, m in present),
        )
    for cid, n in bursts:  # after B1 (SG-7.3), so the log names each ship by its fleet (issue 36)
        w.emit("burst_declared", ship=cid, seat=owner_of(w.ships, cid), pb=n, ship_at=w.known_as(cid))
    checkpoint(w, "burst", "burst_roll")


@continuation("burst_roll")
def _burst_roll(w: Work) -> None:
    """SG-7.4/7.5: per burst (by ship cid), per PB, one d6 per enemy ship present (by cid);
    every declared PB is spent. A Dud burst rolls nothing, a Decoyed ship is not rolled for."""
    bursts = _bursts(w)
    effects: tuple[tuple[str, int, int], ...] = w.effects
    decoyed = {a for k, a, _ in effects if k == "decoy"}
    duds = {a for k, a, _ in effects if k == "dud"}
    rolls = []
    for cid, n in bursts:
        ship = w.ships[cid]
        assert ship is not None
        key = w.ship_hex(cid)
        w.ships[cid] = replace(ship, pb=ship.pb - n)  # SG-7.5
        if cid in duds:
            w.emit("burst_dud", ship=cid, rule="SG-13.3", ship_at=w.known_as(cid))  # card #22
            continue
        enemies = [
            t for t in sorted(_hex_members(w, key)) if owner_of(w.ships, t) != ship.owner and t not in decoyed
        ]
        for k in range(n):
            purpose = f"SG.burst ship#{cid} PB {k + 1}"
            for t in enemies:
                rolls.append(RollRec(purpose, 6, (w.roller.d(6, purpose),), (cid, t)))
    w.rolls = tuple(rolls)
    if rolls:
        checkpoint(w, "roll", "burst_apply")
    else:
        _burst_apply(w)


def _hex_members(w: Work, key: HexKey) -> list[int]:
    fleets = {k for k, f in w.fleets.items() if (f.col, f.row) == key}
    return [c for c, s in enumerate(w.ships) if s is not None and (s.owner, s.fleet) in fleets]


@continuation("burst_apply")
def _burst_apply(w: Work) -> None:
    """SG-7.4: a 6 destroys; all bursts are simultaneous, so removal (to the wrecks) comes
    after the last one and burst victims skip the battle round; SG-7.6; Scavengers."""
    bursts = _bursts(w)
    rolls: tuple[RollRec, ...] = w.rolls
    w.rolls = ()
    w.burst = None
    destroyed: set[int] = set()
    for cid, n in bursts:
        hits = sorted({r.ref[1] for r in rolls if r.ref[0] == cid and r.dice[0] == 6})
        destroyed.update(hits)
        if not any(r.ref[0] == cid for r in rolls):
            continue
        targets = len({r.ref[1] for r in rolls if r.ref[0] == cid})
        w.emit(
            "burst", ship=cid, seat=owner_of(w.ships, cid), pb=n, hex=Hex(*w.ship_hex(cid)).label,
            targets=targets, killed=tuple(hits), ship_at=w.known_as(cid, in_hex=True),
            killed_at=w.known_as_all(hits, in_hex=True),
        )
    hexes = sorted({w.ship_hex(c) for c, _ in bursts})
    for cid in sorted(destroyed):
        w.wreck(cid)  # SG-7.4: burst victims skip the battle round
    for key in hexes:
        for (owner, marker), f in sorted(w.fleets.items()):
            if (f.col, f.row) == key:
                snapshot(w, owner, marker)
    w.peek()
    expire(w, ("decoy", "dud"))
    owners = w.hex_owners()
    fleets_b1: tuple[tuple[int, int, int, int], ...] = w.burst_fleets
    queue: tuple[tuple[int, ...], ...] = ()
    for key in hexes:  # SG-7.6: no battle follows here; SG-11 Scavengers capture now
        if len(owners.get(key, ())) < 2:
            present = tuple((o, m) for c, r, o, m in fleets_b1 if (c, r) == key)
            queue += capture_candidates(w, key, present)
    if run_captures(w, queue):
        return
    next_battle(w)
