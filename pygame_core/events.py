"""Structured events: what happened, as a kind and its fields, each seen by the seats that may see it.

A game's state log is a tuple of ``Event`` (DESIGN 2): the engine records facts (who, where,
which ships or cards, the dice and what they were for, the result), never sentences. One
renderer per game (its ``words.py``) turns the events a seat may see into that seat's words;
the recap, the log, the review and the computer players all read events or those words, and
nothing parses English. A game declares its kinds in a table of ``EventKind``: whether a kind
carries a result the recap must never fold away, and an example the tests render for every
seat that may see it.

Field values are plain (int, str, bool, None and tuples of them), so a state holding events
digests identically in CPython and Pyodide (``canonical.digest``) and a view can carry them
as plain data (``Event.plain``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias, TypeVar

from .canonical import remember_text
from .memo import IdentityMemo

PlayerId = int  # as in game.py (which imports this module)

PUBLIC = -1
"""``Event.seen_by`` of an event every seat and the spectator may see."""

Value: TypeAlias = "int | str | bool | tuple[Value, ...] | None"
"""What one field of an event may hold: plain values only (no floats, no objects)."""


@remember_text
@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: its kind, its fields and who may see it (PUBLIC or one seat)."""

    kind: str
    fields: tuple[tuple[str, Value], ...] = ()
    seen_by: int = PUBLIC

    def __getitem__(self, name: str) -> Value:
        for key, value in self.fields:
            if key == name:
                return value
        raise KeyError(f"{self.kind} has no field {name!r}")

    def get(self, name: str, default: Value = None) -> Value:
        """The field ``name``, or ``default`` where the event has none."""
        for key, value in self.fields:
            if key == name:
                return value
        return default

    def num(self, name: str) -> int:
        """An int field (a seat, a ship, a die, a count)."""
        value = self[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{self.kind}.{name} is {value!r}, not an int")
        return value

    def text(self, name: str) -> str:
        """A str field (a square, a hex label, a rule ID, a card's key)."""
        value = self[name]
        if not isinstance(value, str):
            raise TypeError(f"{self.kind}.{name} is {value!r}, not a str")
        return value

    def flag(self, name: str) -> bool:
        """A bool field."""
        value = self[name]
        if not isinstance(value, bool):
            raise TypeError(f"{self.kind}.{name} is {value!r}, not a bool")
        return value

    def nums(self, name: str) -> tuple[int, ...]:
        """A tuple-of-ints field (dice, ship ids, cards)."""
        value = self[name]
        if not isinstance(value, tuple) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise TypeError(f"{self.kind}.{name} is {value!r}, not a tuple of ints")
        return tuple(v for v in value if isinstance(v, int))

    def texts(self, name: str) -> tuple[str, ...]:
        """A tuple-of-str field."""
        value = self[name]
        if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
            raise TypeError(f"{self.kind}.{name} is {value!r}, not a tuple of str")
        return tuple(v for v in value if isinstance(v, str))

    def visible_to(self, seat: PlayerId | None) -> bool:
        """Whether seat ``seat`` (None: a spectator) may see this event."""
        return self.seen_by == PUBLIC or self.seen_by == seat

    def plain(self) -> dict[str, Any]:
        """The event as plain data (a view's ``events``): ``{"kind", "seen_by", "fields"}``."""
        return {"kind": self.kind, "seen_by": self.seen_by, "fields": {k: _plain(v) for k, v in self.fields}}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> Event:
        """The inverse of ``plain`` (a computer player rebuilds a state's log from a view)."""
        fields = tuple((str(k), _value(v)) for k, v in data.get("fields", {}).items())
        return cls(str(data["kind"]), fields, int(data.get("seen_by", PUBLIC)))

    def __str__(self) -> str:
        parts = [self.kind, *(f"{k}={v!r}" for k, v in self.fields)]
        if self.seen_by != PUBLIC:
            parts.append(f"@{self.seen_by}")
        return " ".join(parts)


def event(kind: str, /, seen_by: int = PUBLIC, **fields: Value) -> Event:
    """An event of ``kind`` with ``fields`` (in the order given), seen by ``seen_by``."""
    return Event(kind, tuple(fields.items()), seen_by)


_EVENTS_OF_PLAIN: IdentityMemo[Event] = IdentityMemo()


def events_from_plain(plains: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
    """``Event.from_plain`` of each of a view's events. A computer player reads the whole log
    on every move, and the views hand back the same plain dicts each time (they are made once
    per event), so each dict is read once."""
    found = _EVENTS_OF_PLAIN.get_all(plains)
    return tuple(
        event or _EVENTS_OF_PLAIN.put(data, Event.from_plain(data))
        for event, data in zip(found, plains, strict=True)
    )


def _plain(value: Value) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _value(data: Any) -> Value:
    if isinstance(data, list | tuple):
        return tuple(_value(v) for v in data)
    if data is None or isinstance(data, bool | int | str):
        return data
    raise TypeError(f"an event field cannot hold {type(data).__name__}")


@dataclass(frozen=True)
class EventKind:
    """How one kind of event is treated: ``result`` when it tells an outcome the player must see
    even in a step that passed by itself (dice, a capture, a removal, a planet destroyed, a
    discard, a re-roll: issue 31); ``example`` holds fields the tests render it with; ``private``
    when the kind is only ever seen by one seat; ``heading`` when its line opens a turn (the
    log draws it as a heading); ``detail`` when its lines are a dice record (C-2.8: shown with
    the log's Details on)."""

    result: bool = False
    example: Mapping[str, Value] = field(default_factory=dict)
    private: bool = False
    heading: bool = False
    detail: bool = False


S = TypeVar("S")

Renderer = Callable[[S, Event, "PlayerId | None"], list[str]]
"""A game's renderer: the lines (player's words; none where it tells nothing) of one event for
one viewer, in the context of a state of that game (names of ships, seats, cards)."""


def rendered_log(
    state: S, log: Iterable[Event], viewer: PlayerId | None, render: Renderer[S]
) -> tuple[list[str], list[int]]:
    """The lines ``viewer`` sees of ``log`` and, for each line, the index of its event.

    Only events visible to the viewer are rendered, so no line can tell a seat what its view
    hides (DESIGN 2); an event may give several lines or none."""
    lines: list[str] = []
    origins: list[int] = []
    for index, entry in enumerate(log):
        if entry.visible_to(viewer):
            for line in render(state, entry, viewer):
                lines.append(line)
                origins.append(index)
    return lines, origins


def check_kinds(kinds: Mapping[str, EventKind], log: Iterable[Event]) -> list[str]:
    """Problems of a log against its game's kind table: unknown kinds, private kinds told to all."""
    problems: list[str] = []
    for entry in log:
        spec = kinds.get(entry.kind)
        if spec is None:
            problems.append(f"event kind {entry.kind!r} is not in the game's table")
        elif spec.private and entry.seen_by == PUBLIC:
            problems.append(f"private event kind {entry.kind!r} is public")
    return problems
