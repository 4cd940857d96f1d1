"""Reaction stops a seat can switch off (C-5.4, issue 36): who is asked, what the views say,
what the computer does with the switch, and links made before the switch existed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pygame_core import Match, decode_match
from pygame_core.ai import choose
from pygame_core.games.genocide import actions as A
from pygame_core.games.genocide.ai import determinize
from pygame_core.games.genocide.state import Phase

from ...conformance.playouts import random_action

HERE = Path(__file__).resolve().parent
OPTIONS = {"preset": "advanced_full"}


def _playout(seed: int, players: int = 2, switch_off: float = 0.5, limit: int = 4000) -> list[tuple[Match, int | None]]:
    """A random game under rules 3 in which each offered switch-off is taken with probability
    ``switch_off``; each match is listed with the seat that made the decision before it."""
    chooser = random.Random(seed)
    match = Match.start("genocide", {**OPTIONS, "players": players}, seed)
    out: list[tuple[Match, int | None]] = []
    last: int | None = None
    for _ in range(limit):
        legal = match.legal_actions()
        out.append((match, last))
        if not legal:
            break
        switches = [a for a in legal if isinstance(a, A.PassStopsOff)]
        if switches and chooser.random() < switch_off:
            action = switches[0]
        else:
            action = random_action(chooser, [a for a in legal if not a.SETTING] or legal)
        last = match.game.current_player(match.state)
        match = match.play(action)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_c54_a_seat_with_stops_off_is_asked_only_holding_the_device_with_a_card_to_play(seed: int) -> None:
    switched = 0
    for match, last in _playout(seed, players=2 + seed % 3):
        state = match.state
        if state.phase != Phase.WINDOW or state.stops is None or state.window is None:
            continue
        holder = state.window.holder
        # the switch covers the windows where others may play; one's own windows stay (C-5.4)
        if state.stops.all_off(holder) and state.window.stop_kind in state.stops.kinds:
            switched += 1
            legal = match.legal_actions()
            assert last == holder, f"seat {holder} switched its stops off and was handed a window"
            assert any(isinstance(a, A.PlayCard) for a in legal), "asked with stops off and nothing to play"
            assert not any(isinstance(a, A.PassStopsOff) for a in legal), "offered to switch off twice"
    assert switched or seed != 1, "no seat ever met a window with its stops off: the test proves nothing"


def test_c54_stops_come_back_on_in_ones_own_transport_phase_and_every_seat_is_told() -> None:
    for match, _ in _playout(4, switch_off=1.0):
        legal = match.legal_actions()
        on = [a for a in legal if isinstance(a, A.StopsOn)]
        if not on:
            continue
        state = match.state
        seat = state.active
        assert state.phase == Phase.TRANSPORT and state.stops is not None and state.stops.all_off(seat)
        views = [match.game.view(state, p)["cards"]["stops_off"] for p in (*range(state.players), None)]
        assert all(v == views[0] for v in views) and seat in views[0], "stop settings are PUBLIC"
        after = match.play(on[0])
        assert after.state.stops is not None and not after.state.stops.is_on(seat, "x")
        assert all(after.state.stops.is_on(seat, kind) for kind in after.state.stops.kinds)
        assert seat not in match.game.view(after.state, None)["cards"]["stops_off"]
        told = [line for line in match.game.view(after.state, None)["log"] if "stops back on" in line]
        assert told, "the switch is said in the log"
        return
    raise AssertionError("no seat with its stops off reached its Transport Phase")


def test_the_computer_never_switches_stops_and_a_hint_never_says_to() -> None:
    asked = 0
    for match, _ in _playout(5, switch_off=0.0, limit=1500):
        legal = match.legal_actions()
        if not any(a.SETTING for a in legal):
            continue
        seat = match.game.current_player(match.state)
        view = match.game.view(match.state, seat)
        for level in (0, 1):
            assert not choose("genocide", view, legal, level=level, seed=asked).SETTING
        asked += 1
        if asked >= 20:
            return
    assert asked, "no stop switch offered: the test proves nothing"


def test_without_cards_or_under_rules_2_there_is_no_switch() -> None:
    for options in ({**OPTIONS, "rules": 2}, {"preset": "advanced_basic"}, {"preset": "classic"}):
        match = Match.start("genocide", options, 1)
        assert match.state.stops is None
        cards = match.game.view(match.state, 0).get("cards")
        assert cards is None or cards["stops_off"] is None


def test_a_link_made_before_the_switch_replays_as_it_was_played() -> None:
    """A rules-2 link (tests/golden, before issue 36): its Pass-only stops took no index, so it
    replays only without the switch, as legacy_options brings it back."""
    match = decode_match((HERE / "rules2_advanced_full_3p.link").read_text().strip())
    assert match.record.options.get("rules") == 2 and len(match.record.actions) == 1142
    outcome = match.game.outcome(match.state)
    assert outcome is not None and outcome.reason == "round limit: a draw (SG-10.4)"
    assert all(s.stops is None for s in match.states)


def test_c45_a_sample_keeps_the_stop_settings_and_offers_the_true_legal_actions() -> None:
    """The computer's samples (ai_sample) rebuild who switched stops off from the view."""
    checked = 0
    for match, _ in _playout(6, switch_off=1.0, limit=1200):
        state = match.state
        seat = match.game.current_player(state)
        if seat is None or state.stops is None or not state.stops.off or len(match.legal_actions()) < 2:
            continue
        view = match.game.view(state, seat)
        sample = determinize(view, seat, checked)
        assert sample.stops == state.stops
        assert match.game.legal_actions(sample) == match.legal_actions()
        checked += 1
        if checked >= 15:
            return
    assert checked, "no decision with a seat's stops off: the test proves nothing"
