"""Game records and Match: play, undo across information epochs, replay, validation (C-3)."""

from __future__ import annotations

import dataclasses
import random
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import GAMES, GameRecord, IllegalActionError, Match, OptionError, RecordError
from pygame_core.canonical import digest, is_plain
from pygame_core.game import OptionSpec, minimal_options, resolve_options
from pygame_core.record import FORMAT_VERSION, MAX_ACTIONS, replay
from pygame_core.rng import ScriptedRng

from .toygame import Aim, Bank, HiddenRace, Reroll, Roll

pytestmark = pytest.mark.usefixtures("toy")

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"players": 3},
    {"target": 10, "open_rolls": True},
    {"players": 3, "target": 30},
]


def _random_game(options: dict[str, Any], seed: int) -> Match:
    chooser = random.Random(seed * 31 + 7)
    match = Match.start("toy", options, seed)
    for _ in range(1000):
        if match.is_over:
            return match
        match = match.play(chooser.choice(match.legal_actions()))
    raise AssertionError("the toy game did not end")


# --------------------------------------------------------------------------------------
# The toy game is a legitimate game (so the tests below test the core, not the toy)


def test_toy_is_registered_for_these_tests(toy: HiddenRace) -> None:
    assert GAMES["toy"] is toy


@pytest.mark.parametrize("options", OPTION_SETS)
def test_toy_playouts_end_keep_invariants_and_views_are_plain(
    toy: HiddenRace, options: dict[str, Any]
) -> None:
    for seed in range(15):
        chooser = random.Random(seed)
        match = Match.start("toy", options, seed)
        while True:
            state = match.state
            assert not toy.invariant_violations(state)
            over = toy.current_player(state) is None
            assert over == (toy.outcome(state) is not None) == (not toy.legal_actions(state))
            for player in [None, *range(toy.num_players(state))]:
                assert is_plain(toy.view(state, player))
            if over:
                break
            before = digest(state)
            action = chooser.choice(match.legal_actions())
            assert str(action) and eval(repr(action), vars(sys.modules[type(action).__module__]))
            assert toy.decode_action(toy.encode_action(action)) == action
            match = match.play(action)
            assert digest(state) == before, "apply mutated its input"


def test_toy_hides_the_roll_from_other_players(toy: HiddenRace) -> None:
    match = Match.start("toy", {}, 3).play(Aim(2))
    match = Match(match.game, match.record, (*match.states[:-1],
                  dataclasses.replace(match.state, rng=ScriptedRng((6, 5)))))
    match = match.play(Roll())
    assert match.state.rolled == 11
    assert toy.view(match.state, 0)["roll"] == 11
    for other in (1, None):
        view = toy.view(match.state, other)
        assert view["roll"] is None and "11" not in repr(view) and "= 6" not in repr(view)


# --------------------------------------------------------------------------------------
# Options (stored minimal, validated)


def test_start_stores_only_non_default_options() -> None:
    assert Match.start("toy", {"players": 2, "target": 20}, 1).record.options == {}
    assert Match.start("toy", {"target": 30}, 1).record.options == {"target": 30}
    assert Match.start("toy", None, 1).record.options == {}
    full = Match.start("toy", {"players": 3, "target": 10, "open_rolls": True}, 1)
    assert full.record.options == {"players": 3, "target": 10, "open_rolls": True}
    assert full.state.players == 3 and full.state.target == 10 and full.state.open_rolls


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"speed": 1}, "unknown option"),
        ({"players": 4}, "at most 3"),
        ({"players": 1}, "at least 2"),
        ({"players": "2"}, "whole number"),
        ({"players": True}, "whole number"),
        ({"target": 25}, "must be one of"),
        ({"target": "20"}, "must be one of"),
        ({"open_rolls": 1}, "must be one of"),  # 1 is not True (bool is an int subclass)
        ({"open_rolls": "yes"}, "must be one of"),
    ],
)
def test_bad_options_raise_option_error(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Match.start("toy", options, 0)


def test_option_helpers_fill_defaults_and_drop_them() -> None:
    schema = (OptionSpec("a", 1, minimum=0, maximum=5), OptionSpec("b", "x", choices=("x", "y")))
    assert resolve_options(schema, None) == {"a": 1, "b": "x"}
    assert resolve_options(schema, {"b": "y"}) == {"a": 1, "b": "y"}
    assert minimal_options(schema, {"a": 1, "b": "y"}) == {"b": "y"}
    with pytest.raises(OptionError, match="'c'"):
        resolve_options(schema, {"c": 0})


def test_a_preset_sets_defaults_that_given_options_override() -> None:
    """A preset option's choice sets other options' defaults; explicit values win, and the
    stored (minimal) options resolve back to the same options."""
    schema = (
        OptionSpec(
            "mode", "full", ("full", "basic"), presets=(("full", (("cards", True),)), ("basic", (("cards", False),)))
        ),
        OptionSpec("cards", True, (False, True)),
    )
    assert resolve_options(schema, None) == {"mode": "full", "cards": True}
    assert resolve_options(schema, {"mode": "basic"}) == {"mode": "basic", "cards": False}
    assert resolve_options(schema, {"mode": "basic", "cards": True}) == {"mode": "basic", "cards": True}
    for options in ({}, {"mode": "basic"}, {"mode": "basic", "cards": True}, {"cards": False}):
        stored = minimal_options(schema, options)
        assert resolve_options(schema, stored) == resolve_options(schema, options)
    assert minimal_options(schema, {"mode": "basic", "cards": True}) == {"mode": "basic", "cards": True}
    assert minimal_options(schema, {"mode": "basic", "cards": False}) == {"mode": "basic"}
    with pytest.raises(OptionError, match="'mode'"):
        resolve_options(schema, {"mode": "half"})


def test_an_option_given_where_it_does_not_apply_is_refused() -> None:
    """OptionSpec.applies (MSC-4.1: a custom scenario's limits): the option is taken with the
    value it applies to, refused with another, and its default alone never refuses anything."""
    schema = (OptionSpec("scenario", "duel", ("duel", "custom")),
              OptionSpec("ships", 2, minimum=1, maximum=8, applies=("scenario", "custom")))
    assert resolve_options(schema, {"scenario": "custom", "ships": 4}) == {"scenario": "custom", "ships": 4}
    assert resolve_options(schema, {"scenario": "duel"}) == {"scenario": "duel", "ships": 2}
    with pytest.raises(OptionError, match="ships apply only to scenario 'custom'"):
        resolve_options(schema, {"scenario": "duel", "ships": 4})
    with pytest.raises(OptionError, match="apply only to"):
        resolve_options(schema, {"ships": 2})  # given, even at its default, under the default duel


def test_seed_is_reduced_to_64_bits_on_start() -> None:
    assert Match.start("toy", {}, -1).record.seed == 2**64 - 1
    assert Match.start("toy", {}, 2**64 + 3).record.seed == 3


def test_unknown_game_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="unknown game"):
        Match.start("no-such-game", {}, 0)


# --------------------------------------------------------------------------------------
# play


def test_play_appends_the_wire_and_the_state() -> None:
    match = Match.start("toy", {}, 5)
    after = match.play(Aim(2))
    assert after.record.actions == ((Aim.TAG, 2),)
    assert len(after.states) == 2 and after.states[0] is match.state
    assert match.record.actions == ()  # the old match is unchanged
    assert after.state.aim == 2


def test_play_refuses_illegal_actions_with_a_rule() -> None:
    match = Match.start("toy", {}, 5)
    with pytest.raises(IllegalActionError) as info:
        match.play(Bank())
    assert info.value.rule == "TOY-4"
    with pytest.raises(IllegalActionError):
        match.play(Aim(4))


def test_play_after_the_end_is_refused_c3_1() -> None:
    match = _random_game({}, 2)
    with pytest.raises(IllegalActionError) as info:
        match.play(Aim(1))
    assert info.value.rule == "C-3.1"


# --------------------------------------------------------------------------------------
# Undo (C-3.2)


def test_c3_2_undo_takes_back_decisions_without_dice() -> None:
    match = Match.start("toy", {}, 8)
    assert match.undo_depth() == 0
    one = match.play(Aim(1))
    two = one.play(Aim(3))
    assert one.undo_depth() == 1 and two.undo_depth() == 2
    back = two.undo()
    assert back.record == one.record and digest(back.state) == digest(one.state)
    assert digest(two.undo(2).state) == digest(match.state)


def test_c3_2_undo_never_crosses_a_roll() -> None:
    match = Match.start("toy", {}, 8).play(Aim(2)).play(Roll())
    assert match.undo_depth() == 0
    with pytest.raises(IllegalActionError) as info:
        match.undo()
    assert info.value.rule == "C-3.2"


def test_c3_2_undo_never_crosses_a_reveal_or_hand_off() -> None:
    match = Match.start("toy", {}, 8).play(Aim(1)).play(Roll()).play(Bank())
    assert match.undo_depth() == 0
    after = match.play(Aim(2))
    assert after.undo_depth() == 1  # back to the start of P2's turn, not into P1's


def test_c3_2_undo_cannot_re_roll_the_dice() -> None:
    """The RNG lives in the state: whatever is undone, the next roll gives the same dice."""
    start = Match.start("toy", {}, 21)
    direct = start.play(Aim(3)).play(Roll())
    detour = start.play(Aim(1)).play(Aim(2)).undo(2).play(Aim(3)).play(Roll())
    assert detour.state.rolled == direct.state.rolled
    assert digest(detour.state) == digest(direct.state)


@pytest.mark.parametrize("count", [0, -1])
def test_c3_2_undo_of_nothing_is_refused(count: int) -> None:
    match = Match.start("toy", {}, 8).play(Aim(1))
    with pytest.raises(IllegalActionError):
        match.undo(count)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**64 - 1), st.sampled_from(OPTION_SETS))
def test_c3_2_undo_depth_is_exactly_the_same_epoch_run(seed: int, options: dict[str, Any]) -> None:
    chooser = random.Random(seed)
    match = Match.start("toy", options, seed)
    game = match.game
    while not match.is_over:
        epochs = [game.information_epoch(s) for s in match.states]
        expected = 0
        for e in reversed(epochs[:-1]):
            if e != epochs[-1]:
                break
            expected += 1
        depth = match.undo_depth()
        assert depth == expected
        if depth:
            undone = match.undo(depth)
            assert game.information_epoch(undone.state) == epochs[-1]
            assert undone.record.actions == match.record.actions[: len(match.states) - 1 - depth]
        with pytest.raises(IllegalActionError):
            match.undo(depth + 1)
        match = match.play(chooser.choice(match.legal_actions()))


# --------------------------------------------------------------------------------------
# truncated, replay, from_record


def test_truncated_is_the_match_after_a_prefix() -> None:
    final = _random_game({"players": 3}, 4)
    for length in range(len(final.record.actions) + 1):
        prefix = final.truncated(length)
        assert prefix.record.actions == final.record.actions[:length]
        assert len(prefix.states) == length + 1
        assert digest(replay(prefix.record)) == digest(prefix.state)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_from_record_replays_identically(options: dict[str, Any]) -> None:
    for seed in (0, 1, 2**63 + 5):
        final = _random_game(options, seed)
        again = Match.from_record(final.record)
        assert again.record == final.record
        assert [digest(s) for s in again.states] == [digest(s) for s in final.states]
        assert final.record.challenge() == GameRecord("toy", final.record.options, seed)


def test_from_record_keeps_the_canonical_record() -> None:
    record = GameRecord("toy", {"target": 20, "players": 3}, 9, ([1, 2], [2]))
    match = Match.from_record(record)
    assert match.record == GameRecord("toy", {"players": 3}, 9, ((1, 2), (2,)))


def test_a_record_carries_its_games_rules_version_through_play_undo_and_challenge(
    toy: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game's own rules version (RULES_VERSION) goes into every record made of it."""
    monkeypatch.setattr(type(toy), "RULES_VERSION", 5, raising=False)
    final = _random_game({}, 3)
    assert final.record.rules == 5
    assert final.truncated(1).record.rules == final.record.challenge().rules == 5
    assert Match.from_record(final.record).record == final.record
    _record_error(dataclasses.replace(final.record, rules=6), "newer version of Star Table")


def _record_error(record: GameRecord, message: str | None = None) -> None:
    with pytest.raises(RecordError, match=message):
        Match.from_record(record)
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_from_record_errors_are_record_errors() -> None:
    good = _random_game({}, 6).record
    _record_error(dataclasses.replace(good, version=FORMAT_VERSION + 1), "format version")
    _record_error(dataclasses.replace(good, version=0), "format version")
    _record_error(dataclasses.replace(good, version=True), "format version")  # type: ignore[arg-type]
    _record_error(dataclasses.replace(good, game="chess"), "unknown game")
    _record_error(dataclasses.replace(good, options={"target": 11}), "bad options")
    _record_error(dataclasses.replace(good, options={"colour": "red"}), "unknown option")
    _record_error(dataclasses.replace(good, actions=((Aim.TAG, 1),) * (MAX_ACTIONS + 1)), "many")
    _record_error(good.with_actions((*good.actions, (Aim.TAG, 1))), "not legal")  # after the end
    _record_error(good.with_actions(((Bank.TAG,),)), "not legal")
    _record_error(good.with_actions(((Aim.TAG, 9),)), "not legal")
    _record_error(good.with_actions(((Aim.TAG, 1), (Aim.TAG, 1))), "not legal")  # same aim
    _record_error(good.with_actions(((Reroll.TAG,),)), "not legal")


@pytest.mark.parametrize(
    "wire",
    [(), (99,), (Aim.TAG,), (Aim.TAG, 1, 2), (Aim.TAG, "1"), (Aim.TAG, True), (Aim.TAG, None),
     ("1", 1), (None,), (True, 1), (1.0, 1), "ab", b"\x01\x01", 7, None, {"tag": 1}],
)
def test_from_record_malformed_wires_are_record_errors(wire: Any) -> None:
    _record_error(GameRecord("toy", {}, 0, (wire,)))


@pytest.mark.parametrize(
    "record",
    [
        GameRecord("toy", {}, "1"),  # type: ignore[arg-type]
        GameRecord("toy", {}, 1.0),  # type: ignore[arg-type]
        GameRecord("toy", {}, -1),
        GameRecord("toy", {}, 2**64),
        GameRecord("toy", [("target", 10)], 0),  # type: ignore[arg-type]
        GameRecord("toy", None, 0),  # type: ignore[arg-type]
        GameRecord("toy", {1: 10}, 0),  # type: ignore[dict-item]
        GameRecord("toy", {"target": 10.0}, 0),
        GameRecord("toy", {"target": [10]}, 0),  # type: ignore[dict-item]
        GameRecord(["toy"], {}, 0),  # type: ignore[arg-type]
        GameRecord(None, {}, 0),  # type: ignore[arg-type]
        GameRecord("toy", {}, 0, None),  # type: ignore[arg-type]
        GameRecord("toy", {}, 0, "1,2"),  # type: ignore[arg-type]
        GameRecord("toy", {}, 0, version="1"),  # type: ignore[arg-type]
    ],
)
def test_from_record_wrongly_typed_fields_are_record_errors(record: GameRecord) -> None:
    _record_error(record)


def test_public_api_and_error_types() -> None:
    """The engine API is importable from the package top level; errors are ValueErrors."""
    import pygame_core

    for name in ("GAMES", "GameRecord", "replay", "encode_link", "decode_link", "Match", "Rng",
                 "ScriptedRng", "Roller", "IllegalActionError", "RecordError", "OptionError"):
        assert hasattr(pygame_core, name), name
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(RecordError, ValueError)
    assert issubclass(OptionError, ValueError)
    error = IllegalActionError("SH-6.1", "no such defender")
    assert error.rule == "SH-6.1" and error.reason == "no such defender"
    assert str(error) == "no such defender (SH-6.1)"


def test_the_fast_replace_copies_like_dataclasses_replace_and_refuses_an_unknown_field() -> None:
    """pygame_core.frozen.replace (used in hot engine paths) makes what dataclasses.replace
    makes, for the state class it is used on, and refuses a name that is not a field."""
    from pygame_core import frozen
    from pygame_core.games.warfare.state import WarfareState

    state = GAMES["warfare"].new_game({"cards": "proposed_deck"}, 3)
    assert frozen.plain(WarfareState)
    copy = frozen.replace(state, turn_no=7, log=("x",))
    assert copy == dataclasses.replace(state, turn_no=7, log=("x",))
    assert hash(copy) == hash(dataclasses.replace(state, turn_no=7, log=("x",)))
    assert state.turn_no != 7 and copy.turn_no == 7, "the original is unchanged"
    with pytest.raises(TypeError):
        frozen.replace(state, no_such_field=1)
