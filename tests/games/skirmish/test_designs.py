"""The designer's question to the rules (Game.query "design", designs.py): a design's BP, whether
the next ship may be it and why not, how many like it fit, and why a fleet cannot be built
(MSC-2.1, MSC-2.3, MSC-4.1). The answer agrees with what the engine then lets a player build."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from pygame_core.game import IllegalActionError, QueryError
from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.actions import FitWeapon, NewShip, SetStat
from pygame_core.games.skirmish.data import SIDE_NAMES, WEAPON_SIDES
from pygame_core.games.skirmish.designs import starter
from pygame_core.games.skirmish.state import SkirmishState

SIDES = [SIDE_NAMES[s] for s in WEAPON_SIDES]


def design(engine: int, shields: int, to_hit: int, weapons: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"engine": engine, "shields": shields, "to_hit": to_hit, "weapons": list(weapons)}


def builds(state: SkirmishState, d: dict[str, Any]) -> bool:
    """Whether the engine lets the side designing build ``d`` as a custom ship, step by step."""
    steps = [NewShip("custom"), *(SetStat(k, d[k]) for k in ("engine", "shields", "to_hit")),
             *(FitWeapon(s, s in d["weapons"]) for s in SIDES)]
    try:
        for step in steps:
            state = GAME.apply(state, step)
    except IllegalActionError:
        return False
    return True


SCENARIOS = [{"scenario": "duel"}, {"scenario": "custom", "ships": 3, "budget": 20, "ship_bp": 9}]


@pytest.mark.parametrize("options", SCENARIOS)
def test_the_answer_is_what_the_engine_lets_a_player_build(options: dict[str, Any]) -> None:
    state = GAME.new_game(options, 3)
    grid = [design(e, s, t, w) for e, s, t in itertools.product(range(0, 6, 2), range(1, 6, 2), range(0, 6, 2))
            for w in ((), ("F",), ("F", "FL", "FR"), tuple(SIDES))]
    answers = [v for n in range(0, len(grid), 40)
               for v in GAME.query(state, 0, "design", {"designs": grid[n:n + 40]})["designs"]]
    assert len(answers) == len(grid) > 100
    for d, got in zip(grid, answers, strict=True):
        assert got["bp"] == d["engine"] + d["shields"] + d["to_hit"] + 2 * len(d["weapons"])  # MSC-2.1
        assert got["legal"] == builds(state, d), d
        assert bool(got["why"]) != got["legal"] and got["rule"] == "MSC-2.3"
        assert str(got["bp"]) in got["total"]


def test_words_and_counts() -> None:
    state = GAME.new_game({"scenario": "duel"}, 1)
    over, ok = GAME.query(state, 0, "design", {"designs": [design(5, 3, 3, ("F", "FL", "FR")),
                                                           design(3, 3, 3, ("F", "FL", "FR"))]})["designs"]
    assert "17 BP" in over["why"] and "15 BP" in over["why"] and "duel limit" in over["why"]
    assert ok["total"] == "Costs 15 of 15 BP allowed for W1." and ok["fits"] == 1
    fleet = GAME.new_game({"scenario": "fleet"}, 1)
    small = GAME.query(fleet, 0, "design", {"designs": [design(1, 1, 0)], "fleet": [design(3, 3, 3)] * 9})
    assert small["designs"][0]["fits"] == 8  # MSC-4.1: eight ships a side
    assert small["fleet"] == {"bp": 81, "problem": "9 ships, but a side may build 8"}
    full = GAME.query(fleet, 0, "design", {"fleet": [design(5, 5, 5, tuple(SIDES))] * 4})
    assert full["fleet"] == {"bp": 100, "problem": ""}  # exactly the side's 100 BP (MSC-A07)
    costly = GAME.query(fleet, 0, "design", {"fleet": [design(5, 5, 5, tuple(SIDES))] * 5})
    assert costly["fleet"]["problem"] == ("W5 costs 25 BP, more than the 0 BP it may cost "
                                          "(only 0 BP are left of the side's 100)")


def test_refused_questions() -> None:
    state = GAME.new_game({"scenario": "duel"}, 1)
    with pytest.raises(QueryError):  # East's plan is not West's to ask about, nor a spectator's (MSC-4.2)
        GAME.query(state, 1, "design", {"designs": [design(1, 1, 1)]})
    with pytest.raises(QueryError):
        GAME.query(state, None, "design", {"designs": [design(1, 1, 1)]})
    for question, payload in (("nothing", {}), ("design", [1]), ("design", {"designs": [{"engine": "5"}]}),
                              ("design", {"designs": [design(1, 1, 1, ("X",))]})):
        with pytest.raises(QueryError):
            GAME.query(state, 0, question, payload)


def test_the_starter_is_ship_1_cut_to_fit() -> None:
    assert str(starter(15)) == "ship1 E3 S3 T3 W:F,FR,FL (15 BP)"
    for allowance in range(1, 26):
        d = starter(allowance)
        assert d.bp <= allowance and not d.problems()
    assert starter(13).weapons == (0, 5)  # FR goes first (then FL, then F)
    assert str(starter(10)) == "trimmed E3 S3 T2 W:F (10 BP)"  # the side weapons, then TO-HIT
    # The front weapon goes last: any allowance an armed ship fits in (SHIELDS 1 and a weapon,
    # MSC-2.1) gets an armed starter, so a quick start can always fire.
    assert all(starter(allowance).weapons == (0,) for allowance in range(3, 11))
    assert starter(2).weapons == ()
