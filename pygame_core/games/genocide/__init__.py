"""Space Genocide (RULES.md section 1): Classic and Advanced, 2-4 players."""

from .actions import CODEC, Action
from .game import GAME, GenocideGame
from .state import State
from .view import describe

__all__ = ["CODEC", "GAME", "Action", "GenocideGame", "State", "describe"]
