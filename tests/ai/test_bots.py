"""Computer players (issue 11, DESIGN.md 6, RULES.md C-4.5): fair by construction, legal, and
reproducible, for every game whose folder has an ``ai`` module (found through the registry)."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core import GAMES
from pygame_core.ai import LEVELS, choose, determinize, game_ai, hint, search

from .helpers import positions, preset_options, without_rng

AI_GAMES = sorted(LEVELS)


def test_every_registered_game_with_an_ai_module_has_a_ladder() -> None:
    assert {"spacehole", "warfare", "skirmish"} <= set(AI_GAMES)
    for game_id in AI_GAMES:
        names = LEVELS[game_id]
        assert len(names) >= 3, game_id  # random, heuristic, search
        assert names[0] == "Random"
        assert len(set(names)) == len(names)


@pytest.mark.parametrize("game_id", AI_GAMES)
def test_a_determinization_gives_the_seat_exactly_its_view(game_id: str) -> None:
    """C-4.5: a sample is consistent with what the seat knows; its hidden parts vary."""
    game = GAMES[game_id]
    differing = secret_positions = 0
    for state in positions(game_id):
        seat = game.current_player(state)
        view = game.view(state, seat)
        samples = [determinize(game_id, view, seat, seed) for seed in (1, 2, 3, 4)]
        for sample in samples:
            assert game.view(sample, seat) == view
            assert game.current_player(sample) == seat
            assert game.legal_actions(sample) == game.legal_actions(state)
            assert not game.invariant_violations(sample)
            assert sample.rng != state.rng  # a fresh RNG: the dice cannot be foreseen
        if view.get("secrets"):
            secret_positions += 1
        if len({without_rng(sample) for sample in samples}) > 1:
            differing += 1
    if secret_positions:
        assert differing > 0, "the hidden parts never vary across seeds"


@pytest.mark.parametrize("game_id", AI_GAMES)
def test_the_decision_is_the_same_for_the_true_state_and_a_sample(game_id: str) -> None:
    """DESIGN 6: two states that give the seat the same view give the same decision."""
    game = GAMES[game_id]
    top = len(LEVELS[game_id]) - 1
    for index, state in enumerate(positions(game_id)[:12]):
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        sample = determinize(game_id, game.view(state, seat), seat, 99 + index)
        levels = (0, 1, top) if index in (2, 9) else (0, 1)
        for level in levels:
            truth = choose(game_id, game.view(state, seat), legal, level=level, seed=index)
            seen = choose(game_id, game.view(sample, seat), game.legal_actions(sample), level=level, seed=index)
            assert truth == seen, (game_id, level, index)


@pytest.mark.parametrize("game_id", AI_GAMES)
def test_every_level_returns_a_legal_action_and_is_reproducible(game_id: str) -> None:
    game = GAMES[game_id]
    levels = range(len(LEVELS[game_id]))
    for index, state in enumerate(positions(game_id)[:20]):
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        view = game.view(state, seat)
        chosen = [level for level in levels if level < 2 or index in (1, 12)]
        for level in chosen:
            action = choose(game_id, view, legal, level=level, seed=7)
            assert action in legal
            assert choose(game_id, view, legal, level=level, seed=7) == action  # same inputs


@pytest.mark.parametrize("game_id", AI_GAMES)
def test_bot_versus_bot_games_end_for_every_preset(game_id: str) -> None:
    """Whole games between the heuristic and random levels end, for every option preset."""
    game = GAMES[game_id]
    for n, options in enumerate(preset_options(game_id)):
        state: Any = game.new_game(options, n)
        for step in range(20_000):
            seat = game.current_player(state)
            if seat is None:
                break
            legal = game.legal_actions(state)
            level = 1 if (seat + n) % 2 == 0 else 0
            action = choose(game_id, game.view(state, seat), legal, level=level, seed=step)
            assert action in legal
            state = game.apply(state, action)
        assert game.outcome(state) is not None, (game_id, options)


def test_hint_names_the_top_level_decision_with_a_reason() -> None:
    game = GAMES["spacehole"]
    for state in positions("spacehole")[:6]:
        view = game.view(state, 0)
        legal = game.legal_actions(state)
        action, why = hint("spacehole", view, legal, seed=3)
        assert action in legal
        assert isinstance(why, str) and why
        top = len(LEVELS["spacehole"]) - 1
        assert action == choose("spacehole", view, legal, level=top, seed=3)


def test_bad_calls_are_refused() -> None:
    state = positions("warfare")[0]
    game = GAMES["warfare"]
    view = game.view(state, game.current_player(state))
    with pytest.raises(ValueError):
        choose("warfare", view, [], level=1, seed=0)
    with pytest.raises(ValueError):
        choose("warfare", view, game.legal_actions(state), level=len(LEVELS["warfare"]), seed=0)
    with pytest.raises(KeyError):
        game_ai("no-such-game")
    assert search("warfare", view, game.legal_actions(state)[:1], level=2, seed=0).iterations == 0
