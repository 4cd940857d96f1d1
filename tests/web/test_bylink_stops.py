"""Reaction stops in games by link (issue 35, C-5.4): a seat's choice to switch its stops off
travels with its links (a public setting in the record), so that the other device passes for
it and such windows cost no link; the other device never passes for it from the hand it
holds in the record (that is the seat's secret)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from pygame_core import Match

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.storage import HUMAN, LINK

from .test_bylink_logic import Device


def _window_holder(match: Match) -> int | None:
    """The seat asked at an open card window, else None."""
    window = getattr(match.state, "window", None)
    return None if window is None or match.is_over else match.game.current_player(match.state)


def _play(device: Device, quiet: bool, limit: int = 3000) -> dict[str, Any]:
    """This device's person plays the first choice (an attack first), and at a stop where it holds nothing (shown
    only where it may also switch its stops off) passes, switching its stops off if ``quiet``."""
    app = device.app
    for _ in range(limit):
        g = device.model()
        if g["claim"]:  # first: a game may end on this device as it rolls the friend's dice
            app.claim(g["at"])
            continue
        if g["over"] or g["send"]:
            return g
        match = app._require_match()
        legal = match.legal_actions()
        idle = match.game.idle_pass(match.state)
        if idle is None:  # the first choice; a Warfare person attacks when it can (GW-5)
            choice = next((i for i, action in enumerate(legal) if type(action).__name__ == "Attack"), 0)
        else:
            choice = len(legal) - 1 if quiet else legal.index(idle[0])
        app.act(choice, g["at"])
    raise AssertionError("the device never needed its friend")


def _duel(game: str, options: dict[str, Any], seed: int, sends: int, quiet: bool) -> list[tuple[int, Match]]:
    """A game by link between two devices for ``sends`` links; the second seat's person is
    ``quiet``. Each link sent: (the seat it went to, the match it was sent from)."""
    a, b = Device((game,)), Device((game,))
    a.app.new_game(game, options, str(seed), [HUMAN, LINK])
    sender, receiver = a, b
    out: list[tuple[int, Match]] = []
    for _ in range(sends):
        g = _play(sender, quiet and sender is b)
        out.append((g["send"]["seat"], sender.app._require_match()))
        if g["over"]:
            break
        receiver.open(g["send"]["link"])
        sender, receiver = receiver, sender
    return out


def test_a_stop_with_nothing_to_play_is_shown_after_the_claim_where_the_stops_can_be_switched_off() -> None:
    a, b = Device(("genocide",)), Device(("genocide",))
    a.app.new_game("genocide", {"players": 2}, "1", [HUMAN, LINK])
    sender, receiver = a, b
    for _ in range(60):
        g = _play(sender, False)
        receiver.open(g["send"]["link"])
        match = receiver.app._require_match()
        at = len(match.record.actions)
        if _window_holder(match) == 1 and match.game.idle_pass(match.state) is not None:
            shown = receiver.app.claim(at)["game"]
            # Not passed for the person: the pass and "pass, and stop ... no more" are on offer.
            assert len(receiver.app._require_match().record.actions) == at
            assert len(shown["actions"]) == 2 and not shown["send"]
            return
        sender, receiver = receiver, sender
    raise AssertionError("no idle stop reached the second seat")


@pytest.mark.parametrize(("game", "options", "seed"), [
    ("genocide", {"players": 2}, 1),
    ("warfare", {"cards": "proposed_deck", "round_limit": 10}, 2),
])
def test_stops_switched_off_travel_with_the_links_and_their_windows_cost_none(
        game: str, options: dict[str, Any], seed: int) -> None:
    keeping = _duel(game, options, seed, 40, quiet=False)
    quiet = _duel(game, options, seed, 40, quiet=True)

    def window_links(sent: list[tuple[int, Match]]) -> list[Match]:
        return [m for seat, m in sent if seat == 1 and _window_holder(m) == 1]

    # With its stops on, the seat by link gets a link at windows where it holds nothing: the
    # sending device does not pass for it from the hand it holds in the record (a secret).
    assert any(m.game.idle_pass(m.state) is not None for m in window_links(keeping))
    # Once the quiet person switched its stops off (a recorded, public choice), no link goes
    # to it for a window of a kind it switched off: the sending device's engine passed for it.
    for match in window_links(quiet):
        state, window = match.state, match.state.window
        assert state.stops.is_on(1, window.stop_kind), f"a link for a switched-off stop at {len(match.record.actions)}"
    assert len(window_links(quiet)) < len(window_links(keeping))
