"""Spacehole: the solo dice-and-card colony game and its Babylon 5 card set (RULES.md section 2)."""

from .actions import CODEC
from .actions import SpaceholeAction as Action
from .game import GAME, SpaceholeGame
from .state import State
from .view import describe

__all__ = ["CODEC", "GAME", "Action", "SpaceholeGame", "State", "describe"]
