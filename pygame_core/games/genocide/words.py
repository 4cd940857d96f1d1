"""Space Genocide's log in a player's words, as one seat sees it (SG-14, C-2.8, C-4.3): the one renderer of its events.

The engine's log is a tuple of events (``events.py``); each is told here:

- a dice record becomes an indented ``  roll ...`` line, which the shell keeps behind the
  log's Details toggle; a random pick over something hidden (a draw from the sealed pile, a
  card from a hand, a ship of a fleet) keeps no values at all: the index of a pick in the
  sorted pool tells how many counters below the one drawn are still in it, so it would give
  away what the other seats hold (SG-14.1);
- a roll's purpose named inside a line (Luck) is said in words; "cards" and the like agree
  with their number;
- where a seat's own private event tells the same thing as the public one beside it ("West
  draws a ship" and "West draws Cruiser"), that seat reads only its own line: the public
  twin says nothing to it;
- a ship is named as the buttons name it, never by its counter id (issue 36): its kind, its
  owner ("your", "East's") and, where the readers knew it when the event happened, its fleet
  and "1st"/"2nd" among the ships of its kind there (the event's ``<field>_at``, from
  ``Work.known_as``: fleet composition is private but to a B1 reveal or a scan, SG-14.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...events import Event, Value
from ...memo import IdentityMemo, ResumedPass
from .board import purpose_ship, seat_name
from .cards import CARD_BY_NUM, FLEET_STEPS, PLANET_STEPS
from .cards import ROLL as ROLL_STEP
from .data import PLANET_TYPE_NAMES
from .races import RACE_BY_KEY
from .state import State
from .terrain import TERRAIN_BY_KEY

_PUBLIC_PICKS = ("SG.setup.planet", "SG.setup.terrain")  # the map's layout: public (SG-3)
_PURPOSES = ("SG.combat.attack", "SG.combat.defence", "SG.burst", "SG.pb", "SG.blackhole", "SG.neutral")
# The public twins of a private event, said to the other seats only (see above).
_TWINS = frozenset({"ship_drawn", "ship_discarded", "cards_drawn"})

_CACHE: dict[tuple[Event, int | None, str, int], list[str]] = {}
_ORDINALS = ("1st", "2nd", "3rd")


def _ref(value: Value) -> tuple[int, int, int] | None:
    """An event's ``<field>_at`` (owner, fleet marker, place; ``Work.known_as``), if it has one."""
    if isinstance(value, tuple) and len(value) == 3 and all(type(v) is int for v in value):
        owner, marker, nth = (v for v in value if isinstance(v, int))
        return owner, marker, nth
    return None


def _refs(value: Value, count: int) -> list[tuple[int, int, int] | None]:
    """``_ref`` of each of ``count`` ships (an event's ``ships_at``); None for each if absent."""
    if isinstance(value, tuple) and len(value) == count:
        return [_ref(v) for v in value]
    return [None] * count


def ship_words(kind: str, ref: tuple[int, int, int] | None, viewer: int | None, seats: int,
               whose: bool = True) -> str:
    """Issue 36: a ship in the player's words, as the buttons say it: "your 2nd Gunships of
    fleet 5", "East's Cruiser of fleet 6", "East's Cruiser" (its fleet unknown to the reader);
    ``whose`` False leaves the owner out (the line names the seat already)."""
    if ref is None:
        return kind
    owner, marker, nth = ref
    place = f"{_ORDINALS[nth - 1] if nth <= len(_ORDINALS) else f'{nth}th'} " if nth > 0 else ""
    core = f"{place}{kind}{f' of fleet {marker}' if marker > 0 else ''}"
    if not whose or owner < 0:
        return core
    return f"your {core}" if owner == viewer else f"{seat_name(owner, seats)}'s {core}"


def composition(state: State, cids: tuple[int, ...]) -> str:
    """A revealed or scanned fleet's ships by kind ("Cruiser, Scouts x2"), no ids (issue 36)."""
    counts: dict[str, int] = {}
    for c in sorted(cids):
        kind = state.data.type_of(c).name
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(kind if n == 1 else f"{kind} x{n}" for kind, n in counts.items())


def _cap(line: str) -> str:
    return line[:1].upper() + line[1:]


def purpose_planet(purpose: str) -> str | None:
    """The planet's hex label a roll's purpose names (``planet=0304``), if any."""
    at = purpose.find("planet=")
    label = purpose[at + 7:at + 11] if at >= 0 else ""
    return label if len(label) == 4 and label.isdigit() else None


def render(state: State, entry: Event, viewer: int | None) -> list[str]:
    """The lines ``viewer`` reads for one event of ``state``'s log (none for a public twin of
    its own private line). Cached: an event's words depend only on it, the viewer and the
    variant's counters, but for the game-over line (worded by ``ending``)."""
    if entry.kind == "game_over":
        end = ending(state)
        return [f"Game over: {end[0] if end else entry.text('reason')}"]
    key = (entry, viewer, state.variant, state.players)
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > 100_000:
            _CACHE.clear()
        hit = _CACHE[key] = _render(state, entry, viewer)
    return list(hit)


_PLAIN: IdentityMemo[dict[str, Any]] = IdentityMemo(100_000)


_PLAIN_PASSES: ResumedPass[list[dict[str, Any]]] = ResumedPass()


def plain_events(state: State, me: int | None) -> list[dict[str, Any]]:
    """The events seat ``me`` may see, as plain data (``Event.plain``; kept per event, and the
    list resumed from the last log this seat's view read: a late game's view is asked for on
    every tap). The dicts are shared: read, never write."""
    start, made = _PLAIN_PASSES.resume(me, state.log)
    out = list(made or ())
    out += [_PLAIN.get(e) or _PLAIN.put(e, e.plain()) for e in state.log[start:] if e.visible_to(me)]
    _PLAIN_PASSES.keep(me, state.log, out)
    return list(out)


def log_lines(state: State, me: int | None) -> list[str]:
    """The log as seat ``me`` sees it (None: a spectator): public events and its own (SG-14)."""
    return [line for e in state.log if e.visible_to(me) for line in render(state, e, me)]


def _render(state: State, e: Event, viewer: int | None) -> list[str]:
    players = state.players

    def name(seat: int) -> str:
        return seat_name(seat, players)

    def ship(cid: int, ref: tuple[int, int, int] | None, whose: bool = True) -> str:
        return ship_words(state.data.type_of(cid).name, ref, viewer, players, whose)

    def label(field: str, whose: bool = True) -> str:
        """The ship of the event's ``field``, as ``viewer`` knows it (its ``<field>_at``)."""
        return ship(e.num(field), _ref(e.get(f"{field}_at")), whose)

    def labels(field: str, whose: bool = True) -> str:
        cids = e.nums(field)
        return ", ".join(ship(c, r, whose) for c, r in zip(cids, _refs(e.get(f"{field}_at"), len(cids)), strict=True))

    def cards(nums: tuple[int, ...]) -> str:
        return ", ".join(CARD_BY_NUM[c].name for c in nums)

    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    k = e.kind
    if k in _TWINS and e.seen_by < 0 and viewer == e.num("seat"):
        return []  # the seat reads its own private twin instead
    if k == "roll":
        return [_roll(state, e, viewer)]
    if k == "rolloff":
        rolls = zip(e.nums("seats"), e.nums("dice"), strict=True)
        return ["Roll-off: " + ", ".join(f"{name(s)} {v}" for s, v in rolls)]
    if k == "first_player":
        return [f"{name(e.num('seat'))} plays first"]
    if k == "terrain_placed":
        return [f"Terrain placed: {e.num('count')} hexes"]
    if k == "fleets_drawn":
        return [f"{name(e.num('seat'))} draws {e.num('count')} ships"]
    if k == "cards_dealt":
        return [f"The card deck is shuffled; {e.num('count')} cards are dealt to each player"]
    if k == "hand_dealt":
        return [f"Your cards: {cards(e.nums('cards'))}"]
    if k == "race_chosen":
        race = RACE_BY_KEY[e.text("race")].name
        return [f"{name(e.num('seat'))} are the {race[4:] if race.startswith('The ') else race}"]
    if k == "setup_complete":
        return ["Setup complete: fleet markers revealed"]
    if k == "turn":
        return [f"Round {e.num('round')}: {name(e.num('seat'))}'s turn"]
    if k == "black_hole_loss":
        return [f"{name(e.num('seat'))} loses {plural(e.num('count'), 'ship')} in the Black Hole at {e.text('hex')}"]
    if k == "black_hole_lost":
        return ["Lost in the Black Hole: " + labels("ships", whose=False)]
    if k == "stranded_fighters":
        ships = e.nums("ships")
        return [f"{name(e.num('seat'))} loses {len(ships)} stranded fighter{'' if len(ships) == 1 else 's'} "
                f"at {e.text('hex')}: {labels('ships', whose=False)}"]
    if k == "extra_transport":
        return [f"{name(e.num('seat'))} gets an extra Transport Phase (Strategic Push)"]
    if k == "fleet_split":
        return [f"{name(e.num('seat'))} splits fleet {e.num('new')} off fleet {e.num('marker')}"]
    if k == "fleet_merged":
        return [f"{name(e.num('seat'))} merges fleet {e.num('gone')} into fleet {e.num('marker')}"]
    if k == "terrain_reached":
        terrain = TERRAIN_BY_KEY[e.text("terrain")].name
        return [f"{name(e.num('seat'))} reaches the {terrain} at {e.text('hex')} first"]
    if k == "ship_cap":
        lost = {"ruins": ": no ship from the ruins", "capture": " and capture nothing", "card": ": no effect"}
        return [f"{name(e.num('seat'))} are at their ship cap{lost[e.text('lost')]} ({e.text('rule')})"]
    if k == "ruins_unplaced":
        return [f"{name(e.num('seat'))} cannot place the ruins' ship: it returns to the pile"]
    if k == "ruins_ship":
        return [f"{name(e.num('seat'))} finds {label('ship', whose=False)} in the ruins"]
    if k == "neutral_gained":
        return [f"{name(e.num('seat'))} gains the neutral planet at {e.text('hex')}: "
                f"a {PLANET_TYPE_NAMES[e.text('ptype')]} world ({e.text('rule')})"]
    if k == "planet_scanned":
        return [f"{name(e.num('seat'))} scanned {name(e.num('owner'))} planet {e.text('hex')}"]
    if k == "planet_type":
        return [f"Planet {e.text('hex')} is a {PLANET_TYPE_NAMES[e.text('ptype')]} world"]
    if k == "press_offensive":
        return [f"Press Offensive: one more battle round at {e.text('hex')}"]
    if k == "fleet_revealed":
        what = "Battle" if e.text("what") == "battle" else "Space burst"
        fleet = f"{name(e.num('owner'))} fleet {e.num('marker')}"
        return [f"{what} at {e.text('hex')}: {fleet} = {composition(state, e.nums('ships'))}"]
    if k == "target_declared":
        return [_cap(f"{label('ship')} targets {label('target')}")]
    if k == "self_destruct":
        return [_cap(f"{label('ship')} self-destructs ({e.text('rule')})")]
    if k == "decoy_hit":
        return [_cap(f"{label('ship')}'s attack on {label('target')} hits a decoy ({e.text('rule')})")]
    if k == "battle_result":
        a, d, die = e.nums("attack"), e.nums("defence"), e.num("sides")
        return [f"{e.text('hex')}: {len(a)}d{die} attack {sum(a)} vs {len(d)}d{die} defence {sum(d)} "
                f"on {label('target')}: {'destroyed' if e.flag('destroyed') else 'survives'}"]
    if k == "no_marker":
        return [f"{name(e.num('seat'))} have no fleet marker free to capture {label('ship')}"]
    if k == "captured":
        return [f"{name(e.num('seat'))} capture {label('ship')} into fleet {e.num('marker')} ({e.text('rule')})"]
    if k == "diplomacy":
        return [f"Diplomacy: no Engagement or Mass Destruction this turn ({e.text('rule')})"]
    if k == "no_bursts":
        return ["No space bursts"]
    if k == "burst_declared":
        return [_cap(f"{label('ship')} declares a burst of {e.num('pb')} PB")]
    if k == "burst_dud":
        return [_cap(f"{label('ship')}'s burst is a dud ({e.text('rule')})")]
    if k == "burst":
        killed = labels("killed") or "no hits"
        return [_cap(f"{label('ship')} bursts {e.num('pb')} PB at {e.text('hex')} "
                     f"against {plural(e.num('targets'), 'ship')}: {killed}")]
    if k == "launch_orders":
        ships = e.nums("ships")
        orders = zip(ships, _refs(e.get("ships_at"), len(ships)), e.nums("pbs"), e.texts("hexes"), strict=True)
        return ["Launch orders: " + "; ".join(f"{ship(c, r)}: {n} PB at {h}" for c, r, n, h in orders)]
    if k == "launch_dud":
        return [_cap(f"{label('ship')}'s launch at {e.text('hex')} is a dud ({e.text('rule')})")]
    if k == "launch_gone":
        return [_cap(f"{label('ship')} launches {e.num('pb')} PB at {e.text('hex')}, but the planet is already gone")]
    if k == "launch":
        dice = " ".join(map(str, e.nums("dice")))
        return [_cap(f"{label('ship')} launches {e.num('pb')} PB at {e.text('hex')}: {dice}: "
                     f"{'planet destroyed' if e.flag('hit') else 'no effect'}")]
    if k == "planet_destroyed":
        ptype = e.text("ptype")
        if ptype:  # SG-8.7: the destroyed planet's type is public
            return [f"{name(e.num('owner'))} planet {e.text('hex')} was a {PLANET_TYPE_NAMES[ptype]} world"]
        return [f"{name(e.num('owner'))} planet {e.text('hex')} is destroyed"]
    if k == "defeated":
        return [f"{name(e.num('seat'))} is defeated"]
    if k == "hand_discarded":
        return [f"{name(e.num('seat'))} discard their hand: {cards(e.nums('cards'))}"]
    if k == "ship_discarded":
        return [f"{name(e.num('seat'))} discards a ship"]
    if k == "ship_discarded_own":
        return [f"{name(e.num('seat'))} discards {label('ship', whose=False)}"]
    if k == "income":
        return [f"{name(e.num('seat'))} gains {e.num('income')} resources ({e.num('total')})"]
    if k == "draw_unplaced":
        return [f"{name(e.num('seat'))} draws a ship but cannot place it: it returns to the pile"]
    if k == "ship_drawn":
        return [f"{name(e.num('seat'))} draws a ship"]
    if k == "ship_drawn_own":
        return [f"{name(e.num('seat'))} draws {label('ship', whose=False)}"]
    if k == "ship_bought":
        return [f"{name(e.num('seat'))} buys {label('ship', whose=False)} ({e.num('left')} resources left)"]
    if k == "pb_bought":
        return [f"{name(e.num('seat'))} buys 1 PB ({e.num('left')} resources left)"]
    if k == "card_played":
        return [f"{name(e.num('seat'))} plays {CARD_BY_NUM[e.num('card')].name}{_card_args(state, e, viewer)}"]
    if k == "card_negated":
        return [f"{CARD_BY_NUM[e.num('card')].name} ({name(e.num('seat'))}) is negated ({e.text('rule')})"]
    if k == "stops_switched":  # C-5.4: public, so every seat knows who will not be asked
        if e.flag("on"):
            return [f"{name(e.num('seat'))} switched reaction stops back on"]
        return [f"{name(e.num('seat'))} switched reaction stops off: passes when others act"]
    if k == "hand_limit_discard":
        return [f"{name(e.num('seat'))} discards {CARD_BY_NUM[e.num('card')].name} (hand limit)"]
    if k == "deck_reshuffled":
        return [f"The discard pile ({e.num('count')} cards) is shuffled into a new deck"]
    if k == "cards_drawn":
        return [f"{name(e.num('seat'))} draws {plural(e.num('count'), 'card')}"]
    if k == "cards_drawn_own":
        return [f"You draw {cards(e.nums('cards'))}"]
    if k == "homeworld_revealed":
        return [f"{name(e.num('seat'))} reveals the Homeworld at {e.text('hex')}"]
    if k == "card_fleet_moved":
        return [f"{name(e.num('owner'))} fleet {e.num('marker')} moves to {e.text('hex')}"]
    if k == "fleet_scanned":
        return [f"{name(e.num('owner'))} fleet {e.num('marker')}: {composition(state, e.nums('ships'))}"]
    if k == "hand_spied":
        return [f"{name(e.num('target'))} holds {cards(e.nums('cards')) or 'nothing'}"]
    if k == "boarding_destroyed":
        return [_cap(f"{label('ship')} is destroyed in the boarding (cap reached)")]
    if k == "boarded":
        return [f"{name(e.num('seat'))} boards and takes {label('ship')}"]
    if k == "mines":
        # The fleet is the card's (public); its place there only where the readers knew it.
        known = _ref(e.get("ship_at"))
        nth = known[2] if known is not None and known[1] == e.num("marker") else 0
        return [f"Space Mines destroy {ship(e.num('ship'), (e.num('owner'), e.num('marker'), nth))}"]
    if k == "sabotage":
        return [f"{name(e.num('seat'))} discards {cards(e.nums('cards')) or 'nothing'}"]
    if k == "deck_top":
        return [f"The next cards: {cards(e.nums('cards'))}"]
    if k == "recovered":
        return [f"{name(e.num('seat'))} recover {label('ship')} into fleet {e.num('marker')}"]
    if k == "suicide":
        return [_cap(f"{label('ship')} is destroyed (Suicide Attack)")]
    if k == "critical_hit":
        return [f"Critical Hit destroys {label('ship')}"]
    if k == "luck":
        old, new = (" ".join(map(str, e.nums(f))) for f in ("old", "new"))
        held = e.text("purpose")
        said = purpose_words(state, held, lambda c: ship(c, _ref(e.get("ship_at"))))
        return [f"Luck: {said} rerolled: {old} -> {new}"]
    if k == "lure":
        return [f"Lure: {name(e.num('owner'))} fleet {e.num('marker')} has MP {e.num('mp')}"]
    if k == "refit_replaced":
        return [f"Refit: {label('ship', whose=False)} is replaced by {label('new', whose=False)}"]
    if k == "refit":
        return [f"{name(e.num('seat'))} refits {plural(e.num('count'), 'ship')}"]
    if k == "fighter_moved":
        return [f"{name(e.num('seat'))} moves a fighter to {e.text('hex')}"]
    if k == "point_defense":
        return [f"Point Defense destroys {label('ship')}"]
    raise ValueError(f"no words for event kind {k!r}")


def _roll(state: State, e: Event, viewer: int | None) -> str:
    """C-2.8: a dice record; a pick over something hidden keeps no values (SG-14.1); a roll
    about a ship says what it was for in words, the ship named as the reader knows it."""
    purpose, sides = e.text("purpose"), e.num("sides")
    ship = purpose_ship(purpose)
    if ship is not None and purpose.startswith(_PURPOSES):
        ref = _ref(e.get("ship_at"))
        said = purpose_words(
            state, purpose, lambda c: ship_words(state.data.type_of(c).name, ref, viewer, state.players)
        )
        purpose = said + (" (Luck)" if purpose.endswith("(Luck)") else "")
    if e.flag("pick"):
        if not purpose.startswith(_PUBLIC_PICKS):
            return f"  roll {purpose.split(' seat=')[0]}: a random pick, kept secret"
        kind = f"pick of {sides}"
    else:
        kind = f"d{sides}"
    return f"  roll {purpose}: {kind} = {' '.join(map(str, e.nums('values')))}"


def purpose_words(state: State, purpose: str, name: Callable[[int], str] | None = None) -> str:
    """What a held or rerolled roll was for (Luck, SG-A59), in words; ``name`` names the ship
    it is about (by its kind alone by default: never its counter id, issue 36)."""
    if not purpose.startswith(_PURPOSES):
        return purpose
    ship = purpose_ship(purpose)
    who = "a ship" if ship is None else name(ship) if name is not None else state.data.type_of(ship).name
    if purpose.startswith("SG.combat.attack"):
        return f"the attack dice on {who}"
    if purpose.startswith("SG.combat.defence"):
        return f"the defence dice of {who}"
    if purpose.startswith("SG.burst"):
        pb = purpose.split(" PB ", 1)[1].split(" ", 1)[0] if " PB " in purpose else ""
        return f"the space burst dice of {who}" + (f", PB {pb}" if pb else "")
    planet = purpose_planet(purpose)
    if purpose.startswith("SG.pb"):
        return f"the planet buster dice of {who} at {planet or 'a planet'}"
    if purpose.startswith("SG.blackhole"):
        return f"the Black Hole die at {purpose.rsplit(' ', 1)[-1]}"
    return f"the neutral planet's die at {planet or 'its hex'}"


def _card_args(state: State, e: Event, viewer: int | None) -> str:
    """A card's targets, as ``describe_target`` names them (card targets are PUBLIC, SG-14.1);
    a ship as ``viewer`` knew it when the card was played (``targets_at``, issue 36)."""
    parts = []
    targets = e.nums("targets")
    refs = _refs(e.get("targets_at"), len(targets))
    roll_ref = _ref(e.get("roll_at"))

    def ship(cid: int, ref: tuple[int, int, int] | None) -> str:
        return ship_words(state.data.type_of(cid).name, ref, viewer, state.players)

    for step, value, ref in zip(e.texts("steps"), targets, refs, strict=True):
        if value < 0:
            parts.append("done")
        elif step in FLEET_STEPS:
            owner, marker = divmod(value, 100)  # cardplay.targets.unkey
            parts.append(f"{seat_name(owner, state.players)} fleet {marker}")
        elif step in PLANET_STEPS:
            p = state.planets[value]
            parts.append(f"planet {p.col + 1:02d}{p.row + 1:02d}")
        elif step == "opponent":
            parts.append(seat_name(value, state.players))
        elif step == ROLL_STEP:
            dice = " ".join(map(str, e.nums("roll_dice")))
            said = purpose_words(state, e.text("roll"), lambda c: ship(c, roll_ref))
            parts.append(f"the roll {said} ({dice})")
        elif step == "battle_hex":
            parts.append(f"hex {value // 100 + 1:02d}{value % 100 + 1:02d}")
        elif step == "planet_fleet":
            parts.append("a new fleet" if value == 0 else f"fleet {value}")
        else:
            parts.append(ship(value, ref))
    return (": " + ", ".join(parts)) if parts else ""


def ending(state: State) -> tuple[str, tuple[int, ...]] | None:
    """How the game ended, in words, and the planets each seat kept (SG-10): a seat that lost
    a whole resource type or its Homeworld (SG-10.2) still had its other planets when it was
    defeated, though SG-16.5 then takes them off the board. None until the game is over.

    Read from the public events of the log (a destroyed planet's type is public, SG-8.7), so
    it is the same for every seat and for a state rebuilt from a seat's view."""
    if not state.reason:
        return None
    names = [seat_name(s, state.players) for s in range(state.players)]
    destroyed: dict[int, set[str]] = {s: set() for s in range(state.players)}
    last_type: dict[int, str] = {}
    defeated: list[int] = []
    for e in state.log:
        if e.seen_by >= 0:
            continue
        if e.kind == "planet_destroyed" and e.text("ptype"):
            seat = e.num("owner")
            destroyed[seat].add(e.text("hex"))
            last_type[seat] = PLANET_TYPE_NAMES[e.text("ptype")]
        elif e.kind == "defeated":
            defeated.append(e.num("seat"))
    kept = tuple(
        sum(1 for p in state.planets if p.owner == s and (p.alive or not state.alive[s])
            and f"{p.col + 1:02d}{p.row + 1:02d}" not in destroyed[s])
        for s in range(state.players)
    )
    if state.reason.startswith("round limit") or not state.winners or not defeated:
        return state.reason, kept
    why = []
    for seat in defeated:
        kind = last_type.get(seat)
        if not state.data.planet_types or kind is None:
            why.append(f"{names[seat]} lost every planet")
        elif kind == "Homeworld":
            why.append(f"{names[seat]} lost its Homeworld")
        else:
            why.append(f"{names[seat]} lost its last {kind} world")
    winner = " and ".join(names[s] for s in state.winners)
    return f"{winner} wins: {'; '.join(why)} (SG-10.2)", kept
