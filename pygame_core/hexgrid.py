"""Flat-topped hex geometry in odd-q offset and cube coordinates, without pixels (RULES.md C-1)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

# C-1.3: directions clockwise from north, as cube (q, r, s) deltas.
DIRECTIONS: tuple[tuple[int, int, int], ...] = (
    (0, -1, 1),  # 0 N
    (1, -1, 0),  # 1 NE
    (1, 0, -1),  # 2 SE
    (0, 1, -1),  # 3 S
    (-1, 1, 0),  # 4 SW
    (-1, 0, 1),  # 5 NW
)
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")


@dataclass(frozen=True, order=True)
class Hex:
    """A map cell in odd-q offset coordinates (C-1.1): ``col`` left to right, ``row`` down."""

    col: int
    row: int

    @property
    def cube(self) -> tuple[int, int, int]:
        """Cube coordinates (C-1.2)."""
        q = self.col
        r = self.row - (self.col - (self.col & 1)) // 2
        return q, r, -q - r

    @staticmethod
    def from_cube(q: int, r: int, s: int | None = None) -> Hex:
        if s is not None and q + r + s != 0:
            raise ValueError(f"cube coordinates must sum to 0: {(q, r, s)}")
        return Hex(q, r + (q - (q & 1)) // 2)

    @property
    def label(self) -> str:
        """The classic 1-based ``CCRR`` label (C-1.5): col 0 row 0 is ``0101``."""
        return f"{self.col + 1:02d}{self.row + 1:02d}"

    @staticmethod
    def from_label(label: str) -> Hex:
        if len(label) != 4 or not label.isdigit():
            raise ValueError(f"a hex label is 4 digits CCRR, not {label!r}")
        return Hex(int(label[:2]) - 1, int(label[2:]) - 1)

    def neighbour(self, direction: int) -> Hex:
        q, r, s = self.cube
        dq, dr, ds = DIRECTIONS[direction % 6]
        return Hex.from_cube(q + dq, r + dr, s + ds)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent cells, in direction order 0..5 (some may be off the map)."""
        return tuple(self.neighbour(d) for d in range(6))

    def distance(self, other: Hex) -> int:
        """Hex distance, max of the cube deltas (C-1.2)."""
        return cube_length(cube_sub(other.cube, self.cube))

    def __str__(self) -> str:
        return self.label


def cube_sub(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return a[0] - b[0], a[1] - b[1], a[2] - b[2]


def cube_length(v: tuple[int, int, int]) -> int:
    return max(abs(v[0]), abs(v[1]), abs(v[2]))


def in_wedge(v: tuple[int, int, int], direction: int) -> bool:
    """Whether relative cube vector ``v`` lies in the 60° wedge centred on ``direction`` (C-1.4).

    With hi/mid/lo the indices of the +1/0/-1 components of the direction vector, the test
    is ``v[hi] >= v[mid] >= v[lo]``; bounds are inclusive, so spine hexes are in two wedges
    and the origin is in all six.
    """
    d = DIRECTIONS[direction % 6]
    hi, mid, lo = d.index(1), d.index(0), d.index(-1)
    return v[hi] >= v[mid] >= v[lo]


def wedges_of(v: tuple[int, int, int]) -> tuple[int, ...]:
    """Every direction whose wedge contains ``v`` (one, or two on a spine; all six at 0)."""
    return tuple(d for d in range(6) if in_wedge(v, d))


def rotate(direction: int, steps: int) -> int:
    """Turn a facing by ``steps`` sixths clockwise (negative: anticlockwise)."""
    return (direction + steps) % 6


@dataclass(frozen=True)
class HexMap:
    """A ``width`` x ``height`` odd-q rectangle (C-1.1)."""

    width: int
    height: int

    def contains(self, cell: Hex) -> bool:
        return 0 <= cell.col < self.width and 0 <= cell.row < self.height

    def cells(self) -> Iterator[Hex]:
        """Every cell, column by column."""
        for col in range(self.width):
            for row in range(self.height):
                yield Hex(col, row)

    def neighbours(self, cell: Hex) -> list[Hex]:
        """Adjacent cells that are on the map, in direction order."""
        return [n for n in cell.neighbours() if self.contains(n)]

    def mirror(self, cell: Hex) -> Hex:
        """The 180° rotation (C-1.6); exact when ``width`` is even."""
        return Hex(self.width - 1 - cell.col, self.height - 1 - cell.row)

    def ring(self, centre: Hex, radius: int) -> list[Hex]:
        """Cells at exactly ``radius`` from ``centre`` that are on the map."""
        return [c for c in disc(centre, radius) if centre.distance(c) == radius and self.contains(c)]

    def within(self, centre: Hex, radius: int) -> list[Hex]:
        """Cells at distance <= ``radius`` that are on the map."""
        return [c for c in disc(centre, radius) if self.contains(c)]


def disc(centre: Hex, radius: int) -> list[Hex]:
    """Every cell within ``radius`` of ``centre`` (unbounded plane), in cube order."""
    q0, r0, _ = centre.cube
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex.from_cube(q0 + dq, r0 + dr))
    return out


def line(a: Hex, b: Hex) -> list[Hex]:
    """The cells on the straight line from ``a`` to ``b`` inclusive (cube lerp, nudged)."""
    n = a.distance(b)
    if n == 0:
        return [a]
    aq, ar, as_ = a.cube
    bq, br, bs = b.cube
    # A tiny nudge keeps ties on hex edges deterministic; exact fractions avoid float drift.
    eps = (Fraction(1, 10**6), Fraction(2, 10**6), Fraction(-3, 10**6))
    out = []
    for i in range(n + 1):
        t = Fraction(i, n)
        fq = aq + (bq - aq) * t + eps[0]
        fr = ar + (br - ar) * t + eps[1]
        fs = as_ + (bs - as_) * t + eps[2]
        out.append(Hex.from_cube(*_cube_round(fq, fr, fs)))
    return out


def _cube_round(fq: Fraction, fr: Fraction, fs: Fraction) -> tuple[int, int, int]:
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    else:
        s = -q - r
    return q, r, s
