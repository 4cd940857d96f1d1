"""The suite's order: the longest files first, so the workers (pytest-xdist, ``--dist loadfile``)
finish together instead of one waiting on a long file that came last."""

from __future__ import annotations

import pytest

# The files that take longest (measured with --durations on 2 cores), longest first. A file not
# listed keeps its place after them; the order inside a file never changes (its fixtures).
LONGEST_FIRST = (
    "tests/conformance/test_conformance.py",
    "tests/e2e/test_recap.py",
    "tests/e2e/test_platform.py",
    "tests/browsers/test_smoke.py",
    "tests/e2e/test_thumb.py",
    "tests/e2e/test_genocide.py",
    "tests/e2e/test_skirmish.py",
    "tests/e2e/test_warm_snapshot.py",
    "tests/ai/test_bots.py",
    "tests/e2e/test_guided.py",
    "tests/e2e/test_warfare_phone.py",
    "tests/e2e/test_tabs.py",
    "tests/e2e/test_skirmish_turns.py",
    "tests/e2e/test_genocide_follow.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: n for n, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))  # stable
