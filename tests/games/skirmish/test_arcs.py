"""Firing arcs by the exact wedge test (C-1.4, MSC-3.4, MSC-A04) and the shots the engine offers."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.actions import Fire
from pygame_core.games.skirmish.data import SIDE_NAMES
from pygame_core.games.skirmish.geometry import arcs_of
from pygame_core.hexgrid import DIRECTIONS
from pygame_core.rng import ScriptedRng

from .helpers import at, position, ship

RADIUS = 6


def _relative_hexes(radius: int) -> list[tuple[int, int, int]]:
    return [
        (q, r, -q - r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if max(abs(q), abs(r), abs(q + r)) <= radius
    ]


def _angle(v: tuple[int, int, int]) -> float:
    """Screen angle of a cube vector on flat-topped hexes (y down), in degrees."""
    q, r, _ = v
    return math.degrees(math.atan2(math.sqrt(3) * (r + q / 2), 1.5 * q))


def _exact_sides(facing: int, v: tuple[int, int, int]) -> set[int]:
    """Sides whose 60° arc holds ``v`` by exact angles, bounds inclusive (C-1.4, MSC-3.4)."""
    if v == (0, 0, 0):
        return set(range(6))
    out = set()
    for side in range(6):
        centre = _angle(DIRECTIONS[(facing + side) % 6])
        diff = abs((_angle(v) - centre + 180) % 360 - 180)
        if diff <= 30 + 1e-9:
            out.add(side)
    return out


def _formula_sides(facing: int, v: tuple[int, int, int]) -> set[int]:
    """C-1.4 written out independently: v[hi] >= v[mid] >= v[lo] for the arc's direction."""
    out = set()
    for side in range(6):
        d = DIRECTIONS[(facing + side) % 6]
        hi, mid, lo = d.index(1), d.index(0), d.index(-1)
        if v[hi] >= v[mid] >= v[lo]:
            out.add(side)
    return out


@pytest.mark.parametrize("facing", range(6))
def test_msc_3_4_arcs_equal_the_wedge_definition_for_every_hex_within_6(facing: int) -> None:
    """MSC-3.4 / C-1.4: for every relative hex within radius 6, the reported arcs equal both the
    exact-angle wedges and the hi/mid/lo formula."""
    for v in _relative_hexes(RADIUS):
        reported = set(arcs_of(facing, v))
        assert reported == _exact_sides(facing, v), (facing, v)
        assert reported == _formula_sides(facing, v), (facing, v)


@pytest.mark.parametrize("facing", range(6))
def test_msc_a04_spine_hexes_lie_in_exactly_two_arcs(facing: int) -> None:
    """MSC-A04: hexes on the six spines (exactly between two arc centres) lie in two arcs;
    every other hex except the origin lies in exactly one, and the origin in all six."""
    spines = 0
    for v in _relative_hexes(RADIUS):
        arcs = arcs_of(facing, v)
        if v == (0, 0, 0):
            assert len(arcs) == 6
            continue
        # A spine points exactly between two directions, e.g. N+NE = (1,-2,1): two equal parts.
        on_spine = len(set(v)) < 3
        if len(arcs) == 2:
            spines += 1
            assert (arcs[1] - arcs[0]) % 6 in (1, 5), "the two arcs of a spine hex are adjacent"
        else:
            assert len(arcs) == 1, (v, arcs)
        assert (len(arcs) == 2) == on_spine, (v, arcs)
    assert spines == 6 * (RADIUS // 2)  # spine hexes at even distances 2, 4, 6 on six spines


def test_msc_h05_target_on_the_f_fr_spine() -> None:
    """MSC-H05: facing N, target at (1,-2,+1) is in {F, FR}; range 2 gives +1; both may fire."""
    assert arcs_of(0, (1, -2, 1)) == (0, 1)
    shooter = ship(0, 0, at(0, 0), facing=0, to_hit=3, weapons="F,FR,FL,RL,RR")
    target = ship(1, 1, at(1, -2), facing=3)
    state = position(shooter, target, phase="combat")
    fired = {a.side for a in GAME.legal_actions(state) if isinstance(a, Fire)}
    assert fired == {"F", "FR"}
    # +1 at range 2: TO-HIT 3 hits on 4 (scripted to-hit 4, then damage 1).
    after = GAME.apply(replace(state, rng=ScriptedRng((4, 1))), Fire(0, "F", 1))
    assert after.ships[1].shields == 2


@pytest.mark.parametrize("facing", range(6))
def test_msc_9_2_engine_offers_exactly_the_shots_in_arc_and_range(facing: int) -> None:
    """MSC-9.2: with a weapon on every side but R, the engine offers a side's shot at a target
    iff the target is within range 6 and in that side's arc; side R never fires (MSC-2.1)."""
    shooter = ship(0, 0, at(0, 0), facing=facing, weapons="F,FR,RR,RL,FL")
    for v in _relative_hexes(RADIUS + 1):
        target = ship(1, 1, at(v[0], v[1]))
        state = position(shooter, target, phase="combat")
        offered = {a.side for a in GAME.legal_actions(state) if isinstance(a, Fire)}
        in_range = max(map(abs, v)) <= RADIUS
        expected = {SIDE_NAMES[s] for s in _exact_sides(facing, v) if s != 3} if in_range else set()
        assert offered == expected, (facing, v)
