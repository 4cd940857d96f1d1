"""Export, import and the history of finished games, in CPython (issue 37): an import merges
without duplicates, a bad file changes nothing and says why, pruning keeps every result."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import Match, encode_link

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.backup import FORMAT, ImportRefused, export_text, import_text
from star_web.storage import (
    HUMAN,
    MAX_SAVES,
    BestScores,
    EveryStop,
    History,
    MemoryStore,
    Result,
    SaveEntry,
    SaveStore,
    Score,
)


class Device:
    def __init__(self, kv: MemoryStore | None = None) -> None:
        self.kv = kv or MemoryStore()
        self.saves = SaveStore(self.kv)
        self.best = BestScores(self.kv)
        self.history = History(self.kv)
        self.every_stop = EveryStop(self.kv)
        self.made = 0

    def new_id(self, match: Match) -> str:
        self.made += 1
        return f"imported{self.made}"

    def add_game(self, save_id: str, seed: int, moves: int) -> str:
        match = Match.start("spacehole", {}, seed)
        for _ in range(moves):
            match = match.play(match.legal_actions()[0])
        blob = encode_link(match)
        self.saves.put(SaveEntry(save_id, "spacehole", "Spacehole", 1, 2 + seed, moves, 1, None, False,
                                 seats=[HUMAN]), blob)
        return blob

    def export(self) -> str:
        return export_text(self.saves, self.best, self.history, self.every_stop)

    def import_(self, text: str) -> str:
        return import_text(text, self.saves, self.best, self.history, self.every_stop, self.new_id)


def _result(n: int, won: bool = True, score: int | None = 100) -> Result:
    return Result(id=f"r{n}", game="spacehole", options={"skin": "classic"}, when=1000 + n, won=won,
                  score=score, turns=10)


def test_export_then_import_on_another_device_brings_everything() -> None:
    home = Device()
    home.add_game("a", 1, 3)
    home.add_game("b", 2, 5)
    home.best.record(Score("spacehole", {"skin": "classic"}, 900, "old", 5))
    home.history.record(_result(1))
    home.every_stop.set("genocide", True)
    text = home.export()
    other = Device()
    words = other.import_(text)
    assert "2 games added" in words and "1 finished game added" in words
    assert {e.id for e in other.saves.entries} == {"a", "b"}
    assert other.saves.blob("a") == home.saves.blob("a")
    assert other.best.best("spacehole", {"skin": "classic"}) == 900
    assert [r.id for r in other.history.results] == ["r1"]
    assert "genocide" in other.every_stop
    # Again: nothing twice.
    assert "0 games added, 2 already here" in other.import_(text)
    assert len(other.saves.entries) == 2 and len(other.history.results) == 1


def test_an_import_keeps_both_games_when_their_ids_collide() -> None:
    home = Device()
    home.add_game("a", 1, 3)
    other = Device()
    other.add_game("a", 7, 2)  # another game under the same id
    other.import_(home.export())
    assert len(other.saves.entries) == 2
    blobs = {other.saves.blob(e.id) for e in other.saves.entries}
    assert home.saves.blob("a") in blobs


def test_a_record_that_does_not_replay_is_skipped_and_counted() -> None:
    home = Device()
    home.add_game("a", 1, 3)
    data = json.loads(home.export())
    data["saves"].append({"entry": data["saves"][0]["entry"] | {"id": "bad"}, "record": "not-a-game"})
    other = Device()
    assert "1 unreadable item skipped" in other.import_(json.dumps(data))
    assert [e.id for e in other.saves.entries] == ["a"]


def test_pruning_saves_keeps_every_result_in_the_history() -> None:
    device = Device()
    for n in range(MAX_SAVES + 5):
        device.history.record(_result(n, won=n % 3 != 0, score=n))
    stats = device.history.stats()
    assert len(stats) == 1
    group = stats[0]
    assert group["played"] == MAX_SAVES + 5
    assert group["won"] == sum(1 for n in range(MAX_SAVES + 5) if n % 3 != 0)
    assert group["best"] == MAX_SAVES + 4
    assert group["longest_streak"] == 2 and len(group["last"]) == 20
    # The history outlives a reload of the store.
    assert History(device.kv).stats() == stats


JUNK = st.recursive(
    st.none() | st.integers() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)
BAD_FILES = st.one_of(
    st.text(max_size=200),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                 max_leaves=20).map(json.dumps),
    st.dictionaries(st.sampled_from(["saves", "best", "history", "settings", "version"]), JUNK, max_size=5)
    .map(lambda d: json.dumps({"format": FORMAT, "version": 1, **d})),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BAD_FILES)
def test_a_bad_file_is_refused_in_words_or_merges_nothing_wrong(text: str) -> None:
    """Fuzz: any file is either refused with a sentence (nothing changed) or read item by item,
    each bad item skipped; the device always stays readable."""
    device = Device()
    device.add_game("a", 1, 2)
    before = dict(device.kv.data)
    try:
        words = device.import_(text)
    except ImportRefused as exc:
        assert str(exc).endswith(".") and device.kv.data == before
        return
    assert words.startswith("Imported:")
    reloaded = Device(device.kv)
    assert reloaded.saves.problems == [] and reloaded.history.problems == []
    assert reloaded.saves.blob("a") == before["startable:game:a"]
