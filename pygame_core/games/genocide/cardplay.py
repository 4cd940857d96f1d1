"""Playing Space Genocide cards: the deck, windows, targets and every card's effect (SG-13, C-5).

The table of cards is ``cards.py``; this module is the machinery around it:

- the deck (``pygame_core/deck.py``): the deal, draws with reshuffles, the hand limit;
- windows (``pygame_core/windows.py``): ``rules.checkpoint`` opens one at each SG-13.2
  checkpoint; the active player has priority first; a played card gets a response
  opportunity (Intelligence, C-5.2); stops (C-5.4) ask a seat that does not hold the device
  whenever the public information leaves open that it could play, so a hand-off leaks
  nothing; the seat holding the device is asked only when it really can play;
- targets, chosen one step at a time (``Choose``), so ``legal_actions`` stays short;
- ``EFFECTS``: what each card does, one small function per card, in table order.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import replace

from ...deck import Deck
from ...game import ActionBase
from ...hexgrid import Hex
from ...rng import Roller
from ...windows import RESPONSE, Play, Window, auto_pass, is_asked, resolve
from . import actions as A
from . import cards as K
from .cards import CARD_BY_NUM, CARDS, Card
from .data import PLANET_TYPE_NAMES
from .rules import (
    THEN,
    HexKey,
    Work,
    _arrive,
    _enter_cost,
    _move_fleet,
    _owner,
    jammed,
    move,
    neighbour_table,
    pb_max,
    ship_cap,
    terrain_at,
)
from .state import Battle, CardMove, PendingPlay, Ship, Sighting, State, Wreck, evolve
from .terrain import TERRAIN_BY_KEY

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


# --------------------------------------------------------------------------------------
# Deck (SG-13.1, SG-3.9)


def deal(roller: Roller, order: tuple[int, ...], players: int) -> tuple[Deck, tuple[tuple[int, ...], ...]]:
    """SG-3.9: the 42 cards in table order, shuffled once; 3 each, one at a time, from P1."""
    deck = Deck.shuffled((c.num for c in CARDS), roller, "SG.cards.shuffle sealed")
    hands: list[list[int]] = [[] for _ in range(players)]
    for _ in range(K.DEAL):
        for seat in order:
            card, deck = deck.draw()
            assert card is not None
            hands[seat].append(card)
    return deck, tuple(tuple(sorted(h)) for h in hands)


def draw_cards(w: Work, seat: int, count: int) -> None:
    """SG-13.1 / SG-A57: draw from the top; an empty deck is refilled by shuffling the discard
    pile (which ends any Data Analysis knowledge); with both empty nothing is drawn."""
    deck = w.get("deck")
    assert isinstance(deck, Deck)
    hands = list(w.get("cards"))  # type: ignore[call-overload]
    got = []
    for _ in range(count):
        reshuffle = not deck.draw_pile and bool(deck.discard_pile)
        card, deck = deck.draw(w.roller, "SG.cards.reshuffle sealed")
        if reshuffle:
            w.say(f"The discard pile ({len(deck.draw_pile) + (card is not None)} cards) is shuffled into a new deck")
            w.f["analysis"] = ()
        if card is None:
            break
        got.append(card)
    hands[seat] = tuple(sorted((*hands[seat], *got)))
    w.f["deck"] = deck
    w.f["cards"] = tuple(hands)
    if got:
        w.revealed = True
        w.say(f"{w.name(seat)} draws {len(got)} card(s)")
        w.say("You draw " + ", ".join(CARD_BY_NUM[c].name for c in got), seat)


def over_hand_limit(w: Work) -> bool:
    """SG-4.1 step 5.2 / SG-A65: the active player discards down to 7, one card at a time."""
    hand = w.get("cards")[w.active]  # type: ignore[index]
    if len(hand) <= K.HAND_LIMIT:
        return False
    w.phase = "hand_limit"
    return True


# --------------------------------------------------------------------------------------
# Reading a state


def hand(state: State, seat: int) -> tuple[int, ...]:
    return state.cards[seat] if state.cards else ()


def _fkey(owner: int, marker: int) -> int:
    return owner * 100 + marker


def _unkey(value: int) -> tuple[int, int]:
    return value // 100, value % 100


_MEMBERS: list[tuple[tuple[Ship | None, ...], dict[tuple[int, int], list[int]]]] = []


def _members(state: State, owner: int, marker: int) -> list[int]:
    """The fleet's ships in cid order (the table is kept for the last ships tuple seen)."""
    ships = state.ships
    if not _MEMBERS or _MEMBERS[0][0] is not ships:
        table: dict[tuple[int, int], list[int]] = {}
        for c, s in enumerate(ships):
            if s is not None:
                table.setdefault((s.owner, s.fleet), []).append(c)
        _MEMBERS[:] = [(ships, table)]
    return _MEMBERS[0][1].get((owner, marker), [])


_HEXES: list[tuple[tuple[object, ...], dict[tuple[int, int], HexKey]]] = []


def _fleet_hex(state: State, owner: int, marker: int) -> HexKey:
    """The fleet's hex (the table is kept for the last fleets tuple seen)."""
    fleets = state.fleets
    if not _HEXES or _HEXES[0][0] is not fleets:
        _HEXES[:] = [(fleets, {(f.owner, f.marker): (f.col, f.row) for f in fleets})]
    return _HEXES[0][1][(owner, marker)]


def _ship_hex(state: State, cid: int) -> HexKey:
    ship = state.ships[cid]
    assert ship is not None
    return _fleet_hex(state, ship.owner, ship.fleet)


def _movable(state: State, owner: int, marker: int) -> bool:
    """SG-A64: cards never move a fleet with an unloaded stationary ship or a jammed ship."""
    data = state.data
    for c in _members(state, owner, marker):
        if data.stationary[c] and state.ships[c].carrier < 0:  # type: ignore[union-attr]
            return False
        if jammed(state, c):
            return False
    return True


def _speed(state: State, owner: int, marker: int) -> int:
    """The fleet's MOVE*: its slowest mobile ship (SG-5.7); 0 if it has none."""
    speeds = [move(state, c, owner) for c in _members(state, owner, marker) if not state.data.stationary[c]]
    return min(speeds) if speeds else 0


def _others(state: State, seat: int) -> list[int]:
    return [s for s in range(state.players) if s != seat and state.alive[s]]


def _own_planet_hexes(state: State, seat: int) -> dict[HexKey, int]:
    return {(p.col, p.row): pid for pid, p in enumerate(state.planets) if p.owner == seat and p.alive}


def _homeworld(state: State, seat: int) -> int:
    return next(
        (pid for pid, p in enumerate(state.planets) if p.owner == seat and p.alive and p.ptype == "H"), -1
    )


def _free_marker(state: State, seat: int) -> bool:
    used = {f.marker for f in state.fleets if f.owner == seat}
    return len(used) < state.data.fleet_limit


# --------------------------------------------------------------------------------------
# Which cards may be played now, and their targets


def _eligible(state: State, seat: int, kind: str, card: Card) -> bool:
    """The card's own window list allows it here (SG-13.2); Diplomacy only before battles."""
    return card.num in _eligible_set(kind, seat == state.active)


_PLAYABLE: list[tuple[State, dict[tuple[int, str], list[int]]]] = []


def playable(state: State, seat: int, kind: str) -> list[int]:
    """Cards in ``seat``'s hand it may play in a window of ``kind`` with a legal target
    (remembered for the last state asked about: windows ask several times per decision)."""
    if not _PLAYABLE or _PLAYABLE[0][0] is not state:
        _PLAYABLE[:] = [(state, {})]
    memo = _PLAYABLE[0][1]
    key = (seat, kind)
    if key not in memo:
        memo[key] = _playable(state, seat, kind)
    return memo[key]


def _playable(state: State, seat: int, kind: str) -> list[int]:
    out = []
    for num in hand(state, seat):
        card = CARD_BY_NUM[num]
        if _eligible(state, seat, kind, card) and _can_target(state, seat, card):
            out.append(num)
    return out


def _could_play(state: State, seat: int, kind: str) -> bool:
    """C-5.4: judged on public information only: the seat holds cards, and some card it
    could play here is not publicly accounted for (discarded, or being played)."""
    if not hand(state, seat):
        return False
    if kind == "roll" and not state.rolls:
        return False
    gone = set(state.deck.discard_pile) if state.deck else set()
    if state.window is not None:
        gone.update(p.card for p in state.window.chain)
    return any(c not in gone for c in _eligible_set(kind, seat == state.active))


_ELIGIBLE: dict[tuple[str, bool], tuple[int, ...]] = {}


def _eligible_set(kind: str, own: bool) -> tuple[int, ...]:
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


def _asked(state: State, win: Window, device: int | None) -> bool:
    if win.kind in INLINE and not win.chain:
        return False  # the active player plays these among its own decisions
    seat = win.holder
    kind = win.stop_kind
    if kind == RESPONSE and win.chain and win.chain[-1].player == seat:
        return False
    probe = evolve(state, window=win)
    if seat == device:  # is_asked: the device holder is asked only if it really can play
        can = bool(playable(state, seat, kind))  # targets never depend on the window itself
        return is_asked(seat, device_holder=device, can_play=can, could_play=False, stop_on=True)
    could = _could_play(probe, seat, kind)
    return is_asked(seat, device_holder=device, can_play=False, could_play=could, stop_on=True)


def has_inline_play(state: State, seat: int, kind: str) -> bool:
    return bool(playable(state, seat, kind))


def inline_plays(state: State, kind: str) -> list[ActionBase]:
    """Cards the active player may play among its Transport (or battle-choice) decisions."""
    return [A.PlayCard(c) for c in playable(state, state.active, kind)]


def _can_target(state: State, seat: int, card: Card) -> bool:
    """Whether the card can be played at all: its extra conditions and a complete target."""
    if not _condition(state, seat, card):
        return False
    return not card.targets or _completable(state, seat, card, ())


def _completable(state: State, seat: int, card: Card, args: tuple[int, ...]) -> bool:
    options = _options(state, seat, card, args)
    if not options:
        return False
    step = _step(card, args)
    if step in (K.HOME_FLEETS, K.REFIT_SHIPS) or len(args) + 1 >= len(card.targets):
        return True
    return any(_completable(state, seat, card, (*args, v)) for v in options if v >= 0)


def _step(card: Card, args: tuple[int, ...]) -> str:
    """The target step now: multi-choice steps stay current until ``done`` (-1)."""
    if card.targets and card.targets[-1] in (K.HOME_FLEETS, K.REFIT_SHIPS):
        return card.targets[-1]
    return card.targets[len(args)]


def _done(card: Card, args: tuple[int, ...]) -> bool:
    if not card.targets:
        return True
    last = card.targets[-1]
    if last == K.HOME_FLEETS:
        return bool(args) and args[-1] < 0
    if last == K.REFIT_SHIPS:
        return (bool(args) and args[-1] < 0) or len(args) == 3
    return len(args) == len(card.targets)


def _condition(state: State, seat: int, card: Card) -> bool:
    """Card-specific conditions beyond targets (SG-13.3)."""
    key = card.key
    effects = state.effects
    if key == "defend_the_homeworld":
        return _homeworld(state, seat) >= 0
    if key == "diplomacy":
        return ("diplomacy", 0, 0) not in effects
    if key == "space_mines":
        moved = state.moved
        return bool(moved) and moved[0] != seat and bool(moved[4]) and (moved[0], moved[1]) in {
            (f.owner, f.marker) for f in state.fleets
        }
    if key == "data_analysis":
        return state.deck is not None and bool(state.deck.draw_pile)
    if key == "critical_hit":
        return bool(_critical_candidates(state, seat))
    if key == "skirmish":
        return state.battle is not None
    if key == "luck":
        return bool(state.rolls)
    if key in ("intercept", "retreat"):
        return bool(state.moved) and state.moved[0] != seat
    return True


def _critical_candidates(state: State, seat: int) -> list[int]:
    """SG-A68: enemy non-fighters still in play that were present at a B1 this phase."""
    data = state.data
    return [
        c
        for c in state.fought_ships
        if state.ships[c] is not None and state.ships[c].owner != seat and not data.fighter[c]  # type: ignore[union-attr]
    ]


def _options(state: State, seat: int, card: Card, args: tuple[int, ...]) -> list[int]:
    """The legal values of the card's next target step (SG-13.3 "Target / legality")."""
    step = _step(card, args)
    data = state.data
    fleets = state.fleets
    own = [f for f in fleets if f.owner == seat]
    if step == K.OWN_FLEET:
        return [_fkey(f.owner, f.marker) for f in own]
    if step == K.OWN_MOVER:
        return [
            _fkey(f.owner, f.marker)
            for f in own
            if any(not data.stationary[c] for c in _members(state, seat, f.marker))
        ]
    if step == K.ENEMY_FLEET:
        return [_fkey(f.owner, f.marker) for f in fleets if f.owner != seat]
    if step == K.ENEMY_PLANET:
        known = {pid for s, pid in state.known if s == seat}
        return [
            pid
            for pid, p in enumerate(state.planets)
            if p.alive and p.owner not in (seat, -1) and not p.public and pid not in known and p.ptype
        ]
    if step == K.OPPONENT:
        if card.key == "sabotage":
            return [s for s in _others(state, seat) if hand(state, s)]
        return _others(state, seat)
    battle = state.battle
    if step in (K.BATTLE_FLEET, K.BATTLE_FIGHTER):
        if battle is None:
            return []
        key = (battle.col, battle.row)
        mine = [f for f in own if (f.col, f.row) == key]
        if step == K.BATTLE_FLEET:
            return [_fkey(f.owner, f.marker) for f in mine]
        return [c for f in mine for c in _members(state, seat, f.marker) if data.fighter[c]]
    if step == K.DECOY_SHIP:
        return _decoy_options(state, seat)
    if step == K.ENEMY_ORDER:
        duds = {a for k, a, _ in state.effects if k == "dud"}
        if state.phase == "md" or state.launches:
            orders = [c for c, _ in state.launches]
        elif state.burst is not None:
            orders = [c for c, n in state.burst.declarations if n > 0]
        else:
            orders = []
        return sorted(c for c in orders if _owner(state.ships, c) != seat and c not in duds)
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
        planets = _own_planet_hexes(state, seat)
        return [
            _fkey(seat, f.marker)
            for f in own
            if (f.col, f.row) in planets and len(planets) > 1 and _movable(state, seat, f.marker)
        ]
    if step == K.OTHER_PLANET:
        first = args[0]
        here = _fleet_hex(state, *_unkey(first)) if card.key == "redeploy" else _ship_hex(state, first)
        out = []
        for h, pid in sorted(_own_planet_hexes(state, seat).items(), key=lambda kv: kv[1]):
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
        movable = [f for f in own if _movable(state, seat, f.marker)]
        return [
            _fkey(seat, f.marker) for f in movable if any((g.col, g.row) != (f.col, f.row) for g in movable)
        ]
    if step == K.SECOND_FLEET:
        origin = _fleet_hex(state, *_unkey(args[0]))
        return [
            _fkey(seat, f.marker)
            for f in own
            if (f.col, f.row) != origin and _movable(state, seat, f.marker)
        ]
    if step == K.HOME_FLEETS:
        pid = _homeworld(state, seat)
        p = state.planets[pid]
        chosen = set(args)
        return [-1] + [
            _fkey(seat, f.marker)
            for f in own
            if (f.col, f.row) != (p.col, p.row) and _fkey(seat, f.marker) not in chosen
            and _movable(state, seat, f.marker)
        ]
    if step == K.REFIT_SHIPS:
        planets = _own_planet_hexes(state, seat)
        chosen = set(args)
        ships = [
            c
            for c, s in enumerate(state.ships)
            if s is not None and s.owner == seat and c not in chosen and _ship_hex(state, c) in planets
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
            f.marker: _speed(state, seat, f.marker)
            for f in own
            if (f.col, f.row) != goal and _movable(state, seat, f.marker)
        }
        if not state.terrain:  # without 0-cost steps the hex distance is a lower bound
            goal_hex = Hex(*goal)
            speeds = {
                m: v for m, v in speeds.items() if Hex(*_fleet_hex(state, seat, m)).distance(goal_hex) <= v
            }
        if not any(speeds.values()):
            return []
        costs = _costs_to(state, seat, goal)
        return [
            _fkey(seat, m) for m, v in sorted(speeds.items()) if costs.get(_fleet_hex(state, seat, m), 99) <= v
        ]
    if step == K.RETREATER:
        target = (state.moved[2], state.moved[3])
        return [
            _fkey(seat, f.marker)
            for f in own
            if (f.col, f.row) == target and _movable(state, seat, f.marker) and _speed(state, seat, f.marker) > 0
        ]
    if step == K.BOARD_SHIP:
        own_hexes = {(f.col, f.row) for f in own}
        return [
            c for c in _critical_candidates(state, seat) if _ship_hex(state, c) in own_hexes
        ]
    if step in (K.ENEMY_WRECK, K.OWN_WRECK):
        own_hexes = {(f.col, f.row) for f in own}
        if step == K.OWN_WRECK:
            return [x.cid for x in state.wrecks if x.owner == seat]
        return [x.cid for x in state.wrecks if x.owner != seat and (x.col, x.row) in own_hexes]
    if step == K.SUICIDE_SHIP:
        targets = {_ship_hex(state, c) for c in _enemy_fought(state, seat)}
        return [
            c for c, s in enumerate(state.ships) if s is not None and s.owner == seat and _ship_hex(state, c) in targets
        ]
    if step == K.SUICIDE_TARGET:
        here = _ship_hex(state, args[0])
        return [c for c in _enemy_fought(state, seat) if _ship_hex(state, c) == here]
    if step == K.FOUGHT_FIGHTER:
        return [c for c in _enemy_fought(state, seat) if data.fighter[c]]
    raise AssertionError(f"unknown target step {step}")  # pragma: no cover


def _enemy_fought(state: State, seat: int) -> list[int]:
    return [
        c for c in state.fought_ships if state.ships[c] is not None and state.ships[c].owner != seat  # type: ignore[union-attr]
    ]


def _decoy_options(state: State, seat: int) -> list[int]:
    """Decoy: an own ship in this battle (B-decl) or in a hex where an enemy bursts."""
    decoyed = {a for k, a, _ in state.effects if k == "decoy"}
    if state.battle is not None:
        key = (state.battle.col, state.battle.row)
        out = [c for c, s in enumerate(state.ships) if s is not None and s.owner == seat and _ship_hex(state, c) == key]
    elif state.burst is not None:
        hexes = {
            _ship_hex(state, c) for c, n in state.burst.declarations if n > 0 and _owner(state.ships, c) != seat
        }
        out = [
            c for c, s in enumerate(state.ships) if s is not None and s.owner == seat and _ship_hex(state, c) in hexes
        ]
    else:
        out = []
    return [c for c in out if c not in decoyed]


def _planet_fleets(state: State, seat: int, key: HexKey, fighter: int) -> list[int]:
    """Fighter Base: an own fleet at the planet (not the fighter's own), or 0 = a new one."""
    ship = state.ships[fighter]
    assert ship is not None
    out = [f.marker for f in state.fleets if f.owner == seat and (f.col, f.row) == key and f.marker != ship.fleet]
    alone = len(_members(state, seat, ship.fleet)) == 1
    if alone or _free_marker(state, seat):
        out.append(0)
    return out


def _costs_to(state: State, seat: int, goal: HexKey) -> dict[HexKey, int]:
    """The least MP from each hex to ``goal`` under the movement rules (a reverse Dijkstra:
    a hex that forces a stop may start a path but not be passed through), so Intercept's
    candidates cost one search, not one per fleet. Capped at the fastest own fleet's MOVE*."""
    table = neighbour_table(state.players)
    enemy = {(f.col, f.row) for f in state.fleets if f.owner != seat}
    gates = [(c, r) for c, r, k in state.terrain if TERRAIN_BY_KEY[k].gate]
    cap = max((_speed(state, seat, f.marker) for f in state.fleets if f.owner == seat), default=0)
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
        step = _enter_cost(state, here)
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


def _path(state: State, seat: int, marker: int, goal: HexKey) -> tuple[HexKey, ...] | None:
    """Intercept (SG-13.3 #33): the cheapest legal path (Dijkstra, 0-cost Gravitic steps and
    gate transits, SG-A43) within the fleet's MOVE* to ``goal``; a hex that forces a stop
    (enemy ships, Nebula) can only end it. Ties go to the lower direction index."""
    start = _fleet_hex(state, seat, marker)
    if start == goal or not _movable(state, seat, marker):
        return None
    budget = _speed(state, seat, marker)
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
        nexts = [(n, _enter_cost(state, n)) for n in table[here] if n is not None]
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


# --------------------------------------------------------------------------------------
# Deciding and legal actions


def decider(state: State) -> int:
    if state.phase == "target":
        assert state.play is not None
        return state.play.player
    if state.phase == "card_move":
        assert state.card_move is not None
        return state.card_move.player
    assert state.window is not None
    return state.window.holder


def legal(state: State) -> list[ActionBase]:
    phase = state.phase
    if phase == "window":
        win = state.window
        assert win is not None
        return [A.Pass(), *(A.PlayCard(c) for c in playable(state, win.holder, win.stop_kind))]
    if phase == "target":
        play = state.play
        assert play is not None
        card = CARD_BY_NUM[play.card]
        seat = play.player
        return [
            A.Choose(v)
            for v in _options(state, seat, card, play.args)
            if v < 0 or _completable_after(state, seat, card, play.args, v)
        ]
    if phase == "card_move":
        return [*(A.Step(d) for d in _card_steps(state)), A.Hold()]
    if phase == "hand_limit":
        return [A.DiscardCard(c) for c in hand(state, state.active)]
    return []


def _completable_after(state: State, seat: int, card: Card, args: tuple[int, ...], value: int) -> bool:
    nxt = (*args, value)
    if _done(card, nxt) or _step(card, args) in (K.HOME_FLEETS, K.REFIT_SHIPS):
        return True
    return _completable(state, seat, card, nxt)


def _card_steps(state: State) -> list[int]:
    """Lure / Retreat steps: normal step legality with the card's MP (SG-13.3 #31, #34)."""
    cm = state.card_move
    assert cm is not None
    if cm.mp <= 0 or not _movable(state, cm.owner, cm.marker):
        return []
    here = _fleet_hex(state, cm.owner, cm.marker)
    out = []
    for d, n in enumerate(neighbour_table(state.players)[here]):
        if n is None or _enter_cost(state, n) > cm.mp:
            continue
        if cm.away is not None and Hex(*n).distance(Hex(*cm.away)) <= Hex(*here).distance(Hex(*cm.away)):
            continue  # SG-A64: every Retreat step increases the distance
        out.append(d)
    return out


# --------------------------------------------------------------------------------------
# Windows (C-5)


def open_window(w: Work, kind: str, then: str) -> None:
    """Open a window of ``kind``; ``then`` runs once it closes (called by rules.checkpoint).
    A window already open (a card move resolving in it) waits until this one closes."""
    order = w.s.order
    seats = tuple(order[(w.turn + i) % len(order)] for i in range(len(order)))
    seats = tuple(s for s in seats if w.get("alive")[s])  # type: ignore[index]
    current = w.get("window")
    if isinstance(current, Window):
        w.f["outer"] = (*w.get("outer"), (current, str(w.get("window_then"))))  # type: ignore[misc]
    w.f["window_then"] = then
    _run(w, Window.open(kind, seats))


def _asker(state: State, device: int | None) -> Callable[[Window], bool]:
    return lambda win: _asked(state, win, device)


def _run(w: Work, win: Window) -> None:
    """Pass for every seat not asked (C-5.4) until a decision is due, a chain resolves or the
    window closes."""
    while True:
        step = auto_pass(win, _asker(w.freeze(), w.device))
        if step is None:
            break
        if step.resolved:
            assert step.window is not None
            w.f["window"] = step.window
            if not _resolve_chain(w, step.resolved):
                return  # the effect needs a decision first; continue_window() follows
            win = step.window
            continue
        if step.window is None:
            _close(w)
            return
        win = step.window
        break
    w.f["window"] = win
    w.phase = "window"


def _close(w: Work) -> None:
    """The window is over: the one it interrupted (if any) is current again; then ``then``."""
    then = str(w.get("window_then"))
    outer: tuple[tuple[Window, str], ...] = w.get("outer")  # type: ignore[assignment]
    if outer:
        (win, win_then), w.f["outer"] = outer[-1], outer[:-1]
        w.f["window"], w.f["window_then"] = win, win_then
    else:
        w.f["window"] = None
        w.f["window_then"] = ""
    w.phase = "closed"  # every continuation sets the next phase
    THEN[then](w)


def continue_window(w: Work) -> None:
    """After a card's effect needed a decision (a placement, a card move)."""
    if w.phase == "over":
        return
    win = w.get("window")
    assert isinstance(win, Window)
    _run(w, win)


def _resolve_chain(w: Work, chain: tuple[Play, ...]) -> bool:
    """C-5.2/C-5.3: newest first; an effective Intelligence negates the card below it, which
    then has no effect at all. Every card goes to the discard pile. False when an effect
    stopped for a decision or a window of its own (it goes on via continue_window); only
    the oldest card can do that, since responses are negations (C-5.2)."""
    handoffs = w.handoffs
    for res in resolve(chain, lambda p: CARD_BY_NUM[p.card].key == NEGATES):
        card = CARD_BY_NUM[res.play.card]
        deck = w.get("deck")
        assert isinstance(deck, Deck)
        w.f["deck"] = deck.discard(card.num)
        if not res.effective:
            w.say(f"{card.name} ({w.name(res.play.player)}) is negated (C-5.3)")
            continue
        if card.key == NEGATES:
            continue
        EFFECTS[card.key](w, res.play.player, res.play.args)
        if w.phase in ("place", "card_move", "over") or w.handoffs != handoffs:
            return False
    return True


# --------------------------------------------------------------------------------------
# Handling the card actions


def handle(w: Work, a: ActionBase) -> None:
    if isinstance(a, A.Pass):
        win = w.s.window
        assert win is not None
        step = win.passed()
        if step.resolved:
            assert step.window is not None
            w.f["window"] = step.window
            if _resolve_chain(w, step.resolved):
                _run(w, step.window)
        elif step.window is None:
            _close(w)
        else:
            _run(w, step.window)
        return
    if isinstance(a, A.PlayCard):
        seat = decider(w.s) if w.s.phase == "window" else w.active
        kind = "" if w.s.phase == "window" else "T" if w.s.phase == "transport" else "between"
        play = PendingPlay(seat, a.card, (), kind)
        if _done(CARD_BY_NUM[a.card], ()):
            _announce(w, play)
        else:
            w.f["play"] = play
            w.phase = "target"
        return
    if isinstance(a, A.Choose):
        pending = w.s.play
        assert pending is not None
        play = replace(pending, args=(*pending.args, a.value))
        if _done(CARD_BY_NUM[play.card], play.args):
            w.f["play"] = None
            _announce(w, play)
        else:
            w.f["play"] = play
        return
    if isinstance(a, A.DiscardCard):
        seat = w.active
        hands = list(w.s.cards)
        cards = list(hands[seat])
        cards.remove(a.card)
        hands[seat] = tuple(cards)
        w.f["cards"] = tuple(hands)
        deck = w.s.deck
        assert deck is not None
        w.f["deck"] = deck.discard(a.card)
        w.say(f"{w.name(seat)} discards {CARD_BY_NUM[a.card].name} (hand limit)")
        if len(cards) <= K.HAND_LIMIT:
            THEN["next_turn"](w)
        return
    raise AssertionError(a)  # pragma: no cover


def _announce(w: Work, play: PendingPlay) -> None:
    """The card leaves the hand and is PUBLIC with its targets (SG-14.1); then the other
    seats get their response opportunity (C-5.2)."""
    card = CARD_BY_NUM[play.card]
    args = tuple(a for a in play.args if a >= 0)
    hands = list(w.get("cards"))  # type: ignore[call-overload]
    mine = list(hands[play.player])
    mine.remove(play.card)
    hands[play.player] = tuple(mine)
    w.f["cards"] = tuple(hands)
    w.f["play"] = None
    w.revealed = True
    w.say(f"{w.name(play.player)} plays {card.name}{_describe_args(w, card, args)}")
    if play.kind:  # played among the phase's own decisions: a window just for the response
        w.f["window_then"] = "transport_on" if play.kind == "T" else "next_battle"
        win = Window.open(play.kind, _seats(w))
    else:
        current = w.get("window")
        assert isinstance(current, Window)
        win = current
    _run(w, win.played(Play(play.player, play.card, args)))


def _seats(w: Work) -> tuple[int, ...]:
    order = w.s.order
    seats = tuple(order[(w.turn + i) % len(order)] for i in range(len(order)))
    return tuple(s for s in seats if w.get("alive")[s])  # type: ignore[index]


def _describe_args(w: Work, card: Card, args: tuple[int, ...]) -> str:
    state = w.freeze()
    steps = [_step(card, args[:i]) for i in range(len(args))]
    parts = [describe_target(state, step, value) for step, value in zip(steps, args, strict=True)]
    return (": " + ", ".join(parts)) if parts else ""


def describe_target(state: State, step: str, value: int) -> str:
    """A readable name for a target value (public: card targets are PUBLIC, SG-14.1)."""
    if value < 0:
        return "done"
    names = ("West", "East") if state.players == 2 else ("Red", "Blue", "Green", "Gold")
    if step in (K.OWN_FLEET, K.OWN_MOVER, K.ENEMY_FLEET, K.BATTLE_FLEET, K.REDEPLOY_FLEET, K.MOVABLE_FLEET,
                K.SECOND_FLEET, K.HOME_FLEETS, K.INTERCEPTOR, K.RETREATER):
        owner, marker = _unkey(value)
        return f"{names[owner]} fleet {marker}"
    if step in (K.ENEMY_PLANET, K.OTHER_PLANET):
        p = state.planets[value]
        return f"planet {Hex(p.col, p.row).label}"
    if step == K.OPPONENT:
        return names[value]
    if step == K.ROLL:
        r = state.rolls[value]
        return f"the roll {r.purpose} ({' '.join(map(str, r.dice))})"
    if step == K.BATTLE_HEX:
        return f"hex {Hex(value // 100, value % 100).label}"
    if step == K.PLANET_FLEET:
        return "a new fleet" if value == 0 else f"fleet {value}"
    return f"{state.data.type_of(value).name} #{value}"


# --------------------------------------------------------------------------------------
# Card-driven moves (Lure, Retreat step by step; Intercept along its path)


def _start_card_move(w: Work, cm: CardMove) -> None:
    """Called while the card resolves: if the move needs no decision it is over at once and
    the window simply goes on; otherwise the mover decides (phase ``card_move``)."""
    w.f["card_move"] = cm
    if _advance_card_move(w):
        w.f["card_move"] = None


def continue_card_move(w: Work) -> None:
    """After a decision inside a card move (an Alien Ruins placement)."""
    if _advance_card_move(w):
        _finish_card_move(w)


def _advance_card_move(w: Work) -> bool:
    """Take the remaining automatic steps, then ask the mover. True when the move is over."""
    cm = w.get("card_move")
    assert isinstance(cm, CardMove)
    while cm.path:
        dest, cm = cm.path[0], replace(cm, path=cm.path[1:])
        w.f["card_move"] = cm
        handoffs = w.handoffs
        _card_enter(w, cm, dest)
        if w.phase == "place" or w.handoffs != handoffs:
            return False  # a decision or a window first; continue_card_move() follows
        moved = w.get("card_move")
        assert isinstance(moved, CardMove)
        cm = moved
    if cm.away is None and cm.player == cm.owner:  # Intercept: the path is the move
        return True
    if not _card_steps(w.freeze()):
        return True
    w.phase = "card_move"
    return False


def _card_enter(w: Work, cm: CardMove, dest: HexKey) -> None:
    """One card-move step. The move's MP is updated before the hex's own effects (SG-12.1),
    since these may hand over to a continuation that goes on with the move."""
    cost = _enter_cost(w.s, dest)
    stop = _move_fleet(w, cm.owner, cm.marker, dest, cost, card=True, arrive=False)
    w.f["card_move"] = replace(cm, mp=0 if stop else cm.mp - cost)
    t = terrain_at(w.s, dest)
    if t is not None:
        _arrive(w, cm.owner, dest, t, "card_move")


def card_step(w: Work, direction: int) -> None:
    cm = w.s.card_move
    assert cm is not None
    here = _fleet_hex(w.s, cm.owner, cm.marker)
    dest = neighbour_table(w.s.players)[here][direction]
    assert dest is not None
    handoffs = w.handoffs
    _card_enter(w, cm, dest)
    if w.phase == "place" or w.handoffs != handoffs:
        return
    continue_card_move(w)


def card_stop(w: Work) -> None:
    _finish_card_move(w)


def _finish_card_move(w: Work) -> None:
    w.f["card_move"] = None
    w.phase = "window"
    continue_window(w)


# --------------------------------------------------------------------------------------
# Effects, one per card (SG-13.3), in table order


def _fleet_bonus(w: Work, seat: int, args: tuple[int, ...], card: Card) -> None:
    """Bonuses for every ship in the fleet when played (mobile ships only for MOVE)."""
    owner, marker = _unkey(args[0])
    effects = list(w.get("effects"))  # type: ignore[call-overload]
    for c in w.fleet_ships(owner, marker):
        _ship_bonus(w, c, card, effects)
    w.f["effects"] = tuple(effects)


def _ship_bonus(w: Work, cid: int, card: Card, effects: list[tuple[str, int, int]]) -> None:
    if card.atk:
        effects.append(("atk", cid, card.atk))
    if card.defense:
        effects.append(("def", cid, card.defense))
    if card.move and not w.data.stationary[cid]:
        effects.append(("move", cid, card.move))
        ship = w.ships[cid]
        assert ship is not None
        if ship.owner == w.active and w.phase in ("transport", "window", "target"):
            w.set_ship(cid, mp=ship.mp + card.move)  # SG-5.6: a new bonus adds to the MP left


def _add_effect(w: Work, effect: tuple[str, int, int]) -> None:
    w.f["effects"] = (*w.get("effects"), effect)  # type: ignore[misc]


def _fx_bonus(w: Work, seat: int, args: tuple[int, ...], key: str) -> None:
    _fleet_bonus(w, seat, args, K.CARD_BY_KEY[key])


def _fx_defend_the_homeworld(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A60: the Homeworld's type becomes PUBLIC; the chosen fleets teleport there."""
    pid = _homeworld(w.freeze(), seat)
    p = w.planets[pid]
    w.planets[pid] = replace(p, public=True)
    w.say(f"{w.name(seat)} reveals the Homeworld at {Hex(p.col, p.row).label}")
    for value in args:
        owner, marker = _unkey(value)
        if (owner, marker) in w.fleets:
            _teleport(w, owner, marker, (p.col, p.row))


def _teleport(w: Work, owner: int, marker: int, dest: HexKey, stop: bool = True) -> None:
    """A card move that uses no MP; arriving where enemy ships are ends the fleet's move."""
    f = w.fleets[(owner, marker)]
    origin = (f.col, f.row)
    w.fleets[(owner, marker)] = replace(f, col=dest[0], row=dest[1])
    w.stale(owner, marker)
    if stop and owner == w.active and any(g.owner != owner and (g.col, g.row) == dest for g in w.fleets.values()):
        for c in w.fleet_ships(owner, marker):
            w.set_ship(c, mp=0)
    w.say(f"{w.name(owner)} fleet {marker} moves to {Hex(*dest).label}")
    w.peek((origin, dest))
    t = terrain_at(w.s, dest)
    if t is not None:
        _arrive(w, owner, dest, t, "window")


def _fx_increased_production(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("prod", 0, 0))


def _fx_long_range_probe(w: Work, seat: int, args: tuple[int, ...]) -> None:
    pid = args[0]
    p = w.planets[pid]
    w.known.add((seat, pid))
    w.say(f"Planet {Hex(p.col, p.row).label} is a {PLANET_TYPE_NAMES[p.ptype]} world", seat)


def _fx_scanners(w: Work, seat: int, args: tuple[int, ...]) -> None:
    owner, marker = _unkey(args[0])
    if (owner, marker) not in w.fleets:
        return
    ships = tuple((c, w.ships[c].pb, w.ships[c].carrier) for c in w.fleet_ships(owner, marker))  # type: ignore[union-attr]
    scans = [x for x in w.get("scans") if not (x[0] == seat and (x[1].owner, x[1].marker) == (owner, marker))]  # type: ignore[attr-defined]
    scans.append((seat, Sighting(owner, marker, w.round, ships)))
    w.f["scans"] = tuple(scans)
    w.say(f"{w.name(owner)} fleet {marker}: " + ", ".join(w.label(c) for c, _, _ in ships), seat)


def _fx_spies(w: Work, seat: int, args: tuple[int, ...]) -> None:
    target = args[0]
    cards = w.get("cards")[target]  # type: ignore[index]
    spied = [x for x in w.get("spied") if x[:2] != (seat, target)]  # type: ignore[attr-defined]
    spied.append((seat, target, w.round, cards))
    w.f["spied"] = tuple(spied)
    w.say(f"{w.name(target)} holds " + (", ".join(CARD_BY_NUM[c].name for c in cards) or "nothing"), seat)


def _fx_strategic_push(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("push", 0, 0))


def _fx_bypass(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("bypass", args[0], args[1]))


def _fx_boarding_action(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """It changes owner and joins an own fleet in its hex (lowest marker), keeping its pb;
    over the cap it is destroyed instead (SG-A30)."""
    cid = args[0]
    ship = w.ships[cid]
    if ship is None:
        return
    key = w.ship_hex(cid)
    if _at_cap(w, seat):
        w.say(f"{w.label(cid)} is destroyed in the boarding (cap reached)")
        w.wreck(cid)
        return
    marker = _own_fleet_at(w, seat, key)
    if marker is None:
        return
    w.remove_ship(cid, "limbo")
    w.limbo.remove(cid)
    w.ships[cid] = Ship(seat, marker, ship.pb)
    w.stale(seat, marker)
    w.say(f"{w.name(seat)} boards and takes {w.label(cid)}")


def _at_cap(w: Work, seat: int) -> bool:
    cap = ship_cap(w.s, seat)
    return bool(cap) and sum(1 for s in w.ships if s is not None and s.owner == seat) >= cap


def _own_fleet_at(w: Work, seat: int, key: HexKey, new: bool = False) -> int | None:
    mine = sorted(m for (o, m), f in w.fleets.items() if o == seat and (f.col, f.row) == key)
    if mine:
        return mine[0]
    if new and w.free_marker(seat):
        return w.new_fleet(seat, key)
    return None


def _fx_space_mines(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A63: one random ship of the fleet that just moved is destroyed (cid order)."""
    owner, marker = w.s.moved[0], w.s.moved[1]
    if (owner, marker) not in w.fleets:
        return
    members = w.fleet_ships(owner, marker)
    cid = w.roller.choice(members, f"SG.cards.space_mines seat={owner}")
    w.say(f"Space Mines destroy {w.label(cid)} of {w.name(owner)} fleet {marker}")
    w.remove_ship(cid, "pile")
    w.revealed = True


def _fx_sabotage(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """Two sequential random picks over the opponent's hand (sorted by card number)."""
    target = args[0]
    hands = list(w.get("cards"))  # type: ignore[call-overload]
    cards = list(hands[target])
    lost = []
    for _ in range(K.SABOTAGE_DISCARDS):
        if not cards:
            break
        lost.append(cards.pop(w.roller.randbelow(len(cards), "SG.cards.sabotage")))
    hands[target] = tuple(cards)
    w.f["cards"] = tuple(hands)
    deck = w.get("deck")
    assert isinstance(deck, Deck)
    w.f["deck"] = deck.discard(*lost)
    w.say(f"{w.name(target)} discards " + (", ".join(CARD_BY_NUM[c].name for c in lost) or "nothing"))


def _fx_diplomacy(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("diplomacy", 0, 0))


def _fx_opportunity(w: Work, seat: int, args: tuple[int, ...]) -> None:
    draw_cards(w, seat, K.OPPORTUNITY_DRAWS)


def _fx_jam(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A62: every ship in the fleet when played is jammed for this turn."""
    owner, marker = _unkey(args[0])
    for c in w.fleet_ships(owner, marker):
        _add_effect(w, ("jam", c, 0))


def _fx_data_analysis(w: Work, seat: int, args: tuple[int, ...]) -> None:
    deck = w.get("deck")
    assert isinstance(deck, Deck)
    top = deck.peek(K.ANALYSIS_DEPTH)
    rest = [x for x in w.get("analysis") if x[0] != seat]  # type: ignore[attr-defined]
    w.f["analysis"] = (*rest, (seat, top))
    w.say("The next cards: " + ", ".join(CARD_BY_NUM[c].name for c in top), seat)


def _fx_decoy(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("decoy", args[0], 0))


def _fx_its_a_dud(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("dud", args[0], 0))


def _take_wreck(w: Work, seat: int, cid: int, new: bool) -> None:
    wrecks: tuple[Wreck, ...] = w.get("wrecks")  # type: ignore[assignment]
    wreck = next((x for x in wrecks if x.cid == cid), None)
    if wreck is None or w.ships[cid] is not None:
        return
    if _at_cap(w, seat):
        w.say(f"{w.name(seat)} are at their ship cap: no effect (SG-A30)")
        return
    marker = _own_fleet_at(w, seat, (wreck.col, wreck.row), new=new)
    if marker is None and new:  # Repairs: else at any own planet
        for p in w.planets:
            if p.owner == seat and p.alive:
                marker = _own_fleet_at(w, seat, (p.col, p.row), new=True)
                if marker is not None:
                    break
    if marker is None:
        return
    w.f["wrecks"] = tuple(x for x in wrecks if x.cid != cid)
    w.limbo.remove(cid)
    w.ships[cid] = Ship(seat, marker, wreck.pb)
    w.stale(seat, marker)
    w.say(f"{w.name(seat)} recover {w.label(cid)} into fleet {marker}")


def _fx_salvage(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _take_wreck(w, seat, args[0], new=False)


def _fx_repairs(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _take_wreck(w, seat, args[0], new=True)


def _fx_suicide_attack(w: Work, seat: int, args: tuple[int, ...]) -> None:
    for cid in args:
        if w.ships[cid] is not None:
            w.say(f"{w.label(cid)} is destroyed (Suicide Attack)")
            w.wreck(cid)


def _fx_critical_hit(w: Work, seat: int, args: tuple[int, ...]) -> None:
    cands = _critical_candidates(w.freeze(), seat)
    if not cands:
        return
    cid = w.roller.choice(cands, "SG.cards.critical_hit")
    w.say(f"Critical Hit destroys {w.label(cid)}")
    w.wreck(cid)


def _fx_luck(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A59: the whole roll is rerolled (same dice, same size); the new result stands."""
    rolls = list(w.get("rolls"))  # type: ignore[call-overload]
    r = rolls[args[0]]
    dice = tuple(w.roller.dice(len(r.dice), r.sides, r.purpose + " (Luck)"))
    rolls[args[0]] = replace(r, dice=dice)
    w.f["rolls"] = tuple(rolls)
    w.say(f"Luck: {r.purpose} rerolled: {' '.join(map(str, r.dice))} -> {' '.join(map(str, dice))}")


def _fx_resupply(w: Work, seat: int, args: tuple[int, ...]) -> None:
    if w.ships[args[0]] is not None:
        w.set_ship(args[0], pb=pb_max(w.s, args[0]))


def _fx_redeploy(w: Work, seat: int, args: tuple[int, ...]) -> None:
    owner, marker = _unkey(args[0])
    p = w.planets[args[1]]
    if (owner, marker) in w.fleets and p.alive:
        _teleport(w, owner, marker, (p.col, p.row))


def _fx_lure(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A64: you move it with MP = its MOVE*; you learn only that MP. If it cannot move
    (MP 0, jammed, unloaded stationary ships), the card is wasted."""
    owner, marker = _unkey(args[0])
    if (owner, marker) not in w.fleets:
        return
    state = w.freeze()
    mp = _speed(state, owner, marker) if _movable(state, owner, marker) else 0
    w.say(f"Lure: {w.name(owner)} fleet {marker} has MP {mp}", seat)
    if mp:
        _start_card_move(w, CardMove(seat, owner, marker, mp))


def _fx_switch(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """They exchange hexes; no MP and no stop rule."""
    a, b = (_unkey(v) for v in args)
    if a not in w.fleets or b not in w.fleets:
        return
    fa, fb = w.fleets[a], w.fleets[b]
    _teleport(w, *a, (fb.col, fb.row), stop=False)
    _teleport(w, *b, (fa.col, fa.row), stop=False)


def _fx_intercept(w: Work, seat: int, args: tuple[int, ...]) -> None:
    owner, marker = _unkey(args[0])
    target = (w.s.moved[2], w.s.moved[3])
    path = _path(w.freeze(), owner, marker, target)
    if path is None:
        return
    _start_card_move(w, CardMove(seat, owner, marker, 0, None, path))


def _fx_retreat(w: Work, seat: int, args: tuple[int, ...]) -> None:
    owner, marker = _unkey(args[0])
    away = (w.s.moved[2], w.s.moved[3])
    _start_card_move(w, CardMove(seat, owner, marker, _speed(w.freeze(), owner, marker), away))


def _fx_operations(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """Its ships' remaining MP is reset to MOVE* once, which also lifts a forced stop."""
    owner, marker = _unkey(args[0])
    for c in w.fleet_ships(owner, marker):
        if not w.data.stationary[c]:
            w.set_ship(c, mp=move(w.s, c, owner))
    f = w.fleets[(owner, marker)]
    if f.done:
        w.fleets[(owner, marker)] = replace(f, done=False)


def _fx_refit(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A70: for each ship (cid order) draw a replacement into the same fleet; then the
    discarded ships return to the pile."""
    out = []
    for cid in sorted(a for a in args if a >= 0):
        ship = w.ships[cid]
        if ship is None or not w.pile:
            continue
        new, rest = w.roller.draw_from_pool(w.pile, f"SG.cards.refit seat={seat}")
        w.pile = list(rest)
        w.ships[new] = Ship(seat, ship.fleet, pb_max(w.s, new))
        w.say(f"Refit: {w.label(cid)} is replaced by {w.label(new)}", seat)
        out.append(cid)
    for cid in out:
        w.remove_ship(cid, "pile")
    w.say(f"{w.name(seat)} refits {len(out)} ship(s)")


def _fx_fighter_base(w: Work, seat: int, args: tuple[int, ...]) -> None:
    cid, pid, marker = args
    ship = w.ships[cid]
    p = w.planets[pid]
    if ship is None or not p.alive:
        return
    key = (p.col, p.row)
    alone = len(w.fleet_ships(seat, ship.fleet)) == 1
    if alone and marker == 0:
        _teleport(w, seat, ship.fleet, key)
        return
    w.remove_ship(cid, "limbo")
    w.limbo.remove(cid)
    target = marker if marker else w.new_fleet(seat, key)
    w.ships[cid] = Ship(seat, target, ship.pb)
    w.stale(seat, target)
    from .rules import _autoload

    _autoload(w, seat, target)
    w.say(f"{w.name(seat)} moves a fighter to {Hex(*key).label}")
    w.peek((key,))


def _fx_skirmish(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """DEF* +2 for every ship of both sides in this battle round (expires at B7)."""
    b = w.get("battle")
    assert isinstance(b, Battle)
    _add_effect(w, ("skirmish", b.col * 100 + b.row, K.CARD_BY_KEY["skirmish"].defense))


def _fx_point_defense(w: Work, seat: int, args: tuple[int, ...]) -> None:
    if w.ships[args[0]] is not None:
        w.say(f"Point Defense destroys {w.label(args[0])}")
        w.wreck(args[0])


def _fx_press_offensive(w: Work, seat: int, args: tuple[int, ...]) -> None:
    key = (args[0] // 100, args[0] % 100)
    w.f["press"] = (*w.get("press"), key)  # type: ignore[misc]


def _bonus(key: str) -> Callable[[Work, int, tuple[int, ...]], None]:
    return lambda w, seat, args: _fx_bonus(w, seat, args, key)


def _fx_afterburners(w: Work, seat: int, args: tuple[int, ...]) -> None:
    effects = list(w.get("effects"))  # type: ignore[call-overload]
    _ship_bonus(w, args[0], K.CARD_BY_KEY["afterburners"], effects)
    w.f["effects"] = tuple(effects)


def _fx_strafing_run(w: Work, seat: int, args: tuple[int, ...]) -> None:
    effects = list(w.get("effects"))  # type: ignore[call-overload]
    _ship_bonus(w, args[0], K.CARD_BY_KEY["strafing_run"], effects)
    w.f["effects"] = tuple(effects)


def _fx_none(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """Intelligence's effect is the negation itself (see ``_resolve_chain``)."""


EFFECTS: dict[str, Callable[[Work, int, tuple[int, ...]], None]] = {
    "interstellar_shortcut": _bonus("interstellar_shortcut"),
    "defend_the_homeworld": _fx_defend_the_homeworld,
    "sustained_burn": _bonus("sustained_burn"),
    "surprise_attack": _bonus("surprise_attack"),
    "ambush": _bonus("ambush"),
    "defensive_formation": _bonus("defensive_formation"),
    "increased_production": _fx_increased_production,
    "long_range_probe": _fx_long_range_probe,
    "scanners": _fx_scanners,
    "spies": _fx_spies,
    "strategic_push": _fx_strategic_push,
    "bypass": _fx_bypass,
    "boarding_action": _fx_boarding_action,
    "space_mines": _fx_space_mines,
    "sabotage": _fx_sabotage,
    "diplomacy": _fx_diplomacy,
    "tactical_advantage": _bonus("tactical_advantage"),
    "opportunity": _fx_opportunity,
    "jam_communications": _fx_jam,
    "data_analysis": _fx_data_analysis,
    "decoy": _fx_decoy,
    "its_a_dud": _fx_its_a_dud,
    "salvage": _fx_salvage,
    "repairs": _fx_repairs,
    "suicide_attack": _fx_suicide_attack,
    "intelligence": _fx_none,
    "critical_hit": _fx_critical_hit,
    "luck": _fx_luck,
    "resupply": _fx_resupply,
    "redeploy": _fx_redeploy,
    "lure": _fx_lure,
    "switch": _fx_switch,
    "intercept": _fx_intercept,
    "retreat": _fx_retreat,
    "operations": _fx_operations,
    "refit": _fx_refit,
    "afterburners": _fx_afterburners,
    "fighter_base": _fx_fighter_base,
    "strafing_run": _fx_strafing_run,
    "skirmish": _fx_skirmish,
    "point_defense": _fx_point_defense,
    "press_offensive": _fx_press_offensive,
}
assert list(EFFECTS) == [c.key for c in CARDS], "one effect per card, in table order"
