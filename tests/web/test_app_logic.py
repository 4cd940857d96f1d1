"""The front end's controller and saves, in CPython (no browser): the logic the page renders."""

from __future__ import annotations

import json
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from pygame_core import GAMES, Match, decode_match, encode_link
from pygame_core.canonical import digest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.controller import App, StorageFailed
from star_web.storage import (
    EVERY_STOP_KEY,
    GAME_PREFIX,
    HUMAN,
    INDEX_KEY,
    MAX_SAVES,
    MemoryStore,
    SaveEntry,
    SaveStore,
)
from star_web.worker_api import Api

SEED = 4242
STALE = "That choice is no longer on offer; the board has been refreshed."


class Clock:
    def __init__(self) -> None:
        self.t = 1_700_000_000_000

    def __call__(self) -> int:
        self.t += 1000
        return self.t


STEPWISE = '["spacehole", "skirmish"]'
"""The games whose "Confirm every step" is on in these tests: each step one act, as they count;
the default a player gets (steps with one thing to do play themselves) is test_daily_logic's
and test_turn_logic's."""


def stepwise(kv: MemoryStore | None = None) -> MemoryStore:
    """``kv`` (a new store by default) with Confirm every step on, unless it says otherwise."""
    kv = kv if kv is not None else MemoryStore()
    if kv.get(EVERY_STOP_KEY) is None:
        kv.set(EVERY_STOP_KEY, STEPWISE)
    return kv


def _app(kv: MemoryStore | None = None, playable: tuple[str, ...] = ("spacehole",)) -> App:
    return App(stepwise(kv), Clock(), playable=list(playable))


def done(job: Any) -> dict[str, Any]:
    """Run a command to its model: a job (generator) to its end, a plain model as it is."""
    if not isinstance(job, Generator):
        model: dict[str, Any] = job
        return model
    while True:
        try:
            next(job)
        except StopIteration as finished:
            result: dict[str, Any] = finished.value
            return result


def _new(app: App, options: dict[str, Any] | None = None, seed: int = SEED) -> dict[str, Any]:
    return app.new_game("spacehole", options or {}, str(seed), [HUMAN])


def _play(app: App, n: int) -> dict[str, Any]:
    model: dict[str, Any] = {}
    for _ in range(n):
        game = app._game_model()
        model = app.act(0, game["at"])
    return model


def test_home_model_lists_saves_not_games() -> None:
    """The catalogue is the page's (HTML at first paint); the engine's home lists the saves."""
    model = done(_app().route(""))
    assert model["screen"] == "home" and model["home"] == {"saves": [], "best": [], "record": [], "kept_aside": 0}


def test_setup_and_a_challenge_open_the_form_not_the_game() -> None:
    app = _app()
    setup = done(app.route("#new/spacehole"))
    assert setup["screen"] == "setup" and setup["hash"] == "new/spacehole"
    assert setup["setup"] == {"game_id": "spacehole", "options": {}, "challenge": "", "beat": None}
    blob = encode_link(Match.start("spacehole", {"base_hits": 5}, SEED))
    challenge = done(app.route("#c/" + blob))
    assert challenge["screen"] == "setup" and challenge["hash"] == "c/" + blob
    assert challenge["setup"]["options"] == {"base_hits": 5}
    assert challenge["setup"]["challenge"] == blob
    # Accepting it starts the link's own seed and options, whatever the form sends.
    game = app.new_game("spacehole", {"base_hits": 10}, "1", [HUMAN], challenge=blob)
    assert game["screen"] == "game" and game["hash"].startswith("g/")
    assert app._require_match().record.seed == SEED
    assert app._require_match().record.options == {"base_hits": 5}


def test_a_game_without_a_screen_is_not_opened() -> None:
    app = _app()
    for fragment in ("#new/genocide", "#c/" + encode_link(Match.start("warfare", {}, 3))):
        model = done(app.route(fragment))
        assert model["screen"] == "home" and model["notices"]


def test_every_action_autosaves_a_replayable_blob() -> None:
    kv = MemoryStore()
    app = _app(kv)
    model = _new(app, {"base_hits": 5})
    save_id = model["hash"].removeprefix("g/")
    _play(app, 7)
    blob = kv.get(GAME_PREFIX + save_id)
    assert blob is not None
    match = decode_match(blob)
    assert len(match.record.actions) == 7 and match.record.options == {"base_hits": 5}
    index = json.loads(kv.get(INDEX_KEY) or "")
    assert index["games"][0]["actions"] == 7 and index["games"][0]["turn"] >= 1
    assert index["games"][0]["seats"] == [HUMAN]


def test_only_listed_choices_are_played_and_a_stale_one_is_refused() -> None:
    app = _app()
    _new(app)
    model = app.act(0, at=5)  # the page saw another moment of the game
    assert model["notices"] == [STALE]
    assert model["game"]["at"] == 0
    model = app.act(99, at=0)
    assert model["game"]["at"] == 0 and model["notices"] == [STALE]
    model = app.act(0, at=-1)
    assert model["game"]["at"] == 0 and model["notices"] == [STALE]


def test_the_worker_api_runs_commands_as_jobs_with_storage_writes() -> None:
    """What the worker does with the page's messages: a command, its model, its writes."""
    api = Api("{}", json.dumps(["spacehole"]))

    def call(cmd: str, *args: Any) -> dict[str, Any]:
        api.start(json.dumps({"cmd": cmd, "args": list(args), "now": 1_700_000_000_000}))
        while True:
            text = api.step()
            out: dict[str, Any] = json.loads(text)
            # engine-worker.js tells an answer from a progress report by its first characters.
            assert text.startswith('{"progress"') == ("progress" in out)
            if "progress" not in out:
                return out

    out = call("new", "spacehole", {}, str(SEED), [HUMAN], "")
    assert out["model"]["screen"] == "game" and not out["error"]
    keys = {key for key, _ in out["writes"]}
    save_id = out["model"]["hash"].removeprefix("g/")
    assert keys == {INDEX_KEY, GAME_PREFIX + save_id}
    stale = call("act", 0, -1)
    assert stale["model"]["notices"] == [STALE] and stale["writes"] == []
    assert call("act", 0, 0)["model"]["game"]["at"] == 1
    with pytest.raises(ValueError):
        call("no-such-command")


def test_why_not_gives_the_engines_rule_message() -> None:
    app = _app()
    _new(app)
    answer = app.why_not([3, 0, -1])  # Play card 0: not in the hand at the start
    assert answer["legal"] is False and answer["why"] and answer["rule"].startswith("SH-")
    assert "(SH-" not in answer["why"]  # the reason alone; the rule comes apart
    assert app.why_not([99])["legal"] is False  # not even an action


def test_ask_answers_the_screens_question_and_changes_nothing() -> None:
    """Issue 32: the designer asks the rules about a half-made design (Game.query)."""
    app = _app(playable=("skirmish",))
    done(app.new_game("skirmish", {}, str(SEED), [HUMAN, HUMAN]))
    design = {"engine": 5, "shields": 3, "to_hit": 3, "weapons": ["F", "FL", "FR"]}
    assert app.ask("design", {"designs": [design]})["answer"] is None  # behind the hand-off: no seat
    app.reveal(0)  # West took the device
    before = app._require_match().record.actions
    answer = app.ask("design", {"designs": [design]})
    assert answer["why"] == "" and answer["answer"]["designs"][0]["bp"] == 17
    assert answer["answer"]["designs"][0]["legal"] is False  # the duel's ships cost at most 15 BP
    assert app._require_match().record.actions == before
    refused = app.ask("no such question", {})
    assert refused["answer"] is None and "no question" in refused["why"]

def test_arrange_answers_the_seat_on_screen_with_its_draft_kept() -> None:
    """Issue 32: "Arrange for me" is the game's own answer (Game.query "arrange",
    genocide/arrange.py) for the seat whose setup is on screen, keeping its draft; another
    seat, or a game that answers no such question, gets none and a reason."""
    app = _app(playable=("genocide",))
    app.new_game("genocide", {"preset": "classic"}, "5", [HUMAN, HUMAN])
    assert app.match is not None
    seat = app.match.game.current_player(app.match.state)
    app.viewer = seat
    hand = app.match.state.hands[seat]
    mine = [pid for pid, p in enumerate(app.match.state.planets) if p.owner == seat]
    answer = app.ask("arrange", {"fleets": {str(hand[0]): mine[-1]}})["answer"]
    places = dict(answer["fleets"])
    assert set(places) == set(hand) and places[hand[0]] == mine[-1]
    app.viewer = 1 - seat  # not the seat setting up: nothing
    refused = app.ask("arrange", {"fleets": {}})
    assert refused["answer"] is None and "setting up" in refused["why"]
    other = _app()
    _new(other)
    other.viewer = 0
    assert other.ask("arrange", {})["answer"] is None  # Spacehole answers no such question


def test_undo_never_rerolls() -> None:
    """C-3.2: undo stops at the last draw; replaying the same choice gives the same state."""
    app = _app()
    _new(app)
    for _ in range(40):
        if app._game_model()["undo"]:
            break
        _play(app, 1)
    match = app._require_match()
    depth = app._game_model()["undo"]
    assert depth >= 1
    after = digest(match.state)
    taken = match.record.actions[-depth:]
    model = app.undo()
    assert model["game"]["at"] == len(match.record.actions) - depth
    for wire in taken:
        now = app._require_match()
        app.act(now.legal_actions().index(now.game.decode_action(wire)), len(now.record.actions))
    assert digest(app._require_match().state) == after


def test_share_links_round_trip() -> None:
    app = _app()
    _new(app, {"skin": "babylon5"})
    _play(app, 9)
    links = app.share()
    challenge = decode_match(links["challenge"].removeprefix("c/"))
    assert challenge.record.seed == SEED and challenge.record.actions == ()
    assert challenge.record.options == {"skin": "babylon5"}
    replay = decode_match(links["replay"].removeprefix("r/"))
    assert replay.record == app._require_match().record
    model = done(app.route("#" + links["replay"]))
    assert model["game"]["mode"] == "replay" and model["game"]["step"] == 9
    assert model["hash"] == links["replay"]  # the address stays the link: a reload shows it again
    assert model["game"]["actions"] == []
    assert app.step(3)["game"]["at"] == 3
    marks = app._game_model()["turn_marks"]
    assert marks and marks[0] == 0 and all(0 <= m < 9 for m in marks)
    forked = app.play_from_here()
    assert forked["game"]["mode"] == "play" and forked["game"]["at"] == 3


def test_a_long_replay_reports_progress_and_can_be_dropped() -> None:
    """A link replays in chunks with (done, total) between them (the page's progress and Cancel)."""
    match = Match.start("spacehole", {}, SEED)
    while not match.is_over:
        match = match.play(match.legal_actions()[0])
    total = len(match.record.actions)
    assert total > 100
    app = _app()
    job = app.route("#r/" + encode_link(match))
    import star_web.controller as controller

    old, controller.REPLAY_CHUNK = controller.REPLAY_CHUNK, 25
    try:
        reports = []
        while True:
            try:
                reports.append(next(job))
            except StopIteration as finished:
                model = finished.value
                break
    finally:
        controller.REPLAY_CHUNK = old
    assert reports and all(t == total for _, t in reports)
    assert [d for d, _ in reports] == sorted(d for d, _ in reports) and reports[-1][0] < total
    assert model["game"]["steps"] == total
    api = Api("{}", json.dumps(["spacehole"]))
    api.start(json.dumps({"cmd": "route", "args": ["#r/" + encode_link(match)], "now": 1}))
    controller.REPLAY_CHUNK = 25
    try:
        # The worker reads a report by its first characters, never a whole answer (engine-worker.js).
        report = api.step()
        assert report.startswith('{"progress"') and "progress" in json.loads(report)
    finally:
        controller.REPLAY_CHUNK = old
    cancelled = json.loads(api.cancel())
    assert cancelled["model"]["screen"] == "home"
    assert cancelled["model"]["notices"] == ["Opening the game was cancelled."]


@pytest.mark.parametrize("fragment", ["#r/garbage!!", "#c/AAAA", "#x/whatever", "#c/", "#g/nosuchsave"])
def test_bad_links_show_a_message_and_home(fragment: str) -> None:
    model = done(_app().route(fragment))
    assert model["screen"] == "home" and model["notices"]


def test_a_corrupt_blob_is_kept_aside_and_the_rest_still_works() -> None:
    kv = MemoryStore()
    app = _app(kv)
    model = _new(app)
    good = model["hash"].removeprefix("g/")
    _play(app, 3)
    kv.set(GAME_PREFIX + "bad", "not a game at all")
    fresh = _app(kv)
    model = done(fresh.route(""))
    assert any("could not be read" in n for n in model["notices"])
    assert [s["id"] for s in model["home"]["saves"]] == [good]
    assert model["home"]["kept_aside"] == 1
    assert json.loads(fresh.export_kept_aside()["text"]) == {"game-bad": "not a game at all"}
    assert done(fresh.route(f"#g/{good}"))["game"]["at"] == 3
    assert fresh.discard_kept_aside()["home"]["kept_aside"] == 0


def test_a_corrupt_index_is_rebuilt_from_the_blobs() -> None:
    kv = MemoryStore()
    app = _app(kv)
    _new(app)
    _play(app, 2)
    kv.set(INDEX_KEY, "{nope")
    fresh = _app(kv)
    assert fresh.notices and "unreadable" in fresh.notices[0]
    saves = done(fresh.route(""))["home"]["saves"]
    assert len(saves) == 1 and saves[0]["actions"] == 2 and saves[0]["game"] == "spacehole"


def test_old_finished_games_make_room_beyond_the_limit() -> None:
    kv = MemoryStore()
    app = _app(kv)
    for n in range(MAX_SAVES + 3):
        _new(app, seed=n)
    assert len(SaveStore(kv).entries) == MAX_SAVES
    assert sum(k.startswith(GAME_PREFIX) for k in kv.data) == MAX_SAVES


def test_a_refused_write_is_reported_not_fatal() -> None:
    class Full(MemoryStore):
        def set(self, key: str, value: str) -> None:
            raise StorageFailed("quota exceeded")

    app = App(Full({EVERY_STOP_KEY: STEPWISE}), Clock(), playable=["spacehole"])
    model = _new(app)
    assert model["screen"] == "game"
    assert any("could not be saved" in n for n in model["notices"])


def test_a_save_that_unpacks_but_does_not_replay_is_caught_when_opened() -> None:
    import base64
    import zlib

    import msgpack

    kv = MemoryStore()
    app = _app(kv)
    _new(app)
    # A well-formed record whose actions run out: only replaying it finds the problem.
    raw = msgpack.packb([1, "spacehole", {}, 5, 500, b""], use_bin_type=True)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    blob = base64.urlsafe_b64encode(deflate.compress(raw) + deflate.flush()).decode().rstrip("=")
    SaveStore(kv).put(SaveEntry("odd", "spacehole", "Spacehole", 1, 2, 9, 3, 0, False), blob)
    fresh = _app(kv)
    home = done(fresh.route(""))
    assert "odd" in [s["id"] for s in home["home"]["saves"]]  # listed without a replay...
    model = done(fresh.route("#g/odd"))  # ...and caught, told and kept aside when opened
    assert model["screen"] == "home" and "could not be read" in model["notices"][0]
    assert "odd" not in [s["id"] for s in model["home"]["saves"]]
    assert model["home"]["kept_aside"] == 1


def test_a_finished_game_keeps_its_score_in_the_index() -> None:
    """SH-9.3: the page shows the best finished score from the index's score and over fields."""
    kv = MemoryStore()
    app = _app(kv)
    _new(app)
    while not app._require_match().is_over:
        _play(app, 1)
    score = app._game_model()["outcome"]["scores"][0]
    entry = json.loads(kv.get(INDEX_KEY) or "")["games"][0]
    assert entry["over"] is True and entry["score"] == score
    assert entry["label"].startswith("Finished")


def _finish(app: App) -> int:
    """Play the game on screen to its end with the first choice each time; its score."""
    while not app._require_match().is_over:
        _play(app, 1)
    score: int = app._game_model()["outcome"]["scores"][0]
    return score


def test_undo_after_the_end_does_not_unfinish_the_game() -> None:
    app = _app()
    _new(app)
    _finish(app)
    assert app._game_model()["undo"] == 0
    model = app.undo()
    assert app._require_match().is_over and model["notices"]
    assert model["game"]["over"] and model["game"]["outcome"] is not None


def test_best_scores_are_kept_per_option_set_and_survive_trimming() -> None:
    """SH-9.3: each option set has its own best; the end model compares with the best before."""
    kv = MemoryStore()
    app = _app(kv)
    _new(app, {"base_hits": 5}, seed=1)
    first = _finish(app)
    assert app._game_model()["best"] is None  # the first finished game with these options
    _new(app, {"base_hits": 5}, seed=2)
    second = _finish(app)
    assert app._game_model()["best"] == first  # the best before this game, not counting it
    _new(app, {"skin": "babylon5"}, seed=3)
    other = _finish(app)
    assert app._game_model()["best"] is None  # another option set starts afresh
    groups = {(g["game"], g["options"]["base_hits"], g["options"]["skin"]): g["best"]
              for g in done(app.route(""))["home"]["best"]}
    assert groups == {("spacehole", 5, "spacehole"): max(first, second), ("spacehole", 10, "babylon5"): other}
    # The saves may be trimmed or deleted: the scores stay.
    for entry in list(app.saves.entries):
        app.delete(entry.id)
    again = _app(kv)
    assert {g["best"] for g in done(again.route(""))["home"]["best"]} == {max(first, second), other}


def test_saves_from_before_the_index_held_options_get_them_and_their_best() -> None:
    kv = MemoryStore()
    app = _app(kv)
    _new(app, {"skin": "babylon5"})
    score = _finish(app)
    index = json.loads(kv.get(INDEX_KEY) or "")
    for line in index["games"]:
        del line["options"]
    kv.set(INDEX_KEY, json.dumps(index))
    kv.remove("startable:best")
    home = done(_app(kv).route(""))["home"]
    assert home["saves"][0]["options"]["skin"] == "babylon5"
    assert [g["best"] for g in home["best"]] == [score]


def test_a_challenge_link_carries_the_score_to_beat_and_keeps_it() -> None:
    kv = MemoryStore()
    app = _app(kv)
    _new(app, {"base_hits": 5})
    score = _finish(app)
    link = app.share()["challenge"]
    assert link.endswith(f"?beat={score}")
    setup = done(app.route("#" + link))
    assert setup["screen"] == "setup" and setup["setup"]["beat"] == score and setup["hash"] == link
    game = app.new_game("spacehole", {}, "1", [HUMAN], challenge=setup["setup"]["challenge"], beat=score)
    assert game["game"]["beat"] == score
    save_id = game["hash"].removeprefix("g/")
    _play(app, 2)
    reopened = done(_app(kv).route(f"#g/{save_id}"))  # a reload keeps the score to beat
    assert reopened["game"]["beat"] == score
    # A score that is not a number is left out, and the link still opens.
    assert done(app.route("#" + link.replace(f"beat={score}", "beat=<b>")))["setup"]["beat"] is None


def test_accepting_a_challenge_twice_opens_the_same_unplayed_save() -> None:
    app = _app()
    blob = encode_link(Match.start("spacehole", {"base_hits": 5}, SEED))
    first = app.new_game("spacehole", {}, "1", [HUMAN], challenge=blob)
    done(app.route(""))
    second = app.new_game("spacehole", {}, "1", [HUMAN], challenge=blob)
    assert second["hash"] == first["hash"] and len(app.saves.entries) == 1
    _play(app, 1)  # once played, accepting it again is a fresh try
    third = app.new_game("spacehole", {}, "1", [HUMAN], challenge=blob)
    assert third["hash"] != first["hash"] and len(app.saves.entries) == 2


# -- seats, computer turns and hand-offs (DESIGN 5) ---------------------------------------


def _secret_options(game_id: str) -> dict[str, Any] | None:
    """Options under which ``game_id`` has hidden information from the start, if any."""
    game = GAMES[game_id]
    candidates: list[dict[str, Any]] = [{}]
    for spec in game.option_schema:
        candidates += [{spec.key: c} for c in spec.choices if c != spec.default]
    for options in candidates:
        match = Match.start(game_id, options, 1)
        if match.game.view(match.state, None).get("secrets"):
            return options
    return None


SECRET_GAMES = [g for g in GAMES if g != "spacehole" and _secret_options(g) is not None]


@pytest.mark.parametrize("game_id", SECRET_GAMES)
def test_hot_seat_hands_off_with_nothing_private_in_the_model(game_id: str) -> None:
    """Two people at one device: between their turns the model holds no view and no action;
    after "reveal" it holds the view of the seat to move, and only its legal actions."""
    options = _secret_options(game_id)
    assert options is not None
    app = _app(playable=(game_id,))
    match = Match.start(game_id, options, 7)
    seats = [HUMAN] * match.game.num_players(match.state)
    model = app.new_game(game_id, options, "7", seats)
    assert model["screen"] == "game", model["notices"]
    handoffs = 0
    for _ in range(400):
        g = app._game_model()
        if g["over"] or handoffs >= 4:
            break
        if g["handoff"]:
            handoffs += 1
            assert g["view"] is None and g["actions"] == [] and g["viewer"] is None
            assert g["handoff"]["seat"] == g["to_move"]
            assert app.act(0, g["at"])["game"]["at"] == g["at"]  # no move behind a hand-off
            assert app.undo()["game"]["at"] == g["at"]  # nor an undo of the other person's move
            shown = app.reveal(g["at"])["game"]
            seat = shown["to_move"]
            match = app._require_match()
            assert shown["viewer"] == seat and shown["handoff"] is None
            assert shown["view"] == json.loads(json.dumps(match.game.view(match.state, seat)))
            assert len(shown["actions"]) == len(match.legal_actions())
            continue
        app.act(0, g["at"])
    assert handoffs >= 2, "no hand-off between the two people"


def test_computer_seats_play_through_think_and_people_see_their_own_view() -> None:
    from star_web.controller import ai_levels

    game_id = next((g for g in GAMES if g != "spacehole" and len(ai_levels(g)) >= 2), None)
    if game_id is None:
        pytest.skip("no multi-seat game has computer levels yet")
    app = _app(playable=(game_id,))
    match = Match.start(game_id, {}, 5)
    count = match.game.num_players(match.state)
    seats = [HUMAN] + [1] * (count - 1)
    model = app.new_game(game_id, {}, "5", seats)
    thought = 0
    for _ in range(2000):
        g = app._game_model()
        if g["over"]:
            break
        assert g["handoff"] is None  # one person: no one to hand the device to
        assert g["viewer"] == 0
        if g["thinking"]:
            assert g["actions"] == []
            model = app.think(g["at"])
            assert model["game"]["at"] > g["at"]  # one action, or a run of quiet ones
            thought += 1
        else:
            assert g["to_move"] == 0 and g["actions"]
            app.act(len(g["actions"]) - 1, g["at"])
    assert thought > 0
    with pytest.raises(LookupError):
        _app().think(0)


def test_a_replay_step_carries_its_movers_view_only_after_the_end() -> None:
    """The screen may word the step shown as its mover saw it, but a spectator of an unfinished
    game gets no seat's view (DESIGN 5, issue 15)."""
    app = _app(playable=("spacehole", "warfare"))
    unfinished = Match.start("warfare", {}, 3)
    for _ in range(6):
        unfinished = unfinished.play(unfinished.legal_actions()[0])
    model = done(app.route("#r/" + encode_link(unfinished)))
    assert model["game"]["last_action"] and model["game"]["last_step"] is None
    _new(app)
    _finish(app)
    model = done(app.route("#" + app.share()["replay"]))
    step = model["game"]["last_step"]
    assert step is not None and step["view"]["to_move"] == 0 and step["kind"]


def test_a_save_with_a_computer_level_no_longer_offered_plays_at_the_top_level() -> None:
    """Issue 28 took Space Genocide's "Hard" (level 3) away; a game saved against it still
    opens, names its computer by the top level and plays on."""
    kv = MemoryStore()
    app = _app(kv, playable=("genocide",))
    app.new_game("genocide", {}, "5", [HUMAN, 2])
    save_id = app.save_id
    index = json.loads(kv.get(INDEX_KEY) or "")
    for line in index["games"]:
        line["seats"] = [HUMAN, 3]
    kv.set(INDEX_KEY, json.dumps(index))
    reopened = _app(kv, playable=("genocide",))
    g = done(reopened.route(f"#g/{save_id}"))["game"]
    assert reopened.seats == [HUMAN, 2]
    assert [s.get("computer") for s in g["seats"]] == [None, "Normal"]
    before = g["at"]
    while reopened.match is not None and reopened.match.game.current_player(reopened.match.state) != 1:
        g = reopened.act(0, reopened._game_model()["at"])["game"]
    g = done(reopened.think(reopened._game_model()["at"]))["game"]
    assert g["at"] > before, "the computer played"
