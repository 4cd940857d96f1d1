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
The dice of a person's move are rolled on the other device with both devices' salts
(``linkdice``, issue 35). What the link does not protect: everything else hidden (hands, deck
order, computer seats' dice) is in the record, as in a mailed game log; the app never shows a
seat what it may not see, but a decoded link is not a lock (docs/WEB.md). Pure Python, no
browser imports.
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

from .linkdice import Pending, read_pending, read_reveals, unwire

ENVELOPE_VERSION = 2  # 1: links sent before issue 35 (no game id; a commitment said its count): still read
PERSON = -1  # a seat played by a person, at some device (the sender's, this one or a third)
STAND_IN_LIMIT = 500  # stand-in actions played at most to reach the receiving seat's turn
MAX_PLAN = 400  # actions a plan may carry: one secret phase of one seat
MAX_NAME = 24  # characters of a player's name a link carries
MAX_NOTE = 140  # characters of the note that rides with a move


@dataclass(frozen=True)
class Commit:
    """The sender sealed actions from ``cut``: their SHA-256 with a salt it keeps. Since
    issue 35 the link says nothing of how many (``count`` is None: the digest covers the
    packed list, its length included); a version-1 link said ``count`` in the clear."""

    cut: int
    count: int | None
    digest: str


@dataclass(frozen=True)
class Plan:
    """The sender's own actions in a secret phase, played after the sealed ones from ``cut``
    (a reply to a ``Commit``): in the clear, as the other side is already committed. ``count``
    (the sealed actions' number) only in version-1 links: the holder knows it."""

    cut: int
    count: int | None
    actions: tuple[Wire, ...]


@dataclass(frozen=True)
class Reveal:
    """The salt of an earlier ``Commit``: the receiver checks the actions now in the record."""

    cut: int
    count: int
    salt: str


class LinkRefused(RecordError):
    """A game link this device will not take, said in full for the player."""


class Conflict(LinkRefused):
    """A link whose moves differ from the ones this device holds: two versions of one game
    (the same seat played on two devices or in two tabs). Kept until the player chooses."""


@dataclass(frozen=True)
class Envelope:
    """What a ``#p/`` link says beside its record.

    Version 2 (issue 35) adds: ``gid``, the game's id made at its start and carried by every
    link of the game (a link with a known id and another seed or options is refused);
    ``name``, the sender's own name; ``note``, a short note riding with the move; ``conceded``,
    the sender gave up; ``replot``, the commitment replaces one whose salt its device lost;
    ``rematch``, the id of the game this one is a rematch of. Dice no one can peek at
    (``linkdice``): ``dice`` the sender's commitment to its dice salt, ``pending`` a decision
    that rolls, for the receiver to roll, ``rolled`` the salts the sender rolled with."""

    sender: int
    to: int
    kinds: tuple[int, ...]  # per seat: PERSON, or the computer's level
    commit: Commit | None = None
    plan: Plan | None = None
    reveals: tuple[Reveal, ...] = field(default=())
    gid: str = ""
    name: str = ""
    note: str = ""
    conceded: bool = False
    replot: bool = False
    rematch: str = ""
    dice: str = ""
    pending: Pending | None = None
    rolled: tuple[tuple[int, str], ...] = ()

    def to_data(self) -> list[Any]:
        extra: dict[str, Any] = {}
        for key, value in (("g", self.gid), ("n", self.name), ("m", self.note), ("x", self.conceded),
                           ("r", self.replot), ("f", self.rematch), ("k", bytes.fromhex(self.dice)),
                           ("d", None if self.pending is None else self.pending.to_wire()),
                           ("v", [[at, bytes.fromhex(salt)] for at, salt in self.rolled])):
            if value:
                extra[key] = value
        return [
            ENVELOPE_VERSION, self.sender, self.to, list(self.kinds),
            None if self.commit is None else [self.commit.cut, self.commit.digest],
            None if self.plan is None else [self.plan.cut, [list(w) for w in self.plan.actions]],
            [[r.cut, r.count, r.salt] for r in self.reveals],
            extra,
        ]


def seal(actions: tuple[Wire, ...] | list[Wire], salt: str) -> str:
    """The commitment to ``actions``: SHA-256 of the salt and their packed wire forms."""
    packed = msgpack.packb([list(w) for w in actions], use_bin_type=True)
    return hashlib.sha256(bytes.fromhex(salt) + packed).hexdigest()


def new_salt() -> str:
    return secrets.token_hex(16)


def new_game_id() -> str:
    """A game by link's id, made at its start: 48 random bits, 12 hex digits."""
    return secrets.token_hex(6)


def clean_text(text: object, limit: int) -> str:
    """A name or note as a link may carry it: a string, control characters out, one line of
    spaces, at most ``limit`` characters. Shown as text, never markup."""
    if not isinstance(text, str):
        return ""
    kept = "".join(c if c.isprintable() else " " for c in text[: limit * 4])
    return " ".join(kept.split())[:limit]


def encode_play_link(record_blob: str, envelope: Envelope) -> str:
    return f"{record_blob}.{pack_data(envelope.to_data())}"


def split_play_link(text: str) -> tuple[str, Envelope]:
    """The record blob and the envelope of a ``#p/`` link's payload; RecordError in a player's
    words when it is cut, garbled or not a game played by link."""
    blob, dot, rest = text.strip().partition(".")
    if not dot or not blob or not rest:
        raise RecordError("this link is cut short or is not a game played by link")
    data = unpack_data(rest)
    if not (isinstance(data, list) and (len(data), data[0]) in ((7, 1), (8, 2))):
        raise RecordError("this game link was made by another version of Star Table, or is damaged")
    version, sender, to, kinds, commit, plan, reveals = data[:7]
    extra = data[7] if version == 2 else {}
    if not (_int(sender) and _int(to) and isinstance(kinds, list) and all(_int(k, -1) for k in kinds)):
        raise RecordError("this game link is damaged (seats)")
    if not isinstance(extra, dict) or not all(isinstance(k, str) for k in extra):
        raise RecordError("this game link is damaged (its game id)")
    gid, rematch, dice = extra.get("g", ""), extra.get("f", ""), unwire(extra.get("k", b""))
    if not (gid == "" or _hex(gid, 12)) or not (rematch == "" or _hex(rematch, 12)):
        raise RecordError("this game link is damaged (its game id)")
    if not (dice == "" or _hex(dice, 32)):
        raise RecordError("this game link is damaged (its dice)")
    return blob, Envelope(int(sender), int(to), tuple(int(k) for k in kinds),
                          _commit(commit, version), _plan(plan, version), _reveals(reveals),
                          gid=gid, name=clean_text(extra.get("n"), MAX_NAME), note=clean_text(extra.get("m"), MAX_NOTE),
                          conceded=extra.get("x") is True, replot=extra.get("r") is True, rematch=rematch,
                          dice=str(dice), pending=read_pending(unwire(extra.get("d"))),
                          rolled=read_reveals(unwire(extra.get("v"))))


def _int(value: object, low: int = 0, high: int = 1 << 40) -> bool:
    return type(value) is int and low <= value < high


def _hex(value: object, size: int) -> bool:
    return isinstance(value, str) and len(value) == size and all(c in "0123456789abcdef" for c in value)


def _commit(data: object, version: int) -> Commit | None:
    if data is None:
        return None
    if version == 2 and isinstance(data, list) and len(data) == 2 and _int(data[0]) and _hex(data[1], 64):
        return Commit(data[0], None, data[1])
    if not (version == 1 and isinstance(data, list) and len(data) == 3 and _int(data[0]) and _int(data[1], 1)
            and _hex(data[2], 64)):
        raise RecordError("this game link is damaged (commitment)")
    return Commit(data[0], data[1], data[2])


def _plan(data: object, version: int) -> Plan | None:
    if data is None:
        return None
    if not isinstance(data, list):
        raise RecordError("this game link is damaged (orders)")
    if version == 2 and len(data) == 2:
        data = [data[0], None, data[1]]
    if not (len(data) == 3 and _int(data[0]) and (data[1] is None if version == 2 else _int(data[1], 1))
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
    it), "older" (this device is further on) or "changed" (an earlier move, or the reseed of
    an earlier roll, differs)."""
    mine, theirs = held.actions, got.actions
    common = min(len(mine), len(theirs))
    if [r for r in held.reseeds if r[0] < common] != [r for r in got.reseeds if r[0] < common]:
        return "changed"  # the same moves with other dice (issue 35's reseeds)
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


def play_plan(match: Match, plan: Plan, count: int) -> Match:
    """The holder of the ``count`` sealed actions plays the other seat's plan after them;
    RecordError if any of it is not a legal move there (a forged or broken plan)."""
    if len(match.record.actions) != plan.cut + count:
        raise RecordError("these orders answer another moment of the game")
    for wire in plan.actions:
        try:
            match = match.play(match.game.decode_action(wire))
        except IllegalActionError as exc:
            raise RecordError(f"these orders are not legal here ({exc.reason})") from exc
    return match


@dataclass
class LinkPlay:
    """A game by link's state on this device, kept with its save (``SaveEntry.link``).

    ``made``: commitments this device sent, (cut, count, salt), revealed once their phase is over.
    ``got``: a commitment received, (cut, count, digest, sender), checked when its reveal comes
    (count -1: the link did not say; the reveal does).
    ``base``: while this device plots on a stand-in, where its own actions begin in the match on
    screen (the record it keeps stops at the cut); ``mine`` those actions, for the save.
    Issue 35: ``gid`` the game's id; ``names`` the people's names per seat, as their links said;
    ``fork`` a friend's link that changes moves made here, kept until the player chooses which
    version goes on; ``conceded`` the seat that gave up; ``replot`` the cut whose sealed orders
    this device lost and must seal again; ``note`` the note to send with this device's next link.
    Dice no one can peek at (``linkdice``): ``dsalt`` this device's salt, committed to in its
    links until it rolls with it; ``theirs`` (commitment, seat) the last one a friend's link
    carried; ``asked`` this device's decision sent to be rolled there; ``dused`` the salts this
    device rolled with (at, salt), revealed in its next links.
    """

    made: list[tuple[int, int, str]] = field(default_factory=list)
    got: tuple[int, int, str, int] | None = None
    base: int | None = None
    mine: tuple[Wire, ...] = ()
    seat: int | None = None  # the seat this device plots for on the stand-in
    gid: str = ""
    names: dict[int, str] = field(default_factory=dict)
    fork: str = ""
    conceded: int | None = None
    replot: int | None = None
    note: str = ""
    rematch: str = ""
    dsalt: str = ""
    theirs: tuple[str, int] | None = None
    asked: Pending | None = None
    dused: list[tuple[int, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.made or self.got:
            data = {"made": [list(m) for m in self.made], "got": list(self.got) if self.got else None,
                    "base": self.base, "mine": [list(w) for w in self.mine], "seat": self.seat}
        for key, value in (("gid", self.gid), ("fork", self.fork), ("note", self.note), ("rematch", self.rematch)):
            if value:
                data[key] = value
        if self.names:
            data["names"] = {str(k): v for k, v in self.names.items()}
        if self.conceded is not None:
            data["conceded"] = self.conceded
        if self.replot is not None:
            data["replot"] = self.replot
        if self.dsalt:
            data["dsalt"] = self.dsalt
        if self.theirs is not None:
            data["theirs"] = list(self.theirs)
        if self.asked is not None:
            data["asked"] = self.asked.to_data()
        if self.dused:
            data["dused"] = [list(r) for r in self.dused]
        return data

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
            play = LinkPlay(made, got, None if base is None else int(base), mine, None if seat is None else int(seat))
        except (TypeError, ValueError):
            play = LinkPlay()
        try:
            play.gid = str(data.get("gid") or "")
            play.fork = str(data.get("fork") or "")
            play.note = clean_text(data.get("note"), MAX_NOTE)
            play.rematch = str(data.get("rematch") or "")
            names = data.get("names") or {}
            play.names = {int(k): clean_text(v, MAX_NAME) for k, v in names.items()} if isinstance(names, dict) else {}
            conceded, replot = data.get("conceded"), data.get("replot")
            play.conceded = None if conceded is None else int(conceded)
            play.replot = None if replot is None else int(replot)
        except (TypeError, ValueError, AttributeError):
            pass
        try:
            play.dsalt = str(data.get("dsalt") or "")
            theirs = data.get("theirs")
            play.theirs = None if not theirs else (str(theirs[0]), int(theirs[1]))
            play.asked = read_pending(data.get("asked"))
            play.dused = list(read_reveals(data.get("dused")))
        except (TypeError, ValueError, IndexError, RecordError):
            pass
        return play

    def carry(self) -> LinkPlay:
        """What outlives a phase's secrets: the game's id, names, a fork waiting, a concession."""
        return LinkPlay(made=self.made, gid=self.gid, names=dict(self.names), fork=self.fork,
                        conceded=self.conceded, rematch=self.rematch, dsalt=self.dsalt, theirs=self.theirs,
                        asked=self.asked, dused=list(self.dused))

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
