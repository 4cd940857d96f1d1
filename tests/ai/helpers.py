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
def positions(game_id: str, playouts: int = 4, per_game: int = 10) -> tuple[Any, ...]:
    """Unfinished states from ``playouts`` random games spread over the option
    combinations: each game's first three decisions and ``per_game`` more spread evenly
    over the rest of it."""
    out = []
    for options, seed in playout_plan(game_id, playouts, spread=True):
        states = [m.state for m in random_playout(game_id, options, seed)]
        states = [s for s in states if GAMES[game_id].current_player(s) is not None]
        rest = states[3:]
        picked = states[:3] + [rest[i * len(rest) // per_game] for i in range(per_game) if rest]
        out += picked
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


def genocide_plan(view: Any, legal: list[Any], seed: int) -> Any:
    """Space Genocide's plan alone (what Normal's search starts from), with the seed and the
    single-action shortcut ``choose`` gives level 2: the games it plays are the ones the plan
    played when it was a level of its own (issue 28 made the searched plan Normal)."""
    from pygame_core.ai.rand import AiRandom, derive_seed
    from pygame_core.games.genocide import ai

    if len(legal) == 1:
        return legal[0]
    seat = view["to_move"]
    return ai.plan_move(view, list(legal), seat, AiRandom(derive_seed(seed, "ai", seat, 2)))[0]
