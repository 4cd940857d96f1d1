"""What the ship being plotted may be ordered this turn, judged here for the page (MSC-6.1, MSC-6.2, MSC-7).

The page turns taps and typed text into a candidate step string ("FFLF") and draws; whether
that string is legal, what is still missing, why a step is refused, and where the orders
leave the ship all come from here, in the seat's own view (``plan_view``). One table per
legal SPEED holds every prefix of a legal order, so a tap needs no round trip to the engine.
"""

from __future__ import annotations

from functools import lru_cache

from ...hexgrid import HexMap
from .data import STAT_LIMITS
from .geometry import next_steps, speed_choices
from .models import Ghost, GhostRow, OrdersRow, Plot
from .rules import hex_of, plotting_ship, poses
from .state import Ship, SkirmishState

# MSC-2.1: no ENGINE goes above 5, so no SPEED does (MSC-6.1); the page offers 0..5.
TOP_SPEED = STAT_LIMITS["engine"][1]
TWICE = "A ship may not turn twice in a row: move forward between turns."
# The words are the player's; the rule each cites travels beside them (the page shows no IDs).
SPEED_RULE, ORDERS_RULE = "MSC-6.1", "MSC-6.2"


def _steps_left(speed: int, done: int) -> str:
    left = speed - done
    return f"{left} more step{'' if left == 1 else 's'} to plot: a ship must spend all of its SPEED {speed}."


def _all_plotted(speed: int) -> str:
    return (f"All {speed} step{'' if speed == 1 else 's'} are plotted, and one more would be more than SPEED {speed}: "
            "a ship spends exactly its SPEED.")


def speed_words(ship: Ship, first_turn: bool) -> tuple[range, str, str, str]:
    """The SPEEDs ``ship`` may take now (MSC-6.1) with, in words: the note under the choice, why
    a SPEED above them is refused, and why one below them is."""
    legal = speed_choices(ship.engine, ship.speed, first_turn)
    top, low = legal[-1], legal[0]
    if first_turn:
        note = f"Turn 1: any SPEED up to ENGINE {ship.engine}."
    else:
        shown = ", ".join(str(s) for s in legal)
        note = f"Last turn SPEED {ship.speed}, ENGINE {ship.engine}: now {shown}."
    because = (f"its ENGINE is {ship.engine}" if first_turn or top == ship.engine
               else f"it went SPEED {ship.speed} last turn and may add 1")
    above = f"{ship.label} can go at most SPEED {top} now: {because}."
    below = (f"{ship.label} must go at least SPEED {low} now: it went SPEED {ship.speed} last turn "
             "and may slow by 1.")
    return legal, note, above, below


def orders_table(speed: int, reasons: list[list[str]]) -> dict[str, OrdersRow]:
    """Every prefix of a legal order at ``speed`` (MSC-6.2): [steps that may follow, what is
    still missing (None once complete), why any other step is refused (None if none is)], the
    words as indices into ``reasons``, each [words, rule] sent once."""
    out: dict[str, OrdersRow] = {}

    def say(words: str | None) -> int | None:
        if words is None:
            return None
        said = [words, ORDERS_RULE]
        if said not in reasons:
            reasons.append(said)
        return reasons.index(said)

    def walk(prefix: str) -> None:
        offered = next_steps(prefix, speed)
        todo = None if len(prefix) == speed else _steps_left(speed, len(prefix))
        refused = None if len(offered) == 3 else TWICE if offered else _all_plotted(speed)
        out[prefix] = ["".join(offered), say(todo), say(refused)]
        for step in offered:
            walk(prefix + step)

    walk("")
    return out


def ghost(ship: Ship, steps: str, grid: HexMap) -> Ghost:
    """Where ``steps`` take ``ship`` (MSC-7.1), for the page to draw: the hexes it crosses as
    [col, row], its facing at the end, and, when a forward move leaves the map, the hex off
    the map it heads for (it disengages there, MSC-7.2)."""
    seq, left = poses(hex_of(ship), ship.facing, steps, grid)
    hexes: list[list[int]] = []
    for here, _ in seq[:-1] if left else seq:
        if [here.col, here.row] not in hexes[-1:]:
            hexes.append([here.col, here.row])
    exit_hex = [seq[-1][0].col, seq[-1][0].row] if left else None
    return {"hexes": hexes, "facing": seq[-1][1], "leaves_map": left, "exit": exit_hex}


def plot_view(state: SkirmishState, player: int) -> Plot | None:
    """For the ship ``player`` is plotting (None when every ship has its orders): each SPEED of
    the choice with why it is refused, and per legal SPEED the table of its orders; ``where``
    gives the ``ghost`` of every prefix as [hexes, facing, exit] (MSC-7.1, MSC-7.2)."""
    ship = plotting_ship(state, player)
    if ship is None:
        return None
    return _plot(ship, state.turn == 1, state.width, state.height)


@lru_cache(maxsize=32)
def _plot(ship: Ship, first_turn: bool, width: int, height: int) -> Plot:
    """``plot_view`` for one ship where it stands: every tap of a plot makes a view, and the
    ship, so its table, is the same all the while (issue 31: no slower views). The answer is
    shared by those views: read it, never change it."""
    legal, note, above, below = speed_words(ship, first_turn)
    grid = HexMap(width, height)
    reasons: list[list[str]] = []
    tables = {str(s): orders_table(s, reasons) for s in legal}
    # Short rows, [hexes, facing, exit]: a ship of ENGINE 5 has 84 prefixes (issue 32: the view
    # stays small).
    where: dict[str, GhostRow] = {}
    for table in tables.values():
        for prefix in table:
            if prefix not in where:
                g = ghost(ship, prefix, grid)
                where[prefix] = [g["hexes"], g["facing"], g["exit"]]
    return {
        "ship": ship.id,
        "speeds": [{"speed": s, "why": None if s in legal else above if s > legal[-1] else below}
                   for s in range(TOP_SPEED + 1)],
        "above": above,
        "speed_rule": SPEED_RULE,
        "note": note,
        "orders": tables,
        "reasons": reasons,
        "where": where,
    }
