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
