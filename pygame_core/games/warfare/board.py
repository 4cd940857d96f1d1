"""Galactic Warfare board geometry: 8 files x 10 ranks, dark squares, home rows (RULES.md GW-2)."""

from __future__ import annotations

FILES = 8
RANKS = 10
SQUARES = FILES * RANKS
WHITE, BLUE = 0, 1
COLOUR_NAMES = ("White", "Blue")


def square(file: int, rank: int) -> int:
    """The index of a square: ``rank * 8 + file``."""
    return rank * FILES + file


def file_of(sq: int) -> int:
    return sq % FILES


def rank_of(sq: int) -> int:
    return sq // FILES


def is_dark(sq: int) -> bool:
    """GW-2.1: a square is dark iff file + rank is even."""
    return (file_of(sq) + rank_of(sq)) % 2 == 0


def name(sq: int) -> str:
    """``a0`` .. ``h9`` (GW-2.5); ``-`` for no square."""
    if not 0 <= sq < SQUARES:
        return "-"
    return f"{'abcdefgh'[file_of(sq)]}{rank_of(sq)}"


def parse(text: str) -> int:
    """The square named ``text`` (e.g. ``"c4"``)."""
    if len(text) != 2 or text[0] not in "abcdefgh" or not text[1].isdigit():
        raise ValueError(f"not a square: {text!r}")
    return square("abcdefgh".index(text[0]), int(text[1]))


def forward(player: int) -> int:
    """GW-2.5: forward is +rank for White, -rank for Blue."""
    return 1 if player == WHITE else -1


def home_rank(player: int) -> int:
    """GW-2.1: rank 0 is White's home planet, rank 9 Blue's."""
    return 0 if player == WHITE else RANKS - 1


def step(sq: int, dfile: int, drank: int) -> int | None:
    """The square ``(dfile, drank)`` away, or None off the board."""
    f, r = file_of(sq) + dfile, rank_of(sq) + drank
    if 0 <= f < FILES and 0 <= r < RANKS:
        return square(f, r)
    return None


DARK_SQUARES: tuple[int, ...] = tuple(sq for sq in range(SQUARES) if is_dark(sq))
HOME_SQUARES: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(sq for sq in DARK_SQUARES if rank_of(sq) == home_rank(WHITE)),
    tuple(sq for sq in DARK_SQUARES if rank_of(sq) == home_rank(BLUE)),
)


def _diagonals(player: int, drank: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    # For each square: the (step, step-beyond) pairs along each diagonal in direction drank,
    # left file first; beyond is -1 when off the board. Precomputed: legal_actions is hot.
    table = []
    for sq in range(SQUARES):
        pairs = []
        for dfile in (-1, 1):
            one = step(sq, dfile, drank)
            if one is None:
                continue
            two = step(one, dfile, drank)
            pairs.append((one, -1 if two is None else two))
        table.append(tuple(pairs))
    return tuple(table)


FORWARD: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = (
    _diagonals(WHITE, forward(WHITE)),
    _diagonals(BLUE, forward(BLUE)),
)
"""``FORWARD[player][sq]``: the forward-diagonal (square, square beyond) pairs (GW-5.1)."""

BACKWARD: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = (
    _diagonals(WHITE, -forward(WHITE)),
    _diagonals(BLUE, -forward(BLUE)),
)
"""``BACKWARD[player][sq]``: the backward-diagonal pairs (Evasive Maneuver, GW-12 #6)."""

START_POSITION: tuple[int, ...] = tuple(
    1 if is_dark(sq) and 1 <= rank_of(sq) <= 3 else -1 if is_dark(sq) and 6 <= rank_of(sq) <= 8 else 0
    for sq in range(SQUARES)
)
"""GW-2.5 / GW-3.1: cell values, ``+size`` for a White stack, ``-size`` for Blue, 0 empty."""


def owner(cell: int) -> int | None:
    """The owner of a cell value (None when empty)."""
    if cell > 0:
        return WHITE
    if cell < 0:
        return BLUE
    return None


def cell(player: int, size: int) -> int:
    """The cell value of ``player``'s stack of ``size`` ships."""
    return size if player == WHITE else -size
