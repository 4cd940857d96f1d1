"""Every game by id: adding a game is one folder under games/ and one line here."""

from __future__ import annotations

from typing import Any

from .game import Game

# One entry per game (its package's ``GAME``). The explicit element type keeps mypy --strict
# happy whether the tuple is empty or holds game classes with no common base.
_REGISTERED: tuple[Game[Any, Any], ...] = (
)

GAMES: dict[str, Game[Any, Any]] = {game.id: game for game in _REGISTERED}
