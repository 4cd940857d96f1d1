"""Two tabs' engines over one storage, in CPython (issue 37): a tab told of another's writes
lists its games, and never writes an older game over a newer one."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pygame_core import decode_match

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.controller import App
from star_web.storage import GAME_PREFIX, HUMAN, INDEX_KEY, JournalStore

from .test_app_logic import Clock, done, stepwise


class Tabs:
    """One shared storage (the page's localStorage) and two tabs' engines, each with its copy;
    the page gives each tab the other's writes, as the ``storage`` event does."""

    def __init__(self) -> None:
        self.storage: dict[str, str] = {}
        self.kv = [JournalStore(), JournalStore()]
        self.apps = [App(stepwise(kv), Clock(), playable=["spacehole"]) for kv in self.kv]

    def sync(self, writer: int, tell: bool = True) -> None:
        writes = self.kv[writer].take_journal()
        for key, value in writes:
            if value is None:
                self.storage.pop(key, None)
            else:
                self.storage[key] = value
        if tell:
            done(self.apps[1 - writer].external([[k, v] for k, v in writes]))

    def play(self, tab: int, moves: int) -> dict[str, Any]:
        app = self.apps[tab]
        model: dict[str, Any] = {}
        for _ in range(moves):
            at = len(app.match.record.actions) if app.match else 0
            model = app.act(0, at)
        self.sync(tab)
        return model


def _actions(blob: str) -> int:
    return len(decode_match(blob).record.actions)


def test_a_tab_hears_of_the_other_and_plays_on_from_the_newer_game() -> None:
    tabs = Tabs()
    a, b = tabs.apps
    done(a.new_game("spacehole", {}, "11", [HUMAN]))
    tabs.play(0, 3)
    save_id = a.save_id
    assert save_id is not None
    done(b.route("#g/" + save_id))
    tabs.play(1, 4)
    assert a.saves.changed_elsewhere(save_id)
    model = tabs.play(0, 1)  # A's engine is stale: it shows B's game instead of writing over it
    assert "another tab" in " ".join(model["notices"])
    assert _actions(tabs.storage[GAME_PREFIX + save_id]) == 7
    tabs.play(0, 2)
    assert _actions(tabs.storage[GAME_PREFIX + save_id]) == 9


def test_an_index_write_keeps_the_other_tabs_games() -> None:
    tabs = Tabs()
    a, b = tabs.apps
    done(a.new_game("spacehole", {}, "21", [HUMAN]))
    tabs.sync(0)
    done(b.new_game("spacehole", {}, "22", [HUMAN]))
    tabs.sync(1)
    tabs.play(0, 1)
    index = json.loads(tabs.storage[INDEX_KEY])
    assert {e["id"] for e in index["games"]} == {a.save_id, b.save_id}
