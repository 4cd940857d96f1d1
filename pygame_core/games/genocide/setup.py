"""Setup (SG-3): the roll-off, planets, terrain, races, planet types and the initial fleets.

``new_state`` runs SG-3.2..3.7 (and SG-15 items 1-5); the choices then made in turn order
(SG-3.5 races, SG-3.6 planet types, SG-3.8 fleets) are listed and applied here side by side.
"""

from __future__ import annotations

from ...events import Event, event
from ...frozen import replace
from ...game import ActionBase
from ...hexgrid import Hex
from ...rng import Roller
from . import actions as A
from .board import HexKey, game_map, neighbour_table, pb_max, roll_log, seat_name
from .cardplay.deck import deal
from .data import INITIAL_SHIPS, MAP_ROWS, PLANET_TYPE_COUNTS, PLANETS_PER_PLAYER, SECTION_COLS, VARIANTS
from .races import RACES
from .state import Phase, Planet, Ship, State
from .terrain import TERRAIN, TERRAIN_BY_KEY, Terrain
from .turn import begin_turn
from .work import Work, autoload


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
    log: list[Event] = []
    # SG-3.2: roll-off, tied highest re-roll.
    contenders = list(range(players))
    while True:
        rolls = {p: roller.d(6, f"SG.rolloff {seat_name(p, players)}") for p in contenders}
        log.append(event("rolloff", seats=tuple(rolls), dice=tuple(rolls.values())))
        best = max(rolls.values())
        contenders = [p for p, v in rolls.items() if v == best]
        if len(contenders) == 1:
            break
    first = contenders[0]
    order = tuple((first + i) % players for i in range(players))  # SG-16.3: clockwise
    log.append(event("first_player", seat=first))
    planets = _place_planets(players, roller)
    terrain: tuple[tuple[int, int, str], ...] = ()
    if "terrain" in modules:  # SG-3.4 / SG-15 item 3
        terrain, neutral = _place_terrain(players, planets, roller, "cards" in modules)
        planets = (*planets, *neutral)
        log.append(event("terrain_placed", count=len(terrain)))
    pile = list(range(data.total))
    hands: list[tuple[int, ...]] = [() for _ in range(players)]
    for seat in order:  # SG-3.7, in turn order, one at a time
        drawn = []
        for _ in range(INITIAL_SHIPS):
            cid, rest = roller.draw_from_pool(pile, f"SG.setup.draw seat={seat}")
            pile = list(rest)
            drawn.append(cid)
        hands[seat] = tuple(sorted(drawn))
        log.append(event("fleets_drawn", seat=seat, count=INITIAL_SHIPS))
    deck = None
    card_hands: tuple[tuple[int, ...], ...] = ()
    if "cards" in modules:  # SG-3.9 / SG-15 item 5
        deck, card_hands = deal(roller, order, players)
        log.append(event("cards_dealt", count=3))
        for seat in order:
            log.append(event("hand_dealt", seat, seat=seat, cards=card_hands[seat]))
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
        phase=Phase.RACE if "races" in modules else Phase.TYPES if data.planet_types else Phase.FLEETS,
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


def race_actions(state: State) -> list[ActionBase]:
    """SG-3.5: the races still free, one choice per seat in turn order."""
    return [A.ChooseRace(r) for r in race_choices(state)]


def type_actions(state: State) -> list[ActionBase]:
    """SG-3.6: the next untyped planet of the seat gets one of the types it has left."""
    seat = setup_seat(state)
    pid = next_untyped(state, seat)
    return [A.SetType(pid, t) for t in remaining_types(state, seat)]


def fleet_actions(state: State) -> list[ActionBase]:
    """SG-3.8: the seat's next drawn ship goes to one of its planets with room left."""
    seat = setup_seat(state)
    counts = [0] * len(state.planets)
    for _, pid in state.placements:
        counts[pid] += 1
    room = setup_room(state)
    return [A.SetupPlace(pid) for pid, p in enumerate(state.planets) if p.owner == seat and counts[pid] < room]


def race_choices(state: State) -> list[str]:
    """SG-3.5 / SG-A48: races not taken yet; Terrans only with cards (SG-1.3)."""
    taken = set(state.races)
    cards = state.has("cards")
    return [r.key for r in RACES if r.key not in taken and (cards or not r.needs_cards)]


def remaining_types(state: State, seat: int) -> list[str]:
    used = [p.ptype for p in state.planets if p.owner == seat and p.ptype]
    return [t for t, n in PLANET_TYPE_COUNTS if used.count(t) < n]


def next_untyped(state: State, seat: int) -> int:
    for pid, p in enumerate(state.planets):
        if p.owner == seat and not p.ptype:
            return pid
    return -1


def next_unplaced(state: State, seat: int) -> int:
    placed = {cid for cid, _ in state.placements}
    for cid in state.hands[seat]:
        if cid not in placed:
            return cid
    return -1


def setup_room(state: State) -> int:
    """SG-3.8: exactly 2 per planet (Classic), 0-5 (Advanced)."""
    return 5 if state.data.planet_types else 2


def do_choose_race(w: Work, a: ActionBase) -> None:
    """SG-3.5: races are chosen in turn order and are PUBLIC (SG-11.1)."""
    assert isinstance(a, A.ChooseRace)
    s = w.s
    seat = s.order[s.setup_seat]
    races = list(s.races)
    races[seat] = a.race
    w.races = tuple(races)
    w.emit("race_chosen", seat=seat, race=a.race)
    if s.setup_seat + 1 < s.players:
        w.setup_seat = s.setup_seat + 1
    else:
        w.setup_seat = 0
        w.phase = Phase.TYPES


def do_set_type(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.SetType)
    w.planets[a.planet] = replace(w.planets[a.planet], ptype=a.ptype)
    seat = w.s.order[w.s.setup_seat]
    if all(p.ptype for p in w.planets if p.owner == seat):
        w.phase = Phase.FLEETS


def do_setup_place(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.SetupPlace)
    s = w.s
    seat = s.order[s.setup_seat]
    placements = (*s.placements, (next_unplaced(s, seat), a.planet))
    w.placements = placements
    hand = set(s.hands[seat])
    if sum(1 for cid, _ in placements if cid in hand) < INITIAL_SHIPS:
        return
    if s.setup_seat + 1 < s.players:
        w.setup_seat = s.setup_seat + 1
        w.phase = Phase.TYPES if w.data.planet_types else Phase.FLEETS
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
        autoload(w, p.owner, marker)
    w.placements = ()
    w.hands = ()
    w.revealed = True
    w.emit("setup_complete")
    begin_turn(w)
