"""Galactic Warfare in a player's words: the view's log, its battles as data, the battle odds
with the cards played so far (GW-6.3, GW-12 #1), and the idle pass at card windows (C-5.1, C-5.4)."""

from __future__ import annotations

import random
import re
from fractions import Fraction

from pygame_core import Match
from pygame_core.games.warfare import cards, odds, words
from pygame_core.games.warfare.actions import Attack, PassWindow, PlayCard
from pygame_core.games.warfare.state import WINDOW

from .helpers import BLUE, GAME, WHITE, dice, position, sq, with_hands

RAW = re.compile(r"\b(GW|MSC|SG|SH)\.|\w\dx\w\d|\[[\d, ]+\]|power-up\(s\)|ship\(s\)|^(White|Blue): ")


def play(state, *actions):  # type: ignore[no-untyped-def]
    for action in actions:
        state = GAME.apply(state, action)
    return state


def _random_game(seed: int, cards_on: bool) -> Match:
    rnd = random.Random(seed)
    match = Match.start("warfare", {"cards": "proposed_deck"} if cards_on else {}, seed)
    while GAME.outcome(match.state) is None:
        legal = match.legal_actions()
        attacks = [a for a in legal if isinstance(a, Attack)]
        plays = [a for a in legal if isinstance(a, PlayCard)]
        pick = (rnd.choice(attacks) if attacks and rnd.random() < .6
                else rnd.choice(plays) if plays and rnd.random() < .4 else rnd.choice(legal))
        match = match.play(pick)
    return match


def test_every_event_of_whole_games_is_one_line_in_words() -> None:
    """No engine notation outside the dice records (which stay: every die with its purpose)."""
    for seed, cards_on in ((1, True), (2, False), (3, True)):
        match = _random_game(seed, cards_on)
        view = GAME.view(match.state, WHITE)
        assert len(view["log"]) == len(match.state.log) == len(view["log_kinds"])
        for entry, line, kind in zip(match.state.log, view["log"], view["log_kinds"], strict=True):
            assert kind == entry.kind
            if entry.kind == "roll":
                assert line.startswith("  roll GW.") and line.endswith(f"d6 = {entry.num('value')}")
                continue
            assert not RAW.search(line), (entry, line)


def test_a_failed_attack_says_so_and_the_battle_is_data() -> None:
    state = position({"d5": 1}, {"e6": 2, "a8": 1})
    state = play(dice(state, 1, 3, 4), Attack(sq("d5"), sq("e6")))
    view = GAME.view(state, WHITE)
    assert "Blue holds e6: White's attack failed" in " / ".join(view["log"])
    battle = view["battles"][-1]
    assert battle["attacker"] == WHITE and battle["from"] == "d5" and battle["target"] == "e6"
    assert battle["rounds"] == [{"attack": [1], "defend": [3, 4], "tie": False, "line": battle["first_line"] + 1}]
    assert view["log"][battle["result_line"]].startswith("Blue holds e6")
    assert battle["result"] == "lost"
    assert view["last_move"] == {"player": WHITE, "from": "d5", "to": "e6", "attack": True,
                                 "line": battle["first_line"]}


def test_a_capture_says_who_captured_whom() -> None:
    state = position({"d5": 1}, {"e6": 1, "a8": 1})
    state = play(dice(state, 6, 1), Attack(sq("d5"), sq("e6")))
    view = GAME.view(state, BLUE)
    assert "White captures Blue's 1 ship on e6: White's stack gains 1 power-up (GW-7)" in view["log"]
    assert view["battles"][-1]["result"] == "won" and view["battles"][-1]["gained"] == 1


def test_the_odds_count_an_overcharge_already_played_before_it_resolves() -> None:
    """The first window after Overcharge (Blue may answer it) shows the odds with it."""
    state = position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True)
    state = with_hands(state, [cards.OVERCHARGE], [cards.COUNTER_INTELLIGENCE])
    state = play(state, Attack(sq("d5"), sq("e6")))
    before = GAME.view(state, WHITE)["battle"]["odds"]
    assert before["chance"] == float(odds.win_chance(1, 1)) == 0.5
    state = play(state, PlayCard(cards.OVERCHARGE))
    assert state.phase == WINDOW and GAME.current_player(state) == BLUE
    after = GAME.view(state, BLUE)["battle"]["odds"]
    assert (after["attack_dice"], after["defend_dice"]) == (2, 1)
    assert Fraction(after["chance"]).limit_denominator(10_000) == odds.win_chance(2, 1)
    # Answered by Counter-Intelligence, the Overcharge would be cancelled: back to one die.
    state = play(state, PlayCard(cards.COUNTER_INTELLIGENCE))
    cancelled = GAME.view(state, WHITE)
    assert cancelled["battle"] is None or cancelled["battle"]["odds"] is None or (
        cancelled["battle"]["odds"]["attack_dice"] == 1)


def test_idle_pass_only_where_no_card_could_be_played() -> None:
    # Not a window: never.
    state = position({"d5": 1}, {"e6": 1, "a8": 1}, cards=True)
    state = with_hands(state, [cards.OVERCHARGE], [cards.HYPERDRIVE, cards.SALVAGE_CREWS])
    assert GAME.idle_pass(state) is None
    state = play(state, Attack(sq("d5"), sq("e6")))
    # White holds Overcharge at the battle window: it could play it.
    assert GAME.current_player(state) == WHITE and GAME.idle_pass(state) is None
    state = play(state, PassWindow(False))
    # Blue holds no battle card but is asked (its stop is on, its hand public-sized): idle.
    assert state.phase == WINDOW and GAME.current_player(state) == BLUE
    assert not any(isinstance(a, PlayCard) for a in GAME.legal_actions(state))
    idle = GAME.idle_pass(state)
    assert idle is not None
    action, words = idle
    assert action == PassWindow(False) and action in GAME.legal_actions(state)
    assert words == "No card to play before the battle dice: passed."
    assert not re.search(r"\b(GW|C)-\d", words)


def test_idle_pass_over_whole_games_matches_the_legal_actions() -> None:
    """At every decision of seeded games: None unless a window offers no card, the pass then."""
    for seed in (4, 5):
        match = _random_game(seed, True)
        for state in match.states:
            idle = GAME.idle_pass(state)
            legal = GAME.legal_actions(state)
            if state.phase != WINDOW or any(isinstance(a, PlayCard) for a in legal):
                assert idle is None
            else:
                assert idle is not None and idle[0] == PassWindow(False) and idle[0] in legal


def test_the_view_gives_the_odds_of_every_attack_on_offer() -> None:
    """The screen shows these before an attack is committed (no dice table in the page)."""
    state = position({"d5": 2, "c8": 1}, {"e6": 1, "b9": 1, "a8": 1})
    view = GAME.view(state, WHITE)
    offered = {(a.src, a.target) for a in GAME.legal_actions(state) if isinstance(a, Attack)}
    assert {(sq(o["from"]), sq(o["target"])) for o in view["attacks"]} == offered
    by = {o["target"]: o for o in view["attacks"]}
    assert by["e6"]["chance"] == float(odds.win_chance(2, 1)) and not by["e6"]["home"]
    # GW-6.3: a defender in its own home row rolls one die more.
    assert by["b9"]["home"] and (by["b9"]["attack_dice"], by["b9"]["defend_dice"]) == (1, 2)
    assert by["b9"]["chance"] == float(odds.win_chance(1, 2))
    # Blue, to move after the battle, sees its own attacks (c8 from b9 here), none of White's.
    after = GAME.view(play(dice(state, 6, 6, 1), Attack(sq("d5"), sq("e6"))), BLUE)["attacks"]
    assert all(sq(o["from"]) in (sq("b9"), sq("a8")) for o in after)


def test_reading_on_from_a_shorter_log_gives_what_reading_from_the_start_gives() -> None:
    """The view reads each new log on from the cached reading of its prefix (words.read)."""
    match = _random_game(6, True)
    states = match.states
    order = [*range(len(states)), len(states) // 2, 3, len(states) - 1]  # on, then back
    for k in order:
        log = states[k].log
        fresh = words._Reader()
        fresh.feed(log, 0)
        assert words.read(log) == (tuple(fresh.out), tuple(b.plain() for b in fresh.battles[-4:]), fresh.last_move)
        assert words.reader(log).kinds == fresh.kinds and words.reader(log).plain == fresh.plain
