"""Space Genocide computer player: the hooks the framework calls, the evaluation, and the levels.

A bot never receives the state, only its seat's view (RULES.md C-4.5, SG-14.3):

- ``determinize(view, seat, seed)`` (``ai_sample.py``, ``ai_log.py``): a complete state with
  ``GAME.view(sample, seat) == view``; everything hidden from the seat and the RNG re-drawn.
- ``evaluate(state, seat)``: a win chance in [0, 1] from planets (in Advanced, how close each
  seat is to losing a resource type or its Homeworld, SG-10.2), fleet strength, Planet
  Busters and the PB pressure on enemy planets (SG-8.2), shared out by a softmax.
- ``policy`` (``ai_policy.py``): level 1 (Easy), on one sample.
- ``search`` (SEARCH "game"): level 2 (Normal), ``ai_search.py``: the plan of ``ai_plan.py``
  on one sample, with a determinized rollout search at card windows, battle declarations
  (SG-6.3 B3), bursts (SG-7) and PB launches (SG-8.3). ``plan_move`` is the plan alone.

Levels: 0 random, 1 Easy, 2 Normal. The plan replaced a flat determinized search with rollouts
of the Easy policy (about 95 ms a decision, 6 of 10 games against Easy): in Advanced games
between Easy players nothing is decided before the round limit (SG-10.4), and what wins is
planning (fleets of one speed, raids on the least defended planets, interceptions), which
rollouts of Easy cannot discover. The search covers only the few decisions whose effect shows
within a battle round or a card's resolution, with rollouts of the plan itself, and keeps the
plan's choice unless another is clearly better. It was a level of its own, "Hard", above the
plan alone; over 200 games it won 47.5% against the plan (an even match), so the two are one
level (issue 28: never two names for one strength). The search is the one kept: it plays
action cards, which the plan alone never does. A save or link from before names level 3;
the controller plays it at the top level.
"""

from __future__ import annotations

import math

from ...ai.rand import AiRandom
from ...game import ActionBase, View
from . import rules
from .ai_plan import plan
from .ai_policy import hex_distance, policy, ship_values
from .ai_sample import determinize
from .ai_search import searched_plan
from .races import RACE_BY_KEY
from .state import State

__all__ = [
    "LEVELS", "LEVELS_NOTE", "SEARCH_ITERATIONS", "determinize", "evaluate", "plan", "plan_move", "policy", "search",
]

LEVELS: tuple[str, ...] = ("Random", "Easy", "Normal")
LEVELS_NOTE = ("Two computer levels, Easy and Normal: a harder one we tried won only half its games "
               "against Normal, so it is not offered.")
SEARCH = "game"
# Normal's budget is rollouts (samples x candidates) at a searched decision, sized so a whole
# game costs a few seconds (benchmarks/README.md).
SEARCH_ITERATIONS: tuple[int, ...] = (12,)


def search(view: View, legal: list[ActionBase], seat: int, rng: AiRandom, budget: int) -> tuple[ActionBase, float]:
    """Level 2 (Normal): ``ai_search.searched_plan``, the plan searched over ``budget`` rollouts."""
    return searched_plan(view, legal, seat, rng, budget, evaluate)


def plan_move(view: View, legal: list[ActionBase], seat: int, rng: AiRandom) -> tuple[ActionBase, float]:
    """The plan alone, on a sample drawn from the view alone (C-4.5), never the state: what
    the search starts from. Only actions the sample also allows are offered to the plan (a
    sample offers the seat its true legal actions, tests/ai/test_genocide_sample.py; this
    only guards the plan's choice)."""
    sample = determinize(view, seat, rng.seed())
    here = rules.legal_actions(sample)
    allowed = set(here)
    usable = [a for a in legal if a in allowed] or legal
    action = plan(sample, usable, seat, rng)
    if action not in legal:
        action = usable[0]
    return action, evaluate(sample, seat)


# --------------------------------------------------------------------------------------
# Evaluation


def _seat_scores(state: State) -> list[float]:
    """A strength score per seat (higher is better); eliminated seats get -inf."""
    data = state.data
    players = state.players
    values = ship_values(state.variant)
    material = [0.0] * players
    pbs = [0] * players
    fleet_pb: dict[tuple[int, int], int] = {}
    fleet_n: dict[tuple[int, int], int] = {}
    for cid, ship in enumerate(state.ships):
        if ship is None:
            continue
        o = ship.owner
        material[o] += values[cid]
        pbs[o] += ship.pb
        key = (o, ship.fleet)
        fleet_pb[key] = fleet_pb.get(key, 0) + ship.pb
        fleet_n[key] = fleet_n.get(key, 0) + 1
    planets = [0] * players
    types: list[dict[str, int]] = [{} for _ in range(players)]
    home = [False] * players
    worlds: list[tuple[int, tuple[int, int]]] = []
    for p in state.planets:
        if p.alive and p.owner >= 0:
            planets[p.owner] += 1
            worlds.append((p.owner, (p.col, p.row)))
            if p.ptype:
                types[p.owner][p.ptype] = types[p.owner].get(p.ptype, 0) + 1
                if p.ptype == "H":
                    home[p.owner] = True
    pressure = [0.0] * players
    threat = [0.0] * players
    for f in state.fleets:
        pb = fleet_pb.get((f.owner, f.marker), 0)
        if not pb:
            continue
        here = (f.col, f.row)
        best, victim = 99, -1
        for owner, key in worlds:
            if owner != f.owner:
                d = hex_distance(here, key)
                if d < best:
                    best, victim = d, owner
        if victim < 0:
            continue
        # SG-8.5: each PB die destroys the planet on 1-3; on the planet it launches next.
        power = min(pb, 4) * (1.0 if best == 0 else 0.6 / (1.0 + best / 3.0))
        pressure[f.owner] += power
        threat[victim] += power
    out = []
    for s in range(players):
        if not state.alive[s]:
            out.append(-math.inf)
            continue
        score = 1.0 * planets[s] + 0.35 * material[s] + 0.04 * pbs[s] + 0.25 * pressure[s] - 0.3 * threat[s]
        if data.planet_types:  # SG-10.2: a seat loses with no world of a type, or its Homeworld
            weakest = min(types[s].get(t, 0) for t in ("P", "M", "R"))
            score += 1.2 * min(weakest, 2)
            race = state.races[s] if state.races else ""
            if not home[s] and (not race or RACE_BY_KEY[race].homeworld_loss):
                score -= 6.0
        out.append(score)
    return out


def evaluate(state: State, seat: int) -> float:
    """``seat``'s chance to win, in [0, 1]: a softmax of the seats' strength scores."""
    if state.phase == "over":
        if seat in state.winners:
            return 1.0 if len(state.winners) == 1 else 0.5
        return 0.0
    scores = _seat_scores(state)
    mine = scores[seat]
    if mine == -math.inf:
        return 0.0
    k = 0.45
    total = 0.0
    for s in scores:
        if s != -math.inf:
            total += math.exp(max(-60.0, min(60.0, k * (s - mine))))
    return 1.0 / total
