"""Fixtures for the core tests: the toy game registered in GAMES for the length of a module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import pygame_core.registry

from .toygame import TOY, HiddenRace


@pytest.fixture(scope="module")
def toy() -> Iterator[HiddenRace]:
    """Register the toy game (record.lookup_game reads pygame_core.registry.GAMES)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(pygame_core.registry.GAMES, TOY.id, TOY)
        yield TOY
