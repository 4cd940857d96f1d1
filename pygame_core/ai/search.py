"""The computer players' algorithms, shared by every game (DESIGN.md section 6, RULES.md C-4.5).

Every function here receives a seat's ``view`` and the legal actions, never the state. Where
it needs states it asks the game's AI module for *determinizations*: complete states that
give the seat exactly that view, with everything hidden re-drawn and a fresh RNG (so the
search cannot foresee dice). Budgets are counted in iterations, never in seconds, so a
decision is a pure function of (view, legal actions, level, seed).

- ``random_move``: level 0, a random legal action (a kind of action first, then one of it).
- ``greedy_move``: level 1 by default, a one-step look-ahead averaged over a few samples;
  a game may replace it with its own heuristic (``policy``).
- ``flat_move``: levels 2 and up for a game with ``SEARCH = "flat"``: every candidate on
  the same determinizations, each followed by a rollout (common random numbers).
- ``expectimax_move``: levels 2 and up for a game with ``SEARCH = "expectimax"``: a
  depth-limited expectimax over exact chance outcomes where the game supplies them.
- ``search_move``: levels 2 and up otherwise, single-observer information-set MCTS (Cowling, Powley
  and Whitehouse 2012): one determinization per iteration, a tree of action histories with
  availability-counted UCB, a short rollout and the game's ``evaluate`` at the leaf.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game import ActionBase, PlayerId, View
from .module import GameAI
from .rand import AiRandom

Action = Any
State = Any


def random_move(actions: Sequence[Action], rng: AiRandom) -> Action:
    """A kind of action (its class) uniformly, then one action of that kind: uniform over the
    raw list would let a kind with many instances crowd out rare decisions (end a phase)."""
    kinds: dict[type, list[Action]] = {}
    for action in actions:
        kinds.setdefault(type(action), []).append(action)
    return rng.choice(rng.choice(list(kinds.values())))


def _first_best(scored: Sequence[tuple[float, int, Action]]) -> Action:
    """The action with the highest score; ties go to the earliest in the legal order."""
    return max(scored, key=lambda t: (t[0], -t[1]))[2]


def greedy_move(
    ai: GameAI, view: View, legal: Sequence[Action], seat: PlayerId, rng: AiRandom
) -> Action:
    """Level 1: the game's heuristic ``policy`` on one sample, or else every candidate action
    applied to the same few samples (common random numbers) and scored by ``evaluate``."""
    if ai.has_policy:
        sample = ai.determinize(view, seat, rng.seed())
        action = ai.policy(sample, list(legal), seat, rng)
        return action if action in legal else random_move(legal, rng)
    samples = [ai.determinize(view, seat, rng.seed()) for _ in range(ai.greedy_samples)]
    # A sample that does not allow an action is left out of that action's mean (asked, never
    # caught: an error from apply is a defect and surfaces).
    allowed = [set(ai.game.legal_actions(sample)) for sample in samples]
    candidates = ai.candidates(samples[0], list(legal), seat)
    scored = []
    for index, action in enumerate(candidates):
        total, count = 0.0, 0
        for sample, here in zip(samples, allowed, strict=True):
            if action not in here:
                continue
            after = ai.game.apply(sample, action)
            total += ai.values(after)[seat]
            count += 1
        scored.append((total / count if count else -1.0, index, action))
    return _first_best(scored)


def flat_move(
    ai: GameAI,
    view: View,
    legal: Sequence[Action],
    seat: PlayerId,
    rng: AiRandom,
    iterations: int,
) -> SearchResult:
    """Determinized rollout search with common random numbers (``SEARCH = "flat"``): every
    candidate action is tried on the same samples (same hidden cards, same fresh dice), each
    followed by a rollout of the game's policy and scored by ``evaluate``; the best mean wins.
    Sharing the samples removes most of the luck from the comparison, which suits a solo game
    whose decisions differ by a little against a lot of chance. The first candidate (a game
    lists its heuristic's choice first) wins unless another beats it by ``PRIOR_MARGIN``."""
    first = ai.determinize(view, seat, rng.seed())
    candidates = [a for a in ai.candidates(first, list(legal), seat) if a in legal]
    if len(candidates) <= 1:
        action = candidates[0] if candidates else random_move(legal, rng)
        return SearchResult(action, 0.5, 0, 0, 1)
    count = max(1, iterations // max(1, len(candidates)))
    samples = [first] + [ai.determinize(view, seat, rng.seed()) for _ in range(count - 1)]
    rollout_seeds = [rng.seed() for _ in samples]
    scored = []
    for index, action in enumerate(candidates):
        total = 0.0
        for sample, seed in zip(samples, rollout_seeds, strict=True):
            after = ai.game.apply(sample, action)
            total += ai.values(ai.rollout(after, AiRandom(seed)))[seat]
        bonus = ai.prior_margin if index == 0 else 0.0  # the game's first candidate
        scored.append((total / len(samples) + bonus, index, action))
    value, _, action = max(scored, key=lambda t: (t[0], -t[1]))
    return SearchResult(action, value, len(samples), count * len(candidates), len(candidates))


def expectimax_move(
    ai: GameAI,
    view: View,
    legal: Sequence[Action],
    seat: PlayerId,
    rng: AiRandom,
    depth: int,
) -> SearchResult:
    """Depth-limited expectimax (``SEARCH = "expectimax"``), max^n over the seats' values.

    Chance is taken from the game's ``outcomes`` hook, exact where the game gives it (each
    outcome with its probability), else one sampled outcome of the determinization's fresh
    RNG. Each decision below the root keeps its ``SEARCH_WIDTH`` best actions by a one-step
    look-ahead. ``SEARCH_SAMPLES`` determinizations are averaged at the root (more than one
    only matters where something is hidden). The budget is the depth, never the clock."""
    samples = [ai.determinize(view, seat, rng.seed()) for _ in range(ai.search_samples)]
    legal_list = list(legal)
    candidates = [a for a in ai.candidates(samples[0], legal_list, seat) if a in legal_list]
    if len(candidates) <= 1:
        action = candidates[0] if candidates else random_move(legal_list, rng)
        return SearchResult(action, 0.5, 0, 0, 1)
    scored = []
    nodes = [0]
    for index, action in enumerate(candidates):
        total = 0.0
        for sample in samples:
            total += _q(ai, sample, action, depth - 1, nodes)[seat]
        scored.append((total / len(samples), index, action))
    value, _, action = max(scored, key=lambda t: (t[0], -t[1]))
    return SearchResult(action, value, len(samples), nodes[0], len(candidates))


def _q(ai: GameAI, state: State, action: Action, depth: int, nodes: list[int]) -> list[float]:
    """The expected values after ``action``: over its chance outcomes, each searched on."""
    total: list[float] | None = None
    for probability, after in ai.outcomes(state, action):
        nodes[0] += 1
        values = _v(ai, after, depth, nodes)
        if total is None:
            total = [probability * v for v in values]
        else:
            total = [t + probability * v for t, v in zip(total, values, strict=True)]
    assert total is not None
    return total


def _v(ai: GameAI, state: State, depth: int, nodes: list[int]) -> list[float]:
    """The values of ``state`` when the seat to move picks its best action (max^n)."""
    game = ai.game
    player = game.current_player(state)
    if player is None or depth <= 0:
        return ai.values(state)
    actions = ai.candidates(state, game.legal_actions(state), player)
    if len(actions) == 1:
        return _q(ai, state, actions[0], depth, nodes)  # a forced move costs no depth
    if depth == 1 or len(actions) > ai.search_width:
        shallow = [(_q(ai, state, a, 0, nodes), i, a) for i, a in enumerate(actions)]
        shallow.sort(key=lambda t: (-t[0][player], t[1]))
        if depth == 1:
            return shallow[0][0]
        actions = [a for _, _, a in shallow[: ai.search_width]]
    best: list[float] | None = None
    for action in actions:
        values = _q(ai, state, action, depth - 1, nodes)
        if best is None or values[player] > best[player]:
            best = values
    assert best is not None
    return best


@dataclass
class _Node:
    """A tree node: the action history of the search from the root; ``player`` is who chose
    the action that leads here, and ``total`` sums that player's rewards."""

    player: int
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[ActionBase, _Node] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchResult:
    """The chosen action with its search statistics (for hints and the benchmark)."""

    action: Action
    value: float  # the mean reward of the chosen action for the seat, in [0, 1]
    visits: int
    iterations: int
    alternatives: int  # how many root actions the search compared


def search_move(
    ai: GameAI,
    view: View,
    legal: Sequence[Action],
    seat: PlayerId,
    rng: AiRandom,
    iterations: int,
) -> SearchResult:
    """Single-observer information-set MCTS with ``iterations`` determinizations.

    Nodes are keyed by actions; an action's availability counts the iterations in which it
    was legal, which replaces the parent's visit count in UCB (ISMCTS). Seats other than
    ``seat`` are in the tree when the game's ``TREE_OPPONENTS`` is true; otherwise they play
    the game's ``policy`` (an opponent model), which suits simultaneous secret choices where
    a tree node would let the opponent answer a plan it cannot see.
    """
    game = ai.game
    root = _Node(-1)
    legal_list = list(legal)
    explore = ai.exploration
    for _ in range(iterations):
        state = ai.determinize(view, seat, rng.seed())
        node = root
        path: list[_Node] = []
        at_root = True
        while True:
            player = game.current_player(state)
            if player is None:
                break
            actions = legal_list if at_root else game.legal_actions(state)
            at_root = False
            if player != seat and not ai.tree_opponents:
                state = game.apply(state, ai.opponent_move(state, actions, player, rng))
                continue
            actions = ai.candidates(state, actions, player)
            untried = []
            for action in actions:
                child = node.children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                child = _Node(player, available=1)
                node.children[action] = child
                state = game.apply(state, action)
                path.append(child)
                break
            best_score, best = -1.0, actions[0]
            for action in actions:
                child = node.children[action]
                score = child.total / child.visits + explore * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if score > best_score:
                    best_score, best = score, action
            node = node.children[best]
            state = game.apply(state, best)
            path.append(node)
        state = ai.rollout(state, rng)
        values = ai.values(state)
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.player]
    ranked = [
        (child.visits, child.total / child.visits if child.visits else 0.0, -legal_list.index(a), a)
        for a, child in root.children.items()
        if a in legal_list
    ]
    if not ranked:  # no iteration ran (iterations == 0)
        return SearchResult(random_move(legal_list, rng), 0.5, 0, iterations, len(legal_list))
    visits, value, _, action = max(ranked, key=lambda t: (t[0], t[1], t[2]))
    return SearchResult(action, value, visits, iterations, len(ranked))
