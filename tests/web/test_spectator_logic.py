"""A spectator link mid-game (C-4.6, SG-14.4), in the controller: the game so far as a spectator
sees it, holding nothing a spectator may not know, opened read-only on another device
(tests/e2e/test_spectator.py opens one in the browser)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pygame_core import Match
from pygame_core.ai import choose
from pygame_core.codec import unpack_data

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.controller import SPECTATOR_LOG
from star_web.storage import HUMAN

from .test_bylink_logic import Device


def _genocide_mid_game(players: int = 3, rounds: int = 3) -> tuple[Device, Match]:
    device = Device(("genocide",))
    device.app.new_game("genocide", {"players": players}, "5", [HUMAN] + [1] * (players - 1))
    app = device.app
    for _ in range(5000):
        g = device.model()
        match = app._require_match()
        if match.game.view(match.state, None).get("turn_number", 0) > rounds:
            return device, match
        if g["thinking"]:
            app.think(g["at"])
        else:
            seat = match.game.current_player(match.state)
            view = match.game.view(match.state, seat)
            action = choose("genocide", view, match.legal_actions(), level=1, seed=g["at"])
            app.act(match.legal_actions().index(action), g["at"])
    raise AssertionError("no mid-game")


def _secret_values(match: Match) -> set[str]:
    """Strings and numbers only some seat may know: each seat's view minus the spectator's."""
    public = json.dumps(match.game.view(match.state, None), sort_keys=True)
    secret = set()
    for seat in range(match.game.num_players(match.state)):
        own = match.game.view(match.state, seat)
        for value in own.values():
            text = json.dumps(value, sort_keys=True)
            if text not in public and len(text) > 12:
                secret.add(text)
    return secret


def test_the_spectator_link_holds_the_spectators_view_only() -> None:
    device, match = _genocide_mid_game()
    links = device.app.share()
    assert links["spoils"] and links["spectator"].startswith("s/")
    version, game_id, _options, at, view = unpack_data(links["spectator"][2:], items=5_000)
    assert (version, game_id, at) == (1, "genocide", len(match.record.actions))
    public = json.loads(json.dumps(match.game.view(match.state, None)))
    assert view["log"] == public["log"][-SPECTATOR_LOG:]
    # The link carries the words, not the events (issue 31: events are for the computer players).
    assert "events" not in view
    trimmed = ("log", "events")
    assert {k: v for k, v in view.items() if k not in trimmed} == {k: v for k, v in public.items() if k not in trimmed}
    packed = json.dumps(view, sort_keys=True)
    secrets = _secret_values(match)
    assert secrets, "no seat knows anything the spectator does not: the test proves nothing"
    assert not any(secret in packed for secret in secrets)
    # It opens read-only, with no choice, on any device.
    other = Device(("genocide",))
    model = other.open(links["spectator"])
    g = model["game"]
    assert g["mode"] == "spectate" and g["actions"] == [] and g["view"] == view
    assert model["hash"] == links["spectator"]


def test_a_bad_spectator_link_says_so() -> None:
    device = Device(("genocide",))
    for blob in ("s/", "s/abc", "s/" + "A" * 50):
        model = device.open(blob)
        assert model["screen"] == "home" and model["notices"]
