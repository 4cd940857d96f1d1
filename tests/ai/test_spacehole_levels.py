"""Spacehole's Normal level (issue 28): the heuristic's choice against its rivals on paired
samples, kept unless a rival is better beyond doubt; legal, reproducible, a bounded budget."""

from __future__ import annotations

from typing import Any

from pygame_core import GAMES
from pygame_core.ai import choose, game_ai
from pygame_core.ai.rand import AiRandom
from pygame_core.game import PlayerId, View
from pygame_core.games.spacehole import ai, ai_search
from pygame_core.games.spacehole.actions import Pass, Play, SpaceholeAction
from pygame_core.games.spacehole.state import State, Step

GAME = GAMES["spacehole"]


def _builds(seed: int, count: int) -> list[tuple[State, list[SpaceholeAction]]]:
    """Build decisions of a level-1 game where the search weighs at least one rival."""
    state = GAME.new_game({}, seed)
    found = []
    while GAME.current_player(state) is not None and len(found) < count:
        legal = GAME.legal_actions(state)
        if state.step == Step.BUILD and len(ai.candidates(state, legal, 0)) > 1:
            found.append((state, legal))
        state = GAME.apply(state, ai.policy(state, legal, 0, None))
    return found


def _search(view: View, legal: list[SpaceholeAction], evaluate: Any, samples: int = 16) -> SpaceholeAction:
    action, _ = ai_search.paired_search(
        view, legal, 0, AiRandom(5), samples,
        determinize=ai.determinize, candidates=ai.candidates, policy=ai.policy, evaluate=evaluate,
        rollouts=200, depth=2, margin=ai.PRIOR_MARGIN,
    )
    return action


def test_the_heuristic_choice_stands_when_no_rival_is_better() -> None:
    for state, legal in _builds(1, 4):
        view = GAME.view(state, 0)
        assert _search(view, legal, lambda s, seat: 0.5) == ai.policy(state, legal, 0, None)


def test_a_rival_better_on_every_sample_replaces_the_heuristic_choice() -> None:
    state, legal, rival = next(
        (state, legal, rival)
        for seed in range(2, 8)
        for state, legal in _builds(seed, 30)
        for choice, rival in [ai.candidates(state, legal, 0)[:2]]
        if isinstance(rival, Play) and getattr(choice, "card", None) != rival.card
    )

    def prefers_rival(after: State, seat: PlayerId) -> float:
        played = any(p.card == rival.card for p in after.in_play)
        return 0.5 + (0.2 if played else 0.0) + 0.001 * (after.mc % 7)  # a little noise

    assert _search(GAME.view(state, 0), legal, prefers_rival) == rival


def test_build_nothing_is_weighed_only_when_the_heuristic_chose_it() -> None:
    for seed in (3, 4):
        for state, legal in _builds(seed, 12):
            options = ai.candidates(state, legal, 0)
            assert options[0] == ai.policy(state, legal, 0, None)
            assert not any(isinstance(a, Pass) for a in options[1:])
            assert len(set(options)) == len(options) and all(a in legal for a in options)


def test_the_budget_counts_samples() -> None:
    state, legal = _builds(5, 1)[0]
    view = GAME.view(state, 0)
    drawn: list[int] = []

    def counting(v: View, seat: PlayerId, seed: int) -> State:
        drawn.append(seed)
        return ai.determinize(v, seat, seed)

    ai_search.paired_search(
        view, legal, 0, AiRandom(1), 12,
        determinize=counting, candidates=ai.candidates, policy=ai.policy,
        evaluate=lambda s, seat: 0.001 * (s.mc % 5) + (0.01 if s.hand else 0.0), rollouts=200, depth=2, margin=0.0,
    )
    assert 1 <= len(drawn) <= 12


def test_normal_is_legal_and_reproducible() -> None:
    normal = len(game_ai("spacehole").levels) - 1
    for state, legal in _builds(6, 5):
        view = GAME.view(state, 0)
        first = choose("spacehole", view, legal, level=normal, seed=11)
        assert first in legal
        assert first == choose("spacehole", view, legal, level=normal, seed=11)
