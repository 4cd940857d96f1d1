"""Games by link between devices (issue 26), in the controller: two ``App``s with their own
storage pass ``#p/`` links; a link is taken only when it extends the game a device holds, and
the first seat's simultaneous orders never travel before the second seat's are in."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import pytest

from pygame_core import Match, RecordError, decode_link, encode_link
from pygame_core.codec import pack_data, unpack_data

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.bylink import MAX_NOTE, Envelope, encode_play_link, split_play_link
from star_web.controller import App, _check_seats_match
from star_web.linkmoves import concede, keep_fork, link_note, rematch, take_fork
from star_web.storage import HUMAN, LINK, MAX_SAVES, MemoryStore

from .test_app_logic import Clock, done, stepwise


class Device:
    """One device: its own storage and controller."""

    def __init__(self, games: tuple[str, ...]) -> None:
        self.kv = MemoryStore()
        self.app = App(stepwise(self.kv), Clock(), playable=list(games))

    def open(self, link: str) -> dict[str, Any]:
        return done(self.app.route("#" + link))

    def model(self) -> dict[str, Any]:
        game: dict[str, Any] = self.app._model("game")["game"]
        return game

    def saved(self) -> dict[str, str]:
        return dict(self.kv.data)


def _play_local(device: Device, choose: int = 0, limit: int = 2000) -> dict[str, Any]:
    """Let this device play (its person picks choice ``choose``, its computers think) until the
    game needs a friend by link, or ends; the model then."""
    app = device.app
    for _ in range(limit):
        g = device.model()
        if g["claim"]:  # first: a game may end on this device as it rolls the friend's dice
            g = app.claim(g["at"])["game"]
            continue
        if g["over"] or g["send"]:
            return g
        if g["handoff"]:
            app.reveal(g["at"])
            continue
        if g["thinking"]:
            app.think(g["at"])
            continue
        assert g["actions"], g["status"]
        app.act(min(choose, len(g["actions"]) - 1), g["at"])
    raise AssertionError("the device never needed its friend")


def _duel(game: str, options: dict[str, Any], seed: int, turns: int = 10_000) -> tuple[Device, Device, int]:
    a, b = Device((game,)), Device((game,))
    match = Match.start(game, options, seed)
    seats = [HUMAN] + [LINK] * (match.game.num_players(match.state) - 1)
    a.app.new_game(game, options, str(seed), seats)
    sender, receiver = a, b
    for sends in range(turns):
        g = _play_local(sender)
        link = g["send"]["link"]
        if g["over"]:
            assert g["send"]["final"]
            receiver.open(link)
            return a, b, sends
        assert link.startswith("p/")
        opened = receiver.open(link)["game"]
        assert opened["claim"] and opened["view"] is None and opened["actions"] == []
        sender, receiver = receiver, sender
    raise AssertionError("no end")


def test_a_warfare_game_by_link_between_two_devices_plays_to_the_end() -> None:
    a, b, sends = _duel("warfare", {"round_limit": 10}, 4)
    assert sends >= 10
    ga, gb = a.model(), b.model()
    assert ga["over"] and gb["over"]
    # Both devices hold the same finished game, each with its own seat as the person.
    assert a.app._require_match().record == b.app._require_match().record
    assert a.app.seats == [HUMAN, LINK] and b.app.seats == [LINK, HUMAN]


def test_a_game_by_link_is_listed_with_whose_turn_it_is() -> None:
    a, b = Device(("warfare",)), Device(("warfare",))
    a.app.new_game("warfare", {}, "9", [HUMAN, LINK])
    g = _play_local(a)
    assert g["send"]["name"] == "Blue"
    assert a.app.home()["home"]["saves"][0]["label"].startswith("Waiting for Blue")
    b.open(g["send"]["link"])
    assert b.app.home()["home"]["saves"][0]["label"].startswith("Your turn")


def test_links_that_do_not_extend_the_game_held_are_refused_and_change_nothing() -> None:
    a, b = Device(("warfare",)), Device(("warfare",))
    a.app.new_game("warfare", {}, "9", [HUMAN, LINK])
    first = _play_local(a)["send"]["link"]
    b.open(first)
    second = _play_local(b)["send"]["link"]
    a.open(second)
    third = _play_local(a)["send"]["link"]
    b.open(third)
    saved = b.saved()
    blob, envelope = split_play_link(third.removeprefix("p/"))
    record = decode_link(blob)
    # An earlier move changed: replay the same game with another first choice.
    match = Match.start("warfare", record.options, record.seed)
    match = match.play(match.legal_actions()[-1])
    for wire in record.actions[1:]:
        action = match.game.decode_action(wire)
        if action not in match.legal_actions():
            break
        match = match.play(action)
    changed = "p/" + encode_play_link(encode_link(match), envelope)
    notices = b.open(changed)["notices"]
    assert any("changes moves already made" in n and "it was not opened" in n for n in notices), notices
    # The game itself is unchanged; the friend's version waits beside it for the player's choice.
    games = {k: v for k, v in b.saved().items() if k.startswith("startable:game:")}
    assert games == {k: v for k, v in saved.items() if k.startswith("startable:game:")}
    assert b.model()["bylink"]["fork"]
    keep_fork(b.app)
    assert not b.model()["bylink"]["fork"]
    saved = b.saved()
    # An earlier link of the game: an older position (the device says how to resend its own).
    model = b.open(first)
    assert any("newer position" in n for n in model["notices"])
    assert model["game"]["at"] == len(record.actions)
    assert b.saved() == saved
    # An action removed in the middle: the moves differ from there.
    gap = record.actions[:2] + record.actions[3:]
    try:
        broken = Match.from_record(record.with_actions(gap))
    except RecordError:  # the gap made the record illegal: no such link can be made
        broken = None
    if broken is not None:
        notices = b.open("p/" + encode_play_link(encode_link(broken), envelope))["notices"]
        assert any("not opened" in n for n in notices)
        assert b.saved() == saved
    # The same link twice: nothing new.
    model = b.open(third)
    assert any("nothing new" in n for n in model["notices"])
    assert b.saved() == saved


@pytest.mark.parametrize("payload", [
    "p/",  # empty
    "p/abc",  # no envelope
    "p/" + "A" * 40 + "." + "B" * 10,  # garbled
    "p/" + encode_link(Match.start("warfare", {}, 1)) + ".",  # cut
])
def test_bad_game_links_give_a_message_and_keep_every_save(payload: str) -> None:
    a = Device(("warfare",))
    a.app.new_game("warfare", {}, "3", [HUMAN, 1])
    before = a.saved()
    model = a.open(payload)
    assert model["screen"] == "home" and model["notices"]
    assert a.saved() == before


def test_a_hostile_envelope_is_refused() -> None:
    a = Device(("warfare",))
    blob = encode_link(Match.start("warfare", {}, 1))
    hostile = (Envelope(5, 0, (-1, -1)), Envelope(0, 1, (-1,)), Envelope(0, 1, (-1, 99)), Envelope(0, 1, (-1, 0)))
    for envelope in hostile:
        model = a.open("p/" + encode_play_link(blob, envelope))
        assert model["screen"] == "home" and model["notices"], envelope
    assert not any(k.startswith("startable:game:") for k in a.saved())


def test_a_by_link_record_round_trips() -> None:
    a = Device(("warfare",))
    a.app.new_game("warfare", {"cards": "proposed_deck"}, "5", [HUMAN, LINK])
    link = _play_local(a)["send"]["link"]
    blob, envelope = split_play_link(link.removeprefix("p/"))
    assert decode_link(blob) == a.app._require_match().record
    again = encode_play_link(encode_link(decode_link(blob)), envelope)
    assert split_play_link(again) == (blob, envelope)


# -- simultaneous orders (Minimal Space Combat, MSC-6, MSC-11) ----------------------------------


def _sealed_orders_link() -> tuple[Device, Device, str, Match]:
    """West (device A) designs in secret; its link to East (device B)."""
    a, b = Device(("skirmish",)), Device(("skirmish",))
    a.app.new_game("skirmish", {}, "17", [HUMAN, LINK])
    g = _play_local(a)
    return a, b, g["send"]["link"], a.app._require_match()


def test_the_first_seats_link_holds_only_a_commitment_to_its_secret_orders() -> None:
    _, b, link, match = _sealed_orders_link()
    blob, envelope = split_play_link(link.removeprefix("p/"))
    assert envelope.commit is not None and envelope.plan is None
    record = decode_link(blob)
    # The record stops where the secret phase began; West's locked-in actions are not in it.
    assert len(record.actions) == envelope.commit.cut < len(match.record.actions)
    sealed = match.record.actions[envelope.commit.cut:]
    assert envelope.commit.count is None and sealed  # the commitment says nothing of how many (issue 35)
    raw = unpack_data(link.removeprefix("p/").split(".", 1)[1])
    packed = msgpack.packb([list(w) for w in sealed], use_bin_type=True)
    assert packed not in msgpack.packb(raw, use_bin_type=True)
    # The receiving seat sees no West order: its view of the stand-in hides the stand-ins.
    opened = b.open(link)["game"]
    shown = b.app.claim(opened["at"])["game"]
    assert shown["viewer"] == 1 and shown["actions"]
    assert shown["view"] == b.app._require_match().game.view(b.app._require_match().state, 1)


def test_simultaneous_orders_by_link_commit_then_reveal_and_a_forged_reveal_is_refused() -> None:
    a, b, link, _ = _sealed_orders_link()
    b.open(link)
    reply = _play_local(b)["send"]
    assert reply["seat"] == 0
    _, envelope = split_play_link(reply["link"].removeprefix("p/"))
    assert envelope.plan is not None and envelope.commit is None
    # A plays East's orders after its own sealed ones and goes on; its next link reveals.
    a.open(reply["link"])
    onward = _play_local(a)["send"]["link"]
    forged_from = split_play_link(onward.removeprefix("p/"))
    saved = b.saved()
    # Forged: the same link with another salt (as if West's orders had changed).
    blob2, env2 = forged_from
    assert env2.reveals, "the link after the reveal carries no salt"
    bad = tuple(type(r)(r.cut, r.count, "00" * 16) for r in env2.reveals)
    forged = "p/" + encode_play_link(blob2, Envelope(env2.sender, env2.to, env2.kinds, env2.commit, env2.plan, bad))
    notices = b.open(forged)["notices"]
    assert any("orders were changed after yours were sent" in n for n in notices), notices
    assert b.saved() == saved
    model = b.open(onward)
    assert not model["notices"], model["notices"]
    assert model["game"]["claim"]


def test_a_skirmish_game_by_link_plays_several_turns() -> None:
    a, b, sends = _duel("skirmish", {"turn_limit": 3}, 23)
    assert sends >= 6
    assert a.app._require_match().record == b.app._require_match().record
    assert a.model()["over"]


def test_three_seat_genocide_with_a_friend_by_link_and_a_computer() -> None:
    a, b = Device(("genocide",)), Device(("genocide",))
    options = {"players": 3}
    a.app.new_game("genocide", options, "31", [HUMAN, LINK, 1])
    sender, receiver = a, b
    for _ in range(12):
        g = _play_local(sender)
        assert not g["over"]
        receiver.open(g["send"]["link"])
        sender, receiver = receiver, sender
    ma, mb = a.app._require_match(), b.app._require_match()
    # Each device holds the true game up to where it stands (one may be on a stand-in).
    shorter = min(len(a.app._kept_match().record.actions), len(b.app._kept_match().record.actions))
    assert a.app._kept_match().record.actions[:shorter] == b.app._kept_match().record.actions[:shorter]
    assert ma.record.game == mb.record.game == "genocide"


# -- issue 35: a game's identity, a way out of every dead end, commitments that leak nothing ------


def _refused(model: dict[str, Any], words: str) -> None:
    assert model["screen"] == "home" and any(words in n for n in model["notices"]), model["notices"]


def test_every_link_of_a_game_carries_its_id_and_a_new_device_says_it_cannot_check_the_past() -> None:
    a, b = Device(("warfare",)), Device(("warfare",))
    a.app.new_game("warfare", {}, "9", [HUMAN, LINK])
    first = _play_local(a)["send"]["link"]
    _, envelope = split_play_link(first.removeprefix("p/"))
    assert len(envelope.gid) == 12
    claim = b.open(first)["game"]["claim"]
    assert "first link of this game on this device" in claim["first"]
    reply = _play_local(b)["send"]["link"]
    assert split_play_link(reply.removeprefix("p/"))[1].gid == envelope.gid
    assert not a.open(reply)["game"]["claim"].get("first")


def test_a_known_game_id_with_another_seed_is_refused() -> None:
    a, b = Device(("warfare",)), Device(("warfare",))
    a.app.new_game("warfare", {}, "9", [HUMAN, LINK])
    first = _play_local(a)["send"]["link"]
    b.open(first)
    second = _play_local(b)["send"]["link"]
    a.open(second)
    third = _play_local(a)["send"]["link"]
    saved = b.saved()
    blob, envelope = split_play_link(third.removeprefix("p/"))
    record = decode_link(blob)
    for options, seed in (({}, record.seed + 1), ({"cards": "proposed_deck"}, record.seed)):
        match = Match.start("warfare", options, seed)
        for wire in record.actions:
            action = match.game.decode_action(wire)
            if action not in match.legal_actions():
                break
            match = match.play(action)
        mover = match.game.current_player(match.state) or 0
        forged = Envelope(envelope.sender, mover, envelope.kinds, gid=envelope.gid)
        _refused(b.open("p/" + encode_play_link(encode_link(match), forged)), "its seed or options are not")
        assert b.saved() == saved


def test_a_link_cannot_change_who_plays_where() -> None:
    a, b = Device(("warfare",)), Device(("warfare",))
    a.app.new_game("warfare", {}, "9", [HUMAN, LINK])
    first = _play_local(a)["send"]["link"]
    b.open(first)
    second = _play_local(b)["send"]["link"]
    saved = a.saved()
    blob, env = split_play_link(second.removeprefix("p/"))
    forged = [
        Envelope(1, 1, env.kinds, gid=env.gid),  # to the sender's own seat
        Envelope(0, 1, env.kinds, gid=env.gid),  # from the seat device A plays, to a seat not to move
        Envelope(1, 0, (-1, 1), gid=env.gid),  # the sender's seat a computer
    ]
    for envelope in forged:
        model = a.open("p/" + encode_play_link(blob, envelope))
        assert model["screen"] == "home" and model["notices"], envelope
        assert a.saved() == saved
    assert a.app.seats == [] and a.open(second)["game"]["claim"]
    assert a.app.seats == [HUMAN, LINK]  # never pass-and-play


def test_a_link_with_other_seats_than_the_save_is_refused() -> None:
    a, b = Device(("genocide",)), Device(("genocide",))
    a.app.new_game("genocide", {"players": 3}, "31", [HUMAN, LINK, 1])
    link = _play_local(a)["send"]["link"]
    b.open(link)
    reply = _play_local(b)["send"]["link"]
    blob, env = split_play_link(reply.removeprefix("p/"))
    saved = a.saved()
    forged = Envelope(env.sender, env.to, (-1, -1, -1), gid=env.gid)
    with pytest.raises(RecordError):
        _check_seats_match(a.app.saves.listing()[0].seats, forged, Match.from_record(decode_link(blob)),
                           ["Red", "Blue", "Green"], "Blue")
    model = a.open("p/" + encode_play_link(blob, forged))
    assert model["screen"] == "home" and model["notices"]
    assert a.saved() == saved


def test_the_same_seat_on_two_devices_the_player_takes_the_friends_version() -> None:
    a, b1, b2 = Device(("warfare",)), Device(("warfare",)), Device(("warfare",))
    a.app.new_game("warfare", {}, "9", [HUMAN, LINK])
    first = _play_local(a)["send"]["link"]
    b1.open(first)
    b2.open(first)
    mine = _play_local(b1, choose=1)["send"]["link"]  # played on phone 1, never sent
    a.open(_play_local(b2)["send"]["link"])  # phone 2's move is the one the friend got
    onward = _play_local(a)["send"]["link"]
    model = b1.open(onward)
    assert any("changes moves already made" in n and "both versions are kept" in n for n in model["notices"])
    assert model["game"]["bylink"]["fork"] and model["game"]["at"] == len(decode_link(
        split_play_link(mine.removeprefix("p/"))[0]).actions)
    taken = done(take_fork(b1.app))["game"]
    assert taken["claim"] and not taken["bylink"]["fork"]
    assert b1.app._require_match().record == a.app._require_match().record
    reply = _play_local(b1)["send"]["link"]
    assert not a.open(reply)["notices"]


def test_an_unfinished_game_by_link_is_never_pruned() -> None:
    a = Device(("warfare",))
    for seed in range(MAX_SAVES + 3):
        a.app.new_game("warfare", {}, str(seed + 1), [HUMAN, LINK])
    assert len(a.app.saves.listing()) == MAX_SAVES + 3
    a.app.new_game("warfare", {}, "99", [HUMAN, 1])  # a game with no friend by link: it may go, not them
    assert sum(1 for e in a.app.saves.listing() if LINK in e.seats) == MAX_SAVES + 3


def test_two_commitments_of_different_orders_look_alike() -> None:
    links = []
    for choose in (0, 3):
        a = Device(("skirmish",))
        a.app.new_game("skirmish", {}, "17", [HUMAN, LINK])
        links.append(_play_local(a, choose=choose)["send"]["link"])
    (blob0, env0), (blob1, env1) = (split_play_link(x.removeprefix("p/")) for x in links)
    assert env0.commit and env1.commit and env0.commit.digest != env1.commit.digest
    assert blob0 == blob1 and env0.commit.count is None and env1.commit.count is None
    # Only the random digest, game id and dice commitment differ (their deflated size wobbles by
    # a few characters).
    assert abs(len(links[0]) - len(links[1])) <= 8
    assert (dataclasses.replace(env0, commit=None, gid="", dice="")
            == dataclasses.replace(env1, commit=None, gid="", dice=""))


def test_a_device_that_lost_its_sealed_orders_seals_them_again() -> None:
    _, b, link, _ = _sealed_orders_link()
    b.open(link)
    plan = _play_local(b)["send"]["link"]
    a2 = Device(("skirmish",))  # device A lost its save (and the salt with it)
    model = a2.open(plan)
    assert any("no longer holds" in n for n in model["notices"]), model["notices"]
    assert model["game"]["claim"]
    again = _play_local(a2)["send"]["link"]
    _, env = split_play_link(again.removeprefix("p/"))
    assert env.commit is not None and env.replot
    model = b.open(again)
    assert any("give yours again" in n for n in model["notices"]), model["notices"]
    reply = _play_local(b, choose=1)["send"]["link"]
    assert not [n for n in a2.open(reply)["notices"] if "not opened" in n]
    onward = _play_local(a2)["send"]["link"]
    assert not b.open(onward)["notices"]
    assert b.app._kept_match().record.actions[:len(a2.app._kept_match().record.actions)] == \
        a2.app._kept_match().record.actions[:len(b.app._kept_match().record.actions)]


def test_names_a_note_concede_and_a_rematch_travel_by_link() -> None:
    a, b = Device(("warfare",)), Device(("warfare",))
    a.app.new_game("warfare", {}, "9", [HUMAN, LINK])
    _play_local(a)
    g = link_note(a.app, "Ana <b>", "Good luck!\n<script>" + "x" * 400)["game"]
    assert g["send"]["me"] == "Ana <b>" and len(g["send"]["note"]) == MAX_NOTE
    claim = b.open(g["send"]["link"])["game"]["claim"]
    assert claim["from"] == "Ana <b> (White)" and claim["note"].startswith("Good luck! <script>")
    b.app.claim(b.model()["at"])
    assert b.app.home()["home"]["saves"][0]["label"].startswith("With Ana <b> (White) · Your turn")
    b.open(g["send"]["link"])
    link_note(b.app, "Bo", "")
    reply = _play_local(b)["send"]["link"]
    a.open(reply)
    assert a.app.home()["home"]["saves"][0]["label"].startswith("With Bo (Blue) · ")
    # The next link carries no note of the move before.
    a.open(reply)
    onward = _play_local(a)["send"]
    assert onward["note"] == "" and split_play_link(onward["link"].removeprefix("p/"))[1].note == ""
    b.open(onward["link"])
    b.app.claim(b.model()["at"])
    g = concede(b.app, b.model()["at"])["game"]
    assert g["over"] and g["send"]["final"] and g["outcome"]["winners"] == [0] and "conceded" in g["outcome"]["reason"]
    model = a.open(g["send"]["link"])["game"]
    assert model["claim"]["conceded"]
    g = a.app.claim(model["at"])["game"]
    assert g["over"] and g["outcome"]["winners"] == [0] and g["actions"] == []
    old = a.app.links.gid
    g = rematch(a.app)["game"]
    assert not g["over"] and a.app.seats == [HUMAN, LINK] and a.app.links.gid != old
    g = _play_local(a)
    _, envelope = split_play_link(g["send"]["link"].removeprefix("p/"))
    assert envelope.rematch == old and envelope.gid == a.app.links.gid
    assert b.open(g["send"]["link"])["game"]["claim"]
    assert b.app.seats == [LINK, HUMAN]


def test_a_version_1_link_still_opens() -> None:
    a, b = Device(("warfare",)), Device(("warfare",))
    a.app.new_game("warfare", {}, "9", [HUMAN, LINK])
    blob, _ = split_play_link(_play_local(a)["send"]["link"].removeprefix("p/"))
    old = f"p/{blob}.{pack_data([1, 0, 1, [-1, -1], None, None, []])}"
    claim = b.open(old)["game"]["claim"]
    assert claim["seat"] == 1 and b.app.seats == [LINK, HUMAN]
    _, envelope = split_play_link(f"{blob}.{pack_data([1, 0, 1, [-1, -1], [0, 3, 'ab' * 32], None, []])}")
    assert envelope.commit is not None and envelope.commit.count == 3 and envelope.gid == ""
