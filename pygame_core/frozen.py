"""A fast ``dataclasses.replace`` for the engine's plain frozen dataclasses (states, windows, decks)."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of ``obj`` with ``changes``, as ``dataclasses.replace`` makes it, for a frozen
    dataclass with no ``__post_init__``, no ``init=False`` field and no ``__slots__``.

    ``dataclasses.replace`` looks the fields up and calls ``__init__`` on every call; the engine
    copies states thousands of times a game (Space Genocide, Galactic Warfare), and a search
    hundreds of thousands a game review (benchmarks/review.py), where that was a fifth of the
    time. This copies the instance's fields and sets the changed ones. A name
    that is not a field is an error, as there."""
    fields = obj.__dict__
    for name in changes:
        if name not in fields:
            raise TypeError(f"{type(obj).__name__} has no field {name!r}")
    new = object.__new__(type(obj))
    state = new.__dict__
    state.update(fields)
    state.update(changes)
    return new


def plain(cls: type) -> bool:
    """Whether ``replace`` may copy instances of ``cls`` (a check for tests)."""
    return (dataclasses.is_dataclass(cls) and not hasattr(cls, "__slots__") and not hasattr(cls, "__post_init__")
            and all(f.init for f in dataclasses.fields(cls)))
