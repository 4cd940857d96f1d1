"""Building Galactic Warfare positions for tests: boards from square names, hands, dice."""

from __future__ import annotations

from dataclasses import replace

from pygame_core import ScriptedRng
from pygame_core.games.warfare import GAME
from pygame_core.games.warfare import cards as gwcards
from pygame_core.games.warfare.board import BLUE, SQUARES, WHITE, parse
from pygame_core.games.warfare.state import TURN, WarfareState
from pygame_core.windows import Stops

__all__ = ["BLUE", "GAME", "WHITE", "dice", "position", "sq", "with_hands"]


def sq(text: str) -> int:
    return parse(text)


def position(
    white: dict[str, int],
    blue: dict[str, int],
    *,
    to_move: int = WHITE,
    cards: bool = False,
    removed: int | None = None,
) -> WarfareState:
    """A state in the middle of a game: the given stacks (square -> size), ``to_move`` to act.

    Ships not on the board count as removed, so the 24-ship invariant holds.
    """
    state = GAME.new_game({"cards": "proposed_deck"} if cards else {}, 0)
    board = [0] * SQUARES
    for text, size in white.items():
        board[parse(text)] = size
    for text, size in blue.items():
        board[parse(text)] = -size
    on_board = sum(abs(c) for c in board)
    return replace(
        state,
        board=tuple(board),
        removed=24 - on_board if removed is None else removed,
        phase=TURN,
        active=to_move,
        chooser=to_move,
        turn_no=1,
        last_actor=1 - to_move,
        log=(),
        stops=Stops(gwcards.STOP_KINDS if cards else ()),
    )


def with_hands(state: WarfareState, white: list[int], blue: list[int]) -> WarfareState:
    """Give each player cards of the listed kinds (GW-12 #); the other cards are set aside or
    already played, so the 50 cards stay conserved."""
    free = list(range(gwcards.DECK_SIZE))
    hands: list[tuple[int, ...]] = []
    for kinds in (white, blue):
        hand = []
        for kind in kinds:
            card = next(c for c in free if gwcards.kind_of(c) == kind)
            free.remove(card)
            hand.append(card)
        hands.append(tuple(sorted(hand)))
    unused = 50 - 30
    deck = replace(state.deck, draw_pile=tuple(free[:unused]), discard_pile=tuple(free[unused:]))
    return replace(state, hands=(hands[0], hands[1]), deck=deck)


def dice(state: WarfareState, *values: int) -> WarfareState:
    """Script the next dice (C-2.7), in consumption order (GW-14)."""
    return replace(state, rng=ScriptedRng(tuple(values)))
