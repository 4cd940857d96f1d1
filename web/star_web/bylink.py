"""Games played by link with friends on other devices (issue 26), without a server.

A ``#p/`` link is ``<record>.<envelope>``: the game's record as any link holds it, then a
small envelope: who sent it, whose turn it is, what kind each seat is, and for a
simultaneous secret phase (C-4.1) a commitment, a plan or a reveal. Each device keeps its own
record; a link is taken only when it extends that record (``relation``).

Simultaneous orders stay unseen by commit and reveal. The first seat to plot in a secret phase
sends only ``Commit`` (SHA-256 of its locked-in actions and a random salt kept on its device),
with the record cut back to where the phase began (C-4.6). The next seat's device plots on a
stand-in for the sealed part (``stand_in``: the view hides it anyway) and sends its own actions
in the clear (``Plan``); the first device plays them after its own, and its next link carries
the salt (``Reveal``), which the second device checks against the commitment it holds.
What the link does not protect: everything else hidden (hands, deck order, future dice) is in
the record, as in a mailed game log; the app never shows a seat what it may not see, but a
decoded link is not a lock (docs/WEB.md). Pure Python, no browser imports.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

import msgpack  # type: ignore[import-untyped]

from pygame_core import IllegalActionError, Match, RecordError
from pygame_core.codec import pack_data, unpack_data
from pygame_core.game import Wire
from pygame_core.record import GameRecord

ENVELOPE_VERSION = 1
PERSON = -1  # a seat played by a person, at some device (the sender's, this one or a third)
STAND_IN_LIMIT = 500  # stand-in actions played at most to reach the receiving seat's turn
MAX_PLAN = 400  # actions a plan may carry: one secret phase of one seat


@dataclass(frozen=True)
class Commit:
    """The sender sealed ``count`` actions from ``cut``: their SHA-256 with a salt it keeps."""

    cut: int
    count: int
    digest: str


@dataclass(frozen=True)
class Plan:
    """The sender's own actions in a secret phase, played after the ``count`` sealed ones from
    ``cut`` (a reply to a ``Commit``): in the clear, as the other side is already committed."""

    cut: int
    count: int
    actions: tuple[Wire, ...]


@dataclass(frozen=True)
class Reveal:
    """The salt of an earlier ``Commit``: the receiver checks the actions now in the record."""

    cut: int
    count: int
    salt: str


class LinkRefused(RecordError):
    """A game link this device will not take, said in full for the player."""


@dataclass(frozen=True)
class Envelope:
    """What a ``#p/`` link says beside its record."""

    sender: int
    to: int
    kinds: tuple[int, ...]  # per seat: PERSON, or the computer's level
    commit: Commit | None = None
    plan: Plan | None = None
    reveals: tuple[Reveal, ...] = field(default=())

    def to_data(self) -> list[Any]:
        return [
            ENVELOPE_VERSION, self.sender, self.to, list(self.kinds),
            None if self.commit is None else [self.commit.cut, self.commit.count, self.commit.digest],
            None if self.plan is None else [self.plan.cut, self.plan.count, [list(w) for w in self.plan.actions]],
            [[r.cut, r.count, r.salt] for r in self.reveals],
        ]


def seal(actions: tuple[Wire, ...] | list[Wire], salt: str) -> str:
    """The commitment to ``actions``: SHA-256 of the salt and their packed wire forms."""
    packed = msgpack.packb([list(w) for w in actions], use_bin_type=True)
    return hashlib.sha256(bytes.fromhex(salt) + packed).hexdigest()


def new_salt() -> str:
    return secrets.token_hex(16)


def encode_play_link(record_blob: str, envelope: Envelope) -> str:
    return f"{record_blob}.{pack_data(envelope.to_data())}"


def split_play_link(text: str) -> tuple[str, Envelope]:
    """The record blob and the envelope of a ``#p/`` link's payload; RecordError in a player's
    words when it is cut, garbled or not a game played by link."""
    blob, dot, rest = text.strip().partition(".")
    if not dot or not blob or not rest:
        raise RecordError("this link is cut short or is not a game played by link")
    data = unpack_data(rest)
    if not isinstance(data, list) or len(data) != 7 or data[0] != ENVELOPE_VERSION:
        raise RecordError("this game link was made by another version of Star Table, or is damaged")
    _, sender, to, kinds, commit, plan, reveals = data
    if not (_int(sender) and _int(to) and isinstance(kinds, list) and all(_int(k, -1) for k in kinds)):
        raise RecordError("this game link is damaged (seats)")
    return blob, Envelope(int(sender), int(to), tuple(int(k) for k in kinds),
                          _commit(commit), _plan(plan), _reveals(reveals))


def _int(value: object, low: int = 0, high: int = 1 << 40) -> bool:
    return type(value) is int and low <= value < high


def _hex(value: object, size: int) -> bool:
    return isinstance(value, str) and len(value) == size and all(c in "0123456789abcdef" for c in value)


def _commit(data: object) -> Commit | None:
    if data is None:
        return None
    if not (isinstance(data, list) and len(data) == 3 and _int(data[0]) and _int(data[1], 1) and _hex(data[2], 64)):
        raise RecordError("this game link is damaged (commitment)")
    return Commit(data[0], data[1], data[2])


def _plan(data: object) -> Plan | None:
    if data is None:
        return None
    if not (isinstance(data, list) and len(data) == 3 and _int(data[0]) and _int(data[1], 1)
            and isinstance(data[2], list) and 0 < len(data[2]) <= MAX_PLAN):
        raise RecordError("this game link is damaged (orders)")
    actions: list[Wire] = []
    for wire in data[2]:
        if not (isinstance(wire, list) and 0 < len(wire) <= 16
                and all(v is None or isinstance(v, (int, str, bool)) for v in wire)):
            raise RecordError("this game link is damaged (orders)")
        actions.append(tuple(wire))
    return Plan(data[0], data[1], tuple(actions))


def _reveals(data: object) -> tuple[Reveal, ...]:
    if not isinstance(data, list) or len(data) > 8:
        raise RecordError("this game link is damaged (reveals)")
    out = []
    for item in data:
        if not (isinstance(item, list) and len(item) == 3 and _int(item[0]) and _int(item[1], 1) and _hex(item[2], 32)):
            raise RecordError("this game link is damaged (reveals)")
        out.append(Reveal(item[0], item[1], item[2]))
    return tuple(out)


def same_game(a: GameRecord, b: GameRecord) -> bool:
    """Two records of one game: same game, options, seed and rules (their moves may differ)."""
    return (a.game, a.options, a.seed, a.version, a.rules) == (b.game, b.options, b.seed, b.version, b.rules)


def relation(held: GameRecord, got: GameRecord) -> str:
    """How a link's record stands to the one this device holds: "same", "newer" (it extends
    it), "older" (this device is further on) or "changed" (an earlier move differs)."""
    mine, theirs = held.actions, got.actions
    if mine == theirs:
        return "same"
    if theirs[:len(mine)] == mine:
        return "newer"
    if mine[:len(theirs)] == theirs:
        return "older"
    return "changed"


def stand_in(match: Match, seat: int) -> Match:
    """The match played on from a sealed phase's start with a stand-in for every other seat's
    secret decisions (each seat's first legal choice), until ``seat`` is to move: what the
    receiving seat plots on. Its view hides the stand-ins as it hid the real ones (C-4.1); the
    device that holds the real ones plays this seat's plan after them."""
    game = match.game
    for played in range(STAND_IN_LIMIT):
        mover = game.current_player(match.state)
        if mover == seat:
            return match
        legal = match.legal_actions()
        if mover is None or not legal or (played and not game.pending_secret(match.state)):
            break  # the stand-ins would leave the secret phase: this is not the seat's moment
        match = match.play(legal[0])
    raise RecordError("this link's secret phase could not be followed on this device")


def play_plan(match: Match, plan: Plan) -> Match:
    """The holder of the sealed actions plays the other seat's plan after them; RecordError if
    any of it is not a legal move there (a forged or broken plan)."""
    if len(match.record.actions) != plan.cut + plan.count:
        raise RecordError("these orders answer another moment of the game")
    for wire in plan.actions:
        try:
            match = match.play(match.game.decode_action(wire))
        except IllegalActionError as exc:
            raise RecordError(f"these orders are not legal here ({exc.reason})") from exc
    return match


@dataclass
class LinkPlay:
    """A game by link's secrets in flight on this device, kept with its save (``SaveEntry.link``).

    ``made``: commitments this device sent, (cut, count, salt), revealed once their phase is over.
    ``got``: a commitment received, (cut, count, digest, sender), checked when its reveal comes.
    ``base``: while this device plots on a stand-in, where its own actions begin in the match on
    screen (the record it keeps stops at the cut); ``mine`` those actions, for the save.
    """

    made: list[tuple[int, int, str]] = field(default_factory=list)
    got: tuple[int, int, str, int] | None = None
    base: int | None = None
    mine: tuple[Wire, ...] = ()
    seat: int | None = None  # the seat this device plots for on the stand-in

    def to_json(self) -> dict[str, Any]:
        if not (self.made or self.got):
            return {}
        return {"made": [list(m) for m in self.made], "got": list(self.got) if self.got else None,
                "base": self.base, "mine": [list(w) for w in self.mine], "seat": self.seat}

    @staticmethod
    def from_json(data: dict[str, Any]) -> LinkPlay:
        """Lenient: a save's by-link part that does not read is dropped, never fatal."""
        try:
            made = [(int(c), int(n), str(s)) for c, n, s in data.get("made") or []]
            got_data = data.get("got")
            got = None if not got_data else (int(got_data[0]), int(got_data[1]), str(got_data[2]), int(got_data[3]))
            base = data.get("base")
            mine = tuple(tuple(w) for w in data.get("mine") or [])
            seat = data.get("seat")
            return LinkPlay(made, got, None if base is None else int(base), mine, None if seat is None else int(seat))
        except (TypeError, ValueError):
            return LinkPlay()

    def salt_for(self, cut: int, count: int) -> str:
        """The salt of the commitment to ``count`` actions from ``cut``, made once."""
        for c, n, salt in self.made:
            if (c, n) == (cut, count):
                return salt
        salt = new_salt()
        self.made = [*self.made[-7:], (cut, count, salt)]
        return salt

    def reveals_before(self, end: int) -> tuple[Reveal, ...]:
        """The salts of commitments whose phase closed before ``end`` actions."""
        return tuple(Reveal(c, n, salt) for c, n, salt in self.made if c + n < end)
