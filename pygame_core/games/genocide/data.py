"""Space Genocide ship tables, counter ids and planet-type counters (RULES.md SG-2)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ShipType:
    """One row of the Ship List Table (SG-2.1); ``fighter`` is BAYS = F."""

    key: str
    name: str
    move: int
    atk: int
    defense: int
    pb: int
    bays: int
    fighter: bool = False

    @property
    def stationary(self) -> bool:
        """SG-2.2: base MOVE 0 (fighters, Battle Stations, Defense Satellites)."""
        return self.move == 0

    @property
    def bay_ship(self) -> bool:
        """SG-2.2: a non-fighter with BAYS >= 1 (race modifiers plug in via ``Rules.bays``)."""
        return not self.fighter and self.bays >= 1


def _t(
    key: str, name: str, move: int, atk: int, defense: int, pb: int, bays: int | str
) -> ShipType:
    if bays == "F":
        return ShipType(key, name, move, atk, defense, pb, 0, True)
    assert isinstance(bays, int)
    return ShipType(key, name, move, atk, defense, pb, bays)


_COMMON: tuple[ShipType, ...] = (
    _t("fighter", "Fighter Squads", 0, 5, 4, 1, "F"),
    _t("interceptor", "Interceptor Squads", 0, 3, 7, 0, "F"),
    _t("bomber", "Bomber Squads", 0, 6, 2, 2, "F"),
    _t("gunship", "Gunships", 5, 2, 3, 0, 0),
    _t("missile_boat", "Missile Boats", 2, 5, 1, 2, 0),
    _t("drone", "Drone", 5, 0, 1, 4, 0),
    _t("scout", "Scouts", 6, 1, 3, 0, 0),
    _t("monitor", "Monitor", 1, 6, 3, 0, 0),
    _t("destroyer", "Destroyers", 3, 3, 3, 1, 0),
    _t("corvette", "Corvettes", 4, 3, 2, 1, 0),
    _t("frigate", "Frigate", 3, 4, 2, 1, 0),
    _t("escort", "Escorts", 4, 3, 3, 0, 0),
    _t("battle_station", "Battle Station", 0, 5, 5, 0, 0),
    _t("defense_satellite", "Defense Satellites", 0, 4, 6, 0, 0),
    _t("battle_drone", "Battle Drone", 4, 5, 1, 0, 0),
    _t("cruiser", "Cruiser", 2, 3, 4, 1, 0),
    _t("battler", "Battler", 2, 5, 2, 1, 0),
    _t("shield_ship", "Shield Ship", 1, 4, 5, 0, 0),
    _t("assault_transport", "Assault Transport", 2, 2, 2, 3, 1),
    _t("attack_scout", "Attack Scout", 7, 0, 2, 1, 0),
)

# SG-2.1 / SG-A03: Classic keeps the Light Carrier and a 2/1/2/0/5 Carrier; Advanced drops the
# Light Carrier and uses a 3/1/2/0/4 Carrier.
CLASSIC_TYPES: tuple[ShipType, ...] = (
    *_COMMON,
    _t("light_carrier", "Light Carrier", 4, 1, 3, 0, 2),
    _t("carrier", "Carrier", 2, 1, 2, 0, 5),
)
ADVANCED_TYPES: tuple[ShipType, ...] = (
    *_COMMON,
    _t("carrier", "Carrier", 3, 1, 2, 0, 4),
)


@dataclass(frozen=True)
class VariantData:
    """The fixed parameters of one variant (SG-1.1)."""

    name: str
    types: tuple[ShipType, ...]
    copies: int
    combat_die: int
    ship_cap: int  # 0 = no cap
    fleet_limit: int  # 0 = unlimited markers
    fleet_size_public: bool
    planet_types: bool
    home_bonus: bool
    default_production: str

    @property
    def total(self) -> int:
        return len(self.types) * self.copies

    def __post_init__(self) -> None:
        # Per-cid lookup tables: the hot paths index these instead of re-deriving types.
        cids = range(len(self.types) * self.copies)
        object.__setattr__(self, "stationary", tuple(self.type_of(c).stationary for c in cids))
        object.__setattr__(self, "fighter", tuple(self.type_of(c).fighter for c in cids))
        object.__setattr__(self, "base_move", tuple(self.type_of(c).move for c in cids))
        object.__setattr__(self, "base_bays", tuple(self.type_of(c).bays for c in cids))
        object.__setattr__(self, "pb_max", tuple(self.type_of(c).pb for c in cids))

    stationary: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    fighter: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    base_move: tuple[int, ...] = field(init=False, repr=False, compare=False)
    base_bays: tuple[int, ...] = field(init=False, repr=False, compare=False)
    pb_max: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def type_of(self, cid: int) -> ShipType:
        """SG-2.3: cid = type_index * copies + copy_index."""
        return self.types[cid // self.copies]


CLASSIC = VariantData("classic", CLASSIC_TYPES, 5, 10, 0, 0, True, False, False, "resources")
ADVANCED = VariantData("advanced", ADVANCED_TYPES, 4, 6, 20, 10, False, True, True, "draw4")
VARIANTS = {"classic": CLASSIC, "advanced": ADVANCED}

# SG-2.4: 1 Homeworld, 3 Population, 3 Metal, 3 Radioactive per player (Advanced).
PLANET_TYPE_COUNTS: tuple[tuple[str, int], ...] = (("H", 1), ("P", 3), ("M", 3), ("R", 3))
PLANET_TYPE_NAMES = {"H": "Homeworld", "P": "Population", "M": "Metal", "R": "Radioactive"}
RESOURCE_TYPES = ("P", "M", "R")

PLANETS_PER_PLAYER = 10
INITIAL_SHIPS = 20
SHIP_COST = 10  # SG-9.4 / SG-A04
MAP_ROWS = 24  # SG-3.1 [INVENTED]
SECTION_COLS = 12
SEAT_NAMES = ("West", "East", "North", "South")
SEAT_SHORT = ("W", "E", "N", "S")
