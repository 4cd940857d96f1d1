"""Space Genocide races (RULES.md SG-11, SG-3.5, SG-A48..A54), with scripted dice (C-2.7)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pygame_core import IllegalActionError
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import (
    Capture,
    ChooseRace,
    Discard,
    EndProduction,
    EndTransport,
    Launch,
    Load,
    Place,
    SelfDestruct,
    Target,
)
from pygame_core.games.genocide.races import RACES
from pygame_core.games.genocide.state import State

from .helpers import BASIC, cid, position, told, with_dice

W, E = 0, 1
X = (12, 12)  # open middle-band hex
V = "advanced"
RACES_ON = {**BASIC, "module_races": True}


def ships_of(state: State, seat: int) -> int:
    return sum(1 for s in state.ships if s is not None and s.owner == seat)


def hold_fire(state: State, seat: int) -> State:
    while GAME.current_player(state) == seat and state.phase == "declare":
        assert state.battle is not None
        state = GAME.apply(state, Target(state.battle.queue[0], -1))
    return state


def raced(*, races: tuple[str, str], **kw: object) -> State:
    return position(V, options=RACES_ON, races=races, **kw)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------
# SG-3.5 choice


def test_sg_3_5_races_are_chosen_in_turn_order_without_duplicates() -> None:
    """SG-3.5 / SG-A48 / SG-11.1: turn order, no duplicates, public; Terrans need cards (SG-1.3)."""
    state = GAME.new_game(RACES_ON, 4)
    assert state.phase == "race"
    first, second = state.order
    assert GAME.current_player(state) == first
    keys = [a.race for a in GAME.legal_actions(state) if isinstance(a, ChooseRace)]
    assert keys == [r.key for r in RACES if r.key != "terrans"]  # no cards: no Terrans
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, ChooseRace("terrans"))
    assert info.value.rule == "SG-3.5"
    state = GAME.apply(state, ChooseRace("robots"))
    assert GAME.current_player(state) == second
    assert ChooseRace("robots") not in GAME.legal_actions(state)
    with pytest.raises(IllegalActionError):
        GAME.apply(state, ChooseRace("robots"))
    state = GAME.apply(state, ChooseRace("worms"))
    assert state.phase == "types" and GAME.current_player(state) == first
    for viewer in (None, first, second):
        seats = GAME.view(state, viewer)["seats"]
        assert seats[first]["race"] == "robots" and seats[second]["race"] == "worms"


def test_sg_11_races_off_means_no_choice_and_no_modifiers() -> None:
    """SG-1.1: without module_races there is no race phase; Classic ignores the module."""
    assert GAME.new_game(BASIC, 4).phase == "types"
    classic = GAME.new_game({"variant": "classic", "module_races": True}, 4)
    assert classic.phase == "fleets" and classic.modules == ()


# --------------------------------------------------------------------------------------
# One scenario per race


def test_sg_11_insects_every_non_fighter_has_a_bay() -> None:
    """SG-11 Insects / SG-A50: a Cruiser and a Battle Station carry a fighter (BAYS* 1); a
    loaded Cruiser is protected at B1 (SG-6.7); a carried fighter is not stranded (SG-5.13)."""
    cruiser, fighter, station = cid(V, "cruiser"), cid(V, "fighter"), cid(V, "battle_station")
    fleet = [("cruiser", 0), ("battle_station", 0), ("fighter", 0), ("fighter", 1)]
    state = raced(races=("insects", "felines"), planets=[(W, 3, 3, "P")], fleets=[(W, 1, 3, 3, fleet)])
    legal = GAME.legal_actions(state)
    assert Load(fighter, cruiser) in legal and Load(fighter, station) in legal
    state = GAME.apply(state, Load(fighter, cruiser))
    assert state.ships[fighter].carrier == cruiser  # type: ignore[union-attr]
    assert Load(cid(V, "fighter", 1), cruiser) not in GAME.legal_actions(state)  # BAYS* 1 is full
    # Without the Insects neither has a bay.
    plain = raced(races=("felines", "insects"), planets=[(W, 3, 3, "P")], fleets=[(W, 1, 3, 3, fleet)])
    assert not any(isinstance(a, Load) for a in GAME.legal_actions(plain))
    # In a battle, the loaded Cruiser cannot be targeted; East's only target is the fighter.
    state = raced(
        races=("insects", "felines"),
        fleets=[
            (W, 1, *X, [("cruiser", 0), ("fighter", 0, "in", 0)]),
            (E, 1, *X, [("monitor", 0)]),
        ],
    )
    state = GAME.apply(state, EndTransport())
    state = hold_fire(state, W)
    assert GAME.current_player(state) == E
    targets = {a.target for a in GAME.legal_actions(state) if isinstance(a, Target)} - {-1}
    assert targets == {fighter}
    state = with_dice(state, [1] * 7 + [6] * 4)  # Monitor 6 + Feline 1 = 7 dice: misses
    state = hold_fire(state, E)
    # The fighter in the Cruiser's bay outlives the end-of-turn stranding check in open space.
    assert state.ships[fighter] is not None
    assert not any("stranded" in line for line in told(state))


def test_sg_h18_insects_survive_the_loss_of_their_homeworld() -> None:
    """SG-H18 / SG-10.2(a) / SG-A50: East (Insects) loses its Homeworld; the game goes on.
    Its last Population world still ends the game (SG-10.2(b))."""
    hw, pop = (18, 6), (18, 12)
    state = raced(
        races=("felines", "insects"),
        planets=[(E, *hw, "H"), (E, *pop, "P")],
        fleets=[(W, 1, *hw, [("drone", 0)]), (W, 2, *pop, [("drone", 1)])],
        dice=[1, 1],
    )
    state = replace(
        state,
        planets=tuple(
            replace(p, alive=False) if p.owner == E and p.ptype == "P" and (p.col, p.row) != pop else p
            for p in state.planets
        ),
    )
    state = GAME.apply(state, EndTransport())
    state = GAME.apply(state, Launch(cid(V, "drone", 0), 1))
    assert GAME.outcome(state) is None  # the Homeworld is gone, East plays on
    state = GAME.apply(state, Launch(cid(V, "drone", 1), 1))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (W,)


def test_sg_11_felines_plus_one_attack_even_for_a_drone() -> None:
    """SG-11 Felines / SG-A22: ATK* +1 for all ships; a Drone (ATK 0) may attack with 1 die."""
    drone, monitor, cruiser = cid(V, "drone"), cid(V, "monitor"), cid(V, "cruiser")
    state = raced(
        races=("felines", "worms"),
        fleets=[(W, 1, *X, [("drone", 0), ("monitor", 0)]), (E, 1, *X, [("cruiser", 0)])],
    )
    state = GAME.apply(state, EndTransport())
    assert state.battle is not None and state.battle.queue == (drone, monitor)
    state = GAME.apply(state, Target(drone, cruiser))
    state = GAME.apply(state, Target(monitor, cruiser))
    state = with_dice(state, [1] * 8 + [1] * 4)  # 1 + 7 attack dice vs DEF 4
    state = hold_fire(state, E)
    assert "8d6 attack 8 vs 4d6 defence 4 on East's Cruiser of fleet 1" in " ".join(told(state))
    # Without the Felines the Drone is not an eligible attacker (SG-6.5).
    plain = raced(
        races=("worms", "felines"),
        fleets=[(W, 1, *X, [("drone", 0), ("monitor", 0)]), (E, 1, *X, [("cruiser", 0)])],
    )
    plain = GAME.apply(plain, EndTransport())
    assert plain.battle is not None and plain.battle.queue == (monitor,)


def test_sg_11_crustaceans_plus_one_defence() -> None:
    """SG-11 Crustaceans: DEF* +1 for all ships: a Cruiser defends with 5 dice."""
    monitor, cruiser = cid(V, "monitor"), cid(V, "cruiser")
    state = raced(
        races=("worms", "crustaceans"),
        fleets=[(W, 1, *X, [("monitor", 0)]), (E, 1, *X, [("cruiser", 0)])],
    )
    state = GAME.apply(state, EndTransport())
    state = GAME.apply(state, Target(monitor, cruiser))
    state = with_dice(state, [1] * 3 + [1] * 3 + [1] * 6 + [1] * 5)  # by target cid
    state = GAME.apply(state, Target(cruiser, monitor))
    text = " ".join(told(state))
    assert "6d6 attack 6 vs 5d6 defence 5 on East's Cruiser of fleet 1" in text  # DEF 4 + 1
    assert "3d6 attack 3 vs 3d6 defence 3 on West's Monitor of fleet 1" in text  # no ATK change


def test_sg_11_simians_plus_one_move_for_mobile_ships_only() -> None:
    """SG-11 Simians / SG-A51 / SG-5.6: at the start of turn mobile ships get MOVE + 1, stationary
    ships stay at 0."""
    state = GAME.new_game(RACES_ON, 2)
    first = state.order[0]
    state = GAME.apply(state, ChooseRace("simians"))
    state = GAME.apply(state, ChooseRace("robots"))
    chooser = random.Random(0)
    while state.phase in ("types", "fleets"):
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    assert state.phase == "transport" and state.active == first
    data = state.data
    for c, ship in enumerate(state.ships):
        if ship is not None and ship.owner == first:
            base = data.type_of(c).move
            assert ship.mp == (base + 1 if base else 0), data.type_of(c).key


def _production(races: tuple[str, str], count: int, production: str = "draw4") -> State:
    """West at its Homeworld with ``count`` ships, entering its Production Phase."""
    home = (4, 4)
    keys = [t.key for t in GAME.new_game({}, 0).data.types if t.move > 0]
    specs = [(k, c) for c in range(4) for k in keys][:count]
    state = raced(
        races=races,
        planets=[(W, *home, "H")],
        fleets=[(W, 1 + i // 5, *home, specs[i : i + 5]) for i in range(0, count, 5)],
        production=production,
        resources=(0, 0),
    )
    return GAME.apply(state, EndTransport())


def _draws(state: State) -> int:
    state = with_dice(state, [0] * 10)
    state = GAME.apply(state, Discard(-1))
    placed = 0
    while state.phase == "place":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
        placed += 1
    return placed


def test_sg_h20_worms_cap_25_and_robots_draw_one_more() -> None:
    """SG-H20 / SG-9.3 / SG-A30 / SG-A52: 18 ships draw 2; Worms at 18 draw 4 (cap 25);
    Robots at 14 draw 5; Robots at 17 draw 3."""
    assert _draws(_production(("felines", "worms"), 18)) == 2
    assert _draws(_production(("worms", "felines"), 18)) == 4
    assert _draws(_production(("worms", "felines"), 23)) == 2
    assert _draws(_production(("robots", "felines"), 14)) == 5
    assert _draws(_production(("robots", "felines"), 17)) == 3


def test_sg_11_robots_free_ship_in_resources_mode() -> None:
    """SG-9.4(3) / SG-A52: in resources mode Robots get 1 free random ship, then buy."""
    state = _production(("robots", "felines"), 5, production="resources")
    state = with_dice(state, [0])
    state = GAME.apply(state, Discard(-1))
    assert state.phase == "place" and state.drawn == min((*state.pile, state.drawn))
    state = GAME.apply(state, Place(4, 4, 1))
    assert state.phase == "buy" and ships_of(state, W) == 6
    state = GAME.apply(state, EndProduction())
    plain = _production(("felines", "robots"), 5, production="resources")
    plain = GAME.apply(plain, Discard(-1))
    assert plain.phase == "buy" and ships_of(plain, W) == 5


def test_sg_h16_amoeboid_planet_busters_hit_on_four() -> None:
    """SG-H16 / SG-8.5: an Amoeboid PB die of 4 destroys the planet; anyone else's does not."""
    p = (18, 6)
    for races, destroyed in ((("amoeboids", "worms"), True), (("worms", "amoeboids"), False)):
        state = raced(races=races, planets=[(E, *p, "M")], fleets=[(W, 1, *p, [("drone", 0)])], dice=[4])
        state = GAME.apply(GAME.apply(state, EndTransport()), Launch(cid(V, "drone"), 1))
        planet = next(pl for pl in state.planets if (pl.col, pl.row) == p)
        assert planet.alive is not destroyed


def test_sg_11_amoeboid_self_destruct_adds_two_and_always_dies() -> None:
    """SG-11 Amoeboids / SG-A53: any Amoeboid ship may self-destruct at B3: ATK* +2 (a Drone
    attacks with 2 dice) and it is destroyed at B7 whatever the outcome."""
    drone, scout, cruiser = cid(V, "drone"), cid(V, "scout"), cid(V, "cruiser")
    state = raced(
        races=("amoeboids", "worms"),
        fleets=[(W, 1, *X, [("drone", 0), ("scout", 0)]), (E, 1, *X, [("cruiser", 0)])],
    )
    state = GAME.apply(state, EndTransport())
    assert state.battle is not None and state.battle.queue == (drone, scout)
    legal = GAME.legal_actions(state)
    assert Target(drone, cruiser) not in legal  # ATK* 0: no plain attack (SG-6.5)
    assert SelfDestruct(drone, cruiser) in legal
    held = GAME.apply(GAME.apply(state, Target(drone, -1)), Target(scout, -1))
    state = GAME.apply(state, SelfDestruct(drone, cruiser))
    state = GAME.apply(state, Target(scout, -1))
    # The sacrifice is PENDING like any B3 declaration: East's view is the same either way.
    assert GAME.view(state, E) == GAME.view(held, E)
    assert GAME.view(state, None) == GAME.view(held, None)
    assert GAME.view(state, W)["battle"]["my_sacrifices"] == [drone]
    state = with_dice(state, [6, 6] + [1] * 4 + [1] * 4)  # 12 vs 4: the Cruiser dies
    state = GAME.apply(state, Target(cruiser, -1))
    text = " ".join(told(state))
    assert "2d6 attack 12 vs 4d6 defence 4 on East's Cruiser of fleet 1" in text
    assert state.ships[cruiser] is None and state.ships[drone] is None
    assert state.ships[scout] is not None
    # Other races cannot self-destruct.
    plain = raced(
        races=("worms", "amoeboids"),
        fleets=[(W, 1, *X, [("monitor", 0)]), (E, 1, *X, [("cruiser", 0)])],
    )
    plain = GAME.apply(plain, EndTransport())
    assert not any(isinstance(a, SelfDestruct) for a in GAME.legal_actions(plain))
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(plain, SelfDestruct(cid(V, "monitor"), cruiser))
    assert info.value.rule == "SG-11"


def test_sg_11_scavengers_capture_one_ship_of_each_destroyed_fleet() -> None:
    """SG-11 Scavengers / SG-A54: East fleet 1 (2 ships) is wiped out: West chooses one of
    them, which joins West's fleet in the hex with its pb at destruction. East fleet 2 (one
    ship) is wiped out too: that ship is taken at once. A surviving fleet yields nothing."""
    monitor, battler, cruiser_w = cid(V, "monitor"), cid(V, "battler"), cid(V, "cruiser", 3)
    frigate, destroyer, escort, shield = (
        cid(V, "frigate"),
        cid(V, "destroyer"),
        cid(V, "escort"),
        cid(V, "shield_ship"),
    )
    state = raced(
        races=("scavengers", "worms"),
        fleets=[
            (W, 3, *X, [("monitor", 0), ("battler", 0), ("cruiser", 3)]),
            (E, 1, *X, [("frigate", 0), ("destroyer", 0)]),
            (E, 2, *X, [("escort", 0)]),
            (E, 4, *X, [("shield_ship", 0)]),
        ],
    )
    state = replace(
        state,
        ships=tuple(
            replace(s, pb=0) if c == frigate and s is not None else s for c, s in enumerate(state.ships)
        ),
    )
    state = GAME.apply(state, EndTransport())
    state = GAME.apply(state, Target(monitor, frigate))  # declarations go by cid
    state = GAME.apply(state, Target(cruiser_w, escort))
    state = GAME.apply(state, Target(battler, destroyer))
    # By target cid: destroyer (5 attack vs 3), frigate (6 vs 2), escort (3 vs 3).
    targets = sorted([destroyer, frigate, escort])
    dice = {destroyer: [6] * 5 + [1] * 3, frigate: [6] * 6 + [1] * 2, escort: [6] * 3 + [1] * 3}
    state = with_dice(state, [d for t in targets for d in dice[t]])
    state = hold_fire(state, E)
    assert state.phase == "capture" and GAME.current_player(state) == W
    assert sorted(a.ship for a in GAME.legal_actions(state)) == sorted([frigate, destroyer])
    assert GAME.view(state, None)["capture"] == sorted([frigate, destroyer])
    state = GAME.apply(state, Capture(frigate))
    taken = state.ships[frigate]
    assert taken is not None and (taken.owner, taken.fleet, taken.pb) == (W, 3, 0)
    escort_ship = state.ships[escort]  # fleet 2's only wreck is taken without a choice
    assert escort_ship is not None and escort_ship.owner == W and escort_ship.fleet == 3
    assert state.ships[destroyer] is None and destroyer in state.pile  # the other wreck returns
    assert state.ships[shield] is not None and state.ships[shield].owner == E  # type: ignore[union-attr]


def test_sg_11_scavenger_capture_respects_the_cap() -> None:
    """SG-A30: a Scavenger at its cap gains nothing from a destroyed fleet."""
    monitor, escort = cid(V, "monitor"), cid(V, "escort")
    keys = [t.key for t in GAME.new_game({}, 0).data.types if t.move > 0 and t.key != "escort"]
    specs = [("monitor", 0), *[(k, c) for c in range(1, 4) for k in keys][:19]]
    state = raced(
        races=("scavengers", "worms"),
        fleets=[(W, 1 + i // 5, *X, specs[i : i + 5]) for i in range(0, 20, 5)]
        + [(E, 1, *X, [("escort", 0)])],
    )
    state = GAME.apply(state, EndTransport())
    while state.phase == "declare" and GAME.current_player(state) == W:
        assert state.battle is not None
        ship = state.battle.queue[0]
        state = GAME.apply(state, Target(ship, escort if ship == monitor else -1))
    state = with_dice(state, [6] * 6 + [1] * 3)
    state = hold_fire(state, E)
    assert escort in state.pile and ships_of(state, W) == 20
    assert any("ship cap" in line for line in told(state))
