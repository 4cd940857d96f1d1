"""Space Genocide (RULES.md section 1): Classic and Advanced Basic, 2-4 players."""

from .game import GAME, Genocide

__all__ = ["GAME", "Genocide"]
