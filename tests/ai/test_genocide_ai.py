"""Space Genocide computer player (issue 11): the determinizer gives the seat exactly its view
(RULES.md C-4.5, SG-14.3), re-draws the hidden parts, leaks nothing, and yields playable,
sound states; evaluate stays in [0, 1]; Easy's policy and Normal's plan return legal actions.

Positions come from the conformance playouts in every preset (Classic, Advanced Basic,
Advanced Full with races, terrain, burst and cards) with 2, 3 and 4 seats.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any

import pytest

from pygame_core.ai.rand import AiRandom
from pygame_core.canonical import digest
from pygame_core.games.genocide import ai
from pygame_core.games.genocide.game import GAME
from pygame_core.games.genocide.state import Ship, State
from pygame_core.rng import Rng

from ..conformance.playouts import random_playout

PRESETS: tuple[dict[str, Any], ...] = (
    {"preset": "classic"},
    {"preset": "advanced_basic"},
    {"preset": "advanced_full"},
    {"preset": "classic", "players": 3},
    {"preset": "advanced_basic", "players": 4},
    {"preset": "advanced_full", "players": 3},
    {"preset": "advanced_full", "players": 4},
)


@functools.cache
def _positions(index: int, every: int = 29, limit: int = 40) -> tuple[State, ...]:
    """Unfinished states of one random game in preset ``index``: the setup decisions and
    every ``every``-th step after, up to ``limit`` of them."""
    out: list[State] = []
    for step, match in enumerate(random_playout("genocide", PRESETS[index], 5 + index)):
        state = match.state
        if GAME.current_player(state) is None:
            continue
        if step < 12 or step % every == 0 or state.phase in ("declare", "burst", "md", "capture"):
            out.append(state)
        if len(out) >= limit:
            break
    return tuple(out)


def _hidden(state: State) -> str:
    """A digest of a state with its RNG blanked: what a determinization re-drew besides dice."""
    return digest(dataclasses.replace(state, rng=Rng(0)))


@pytest.mark.parametrize("index", range(len(PRESETS)))
def test_sg_14_3_a_sample_gives_the_seat_exactly_its_view(index: int) -> None:
    """C-4.5 / SG-14.3: view(sample, seat) == view(state, seat); the sample is sound
    (invariants), has the seat's legal actions, and playing on from it works."""
    chooser = random.Random(index)
    for n, state in enumerate(_positions(index)):
        seat = GAME.current_player(state)
        assert seat is not None
        view = GAME.view(state, seat)
        sample = ai.determinize(view, seat, 1000 + n)
        assert GAME.view(sample, seat) == view, (PRESETS[index], n, state.phase)
        assert GAME.invariant_violations(sample) == [], (PRESETS[index], n, state.phase)
        assert GAME.current_player(sample) == seat
        assert sample.rng != state.rng  # a fresh RNG: the dice cannot be foreseen
        legal = GAME.legal_actions(sample)
        assert legal
        after = sample
        for _ in range(4):  # a few random legal actions from the sample do not raise
            if GAME.current_player(after) is None:
                break
            options = GAME.legal_actions(after)
            after = GAME.apply(after, options[chooser.randrange(len(options))])


@pytest.mark.parametrize("index", range(len(PRESETS)))
def test_sg_14_3_hidden_parts_vary_across_seeds(index: int) -> None:
    """Different seeds re-draw the hidden parts (fleet contents, types, hands, deck, pile)."""
    differing = 0
    positions = _positions(index)
    for state in positions:
        seat = GAME.current_player(state)
        assert seat is not None
        view = GAME.view(state, seat)
        if _hidden(ai.determinize(view, seat, 1)) != _hidden(ai.determinize(view, seat, 2)):
            differing += 1
    assert differing >= len(positions) // 2


def _enemy_fleet_swapped(state: State, seat: int) -> State | None:
    """The same position with two ships of another seat exchanged between two of its fleets
    (contents hidden from ``seat`` unless a non-stale sighting shows them): same view."""
    seen = {c for g in state.sightings if not g.stale for c, _, _ in g.ships}
    for owner in range(state.players):
        if owner == seat:
            continue
        cids = [
            c for c, s in enumerate(state.ships)
            if s is not None and s.owner == owner and c not in seen and s.carrier < 0
            and not state.data.fighter[c] and not any(x is not None and x.carrier == c for x in state.ships)
        ]
        for i, a in enumerate(cids):
            for b in cids[i + 1:]:
                sa, sb = state.ships[a], state.ships[b]
                assert sa is not None and sb is not None
                if sa.fleet != sb.fleet and state.data.type_of(a) != state.data.type_of(b):
                    ships = list(state.ships)
                    ships[a] = Ship(sb.owner, sb.fleet, min(sa.pb, state.data.pb_max[a]), sa.mp, -1)
                    ships[b] = Ship(sa.owner, sa.fleet, min(sb.pb, state.data.pb_max[b]), sb.mp, -1)
                    return dataclasses.replace(state, ships=tuple(ships))
    return None


@pytest.mark.parametrize("index", range(len(PRESETS)))
def test_c_4_5_no_leak_two_states_with_one_view_give_one_sample(index: int) -> None:
    """Two true states that differ only in what ``seat`` cannot see (another seat's fleet
    contents, its hand, the deck order, the RNG) give the same sample for the same seed."""
    checked = swapped = 0
    for state in _positions(index):
        seat = GAME.current_player(state)
        assert seat is not None
        if state.phase in ("race", "types", "fleets"):
            continue
        other = _enemy_fleet_swapped(state, seat)
        if other is None:
            other = state
        elif GAME.view(other, seat) == GAME.view(state, seat):
            swapped += 1
        other = dataclasses.replace(other, rng=Rng(12345))
        if state.deck is not None and len(state.deck.draw_pile) > 1:
            deck = state.deck
            other = dataclasses.replace(other, deck=dataclasses.replace(deck, draw_pile=deck.draw_pile[::-1]))
        view = GAME.view(state, seat)
        if GAME.view(other, seat) != view:
            continue  # the swap showed (a fleet's loading or pb is visible): not a hidden change
        assert digest(ai.determinize(view, seat, 7)) == digest(ai.determinize(GAME.view(other, seat), seat, 7))
        checked += 1
    assert checked > 0
    if PRESETS[index]["preset"] != "classic":  # Classic stack heights are public: no swap
        assert swapped > 0


@pytest.mark.parametrize("index", range(len(PRESETS)))
def test_evaluate_is_a_chance_and_policy_returns_a_legal_action(index: int) -> None:
    rng = AiRandom(index)
    for state in _positions(index):
        seat = GAME.current_player(state)
        assert seat is not None
        sample = ai.determinize(GAME.view(state, seat), seat, 3)
        total = 0.0
        for s in range(state.players):
            value = ai.evaluate(sample, s)
            assert 0.0 <= value <= 1.0
            total += value
        assert total == pytest.approx(1.0, abs=0.05) or not all(state.alive)
        legal = GAME.legal_actions(sample)
        assert ai.policy(sample, legal, seat, rng) in legal
        assert ai.plan(sample, legal, seat, rng) in legal


@pytest.mark.parametrize("index", range(len(PRESETS)))
def test_the_search_can_play_on_from_samples(index: int) -> None:
    """What the search does with a sample (C-4.5): the policy plays every seat for a while
    (through battles, bursts, launches and card windows) without an illegal action or a
    broken invariant."""
    positions = _positions(index)
    for n, state in enumerate(positions[::8]):
        seat = GAME.current_player(state)
        assert seat is not None
        sample = ai.determinize(GAME.view(state, seat), seat, 50 + n)
        rng = AiRandom(n)
        for _ in range(40):
            player = GAME.current_player(sample)
            if player is None:
                break
            action = ai.policy(sample, GAME.legal_actions(sample), player, rng)
            sample = GAME.apply(sample, action)
        assert GAME.invariant_violations(sample) == []
