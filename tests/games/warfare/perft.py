"""Perft for Galactic Warfare: count action sequences from positions stored in perft.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pygame_core.games.warfare.state import WarfareState

from .helpers import BLUE, GAME, WHITE, position, with_hands

PERFT_FILE = Path(__file__).with_name("perft.json")


def perft(state: WarfareState, depth: int) -> int:
    """Leaf count of the action tree ``depth`` decisions deep; a finished game is one leaf.
    Dice come from the RNG held in the state, so every count is fixed."""
    if depth == 0 or GAME.current_player(state) is None:
        return 1
    actions = GAME.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(GAME.apply(state, action), depth - 1) for action in actions)


def build(entry: dict[str, Any]) -> WarfareState:
    """The position an entry of perft.json describes."""
    to_move = {"white": WHITE, "blue": BLUE}[entry["to_move"]]
    state = position(entry["white"], entry["blue"], to_move=to_move, cards=entry.get("cards", False))
    if "hands" in entry:
        state = with_hands(state, entry["hands"]["white"], entry["hands"]["blue"])
    return state


def load() -> list[dict[str, Any]]:
    data: dict[str, Any] = json.loads(PERFT_FILE.read_text())
    positions: list[dict[str, Any]] = data["positions"]
    return positions
