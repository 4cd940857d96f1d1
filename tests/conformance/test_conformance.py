"""The engine contract (DESIGN 2-3), checked for every game in GAMES with no per-game code."""

from __future__ import annotations

import itertools
import random
import re
import sys
from typing import Any

import pytest

from pygame_core import GAMES, IllegalActionError, Match, OptionError, RecordError, decode_match, encode_link
from pygame_core.canonical import digest, is_plain

from .playouts import finished_playout, playout_plan, playouts_of, random_action, random_playout, random_steps

GAME_IDS = sorted(GAMES)


def _views_are_plain(match: Match) -> None:
    game, state = match.game, match.state
    for player in [None, *range(game.num_players(state))]:
        view = game.view(state, player)
        assert is_plain(view), f"view for {player} is not plain data"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_metadata(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.id == game_id
    assert game.title
    assert 1 <= game.min_players <= game.max_players
    keys = [spec.key for spec in game.option_schema]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_options_raise_clear_errors(game_id: str) -> None:
    game = GAMES[game_id]
    with pytest.raises(OptionError, match="unknown option"):
        game.new_game({"no_such_option": 1}, 0)
    for spec in game.option_schema:
        with pytest.raises(OptionError, match=spec.key):
            game.new_game({spec.key: "not-a-valid-value" if not isinstance(spec.default, str) else 12345}, 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_check_options_refuses_exactly_what_new_game_refuses(game_id: str) -> None:
    """``check_options`` (which the option mixes of these suites are planned by) answers as
    ``new_game`` does: the same refusal for every refused mix, a game for a spread of the
    accepted ones, and every option resolved."""
    game = GAMES[game_id]
    axes = [
        [(spec.key, c) for c in (spec.choices or ())]
        or [(spec.key, n) for n in range(spec.minimum or 0, (spec.maximum or 0) + 2)]
        for spec in game.option_schema if spec.choices or spec.key == "players"
    ]
    accepted = 0
    for combo in itertools.product(*axes):
        options = dict(combo)
        try:
            resolved = game.check_options(options)
        except OptionError as refused:
            with pytest.raises(OptionError, match=re.escape(str(refused))):
                game.new_game(options, 0)
            continue
        accepted += 1
        if accepted % 40 == 1:  # dealing a Space Genocide game takes a while: a spread
            game.new_game(options, 0)
        assert set(resolved) == {spec.key for spec in game.option_schema}
    assert accepted


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_playouts_end_and_keep_invariants(game_id: str) -> None:
    """Random games (``playouts_of``) over every option combination all end, never raise,
    and never break the game's invariants; over and not-over states agree everywhere."""
    game = GAMES[game_id]
    lengths = []
    for options, seed in playout_plan(game_id, spread=True):
        steps = 0
        for match, legal in random_steps(game_id, options, seed):
            state = match.state
            problems = game.invariant_violations(state)
            assert not problems, f"{options} seed {seed} step {steps}: {problems}"
            over = game.current_player(state) is None
            assert over == (game.outcome(state) is not None)
            assert over == (not legal)
            steps += 1
        outcome = game.outcome(match.state)
        assert outcome is not None
        assert len(outcome.scores) == game.num_players(match.state)
        assert all(0 <= w < game.num_players(match.state) for w in outcome.winners)
        _views_are_plain(match)
        lengths.append(steps)
    assert len(lengths) == playouts_of(game_id)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_is_pure_and_deterministic(game_id: str) -> None:
    """apply never mutates its input, and the same action on the same state gives the same state."""
    game = GAMES[game_id]
    for options, seed in playout_plan(game_id, 4):
        chooser = random.Random(seed)
        match = Match.start(game_id, options, seed)
        before = digest(match.state)
        while not match.is_over:
            action = random_action(chooser, match.legal_actions())
            first = game.apply(match.state, action)
            assert digest(match.state) == before, f"apply mutated its input on {action}"
            assert game.apply(match.state, action) == first, f"apply is not deterministic on {action}"
            match = match.play(action)
            assert match.state == first, f"the match derived another state on {action}"
            # Two digests a step, not three (a late Space Genocide state's text is 100 kB).
            before = digest(match.state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_actions_round_trip_and_read_well(game_id: str) -> None:
    game = GAMES[game_id]
    seen: dict[Any, None] = {}
    for options, seed in playout_plan(game_id, 6):
        for match in random_playout(game_id, options, seed):
            for action in match.legal_actions():
                seen[action] = None
    for action in seen:
        wire = game.encode_action(action)
        assert isinstance(wire, tuple) and all(isinstance(v, (int, str, bool)) for v in wire)
        assert game.decode_action(wire) == action
        assert game.decode_action(list(wire)) == action
        module = sys.modules[type(action).__module__]
        assert eval(repr(action), vars(module)) == action  # our own repr, from our own module
        assert str(action) and "object at 0x" not in str(action)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_illegal_actions_are_refused_with_a_rule(game_id: str) -> None:
    """An action legal elsewhere but not here raises IllegalActionError naming a rule."""
    game = GAMES[game_id]
    pool: list[Any] = []
    for options, seed in playout_plan(game_id, 3):
        for match in random_playout(game_id, options, seed):
            pool.extend(match.legal_actions()[:3])
    chooser = random.Random(1)
    checked = 0
    for options, seed in playout_plan(game_id, 3):
        for match in random_playout(game_id, options, seed):
            legal = match.legal_actions()
            if not legal:
                continue
            candidate = chooser.choice(pool)
            if candidate in legal:
                continue
            with pytest.raises(IllegalActionError) as info:
                game.apply(match.state, candidate)
            assert info.value.rule and "-" in info.value.rule
            checked += 1
    assert checked > 10
    for garbage in [(), (999_999,), ("x", 1), [None], "abc"]:
        with pytest.raises(RecordError):
            game.decode_action(garbage)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_prefix_survives_the_link_codec(game_id: str) -> None:
    """Each prefix of a game (every one of a short game) encodes to a link that replays to an identical state."""
    options, seed = playout_plan(game_id, 1)[0]
    final = finished_playout(game_id, options, seed)
    n = len(final.record.actions)
    # Every prefix of a short game; 100 evenly spread prefixes (always the ends) of a long one:
    # each is replayed from the start, so a long game's prefixes cost the square of its length.
    prefixes = range(n + 1) if n <= 150 else sorted({0, n, *range(0, n + 1, max(1, n // 100))})
    for length in prefixes:
        prefix = final.truncated(length)
        decoded = decode_match(encode_link(prefix))
        assert decoded.record == prefix.record
        assert digest(decoded.state) == digest(prefix.state), f"prefix {length} replays differently"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_whole_games_survive_the_link_codec(game_id: str) -> None:
    for options, seed in playout_plan(game_id, 20):
        final = finished_playout(game_id, options, seed)
        link = encode_link(final)
        assert link.isascii() and "#" not in link and "=" not in link
        decoded = decode_match("#" + link)
        assert digest(decoded.state) == digest(final.state)
        assert decoded.game.outcome(decoded.state) == final.game.outcome(final.state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_never_crosses_dice_or_reveals(game_id: str) -> None:
    """C-3.2: undo is offered only back to states of the same information epoch."""
    game = GAMES[game_id]
    for options, seed in playout_plan(game_id, 4):
        for match in random_playout(game_id, options, seed):
            depth = match.undo_depth()
            if depth:
                undone = match.undo(depth)
                assert game.information_epoch(undone.state) == game.information_epoch(match.state)
                assert undone.record.actions == match.record.actions[: len(match.record.actions) - depth]
            with pytest.raises(IllegalActionError):
                match.undo(depth + 1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_links_never_carry_a_locked_in_secret(game_id: str) -> None:
    """C-4.6: Match.shareable() cuts back before any pending secret decision."""
    game = GAMES[game_id]
    for options, seed in playout_plan(game_id, 3):
        for match in random_playout(game_id, options, seed):
            shared = match.shareable()
            assert not game.pending_secret(shared.state)
            assert shared.record.actions == match.record.actions[: len(shared.record.actions)]
            if not game.pending_secret(match.state):
                assert shared.record == match.record


SHELL_KEYS = {"to_move": (int, type(None)), "seat_names": list, "status": str, "score_line": str,
              "secrets": bool, "turn_number": int, "moment": str, "log": list}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_view_offers_the_shell_keys(game_id: str) -> None:
    """docs/ENGINE.md: the web shell reads only these keys, so every game's every view has
    them, for every seat and the spectator, from the first state to the last."""
    for options, seed in playout_plan(game_id, 3):
        match = finished_playout(game_id, options, seed)
        game = match.game
        for state in (*match.states[:: max(1, len(match.states) // 12)], match.state):
            seats = game.num_players(state)
            for player in [None, *range(seats)]:
                view = game.view(state, player)
                for key, kind in SHELL_KEYS.items():
                    assert isinstance(view.get(key), kind), f"{game_id} view[{key!r}] = {view.get(key)!r}"
                assert view["to_move"] == game.current_player(state)
                assert len(view["seat_names"]) == seats and all(view["seat_names"])
                assert view["status"]
