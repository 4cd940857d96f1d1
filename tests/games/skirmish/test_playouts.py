"""Random games of every preset: they end, and no state's views leak a pending plan (MSC-11)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.state import Plan, SkirmishState

from ...conformance.playouts import random_playout


def _blanked(state: SkirmishState, seat: int) -> SkirmishState:
    """``state`` with ``seat``'s pending plan emptied but its submitted flag kept."""
    plans = list(state.plans)
    plans[seat] = Plan(done=plans[seat].done)
    return replace(state, plans=(plans[0], plans[1]))


def _seen(state: SkirmishState, player: int | None) -> str:
    return json.dumps(GAME.view(state, player), sort_keys=True)


@pytest.mark.parametrize("victory", ["annihilation_or_score", "annihilation_only"])
@pytest.mark.parametrize("scenario", ["duel", "skirmish", "fleet", "custom"])
def test_msc_11_random_games_of_every_preset_end_without_leaks(scenario: str, victory: str) -> None:
    """MSC-4.1 / MSC-10 / MSC-11: every preset plays to an end; at every step the other seat's
    and a spectator's views are exactly what they would be without the pending plan."""
    for seed in range(3):
        match = None
        for match in random_playout("skirmish", {"scenario": scenario, "victory": victory}, seed):
            state = match.state
            for seat in (0, 1):
                if state.plans[seat] == Plan(done=state.plans[seat].done):
                    continue
                blank = _blanked(state, seat)
                assert _seen(state, 1 - seat) == _seen(blank, 1 - seat)
                assert _seen(state, None) == _seen(blank, None)
            cut = len(match.shareable().record.actions)
            assert all(p == Plan() for p in match.states[cut].plans)
        assert match is not None and GAME.outcome(match.state) is not None
