"""Space Genocide determinization (C-4.5, SG-14.3): every sample the Normal search plays on is a
state the engine can play on.

At decision points reached by seeded playouts (Classic, and Advanced Full with every module
and 2, 3 or 4 seats; random legal play and the Normal plan), including the awkward ones (a
card in an open chain naming a ship of the other seat, SG-13.2; a burst step or a battle's
B3 with a seat still to declare after this one, SG-7.2 / SG-6.3; a completed enemy move,
SG-13.2 O-move; launch orders waiting for It's a Dud!, SG-8.4; a card move, SG-13.3 #31/#34;
the E-end window with this phase's wrecks, SG-6.9; another seat's Black Hole rolls waiting
for Luck, SG-4.1 step 0.1), every determinization:

- gives the seat exactly its view;
- offers the seat exactly the true legal actions, in the same order. The seat's own
  decisions depend only on what it may know: its own ships, hand and knowledge, and public
  facts (fleet markers, card plays and their targets, launch orders, the fleet that just
  moved, the wrecks). Everything re-drawn is another seat's secret, which no legal action of
  this seat reads, so equality (not mere inclusion) is the right test: a sample that lacked
  a true option, or offered a false one, would mislead the search;
- lets every one of those actions be applied, and the next decision be listed, without an
  error; and the search's own rollout (the plan for every seat) plays on from it.

The old sampler failed here: a chained Afterburners or Fighter Base on a re-drawn ship, a
next declarer with an empty queue (a burst without PBs, a battle whose Ambush bonus was not
rebuilt), false or missing card plays after a move, a launch or a battle, and Black Hole
rolls for ships the sample did not have.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from pygame_core.ai.rand import AiRandom
from pygame_core.games.genocide import ai_search, rules
from pygame_core.games.genocide.ai_pins import ENEMY_SHIP_STEPS, OWN_SHIP_STEPS
from pygame_core.games.genocide.ai_sample import determinize
from pygame_core.games.genocide.cardplay.targets import target_step
from pygame_core.games.genocide.cards import CARD_BY_NUM
from pygame_core.games.genocide.game import GAME
from pygame_core.games.genocide.state import State

from ..conformance.playouts import random_action
from .helpers import genocide_plan

# (options, seeds, level, steps): random legal play (level 0) reaches card chains and card
# moves; the plan (what Normal searches from) reaches launches, bursts and battles far more often. A
# game stops after ``steps`` decisions (0: at its end): Classic's Normal game has its dozen
# battles with a seat still to declare in its first 400 decisions, and the Normal plan is
# the slow part of this test.
GAMES: tuple[tuple[dict[str, Any], range, int, int], ...] = (
    ({"preset": "advanced_full"}, range(0, 16), 0, 0),
    ({"preset": "advanced_full"}, range(1, 2), 2, 0),
    ({"preset": "advanced_full", "players": 3}, range(100, 104), 0, 0),
    ({"preset": "advanced_full", "players": 4}, range(1, 3), 0, 0),  # nearly every counter in play
    ({"preset": "classic"}, range(200, 203), 0, 0),
    ({"preset": "classic"}, range(0, 1), 2, 700),
)
IDS = ["advanced_full", "advanced_full_normal", "advanced_full_3p", "advanced_full_4p", "classic", "classic_normal"]
PER_KIND = 12  # decision points kept per kind and option set
SAMPLES = 3  # determinizations of each


def _chained_ship(state: State, seat: int) -> bool:
    """A card of another seat in the open chain names a ship (SG-13.2)."""
    win = state.window
    if win is None:
        return False
    for play in win.chain:
        card = CARD_BY_NUM[play.card]
        steps = {target_step(card, play.args[:i]) for i in range(len(play.args))}
        if play.player != seat and steps & (OWN_SHIP_STEPS | ENEMY_SHIP_STEPS):
            return True
    return False


def _kind(state: State) -> str | None:
    """Which awkward decision this is, if any (see the module docstring)."""
    seat = GAME.current_player(state)
    assert seat is not None
    win = state.window
    if _chained_ship(state, seat):
        return "chain"
    if state.phase == "burst" and state.burst is not None and len(state.burst.declarers) > 1:
        return "burst"
    if state.phase == "declare" and state.battle is not None and len(state.battle.declarers) > 1:
        return "declare"
    if state.phase == "card_move":
        return "card_move"
    if win is not None and state.phase == "window":
        if state.active != seat and any(r.purpose.startswith("SG.blackhole") for r in state.rolls):
            return "black_hole"
        if win.kind == "O-move":
            return "O-move"
        if win.kind == "M-decl":
            return "M-decl"
        if win.kind == "E-end" and state.wrecks:
            return "E-end"
    return None


@functools.cache
def _decisions(index: int) -> tuple[tuple[str, State], ...]:
    """Up to PER_KIND decision points of each kind, and every 60th other one, from the
    seeded playouts of ``GAMES[index]``."""
    options, seeds, level, steps = GAMES[index]
    found: dict[str, list[State]] = {}
    for seed in seeds:
        chooser = random.Random(seed * 7919 + 17)
        state = GAME.new_game(options, seed)
        step = 0
        while (seat := GAME.current_player(state)) is not None and (not steps or step < steps):
            legal = GAME.legal_actions(state)
            kind = _kind(state) if len(legal) > 1 else None
            if kind is None and len(legal) > 1 and step % 60 == 0:
                kind = "other"
            if kind is not None and len(found.setdefault(kind, [])) < PER_KIND:
                found[kind].append(state)
            # The plan where the table asks for it (level 2), random legal play otherwise.
            moves = [a for a in legal if not a.SETTING]  # the same games as before the stop switch
            action = genocide_plan(GAME.view(state, seat), legal, step) if level else random_action(chooser, moves)
            state = GAME.apply(state, action)
            step += 1
    return tuple((kind, s) for kind, states in found.items() for s in states)


def _check(state: State, seed: int) -> None:
    seat = GAME.current_player(state)
    assert seat is not None
    view = GAME.view(state, seat)
    sample = determinize(view, seat, seed)
    where = f"{state.phase} {state.window.kind if state.window else ''} round {state.round}, sample seed {seed}"
    assert GAME.view(sample, seat) == view, where
    assert GAME.current_player(sample) == seat, where
    legal = rules.legal_actions(sample)
    assert legal == rules.legal_actions(state), where
    for roll in sample.rolls:  # SG-4.1 step 0.1: one Black Hole roll per ship of the active seat there
        if roll.purpose.startswith("SG.blackhole"):
            ship = sample.ships[roll.ref[0]]
            assert ship is not None and ship.owner == sample.active, where
    root = ai_search._root(sample)
    for n, action in enumerate(legal):
        after = rules.apply(sample, action)
        if GAME.current_player(after) is not None:
            assert rules.legal_actions(after), (where, str(action))
        if n < 3:  # as the search does with its candidates: the plan plays every seat on
            ai_search.rollout(after, root, AiRandom(seed + n))


@pytest.mark.parametrize("index", range(len(GAMES)), ids=IDS)
def test_c_4_5_every_sample_is_playable_and_offers_the_true_legal_actions(index: int) -> None:
    decisions = _decisions(index)
    for n, (_, state) in enumerate(decisions):
        for k in range(SAMPLES):
            _check(state, 1000 * n + k)


def test_the_playouts_reach_every_kind_of_decision_that_broke_the_old_sampler() -> None:
    """So the test above can fail: each awkward kind of decision is among those checked."""
    kinds = {kind for index in range(len(GAMES)) for kind, _ in _decisions(index)}
    assert {"chain", "burst", "declare", "O-move", "M-decl", "card_move", "E-end", "black_hole"} <= kinds, kinds
