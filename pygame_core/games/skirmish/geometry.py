"""Minimal Space Combat geometry and grammar: arcs, facing sides, move orders (MSC-3, MSC-6)."""

from __future__ import annotations

import re
from itertools import pairwise

from ...game import IllegalActionError
from ...hexgrid import Hex, cube_sub, wedges_of
from .data import SIDE_NAMES

Cube = tuple[int, int, int]


def arcs_of(facing: int, v: Cube) -> tuple[int, ...]:
    """Sides (MSC-3.3 indices, ascending) whose firing arc holds relative vector ``v`` (MSC-3.4).

    Side ``s`` looks along world direction ``(facing + s) % 6``; its arc is that direction's
    C-1.4 wedge, so spine hexes lie in two arcs and range 0 in all six.
    """
    return tuple(sorted((d - facing) % 6 for d in wedges_of(v)))


def relative(origin: Hex, other: Hex) -> Cube:
    """``other - origin`` in cube coordinates."""
    return cube_sub(other.cube, origin.cube)


def arc_label(sides: tuple[int, ...]) -> str:
    return "{" + ", ".join(SIDE_NAMES[s] for s in sides) + "}"


# --------------------------------------------------------------------------------------
# MSC-6.2 move orders: digits (forward moves), L and R (60° turns), written like "2L1".

_TOKEN = re.compile(r"[1-9][0-9]*|[LR]")
TURNS = frozenset("LR")


def expand_orders(text: str) -> str:
    """The step string ("F", "L", "R") of an order written like ``2L1`` (MSC-6.2).

    Raises IllegalActionError (MSC-6.2) for characters outside digits/L/R or a zero count.
    """
    text = text.strip().upper()
    steps: list[str] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise IllegalActionError("MSC-6.2", f"orders are digits, L and R; cannot read {text[pos:]!r}")
        token = m.group()
        steps.append(token if token in TURNS else "F" * int(token))
        pos = m.end()
    return "".join(steps)


def compress_orders(steps: str) -> str:
    """The written form of a step string: ``FFLF`` becomes ``2L1`` (MSC-6.2)."""
    out: list[str] = []
    run = 0
    for step in steps:
        if step == "F":
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(step)
    if run:
        out.append(str(run))
    return "".join(out)


def order_problem(steps: str, speed: int) -> str | None:
    """Why ``steps`` are not legal orders at ``speed`` (MSC-6.2, MSC-A10), or None."""
    if any(s not in "FLR" for s in steps):
        return "orders are made of forward moves and left/right turns"
    if len(steps) != speed:
        return f"a ship must expend all of its SPEED: {len(steps)} step(s) for SPEED {speed}"
    for a, b in pairwise(steps):
        if a in TURNS and b in TURNS:
            return "a ship may not turn twice in a row"
    return None


def check_orders(text: str, speed: int) -> str:
    """Validate an order string like ``2L1`` for ``speed``; returns its steps (MSC-6.2)."""
    steps = expand_orders(text)
    problem = order_problem(steps, speed)
    if problem:
        raise IllegalActionError("MSC-6.2", f"orders {text!r}: {problem}")
    return steps


def next_steps(steps: str, speed: int) -> tuple[str, ...]:
    """The steps that may follow a partial order so it can still be completed (MSC-6.2).

    A forward move can always follow, so every offered prefix stays completable.
    """
    if len(steps) >= speed:
        return ()
    if steps and steps[-1] in TURNS:
        return ("F",)
    return ("F", "L", "R")


def speed_choices(engine: int, previous: int, first_turn: bool) -> range:
    """Legal SPEEDs this turn (MSC-6.1): free on turn 1, else within 1 of ``previous``."""
    if first_turn:
        return range(0, engine + 1)
    return range(max(0, min(previous - 1, engine)), min(previous + 1, engine) + 1)
