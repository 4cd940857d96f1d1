"""The arcs the view gives the page to draw are the shots the rules allow (MSC-3.4, MSC-9.2, MSC-9.3).

Over random positions (a ship anywhere on a map of random size, facing anywhere, some weapons
destroyed), a hex is in the view's arc of a side exactly when ``shot_problem``, the check
``apply`` makes of a Fire, lets that side fire at an enemy standing there (issue 32: the page
draws arcs and rings targets from the view, with no arc rules of its own). The "arcs" question
answers the same for a pose the orders being plotted would reach.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pygame_core.game import QueryError
from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.data import MAX_RANGE, SIDE_NAMES, range_modifier
from pygame_core.games.skirmish.rules import shot_problem
from pygame_core.games.skirmish.state import DESTROYED, INTACT, SkirmishState
from pygame_core.hexgrid import Hex, HexMap

from .helpers import position, ship

WEAPON_SETS = ("F", "F,FL,FR", "F,FR,RR,RL,FL", "RR,RL", "FR")


def random_position(chooser: random.Random) -> SkirmishState:
    """A West ship somewhere on a map of random size, some of its weapons destroyed, and an
    East ship (the target each hex is tried with); West fires (combat, MSC-9.1)."""
    width, height = chooser.randint(8, 30), chooser.randint(4, 20)
    here = Hex(chooser.randrange(width), chooser.randrange(height))
    shooter = ship(0, 0, here, facing=chooser.randrange(6), weapons=chooser.choice(WEAPON_SETS))
    status = tuple(DESTROYED if w == INTACT and chooser.random() < 0.25 else w for w in shooter.weapons)
    shooter = replace(shooter, weapons=status)
    target = ship(1, 1, Hex(chooser.randrange(width), chooser.randrange(height)))
    return position(shooter, target, phase="combat", width=width, height=height)


def drawn(state: SkirmishState, seat: int | None) -> dict[str, set[str]]:
    """The shooter's arcs as the page receives them: side -> hex labels."""
    arcs = GAME.view(state, seat)["ships"][0]["arcs"]
    return {side: set(hexes) for side, hexes in arcs.items()}


def allowed(state: SkirmishState, side: int, there: Hex) -> bool:
    """Whether the rules let the shooter's ``side`` fire at the enemy moved to ``there``."""
    target = replace(state.ships[1], col=there.col, row=there.row)
    return shot_problem(state, state.ships[0], side, target) is None


@pytest.mark.parametrize("seed", range(12))
def test_a_drawn_arc_is_where_the_rules_let_that_side_fire(seed: int) -> None:
    chooser = random.Random(seed)
    for _ in range(4):
        state = random_position(chooser)
        arcs = drawn(state, chooser.choice((0, 1, None)))  # public: every seat sees the same
        shooter = state.ships[0]
        assert set(arcs) == {SIDE_NAMES[s] for s, w in enumerate(shooter.weapons) if w == INTACT}
        for there in HexMap(state.width, state.height).cells():
            for side in range(6):
                assert (there.label in arcs.get(SIDE_NAMES[side], set())) == allowed(state, side, there), (
                    f"side {SIDE_NAMES[side]} of a ship at {Hex(shooter.col, shooter.row)} facing "
                    f"{shooter.facing}, target at {there}")


def test_max_range_is_the_farthest_shot() -> None:
    """The view's ``max_range`` (the map frames enemies by it) is the last range with a
    modifier (MSC-9.3)."""
    state = random_position(random.Random(1))
    top = GAME.view(state, 0)["max_range"]
    assert top == MAX_RANGE and range_modifier(top) is not None and range_modifier(top + 1) is None


def test_a_ship_that_cannot_fire_has_no_arcs() -> None:
    """Unarmed, every weapon destroyed, or gone from the map: nothing to draw."""
    state = random_position(random.Random(2))
    broken = replace(state.ships[0], weapons=tuple(DESTROYED if w == INTACT else w for w in state.ships[0].weapons))
    gone = replace(state.ships[0], fate="destroyed")
    for shooter in (broken, gone):
        assert drawn(replace(state, ships=(shooter, state.ships[1])), 0) == {}
    assert drawn(state, 0) != {}


@pytest.mark.parametrize("seed", range(4))
def test_the_arcs_question_is_the_view_at_another_pose(seed: int) -> None:
    """Asked for a pose, the engine answers what the view would carry with the ship there."""
    chooser = random.Random(100 + seed)
    for _ in range(5):
        state = random_position(chooser)
        col, row = chooser.randrange(state.width), chooser.randrange(state.height)
        facing = chooser.randrange(6)
        answer = GAME.query(state, chooser.choice((0, 1, None)), "arcs", {"ship": 0, "col": col, "row": row,
                                                                         "facing": facing})
        moved = replace(state, ships=(replace(state.ships[0], col=col, row=row, facing=facing), state.ships[1]))
        assert {side: set(hexes) for side, hexes in answer["arcs"].items()} == drawn(moved, 0)


@pytest.mark.parametrize("payload", [None, {"ship": 0}, {"ship": 5, "col": 0, "row": 0, "facing": 0},
                                     {"ship": 0, "col": -1, "row": 0, "facing": 0},
                                     {"ship": 0, "col": 0, "row": 0, "facing": 6},
                                     {"ship": "0", "col": 0, "row": 0, "facing": 0}])
def test_the_arcs_question_refuses_what_it_cannot_read(payload: object) -> None:
    state = random_position(random.Random(3))
    with pytest.raises(QueryError):
        GAME.query(state, 0, "arcs", payload)
