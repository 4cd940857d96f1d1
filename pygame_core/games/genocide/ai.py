"""Space Genocide computer player: determinizer, evaluation, heuristic policy (issue 11).

The framework (``pygame_core.ai``) calls these hooks; a bot never receives the state, only
its seat's view (RULES.md C-4.5, SG-14.3):

- ``determinize(view, seat, seed)`` (``ai_sample.py``): a complete state with
  ``GAME.view(sample, seat) == view``; other seats' fleet contents, unknown planet types,
  other hands, the deck order, the pile, other seats' PENDING B3 / burst / setup choices
  and the RNG are re-drawn from ``seed``.
- ``evaluate(state, seat)``: a win chance in [0, 1] from planets (and, in Advanced, how close
  each seat is to losing a resource type or its Homeworld, SG-10.2), fleet strength, Planet
  Busters, and the PB pressure each seat's fleets put on enemy planets (distance to the
  nearest enemy planet, SG-8.2). Seat scores are turned into shares by a softmax.
- ``policy(state, legal, seat, rng)``: level 1 and the rollout / opponent model of the
  search. It moves each fleet that carries PBs one step at a time toward the nearest enemy
  planet (its known Homeworld first) and holds it there; fleets without PBs go home to refill
  (SG-9.6); it fights every battle, declares attacks where they add the most kill chance
  (SG-6.3 B3, exact dice odds), launches up to three PB dice per planet (SG-8.5: 87.5%),
  places and buys ships at the front, keeps its ships (discarding only at the cap, SG-9.2),
  puts the Homeworld on its safest planet (SG-3.6), passes in card windows.
- ``candidates(state, legal, player)``: the search's pruned action list, only actions also
  legal in the sample: the policy's choice first; in the Transport Phase the other steps
  that do not lead away from the fleet's target, Hold and End; in card windows Pass and the
  cards whose effect ``evaluate`` sees soon (battle bonuses, PB refills, an extra ship,
  end-of-engagement kills); the best few battle targets; a few launch sizes, placements,
  purchases. Setup, race, hand-limit and card-move decisions keep the policy's choice alone
  (the evaluation cannot tell them apart). Splits, merges, loading changes and gate
  transits are the policy's business.

Levels: 0 random, 1 ``policy`` on one sample (the framework's ``greedy_move``), 2 the
framework's flat determinized search (``pygame_core.ai.search.flat_move``): each candidate
on the same ``SEARCH_ITERATIONS / candidates`` samples, then ``ROLLOUT_DEPTH`` moves of
``rollout_policy`` for every seat (no seat answers a plan it cannot see, SG-14.3) before
``evaluate``. Genocide plays about 4,500 actions a second in CPython, so full rollouts are
out of reach.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...ai.rand import AiRandom
from ...game import ActionBase
from . import actions as A
from . import rules
from .ai_sample import determinize
from .data import VARIANTS
from .races import RACE_BY_KEY
from .state import State
from .terrain import TERRAIN_BY_KEY

__all__ = ["LEVELS", "SEARCH_ITERATIONS", "candidates", "determinize", "evaluate", "policy"]

LEVELS: tuple[str, ...] = ("Random", "Easy", "Normal")
# Flat search with common random numbers: every candidate on the same samples and dice, the
# policy's choice (listed first) kept unless another beats it by PRIOR_MARGIN. The MCTS
# level (most-visited child of a few dozen noisy rollouts) lost its trial games to the policy;
# with a margin of 0.02 this search won 3 of 10 against it, with 0.1 6 of 10 (same seeds):
# a noisy rollout's gain is mostly noise, so only a large one may overrule the policy.
SEARCH = "flat"
PRIOR_MARGIN = 0.1
SEARCH_ITERATIONS: tuple[int, ...] = (48,)
ROLLOUT_DEPTH = 24
TREE_OPPONENTS = False
EXPLORATION = 0.5


def rollout_policy(state: State, legal: list[ActionBase], player: int, rng: AiRandom) -> ActionBase:
    """Rollouts play the heuristic policy (random moves would only add noise)."""
    return policy(state, legal, player, rng)


# --------------------------------------------------------------------------------------
# Geometry (C-1.2) and ship values


def _cube(col: int, row: int) -> tuple[int, int]:
    """Axial (q, r) of an odd-q offset hex (C-1.2)."""
    return col, row - (col - (col & 1)) // 2


@lru_cache(maxsize=1 << 16)
def _dist(a: tuple[int, int], b: tuple[int, int]) -> int:
    aq, ar = _cube(*a)
    bq, br = _cube(*b)
    dq, dr = aq - bq, ar - br
    return max(abs(dq), abs(dr), abs(dq + dr))


@lru_cache(maxsize=4)
def _values(variant: str) -> tuple[float, ...]:
    """A ship's worth in evaluation: combat stats, speed, and its PB capacity (SG-2.1)."""
    data = VARIANTS[variant]
    out = []
    for cid in range(data.total):
        t = data.type_of(cid)
        out.append((t.atk + t.defense) / 8.0 + t.move / 12.0 + t.pb * 0.12 + t.bays * 0.1)
    return tuple(out)


# --------------------------------------------------------------------------------------
# Evaluation


def _seat_scores(state: State) -> list[float]:
    """A strength score per seat (higher is better); eliminated seats get -inf."""
    data = state.data
    players = state.players
    values = _values(state.variant)
    material = [0.0] * players
    pbs = [0] * players
    fleet_pb: dict[tuple[int, int], int] = {}
    fleet_n: dict[tuple[int, int], int] = {}
    for cid, ship in enumerate(state.ships):
        if ship is None:
            continue
        o = ship.owner
        material[o] += values[cid]
        pbs[o] += ship.pb
        key = (o, ship.fleet)
        fleet_pb[key] = fleet_pb.get(key, 0) + ship.pb
        fleet_n[key] = fleet_n.get(key, 0) + 1
    planets = [0] * players
    types: list[dict[str, int]] = [{} for _ in range(players)]
    home = [False] * players
    worlds: list[tuple[int, tuple[int, int]]] = []
    for p in state.planets:
        if p.alive and p.owner >= 0:
            planets[p.owner] += 1
            worlds.append((p.owner, (p.col, p.row)))
            if p.ptype:
                types[p.owner][p.ptype] = types[p.owner].get(p.ptype, 0) + 1
                if p.ptype == "H":
                    home[p.owner] = True
    pressure = [0.0] * players
    threat = [0.0] * players
    for f in state.fleets:
        pb = fleet_pb.get((f.owner, f.marker), 0)
        if not pb:
            continue
        here = (f.col, f.row)
        best, victim = 99, -1
        for owner, key in worlds:
            if owner != f.owner:
                d = _dist(here, key)
                if d < best:
                    best, victim = d, owner
        if victim < 0:
            continue
        # SG-8.5: each PB die destroys the planet on 1-3; on the planet it launches next.
        power = min(pb, 4) * (1.0 if best == 0 else 0.6 / (1.0 + best / 3.0))
        pressure[f.owner] += power
        threat[victim] += power
    out = []
    for s in range(players):
        if not state.alive[s]:
            out.append(-math.inf)
            continue
        score = 1.0 * planets[s] + 0.35 * material[s] + 0.04 * pbs[s] + 0.25 * pressure[s] - 0.3 * threat[s]
        if data.planet_types:  # SG-10.2: a seat loses with no world of a type, or its Homeworld
            weakest = min(types[s].get(t, 0) for t in ("P", "M", "R"))
            score += 1.2 * min(weakest, 2)
            race = state.races[s] if state.races else ""
            if not home[s] and (not race or RACE_BY_KEY[race].homeworld_loss):
                score -= 6.0
        out.append(score)
    return out


def evaluate(state: State, seat: int) -> float:
    """``seat``'s chance to win, in [0, 1]: a softmax of the seats' strength scores."""
    if state.phase == "over":
        if seat in state.winners:
            return 1.0 if len(state.winners) == 1 else 0.5
        return 0.0
    scores = _seat_scores(state)
    mine = scores[seat]
    if mine == -math.inf:
        return 0.0
    k = 0.45
    total = 0.0
    for s in scores:
        if s != -math.inf:
            total += math.exp(max(-60.0, min(60.0, k * (s - mine))))
    return 1.0 / total


# --------------------------------------------------------------------------------------
# The heuristic policy


def _fleet_ships(state: State, owner: int, marker: int) -> list[int]:
    return [c for c, s in enumerate(state.ships) if s is not None and s.owner == owner and s.fleet == marker]


def _enemy_worlds(state: State, seat: int) -> list[tuple[int, int, int]]:
    """(col, row, pid) of live planets of other seats; a known Homeworld listed first."""
    out = []
    for pid, p in enumerate(state.planets):
        if p.alive and p.owner >= 0 and p.owner != seat:
            out.append((p.col, p.row, pid))
    return out


def _own_worlds(state: State, seat: int) -> list[tuple[int, int]]:
    return [(p.col, p.row) for p in state.planets if p.alive and p.owner == seat]


def _target_of(state: State, seat: int, marker: int) -> tuple[int, int] | None:
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
            d = _dist(here, (p.col, p.row)) * 4
            if p.owner >= 0 and p.ptype == "H" and (pid in known or p.public):
                d -= 16
            if d < best_d:
                best, best_d = (p.col, p.row), d
        if best is not None:
            return best
    homes = _own_worlds(state, seat)
    if not homes:
        return None
    return min(homes, key=lambda k: (_dist(here, k), k))


@lru_cache(maxsize=256)
def _paths(
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


def _step_toward(state: State, seat: int, marker: int, legal: list[ActionBase]) -> ActionBase | None:
    """The Step that brings the fleet closest to its target, or None once there / stuck."""
    target = _target_of(state, seat, marker)
    f = next((f for f in state.fleets if f.owner == seat and f.marker == marker), None)
    if target is None or f is None:
        return None
    here = (f.col, f.row)
    paths = _paths(state.players, state.terrain, target)
    now = paths.get(here, 999)
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


def _wants_move(state: State, seat: int, marker: int) -> bool:
    f = next((f for f in state.fleets if f.owner == seat and f.marker == marker), None)
    if f is None or f.done:
        return False
    target = _target_of(state, seat, marker)
    if target is None or target == (f.col, f.row):
        return False
    data = state.data
    for c in _fleet_ships(state, seat, marker):
        s = state.ships[c]
        assert s is not None
        if data.stationary[c] and s.carrier < 0:
            return False  # SG-5.7 (b): cannot move at all
        if not data.stationary[c] and s.mp <= 0:
            return False
    return True


_KILL: dict[tuple[int, int, int], float] = {}


def _kill_chance(atk_dice: int, def_dice: int, sides: int) -> float:
    """SG-6.3 B5: P(sum of ``atk_dice`` dice > sum of ``def_dice`` dice), exactly."""
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
        a = _sum_dist(atk_dice, sides)
        d = _sum_dist(def_dice, sides)
        cum = [0.0] * (len(a) + 1)
        for i, pa in enumerate(a):
            cum[i + 1] = cum[i] + pa
        hit = 0.0
        for j, pd in enumerate(d):  # attack sum > j
            if j + 1 < len(a):
                hit += pd * (1.0 - cum[j + 1])
    _KILL[key] = hit
    return hit


@lru_cache(maxsize=256)
def _sum_dist(n: int, sides: int) -> tuple[float, ...]:
    dist = [1.0]
    for _ in range(n):
        new = [0.0] * (len(dist) + sides)
        for total, p in enumerate(dist):
            if p:
                for face in range(1, sides + 1):
                    new[total + face] += p / sides
        dist = new
    return tuple(dist)


def _declare(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-6.3 B3: the target where this ship's attack adds the most expected value."""
    battle = state.battle
    assert battle is not None
    key = (battle.col, battle.row)
    idx = rules.Index(state)
    values = _values(state.variant)
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
        gain = (_kill_chance(before + my_atk, dfn, state.combat_die) - _kill_chance(before, dfn, state.combat_die)) * (
            values[t] + 0.3 * ts.pb
        )
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def _launch(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
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


def _front_distance(state: State, seat: int, key: tuple[int, int]) -> int:
    enemy = [(p.col, p.row) for p in state.planets if p.alive and p.owner >= 0 and p.owner != seat]
    enemy += [(f.col, f.row) for f in state.fleets if f.owner != seat]
    if not enemy:
        return 0
    return min(_dist(key, e) for e in enemy)


def _immobile(state: State, owner: int, marker: int) -> bool:
    """SG-5.7 (b): a fleet holding an unloaded stationary ship cannot move."""
    data = state.data
    return any(
        s is not None and s.owner == owner and s.fleet == marker and data.stationary[c] and s.carrier < 0
        for c, s in enumerate(state.ships)
    )


def _free_bays(state: State, owner: int, marker: int) -> int:
    data = state.data
    cids = _fleet_ships(state, owner, marker)
    room = sum(rules.bays(state, c, owner) for c in cids if not data.fighter[c])
    return room - sum(1 for c in cids if data.fighter[c])


def _place(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
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
        score = -float(_front_distance(state, seat, (a.col, a.row)))
        if a.fleet:
            still = _immobile(state, seat, a.fleet)
            if fighter:
                score += 3.0 if _free_bays(state, seat, a.fleet) > 0 else (1.5 if still else -20.0)
            elif stationary:
                score += 1.5 if still else -20.0
            else:
                score += -20.0 if still else 1.5
        if score > best_score:
            best, best_score = a, score
    return best


def _setup_plan(state: State, seat: int) -> dict[int, int]:
    """SG-3.8: where each starting ship goes (cid -> planet id). All ships at one planet form
    one fleet, so mobile ships are kept apart from stationary ones (SG-5.7 b): mobile fleets
    at the planets nearest the enemy, fighters with them while their bay-ships have room,
    stationary ships over the other planets. Classic (exactly 2 a planet) pairs them alike."""
    data = state.data
    hand = sorted(state.hands[seat])
    room = rules.setup_room(state)
    pids = [pid for pid, p in enumerate(state.planets) if p.owner == seat]
    pids.sort(key=lambda pid: (_front_distance(state, seat, (state.planets[pid].col, state.planets[pid].row)), pid))
    mobile = [c for c in hand if not data.stationary[c]]
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
    for c in rest:
        options = [pid for pid in spare if load[pid] < room] or [pid for pid in pids if load[pid] < room]
        pid = options[0]
        plan[c] = pid
        load[pid] += 1
    return plan


def _setup_place(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-3.8: the next ship goes where ``_setup_plan`` puts it (or the emptiest planet)."""
    cid = rules.next_unplaced(state, seat)
    want = _setup_plan(state, seat).get(cid, -1)
    for a in legal:
        if isinstance(a, A.SetupPlace) and a.planet == want:
            return a
    counts: dict[int, int] = {}
    for _, pid in state.placements:
        counts[pid] = counts.get(pid, 0) + 1
    return min(legal, key=lambda a: (counts.get(a.planet, 0) if isinstance(a, A.SetupPlace) else 99, legal.index(a)))


def _set_type(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-3.6: the Homeworld on the planet farthest from the enemy; the resource types
    dealt round so each type has planets near and far."""
    own = [(pid, p) for pid, p in enumerate(state.planets) if p.owner == seat]
    depth = sorted(own, key=lambda x: (-_front_distance(state, seat, (x[1].col, x[1].row)), x[0]))
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
        return _transport(state, legal, seat)
    if phase == "declare":
        return _declare(state, legal, seat)
    if phase == "md":
        return _launch(state, legal, seat)
    if phase == "place":
        return _place(state, legal, seat)
    if phase == "fleets":
        return _setup_place(state, legal, seat)
    if phase == "types":
        return _set_type(state, legal, seat)
    if phase == "race":
        for key in _RACE_PREFERENCE:
            for a in legal:
                if isinstance(a, A.ChooseRace) and a.race == key:
                    return a
        return legal[0]
    if phase == "choose_battle":
        return next((a for a in legal if isinstance(a, A.Fight)), legal[0])
    if phase == "discard":
        return _discard(state, legal, seat)
    if phase == "buy":
        return _buy(state, legal, seat)
    if phase == "capture":
        values = _values(state.variant)
        return max(legal, key=lambda a: values[a.ship] if isinstance(a, A.Capture) else -1.0)
    if phase == "burst":
        return _burst(state, legal, seat)
    if phase == "window":
        return next((a for a in legal if isinstance(a, A.Pass)), legal[0])
    if phase == "card_move":
        return next((a for a in legal if isinstance(a, A.Hold)), legal[0])
    if phase == "target":
        return legal[-1] if isinstance(legal[0], A.Choose) and legal[0].value < 0 and len(legal) > 1 else legal[0]
    return legal[0]


def _reorganise(state: State, legal: list[ActionBase], seat: int, marker: int) -> ActionBase | None:
    """SG-5.3 / SG-5.5 for the fleet being ordered: load its fighters into free bays; split
    its unloaded stationary ships off when mobile ships could otherwise go (SG-5.7 b); merge
    another immobile fleet of the hex into an immobile one, so markers stay free (SG-5.4)."""
    data = state.data
    cids = _fleet_ships(state, seat, marker)
    for a in legal:
        if isinstance(a, A.Load):
            return a
    still = [c for c in cids if data.stationary[c] and (sh := state.ships[c]) is not None and sh.carrier < 0]
    movers = [c for c in cids if not data.stationary[c] and (sh := state.ships[c]) is not None and sh.mp > 0]
    if still and movers:
        for c in still:
            if A.Split(c) in legal:
                return A.Split(c)
    if still and _all_stationary(state, seat, marker):
        for a in legal:
            if isinstance(a, A.Merge) and _all_stationary(state, seat, a.fleet):
                return a
    return None


def _all_stationary(state: State, owner: int, marker: int) -> bool:
    stationary = state.data.stationary
    return all(
        stationary[c] for c, s in enumerate(state.ships) if s is not None and s.owner == owner and s.fleet == marker
    )


def _reorganised_this_turn(state: State) -> int:
    """Splits and merges logged this turn: a guard against reorganising in circles."""
    n = 0
    for line in reversed(state.log):
        if line.startswith("Round "):
            break
        if " splits fleet " in line or " merges fleet " in line:
            n += 1
    return n


def _needs_reorganising(state: State, seat: int, marker: int) -> bool:
    """Whether ``_reorganise`` has something to do for this fleet (not one marked done)."""
    data = state.data
    f = next((f for f in state.fleets if f.owner == seat and f.marker == marker), None)
    if f is None or f.done:
        return False
    still = movers = False
    for c in _fleet_ships(state, seat, marker):
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
    if not _all_stationary(state, seat, marker):
        return False
    return any(
        g.owner == seat and g.marker != marker and (g.col, g.row) == (f.col, f.row)
        and _all_stationary(state, seat, g.marker)
        for g in state.fleets
    )


def _transport(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-5: reorganise the fleet being ordered if it must (``_reorganise``), else step it
    toward its target; then order the next fleet that wants to move or to reorganise; end
    the phase when none does."""
    cursor = state.cursor
    tidy = _reorganised_this_turn(state) < 12
    if cursor:
        if tidy:
            fix = _reorganise(state, legal, seat, cursor)
            if fix is not None:
                return fix
        step = _step_toward(state, seat, cursor, legal)
        if step is not None:
            return step
        if any(isinstance(a, A.Hold) for a in legal):
            # Nothing more for it now (there, stuck, or waiting): it is done (SG-5.10), and a
            # done fleet is never ordered again by this policy, so a phase always ends.
            return A.Hold()
    for a in legal:
        if isinstance(a, A.Select) and (
            (_wants_move(state, seat, a.fleet) and _step_possible(state, seat, a.fleet))
            or (tidy and _needs_reorganising(state, seat, a.fleet))
        ):
            return a
    return next((a for a in legal if isinstance(a, A.EndTransport)), legal[0])


def _step_possible(state: State, seat: int, marker: int) -> bool:
    """Whether the fleet has a neighbour hex nearer its target (ignoring MP and terrain
    costs); the step itself is checked once the fleet is ordered."""
    target = _target_of(state, seat, marker)
    f = next((f for f in state.fleets if f.owner == seat and f.marker == marker), None)
    if target is None or f is None:
        return False
    here = (f.col, f.row)
    paths = _paths(state.players, state.terrain, target)
    now = paths.get(here, 999)
    return any(n is not None and paths.get(n, 999) < now for n in rules.neighbour_table(state.players)[here])


def _discard(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
    """SG-9.2: at the ship cap, swap the weakest ship for a fresh draw; else keep all."""
    cap = rules.ship_cap(state, seat)
    mine = [c for c, s in enumerate(state.ships) if s is not None and s.owner == seat]
    if cap and len(mine) >= cap:
        values = _values(state.variant)
        worst = min(mine, key=lambda c: (values[c], c))
        if A.Discard(worst) in legal:
            return A.Discard(worst)
    return A.Discard(-1)


def _buy(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
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


def _burst(state: State, legal: list[ActionBase], seat: int) -> ActionBase:
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


# --------------------------------------------------------------------------------------
# Candidates for the search


def candidates(state: State, legal: list[ActionBase], player: int) -> list[ActionBase]:
    """The policy's choice first, then a few alternatives worth comparing (see docstring).

    Only actions also legal in ``state`` are offered: at the root the framework passes the
    true legal list, and a sample can differ where the view lacks public bookkeeping (which
    fleet just moved, for Space Mines), so an action the sample refuses is left out."""
    here = rules.legal_actions(state)
    if here != legal:
        allowed = set(here)
        legal = [a for a in legal if a in allowed] or here
    if len(legal) <= 1:
        return legal
    first = policy(state, legal, player, AiRandom(0))
    out = [first]
    phase = state.phase
    if phase in ("race", "types", "fleets", "hand_limit", "card_move"):
        return out  # setup and card keeping: evaluate cannot tell these apart; trust the policy
    if phase == "transport":
        cursor = state.cursor
        target = _target_of(state, player, cursor) if cursor else None
        f = next((f for f in state.fleets if f.owner == player and f.marker == cursor), None)
        if target is not None and f is not None:
            paths = _paths(state.players, state.terrain, target)
            now = paths.get((f.col, f.row), 999)
            table = rules.neighbour_table(state.players)[(f.col, f.row)]
            for a in legal:
                if isinstance(a, A.Step) and a not in out:
                    n = table[a.direction]
                    if n is not None and paths.get(n, 999) <= now:
                        out.append(a)
        out += [a for a in legal if isinstance(a, (A.Hold, A.EndTransport)) and a not in out]
        return out
    if phase == "window":
        out += [a for a in legal if isinstance(a, A.PlayCard) and a.card in _SEARCHED_CARDS and a not in out]
        return out
    if phase == "declare":
        out += [a for a in legal if isinstance(a, A.Target) and a not in out][:3]
        return out
    return out + [a for a in legal if a not in out][:4]


# Cards whose effect shows in ``evaluate`` soon enough for the search to weigh them
# (SG-13.3): battle bonuses, PB refills, an extra ship, the end-of-engagement kills.
_SEARCHED_CARDS = frozenset({4, 5, 6, 7, 17, 25, 27, 29, 39, 40, 41})
