"""What each player may see (MSC-11): everything public, plus only the own pending plan."""

from __future__ import annotations

from functools import lru_cache

from ...events import Event
from ...hexgrid import Hex, HexMap, disc
from .actions import Action, Fire, HitSide, Place, SetSpeed
from .data import MAX_RANGE, SIDE_LABEL, SIDE_NAMES, range_modifier
from .designs import starter
from .geometry import arcs_of, compress_orders, expand_orders, relative
from .models import DesignView, LogLine, OrderView, PlanView, Pose, ShipView, ShotOdds, SkirmishView
from .plotting import ghost, plot_view
from .rules import (
    can_add_ship,
    current_seat,
    facing_sides,
    hex_of,
    legal_actions,
    own_ships,
    plotting_ship,
    poses,
    scores,
    ship_allowance,
)
from .state import INTACT, Design, Order, Ship, SkirmishState
from .words import parts, text_of

WEAPON_STATUS = ("none", "intact", "destroyed")


def design_view(design: Design) -> DesignView:
    return {
        "name": design.name,
        "engine": design.engine,
        "shields": design.shields,
        "to_hit": design.to_hit,
        "weapons": [SIDE_NAMES[s] for s in design.weapons],
        "bp": design.bp,
    }


@lru_cache(maxsize=6)
def _reach(side: int) -> tuple[tuple[int, int], ...]:
    """The cube offsets (q, r) a weapon on ``side`` of a ship facing 0 may fire at: the rules'
    own range and arc checks (MSC-9.3: range 0..6, MSC-3.4: the side's C-1.4 wedge) asked of
    every hex around it, so the page's drawing is what ``shot_problem`` accepts."""
    origin = Hex(0, 0)
    return tuple(
        (there.cube[0], there.cube[1])
        for there in disc(origin, MAX_RANGE)
        if range_modifier(origin.distance(there)) is not None and side in arcs_of(0, relative(origin, there))
    )


@lru_cache(maxsize=256)
def _arcs(sides: tuple[int, ...], col: int, row: int, facing: int, width: int, height: int) -> dict[str, list[str]]:
    """``armed_arcs`` for weapons on ``sides``; remembered, as ships stand still through most of
    the taps that each make a view (issue 31: no slower views). Shared: read it, never change it."""
    grid = HexMap(width, height)
    q, r, _ = Hex(col, row).cube
    out: dict[str, list[str]] = {}
    for side in sides:
        # Side s of a ship facing f looks along world direction (f + s) % 6 (MSC-3.3): the
        # offsets of that side of a ship facing 0.
        turned = (facing + side) % 6
        cells = (Hex.from_cube(q + dq, r + dr) for dq, dr in _reach(turned))
        out[SIDE_NAMES[side]] = [c.label for c in cells if grid.contains(c)]
    return out


def armed_arcs(ship: Ship, col: int, row: int, facing: int, grid: HexMap) -> dict[str, list[str]]:
    """Per intact weapon of ``ship`` standing at (col, row) facing ``facing``, the hexes of
    ``grid`` it may fire at (MSC-3.4 arcs, MSC-9.3 range; its own hex too, range 0): what the
    page draws as the ship's arcs and rings targets by (issue 32: no arc rules in the page)."""
    sides = tuple(s for s, w in enumerate(ship.weapons) if w == INTACT)
    return _arcs(sides, col, row, facing, grid.width, grid.height) if sides else {}


def ship_view(
    ship: Ship, grid: HexMap, deployed: dict[int, Pose] | None = None, last_move: list[list[int]] | None = None,
) -> ShipView:
    """A ship as everyone sees it; ``deployed``: where each ship deployed (from the log's events),
    so the page can replay the last movement from there and its history (MSC-11.1)."""
    placed = ship.col >= 0
    return {
        "id": ship.id,
        "label": ship.label,
        "owner": ship.owner,
        "design": design_view(ship.design),
        "engine": ship.engine,
        "shields": ship.shields,
        "to_hit": ship.design.to_hit,
        "weapons": {SIDE_NAMES[s]: WEAPON_STATUS[w] for s, w in enumerate(ship.weapons) if s != 3},
        "hex": Hex(ship.col, ship.row).label if placed else None,
        "col": ship.col if placed else None,
        "row": ship.row if placed else None,
        "facing": ship.facing if placed else None,
        "speed": ship.speed,
        "fate": ship.fate or None,
        "fired": [SIDE_NAMES[s] for s in ship.fired],
        "history": list(ship.history),
        "deployed": None if deployed is None else deployed.get(ship.id),
        # The last movement step by step, [col, row, facing] from where it started, for the
        # page's replay; a ship that left the map ends on the hex off it (MSC-7.1, MSC-7.2).
        "last_move": last_move,
        # Only a ship that can fire has arcs to draw (issue 36: the enemy's are drawn too).
        "arcs": armed_arcs(ship, ship.col, ship.row, ship.facing, grid) if placed and ship.alive else {},
    }


def _last_move(state: SkirmishState, start: tuple[int, int, int, str] | None) -> list[list[int]] | None:
    """The poses of a ship's last movement from ``start`` (hex, facing and the orders written)."""
    if start is None:
        return None
    col, row, facing, written = start
    seq, _ = poses(Hex(col, row), facing, expand_orders(written), HexMap(state.width, state.height))
    return [[where.col, where.row, f] for where, f in seq]


def plan_view(state: SkirmishState, seat: int, mine: bool) -> PlanView:
    """A PENDING plan (C-4.1): its owner sees it all, everyone else only whether it is in."""
    plan = state.plans[seat]
    if not mine:
        return {"submitted": plan.done}
    out: PlanView = {"submitted": plan.done}
    if state.phase == "design":
        out["designs"] = [design_view(d) for d in plan.designs]
        out["spent"] = sum(d.bp for d in plan.designs)
        out["next_ship_allowance"] = ship_allowance(state, plan)
        out["can_add_ship"] = can_add_ship(state, plan)  # MSC-2.3, MSC-4.1
        # Where the designer's form starts for the next ship: Ship 1 cut to what it may cost.
        out["starter"] = design_view(starter(max(1, ship_allowance(state, plan))))
        if plan.draft is not None:
            out["draft"] = {
                "values": list(plan.draft.values),
                "weapons": [SIDE_NAMES[s] for s in plan.draft.weapons],
                "sides_decided": plan.draft.asked,
            }
    elif state.phase == "deploy":
        out["placements"] = [
            {
                "hex": Hex(p.col, p.row).label,
                "col": p.col,
                "row": p.row,
                "facing": p.facing if p.facing >= 0 else None,
            }
            for p in plan.placements
        ]
    elif state.phase == "orders":
        out["orders"] = [_order_view(state, o) for o in plan.orders]
        # The ship being plotted: its SPEEDs and orders judged by the rules, so the page
        # needs no copy of them and no round trip per tap (issue 32).
        out["plot"] = plot_view(state, seat)
    return out


def _order_view(state: SkirmishState, order: Order) -> OrderView:
    """One plotted order with where it takes its ship (``ghost``: the hexes crossed, the facing
    at the end, ``leaves_map``), so the UI can warn before a ship leaves the map (MSC-A26)."""
    ship = state.ships[order.ship]
    return {
        **ghost(ship, order.steps, HexMap(state.width, state.height)),
        "ship": order.ship,
        "speed": order.speed,
        "steps": order.steps,
        "written": compress_orders(order.steps),
        "complete": order.complete,
    }


class _Told:
    """A log told once: its lines, each line's parts for the page, the events as plain data for
    the computer player, and where each ship deployed."""

    def __init__(self) -> None:
        self.log: tuple[Event, ...] = ()
        self.lines: list[str] = []
        self.parts: dict[str, LogLine] = {}
        self.plain: list[dict[str, object]] = []
        self.deployed: dict[int, Pose] = {}
        self.stands: dict[int, tuple[int, int, int]] = {}  # where each ship is after the events
        self.moved_from: dict[int, tuple[int, int, int, str]] = {}  # its last move's start, orders

    def extended(self, log: tuple[Event, ...]) -> _Told:
        """This account with the events of ``log`` after its own (``log`` starts with them)."""
        told = _Told()
        told.log, told.lines, told.parts = log, list(self.lines), dict(self.parts)
        told.plain, told.deployed = list(self.plain), dict(self.deployed)
        told.stands, told.moved_from = dict(self.stands), dict(self.moved_from)
        for e in log[len(self.log):]:
            told.plain.append(e.plain())
            if e.kind == "deployed":
                told.deployed[e.nums("ship")[0]] = {"col": e.num("col"), "row": e.num("row"), "facing": e.num("facing")}
            if e.kind in ("deployed", "moved"):
                ship = e.nums("ship")[0]
                if e.kind == "moved" and ship in told.stands:
                    told.moved_from[ship] = (*told.stands[ship], e.text("orders"))
                told.stands[ship] = (e.num("col"), e.num("row"), e.num("facing"))
            turn = None if e.get("turn") is None else e.num("turn")  # turn, movement, initiative
            for n, line in enumerate(parts(e)):
                text = text_of(list(line))
                told.lines.append(text)
                # The same words always come from the same facts (a ship's name says which
                # ship), so the page looks a line's parts up by its words.
                told.parts[text] = {"kind": e.kind, "detail": n > 0, "turn": turn, "parts": list(line)}
        return told


_MEMO_SIZE = 4
_memo: list[_Told] = []


def _told(log: tuple[Event, ...]) -> _Told:
    """The account of ``log``: a view is made on every tap and a log only grows, so the last
    few are remembered and a longer log tells only its new events (issue 31: no slower views)."""
    for known in _memo:
        if known.log is log:
            return known
    base = next((k for k in _memo if len(k.log) <= len(log) and log[: len(k.log)] == k.log), _Told())
    told = base.extended(log)
    _memo.insert(0, told)
    del _memo[_MEMO_SIZE:]
    return told


def view(state: SkirmishState, player: int | None) -> SkirmishView:
    seat = current_seat(state)
    west, east = scores(state)
    told = _told(state.log)
    grid = HexMap(state.width, state.height)
    return {
        "game": "skirmish",
        "you": player,
        "phase": state.phase,
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "victory": state.victory,
        "scenario": state.scenario,
        "map": {"width": state.width, "height": state.height},
        "max_range": MAX_RANGE,
        "limits": {"ships": state.max_ships, "budget": state.budget, "ship_bp": state.ship_bp},
        "sides": list(SIDE_LABEL),
        "plans": [plan_view(state, p, player == p) for p in range(len(state.plans))],
        "ships": [ship_view(s, grid, told.deployed, _last_move(state, told.moved_from.get(s.id))) for s in state.ships],
        "initiative": list(state.initiative),
        "firing": state.initiative[state.firing] if state.phase == "combat" else None,
        "pending_hit": None
        if state.pending_hit is None
        else {
            "shooter": state.pending_hit.shooter,
            "target": state.pending_hit.target,
            "sides": [SIDE_NAMES[s] for s in state.pending_hit.sides],
        },
        "scores": [west, east],
        "winners": list(state.winners),
        "result": state.result or None,
        # The log in words (words.py), each line's parts for the page to draw (dice, ships by
        # the names their players gave them) without reading the words, and the events for the
        # computer player (the controller strips them from the page's view). The parts and the
        # events are the remembered account's own: read them, never change them.
        "log": list(told.lines),
        "log_parts": told.parts,
        "events": told.plain,
        # The keys every game's view offers the web shell (docs/ENGINE.md).
        "to_move": seat,
        "seat_names": list(SIDE_LABEL),
        "turn_number": state.turn,
        "status": _status(state),
        "moment": _moment(state),
        "score_line": f"{SIDE_LABEL[0]} {west} · {SIDE_LABEL[1]} {east}",
        "secrets": True,  # MSC-11: designs in progress and plotted orders are secret
        # The odds of each legal shot, for the seat firing (issue 32: the page draws them).
        "shots": _shot_odds(state) if player is not None and player == seat and state.phase == "combat" else {},
        # A label per legal action, for the seat to move only (its own plans are in them).
        "choices": [describe(state, a) for a in legal_actions(state)] if player is not None and player == seat else [],
    }


_PHASE_LABELS = {
    "design": "Ship design", "deploy": "Deployment", "orders": "Plot orders", "combat": "Combat",
    "over": "Game over",
}


def _moment(state: SkirmishState) -> str:
    """When it is, as the board says it (MSC-5): "Turn 3"; "" before the first turn and at the end."""
    return f"Turn {state.turn}" if state.turn and state.phase != "over" else ""


def _status(state: SkirmishState) -> str:
    """Turn and phase for the game screen's header (MSC-5)."""
    label = _PHASE_LABELS.get(state.phase, state.phase)
    moment = _moment(state)
    return f"{moment} · {label}" if moment else label


def _shot_odds(state: SkirmishState) -> dict[str, ShotOdds]:
    """Each legal shot ("ship-side-target"): its range and modifier (MSC-9.3), the roll it hits
    on and its chance in percent (MSC-9.4), and the target's sides a damage roll of 6 may strike,
    those facing the shooter (MSC-9.6)."""
    out: dict[str, ShotOdds] = {}
    for shot in legal_actions(state):
        if not isinstance(shot, Fire):
            continue
        shooter, target = state.ships[shot.ship], state.ships[shot.target]
        distance = hex_of(shooter).distance(hex_of(target))
        modifier = range_modifier(distance) or 0
        need = shooter.design.to_hit + modifier
        out[f"{shot.ship}-{shot.side}-{shot.target}"] = {
            "range": distance, "modifier": modifier, "need": need, "percent": round(100 * max(0, min(6, need)) / 6),
            "faces": [SIDE_NAMES[s] for s in facing_sides(shooter, target)],
        }
    return out


def describe(state: SkirmishState, action: Action) -> str:
    """A player-facing label for a legal action, naming ships by label (W1, E2) for the UI."""
    seat = current_seat(state)
    if isinstance(action, Fire):
        shooter, target = state.ships[action.ship], state.ships[action.target]
        distance = hex_of(shooter).distance(hex_of(target))
        modifier = range_modifier(distance)
        need = shooter.design.to_hit + (modifier or 0)
        chance = "always hits" if need >= 6 else "cannot hit" if need <= 0 else f"hits on {need}-"
        return f"{shooter.label} fires {action.side} at {target.label} (range {distance}, {chance})"
    if isinstance(action, (SetSpeed, Place)) and seat is not None:
        ship = plotting_ship(state, seat) if isinstance(action, SetSpeed) else None
        if isinstance(action, Place):
            placed = len(state.plans[seat].placements)
            ship = own_ships(state, seat)[placed]
        if ship is not None:
            return f"{ship.label}: {action}"
    if isinstance(action, HitSide) and state.pending_hit is not None:
        return f"{state.ships[state.pending_hit.target].label}: {action}"
    return str(action)
