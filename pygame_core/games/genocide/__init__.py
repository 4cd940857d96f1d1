"""Space Genocide (RULES.md section 1): Classic and Advanced Basic, 2-4 players."""

from .game import GAME, Genocide
from .state import State
from .view import describe

__all__ = ["GAME", "Genocide", "State", "describe"]
