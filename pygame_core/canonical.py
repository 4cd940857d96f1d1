"""Canonical plain-data form and digest of any engine value, identical in CPython and Pyodide."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Mapping
from typing import Any

PlainData = None | bool | int | str | list["PlainData"] | dict[str, "PlainData"]


def to_plain(value: object) -> Any:
    """Dataclasses, tuples, sets, enums and mappings as JSON-ready data, in a stable order.

    Dataclasses become ``{"__type__": name, field: ...}``; sets and frozensets are sorted by
    their JSON text, so no hash-seed or insertion order can leak into a digest.
    """
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, enum.Enum):
        return to_plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"__type__": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = to_plain(getattr(value, f.name))
        return out
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((to_plain(v) for v in value), key=lambda x: json.dumps(x, sort_keys=True))
    if isinstance(value, float):
        raise TypeError("floats are not allowed in engine state (they may differ across runtimes)")
    raise TypeError(f"cannot make plain data of {type(value).__name__}")


def digest(value: object) -> str:
    """A SHA-256 of the canonical JSON of ``value``: equal digests mean equal states."""
    text = json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def is_plain(value: object) -> bool:
    """Whether ``value`` is only dicts (str keys), lists, str, int, bool and None."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, list):
        return all(is_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and is_plain(v) for k, v in value.items())
    return False
