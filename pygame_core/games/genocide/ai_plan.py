"""Space Genocide level 2 (Normal): a planning policy that raids, defends and fights better than Easy."""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from functools import lru_cache

from ...ai.rand import AiRandom
from ...game import ActionBase
from . import actions as A
from . import rules
from .ai_policy import (
    front_distance,
    hex_distance,
    kill_chance,
    needs_reorganising,
    policy,
    reorganise,
    reorganised_this_turn,
    setup_place,
    ship_values,
)
from .state import State
from .terrain import TERRAIN_BY_KEY

Hex = tuple[int, int]

# Path costs: entering a hex with enemy ships forces a stop and a battle (SG-5.8 a, SG-6.1),
# so a raider goes round it when the detour is short.
ENEMY_HEX_COST = 4


@dataclass
class FleetInfo:
    """One of the seat's fleets as the plan sees it."""

    marker: int
    here: Hex
    cids: list[int]
    pb: int = 0  # PBs aboard (loaded fighters included)
    cap: int = 0  # PB capacity
    speed: int = 99  # MOVE* of its slowest mobile ship (SG-5.7 c)
    stuck: bool = False  # an unloaded stationary ship holds it (SG-5.7 b)
    atk: int = 0
    defense: int = 0


@dataclass
class Picture:
    """The position from one seat's side: its fleets, the enemy ships per hex, the targets."""

    seat: int
    fleets: dict[int, FleetInfo] = field(default_factory=dict)
    enemy_at: dict[Hex, list[int]] = field(default_factory=dict)  # hex -> enemy cids
    enemy_fleets: list[tuple[Hex, int, int]] = field(default_factory=list)  # (hex, owner, marker)
    own_planets: list[tuple[Hex, int]] = field(default_factory=list)  # (hex, pid)
    targets: list[tuple[Hex, int]] = field(default_factory=list)  # enemy or neutral planets


def picture(state: State, seat: int) -> Picture:
    """The seat's fleets with their PBs, speed and strength, and where the enemy ships are
    (in a sample: the fleets' contents the seat cannot see are re-drawn, SG-14.3)."""
    data = state.data
    types, copies = data.types, data.copies
    pic = Picture(seat)
    where = {(f.owner, f.marker): (f.col, f.row) for f in state.fleets}
    for f in state.fleets:
        if f.owner == seat:
            pic.fleets[f.marker] = FleetInfo(f.marker, (f.col, f.row), [])
        else:
            pic.enemy_fleets.append(((f.col, f.row), f.owner, f.marker))
    for cid, ship in enumerate(state.ships):
        if ship is None:
            continue
        if ship.owner != seat:
            pic.enemy_at.setdefault(where[(ship.owner, ship.fleet)], []).append(cid)
            continue
        info = pic.fleets[ship.fleet]
        info.cids.append(cid)
        info.pb += ship.pb
        info.cap += data.pb_max[cid]
        t = types[cid // copies]
        info.atk += t.atk
        info.defense += t.defense
        if data.stationary[cid]:
            if ship.carrier < 0:
                info.stuck = True
        else:
            info.speed = min(info.speed, rules.move(state, cid, seat))
    for pid, p in enumerate(state.planets):
        if not p.alive:
            continue
        if p.owner == seat:
            pic.own_planets.append(((p.col, p.row), pid))
        else:
            pic.targets.append(((p.col, p.row), pid))
    return pic


@lru_cache(maxsize=512)
def _costs(players: int, terrain: tuple[tuple[int, int, str], ...], enemy: frozenset[Hex], goal: Hex) -> dict[Hex, int]:
    """Path cost from every hex to ``goal``: 1 a step, ENEMY_HEX_COST more for each hex with
    enemy ships passed on the way (not the goal), Super Novas impassable (SG-5.7 a)."""
    blocked = {(c, r) for c, r, k in terrain if TERRAIN_BY_KEY[k].impassable}
    table = rules.neighbour_table(players)
    dist = {goal: 0}
    heap = [(0, goal)]
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist[here]:
            continue
        # the cost of a step from a neighbour INTO ``here``
        enter = 1 + (ENEMY_HEX_COST if here in enemy and here != goal else 0)
        for n in table[here]:
            if n is None or n in blocked:
                continue
            nd = d + enter
            if nd < dist.get(n, 1 << 30):
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    return dist


def costs_to(state: State, pic: Picture, goal: Hex) -> dict[Hex, int]:
    """``_costs`` for this position (cached: the enemy stands still during the seat's move)."""
    return _costs(state.players, state.terrain, frozenset(pic.enemy_at), goal)


def _strength(state: State, cids: list[int]) -> tuple[int, int]:
    """Total printed ATK and DEF of some ships (SG-2.1)."""
    types, copies = state.data.types, state.data.copies
    return sum(types[c // copies].atk for c in cids), sum(types[c // copies].defense for c in cids)


def _type_pressure(state: State, seat: int) -> dict[int, float]:
    """Bonus per enemy planet id: a known Homeworld, or the last known worlds of a type,
    ends the game when destroyed (SG-10.2)."""
    if not state.data.planet_types:
        return {}
    known = {pid for s, pid in state.known if s == seat}
    out: dict[int, float] = {}
    per_owner: dict[int, list[int]] = {}
    for pid, p in enumerate(state.planets):
        if p.alive and p.owner >= 0 and p.owner != seat:
            per_owner.setdefault(p.owner, []).append(pid)
    for pids in per_owner.values():
        seen = {pid: state.planets[pid].ptype for pid in pids if pid in known or state.planets[pid].public}
        for pid, ptype in seen.items():
            if ptype == "H":
                out[pid] = 5.0
            elif ptype:
                same = [q for q in pids if state.planets[q].ptype == ptype]
                if all(q in seen for q in same):
                    out[pid] = 4.0 if len(same) == 1 else 1.5
    return out


def raid_target(state: State, pic: Picture, info: FleetInfo) -> Hex | None:
    """SG-8.2: the enemy (or neutral) planet this PB fleet can reach soonest against the
    least defence; a known Homeworld or a type's last worlds count as nearer (SG-10.2)."""
    bonus = _type_pressure(state, pic.seat)
    speed = max(1, min(info.speed, 8))
    best: Hex | None = None
    best_cost = 1e9
    for key, pid in pic.targets:
        cost = costs_to(state, pic, key).get(info.here)
        if cost is None:
            continue
        turns = cost / speed
        guards = pic.enemy_at.get(key, [])
        danger = 0.0
        if guards:
            atk, _ = _strength(state, guards)
            danger = 1.0 + atk / max(4.0, info.defense)
        owner = state.planets[pid].owner
        value = -1.0 if owner < 0 else 0.0  # a neutral planet: one more planet for us (SG-12.1)
        total = turns + 2.0 * danger - bonus.get(pid, 0.0) + value
        if total < best_cost:
            best, best_cost = key, total
    return best


def neutral_target(state: State, pic: Picture, info: FleetInfo) -> Hex | None:
    """SG-12.1: an uncaptured neutral planet within two turns, for any mobile fleet."""
    speed = max(1, min(info.speed, 8))
    for key, pid in pic.targets:
        if state.planets[pid].owner < 0 and key not in pic.enemy_at:
            cost = costs_to(state, pic, key).get(info.here)
            if cost is not None and cost <= 2 * speed:
                return key
    return None


def _threats(state: State, pic: Picture) -> list[tuple[float, Hex]]:
    """Enemy fleets near the seat's planets, most dangerous first: (closeness, hex)."""
    if not pic.own_planets:
        return []
    out = []
    homes = {key for key, pid in pic.own_planets if state.planets[pid].ptype == "H"}
    for key, _, _ in pic.enemy_fleets:
        near = min(hex_distance(key, k) - (2 if k in homes else 0) for k, _ in pic.own_planets)
        if near <= 5:
            out.append((float(near), key))
    out.sort()
    return out


def hunt_target(state: State, pic: Picture, info: FleetInfo) -> Hex | None:
    """A fighting fleet meets an enemy fleet that threatens the seat's planets where it can
    reach it this turn and is not plainly outgunned (the battle comes before their launch)."""
    if info.atk < 4:
        return None
    for _, key in _threats(state, pic):
        cost = costs_to(state, pic, key).get(info.here)
        if cost is None or cost > info.speed:
            continue
        _, dfn = _strength(state, pic.enemy_at.get(key, []))
        if info.atk >= 0.6 * dfn:
            return key
    return None


def fleet_goal(state: State, pic: Picture, info: FleetInfo) -> Hex | None:
    """Where a fleet heads this turn."""
    if info.stuck or info.speed >= 99:
        return None
    if info.pb > 0:
        grab = neutral_target(state, pic, info)
        return grab or raid_target(state, pic, info)
    grab = neutral_target(state, pic, info)
    if grab is not None:
        return grab
    hunt = hunt_target(state, pic, info)
    if hunt is not None:
        return hunt
    if info.cap > 0 or info.atk < 4:  # SG-9.6: PBs are refilled at the seat's own planets
        return _nearest_home(state, pic, info)
    # a fighting fleet without PBs guards the planet most threatened, else the front
    threats = _threats(state, pic)
    if threats:
        spot = threats[0][1]
        return min((k for k, _ in pic.own_planets), key=lambda k: (hex_distance(k, spot), k))
    return _nearest_home(state, pic, info)


def _nearest_home(state: State, pic: Picture, info: FleetInfo) -> Hex | None:
    """The seat's planet nearest the fleet (SG-9.6: where its PBs are refilled)."""
    if not pic.own_planets:
        return None
    return min((k for k, _ in pic.own_planets), key=lambda k: (hex_distance(info.here, k), k))


def _step_to(state: State, pic: Picture, info: FleetInfo, goal: Hex, legal: list[ActionBase]) -> ActionBase | None:
    """The legal Step (SG-5.7) that lowers the path cost to ``goal`` most; None once there."""
    costs = costs_to(state, pic, goal)
    now = costs.get(info.here, 1 << 30)
    if now == 0:
        return None
    table = rules.neighbour_table(state.players)[info.here]
    best: ActionBase | None = None
    best_cost = now
    for a in legal:
        if isinstance(a, A.Step):
            n = table[a.direction]
            c = costs.get(n, 1 << 30) if n is not None else 1 << 30
            if c < best_cost:
                best, best_cost = a, c
    return best


def _speed_split(state: State, pic: Picture, info: FleetInfo, legal: list[ActionBase]) -> ActionBase | None:
    """SG-5.7 (c): a fleet moves at its slowest ship's speed, so a PB fleet leaves behind
    ships that slow it down by two or more (they fight on as a fleet of their own)."""
    if info.pb <= 0 or info.stuck:
        return None
    data = state.data
    fast = 0
    moves = {}
    for c in info.cids:
        ship = state.ships[c]
        if ship is None or data.stationary[c]:
            continue
        moves[c] = rules.move(state, c, pic.seat)
        if ship.pb > 0 or any(s is not None and s.carrier == c and s.pb > 0 for s in state.ships):
            fast = max(fast, moves[c])
    for c, m in sorted(moves.items(), key=lambda t: (t[1], t[0])):
        ship = state.ships[c]
        assert ship is not None
        if m + 2 <= fast and ship.pb == 0 and A.Split(c) in legal:
            return A.Split(c)
    # a slow PB ship holding back a much faster PB ship: the fast one goes on alone
    slow_pb = [c for c, m in moves.items() if m + 3 <= fast and (s := state.ships[c]) is not None and s.pb > 0]
    if slow_pb:
        for c in sorted(slow_pb):
            if A.Split(c) in legal:
                return A.Split(c)
    return None


def _transport(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-5: reorganise the fleet being ordered, step it toward its goal, then the next."""
    pic = picture(state, seat)
    cursor = state.cursor
    tidy = reorganised_this_turn(state) < 12
    if cursor and cursor in pic.fleets:
        info = pic.fleets[cursor]
        if tidy:
            fix = reorganise(state, legal, seat, cursor) or _speed_split(state, pic, info, legal)
            if fix is not None:
                return fix
        goal = fleet_goal(state, pic, info)
        if goal is not None:
            step = _step_to(state, pic, info, goal, legal)
            if step is not None:
                return step
        if any(isinstance(a, A.Hold) for a in legal):
            return A.Hold()
    for a in legal:
        if not isinstance(a, A.Select):
            continue
        f = next((g for g in state.fleets if g.owner == seat and g.marker == a.fleet), None)
        if f is None or f.done:
            continue
        other = pic.fleets.get(a.fleet)
        if other is None:
            continue
        if tidy and needs_reorganising(state, seat, a.fleet):
            return a
        if _has_mp(state, other):
            goal = fleet_goal(state, pic, other)
            if goal is not None and costs_to(state, pic, goal).get(other.here, 0) > 0:
                return a
    return next((a for a in legal if isinstance(a, A.EndTransport)), legal[0])


def _has_mp(state: State, info: FleetInfo) -> bool:
    """SG-5.7 (b, c): every mobile ship has MP left and no unloaded stationary ship holds it."""
    data = state.data
    mps = [s.mp for c in info.cids if not data.stationary[c] and (s := state.ships[c]) is not None]
    return bool(mps) and min(mps) > 0 and not info.stuck


def declare_gains(state: State, legal: list[ActionBase], seat: int) -> list[tuple[float, ActionBase]]:
    """SG-6.3 B3: each target's expected gain from this ship's attack (kill chance times value;
    a ship carrying PBs counts for its PBs too, most of all next to the seat's planets, SG-8),
    best first, ties in legal order; holding fire (target -1) is not listed."""
    battle = state.battle
    assert battle is not None
    key = (battle.col, battle.row)
    idx = rules.Index(state)
    values = ship_values(state.variant)
    attacker = battle.queue[0]
    home = idx.own_planet(seat, key)
    assigned: dict[int, int] = {}
    for shooter, t in battle.declarations:
        s = state.ships[shooter]
        if t >= 0 and s is not None and s.owner == seat:
            assigned[t] = assigned.get(t, 0) + rules.atk(state, shooter, seat, home, key)
    my_atk = rules.atk(state, attacker, seat, home, key)
    pb_weight = 1.2 if home else 0.5
    gains: list[tuple[float, int, ActionBase]] = []
    for n, a in enumerate(legal):
        if not isinstance(a, A.Target) or a.target < 0:
            continue
        t = a.target
        ts = state.ships[t]
        assert ts is not None
        dfn = rules.defense(state, t, ts.owner, idx.own_planet(ts.owner, key), key)
        before = assigned.get(t, 0)
        chance = kill_chance(before + my_atk, dfn, state.combat_die) - kill_chance(before, dfn, state.combat_die)
        gains.append((chance * (values[t] + pb_weight * ts.pb), n, a))
    gains.sort(key=lambda g: (-g[0], g[1]))
    return [(gain, a) for gain, _, a in gains]


def _declare(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-6.3 B3: the target where this ship's attack adds the most expected value
    (``declare_gains``); no attack at all where none adds any."""
    gains = declare_gains(state, legal, seat)
    if gains and gains[0][0] > 0.0:
        return gains[0][1]
    battle = state.battle
    assert battle is not None
    return A.Target(battle.queue[0], -1)


def _burst(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-7: at the seat's own planet every PB bursts (SG-9.6 refills them there); elsewhere
    only against a crowd, and never where the PBs could go for an enemy planet (SG-8.2)."""
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
    owner = state.planets[planet].owner if planet is not None else -2
    if owner == seat and enemies:
        return A.Burst(cid, ship.pb)
    if owner not in (seat, -1, -2):
        return A.Burst(cid, 0)
    if len(enemies) >= 5:
        return A.Burst(cid, min(ship.pb, 2))
    return A.Burst(cid, 0)


def _setup_place(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-3.8: Easy's plan with the mobile ships grouped by speed (SG-5.7 c), fastest first,
    and the stationary ships guarding the Homeworld first (SG-10.2 a)."""
    return setup_place(state, legal, seat, planned=True)


def _place(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-9.5: a new mobile ship joins a fleet of its own speed at the front (never slowing a
    faster one down), a stationary one the defenders of the most exposed planet."""
    data = state.data
    cid = state.drawn
    if cid < 0 or data.stationary[cid]:
        return policy(state, legal, seat, AiRandom(0))
    pic = picture(state, seat)
    mine = rules.move(state, cid, seat)
    best: ActionBase = legal[0]
    best_score = -1e9
    for a in legal:
        if not isinstance(a, A.Place):
            continue
        score = -float(front_distance(state, seat, (a.col, a.row)))
        if a.fleet:
            info = pic.fleets.get(a.fleet)
            if info is None or info.stuck:
                score -= 20.0
            elif info.speed < mine:
                score -= 1.0 * (mine - info.speed)
            elif info.speed > mine + 1:
                score -= 3.0
            else:
                score += 1.5
        if score > best_score:
            best, best_score = a, score
    return best


def plan(state: State, legal: list[ActionBase], seat: int, rng: AiRandom) -> ActionBase:
    """The level-2 policy on one sample: Easy's where it is good enough, better elsewhere.

    Transport (SG-5): a fleet with PBs first leaves behind ships that slow it (SG-5.7 c),
    then heads for the enemy or neutral planet it reaches soonest against the least defence,
    round hexes with enemy ships (SG-5.8 a); a fleet without PBs takes a neutral planet
    within two turns (SG-12.1), meets an enemy fleet near the seat's planets, or goes home to
    refill (SG-9.6). Battles (SG-6.3 B3): kill chance times value, with PBs counting more
    next to the seat's planets. Bursts (SG-7): all PBs on its own planets. Setup (SG-3.8):
    fleets of one speed, the Homeworld guarded. Placement (SG-9.5): a ship joins a fleet of
    its own speed. The rest is Easy's."""
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == "transport":
        return _transport(state, legal, seat)
    if phase == "declare":
        return _declare(state, legal, seat)
    if phase == "burst":
        return _burst(state, legal, seat)
    if phase == "fleets":
        return _setup_place(state, legal, seat)
    if phase == "place":
        return _place(state, legal, seat)
    return policy(state, legal, seat, rng)
