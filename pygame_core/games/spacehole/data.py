"""Spacehole's 96 cards and the Base, with both name sets (RULES.md SH-2, SH-3)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import Enum


class Kind(str, Enum):
    BASE = "base"
    STRUCTURE = "structure"
    DEFENDER = "defender"
    INVADER = "invader"
    EVENT = "event"


@dataclass(frozen=True)
class CardType:
    """One printed card: its key, kind, numbers (SH-2.3..2.6) and both skins' names."""

    key: str
    kind: Kind
    name: str
    b5_name: str
    text: str
    count: int = 1
    income: int = 0  # $ per turn when powered (SH-2.3)
    power: int = 0  # P: power used per turn
    defence_slots: int = 0  # D: additional defenders allowed (SH-8.1)
    force: int = 0  # defenders and invaders: dice per battle round
    needs: tuple[str, int] | None = None  # (supporter key, how many), exclusive (SH-7.2)


S, D, E = Kind.STRUCTURE, Kind.DEFENDER, Kind.EVENT

BASE = CardType(
    "base", Kind.BASE, "Base", "Hull",
    "Generates 5 power per turn. Built-in laser: 1 die every battle round. Allows 2 defenders.",
    defence_slots=2,
)

# SH-2.3 / SH-3.3: structures in table order; ids follow this order x count (SH-2.7).
STRUCTURES = (
    CardType("solar_array", S, "Solar Array", "Fusion reactor", "Generates 5 power per turn.", 7),
    CardType("agrodome", S, "Agrodome", "Garden", "Supports 1 Colony.", 6, 1, 1),
    CardType("colony", S, "Colony", "Living quarters", "Requires 1 Agrodome. +1 defender.", 4, 3, 1, 1,
             needs=("agrodome", 1)),
    CardType("mine", S, "Mine", "Loading bay", "2 Mines support 1 Refinery.", 8, 1, 1),
    CardType("refinery", S, "Refinery", "Refinery", "Requires 2 Mines.", 4, 2, 1, needs=("mine", 2)),
    CardType("factory", S, "Factory", "Factory", "Requires 2 Refineries.", 1, 3, 1,
             needs=("refinery", 2)),
    CardType("starport", S, "Starport", "Landing bay", "Requires 2 Colonies. +1 defender.", 1, 5, 2, 1,
             needs=("colony", 2)),
    CardType("lab", S, "Research Labs", "Research lab", "Supports 1 Stargate.", 2, 1, 1),
    CardType("stargate", S, "Stargate", "Hyperspace jumpgate", "Requires 1 Lab. +1 defender.", 1, 7, 3, 1,
             needs=("lab", 1)),
    CardType("command_center", S, "Command Center", "Command and control",
             "Hand size +2 (7). +1 defender.", 1, 0, 1, 1),
    CardType("laser_turret", S, "Laser Turret", "Ppg turret",
             "Force 1: rolls 1 die every battle round. Destroyed by 1 hit.", 4, 0, 1),
    CardType("force_dome", S, "Force Dome", "Hull armor",
             "Absorbs 3 hits before it is destroyed (after all defenders are gone).", 2, 0, 1),
)

_RANGER_TEXT = "End of turn: discard it to look at the next 1D6 cards of the deck."

# SH-2.4 / SH-3.4 (the stat-preserving B5 mapping of SH-A38).
DEFENDERS = (
    CardType("space_rangers", D, "Space Rangers", "Ranger Observers", _RANGER_TEXT, force=2),
    CardType("astro_guard", D, "Astro Guard", "Security", "", force=2),
    CardType("space_marines", D, "Space Marines", "Marines", "", force=3),
    CardType("space_navy", D, "Space Navy", "Jeffrey Sinclair", "", force=4),
    CardType("battle_station", D, "Battle Station", "Michael Garibaldi", "", force=4),
    CardType("space_knights", D, "Space Knights", "Ranger Strike Team", "", force=3),
    CardType("star_fighters", D, "Star Fighters", "Star Fury Fighters", "", force=3),
    CardType("space_hero", D, "Space Hero", "Co Capt John Sheridan",
             "Can only take 1 hit: destroyed by its first hit.", force=5),
    CardType("star_force", D, "Star Force", "White Star", "", force=3),
    CardType("space_patrol", D, "Space Patrol", "Susan Ivanova", "", force=2),
    CardType("space_scouts", D, "Space Scouts", "Ranger Marcus Cole", _RANGER_TEXT, force=2),
    CardType("space_troopers", D, "Space Troopers", "Space Troopers", "", force=3),
    CardType("alien_artifact", D, "Alien Artifact", "Alien Artifact",
             "Play and use only while you have a Lab; discarded when no Lab remains.", force=5),
)

# SH-2.5 / SH-3.5: positional mapping, all Forces equal.
_INVADERS = (
    ("alien_predators", "Alien Predators", "Centauri agents", 3),
    ("imperial_stormtroopers", "Imperial Stormtroopers", "Minbari colonial fleet", 4),
    ("berserker_robots", "Berserker Robots", "Minbari expeditionary fleet", 6),
    ("alien_invaders", "Alien Invaders", "Minbari agents", 3),
    ("corporate_mercenaries", "Corporate Mercenaries", "Narn agents", 3),
    ("cyborg_collective", "Cyborg Collective", "Narn expeditionary fleet", 6),
    ("little_green_men", "Little Green Men", "Psi corp telepathic military", 4),
    ("alien_brainsuckers", "Alien Brainsuckers", "Narn battle fleet", 5),
    ("mutant_space_zombies", "Mutant Space Zombies", "Secret police", 3),
    ("cylon_raiders", "Cylon Raiders", "Narn colonial fleet", 4),
    ("space_pirates", "Space Pirates", "Drazi sunhawk", 3),
    ("the_warstar", "The Warstar", "Vorlon cruiser", 6),
    ("alien_parasites", "Alien Parasites", "Centauri colonial fleet", 4),
    ("dalek_exterminators", "Dalek Exterminators", "Centauri battle fleet", 5),
    ("space_monster", "Space Monster", "Minbari battle fleet", 5),
    ("romulan_warbirds", "Romulan Warbirds", "Space pirates", 4),
    ("vampiric_space_beavers", "Vampiric Space Beavers", "Night watch", 3),
    ("starmada", "Starmada", "Centauri expeditionary fleet", 6),
    ("time_warp_fugitives", "Time Warp Fugitives", "Rogue soul hunter", 3),
    ("world_eater", "World Eater", "Shadow ship", 7),
)
INVADERS = tuple(
    CardType(key, Kind.INVADER, name, b5, f"Invades with Force {force}: {force} dice a round.", force=force)
    for key, name, b5, force in _INVADERS
)

_STAR = " If the Base is hit, it takes 1 damage instead."
# SH-2.6: event names are the same in both skins (SH-3.6); texts get SH-3.2 substitutions.
_EVENTS = (
    ("solar_flare", "Solar Flare", "Randomly distribute 2 points of damage to your defenders."),
    ("reinforcements", "Reinforcements", "Take 1 Defender from your discard pile into your hand."),
    ("lost_in_space", "Lost in Space", "Discard 1 random Defender."),
    ("supernova", "Supernova", "Discard your hand."),
    ("lab_explosion", "Lab Explosion", "Discard 1 Lab."),
    ("core_instabilities", "Core Instabilities", "Discard 1 Mine."),
    ("terraform", "Terraform", "All Agrodomes income +2 for the rest of the game."),
    ("black_hole", "Black Hole", "Discard 1 random Defender."),
    ("emergency_repairs", "Emergency Repairs", "Discard all damage counters."),
    ("seismic_events", "Seismic Events", "Generate no income this turn."),
    ("intergalactic_war", "Intergalactic War", "Discard 1 random Defender."),
    ("sabotage", "Sabotage", "Discard 1 random structure." + _STAR),
    ("dilithium_crystals", "Dilithium Crystals", "Gain 10 Megacredits per Mine."),
    ("space_traders", "Space Traders", "Gain 3 Megacredits per structure."),
    ("planet_bombs", "Planet Bombs", "Discard 1 random structure." + _STAR),
    ("meteor_swarm", "Meteor Swarm", "Discard 1 random structure." + _STAR),
    ("space_virus", "Space Virus", "Discard 1 Defender or Colony of your choice."),
    ("discovery", "Discovery", "Gain 50 Megacredits if you have a Lab."),
    ("merchant_from_venus", "Merchant from Venus", "Gain 20 Megacredits per Colony."),
    ("cosmic_con_artist", "Cosmic Con Artist", "Lose half of your Megacredits (rounded down)."),
    ("interstellar_tax_men", "Interstellar Tax Men", "Lose 2 Megacredits per structure."),
    ("repairs", "Repairs", "Take 1 structure from your discard pile into your hand."),
)
EVENTS = tuple(CardType(key, E, name, name, text) for key, name, text in _EVENTS)

# SH-2.7: card ids 0..95 in canonical order; the Base is id 96 and never in the deck.
CARDS: tuple[CardType, ...] = tuple(
    card for group in (STRUCTURES, DEFENDERS, INVADERS, EVENTS) for card in group for _ in range(card.count)
)
BASE_ID = len(CARDS)
DECK_SIZE = len(CARDS)
TYPES: dict[str, CardType] = {card.key: card for card in (BASE, *STRUCTURES, *DEFENDERS, *INVADERS, *EVENTS)}


_BY_ID = (*CARDS, BASE)
KIND_OF: tuple[Kind, ...] = tuple(card.kind for card in _BY_ID)
KEY_OF: tuple[str, ...] = tuple(card.key for card in _BY_ID)


def card_type(card_id: int) -> CardType:
    return _BY_ID[card_id]


# SH-3.2: rules-text substitutions for the Babylon 5 skin (longest first, so "Laser Turret"
# is replaced before a bare word could be).
B5_TEXT = (
    ("Laser Turret", "Ppg turret"), ("Force Dome", "Hull armor"), ("Research Labs", "Research lab"),
    ("Agrodomes", "Gardens"), ("Agrodome", "Garden"), ("Colonies", "Living quarters"),
    ("Colony", "Living quarters"), ("Mines", "Loading bays"), ("Mine", "Loading bay"),
    ("Labs", "Research labs"), ("Lab", "Research lab"), ("Base", "Hull"),
    ("Stargate", "Hyperspace jumpgate"), ("Starport", "Landing bay"), ("Solar Array", "Fusion reactor"),
    ("Command Center", "Command and control"),
)

_B5_PATTERN = re.compile("|".join(re.escape(old) for old, _ in sorted(B5_TEXT, key=lambda p: -len(p[0]))))
_B5_MAP = dict(B5_TEXT)


@functools.lru_cache(maxsize=16384)
def skin_text(text: str, skin: str) -> str:
    """``text`` with the SH-3.2 substitutions under the Babylon 5 skin (unchanged otherwise)."""
    return _B5_PATTERN.sub(lambda m: _B5_MAP[m.group(0)], text) if skin == "babylon5" else text


_SHORT = {"lab": "Lab"}  # the Lab card's title is "Research Labs"


def type_name(key: str, skin: str, plural: bool = False) -> str:
    """A card type's name for a sentence, in ``skin``: "Mine", "Mines", "Loading bays"."""
    ct = TYPES[key]
    name = ct.b5_name if skin == "babylon5" else _SHORT.get(key, ct.name)
    if skin == "babylon5" and key == "lab":
        name = "Research lab"
    if not plural or name.endswith("quarters"):
        return name
    if name.endswith("y") and name[-2:-1] not in tuple("aeiou"):
        return name[:-1] + "ies"
    return name + "s"


def with_article(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
