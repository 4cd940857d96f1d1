"""Dice no one can peek at in games by link (issue 35), without a server: commit and reveal.

Each link a device sends carries ``k``, a commitment (SHA-256, 128 bits) to a random salt kept
on that device. When a person's decision would draw from the RNG (``Match.draws``), the
deciding device does not play it: its link carries the decision, the commitment it answers
and a fresh salt of its own in the clear (``Pending``). The device that made the commitment
checks it holds that salt, folds both salts into the RNG (``Match.reseed(mix_salts(...))``, a
recorded entry, so replay stays exact), plays the decision, shows the roll, and reveals its
salt in its next links; the deciding device then checks the commitment and the mix. Neither
side can aim a roll: each salt was fixed before the other's was known. What it does not
protect is in docs/WEB.md. Pure Python, no browser imports.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from pygame_core import IllegalActionError, Match, RecordError
from pygame_core.game import Wire
from pygame_core.rng import mix_salts

SALT_HEX = 32  # 128-bit salts
COMMIT_HEX = 32  # 128 bits of SHA-256: no second preimage is in reach


class DiceRefused(RecordError):
    """A link whose dice this device will not roll or accept, said in full for the player."""


@dataclass(frozen=True)
class Pending:
    """A decision that rolls, not played by its device: at ``at`` actions, the ``wire`` of the
    decision, the decider's ``salt`` (in the clear) and the ``commit`` of the other side's
    salt it answers."""

    at: int
    wire: Wire
    salt: str
    commit: str

    def to_data(self) -> list[object]:
        return [self.at, list(self.wire), self.salt, self.commit]

    def to_wire(self) -> list[object]:
        """As a link carries it: the salt and commitment as bytes (shorter than hex)."""
        return [self.at, list(self.wire), bytes.fromhex(self.salt), bytes.fromhex(self.commit)]


def commit_to(salt: str) -> str:
    return hashlib.sha256(bytes.fromhex(salt)).hexdigest()[:COMMIT_HEX]


def new_salt() -> str:
    return secrets.token_hex(SALT_HEX // 2)


def mix(resolver_salt: str, decider_salt: str) -> int:
    """The reseed of a pending decision: the committed salt first, then the decider's."""
    return mix_salts(bytes.fromhex(resolver_salt), bytes.fromhex(decider_salt))


def read_pending(data: object) -> Pending | None:
    if data is None:
        return None
    if not (isinstance(data, list) and len(data) == 4 and type(data[0]) is int and 0 <= data[0] < 1 << 20
            and isinstance(data[1], list) and 0 < len(data[1]) <= 16
            and all(v is None or isinstance(v, (int, str, bool)) for v in data[1])
            and is_hex(data[2], SALT_HEX) and is_hex(data[3], COMMIT_HEX)):
        raise RecordError("this game link is damaged (its dice)")
    return Pending(data[0], tuple(data[1]), data[2], data[3])


def unwire(data: object) -> object:
    """A link's dice field with its bytes as hex, as a save keeps them (then read as a save's)."""
    if isinstance(data, bytes):
        return data.hex()
    if isinstance(data, list):
        return [unwire(v) for v in data]
    return data


def read_reveals(data: object) -> tuple[tuple[int, str], ...]:
    if data is None:
        return ()
    if not (isinstance(data, list) and len(data) <= 8 and all(
            isinstance(r, list) and len(r) == 2 and type(r[0]) is int and 0 <= r[0] < 1 << 20
            and is_hex(r[1], SALT_HEX) for r in data)):
        raise RecordError("this game link is damaged (its dice)")
    return tuple((int(r[0]), str(r[1])) for r in data)


def is_hex(value: object, size: int) -> bool:
    return isinstance(value, str) and len(value) == size and all(c in "0123456789abcdef" for c in value)


def resolve(got: Match, pending: Pending, my_salt: str, to: str) -> Match:
    """The other side's pending decision, rolled here: this device must hold the salt it
    promised (else the link was opened on another device, or in a private window, and shows
    nothing of the dice); RecordError when the decision is not legal here."""
    if len(got.record.actions) != pending.at:
        raise RecordError("the link is damaged (its dice do not fit its game)")
    if not my_salt or commit_to(my_salt) != pending.commit:
        raise DiceRefused(
            f"This link asks {to}'s own device to roll its dice: only that device holds the salt they "
            "were promised with, so it was not opened here. Open it on the device where you play this game "
            "(a new device or a private window shows nothing of them).")
    try:
        action = got.game.decode_action(pending.wire)
        return got.reseed(mix(my_salt, pending.salt)).play(action)
    except IllegalActionError as exc:
        raise RecordError(f"the move in this link is not legal here ({exc.reason})") from exc


def check_rolled(got: Match, asked: Pending, my_salt: str, reveals: tuple[tuple[int, str], ...],
                 held_length: int, sender: str) -> None:
    """A link that answers this device's pending decision: the decision played unchanged at
    its place, the salt revealed for it the one promised, the reseed their mix; and no other
    roll made on the other device (DiceRefused otherwise)."""
    record = got.record
    new = [r for r in record.reseeds if r[0] >= held_length]
    if len(record.actions) <= asked.at:
        if new:
            raise DiceRefused(f"This link from {sender} rolled dice no one asked it to: it was not opened.")
        return
    revealed = dict(reveals).get(asked.at)
    if record.actions[asked.at] != asked.wire:
        raise DiceRefused(f"This link from {sender} does not carry the move you sent: it was not opened.")
    if (revealed is None or commit_to(revealed) != asked.commit
            or new != [(asked.at, mix(revealed, my_salt))]):
        raise DiceRefused(
            f"The dice of your move were not rolled from the salts both devices promised (the salt {sender}'s "
            "link reveals does not match its commitment, or the roll was changed): the link was not opened. "
            f"Ask {sender} to send the link from the game itself.")


def unasked_rolls(got: Match, held_length: int) -> bool:
    """Whether a link rolled dice on the other device beyond what this device held, when
    this device asked for none."""
    return any(at >= held_length for at, _ in got.record.reseeds)
