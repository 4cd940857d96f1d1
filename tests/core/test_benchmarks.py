"""The benchmarks stay runnable: a tiny run of each on the toy game, and on the real registry."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _bench(*args: str) -> str:
    result = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("benchmarks/links.py", "--include-toy", "--seeds", "6", "--game", "toy"),
        ("benchmarks/engine.py", "--include-toy", "--games", "3", "--no-pyodide", "--game", "toy"),
    ],
)
def test_benchmarks_run_on_the_toy_game(args: tuple[str, ...]) -> None:
    out = _bench(*args)
    assert "\ntoy " in out


def test_links_benchmark_runs_on_the_registry() -> None:
    """Whatever GAMES holds (possibly nothing yet), the benchmark runs and says something."""
    out = _bench("benchmarks/links.py", "--seeds", "2", "--bylink-rounds", "2")
    assert out.strip()


def test_link_coding_benchmark_prices_each_coding_of_short_games() -> None:
    """One 2-round game per seat count: a row each, with today's link and three codings."""
    out = _bench("benchmarks/link_coding.py", "--seeds", "1", "--rounds", "2")
    rows = [line.split() for line in out.splitlines() if line[:1] in "234" and line.strip()]
    assert [row[0] for row in rows] == ["2", "3", "4"]
    assert all(len(row) == 8 and all(cell.rstrip("%").isdigit() for cell in row) for row in rows)


def test_stops_benchmark_counts_hand_offs_per_case() -> None:
    """One 1-round game per case: a row each, the switch never adding hand-offs."""
    out = _bench("benchmarks/stops.py", "--seeds", "1", "--rounds", "1")
    rows = [line.split("  ") for line in out.splitlines() if line.startswith(("hot-seat", "vs "))]
    assert len(rows) == 5
    handoffs = [float([c for c in row if c.strip()][2]) for row in rows]
    assert handoffs[2] <= handoffs[1] == handoffs[0] and handoffs[0] > 0


def test_calibration_benchmark_reports_brier_and_deciles() -> None:
    """One Warfare game: the Brier score beside the base rate's, and a row per decile shown."""
    out = _bench("benchmarks/calibration.py", "--games", "warfare", "--count", "1")
    assert "Brier" in out and "the base rate" in out
    rows = [line for line in out.splitlines() if line[:1] == "0" and "-" in line[:8]]
    assert rows and all(len(row.split()) >= 5 for row in rows)
