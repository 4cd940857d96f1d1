"""Ship design by build points (MSC-2), scenario presets (MSC-4.1) and deployment (MSC-4.2-4.3)."""

from __future__ import annotations

import pytest

from pygame_core import IllegalActionError, OptionError
from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.actions import Face, FitWeapon, NewShip, Place, SetStat, Submit
from pygame_core.games.skirmish.data import PRESETS
from pygame_core.games.skirmish.state import Design, SkirmishState

from .helpers import play


def custom(state: SkirmishState, engine: int, shields: int, to_hit: int, weapons: str) -> SkirmishState:
    """Design one custom ship step by step; ``weapons`` like "F,FL"."""
    wanted = set(weapons.split(",")) - {""}
    state = play(state, NewShip("custom"), SetStat("engine", engine), SetStat("shields", shields))
    state = GAME.apply(state, SetStat("to_hit", to_hit))
    for side in ("F", "FL", "FR", "RL", "RR"):
        state = GAME.apply(state, FitWeapon(side, side in wanted))
    return state


def test_msc_2_2_templates_are_offered_and_the_duel_takes_one_ship() -> None:
    """MSC-2.2 / MSC-4.1: the three source designs are templates; a duel has one 15 BP ship."""
    state = GAME.new_game({}, 1)
    assert GAME.legal_actions(state) == [NewShip(t) for t in ("ship1", "ship2", "ship3", "custom")]
    state = GAME.apply(state, NewShip("ship3"))
    assert state.plans[0].designs == (Design(4, 4, 5, (0,), "ship3"),)
    assert GAME.legal_actions(state) == [Submit()]


def test_msc_2_1_custom_design_asks_each_value_within_its_limits() -> None:
    """MSC-2.1 / MSC-A06: ENGINE 0-5, SHIELDS 1-5, TO-HIT 0-5, weapons on every side but R."""
    state = GAME.apply(GAME.new_game({"scenario": "skirmish"}, 1), NewShip("custom"))
    assert GAME.legal_actions(state) == [SetStat("engine", v) for v in range(6)]
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, SetStat("engine", 6))
    assert info.value.rule == "MSC-2.3"
    state = GAME.apply(state, SetStat("engine", 5))
    assert GAME.legal_actions(state) == [SetStat("shields", v) for v in range(1, 6)]
    state = play(state, SetStat("shields", 5), SetStat("to_hit", 5))
    asked = []
    while state.plans[0].draft is not None:
        legal = GAME.legal_actions(state)
        asked.append(legal[0].side)  # type: ignore[union-attr]
        assert FitWeapon("R", True) not in legal
        state = GAME.apply(state, legal[-1])  # fit every weapon offered
    assert asked == ["F", "FL", "FR", "RL", "RR"]
    design = state.plans[0].designs[0]
    assert design == Design(5, 5, 5, (0, 1, 2, 4, 5), "custom") and design.bp == 25  # MSC-H01


def test_msc_2_3_design_steps_never_exceed_the_ship_limit() -> None:
    """MSC-2.3: in a duel (15 BP a ship) ENGINE 5 + SHIELDS 5 + TO-HIT 5 leaves no weapon."""
    state = GAME.apply(GAME.new_game({}, 1), NewShip("custom"))
    state = play(state, SetStat("engine", 5), SetStat("shields", 5), SetStat("to_hit", 5))
    assert GAME.legal_actions(state) == [FitWeapon("F", False)]
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, FitWeapon("F", True))
    assert info.value.rule == "MSC-2.3"


def test_msc_2_3_a_custom_budget_caps_each_value() -> None:
    """MSC-2.3: ENGINE leaves room for SHIELDS 1; later values get only what is left."""
    state = GAME.new_game({"scenario": "custom", "ships": 1, "budget": 4, "ship_bp": 25}, 1)
    state = GAME.apply(state, NewShip("custom"))
    assert GAME.legal_actions(state) == [SetStat("engine", v) for v in range(4)]
    state = GAME.apply(state, SetStat("engine", 2))
    assert GAME.legal_actions(state) == [SetStat("shields", 1), SetStat("shields", 2)]
    state = play(state, SetStat("shields", 2))
    assert GAME.legal_actions(state) == [SetStat("to_hit", 0)]


def test_msc_4_1_skirmish_budget_and_ship_count() -> None:
    """MSC-4.1: skirmish allows at most 3 ships and 45 BP; templates that do not fit vanish."""
    state = GAME.new_game({"scenario": "skirmish"}, 1)
    state = custom(state, 5, 5, 5, "F,FL,FR,RL,RR")  # 25 BP
    state = GAME.apply(state, NewShip("ship1"))  # 40 BP: 5 left
    legal = GAME.legal_actions(state)
    assert legal == [NewShip("custom"), Submit()]
    state = custom(state, 1, 2, 2, "")  # 45 BP, 3 ships
    assert GAME.legal_actions(state) == [Submit()]


@pytest.mark.parametrize("scenario", sorted(PRESETS))
def test_msc_4_1_presets(scenario: str) -> None:
    state = GAME.new_game({"scenario": scenario}, 1)
    preset = PRESETS[scenario]
    assert (state.max_ships, state.budget, state.ship_bp) == (
        preset.ships,
        preset.budget,
        preset.ship_bp,
    )


def test_msc_4_1_custom_limits_apply_only_to_custom() -> None:
    with pytest.raises(OptionError, match="custom"):
        GAME.new_game({"scenario": "duel", "ships": 3}, 1)
    state = GAME.new_game({"scenario": "custom", "ships": 3, "budget": 50, "ship_bp": 20}, 1)
    assert (state.max_ships, state.budget, state.ship_bp) == (3, 50, 20)


def test_msc_4_2_designs_are_revealed_together_then_deployment_in_own_columns() -> None:
    """MSC-4.2 / MSC-4.3: both designs turn into public ships once both are in; West deploys
    in cols 0-2, East in cols 21-23, any facing, ships may share a hex; both revealed together."""
    state = GAME.new_game({"scenario": "skirmish"}, 1)
    state = play(state, NewShip("ship1"), NewShip("ship2"), Submit())
    assert state.phase == "design" and not state.ships
    state = play(state, NewShip("ship3"), Submit())
    assert state.phase == "deploy"
    assert [(s.owner, s.design.name) for s in state.ships] == [
        (0, "ship1"),
        (0, "ship2"),
        (1, "ship3"),
    ]
    legal = GAME.legal_actions(state)
    assert {a.col for a in legal if isinstance(a, Place)} == {0, 1, 2}
    assert len(legal) == 3 * 18
    state = play(state, Place(1, 4))
    assert GAME.legal_actions(state) == [Face(f) for f in range(6)]
    state = play(state, Face(2), Place(1, 4), Face(5), Submit())
    assert state.ships[0].col == -1  # still secret: nothing moves until East is in too
    assert {a.col for a in GAME.legal_actions(state) if isinstance(a, Place)} == {21, 22, 23}
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Place(5, 5))
    assert info.value.rule == "MSC-4.3"
    state = play(state, Place(22, 9), Face(4), Submit())
    assert state.phase == "orders" and state.turn == 1
    assert [(s.col, s.row, s.facing) for s in state.ships] == [(1, 4, 2), (1, 4, 5), (22, 9, 4)]
