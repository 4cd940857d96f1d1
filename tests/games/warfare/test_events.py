"""Galactic Warfare's log as events (issue 31): the facts recorded, their words, the results the
recap keeps, and the computer player's state rebuilt from a view's events."""

from __future__ import annotations

from star_web.recap import LogIndex, recap

from pygame_core import Match
from pygame_core.events import Event
from pygame_core.games.warfare import cards
from pygame_core.games.warfare.actions import Attack, PassWindow, PlaceShip, PlayCard, StuckRetreat
from pygame_core.games.warfare.ai import determinize
from pygame_core.games.warfare.events import EVENT_KINDS
from pygame_core.games.warfare.state import WINDOW

from .helpers import BLUE, GAME, WHITE, dice, position, sq, with_hands


def play(state, *actions):  # type: ignore[no-untyped-def]
    for action in actions:
        state = GAME.apply(state, action)
    return state


def kinds(state) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.kind for e in state.log]


def test_a_capture_into_the_home_row_is_events_with_results_and_words() -> None:
    state = position({"c7": 1}, {"d8": 1, "a6": 1})
    state = play(dice(state, 6, 1), Attack(sq("c7"), sq("d8")))
    assert kinds(state) == ["attacked", "battle_round", "battle_won", "captured", "invaded", "roll", "roll"]
    round_ = state.log[1]
    assert (round_.num("player"), round_.text("target"), round_.nums("attack"), round_.nums("defend")) == (
        WHITE, "d8", (6,), (1,))
    captured = state.log[3]
    assert (captured.num("gained"), captured.num("removed"), captured.text("rule")) == (1, 0, "GW-7")
    assert [EVENT_KINDS[k].result for k in kinds(state)] == [False, True, True, True, True, True, True]
    log = GAME.view(state, BLUE)["log"]
    assert log == [
        "White attacks Blue's stack on d8 from c7",
        "Battle for d8: White rolls 6 = 6, Blue rolls 1 = 1",
        "White wins the battle for d8",
        "White captures Blue's 1 ship on d8: White's stack gains 1 power-up (GW-7)",
        "White invades e9 in Blue's home row: an invader cannot move or be attacked (GW-9.2)",
        "  roll GW.battle.attack target=d8: d6 = 6",
        "  roll GW.battle.defend target=d8: d6 = 1",
    ]
    assert GAME.log_results(state, BLUE) == [False, True, True, True, True, True, True]


def test_the_stuck_ship_dice_say_what_happened_once() -> None:
    state = position({"c8": 1, "b9": 1, "d9": 1}, {"a6": 1})
    stays = play(dice(state, 3, 4), StuckRetreat(sq("c8")))
    dice_event = stays.log[1]
    assert dice_event.kind == "stuck_dice" and dice_event.nums("dice") == (3, 4) and not dice_event.flag("doubles")
    assert GAME.view(stays, WHITE)["log"][1] == (
        "Stuck ship: the dice show 3 and 4: no doubles, it stays and the turn ends (GW-10.2)")
    home = play(dice(state, 5, 5), StuckRetreat(sq("c8")))
    assert GAME.view(home, WHITE)["log"][1] == (
        "Stuck ship: the dice show 5 and 5: doubles, the ship goes home (GW-10.2)")
    home = play(home, PlaceShip(sq("c0")))
    assert home.log[-1].kind == "placed" and home.log[-1].text("purpose") == "stuck"
    view = GAME.view(home, BLUE)
    assert view["log"][-1] == "White brings its stuck ship home to c0"
    assert view["last_move"]["stuck"] == {"dice": [5, 5], "doubles": True, "line": 1}


def test_a_battle_after_an_automatic_pass_reaches_the_recap() -> None:
    """Issue 31: White passes at the battle window; Blue holds nothing to play there, so its
    pass is an idle one (an auto step); the dice, the win and the capture fell in that step
    and were folded away with it. They are result lines of that step now."""
    state = position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True)
    state = with_hands(state, [cards.OVERCHARGE], [cards.HYPERDRIVE])
    match = Match(GAME, Match.start("warfare", {"cards": "proposed_deck"}, 0).record, (state,))
    match = match.play(Attack(sq("d5"), sq("e6"))).play(PassWindow(False))
    assert match.state.phase == WINDOW and GAME.current_player(match.state) == BLUE
    idle = GAME.idle_pass(match.state)
    assert idle is not None
    match = Match(match.game, match.record, (*match.states[:-1], dice(match.state, 6, 1)))
    match = match.play(idle[0])
    own = recap(match, BLUE, GAME.view_log(match.state, BLUE), LogIndex())
    assert own is not None and own["steps"][-1]["auto"] == "No card to play before the battle dice: passed."
    log = GAME.view_log(match.state, WHITE)
    told = recap(match, WHITE, log, LogIndex())
    assert told is not None
    auto = told["steps"][-1]
    # C-5.4: White reads Blue's pass as any pass, never that Blue held no card to play.
    assert auto["auto"] is None and auto["seat"] == BLUE
    results = [auto["lines"][k] for k in auto["results"]]
    assert results[:3] == [
        "Battle for e6: White rolls 6 = 6, Blue rolls 1 = 1",
        "White wins the battle for e6",
        "White captures Blue's 1 ship on e6: White's stack gains 1 power-up (GW-7)",
    ]
    assert "Blue plays no card" not in results  # the pass itself is no result
    # The battles data points at those lines, as the screen draws them (recapStep).
    battle = GAME.view(match.state, WHITE)["battles"][-1]
    start = len(log) - len(auto["lines"])
    assert {battle["rounds"][0]["line"] - start, battle["result_line"] - start} <= set(auto["results"])


def test_cards_cancelled_and_rerolled_are_results() -> None:
    state = position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True)
    state = with_hands(state, [cards.OVERCHARGE], [cards.COUNTER_INTELLIGENCE])
    state = play(state, Attack(sq("d5"), sq("e6")), PlayCard(cards.OVERCHARGE))
    state = play(dice(state, 6, 1), PlayCard(cards.COUNTER_INTELLIGENCE))
    cancelled = next(e for e in state.log if e.kind == "card_cancelled")
    assert cancelled.num("card") == cards.OVERCHARGE and EVENT_KINDS["card_cancelled"].result
    view = GAME.view(state, WHITE)
    assert "Overcharge is cancelled by Counter-Intelligence (C-5.3)" in view["log"]
    assert "Overcharge is cancelled" in view["battles"][-1]["cards"]
    assert EVENT_KINDS["rerolled"].result and EVENT_KINDS["battle_round"].result


def test_the_computer_player_rebuilds_the_log_from_the_views_events() -> None:
    state = position({"d3": 1, "c8": 1}, {"e6": 1, "a8": 1}, cards=True)
    state = with_hands(state, [cards.EVASIVE_MANEUVER], [cards.COUNTER_INTELLIGENCE])
    state = play(state, PlayCard(cards.EVASIVE_MANEUVER, sq("d3"), sq("c2")))
    assert GAME.current_player(state) == BLUE and state.window is not None
    view = GAME.view(state, BLUE)
    assert "engine_log" not in view and "events" not in GAME.view(state, None)
    assert tuple(Event.from_plain(e) for e in view["events"]) == state.log
    rebuilt = determinize(view, BLUE, 3)
    assert rebuilt.log == state.log and rebuilt.last_actor == WHITE
    assert rebuilt.window is not None and rebuilt.window.chain[0].args == (sq("d3"), sq("c2"))
