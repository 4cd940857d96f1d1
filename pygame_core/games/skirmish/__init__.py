"""Minimal Space Combat (RULES.md section 4): designed ships, plotted movement, arcs and fire."""

from ...game import OptionError
from .actions import CODEC, Action
from .game import GAME, SkirmishGame
from .state import SkirmishState as State

__all__ = ["CODEC", "GAME", "Action", "OptionError", "SkirmishGame", "State"]
