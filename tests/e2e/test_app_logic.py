"""The front end's controller and saves, in CPython (no browser): the logic the page renders."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from pygame_core import decode_match
from pygame_core.canonical import digest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.controller import App, StorageFailed
from star_web.storage import (
    GAME_PREFIX,
    INDEX_KEY,
    MAX_SAVES,
    MemoryStore,
    SaveEntry,
    SaveStore,
)

SEED = 4242


class Clock:
    def __init__(self) -> None:
        self.t = 1_700_000_000_000

    def __call__(self) -> int:
        self.t += 1000
        return self.t


def _app(kv: MemoryStore | None = None) -> App:
    return App(kv or MemoryStore(), Clock())


def _play(app: App, n: int) -> dict[str, object]:
    model: dict[str, object] = {}
    for _ in range(n):
        game = app._game_model()
        model = app.act(0, game["at"])
    return model


def test_home_lists_spacehole_playable_and_the_others_coming() -> None:
    home = _app().route("")["home"]
    playable = [g["id"] for g in home["games"] if g["playable"]]
    assert playable == ["spacehole"]
    assert len(home["games"]) == 4
    keys = [o["key"] for o in home["games"][0]["options"]]
    assert keys == ["skin", "base_hits", "battle_length"]


def test_every_action_autosaves_a_replayable_blob() -> None:
    kv = MemoryStore()
    app = _app(kv)
    model = app.new_game("spacehole", json.dumps({"base_hits": 5}), str(SEED))
    save_id = model["hash"].removeprefix("g/")
    _play(app, 7)
    blob = kv.get(GAME_PREFIX + save_id)
    assert blob is not None
    match = decode_match(blob)
    assert len(match.record.actions) == 7 and match.record.options == {"base_hits": 5}
    index = json.loads(kv.get(INDEX_KEY) or "")
    assert index["games"][0]["actions"] == 7 and index["games"][0]["turn"] >= 1


def test_only_listed_choices_are_played_and_a_stale_one_is_refused() -> None:
    app = _app()
    app.new_game("spacehole", "{}", str(SEED))
    model = app.act(0, at=5)  # the page saw another moment of the game
    assert model["notices"] == ["That choice is no longer on offer; the board has been refreshed."]
    assert model["game"]["at"] == 0
    model = app.act(99, at=0)
    assert model["game"]["at"] == 0 and model["notices"]


def test_why_not_gives_the_engines_rule_message() -> None:
    app = _app()
    app.new_game("spacehole", "{}", str(SEED))
    answer = app.why_not([3, 0, -1])  # Play card 0: not in the hand at the start
    assert answer["legal"] is False and "(SH-" in answer["why"]
    assert app.why_not([99])["legal"] is False  # not even an action


def test_undo_never_rerolls() -> None:
    """C-3.2: undo stops at the last draw; replaying the same choice gives the same state."""
    app = _app()
    app.new_game("spacehole", "{}", str(SEED))
    for _ in range(40):
        if app._require_match().undo_depth():
            break
        _play(app, 1)
    match = app._require_match()
    assert match.undo_depth() >= 1
    after = digest(match.state)
    legal_index = match.truncated(len(match.record.actions) - 1).legal_actions().index(
        match.game.decode_action(match.record.actions[-1]))
    model = app.undo()
    assert model["game"]["at"] == len(match.record.actions) - 1
    app.act(legal_index, model["game"]["at"])
    assert digest(app._require_match().state) == after


def test_share_links_round_trip() -> None:
    app = _app()
    app.new_game("spacehole", json.dumps({"skin": "babylon5"}), str(SEED))
    _play(app, 9)
    links = app.share()
    challenge = decode_match(links["challenge"].removeprefix("c/"))
    assert challenge.record.seed == SEED and challenge.record.actions == ()
    assert challenge.record.options == {"skin": "babylon5"}
    replay = decode_match(links["replay"].removeprefix("r/"))
    assert replay.record == app._require_match().record
    model = app.route("#" + links["replay"])
    assert model["game"]["mode"] == "replay" and model["game"]["step"] == 9
    assert model["game"]["actions"] == []
    assert app.step(3)["game"]["at"] == 3
    marks = app._game_model()["turn_marks"]
    assert marks and marks[0] == 0 and all(0 <= m < 9 for m in marks)
    forked = app.play_from_here()
    assert forked["game"]["mode"] == "play" and forked["game"]["at"] == 3


@pytest.mark.parametrize("fragment", ["#r/garbage!!", "#c/AAAA", "#x/whatever", "#c/"])
def test_bad_links_show_a_message_and_home(fragment: str) -> None:
    model = _app().route(fragment)
    assert model["screen"] == "home" and model["notices"]


def test_a_corrupt_blob_is_kept_aside_and_the_rest_still_works() -> None:
    kv = MemoryStore()
    app = _app(kv)
    model = app.new_game("spacehole", "{}", str(SEED))
    good = model["hash"].removeprefix("g/")
    _play(app, 3)
    kv.set(GAME_PREFIX + "bad", "not a game at all")
    fresh = _app(kv)
    model = fresh.route("")
    assert any("could not be read" in n for n in model["notices"])
    assert [s["id"] for s in model["home"]["saves"]] == [good]
    assert model["home"]["kept_aside"] == 1
    assert json.loads(fresh.export_kept_aside()) == {"game-bad": "not a game at all"}
    assert fresh.route(f"#g/{good}")["game"]["at"] == 3
    assert fresh.discard_kept_aside()["home"]["kept_aside"] == 0


def test_a_corrupt_index_is_rebuilt_from_the_blobs() -> None:
    kv = MemoryStore()
    app = _app(kv)
    app.new_game("spacehole", "{}", str(SEED))
    _play(app, 2)
    kv.set(INDEX_KEY, "{nope")
    fresh = _app(kv)
    assert fresh.notices and "unreadable" in fresh.notices[0]
    saves = fresh.route("")["home"]["saves"]
    assert len(saves) == 1 and saves[0]["actions"] == 2 and saves[0]["game"] == "spacehole"


def test_old_finished_games_make_room_beyond_the_limit() -> None:
    kv = MemoryStore()
    app = _app(kv)
    for n in range(MAX_SAVES + 3):
        app.new_game("spacehole", "{}", str(n))
    assert len(SaveStore(kv).entries) == MAX_SAVES
    assert sum(k.startswith(GAME_PREFIX) for k in kv.data) == MAX_SAVES


def test_a_refused_write_is_reported_not_fatal() -> None:
    class Full(MemoryStore):
        def set(self, key: str, value: str) -> None:
            raise StorageFailed("quota exceeded")

    app = App(Full(), Clock())
    model = app.new_game("spacehole", "{}", str(SEED))
    assert model["screen"] == "game"
    assert any("could not be saved" in n for n in model["notices"])


def test_a_save_that_unpacks_but_does_not_replay_is_caught_when_opened() -> None:
    import base64
    import zlib

    import msgpack

    kv = MemoryStore()
    app = _app(kv)
    app.new_game("spacehole", "{}", str(SEED))
    # A well-formed record whose actions run out: only replaying it finds the problem.
    raw = msgpack.packb([1, "spacehole", {}, 5, 500, b""], use_bin_type=True)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    blob = base64.urlsafe_b64encode(deflate.compress(raw) + deflate.flush()).decode().rstrip("=")
    SaveStore(kv).put(SaveEntry("odd", "spacehole", "Spacehole", 1, 2, 9, 3, 0, False), blob)
    fresh = _app(kv)
    home = fresh.route("")
    assert "odd" in [s["id"] for s in home["home"]["saves"]]  # listed without a replay...
    model = fresh.route("#g/odd")  # ...and caught, told and kept aside when opened
    assert model["screen"] == "home" and "could not be read" in model["notices"][0]
    assert "odd" not in [s["id"] for s in model["home"]["saves"]]
    assert model["home"]["kept_aside"] == 1


def test_home_shows_the_best_finished_score() -> None:
    """SH-9.3: the home screen keeps a local best score from finished games."""
    app = _app()
    assert app.route("")["home"]["games"][0]["best"] is None
    app.new_game("spacehole", "{}", str(SEED))
    while not app._require_match().is_over:
        _play(app, 1)
    score = app._game_model()["outcome"]["scores"][0]
    assert app.home()["home"]["games"][0]["best"] == score
