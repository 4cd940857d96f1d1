"""Pending secrets never leak (C-4.1, C-4.6, MSC-11): designs, deployment, orders."""

from __future__ import annotations

import json

from pygame_core import Match, decode_match, encode_link
from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.actions import (
    Action,
    Face,
    NewShip,
    Place,
    SetSpeed,
    SetStat,
    Step,
    Submit,
)
from pygame_core.games.skirmish.state import SkirmishState

from .test_setup import custom


def _views(state: SkirmishState, player: int | None) -> str:
    return json.dumps(GAME.view(state, player), sort_keys=True)


def _assert_hidden(a: SkirmishState, b: SkirmishState, owner: int) -> None:
    """Two states differing only in ``owner``'s pending decision look identical to the other
    player and to spectators, and different to the owner (so the test can fail)."""
    other = 1 - owner
    assert _views(a, other) == _views(b, other)
    assert _views(a, None) == _views(b, None)
    assert _views(a, owner) != _views(b, owner)


def _start(*actions: Action, **options: int | str) -> Match:
    match = Match.start("skirmish", options, 5)
    for action in actions:
        match = match.play(action)
    return match


def test_msc_4_2_secret_designs_do_not_leak() -> None:
    """MSC-4.2 / MSC-A28: West's submitted design is invisible to East and spectators."""
    a = _start(NewShip("ship1"), Submit()).state
    b = _start(NewShip("ship3"), Submit()).state
    _assert_hidden(a, b, 0)
    # A partial custom design in progress does not leak either.
    c = GAME.apply(GAME.apply(GAME.new_game({}, 5), NewShip("custom")), SetStat("engine", 5))
    d = GAME.apply(GAME.apply(GAME.new_game({}, 5), NewShip("custom")), SetStat("engine", 1))
    _assert_hidden(c, d, 0)
    # East's design, entered after West's, is as secret from West.
    e = custom(a, 1, 5, 5, "F")
    f = custom(a, 5, 5, 5, "")
    _assert_hidden(e, f, 1)


def _deployed(west_place: tuple[int, int, int]) -> Match:
    col, row, facing = west_place
    return _start(
        NewShip("ship1"),
        Submit(),
        NewShip("ship2"),
        Submit(),
        Place(col, row),
        Face(facing),
        Submit(),
    )


def test_msc_4_3_secret_deployment_does_not_leak() -> None:
    a, b = _deployed((0, 3, 1)).state, _deployed((2, 9, 4)).state
    _assert_hidden(a, b, 0)
    assert a.phase == b.phase == "deploy"


def _plotted(speed: int, steps: str) -> Match:
    match = _start(
        NewShip("ship1"),
        Submit(),
        NewShip("ship2"),
        Submit(),
        Place(1, 8),
        Face(1),
        Submit(),
        Place(22, 8),
        Face(4),
        Submit(),
    )
    match = match.play(SetSpeed(speed))
    for step in steps:
        match = match.play(Step(step))
    return match.play(Submit())


def test_msc_h16_pending_orders_leak_neither_to_views_nor_links() -> None:
    """MSC-H16 / MSC-6.3 / MSC-11.2: West's submitted orders and new SPEED are absent from
    East's view, the spectator view and any link until East has submitted too."""
    a, b = _plotted(3, "FLF"), _plotted(1, "R")
    _assert_hidden(a.state, b.state, 0)
    assert GAME.current_player(a.state) == 1
    for match in (a, b):
        cut = len(match.shareable().record.actions)
        shared = decode_match(encode_link(match.truncated(cut)))
        assert shared.state.plans == GAME.new_game({}, 5).plans  # nothing pending survives
        assert shared.state.phase == "orders" and GAME.current_player(shared.state) == 0
    # Once East submits, both sets of orders are public (and may be shared).
    done = a.play(SetSpeed(0)).play(Submit())
    assert len(done.shareable().record.actions) == len(done.states) - 1
    assert done.state.ships[0].history == ("3 1L1",)
    assert "3 1L1" in _views(done.state, 1)


def test_c_4_6_links_keep_everything_public() -> None:
    """C-4.6: with no pending decision the whole record may be shared."""
    match = _start(NewShip("ship1"), Submit(), NewShip("ship2"), Submit())
    assert len(match.shareable().record.actions) == len(match.record.actions)


def test_c_4_1_views_are_plain_and_own_plan_is_visible() -> None:
    """The owner sees the own pending plan (C-4.1 PENDING(p) is seen by p)."""
    state = _plotted(3, "FLF").state
    mine = GAME.view(state, 0)["plans"][0]
    assert mine["orders"][0]["written"] == "1L1" and mine["orders"][0]["speed"] == 3
    assert GAME.view(state, 1)["plans"][0] == {"submitted": True}


def test_c_3_2_plotting_can_be_undone_until_the_hand_off() -> None:
    """C-3.2: West may take back plotting steps, but not past its Submit (the hand-off to East),
    nor past the reveal and the dice that follow East's Submit."""
    match = _start(
        NewShip("ship1"), Submit(), NewShip("ship2"), Submit(),
        Place(1, 8), Face(1), Submit(), Place(22, 8), Face(4), Submit(),
    )  # fmt: skip
    match = match.play(SetSpeed(2)).play(Step("F"))
    assert match.undo_depth() == 2
    assert match.undo(2).legal_actions()[0] == SetSpeed(0)
    match = match.play(Step("L")).play(Submit())
    assert match.undo_depth() == 0
    match = match.play(SetSpeed(1)).play(Step("F")).play(Submit())
    assert match.undo_depth() == 0
