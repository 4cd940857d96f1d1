"""Every game by id: adding a game is one folder under games/ and one line here."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from typing import Any

from .game import Game

# Game id -> the package that exposes its GAME, in the order the site lists them.
_PACKAGES: dict[str, str] = {
    "spacehole": "pygame_core.games.spacehole",
    "warfare": "pygame_core.games.warfare",
    "skirmish": "pygame_core.games.skirmish",
    "genocide": "pygame_core.games.genocide",
}


class _Registry(MutableMapping[str, "Game[Any, Any]"]):
    """The games by id, each imported the first time it is looked up: a first visit that
    opens Spacehole compiles Spacehole's modules, not Space Genocide's 34 (issue 34). A game
    object can also be registered directly (the tests' toy game)."""

    def __init__(self, packages: dict[str, str]) -> None:
        self._packages = dict(packages)
        self._games: dict[str, Game[Any, Any]] = {}

    def __getitem__(self, game_id: str) -> Game[Any, Any]:
        game = self._games.get(game_id)
        if game is None:
            package = self._packages[game_id]
            game = importlib.import_module(package).GAME
            if game.id != game_id:  # a registry line that names the wrong package
                raise LookupError(f"{package} holds the game {game.id!r}, not {game_id!r}")
            self._games[game_id] = game
        return game

    def __setitem__(self, game_id: str, game: Game[Any, Any]) -> None:
        self._packages.setdefault(game_id, type(game).__module__)
        self._games[game_id] = game

    def __delitem__(self, game_id: str) -> None:
        del self._packages[game_id]
        self._games.pop(game_id, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._packages


GAMES: MutableMapping[str, Game[Any, Any]] = _Registry(_PACKAGES)
