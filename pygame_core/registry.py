"""Every game by id: adding a game is one folder under games/ and one line here."""

from __future__ import annotations

from typing import Any

from .game import Game
from .games.skirmish import GAME as SKIRMISH
from .games.spacehole import GAME as SPACEHOLE
from .games.warfare import GAME as WARFARE

GAMES: dict[str, Game[Any, Any]] = {
    game.id: game
    for game in (
        SPACEHOLE,
        WARFARE,
        SKIRMISH,
    )
}
