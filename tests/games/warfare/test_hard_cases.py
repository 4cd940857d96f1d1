"""Galactic Warfare hard cases GW-H01..GW-H17 (RULES.md section 3), with scripted dice."""

from __future__ import annotations

import pytest

from pygame_core import IllegalActionError
from pygame_core.games.warfare import cards
from pygame_core.games.warfare.actions import (
    Attack,
    Charge,
    ChooseFirst,
    PassTurn,
    PassWindow,
    PlaceShip,
    PlayCard,
    StuckRetreat,
)
from pygame_core.games.warfare.board import HOME_SQUARES, is_dark, name
from pygame_core.games.warfare.state import OVER, PLACE, TURN, WINDOW

from .helpers import BLUE, GAME, WHITE, dice, position, sq, with_hands


def stacks(state: object) -> dict[str, int]:
    board = state.board  # type: ignore[attr-defined]
    return {name(i): c for i, c in enumerate(board) if c}


def play(state, *actions):  # type: ignore[no-untyped-def]
    for action in actions:
        state = GAME.apply(state, action)
    return state


def test_gw_h01_initial_position_and_first_charges() -> None:
    state = GAME.new_game({}, 5)
    white = {k for k, v in stacks(state).items() if v > 0}
    blue = {k for k, v in stacks(state).items() if v < 0}
    assert white == set(["b1", "d1", "f1", "h1", "a2", "c2", "e2", "g2", "b3", "d3", "f3", "h3"])
    assert blue == set(["a6", "c6", "e6", "g6", "b7", "d7", "f7", "h7", "a8", "c8", "e8", "g8"])
    assert all(is_dark(sq(s)) for s in white | blue)
    assert set(stacks(state).values()) == {1, -1}
    state = play(state, ChooseFirst("me") if state.chooser == WHITE else ChooseFirst("you"))
    assert GAME.current_player(state) == WHITE
    from_b3 = {a.dst for a in GAME.legal_actions(state) if isinstance(a, Charge) and a.src == sq("b3")}
    assert from_b3 == {sq("a4"), sq("c4")}


def test_gw_h02_charges_are_forward_diagonal_only() -> None:
    state = position({"c4": 1}, {"h9": 1})
    legal = GAME.legal_actions(state)
    assert Charge(sq("c4"), sq("b5")) in legal and Charge(sq("c4"), sq("d5")) in legal
    with pytest.raises(IllegalActionError) as light:
        GAME.apply(state, Charge(sq("c4"), sq("c5")))
    assert light.value.rule == "GW-5.2"
    with pytest.raises(IllegalActionError) as back:
        GAME.apply(state, Charge(sq("c4"), sq("b3")))
    assert back.value.rule == "GW-5.2" and "backward" in str(back.value)


def test_gw_6_1_standard_attack_needs_a_vacant_square_beyond() -> None:
    """GW-6.1 (H03): d5 may attack e6 only while f7 is vacant."""
    blocked = position({"d5": 1}, {"e6": 1, "f7": 1})
    assert Attack(sq("d5"), sq("e6")) not in GAME.legal_actions(blocked)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(blocked, Attack(sq("d5"), sq("e6")))
    assert info.value.rule == "GW-6.1"
    open_ = position({"d5": 1}, {"e6": 1})
    assert Attack(sq("d5"), sq("e6")) in GAME.legal_actions(open_)


def test_gw_h04_tie_rerolls_then_the_attacker_captures_a_power_up() -> None:
    state = dice(position({"d5": 1}, {"e6": 1, "a8": 1}), 3, 3, 5, 2)
    state = play(state, Attack(sq("d5"), sq("e6")))
    assert stacks(state) == {"f7": 2, "a8": -1}
    assert state.removed == 21 and GAME.current_player(state) == BLUE  # nothing left the game
    assert [e.kind for e in state.log[:4]] == ["attacked", "battle_round", "tie", "battle_round"]
    assert "A tie: both sides roll again (GW-6.3)" in GAME.view(state, BLUE)["log"]


def test_gw_h05_a_beaten_attacker_retreats_where_the_opponent_chooses() -> None:
    state = dice(position({"d5": 2}, {"e6": 1}), 2, 1, 5)  # attacker rolls 2 dice: 3 vs 5
    state = play(state, Attack(sq("d5"), sq("e6")))
    assert state.phase == PLACE and GAME.current_player(state) == BLUE  # Blue chooses (GW-8.1)
    assert GAME.legal_actions(state) == [PlaceShip(s) for s in HOME_SQUARES[WHITE]]
    state = play(state, PlaceShip(sq("e0")))
    assert stacks(state) == {"e0": 2, "e6": -1}  # power-ups go along; e6 unchanged
    assert GAME.current_player(state) == BLUE and state.phase == TURN


def test_gw_h06_no_vacant_home_square_removes_the_beaten_stack() -> None:
    white = {"a0": 1, "c0": 1, "e0": 1, "g0": 1, "d5": 3}
    state = dice(position(white, {"e6": 1}), 1, 1, 1, 6)
    state = play(state, Attack(sq("d5"), sq("e6")))
    assert "d5" not in stacks(state) and state.removed == 24 - 5
    assert GAME.invariant_violations(state) == []


def test_gw_h08_a_full_stack_gains_nothing_and_the_capture_is_removed() -> None:
    state = dice(position({"d5": 4}, {"e6": 1, "a8": 1}), 6, 6, 6, 6, 1)
    removed = state.removed
    state = play(state, Attack(sq("d5"), sq("e6")))
    assert stacks(state)["f7"] == 4 and state.removed == removed + 1


def test_gw_7_1_capturing_a_stack_gains_one_and_removes_the_rest() -> None:
    state = dice(position({"d5": 1}, {"e6": 3, "a8": 1}), 6, 1, 1, 1)
    state = play(state, Attack(sq("d5"), sq("e6")))
    assert stacks(state)["f7"] == 2 and state.removed == 24 - 3


def test_gw_h09_home_attack_gives_the_defender_an_extra_die_and_needs_no_beyond() -> None:
    state = position({"c8": 1}, {"d9": 1, "a6": 1})
    assert Attack(sq("c8"), sq("d9")) in GAME.legal_actions(state)
    state = dice(state, 6, 2, 3)  # attacker 1 die; defender 1 + 1 home die
    state = play(state, Attack(sq("c8"), sq("d9")))
    rolls = [e for e in state.log if e.kind == "roll" and e.text("purpose").startswith("GW.battle.defend")]
    assert len(rolls) == 2
    assert stacks(state) == {"d9": 2, "a6": -1}  # White occupies d9 as an invader


def test_gw_h10_invaders_have_no_actions_and_cannot_be_attacked() -> None:
    state = position({"d9": 1, "a2": 1}, {"c8": 1, "e8": 1, "h7": 1})
    assert not [a for a in GAME.legal_actions(state) if getattr(a, "src", None) == sq("d9")]
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Charge(sq("d9"), sq("c8")))
    assert info.value.rule == "GW-9.2"
    blue = play(state, Charge(sq("a2"), sq("b3")))
    assert GAME.current_player(blue) == BLUE
    assert not [a for a in GAME.legal_actions(blue) if sq("d9") in (getattr(a, "target", -1), getattr(a, "dst", -1))]


@pytest.mark.parametrize(("rolled", "home"), [((3, 3), True), ((3, 4), False)])
def test_gw_h12_a_stuck_ship_needs_doubles_to_retreat(rolled: tuple[int, int], home: bool) -> None:
    state = position({"c8": 1, "b9": 1, "d9": 1}, {"a6": 1})
    assert GAME.legal_actions(state)[-1] == StuckRetreat(sq("c8"))
    state = play(dice(state, *rolled), StuckRetreat(sq("c8")))
    if home:
        assert state.phase == PLACE and GAME.current_player(state) == WHITE  # owner's choice
        state = play(state, PlaceShip(sq("c0")))
        assert "c0" in stacks(state) and "c8" not in stacks(state)
    else:
        assert "c8" in stacks(state)
    assert GAME.current_player(state) == BLUE


def test_gw_10_2_no_attempt_without_a_vacant_home_square() -> None:
    white = {"c8": 1, "b9": 1, "d9": 1, "a0": 1, "c0": 1, "e0": 1, "g0": 1}
    state = position(white, {"a6": 1})
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, StuckRetreat)]


def test_gw_h13_capturing_the_last_enemy_ship_wins() -> None:
    state = dice(position({"d5": 1, "a2": 1}, {"e6": 1}), 6, 1)
    state = play(state, Attack(sq("d5"), sq("e6")))
    assert state.phase == OVER and GAME.current_player(state) is None
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (WHITE,) and "GW-11.2" in outcome.reason


def test_gw_11_1_occupying_all_four_enemy_home_squares_wins() -> None:
    state = position({"b9": 1, "d9": 1, "f9": 1, "g8": 1}, {"a6": 1})
    state = play(state, Charge(sq("g8"), sq("h9")))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (WHITE,) and "GW-11.1" in outcome.reason


def test_gw_h14_passing_only_without_a_legal_action_and_two_passes_end_the_game() -> None:
    state = position({"c4": 1}, {"b9": 1, "h7": 1})
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, PassTurn())
    assert info.value.rule == "GW-4.2"
    stuck = position({"b9": 1, "d9": 1}, {"a0": 1, "c0": 1})  # only invaders: no action
    assert GAME.legal_actions(stuck) == [PassTurn()]
    state = play(stuck, PassTurn())
    assert GAME.current_player(state) == BLUE and GAME.legal_actions(state) == [PassTurn()]
    state = play(state, PassTurn())
    outcome = GAME.outcome(state)
    assert outcome is not None and "GW-11.3" in outcome.reason and outcome.winners == ()


def test_gw_11_3_adjudication_prefers_invaders_then_ships() -> None:
    state = position({"b9": 1, "d9": 1}, {"a0": 3})
    state = play(state, PassTurn(), PassTurn())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (WHITE,)  # 2 invaders against 1
    state = position({"b9": 1}, {"a0": 3})
    state = play(state, PassTurn(), PassTurn())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (BLUE,)  # tie on invaders; 3 ships to 1


def test_gw_h16_one_card_per_player_per_turn_before_the_move() -> None:
    state = position({"d3": 1}, {"a8": 1}, cards=True)
    state = with_hands(state, [cards.HYPERDRIVE, cards.FLEET_COMMAND], [cards.COUNTER_INTELLIGENCE])
    state = play(state, PlayCard(cards.HYPERDRIVE))
    assert GAME.current_player(state) == BLUE  # Blue's response opportunity (C-5.2)
    assert PlayCard(cards.COUNTER_INTELLIGENCE) in GAME.legal_actions(state)
    state = play(state, PassWindow())
    assert state.phase == TURN and GAME.current_player(state) == WHITE and state.mode == "hyperdrive"
    assert PlayCard(cards.FLEET_COMMAND) not in GAME.legal_actions(state)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, PlayCard(cards.FLEET_COMMAND))
    assert info.value.rule == "GW-4.3"


def test_gw_h16_overcharge_then_no_second_chance_in_the_same_turn() -> None:
    state = position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True)
    state = with_hands(state, [cards.OVERCHARGE, cards.SECOND_CHANCE], [])
    state = play(state, Attack(sq("d5"), sq("e6")))
    assert state.phase == WINDOW and GAME.current_player(state) == WHITE
    state = play(dice(state, 1, 1, 6), PlayCard(cards.OVERCHARGE))  # 2 attack dice, 1 defence
    # White lost 2 to 6 but has played its card this turn: Second Chance is not offered.
    assert state.phase == PLACE and GAME.current_player(state) == BLUE
    assert [cards.kind_of(c) for c in state.hands[WHITE]] == [cards.SECOND_CHANCE]


def test_gw_h16_counter_intelligence_uses_up_the_defenders_card() -> None:
    state = position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True)
    state = with_hands(state, [cards.OVERCHARGE], [cards.COUNTER_INTELLIGENCE, cards.CLOAKING_FIELD])
    state = play(state, Attack(sq("d5"), sq("e6")), PlayCard(cards.OVERCHARGE))
    # One die each: the Overcharge is cancelled (C-5.3), and Blue may not add Cloaking Field.
    state = play(dice(state, 6, 1), PlayCard(cards.COUNTER_INTELLIGENCE))
    assert any(e.kind == "card_cancelled" and e.num("card") == cards.OVERCHARGE for e in state.log)
    assert "Overcharge is cancelled by Counter-Intelligence (C-5.3)" in GAME.view(state, WHITE)["log"]
    assert stacks(state) == {"f7": 2, "a8": -1}
    assert [cards.kind_of(c) for c in state.hands[BLUE]] == [cards.CLOAKING_FIELD]
    assert [cards.kind_of(c) for c in state.deck.discard_pile[-2:]] == [
        cards.COUNTER_INTELLIGENCE, cards.OVERCHARGE,
    ]


def test_gw_h17_planetary_defense_grid_sends_an_invader_home() -> None:
    state = position({"c4": 1}, {"a0": 1, "h7": 1}, cards=True)
    state = with_hands(state, [cards.PLANETARY_DEFENSE_GRID], [])
    assert PlayCard(cards.PLANETARY_DEFENSE_GRID, sq("a0")) in GAME.legal_actions(state)
    state = play(state, PlayCard(cards.PLANETARY_DEFENSE_GRID, sq("a0")))
    # Blue has no cards: no response window is opened for an empty hand (public count 0).
    assert state.phase == PLACE and GAME.current_player(state) == BLUE
    assert {a.square for a in GAME.legal_actions(state)} == set(HOME_SQUARES[BLUE])
    state = play(state, PlaceShip(sq("d9")))
    assert stacks(state) == {"c4": 1, "d9": -1, "h7": -1}
    assert GAME.current_player(state) == BLUE and state.active == BLUE  # White's turn is over


def test_gw_12_7_defense_grid_removes_the_invader_without_a_vacant_home_square() -> None:
    blue = {"a0": 1, "b9": 1, "d9": 1, "f9": 1, "h9": 1}
    state = with_hands(position({"c4": 1}, blue, cards=True), [cards.PLANETARY_DEFENSE_GRID], [])
    state = play(state, PlayCard(cards.PLANETARY_DEFENSE_GRID, sq("a0")))
    assert "a0" not in stacks(state) and GAME.current_player(state) == BLUE


def test_gw_5_3_a_ship_in_its_own_home_row_charges_out_normally() -> None:
    state = position({"c0": 1}, {"h7": 1})
    assert set(GAME.legal_actions(state)) == {Charge(sq("c0"), sq("b1")), Charge(sq("c0"), sq("d1"))}


def test_gw_a19_a_standard_jump_into_the_enemy_home_row_makes_an_invader() -> None:
    state = dice(position({"b7": 2}, {"c8": 1, "h7": 1}), 6, 6, 1)
    state = play(state, Attack(sq("b7"), sq("c8")))
    assert stacks(state)["d9"] == 3
    assert not [a for a in GAME.legal_actions(play(state, Charge(sq("h7"), sq("g6"))))
                if getattr(a, "src", None) == sq("d9")]


def test_gw_11_3_the_round_limit_adjudicates() -> None:
    from dataclasses import replace

    state = replace(position({"c4": 1, "b9": 1}, {"h7": 1, "a0": 1}), round_limit=10, turn_no=19)
    state = play(state, Charge(sq("c4"), sq("d5")))
    assert GAME.current_player(state) == BLUE and state.turn_no == 20
    state = play(state, Charge(sq("h7"), sq("g6")))
    outcome = GAME.outcome(state)
    assert outcome is not None and "round limit" in outcome.reason
    assert outcome.winners == ()  # one invader each, two ships each: a draw


def test_every_decision_is_an_action_including_the_opponents_retreat_choice() -> None:
    state = dice(position({"d5": 1}, {"e6": 1}), 1, 6)
    state = play(state, Attack(sq("d5"), sq("e6")))
    assert GAME.current_player(state) == BLUE
    assert all(isinstance(a, PlaceShip) for a in GAME.legal_actions(state))
    for action in GAME.legal_actions(state):
        assert GAME.decode_action(GAME.encode_action(action)) == action
