"""Move orders: SPEED changes (MSC-6.1), the "2L1" grammar (MSC-6.2, MSC-A10), movement (MSC-7)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from pygame_core import IllegalActionError
from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.actions import SetSpeed, Step, Submit
from pygame_core.games.skirmish.geometry import (
    check_orders,
    compress_orders,
    order_problem,
)
from pygame_core.hexgrid import Hex

from .helpers import at, plot, position, ship


@pytest.mark.parametrize(
    ("text", "speed", "steps"),
    [
        ("2L1", 4, "FFLF"),  # the source's example [004:121-122]
        ("", 0, ""),  # SPEED 0: no movement and no turning
        ("L", 1, "L"),  # MSC-A10: orders may be a lone turn
        ("R", 1, "R"),
        ("1R", 2, "FR"),  # ... or end with a turn
        ("L1R", 3, "LFR"),  # ... or begin with one
        ("5", 5, "FFFFF"),
        ("1L1R1", 5, "FLFRF"),
        ("2l1", 4, "FFLF"),  # lower case is read as upper case
    ],
)
def test_msc_6_2_legal_order_strings(text: str, speed: int, steps: str) -> None:
    assert check_orders(text, speed) == steps
    assert compress_orders(steps) == text.upper()


@pytest.mark.parametrize(
    ("text", "speed", "why"),
    [
        ("LR", 2, "twice in a row"),  # MSC-A10
        ("1LL1", 4, "twice in a row"),
        ("RL", 2, "twice in a row"),
        ("3", 2, "expend all of its SPEED"),  # too many steps
        ("1", 2, "expend all of its SPEED"),  # SPEED not all spent
        ("", 1, "expend all of its SPEED"),
        ("L", 0, "expend all of its SPEED"),  # SPEED 0 means no turning either
        ("2X1", 4, "cannot read"),
        ("0", 0, "cannot read"),  # a zero count is not an order
        ("2-1", 3, "cannot read"),
    ],
)
def test_msc_6_2_illegal_order_strings(text: str, speed: int, why: str) -> None:
    with pytest.raises(IllegalActionError, match=why) as info:
        check_orders(text, speed)
    assert info.value.rule == "MSC-6.2"


@pytest.mark.parametrize("speed", range(6))
def test_msc_6_2_step_actions_reach_exactly_the_legal_orders(speed: int) -> None:
    """Plotting step by step offers exactly the legal orders: every F/L/R string of length
    SPEED without two consecutive turns, and nothing else (MSC-6.2)."""
    start = GAME.apply(
        position(ship(0, 0, Hex(10, 8), engine=5, speed=speed), ship(1, 1, Hex(20, 8))),
        SetSpeed(speed),
    )
    reached: set[str] = set()

    def walk(state: object, steps: str) -> None:
        legal = GAME.legal_actions(state)
        if legal == [Submit()]:
            reached.add(steps)
            return
        for action in legal:
            assert isinstance(action, Step)
            walk(GAME.apply(state, action), steps + action.move)

    walk(start, "")
    expected = {"".join(p) for p in itertools.product("FLR", repeat=speed) if order_problem("".join(p), speed) is None}
    assert reached == expected


def test_msc_6_2_a_second_turn_in_a_row_is_refused_by_rule() -> None:
    state = position(ship(0, 0, Hex(10, 8), speed=3), ship(1, 1, Hex(20, 8)))
    state = GAME.apply(GAME.apply(state, SetSpeed(3)), Step("L"))
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Step("R"))
    assert info.value.rule == "MSC-6.2"


def test_msc_6_2_no_step_beyond_speed_and_no_submit_before_all_speed_is_spent() -> None:
    state = position(ship(0, 0, Hex(10, 8), speed=1), ship(1, 1, Hex(20, 8)))
    state = GAME.apply(state, SetSpeed(2))
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Submit())
    state = GAME.apply(GAME.apply(state, Step("F")), Step("F"))
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Step("F"))
    assert info.value.rule == "MSC-6.2"  # the orders are complete: only Submit remains


def test_msc_h02_speed_changes_by_at_most_one() -> None:
    """MSC-H02: ENGINE 4, previous SPEED 2: legal SPEEDs {1, 2, 3}; 4 is refused (MSC-6.1)."""
    state = position(ship(0, 0, Hex(10, 8), engine=4, speed=2), ship(1, 1, Hex(20, 8)))
    assert GAME.legal_actions(state) == [SetSpeed(1), SetSpeed(2), SetSpeed(3)]
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, SetSpeed(4))
    assert info.value.rule == "MSC-6.1"


def test_msc_6_1_turn_one_speed_is_free_up_to_engine() -> None:
    """MSC-4.4 / MSC-A19: on turn 1 any SPEED 0..ENGINE."""
    state = position(ship(0, 0, Hex(10, 8), engine=4), ship(1, 1, Hex(20, 8)), turn=1)
    assert GAME.legal_actions(state) == [SetSpeed(v) for v in range(5)]


def test_msc_6_1_speed_never_exceeds_a_damaged_engine() -> None:
    """MSC-6.1 / MSC-A08: ENGINE 2 with SPEED 2 (already clamped): SPEED 1..2 only."""
    damaged = ship(0, 0, Hex(10, 8), engine=4, speed=2)
    damaged = replace(damaged, engine=2)
    state = position(damaged, ship(1, 1, Hex(20, 8)))
    assert GAME.legal_actions(state) == [SetSpeed(1), SetSpeed(2)]


def test_msc_h04_simultaneous_movement_without_blocking() -> None:
    """MSC-H04: A at the origin facing N stays (SPEED 0); B at (0,-3,+3) facing S plots "1L"
    and ends at (0,-2,+2) facing SE: movement is simultaneous with no blocking (MSC-7.1)."""
    a = ship(0, 0, at(0, 0), facing=0, engine=3, speed=0, weapons="")
    b = ship(1, 1, at(0, -3), facing=3, engine=3, speed=2, weapons="")
    state = position(a, b, dice=(1, 2))  # initiative dice after movement
    state = GAME.apply(plot(state, 0, ""), Submit())
    state = GAME.apply(plot(state, 2, "1L"), Submit())
    moved = state.ships[1]
    assert Hex(moved.col, moved.row) == at(0, -2)
    assert moved.facing == 2  # SE
    assert moved.history == ("2 1L",)
    assert state.ships[0].history == ("0",)


def test_msc_7_1_ships_may_share_and_pass_through_hexes() -> None:
    """MSC-7.1 / MSC-A11: two ships may end in the same hex; nothing blocks."""
    a = ship(0, 0, at(0, 0), facing=0, speed=2, weapons="")
    b = ship(1, 1, at(0, -2), facing=3, speed=2, weapons="")
    state = position(a, b, dice=(3, 5))
    state = GAME.apply(plot(state, 2, "2"), Submit())
    state = GAME.apply(plot(state, 2, "2"), Submit())
    assert (state.ships[0].col, state.ships[0].row) == (at(0, -2).col, at(0, -2).row)
    assert (state.ships[1].col, state.ships[1].row) == (at(0, 0).col, at(0, 0).row)
