"""Galactic Warfare (RULES.md section 3): the checkers-like dice duel, exposed as ``GAME``."""

from .actions import CODEC, Action
from .game import GAME, WarfareGame
from .state import WarfareState as State

__all__ = ["CODEC", "GAME", "Action", "State", "WarfareGame"]
