"""Hex geometry: odd-q offset and cube coordinates, wedges, labels, mirror (RULES.md C-1)."""

from __future__ import annotations

import itertools
import math
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.hexgrid import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Hex,
    HexMap,
    cube_sub,
    disc,
    in_wedge,
    line,
    rotate,
    wedges_of,
)

ORIGIN = Hex(0, 0)
coords = st.integers(min_value=-40, max_value=40)
hexes = st.builds(Hex, coords, coords)


def _bearing(v: tuple[int, int, int]) -> float:
    """Degrees clockwise from north of a relative cube vector, from flat-topped pixel centres
    (x = 3/2 q, y = sqrt(3) (r + q/2), north is -y), in [0, 360)."""
    q, r, _ = v
    x = 1.5 * q
    y = math.sqrt(3) * (r + q / 2)
    return math.degrees(math.atan2(x, -y)) % 360.0


def _angle_off(bearing: float, direction: int) -> float:
    diff = abs(bearing - 60.0 * direction) % 360.0
    return min(diff, 360.0 - diff)


def _vectors_within(radius: int) -> list[tuple[int, int, int]]:
    out = []
    for q in range(-radius, radius + 1):
        for r in range(-radius, radius + 1):
            s = -q - r
            if max(abs(q), abs(r), abs(s)) <= radius:
                out.append((q, r, s))
    return out


# --------------------------------------------------------------------------------------
# C-1.1 / C-1.2 coordinates and distance


@settings(max_examples=300, deadline=None)
@given(hexes)
def test_c1_2_cube_round_trip(cell: Hex) -> None:
    q, r, s = cell.cube
    assert q + r + s == 0
    assert q == cell.col
    assert r == cell.row - (cell.col - (cell.col & 1)) // 2
    assert Hex.from_cube(q, r, s) == cell
    assert Hex.from_cube(q, r) == cell


def test_c1_2_cube_examples() -> None:
    assert Hex(0, 0).cube == (0, 0, 0)
    assert Hex(1, 0).cube == (1, 0, -1)
    assert Hex(2, 0).cube == (2, -1, -1)
    assert Hex(3, 2).cube == (3, 1, -4)


def test_c1_2_from_cube_rejects_a_bad_sum() -> None:
    with pytest.raises(ValueError, match="sum to 0"):
        Hex.from_cube(1, 1, 1)


@settings(max_examples=300, deadline=None)
@given(hexes, hexes, hexes)
def test_c1_2_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)
    dq, dr, ds = cube_sub(a.cube, b.cube)
    assert a.distance(b) == max(abs(dq), abs(dr), abs(ds))


@pytest.mark.parametrize("start", [Hex(0, 0), Hex(3, 4), Hex(4, 3)])
def test_c1_2_distance_is_the_number_of_steps(start: Hex) -> None:
    """Breadth-first search over neighbours agrees with the cube-distance formula."""
    steps = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if steps[cell] == 6:
            continue
        for n in cell.neighbours():
            if n not in steps:
                steps[n] = steps[cell] + 1
                queue.append(n)
    assert len(steps) == 3 * 6 * 7 + 1
    for cell, n in steps.items():
        assert start.distance(cell) == n


# --------------------------------------------------------------------------------------
# C-1.3 directions and neighbours


def test_c1_3_direction_vectors_and_names() -> None:
    assert DIRECTIONS == ((0, -1, 1), (1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1))
    assert DIRECTION_NAMES == ("N", "NE", "SE", "S", "SW", "NW")
    for d, v in enumerate(DIRECTIONS):
        assert math.isclose(_bearing(v), 60.0 * d, abs_tol=1e-9), "clockwise from north"


@settings(max_examples=200, deadline=None)
@given(hexes)
def test_c1_3_neighbours_are_in_direction_order(cell: Hex) -> None:
    neighbours = cell.neighbours()
    assert len(neighbours) == 6 and len(set(neighbours)) == 6
    for d, n in enumerate(neighbours):
        assert cube_sub(n.cube, cell.cube) == DIRECTIONS[d]
        assert cell.distance(n) == 1
        assert cell.neighbour(d) == n == cell.neighbour(d + 6)


def test_c1_1_odd_columns_are_shifted_down() -> None:
    """Odd-q offset: an odd column's NE/SE neighbours share its row and the row below;
    an even column's share the row above and its own row."""
    odd, even = Hex(1, 1), Hex(2, 1)
    assert odd.neighbours() == (Hex(1, 0), Hex(2, 1), Hex(2, 2), Hex(1, 2), Hex(0, 2), Hex(0, 1))
    assert even.neighbours() == (Hex(2, 0), Hex(3, 0), Hex(3, 1), Hex(2, 2), Hex(1, 1), Hex(1, 0))


def test_rotate_turns_facings_by_sixths() -> None:
    assert rotate(0, 1) == 1
    assert rotate(5, 1) == 0
    assert rotate(0, -1) == 5
    assert rotate(2, 9) == 5


# --------------------------------------------------------------------------------------
# C-1.4 wedge test, checked against exact angles


def test_c1_4_wedge_matches_exact_angles_within_radius_7() -> None:
    """Every hex within radius 7: in the wedge of d iff its bearing is within ±30° of d's."""
    checked = 0
    for v in _vectors_within(7):
        if v == (0, 0, 0):
            continue
        bearing = _bearing(v)
        for d in range(6):
            expected = _angle_off(bearing, d) <= 30.0 + 1e-9
            assert in_wedge(v, d) == expected, (v, d, bearing)
            checked += 1
    assert checked == 6 * (3 * 7 * 8)


def test_c1_4_spine_hexes_lie_in_exactly_two_wedges() -> None:
    spines = 0
    for v in _vectors_within(7):
        if v == (0, 0, 0):
            continue
        on_spine = math.isclose(_bearing(v) % 60.0, 30.0, abs_tol=1e-9)
        wedges = wedges_of(v)
        assert len(wedges) == (2 if on_spine else 1), (v, wedges)
        if on_spine:
            spines += 1
            a, b = wedges
            assert (b - a) % 6 in (1, 5), "the two wedges of a spine hex are adjacent"
    # Spines exist at even distances: 6 per ring 2, 4, 6.
    assert spines == 18


def test_c1_4_origin_is_in_all_six_wedges() -> None:
    assert wedges_of((0, 0, 0)) == (0, 1, 2, 3, 4, 5)


def test_c1_4_wedge_examples() -> None:
    assert wedges_of((0, -3, 3)) == (0,)  # straight north
    assert wedges_of((1, -2, 1)) == (0, 1)  # the spine between N and NE
    assert wedges_of((2, -1, -1)) == (1, 2)  # the spine between NE and SE
    assert in_wedge((0, 2, -2), 3) and not in_wedge((0, 2, -2), 0)


# --------------------------------------------------------------------------------------
# C-1.5 labels


def test_c1_5_ccrr_labels() -> None:
    assert Hex(0, 0).label == "0101"
    assert str(Hex(0, 0)) == "0101"
    assert Hex(11, 4).label == "1205"
    assert Hex(9, 14).label == "1015"
    assert Hex.from_label("0101") == Hex(0, 0)
    assert Hex.from_label("1205") == Hex(11, 4)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 98), st.integers(0, 98))
def test_c1_5_label_round_trip(col: int, row: int) -> None:
    cell = Hex(col, row)
    assert len(cell.label) == 4
    assert Hex.from_label(cell.label) == cell


@pytest.mark.parametrize("bad", ["", "101", "01011", "ab01", "01-1", " 101"])
def test_c1_5_bad_labels_raise(bad: str) -> None:
    with pytest.raises(ValueError, match="CCRR"):
        Hex.from_label(bad)


# --------------------------------------------------------------------------------------
# C-1.6 mirror


@pytest.mark.parametrize(("width", "height"), [(8, 6), (10, 7), (2, 2), (14, 11)])
def test_c1_6_mirror_preserves_distance_for_even_width(width: int, height: int) -> None:
    board = HexMap(width, height)
    cells = list(board.cells())
    for a in cells:
        m = board.mirror(a)
        assert board.contains(m)
        assert board.mirror(m) == a
    for a in cells:
        for b in cells:
            assert board.mirror(a).distance(board.mirror(b)) == a.distance(b)
    # A 180° rotation maps each direction to its opposite.
    for a in cells:
        for d, n in enumerate(a.neighbours()):
            if board.contains(n):
                assert board.mirror(n) == board.mirror(a).neighbour(d + 3)


def test_c1_6_mirror_is_not_exact_for_odd_width() -> None:
    """Why C-1.6 requires W even: with W odd the column parity flips and distances change."""
    board = HexMap(7, 6)
    cells = list(board.cells())
    assert any(
        board.mirror(a).distance(board.mirror(b)) != a.distance(b) for a in cells for b in cells
    )


# --------------------------------------------------------------------------------------
# HexMap, ring, within, disc, line


def test_hexmap_bounds_and_cells() -> None:
    board = HexMap(5, 4)
    cells = list(board.cells())
    assert len(cells) == 20 and len(set(cells)) == 20
    assert cells[:5] == [Hex(0, 0), Hex(0, 1), Hex(0, 2), Hex(0, 3), Hex(1, 0)]  # by column
    assert all(board.contains(c) for c in cells)
    for outside in [Hex(-1, 0), Hex(0, -1), Hex(5, 0), Hex(0, 4), Hex(5, 4)]:
        assert not board.contains(outside)


def test_hexmap_neighbours_are_clipped_and_ordered() -> None:
    board = HexMap(5, 4)
    assert board.neighbours(Hex(0, 0)) == [Hex(1, 0), Hex(0, 1)]  # NE, S
    assert board.neighbours(Hex(2, 1)) == list(Hex(2, 1).neighbours())
    assert board.neighbours(Hex(4, 3)) == [Hex(4, 2), Hex(3, 3), Hex(3, 2)]  # N, SW, NW
    for cell in board.cells():
        ns = board.neighbours(cell)
        assert all(board.contains(n) and cell.distance(n) == 1 for n in ns)
        assert [n for n in cell.neighbours() if board.contains(n)] == ns


@pytest.mark.parametrize("radius", [0, 1, 2, 3, 5])
def test_disc_ring_and_within_in_the_open(radius: int) -> None:
    centre = Hex(10, 10)
    board = HexMap(30, 30)
    d = disc(centre, radius)
    assert len(d) == len(set(d)) == 3 * radius * (radius + 1) + 1
    assert all(centre.distance(c) <= radius for c in d)
    ring = board.ring(centre, radius)
    assert len(ring) == (6 * radius if radius else 1)
    assert all(centre.distance(c) == radius for c in ring)
    assert sorted(board.within(centre, radius)) == sorted(d)


def test_ring_and_within_are_clipped_at_the_edge() -> None:
    board = HexMap(6, 6)
    corner = Hex(0, 0)
    within = board.within(corner, 2)
    assert set(within) == {c for c in board.cells() if corner.distance(c) <= 2}
    ring = board.ring(corner, 2)
    assert set(ring) == {c for c in board.cells() if corner.distance(c) == 2}
    assert all(board.contains(c) for c in within)


@settings(max_examples=200, deadline=None)
@given(hexes, hexes)
def test_line_is_a_connected_shortest_path(a: Hex, b: Hex) -> None:
    cells = line(a, b)
    assert cells[0] == a and cells[-1] == b
    assert len(cells) == a.distance(b) + 1
    for x, y in itertools.pairwise(cells):
        assert x.distance(y) == 1
    assert line(a, b) == cells  # deterministic


def test_line_along_a_direction_is_straight() -> None:
    start = Hex(4, 4)
    for d in range(6):
        end = start
        expected = [start]
        for _ in range(4):
            end = end.neighbour(d)
            expected.append(end)
        assert line(start, end) == expected


def test_line_of_one_cell() -> None:
    assert line(Hex(3, 3), Hex(3, 3)) == [Hex(3, 3)]
