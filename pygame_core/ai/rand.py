"""The computer players' own randomness (RULES.md C-2.6): never the game's RNG, never ``random``.

A bot draws from an ``AiRandom`` seeded from ``(seed, "ai", seat, ...)``. It uses the same
SplitMix64 stream as the engine (``rng.Rng``), so a decision is identical in CPython and in
Pyodide, but it is a separate stream: searching never consumes or reads the game's dice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from ..rng import Rng

T = TypeVar("T")

_MASK = (1 << 64) - 1


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed from a tuple of ints and strings, stable across Python versions
    (``hash()`` of a str is salted per process, so it is never used)."""
    text = "\x1f".join(f"{type(p).__name__}:{p}" for p in parts)
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big")


class AiRandom:
    """A mutable cursor over a SplitMix64 stream, for the bot's own choices and samples."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng.from_seed(seed & _MASK)

    def u64(self) -> int:
        value, self._rng = self._rng.next_u64()
        return value

    def below(self, n: int) -> int:
        """Uniform 0..n-1 (C-2.2's rejection sampling)."""
        value, self._rng = self._rng.randbelow(n)
        return value

    def random(self) -> float:
        """A float in [0, 1): for weights only, never for game state."""
        return (self.u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy (C-2.3)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def seed(self) -> int:
        """A fresh 64-bit seed for a determinization or a sub-stream."""
        return self.u64()
