"""Space Genocide in a player's words and without pass-only stops: the idle pass at a card
window where the seat holds no card it could play (C-5.1, C-5.4, SG-13.2), and the log as
each seat reads it (SG-14: no rule notation outside the dice records, one line per event,
nothing that depends on another seat's hidden counters)."""

from __future__ import annotations

import re
from dataclasses import replace

from pygame_core.events import Event, event
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import EndTransport, Pass, PlayCard
from pygame_core.games.genocide.state import Phase, State
from pygame_core.games.genocide.words import log_lines

from ...conformance.playouts import random_playout
from .helpers import position
from .test_cards import X, cards_pos, num

W, E = 0, 1
# Engine notation a player must not meet outside the dice records (issue 25).
RAW = re.compile(r"\bSG\.[a-z]|ship#[0-9]|\(s\)|pick of|seat=")


def _battle(hands: tuple[tuple[str, ...], tuple[str, ...]]) -> State:
    fleets = [(W, 1, *X, [("monitor", 0)]), (E, 1, *X, [("cruiser", 1)])]
    return GAME.apply(cards_pos(hands, fleets=fleets), EndTransport())


def test_idle_pass_only_where_the_seat_holds_no_card_for_the_window() -> None:
    state = _battle((("surprise_attack",), ("diplomacy",)))
    assert state.phase == Phase.WINDOW and state.window is not None and state.window.kind == "B-pre"
    # West could play Surprise Attack here: a real decision.
    assert GAME.current_player(state) == W and PlayCard(num("surprise_attack")) in GAME.legal_actions(state)
    assert GAME.idle_pass(state) is None
    state = GAME.apply(state, Pass())
    # East is asked (a hand it could hold would have a card for B-pre) but holds only
    # Diplomacy, an own-turn card: the stop has nothing to decide.
    assert state.phase == Phase.WINDOW and GAME.current_player(state) == E
    assert GAME.legal_actions(state) == [Pass()]
    idle = GAME.idle_pass(state)
    assert idle is not None
    action, words = idle
    assert action == Pass() and words == "You held no card to play before the battle, so you passed."


def test_idle_pass_never_where_a_card_could_be_played_by_the_other_seat() -> None:
    state = GAME.apply(_battle((("surprise_attack",), ("ambush",))), Pass())
    assert GAME.current_player(state) == E and PlayCard(num("ambush")) in GAME.legal_actions(state)
    assert GAME.idle_pass(state) is None


def test_idle_pass_never_at_a_decision_that_is_not_a_window() -> None:
    state = cards_pos(((), ()), fleets=[(W, 1, *X, [("monitor", 0)])])
    assert state.phase == Phase.TRANSPORT and GAME.idle_pass(state) is None


def test_idle_pass_over_whole_games_matches_the_legal_actions() -> None:
    """At every decision of seeded Advanced Full games (two and three seats): the pass when a
    window offers nothing but a pass, None everywhere else."""
    seen = 0
    for options, seed in (({}, 11), ({"players": 3}, 12)):
        for match in random_playout("genocide", options, seed):  # type: ignore[arg-type]
            state = match.state
            if GAME.outcome(state) is not None:
                break
            legal = GAME.legal_actions(state)
            idle = GAME.idle_pass(state)
            if state.phase == Phase.WINDOW and not any(isinstance(a, PlayCard) for a in legal):
                assert idle is not None and idle[0] == Pass() and idle[0] in legal
                assert not re.search(r"\b(SG|C)-\d", idle[1])
                seen += 1
            else:
                assert idle is None, (state.phase, legal)
    assert seen > 20


def _game(seed: int, **options: object) -> State:
    *_, last = random_playout("genocide", dict(options), seed)  # type: ignore[arg-type]
    state: State = last.state
    return state


def test_every_log_line_is_in_words_outside_the_dice_records() -> None:
    for seed, options in ((3, {}), (5, {"production": "draw4"}), (6, {"players": 3})):
        state = _game(seed, **options)
        for seat in (None, *range(state.players)):
            for line in log_lines(state, seat):
                if line.startswith("  roll "):
                    continue
                assert not RAW.search(line), line
                assert " the The " not in line


def test_the_log_rebuilt_from_a_view_reads_the_same() -> None:
    """The computer's determinizer builds a state whose log is a view's events (plain data)
    and asks for its view again: the seat reads the same words (issue 31)."""
    state = _game(3)
    for seat in range(2):
        events = GAME.view(state, seat)["events"]
        rebuilt = replace(state, log=tuple(Event.from_plain(e) for e in events))
        assert log_lines(rebuilt, seat) == log_lines(state, seat)


def test_one_line_per_event_for_the_seat_that_drew() -> None:
    state = _game(3)
    log = log_lines(state, W)
    kinds = "|".join(re.escape(t.name) for t in state.data.types)
    drawn = [i for i, line in enumerate(log) if re.match(rf"^West draws ({kinds})$", line)]
    assert drawn
    for i in drawn:
        assert "West draws a ship" not in log[i - 1: i + 2]
    assert "West draws a ship" in log_lines(state, E)  # the other seat: the count only
    assert not any(re.match(r"^West draws \d+ cards?$", line) for line in log)
    assert any(line.startswith("You draw ") for line in log)


def test_no_seats_log_depends_on_another_seats_hidden_counters() -> None:
    """SG-14.1: with a sealed pile, a seat's draws logged as pool indices ("pick of 64 = 50
    15 21") told how many counters below the one drawn were still in the pool, that is, what
    the other seats held. Every seat's log must stay the same whatever the values of the
    random picks over hidden things (pool draws, a hand, a fleet's ships) were."""
    for seed, options in ((5, {"production": "draw4"}), (8, {})):
        state = _game(seed, **options)
        scrambled = []
        for raw in state.log:
            purpose = str(raw.get("purpose", ""))
            public = purpose.startswith(("SG.setup.planet", "SG.setup.terrain"))
            if raw.kind == "roll" and raw.flag("pick") and not public:
                values = tuple(v % 3 + 1 for v in raw.nums("values"))
                raw = event("roll", raw.seen_by, purpose=purpose, sides=raw.num("sides") + 5, pick=True, values=values)
            scrambled.append(raw)
        assert scrambled != list(state.log)
        other = replace(state, log=tuple(scrambled))
        for seat in (None, *range(state.players)):
            assert log_lines(other, seat) == log_lines(state, seat)


def test_the_end_says_the_real_reason_and_the_planets_kept() -> None:
    """SG-10.2: East loses with its Homeworld; it still had its nine other planets (removed
    only by SG-16.5), and the end says so rather than "destroyed the enemy's planets"."""
    from pygame_core.games.genocide.actions import Launch

    from .helpers import cid

    hw = (18, 6)
    state = position("advanced", planets=[(E, *hw, "H")], fleets=[(W, 1, *hw, [("drone", 0)])], dice=[3])
    state = GAME.apply(GAME.apply(state, EndTransport()), Launch(cid("advanced", "drone"), 1))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (W,)
    assert outcome.reason == "West wins: East lost its Homeworld (SG-10.2)"
    assert outcome.scores == (10, 9)
    for seat in (None, W, E):
        view = GAME.view(state, seat)
        assert view["reason"] == outcome.reason
        assert [s["kept"] for s in view["seats"]] == [10, 9]
        assert "Game over: West wins: East lost its Homeworld (SG-10.2)" in view["log"]
        assert not any("destroyed the enemy's planets" in line for line in view["log"])
