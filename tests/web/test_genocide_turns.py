"""Space Genocide a person can follow (issue 25), in the controller, in CPython: a whole
Advanced Full game against the computer with no stop whose only choice is a pass (C-5.4),
nothing of the engine's notation in what the person reads, and the recap of the computer's
turn (issue 24) holding the steps the screen tells as moves."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from pygame_core import ai

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.controller import App
from star_web.storage import HUMAN, MemoryStore

from .test_app_logic import Clock

# What a player must not meet with the log's Details closed (issue 25), once the shell has put
# the dice records ("  roll ...") and parenthesised rule numbers behind the toggle.
RAW = re.compile(r"\bSG-?[0-9]|SG\.[a-z]|ship#[0-9]")
RULE_ID = re.compile(
    r"\s*\((?:see )?(?:C|SG)-?[0-9][0-9A-Za-z.]*(?:(?:,|;| and| or)\s*(?:(?:C|SG)-?)?[0-9][0-9A-Za-z.]*)*\)")


def _shown(line: str) -> str:
    return RULE_ID.sub("", line)


def _person(g: dict[str, Any], app: App, n: int) -> int:
    """The person plays as the computer would at level 1 (the game ends), by index."""
    match = app._require_match()
    state = match.state
    view = match.game.view(state, 0)
    action = ai.choose("genocide", view, match.legal_actions(), level=1, seed=n)
    return match.legal_actions().index(action)


def test_a_whole_advanced_full_game_has_no_pass_only_stop_and_no_engine_words() -> None:
    app = App(MemoryStore(), Clock(), playable=["genocide"])
    app.new_game("genocide", {"round_limit": 20}, "7", [HUMAN, 1])
    stops = passes = 0
    computer_turns_with_moves = 0
    for n in range(6000):
        g = app._game_model()
        if g["over"]:
            break
        if g["thinking"]:
            app.think(g["at"])
            continue
        stops += 1
        kinds = {a["kind"] for a in g["actions"]}
        assert kinds != {"Pass"}, f"a stop with only a pass at {g['at']}: {g['status']}"
        passes += "Pass" in kinds
        for line in g["view"]["log"][-40:]:
            if not line.startswith("  roll "):
                assert not RAW.search(_shown(line)), line
        for a in g["actions"]:
            assert not RAW.search(_shown(a["label"])), a["label"]
        steps = (g["recap"] or {}).get("steps", [])
        for s in steps:
            assert s["auto"] is None or not RAW.search(s["auto"])
        if any(s["seat"] == 1 for s in steps):
            match = app._require_match()
            moved = [s for s in steps if s["seat"] == 1
                     and type(match.game.decode_action(match.record.actions[s["at"]])).__name__ == "Step"]
            computer_turns_with_moves += bool(moved)
        app.act(_person(g, app, n), g["at"])
    else:
        raise AssertionError("the game did not end")
    assert app._game_model()["over"]
    assert stops > 50 and computer_turns_with_moves > 3
    match = app._require_match()
    idle = [p for p in range(len(match.record.actions))
            if match.game.current_player(match.states[p]) == 0 and match.game.idle_pass(match.states[p])]
    assert idle, "no idle window in the whole game: the test proves nothing"
    outcome = app._game_model()["outcome"]
    assert outcome is not None and not RAW.search(_shown(outcome["reason"]))
