"""The odds the seat to move sees beside each decision (view_odds.py, issue 32): the engine's
ATK*/DEF* and exact chances (SG-6.3 B5, SG-7.4, SG-8.5), checked against the rules, odds.py and
every roll of the dice, and never a function of another seat's secrets (C-4.2, C-4.3)."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import Any

from pygame_core.events import Event
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import EndTransport, Launch, Pass, SelfDestruct, Target
from pygame_core.games.genocide.board import Index, atk, defense
from pygame_core.games.genocide.odds import any_hit, attack_odds, percent
from pygame_core.games.genocide.state import State
from pygame_core.games.genocide.view_odds import odds_key

from .helpers import cid, position
from .test_views import resample

W, E = 0, 1
X = (6, 5)  # the battle hex
V = "advanced"
DEFENSIVE_FORMATION = 6  # SG-13.3 #6: +2 DEF to every ship of the target fleet


def declare(state: State) -> State:
    """End West's movement: the battle at X begins, West declares first (SG-6.3 B3)."""
    state = GAME.apply(state, EndTransport())
    while state.phase == "window":  # C-5: nobody plays a card
        state = GAME.apply(state, Pass())
    assert state.phase == "declare" and GAME.current_player(state) == W
    return state


def odds(state: State, seat: int = W) -> dict[str, Any]:
    out: dict[str, Any] = GAME.view(state, seat)["action_odds"]
    return out


def fraction(entry: dict[str, Any]) -> Fraction:
    num, den = entry["chance"]
    assert isinstance(num, str) and isinstance(den, str)  # digits: JSON numbers would round
    return Fraction(int(num), int(den))


def brute(n_atk: int, n_def: int, sides: int) -> Fraction:
    """SG-6.3 B5 by every roll: destroyed iff the attack total beats the defence total."""
    rolls = list(product(range(1, sides + 1), repeat=n_atk + n_def))
    return Fraction(sum(sum(r[:n_atk]) > sum(r[n_atk:]) for r in rolls), len(rolls))


def small_battle() -> State:
    """A Scout and a Carrier (ATK 1 each) against a Missile Boat and a Battle Drone (DEF 1)."""
    return declare(position(V, fleets=[
        (W, 1, *X, [("scout", 0), ("carrier", 0)]),
        (E, 1, *X, [("missile_boat", 0), ("battle_drone", 0)]),
    ]))


def test_sg_6_3_b5_small_battles_match_every_roll_and_count_the_ships_declared_before() -> None:
    state = small_battle()
    scout, carrier = cid(V, "scout"), cid(V, "carrier")
    boat, drone = cid(V, "missile_boat"), cid(V, "battle_drone")
    first = odds(state)
    assert set(first) == {odds_key(Target(scout, boat)), odds_key(Target(scout, drone))}
    for target in (boat, drone):
        entry = first[odds_key(Target(scout, target))]
        assert (entry["atk"], entry["def"], entry["others"], entry["unsure"]) == (1, 1, [], [])
        assert fraction(entry) == brute(1, 1, 6) == attack_odds(1, 1, 6)
        assert entry["percent"] == percent(brute(1, 1, 6)) == "41.7%"
    # The Carrier joins the Scout on the boat: the view adds their attack (ΣATK*, B5).
    state = GAME.apply(state, Target(scout, boat))
    second = odds(state)
    joined = second[odds_key(Target(carrier, boat))]
    assert (joined["atk"], joined["def"], joined["others"]) == (2, 1, [scout])
    assert fraction(joined) == brute(2, 1, 6)
    alone = second[odds_key(Target(carrier, drone))]
    assert (alone["atk"], alone["others"]) == (1, [])
    # Only the seat to move has figures; the other seat's view has none (C-4.1).
    assert "action_odds" not in GAME.view(state, E) and "action_odds" not in GAME.view(state, None)


def modified_battle(elsewhere: str = "frigate") -> State:
    """Felines (+1 ATK) against Crustaceans (+1 DEF) on East's planet (+1 ATK, +2 DEF,
    SG-A29) in an Asteroid Field (+1 DEF, SG-12); cards on, so each seat holds a hand. East's
    second fleet, far off and never seen, holds ``elsewhere``."""
    return declare(position(
        V, planets=[(E, *X, "P")], races=["felines", "crustaceans"], terrain=[(*X, "asteroid_field")],
        options={"module_cards": True},
        fleets=[(W, 1, *X, [("monitor", 0), ("battler", 0)]), (E, 1, *X, [("cruiser", 0), ("interceptor", 0)]),
                (E, 2, 20, 3, [(elsewhere, 0)])],
    ))


def check_against_the_rules(state: State) -> int:
    """Every attack entry of the seat to move equals the rules' ATK* and DEF* (board.py) and the
    exact odds; returns how many entries there were."""
    battle = state.battle
    assert battle is not None
    me = GAME.current_player(state)
    assert me is not None
    idx, key = Index(state), (battle.col, battle.row)
    entries = odds(state, me)
    for action in GAME.legal_actions(state):
        if not isinstance(action, (Target, SelfDestruct)) or action.target < 0:
            continue
        entry = entries[odds_key(action)]
        target = state.ships[action.target]
        assert target is not None
        others = [a for a, t in battle.declarations if t == action.target and a in {
            c for c, s in enumerate(state.ships) if s is not None and s.owner == me}]
        want_atk = sum(atk(state, c, me, idx.own_planet(me, key), key) for c in [*others, action.ship])
        want_atk += 2 * (isinstance(action, SelfDestruct) + sum(c in battle.sacrifices for c in others))
        want_def = defense(state, action.target, target.owner, idx.own_planet(target.owner, key), key)
        assert (entry["atk"], entry["def"], entry["others"]) == (want_atk, want_def, others)
        assert fraction(entry) == attack_odds(want_atk, want_def, state.combat_die)
        assert entry["percent"] == percent(attack_odds(want_atk, want_def, state.combat_die))
    return len(entries)


def test_sg_2_7_the_odds_count_planet_race_and_terrain_as_the_rules_do() -> None:
    state = modified_battle()
    assert check_against_the_rules(state) == 2
    monitor, cruiser = cid(V, "monitor"), cid(V, "cruiser")
    entry = odds(state)[odds_key(Target(monitor, cruiser))]
    assert (entry["atk"], entry["def"]) == (6 + 1, 4 + 2 + 1 + 1)


def test_sg_11_an_amoeboid_sacrifice_adds_two_and_counts_for_the_next_ship() -> None:
    state = declare(position(V, races=["amoeboids", "terrans"], fleets=[
        (W, 1, *X, [("scout", 0), ("carrier", 0)]), (E, 1, *X, [("missile_boat", 0)])]))
    scout, carrier, boat = cid(V, "scout"), cid(V, "carrier"), cid(V, "missile_boat")
    sacrifice = odds(state)[odds_key(SelfDestruct(scout, boat))]
    assert sacrifice["atk"] == 1 + 2 and fraction(sacrifice) == brute(3, 1, 6)
    state = GAME.apply(state, SelfDestruct(scout, boat))
    assert odds(state)[odds_key(Target(carrier, boat))]["atk"] == 1 + 1 + 2
    assert check_against_the_rules(state) == 2  # the Carrier may attack or sacrifice itself too


def played(state: State, seat: int, card: int, owner: int, marker: int) -> State:
    """``seat`` played ``card`` on fleet (owner, marker) this turn, after its B1 reveal: the
    public events (SG-14.1) and the effect the card leaves on each of the fleet's ships."""
    ships = tuple(c for c, s in enumerate(state.ships) if s is not None and (s.owner, s.fleet) == (owner, marker))
    events = [e for e in state.log if e.kind in ("turn", "fleet_revealed")]
    assert any(e.kind == "fleet_revealed" and e.num("owner") == owner and e.num("marker") == marker for e in events)
    play = Event("card_played", (("seat", seat), ("card", card), ("steps", ("battle_fleet",)),
                                 ("targets", (owner * 100 + marker,)), ("roll", ""), ("roll_dice", ())), -1)
    return replace(state, log=(*state.log, play), effects=(*state.effects, *(("def", c, 2) for c in ships)))


def test_sg_13_3_another_seats_public_card_bonus_is_counted() -> None:
    """East's Defensive Formation on its revealed fleet: West's odds count the +2 (the view
    names it in cards.known_bonuses), and agree with the rules' DEF*."""
    state = played(modified_battle(), E, DEFENSIVE_FORMATION, E, 1)
    monitor, cruiser = cid(V, "monitor"), cid(V, "cruiser")
    assert odds(state)[odds_key(Target(monitor, cruiser))]["def"] == 4 + 2 + 1 + 1 + 2
    assert check_against_the_rules(state) == 2


def test_c_4_2_the_odds_never_depend_on_another_seats_secrets() -> None:
    """The figures read West's view only: re-drawing East's hand, unrevealed planet types and
    other fleets, or a DEF bonus on East's ship that no public play shows, changes nothing."""
    state = modified_battle()
    base = odds(state)
    assert odds(modified_battle("bomber")) == base  # another content of East's unseen fleet
    rng = random.Random(3)
    for _ in range(5):  # East's ship identities and unknown planet types re-drawn (test_views)
        assert odds(resample(state, W, rng)) == base
    assert state.deck is not None and state.cards[E]
    hand = tuple(sorted(state.deck.draw_pile[: len(state.cards[E])]))
    assert hand != state.cards[E]
    assert odds(replace(state, cards=(state.cards[W], hand))) == base
    secret = replace(state, effects=(*state.effects, ("def", cid(V, "cruiser"), 2)))
    assert odds(secret) == base  # the rules' DEF* differs; the seat cannot know it


def test_sg_7_4_a_burst_hits_each_enemy_ship_on_a_six() -> None:
    state = GAME.apply(position(V, options={"module_space_burst": True}, fleets=[
        (W, 1, *X, [("drone", 0)]), (E, 1, *X, [("cruiser", 0)])]), EndTransport())
    assert state.phase == "burst"
    drone = cid(V, "drone")
    entries = odds(state, GAME.current_player(state) or 0)
    for n in range(1, 5):
        hits = sum(6 in roll for roll in product(range(1, 7), repeat=n))
        assert fraction(entries[f"Burst/{drone}/{n}"]) == Fraction(hits, 6 ** n) == any_hit(n, 1)
    assert f"Burst/{drone}/0" not in entries


def test_sg_8_5_launch_odds_count_the_orders_already_at_the_planet() -> None:
    """Amoeboids hit a planet on 1-4: a Drone (4 PBs) and an Assault Transport (3) over East's
    planet; the second ship's figures add the first one's order."""
    state = GAME.apply(position(V, planets=[(E, *X, "P")], races=["amoeboids", "terrans"], fleets=[
        (W, 1, *X, [("drone", 0), ("assault_transport", 0)])]), EndTransport())
    assert state.phase == "md"
    drone, transport = cid(V, "drone"), cid(V, "assault_transport")
    pid = next(i for i, p in enumerate(state.planets) if (p.col, p.row) == X)
    first = odds(state)
    for n in range(0, 5):
        e = first[odds_key(Launch(drone, n))]
        assert (e["planet"], e["hit"], e["before"], e["count"]) == (pid, 4, 0, n)
        hits = sum(any(d <= 4 for d in roll) for roll in product(range(1, 7), repeat=n)) if n else 0
        assert fraction(e) == Fraction(hits, 6 ** n) == any_hit(n, 4)
        assert e["each_percent"] == "66.7%"
    state = GAME.apply(state, Launch(drone, 2))
    after = odds(state)[odds_key(Launch(transport, 1))]
    assert (after["before"], after["percent"], after["before_percent"]) == (2, percent(any_hit(3, 4)), "88.9%")
