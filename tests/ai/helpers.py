"""Positions for the computer-player tests: states reached by the conformance playouts."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from pygame_core import GAMES
from pygame_core.canonical import digest
from pygame_core.game import OptionValue
from pygame_core.rng import Rng

from ..conformance.playouts import option_combinations, playout_plan, random_playout


@functools.cache
def positions(game_id: str, playouts: int = 4, every: int = 9) -> tuple[Any, ...]:
    """Unfinished states from ``playouts`` random games spread over the option
    combinations, every ``every``-th step (each game's first decisions included)."""
    out = []
    for options, seed in playout_plan(game_id, playouts, spread=True):
        for step, match in enumerate(random_playout(game_id, options, seed)):
            state = match.state
            if GAMES[game_id].current_player(state) is not None and (step < 3 or step % every == 0):
                out.append(state)
    return tuple(out)


def without_rng(state: Any) -> str:
    """A digest of a state with its RNG blanked: what a determinization re-drew besides dice."""
    return digest(dataclasses.replace(state, rng=Rng(0)))


def preset_options(game_id: str) -> list[dict[str, OptionValue]]:
    """The defaults, every choice of a preset option, and the first option combinations."""
    game = GAMES[game_id]
    out: list[dict[str, OptionValue]] = [{}]
    for spec in game.option_schema:
        if spec.presets:
            out += [{spec.key: choice} for choice, _ in spec.presets if choice != spec.default]
    combos = option_combinations(game)
    out += [combos[i * len(combos) // 3] for i in range(min(3, len(combos)))]
    return out
