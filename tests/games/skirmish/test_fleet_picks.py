"""The fleets a side may start from (designs.fleet_pick: the quick start, one example design or a
kept design as many times as fit), worked out by the engine for the setup screen's catalogue and
the designer's "design" question (issue 32: the page computes no fleet or cost), are fleets the
engine then lets that side build (MSC-2.1, MSC-2.2, MSC-2.3, MSC-4.1)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_core.game import IllegalActionError, QueryError
from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.actions import FitWeapon, NewShip, SetStat
from pygame_core.games.skirmish.data import SIDE_NAMES, TEMPLATES, WEAPON_SIDES
from pygame_core.games.skirmish.designs import quick_fleet, starter
from pygame_core.games.skirmish.state import SkirmishState

SIDES = [SIDE_NAMES[s] for s in WEAPON_SIDES]
TABLES: dict[str, Any] = json.loads(json.dumps(GAME.screen_tables()))  # as the page gets them
SCENARIOS = [{"scenario": "duel"}, {"scenario": "skirmish"}, {"scenario": "fleet"}, {"scenario": "custom"},
             {"scenario": "custom", "ships": 4, "budget": 30, "ship_bp": 10},
             {"scenario": "custom", "ships": 3, "budget": 20, "ship_bp": 9},
             {"scenario": "custom", "ships": 8, "budget": 200, "ship_bp": 25},
             {"scenario": "custom", "ships": 2, "budget": 3, "ship_bp": 3}]
KEPT = {"key": "kept0", "design": {"engine": 5, "shields": 3, "to_hit": 1, "weapons": ["F", "FL", "FR"]},
        "name": "Swift", "label": "Only your “Swift”"}


def build(state: SkirmishState, fleet: list[dict[str, Any]]) -> SkirmishState:
    """West builds ``fleet`` as custom ships, step by step; raises IllegalActionError if refused."""
    for d in fleet:
        steps = [NewShip("custom"), *(SetStat(k, d[k]) for k in ("engine", "shields", "to_hit")),
                 *(FitWeapon(s, s in d["weapons"]) for s in SIDES)]
        for step in steps:
            state = GAME.apply(state, step)
    return state


def asked(state: SkirmishState) -> list[dict[str, Any]]:
    picks = [{"key": "quick"}, *({"key": k} for k in TEMPLATES), KEPT]
    answer: list[dict[str, Any]] = GAME.query(state, 0, "design", {"picks": picks})["picks"]
    return answer


@pytest.mark.parametrize("options", SCENARIOS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_every_pick_is_a_fleet_the_engine_builds(options: dict[str, Any]) -> None:
    state = GAME.new_game(options, 3)
    for pick in asked(state):
        fleet = pick["fleet"]
        if fleet is None:  # too costly: even one ship of it is refused, and the words say so
            assert "too costly" in pick["words"] and pick["key"] != "quick"
            design = (KEPT["design"] if pick["key"] == "kept0" else
                      next(p for p in TABLES["templates"].values() if p["name"] in pick["words"]))
            with pytest.raises(IllegalActionError):
                build(state, [design])
            continue
        built = build(state, fleet)
        plan = built.plans[0]
        assert [d.bp for d in plan.designs] == [d["bp"] for d in fleet] and sum(d["bp"] for d in fleet) == pick["bp"]
        if pick["key"] not in ("quick",) and len(fleet) < state.max_ships:
            with pytest.raises(IllegalActionError):  # as many as fit: one more does not
                build(built, fleet[:1])


@pytest.mark.parametrize("scenario", ["duel", "skirmish", "fleet", "custom"])
def test_the_setup_screen_shows_what_the_designer_makes(scenario: str) -> None:
    """The catalogue's fleets (drawn before the engine runs) are the designer's answer for a new
    game of that scenario with its default limits."""
    state = GAME.new_game({"scenario": scenario}, 1)
    assert TABLES["picks"][scenario] == [p for p in asked(state) if p["key"] != "kept0"]


def test_the_quick_start_is_the_examples_in_turn_or_ship_1_cut_to_fit() -> None:
    """MSC-2.2: duel Ship 1; skirmish one of each; fleet two of each (90 of 100 BP); ships that
    may cost less than an example get Ship 1 cut to fit, as many as fit whole."""
    names = {k: [d.name for d in quick_fleet(*limits)] for k, limits in
             {"duel": (1, 15, 15), "skirmish": (3, 45, 25), "fleet": (8, 100, 25)}.items()}
    examples = ["ship1", "ship2", "ship3"]
    assert names == {"duel": ["ship1"], "skirmish": examples, "fleet": examples * 2}
    assert quick_fleet(4, 30, 10) == [starter(10)] * 3
    words = asked(GAME.new_game({"scenario": "custom", "ships": 4, "budget": 30, "ship_bp": 10}, 1))[0]["words"]
    assert words == f"Quick start: 3 × Ship 1 cut to {starter(10).bp} BP ({3 * starter(10).bp} BP)"


@pytest.mark.parametrize("pick", [{"key": "nothing"}, {"key": 3}, "quick",
                                  {"key": "kept0", "design": {"engine": "5"}}])
def test_a_pick_the_engine_cannot_read_is_refused(pick: object) -> None:
    with pytest.raises(QueryError):
        GAME.query(GAME.new_game({}, 1), 0, "design", {"picks": [pick]})
