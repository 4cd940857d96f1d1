"""Entering a hex (SG-5.8, SG-12.1): a fleet's move into a hex, the stop rules, and what its
terrain does for the first to enter (Alien Ruins, Temporal Nexus, neutral planets).

Used by the Transport Phase and by the cards that move fleets (Lure, Intercept, Retreat,
teleports).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...frozen import replace
from ...hexgrid import Hex
from .board import HexKey, ship_cap, terrain_at
from .cardplay.deck import draw_cards
from .cardplay.windows import checkpoint
from .state import Fleet, Phase, RollRec, Ship, State
from .terrain import NEUTRAL_TYPE, NEXUS_CARDS, Terrain
from .work import Work


def move_fleet(
    w: Work,
    owner: int,
    marker: int,
    dest: HexKey,
    cost: int,
    resume: str = "after_step",
    card: bool = False,
    arrive: bool = True,
) -> bool:
    """Put a fleet into ``dest`` paying ``cost`` MP per mobile ship, apply the stop rules
    (SG-5.8) and what entering does (SG-12.1); ``resume`` is where play goes on if entering
    needs a decision (an Alien Ruins ship). A ``card`` move (Lure, Intercept, Retreat) keeps
    its MP on the card instead of the ships. Returns whether the move was forced to stop."""
    f = w.fleets[(owner, marker)]
    origin = (f.col, f.row)
    empty = not any(
        (g.col, g.row) == dest for g in w.fleets.values()
    ) and not any((p.col, p.row) == dest and p.alive for p in w.planets)
    w.fleets[(owner, marker)] = Fleet(owner, marker, dest[0], dest[1], f.done)
    if not card and owner == w.active and marker == w.cursor:
        w.moving = (marker, int(empty))  # for the O-move window (Space Mines, SG-A63)
    t = terrain_at(w.s, dest)
    stop = stops_at(w.s, owner, marker, dest, w.fleets.values())
    stationary = w.data.stationary
    ships = w.ships
    if not card:
        for cid, ship in enumerate(ships):
            if ship is None or ship.fleet != marker or ship.owner != owner:
                continue
            if stop:
                ships[cid] = Ship(owner, marker, ship.pb, 0, ship.carrier)
            elif not stationary[cid]:
                ships[cid] = Ship(owner, marker, ship.pb, ship.mp - cost, ship.carrier)
    w.peek((origin, dest))
    if t is not None and arrive:
        enter_terrain(w, owner, dest, t, resume)
    return bool(stop)


def stops_at(state: State, owner: int, marker: int, dest: HexKey, fleets: Iterable[Fleet]) -> bool:
    """SG-5.8: whether entering ``dest`` ends a fleet's move: a Nebula (b), or an enemy fleet
    there (a), waived by Dark Matter (SG-A46) and by Bypass (SG-13.3 #12, SG-A16). The one
    rule for a step, a gate and the reach the view gives (reach.py)."""
    here = {(g.owner, g.marker) for g in fleets if g.owner != owner and (g.col, g.row) == dest}
    return stops_among(state, owner, marker, dest, here)


def enemies_by_hex(owner: int, fleets: Iterable[Fleet]) -> dict[HexKey, set[tuple[int, int]]]:
    """Each hex's fleets not ``owner``'s, as (owner, marker): for ``stops_among`` when a
    search asks about many hexes of one position (reach.py)."""
    out: dict[HexKey, set[tuple[int, int]]] = {}
    for g in fleets:
        if g.owner != owner:
            out.setdefault((g.col, g.row), set()).add((g.owner, g.marker))
    return out


def stops_among(state: State, owner: int, marker: int, dest: HexKey, here: set[tuple[int, int]]) -> bool:
    """``stops_at`` given the enemy fleets in ``dest`` (``here``)."""
    t = terrain_at(state, dest)
    if t is not None and t.stop:
        return True
    if t is not None and t.no_enemy_stop:
        return False
    return bool(here) and not _bypassed(state, owner, marker, here)


def _bypassed(state: State, owner: int, marker: int, here: set[tuple[int, int]]) -> bool:
    """Bypass (SG-13.3 #12): no stop where every enemy ship belongs to the target fleet."""
    passes = [(b // 100, b % 100) for k, a, b in state.effects if k == "bypass" and a == owner * 100 + marker]
    return any(here == {p} for p in passes)


def enter_terrain(w: Work, owner: int, key: HexKey, t: Terrain, resume: str) -> None:
    """SG-12.1: what entering a hex does, once per game, for the first player to enter."""
    label = Hex(*key).label
    if t.neutral:
        pid = next(i for i, p in enumerate(w.planets) if (p.col, p.row) == key)
        planet = w.planets[pid]
        if planet.owner < 0 and planet.alive:
            purpose = f"SG.neutral planet={label}"
            roll = RollRec(purpose, 6, (w.roller.d(6, purpose),), (pid, owner))
            w.rolls = (roll,)
            w.revealed = True
            then = _NEUTRAL_THEN.get(resume)
            if then is not None and w.s.has("cards"):
                w.handoffs += 1  # ``then`` goes on with the step or card move after Luck
                checkpoint(w, "roll", then)  # Luck may reroll it (SG-A59)
            else:
                # Teleports never get here: they end at own planets or where fleets stand,
                # and a neutral planet that any fleet has entered is captured already.
                capture_neutral(w)
        return
    if not t.reward or key in w.terrain_used or w.phase == Phase.PLACE:
        return
    w.terrain_used = tuple(sorted((*w.terrain_used, key)))
    w.revealed = True
    w.emit("terrain_reached", seat=owner, terrain=t.key, hex=label)
    if t.reward == "ship":  # SG-A42: one random ship, placed as in production, cap applies
        cap = ship_cap(w.s, owner)
        if cap and sum(1 for s in w.ships if s is not None and s.owner == owner) >= cap:
            w.emit("ship_cap", seat=owner, lost="ruins", rule="SG-A30")
            return
        if not w.pile:
            return
        cid, rest = w.roller.draw_from_pool(w.pile, f"SG.ruins.draw seat={owner}")
        w.pile = list(rest)
        if not w.can_place(owner):
            w.to_pile(cid)
            w.emit("ruins_unplaced", seat=owner)
            return
        w.emit("ruins_ship", owner, seat=owner, ship=cid, ship_at=(owner, 0, 0))  # not placed yet
        w.drawn = cid
        w.placer = owner
        w.resume = resume
        w.phase = Phase.PLACE
    elif t.reward == "cards" and w.s.has("cards"):  # Temporal Nexus (SG-A47): draw 2 at once
        draw_cards(w, owner, NEXUS_CARDS)


def capture_neutral(w: Work) -> None:
    """SG-12.1 / SG-A44: the roll sets the type; the planet is the captor's from now on."""
    rolls: tuple[RollRec, ...] = w.rolls
    (roll,) = rolls
    w.rolls = ()
    pid, owner = roll.ref
    planet = w.planets[pid]
    ptype = NEUTRAL_TYPE[roll.dice[0]]
    w.planets[pid] = replace(planet, owner=owner, ptype=ptype, public=True)
    w.emit("neutral_gained", seat=owner, hex=Hex(planet.col, planet.row).label, ptype=ptype, rule="SG-12.1")


# Where a move goes on once a neutral planet's die has had its Luck window (by ``resume``).
_NEUTRAL_THEN = {"after_step": "neutral", "card_move": "neutral_card"}
