"""Issue 36: a step with one legal action plays itself (``idle_pass``); a real choice never does."""

from __future__ import annotations

from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.actions import HoldFire, SetSpeed, Submit
from pygame_core.hexgrid import Hex

from .helpers import plot, position, ship


def test_engine_0_speed_0_is_passed_for_the_player() -> None:
    state = position(ship(0, 0, Hex(10, 8), engine=0), ship(1, 1, Hex(20, 8)))
    idle = GAME.idle_pass(state)
    assert idle is not None and idle[0] == SetSpeed(0) and "SPEED 0" in idle[1]


def test_a_choice_of_speed_is_the_player_s() -> None:
    state = position(ship(0, 0, Hex(10, 8), speed=1), ship(1, 1, Hex(20, 8)))
    assert GAME.idle_pass(state) is None


def test_the_submit_once_every_ship_has_its_orders_is_passed() -> None:
    state = plot(position(ship(0, 0, Hex(10, 8), speed=1), ship(1, 1, Hex(20, 8))), 1, "1")
    idle = GAME.idle_pass(state)
    assert idle is not None and idle[0] == Submit()


def test_hold_fire_with_no_shot_is_passed() -> None:
    state = position(ship(0, 0, Hex(2, 8)), ship(1, 1, Hex(20, 8)), phase="combat")
    if GAME.legal_actions(state) == [HoldFire()]:
        idle = GAME.idle_pass(state)
        assert idle is not None and idle[0] == HoldFire()


def test_the_designs_are_never_passed() -> None:
    state = GAME.new_game(None, 1)
    assert state.phase == "design"
    assert GAME.idle_pass(state) is None
