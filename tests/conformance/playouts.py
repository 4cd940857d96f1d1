"""Random playouts over every registered game and option combination, shared by the suites."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pygame_core import GAMES, Match
from pygame_core.game import ActionBase, Game, OptionError, OptionValue

PLAYOUTS_PER_GAME = 200
# Space Genocide's games are about ten times longer than the others' (1,200 steps, each with
# its card windows): fewer of them, spread over its 576 option combinations, keep the suite's
# time in bounds; its modules' own playouts (tests/games/genocide) add the module mixes.
PLAYOUTS = {"genocide": 80}
MAX_STEPS = 50_000  # a playout longer than this is a termination failure


def option_combinations(game: Game[Any, Any]) -> list[dict[str, OptionValue]]:
    """Every combination of closed-choice options (int ranges stay at their default,
    except ``players``, which takes each allowed count); combos new_game rejects are dropped.
    Preset options are left out: every option they would set is given here explicitly."""
    return [dict(combo) for combo in _combinations(game.id)]


@functools.cache
def _combinations(game_id: str) -> tuple[tuple[tuple[str, OptionValue], ...], ...]:
    game = GAMES[game_id]
    axes: list[list[tuple[str, OptionValue]]] = []
    for spec in game.option_schema:
        if spec.presets:
            continue
        if spec.choices:
            axes.append([(spec.key, c) for c in spec.choices])
        elif spec.key == "players" and spec.minimum is not None and spec.maximum is not None:
            axes.append([(spec.key, n) for n in range(spec.minimum, spec.maximum + 1)])
    combos = []
    for combo in itertools.product(*axes):
        try:
            game.check_options(dict(combo))
        except OptionError:
            continue
        combos.append(combo)
    return tuple(combos)


@dataclass
class Playout:
    game: Game[Any, Any]
    options: dict[str, OptionValue]
    seed: int
    match: Match


def random_action(chooser: random.Random, legal: Sequence[ActionBase]) -> ActionBase:
    """A random legal action: a kind of action (its class) uniformly, then one of that kind.

    Uniform over the raw list would let a kind with many instances (one "order fleet N" per
    fleet, one step per direction) crowd out the rest, so rare decisions (ending a phase,
    playing a card) would hardly be tried and random games would drag on; every legal action
    still has a positive chance."""
    kinds: dict[type, list[ActionBase]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    return chooser.choice(chooser.choice(list(kinds.values())))


def random_steps(game_id: str, options: dict[str, OptionValue], seed: int) -> Iterator[tuple[Match, list[ActionBase]]]:
    """Yield the match after each step of a game played by random legal choices, with its
    legal actions (none once the game is over)."""
    chooser = random.Random(seed * 7919 + 17)  # the tests' own RNG, never the game's
    match = Match.start(game_id, options, seed)
    for _ in range(MAX_STEPS):
        legal = match.legal_actions()
        yield match, legal
        if not legal:
            return
        match = match.play(random_action(chooser, legal))
    raise AssertionError(f"{game_id} {options} seed {seed}: no end after {MAX_STEPS} steps")


def random_playout(game_id: str, options: dict[str, OptionValue], seed: int) -> Iterator[Match]:
    """Yield the match after each step of a game played by random legal choices."""
    for match, _ in random_steps(game_id, options, seed):
        yield match


def finished_playout(game_id: str, options: dict[str, OptionValue], seed: int) -> Match:
    *_, last = random_playout(game_id, options, seed)
    return last


def playouts_of(game_id: str) -> int:
    """How many random playouts the conformance suite plays of ``game_id``."""
    return PLAYOUTS.get(game_id, PLAYOUTS_PER_GAME)


def playout_plan(
    game_id: str, count: int | None = None, *, spread: bool = False
) -> list[tuple[dict[str, OptionValue], int]]:
    """``count`` (options, seed) pairs cycling through every option combination. With
    ``spread``, when there are more combinations than playouts, they are spread evenly over
    all of them (so the first option axes, such as ``players``, are not cut off)."""
    count = playouts_of(game_id) if count is None else count
    combos = option_combinations(GAMES[game_id])
    assert combos, f"{game_id}: no option combination is accepted by new_game"
    if spread and len(combos) > count:
        return [(combos[i * len(combos) // count], i) for i in range(count)]
    return [(combos[i % len(combos)], i) for i in range(count)]
