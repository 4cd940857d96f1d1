"""The orders the view offers the page are exactly those the rules accept (MSC-6.1, MSC-6.2, MSC-7).

Over positions of random games (tests/conformance/playouts.py), for the ship being plotted:
every SPEED of the view's choice is legal iff the engine offers it, and a refused one says
why; at each legal SPEED, every step string up to one step too long is in the view's table
iff the engine plays it step by step, is complete iff it spends the SPEED, and when refused,
the view gives the reason. The ghost of every complete order puts the ship where the
movement phase does. The replay's last move ends where the ship is.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from pygame_core.game import IllegalActionError
from pygame_core.games.skirmish import GAME, rules
from pygame_core.games.skirmish.actions import Fire, SetSpeed, Step
from pygame_core.games.skirmish.data import SIDE_NAMES
from pygame_core.games.skirmish.plotting import orders_table
from pygame_core.games.skirmish.state import Order, Plan, SkirmishState
from pygame_core.hexgrid import Hex, HexMap
from tests.conformance.playouts import random_steps

GAMES = [({"scenario": "duel", "width": 10, "height": 8}, 1), ({"scenario": "skirmish"}, 2),
         ({"scenario": "fleet", "width": 12, "height": 6}, 3)]


def plotting_positions() -> Iterator[tuple[SkirmishState, int]]:
    """Positions of random games where a side is plotting a ship's orders."""
    for options, seed in GAMES:
        for match, _ in random_steps("skirmish", dict(options), seed):
            state = match.state
            seat = rules.current_seat(state)
            if state.phase == "orders" and seat is not None and rules.plotting_ship(state, seat) is not None:
                yield state, seat


POSITIONS = list(itertools.islice(plotting_positions(), 0, None, 3))


def accepted(state: SkirmishState, steps: str, speed: int) -> tuple[bool, int]:
    """Whether the engine plays ``steps`` (after SPEED ``speed`` when none is set yet), and how
    many of them it played before a refusal."""
    plan = state.plans[rules.current_seat(state) or 0]
    if not plan.orders or plan.orders[-1].complete:
        state = GAME.apply(state, SetSpeed(speed))
    for n, step in enumerate(steps):
        try:
            state = GAME.apply(state, Step(step))
        except IllegalActionError:
            return False, n
    return True, len(steps)


def moved(state: SkirmishState, ship_id: int, speed: int, steps: str) -> tuple[Any, ...]:
    """The ship after the engine's movement phase with these orders (and nothing else moving)."""
    ship = state.ships[ship_id]
    alone = replace(state, ships=tuple(s if s.id == ship_id else replace(s, fate="") for s in state.ships),
                    plans=(Plan(done=True, orders=(Order(ship_id, speed, steps),)), Plan(done=True)))
    after = rules._movement(alone).ships[ship.id]
    return after.fate, Hex(after.col, after.row), after.facing


def test_there_are_positions_to_judge() -> None:
    assert len(POSITIONS) >= 30
    assert {s.turn for s, _ in POSITIONS} != {1}  # later turns, where SPEED changes by 1


@pytest.mark.parametrize("n", range(0, 30))
def test_the_views_orders_are_the_rules_orders(n: int) -> None:
    state, seat = POSITIONS[n * len(POSITIONS) // 30]
    plot = GAME.view(state, seat)["plans"][seat]["plot"]
    ship = rules.plotting_ship(state, seat)
    assert ship is not None and plot["ship"] == ship.id
    plan = state.plans[seat]
    open_order = plan.orders[-1] if plan.orders and not plan.orders[-1].complete else None
    legal_speeds = {a.speed for a in rules.legal_actions(state) if isinstance(a, SetSpeed)}
    offered = {c["speed"] for c in plot["speeds"] if c["why"] is None}
    if open_order is None:
        assert offered == legal_speeds
    else:
        assert open_order.speed in offered
    for choice in plot["speeds"]:
        assert choice["why"] is None or (choice["why"] and plot["speed_rule"] == "MSC-6.1")
    reasons = plot["reasons"]
    grid = HexMap(state.width, state.height)
    speeds = [open_order.speed] if open_order else sorted(offered)
    for speed in speeds:
        table = plot["orders"][str(speed)]
        base = open_order.steps if open_order else ""
        for length in range(speed - len(base) + 2):
            for tail in itertools.product("FLR", repeat=length):
                steps = base + "".join(tail)
                ok, played = accepted(state, steps[len(base):], speed)
                played += len(base)
                if ok:
                    assert steps in table, (speed, steps)
                    _, todo, _ = table[steps]
                    assert (todo is None) == (len(steps) == speed), (speed, steps)
                    if todo is not None:
                        assert reasons[todo][1] == "MSC-6.2" and "more step" in reasons[todo][0]
                else:
                    assert steps not in table, (speed, steps)
                    # The longest prefix the rules took is in the table, with the reason the
                    # next step is refused.
                    offered_next, _, refused = table[steps[:played]]
                    assert steps[played] not in offered_next
                    assert refused is not None and reasons[refused][1] == "MSC-6.2", (speed, steps)
        for steps, (_, todo, _) in table.items():
            if todo is not None:
                continue
            hexes, facing, exit_hex = plot["where"][steps]
            fate, where, end_facing = moved(state, ship.id, speed, steps)
            if fate == "disengaged":
                assert exit_hex is not None and not grid.contains(Hex(*exit_hex))
                assert Hex(*hexes[-1]) == where
            else:
                assert exit_hex is None and (Hex(*hexes[-1]), facing) == (where, end_facing)
            assert hexes[0] == [ship.col, ship.row]


def test_the_table_is_the_grammar() -> None:
    """MSC-6.2 by brute force: the complete orders are the strings of length SPEED with no two
    turns in a row."""
    for speed in range(6):
        table = orders_table(speed, [])
        complete = {s for s, (_, todo, _) in table.items() if todo is None}
        brute = {"".join(p) for p in itertools.product("FLR", repeat=speed)
                 if not any(a != "F" and b != "F" for a, b in itertools.pairwise(p))}
        assert complete == brute


def test_refusals_in_words() -> None:
    reasons: list[list[str]] = []
    table = orders_table(3, reasons)
    assert "twice in a row" in reasons[table["FL"][2]][0]
    assert "All 3 steps" in reasons[table["FLF"][2]][0]
    assert "2 more steps" in reasons[table["F"][1]][0]
    assert {rule for _, rule in reasons} == {"MSC-6.2"}


def test_the_last_move_ends_where_the_ship_is() -> None:
    seen = 0
    for options, seed in GAMES:
        for match, _ in random_steps("skirmish", dict(options), seed):
            state = match.state
            if state.phase not in ("combat", "orders", "over"):
                continue
            for ship in GAME.view(state, None)["ships"]:
                move = ship["last_move"]
                if move is None:
                    continue
                seen += 1
                if ship["fate"] == "disengaged":
                    assert not HexMap(state.width, state.height).contains(Hex(move[-1][0], move[-1][1]))
                else:
                    assert move[-1] == [ship["col"], ship["row"], ship["facing"]]
    assert seen > 20


def test_the_views_shot_odds_are_the_shots_the_rules_offer() -> None:
    """The seat firing gets each legal shot's odds (MSC-9.3, MSC-9.4) and the sides a 6 may
    strike (MSC-9.6); nobody else gets any."""
    bonus = {0: 2, 1: 1, 2: 1, 3: 0, 4: 0, 5: -1, 6: -1}  # MSC-9.3 by range
    seen = 0
    for seed in range(4):  # a small map, where ships meet
        for match, legal in random_steps("skirmish", {"scenario": "fleet", "width": 8, "height": 4}, seed):
            state = match.state
            if state.phase != "combat" or state.pending_hit is not None:
                continue
            seat = rules.current_seat(state)
            assert seat is not None
            shots = GAME.view(state, seat)["shots"]
            fires = [a for a in legal if isinstance(a, Fire)]
            assert set(shots) == {f"{a.ship}-{a.side}-{a.target}" for a in fires}
            assert GAME.view(state, 1 - seat)["shots"] == {} == GAME.view(state, None)["shots"]
            for a in fires:
                odds = shots[f"{a.ship}-{a.side}-{a.target}"]
                shooter, target = state.ships[a.ship], state.ships[a.target]
                assert odds["need"] == shooter.design.to_hit + bonus[odds["range"]]
                assert odds["percent"] == round(100 * max(0, min(6, odds["need"])) / 6)
                assert odds["faces"] == [SIDE_NAMES[s] for s in rules.facing_sides(shooter, target)]
                seen += 1
    assert seen > 5
