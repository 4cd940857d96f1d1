"""The record's reseed entry (issue 35: dice no one can peek at, in games by link): a mix
folded into the RNG before an action changes the dice after it and nothing before, is
recorded, and replays exactly from the record and from its link; a record without reseeds
encodes as before; a malformed reseed is refused."""

from __future__ import annotations

import random

import msgpack  # type: ignore[import-untyped]
import pytest

from pygame_core import GameRecord, Match, RecordError, decode_link, decode_match, encode_link
from pygame_core.canonical import digest
from pygame_core.codec import _inflate, _unbase64, pack_data
from pygame_core.rng import Rng, mix_salts, reseeded

from .toygame import Aim, Bank, Roll

pytestmark = pytest.mark.usefixtures("toy")


def _to_roll(seed: int = 5) -> Match:
    """A toy game at its first roll (TOY-3): the decision that draws from the RNG."""
    match = Match.start("toy", {}, seed).play(Aim(3))
    assert match.draws(Roll()) and not match.draws(Aim(2))
    return match


def _random_game(match: Match, seed: int, mixes: random.Random | None = None) -> Match:
    chooser = random.Random(seed)
    while not match.is_over:
        action = chooser.choice(match.legal_actions())
        if mixes is not None and match.draws(action):
            match = match.reseed(mixes.getrandbits(64))
        match = match.play(action)
    return match


def test_mix_salts_needs_both_salts_and_their_order() -> None:
    a, b = bytes(16), bytes(range(16))
    assert mix_salts(a, b) != mix_salts(b, a) != mix_salts(a, a)
    assert mix_salts(a + b[:1], b[1:]) != mix_salts(a, b)  # the lengths are in the hash
    assert 0 <= mix_salts(a, b) < 1 << 64
    assert reseeded(Rng(7), 0) == Rng(7) and reseeded(Rng(7), 5) == Rng(2)


def test_a_reseed_changes_the_roll_after_it_and_is_recorded() -> None:
    match = _to_roll()
    plain = match.play(Roll())
    mixed = match.reseed(mix_salts(b"white salt", b"blue salt"))
    assert mixed.record.reseeds == ((1, mix_salts(b"white salt", b"blue salt")),)
    assert mixed.record.actions == match.record.actions and mixed.states[:-1] == match.states[:-1]
    rolled = mixed.play(Roll())
    assert rolled.state.rng != plain.state.rng
    # Two mixes give other dice: over a few salts the totals are not all the same.
    totals = {match.reseed(mix_salts(bytes([i]), b"x")).play(Roll()).state.rolled for i in range(12)}
    assert len(totals) > 1
    with pytest.raises(RecordError, match="reseeded already"):
        mixed.reseed(1)


def test_a_reseeded_game_replays_exactly_from_its_record_and_its_link() -> None:
    final = _random_game(_to_roll(), 3, random.Random(9))
    assert len(final.record.reseeds) >= 3
    again = Match.from_record(final.record)
    assert again.record == final.record and digest(again.state) == digest(final.state)
    link = encode_link(final)
    decoded = decode_match(link)
    assert decoded.record == final.record and digest(decoded.state) == digest(final.state)
    assert decode_link(link) == final.record and encode_link(decoded.record) == link
    # Every prefix too: a reseed at the end of a prefix (before its next action) is kept.
    for length in range(len(final.record.actions) + 1):
        prefix = final.truncated(length)
        assert all(at <= length for at, _ in prefix.record.reseeds)
        assert decode_match(encode_link(prefix)).record == prefix.record
        assert digest(Match.from_record(prefix.record).state) == digest(prefix.state)


def test_without_reseeds_the_link_is_the_one_of_before() -> None:
    final = _random_game(Match.start("toy", {}, 4), 4)
    assert final.record.reseeds == ()
    fields = msgpack.unpackb(_inflate(_unbase64(encode_link(final))), raw=False)
    assert len(fields) == 6  # version, game, options, seed, count, choices: no reseeds field
    assert final.record.challenge() == GameRecord("toy", final.record.options, 4)


def _payload(fields: list[object]) -> str:
    return pack_data(fields)


@pytest.mark.parametrize("reseeds", [
    b"", b"\x00\x01", b"\x05" + bytes(8), b"\x00" + bytes(8) + b"\x00" + bytes(8), "text", [1, 2],
])
def test_a_malformed_reseed_is_refused(reseeds: object) -> None:
    match = _to_roll()
    fields = msgpack.unpackb(_inflate(_unbase64(encode_link(match.reseed(7)))), raw=False)
    assert len(fields) == 8
    fields[7] = reseeds
    with pytest.raises(RecordError):
        decode_match(_payload(fields))
    for bad in ([(2, 1)], [(0, 1), (0, 2)], [(0, 1 << 64)], [(0,)], [("0", 1)]):
        with pytest.raises(RecordError):
            Match.from_record(GameRecord("toy", {}, 5, ((1,),), reseeds=bad))  # type: ignore[arg-type]


def test_a_reseed_at_the_end_of_a_record_is_replayed_before_the_next_action() -> None:
    match = _to_roll().reseed(11)
    again = Match.from_record(match.record)
    assert again.state.rng == match.state.rng != _to_roll().state.rng
    assert again.play(Roll()).state == match.play(Roll()).state
    assert again.play(Roll()).play(Bank()).record.reseeds == ((1, 11),)
