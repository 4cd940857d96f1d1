"""The link codec: round trips, and RecordError (never another exception) for any bad input.

Links are base64url(raw deflate(msgpack([version, game, options, seed, count, choices])))
(DESIGN 3). Every malformed input must fail with RecordError, with bounded work: the
sizes below (a 50 MB bomb, huge counts, deep nesting) are what keeps that honest; there
are no timing assertions.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import random
import re
import zlib
from collections.abc import Callable, Iterator
from typing import Any

import msgpack
import msgpack.fallback
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import GameRecord, Match, RecordError, decode_link, decode_match, encode_link
from pygame_core.canonical import digest
from pygame_core.codec import MAX_INFLATED_BYTES, MAX_LINK_CHARS
from pygame_core.record import FORMAT_VERSION, MAX_ACTIONS

from .toygame import Aim, Bank, Reroll, Roll

pytestmark = pytest.mark.usefixtures("toy")

PROPERTY = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
URLSAFE = re.compile(r"^[A-Za-z0-9_-]+$")
B64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _deflate(data: bytes) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _link_of_bytes(data: bytes) -> str:
    return _b64(_deflate(data))


def _link_of(payload: Any) -> str:
    return _link_of_bytes(msgpack.packb(payload, use_bin_type=True))


def _inflate_link(link: str) -> bytes:
    return zlib.decompress(base64.urlsafe_b64decode(link + "=" * (-len(link) % 4)), -15)


# CPython's C unpacker, and the pure-Python fallback that the browser (Pyodide, pure msgpack
# wheel) uses: hostile payloads must be refused by both.
UNPACKERS = (msgpack.unpackb, msgpack.fallback.unpackb)


@contextlib.contextmanager
def _using(unpackb: Callable[..., Any]) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(msgpack, "unpackb", unpackb)
        yield


def _must_fail_cleanly(text: Any) -> None:
    """The input is refused with RecordError, with either unpacker."""
    for unpackb in UNPACKERS:
        with _using(unpackb), pytest.raises(RecordError):
            decode_link(text)


def _fails_cleanly_or_decodes(text: Any) -> None:
    """A mutated link may still be a valid game; anything else must be a RecordError."""
    for unpackb in UNPACKERS:
        with _using(unpackb):
            try:
                match = decode_match(text)
            except RecordError:
                continue
            # If it decoded, it is a real, replayable game whose link round-trips.
            assert decode_match(encode_link(match)).record == match.record


def _random_match(options: dict[str, Any], seed: int, stop: int | None = None) -> Match:
    chooser = random.Random(seed)
    match = Match.start("toy", options, seed)
    while not match.is_over and (stop is None or len(match.record.actions) < stop):
        match = match.play(chooser.choice(match.legal_actions()))
    return match


@functools.cache
def _sample_links() -> tuple[str, ...]:
    links = []
    for seed, options in enumerate([{}, {"players": 3}, {"target": 10, "open_rolls": True}] * 3):
        match = _random_match(options, seed)
        links.append(encode_link(match))
        links.append(encode_link(match.truncated(len(match.record.actions) // 2)))
    return tuple(links)


def _valid_payload(seed: int = 1) -> list[Any]:
    return msgpack.unpackb(_inflate_link(encode_link(_random_match({}, seed))), raw=False)


# --------------------------------------------------------------------------------------
# Round trips


@pytest.mark.parametrize(
    "options", [{}, {"players": 3}, {"target": 10, "open_rolls": True}, {"target": 30}]
)
def test_every_prefix_round_trips(options: dict[str, Any]) -> None:
    for seed in (0, 7, 2**64 - 1):
        final = _random_match(options, seed)
        for length in range(len(final.record.actions) + 1):
            prefix = final.truncated(length)
            link = encode_link(prefix)
            assert URLSAFE.match(link), link
            decoded = decode_match(link)
            assert decoded.record == prefix.record
            assert decode_link(link) == prefix.record
            assert digest(decoded.state) == digest(prefix.state)
            assert encode_link(prefix.record) == link  # a record encodes like its match


def test_link_accepts_a_fragment_marker_and_whitespace() -> None:
    match = _random_match({}, 3)
    link = encode_link(match)
    for text in ("#" + link, f"  {link}\n", f" #{link} "):
        assert decode_link(text) == match.record


def test_single_choice_actions_cost_nothing() -> None:
    """Only steps with more than one legal choice store an index: Bank after a re-roll is
    forced, so four actions cost three bytes."""
    match = Match.start("toy", {}, 4).play(Aim(1)).play(Roll()).play(Reroll())
    assert match.legal_actions() == [Bank()]
    match = match.play(Bank())
    payload = msgpack.unpackb(_inflate_link(encode_link(match)), raw=False)
    assert payload[4] == 4 and payload[5] == bytes([0, 0, 1])
    assert decode_link(encode_link(match)) == match.record


def test_payload_shape() -> None:
    match = _random_match({"target": 30}, 11)
    version, game, options, seed, count, choices = msgpack.unpackb(
        _inflate_link(encode_link(match)), raw=False
    )
    assert (version, game, options, seed) == (FORMAT_VERSION, "toy", {"target": 30}, 11)
    assert count == len(match.record.actions)
    assert isinstance(choices, bytes) and len(choices) <= count


def test_default_options_spelled_out_decode_to_the_minimal_record() -> None:
    link = _link_of([FORMAT_VERSION, "toy", {"target": 20, "players": 2}, 5, 0, b""])
    assert decode_link(link) == GameRecord("toy", {}, 5)


# --------------------------------------------------------------------------------------
# Specific bad inputs


@pytest.mark.parametrize("text", [None, b"abc", 123, ["x"], {"a": 1}])
def test_non_text_is_refused(text: Any) -> None:
    with pytest.raises(RecordError, match="text"):
        decode_link(text)


@pytest.mark.parametrize("text", ["", "#", "   ", "\n#\t"])
def test_empty_links_are_refused(text: str) -> None:
    with pytest.raises(RecordError, match="empty"):
        decode_link(text)


@pytest.mark.parametrize(
    "text", ["!!!!", "abc=def", "A", "é", "\x00\x00", "%%%%", "ab cd", "AAAA", "_-_-_-_-"]
)
def test_garbage_is_refused(text: str) -> None:
    _must_fail_cleanly(text)


def test_overlong_links_are_refused_before_any_work() -> None:
    with pytest.raises(RecordError, match="too long"):
        decode_link("A" * (MAX_LINK_CHARS + 1))


def test_a_50_mb_decompression_bomb_is_refused() -> None:
    bomb = _deflate(bytes(50 * 1024 * 1024))
    _must_fail_cleanly(_b64(bomb))


@pytest.mark.parametrize("megabytes", [1, 8])
def test_bombs_inside_the_length_limit_are_capped(megabytes: int) -> None:
    link = _b64(_deflate(bytes(megabytes * 1024 * 1024)))
    assert len(link) <= MAX_LINK_CHARS
    with pytest.raises(RecordError, match="expands"):
        decode_link(link)


def test_a_bomb_behind_a_valid_msgpack_header_is_capped() -> None:
    header = b"\xc6" + (50 * 1024 * 1024).to_bytes(4, "big")  # bin32 of 50 MB
    _must_fail_cleanly(_link_of_bytes(header + bytes(2 * MAX_INFLATED_BYTES)))


@pytest.mark.parametrize(
    "data",
    [
        b"\xdd\xff\xff\xff\xff",  # array32 claiming 4 G elements
        b"\xdf\xff\xff\xff\xff",  # map32 claiming 4 G pairs
        b"\xdb\xff\xff\xff\xff",  # str32 claiming 4 GB
        b"\xc6\xff\xff\xff\xff",  # bin32 claiming 4 GB
        b"\x91" * 100_000 + b"\xc0",  # 100 000 nested arrays
        b"\x81\xa1k" * 50_000 + b"\xc0",  # 50 000 nested maps
        b"\xd6\xff\x00\x00\x00\x00",  # a timestamp extension
        b"\xc7\x03\x05abc",  # an unknown extension
        b"\xc1",  # the never-used byte
        b"",
        b"\x96\x01\xa3toy\x80\x00\x00",  # a list cut short
        b"\x01\x02",  # trailing data after a msgpack value
    ],
)
def test_hostile_msgpack_is_refused(data: bytes) -> None:
    _must_fail_cleanly(_link_of_bytes(data))


def test_trailing_garbage_after_the_deflate_stream_is_refused() -> None:
    raw = base64.urlsafe_b64decode(_sample_links()[0] + "==")
    with pytest.raises(RecordError, match="trailing garbage"):
        decode_link(_b64(raw + b"\x00junk"))


def test_truncated_deflate_streams_are_refused() -> None:
    raw = base64.urlsafe_b64decode(_sample_links()[0] + "==")
    for cut in range(1, len(raw)):
        _fails_cleanly_or_decodes(_b64(raw[:cut]))
    with pytest.raises(RecordError, match="cut short"):
        decode_link(_b64(raw[: len(raw) // 2]))


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"version": 1}, "not a Star Table game"),
        (7, "not a Star Table game"),
        ([1, "toy", {}, 0, 0], "not a Star Table game"),
        ([1, "toy", {}, 0, 0, b"", b""], "not a Star Table game"),
        ([FORMAT_VERSION + 1, "toy", {}, 0, 0, b""], "another version"),
        ([0, "toy", {}, 0, 0, b""], "another version"),
        ([-1, "toy", {}, 0, 0, b""], "another version"),
        ([True, "toy", {}, 0, 0, b""], "another version"),
        (["1", "toy", {}, 0, 0, b""], "another version"),
        ([1.0, "toy", {}, 0, 0, b""], "another version"),
        ([1, "chess", {}, 0, 0, b""], "unknown game"),
        ([1, "", {}, 0, 0, b""], "unknown game"),
        ([1, 5, {}, 0, 0, b""], "names no game"),
        ([1, b"toy", {}, 0, 0, b""], "names no game"),
        ([1, "toy", [], 0, 0, b""], "options"),
        ([1, "toy", {"target": 1.5}, 0, 0, b""], "options"),
        ([1, "toy", {"target": None}, 0, 0, b""], "options"),
        ([1, "toy", {"target": [10]}, 0, 0, b""], "options"),
        ([1, "toy", {b"target": 10}, 0, 0, b""], "options"),
        ([1, "toy", {"target": 11}, 0, 0, b""], "options"),
        ([1, "toy", {"target": True}, 0, 0, b""], "options"),
        ([1, "toy", {"colour": "red"}, 0, 0, b""], "unknown option"),
        ([1, "toy", {}, -1, 0, b""], "seed"),
        ([1, "toy", {}, 1.0, 0, b""], "seed"),
        ([1, "toy", {}, "0", 0, b""], "seed"),
        ([1, "toy", {}, True, 0, b""], "seed"),
        ([1, "toy", {}, None, 0, b""], "seed"),
        ([1, "toy", {}, 0, -1, b""], "action count"),
        ([1, "toy", {}, 0, MAX_ACTIONS + 1, b""], "action count"),
        ([1, "toy", {}, 0, 2**64 - 1, b""], "action count"),
        ([1, "toy", {}, 0, 1.0, b"\x00"], "action count"),
        ([1, "toy", {}, 0, True, b"\x00"], "action count"),
        ([1, "toy", {}, 0, 1, "\x00"], "malformed actions"),
        ([1, "toy", {}, 0, 1, [0]], "malformed actions"),
        ([1, "toy", {}, 0, 1, None], "malformed actions"),
        ([1, "toy", {}, 0, 1, b""], "cut short"),
        ([1, "toy", {}, 0, 0, b"\x00"], "trailing data"),
        ([1, "toy", {}, 0, 1, b"\x03"], "not one of the 3 legal"),
        ([1, "toy", {}, 0, 1, b"\x80\x01"], "not one of the 3 legal"),  # varint 128
        ([1, "toy", {}, 0, 1, b"\xff" * 10], "malformed action index"),
        ([1, "toy", {}, 0, 1, b"\xff\xff"], "cut short"),
    ],
)
def test_malformed_payloads_name_the_problem(payload: Any, message: str) -> None:
    for unpackb in UNPACKERS:
        with _using(unpackb), pytest.raises(RecordError, match=message):
            decode_link(_link_of(payload))


def test_a_huge_action_count_with_few_choices_stops_quickly() -> None:
    """MAX_ACTIONS steps are allowed, but replay stops at the first missing choice or at the
    end of the game: never 20 000 replays of nothing."""
    with pytest.raises(RecordError, match="cut short"):
        decode_link(_link_of([1, "toy", {}, 0, MAX_ACTIONS, b"\x00" * 20]))
    with pytest.raises(RecordError, match="ended before"):
        decode_link(_link_of([1, "toy", {}, 0, MAX_ACTIONS, b"\x00" * 2000]))


def test_more_actions_than_the_game_has_are_refused() -> None:
    payload = _valid_payload()
    payload[4] += 1
    with pytest.raises(RecordError, match="ended before"):
        decode_link(_link_of(payload))


def test_extra_choices_after_the_last_action_are_refused() -> None:
    payload = _valid_payload()
    payload[5] += b"\x01"
    with pytest.raises(RecordError, match="trailing data"):
        decode_link(_link_of(payload))


def test_illegal_choice_indices_are_refused() -> None:
    payload = _valid_payload()
    payload[5] = b"\x7f" + payload[5][1:]  # the first step offers 3 Aims, not 128
    with pytest.raises(RecordError, match="legal choices"):
        decode_link(_link_of(payload))


# --------------------------------------------------------------------------------------
# Property tests: anything at all is a game or a RecordError


@PROPERTY
@given(st.text(max_size=300))
def test_random_text_is_refused(text: str) -> None:
    _fails_cleanly_or_decodes(text)


@PROPERTY
@given(st.text(alphabet=B64_ALPHABET + "#= ", max_size=400))
def test_random_base64_alphabet_text_is_refused(text: str) -> None:
    _fails_cleanly_or_decodes(text)


@PROPERTY
@given(st.binary(max_size=600))
def test_random_bytes_base64url_encoded_are_refused(data: bytes) -> None:
    _fails_cleanly_or_decodes(_b64(data))


@PROPERTY
@given(st.binary(max_size=600))
def test_random_deflate_streams_are_refused(data: bytes) -> None:
    _fails_cleanly_or_decodes(_link_of_bytes(data))


msgpack_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats()
    | st.text(max_size=12)
    | st.binary(max_size=12),
    lambda children: st.lists(children, max_size=7)
    | st.dictionaries(st.text(max_size=6) | st.integers(0, 9) | st.binary(max_size=3), children,
                      max_size=4),
    max_leaves=20,
)


@PROPERTY
@given(msgpack_values)
def test_msgpack_values_of_any_shape_are_refused(value: Any) -> None:
    _fails_cleanly_or_decodes(_link_of(value))


def _field(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(valid, valid, msgpack_values)


payloads = st.tuples(
    _field(st.just(FORMAT_VERSION)),
    _field(st.sampled_from(["toy", "spacehole", "genocide"])),
    _field(st.fixed_dictionaries({}, optional={
        "players": st.integers(1, 4), "target": st.sampled_from([10, 20, 25, 30]),
        "open_rolls": st.booleans(),
    })),
    _field(st.integers(0, 2**64 - 1)),
    _field(st.integers(0, 60)),
    _field(st.binary(max_size=60)),
).map(list)


@PROPERTY
@given(payloads)
def test_payloads_with_wrong_fields_are_refused(payload: list[Any]) -> None:
    _fails_cleanly_or_decodes(_link_of(payload))


@PROPERTY
@given(
    st.sampled_from(range(18)),
    st.data(),
)
def test_mutated_links_are_refused_or_still_games(index: int, data: st.DataObject) -> None:
    link = _sample_links()[index]
    kind = data.draw(st.sampled_from(["replace", "delete", "insert", "truncate", "swap"]))
    pos = data.draw(st.integers(0, len(link) - 1))
    char = data.draw(st.sampled_from(B64_ALPHABET + "=#!"))
    mutated = {
        "replace": link[:pos] + char + link[pos + 1 :],
        "delete": link[:pos] + link[pos + data.draw(st.integers(1, 8)) :],
        "insert": link[:pos] + char + link[pos:],
        "truncate": link[:pos],
        "swap": link[:pos] + link[pos + 1 : pos + 2] + link[pos : pos + 1] + link[pos + 2 :],
    }[kind]
    _fails_cleanly_or_decodes(mutated)


def _mutate_bytes(data: bytes, draw: Callable[[st.SearchStrategy[Any]], Any]) -> bytes:
    if not data:
        return draw(st.binary(max_size=4))
    pos = draw(st.integers(0, len(data) - 1))
    kind = draw(st.sampled_from(["flip", "set", "delete", "insert", "truncate"]))
    if kind == "flip":
        return data[:pos] + bytes([data[pos] ^ (1 << draw(st.integers(0, 7)))]) + data[pos + 1 :]
    if kind == "set":
        return data[:pos] + bytes([draw(st.integers(0, 255))]) + data[pos + 1 :]
    if kind == "delete":
        return data[:pos] + data[pos + 1 :]
    if kind == "insert":
        return data[:pos] + bytes([draw(st.integers(0, 255))]) + data[pos:]
    return data[:pos]


@PROPERTY
@given(st.sampled_from(range(18)), st.data())
def test_mutated_deflate_bytes_are_refused_or_still_games(index: int, data: st.DataObject) -> None:
    raw = base64.urlsafe_b64decode(_sample_links()[index] + "==")
    _fails_cleanly_or_decodes(_b64(_mutate_bytes(raw, data.draw)))


@PROPERTY
@given(st.sampled_from(range(18)), st.data())
def test_mutated_msgpack_bytes_are_refused_or_still_games(index: int, data: st.DataObject) -> None:
    packed = _inflate_link(_sample_links()[index])
    _fails_cleanly_or_decodes(_link_of_bytes(_mutate_bytes(packed, data.draw)))


@PROPERTY
@given(st.sampled_from(range(18)), st.binary(max_size=80), st.integers(0, 200))
def test_random_choices_replay_or_are_refused(index: int, choices: bytes, count: int) -> None:
    """Random action indices and counts: each step is validated against legal_actions."""
    payload = msgpack.unpackb(_inflate_link(_sample_links()[index]), raw=False)
    payload[4], payload[5] = count, choices
    _fails_cleanly_or_decodes(_link_of(payload))


def test_a_format_1_link_replays_with_the_options_its_format_implies(
    toy: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """C-3.1: a rules fix bumps the format; links made before it keep their old meaning
    through the game's LEGACY_OPTIONS, and come back out in today's format with those
    options written down."""
    monkeypatch.setattr(type(toy), "LEGACY_OPTIONS", {1: {"open_rolls": True}}, raising=False)
    old = _link_of([1, "toy", {"target": 30}, 5, 0, b""])
    match = decode_match(old)
    assert match.record.options == {"target": 30, "open_rolls": True}
    assert match.record.version == FORMAT_VERSION
    again = decode_match(encode_link(match))
    assert again.record.options == match.record.options
    # A link in today's format implies nothing.
    assert decode_match(_link_of([FORMAT_VERSION, "toy", {"target": 30}, 5, 0, b""])).record.options == {"target": 30}


def _payload(link: str) -> list[Any]:
    payload: list[Any] = msgpack.unpackb(_inflate_link(link), raw=False)
    return payload


def test_a_game_past_the_base_rules_writes_its_rules_version_and_reads_it_back(
    toy: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game has its own rules version: a bump adds it to that game's links only."""
    spacehole = encode_link(Match.start("spacehole", {}, 5))
    assert len(_payload(encode_link(Match.start("toy", {}, 5)))) == 6  # at BASE_RULES: not written
    monkeypatch.setattr(type(toy), "RULES_VERSION", 3, raising=False)
    match = _random_match({}, 5, 6)
    link = encode_link(match)
    assert _payload(link)[6] == 3
    again = decode_match(link)
    assert again.record == match.record and again.record.rules == 3
    # Another game's links are untouched by the toy's bump.
    assert encode_link(decode_match(spacehole)) == spacehole


@pytest.mark.parametrize(
    ("rules", "oldest", "message"),
    [(4, 1, "recorded by a newer version of Star Table"), (2, 3, "older rules that this version")],
)
def test_a_rules_version_this_build_cannot_replay_is_refused_in_plain_words(
    toy: Any, monkeypatch: pytest.MonkeyPatch, rules: int, oldest: int, message: str
) -> None:
    """A link of rules this build does not play opens with a clear message, not a wrong game."""
    monkeypatch.setattr(type(toy), "RULES_VERSION", 3, raising=False)
    monkeypatch.setattr(type(toy), "OLDEST_RULES", oldest, raising=False)
    link = _link_of([FORMAT_VERSION, "toy", {}, 5, 0, b"", rules])
    with pytest.raises(RecordError, match=message) as caught:
        decode_link(link)
    assert "Hidden Race" in str(caught.value) and "base64" not in str(caught.value)
    with pytest.raises(RecordError, match=message):
        Match.from_record(GameRecord("toy", {}, 5, rules=rules))


def test_an_older_rules_version_replays_with_the_options_it_implies(
    toy: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A format-2 link without a rules version is of rules 2: after the toy's bump to 3 it
    replays under the old reading its LEGACY_OPTIONS name, and comes back out at rules 3."""
    old = encode_link(_random_match({}, 5, 6))
    monkeypatch.setattr(type(toy), "RULES_VERSION", 3, raising=False)
    monkeypatch.setattr(type(toy), "LEGACY_OPTIONS", {2: {"open_rolls": True}}, raising=False)
    match = decode_match(old)
    assert match.record.options == {"open_rolls": True} and match.record.rules == 3
    assert decode_match(encode_link(match)).record == match.record


@pytest.mark.parametrize("rules", [0, -1, "2", True, 2.0, None])
def test_a_malformed_rules_version_is_refused(rules: Any) -> None:
    with pytest.raises(RecordError, match="rules version"):
        decode_link(_link_of([FORMAT_VERSION, "toy", {}, 5, 0, b"", rules]))
    with pytest.raises(RecordError, match="rules version"):
        Match.from_record(GameRecord("toy", {}, 5, rules=rules))


def test_links_of_branches_that_share_states_are_each_their_own() -> None:
    """encode_link remembers each recorded choice by its state object (a game in progress is
    saved after every action). Matches that branch from the same states (undo, then another
    move; a replay played on two ways) must each encode their own actions."""
    from pygame_core import GAMES

    for game_id in sorted(GAMES):
        chooser = random.Random(game_id)
        match = Match.start(game_id, {}, 3)
        for _ in range(60):
            legal = match.legal_actions()
            if not legal:
                break
            match = match.play(chooser.choice(legal))
        encode_link(match)  # every choice so far remembered
        for cut in (len(match.record.actions) // 2, len(match.record.actions) - 1):
            base = match.truncated(cut)
            for pick in (0, -1):
                branch = base
                for _ in range(10):
                    legal = branch.legal_actions()
                    if not legal:
                        break
                    branch = branch.play(legal[pick] if len(legal) > 1 else legal[0])
                    fresh = encode_link(Match.from_record(branch.record))  # states never seen
                    assert encode_link(branch) == fresh
                    assert decode_link(fresh) == branch.record
        assert encode_link(match) == encode_link(Match.from_record(match.record))
