"""The terrain of the Advanced module ``module_terrain`` as data (RULES.md SG-12, SG-A39..A47).

Each terrain type is one row: its modifiers feed the ATK*/DEF* hooks, its movement fields
the step rules (SG-5.7, SG-5.8, SG-5.11), and its placement fields the random placement of
SG-12.2. The rules (``board.py``, ``arrival.py``, ``setup.py``) read only these fields,
so a type's whole behaviour is here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Terrain:
    """One row of SG-12.1."""

    key: str
    name: str
    text: str  # the source text [001:174-188]
    count: int  # hexes on a 2-player map [INVENTED] (SG-A39)
    atk: int = 0  # ATK* bonus for every ship in the hex (Ion Cloud)
    defense: int = 0  # DEF* bonus for every ship in the hex (Asteroid Field)
    enter_cost: int = 1  # MP to step in (Gravitic Anomaly: 0, SG-A43)
    impassable: bool = False  # no step or card move may end or pass here (Super Nova)
    stop: bool = False  # entering ends the move (Nebula, SG-5.8b)
    no_enemy_stop: bool = False  # SG-5.8(a) is waived here (Dark Matter, SG-A46)
    gate: bool = False  # a 0-MP transit to any other gate (Star Gate, SG-5.11)
    black_hole: bool = False  # start-of-turn d6 per own ship, 1 destroys (SG-A45)
    reward: str = ""  # once per game, for the first player to enter: "ship" | "cards"
    neutral: bool = False  # a neutral planet, captured by the first to enter (SG-A44)
    needs_cards: bool = False  # placed only when module_cards is on (SG-A47)
    keep_off_planets: bool = False  # placement: not adjacent to any planet
    planet_distance: int = 0  # placement: at least this far from every planet

    @property
    def paired(self) -> bool:
        """SG-12.2: even counts are placed as mirrored pairs; singletons in the middle band."""
        return self.count % 2 == 0


TERRAIN: tuple[Terrain, ...] = (
    Terrain(
        "star_gate",
        "Star Gate",
        "Go in one gate and come out any other.",
        4,
        gate=True,
    ),
    Terrain(
        "nebula",
        "Nebula",
        "A Ship must end its Movement upon entering one.",
        4,
        stop=True,
    ),
    Terrain(
        "super_nova",
        "Super Nova",
        "No Ships may enter this space.",
        2,
        impassable=True,
        keep_off_planets=True,
    ),
    Terrain(
        "alien_ruins",
        "Alien Ruins",
        "Gain a free Random ship once per game to first player to reach it.",
        1,
        reward="ship",
    ),
    Terrain(
        "asteroid_field",
        "Asteroid Field",
        "All Ships in this space get +1 Defense.",
        4,
        defense=1,
    ),
    Terrain(
        "ion_cloud",
        "Ion Cloud",
        "All Ships in this space get +1 Attack.",
        4,
        atk=1,
    ),
    Terrain(
        "gravitic_anomaly",
        "Gravitic Anomaly",
        "Entering this space does not use up a Movement Point.",
        4,
        enter_cost=0,
    ),
    Terrain(
        "neutral_planet",
        "Neutral Planet",
        "The first player to reach this planet gains control of it. At that time randomly "
        "determine its type: Roll 1D6: 1-2 = Population, 3-4 = Metal, 5-6 = Radioactive.",
        2,
        neutral=True,
        planet_distance=3,
    ),
    Terrain(
        "black_hole",
        "Black Hole",
        "Any ship in this space must at the beginning of its owners turn roll 1D6: On a roll "
        "of 1, it is sucked in and destroyed.",
        2,
        black_hole=True,
        keep_off_planets=True,
    ),
    Terrain(
        "dark_matter",
        "Dark Matter",
        "Fleets moving into this space do not have to stop if the space is occupied by an "
        "enemy Fleet, they may keep moving.",
        2,
        no_enemy_stop=True,
    ),
    Terrain(
        "temporal_nexus",
        "Temporal Nexus",
        "Once per Game the first player to reach it gets to draw 2 cards.",
        1,
        reward="cards",
        needs_cards=True,
    ),
)

TERRAIN_BY_KEY: dict[str, Terrain] = {t.key: t for t in TERRAIN}

# SG-12.1 Neutral Planet: d6 1-2 Population, 3-4 Metal, 5-6 Radioactive.
NEUTRAL_TYPE = {1: "P", 2: "P", 3: "M", 4: "M", 5: "R", 6: "R"}
BLACK_HOLE_LOSS = 1  # the d6 result that destroys a ship (SG-12.1)
NEXUS_CARDS = 2  # cards drawn at the Temporal Nexus
