"""Which cards may be played now and on what (SG-13.2, SG-13.3 "Target / legality").

A card's windows and target steps are its row in ``cards``; its extra condition is in its
rule (``rulebook``). Targets are chosen one step at a time (``Choose``), so ``legal_actions``
stays short. Also the paths of card-driven moves (Intercept, Retreat) and target names.
"""

from __future__ import annotations

import heapq

from ....game import ActionBase
from ....hexgrid import Hex
from ....windows import RESPONSE
from .. import actions as A
from .. import cards as K
from ..board import (
    HexKey,
    LastResult,
    carrier_of,
    enter_cost,
    jammed,
    move,
    neighbour_table,
    owner_of,
    pb_max,
    terrain_at,
)
from ..cards import CARD_BY_NUM, CARDS, Card
from ..state import Fleet, Phase, Ship, State
from ..terrain import TERRAIN_BY_KEY
from ..words import purpose_words
from .deck import hand
from .rulebook import RULEBOOK

INLINE = ("T", "between")  # cards played among the phase's own decisions, no pass needed
NEGATES = "intelligence"


# Window kind (SG-13.2) -> the card windows open in it for the active player / the others.
# The own-turn free cards ("own-free") are offered among the Transport Phase decisions (inline,
# no pass needed) and in the E-end and production windows; the start of turn is the
# opponents' O-start window and E0 is for its own cards (see docs/rules-notes/genocide.md).
_OWN: dict[str, tuple[str, ...]] = {
    "T": ("T", "free"),
    "E0": ("E0",),
    "between": ("E0",),
    "E-end": ("E-end", "free"),
    "P": ("free",),
    "B-pre": ("B-pre/own",),
    "B-decl": ("B-decl",),
    "roll": ("roll",),
    "burst": ("burst",),
}


_OTHER: dict[str, tuple[str, ...]] = {
    "start": ("O-start",),
    "O-move": ("O-move",),
    "B-pre": ("B-pre/opp",),
    "B-decl": ("B-decl",),
    "roll": ("roll",),
    "burst": ("burst",),
    "M-decl": ("M-decl",),
}

REACTION_KINDS: tuple[str, ...] = (*_OTHER, RESPONSE)
"""The windows where a seat other than the active one may play: its reaction stops (C-5.4)."""


def fleet_key(owner: int, marker: int) -> int:
    return owner * 100 + marker


def unkey(value: int) -> tuple[int, int]:
    return value // 100, value % 100


def _members_table(ships: tuple[Ship | None, ...]) -> dict[tuple[int, int], list[int]]:
    table: dict[tuple[int, int], list[int]] = {}
    for c, s in enumerate(ships):
        if s is not None:
            table.setdefault((s.owner, s.fleet), []).append(c)
    return table


_MEMBERS = LastResult(_members_table)  # by the ships tuple, which states share until it changes


def members_of(state: State, owner: int, marker: int) -> list[int]:
    """The fleet's ships in cid order."""
    return _MEMBERS(state.ships).get((owner, marker), [])


def _hex_table(fleets: tuple[Fleet, ...]) -> dict[tuple[int, int], HexKey]:
    return {(f.owner, f.marker): (f.col, f.row) for f in fleets}


_HEXES = LastResult(_hex_table)  # by the fleets tuple, which states share until it changes


def fleet_hex(state: State, owner: int, marker: int) -> HexKey:
    """The fleet's hex."""
    return _HEXES(state.fleets)[(owner, marker)]


def ship_hex(state: State, cid: int) -> HexKey:
    ship = state.ships[cid]
    assert ship is not None
    return fleet_hex(state, ship.owner, ship.fleet)


def movable(state: State, owner: int, marker: int) -> bool:
    """SG-A64: cards never move a fleet with an unloaded stationary ship or a jammed ship."""
    data = state.data
    for c in members_of(state, owner, marker):
        if data.stationary[c] and carrier_of(state.ships, c) < 0:
            return False
        if jammed(state, c):
            return False
    return True


def speed(state: State, owner: int, marker: int) -> int:
    """The fleet's MOVE*: its slowest mobile ship (SG-5.7); 0 if it has none."""
    speeds = [move(state, c, owner) for c in members_of(state, owner, marker) if not state.data.stationary[c]]
    return min(speeds) if speeds else 0


def others(state: State, seat: int) -> list[int]:
    return [s for s in range(state.players) if s != seat and state.alive[s]]


def own_planet_hexes(state: State, seat: int) -> dict[HexKey, int]:
    return {(p.col, p.row): pid for pid, p in enumerate(state.planets) if p.owner == seat and p.alive}


def homeworld(state: State, seat: int) -> int:
    return next(
        (pid for pid, p in enumerate(state.planets) if p.owner == seat and p.alive and p.ptype == "H"), -1
    )


def marker_free(state: State, seat: int) -> bool:
    used = {f.marker for f in state.fleets if f.owner == seat}
    return len(used) < state.data.fleet_limit


def _in_window(state: State, seat: int, kind: str, card: Card) -> bool:
    """The card's own window list allows it here (SG-13.2); Diplomacy only before battles."""
    return card.num in eligible_set(kind, seat == state.active)


def _new_answers(state: State) -> dict[tuple[int, str], list[int]]:
    return {}


_PLAYABLE = LastResult(_new_answers)  # per state: windows ask several times per decision


def playable(state: State, seat: int, kind: str) -> list[int]:
    """Cards in ``seat``'s hand it may play in a window of ``kind`` with a legal target."""
    memo = _PLAYABLE(state)
    key = (seat, kind)
    if key not in memo:
        memo[key] = _playable(state, seat, kind)
    return memo[key]


def _playable(state: State, seat: int, kind: str) -> list[int]:
    out = []
    for num in hand(state, seat):
        card = CARD_BY_NUM[num]
        if _in_window(state, seat, kind, card) and _can_target(state, seat, card):
            out.append(num)
    return out


def could_play(state: State, seat: int, kind: str) -> bool:
    """C-5.4: judged on public information only: the seat holds cards, and some card it
    could play here is not publicly accounted for (discarded, or being played)."""
    if not hand(state, seat):
        return False
    if kind == "roll" and not state.rolls:
        return False
    gone = set(state.deck.discard_pile) if state.deck else set()
    if state.window is not None:
        gone.update(p.card for p in state.window.chain)
    return any(c not in gone for c in eligible_set(kind, seat == state.active))


_ELIGIBLE: dict[tuple[str, bool], tuple[int, ...]] = {}


def eligible_set(kind: str, own: bool) -> tuple[int, ...]:
    """The card numbers a seat may play in a window kind, by role (active or not)."""
    key = (kind, own)
    nums = _ELIGIBLE.get(key)
    if nums is None:
        if kind == RESPONSE:
            nums = tuple(c.num for c in CARDS if c.key == NEGATES)
        else:
            allowed = set((_OWN if own else _OTHER).get(kind, ()))
            nums = tuple(
                c.num for c in CARDS if set(c.windows) & allowed and not (kind == "between" and c.key == "diplomacy")
            )
        _ELIGIBLE[key] = nums
    return nums


def has_inline_play(state: State, seat: int, kind: str) -> bool:
    return bool(playable(state, seat, kind))


def inline_plays(state: State, kind: str) -> list[ActionBase]:
    """Cards the active player may play among its Transport (or battle-choice) decisions."""
    return [A.PlayCard(c) for c in playable(state, state.active, kind)]


def _can_target(state: State, seat: int, card: Card) -> bool:
    """Whether the card can be played at all: its extra conditions and a complete target."""
    if not RULEBOOK[card.key].condition(state, seat):
        return False
    return not card.targets or _completable(state, seat, card, ())


def _completable(state: State, seat: int, card: Card, args: tuple[int, ...]) -> bool:
    options = target_options(state, seat, card, args)
    if not options:
        return False
    step = target_step(card, args)
    if step in (K.HOME_FLEETS, K.REFIT_SHIPS) or len(args) + 1 >= len(card.targets):
        return True
    return any(_completable(state, seat, card, (*args, v)) for v in options if v >= 0)


def target_step(card: Card, args: tuple[int, ...]) -> str:
    """The target step now: multi-choice steps stay current until ``done`` (-1)."""
    if card.targets and card.targets[-1] in (K.HOME_FLEETS, K.REFIT_SHIPS):
        return card.targets[-1]
    return card.targets[len(args)]


def targets_done(card: Card, args: tuple[int, ...]) -> bool:
    if not card.targets:
        return True
    last = card.targets[-1]
    if last == K.HOME_FLEETS:
        return bool(args) and args[-1] < 0
    if last == K.REFIT_SHIPS:
        return (bool(args) and args[-1] < 0) or len(args) == 3
    return len(args) == len(card.targets)


def critical_candidates(state: State, seat: int) -> list[int]:
    """SG-A68: enemy non-fighters still in play that were present at a B1 this phase."""
    data = state.data
    return [
        c
        for c in state.fought_ships
        if (s := state.ships[c]) is not None and s.owner != seat and not data.fighter[c]
    ]


def target_options(state: State, seat: int, card: Card, args: tuple[int, ...]) -> list[int]:
    """The legal values of the card's next target step (SG-13.3 "Target / legality")."""
    step = target_step(card, args)
    data = state.data
    fleets = state.fleets
    own = [f for f in fleets if f.owner == seat]
    if step == K.OWN_FLEET:
        return [fleet_key(f.owner, f.marker) for f in own]
    if step == K.OWN_MOVER:
        return [
            fleet_key(f.owner, f.marker)
            for f in own
            if any(not data.stationary[c] for c in members_of(state, seat, f.marker))
        ]
    if step == K.ENEMY_FLEET:
        return [fleet_key(f.owner, f.marker) for f in fleets if f.owner != seat]
    if step == K.ENEMY_PLANET:
        known = {pid for s, pid in state.known if s == seat}
        return [
            pid
            for pid, p in enumerate(state.planets)
            if p.alive and p.owner not in (seat, -1) and not p.public and pid not in known and p.ptype
        ]
    if step == K.OPPONENT:
        if card.key == "sabotage":
            return [s for s in others(state, seat) if hand(state, s)]
        return others(state, seat)
    battle = state.battle
    if step in (K.BATTLE_FLEET, K.BATTLE_FIGHTER):
        if battle is None:
            return []
        key = (battle.col, battle.row)
        mine = [f for f in own if (f.col, f.row) == key]
        if step == K.BATTLE_FLEET:
            return [fleet_key(f.owner, f.marker) for f in mine]
        return [c for f in mine for c in members_of(state, seat, f.marker) if data.fighter[c]]
    if step == K.DECOY_SHIP:
        return _decoy_options(state, seat)
    if step == K.ENEMY_ORDER:
        duds = {a for k, a, _ in state.effects if k == "dud"}
        if state.phase == Phase.MD or state.launches:
            orders = [c for c, _ in state.launches]
        elif state.burst is not None:
            orders = [c for c, n in state.burst.declarations if n > 0]
        else:
            orders = []
        return sorted(c for c in orders if owner_of(state.ships, c) != seat and c not in duds)
    if step == K.ROLL:
        return list(range(len(state.rolls)))
    if step == K.OWN_SHIP:
        return [c for c, s in enumerate(state.ships) if s is not None and s.owner == seat and s.pb < pb_max(state, c)]
    if step == K.OWN_MOBILE_SHIP:
        return [c for c, s in enumerate(state.ships) if s is not None and s.owner == seat and not data.stationary[c]]
    if step == K.OWN_FIGHTER:
        return [
            c
            for c, s in enumerate(state.ships)
            if s is not None and s.owner == seat and data.fighter[c] and not jammed(state, c)
            and _completable(state, seat, card, (c,))
        ]
    if step == K.REDEPLOY_FLEET:
        planets = own_planet_hexes(state, seat)
        return [
            fleet_key(seat, f.marker)
            for f in own
            if (f.col, f.row) in planets and len(planets) > 1 and movable(state, seat, f.marker)
        ]
    if step == K.OTHER_PLANET:
        first = args[0]
        here = fleet_hex(state, *unkey(first)) if card.key == "redeploy" else ship_hex(state, first)
        out = []
        for h, pid in sorted(own_planet_hexes(state, seat).items(), key=lambda kv: kv[1]):
            if h == here:
                continue
            if card.key == "fighter_base" and not _planet_fleets(state, seat, h, first):
                continue
            out.append(pid)
        return out
    if step == K.PLANET_FLEET:
        p = state.planets[args[1]]
        return _planet_fleets(state, seat, (p.col, p.row), args[0])
    if step == K.MOVABLE_FLEET:
        can_move = [f for f in own if movable(state, seat, f.marker)]
        return [
            fleet_key(seat, f.marker) for f in can_move if any((g.col, g.row) != (f.col, f.row) for g in can_move)
        ]
    if step == K.SECOND_FLEET:
        origin = fleet_hex(state, *unkey(args[0]))
        return [
            fleet_key(seat, f.marker)
            for f in own
            if (f.col, f.row) != origin and movable(state, seat, f.marker)
        ]
    if step == K.HOME_FLEETS:
        pid = homeworld(state, seat)
        p = state.planets[pid]
        chosen = set(args)
        return [-1] + [
            fleet_key(seat, f.marker)
            for f in own
            if (f.col, f.row) != (p.col, p.row) and fleet_key(seat, f.marker) not in chosen
            and movable(state, seat, f.marker)
        ]
    if step == K.REFIT_SHIPS:
        planets = own_planet_hexes(state, seat)
        chosen = set(args)
        ships = [
            c
            for c, s in enumerate(state.ships)
            if s is not None and s.owner == seat and c not in chosen and ship_hex(state, c) in planets
        ]
        return ([-1] if args else []) + ships
    if step == K.BATTLE_HEX:
        pressed = set(state.press)
        hexes = {(f.col, f.row) for f in fleets if f.owner != seat} & {(f.col, f.row) for f in own}
        hexes |= set(state.fought)
        return sorted(c * 100 + r for c, r in hexes if (c, r) not in pressed)
    if step == K.INTERCEPTOR:
        goal = (state.moved[2], state.moved[3])
        speeds = {
            f.marker: speed(state, seat, f.marker)
            for f in own
            if (f.col, f.row) != goal and movable(state, seat, f.marker)
        }
        if not state.terrain:  # without 0-cost steps the hex distance is a lower bound
            goal_hex = Hex(*goal)
            speeds = {
                m: v for m, v in speeds.items() if Hex(*fleet_hex(state, seat, m)).distance(goal_hex) <= v
            }
        if not any(speeds.values()):
            return []
        costs = _costs_to(state, seat, goal)
        return [
            fleet_key(seat, m) for m, v in sorted(speeds.items()) if costs.get(fleet_hex(state, seat, m), 99) <= v
        ]
    if step == K.RETREATER:
        target = (state.moved[2], state.moved[3])
        return [
            fleet_key(seat, f.marker)
            for f in own
            if (f.col, f.row) == target and movable(state, seat, f.marker) and speed(state, seat, f.marker) > 0
        ]
    if step == K.BOARD_SHIP:
        own_hexes = {(f.col, f.row) for f in own}
        return [
            c for c in critical_candidates(state, seat) if ship_hex(state, c) in own_hexes
        ]
    if step in (K.ENEMY_WRECK, K.OWN_WRECK):
        own_hexes = {(f.col, f.row) for f in own}
        if step == K.OWN_WRECK:
            return [x.cid for x in state.wrecks if x.owner == seat]
        return [x.cid for x in state.wrecks if x.owner != seat and (x.col, x.row) in own_hexes]
    if step == K.SUICIDE_SHIP:
        targets = {ship_hex(state, c) for c in _enemy_fought(state, seat)}
        return [
            c for c, s in enumerate(state.ships) if s is not None and s.owner == seat and ship_hex(state, c) in targets
        ]
    if step == K.SUICIDE_TARGET:
        here = ship_hex(state, args[0])
        return [c for c in _enemy_fought(state, seat) if ship_hex(state, c) == here]
    if step == K.FOUGHT_FIGHTER:
        return [c for c in _enemy_fought(state, seat) if data.fighter[c]]
    raise AssertionError(f"unknown target step {step}")  # pragma: no cover


def _enemy_fought(state: State, seat: int) -> list[int]:
    return [
        c for c in state.fought_ships if (s := state.ships[c]) is not None and s.owner != seat
    ]


def _decoy_options(state: State, seat: int) -> list[int]:
    """Decoy: an own ship in this battle (B-decl) or in a hex where an enemy bursts."""
    decoyed = {a for k, a, _ in state.effects if k == "decoy"}
    if state.battle is not None:
        key = (state.battle.col, state.battle.row)
        out = [c for c, s in enumerate(state.ships) if s is not None and s.owner == seat and ship_hex(state, c) == key]
    elif state.burst is not None:
        hexes = {
            ship_hex(state, c) for c, n in state.burst.declarations if n > 0 and owner_of(state.ships, c) != seat
        }
        out = [
            c for c, s in enumerate(state.ships) if s is not None and s.owner == seat and ship_hex(state, c) in hexes
        ]
    else:
        out = []
    return [c for c in out if c not in decoyed]


def _planet_fleets(state: State, seat: int, key: HexKey, fighter: int) -> list[int]:
    """Fighter Base: an own fleet at the planet (not the fighter's own), or 0 = a new one."""
    ship = state.ships[fighter]
    assert ship is not None
    out = [f.marker for f in state.fleets if f.owner == seat and (f.col, f.row) == key and f.marker != ship.fleet]
    alone = len(members_of(state, seat, ship.fleet)) == 1
    if alone or marker_free(state, seat):
        out.append(0)
    return out


def _costs_to(state: State, seat: int, goal: HexKey) -> dict[HexKey, int]:
    """The least MP from each hex to ``goal`` under the movement rules (a reverse Dijkstra:
    a hex that forces a stop may start a path but not be passed through), so Intercept's
    candidates cost one search, not one per fleet. Capped at the fastest own fleet's MOVE*."""
    table = neighbour_table(state.players)
    enemy = {(f.col, f.row) for f in state.fleets if f.owner != seat}
    gates = [(c, r) for c, r, k in state.terrain if TERRAIN_BY_KEY[k].gate]
    cap = max((speed(state, seat, f.marker) for f in state.fleets if f.owner == seat), default=0)
    dist: dict[HexKey, int] = {goal: 0}
    frontier: list[tuple[int, HexKey]] = [(0, goal)]
    while frontier:
        cost, here = heapq.heappop(frontier)
        if cost > dist.get(here, 99):
            continue
        if here != goal:
            t = terrain_at(state, here)
            if (t is not None and t.stop) or (here in enemy and not (t is not None and t.no_enemy_stop)):
                continue  # reachable from here, but no path passes through
        step = enter_cost(state, here)
        if step > cap:
            continue
        before = [(n, step) for n in table[here] if n is not None]
        t_here = terrain_at(state, here)
        if t_here is not None and t_here.gate:
            before.extend((g, 0) for g in gates if g != here)
        for n, c in before:
            total = cost + c
            if total <= cap and total < dist.get(n, 99):
                dist[n] = total
                heapq.heappush(frontier, (total, n))
    return dist


def intercept_path(state: State, seat: int, marker: int, goal: HexKey) -> tuple[HexKey, ...] | None:
    """Intercept (SG-13.3 #33): the cheapest legal path (Dijkstra, 0-cost Gravitic steps and
    gate transits, SG-A43) within the fleet's MOVE* to ``goal``; a hex that forces a stop
    (enemy ships, Nebula) can only end it. Ties go to the lower direction index."""
    start = fleet_hex(state, seat, marker)
    if start == goal or not movable(state, seat, marker):
        return None
    budget = speed(state, seat, marker)
    if budget <= 0:
        return None
    if not state.terrain and Hex(*start).distance(Hex(*goal)) > budget:
        return None  # no 0-cost steps without terrain: too far
    table = neighbour_table(state.players)
    enemy = {(f.col, f.row) for f in state.fleets if f.owner != seat}
    gates = [(c, r) for c, r, k in state.terrain if TERRAIN_BY_KEY[k].gate]
    best: dict[HexKey, int] = {start: 0}
    parent: dict[HexKey, HexKey] = {}
    frontier: list[tuple[int, int, HexKey]] = [(0, 0, start)]
    order = 0
    while frontier:
        cost, _, here = heapq.heappop(frontier)
        if cost > best.get(here, 99):
            continue
        if here == goal:
            path = [here]
            while path[-1] != start:
                path.append(parent[path[-1]])
            return tuple(reversed(path[:-1]))
        t = terrain_at(state, here)
        if here != start and (
            (t is not None and t.stop) or (here in enemy and not (t is not None and t.no_enemy_stop))
        ):
            continue  # a forced stop: the path may only end here
        nexts = [(n, enter_cost(state, n)) for n in table[here] if n is not None]
        if t is not None and t.gate:
            nexts.extend((g, 0) for g in gates if g != here)
        for n, step in nexts:
            total = cost + step
            if total > budget or total >= best.get(n, 99):
                continue
            best[n] = total
            parent[n] = here
            order += 1
            heapq.heappush(frontier, (total, order, n))
    return None


def decider(state: State) -> int:
    if state.phase == Phase.TARGET:
        assert state.play is not None
        return state.play.player
    if state.phase == Phase.CARD_MOVE:
        assert state.card_move is not None
        return state.card_move.player
    assert state.window is not None
    return state.window.holder


def card_actions(state: State) -> list[ActionBase]:
    """The decisions of the card phases: a window (pass or play), a card's next target, a
    card-driven step, the hand-limit discard."""
    phase = state.phase
    if phase == Phase.WINDOW:
        win = state.window
        assert win is not None
        return [A.Pass(), *(A.PlayCard(c) for c in playable(state, win.holder, win.stop_kind))]
    if phase == Phase.TARGET:
        play = state.play
        assert play is not None
        card = CARD_BY_NUM[play.card]
        seat = play.player
        return [
            A.Choose(v)
            for v in target_options(state, seat, card, play.args)
            if v < 0 or _completable_after(state, seat, card, play.args, v)
        ]
    if phase == Phase.CARD_MOVE:
        return [*(A.Step(d) for d in card_steps(state)), A.Hold()]
    if phase == Phase.HAND_LIMIT:
        return [A.DiscardCard(c) for c in hand(state, state.active)]
    return []


def _completable_after(state: State, seat: int, card: Card, args: tuple[int, ...], value: int) -> bool:
    nxt = (*args, value)
    if targets_done(card, nxt) or target_step(card, args) in (K.HOME_FLEETS, K.REFIT_SHIPS):
        return True
    return _completable(state, seat, card, nxt)


def card_steps(state: State) -> list[int]:
    """Lure / Retreat steps: normal step legality with the card's MP (SG-13.3 #31, #34)."""
    cm = state.card_move
    assert cm is not None
    if cm.mp <= 0 or not movable(state, cm.owner, cm.marker):
        return []
    here = fleet_hex(state, cm.owner, cm.marker)
    out = []
    for d, n in enumerate(neighbour_table(state.players)[here]):
        if n is None or enter_cost(state, n) > cm.mp:
            continue
        if cm.away is not None and Hex(*n).distance(Hex(*cm.away)) <= Hex(*here).distance(Hex(*cm.away)):
            continue  # SG-A64: every Retreat step increases the distance
        out.append(d)
    return out


def describe_target(state: State, step: str, value: int) -> str:
    """A readable name for a target value (public: card targets are PUBLIC, SG-14.1)."""
    if value < 0:
        return "done"
    names = ("West", "East") if state.players == 2 else ("Red", "Blue", "Green", "Gold")
    if step in (K.OWN_FLEET, K.OWN_MOVER, K.ENEMY_FLEET, K.BATTLE_FLEET, K.REDEPLOY_FLEET, K.MOVABLE_FLEET,
                K.SECOND_FLEET, K.HOME_FLEETS, K.INTERCEPTOR, K.RETREATER):
        owner, marker = unkey(value)
        return f"{names[owner]} fleet {marker}"
    if step in (K.ENEMY_PLANET, K.OTHER_PLANET):
        p = state.planets[value]
        return f"planet {Hex(p.col, p.row).label}"
    if step == K.OPPONENT:
        return names[value]
    if step == K.ROLL:
        r = state.rolls[value]
        words = purpose_words(state, r.purpose, lambda cid: state.data.type_of(cid).name)  # no ids (issue 36)
        return f"the roll: {words} ({' '.join(map(str, r.dice))})"
    if step == K.BATTLE_HEX:
        return f"hex {Hex(value // 100, value % 100).label}"
    if step == K.PLANET_FLEET:
        return "a new fleet" if value == 0 else f"fleet {value}"
    ship = state.ships[value]  # issue 36: its type and fleet (public markers), never its id
    return state.data.type_of(value).name + (f" of {names[ship.owner]} fleet {ship.fleet}" if ship is not None else "")
