"""The shape of Minimal Space Combat's view (MSC-11), as the page's screen reads it (issue 32)."""

from __future__ import annotations

from typing import Annotated, NotRequired, TypedDict

from ...game import ShellView

# A row sent as a short list of mixed items (a plot's tables and ghosts, issue 32: the view
# stays small) is a list, as all of a view is plain data (canonical.is_plain): mypy checks its
# items against their union, and the Annotated tuple tells the page (tools/gen_types.py) which
# item is which.


class DesignView(TypedDict):
    """A ship design (MSC-2.1): its name ("ship1".."ship3", "custom", "trimmed"), its stats, the
    sides carrying a weapon and its cost in BP (MSC-2.3)."""

    name: str
    engine: int
    shields: int
    to_hit: int
    weapons: list[str]
    bp: int


class Pose(TypedDict):
    """A hex and a facing (0..5, MSC-3.1): where a ship deployed."""

    col: int
    row: int
    facing: int


class ShipView(TypedDict):
    """A ship as everyone sees it (MSC-11.1): its tracks now (MSC-2.4), ``weapons`` each side's
    weapon ("none", "intact", "destroyed"; the rear has none), where it stands (None before it
    deploys), ``fate`` ("destroyed", "disengaged") once gone, ``history`` per turn "SPEED ORDERS",
    ``deployed`` where it deployed and ``last_move`` its last movement step by step, [col, row,
    facing] from where it started (MSC-7.1, MSC-7.2)."""

    id: int
    label: str
    owner: int
    design: DesignView
    engine: int
    shields: int
    to_hit: int
    weapons: dict[str, str]
    hex: str | None
    col: int | None
    row: int | None
    facing: int | None
    speed: int
    fate: str | None
    fired: list[str]
    history: list[str]
    deployed: Pose | None
    last_move: list[list[int]] | None
    arcs: dict[str, list[str]]


class Draft(TypedDict):
    """A custom design being made step by step (MSC-2.1): the stats chosen so far, the sides
    with a weapon and how many sides are decided."""

    values: list[int]
    weapons: list[str]
    sides_decided: int


class PlacementView(TypedDict):
    """A ship placed in the deployment (MSC-4.3); ``facing`` None until chosen."""

    hex: str
    col: int
    row: int
    facing: int | None


class Ghost(TypedDict):
    """Where orders take a ship (MSC-7.1): the hexes it crosses as [col, row], its facing at the
    end, and, when a forward move leaves the map, the hex off the map it heads for (MSC-7.2)."""

    hexes: list[list[int]]
    facing: int
    leaves_map: bool
    exit: list[int] | None


class OrderView(Ghost):
    """One plotted order (MSC-6.2) with its projected path, so the page can warn before a ship
    leaves the map (MSC-A26): ``steps`` as "FFLF", ``written`` as the rules write them ("2LF")."""

    ship: int
    speed: int
    steps: str
    written: str
    complete: bool


class SpeedChoice(TypedDict):
    """A SPEED of the choice 0..5 and why it is refused now (None when legal, MSC-6.1)."""

    speed: int
    why: str | None


OrdersRow = Annotated[list[str | int | None], tuple[str, int | None, int | None]]
"""A prefix of a legal order (MSC-6.2): the steps that may follow, what is still missing (None
once complete) and why any other step is refused (None if none is), both indices into the
plot's ``reasons``."""

GhostRow = Annotated[list[list[list[int]] | int | list[int] | None], tuple[list[list[int]], int, list[int] | None]]
"""A ``Ghost`` in short: [hexes, facing, exit]."""


class Plot(TypedDict):
    """The ship being plotted (MSC-6.1, MSC-6.2, MSC-7): each SPEED with why it is refused,
    ``above`` why a SPEED above the legal ones is, the note under the choice, per legal SPEED
    (its digits) the table of its orders' prefixes, the reasons they cite as [words, rule], and
    where every prefix leaves the ship."""

    ship: int
    speeds: list[SpeedChoice]
    above: str
    speed_rule: str
    note: str
    orders: dict[str, dict[str, OrdersRow]]
    reasons: list[list[str]]
    where: dict[str, GhostRow]


class PlanView(TypedDict):
    """A side's plan this phase (C-4.1): whether it is in; the rest for its own side only, by
    phase: the designs, their BP and what the next ship may cost and start from (MSC-2.3,
    MSC-4.1); the placements (MSC-4.3); or the orders and the ship being plotted (MSC-6)."""

    submitted: bool
    designs: NotRequired[list[DesignView]]
    spent: NotRequired[int]
    next_ship_allowance: NotRequired[int]
    can_add_ship: NotRequired[bool]
    starter: NotRequired[DesignView]
    draft: NotRequired[Draft]
    placements: NotRequired[list[PlacementView]]
    orders: NotRequired[list[OrderView]]
    plot: NotRequired[Plot | None]


class MapSize(TypedDict):
    """The map's size in hexes (MSC-3)."""

    width: int
    height: int


class Limits(TypedDict):
    """The scenario's limits (MSC-2.3, MSC-4.1): ships a side, BP a side and BP a ship."""

    ships: int
    budget: int
    ship_bp: int


class PendingHit(TypedDict):
    """A weapon hit whose side the shooter's player chooses (MSC-9.6): the sides it may strike."""

    shooter: int
    target: int
    sides: list[str]


class ShipPart(TypedDict):
    """A ship in a log line: its id and its words ("West 1")."""

    ship: int
    text: str


class DiePart(TypedDict):
    """A die in a log line: its value, whether it hit, what it was rolled for and its text."""

    die: int
    hit: bool
    what: str
    text: str


class RulePart(TypedDict):
    """A rule ID in a log line, with its text (" (MSC-7)")."""

    rule: str
    text: str


Part = str | ShipPart | DiePart | RulePart
"""A piece of a log line: plain text, a ship, a die or a rule ID (words.py)."""


class LogLine(TypedDict):
    """A log line's parts and its event's kind; ``detail`` for the lines after an event's first
    (the dice record, C-2.8), ``turn`` the event's turn if it has one."""

    kind: str
    detail: bool
    turn: int | None
    parts: list[Part]


class ShotOdds(TypedDict):
    """A legal shot: its range and modifier (MSC-9.3), the roll it hits on and its chance in
    percent (MSC-9.4), and the target's sides a damage roll of 6 may strike (MSC-9.6)."""

    range: int
    modifier: int
    need: int
    percent: int
    faces: list[str]


class SkirmishView(ShellView):
    """What a seat (or a spectator, ``you`` None) sees of a Minimal Space Combat state (MSC-11):
    everything public and its own plan; ``shots`` (by "ship-side-target") and ``choices`` only
    for the seat to move; ``max_range`` the farthest a weapon fires (MSC-9.3)."""

    game: str
    you: int | None
    phase: str
    turn: int
    turn_limit: int
    victory: str
    scenario: str
    map: MapSize
    max_range: int
    limits: Limits
    sides: list[str]
    plans: list[PlanView]
    ships: list[ShipView]
    initiative: list[int]
    firing: int | None
    pending_hit: PendingHit | None
    scores: list[int]
    winners: list[int]
    result: str | None
    log_parts: dict[str, LogLine]
    shots: dict[str, ShotOdds]
