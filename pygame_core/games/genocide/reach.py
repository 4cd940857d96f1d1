"""Where the fleet being ordered can go this phase, with a shortest legal way to each hex
(SG-5.7, SG-5.8, SG-5.11; issue 32): the engine's movement rules, for the screen to draw."""

from __future__ import annotations

from collections import deque

from ...game import ActionBase
from . import actions as A
from .arrival import enemies_by_hex, stops_among
from .board import HexKey, enter_cost, neighbour_table, terrain_at
from .state import Phase, State
from .terrain import TERRAIN_BY_KEY
from .transport import step_mp

Route = tuple[tuple[ActionBase, ...], int]  # the actions, in order, and the MP left there


def reach(state: State) -> dict[HexKey, Route]:
    """Every hex the fleet being ordered can enter by its own Steps and Gates this phase, with
    a shortest sequence of the legal actions that takes it there (no detours) and the MP it
    has left there. The search runs over (hex, MP left), so a longer way that keeps more MP
    (a Gravitic Anomaly costs none, SG-A43) still counts for the hexes beyond it; it goes
    no further than a stop (SG-5.8) or a hex whose entry asks a decision first (below)."""
    if state.phase != Phase.TRANSPORT or not state.cursor:
        return {}
    owner, marker = state.active, state.cursor
    fleet = next((f for f in state.fleets if f.owner == owner and f.marker == marker), None)
    if fleet is None:
        return {}
    start = (fleet.col, fleet.row)
    table = neighbour_table(state.players)
    gates = [(c, r) for c, r, k in state.terrain if TERRAIN_BY_KEY[k].gate]
    enemies = enemies_by_hex(owner, state.fleets)
    nobody: set[tuple[int, int]] = set()
    left0 = step_mp(state, owner, marker)
    best: dict[HexKey, Route] = {}
    seen = {(start, left0)}
    todo: deque[tuple[HexKey, int, tuple[ActionBase, ...]]] = deque([(start, left0, ())])
    while todo:  # breadth first: the first way found to a hex has the fewest actions
        here, left, path = todo.popleft()
        if left <= 0:  # a move with no MP left is complete (SG-5.8, SG-13.2)
            continue
        moves: list[tuple[ActionBase, HexKey, int]] = [
            (A.Step(d), n, enter_cost(state, n)) for d, n in enumerate(table[here]) if n is not None]
        t = terrain_at(state, here)
        if t is not None and t.gate:  # SG-5.11: a 0-MP transit to any other gate
            moves.extend((A.Gate(c, r), (c, r), 0) for c, r in gates if (c, r) != here)
        for action, dest, cost in moves:
            if left < cost:  # SG-5.7 (a), (c): every mobile ship pays it
                continue
            after = 0 if stops_among(state, owner, marker, dest, enemies.get(dest, nobody)) else left - cost
            way = (*path, action)
            if dest != start and dest not in best:
                best[dest] = (way, after)
            if (dest, after) not in seen and not _asks_first(state, dest):
                seen.add((dest, after))
                todo.append((dest, after, way))
    return best


def _asks_first(state: State, key: HexKey) -> bool:
    """Entering this hex brings a decision before the move goes on: an uncaptured neutral
    planet's die (SG-A44, with the cards a Luck window) or unclaimed Alien Ruins' ship to
    place (SG-A42). A way ends there: the next step is taken on what entering brought."""
    t = terrain_at(state, key)
    if t is None:
        return False
    if t.neutral:  # without the cards the die is rolled and the move goes on (arrival.py)
        return state.has("cards") and any((p.col, p.row) == key and p.owner < 0 and p.alive for p in state.planets)
    return t.reward == "ship" and key not in state.terrain_used
