"""SplitMix64 randomness whose state is a plain value held in each game state (RULES.md C-2)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class RngExhaustedError(RuntimeError):
    """A scripted RNG (C-2.7) was asked for more values than its script holds."""


@dataclass(frozen=True)
class Roll:
    """One RNG consumption, for the roll log (C-2.8): what it was for, its range and result."""

    purpose: str
    sides: int
    value: int
    is_die: bool  # True for d(n) (value 1..n), False for randbelow (value 0..n-1)

    def __str__(self) -> str:
        kind = f"d{self.sides}" if self.is_die else f"pick 1 of {self.sides}"
        shown = self.value if self.is_die else self.value + 1
        return f"{self.purpose}: {kind} = {shown}"


@dataclass(frozen=True)
class Rng:
    """The SplitMix64 stream (C-2.1); ``state`` is the whole of it."""

    state: int

    @staticmethod
    def from_seed(seed: int) -> Rng:
        return Rng(seed & _MASK)

    def next_u64(self) -> tuple[int, Rng]:
        state = (self.state + _GOLDEN) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(state)

    def randbelow(self, n: int) -> tuple[int, Rng]:
        """Uniform 0..n-1 by rejection sampling (C-2.2)."""
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            x, rng = rng.next_u64()
            if x < limit:
                return x % n, rng


@dataclass(frozen=True)
class ScriptedRng:
    """A test RNG (C-2.7) answering ``d(n)`` and ``randbelow(n)`` from a queue, in order.

    Values are given in the unit asked for: a face 1..n for ``d(n)``, an index 0..n-1 for
    ``randbelow(n)``. Running out raises RngExhaustedError.
    """

    script: tuple[int, ...]

    def take(self, n: int, is_die: bool) -> tuple[int, ScriptedRng]:
        if not self.script:
            raise RngExhaustedError(f"scripted RNG exhausted (asked for {'d' if is_die else 'randbelow '}{n})")
        value, rest = self.script[0], self.script[1:]
        low, high = (1, n) if is_die else (0, n - 1)
        if not low <= value <= high:
            raise ValueError(f"scripted value {value} is outside {low}..{high}")
        return value, replace(self, script=rest)


RngValue = Rng | ScriptedRng


class Roller:
    """A cursor over an RNG value for the length of one ``apply`` call.

    Rules code draws through it, naming each draw's purpose; afterwards ``value`` is the
    advanced RNG to store in the new state and ``rolls`` the roll log of the call.
    """

    def __init__(self, rng: RngValue) -> None:
        self.value: RngValue = rng
        self.rolls: list[Roll] = []

    def _draw(self, n: int, is_die: bool, purpose: str) -> int:
        if isinstance(self.value, ScriptedRng):
            result, self.value = self.value.take(n, is_die)
            index = result - 1 if is_die else result
        else:
            index, self.value = self.value.randbelow(n)
            result = index + 1 if is_die else index
        self.rolls.append(Roll(purpose, n, result, is_die))
        return result

    def randbelow(self, n: int, purpose: str) -> int:
        """Uniform 0..n-1 (C-2.2)."""
        return self._draw(n, False, purpose)

    def d(self, n: int, purpose: str) -> int:
        """A die roll 1..n (C-2.2)."""
        return self._draw(n, True, purpose)

    def dice(self, count: int, n: int, purpose: str) -> list[int]:
        """``count`` dice of ``n`` sides, rolled in order."""
        return [self.d(n, purpose) for _ in range(count)]

    def choice(self, items: Sequence[T], purpose: str) -> T:
        """One item, uniformly (C-2.3)."""
        return items[self.randbelow(len(items), purpose)]

    def shuffle(self, items: Sequence[T], purpose: str) -> list[T]:
        """A Fisher-Yates shuffled copy, swapping from the end (C-2.3)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randbelow(i + 1, purpose)
            out[i], out[j] = out[j], out[i]
        return out

    def draw_from_pool(self, pool: Sequence[T], purpose: str) -> tuple[T, tuple[T, ...]]:
        """Remove one uniformly from a canonically sorted pool (C-2.4): (item, rest)."""
        i = self.randbelow(len(pool), purpose)
        return pool[i], (*pool[:i], *pool[i + 1 :])


MIX_BITS = 64
"""A reseed mixes this many bits into the stream (the whole SplitMix64 state)."""


def mix_salts(*salts: bytes) -> int:
    """The value a reseed mixes in (C-2.1; games by link, issue 35): the first 64 bits of
    SHA-256 over the salts' lengths and bytes, in order. Neither side can aim it while the
    other's salt is unknown to it, so a roll drawn after the reseed favours nobody."""
    digest = hashlib.sha256()
    for salt in salts:
        digest.update(len(salt).to_bytes(2, "big") + salt)
    return int.from_bytes(digest.digest()[: MIX_BITS // 8], "big")


def reseeded(rng: RngValue, mix: int) -> RngValue:
    """The stream with ``mix`` folded into its state: every later draw differs and follows
    from both. A scripted RNG (C-2.7, tests) is left as it is: its draws are the script's."""
    if isinstance(rng, ScriptedRng):
        return rng
    return Rng((rng.state ^ mix) & _MASK)
