"""Space Genocide state: planets, ship counters, fleets, phase data and knowledge (SG-2, SG-14)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...canonical import remember_text
from ...deck import Deck
from ...events import Event
from ...rng import RngValue
from ...windows import Stops, Window
from .data import VARIANTS, VariantData


class Phase(str, Enum):
    """Where the game stands: whose decision of which kind is due (SG-3 to SG-13). A ``str``
    enum, so states, digests, views and links read exactly as the plain strings did."""

    RACE = "race"  # SG-3.5 race choice
    TYPES = "types"  # SG-3.6 planet types
    FLEETS = "fleets"  # SG-3.8 initial fleets
    TRANSPORT = "transport"  # SG-5
    CHOOSE_BATTLE = "choose_battle"  # SG-6.2
    DECLARE = "declare"  # SG-6.5 B3 target declarations
    BURST = "burst"  # SG-7.2 burst declarations
    CAPTURE = "capture"  # SG-11 Scavengers
    MD = "md"  # SG-8.3 launch orders
    DISCARD = "discard"  # SG-9.2
    PLACE = "place"  # SG-9.5 (and SG-12.1 Alien Ruins)
    BUY = "buy"  # SG-9.4
    WINDOW = "window"  # SG-13.2 / C-5 a card window
    TARGET = "target"  # SG-13.2 a card's targets
    CARD_MOVE = "card_move"  # SG-13.3 Lure, Retreat
    HAND_LIMIT = "hand_limit"  # SG-4.1 step 5.2
    CLOSED = "closed"  # a window just closed: its continuation sets the next phase
    OVER = "over"  # SG-10




@remember_text
@dataclass(frozen=True)
class Planet:
    """One planet hex (SG-2.4). ``ptype`` is "" in Classic or until assigned (SG-3.6).

    Neutral planets (SG-12.1) follow the players' planets with ``owner`` -1 until captured."""

    owner: int
    col: int
    row: int
    ptype: str = ""
    alive: bool = True
    public: bool = False  # type known to all: a captured neutral planet (SG-12.1)


@remember_text
@dataclass(frozen=True)
class Ship:
    """A counter in play. ``carrier`` is the cid of the bay-ship it is loaded in, or -1 (SG-5.5)."""

    owner: int
    fleet: int  # the owner's fleet marker
    pb: int
    mp: int = 0
    carrier: int = -1


@remember_text
@dataclass(frozen=True)
class Fleet:
    """A fleet marker on the map (SG-5.1): its owner, marker number and hex; ``done`` is SG-5.10."""

    owner: int
    marker: int
    col: int
    row: int
    done: bool = False


@dataclass(frozen=True)
class Sighting:
    """A "last seen" snapshot of one fleet (C-4.3), public since battle reveals are public."""

    owner: int
    marker: int
    round: int
    ships: tuple[tuple[int, int, int], ...]  # (cid, pb, carrier)
    stale: bool = False


@dataclass(frozen=True)
class Battle:
    """The battle round in progress (SG-6.3): hex, protected bay-ships, declarations so far."""

    col: int
    row: int
    protected: tuple[int, ...]
    declarers: tuple[int, ...]  # seats still to declare, in turn order (PENDING, C-4.1)
    queue: tuple[int, ...]  # the current declarer's eligible ships not yet declared
    declarations: tuple[tuple[int, int], ...] = ()  # (attacker cid, target cid or -1)
    sacrifices: tuple[int, ...] = ()  # Amoeboid ships self-destructing this round (SG-11)
    fleets: tuple[tuple[int, int], ...] = ()  # (owner, marker) of every fleet present at B1


@dataclass(frozen=True)
class BurstStep:
    """The space-burst declarations in progress (SG-7.2): PENDING until every seat is in."""

    declarers: tuple[int, ...]  # seats still to declare, in turn order
    queue: tuple[int, ...]  # the current declarer's ships with pb >= 1 in a battle hex
    declarations: tuple[tuple[int, int], ...] = ()  # (ship cid, PBs; 0 = no burst)


@dataclass(frozen=True)
class RollRec:
    """One "roll" (SG-A59) held until its Luck window has closed: the dice are applied only
    then, so a reroll can replace them. ``ref`` says what it is for (a ship, planet, ...)."""

    purpose: str
    sides: int
    dice: tuple[int, ...]
    ref: tuple[int, ...] = ()


@dataclass(frozen=True)
class PendingPlay:
    """A card whose targets its player is choosing, one step at a time (SG-13.2)."""

    player: int
    card: int
    args: tuple[int, ...] = ()
    kind: str = ""  # the window kind when played outside a window ("T", "between")


@dataclass(frozen=True)
class CardMove:
    """A fleet moved step by step by a card (Lure, Retreat, SG-13.3 #31/#34): who decides,
    which fleet, its MP, and for Retreat the hex every step must get farther from."""

    player: int
    owner: int
    marker: int
    mp: int
    away: tuple[int, int] | None = None
    path: tuple[tuple[int, int], ...] = ()  # steps still to take on their own (Intercept)


@dataclass(frozen=True)
class Wreck:
    """A ship destroyed this Engagement Phase (SG-6.9): where, whose, and its pb at the time."""

    cid: int
    owner: int
    marker: int
    col: int
    row: int
    pb: int


@dataclass(frozen=True)
class State:
    """The whole game. Ships are indexed by cid; ``None`` means pile or limbo (SG-2.3)."""

    variant: str
    production: str  # "resources" | "draw4"
    discard_rule: bool
    combat_die: int
    players: int
    round_limit: int
    rng: RngValue
    order: tuple[int, ...]  # turn order (SG-3.2, SG-16.3)
    planets: tuple[Planet, ...]  # pid = owner * 10 + k
    ships: tuple[Ship | None, ...]
    pile: tuple[int, ...]  # sorted cids (C-2.4)
    limbo: tuple[int, ...] = ()  # wrecks (SG-6.9) and the discarded ship (SG-9.2)
    wrecks: tuple[Wreck, ...] = ()  # this Engagement Phase's wrecks, for the modules (SG-6.9)
    modules: tuple[str, ...] = ()  # Advanced modules switched on: "races", ... (SG-1.1)
    races: tuple[str, ...] = ()  # per seat, "" until chosen (SG-3.5, SG-11)
    terrain: tuple[tuple[int, int, str], ...] = ()  # (col, row, key) by (col, row) (SG-12)
    terrain_used: tuple[tuple[int, int], ...] = ()  # once-per-game features already claimed
    fleets: tuple[Fleet, ...] = ()  # sorted by (owner, marker)
    next_marker: tuple[int, ...] = ()  # Classic: sequential markers per seat (SG-2.4)
    resources: tuple[int, ...] = ()
    alive: tuple[bool, ...] = ()  # seats still in the game (SG-16.5)
    round: int = 1
    turn: int = 0  # index into ``order`` of the active player
    phase: Phase = Phase.TYPES
    # Setup (SG-3.6, SG-3.8): whose setup it is, drawn ships, pending placements (cid, pid).
    setup_seat: int = 0
    hands: tuple[tuple[int, ...], ...] = ()
    placements: tuple[tuple[int, int], ...] = ()
    # Transport (SG-5): the fleet being ordered, 0 for none.
    cursor: int = 0
    # Engagement (SG-6): hexes already fought this phase, and the battle in progress.
    fought: tuple[tuple[int, int], ...] = ()
    battle: Battle | None = None
    # Space burst (SG-7): the declarations in progress, and the fleets revealed by the burst
    # step's B1 this phase as (col, row, owner, marker), for the Scavengers (SG-11).
    burst: BurstStep | None = None
    burst_fleets: tuple[tuple[int, int, int, int], ...] = ()
    # Mass Destruction (SG-8): ships still to declare, and the orders (cid, n).
    md_queue: tuple[int, ...] = ()
    launches: tuple[tuple[int, int], ...] = ()
    # Production (SG-9): ships still to draw, and the drawn/bought ship awaiting placement.
    to_draw: int = 0
    drawn: int = -1
    resume: str = ""  # where play continues after placing ``drawn`` ("" = production)
    placer: int = -1  # who places ``drawn`` (-1: the active player)
    # Scavengers (SG-11): the wrecks to choose one from now, then the further choices queued.
    capture: tuple[int, ...] = ()
    capture_queue: tuple[tuple[int, ...], ...] = ()
    # Cards (SG-13, C-5): the deck, each seat's hand (card numbers, sorted), this turn's
    # effects as (kind, a, b), the open window and the continuation run when it closes, a
    # card being targeted, a card-driven move, and the rolls awaiting their Luck window.
    deck: Deck | None = None
    cards: tuple[tuple[int, ...], ...] = ()
    effects: tuple[tuple[str, int, int], ...] = ()
    window: Window | None = None
    window_then: str = ""
    # Each seat's reaction stops (C-5.4), PUBLIC: None under rules 2, when every stop was on
    # and could not be switched (a link made then replays as it was played).
    stops: Stops | None = None
    # Windows suspended while a window opened inside them runs: a Luck window for the die of
    # a neutral planet entered by a card move (SG-A59), as (window, its continuation).
    outer: tuple[tuple[Window, str], ...] = ()
    play: PendingPlay | None = None
    card_move: CardMove | None = None
    rolls: tuple[RollRec, ...] = ()
    # Transport bookkeeping for the O-move window: the cursor fleet once it has stepped
    # (marker, entered-empty flag), and the fleet whose move just completed.
    moving: tuple[int, ...] = ()  # (marker, entered empty) or ()
    moved: tuple[int, ...] = ()  # (owner, marker, col, row, entered empty) or ()
    transports: int = 0  # Transport Phases begun this turn (Strategic Push adds one)
    fought_ships: tuple[int, ...] = ()  # ships present at any B1 this Engagement Phase
    press: tuple[tuple[int, int], ...] = ()  # Press Offensive hexes still to fight
    # Card knowledge (C-4.3): Scanners snapshots, Spies snapshots, Data Analysis tops.
    scans: tuple[tuple[int, Sighting], ...] = ()
    spied: tuple[tuple[int, int, int, tuple[int, ...]], ...] = ()  # (seat, of, round, hand)
    analysis: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (seat, top cards in order)
    # Knowledge (C-4.3, SG-5.14): (seat, pid) planet types learned by peeking.
    known: tuple[tuple[int, int], ...] = ()
    sightings: tuple[Sighting, ...] = ()
    log: tuple[Event, ...] = ()  # what happened (events.py, words.py); each seen by PUBLIC or one seat
    epoch: int = 0
    winners: tuple[int, ...] = ()
    reason: str = ""

    @property
    def data(self) -> VariantData:
        return VARIANTS[self.variant]

    @property
    def active(self) -> int:
        return self.order[self.turn]

    def has(self, module: str) -> bool:
        """Whether an Advanced module is on: "races", "burst", "terrain" or "cards" (SG-1.1)."""
        return module in self.modules
