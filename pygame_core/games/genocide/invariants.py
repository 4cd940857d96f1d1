"""Space Genocide's invariants, checked after every action by the playouts (SG-2.3, SG-5, SG-9.3, SG-13.1)."""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, gt

from .board import bays, owner_of, ship_cap
from .state import Phase, State

_OWNER = attrgetter("owner")
_FLEET = attrgetter("fleet")
_PB = attrgetter("pb")
_CARRIER = attrgetter("carrier")
_KEY = attrgetter("owner", "marker")


class _ShipChecks:
    """The ship checks of the last state checked, reused while none of their inputs changed:
    card windows and passes leave ships, fleets and piles untouched, and every later state
    shares those very tuples (compared by identity; the scalars by value)."""

    def __init__(self) -> None:
        self._tuples: tuple[object, ...] = ()
        self._scalars: tuple[int, bool] = (0, False)
        self._found: list[str] = []

    def __call__(self, state: State) -> list[str]:
        tuples = (state.ships, state.pile, state.limbo, state.fleets, state.races, state.resources, state.hands)
        scalars = (state.drawn, state.phase in (Phase.RACE, Phase.TYPES, Phase.FLEETS))
        same = len(self._tuples) == len(tuples) and all(a is b for a, b in zip(self._tuples, tuples, strict=True))
        if not same or scalars != self._scalars:
            self._tuples, self._scalars, self._found = tuples, scalars, _ship_violations(state)
        return list(self._found)


_SHIP_CHECKS = _ShipChecks()


def invariant_violations(state: State) -> list[str]:
    """Counter conservation, pb ranges, fleets and markers, fleet limit, ship cap, loading,
    and the cards (SG-13.1). The playouts call this after every action, so it leans on
    C-level ``map``/``zip`` and reuses the ship checks while their inputs are unchanged."""
    out = _SHIP_CHECKS(state)
    if state.deck is not None:
        _check_cards(state, out)
    return out


def _ship_violations(state: State) -> list[str]:
    data = state.data
    out: list[str] = []
    ships = state.ships
    live_ids = list(compress(range(len(ships)), ships))  # Ship records are truthy, None is not
    live = [ships[c] for c in live_ids]
    # Conservation (SG-2.3): every counter is in play, in the pile, in limbo or being placed.
    out_of_play = [*state.pile, *state.limbo]
    if state.drawn >= 0:
        out_of_play.append(state.drawn)
    if state.phase in (Phase.RACE, Phase.TYPES, Phase.FLEETS):
        for hand in state.hands:
            out_of_play.extend(hand)
    off = set(out_of_play)
    if len(live) + len(out_of_play) != data.total or len(off) != len(out_of_play) or not off.isdisjoint(live_ids):
        out.append(f"ship counters not conserved: {len(live)} in play, {len(out_of_play)} out of play")
    if list(state.pile) != sorted(state.pile):
        out.append("pile not in canonical order")
    if live:
        pbs = list(map(_PB, live))
        if min(pbs) < 0 or any(map(gt, pbs, map(data.pb_max.__getitem__, live_ids))):
            out.append("a ship's pb is outside 0..PB max (SG-2.5)")
        carriers = list(map(_CARRIER, live))
        if max(carriers) >= 0:
            _check_loading(state, live_ids, carriers, out)
    # Fleets (SG-5.1): one marker per fleet id, none empty, none without a marker.
    keys = set(map(_KEY, state.fleets))
    if len(keys) != len(state.fleets):
        out.append("a fleet marker is on the map twice")
    owners = list(map(_OWNER, live))
    if keys != set(zip(owners, map(_FLEET, live), strict=True)):
        out.append("fleets and ships disagree (an empty fleet, or a ship without a marker)")
    limit = data.fleet_limit
    markers = [owner for owner, _ in keys] if limit else []
    for seat in range(state.players):
        cap = ship_cap(state, seat)
        if limit and markers.count(seat) > limit:
            out.append(f"seat {seat} has {markers.count(seat)} fleets (SG-5.4)")
        if cap and owners.count(seat) > cap:
            out.append(f"seat {seat} has {owners.count(seat)} ships (SG-9.3)")
    if limit and any(not 1 <= m <= limit for _, m in keys):
        out.append(f"a fleet marker outside 1..{limit}")
    if min(state.resources) < 0:
        out.append("negative resources")
    return out


def _check_cards(state: State, out: list[str]) -> None:
    """SG-13.1: the 42 cards are each in the deck, the discard pile, a hand or being played."""
    deck = state.deck
    assert deck is not None
    where = [*deck.draw_pile, *deck.discard_pile, *(c for h in state.cards for c in h)]
    for win in (state.window, *(w for w, _ in state.outer)):
        if win is not None:
            where.extend(p.card for p in win.chain)
    if sorted(where) != list(range(1, 43)):
        out.append(f"cards not conserved: {len(where)} accounted for")
    if any(list(h) != sorted(h) for h in state.cards):
        out.append("a hand is not sorted")


def _check_loading(state: State, live_ids: list[int], carriers: list[int], out: list[str]) -> None:
    """SG-5.5: a loaded fighter sits in a bay-ship of its own fleet, within BAYS*."""
    data, ships = state.data, state.ships
    loads: dict[int, int] = {}
    for cid, host_cid in zip(live_ids, carriers, strict=True):
        if host_cid < 0:
            continue
        loads[host_cid] = loads.get(host_cid, 0) + 1
        ship, host = ships[cid], ships[host_cid]
        assert ship is not None
        if not data.fighter[cid] or host is None or host.owner != ship.owner or host.fleet != ship.fleet:
            out.append(f"ship #{cid} loaded in an invalid bay-ship")
    out.extend(
        f"bay-ship #{c} carries {n} fighters"
        for c, n in loads.items()
        if n > bays(state, c, owner_of(ships, c))
    )
