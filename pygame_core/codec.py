"""Records to and from short URL-safe links: base64url(raw deflate(msgpack(record))) (DESIGN 3).

The msgpack payload is ``[version, game, options, seed, count, choices]``, then ``rules`` when
it is not ``version``: ``options`` holds only non-default values, ``count`` is the number of
actions, ``choices`` is a byte string of LEB128 varints, one per action that had more than
one legal choice, giving its index in ``legal_actions``, and ``rules`` is the game's own
rules version (a link without one is of rules version = its format version, BASE_RULES).
A record with reseeds (games by link, issue 35) adds an eighth field, ``reseeds``: per
reseed the LEB128 varint of its position's distance from the one before (from 0 for the
first) and its 64-bit mix, big-endian (9 or 10 bytes each); ``rules`` is then always written.
A link without that field reads as before, so every older link still opens.
Actions with a single legal choice cost nothing. Decoding replays the game, so every action
is validated by the engine on the way in.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import msgpack  # type: ignore[import-untyped]

from .game import IllegalActionError, OptionValue, RecordError
from .record import (
    FORMAT_VERSION,
    MAX_ACTIONS,
    GameRecord,
    Match,
    Reseed,
    check_reseeds,
    current_options,
    lookup_game,
    replace_reseeds,
    reseed_state,
    rules_version,
)

MAX_LINK_CHARS = 64_000  # a link longer than this is refused before any work is done
MAX_INFLATED_BYTES = 256 * 1024  # caps decompression: no deflate bomb can expand past this
WARN_LINK_CHARS = 2_000  # the UI warns above this: many chat apps cut longer links


# The choice each recorded action was among its state's legal actions, by the state object:
# a game in progress is saved after every action, and without this every save would ask the
# rules for the legal actions of every earlier state again (a long game's saves grew with
# its length). The entry holds its state, so an id is never reused while its entry lives;
# a state object never changes (apply is pure), so its legal actions never do either.
_CHOICES: dict[int, tuple[Any, Any, int]] = {}  # id(state) -> (state, wire, index or -1 if forced)
_CHOICES_KEPT = 20_000


def _choice(game: Any, state: Any, wire: Any) -> int:
    """The index of the action ``wire`` among ``state``'s legal actions, -1 if it was the only one."""
    kept = _CHOICES.get(id(state))
    if kept is not None and kept[0] is state and kept[1] == wire:
        return kept[2]
    legal = game.legal_actions(state)
    index = legal.index(game.decode_action(wire)) if len(legal) > 1 else -1
    if len(_CHOICES) >= _CHOICES_KEPT:
        for key in list(_CHOICES)[: _CHOICES_KEPT // 4]:  # the oldest quarter
            del _CHOICES[key]
    _CHOICES[id(state)] = (state, wire, index)
    return index


def encode_link(record: GameRecord | Match) -> str:
    """The link text (no ``#``) for a record or a match in progress."""
    match = record if isinstance(record, Match) else Match.from_record(record)
    choices = bytearray()
    for state, wire in zip(match.states, match.record.actions, strict=False):
        index = _choice(match.game, state, wire)
        if index >= 0:
            _put_varint(choices, index)
    rec = match.record
    fields = [rec.version, rec.game, rec.options, rec.seed, len(rec.actions), bytes(choices)]
    if rec.rules != rec.version or rec.reseeds:  # a game past BASE_RULES: its rules version goes with it
        fields.append(rec.rules)
    if rec.reseeds:
        fields.append(_pack_reseeds(rec.reseeds))
    payload = msgpack.packb(fields, use_bin_type=True)
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = compressor.compress(payload) + compressor.flush()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_link(text: str) -> GameRecord:
    """The record in a link (with or without a leading ``#``); RecordError if it is bad."""
    return decode_match(text).record


@dataclass(frozen=True)
class LinkHeader:
    """What a link says before any replay: enough to list a save without replaying it."""

    game: str
    options: dict[str, OptionValue]
    seed: int
    action_count: int
    choices: bytes
    reseeds: tuple[Reseed, ...] = ()


def read_header(text: str) -> LinkHeader:
    """Unpack and check a link's fields without replaying it; RecordError if malformed."""
    payload = _unpack(_inflate(_unbase64(text)))
    if not isinstance(payload, list) or len(payload) not in (6, 7, 8):
        raise RecordError("this link is not a Star Table game")
    version, game_id, options, seed, count, choices, *rest = payload
    reseeds = _unpack_reseeds(rest[1], count) if len(rest) == 2 else ()
    if type(version) is not int or not 1 <= version <= FORMAT_VERSION:
        raise RecordError(f"this link was made by another version of Star Table (format {version!r:.20})")
    if rest and version < 2:  # format 1 never carried a rules version
        raise RecordError("this link is not a Star Table game")
    rules = rest[0] if rest else version
    if type(rules) is not int or rules < 1:
        raise RecordError("this link has a malformed rules version")
    if not isinstance(game_id, str):
        raise RecordError("this link names no game")
    game = lookup_game(game_id)
    if not isinstance(options, dict) or not all(
        isinstance(k, str) and isinstance(v, (int, str, bool)) for k, v in options.items()
    ):
        raise RecordError("this link has malformed game options")
    # An older link: the rules as they were read when it was made (or a clear refusal).
    options = current_options(game, rules, options)
    if type(seed) is not int or not 0 <= seed < 1 << 64:
        raise RecordError("this link has a malformed seed")
    if type(count) is not int or not 0 <= count <= MAX_ACTIONS:
        raise RecordError("this link has a malformed action count")
    if not isinstance(choices, bytes):
        raise RecordError("this link has malformed actions")
    return LinkHeader(game_id, dict(options), seed, count, choices, reseeds)


def decode_match(text: str) -> Match:
    """Decode and replay a link in one pass; RecordError for anything malformed or illegal."""
    for progress in decode_steps(text):
        if isinstance(progress, Match):
            return progress
    raise AssertionError("decode_steps ends with the match")  # pragma: no cover


def decode_steps(text: str, every: int = 0) -> Iterator[int | Match]:
    """Decode and replay a link step by step: yields the number of actions replayed so far
    every ``every`` actions (never, when 0), then the Match. A caller can show progress and
    stop early (a long link in the browser); RecordError as for ``decode_match``."""
    header = read_header(text)
    game, count = lookup_game(header.game), header.action_count
    start = Match.from_record(GameRecord(header.game, header.options, header.seed, rules=rules_version(game)))
    reader = _VarintReader(header.choices)
    mixes = dict(header.reseeds)
    # States are gathered in a list and the Match built once: Match.play per action would
    # copy the growing tuple of states each time (quadratic in the game's length).
    states, wires = [start.state], []
    for step in range(count):
        if every and step and step % every == 0:
            yield step
        if step in mixes:
            states[-1] = reseed_state(states[-1], mixes[step])
        state = states[-1]
        legal = game.legal_actions(state)
        if not legal:
            raise RecordError(f"the game ended before action {step + 1} of {count}")
        index = reader.next() if len(legal) > 1 else 0
        if index >= len(legal):
            raise RecordError(f"action {step + 1} is not one of the {len(legal)} legal choices")
        try:
            states.append(game.apply(state, legal[index]))
        except IllegalActionError as exc:  # legal_actions offered it: an engine defect
            raise RecordError(f"action {step + 1} could not be replayed: {exc}") from exc
        wires.append(game.encode_action(legal[index]))
    if not reader.at_end():
        raise RecordError("this link has trailing data after its last action")
    if count in mixes:
        states[-1] = reseed_state(states[-1], mixes[count])
    yield Match(game, replace_reseeds(start.record.with_actions(wires), header.reseeds), tuple(states))


def _pack_reseeds(reseeds: tuple[Reseed, ...]) -> bytes:
    out, last = bytearray(), 0
    for at, mix in reseeds:
        _put_varint(out, at - last)
        out += mix.to_bytes(8, "big")
        last = at
    return bytes(out)


def _unpack_reseeds(data: object, count: int) -> tuple[Reseed, ...]:
    """The reseeds of a link's eighth field; RecordError when malformed (``check_reseeds``)."""
    if not isinstance(data, bytes) or not data:
        raise RecordError("this link has malformed reseeds")
    reader, out, at = _VarintReader(data), [], 0
    while not reader.at_end():
        at += reader.next()
        mix = reader.take(8)
        out.append((at, int.from_bytes(mix, "big")))
    check_reseeds(out, count)
    return tuple(out)


# --------------------------------------------------------------------------------------


def pack_data(data: Any) -> str:
    """Plain data (lists, maps, ints, strings, bytes) as link text, packed as records are: for
    what a link carries beside its record (a game played by link's envelope)."""
    payload = msgpack.packb(data, use_bin_type=True)
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = compressor.compress(payload) + compressor.flush()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def unpack_data(text: str, *, items: int = 100) -> Any:
    """The plain data of ``pack_data``'s text, under the same caps as a record (``items``: the
    longest list or map allowed; a view's snapshot has long ones); RecordError if it is cut,
    garbled or too large. The caller checks its shape."""
    return _unpack(_inflate(_unbase64(text)), items)


def _unbase64(text: str) -> bytes:
    if not isinstance(text, str):
        raise RecordError("a link must be text")
    text = text.strip().removeprefix("#")
    if not text:
        raise RecordError("the link is empty")
    if len(text) > MAX_LINK_CHARS:
        raise RecordError(f"the link is too long ({len(text)} characters)")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise RecordError("the link is garbled (not base64url)") from exc


def _inflate(raw: bytes) -> bytes:
    inflater = zlib.decompressobj(-15)
    try:
        out = inflater.decompress(raw, MAX_INFLATED_BYTES)
    except zlib.error as exc:
        raise RecordError("the link is garbled (cannot decompress)") from exc
    if inflater.unconsumed_tail:
        raise RecordError("the link expands to more data than any game needs")
    if not inflater.eof:
        raise RecordError("the link is cut short")
    if inflater.unused_data:
        raise RecordError("the link has trailing garbage")
    return out


def _unpack(data: bytes, items: int = 100) -> Any:
    try:
        return msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=True,
            max_str_len=1_000,
            max_bin_len=MAX_INFLATED_BYTES,
            max_array_len=items,
            max_map_len=items,
            max_ext_len=0,
        )
    except (ValueError, TypeError, msgpack.UnpackException) as exc:
        raise RecordError("the link is garbled (bad data)") from exc


def _put_varint(out: bytearray, value: int) -> None:
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return


class _VarintReader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def next(self) -> int:
        value = shift = 0
        while True:
            if self.pos >= len(self.data):
                raise RecordError("the link's actions are cut short")
            byte = self.data[self.pos]
            self.pos += 1
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 28:
                raise RecordError("the link has a malformed action index")

    def take(self, size: int) -> bytes:
        if self.pos + size > len(self.data):
            raise RecordError("the link's reseeds are cut short")
        self.pos += size
        return self.data[self.pos - size:self.pos]

    def at_end(self) -> bool:
        return self.pos == len(self.data)
