"""Space Genocide's plan (issue 11; what Normal's search starts from, issue 28) plays only
legal actions, and differs from Easy (level 1) where the better move is clear: it bursts every PB of a ship standing on
its own planet (SG-7, refilled there for free, SG-9.6), and a fleet carrying PBs leaves
behind a ship that would slow it down (SG-5.7 c)."""

from __future__ import annotations

import functools
from typing import Any

from pygame_core.ai import choose
from pygame_core.games.genocide import actions as A
from pygame_core.games.genocide import rules
from pygame_core.games.genocide.game import GAME
from pygame_core.games.genocide.state import State

from .helpers import genocide_plan

Decision = tuple[State, int, list[Any], Any, Any]


@functools.cache
def _decisions(seed: int = 0, steps: int = 600) -> tuple[Decision, ...]:
    """An Easy-vs-Easy game in the default preset; at every real decision the seat to move
    is also asked what the plan would do: (state, seat, legal, Easy's, the plan's)."""
    state = GAME.new_game({}, seed)
    out: list[Decision] = []
    for step in range(steps):
        seat = GAME.current_player(state)
        if seat is None:
            break
        legal = GAME.legal_actions(state)
        view = GAME.view(state, seat)
        easy = choose("genocide", view, legal, level=1, seed=step)
        if len(legal) > 1:
            out.append((state, seat, legal, easy, genocide_plan(view, legal, step)))
        state = GAME.apply(state, easy)
    return tuple(out)


def test_the_plan_returns_a_legal_action_and_is_reproducible() -> None:
    decisions = _decisions()
    assert len(decisions) > 300
    for n, (state, seat, legal, _, normal) in enumerate(decisions[::7]):
        assert normal in legal
        assert genocide_plan(GAME.view(state, seat), legal, 7 * n) in legal


def _hex_of(state: State, cid: int) -> tuple[int, int]:
    ship = state.ships[cid]
    assert ship is not None
    f = next(f for f in state.fleets if f.owner == ship.owner and f.marker == ship.fleet)
    return f.col, f.row


def test_sg_7_the_plan_bursts_every_pb_on_its_own_planet_where_easy_holds_them() -> None:
    """SG-7.4 / SG-9.6: on the seat's own planet a burst costs nothing (the PBs come back in its
    Production Phase), so the plan fires them all at the enemy ships there; Easy bursts only
    against five or more."""
    found = 0
    for state, seat, _, easy, normal in _decisions():
        if state.phase != "burst" or not isinstance(normal, A.Burst) or normal.count == 0:
            continue
        key = _hex_of(state, normal.ship)
        idx = rules.Index(state)
        if not idx.own_planet(seat, key):
            continue  # away from home both levels burst only against a crowd
        ship = state.ships[normal.ship]
        assert ship is not None and normal.count == ship.pb
        enemies = [c for c in idx.ships_at(key) if (s := state.ships[c]) is not None and s.owner != seat]
        if len(enemies) < 5:
            assert easy == A.Burst(normal.ship, 0)
            found += 1
    assert found > 0


def test_sg_5_7_the_plan_leaves_a_slow_ship_behind_a_pb_fleet() -> None:
    """SG-5.7 (c): a fleet moves at its slowest ship's speed. The plan splits a ship without
    PBs off a fleet whose PB carrier is at least two hexes a turn faster; Easy never does."""
    found = 0
    for state, seat, _, easy, normal in _decisions():
        if state.phase != "transport" or not isinstance(normal, A.Split):
            continue
        slow = state.ships[normal.ship]
        assert slow is not None and slow.owner == seat
        if slow.pb or state.data.stationary[normal.ship]:
            continue  # Easy's own reorganising (SG-5.7 b), shared by the plan
        fleet = [c for c, s in enumerate(state.ships) if s is not None and s.owner == seat and s.fleet == slow.fleet]
        carriers = [  # mobile ships with PBs aboard, their own or their loaded fighters' (SG-5.5)
            c for c in fleet
            if not state.data.stationary[c]
            and any(s is not None and (x == c or s.carrier == c) and s.pb > 0 for x, s in enumerate(state.ships))
        ]
        assert carriers
        fastest = max(rules.move(state, c, seat) for c in carriers)
        assert rules.move(state, normal.ship, seat) + 2 <= fastest
        assert not isinstance(easy, A.Split)
        found += 1
    assert found > 0
