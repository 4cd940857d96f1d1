"""Space Genocide level 1 (Easy): the heuristic policy, and the geometry and odds it shares."""

from __future__ import annotations

import math
from functools import lru_cache

from ...ai.rand import AiRandom
from ...dice import beat_counts
from ...game import ActionBase
from . import actions as A
from . import rules
from .data import VARIANTS
from .state import State
from .terrain import TERRAIN_BY_KEY

# --------------------------------------------------------------------------------------
# Geometry (C-1.2) and ship values


def _cube(col: int, row: int) -> tuple[int, int]:
    """Axial (q, r) of an odd-q offset hex (C-1.2)."""
    return col, row - (col - (col & 1)) // 2


@lru_cache(maxsize=1 << 16)
def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    aq, ar = _cube(*a)
    bq, br = _cube(*b)
    dq, dr = aq - bq, ar - br
    return max(abs(dq), abs(dr), abs(dq + dr))


@lru_cache(maxsize=4)
def ship_values(variant: str) -> tuple[float, ...]:
    """A ship's worth in evaluation: combat stats, speed, and its PB capacity (SG-2.1)."""
    data = VARIANTS[variant]
    out = []
    for cid in range(data.total):
        t = data.type_of(cid)
        out.append((t.atk + t.defense) / 8.0 + t.move / 12.0 + t.pb * 0.12 + t.bays * 0.1)
    return tuple(out)

# --------------------------------------------------------------------------------------
# The heuristic policy


def fleet_ships(state: State, owner: int, marker: int) -> list[int]:
    return [c for c, s in enumerate(state.ships) if s is not None and s.owner == owner and s.fleet == marker]


def enemy_worlds(state: State, seat: int) -> list[tuple[int, int, int]]:
    """(col, row, pid) of live planets of other seats; a known Homeworld listed first."""
    out = []
    for pid, p in enumerate(state.planets):
        if p.alive and p.owner >= 0 and p.owner != seat:
            out.append((p.col, p.row, pid))
    return out


def own_worlds(state: State, seat: int) -> list[tuple[int, int]]:
    return [(p.col, p.row) for p in state.planets if p.alive and p.owner == seat]


def target_of(state: State, seat: int, marker: int) -> tuple[int, int] | None:
    """Where a fleet heads (SG-8.2: PBs launch from an enemy planet's hex): with PBs, the
    nearest enemy or neutral planet (a Homeworld this seat knows counts as 4 hexes nearer);
    empty of PBs it can refill, home (SG-9.6); with no PB ships at all it escorts the attack
    toward the nearest enemy planet if it can fight, else stays home."""
    f = next((f for f in state.fleets if f.owner == seat and f.marker == marker), None)
    if f is None:
        return None
    here = (f.col, f.row)
    pb = cap = power = 0
    pb_max = state.data.pb_max
    types = state.data.types
    copies = state.data.copies
    for c, ship in enumerate(state.ships):
        if ship is not None and ship.owner == seat and ship.fleet == marker:
            pb += ship.pb
            cap += pb_max[c]
            power += types[c // copies].atk
    if pb > 0 or (cap == 0 and power >= 5):
        known = {pid for s, pid in state.known if s == seat}
        best: tuple[int, int] | None = None
        best_d = 1 << 30
        for pid, p in enumerate(state.planets):
            if not p.alive or p.owner == seat:
                continue
            d = hex_distance(here, (p.col, p.row)) * 4
            if p.owner >= 0 and p.ptype == "H" and (pid in known or p.public):
                d -= 16
            if d < best_d:
                best, best_d = (p.col, p.row), d
        if best is not None:
            return best
    homes = own_worlds(state, seat)
    if not homes:
        return None
    return min(homes, key=lambda k: (hex_distance(here, k), k))


@lru_cache(maxsize=256)
def paths_to(
    players: int, terrain: tuple[tuple[int, int, str], ...], target: tuple[int, int]
) -> dict[tuple[int, int], int]:
    """Steps from every hex to ``target`` around Super Novas (SG-5.7 a), breadth first."""
    blocked = {(c, r) for c, r, k in terrain if TERRAIN_BY_KEY[k].impassable}
    table = rules.neighbour_table(players)
    dist = {target: 0}
    frontier = [target]
    while frontier:
        nxt = []
        for here in frontier:
            d = dist[here] + 1
            for n in table[here]:
                if n is not None and n not in dist and n not in blocked:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


def _route(state: State, seat: int, marker: int) -> tuple[tuple[int, int], dict[tuple[int, int], int], int] | None:
    """The fleet's hex, the distances to its target from every hex, and its own distance;
    None when the fleet or its target is gone."""
    target = target_of(state, seat, marker)
    f = next((f for f in state.fleets if f.owner == seat and f.marker == marker), None)
    if target is None or f is None:
        return None
    here = (f.col, f.row)
    paths = paths_to(state.players, state.terrain, target)
    return here, paths, paths.get(here, 999)


def step_toward(state: State, seat: int, marker: int, legal: list[ActionBase]) -> ActionBase | None:
    """The Step that brings the fleet closest to its target, or None once there / stuck."""
    route = _route(state, seat, marker)
    if route is None:
        return None
    here, paths, now = route
    if now == 0:
        return None
    table = rules.neighbour_table(state.players)[here]
    best: ActionBase | None = None
    best_d: int = now
    for a in legal:
        if isinstance(a, A.Step):
            n = table[a.direction]
            if n is not None and paths.get(n, 999) < best_d:
                best, best_d = a, paths.get(n, 999)
    return best


def wants_move(state: State, seat: int, marker: int) -> bool:
    f = next((f for f in state.fleets if f.owner == seat and f.marker == marker), None)
    if f is None or f.done:
        return False
    target = target_of(state, seat, marker)
    if target is None or target == (f.col, f.row):
        return False
    data = state.data
    for c in fleet_ships(state, seat, marker):
        s = state.ships[c]
        assert s is not None
        if data.stationary[c] and s.carrier < 0:
            return False  # SG-5.7 (b): cannot move at all
        if not data.stationary[c] and s.mp <= 0:
            return False
    return True


_KILL: dict[tuple[int, int, int], float] = {}


def kill_chance(atk_dice: int, def_dice: int, sides: int) -> float:
    """SG-6.3 B5: P(sum of ``atk_dice`` dice > sum of ``def_dice`` dice), as a float: the exact
    count (``pygame_core/dice.py``) up to 40 dice in all, a normal approximation beyond."""
    key = (atk_dice, def_dice, sides)
    hit = _KILL.get(key)
    if hit is not None:
        return hit
    if atk_dice <= 0:
        return 0.0
    if atk_dice + def_dice > 40:
        mean = (atk_dice - def_dice) * (sides + 1) / 2.0
        sd = math.sqrt((atk_dice + def_dice) * (sides * sides - 1) / 12.0)
        hit = 0.5 * (1.0 + math.erf((mean - 0.5) / (sd * math.sqrt(2.0))))
    else:
        rolled = max(def_dice, 0)  # no defence dice: any attack total beats 0
        wins, _ = beat_counts(atk_dice, rolled, sides)
        hit = wins / sides ** (atk_dice + rolled)
    _KILL[key] = hit
    return hit


def declare(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-6.3 B3: the target where this ship's attack adds the most expected value."""
    battle = state.battle
    assert battle is not None
    key = (battle.col, battle.row)
    idx = rules.Index(state)
    values = ship_values(state.variant)
    attacker = battle.queue[0]
    assigned: dict[int, int] = {}
    for shooter, t in battle.declarations:
        s = state.ships[shooter]
        if t >= 0 and s is not None and s.owner == seat:
            assigned[t] = assigned.get(t, 0) + rules.atk(state, shooter, seat, idx.own_planet(seat, key), key)
    my_atk = rules.atk(state, attacker, seat, idx.own_planet(seat, key), key)
    best: ActionBase = A.Target(attacker, -1)
    best_gain = 0.0
    for a in legal:
        if not isinstance(a, A.Target) or a.target < 0:
            continue
        t = a.target
        ts = state.ships[t]
        assert ts is not None
        dfn = rules.defense(state, t, ts.owner, idx.own_planet(ts.owner, key), key)
        before = assigned.get(t, 0)
        gain = (kill_chance(before + my_atk, dfn, state.combat_die) - kill_chance(before, dfn, state.combat_die)) * (
            values[t] + 0.3 * ts.pb
        )
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def launch(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-8.3: up to three PB dice in all at each planet (1-(1/2)^3 = 87.5%, SG-8.5)."""
    cid = state.md_queue[0]
    ship = state.ships[cid]
    assert ship is not None
    f = next(f for f in state.fleets if f.owner == seat and f.marker == ship.fleet)
    here = (f.col, f.row)
    already = 0
    for c, n in state.launches:
        s = state.ships[c]
        if s is not None:
            g = next((g for g in state.fleets if g.owner == s.owner and g.marker == s.fleet), None)
            if g is not None and (g.col, g.row) == here:
                already += n
    want = max(0, min(ship.pb, 3 - already))
    return A.Launch(cid, want)


def front_distance(state: State, seat: int, key: tuple[int, int]) -> int:
    enemy = [(p.col, p.row) for p in state.planets if p.alive and p.owner >= 0 and p.owner != seat]
    enemy += [(f.col, f.row) for f in state.fleets if f.owner != seat]
    if not enemy:
        return 0
    return min(hex_distance(key, e) for e in enemy)


def immobile(state: State, owner: int, marker: int) -> bool:
    """SG-5.7 (b): a fleet holding an unloaded stationary ship cannot move."""
    data = state.data
    return any(
        s is not None and s.owner == owner and s.fleet == marker and data.stationary[c] and s.carrier < 0
        for c, s in enumerate(state.ships)
    )


def free_bays(state: State, owner: int, marker: int) -> int:
    data = state.data
    cids = fleet_ships(state, owner, marker)
    room = sum(rules.bays(state, c, owner) for c in cids if not data.fighter[c])
    return room - sum(1 for c in cids if data.fighter[c])


def place(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-9.5: a mobile ship joins a mobile fleet at the planet nearest the enemy (a new
    fleet there if none); a fighter goes where a bay is free; a stationary ship joins the
    defenders of the most exposed planet, never a fleet that could move (SG-5.7 b)."""
    data = state.data
    cid = state.drawn
    stationary = cid >= 0 and data.stationary[cid]
    fighter = cid >= 0 and data.fighter[cid]
    best: ActionBase = legal[0]
    best_score = -1e9
    for a in legal:
        if not isinstance(a, A.Place):
            continue
        score = -float(front_distance(state, seat, (a.col, a.row)))
        if a.fleet:
            still = immobile(state, seat, a.fleet)
            if fighter:
                score += 3.0 if free_bays(state, seat, a.fleet) > 0 else (1.5 if still else -20.0)
            elif stationary:
                score += 1.5 if still else -20.0
            else:
                score += -20.0 if still else 1.5
        if score > best_score:
            best, best_score = a, score
    return best


def setup_plan(state: State, seat: int, planned: bool = False) -> dict[int, int]:
    """SG-3.8: where each starting ship goes (cid -> planet id). All ships at one planet form
    one fleet, so mobile ships are kept apart from stationary ones (SG-5.7 b): mobile fleets
    at the planets nearest the enemy, fighters with them while their bay-ships have room,
    stationary ships over the other planets. Classic (exactly 2 a planet) pairs them alike.
    ``planned`` (level 2): the mobile ships grouped by speed, the Homeworld guarded first."""
    data = state.data
    hand = sorted(state.hands[seat])
    room = rules.setup_room(state)
    pids = [pid for pid, p in enumerate(state.planets) if p.owner == seat]
    pids.sort(key=lambda pid: (front_distance(state, seat, (state.planets[pid].col, state.planets[pid].row)), pid))
    mobile = [c for c in hand if not data.stationary[c]]
    if planned:  # one speed per fleet where possible, so none waits for a slow ship (SG-5.7 c)
        mobile.sort(key=lambda c: (-data.base_move[c], c))
    fighters = [c for c in hand if data.fighter[c]]
    still = [c for c in hand if data.stationary[c] and not data.fighter[c]]
    plan: dict[int, int] = {}
    load = dict.fromkeys(pids, 0)
    groups = [mobile[i:i + room] for i in range(0, len(mobile), room)]
    front = list(pids)
    for group in groups:
        if not front:
            break
        pid = front.pop(0)
        bays = sum(rules.bays(state, c, seat) for c in group)
        for c in group:
            plan[c] = pid
            load[pid] += 1
        while bays > 0 and fighters and load[pid] < room:
            plan[fighters.pop(0)] = pid
            load[pid] += 1
            bays -= 1
    rest = fighters + still
    spare = [pid for pid in pids if pid in front]  # the most exposed first, each filled up
    if planned:  # SG-10.2 (a): losing the Homeworld loses the game, so its guard comes first
        spare.sort(key=lambda pid: state.planets[pid].ptype != "H")
    for c in rest:
        options = [pid for pid in spare if load[pid] < room] or [pid for pid in pids if load[pid] < room]
        pid = options[0]
        plan[c] = pid
        load[pid] += 1
    return plan


def setup_place(state: State, legal: list[ActionBase], seat: int, planned: bool = False) -> ActionBase:
    """SG-3.8: the next ship goes where ``setup_plan`` puts it (or the emptiest planet)."""
    cid = rules.next_unplaced(state, seat)
    want = setup_plan(state, seat, planned).get(cid, -1)
    for a in legal:
        if isinstance(a, A.SetupPlace) and a.planet == want:
            return a
    counts: dict[int, int] = {}
    for _, pid in state.placements:
        counts[pid] = counts.get(pid, 0) + 1
    return min(legal, key=lambda a: (counts.get(a.planet, 0) if isinstance(a, A.SetupPlace) else 99, legal.index(a)))


def set_type(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-3.6: the Homeworld on the planet farthest from the enemy; the resource types
    dealt round so each type has planets near and far."""
    own = [(pid, p) for pid, p in enumerate(state.planets) if p.owner == seat]
    depth = sorted(own, key=lambda x: (-front_distance(state, seat, (x[1].col, x[1].row)), x[0]))
    plan: dict[int, str] = {}
    cycle = ("P", "M", "R")
    for i, (pid, _) in enumerate(depth):
        plan[pid] = "H" if i == 0 else cycle[(i - 1) % 3]
    for a in legal:
        if isinstance(a, A.SetType) and plan.get(a.planet) == a.ptype:
            return a
    return legal[0]


_RACE_PREFERENCE = ("robots", "felines", "crustaceans", "worms", "simians", "insects", "amoeboids", "scavengers",
                    "terrans")


def policy(state: State, legal: list[ActionBase], seat: int, rng: AiRandom) -> ActionBase:
    """The level-1 heuristic on one sample (see the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == "transport":
        return transport(state, legal, seat)
    if phase == "declare":
        return declare(state, legal, seat)
    if phase == "md":
        return launch(state, legal, seat)
    if phase == "place":
        return place(state, legal, seat)
    if phase == "fleets":
        return setup_place(state, legal, seat)
    if phase == "types":
        return set_type(state, legal, seat)
    if phase == "race":
        for key in _RACE_PREFERENCE:
            for a in legal:
                if isinstance(a, A.ChooseRace) and a.race == key:
                    return a
        return legal[0]
    if phase == "choose_battle":
        return next((a for a in legal if isinstance(a, A.Fight)), legal[0])
    if phase == "discard":
        return discard(state, legal, seat)
    if phase == "buy":
        return buy(state, legal, seat)
    if phase == "capture":
        values = ship_values(state.variant)
        return max(legal, key=lambda a: values[a.ship] if isinstance(a, A.Capture) else -1.0)
    if phase == "burst":
        return burst(state, legal, seat)
    if phase == "window":
        return next((a for a in legal if isinstance(a, A.Pass)), legal[0])
    if phase == "card_move":
        return next((a for a in legal if isinstance(a, A.Hold)), legal[0])
    if phase == "target":
        return legal[-1] if isinstance(legal[0], A.Choose) and legal[0].value < 0 and len(legal) > 1 else legal[0]
    return legal[0]


def reorganise(state: State, legal: list[ActionBase], seat: int, marker: int) -> ActionBase | None:
    """SG-5.3 / SG-5.5 for the fleet being ordered: load its fighters into free bays; split
    its unloaded stationary ships off when mobile ships could otherwise go (SG-5.7 b); merge
    another immobile fleet of the hex into an immobile one, so markers stay free (SG-5.4)."""
    data = state.data
    cids = fleet_ships(state, seat, marker)
    for a in legal:
        if isinstance(a, A.Load):
            return a
    still = [c for c in cids if data.stationary[c] and (sh := state.ships[c]) is not None and sh.carrier < 0]
    movers = [c for c in cids if not data.stationary[c] and (sh := state.ships[c]) is not None and sh.mp > 0]
    if still and movers:
        for c in still:
            if A.Split(c) in legal:
                return A.Split(c)
    if still and all_stationary(state, seat, marker):
        for a in legal:
            if isinstance(a, A.Merge) and all_stationary(state, seat, a.fleet):
                return a
    return None


def all_stationary(state: State, owner: int, marker: int) -> bool:
    stationary = state.data.stationary
    return all(
        stationary[c] for c, s in enumerate(state.ships) if s is not None and s.owner == owner and s.fleet == marker
    )


def reorganised_this_turn(state: State) -> int:
    """Splits and merges logged this turn: a guard against reorganising in circles."""
    n = 0
    for e in reversed(state.log):
        if e.kind == "turn":
            break
        if e.kind in ("fleet_split", "fleet_merged"):
            n += 1
    return n


def needs_reorganising(state: State, seat: int, marker: int) -> bool:
    """Whether ``reorganise`` has something to do for this fleet (not one marked done)."""
    data = state.data
    f = next((f for f in state.fleets if f.owner == seat and f.marker == marker), None)
    if f is None or f.done:
        return False
    still = movers = False
    for c in fleet_ships(state, seat, marker):
        ship = state.ships[c]
        assert ship is not None
        if data.stationary[c] and ship.carrier < 0:
            still = True
        elif not data.stationary[c] and ship.mp > 0:
            movers = True
    if not still:
        return False
    if movers:
        return bool(rules.free_marker(state, seat))  # a split needs a free marker (SG-5.4)
    if not all_stationary(state, seat, marker):
        return False
    return any(
        g.owner == seat and g.marker != marker and (g.col, g.row) == (f.col, f.row)
        and all_stationary(state, seat, g.marker)
        for g in state.fleets
    )


def transport(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-5: reorganise the fleet being ordered if it must (``reorganise``), else step it
    toward its target; then order the next fleet that wants to move or to reorganise; end
    the phase when none does."""
    cursor = state.cursor
    tidy = reorganised_this_turn(state) < 12
    if cursor:
        if tidy:
            fix = reorganise(state, legal, seat, cursor)
            if fix is not None:
                return fix
        step = step_toward(state, seat, cursor, legal)
        if step is not None:
            return step
        if any(isinstance(a, A.Hold) for a in legal):
            # Nothing more for it now (there, stuck, or waiting): it is done (SG-5.10), and a
            # done fleet is never ordered again by this policy, so a phase always ends.
            return A.Hold()
    for a in legal:
        if isinstance(a, A.Select) and (
            (wants_move(state, seat, a.fleet) and step_possible(state, seat, a.fleet))
            or (tidy and needs_reorganising(state, seat, a.fleet))
        ):
            return a
    return next((a for a in legal if isinstance(a, A.EndTransport)), legal[0])


def step_possible(state: State, seat: int, marker: int) -> bool:
    """Whether the fleet has a neighbour hex nearer its target (ignoring MP and terrain
    costs); the step itself is checked once the fleet is ordered."""
    route = _route(state, seat, marker)
    if route is None:
        return False
    here, paths, now = route
    return any(n is not None and paths.get(n, 999) < now for n in rules.neighbour_table(state.players)[here])


def discard(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-9.2: at the ship cap, swap the weakest ship for a fresh draw; else keep all."""
    cap = rules.ship_cap(state, seat)
    mine = [c for c, s in enumerate(state.ships) if s is not None and s.owner == seat]
    if cap and len(mine) >= cap:
        values = ship_values(state.variant)
        worst = min(mine, key=lambda c: (values[c], c))
        if A.Discard(worst) in legal:
            return A.Discard(worst)
    return A.Discard(-1)


def buy(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-9.4: buy the strongest type in the pile while cash lasts, then refill PBs."""
    data = state.data
    buys = [a for a in legal if isinstance(a, A.Buy)]
    if buys:
        def worth(a: A.Buy) -> float:
            t = data.types[a.kind]
            return t.atk + t.defense + t.move * 0.5 + t.pb * 1.5 - (3.0 if t.fighter else 0.0)

        return max(buys, key=lambda a: (worth(a), -a.kind))
    refills = [a for a in legal if isinstance(a, A.Refill)]
    if refills:
        return refills[0]
    return next((a for a in legal if isinstance(a, A.EndProduction)), legal[0])


def burst(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-7.2: burst only against a crowd of enemy ships (each PB die kills on a 6 per
    enemy ship) and never where the PBs could go for an enemy planet."""
    burst = state.burst
    assert burst is not None
    cid = burst.queue[0]
    ship = state.ships[cid]
    assert ship is not None
    f = next(f for f in state.fleets if f.owner == seat and f.marker == ship.fleet)
    key = (f.col, f.row)
    idx = rules.Index(state)
    enemies = [c for c in idx.ships_at(key) if (sh := state.ships[c]) is not None and sh.owner != seat]
    planet = idx.planet_at.get(key)
    if planet is not None and state.planets[planet].owner not in (seat, -1):
        return A.Burst(cid, 0)
    if len(enemies) >= 5:
        return A.Burst(cid, min(ship.pb, 2))
    return A.Burst(cid, 0)
