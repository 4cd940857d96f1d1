"""Galactic Warfare secrecy (GW-13, C-4.2) and invariants (GW-2.1, GW-2.2, GW-7, GW-12)."""

from __future__ import annotations

import random
from dataclasses import replace

from pygame_core import Match
from pygame_core.canonical import is_plain
from pygame_core.games.warfare import cards
from pygame_core.games.warfare.board import parse
from pygame_core.games.warfare.state import WarfareState

from .helpers import BLUE, GAME, WHITE, position


def _states(options: dict[str, str], seed: int, every: int = 7) -> list[WarfareState]:
    chooser = random.Random(seed)
    match = Match.start("warfare", options, seed)
    out = [match.state]
    step = 0
    while not match.is_over:
        match = match.play(chooser.choice(match.legal_actions()))
        step += 1
        if step % every == 0:
            out.append(match.state)
    return out


def _other_secrets(state: WarfareState, victim: int) -> WarfareState:
    """The same state, except that ``victim``'s hand and the set-aside cards differ."""
    hand, pile = list(state.hands[victim]), list(state.deck.draw_pile)
    swap = min(len(hand), len(pile))
    new_hand = sorted(pile[:swap] + hand[swap:])
    new_pile = list(reversed(hand[:swap] + pile[swap:]))
    hands = list(state.hands)
    hands[victim] = tuple(new_hand)
    return replace(state, hands=(hands[0], hands[1]), deck=replace(state.deck, draw_pile=tuple(new_pile)))


def test_gw_13_2_a_view_shows_nothing_of_the_other_hand_or_the_set_aside_cards() -> None:
    checked = 0
    for seed in range(3):
        for state in _states({"cards": "proposed_deck"}, seed):
            for viewer, victim in ((WHITE, BLUE), (BLUE, WHITE), (None, WHITE), (None, BLUE)):
                other = _other_secrets(state, victim)
                if other == state:
                    continue
                assert GAME.view(state, viewer) == GAME.view(other, viewer)
                checked += 1
    assert checked > 50


def test_gw_13_2_own_hand_and_public_counts_are_shown() -> None:
    state = GAME.new_game({"cards": "proposed_deck"}, 3)
    mine = GAME.view(state, WHITE)
    assert sorted(mine["hand"]) == sorted(cards.key_of(c) for c in state.hands[WHITE])
    assert mine["hand_counts"] == [15, 15] and mine["set_aside"] == 20
    assert GAME.view(state, None)["hand"] is None
    assert all(is_plain(GAME.view(state, p)) for p in (None, WHITE, BLUE))


def test_gw_13_1_without_cards_everything_is_public() -> None:
    state = _states({}, 1)[-1]
    assert GAME.view(state, WHITE) == {**GAME.view(state, BLUE), "viewer": WHITE}
    assert "hand" not in GAME.view(state, WHITE)


def test_invariants_hold_in_random_games_and_catch_broken_states() -> None:
    for options in ({}, {"cards": "proposed_deck"}):
        for state in _states(options, 4, every=1):
            assert GAME.invariant_violations(state) == []
    sound = position({"c4": 2}, {"d5": 1})
    assert GAME.invariant_violations(sound) == []
    board = list(sound.board)
    board[parse("c5")] = 1  # a ship on a light square, and a 25th ship
    problems = GAME.invariant_violations(replace(sound, board=tuple(board)))
    assert any("light square" in p for p in problems) and any("!= 24" in p for p in problems)
    board = list(sound.board)
    board[parse("c4")] = 5
    problems = GAME.invariant_violations(replace(sound, board=tuple(board), removed=sound.removed - 3))
    assert problems == ["stack of 5 on c4"]
    carded = GAME.new_game({"cards": "proposed_deck"}, 0)
    lost = replace(carded, hands=(carded.hands[0][1:], carded.hands[1]))
    assert GAME.invariant_violations(lost) == ["the 50 cards are not conserved"]
