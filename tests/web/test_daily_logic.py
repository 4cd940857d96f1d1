"""Today's deck in the controller, in CPython (issue 33): one scored try a day, then practice;
its result in the history with the day, a streak, and a share text without spoilers."""

from __future__ import annotations

import sys
from pathlib import Path

from pygame_core.daily import daily_seed
from pygame_core.games.spacehole.data import CARDS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.controller import App
from star_web.storage import HUMAN, MemoryStore

from .test_app_logic import Clock, done

DAY = "2026-11-26"


def _finish(app: App) -> None:
    while app.match is not None and not app.match.is_over:
        app.act(0, len(app.match.record.actions))


def test_one_scored_try_a_day_then_practice() -> None:
    app = App(MemoryStore(), Clock(), playable=["spacehole"])
    done(app.daily_game(DAY))
    assert app.match is not None and app.match.record.seed == daily_seed("spacehole", DAY)
    first = app.save_id
    assert app.daily_status(DAY)["daily"]["status"] == "playing"
    app.act(0, 0)
    done(app.daily_game(DAY))  # the try in progress, not a second one
    assert app.save_id == first and len(app.match.record.actions) >= 1
    _finish(app)
    state = app.daily_status(DAY)["daily"]
    assert state["status"] == "done" and state["streak"] == 1 and state["save_id"] == first
    assert [r.daily for r in app.history.results] == [DAY]
    model = done(app.daily_game(DAY))  # practice: another save, outside the day's record
    assert app.save_id != first and "Practice" in " ".join(model["notices"])
    _finish(app)
    assert [r.daily for r in app.history.results] == [DAY, ""]
    assert app.daily_status(DAY)["daily"]["save_id"] == first


def test_the_share_text_tells_the_score_and_turns_only() -> None:
    app = App(MemoryStore(), Clock(), playable=["spacehole"])
    done(app.daily_game(DAY))
    _finish(app)
    state = app.daily_status(DAY)["daily"]
    text = state["share"]
    assert DAY in text and "turns" in text
    names = {card.name for card in CARDS} | {card.b5_name for card in CARDS}
    assert not any(name in text for name in names)


def test_a_streak_counts_days_in_a_row() -> None:
    app = App(MemoryStore(), Clock(), playable=["spacehole"])
    for day in ("2026-11-24", "2026-11-25", DAY):
        done(app.daily_game(day))
        _finish(app)
    assert app.daily_status(DAY)["daily"]["streak"] == 3
    assert app.daily_status("2026-11-27")["daily"]["streak"] == 3  # today not yet played
    assert app.daily_status("2026-11-28")["daily"]["streak"] == 0
    assert app.daily_status("not a day")["daily"] is None


def test_a_pace_line_against_the_best_game_with_the_same_options() -> None:
    app = App(MemoryStore(), Clock(), playable=["spacehole"])
    done(app.new_game("spacehole", {}, "5", [HUMAN]))
    assert done(app.act(0, 0))["game"]["pace"] is None  # no finished game yet
    _finish(app)
    best = app.best.scores[0]
    assert len(best.pace) >= 90 and best.pace[-1] == best.score
    model = done(app.new_game("spacehole", {}, "6", [HUMAN]))
    for _ in range(20):
        model = app.act(0, len(app.match.record.actions))
    pace = model["game"]["pace"]
    assert pace["turn"] >= 1 and pace["best"] == best.pace[pace["turn"] - 1]
    assert pace["score"] == app.match.state.mc
    other = done(app.new_game("spacehole", {"skin": "babylon5"}, "6", [HUMAN]))
    assert other["game"]["pace"] is None  # another card set: another record
