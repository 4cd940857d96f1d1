"""Space Genocide rules: setup, movement, battles, PBs, production and victory (SG-3..SG-10).

``legal_actions`` reads the immutable State; ``apply`` copies it into a mutable ``Work``,
runs the rule steps on it and freezes a new State. Every ship value goes through the
``atk``/``defense``/``move``/``bays`` hooks, where later modules (races, terrain, cards,
SG-11..13) add their modifiers without touching the procedures.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from itertools import compress
from operator import attrgetter, gt
from typing import Any

from ...deck import Deck
from ...game import ActionBase, IllegalActionError
from ...hexgrid import Hex, HexMap
from ...rng import Roll, Roller
from . import actions as A
from .cards import CARD_BY_NUM
from .data import (
    INITIAL_SHIPS,
    MAP_ROWS,
    PLANET_TYPE_COUNTS,
    PLANET_TYPE_NAMES,
    PLANETS_PER_PLAYER,
    RESOURCE_TYPES,
    SECTION_COLS,
    SHIP_COST,
    VARIANTS,
    ShipType,
)
from .races import NO_RACE, RACE_BY_KEY, RACES, SELF_DESTRUCT_ATK, Race
from .state import (
    Battle,
    BurstStep,
    Fleet,
    Planet,
    RollRec,
    Ship,
    Sighting,
    State,
    Wreck,
    log_entry,
)
from .state import evolve as replace
from .terrain import BLACK_HOLE_LOSS, NEUTRAL_TYPE, NEXUS_CARDS, TERRAIN, TERRAIN_BY_KEY, Terrain

HexKey = tuple[int, int]
PUBLIC = -1
SEALED = 99  # a log audience no seat has (C-4.1 SEALED)


def roll_log(rolls: Sequence[Roll]) -> list[str]:
    """C-2.8: every RNG use with its purpose, consecutive ones of one purpose on one line.

    Dice are PUBLIC; a pile draw ("... seat=N") is PRIVATE to that seat, since the pick
    index hints at the counter drawn (SG-14.1: ships drawn are private)."""
    out: list[str] = []
    i = 0
    while i < len(rolls):
        j = i
        while j < len(rolls) and rolls[j].purpose == rolls[i].purpose:
            j += 1
        first = rolls[i]
        values = " ".join(str(r.value if r.is_die else r.value + 1) for r in rolls[i:j])
        kind = f"d{first.sides}" if first.is_die else f"pick of {first.sides}"
        audience = PUBLIC
        if " seat=" in first.purpose:
            audience = int(first.purpose.rsplit("=", 1)[1])
        elif first.purpose.endswith(" sealed"):
            audience = SEALED  # a deck shuffle: its picks would give the deck order away
        out.append(log_entry(audience, f"{first.purpose}: {kind} = {values}"))
        i = j
    return out


def seat_name(seat: int, players: int) -> str:
    if players == 2:
        return ("West", "East")[seat]
    return ("Red", "Blue", "Green", "Gold")[seat]


def game_map(players: int) -> HexMap:
    """SG-3.1: 24 rows, 12 columns per player."""
    return HexMap(SECTION_COLS * players, MAP_ROWS)


_NEIGHBOURS: dict[int, dict[HexKey, tuple[HexKey | None, ...]]] = {}


def neighbour_table(players: int) -> dict[HexKey, tuple[HexKey | None, ...]]:
    """For each map hex, its neighbour in directions 0..5 (None off the map), via hexgrid (C-1)."""
    table = _NEIGHBOURS.get(players)
    if table is None:
        gmap = game_map(players)
        table = {}
        for cell in gmap.cells():
            table[(cell.col, cell.row)] = tuple(
                (n.col, n.row) if gmap.contains(n) else None for n in cell.neighbours()
            )
        _NEIGHBOURS[players] = table
    return table


def ship_label(data_types: tuple[ShipType, ...], copies: int, cid: int) -> str:
    return f"{data_types[cid // copies].name} #{cid}"


# --------------------------------------------------------------------------------------
# Modifier hooks (SG-2.7). Every ship value is read through these: the Advanced planet
# bonus, then the modules' additive modifiers (SG-A71), each taken from its data table.


def race_of(state: State, seat: int) -> Race:
    """SG-11: the seat's race row (``NO_RACE`` when the module is off or not yet chosen)."""
    races = state.races
    return RACE_BY_KEY[races[seat]] if races else NO_RACE


_TERRAIN_MAP: list[tuple[tuple[tuple[int, int, str], ...], dict[HexKey, Terrain]]] = []


def terrain_at(state: State, key: HexKey) -> Terrain | None:
    """SG-12: the terrain in a hex, if any. The layout never changes during a game and every
    state of a game shares the same tuple, so the last lookup table is kept by identity."""
    terrain = state.terrain
    if not terrain:
        return None
    if not _TERRAIN_MAP or _TERRAIN_MAP[0][0] is not terrain:
        _TERRAIN_MAP[:] = [(terrain, {(c, r): TERRAIN_BY_KEY[k] for c, r, k in terrain})]
    return _TERRAIN_MAP[0][1].get(key)


def _module_bonus(state: State, stat: str, owner: int, key: HexKey) -> int:
    """The owner's race (SG-11) and the hex's terrain (SG-12) modifier to ``stat``."""
    bonus = 0
    if state.races:
        bonus += int(getattr(race_of(state, owner), stat))
    if state.terrain:
        t = terrain_at(state, key)
        if t is not None:
            bonus += int(getattr(t, stat))
    return bonus


def atk(state: State, cid: int, owner: int, own_planet: bool, key: HexKey) -> int:
    """ATK*: base + 1 at an own planet in Advanced (SG-A29) + race (SG-11) + terrain (SG-12)."""
    value = state.data.type_of(cid).atk
    if own_planet and state.data.home_bonus:
        value += 1
    value += _module_bonus(state, "atk", owner, key)
    if state.effects:  # SG-13.3 card bonuses this turn
        value += sum(v for k, c, v in state.effects if k == "atk" and c == cid)
    return value


def defense(state: State, cid: int, owner: int, own_planet: bool, key: HexKey) -> int:
    """DEF*: base + 2 at an own planet in Advanced (SG-A29) + race (SG-11) + terrain (SG-12)."""
    value = state.data.type_of(cid).defense
    if own_planet and state.data.home_bonus:
        value += 2
    value += _module_bonus(state, "defense", owner, key)
    if state.effects:  # SG-13.3 card bonuses; Skirmish covers the whole battle hex
        hexkey = key[0] * 100 + key[1]
        value += sum(
            v for k, c, v in state.effects if (k == "def" and c == cid) or (k == "skirmish" and c == hexkey)
        )
    return value


def move(state: State, cid: int, owner: int) -> int:
    """MOVE*: stationary ships always 0 (SG-A51); mobile ones + race (SG-11)."""
    value = state.data.base_move[cid]
    if value and state.races:
        value += race_of(state, owner).move
    if value and state.effects:  # SG-13.3 card bonuses (never for stationary ships, SG-A51)
        value += sum(v for k, c, v in state.effects if k == "move" and c == cid)
    return value


def jammed(state: State, cid: int) -> bool:
    """Jam Communications (SG-13.3 #19): this ship may not move this turn."""
    return bool(state.effects) and ("jam", cid, 0) in state.effects


def placer(state: State) -> int:
    """Who places the ship in ``drawn``: the active player, or an Alien Ruins finder."""
    return state.placer if state.placer >= 0 else state.active


def bays(state: State, cid: int, owner: int) -> int:
    """BAYS*: fighters have none (SG-2.2); Insect non-fighters + 1 (SG-A50)."""
    value = state.data.base_bays[cid]
    if state.races and not state.data.fighter[cid]:
        value += race_of(state, owner).bays
    return value


def pb_max(state: State, cid: int) -> int:
    return state.data.pb_max[cid]


def ship_cap(state: State, seat: int) -> int:
    """SG-1.1 / SG-A30: 20 in Advanced (Worms 25), 0 = no cap (Classic)."""
    cap = state.data.ship_cap
    if cap and state.races:
        cap += race_of(state, seat).cap
    return cap


def pb_hit(state: State, seat: int) -> int:
    """SG-8.5: a PB die at most this destroys a planet (3; Amoeboids 4)."""
    return race_of(state, seat).pb_hit


# --------------------------------------------------------------------------------------
# Setup (SG-3)


def new_state(
    variant: str,
    production: str,
    discard_rule: bool,
    combat_die: int,
    players: int,
    round_limit: int,
    seed_rng: Roller,
    modules: tuple[str, ...] = (),
) -> State:
    """SG-3.2..3.7 and SG-15 items 1, 2, 4, in that order."""
    data = VARIANTS[variant]
    if not data.planet_types:
        modules = ()  # SG-1.1: the modules are n/a in Classic
    roller = seed_rng
    log: list[str] = []
    # SG-3.2: roll-off, tied highest re-roll.
    contenders = list(range(players))
    while True:
        rolls = {p: roller.d(6, f"SG.rolloff {seat_name(p, players)}") for p in contenders}
        log.append(
            log_entry(
                PUBLIC,
                "Roll-off: " + ", ".join(f"{seat_name(p, players)} {v}" for p, v in rolls.items()),
            )
        )
        best = max(rolls.values())
        contenders = [p for p, v in rolls.items() if v == best]
        if len(contenders) == 1:
            break
    first = contenders[0]
    order = tuple((first + i) % players for i in range(players))  # SG-16.3: clockwise
    log.append(log_entry(PUBLIC, f"{seat_name(first, players)} plays first"))
    planets = _place_planets(players, roller)
    terrain: tuple[tuple[int, int, str], ...] = ()
    if "terrain" in modules:  # SG-3.4 / SG-15 item 3
        terrain, neutral = _place_terrain(players, planets, roller, "cards" in modules)
        planets = (*planets, *neutral)
        log.append(log_entry(PUBLIC, f"Terrain placed: {len(terrain)} hexes"))
    pile = list(range(data.total))
    hands: list[tuple[int, ...]] = [() for _ in range(players)]
    for seat in order:  # SG-3.7, in turn order, one at a time
        drawn = []
        for _ in range(INITIAL_SHIPS):
            cid, rest = roller.draw_from_pool(pile, f"SG.setup.draw seat={seat}")
            pile = list(rest)
            drawn.append(cid)
        hands[seat] = tuple(sorted(drawn))
        log.append(log_entry(PUBLIC, f"{seat_name(seat, players)} draws {INITIAL_SHIPS} ships"))
    deck = None
    card_hands: tuple[tuple[int, ...], ...] = ()
    if "cards" in modules:  # SG-3.9 / SG-15 item 5
        from .cardplay import deal

        deck, card_hands = deal(roller, order, players)
        log.append(log_entry(PUBLIC, "The card deck is shuffled; 3 cards are dealt to each player"))
        for seat in order:
            names = ", ".join(CARD_BY_NUM[c].name for c in card_hands[seat])
            log.append(log_entry(seat, f"Your cards: {names}"))
    log.extend(roll_log(roller.rolls))
    return State(
        variant=variant,
        production=production,
        discard_rule=discard_rule,
        combat_die=combat_die,
        players=players,
        round_limit=round_limit,
        rng=roller.value,
        order=order,
        planets=planets,
        ships=(None,) * data.total,
        pile=tuple(pile),
        next_marker=(1,) * players,
        resources=(0,) * players,
        alive=(True,) * players,
        phase="race" if "races" in modules else "types" if data.planet_types else "fleets",
        hands=tuple(hands),
        log=tuple(log),
        modules=modules,
        races=("",) * players if "races" in modules else (),
        terrain=terrain,
        deck=deck,
        cards=card_hands,
    )


def planet_zone(players: int, seat: int) -> list[Hex]:
    """SG-3.1: the seat's strip minus the 2 columns next to another section, by (col, row)."""
    lo, hi = SECTION_COLS * seat, SECTION_COLS * seat + SECTION_COLS - 1
    if seat > 0:
        lo += 2
    if seat < players - 1:
        hi -= 2
    return [Hex(c, r) for c in range(lo, hi + 1) for r in range(MAP_ROWS)]


def _place_planets(players: int, roller: Roller) -> tuple[Planet, ...]:
    """SG-3.3: a 1D6+2 random walk with separation >= 3, seat by seat."""
    placed: list[tuple[int, int, int]] = []
    planets: list[Planet] = []

    def dist(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))

    for seat in range(players):
        zone = [(h, h.cube) for h in planet_zone(players, seat)]
        free = [(h, c) for h, c in zone if all(dist(c, p) >= 3 for p in placed)]
        prev: tuple[int, int, int] | None = None
        for k in range(PLANETS_PER_PLAYER):
            candidates: list[tuple[Hex, tuple[int, int, int]]] = []
            if prev is not None:
                for _ in range(10):
                    d = roller.d(6, "SG.setup.planet distance") + 2
                    candidates = [(h, c) for h, c in free if dist(c, prev) == d]
                    if candidates:
                        break
            if not candidates:
                candidates = free or [
                    (h, c) for h, c in zone if all(dist(c, p) >= 2 for p in placed)
                ]
            cell, cube = candidates[roller.randbelow(len(candidates), f"SG.setup.planet {k + 1}")]
            placed.append(cube)
            free = [(h, c) for h, c in free if dist(c, cube) >= 3]
            planets.append(Planet(seat, cell.col, cell.row))
            prev = cube
    return tuple(planets)


def _place_terrain(
    players: int, planets: tuple[Planet, ...], roller: Roller, cards: bool
) -> tuple[tuple[tuple[int, int, str], ...], tuple[Planet, ...]]:
    """SG-12.2 / SG-12.3: mirrored pairs in the West half (2 players), singletons in the
    middle band, redone (same RNG stream) until no Super Nova cuts planets apart."""
    gmap = game_map(players)
    width, height = gmap.width, gmap.height
    zones = {(h.col, h.row) for seat in range(players) for h in planet_zone(players, seat)}
    cells = [(c, r) for c in range(width) for r in range(height)]
    types = [t for t in TERRAIN if cards or not t.needs_cards]
    for _attempt in range(100):
        layout = _Layout(players, [(p.col, p.row) for p in planets])
        if players == 2:
            west = [k for k in cells if k[0] < width // 2]
            for t in [t for t in types if t.paired]:
                for _ in range(t.count // 2):
                    cands = [
                        k for k in west if layout.fits(k, t) and layout.fits(_mirror(k, width, height), t)
                    ]
                    key = cands[roller.randbelow(len(cands), f"SG.setup.terrain {t.key}")]
                    layout.put(key, t)
                    layout.put(_mirror(key, width, height), t)
            for t in [t for t in types if not t.paired]:
                cands = [k for k in cells if k not in zones and layout.fits(k, t)]
                layout.put(cands[roller.randbelow(len(cands), f"SG.setup.terrain {t.key}")], t)
        else:
            for t in types:
                for _ in range((t.count * players + 1) // 2):
                    cands = [k for k in cells if layout.fits(k, t) and (t.paired or k not in zones)]
                    layout.put(cands[roller.randbelow(len(cands), f"SG.setup.terrain {t.key}")], t)
        if _connected(players, [(p.col, p.row) for p in planets], layout.placed):
            terrain = tuple(sorted((c, r, k) for (c, r), k in layout.placed.items()))
            neutral = tuple(Planet(-1, c, r) for c, r, k in terrain if TERRAIN_BY_KEY[k].neutral)
            return terrain, neutral
    raise AssertionError("no terrain layout keeps the planets connected")  # pragma: no cover


class _Layout:
    """One placement attempt (SG-12.2): terrain so far, and each hex's distance to the nearest
    planet (neutral planets included once placed), counted up to 3 (all the rules need)."""

    def __init__(self, players: int, worlds: list[HexKey]) -> None:
        self.table = neighbour_table(players)
        self.taken = set(worlds)
        self.placed: dict[HexKey, str] = {}
        self.near = dict.fromkeys(self.table, 3)
        for w in worlds:
            self._note(w)

    def _note(self, world: HexKey) -> None:
        near, table = self.near, self.table
        near[world] = 0
        frontier, seen = [world], {world}
        for d in (1, 2):
            ring = []
            for k in frontier:
                for n in table[k]:
                    if n is not None and n not in seen:
                        seen.add(n)
                        ring.append(n)
                        near[n] = min(near[n], d)
            frontier = ring

    def fits(self, key: HexKey, t: Terrain) -> bool:
        """Free (no planet, no terrain), not next to a planet for Super Nova and Black Hole,
        at least 3 from every planet for a Neutral Planet."""
        if key in self.taken:
            return False
        if t.keep_off_planets and self.near[key] <= 1:
            return False
        return self.near[key] >= t.planet_distance

    def put(self, key: HexKey, t: Terrain) -> None:
        self.placed[key] = t.key
        self.taken.add(key)
        if t.neutral:
            self._note(key)


def _mirror(key: HexKey, width: int, height: int) -> HexKey:
    """C-1.6: the 180-degree rotation of the map."""
    return (width - 1 - key[0], height - 1 - key[1])


def _connected(players: int, worlds: list[HexKey], placed: dict[HexKey, str]) -> bool:
    """SG-12.2 step 3: every planet reaches every other through non-Super-Nova hexes."""
    table = neighbour_table(players)
    blocked = {k for k, t in placed.items() if TERRAIN_BY_KEY[t].impassable}
    seen = {worlds[0]}
    todo = [worlds[0]]
    while todo:
        for n in table[todo.pop()]:
            if n is not None and n not in seen and n not in blocked:
                seen.add(n)
                todo.append(n)
    return all(w in seen for w in worlds)


def setup_seat(state: State) -> int:
    return state.order[state.setup_seat]


def race_choices(state: State) -> list[str]:
    """SG-3.5 / SG-A48: races not taken yet; Terrans only with cards (SG-1.3)."""
    taken = set(state.races)
    cards = state.has("cards")
    return [r.key for r in RACES if r.key not in taken and (cards or not r.needs_cards)]


def _remaining_types(state: State, seat: int) -> list[str]:
    used = [p.ptype for p in state.planets if p.owner == seat and p.ptype]
    return [t for t, n in PLANET_TYPE_COUNTS if used.count(t) < n]


def _next_untyped(state: State, seat: int) -> int:
    for pid, p in enumerate(state.planets):
        if p.owner == seat and not p.ptype:
            return pid
    return -1


def _next_unplaced(state: State, seat: int) -> int:
    placed = {cid for cid, _ in state.placements}
    for cid in state.hands[seat]:
        if cid not in placed:
            return cid
    return -1


def _setup_room(state: State) -> int:
    """SG-3.8: exactly 2 per planet (Classic), 0-5 (Advanced)."""
    return 5 if state.data.planet_types else 2


# --------------------------------------------------------------------------------------
# Indexes over a state


class Index:
    """Per-call lookups: ships per fleet, fleets and owners per hex, live planets per hex."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.fleet_ships: dict[tuple[int, int], list[int]] = {}
        for cid, ship in enumerate(state.ships):
            if ship is not None:
                self.fleet_ships.setdefault((ship.owner, ship.fleet), []).append(cid)
        self.fleets: dict[tuple[int, int], Fleet] = {(f.owner, f.marker): f for f in state.fleets}
        self.hex_fleets: dict[HexKey, list[Fleet]] = {}
        for f in state.fleets:
            self.hex_fleets.setdefault((f.col, f.row), []).append(f)
        self.planet_at: dict[HexKey, int] = {
            (p.col, p.row): pid for pid, p in enumerate(state.planets) if p.alive
        }

    def owners_at(self, key: HexKey) -> set[int]:
        return {f.owner for f in self.hex_fleets.get(key, ())}

    def own_planet(self, owner: int, key: HexKey) -> bool:
        pid = self.planet_at.get(key)
        return pid is not None and self.state.planets[pid].owner == owner

    def ships_at(self, key: HexKey) -> list[int]:
        out: list[int] = []
        for f in self.hex_fleets.get(key, ()):
            out.extend(self.fleet_ships.get((f.owner, f.marker), ()))
        return sorted(out)

    def free_marker(self, owner: int) -> int:
        return _free_marker(self.state, owner)


def scavenger(state: State) -> int:
    """SG-11: the seat playing the Scavengers (races are never duplicated, SG-A48)."""
    return next(s for s in range(state.players) if race_of(state, s).scavenge)


def ships_in_play(state: State, owner: int) -> int:
    return sum(1 for s in state.ships if s is not None and s.owner == owner)


# --------------------------------------------------------------------------------------
# Current player and legal actions


def current_player(state: State) -> int | None:
    phase = state.phase
    if phase == "over":
        return None
    if phase in ("race", "types", "fleets"):
        return setup_seat(state)
    if phase == "capture":
        return scavenger(state)
    if phase == "declare":
        assert state.battle is not None
        return state.battle.declarers[0]
    if phase == "burst":
        assert state.burst is not None
        return state.burst.declarers[0]
    if phase == "place":
        return placer(state)
    if phase in ("window", "target", "card_move"):
        from . import cardplay

        return cardplay.decider(state)
    return state.active


_last: list[tuple[State, tuple[ActionBase, ...]]] = []


def legal_actions(state: State) -> list[ActionBase]:
    """Every decision now, in a stable order. A one-entry memo keyed by identity (the state
    is immutable and held by the memo, so its id cannot be reused) saves recomputing the
    list when a caller asks for it and then applies one of its actions."""
    return list(_legal_tuple(state))


def _legal_tuple(state: State) -> tuple[ActionBase, ...]:
    entry = _last[0] if _last else None
    if entry is not None and entry[0] is state:
        return entry[1]
    result = tuple(_compute_legal(state))
    _last[:] = [(state, result)]
    return result


def _compute_legal(state: State) -> list[ActionBase]:
    phase = state.phase
    if phase == "race":
        return [A.ChooseRace(r) for r in race_choices(state)]
    if phase == "capture":
        return [A.Capture(c) for c in state.capture]
    if phase == "types":
        seat = setup_seat(state)
        pid = _next_untyped(state, seat)
        return [A.SetType(pid, t) for t in _remaining_types(state, seat)]
    if phase == "fleets":
        seat = setup_seat(state)
        counts = [0] * len(state.planets)
        for _, pid in state.placements:
            counts[pid] += 1
        room = _setup_room(state)
        return [
            A.SetupPlace(pid)
            for pid, p in enumerate(state.planets)
            if p.owner == seat and counts[pid] < room
        ]
    if phase == "transport":
        out: list[ActionBase] = _transport_actions(state) if state.cursor else [A.EndTransport()]
        out.extend(A.Select(m) for m in orderable(state.ships, state.fleets, state) if m != state.cursor)
        if state.has("cards"):
            from . import cardplay

            out.extend(cardplay.inline_plays(state, "T"))
        return out
    if phase == "choose_battle":
        fights: list[ActionBase] = [A.Fight(c, r) for c, r in _battle_hexes(state, Index(state))]
        if state.has("cards"):
            from . import cardplay

            fights.extend(cardplay.inline_plays(state, "between"))
        return fights
    if phase in ("window", "target", "card_move", "hand_limit"):
        from . import cardplay

        return cardplay.legal(state)
    if phase == "declare":
        return _target_actions(state)
    if phase == "burst":
        assert state.burst is not None
        cid = state.burst.queue[0]
        ship = state.ships[cid]
        assert ship is not None
        return [A.Burst(cid, n) for n in range(ship.pb + 1)]
    if phase == "md":
        cid = state.md_queue[0]
        ship = state.ships[cid]
        assert ship is not None
        return [A.Launch(cid, n) for n in range(ship.pb + 1)]
    if phase == "discard":
        own = [
            cid for cid, s in enumerate(state.ships) if s is not None and s.owner == state.active
        ]
        return [A.Discard(-1), *(A.Discard(cid) for cid in own)]
    if phase == "place":
        return _place_actions(state)
    if phase == "buy":
        return _buy_actions(state, Index(state))
    return []


def _split_groups(state: State, cids: list[int]) -> list[int]:
    """Ships that may be split off: any ship, unless it (with its load) is the whole fleet."""
    loads: dict[int, int] = {}
    for c in cids:
        host = state.ships[c].carrier  # type: ignore[union-attr]
        if host >= 0:
            loads[host] = loads.get(host, 0) + 1
    n = len(cids)
    return [c for c in cids if 1 + loads.get(c, 0) < n]


def _carrier(ships: Sequence[Ship | None], cid: int) -> int:
    ship = ships[cid]
    assert ship is not None
    return ship.carrier


def _owner(ships: Sequence[Ship | None], cid: int) -> int:
    ship = ships[cid]
    assert ship is not None
    return ship.owner


def _loaded_count(state: State, cids: list[int], carrier: int) -> int:
    return len([c for c in cids if _carrier(state.ships, c) == carrier])


def _free_marker(state: State, owner: int) -> int:
    """A marker for a new fleet: lowest free 1..limit (Advanced), else the next number."""
    limit = state.data.fleet_limit
    if not limit:
        return state.next_marker[owner]
    used = {f.marker for f in state.fleets if f.owner == owner}
    for m in range(1, limit + 1):
        if m not in used:
            return m
    return 0


def orderable(ships: Sequence[Ship | None], fleets: Iterable[Fleet], state: State) -> list[int]:
    """SG-5.10: the active player's fleets that can still be ordered this Transport Phase:
    a mobile ship with MP left, or something to reorganise: two ships to split or load, or
    another own fleet in the hex to merge with (SG-5.3, SG-5.5; MP is not needed for that)."""
    owner, stationary = state.active, state.data.stationary
    size: dict[int, int] = {}
    movers: set[int] = set()
    for cid, ship in enumerate(ships):
        if ship is not None and ship.owner == owner:
            size[ship.fleet] = size.get(ship.fleet, 0) + 1
            if ship.mp > 0 and not stationary[cid]:
                movers.add(ship.fleet)
    own = [f for f in fleets if f.owner == owner]
    per_hex: dict[HexKey, int] = {}
    for f in own:
        per_hex[(f.col, f.row)] = per_hex.get((f.col, f.row), 0) + 1
    return sorted(
        f.marker
        for f in own
        if f.marker in movers or size.get(f.marker, 0) > 1 or per_hex[(f.col, f.row)] > 1
    )


def _transport_actions(state: State) -> list[ActionBase]:
    owner, marker = state.active, state.cursor
    data = state.data
    stationary, fighter = data.stationary, data.fighter
    cids: list[int] = []
    can_step = True
    least = 99  # the lowest remaining MP of a mobile ship
    for c, s in enumerate(state.ships):
        if s is not None and s.fleet == marker and s.owner == owner:
            cids.append(c)
            if stationary[c]:
                if s.carrier < 0:  # SG-5.7 (b) no unloaded stationary ship
                    can_step = False
            elif s.mp < least:
                least = s.mp
    if state.effects and any(jammed(state, c) for c in cids):
        can_step = False  # SG-5.7 (d) Jam Communications
    fleet = next(f for f in state.fleets if f.owner == owner and f.marker == marker)
    out: list[ActionBase] = []
    # A fleet with no MP left steps nowhere, not even at 0 cost into a Gravitic Anomaly or
    # through a Star Gate: its move is complete (SG-5.8 stop, SG-13.2 O-move definition).
    if can_step and least > 0:
        for d, n in enumerate(neighbour_table(state.players)[(fleet.col, fleet.row)]):
            if n is not None and least >= _enter_cost(state, n):  # SG-5.7 (a), (c)
                out.append(A.Step(d))
        here = terrain_at(state, (fleet.col, fleet.row))
        if here is not None and here.gate:  # SG-5.11: a 0-MP transit to any other gate
            out.extend(
                A.Gate(c, r)
                for c, r, k in state.terrain
                if TERRAIN_BY_KEY[k].gate and (c, r) != (fleet.col, fleet.row)
            )
    out.append(A.Hold())
    out.append(A.EndTransport())
    if len(cids) > 1 and _free_marker(state, owner):
        out.extend(A.Split(c) for c in _split_groups(state, cids))
    for other in state.fleets:
        if (
            other.owner == owner
            and other.marker != marker
            and other.col == fleet.col
            and other.row == fleet.row
        ):
            out.append(A.Merge(other.marker))
    room = {c: bays(state, c, owner) for c in cids if not fighter[c]}
    carriers = [c for c, n in room.items() if n > 0]
    if carriers:
        for c in cids:
            if not fighter[c]:
                continue
            if state.ships[c].carrier >= 0:  # type: ignore[union-attr]
                out.append(A.Unload(c))
            else:
                out.extend(
                    A.Load(c, b) for b in carriers if _loaded_count(state, cids, b) < room[b]
                )
    else:
        out.extend(A.Unload(c) for c in cids if fighter[c] and state.ships[c].carrier >= 0)  # type: ignore[union-attr]
    return out


def _enter_cost(state: State, key: HexKey) -> int:
    """SG-5.7: 1 MP per step; 0 into a Gravitic Anomaly; 99 (never) into a Super Nova."""
    if not state.terrain:
        return 1
    t = terrain_at(state, key)
    if t is None:
        return 1
    return 99 if t.impassable else t.enter_cost


def _battle_hexes(state: State, idx: Index) -> list[HexKey]:
    """SG-6.1: hexes holding ships of two or more players, not yet fought this phase."""
    return sorted(
        k
        for k, fl in idx.hex_fleets.items()
        if len({f.owner for f in fl}) > 1 and k not in state.fought
    )


def _eligible(
    state: State, idx: Index, key: HexKey, owner: int, protected: Iterable[int]
) -> list[int]:
    """SG-6.5/6.7: the owner's ships with ATK* >= 1 that have a legal target."""
    ships = idx.ships_at(key)
    prot = set(protected)
    targets = [c for c in ships if state.ships[c].owner != owner and c not in prot]  # type: ignore[union-attr]
    if not targets:
        return []
    own_planet = idx.own_planet(owner, key)
    if race_of(state, owner).self_destruct:  # SG-11: any Amoeboid ship may sacrifice itself
        return [c for c in ships if _owner(state.ships, c) == owner]
    out = []
    for c in ships:
        ship = state.ships[c]
        assert ship is not None
        if ship.owner == owner and atk(state, c, owner, own_planet, key) >= 1:
            out.append(c)
    return out


def legal_targets(state: State, idx: Index, attacker: int) -> list[int]:
    """SG-6.7: enemy ships in the battle hex, except bay-ships protected at B1."""
    battle = state.battle
    assert battle is not None
    owner = state.ships[attacker].owner  # type: ignore[union-attr]
    return [
        c
        for c in idx.ships_at((battle.col, battle.row))
        if _owner(state.ships, c) != owner and c not in battle.protected
    ]


def _target_actions(state: State) -> list[ActionBase]:
    battle = state.battle
    assert battle is not None
    attacker = battle.queue[0]
    idx = Index(state)
    targets = legal_targets(state, idx, attacker)
    key = (battle.col, battle.row)
    owner = _owner(state.ships, attacker)
    out: list[ActionBase] = [A.Target(attacker, -1)]
    if atk(state, attacker, owner, idx.own_planet(owner, key), key) >= 1:  # SG-6.5
        out.extend(A.Target(attacker, t) for t in targets)
    if race_of(state, owner).self_destruct:  # SG-11 Amoeboids
        out.extend(A.SelfDestruct(attacker, t) for t in targets)
    return out


def _place_options(state: State, owner: int) -> list[tuple[int, int, int]]:
    """SG-9.5: own live planet hexes; an own fleet there, or a new fleet if a marker is free."""
    free = _free_marker(state, owner) != 0
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


def _place_actions(state: State) -> list[ActionBase]:
    return [A.Place(c, r, m) for c, r, m in _place_options(state, state.active)]


def _buy_actions(state: State, idx: Index) -> list[ActionBase]:
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
                and idx.own_planet(owner, _ship_hex(idx, ship))
            ):
                out.append(A.Refill(cid))
    out.append(A.EndProduction())
    return out


def _refill_costs(state: State) -> bool:
    """SG-9.6/SG-A32: Classic pays 1 resource per PB in resources mode; else refills are free."""
    return state.variant == "classic" and state.production == "resources"


def _ship_hex(idx: Index, ship: Ship) -> HexKey:
    f = idx.fleets[(ship.owner, ship.fleet)]
    return (f.col, f.row)


# --------------------------------------------------------------------------------------
# Applying actions


_RULE_OF: dict[type, str] = {
    A.SetType: "SG-3.6",
    A.SetupPlace: "SG-3.8",
    A.Step: "SG-5.7",
    A.Hold: "SG-5.10",
    A.EndTransport: "SG-5.12",
    A.Split: "SG-5.3",
    A.Merge: "SG-5.3",
    A.Load: "SG-5.5",
    A.Unload: "SG-5.5",
    A.Fight: "SG-6.2",
    A.Target: "SG-6.7",
    A.Launch: "SG-8.3",
    A.Discard: "SG-9.2",
    A.Buy: "SG-9.4",
    A.Refill: "SG-9.6",
    A.EndProduction: "SG-9.4",
    A.Place: "SG-9.5",
    A.ChooseRace: "SG-3.5",
    A.SelfDestruct: "SG-11",
    A.Capture: "SG-11",
    A.Burst: "SG-7.2",
    A.Gate: "SG-5.11",
    A.PlayCard: "SG-13.2",
    A.Choose: "SG-13.3",
    A.Pass: "C-5.1",
    A.DiscardCard: "SG-13.1",
    A.Select: "SG-5.10",
}
_PHASE_OF: dict[type, tuple[str, ...]] = {
    A.SetType: ("types",),
    A.SetupPlace: ("fleets",),
    A.Step: ("transport", "card_move"),
    A.Hold: ("transport", "card_move"),
    A.EndTransport: ("transport",),
    A.Split: ("transport",),
    A.Merge: ("transport",),
    A.Load: ("transport",),
    A.Unload: ("transport",),
    A.Fight: ("choose_battle",),
    A.Target: ("declare",),
    A.Launch: ("md",),
    A.Discard: ("discard",),
    A.Buy: ("buy",),
    A.Refill: ("buy",),
    A.EndProduction: ("buy",),
    A.Place: ("place",),
    A.ChooseRace: ("race",),
    A.SelfDestruct: ("declare",),
    A.Capture: ("capture",),
    A.Burst: ("burst",),
    A.Gate: ("transport",),
    A.PlayCard: ("window", "transport", "choose_battle"),
    A.Choose: ("target",),
    A.Pass: ("window",),
    A.DiscardCard: ("hand_limit",),
    A.Select: ("transport",),
}
_PHASE_NAMES = {
    "race": "race choice",
    "capture": "Scavenger capture",
    "burst": "space-burst declaration",
    "window": "card window",
    "target": "card targeting",
    "card_move": "card move",
    "hand_limit": "end-of-turn discard",
    "types": "planet-type setup",
    "fleets": "fleet setup",
    "transport": "Transport Phase",
    "choose_battle": "battle choice",
    "declare": "target declaration",
    "md": "Mass Destruction Phase",
    "discard": "production discard",
    "place": "ship placement",
    "buy": "Production Phase",
    "over": "end of the game",
}


def reject(state: State, action: object) -> IllegalActionError:
    """The error for an action that legal_actions does not list, naming the rule it breaks."""
    kind = type(action)
    rule = _RULE_OF.get(kind, "SG-4.1")
    if state.phase not in _PHASE_OF.get(kind, ()):
        return IllegalActionError(
            "SG-4.1",
            f"{action} is not possible during the {_PHASE_NAMES.get(state.phase, state.phase)}",
        )
    why = f"{action} is not legal now"
    if isinstance(action, A.Step):
        why = (
            "the fleet cannot make that step: it holds an unloaded stationary ship, "
            "lacks MP, or would leave the map or enter a Super Nova"
        )
    elif isinstance(action, A.ChooseRace):
        why = "that race is taken, unknown, or (Terrans) needs the cards module (SG-1.3)"
    elif isinstance(action, A.SelfDestruct):
        why = "only an Amoeboid ship may self-destruct, attacking a legal target"
    elif isinstance(action, A.PlayCard):
        why = "that card is not in your hand, not playable in this window, or has no legal target"
    elif isinstance(action, A.Choose):
        why = "that is not a legal target for the card being played"
    elif isinstance(action, A.DiscardCard):
        why = "discard a card from your own hand"
    elif isinstance(action, A.Select):
        why = "order one of your other fleets that can still move or reorganise"
    elif isinstance(action, A.Gate):
        why = "a fleet in a Star Gate hex may transit to another gate, if it may move at all"
    elif isinstance(action, A.Burst):
        why = "a burst needs 0..pb PBs of the ship declaring now (one declaration per ship)"
    elif isinstance(action, A.Capture):
        why = "capture one of the destroyed fleet's ships just destroyed"
    elif isinstance(action, A.Target):
        why = (
            "that is not a legal target (own ship, absent, or a bay-ship protected by its fighters)"
        )
        if state.battle is not None and action.ship != state.battle.queue[0]:
            why = f"ship #{state.battle.queue[0]} declares now, not #{action.ship}"
    elif isinstance(action, A.Launch):
        if state.md_queue and action.ship != state.md_queue[0]:
            rule, why = (
                "SG-8.3",
                "at most one launch order per ship per phase, and ships declare in cid order",
            )
        else:
            why = "a launch order needs 0..pb PBs"
    elif isinstance(action, A.Place):
        why = (
            "a new ship goes to an own planet hex, into an own fleet there "
            "or a new fleet with a free marker"
        )
    return IllegalActionError(rule, why)


def _fleet_dict(s: State) -> dict[tuple[int, int], Fleet]:
    return {(f.owner, f.marker): f for f in s.fleets}


def _sighting_dict(s: State) -> dict[tuple[int, int], Sighting]:
    return {(g.owner, g.marker): g for g in s.sightings}


# Work containers are copied from the state only when first touched (see Work.__getattr__),
# and only touched ones are frozen back: most actions change one or two of them.
_LAZY: dict[str, tuple[object, object]] = {
    "ships": (lambda s: list(s.ships), tuple),
    "fleets": (_fleet_dict, lambda d: tuple(map(d.__getitem__, sorted(d)))),
    "planets": (lambda s: list(s.planets), tuple),
    "pile": (lambda s: list(s.pile), tuple),
    "limbo": (lambda s: list(s.limbo), tuple),
    "resources": (lambda s: list(s.resources), tuple),
    "alive": (lambda s: list(s.alive), tuple),
    "next_marker": (lambda s: list(s.next_marker), tuple),
    "known": (lambda s: set(s.known), lambda k: tuple(sorted(k))),
    "sightings": (_sighting_dict, lambda d: tuple(map(d.__getitem__, sorted(d)))),
}


class Work:
    """A mutable copy of a State for the length of one apply (copy-on-first-touch)."""

    ships: list[Ship | None]
    fleets: dict[tuple[int, int], Fleet]
    planets: list[Planet]
    pile: list[int]
    limbo: list[int]
    resources: list[int]
    alive: list[bool]
    next_marker: list[int]
    known: set[tuple[int, int]]
    sightings: dict[tuple[int, int], Sighting]

    def __init__(self, state: State) -> None:
        self.s = state
        self.data = state.data
        self.log: list[str] = []
        self.roller = Roller(state.rng)
        self.revealed = False
        self.device: int | None = None
        # Bumped when a continuation takes over the procedure under way (a window opened in
        # the middle of a step or card move, SG-A59): the callers up the stack then stop,
        # since the continuation already did, or will do, the rest.
        self.handoffs = 0
        self.f: dict[str, object] = {}  # replaced scalar fields
        self.round = state.round
        self.turn = state.turn
        self.phase = state.phase

    def __getattr__(self, name: str) -> Any:
        maker = _LAZY.get(name)
        if maker is None:
            raise AttributeError(name)
        value = maker[0](self.s)  # type: ignore[operator]
        setattr(self, name, value)
        return value

    # ---- reading

    @property
    def active(self) -> int:
        return self.s.order[self.turn]

    def name(self, seat: int) -> str:
        return seat_name(seat, self.s.players)

    def label(self, cid: int) -> str:
        return f"{self.data.type_of(cid).name} #{cid}"

    def fleet_ships(self, owner: int, marker: int) -> list[int]:
        return [
            c
            for c, s in enumerate(self.ships)
            if s is not None and s.fleet == marker and s.owner == owner
        ]

    def ship_hex(self, cid: int) -> HexKey:
        ship = self.ships[cid]
        assert ship is not None
        f = self.fleets[(ship.owner, ship.fleet)]
        return (f.col, f.row)

    def freeze(self) -> State:
        s = self.s
        changes: dict[str, object] = dict(self.f)
        d = self.__dict__
        for name, (_, back) in _LAZY.items():
            if name in d:
                changes[name] = back(d[name])  # type: ignore[operator]
        if self.roller.rolls:
            changes["rng"] = self.roller.value
        if self.log:
            changes["log"] = s.log + tuple(self.log)
        changes["round"] = self.round
        changes["turn"] = self.turn
        changes["phase"] = self.phase
        return replace(s, **changes)

    def effects(self) -> tuple[tuple[str, int, int], ...]:
        """This turn's card effects (SG-13.3) as they stand in this apply."""
        value: tuple[tuple[str, int, int], ...] = self.get("effects")  # type: ignore[assignment]
        return value

    def get(self, name: str) -> object:
        return self.f[name] if name in self.f else getattr(self.s, name)

    # ---- writing

    def say(self, text: str, audience: int = PUBLIC) -> None:
        self.log.append(log_entry(audience, text))

    def set_ship(self, cid: int, **changes: int) -> None:
        ship = self.ships[cid]
        assert ship is not None
        self.ships[cid] = replace(ship, **changes)

    def to_pile(self, cid: int) -> None:
        bisect.insort(self.pile, cid)

    def remove_ship(self, cid: int, to: str) -> None:
        """Take a ship out of play ("pile" or "limbo"); unload its fighters; drop an empty fleet."""
        ship = self.ships[cid]
        assert ship is not None
        self.ships[cid] = None
        for c, s in enumerate(self.ships):
            if s is not None and s.carrier == cid:
                self.ships[c] = replace(s, carrier=-1)
        if to == "pile":
            self.to_pile(cid)
        else:
            self.limbo.append(cid)
        self.stale(ship.owner, ship.fleet)
        if not any(
            s is not None and s.owner == ship.owner and s.fleet == ship.fleet for s in self.ships
        ):
            del self.fleets[(ship.owner, ship.fleet)]
            self.sightings.pop((ship.owner, ship.fleet), None)

    def wreck(self, cid: int) -> None:
        """SG-6.9: a ship destroyed in the Engagement Phase goes to the wreck list (with its
        hex, fleet and pb, for the Scavengers and the cards) and to limbo."""
        ship = self.ships[cid]
        assert ship is not None
        f = self.fleets[(ship.owner, ship.fleet)]
        wreck = Wreck(cid, ship.owner, ship.fleet, f.col, f.row, ship.pb)
        self.f["wrecks"] = (*self.get("wrecks"), wreck)  # type: ignore[misc]
        self.remove_ship(cid, "limbo")

    def stale(self, owner: int, marker: int) -> None:
        """SG-14.1: a sighting goes stale after a split, merge or production into the fleet."""
        g = self.sightings.get((owner, marker))
        if g is not None and not g.stale:
            self.sightings[(owner, marker)] = replace(g, stale=True)

    def free_marker(self, owner: int) -> int:
        limit = self.data.fleet_limit
        if limit:
            for m in range(1, limit + 1):
                if (owner, m) not in self.fleets:
                    return m
            return 0
        return self.next_marker[owner]

    def new_fleet(self, owner: int, key: HexKey) -> int:
        marker = self.free_marker(owner)
        assert marker
        if not self.data.fleet_limit:
            self.next_marker[owner] = marker + 1
        self.fleets[(owner, marker)] = Fleet(owner, marker, key[0], key[1])
        return marker

    def can_place(self, owner: int) -> bool:
        """SG-9.5: some own live planet holds an own fleet, or a marker is free for a new one."""
        if self.free_marker(owner):
            return any(p.owner == owner and p.alive for p in self.planets)
        hexes = {(f.col, f.row) for f in self.fleets.values() if f.owner == owner}
        return any(p.owner == owner and p.alive and (p.col, p.row) in hexes for p in self.planets)

    def hex_owners(self) -> dict[HexKey, set[int]]:
        out: dict[HexKey, set[int]] = {}
        for f in self.fleets.values():
            out.setdefault((f.col, f.row), set()).add(f.owner)
        return out

    def peek(self, hexes: Iterable[HexKey] | None = None) -> None:
        """SG-5.14: ships at an enemy planet its owner does not defend learn its type.

        ``hexes`` limits the check to the hexes whose occupancy just changed.
        """
        if not self.data.planet_types:
            return
        if hexes is None:
            planets = [
                (pid, p)
                for pid, p in enumerate(
                    self.s.planets if "planets" not in self.__dict__ else self.planets
                )
                if p.alive
            ]
        else:
            wanted = set(hexes)
            source = self.planets if "planets" in self.__dict__ else self.s.planets
            planets = [
                (pid, p) for pid, p in enumerate(source) if p.alive and (p.col, p.row) in wanted
            ]
            if not planets:
                return
        if hexes is None:
            owners = self.hex_owners()
        else:
            owners = {}
            for f in self.fleets.values():
                key = (f.col, f.row)
                if key in wanted:
                    owners.setdefault(key, set()).add(f.owner)
        for pid, p in planets:
            here = owners.get((p.col, p.row))
            if not here or p.owner in here or p.owner < 0 or p.public:
                continue  # neutral or captured neutral planets: nothing to learn (SG-12.1)
            for seat in sorted(here):
                if (seat, pid) not in self.known:
                    self.known.add((seat, pid))
                    self.revealed = True
                    self.say(
                        f"{self.name(seat)} scanned {self.name(p.owner)} planet "
                        f"{Hex(p.col, p.row).label}"
                    )
                    self.say(
                        f"Planet {Hex(p.col, p.row).label} is a {PLANET_TYPE_NAMES[p.ptype]} world",
                        seat,
                    )


def apply(state: State, action: ActionBase) -> State:
    if action not in _legal_tuple(state):
        raise reject(state, action)
    before = current_player(state)
    w = Work(state)
    w.device = before  # who holds the device in hot-seat play (C-5.4)
    _HANDLERS[type(action)](w, action)
    if w.roller.rolls or w.revealed:
        w.f["epoch"] = state.epoch + 1
    if w.roller.rolls:
        w.log.extend(roll_log(w.roller.rolls))
    new = w.freeze()
    if "epoch" not in w.f and current_player(new) != before:
        new = replace(new, epoch=state.epoch + 1)  # C-3.2: no undo across dice, reveals, hand-offs
    return new


# ---- setup


def _do_choose_race(w: Work, a: ActionBase) -> None:
    """SG-3.5: races are chosen in turn order and are PUBLIC (SG-11.1)."""
    assert isinstance(a, A.ChooseRace)
    s = w.s
    seat = s.order[s.setup_seat]
    races = list(s.races)
    races[seat] = a.race
    w.f["races"] = tuple(races)
    w.say(f"{w.name(seat)} are the {RACE_BY_KEY[a.race].name}")
    if s.setup_seat + 1 < s.players:
        w.f["setup_seat"] = s.setup_seat + 1
    else:
        w.f["setup_seat"] = 0
        w.phase = "types"


def _do_set_type(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.SetType)
    w.planets[a.planet] = replace(w.planets[a.planet], ptype=a.ptype)
    seat = w.s.order[w.s.setup_seat]
    if all(p.ptype for p in w.planets if p.owner == seat):
        w.phase = "fleets"


def _do_setup_place(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.SetupPlace)
    s = w.s
    seat = s.order[s.setup_seat]
    placements = (*s.placements, (_next_unplaced(s, seat), a.planet))
    w.f["placements"] = placements
    hand = set(s.hands[seat])
    if sum(1 for cid, _ in placements if cid in hand) < INITIAL_SHIPS:
        return
    if s.setup_seat + 1 < s.players:
        w.f["setup_seat"] = s.setup_seat + 1
        w.phase = "types" if w.data.planet_types else "fleets"
        return
    _finish_setup(w, placements)


def _finish_setup(w: Work, placements: tuple[tuple[int, int], ...]) -> None:
    """SG-3.8: all fleets appear at once; every ship starts with full PB; fighters auto-load."""
    by_planet: dict[int, list[int]] = {}
    for cid, pid in placements:
        by_planet.setdefault(pid, []).append(cid)
    for pid in sorted(by_planet):
        p = w.planets[pid]
        marker = w.new_fleet(p.owner, (p.col, p.row))
        for cid in sorted(by_planet[pid]):
            w.ships[cid] = Ship(p.owner, marker, pb_max(w.s, cid))
        _autoload(w, p.owner, marker)
    w.f["placements"] = ()
    w.f["hands"] = ()
    w.revealed = True
    w.say("Setup complete: fleet markers revealed")
    _begin_turn(w)


def _autoload(w: Work, owner: int, marker: int) -> None:
    """SG-5.5 default: one fighter per bay-ship in cid order, then fill the rest in cid order."""
    cids = w.fleet_ships(owner, marker)
    carriers = [c for c in cids if bays(w.s, c, owner) > 0]
    if not carriers:
        return
    free = [c for c in cids if w.data.fighter[c] and w.ships[c].carrier < 0]  # type: ignore[union-attr]
    if not free:
        return
    load = {b: len([c for c in cids if _carrier(w.ships, c) == b]) for b in carriers}
    for round_cap in (1, None):
        for b in carriers:
            room = bays(w.s, b, owner)
            cap = room if round_cap is None else min(round_cap, room)
            while free and load[b] < cap:
                w.set_ship(free.pop(0), carrier=b)
                load[b] += 1


# ---- turn start and transport


def checkpoint(w: Work, kind: str, then: str) -> None:
    """A card window (SG-13.2, C-5) followed by the continuation ``then``. Without the cards
    module nothing opens and play goes straight on, exactly as before the module existed."""
    if w.s.has("cards"):
        from . import cardplay

        cardplay.open_window(w, kind, then)
    else:
        THEN[then](w)


def _begin_turn(w: Work) -> None:
    """SG-4.1 step 0: Black Holes (0.1), the card draw (0.2), the O-start window (0.3)."""
    a = w.active
    w.say(f"Round {w.round}: {w.name(a)}'s turn")
    w.f["transports"] = 0
    if w.s.terrain and _black_holes(w, a):
        checkpoint(w, "roll", "black_holes")
        return
    _turn_draw(w)


def _black_holes(w: Work, seat: int) -> bool:
    """SG-4.1 step 0.1 / SG-A45: each of the seat's ships in a Black Hole rolls 1d6 (cid
    order); the dice are applied after the Luck window (``_apply_black_holes``)."""
    holes = {(c, r) for c, r, k in w.s.terrain if TERRAIN_BY_KEY[k].black_hole}
    inside: dict[HexKey, list[int]] = {}
    for cid, ship in enumerate(w.ships):
        if ship is not None and ship.owner == seat:
            key = w.ship_hex(cid)
            if key in holes:
                inside.setdefault(key, []).append(cid)
    rolls = []
    for key in sorted(inside):
        purpose = f"SG.blackhole {Hex(*key).label}"
        for cid in inside[key]:
            rolls.append(RollRec(purpose, 6, (w.roller.d(6, purpose),), (cid,)))
    w.f["rolls"] = tuple(rolls)
    return bool(rolls)


def _apply_black_holes(w: Work) -> None:
    """A 1 destroys the ship, straight to the pile. The rolls per hex are PUBLIC, the ships
    lost are named to their owner only (fleet contents stay hidden, SG-14.1)."""
    seat = w.active
    lost: dict[str, list[int]] = {}
    for r in w.get("rolls"):  # type: ignore[attr-defined]
        if r.dice[0] == BLACK_HOLE_LOSS and w.ships[r.ref[0]] is not None:
            lost.setdefault(r.purpose.rsplit(" ", 1)[1], []).append(r.ref[0])
    w.f["rolls"] = ()
    for label, cids in sorted(lost.items()):
        for cid in cids:
            w.remove_ship(cid, "pile")
        w.revealed = True
        w.say(f"{w.name(seat)} loses {len(cids)} ship(s) in the Black Hole at {label}")
        w.say("Lost in the Black Hole: " + ", ".join(map(w.label, cids)), seat)
    _turn_draw(w)


def _turn_draw(w: Work) -> None:
    """SG-4.1 steps 0.2-0.3: draw 1 card (Terrans 2), then the start-of-turn window."""
    if w.s.has("cards"):
        from . import cardplay

        cardplay.draw_cards(w, w.active, 1 + race_of(w.s, w.active).card_draw)
    checkpoint(w, "start", "transport")


def _begin_transport(w: Work) -> None:
    """SG-5.6: mobile ships of the active player get MP = MOVE*; the fleets are ordered."""
    a = w.active
    w.f["transports"] = int(w.get("transports")) + 1  # type: ignore[call-overload]
    ships = w.ships
    for cid, ship in enumerate(ships):
        if ship is not None and ship.owner == a:
            mp = move(w.s, cid, a)
            if ship.mp != mp:
                ships[cid] = Ship(a, ship.fleet, ship.pb, mp, ship.carrier)
    if any(f.done for f in w.fleets.values()):
        for key, f in list(w.fleets.items()):
            if f.done:
                w.fleets[key] = replace(f, done=False)
    w.phase = "transport"
    _advance_cursor(w)


def _queued(w: Work) -> list[int]:
    """SG-5.10: the active player's fleets with a mobile ship that has MP, not marked done."""
    a = w.active
    stationary = w.data.stationary
    movers = {
        s.fleet
        for c, s in enumerate(w.ships)
        if s is not None and s.mp > 0 and s.owner == a and not stationary[c]
    }
    return [m for m in movers if not w.fleets[(a, m)].done]


def _advance_cursor(w: Work, keep: int = 0) -> None:
    """The fleet being ordered: ``keep`` while it can still be ordered, else the lowest
    queued marker; with none queued, no fleet (cursor 0) while a fleet can still be
    reorganised or a Transport card played, so the player ends the phase (SG-5.10)."""
    w.phase = "transport"
    if keep and keep in orderable(w.ships, w.fleets.values(), w.s):
        w.f["cursor"] = keep
        return
    queued = _queued(w)
    if queued:
        w.f["cursor"] = min(queued)
        return
    w.f["cursor"] = 0
    if orderable(w.ships, w.fleets.values(), w.s):
        return
    if w.s.has("cards"):
        from . import cardplay

        if cardplay.has_inline_play(w.freeze(), w.active, "T"):
            return  # no fleet can move, but a Transport card may still be played
    _end_transport(w)


def _do_step(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Step)
    if w.s.phase == "card_move":
        from . import cardplay

        cardplay.card_step(w, a.direction)
        return
    owner, marker = w.active, w.s.cursor
    f = w.fleets[(owner, marker)]
    dest = neighbour_table(w.s.players)[(f.col, f.row)][a.direction]
    assert dest is not None
    handoffs = w.handoffs
    _move_fleet(w, owner, marker, dest, _enter_cost(w.s, dest))
    if w.handoffs == handoffs:
        _after_step(w)


def _do_select(w: Work, a: ActionBase) -> None:
    """SG-5.10: switch to another fleet (a done one is taken up again); the move of the
    fleet left behind is complete, which opens the O-move window (SG-13.2)."""
    assert isinstance(a, A.Select)
    key = (w.active, a.fleet)
    if w.fleets[key].done:
        w.fleets[key] = replace(w.fleets[key], done=False)
    w.f["cursor"] = a.fleet
    _complete_move(w, "transport_on")


def _do_gate(w: Work, a: ActionBase) -> None:
    """SG-5.11 / SG-A40: a 0-MP transit; the exit hex counts as entered."""
    assert isinstance(a, A.Gate)
    handoffs = w.handoffs
    _move_fleet(w, w.active, w.s.cursor, (a.col, a.row), 0)
    if w.handoffs == handoffs:
        _after_step(w)


def _after_step(w: Work) -> None:
    """After a step: an Alien Ruins ship is placed first (SG-12.1); then, if the fleet cannot
    go on, its move is complete (the O-move window, SG-13.2) and the next fleet is ordered."""
    if w.phase == "place":
        return
    if int(w.get("cursor")) in _queued(w):  # type: ignore[call-overload]
        w.phase = "transport"
        return
    _complete_move(w, "advance")


def _complete_move(w: Work, then: str) -> None:
    """SG-13.2 O-move: once a fleet's move is complete the opponents may react to it."""
    moving: tuple[int, ...] = w.get("moving")  # type: ignore[assignment]
    w.f["moving"] = ()
    if moving:
        marker, empty = moving
        f = w.fleets.get((w.active, marker))
        if f is not None:
            w.f["moved"] = (w.active, marker, f.col, f.row, empty)
            checkpoint(w, "O-move", then)
            return
    THEN[then](w)


def _advance(w: Work) -> None:
    w.f["moved"] = ()
    _advance_cursor(w)


def _move_fleet(
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
    if not card and owner == w.active and marker == w.get("cursor"):
        w.f["moving"] = (marker, int(empty))  # for the O-move window (Space Mines, SG-A63)
    t = terrain_at(w.s, dest)
    stop = t is not None and t.stop  # SG-5.8(b) Nebula
    if not stop and (t is None or not t.no_enemy_stop):  # SG-5.8(a), waived by Dark Matter
        for g in w.fleets.values():
            if g.owner != owner and g.col == dest[0] and g.row == dest[1]:
                stop = not _bypassed(w.s, owner, marker, dest, w)  # SG-A16; Bypass (#12)
                break
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
        _arrive(w, owner, dest, t, resume)
    return bool(stop)


def _bypassed(state: State, owner: int, marker: int, key: HexKey, w: Work) -> bool:
    """Bypass (SG-13.3 #12): no stop where every enemy ship belongs to the target fleet."""
    passes = [(b // 100, b % 100) for k, a, b in state.effects if k == "bypass" and a == owner * 100 + marker]
    if not passes:
        return False
    here = {(g.owner, g.marker) for g in w.fleets.values() if (g.col, g.row) == key and g.owner != owner}
    return any(here == {p} for p in passes)


def _arrive(w: Work, owner: int, key: HexKey, t: Terrain, resume: str) -> None:
    """SG-12.1: what entering a hex does, once per game, for the first player to enter."""
    label = Hex(*key).label
    if t.neutral:
        pid = next(i for i, p in enumerate(w.planets) if (p.col, p.row) == key)
        planet = w.planets[pid]
        if planet.owner < 0 and planet.alive:
            purpose = f"SG.neutral planet={label}"
            roll = RollRec(purpose, 6, (w.roller.d(6, purpose),), (pid, owner))
            w.f["rolls"] = (roll,)
            w.revealed = True
            then = _NEUTRAL_THEN.get(resume)
            if then is not None and w.s.has("cards"):
                w.handoffs += 1  # ``then`` goes on with the step or card move after Luck
                checkpoint(w, "roll", then)  # Luck may reroll it (SG-A59)
            else:
                # Teleports never get here: they end at own planets or where fleets stand,
                # and a neutral planet that any fleet has entered is captured already.
                _capture_neutral(w)
        return
    if not t.reward or key in w.get("terrain_used") or w.phase == "place":  # type: ignore[operator]
        return
    w.f["terrain_used"] = tuple(sorted((*w.get("terrain_used"), key)))  # type: ignore[misc]
    w.revealed = True
    w.say(f"{w.name(owner)} reaches the {t.name} at {label} first")
    if t.reward == "ship":  # SG-A42: one random ship, placed as in production, cap applies
        cap = ship_cap(w.s, owner)
        if cap and sum(1 for s in w.ships if s is not None and s.owner == owner) >= cap:
            w.say(f"{w.name(owner)} are at their ship cap: no ship from the ruins (SG-A30)")
            return
        if not w.pile:
            return
        cid, rest = w.roller.draw_from_pool(w.pile, f"SG.ruins.draw seat={owner}")
        w.pile = list(rest)
        if not w.can_place(owner):
            w.to_pile(cid)
            w.say(f"{w.name(owner)} cannot place the ruins' ship: it returns to the pile")
            return
        w.say(f"{w.name(owner)} finds {w.label(cid)} in the ruins", owner)
        w.f["drawn"] = cid
        w.f["placer"] = owner
        w.f["resume"] = resume
        w.phase = "place"
    elif t.reward == "cards" and w.s.has("cards"):  # Temporal Nexus (SG-A47): draw 2 at once
        from . import cardplay

        cardplay.draw_cards(w, owner, NEXUS_CARDS)


def _capture_neutral(w: Work) -> None:
    """SG-12.1 / SG-A44: the roll sets the type; the planet is the captor's from now on."""
    rolls: tuple[RollRec, ...] = w.get("rolls")  # type: ignore[assignment]
    (roll,) = rolls
    w.f["rolls"] = ()
    pid, owner = roll.ref
    planet = w.planets[pid]
    ptype = NEUTRAL_TYPE[roll.dice[0]]
    w.planets[pid] = replace(planet, owner=owner, ptype=ptype, public=True)
    w.say(
        f"{w.name(owner)} gains the neutral planet at {Hex(planet.col, planet.row).label}: "
        f"a {PLANET_TYPE_NAMES[ptype]} world (SG-12.1)"
    )


def _neutral_after_luck(w: Work) -> None:
    _capture_neutral(w)
    _after_step(w)


def _neutral_after_luck_card(w: Work) -> None:
    from . import cardplay

    _capture_neutral(w)
    cardplay.continue_card_move(w)


# Where a move goes on once a neutral planet's die has had its Luck window (by ``resume``).
_NEUTRAL_THEN = {"after_step": "neutral", "card_move": "neutral_card"}


def _do_hold(w: Work, a: ActionBase) -> None:
    if w.s.phase == "card_move":
        from . import cardplay

        cardplay.card_stop(w)
        return
    key = (w.active, w.s.cursor)
    w.fleets[key] = replace(w.fleets[key], done=True)
    _complete_move(w, "advance")


def _do_end_transport(w: Work, a: ActionBase) -> None:
    _complete_move(w, "end_transport")


def _end_transport(w: Work) -> None:
    """SG-5.12: remaining MP is lost; Strategic Push adds one more Transport Phase (SG-A61);
    then the Engagement Phase begins."""
    a = w.active
    w.f["moved"] = ()
    for cid, ship in enumerate(w.ships):
        if ship is not None and ship.owner == a and ship.mp:
            w.ships[cid] = replace(ship, mp=0)
    w.f["cursor"] = 0
    pushes = sum(1 for k, _, _ in w.effects() if k == "push")
    if pushes and max(1, int(w.get("transports"))) <= pushes:  # type: ignore[call-overload]
        w.say(f"{w.name(a)} gets an extra Transport Phase (Strategic Push)")
        _begin_transport(w)
        return
    w.f["fought"] = ()
    w.f["fought_ships"] = ()
    checkpoint(w, "E0", "engage")


def _engage(w: Work) -> None:
    """SG-4.2: Diplomacy skips Engagement (bursts included) and Mass Destruction; else the
    burst step (SG-7.1), then the battles (SG-6)."""
    if any(k == "diplomacy" for k, _, _ in w.effects()):
        w.say("Diplomacy: no Engagement or Mass Destruction this turn (SG-4.2)")
        _begin_production(w)
        return
    if w.s.has("burst") and _begin_burst(w):
        return  # SG-7.1: the burst step comes first
    _next_battle(w)


def _do_split(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Split)
    owner, marker = w.active, w.s.cursor
    f = w.fleets[(owner, marker)]
    new = w.new_fleet(owner, (f.col, f.row))
    ship = w.ships[a.ship]
    assert ship is not None
    w.ships[a.ship] = replace(ship, fleet=new, carrier=-1)  # a loaded fighter leaves its bay
    for cid, s in enumerate(w.ships):
        if s is not None and s.carrier == a.ship:
            w.ships[cid] = replace(s, fleet=new)  # a bay-ship takes its fighters along
    w.stale(owner, marker)
    w.say(f"{w.name(owner)} splits fleet {new} off fleet {marker}")
    _advance_cursor(w, keep=marker)


def _do_merge(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Merge)
    owner, marker = w.active, w.s.cursor
    for cid, s in enumerate(w.ships):
        if s is not None and s.owner == owner and s.fleet == a.fleet:
            w.ships[cid] = replace(s, fleet=marker)
    del w.fleets[(owner, a.fleet)]
    w.sightings.pop((owner, a.fleet), None)
    w.stale(owner, marker)
    w.say(f"{w.name(owner)} merges fleet {a.fleet} into fleet {marker}")
    _advance_cursor(w, keep=marker)


def _do_load(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Load)
    w.set_ship(a.fighter, carrier=a.carrier)
    w.stale(w.active, w.s.cursor)


def _do_unload(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Unload)
    w.set_ship(a.fighter, carrier=-1)
    w.stale(w.active, w.s.cursor)


# ---- engagement (SG-6)


def _next_battle(w: Work) -> None:
    """SG-6.2: the next battle hex (the active player's choice if several); then the Press
    Offensive rounds (SG-A69); then the E-end window and the end of the phase."""
    w.f["battle"] = None
    fought = w.get("fought")
    hexes = sorted(k for k, owners in w.hex_owners().items() if len(owners) > 1 and k not in fought)  # type: ignore[operator]
    if not hexes:
        owners = w.hex_owners()
        press = list(w.get("press"))  # type: ignore[call-overload]
        while press:
            key = press.pop(0)
            if len(owners.get(key, ())) > 1:
                w.f["press"] = tuple(press)
                w.say(f"Press Offensive: one more battle round at {Hex(*key).label}")
                _start_battle(w, key)
                return
        w.f["press"] = ()
        checkpoint(w, "E-end", "end_engagement")
    elif len(hexes) == 1:
        _start_battle(w, hexes[0])
    else:
        w.phase = "choose_battle"


def _do_fight(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Fight)
    _start_battle(w, (a.col, a.row))


def _snapshot(w: Work, owner: int, marker: int) -> None:
    cids = w.fleet_ships(owner, marker)
    ships = tuple((c, w.ships[c].pb, w.ships[c].carrier) for c in cids)  # type: ignore[union-attr]
    w.sightings[(owner, marker)] = Sighting(owner, marker, w.round, ships)


def _reveal(w: Work, key: HexKey, what: str) -> tuple[tuple[int, int], ...]:
    """B1: every ship in the hex becomes public "last seen" knowledge (SG-6.3, SG-14.1);
    returns the fleets present. Their ships count as having fought (SG-A68)."""
    label = Hex(*key).label
    w.revealed = True
    present = []
    seen = []
    for (owner, marker), f in sorted(w.fleets.items()):
        if (f.col, f.row) == key:
            present.append((owner, marker))
            _snapshot(w, owner, marker)
            cids = w.fleet_ships(owner, marker)
            seen.extend(cids)
            names = ", ".join(w.label(c) for c in cids)
            w.say(f"{what} at {label}: {w.name(owner)} fleet {marker} = {names}")
    if w.s.has("cards"):
        w.f["fought_ships"] = tuple(sorted({*w.get("fought_ships"), *seen}))  # type: ignore[misc]
    return tuple(present)


def _start_battle(w: Work, key: HexKey) -> None:
    """B1: reveal every ship in the hex (public), lock loading, note protected bay-ships;
    then the B2 window (SG-13: B-pre)."""
    present = _reveal(w, key, "Battle")
    state = w.freeze()
    idx = Index(state)
    here = idx.ships_at(key)
    hosts = {_carrier(state.ships, x) for x in here}
    protected = tuple(c for c in here if c in hosts)
    burst_b1 = [(o, m) for c, r, o, m in w.get("burst_fleets") if (c, r) == key]  # type: ignore[attr-defined]
    present = tuple(sorted({*present, *burst_b1}))  # SG-11: fleets burst away count too
    w.f["battle"] = Battle(key[0], key[1], protected, (), (), fleets=present)
    checkpoint(w, "B-pre", "battle_declare")


def _battle_declare(w: Work) -> None:
    """B3: the seats with eligible attackers declare in turn order (PENDING)."""
    state = w.freeze()
    battle = state.battle
    assert battle is not None
    key = (battle.col, battle.row)
    idx = Index(state)
    owners = idx.owners_at(key)
    order = [state.order[(w.turn + i) % state.players] for i in range(state.players)]
    declarers = tuple(
        p for p in order if p in owners and _eligible(state, idx, key, p, battle.protected)
    )
    if not declarers:
        _declarations_done(w, battle)
        return
    w.phase = "declare"
    queue = tuple(_eligible(state, idx, key, declarers[0], battle.protected))
    w.f["battle"] = replace(battle, declarers=declarers, queue=queue)


def _do_target(w: Work, a: ActionBase) -> None:
    """B3: one secret declaration; the next declarer starts once this one's queue is empty.

    A ``SelfDestruct`` (SG-11 Amoeboids) is a declaration that also marks the ship."""
    assert isinstance(a, (A.Target, A.SelfDestruct))
    battle = w.s.battle
    assert battle is not None
    battle = replace(
        battle, queue=battle.queue[1:], declarations=(*battle.declarations, (a.ship, a.target))
    )
    if isinstance(a, A.SelfDestruct):
        battle = replace(battle, sacrifices=(*battle.sacrifices, a.ship))
    if battle.queue:
        w.f["battle"] = battle
        return
    declarers = battle.declarers[1:]
    if declarers:
        state = w.s
        idx = Index(state)
        queue = tuple(
            _eligible(state, idx, (battle.col, battle.row), declarers[0], battle.protected)
        )
        w.f["battle"] = replace(battle, declarers=declarers, queue=queue)
        return
    _declarations_done(w, replace(battle, declarers=()))


def _declarations_done(w: Work, battle: Battle) -> None:
    """B4: the declarations become public; the B-decl window (Decoy) follows."""
    w.f["battle"] = battle
    w.phase = "declare"
    for attacker, target in battle.declarations:
        if target >= 0:
            owner = _owner(w.ships, attacker)
            w.say(f"{w.label(attacker)} ({w.name(owner)}) targets {w.label(target)}")
    if battle.declarations:
        w.revealed = True
    for c in battle.sacrifices:
        w.say(f"{w.label(c)} ({w.name(_owner(w.ships, c))}) self-destructs (SG-11)")
    if any(t >= 0 for _, t in battle.declarations):
        checkpoint(w, "B-decl", "battle_roll")
    else:
        _battle_roll(w)


def _battle_roll(w: Work) -> None:
    """B5: by target cid, the combined attack dice then the defence dice; a Decoyed target's
    attacks are cancelled (SG-13.3 #21). The B6 window (Luck) comes before they count."""
    state = w.freeze()
    battle = state.battle
    assert battle is not None
    key = (battle.col, battle.row)
    idx = Index(state)
    die = state.combat_die
    decoyed = {a for k, a, _ in state.effects if k == "decoy"}
    attacks: dict[tuple[int, int], list[int]] = {}
    rank = {p: i for i, p in enumerate(state.order[w.turn :] + state.order[: w.turn])}
    for attacker, target in battle.declarations:
        if target < 0:
            continue
        if target in decoyed:
            w.say(f"{w.label(attacker)}'s attack on {w.label(target)} hits a decoy (SG-13.3 #21)")
            continue
        owner = _owner(state.ships, attacker)
        attacks.setdefault((target, rank[owner]), []).append(attacker)
    sacrifices = set(battle.sacrifices)
    rolls = []
    for (target, _), attackers in sorted(attacks.items()):
        towner = _owner(state.ships, target)
        total_atk = 0
        for c in attackers:
            owner = _owner(state.ships, c)
            total_atk += atk(state, c, owner, idx.own_planet(owner, key), key)
            if c in sacrifices:
                total_atk += SELF_DESTRUCT_ATK
        n_def = defense(state, target, towner, idx.own_planet(towner, key), key)
        purpose = f"SG.combat.attack target=ship#{target}"
        rolls.append(RollRec(purpose, die, tuple(w.roller.dice(total_atk, die, purpose)), (target, 0)))
        purpose = f"SG.combat.defence target=ship#{target}"
        rolls.append(RollRec(purpose, die, tuple(w.roller.dice(n_def, die, purpose)), (target, 1)))
    w.f["rolls"] = tuple(rolls)
    if rolls:
        checkpoint(w, "roll", "battle_apply")
    else:
        _battle_apply(w)


def _battle_apply(w: Work) -> None:
    """B7: a target is destroyed iff attack total > defence total; removals to the wrecks."""
    battle = w.get("battle")
    assert isinstance(battle, Battle)
    key = (battle.col, battle.row)
    label = Hex(*key).label
    rolls: tuple[RollRec, ...] = w.get("rolls")  # type: ignore[assignment]
    w.f["rolls"] = ()
    destroyed: set[int] = set()
    for i in range(0, len(rolls), 2):
        a_roll, d_roll = rolls[i], rolls[i + 1]
        target = a_roll.ref[0]
        killed = sum(a_roll.dice) > sum(d_roll.dice)
        if killed:
            destroyed.add(target)
        die = a_roll.sides
        w.say(
            f"{label}: {len(a_roll.dice)}d{die} attack {sum(a_roll.dice)} vs {len(d_roll.dice)}d{die} "
            f"defence {sum(d_roll.dice)} on {w.label(target)}: {'destroyed' if killed else 'survives'}"
        )
    for cid in sorted(destroyed | set(battle.sacrifices)):
        w.wreck(cid)  # SG-6.9 wrecks; SG-11 sacrifices die whatever the outcome
    for (owner, marker), f in sorted(w.fleets.items()):
        if (f.col, f.row) == key:
            _snapshot(w, owner, marker)  # C-4.3: the survivors as last seen
    w.peek()
    w.f["fought"] = (*w.get("fought"), key)  # type: ignore[misc]
    _expire(w, ("decoy", "skirmish"))  # they last for this battle round only
    if _scavenge(w, key, battle.fleets):
        return  # the Scavenger chooses a ship first
    _next_battle(w)


def _expire(w: Work, kinds: tuple[str, ...]) -> None:
    effects: tuple[tuple[str, int, int], ...] = w.get("effects")  # type: ignore[assignment]
    if any(k in kinds for k, _, _ in effects):
        w.f["effects"] = tuple(e for e in effects if e[0] not in kinds)


# ---- space burst (SG-7)


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
    w.phase = "burst"
    w.f["burst"] = BurstStep(declarers, tuple(eligible[declarers[0]]))
    return True


def _burst_queue(state: State, seat: int) -> tuple[int, ...]:
    idx = Index(state)
    hexes = {k for k, fl in idx.hex_fleets.items() if len({f.owner for f in fl}) > 1}
    return tuple(
        c
        for c, s in enumerate(state.ships)
        if s is not None and s.owner == seat and s.pb >= 1 and _ship_hex(idx, s) in hexes
    )


def _do_burst(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Burst)
    step = w.s.burst
    assert step is not None
    step = replace(
        step, queue=step.queue[1:], declarations=(*step.declarations, (a.ship, a.count))
    )
    if not step.queue:
        declarers = step.declarers[1:]
        if declarers:
            step = replace(step, declarers=declarers, queue=_burst_queue(w.s, declarers[0]))
        else:
            w.f["burst"] = replace(step, declarers=())
            _reveal_bursts(w)
            return
    w.f["burst"] = step


def _bursts(w: Work) -> list[tuple[int, int]]:
    step = w.get("burst")
    assert isinstance(step, BurstStep)
    return sorted((c, n) for c, n in step.declarations if n > 0)


def _reveal_bursts(w: Work) -> None:
    """SG-7.3: the declarations become public; B1 in every hex with a burst; then the burst
    window (Decoy, It's a Dud!, SG-13.3)."""
    bursts = _bursts(w)
    w.revealed = True  # the PENDING declarations are now public (C-4.1)
    if not bursts:
        w.f["burst"] = None
        w.say("No space bursts")
        _next_battle(w)
        return
    for cid, n in bursts:
        w.say(f"{w.label(cid)} ({w.name(_owner(w.ships, cid))}) declares a burst of {n} PB")
    hexes = sorted({w.ship_hex(c) for c, _ in bursts})
    for key in hexes:
        present = _reveal(w, key, "Space burst")
        w.f["burst_fleets"] = (
            *w.get("burst_fleets"),  # type: ignore[misc]
            *((key[0], key[1], o, m) for o, m in present),
        )
    checkpoint(w, "burst", "burst_roll")


def _burst_roll(w: Work) -> None:
    """SG-7.4/7.5: per burst (by ship cid), per PB, one d6 per enemy ship present (by cid);
    every declared PB is spent. A Dud burst rolls nothing, a Decoyed ship is not rolled for."""
    bursts = _bursts(w)
    effects: tuple[tuple[str, int, int], ...] = w.get("effects")  # type: ignore[assignment]
    decoyed = {a for k, a, _ in effects if k == "decoy"}
    duds = {a for k, a, _ in effects if k == "dud"}
    rolls = []
    for cid, n in bursts:
        ship = w.ships[cid]
        assert ship is not None
        key = w.ship_hex(cid)
        w.ships[cid] = replace(ship, pb=ship.pb - n)  # SG-7.5
        if cid in duds:
            w.say(f"{w.label(cid)}'s burst is a dud (SG-13.3 #22)")
            continue
        enemies = [
            t for t in sorted(_fleet_members(w, key)) if _owner(w.ships, t) != ship.owner and t not in decoyed
        ]
        for k in range(n):
            purpose = f"SG.burst ship#{cid} PB {k + 1}"
            for t in enemies:
                rolls.append(RollRec(purpose, 6, (w.roller.d(6, purpose),), (cid, t)))
    w.f["rolls"] = tuple(rolls)
    if rolls:
        checkpoint(w, "roll", "burst_apply")
    else:
        _burst_apply(w)


def _fleet_members(w: Work, key: HexKey) -> list[int]:
    fleets = {k for k, f in w.fleets.items() if (f.col, f.row) == key}
    return [c for c, s in enumerate(w.ships) if s is not None and (s.owner, s.fleet) in fleets]


def _burst_apply(w: Work) -> None:
    """SG-7.4: a 6 destroys; all bursts are simultaneous, so removal (to the wrecks) comes
    after the last one and burst victims skip the battle round; SG-7.6; Scavengers."""
    bursts = _bursts(w)
    rolls: tuple[RollRec, ...] = w.get("rolls")  # type: ignore[assignment]
    w.f["rolls"] = ()
    w.f["burst"] = None
    destroyed: set[int] = set()
    for cid, n in bursts:
        hits = sorted({r.ref[1] for r in rolls if r.ref[0] == cid and r.dice[0] == 6})
        destroyed.update(hits)
        if not any(r.ref[0] == cid for r in rolls):
            continue
        targets = len({r.ref[1] for r in rolls if r.ref[0] == cid})
        result = ", ".join(w.label(t) for t in hits) or "no hits"
        w.say(
            f"{w.label(cid)} ({w.name(_owner(w.ships, cid))}) bursts {n} PB at "
            f"{Hex(*w.ship_hex(cid)).label} against {targets} ship(s): {result}"
        )
    hexes = sorted({w.ship_hex(c) for c, _ in bursts})
    for cid in sorted(destroyed):
        w.wreck(cid)  # SG-7.4: burst victims skip the battle round
    for key in hexes:
        for (owner, marker), f in sorted(w.fleets.items()):
            if (f.col, f.row) == key:
                _snapshot(w, owner, marker)
    w.peek()
    _expire(w, ("decoy", "dud"))
    owners = w.hex_owners()
    fleets_b1: tuple[tuple[int, int, int, int], ...] = w.get("burst_fleets")  # type: ignore[assignment]
    queue: tuple[tuple[int, ...], ...] = ()
    for key in hexes:  # SG-7.6: no battle follows here; SG-11 Scavengers capture now
        if len(owners.get(key, ())) < 2:
            present = tuple((o, m) for c, r, o, m in fleets_b1 if (c, r) == key)
            queue += _capture_candidates(w, key, present)
    if _run_captures(w, queue):
        return
    _next_battle(w)


# ---- Scavengers (SG-11, SG-A54)


def _scavenge(w: Work, key: HexKey, present: tuple[tuple[int, int], ...]) -> bool:
    """SG-11: for each enemy fleet present at B1 in ``key`` and now gone, the Scavenger (if it
    had ships there) takes one of that fleet's wrecks. True while a choice is pending."""
    return _run_captures(w, _capture_candidates(w, key, present))


def _capture_candidates(
    w: Work, key: HexKey, present: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, ...], ...]:
    """Per destroyed enemy fleet (in (owner, marker) order), its wrecks from this hex."""
    if not w.s.races or not any(race_of(w.s, o).scavenge for o, _ in present):
        return ()
    seat = scavenger(w.s)
    wrecks: tuple[Wreck, ...] = w.get("wrecks")  # type: ignore[assignment]
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


def _run_captures(w: Work, queue: tuple[tuple[int, ...], ...]) -> bool:
    """Take single candidates at once; stop at the first real choice (phase "capture")."""
    if not queue:
        if w.get("capture"):
            w.f["capture"] = ()
            w.f["capture_queue"] = ()
        return False
    seat = scavenger(w.s)
    cap = ship_cap(w.s, seat)
    while queue:
        cands, queue = queue[0], queue[1:]
        if cap and sum(1 for s in w.ships if s is not None and s.owner == seat) >= cap:
            w.say(f"{w.name(seat)} are at their ship cap and capture nothing (SG-A30)")
            continue
        if len(cands) == 1:
            _take_wreck(w, seat, cands[0])
            continue
        w.phase = "capture"
        w.f["battle"] = None
        w.f["capture"] = cands
        w.f["capture_queue"] = queue
        return True
    w.f["capture"] = ()
    w.f["capture_queue"] = ()
    return False


def _take_wreck(w: Work, seat: int, cid: int) -> None:
    """The wreck joins the Scavenger's lowest-marker fleet in its hex, else a new fleet there
    (if a marker is free), with its pb at destruction (SG-11)."""
    wrecks: tuple[Wreck, ...] = w.get("wrecks")  # type: ignore[assignment]
    wreck = next(x for x in wrecks if x.cid == cid)
    key = (wreck.col, wreck.row)
    mine = sorted(m for (o, m), f in w.fleets.items() if o == seat and (f.col, f.row) == key)
    if mine:
        marker = mine[0]
    elif w.free_marker(seat):
        marker = w.new_fleet(seat, key)
    else:
        w.say(f"{w.name(seat)} have no fleet marker free to capture {w.label(cid)}")
        return
    w.f["wrecks"] = tuple(x for x in wrecks if x.cid != cid)
    w.limbo.remove(cid)
    w.ships[cid] = Ship(seat, marker, wreck.pb)
    w.stale(seat, marker)
    if w.data.fighter[cid]:
        _autoload(w, seat, marker)
    w.revealed = True
    w.say(f"{w.name(seat)} capture {w.label(cid)} into fleet {marker} (SG-11)")


def _do_capture(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Capture)
    _take_wreck(w, scavenger(w.s), a.ship)
    if not _run_captures(w, w.s.capture_queue):
        _next_battle(w)


def _end_engagement(w: Work) -> None:
    """SG-6.9: wrecks return to the pile at the end of the Engagement Phase."""
    for cid in w.limbo:
        w.to_pile(cid)
    w.limbo = []
    if w.get("wrecks"):
        w.f["wrecks"] = ()
    if w.get("burst_fleets"):
        w.f["burst_fleets"] = ()
    w.f["battle"] = None
    w.f["fought"] = ()
    if w.get("fought_ships"):
        w.f["fought_ships"] = ()
    _begin_md(w)


# ---- mass destruction (SG-8)


def _begin_md(w: Work) -> None:
    a = w.active
    enemy_planets = {(p.col, p.row) for p in w.planets if p.alive and p.owner not in (a, -1)}
    queue = []
    if enemy_planets:
        there = {
            f.marker for f in w.fleets.values() if f.owner == a and (f.col, f.row) in enemy_planets
        }
        if there:
            queue = [
                cid
                for cid, ship in enumerate(w.ships)
                if ship is not None and ship.owner == a and ship.pb >= 1 and ship.fleet in there
            ]
    if not queue:
        _begin_production(w)
        return
    w.phase = "md"
    w.f["md_queue"] = tuple(queue)
    w.f["launches"] = ()


def _do_launch(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Launch)
    queue = w.s.md_queue[1:]
    launches = (*w.s.launches, (a.ship, a.count)) if a.count else w.s.launches
    w.f["md_queue"] = queue
    w.f["launches"] = launches
    if not queue:
        if w.s.has("cards") and launches:
            w.say(
                "Launch orders: "
                + ", ".join(f"{w.label(c)} {n} PB at {Hex(*w.ship_hex(c)).label}" for c, n in sorted(launches))
            )
            checkpoint(w, "M-decl", "md_roll")  # SG-8.4: It's a Dud!
            return
        _resolve_md(w, launches)


def _md_roll(w: Work) -> None:
    """Cards on (SG-8.4..8.6): every order not negated rolls its n d6 (by ship cid) and every
    declared PB is spent; the dice count only after the Luck window (SG-A59)."""
    launches = sorted(w.s.launches)
    duds = {a for k, a, _ in w.effects() if k == "dud"}
    rolls = []
    for cid, n in launches:
        ship = w.ships[cid]
        assert ship is not None
        w.ships[cid] = replace(ship, pb=ship.pb - n)
        label = Hex(*w.ship_hex(cid)).label
        if cid in duds:
            w.say(f"{w.label(cid)}'s launch at {label} is a dud (SG-13.3 #22)")
            continue
        purpose = f"SG.pb planet={label} ship#{cid}"
        rolls.append(RollRec(purpose, 6, tuple(w.roller.dice(n, 6, purpose)), (cid, n)))
    w.f["rolls"] = tuple(rolls)
    _expire(w, ("dud",))
    if rolls:
        checkpoint(w, "roll", "md_apply")
    else:
        _md_apply(w)


def _md_apply(w: Work) -> None:
    """SG-8.5/8.7: a planet falls if any die of an order against it is <= 3 (Amoeboids 4)."""
    rolls: tuple[RollRec, ...] = w.get("rolls")  # type: ignore[assignment]
    w.f["rolls"] = ()
    w.f["md_queue"] = ()
    w.f["launches"] = ()
    planet_at = {(p.col, p.row): pid for pid, p in enumerate(w.planets) if p.alive}
    for roll in rolls:
        cid, n = roll.ref
        key = w.ship_hex(cid)
        pid = planet_at.get(key, -1)
        label = Hex(*key).label
        if pid < 0 or not w.planets[pid].alive:
            w.say(f"{w.label(cid)} launches {n} PB at {label}, but the planet is already gone")
            continue
        hit = any(d <= pb_hit(w.s, w.active) for d in roll.dice)
        w.say(
            f"{w.label(cid)} launches {n} PB at {label}: {' '.join(map(str, roll.dice))}: "
            f"{'planet destroyed' if hit else 'no effect'}"
        )
        if hit:
            _destroy_planet(w, pid)
            if w.phase == "over":
                return
    _begin_production(w)


def _resolve_md(w: Work, launches: tuple[tuple[int, int], ...]) -> None:
    """SG-8.5/8.6: orders by ship cid, n d6 each; a die <= 3 destroys; every PB is spent.

    Without cards each order is applied at once (no Luck can change it), so an order against
    a planet already destroyed this phase rolls no dice."""
    w.f["md_queue"] = ()
    w.f["launches"] = ()
    planet_at = {(p.col, p.row): pid for pid, p in enumerate(w.planets) if p.alive}
    for cid, n in sorted(launches):
        ship = w.ships[cid]
        assert ship is not None
        w.ships[cid] = replace(ship, pb=ship.pb - n)
        key = w.ship_hex(cid)
        pid = planet_at.get(key, -1)
        label = Hex(*key).label
        if pid < 0 or not w.planets[pid].alive:
            w.say(f"{w.label(cid)} launches {n} PB at {label}, but the planet is already gone")
            continue
        dice = w.roller.dice(n, 6, f"SG.pb planet={label} ship#{cid}")
        hit = any(d <= pb_hit(w.s, w.active) for d in dice)  # SG-8.5 (Amoeboids 4)
        w.say(
            f"{w.label(cid)} launches {n} PB at {label}: {' '.join(map(str, dice))}: "
            f"{'planet destroyed' if hit else 'no effect'}"
        )
        if hit:
            _destroy_planet(w, pid)
            if w.phase == "over":
                return
    _begin_production(w)


def _destroy_planet(w: Work, pid: int) -> None:
    """SG-8.7: the planet is removed; its type becomes public; victory is checked (SG-10.3)."""
    p = w.planets[pid]
    w.planets[pid] = replace(p, alive=False)
    w.revealed = True
    if p.ptype:
        w.say(
            f"{w.name(p.owner)} planet {Hex(p.col, p.row).label} was a "
            f"{PLANET_TYPE_NAMES[p.ptype]} world"
        )
    if _has_lost(w, p.owner):
        _eliminate(w, p.owner)


def _has_lost(w: Work, seat: int) -> bool:
    """SG-10.1/10.2: no planets (Classic); Homeworld or a whole resource type gone (Advanced)."""
    mine = [p for p in w.planets if p.owner == seat]
    if not w.data.planet_types:
        return not any(p.alive for p in mine)
    if race_of(w.s, seat).homeworld_loss and any(p.ptype == "H" and not p.alive for p in mine):
        return True  # SG-10.2(a); not for Insects (SG-A50)
    return any(not any(p.alive and p.ptype == t for p in mine) for t in RESOURCE_TYPES)


def _eliminate(w: Work, seat: int) -> None:
    """SG-16.5: the loser's ships return to the pile and its planets are removed; with cards
    on its hand goes to the discard pile (RULES.md is silent: nobody may play it any more)."""
    w.alive[seat] = False
    w.say(f"{w.name(seat)} is defeated")
    for cid, ship in enumerate(w.ships):
        if ship is not None and ship.owner == seat:
            w.ships[cid] = None
            w.to_pile(cid)
    for key in [k for k in w.fleets if k[0] == seat]:
        del w.fleets[key]
        w.sightings.pop(key, None)
    for pid, p in enumerate(w.planets):
        if p.owner == seat and p.alive:
            w.planets[pid] = replace(p, alive=False)
    hands: tuple[tuple[int, ...], ...] = w.get("cards")  # type: ignore[assignment]
    if hands and hands[seat]:  # the loser's hand is discarded, face up (rules note)
        deck = w.get("deck")
        assert isinstance(deck, Deck)
        w.f["deck"] = deck.discard(*hands[seat])
        w.f["cards"] = tuple(() if s == seat else h for s, h in enumerate(hands))
        w.say(f"{w.name(seat)} discard their hand: " + ", ".join(CARD_BY_NUM[c].name for c in hands[seat]))
    standing = [p for p in range(w.s.players) if w.alive[p]]
    if len(standing) == 1:
        _game_over(
            w, (standing[0],), f"{w.name(standing[0])} destroyed the enemy's planets (SG-10)"
        )


def _game_over(w: Work, winners: tuple[int, ...], reason: str) -> None:
    w.phase = "over"
    w.f["winners"] = winners
    w.f["reason"] = reason
    w.f["cursor"] = 0
    w.f["battle"] = None
    w.f["md_queue"] = ()
    w.f["drawn"] = -1
    w.say(f"Game over: {reason}")


# ---- production (SG-9)


def _begin_production(w: Work) -> None:
    """SG-9: the production window (Increased Production, free cards), then SG-9.2."""
    checkpoint(w, "P", "production")


def _production(w: Work) -> None:
    if w.data.planet_types and w.s.discard_rule:
        w.phase = "discard"
        return
    _begin_gain(w)


def _do_discard(w: Work, a: ActionBase) -> None:
    """SG-9.2: the discarded ship is set aside until the end of this phase."""
    assert isinstance(a, A.Discard)
    if a.ship >= 0:
        w.say(f"{w.name(w.active)} discards {w.label(a.ship)}", w.active)
        w.say(f"{w.name(w.active)} discards a ship")
        w.remove_ship(a.ship, "limbo")
        w.peek()
    _begin_gain(w)


def _begin_gain(w: Work) -> None:
    """SG-9.3 draw4: 4 + extras, capped; SG-9.4 resources: income, then the extras as free
    random ships (Robots SG-A52), then buying."""
    a = w.active
    extra = race_of(w.s, a).production  # Robots (SG-A52)
    extra += sum(1 for k, _, _ in w.effects() if k == "prod")
    draw4 = w.s.production == "draw4"
    n = 4 + extra if draw4 else extra
    cap = ship_cap(w.s, a)
    if cap:
        n = min(n, cap - sum(1 for s in w.ships if s is not None and s.owner == a))
    w.f["to_draw"] = max(0, n)
    if not draw4:
        income = sum(1 for p in w.planets if p.owner == a and p.alive)
        w.resources[a] += income
        w.say(f"{w.name(a)} gains {income} resources ({w.resources[a]})")
    _draw_next(w)


def _draw_next(w: Work) -> None:
    """SG-9.3: draw one at a time and place it at once; an unplaceable one is lost (SG-A31)."""
    a = w.active
    to_draw = int(w.get("to_draw"))  # type: ignore[call-overload]
    if to_draw <= 0 or not w.pile:
        w.f["to_draw"] = 0
        _after_draws(w)
        return
    cid, rest = w.roller.draw_from_pool(w.pile, f"SG.production.draw seat={a}")
    w.pile = list(rest)
    w.f["to_draw"] = to_draw - 1
    if not w.can_place(a):
        w.to_pile(cid)
        w.f["to_draw"] = 0
        w.say(f"{w.name(a)} draws a ship but cannot place it: it returns to the pile")
        _after_draws(w)
        return
    w.say(f"{w.name(a)} draws {w.label(cid)}", a)
    w.say(f"{w.name(a)} draws a ship")
    w.f["drawn"] = cid
    w.phase = "place"


def _after_draws(w: Work) -> None:
    """draw4: production ends; resources: buying follows the free ships (SG-9.4)."""
    if w.s.production == "draw4":
        _end_production(w)
    else:
        w.phase = "buy"


def _do_place(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Place)
    owner = placer(w.s)
    cid = w.s.drawn
    marker = a.fleet or w.new_fleet(owner, (a.col, a.row))
    w.ships[cid] = Ship(owner, marker, pb_max(w.s, cid))  # SG-9.5: full PB
    w.stale(owner, marker)
    if w.data.fighter[cid]:
        _autoload(w, owner, marker)
    w.f["drawn"] = -1
    if w.s.resume:  # an Alien Ruins ship (SG-12.1): the move (or card) goes on
        w.f["resume"] = ""
        w.f["placer"] = -1
        w.phase = "closed"  # the continuation sets the next phase
        THEN[w.s.resume](w)
        return
    _draw_next(w)  # the next free draw, or (resources, a bought ship) back to buying


def _do_buy(w: Work, a: ActionBase) -> None:
    """SG-9.4: the lowest-cid pile counter of the chosen type, for 10 resources (public)."""
    assert isinstance(a, A.Buy)
    owner = w.active
    cid = next(c for c in w.pile if c // w.data.copies == a.kind)
    w.pile.remove(cid)
    w.resources[owner] -= SHIP_COST
    w.say(f"{w.name(owner)} buys {w.label(cid)} ({w.resources[owner]} resources left)")
    w.f["drawn"] = cid
    w.phase = "place"


def _do_refill(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Refill)
    owner = w.active
    ship = w.ships[a.ship]
    assert ship is not None
    w.ships[a.ship] = replace(ship, pb=ship.pb + 1)
    w.resources[owner] -= 1
    w.say(f"{w.name(owner)} buys 1 PB ({w.resources[owner]} resources left)")


def _do_end_production(w: Work, a: ActionBase) -> None:
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
    w.f["drawn"] = -1
    _end_turn(w)


# ---- end of turn (SG-4.1 step 5, SG-5.13, SG-10.4)


def _stranded(w: Work) -> None:
    """SG-5.13: per player and hex without an own planet, fighters beyond BAYS* are lost."""
    data = w.data
    fighter = data.fighter
    ships = w.ships
    fighters = [c for c, s in enumerate(ships) if s is not None and fighter[c]]
    if not fighters:
        return
    at = {k: (f.col, f.row) for k, f in w.fleets.items()}
    own_planets = {(p.owner, p.col, p.row) for p in w.planets if p.alive}
    exposed = set()
    for c in fighters:
        ship = ships[c]
        assert ship is not None
        key = (ship.owner, *at[(ship.owner, ship.fleet)])
        if key not in own_planets:
            exposed.add(key)
    if not exposed:
        return
    groups: dict[tuple[int, int, int], list[int]] = {}
    for cid, ship in enumerate(ships):
        if ship is not None:
            key = (ship.owner, *at[(ship.owner, ship.fleet)])
            if key in exposed:
                groups.setdefault(key, []).append(cid)
    for key in sorted(exposed):
        cids = groups[key]
        fighters = [c for c in cids if fighter[c]]
        capacity = sum(bays(w.s, c, key[0]) for c in cids)
        excess = len(fighters) - capacity
        if excess <= 0:
            continue
        doomed = sorted(fighters, key=lambda c: (data.type_of(c).atk + data.type_of(c).defense, c))[
            :excess
        ]
        for cid in doomed:
            w.remove_ship(cid, "pile")
        w.revealed = True
        w.say(
            f"{w.name(key[0])} loses {excess} stranded fighter(s) at {Hex(key[1], key[2]).label}: "
            + ", ".join(w.label(c) for c in doomed)
        )


def _end_turn(w: Work) -> None:
    """SG-4.1 step 5: stranded fighters (5.1), the hand limit (5.2), effects expire (5.3)."""
    _stranded(w)
    w.peek()
    if w.s.has("cards"):
        from . import cardplay

        if cardplay.over_hand_limit(w):
            return  # the active player discards down to 7 first
    _next_turn(w)


def _next_turn(w: Work) -> None:
    if w.get("effects"):
        w.f["effects"] = ()
    s = w.s
    turn, rnd = w.turn, w.round
    while True:
        turn += 1
        if turn >= s.players:
            turn = 0
            rnd += 1
        if w.alive[s.order[turn]]:
            break
    if rnd > s.round_limit:
        _adjudicate(w)
        return
    w.turn, w.round = turn, rnd
    _begin_turn(w)


def _adjudicate(w: Work) -> None:
    """SG-10.4: most planets, then most ships; otherwise a draw."""
    seats = [p for p in range(w.s.players) if w.alive[p]]

    def score(p: int) -> tuple[int, int]:
        planets = sum(1 for x in w.planets if x.owner == p and x.alive)
        ships = sum(1 for x in w.ships if x is not None and x.owner == p)
        return planets, ships

    best = max(score(p) for p in seats)
    top = tuple(p for p in seats if score(p) == best)
    if len(top) == 1:
        _game_over(
            w, top, f"round limit: {w.name(top[0])} has the most planets, then ships (SG-10.4)"
        )
    else:
        _game_over(w, (), "round limit: a draw (SG-10.4)")


def _card_action(w: Work, a: ActionBase) -> None:
    from . import cardplay

    cardplay.handle(w, a)


def _transport_on(w: Work) -> None:
    """After a card played in the Transport Phase: the fleet being ordered goes on."""
    _advance_cursor(w, keep=int(w.get("cursor")))  # type: ignore[call-overload]


def _window_on(w: Work) -> None:
    from . import cardplay

    cardplay.continue_window(w)


def _card_move_on(w: Work) -> None:
    from . import cardplay

    cardplay.continue_card_move(w)


# Continuations: what follows a card window (SG-13.2) or a decision taken in the middle of
# a procedure (an Alien Ruins ship, a card move), by name, since the state stores the name.
THEN = {
    "black_holes": _apply_black_holes,
    "transport": _begin_transport,
    "transport_on": _transport_on,
    "advance": _advance,
    "after_step": _after_step,
    "end_transport": _end_transport,
    "neutral": _neutral_after_luck,
    "neutral_card": _neutral_after_luck_card,
    "engage": _engage,
    "next_battle": _next_battle,
    "battle_declare": _battle_declare,
    "battle_roll": _battle_roll,
    "battle_apply": _battle_apply,
    "burst_roll": _burst_roll,
    "burst_apply": _burst_apply,
    "end_engagement": _end_engagement,
    "md_roll": _md_roll,
    "md_apply": _md_apply,
    "production": _production,
    "next_turn": _next_turn,
    "window": _window_on,
    "card_move": _card_move_on,
}

_HANDLERS = {
    A.SetType: _do_set_type,
    A.SetupPlace: _do_setup_place,
    A.Step: _do_step,
    A.Hold: _do_hold,
    A.EndTransport: _do_end_transport,
    A.Split: _do_split,
    A.Merge: _do_merge,
    A.Load: _do_load,
    A.Unload: _do_unload,
    A.Fight: _do_fight,
    A.Target: _do_target,
    A.Launch: _do_launch,
    A.Discard: _do_discard,
    A.Buy: _do_buy,
    A.Refill: _do_refill,
    A.EndProduction: _do_end_production,
    A.Place: _do_place,
    A.ChooseRace: _do_choose_race,
    A.SelfDestruct: _do_target,
    A.Capture: _do_capture,
    A.Burst: _do_burst,
    A.Gate: _do_gate,
    A.Select: _do_select,
    A.PlayCard: _card_action,
    A.Choose: _card_action,
    A.Pass: _card_action,
    A.DiscardCard: _card_action,
}


# --------------------------------------------------------------------------------------
# Invariants (the playouts check them after every action)


_OWNER = attrgetter("owner")
_FLEET = attrgetter("fleet")
_PB = attrgetter("pb")
_CARRIER = attrgetter("carrier")
_KEY = attrgetter("owner", "marker")


_CHECKED: list[tuple[tuple[object, ...], list[str]]] = []


def invariant_violations(state: State) -> list[str]:
    """Counter conservation, pb ranges, fleets and markers, fleet limit, ship cap, loading,
    and the cards (SG-13.1).

    The playouts call this after every action, so it leans on C-level ``map``/``zip``, and
    the ship checks are reused while none of their inputs changed (card windows and passes
    leave ships, fleets and piles untouched: every state shares those very tuples)."""
    inputs = (state.ships, state.pile, state.limbo, state.fleets, state.races, state.resources, state.hands,
              state.drawn, state.phase in ("race", "types", "fleets"))
    if _CHECKED and all(a is b for a, b in zip(_CHECKED[0][0], inputs, strict=True)):  # small ints, bools
        out = list(_CHECKED[0][1])
    else:
        out = _ship_violations(state)
        _CHECKED[:] = [(inputs, list(out))]
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
    if state.phase in ("race", "types", "fleets"):
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
        if n > bays(state, c, ships[c].owner)  # type: ignore[union-attr]
    )
