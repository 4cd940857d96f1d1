"""Galactic Warfare setup (GW-3), the optional deck (GW-12) and its windows (C-5), scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pygame_core import IllegalActionError, ScriptedRng
from pygame_core.games.warfare import cards, rules
from pygame_core.games.warfare.actions import (
    Attack,
    Charge,
    ChooseFirst,
    DoubleCharge,
    PassWindow,
    PlaceShip,
    PlayCard,
    SetStop,
)
from pygame_core.games.warfare.board import HOME_SQUARES, name
from pygame_core.games.warfare.state import CHOOSE_DEFERRED, PLACE, TURN, WINDOW
from pygame_core.rng import Roller

from .helpers import BLUE, GAME, WHITE, dice, position, sq, with_hands


def stacks(state: rules.WarfareState) -> dict[str, int]:
    return {name(i): c for i, c in enumerate(state.board) if c}


def play(state: rules.WarfareState, *actions: object) -> rules.WarfareState:
    for action in actions:
        state = GAME.apply(state, action)  # type: ignore[arg-type]
    return state


# ---------------------------------------------------------------- GW-3 setup


def test_gw_3_3_roll_off_ties_are_rerolled_and_the_higher_roller_chooses() -> None:
    state = rules.new_state(False, 150, Roller(ScriptedRng((3, 3, 2, 5))))
    assert state.rolloff == (3, 3, 2, 5)
    assert GAME.current_player(state) == BLUE
    assert GAME.legal_actions(state) == [ChooseFirst("me"), ChooseFirst("you"), ChooseFirst("defer")]
    first = play(state, ChooseFirst("me"))
    assert first.phase == TURN and GAME.current_player(first) == BLUE and first.turn_no == 1
    other = play(state, ChooseFirst("you"))
    assert GAME.current_player(other) == WHITE


def test_gw_3_3_a_deferral_passes_the_choice_once() -> None:
    state = rules.new_state(False, 150, Roller(ScriptedRng((6, 1))))
    assert GAME.current_player(state) == WHITE
    state = play(state, ChooseFirst("defer"))
    assert state.phase == CHOOSE_DEFERRED and GAME.current_player(state) == BLUE
    assert GAME.legal_actions(state) == [ChooseFirst("me"), ChooseFirst("you")]
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, ChooseFirst("defer"))
    assert info.value.rule == "GW-3.3"
    assert GAME.current_player(play(state, ChooseFirst("me"))) == BLUE


def test_gw_3_2_fifteen_cards_each_dealt_alternately_and_twenty_set_aside() -> None:
    state = GAME.new_game({"cards": "proposed_deck"}, 11)
    assert [len(h) for h in state.hands] == [15, 15]
    assert len(state.deck.draw_pile) == 20 and state.deck.discard_pile == ()
    assert GAME.invariant_violations(state) == []
    plain = GAME.new_game({}, 11)
    assert plain.hands == ((), ()) and not plain.cards_on


# ---------------------------------------------------------------- GW-12 cards


def test_gw_12_5_cloaking_field_cancels_the_attack_and_spends_the_action() -> None:
    state = with_hands(position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True), [], [cards.CLOAKING_FIELD])
    state = play(state, Attack(sq("d5"), sq("e6")))
    # White holds nothing for the battle; Blue is asked (C-5.4) and may cloak.
    assert state.phase == WINDOW and GAME.current_player(state) == BLUE
    assert PlayCard(cards.CLOAKING_FIELD) in GAME.legal_actions(state)
    state = play(state, PlayCard(cards.CLOAKING_FIELD))
    assert stacks(state) == {"d5": 1, "e6": -1, "a8": -1}
    assert state.phase == TURN and GAME.current_player(state) == BLUE and state.battle is None


def test_gw_12_2_second_chance_rerolls_the_losers_dice_and_ties_reroll() -> None:
    state = with_hands(position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True), [cards.SECOND_CHANCE], [])
    state = play(dice(state, 1, 6), Attack(sq("d5"), sq("e6")))
    assert state.phase == WINDOW and state.window is not None and state.window.kind == "after_roll"
    assert GAME.legal_actions(state)[0] == PlayCard(cards.SECOND_CHANCE)
    state = play(dice(state, 6, 5, 2), PlayCard(cards.SECOND_CHANCE))  # 6 vs 6: tie, then 5 vs 2
    assert stacks(state) == {"f7": 2, "a8": -1}


def test_gw_12_1_overcharge_adds_a_die_for_either_side() -> None:
    state = position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True)
    state = with_hands(state, [], [cards.OVERCHARGE])
    state = play(state, Attack(sq("d5"), sq("e6")))
    state = play(dice(state, 6, 3, 4), PlayCard(cards.OVERCHARGE))  # the battle runs on
    assert state.phase == PLACE  # 6 against 3 + 4 (two dice for Blue): White retreats
    assert any(e.kind == "battle_round" and e.nums("defend") == (3, 4) for e in state.log)


def test_gw_12_8_salvage_crews_takes_two_power_ups() -> None:
    state = with_hands(position({"d5": 1}, {"e6": 3, "a8": 1}, cards=True), [cards.SALVAGE_CREWS], [])
    state = play(dice(state, 6, 1, 1, 1), Attack(sq("d5"), sq("e6")))
    assert state.window is not None and state.window.kind == "after_win"
    state = play(state, PlayCard(cards.SALVAGE_CREWS))
    assert stacks(state)["f7"] == 3 and state.removed == 24 - 5 + 1  # 3 captured: 2 power-ups, 1 removed


def test_gw_12_9_emergency_jump_lets_the_loser_choose_or_stay() -> None:
    state = with_hands(position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True), [cards.EMERGENCY_JUMP], [])
    state = play(dice(state, 1, 6), Attack(sq("d5"), sq("e6")), PlayCard(cards.EMERGENCY_JUMP))
    assert state.phase == PLACE and GAME.current_player(state) == WHITE  # not Blue (GW-8.1)
    assert {a.square for a in GAME.legal_actions(state)} == set(HOME_SQUARES[WHITE])
    full = {"d5": 1, "a0": 1, "c0": 1, "e0": 1, "g0": 1}
    state = with_hands(position(full, {"e6": 1, "a8": 1}, cards=True), [cards.EMERGENCY_JUMP], [])
    state = play(dice(state, 1, 6), Attack(sq("d5"), sq("e6")), PlayCard(cards.EMERGENCY_JUMP))
    assert stacks(state)["d5"] == 1 and GAME.current_player(state) == BLUE  # stays, not removed


def test_gw_12_4_fleet_command_is_two_charges_and_no_attack() -> None:
    state = with_hands(position({"d3": 1, "a2": 1}, {"e4": 1, "h7": 1}, cards=True), [cards.FLEET_COMMAND], [])
    state = play(state, PlayCard(cards.FLEET_COMMAND))
    legal = GAME.legal_actions(state)
    assert all(isinstance(a, Charge) for a in legal) and Charge(sq("d3"), sq("c4")) in legal
    state = play(state, Charge(sq("d3"), sq("c4")))
    assert GAME.current_player(state) == WHITE and state.mode == "fleet2"
    state = play(state, Charge(sq("c4"), sq("b5")))
    assert GAME.current_player(state) == BLUE and stacks(state)["b5"] == 1


def test_gw_12_3_hyperdrive_double_charge_may_end_in_the_enemy_home() -> None:
    state = with_hands(position({"c6": 1, "a2": 1}, {"h7": 1}, cards=True), [cards.HYPERDRIVE], [])
    state = play(state, PlayCard(cards.HYPERDRIVE))
    doubles = {(a.src, a.dst) for a in GAME.legal_actions(state) if isinstance(a, DoubleCharge)}
    assert (sq("c6"), sq("e8")) in doubles and (sq("c6"), sq("a8")) in doubles
    # The first step may not enter the enemy home row, but a second step may (an invader).
    state = position({"d7": 1}, {"h7": 1}, cards=True)
    state = play(with_hands(state, [cards.HYPERDRIVE], []), PlayCard(cards.HYPERDRIVE))
    assert DoubleCharge(sq("d7"), sq("f9")) in GAME.legal_actions(state)
    state = play(state, DoubleCharge(sq("d7"), sq("f9")))
    assert stacks(state)["f9"] == 1 and GAME.current_player(state) == BLUE


def test_gw_12_6_evasive_maneuver_steps_back_instead_of_the_action() -> None:
    state = with_hands(position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True), [cards.EVASIVE_MANEUVER], [])
    assert PlayCard(cards.EVASIVE_MANEUVER, sq("d5"), sq("c4")) in GAME.legal_actions(state)
    state = play(state, PlayCard(cards.EVASIVE_MANEUVER, sq("d5"), sq("c4")))
    assert stacks(state)["c4"] == 1 and GAME.current_player(state) == BLUE


def test_c_5_3_a_countered_before_move_card_leaves_the_normal_action() -> None:
    state = position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True)
    state = with_hands(state, [cards.EVASIVE_MANEUVER], [cards.COUNTER_INTELLIGENCE])
    state = play(state, PlayCard(cards.EVASIVE_MANEUVER, sq("d5"), sq("c4")))
    state = play(state, PlayCard(cards.COUNTER_INTELLIGENCE))
    assert stacks(state)["d5"] == 1 and state.phase == TURN and GAME.current_player(state) == WHITE
    assert Charge(sq("d5"), sq("c6")) in GAME.legal_actions(state)


# ---------------------------------------------------------------- C-5.4 stops


@pytest.mark.parametrize("blue_hand", [[cards.HYPERDRIVE], [cards.CLOAKING_FIELD], [cards.OVERCHARGE]])
def test_c_5_4_the_defender_is_stopped_whatever_it_holds(blue_hand: list[int]) -> None:
    state = with_hands(position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True), [], blue_hand)
    state = play(state, Attack(sq("d5"), sq("e6")))
    assert GAME.current_player(state) == BLUE and state.window is not None
    assert GAME.legal_actions(state)[-2:] == [PassWindow(False), PassWindow(True)]


def test_c_5_4_a_switched_off_stop_is_skipped_and_can_be_switched_back() -> None:
    state = with_hands(position({"d5": 1, "a2": 1}, {"e6": 1, "a8": 1}, cards=True), [], [cards.HYPERDRIVE])
    state = play(dice(state, 1, 6), Attack(sq("d5"), sq("e6")), PassWindow(True))
    assert not state.stops.is_on(BLUE, "battle")
    state = play(state, PlaceShip(sq("c0")))
    assert GAME.current_player(state) == BLUE and SetStop("battle", True) in GAME.legal_actions(state)
    state = play(state, SetStop("battle", True))
    assert state.stops.is_on(BLUE, "battle") and GAME.current_player(state) == BLUE


def test_c_5_4_public_facts_decide_an_empty_hand_is_not_stopped() -> None:
    state = with_hands(position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True), [], [])
    state = play(dice(state, 6, 1), Attack(sq("d5"), sq("e6")))
    assert stacks(state)["f7"] == 2  # nobody could play: the battle ran straight through


def test_options_are_checked() -> None:
    from pygame_core import OptionError

    with pytest.raises(OptionError):
        GAME.new_game({"cards": "all"}, 0)
    with pytest.raises(OptionError):
        GAME.new_game({"round_limit": 5}, 0)
    assert replace(GAME.new_game({"round_limit": 10}, 0)).round_limit == 10
