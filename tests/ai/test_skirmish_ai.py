"""Minimal Space Combat's computer player never reads the other side's secret orders (MSC-6.3,
MSC-11, C-4.5): its search level decides the same whatever those orders are."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pygame_core import GAMES
from pygame_core.ai import LEVELS, choose, determinize

GAME = GAMES["skirmish"]
TOP = len(LEVELS["skirmish"]) - 1


def _second_plotter_positions(count: int) -> list[Any]:
    """Orders-phase states where the seat to move plots after the other side submitted."""
    out = []
    for seed in range(6):
        state = GAME.new_game({}, seed)
        step = 0
        while GAME.current_player(state) is not None and len(out) < count:
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            if state.phase == "orders" and state.plans[1 - seat].done and len(legal) > 1:
                out.append(state)
            state = GAME.apply(state, choose("skirmish", GAME.view(state, seat), legal, level=1, seed=step))
            step += 1
    return out


def test_the_search_decides_the_same_whatever_the_other_sides_pending_orders() -> None:
    positions = _second_plotter_positions(8)
    assert positions
    differing = 0
    for index, state in enumerate(positions):
        seat = GAME.current_player(state)
        other = 1 - seat
        view = GAME.view(state, seat)
        truth = choose("skirmish", view, GAME.legal_actions(state), level=TOP, seed=index)
        for seed in range(1, 9):
            # Another plan for the other side, drawn by the determinizer: same view, other orders.
            sample = determinize("skirmish", view, seat, seed)
            variant = replace(state, plans=tuple(sample.plans[p] if p == other else state.plans[p] for p in (0, 1)))
            assert GAME.view(variant, seat) == view
            differing += variant.plans[other] != state.plans[other]
            decided = choose("skirmish", GAME.view(variant, seat), GAME.legal_actions(variant), level=TOP, seed=index)
            assert decided == truth
    assert differing, "the other side's orders never differed: the test would prove nothing"
