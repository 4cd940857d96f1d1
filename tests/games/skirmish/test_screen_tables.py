"""The tables the design screen reads from the page's catalogue (SkirmishGame.screen_tables,
issue 32) say what the engine does: the example designs it builds (MSC-2.2), what a ship costs
and may cost (MSC-2.1, MSC-2.3), the order it asks for weapons, and each scenario's limits
(MSC-4.1). The screen keeps no copy of them, so these are the numbers a player sees."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pygame_core.games.skirmish import GAME, rules
from pygame_core.games.skirmish.actions import FitWeapon, NewShip, SetStat
from pygame_core.games.skirmish.data import SIDE_NAMES
from pygame_core.games.skirmish.state import Design, SkirmishState

TABLES: dict[str, Any] = json.loads(json.dumps(GAME.screen_tables()))  # as the page gets them


def _page_cost(d: dict[str, Any]) -> int:
    """A design's cost (MSC-2.1) from the catalogue's numbers."""
    return int(d["engine"] + d["shields"] + d["to_hit"] + TABLES["weapon_cost"] * len(d["weapons"]))


@pytest.mark.parametrize("key", ["ship1", "ship2", "ship3"])
def test_each_example_design_is_the_ship_the_engine_builds(key: str) -> None:
    state = GAME.apply(GAME.new_game({"scenario": "skirmish"}, 1), NewShip(key))
    built = state.plans[0].designs[-1]
    shown = TABLES["templates"][key]
    assert (shown["engine"], shown["shields"], shown["to_hit"]) == (built.engine, built.shields, built.to_hit)
    assert sorted(shown["weapons"]) == sorted(SIDE_NAMES[s] for s in built.weapons)
    assert _page_cost(shown) == built.bp
    assert shown["name"] == f"Ship {key[-1]}"


def test_the_templates_are_the_ones_offered() -> None:
    legal = GAME.legal_actions(GAME.new_game({}, 1))
    assert [a.design for a in legal if isinstance(a, NewShip) and a.design != "custom"] == list(TABLES["templates"])


def test_weapons_are_asked_in_the_tables_order() -> None:
    state = GAME.apply(GAME.new_game({"scenario": "skirmish"}, 1), NewShip("custom"))
    for stat in ("engine", "shields", "to_hit"):
        state = GAME.apply(state, SetStat(stat, 1))
    asked = []
    while True:
        sides = {a.side for a in GAME.legal_actions(state) if isinstance(a, FitWeapon)}
        if not sides:
            break
        (side,) = sides
        asked.append(side)
        state = GAME.apply(state, FitWeapon(side, False))
    assert asked == TABLES["weapon_order"]


@pytest.mark.parametrize("stat", ["engine", "shields", "to_hit"])
def test_stat_limits_are_the_engines(stat: str) -> None:
    low, high = TABLES["stat_limits"][stat]

    def design(value: int) -> Design:
        values = {"engine": 0, "shields": 1, "to_hit": 0, stat: value}
        return Design(values["engine"], values["shields"], values["to_hit"], (), "x")

    assert not design(low).problems() and not design(high).problems()
    assert design(low - 1).problems() and design(high + 1).problems()


def test_no_ship_may_cost_more_than_the_tables_say() -> None:
    """MSC-2.3: with a per-ship limit above it and a budget to spare, a ship may still cost no
    more than ``max_ship_bp``."""
    state = replace(GAME.new_game({"scenario": "custom", "budget": 200}, 1), ship_bp=40)
    assert rules.ship_allowance(state, state.plans[0]) == TABLES["max_ship_bp"]


@pytest.mark.parametrize("scenario", ["duel", "skirmish", "fleet"])
def test_each_scenario_has_the_engines_limits(scenario: str) -> None:
    state: SkirmishState = GAME.new_game({"scenario": scenario}, 1)
    limits = TABLES["presets"][scenario]
    assert (limits["ships"], limits["budget"], limits["ship_bp"]) == (state.max_ships, state.budget, state.ship_bp)
    assert GAME.view(state, 0)["limits"] == limits


def test_the_setup_words_for_each_scenario_name_its_limits() -> None:
    """meta.json's scenario choices are prose the page shows as they are: their numbers must
    be the engine's limits (a changed preset fails here until its words follow)."""
    meta = json.loads((Path(__file__).resolve().parents[3] / "web/screens/skirmish/meta.json").read_text())
    for scenario, limits in TABLES["presets"].items():
        words = meta["options"]["scenario"]["choices"][scenario]
        assert set(re.findall(r"\d+", words)) == {str(n) for n in limits.values()}, words
