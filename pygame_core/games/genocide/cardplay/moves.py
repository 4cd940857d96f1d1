"""Card-driven moves (SG-13.3 #31 Lure, #33 Intercept, #34 Retreat): step by step, or along
a path, with the card's MP; entering hexes as in the Transport Phase (``arrival``).
"""

from __future__ import annotations

from dataclasses import replace

from ..arrival import capture_neutral, enter_terrain, move_fleet
from ..board import HexKey, enter_cost, neighbour_table, terrain_at
from ..state import CardMove, Phase
from ..work import Work, continuation
from .targets import card_steps, fleet_hex
from .windows import continue_window


def start_card_move(w: Work, cm: CardMove) -> None:
    """Called while the card resolves: if the move needs no decision it is over at once and
    the window simply goes on; otherwise the mover decides (phase ``card_move``)."""
    w.card_move = cm
    if _advance_card_move(w):
        w.card_move = None


@continuation("card_move")
def continue_card_move(w: Work) -> None:
    """After a decision inside a card move (an Alien Ruins placement)."""
    if _advance_card_move(w):
        _finish_card_move(w)


def _advance_card_move(w: Work) -> bool:
    """Take the remaining automatic steps, then ask the mover. True when the move is over."""
    cm = w.card_move
    assert isinstance(cm, CardMove)
    while cm.path:
        dest, cm = cm.path[0], replace(cm, path=cm.path[1:])
        w.card_move = cm
        handoffs = w.handoffs
        _card_enter(w, cm, dest)
        if w.phase == Phase.PLACE or w.handoffs != handoffs:
            return False  # a decision or a window first; continue_card_move() follows
        moved = w.card_move
        assert isinstance(moved, CardMove)
        cm = moved
    if cm.away is None and cm.player == cm.owner:  # Intercept: the path is the move
        return True
    if not card_steps(w.freeze()):
        return True
    w.phase = Phase.CARD_MOVE
    return False


def _card_enter(w: Work, cm: CardMove, dest: HexKey) -> None:
    """One card-move step. The move's MP is updated before the hex's own effects (SG-12.1),
    since these may hand over to a continuation that goes on with the move."""
    cost = enter_cost(w.s, dest)
    stop = move_fleet(w, cm.owner, cm.marker, dest, cost, card=True, arrive=False)
    w.card_move = replace(cm, mp=0 if stop else cm.mp - cost)
    t = terrain_at(w.s, dest)
    if t is not None:
        enter_terrain(w, cm.owner, dest, t, "card_move")


def card_step(w: Work, direction: int) -> None:
    cm = w.s.card_move
    assert cm is not None
    here = fleet_hex(w.s, cm.owner, cm.marker)
    dest = neighbour_table(w.s.players)[here][direction]
    assert dest is not None
    handoffs = w.handoffs
    _card_enter(w, cm, dest)
    if w.phase == Phase.PLACE or w.handoffs != handoffs:
        return
    continue_card_move(w)


def card_stop(w: Work) -> None:
    _finish_card_move(w)


def _finish_card_move(w: Work) -> None:
    w.card_move = None
    w.phase = Phase.WINDOW
    continue_window(w)


@continuation("neutral_card")
def _neutral_after_luck_card(w: Work) -> None:
    capture_neutral(w)
    continue_card_move(w)
