"""Bounded memos for what is derived from objects that never change: by identity, and along an append-only log."""

from __future__ import annotations

import operator
from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar

V = TypeVar("V")


class IdentityMemo(Generic[V]):
    """Values computed from objects, found again by the object's identity.

    A late game's log holds thousands of events, and every view, digest and computer move
    reads all of them; the same event objects (and the same plain dicts made of them) come
    back each time, so what was derived from one is kept. Identity, not equality: an event
    with 1 in a field equals one with True there, yet their texts differ. Each kept object is
    held, so its id cannot be reused by another while its value is kept.
    """

    def __init__(self, most: int = 1 << 16) -> None:
        self._values: dict[int, V] = {}
        self._held: dict[int, object] = {}
        self._most = most

    def get(self, key: object) -> V | None:
        """The value kept for this very object, or None."""
        return self._values.get(id(key))

    def get_all(self, keys: Sequence[object]) -> list[V | None]:
        """``get`` of each, at C speed (a whole log at once)."""
        return list(map(self._values.get, map(id, keys)))

    def put(self, key: object, value: V) -> V:
        """Keep ``value`` for ``key`` (forgetting the oldest past the bound); return it."""
        if len(self._values) >= self._most:
            oldest = next(iter(self._values))
            del self._values[oldest], self._held[oldest]
        self._values[id(key)] = value
        self._held[id(key)] = key
        return value


class ResumedPass(Generic[V]):
    """What a left-to-right pass over an append-only log made, picked up where it stopped.

    A view is asked for after every action, and a late game's log holds thousands of events:
    passing over all of them each time made a 4-seat Space Genocide view cost 36 ms in CPython
    (more in Pyodide), nearly all of it the log. Each state's log is a new tuple that shares its
    event objects with the log before it, so the pass for a key (a viewer, say) is kept with the
    log it covered, and resumed when a later log starts with those very events (identity, at C
    speed). A log that does not (another branch of the game, an undo) is passed from its start.
    """

    def __init__(self, most: int = 32) -> None:
        self._kept: dict[Hashable, tuple[tuple[object, ...], V]] = {}
        self._most = most

    def resume(self, key: Hashable, log: tuple[object, ...]) -> tuple[int, V | None]:
        """How many of ``log``'s first events were passed for ``key``, and what that made
        (``0, None``: pass it all)."""
        kept = self._kept.get(key)
        if kept is None:
            return 0, None
        done, made = kept
        if len(done) > len(log) or not all(map(operator.is_, log, done)):
            return 0, None
        return len(done), made

    def keep(self, key: Hashable, log: tuple[object, ...], made: V) -> None:
        """Keep what the pass over all of ``log`` made for ``key``. ``made`` must not change
        afterwards: a resumed pass copies it before adding to it."""
        if key not in self._kept and len(self._kept) >= self._most:
            del self._kept[next(iter(self._kept))]
        self._kept[key] = (log, made)
