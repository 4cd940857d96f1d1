"""The reach the view gives (issue 32): every way the engine offers to a hex is a sequence of
legal actions that ends the fleet on that hex and is as short as any (SG-5.7, SG-5.8, SG-5.11),
and the hexes offered are exactly those the legal Steps and Gates reach, by a brute-force
breadth-first search over the engine's own legal actions and apply."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core import Match, ai
from pygame_core.game import ActionBase
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import Gate, Select, Step
from pygame_core.games.genocide.reach import reach
from pygame_core.games.genocide.state import Phase, State
from pygame_core.games.genocide.transport import step_mp

from .helpers import BASIC, position


def _where(state: State, owner: int, marker: int) -> tuple[int, int]:
    fleet = next(f for f in state.fleets if f.owner == owner and f.marker == marker)
    return fleet.col, fleet.row


def _ordering(state: State, owner: int, marker: int) -> bool:
    return state.phase == Phase.TRANSPORT and state.active == owner and state.cursor == marker


def _brute(state: State) -> dict[tuple[int, int], int]:
    """The fewest legal Steps and Gates to each hex the fleet being ordered can enter while
    it is still being ordered, by applying them (no rule of the search's own)."""
    owner, marker = state.active, state.cursor
    start = _where(state, owner, marker)
    depth: dict[tuple[int, int], int] = {}
    seen: set[Any] = set()
    layer = [state]
    n = 0
    while layer:
        n += 1
        following = []
        for s in layer:
            for action in GAME.legal_actions(s):
                if not isinstance(action, (Step, Gate)):
                    continue
                after = GAME.apply(s, action)
                at = _where(after, owner, marker)
                if at != start:
                    depth.setdefault(at, n)
                if not _ordering(after, owner, marker):
                    continue
                key = (at, tuple(x.mp if x is not None and x.fleet == marker and x.owner == owner else -1
                                 for x in after.ships))
                if key not in seen:
                    seen.add(key)
                    following.append(after)
        layer = following
    return depth


def _positions() -> list[State]:
    """Movement decisions of games played by the computer's policy (Advanced Full: terrain,
    cards, races), one a seed: a fleet being ordered with 3 MP or more to spend."""
    found: list[State] = []
    for seed in range(1, 9):
        match = Match.start("genocide", {"round_limit": 3}, seed)
        n = 0
        while not match.is_over and n < 900:
            state = match.state
            legal = match.legal_actions()
            if state.phase == Phase.TRANSPORT and state.cursor and step_mp(state, state.active, state.cursor) >= 3:
                found.append(state)
                break
            seat = match.game.current_player(state)
            match = match.play(ai.choose("genocide", match.game.view(state, seat), legal, level=1, seed=n))
            n += 1
    return found


def _made() -> list[State]:
    """Hand-made positions where each movement rule decides (SG-H): a scout beside star gates,
    a nebula, a gravitic anomaly, dark matter, a super nova and enemy fleets."""
    terrain = [(5, 5, "star_gate"), (18, 18, "star_gate"), (18, 5, "star_gate"), (6, 6, "nebula"),
               (4, 6, "gravitic_anomaly"), (4, 7, "gravitic_anomaly"), (5, 8, "dark_matter"), (6, 4, "super_nova")]
    fleets = [(0, 1, 5, 5, [("scout", 0)]), (1, 1, 5, 8, [("cruiser", 0)]), (1, 2, 18, 6, [("cruiser", 1)]),
              (1, 3, 5, 3, [("cruiser", 2)])]
    on = {**BASIC, "module_terrain": True}
    return [position("advanced", options=on, terrain=terrain, fleets=fleets),  # type: ignore[arg-type]
            position("advanced", options=on, terrain=terrain[1:], fleets=fleets[:2]),  # type: ignore[arg-type]
            position("classic", fleets=[(0, 1, 9, 9, [("cruiser", 0)]), (1, 1, 9, 11, [("cruiser", 1)])])]


POSITIONS = _made() + _positions()


def test_positions_move() -> None:
    assert len(POSITIONS) >= 8
    ways = reach(POSITIONS[0])
    assert any(isinstance(path[-1], Gate) for path, _ in ways.values())  # the gates are used
    assert (6, 6) in ways and ways[(6, 6)][1] == 0  # a nebula ends the move (SG-5.8 b)


@pytest.mark.parametrize("state", POSITIONS, ids=[f"p{n}" for n in range(len(POSITIONS))])
def test_every_way_is_legal_shortest_and_complete(state: State) -> None:
    ways = reach(state)
    brute = _brute(state)
    assert set(ways) == set(brute)
    owner, marker = state.active, state.cursor
    for target, (path, _left) in ways.items():
        assert len(path) == brute[target], (target, path)
        s = state
        for action in path:
            assert _ordering(s, owner, marker), (target, path)
            assert action in GAME.legal_actions(s), (target, action)
            s = GAME.apply(s, action)
        assert _where(s, owner, marker) == target


def test_no_reach_but_for_the_fleet_being_ordered() -> None:
    state = POSITIONS[0]
    others: list[ActionBase] = [a for a in GAME.legal_actions(state) if isinstance(a, Select)]
    assert reach(state)
    assert all(reach(GAME.apply(state, a)) is not None for a in others)
    assert reach(Match.start("genocide", {}, 1).state) == {}


def test_the_view_gives_the_reach_to_the_seat_ordering_only() -> None:
    """The view of the seat ordering carries each way as its hexes, ending on the hex; the
    other seat's view carries none (what its fleet could do is that seat's)."""
    for state in POSITIONS:
        seat = state.active
        words = GAME.view(state, seat)["reach"]
        ways = reach(state)
        assert {(x["col"], x["row"]) for x in words} == set(ways)
        for x in words:
            path, _ = ways[(x["col"], x["row"])]
            assert len(x["path"]) == len(path) and x["path"][-1] == [x["col"], x["row"]]
        assert "reach" not in GAME.view(state, 1 - seat)
        assert "reach" not in GAME.view(state, None)
