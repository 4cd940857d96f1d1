"""Perft table (tests/games/warfare/perft.json): legal-action counts of fixed positions.

The first entry is the opening: White's 7 charges from rank 3 (GW-5.1, GW-H01), and 7 x 7
two-move sequences because no attack is possible in the first two moves (GW-6.1).
"""

from __future__ import annotations

import pytest

from .perft import build, load, perft

POSITIONS = load()


def test_the_opening_counts_are_the_hand_counted_ones() -> None:
    assert POSITIONS[0]["counts"][:2] == [7, 49]


@pytest.mark.parametrize("entry", POSITIONS, ids=[e["name"] for e in POSITIONS])
def test_perft_counts_match_the_table(entry: dict[str, object]) -> None:
    counts = entry["counts"]
    assert isinstance(counts, list) and counts
    state = build(entry)  # type: ignore[arg-type]
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts
