"""Spacehole's search level: the heuristic's choice against its rivals on paired samples (issue 28).

Every candidate is played on the same determinizations (the same deck order and the same
fresh dice), each followed by the same short rollout of the heuristic and scored by the
evaluation, so each sample gives a *paired* difference between a rival and the heuristic's
choice. Measured (issue 28): on 8 samples most of the flat search's departures from the
heuristic were noise (on 100 samples nearly all of them were worth a few MC less, "Build
nothing" always), and each costs a little. So the samples come in batches, the search stops
as soon as no rival is ahead, and a rival replaces the heuristic's choice only when its mean
paired gain exceeds both a margin and ``CONFIDENCE`` standard errors. The budget is a count
of samples, never the clock: a decision is a pure function of (view, legal, seed).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ...ai.rand import AiRandom
from ...game import PlayerId, View
from .actions import SpaceholeAction
from .rules import apply, legal_actions
from .state import State

Policy = Callable[[State, list[SpaceholeAction], PlayerId, AiRandom | None], SpaceholeAction]

BATCH = 8  # samples per round; after each, the search may stop
CONFIDENCE = 1.64  # standard errors the paired gain must clear (95% one-sided)


def rollout(state: State, policy: Policy, depth: int) -> State:
    """``depth`` decisions of the heuristic (chance from the sample's own fresh RNG)."""
    for _ in range(depth):
        if state.over:
            break
        state = apply(state, policy(state, legal_actions(state), 0, None))
    return state


def paired_search(
    view: View,
    legal: Sequence[SpaceholeAction],
    seat: PlayerId,
    rng: AiRandom,
    samples: int,
    *,
    rollouts: int,
    determinize: Callable[[View, PlayerId, int], State],
    candidates: Callable[[State, list[SpaceholeAction], PlayerId], list[SpaceholeAction]],
    policy: Policy,
    evaluate: Callable[[State, PlayerId], float],
    depth: int,
    margin: float,
) -> tuple[SpaceholeAction, float]:
    """The heuristic's choice (the first candidate) unless a rival's mean paired gain over
    up to ``samples`` samples beats ``margin`` by ``CONFIDENCE`` standard errors; with the
    chosen action's mean value. At most ``rollouts`` rollouts in all (fewer samples where
    there are many rivals), which bounds the slowest decision."""
    first = determinize(view, seat, rng.seed())
    options = [a for a in candidates(first, list(legal), seat) if a in legal]
    if len(options) <= 1:
        return (options[0] if options else legal[0]), 0.5
    values: list[list[float]] = [[] for _ in options]
    samples = max(BATCH, min(samples, rollouts // len(options)))
    drawn = 0
    while drawn < samples:
        for _ in range(min(BATCH, samples - drawn)):
            sample = first if drawn == 0 else determinize(view, seat, rng.seed())
            drawn += 1
            for index, action in enumerate(options):
                after = rollout(apply(sample, action), policy, depth)
                values[index].append(min(1.0, max(0.0, evaluate(after, seat))))
        gains = [_paired(values[i], values[0]) for i in range(1, len(options))]
        if all(mean <= margin for mean, _ in gains):
            break  # no rival ahead: more samples would only confirm the heuristic
    best, best_lower = 0, margin
    for index, (mean, error) in enumerate(gains, start=1):
        lower = mean - CONFIDENCE * error
        if lower > best_lower:
            best, best_lower = index, lower
    return options[best], sum(values[best]) / len(values[best])


def _paired(rival: list[float], base: list[float]) -> tuple[float, float]:
    """The mean of the paired differences and its standard error."""
    diffs = [r - b for r, b in zip(rival, base, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)
