"""Move orders as players write them (MSC-6.2), read forgivingly, for screens and tests.

``geometry.expand_orders`` is the engine's strict reader ("2L1" -> "FFLF"). This module is the
player-facing one the web screen mirrors in ``web/screens/skirmish/hexmath.js``: it also takes
``F`` for one forward move, spaces and commas, and ``-`` or nothing for the empty order of
SPEED 0, and it explains each problem in a sentence that names the rule (MSC-6.2: digits are
forward moves, ``L``/``R`` are 60-degree turns, the steps spend exactly SPEED, never two turns
in a row). ``ghost`` is where an order leaves a ship: the engine's own ``rules.trace``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from ...hexgrid import Hex, HexMap
from .rules import trace

_TOKEN = re.compile(r"[0-9]+|[LRF]")
MAX_COUNT = 25


class NotationError(ValueError):
    """Orders that cannot be read, or that are not legal at the SPEED given (MSC-6.2)."""


def parse(text: str) -> str:
    """The steps (``F``, ``L``, ``R``) of orders written like ``2L1`` (MSC-6.2)."""
    src = re.sub(r"[\s,]+", "", text.upper())
    if src in ("", "-"):
        return ""
    steps: list[str] = []
    pos = 0
    while pos < len(src):
        m = _TOKEN.match(src, pos)
        if m is None:
            raise NotationError(
                f"orders are digits (moves forward), L and R (turns); {src[pos]!r} is neither"
            )
        token = m.group()
        if token[0].isdigit():
            count = int(token)
            if count == 0:
                raise NotationError("0 is not a number of moves: leave it out")
            if count > MAX_COUNT:
                raise NotationError(f"{count} moves is more than any ship's SPEED")
            steps.append("F" * count)
        else:
            steps.append(token)
        pos = m.end()
    return "".join(steps)


def problem(steps: str, speed: int) -> str | None:
    """Why ``steps`` are not legal orders at ``speed`` (MSC-6.2, MSC-A10), or None."""
    for a, b in pairwise(steps):
        if a != "F" and b != "F":
            return "a ship may not turn twice in a row: move forward between turns (MSC-6.2)"
    if len(steps) != speed:
        return f"{len(steps)} step(s) for SPEED {speed}: every order spends exactly SPEED (MSC-6.2)"
    return None


def check(text: str, speed: int) -> str:
    """Read ``text`` and require legal orders at ``speed``; returns the steps."""
    steps = parse(text)
    why = problem(steps, speed)
    if why is not None:
        raise NotationError(why)
    return steps


@dataclass(frozen=True)
class Ghost:
    """Where plotted orders take a ship (MSC-7): hexes entered, final facing, off the map."""

    path: tuple[Hex, ...]
    facing: int
    leaves_map: bool


def ghost(start: Hex, facing: int, steps: str, width: int, height: int) -> Ghost:
    """The ghost path of ``steps`` from ``start``: exactly what movement will do (MSC-7.1, 7.2)."""
    path, end_facing, left = trace(start, facing, steps, HexMap(width, height))
    return Ghost(tuple(path), end_facing, left)
