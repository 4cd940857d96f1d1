"""The nine races of the Advanced module ``module_races`` as data (RULES.md SG-11, SG-A48..A54).

Each race is one row: its numeric modifiers feed the ATK*/DEF*/MOVE*/BAYS* hooks, the ship
cap and production (``board.py``, ``production.py``); its flags switch on the three rules that are procedures
(Amoeboid self-destruct at B3, the Scavengers' capture at B7, the Insects' Homeworld).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Race:
    """One row of SG-11. Zero / default fields mean "no change"."""

    key: str
    name: str
    text: str  # the source text [001:198-227]
    atk: int = 0  # ATK* bonus for every ship (Felines)
    defense: int = 0  # DEF* bonus for every ship (Crustaceans)
    move: int = 0  # MOVE* bonus for mobile ships only (Simians, SG-A51)
    bays: int = 0  # BAYS* bonus for every non-fighter ship (Insects, SG-A50)
    cap: int = 0  # ship cap bonus (Worms: 20 + 5)
    production: int = 0  # extra random ships per own Production Phase (Robots, SG-A52)
    card_draw: int = 0  # extra cards in the start-of-turn draw (Terrans, SG-A49)
    pb_hit: int = 3  # a PB die <= this destroys a planet (Amoeboids: 4, SG-8.5)
    homeworld_loss: bool = True  # SG-10.2(a) applies (not to Insects)
    self_destruct: bool = False  # Amoeboids: B3 sacrifice for ATK* +2 (SG-A53)
    scavenge: bool = False  # Scavengers: capture one ship per destroyed enemy fleet (SG-A54)
    needs_cards: bool = False  # available only when module_cards is on (SG-1.3)


NO_RACE = Race("", "", "")

RACES: tuple[Race, ...] = (
    Race(
        "terrans",
        "The Terrans",
        "They draw 2 cards per turn in their Draw phase.",
        card_draw=1,
        needs_cards=True,
    ),
    Race(
        "insects",
        "Insect Hive Mind Swarms",
        "All of their non-fighter ships have +1 Fighter Bay. "
        "They do not lose if their Homeworld is destroyed.",
        bays=1,
        homeworld_loss=False,
    ),
    Race(
        "felines",
        "Aggressive Hominid Felines",
        "All of their Ships get Attack Levels +1.",
        atk=1,
    ),
    Race(
        "crustaceans",
        "Xenophobic Crustaceans",
        "All of their Ships get Defense Levels +1.",
        defense=1,
    ),
    Race(
        "simians",
        "Bickering Screeching Simians",
        "All Non-stationary ships get Move Levels +1.",
        move=1,
    ),
    Race("worms", "Warmongering Worms", "They have a ship max of +5.", cap=5),
    Race(
        "robots",
        "Efficient Robot Menace",
        "They produce 1 extra ship every turn.",
        production=1,
    ),
    Race(
        "amoeboids",
        "Amoeboid Religious Fanatics",
        "Planet Busters are effective on a roll of 1-4 vs. Planets. "
        "Orion Ships may self Destruct to get +2 Attack Levels.",
        pb_hit=4,
        self_destruct=True,
    ),
    Race(
        "scavengers",
        "Opportunistic Scavenger Rodents",  # [INVENTED] name (SG-A54)
        "Every time they destroy an enemy Fleet they gain control of one of the Enemy ships "
        "just destroyed.",
        scavenge=True,
    ),
)

RACE_BY_KEY: dict[str, Race] = {r.key: r for r in RACES}
RACE_BY_KEY[""] = NO_RACE

SELF_DESTRUCT_ATK = 2  # SG-11 Amoeboids: +2 ATK* for the round of the sacrifice
