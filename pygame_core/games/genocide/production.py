"""Production (SG-9): the discard rule, drawing or buying ships, placing them, PB refills."""

from __future__ import annotations

from ...frozen import replace
from ...game import ActionBase
from . import actions as A
from .board import HexKey, Index, free_marker, pb_max, placer, race_of, ship_cap, ship_hex_in, ships_in_play
from .data import SHIP_COST
from .state import Phase, Ship, State
from .turn import end_turn
from .work import Work, autoload, continuation, go_on


def _place_options(state: State, owner: int) -> list[tuple[int, int, int]]:
    """SG-9.5: own live planet hexes; an own fleet there, or a new fleet if a marker is free."""
    free = free_marker(state, owner) != 0
    mine: dict[HexKey, list[int]] = {}
    for f in state.fleets:  # sorted by (owner, marker)
        if f.owner == owner:
            mine.setdefault((f.col, f.row), []).append(f.marker)
    out = []
    for p in state.planets:
        if p.owner != owner or not p.alive:
            continue
        for marker in mine.get((p.col, p.row), ()):
            out.append((p.col, p.row, marker))
        if free:
            out.append((p.col, p.row, 0))
    return out


def place_actions(state: State) -> list[ActionBase]:
    return [A.Place(c, r, m) for c, r, m in _place_options(state, state.active)]


def buy_actions(state: State) -> list[ActionBase]:
    """SG-9.4 buying (resources mode), SG-9.6 refills at own planets, or the end of production."""
    idx = Index(state)
    owner = state.active
    out: list[ActionBase] = []
    cash = state.resources[owner]
    cap = ship_cap(state, owner)
    if (
        cash >= SHIP_COST
        and (not cap or ships_in_play(state, owner) < cap)
        and _place_options(state, owner)
    ):
        kinds = sorted({cid // state.data.copies for cid in state.pile})
        out.extend(A.Buy(k) for k in kinds)
    if cash >= 1 and _refill_costs(state):
        for cid, ship in enumerate(state.ships):
            if (
                ship is not None
                and ship.owner == owner
                and ship.pb < pb_max(state, cid)
                and idx.own_planet(owner, ship_hex_in(idx, ship))
            ):
                out.append(A.Refill(cid))
    out.append(A.EndProduction())
    return out


def _refill_costs(state: State) -> bool:
    """SG-9.6/SG-A32: Classic pays 1 resource per PB in resources mode; else refills are free."""
    return state.variant == "classic" and state.production == "resources"


@continuation("production")
def _production(w: Work) -> None:
    if w.data.planet_types and w.s.discard_rule:
        w.phase = Phase.DISCARD
        return
    _begin_gain(w)


def discard_actions(state: State) -> list[ActionBase]:
    """SG-9.2: discard one own ship in play, or none (-1)."""
    own = [cid for cid, s in enumerate(state.ships) if s is not None and s.owner == state.active]
    return [A.Discard(-1), *(A.Discard(cid) for cid in own)]


def do_discard(w: Work, a: ActionBase) -> None:
    """SG-9.2: the discarded ship is set aside until the end of this phase."""
    assert isinstance(a, A.Discard)
    if a.ship >= 0:
        w.emit("ship_discarded_own", w.active, seat=w.active, ship=a.ship, ship_at=w.known_as(a.ship, w.active))
        w.emit("ship_discarded", seat=w.active)
        w.remove_ship(a.ship, "limbo")
        w.peek()
    _begin_gain(w)


def _begin_gain(w: Work) -> None:
    """SG-9.3 draw4: 4 + extras, capped; SG-9.4 resources: income, then the extras as free
    random ships (Robots SG-A52), then buying."""
    a = w.active
    extra = race_of(w.s, a).production  # Robots (SG-A52)
    extra += sum(1 for k, _, _ in w.effects if k == "prod")
    draw4 = w.s.production == "draw4"
    n = 4 + extra if draw4 else extra
    cap = ship_cap(w.s, a)
    if cap:
        n = min(n, cap - sum(1 for s in w.ships if s is not None and s.owner == a))
    w.to_draw = max(0, n)
    if not draw4:
        income = sum(1 for p in w.planets if p.owner == a and p.alive)
        w.resources[a] += income
        w.emit("income", seat=a, income=income, total=w.resources[a])
    _draw_next(w)


def _draw_next(w: Work) -> None:
    """SG-9.3: draw one at a time and place it at once; an unplaceable one is lost (SG-A31)."""
    a = w.active
    to_draw = int(w.to_draw)
    if to_draw <= 0 or not w.pile:
        w.to_draw = 0
        _after_draws(w)
        return
    cid, rest = w.roller.draw_from_pool(w.pile, f"SG.production.draw seat={a}")
    w.pile = list(rest)
    w.to_draw = to_draw - 1
    if not w.can_place(a):
        w.to_pile(cid)
        w.to_draw = 0
        w.emit("draw_unplaced", seat=a)
        _after_draws(w)
        return
    w.emit("ship_drawn_own", a, seat=a, ship=cid, ship_at=(a, 0, 0))  # not placed yet
    w.emit("ship_drawn", seat=a)
    w.drawn = cid
    w.phase = Phase.PLACE


def _after_draws(w: Work) -> None:
    """draw4: production ends; resources: buying follows the free ships (SG-9.4)."""
    if w.s.production == "draw4":
        _end_production(w)
    else:
        w.phase = Phase.BUY


def do_place(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Place)
    owner = placer(w.s)
    cid = w.s.drawn
    marker = a.fleet or w.new_fleet(owner, (a.col, a.row))
    w.ships[cid] = Ship(owner, marker, pb_max(w.s, cid))  # SG-9.5: full PB
    w.stale(owner, marker)
    if w.data.fighter[cid]:
        autoload(w, owner, marker)
    w.drawn = -1
    if w.s.resume:  # an Alien Ruins ship (SG-12.1): the move (or card) goes on
        w.resume = ""
        w.placer = -1
        w.phase = Phase.CLOSED  # the continuation sets the next phase
        go_on(w, w.s.resume)
        return
    _draw_next(w)  # the next free draw, or (resources, a bought ship) back to buying


def do_buy(w: Work, a: ActionBase) -> None:
    """SG-9.4: the lowest-cid pile counter of the chosen type, for 10 resources (public)."""
    assert isinstance(a, A.Buy)
    owner = w.active
    cid = next(c for c in w.pile if c // w.data.copies == a.kind)
    w.pile.remove(cid)
    w.resources[owner] -= SHIP_COST
    w.emit("ship_bought", seat=owner, ship=cid, left=w.resources[owner], ship_at=(owner, 0, 0))  # not placed yet
    w.drawn = cid
    w.phase = Phase.PLACE


def do_refill(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Refill)
    owner = w.active
    ship = w.ships[a.ship]
    assert ship is not None
    w.ships[a.ship] = replace(ship, pb=ship.pb + 1)
    w.resources[owner] -= 1
    w.emit("pb_bought", seat=owner, left=w.resources[owner])


def do_end_production(w: Work, a: ActionBase) -> None:
    _end_production(w)


def _end_production(w: Work) -> None:
    """SG-9.6 free refill (unless Classic resources), SG-9.7 discard returns, then end of turn."""
    a = w.active
    if not _refill_costs(w.s):
        tops = w.data.pb_max
        low = [c for c, s in enumerate(w.ships) if s is not None and s.owner == a and s.pb < tops[c]]
        if low:
            planets = {(p.col, p.row) for p in w.planets if p.owner == a and p.alive}
            for cid in low:
                if w.ship_hex(cid) in planets:
                    w.set_ship(cid, pb=tops[cid])
    for cid in w.limbo:
        w.to_pile(cid)
    w.limbo = []
    w.drawn = -1
    end_turn(w)
