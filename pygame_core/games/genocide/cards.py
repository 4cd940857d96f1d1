"""The 42-card deck of the Advanced module ``module_cards`` as one table (RULES.md SG-13.3).

Each row gives the card's number (table order = canonical deck order), key, name, source
text, whether it is a reaction (**R**) card, the windows it may be played in (SG-13.2), the
target steps the player chooses one at a time, and its numeric modifiers. What each card
then does, and any condition beyond its targets, is its rule of the same key
(``cardplay.rulebook.RULEBOOK``, written in ``cardplay/effects.py``).

Window kinds (SG-13.2, C-5): ``free`` is the own-turn free windows (start of turn, the
Transport Phase, E0, E-end, the start of Production); ``T`` the own Transport Phase;
``O-start``/``O-move`` the opponent's start of turn / completed fleet moves; ``E0`` the own
Engagement Phase before any burst or battle (and between battles for Press Offensive);
``B-pre`` (own / opp), ``B-decl``, ``roll`` (any roll: battle, burst, PB, Black Hole,
neutral planet), ``burst``, ``E-end``, ``M-decl`` and ``response`` (C-5.2).
"""

from __future__ import annotations

from dataclasses import dataclass

# Target step kinds (cardplay/targets.py offers the legal values of each, one step at a time).
OWN_FLEET = "own_fleet"  # a fleet of the card player
OWN_MOVER = "own_mover"  # an own fleet with a mobile ship (a MOVE bonus can matter)
ENEMY_FLEET = "enemy_fleet"
ENEMY_PLANET = "enemy_planet"  # a live enemy planet whose type the player does not know
OPPONENT = "opponent"  # a seat still in the game with cards in hand (or any, for Spies)
BATTLE_FLEET = "battle_fleet"  # an own fleet in the battle hex
BATTLE_FIGHTER = "battle_fighter"  # an own fighter in the battle hex
DECOY_SHIP = "decoy_ship"  # an own ship that is a target of an attack or in a burst hex
ENEMY_ORDER = "enemy_order"  # an enemy launch order or burst (It's a Dud!)
ROLL = "roll"  # one roll of the current roll window (Luck)
OWN_SHIP = "own_ship"
OWN_MOBILE_SHIP = "own_mobile_ship"
OWN_FIGHTER = "own_fighter"
REDEPLOY_FLEET = "redeploy_fleet"  # own fleet at an own planet, no unloaded stationary ship
OTHER_PLANET = "other_planet"  # an own planet hex other than the fleet's
PLANET_FLEET = "planet_fleet"  # a fleet at the chosen planet, or a new one
SECOND_FLEET = "second_fleet"  # a second own movable fleet (Switch)
MOVABLE_FLEET = "movable_fleet"  # own fleet with no unloaded stationary ship
HOME_FLEETS = "home_fleets"  # any number of own movable fleets, then done
REFIT_SHIPS = "refit_ships"  # 1-3 own ships at own planets, then done
BATTLE_HEX = "battle_hex"  # a hex that is or was a battle hex this phase
INTERCEPTOR = "interceptor"  # an own fleet that can reach the hex the enemy fleet ended in
RETREATER = "retreater"  # an own movable fleet in the hex the enemy fleet ended in
BOARD_SHIP = "board_ship"  # an enemy non-fighter seen at a B1 this phase, beside an own fleet
ENEMY_WRECK = "enemy_wreck"  # an enemy wreck of this phase in a hex with an own fleet
OWN_WRECK = "own_wreck"
SUICIDE_SHIP = "suicide_ship"  # an own ship beside an enemy ship seen at a B1 this phase
SUICIDE_TARGET = "suicide_target"  # such an enemy ship in the same hex
FOUGHT_FIGHTER = "fought_fighter"  # an enemy fighter seen at a B1 this phase, still in play
STRATEGIC = "none"  # no target
# The steps whose target is a fleet, keyed owner * 100 + marker (``cardplay.targets.unkey``).
FLEET_STEPS = frozenset({
    OWN_FLEET, OWN_MOVER, ENEMY_FLEET, BATTLE_FLEET, REDEPLOY_FLEET, MOVABLE_FLEET,
    SECOND_FLEET, HOME_FLEETS, INTERCEPTOR, RETREATER,
})
PLANET_STEPS = frozenset({ENEMY_PLANET, OTHER_PLANET})  # a target planet, by its index


@dataclass(frozen=True)
class Card:
    """One row of SG-13.3."""

    num: int
    key: str
    name: str
    text: str  # the source text [001:239-285]
    reaction: bool  # **R**: may be played on the opponent's turn (SG-A56)
    windows: tuple[str, ...]
    targets: tuple[str, ...] = ()
    atk: int = 0  # ATK* bonus this turn for the targeted ships
    defense: int = 0  # DEF* bonus this turn (Skirmish: this battle round)
    move: int = 0  # MOVE* bonus this turn for mobile ships


CARDS: tuple[Card, ...] = (
    Card(1, "interstellar_shortcut", "Interstellar Shortcut",
         "All ships in Target Fleet get +2 Move", False, ("T",), (OWN_MOVER,), move=2),
    Card(2, "defend_the_homeworld", "Defend the Homeworld",
         "Reveal your Homeworld. Move some or all of your Fleets there immediately. Can be "
         "played on Opponents Turn", True, ("free", "O-start", "O-move"), (HOME_FLEETS,)),
    Card(3, "sustained_burn", "Sustained Burn",
         "Target Fleet gets Move +1", False, ("T",), (OWN_MOVER,), move=1),
    Card(4, "surprise_attack", "Surprise Attack",
         "All ships in attacking Fleet get +2 Attack Level", False, ("B-pre/own",),
         (BATTLE_FLEET,), atk=2),
    Card(5, "ambush", "Ambush",
         "All ships in defending Fleet get +2 Attack Level", True, ("B-pre/opp",),
         (BATTLE_FLEET,), atk=2),
    Card(6, "defensive_formation", "Defensive Formation",
         "All ships in defending Fleet get +2 Defense Level", True, ("B-pre/opp",),
         (BATTLE_FLEET,), defense=2),
    Card(7, "increased_production", "Increased Production",
         "Gain 1 Free Ship in your Production Phase", False, ("free",)),
    Card(8, "long_range_probe", "Long Range Probe",
         "Look at secret identity (Type) of target enemy Planet", False, ("free",),
         (ENEMY_PLANET,)),
    Card(9, "scanners", "Scanners",
         "Look at Ship composition of Target enemy Fleet", False, ("free",), (ENEMY_FLEET,)),
    Card(10, "spies", "Spies",
         "Look at Opponents Hand", False, ("free",), (OPPONENT,)),
    Card(11, "strategic_push", "Strategic Push",
         "Get an extra Transport Phase this turn", False, ("T",)),
    Card(12, "bypass", "Bypass",
         "Target Fleet may move through target enemy fleet without having to stop", False,
         ("T",), (OWN_FLEET, ENEMY_FLEET)),
    Card(13, "boarding_action", "Boarding Action",
         "At the end of Engagement Phase, take control of a non-fighter Target Ship in the "
         "same space as one of your fleets", False, ("E-end",), (BOARD_SHIP,)),
    Card(14, "space_mines", "Space Mines",
         "Target Enemy Fleet that moves into an empty space loses 1 random Ship", True,
         ("O-move",)),
    Card(15, "sabotage", "Sabotage",
         "Opponent must discard 2 random cards", False, ("free",), (OPPONENT,)),
    Card(16, "diplomacy", "Diplomacy",
         "Skip Engagement and Mass Destruction Phase this turn.", False, ("T", "E0")),
    Card(17, "tactical_advantage", "Tactical Advantage",
         "All ships in target Fleet get +1 Attack and Defense Levels", False,
         ("free", "B-pre/own"), (OWN_FLEET,), atk=1, defense=1),
    Card(18, "opportunity", "Opportunity", "Draw 2 Cards", False, ("free",)),
    Card(19, "jam_communications", "Jam Communications",
         "Target Fleet may not Move this turn", True, ("O-start", "O-move", "free"),
         (ENEMY_FLEET,)),
    Card(20, "data_analysis", "Data Analysis",
         "Look at next 7 cards in the deck", False, ("free",)),
    Card(21, "decoy", "Decoy", "Negate all attacks vs. Target Ship", True,
         ("B-decl", "burst"), (DECOY_SHIP,)),
    Card(22, "its_a_dud", "It's a Dud!", "Negate target Planet Buster Attack", True,
         ("M-decl", "burst"), (ENEMY_ORDER,)),
    Card(23, "salvage", "Salvage",
         "At the End of Engagement Phase take control of target enemy destroyed Ship", False,
         ("E-end",), (ENEMY_WRECK,)),
    Card(24, "repairs", "Repairs",
         "At the End of Engagement Phase gain back 1 Ship you lost", False, ("E-end",),
         (OWN_WRECK,)),
    Card(25, "suicide_attack", "Suicide Attack",
         "At End of Engagement phase destroy one of your ships and a target Enemy Ship in the "
         "same space", False, ("E-end",), (SUICIDE_SHIP, SUICIDE_TARGET)),
    Card(26, "intelligence", "Intelligence",
         "Negate a card just played by opponent", True, ("response",)),
    Card(27, "critical_hit", "Critical Hit",
         "At end of Engagement phase destroy 1 random enemy non-fighter Ship That fought this "
         "turn", False, ("E-end",)),
    Card(28, "luck", "Luck", "Reroll target Dice roll", True, ("roll",), (ROLL,)),
    Card(29, "resupply", "Resupply", "Target Ships PB refilled to max", False, ("free",),
         (OWN_SHIP,)),
    Card(30, "redeploy", "Redeploy",
         "Move a Fleet from one of your planets to another you control", False, ("free",),
         (REDEPLOY_FLEET, OTHER_PLANET)),
    Card(31, "lure", "Lure", "Move an Opponents Fleet on your turn", False, ("T",),
         (ENEMY_FLEET,)),
    Card(32, "switch", "Switch", "Switch the location of 2 of your Fleets", False, ("T",),
         (MOVABLE_FLEET, SECOND_FLEET)),
    Card(33, "intercept", "Intercept",
         "After Opponents Target fleet moves, move 1 of your Fleets to engage", True,
         ("O-move",), (INTERCEPTOR,)),
    Card(34, "retreat", "Retreat",
         "After Opponents Target fleet Moves, move 1 of your Fleets in the opposite Direction "
         "to disengage", True, ("O-move",), (RETREATER,)),
    Card(35, "operations", "Operations",
         "Move one of your Fleets an extra time this turn", False, ("T",), (OWN_MOVER,)),
    Card(36, "refit", "Refit",
         "Discard up to 3 of your ships (at your Planets) and draw random replacement Ships",
         False, ("free",), (REFIT_SHIPS,)),
    Card(37, "afterburners", "Afterburners",
         "Target non-stationary Ship gets Move+3", False, ("T",), (OWN_MOBILE_SHIP,), move=3),
    Card(38, "fighter_base", "Fighter Base",
         "Move 1 Fighter unit you control to any 1 of your Planets", False, ("free",),
         (OWN_FIGHTER, OTHER_PLANET, PLANET_FLEET)),
    Card(39, "strafing_run", "Strafing Run", "Target Fighter gets +4 Attack Levels", True,
         ("B-pre/own", "B-pre/opp"), (BATTLE_FIGHTER,), atk=4),
    Card(40, "skirmish", "Skirmish",
         "All ships in target Engagement get +2 Defensive Levels", True,
         ("B-pre/own", "B-pre/opp"), defense=2),
    Card(41, "point_defense", "Point Defense",
         "At end of Engagement phase destroy 1 enemy Fighter that fought this turn", False,
         ("E-end",), (FOUGHT_FIGHTER,)),
    Card(42, "press_offensive", "Press Offensive",
         "Target space gets an extra Engagement Phase this turn", False, ("E0",),
         (BATTLE_HEX,)),
)

CARD_BY_NUM: dict[int, Card] = {c.num: c for c in CARDS}
CARD_BY_KEY: dict[str, Card] = {c.key: c for c in CARDS}
DEAL = 3  # SG-13.1: cards dealt to each player at setup
HAND_LIMIT = 7  # SG-13.1: discard down to this at the end of the own turn
ANALYSIS_DEPTH = 7  # Data Analysis: the next 7 cards
SABOTAGE_DISCARDS = 2
OPPORTUNITY_DRAWS = 2
