"""The shape of Space Genocide's view (SG-14, C-4), as the page's screen reads it (issue 32)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ...game import ShellView

# Keys named "def" (a Python keyword) need TypedDict's functional form.


class MapSize(TypedDict):
    """The map's size in hexes for this many seats (SG-2.1)."""

    cols: int
    rows: int


class Seat(TypedDict):
    """A seat's public figures (SG-A23, SG-11.1); ``kept`` the planets it kept at the end (SG-10)."""

    seat: int
    name: str
    alive: bool
    ships: int
    planets: int
    resources: int
    race: str | None
    kept: NotRequired[int]


class Planet(TypedDict):
    """A planet: owner -1 a neutral one not yet captured (SG-12.1); type None while secret (SG-14.1)."""

    id: int
    owner: int
    col: int
    row: int
    hex: str
    alive: bool
    type: str | None


class Fleet(TypedDict):
    """A fleet marker on the map (SG-5.1): ships None while its size is secret (SG-14.1),
    ordering while it is the fleet being moved, jammed under Jamming (SG-13.3 #19)."""

    owner: int
    marker: int
    col: int
    row: int
    hex: str
    done: bool
    ships: int | None
    ordering: bool
    jammed: bool


class Terrain(TypedDict):
    """A terrain hex (SG-12, public): ``used`` once its once-per-game reward is claimed."""

    col: int
    row: int
    hex: str
    type: str
    used: bool


class MyShip(TypedDict):
    """One of the viewer's own ships: its type's key and name, fleet marker, PBs, MP and the
    carrier it rides in (-1: none)."""

    id: int
    type: str
    name: str
    fleet: int
    pb: int
    mp: int
    carrier: int


class SeenShip(TypedDict):
    """A ship of another seat seen revealed (B1, SG-6.3) or scanned (C-4.3)."""

    id: int
    type: str
    pb: int
    carrier: int


class Sighting(TypedDict):
    """A fleet's contents revealed at B1 (SG-6.3): stale once it may have changed since."""

    owner: int
    marker: int
    round: int
    stale: bool
    ships: list[SeenShip]


class Pile(TypedDict):
    """The ship pile (SG-14.1): its count, and the count of each type in resources mode only."""

    count: int
    types: NotRequired[dict[str, int]]


class HandShip(TypedDict):
    """A ship drawn for the secret setup (SG-3.6)."""

    id: int
    type: str


class Setup(TypedDict):
    """The secret setup (SG-3.6/3.8): whose it is, who is done, and the viewer's own draw and
    placements ([ship, planet] pairs)."""

    seat: int
    done: list[int]
    my_hand: NotRequired[list[HandShip]]
    my_placements: NotRequired[list[list[int]]]


class Battle(TypedDict):
    """The battle round under way (SG-6.3): the viewer's own declarations as [attacker, target
    or -1] pairs (PENDING, C-4.1), and the ships it has still to declare for when it is its turn."""

    col: int
    row: int
    hex: str
    protected: list[int]
    waiting_for: list[int]
    my_declarations: NotRequired[list[list[int]]]
    my_sacrifices: NotRequired[list[int]]
    to_declare: NotRequired[list[int]]


class Burst(TypedDict):
    """The space-burst declarations (SG-7.2), [ship, PBs] pairs: the viewer's own while PENDING,
    every burst once revealed (SG-7.3)."""

    waiting_for: list[int]
    my_declarations: NotRequired[list[list[int]]]
    to_declare: NotRequired[list[int]]
    bursts: NotRequired[list[list[int]]]


class Card(TypedDict):
    """A card (SG-13): its number, key, name, text and whether it is a reaction card."""

    num: int
    key: str
    name: str
    text: str
    reaction: bool


class Effect(TypedDict):
    """One of this turn's card effects (SG-13.3): a bonus on a ship (atk, def, move, jam: the
    viewer's own ships only), a fleet's bypass, a Skirmish on a hex, or a ship's other effect."""

    kind: str
    ship: NotRequired[int]
    value: NotRequired[int]
    fleet: NotRequired[int]
    through: NotRequired[int]
    hex: NotRequired[str]


KnownShip = TypedDict("KnownShip", {"ship": int, "atk": int, "def": int, "cards": list[str]})
KnownShip.__doc__ = """Another seat's ship's card bonuses this turn that follow from public plays (card_bonuses.py)."""

Unsure = TypedDict("Unsure", {
    "card": str, "owner": int, "marker": int, "ships": list[int], "atk": int, "def": int,
})
Unsure.__doc__ = """A public card play whose bonus may be on any of ``ships`` (the odds leave it out and name it)."""


class KnownBonuses(TypedDict):
    """The other seats' card bonuses this turn as far as public plays tell (card_bonuses.py)."""

    ships: list[KnownShip]
    unsure: list[Unsure]


class Roll(TypedDict):
    """A roll held for a Luck window (SG-A59): what it was for (internal, and in words) and its dice."""

    purpose: str
    dice: list[int]
    words: str


class Played(TypedDict):
    """A card played in the open window's chain (C-5) and its targets."""

    player: int
    card: Card
    targets: list[int]


class Window(TypedDict):
    """The card window open now (C-5): its kind, holder, who responds and the chain."""

    kind: str
    holder: int
    responding: bool
    chain: list[Played]


class Playing(TypedDict):
    """The viewer's card whose targets it is choosing now, and those chosen so far."""

    card: Card
    targets: list[int]


class Moved(TypedDict):
    """The fleet whose move completed last this Transport Phase, and whether the hex it ended in
    was empty when it entered (Space Mines, SG-A63)."""

    owner: int
    marker: int
    col: int
    row: int
    empty: bool


class CardMove(TypedDict):
    """A fleet moved by a card (Lure, Retreat, SG-13.3 #31/#34): ``away`` Retreat's hex [col,
    row] (SG-A64); the MP and an Intercept's path only to the card's player."""

    player: int
    owner: int
    marker: int
    away: list[int] | None
    mp: NotRequired[int]
    path: NotRequired[list[list[int]]]


class Spied(TypedDict):
    """A hand the viewer saw with Spies (C-4.3): whose, in which round."""

    seat: int
    round: int
    hand: list[Card]


class Scan(TypedDict):
    """A fleet the viewer scanned (C-4.3): its ships then."""

    owner: int
    marker: int
    round: int
    ships: list[SeenShip]


class Cards(TypedDict):
    """The cards (SG-13, SG-14.1): the viewer's hand, the public counts, discard, effects and
    plays; ``stops_off`` the seats with every reaction stop off (None under rules 2, C-5.4);
    ``spied``, ``analysis`` and ``scans`` the viewer's own knowledge (C-4.3)."""

    deck: int
    discard: list[Card]
    hand_counts: list[int]
    hand: list[Card]
    effects: list[Effect]
    known_bonuses: KnownBonuses
    rolls: list[Roll]
    stops_off: list[int] | None
    window: NotRequired[Window]
    playing: NotRequired[Playing]
    moved: NotRequired[Moved]
    card_move: NotRequired[CardMove]
    spied: NotRequired[list[Spied]]
    analysis: NotRequired[list[list[Card]]]
    scans: NotRequired[list[Scan]]


ValuePart = TypedDict("ValuePart", {"what": str, "atk": int, "def": int})
ValuePart.__doc__ = """One named term of a ship's ATK* and DEF* (SG-2.7): "base", "own planet", a race, ..."""

UnsureValue = TypedDict("UnsureValue", {"card": str, "atk": int, "def": int})
UnsureValue.__doc__ = """A public card play that may add to a ship's values (card_bonuses.Unsure)."""

ShipValue = TypedDict("ShipValue", {
    "ship": int, "owner": int, "marker": int, "atk": int, "def": int, "parts": list[ValuePart],
    "unsure": list[UnsureValue],
})
ShipValue.__doc__ = """ATK* and DEF* of a ship the viewer can see, where it is now, each term named (view_values.py)."""


class Chance(TypedDict):
    """An exact chance: the fraction as [numerator, denominator] in digits, and its percentage."""

    chance: list[str]
    percent: str


AttackOdds = TypedDict("AttackOdds", {
    "chance": list[str], "percent": str, "atk": int, "def": int, "others": list[int], "unsure": list[Unsure],
})
AttackOdds.__doc__ = """A battle target's odds (SG-6.3 B5), a Chance: ΣATK* of this ship and the own ships already on
it (``others``) against the target's DEF*; ``unsure`` the plays the odds leave out."""


class LaunchOdds(Chance):
    """A launch order's odds (SG-8.5): the planet in the ship's hex falls if any PB die of
    this order and the ``before`` PBs already ordered at it shows ``hit`` or less."""

    planet: int | None
    hit: int
    before: int
    count: int
    each_percent: str
    before_percent: str


class Drawn(TypedDict):
    """The ship drawn or bought that the viewer places now (SG-9)."""

    id: int
    type: str
    name: str


class ReachHex(TypedDict):
    """A hex the fleet being ordered can reach (reach.py): a shortest legal way there, each
    hex [col, row] in order, and the MP it spends (all of it where the fleet must stop, SG-5.8)."""

    col: int
    row: int
    path: list[list[int]]
    spent: int


class GenocideView(ShellView):
    """What a seat (or a spectator, viewer None) sees of a Space Genocide state (SG-14, C-4)."""

    game: str
    variant: str
    production: str
    modules: list[str]
    combat_die: int
    players: int
    viewer: int | None
    round: int
    round_limit: int
    phase: str
    active: int | None
    current: int | None
    order: list[int]
    map: MapSize
    seats: list[Seat]
    planets: list[Planet]
    fleets: list[Fleet]
    terrain: list[Terrain]
    my_ships: list[MyShip]
    sightings: list[Sighting]
    pile: Pile
    log_seats: list[list[int]]
    epoch: int
    setup: Setup | None
    battle: Battle | None
    burst: Burst | None
    cards: NotRequired[Cards]
    launch_queue: NotRequired[list[int]]
    launches: NotRequired[list[list[int]]]
    ship_values: NotRequired[list[ShipValue]]
    action_odds: NotRequired[dict[str, Chance | AttackOdds | LaunchOdds]]
    reach: NotRequired[list[ReachHex]]
    drawn: NotRequired[Drawn]
    capture: NotRequired[list[int]]
    winners: NotRequired[list[int]]
    reason: NotRequired[str]
