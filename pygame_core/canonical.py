"""Canonical plain-data form and digest of any engine value, identical in CPython and Pyodide."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Mapping
from typing import Any, TypeVar

from .memo import IdentityMemo

PlainData = None | bool | int | str | list["PlainData"] | dict[str, "PlainData"]


def to_plain(value: object) -> Any:
    """Dataclasses, tuples, sets, enums and mappings as JSON-ready data, in a stable order.

    Dataclasses become ``{"__type__": name, field: ...}``; sets and frozensets are sorted by
    their JSON text, so no hash-seed or insertion order can leak into a digest.
    """
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:  # the most of any state
        return value
    if kind is tuple or kind is list:
        return [to_plain(v) for v in value]  # type: ignore[attr-defined]
    names = _dataclass_fields(kind)
    if names is not None:
        out: dict[str, Any] = {"__type__": kind.__name__}
        for name in names:
            out[name] = to_plain(getattr(value, name))
        return out
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, enum.Enum):
        return to_plain(value.value)
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((to_plain(v) for v in value), key=lambda x: json.dumps(x, sort_keys=True))
    if isinstance(value, float):
        raise TypeError("floats are not allowed in engine state (they may differ across runtimes)")
    raise TypeError(f"cannot make plain data of {type(value).__name__}")


_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _dataclass_fields(kind: type) -> tuple[str, ...] | None:
    """The field names of a dataclass type (looked up once per type), or None for any other."""
    if kind not in _FIELDS:
        dataclass = dataclasses.is_dataclass(kind)
        _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind)) if dataclass else None
    return _FIELDS[kind]


def digest(value: object) -> str:
    """A SHA-256 of the canonical JSON of ``value``: equal digests mean equal states."""
    return hashlib.sha256(canonical_text(value).encode()).hexdigest()


def canonical_text(value: object) -> str:
    """``json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"))``, written faster.

    A state's log grows with every move, so a digest per move (the golden trail, the purity
    check) would cost the square of a game's length if every event were rebuilt each time:
    the text of an immutable value of a type marked ``remember_text`` is kept once written. The
    result is the same string, character for character
    (tests/core/test_canonical.py), so no digest changes.
    """
    parts: list[str] = []
    _write(value, parts)
    return "".join(parts)


_DUMPS = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode
_REMEMBERED: set[type] = set()
_T = TypeVar("_T", bound=type)


def remember_text(cls: _T) -> _T:
    """Mark a frozen dataclass of immutable fields whose canonical text may be kept once written."""
    _REMEMBERED.add(cls)
    return cls


_TEXTS: IdentityMemo[str] = IdentityMemo()


def _kept_text(value: object) -> str:
    text = _TEXTS.get(value)
    if text is None:
        parts: list[str] = []
        if type(value) not in _REMEMBERED:
            _write(value, parts)
            return "".join(parts)
        _write_dataclass(value, parts)
        text = _TEXTS.put(value, "".join(parts))
    return text


def _write(value: object, out: list[str]) -> None:
    # Dataclasses and sequences of kept values are walked here; any other part goes whole to
    # the C encoder, which writes plain data faster than Python can.
    if type(value) in _REMEMBERED:
        out.append(_kept_text(value))
    elif isinstance(value, (list, tuple)) and value and type(value[0]) in _REMEMBERED:
        # A whole log in one pass at C speed: the texts already kept, then any new ones.
        texts = _TEXTS.get_all(value)
        if None in texts:
            texts = [text or _kept_text(item) for text, item in zip(texts, value, strict=True)]
        out.append("[" + ",".join(texts) + "]")  # type: ignore[arg-type]
    elif _dataclass_fields(type(value)) is not None:
        _write_dataclass(value, out)
    else:
        out.append(_DUMPS(to_plain(value)))


def _write_dataclass(value: Any, out: list[str]) -> None:
    pairs: list[tuple[str, object]] = [("__type__", type(value).__name__)]
    pairs += [(name, getattr(value, name)) for name in _dataclass_fields(type(value)) or ()]
    _write_object(sorted(pairs, key=lambda pair: pair[0]), out)


def _write_object(pairs: list[tuple[str, object]], out: list[str]) -> None:
    out.append("{")
    for i, (key, item) in enumerate(pairs):
        if i:
            out.append(",")
        out.append(_DUMPS(key))
        out.append(":")
        _write(item, out)
    out.append("}")


def is_plain(value: object) -> bool:
    """Whether ``value`` is only dicts (str keys), lists, str, int, bool and None."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, list):
        return all(is_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and is_plain(v) for k, v in value.items())
    return False
