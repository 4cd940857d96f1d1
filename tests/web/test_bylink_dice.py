"""Dice no one can peek at in games by link (issue 35, ``star_web.linkdice``): a person's
decision that rolls goes to the other device, which rolls it with both sides' salts; the
private-window preview learns nothing; a reveal that does not match its commitment is refused;
a whole game plays to the end and replays exactly from its final link."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

from pygame_core import Match, decode_link, decode_match, encode_link
from pygame_core.canonical import digest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.bylink import encode_play_link, split_play_link
from star_web.linkdice import commit_to, new_salt
from star_web.storage import HUMAN, LINK

from .test_bylink_logic import Device
from .test_bylink_stops import _play


def _play_local(device: Device) -> dict[str, Any]:
    """The device's person plays (an attack when it can) until a link is due."""
    return _play(device, quiet=False)

GAME, OPTIONS = "warfare", {"round_limit": 10}


def _start(seed: int = 12) -> tuple[Device, Device]:
    a, b = Device((GAME,)), Device((GAME,))
    a.app.new_game(GAME, OPTIONS, str(seed), [HUMAN, LINK])
    return a, b


def _until_a_roll_is_asked(a: Device, b: Device, limit: int = 80) -> tuple[Device, Device, str, str]:
    """Play by link until a device sends a decision for the other to roll: (the device that
    asks, the other, the link it answered, the asking link)."""
    sender, receiver, answered = a, b, ""
    for _ in range(limit):
        g = _play_local(sender)
        link = g["send"]["link"]
        if sender.app.links.asked is not None:
            return sender, receiver, answered, link
        receiver.open(link)
        sender, receiver, answered = receiver, sender, link
    raise AssertionError("no decision that rolls was sent")


def test_a_decision_that_rolls_is_rolled_on_the_other_device_with_both_salts() -> None:
    a, b = _start()
    asker, roller, _, asking = _until_a_roll_is_asked(a, b)
    held = asker.app._require_match()
    _, envelope = split_play_link(asking.removeprefix("p/"))
    pending = envelope.pending
    assert pending is not None and pending.at == len(held.record.actions)
    assert held.draws(held.game.decode_action(pending.wire))  # not played on the asking device
    roller.open(asking)
    rolled = roller.app._require_match()
    assert rolled.record.actions[pending.at] == pending.wire
    assert [at for at, _ in rolled.record.reseeds] == [pending.at]
    # The roll differs from the one the seed alone gives (what a link's record would tell).
    seed_only = held.play(held.game.decode_action(pending.wire))
    assert rolled.states[pending.at + 1].rng != seed_only.state.rng
    # The answer reveals the salt, and the asking device checks it and takes the link.
    answer = _play_local(roller)["send"]["link"]
    asker.open(answer)
    assert asker.app.links.asked is None
    assert asker.app._require_match().record.reseeds == roller.app._require_match().record.reseeds


def test_the_private_window_preview_learns_nothing_about_the_dice() -> None:
    a, b = _start()
    asker, _roller, answered, _ = _until_a_roll_is_asked(a, b)
    # The asking player opens the friend's last link on a fresh device (a private window)...
    window = Device((GAME,))
    opened = window.open(answered)["game"]
    assert opened["claim"]
    g = _play_local(window)
    # ...and makes the move that rolls: nothing is rolled there, the link asks the friend's device.
    preview = window.app._require_match()
    _, envelope = split_play_link(g["send"]["link"].removeprefix("p/"))
    assert envelope.pending is not None and len(preview.record.actions) == envelope.pending.at
    assert preview.record.reseeds == asker.app._require_match().record.reseeds
    # Opened "as the friend" on a second fresh device, it is refused and shows nothing.
    second = Device((GAME,))
    home = second.open(g["send"]["link"])
    assert "only that device holds the salt" in " ".join(home.get("notices", []))
    assert second.app.match is None and not any(k.startswith("startable:game:") for k in second.saved())
    # Even replaying the move from the seed alone gives other dice than the real game's.
    friend_link = _play_local(asker)["send"]["link"]
    _roller.open(friend_link)
    real = _roller.app._require_match()
    at = envelope.pending.at
    guessed = preview.play(preview.game.decode_action(envelope.pending.wire))
    assert real.states[at + 1].rng != guessed.state.rng


def test_a_revealed_salt_that_does_not_match_its_commitment_is_refused() -> None:
    a, b = _start()
    asker, roller, _, asking = _until_a_roll_is_asked(a, b)
    roller.open(asking)
    answer = _play_local(roller)["send"]["link"]
    blob, envelope = split_play_link(answer.removeprefix("p/"))
    assert envelope.rolled and commit_to(envelope.rolled[-1][1]) == asker.app.links.asked.commit  # type: ignore[union-attr]
    saved, asked = asker.saved(), asker.app.links.asked
    assert asked is not None
    forged = dataclasses.replace(envelope, rolled=((envelope.rolled[-1][0], new_salt()),))
    home = asker.open("p/" + encode_play_link(blob, forged))
    assert "does not match its commitment" in " ".join(home.get("notices", []))
    assert asker.saved() == saved
    # The move rolled with another mix than the salts give is refused too.
    record = decode_match(blob).record
    base = Match.from_record(dataclasses.replace(record.with_actions(record.actions[:asked.at]),
                                                 reseeds=tuple(r for r in record.reseeds if r[0] < asked.at)))
    other = base.reseed(5).play(base.game.decode_action(asked.wire))
    while not other.is_over and other.game.current_player(other.state) != envelope.to:
        other = other.play(other.legal_actions()[0])  # on to the asking seat's turn, as the link says
    home = asker.open("p/" + encode_play_link(encode_link(other), envelope))
    assert "were not rolled from the salts both devices promised" in " ".join(home.get("notices", []))
    assert asker.saved() == saved
    # The true answer still opens.
    asker.open(answer)
    assert asker.app.links.asked is None


def test_a_whole_game_by_link_with_hidden_dice_plays_to_the_end_and_replays_exactly() -> None:
    a, b = _start(7)
    sender, receiver, asked = a, b, 0
    for _ in range(400):
        g = _play_local(sender)
        asked += sender.app.links.asked is not None
        if g["over"]:
            receiver.open(g["send"]["link"])
            break
        receiver.open(g["send"]["link"])
        sender, receiver = receiver, sender
    else:
        raise AssertionError("no end")
    final = a.app._require_match()
    assert final.is_over and final.record == b.app._require_match().record
    assert len(final.record.reseeds) == asked > 3
    # record -> link -> record, exactly; and the state it replays to is the one played.
    link = encode_link(final)
    assert decode_link(link) == final.record
    assert digest(decode_match(link).state) == digest(final.state)
    blob, _ = split_play_link(g["send"]["link"].removeprefix("p/"))
    assert decode_link(blob) == final.record


def test_hot_seat_and_old_links_keep_the_seeds_dice() -> None:
    device = Device((GAME,))
    device.app.new_game(GAME, OPTIONS, "12", [HUMAN, HUMAN])
    for _ in range(60):
        g: dict[str, Any] = device.model()
        if g["handoff"]:
            device.app.reveal(g["at"])
        elif not g["over"]:
            device.app.act(0, g["at"])
    assert device.app._require_match().record.reseeds == ()
    # A link without a dice commitment (before issue 35) still opens, and the move that rolls
    # is played from the seed, as before.
    a, b = _start()
    _asker, _, answered, asking = _until_a_roll_is_asked(a, b)
    at = split_play_link(asking.removeprefix("p/"))[1].pending.at  # type: ignore[union-attr]
    blob, envelope = split_play_link(answered.removeprefix("p/"))
    old = Device((GAME,))
    old.open("p/" + encode_play_link(blob, dataclasses.replace(envelope, dice="")))
    g = _play_local(old)
    played = old.app._require_match()
    assert old.app.links.asked is None and split_play_link(g["send"]["link"].removeprefix("p/"))[1].pending is None
    assert len(played.record.actions) > at and played.record.reseeds == ()


def test_a_move_sent_to_be_rolled_waits_when_its_game_is_opened_again() -> None:
    a, b = _start()
    asker, _, _, asking = _until_a_roll_is_asked(a, b)
    save_id, at = asker.app.save_id, asker.app._require_match().record.actions
    asker.app.home()
    g = asker.open(f"g/{save_id}")["game"]
    # Nothing played meanwhile (not even a pass that is the move sent), and the same move asked.
    assert asker.app._require_match().record.actions == at
    assert g["send"] and split_play_link(g["send"]["link"].removeprefix("p/"))[1].pending == \
        split_play_link(asking.removeprefix("p/"))[1].pending
    assert asker.app.undo()["game"]["at"] == len(at)  # nothing to take back while it is out
    assert asker.app.home()["home"]["saves"][0]["label"].startswith("Waiting for ")


def test_while_a_move_is_out_to_be_rolled_nothing_else_is_on_offer() -> None:
    a, b = _start()
    asker, _, _, _ = _until_a_roll_is_asked(a, b)
    g = asker.model()
    assert g["send"] and g["actions"] == [] and not g["hint"]
    assert asker.app.act(0, g["at"])["game"]["at"] == g["at"]  # a stale tap plays nothing
