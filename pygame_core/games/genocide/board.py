"""Space Genocide's board and ship values: seats, the map, terrain, the modifier hooks (SG-2.7).

Every ship value is read through ``atk``/``defense``/``move``/``bays``: the Advanced planet
bonus, then the modules' additive modifiers (races SG-11, terrain SG-12, cards SG-13.3, SG-A71),
each taken from its data table. Also the read-only queries the rule sections share (``Index``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from ...events import Event, Value, event
from ...hexgrid import HexMap
from ...rng import Roll
from .data import MAP_ROWS, SECTION_COLS
from .races import NO_RACE, RACE_BY_KEY, Race
from .state import Fleet, Ship, State
from .terrain import TERRAIN_BY_KEY, Terrain

HexKey = tuple[int, int]
K = TypeVar("K")
V = TypeVar("V")
PUBLIC = -1
SEALED = 99  # a log audience no seat has (C-4.1 SEALED)


def roll_log(
    rolls: Sequence[Roll], known_as: Callable[[int, int, bool], tuple[int, int, int]] | None = None
) -> list[Event]:
    """C-2.8: every RNG use with its purpose, consecutive ones of one purpose on one line.

    Dice are PUBLIC; a pile draw ("... seat=N") is PRIVATE to that seat, since the pick
    index hints at the counter drawn (SG-14.1: ships drawn are private)."""
    out: list[Event] = []
    i = 0
    while i < len(rolls):
        j = i
        while j < len(rolls) and rolls[j].purpose == rolls[i].purpose:
            j += 1
        first = rolls[i]
        values = tuple(r.value if r.is_die else r.value + 1 for r in rolls[i:j])
        audience = PUBLIC
        if " seat=" in first.purpose:
            audience = int(first.purpose.rsplit("=", 1)[1])
        elif first.purpose.endswith(" sealed"):
            audience = SEALED  # a deck shuffle: its picks would give the deck order away
        pick = not first.is_die
        fields: dict[str, Value] = {"purpose": first.purpose, "sides": first.sides, "pick": pick, "values": values}
        ship = purpose_ship(first.purpose)
        if ship is not None and known_as is not None:
            # Issue 36: the words name it, not its counter id; a planet buster's roll says its hex.
            fields["ship_at"] = known_as(ship, PUBLIC, first.purpose.startswith("SG.pb"))
        out.append(event("roll", audience, **fields))
        i = j
    return out


def purpose_ship(purpose: str) -> int | None:
    """The ship a roll's purpose names (``ship#44``), if any."""
    at = purpose.find("ship#")
    if at < 0:
        return None
    digits = ""
    for ch in purpose[at + 5:]:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits else None


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


def race_of(state: State, seat: int) -> Race:
    """SG-11: the seat's race row (``NO_RACE`` when the module is off or not yet chosen)."""
    races = state.races
    return RACE_BY_KEY[races[seat]] if races else NO_RACE


class LastResult(Generic[K, V]):
    """Memoises a function of one immutable value for the last value it was asked about,
    recognised by identity (``is``), never by equality.

    The engine asks the same question of the same state (or the same tuple of a state, which
    every later state shares until it changes) many times in a row; this answers the repeats
    without hashing or comparing big values. The memo holds the value it answered for, so no
    other object can take its ``id`` while it is remembered. Each memo is a module constant
    owned by the one function that uses it.
    """

    def __init__(self, compute: Callable[[K], V]) -> None:
        self._compute = compute
        self._last: tuple[K, V] | None = None

    def __call__(self, key: K) -> V:
        last = self._last
        if last is not None and last[0] is key:
            return last[1]
        value = self._compute(key)
        self._last = (key, value)
        return value


def _terrain_map(terrain: tuple[tuple[int, int, str], ...]) -> dict[HexKey, Terrain]:
    return {(c, r): TERRAIN_BY_KEY[k] for c, r, k in terrain}


# The layout never changes during a game and every state of a game shares its tuple.
_TERRAIN_MAP = LastResult(_terrain_map)


def terrain_at(state: State, key: HexKey) -> Terrain | None:
    """SG-12: the terrain in a hex, if any."""
    terrain = state.terrain
    if not terrain:
        return None
    return _TERRAIN_MAP(terrain).get(key)


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


def ship_at(ships: Sequence[Ship | None], cid: int) -> Ship:
    """The ship ``cid``, which the caller knows to be in play."""
    ship = ships[cid]
    assert ship is not None
    return ship


def carrier_of(ships: Sequence[Ship | None], cid: int) -> int:
    return ship_at(ships, cid).carrier


def owner_of(ships: Sequence[Ship | None], cid: int) -> int:
    return ship_at(ships, cid).owner


def free_marker(state: State, owner: int) -> int:
    """A marker for a new fleet: lowest free 1..limit (Advanced), else the next number."""
    limit = state.data.fleet_limit
    if not limit:
        return state.next_marker[owner]
    used = {f.marker for f in state.fleets if f.owner == owner}
    for m in range(1, limit + 1):
        if m not in used:
            return m
    return 0


def enter_cost(state: State, key: HexKey) -> int:
    """SG-5.7: 1 MP per step; 0 into a Gravitic Anomaly; 99 (never) into a Super Nova."""
    if not state.terrain:
        return 1
    t = terrain_at(state, key)
    if t is None:
        return 1
    return 99 if t.impassable else t.enter_cost


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
        return free_marker(self.state, owner)


def ship_hex_in(idx: Index, ship: Ship) -> HexKey:
    f = idx.fleets[(ship.owner, ship.fleet)]
    return (f.col, f.row)


def scavenger(state: State) -> int:
    """SG-11: the seat playing the Scavengers (races are never duplicated, SG-A48)."""
    return next(s for s in range(state.players) if race_of(state, s).scavenge)


def ships_in_play(state: State, owner: int) -> int:
    return sum(1 for s in state.ships if s is not None and s.owner == owner)
