"""A bounded memo keyed by object identity, for derived values of objects that never change."""

from __future__ import annotations

from collections.abc import Sequence
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
