"""The MSC-H hard cases of RULES.md, by ID, with scripted dice (C-2.7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pygame_core import IllegalActionError
from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.actions import Fire, HitSide, HoldFire, SetSpeed, Submit
from pygame_core.games.skirmish.state import DESTROYED, INTACT, Design
from pygame_core.games.skirmish.view import describe
from pygame_core.hexgrid import Hex
from pygame_core.rng import ScriptedRng

from .helpers import at, plot, position, ship


def test_msc_h01_design_validation() -> None:
    """MSC-H01 / MSC-2.3: ENGINE 6 invalid; weapon on R invalid; 25 BP valid; 15 BP valid."""
    assert Design(6, 3, 3, (), "x").problems()
    assert Design(3, 3, 3, (0, 1, 2, 3, 4, 5), "x").problems()
    full = Design(5, 5, 5, (0, 1, 2, 4, 5), "x")
    assert full.bp == 25 and not full.problems()
    ship1 = Design(3, 3, 3, (0, 1, 5), "x")
    assert ship1.bp == 15 and not ship1.problems(15)


def _combat(*ships: object, dice: tuple[int, ...], first: int = 0) -> object:
    return position(*ships, phase="combat", dice=dice, initiative=(first, 1 - first))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("distance", "need"),
    [(5, 2), (1, 4), (0, 5)],
)
def test_msc_h06_range_modifiers(distance: int, need: int) -> None:
    """MSC-H06 / MSC-9.3-9.4: TO-HIT 3 hits on <= 2 at range 5, <= 4 at 1, <= 5 at 0."""
    shooter = ship(0, 0, at(0, 0), facing=0, to_hit=3, weapons="F")
    target = ship(1, 1, at(0, -distance), shields=5, weapons="")
    hit = GAME.apply(_combat(shooter, target, dice=(need, 1)), Fire(0, "F", 1))
    assert hit.ships[1].shields == 4
    miss = GAME.apply(_combat(shooter, target, dice=(need + 1,)), Fire(0, "F", 1))
    assert miss.ships[1].shields == 5


def test_msc_h06_no_shot_at_range_7() -> None:
    shooter = ship(0, 0, at(0, 0), facing=0, to_hit=3, weapons="F")
    target = ship(1, 1, at(0, -7), weapons="")
    state = _combat(shooter, target, dice=())
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, Fire)]
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Fire(0, "F", 1))
    assert info.value.rule == "MSC-9.2"


def test_msc_9_4_target_numbers_beyond_the_die() -> None:
    """MSC-9.4 / MSC-A16: TO-HIT 5 at range 0 (7) always hits; TO-HIT 0 at range 5 never does."""
    sure = ship(0, 0, at(0, 0), to_hit=5, weapons="F")
    target = ship(1, 1, at(0, 0), shields=5, weapons="")
    assert GAME.apply(_combat(sure, target, dice=(6, 2)), Fire(0, "F", 1)).ships[1].shields == 4
    hopeless = ship(0, 0, at(0, 0), to_hit=0, weapons="F")
    far = ship(1, 1, at(0, -5), shields=5, weapons="")
    assert GAME.apply(_combat(hopeless, far, dice=(1,)), Fire(0, "F", 1)).ships[1].shields == 5


def test_msc_h08_engine_hit_on_engine_zero_hits_shields() -> None:
    """MSC-H08 / MSC-9.5: damage 5 on ENGINE 0 takes a SHIELD instead."""
    shooter = ship(0, 0, at(0, 0), weapons="F")
    target = ship(1, 1, at(0, -2), engine=0, shields=3, weapons="")
    after = GAME.apply(_combat(shooter, target, dice=(1, 5)), Fire(0, "F", 1))
    assert (after.ships[1].engine, after.ships[1].shields) == (0, 2)


def test_msc_9_5_engine_hit_clamps_speed() -> None:
    """MSC-9.5 / MSC-9.8: damage 5 takes ENGINE -1 and SPEED is clamped at once."""
    shooter = ship(0, 0, at(0, 0), weapons="F")
    target = ship(1, 1, at(0, -2), engine=3, speed=3, weapons="")
    after = GAME.apply(_combat(shooter, target, dice=(1, 5)), Fire(0, "F", 1))
    assert (after.ships[1].engine, after.ships[1].speed, after.ships[1].shields) == (2, 2, 3)


def test_msc_9_5_weapon_hit_destroys_the_weapon_facing_the_shooter() -> None:
    """MSC-9.5 / MSC-9.6: damage 6 destroys the weapon on the target side facing the shooter;
    with no weapon there it takes a SHIELD."""
    shooter = ship(0, 0, at(0, 0), facing=0, weapons="F")
    # Target straight north facing S: its F side faces the shooter.
    target = ship(1, 1, at(0, -3), facing=3, shields=3, weapons="F,FL")
    after = GAME.apply(_combat(shooter, target, dice=(1, 6)), Fire(0, "F", 1))
    assert after.ships[1].weapons[0] == DESTROYED and after.ships[1].shields == 3
    rear_on = replace(target, facing=0)  # now its R side faces the shooter: no weapon there
    after = GAME.apply(_combat(shooter, rear_on, dice=(1, 6)), Fire(0, "F", 1))
    assert after.ships[1].weapons[0] == INTACT and after.ships[1].shields == 2


def test_msc_h09_initiative_ties_reroll() -> None:
    """MSC-H09 / MSC-8.1: dice 4,4 then 2,5: re-roll, then East is Player 1."""
    a = ship(0, 0, at(0, 0), weapons="F")
    b = ship(1, 1, at(0, -2), facing=3, weapons="F")
    state = position(a, b, dice=(4, 4, 2, 5))
    state = GAME.apply(plot(state, 0, ""), Submit())
    state = GAME.apply(plot(state, 0, ""), Submit())
    assert state.phase == "combat"
    assert state.initiative == (1, 0)
    assert GAME.current_player(state) == 1
    # C-2.8 / MSC-12.1: every die is logged with its purpose, West first, re-rolls included.
    log = GAME.view(state, None)["log"]
    rolls = [line for line in log if line.startswith("  roll MSC-8.1")]
    assert [r.split(": ")[1] for r in rolls] == ["d6 = 4", "d6 = 4", "d6 = 2", "d6 = 5"]
    assert "West" in rolls[0] and "East" in rolls[1]
    # The same dice in words, for people: the tie, the re-roll and who fires first; a die is
    # told as a roll, not as if it were a ship's number (issue 36: "West 1").
    told = ("Initiative: West rolls 4, East rolls 4: a tie, rolled again; West rolls 2, East rolls 5. "
            "East fires first this turn")
    assert told in log
    initiative = next(e for e in state.log if e.kind == "initiative")
    assert initiative.nums("west") == (4, 2) and initiative.nums("east") == (4, 5) and initiative.num("first") == 1


def test_msc_h10_destroyed_or_disarmed_ships_of_player_2_cannot_fire() -> None:
    """MSC-H10 / MSC-9.7 / MSC-A21: a Player 2 ship destroyed in Player 1's phase fires
    nothing, and a Player 2 weapon destroyed there cannot fire either."""
    a = ship(0, 0, at(0, 0), facing=0, to_hit=5, weapons="F")
    b = ship(1, 1, at(0, -2), facing=3, shields=1, weapons="F")
    c = ship(2, 1, at(0, -3), facing=3, shields=5, weapons="F")
    destroyed = GAME.apply(_combat(a, b, c, dice=(1, 1)), Fire(0, "F", 1))
    assert destroyed.ships[1].fate == "destroyed"
    assert GAME.current_player(destroyed) == 1  # A has nothing left to fire: Player 2's phase
    shooters = {x.ship for x in GAME.legal_actions(destroyed) if isinstance(x, Fire)}
    assert shooters == {2}
    disarmed = GAME.apply(_combat(a, b, c, dice=(1, 6)), Fire(0, "F", 2))
    assert disarmed.ships[2].weapons[0] == DESTROYED
    assert GAME.current_player(disarmed) == 1
    shooters = {x.ship for x in GAME.legal_actions(disarmed) if isinstance(x, Fire)}
    assert shooters == {1}


def test_msc_h12_leaving_the_map_disengages_and_loses() -> None:
    """MSC-H12 / MSC-7.2 / MSC-A26: col 23 facing SE with "2" disengages at its first step;
    its BP goes to the enemy's score; its side, with no ship left, loses."""
    east = ship(0, 1, Hex(23, 5), facing=2, engine=3, speed=2, weapons="F")
    west = ship(1, 0, Hex(0, 5), facing=1, engine=3, speed=0, weapons="F")
    state = position(west, east)
    state = GAME.apply(plot(state, 0, ""), Submit())  # West plots its only ship
    state = GAME.apply(plot(state, 2, "2"), Submit())
    gone = state.ships[0]
    assert gone.fate == "disengaged" and (gone.col, gone.row) == (23, 5)
    assert state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.scores == (gone.design.bp, 0)


def test_msc_10_1_both_sides_leaving_is_a_draw() -> None:
    west = ship(0, 0, Hex(0, 5), facing=5, speed=1, weapons="")
    east = ship(1, 1, Hex(23, 5), facing=2, speed=1, weapons="")
    state = position(west, east)
    state = GAME.apply(plot(state, 1, "1"), Submit())
    state = GAME.apply(plot(state, 1, "1"), Submit())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ()


def test_msc_h13_turn_limit_score() -> None:
    """MSC-H13 / MSC-10.2: at the end of turn 30, West (15 BP destroyed) beats East (10)."""
    west_alive = ship(0, 0, Hex(2, 2), weapons="")
    west_lost = replace(ship(1, 0, Hex(2, 4), engine=1, shields=5, to_hit=4, weapons=""), fate="destroyed")
    east_alive = ship(2, 1, Hex(21, 2), weapons="")
    east_lost = replace(ship(3, 1, Hex(21, 4), engine=3, shields=3, to_hit=3, weapons="F,FL,FR"), fate="destroyed")
    assert (west_lost.design.bp, east_lost.design.bp) == (10, 15)
    state = position(west_alive, west_lost, east_alive, east_lost, turn=30, dice=(6, 1))
    state = GAME.apply(plot(state, 0, ""), Submit())
    state = GAME.apply(plot(state, 0, ""), Submit())
    outcome = GAME.outcome(state)  # nothing in range: both combat phases pass, turn 30 ends
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (15, 10)


def test_msc_10_2_annihilation_only_ignores_the_turn_limit() -> None:
    a = ship(0, 0, Hex(2, 2), weapons="")
    b = ship(1, 1, Hex(21, 2), weapons="")
    state = position(a, b, turn=30, dice=(6, 1), victory="annihilation_only")
    state = GAME.apply(plot(state, 0, ""), Submit())
    state = GAME.apply(plot(state, 0, ""), Submit())
    assert state.phase == "orders" and state.turn == 31


def test_msc_h14_same_hex_combat() -> None:
    """MSC-H14: range 0: +2, every arc is valid, and the shooter chooses the facing side."""
    a = ship(0, 0, at(0, 0), facing=0, to_hit=1, weapons="F,FR,RR,RL,FL")
    b = ship(1, 1, at(0, 0), facing=4, shields=3, weapons="F,RL")
    state = _combat(a, b, dice=(3, 6))
    assert {x.side for x in GAME.legal_actions(state) if isinstance(x, Fire)} == {
        "F",
        "FR",
        "RR",
        "RL",
        "FL",
    }
    state = GAME.apply(state, Fire(0, "RR", 1))  # needs 1 + 2 = 3: a hit; damage 6
    assert GAME.current_player(state) == 0
    assert GAME.legal_actions(state) == [HitSide(s) for s in ("F", "FR", "RR", "R", "RL", "FL")]
    with pytest.raises(IllegalActionError):
        GAME.apply(state, HoldFire())
    chosen = GAME.apply(state, HitSide("RL"))
    assert chosen.ships[1].weapons[4] == DESTROYED and chosen.ships[1].shields == 3
    shielded = GAME.apply(state, HitSide("R"))  # the shooter may prefer a SHIELD hit
    assert shielded.ships[1].weapons == b.weapons and shielded.ships[1].shields == 2


def test_msc_9_6_spine_shooter_chooses_between_two_facing_sides() -> None:
    """MSC-9.6: the shooter on a spine of the target chooses which of the two sides is hit."""
    a = ship(0, 0, at(0, 0), facing=0, weapons="F")
    # Target at (1,-2): from the target the shooter is at (-1,+2), the S/SW spine.
    b = ship(1, 1, at(1, -2), facing=0, weapons="RL")
    state = GAME.apply(_combat(a, b, dice=(1, 6)), Fire(0, "F", 1))
    assert GAME.legal_actions(state) == [HitSide("R"), HitSide("RL")]


def test_msc_9_1_each_weapon_fires_once_per_turn() -> None:
    a = ship(0, 0, at(0, 0), facing=0, weapons="F,FR")
    b = ship(1, 1, at(1, -2), shields=5, weapons="")
    state = GAME.apply(_combat(a, b, dice=(6,)), Fire(0, "F", 1))
    assert GAME.legal_actions(state) == [Fire(0, "FR", 1), HoldFire()]
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Fire(0, "F", 1))
    assert info.value.rule == "MSC-9.2"


def test_msc_9_9_no_friendly_fire() -> None:
    a = ship(0, 0, at(0, 0), facing=0, weapons="F")
    friend = ship(1, 0, at(0, -1), weapons="")
    foe = ship(2, 1, at(0, -2), weapons="")
    assert [x for x in GAME.legal_actions(_combat(a, friend, foe, dice=())) if isinstance(x, Fire)] == [Fire(0, "F", 2)]


def test_msc_10_1_annihilation_in_combat_ends_the_game() -> None:
    a = ship(0, 0, at(0, 0), facing=0, to_hit=5, weapons="F")
    b = ship(1, 1, at(0, -1), shields=1, weapons="F")
    state = GAME.apply(_combat(a, b, dice=(1, 1)), Fire(0, "F", 1))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and GAME.current_player(state) is None


def test_msc_6_1_speed_is_offered_per_ship_in_order() -> None:
    a = ship(0, 0, at(0, 0), engine=1, speed=1)
    b = ship(1, 0, at(0, 2), engine=2, speed=0)
    c = ship(2, 1, at(5, 0))
    state = position(a, b, c)
    assert GAME.legal_actions(state) == [SetSpeed(0), SetSpeed(1)]
    state = GAME.apply(state, SetSpeed(0))
    assert GAME.legal_actions(state) == [SetSpeed(0), SetSpeed(1)]
    state = plot(state, 1, "1")
    assert GAME.legal_actions(state) == [Submit()]
    assert state.rng == ScriptedRng(())


def test_msc_a26_the_plotting_view_warns_before_a_ship_leaves_the_map() -> None:
    """MSC-A26: the UI must warn when plotted orders leave the map: the owner's view of a
    plotted order carries the hexes it crosses and a ``leaves_map`` flag."""
    east = ship(0, 1, Hex(23, 5), facing=2, engine=3, speed=2, weapons="F")
    west = ship(1, 0, Hex(0, 5), facing=1, engine=3, speed=1, weapons="F")
    state = plot(position(west, east), 2, "2")
    order = GAME.view(state, 0)["plans"][0]["orders"][0]
    assert order["leaves_map"] is False and order["exit"] is None
    crossed = [Hex(0, 5), Hex(0, 5).neighbour(1), Hex(0, 5).neighbour(1).neighbour(1)]
    assert order["hexes"] == [[h.col, h.row] for h in crossed] and order["facing"] == 1
    state = plot(GAME.apply(state, Submit()), 2, "2")
    order = GAME.view(state, 1)["plans"][1]["orders"][0]
    assert order["leaves_map"] is True and order["hexes"] == [[23, 5]]
    assert order["exit"] == [Hex(23, 5).neighbour(2).col, Hex(23, 5).neighbour(2).row]


def test_describe_names_ships_and_the_hit_number() -> None:
    """The UI label of a shot names both ships, the range and the MSC-9.4 hit number."""
    a = ship(0, 0, at(0, 0), facing=0, to_hit=3, weapons="F")
    b = ship(1, 1, at(0, -5), weapons="")
    state = _combat(a, b, dice=())
    assert describe(state, Fire(0, "F", 1)) == "W1 fires F at E1 (range 5, hits on 2-)"


def test_msc_9_2_a_fire_phase_with_no_shot_says_why() -> None:
    """MSC-9.2 / MSC-9.1: West wins the initiative but its only weapon points away from the
    enemy: its phase passes by itself, and the log says why in words before East fires."""
    a = ship(0, 0, at(0, 0), weapons="F")  # facing north
    b = ship(1, 1, at(0, 2), weapons="F")  # south of it, facing north: b's front holds a
    state = position(a, b, dice=(5, 1))
    state = GAME.apply(plot(state, 0, ""), Submit())
    state = GAME.apply(plot(state, 0, ""), Submit())
    assert state.phase == "combat" and GAME.current_player(state) == 1
    why = "West cannot fire this turn. West 1: no enemy in an armed arc (MSC-9.2)"
    log = GAME.view(state, None)["log"]
    assert why in log
    told = log[log.index(why) - 1]
    assert told.startswith("  roll MSC-8.1")  # right after the initiative and its dice


def test_msc_9_2_out_of_range_and_no_weapon_left_are_told_apart() -> None:
    a = ship(0, 0, at(0, 0), weapons="F")
    b = ship(1, 1, at(0, -9), facing=3, weapons="")  # far north, unarmed
    state = position(a, b, dice=(1, 5))
    state = GAME.apply(plot(state, 0, ""), Submit())
    state = GAME.apply(plot(state, 0, ""), Submit())
    log = GAME.view(state, None)["log"]
    assert "East cannot fire this turn. East 1 has no weapon left to fire (MSC-9.2)" in log
    far = "West cannot fire this turn. West 1: no enemy within range 6 (the nearest is 9 hexes away) (MSC-9.2)"
    assert far in log
