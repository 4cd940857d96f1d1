"""Every game by id: adding a game is one folder under games/ and one line here."""

from __future__ import annotations

from typing import Any

from .game import Game
from .games.spacehole import GAME as SPACEHOLE

# One entry per game. The explicit element type keeps mypy --strict happy whether the tuple
# is empty or holds game classes with no common base (a plain tuple literal would join them
# to ``object``, and ``game.id`` would not type-check).
_REGISTERED: tuple[Game[Any, Any], ...] = (
    SPACEHOLE,
)

GAMES: dict[str, Game[Any, Any]] = {game.id: game for game in _REGISTERED}
