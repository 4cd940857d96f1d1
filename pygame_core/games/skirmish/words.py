"""Minimal Space Combat's one renderer (issue 31): an event of the log in a player's words (C-2.8).

The log is read by people: ships are "West 1", sides and directions are words, and each die
is told with what it decided. The dice record itself (purpose, die, value) follows as lines
starting with two spaces and ``roll ``, which the page hides unless its details are open; rule
IDs only appear there or in a parenthesis at a line's end.

Each line is made of parts (``Part``): plain text, a ship (its id and "West 1"), a die (its
value and whether it hit) or a rule ID. The log's lines are the parts' text joined; the page
draws the parts (a die as a die, a ship with the name its player gave it) and never reads
the words back (issue 31).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from pygame_core.events import Event

from ...hexgrid import Hex
from .data import MAX_RANGE, SIDE_LABEL, SIDE_NAMES, TEMPLATES, WEAPON_COST
from .models import DiePart, Part, RulePart, ShipPart
from .state import INTACT, SkirmishState

SIDE_WORDS: dict[str, str] = {
    "F": "front", "FR": "front-right", "RR": "rear-right", "R": "rear", "RL": "rear-left", "FL": "front-left",
}
DIRECTION_WORDS: tuple[str, ...] = ("north", "north-east", "south-east", "south", "south-west", "north-west")
TEMPLATE_WORDS: dict[str, str] = {key: f"Ship {n}" for n, key in enumerate(TEMPLATES, 1)}

# A Part (models.py) is a piece of a line: text, ``{"ship": id, "text"}``, ``{"die": value, "hit",
# "what", "text"}`` or ``{"rule": id, "text"}`` (plain data: the view hands the parts to the page).


def text_of(parts: list[Part]) -> str:
    """A line's words: its parts' text, joined."""
    return "".join(p if isinstance(p, str) else str(p["text"]) for p in parts)


def ship_words(side: int, number: int) -> str:
    """A ship as players say it: "West 1"."""
    return f"{SIDE_LABEL[side]} {number}"


def _ship(ref: tuple[int, ...]) -> ShipPart:
    ship_id, side, number = ref
    return {"ship": ship_id, "text": ship_words(side, number)}


def _die(value: int, hit: bool, what: str = "rolled") -> DiePart:
    return {"die": value, "hit": hit, "what": what, "text": str(value)}


def _rule(rule: str) -> RulePart:
    return {"rule": rule, "text": f" ({rule})"}


def _roll(purpose: str, value: int) -> list[Part]:
    """One line of the dice record (C-2.8), as ``Roll.__str__`` writes a d6."""
    return [f"  roll {purpose}: d6 = {value}"]


def _label(ref: tuple[int, ...]) -> str:
    """A ship's short label in the dice record's purposes: "W1"."""
    return f"{'WE'[ref[1]]}{ref[2]}"


def _ref(e: Event, name: str) -> tuple[int, ...]:
    return e.nums(name)


def design_words(engine: int, shields: int, to_hit: int, weapons: tuple[int, ...], name: str) -> str:
    """A design in words: which example design (or the side's own) and its values."""
    kind = f"an example {TEMPLATE_WORDS[name]}" if name in TEMPLATE_WORDS else "its own design"
    arms = ", ".join(SIDE_WORDS[SIDE_NAMES[s]] for s in weapons) or "none"
    bp = engine + shields + to_hit + WEAPON_COST * len(weapons)
    return f"{kind}: ENGINE {engine}, SHIELDS {shields}, TO-HIT {to_hit}, weapons {arms} ({bp} BP)"


def _revealed(e: Event) -> list[list[Part]]:
    told = design_words(e.num("engine"), e.num("shields"), e.num("to_hit"), e.nums("weapons"), e.text("design"))
    return [[_ship(_ref(e, "ship")), f" is {told}"]]


def _deployed(e: Event) -> list[list[Part]]:
    return [[_ship(_ref(e, "ship")), f" deploys at {e.text('hex')} facing {DIRECTION_WORDS[e.num('facing')]}"]]


def _moved(e: Event) -> list[list[Part]]:
    written = e.text("orders")
    orders = f"SPEED {e.num('speed')}, orders {written}" if written else f"SPEED {e.num('speed')}, no move"
    if e.flag("left"):
        return [[_ship(_ref(e, "ship")), f" ({orders}) leaves the map: it disengages"]]
    return [[_ship(_ref(e, "ship")), f" ({orders}) ends at {e.text('hex')} facing {DIRECTION_WORDS[e.num('facing')]}"]]


def _initiative(e: Event) -> list[list[Part]]:
    """MSC-8.1: each side's die, ties rolled again; the die is told as a roll (issue 36: "West 1"
    read as a ship's name)."""
    west, east, turn = e.nums("west"), e.nums("east"), e.num("turn")
    line: list[Part] = ["Initiative: "]
    for n, (w, x) in enumerate(zip(west, east, strict=True)):
        line += ["; " if n else "", "West rolls ", _die(w, False), ", East rolls ", _die(x, False)]
        if n < len(west) - 1:
            line.append(": a tie, rolled again")
    line.append(f". {SIDE_LABEL[e.num('first')]} fires first this turn")
    record: list[list[Part]] = []
    for w, x in zip(west, east, strict=True):
        record.append(_roll(f"MSC-8.1 initiative West turn {turn}", w))
        record.append(_roll(f"MSC-8.1 initiative East turn {turn}", x))
    return [[p for p in line if p != ""], *record]


def _shot(e: Event) -> list[list[Part]]:
    shooter, target = _ref(e, "shooter"), _ref(e, "target")
    need, roll, weapon = e.num("need"), e.num("roll"), e.text("weapon")
    odds = "hits on any roll" if need >= 6 else "cannot hit" if need <= 0 else f"needs {need} or less"
    hit = roll <= need
    line: list[Part] = [
        _ship(shooter), f" fires its {SIDE_WORDS[weapon]} weapon at ", _ship(target),
        f" (range {e.num('distance')}): {odds}, rolled ", _die(roll, hit), f": {'hit' if hit else 'miss'}",
    ]
    record = [_roll(f"MSC-9.4 to-hit {_label(shooter)} {weapon} at {_label(target)} (need {need})", roll)]
    if e.num("damage"):
        record.append(_roll(f"MSC-9.5 damage on {_label(target)}", e.num("damage")))
    return [line, *record]


def _effect(e: Event) -> list[Part]:
    """What a damage roll did (MSC-9.5, MSC-9.6, MSC-9.8)."""
    effect, side = e.text("effect"), e.text("side")
    where = SIDE_WORDS[side] if side else ""
    if effect == "shields":
        told: list[Part] = ["SHIELDS -1"]
    elif effect == "no_engine":
        told = ["no ENGINE left, so SHIELDS -1"]
    elif effect == "engine":
        told = [f"ENGINE -1 ({e.num('left')} left)"]
    elif effect == "choose":
        told = ["a weapon hit, on a side ", _ship(_ref(e, "chooser")), " chooses"]
    elif effect == "weapon":
        told = [f"its {where} weapon is destroyed"]
    else:
        told = [f"no intact weapon on its {where} side, so SHIELDS -1"]
    left = e.get("shields_left")
    if isinstance(left, int) and left > 0:
        told.append(f" ({left} left)")
    return told


def _damage(e: Event) -> list[list[Part]]:
    roll = e.get("roll")
    if isinstance(roll, int):
        return [[_ship(_ref(e, "ship")), " is hit, damage roll ", _die(roll, True, "damage roll"), ": ", *_effect(e)]]
    # The die was told already when the shooter chose the side (MSC-9.6).
    return [[_ship(_ref(e, "ship")), ": ", *_effect(e)]]


_WHY = {"no_weapon": " has no weapon left to fire", "arc": ": no enemy in an armed arc"}


def _no_shot(e: Event) -> list[list[Part]]:
    """Why a side's fire phase holds no shot at all (MSC-9.2), ship by ship."""
    line: list[Part] = [f"{SIDE_LABEL[e.num('side')]} cannot fire this turn. "]
    ships = e.get("ships")
    refs = [r for r in ships if isinstance(r, tuple)] if isinstance(ships, tuple) else []
    for n, (ref, why, nearest) in enumerate(zip(refs, e.texts("why"), e.nums("nearest"), strict=True)):
        line += ["; " if n else "", _ship(tuple(v for v in ref if isinstance(v, int)))]
        if why == "range":
            far = f" (the nearest is {nearest} hexes away)" if nearest >= 0 else ""
            line.append(f": no enemy within range {MAX_RANGE}{far}")
        else:
            line.append(_WHY[why])
    if not refs:
        line.append("no ship left")
    line.append(_rule(e.text("rule")))
    return [[p for p in line if p != ""]]


def _annihilation(e: Event) -> list[list[Part]]:
    winners = e.nums("winners")
    return [[f"{SIDE_LABEL[winners[0]]} wins by annihilation" if winners else "both sides gone: draw"]]


_LINES: dict[str, Callable[[Event], list[list[Part]]]] = {
    "turn": lambda e: [[f"Turn {e.num('turn')}"]],
    "movement": lambda e: [["Both sides' orders are carried out: every ship moves at once", _rule(e.text("rule"))]],
    "revealed": _revealed,
    "deployed": _deployed,
    "moved": _moved,
    "initiative": _initiative,
    "shot": _shot,
    "damage": _damage,
    "destroyed": lambda e: [[_ship(_ref(e, "ship")), " is destroyed"]],
    "no_shot": _no_shot,
    "turn_limit": lambda e: [[f"Turn limit reached: West {e.num('west')} BP, East {e.num('east')} BP"]],
    "annihilation": _annihilation,
}


@functools.lru_cache(maxsize=16384)  # events are frozen and a log only grows: each is worded once
def parts(e: Event) -> tuple[tuple[Part, ...], ...]:
    """The lines of event ``e``, each as its parts (shared: read, never change them)."""
    return tuple(tuple(line) for line in _LINES[e.kind](e))


def lines(e: Event) -> list[str]:
    """The lines of event ``e`` in words: the first tells it, any others are its dice record."""
    return [text_of(list(line)) for line in parts(e)]


def no_shot_facts(state: SkirmishState, player: int) -> tuple[tuple[tuple[int, int, int], ...], tuple[str, ...],
                                                                tuple[int, ...]]:
    """Why each of ``player``'s ships holds no shot (MSC-9.2): the ships, a reason each
    ("no_weapon", "range", "arc") and, out of range, the nearest enemy's distance (-1: none)."""
    enemies = [e for e in state.ships if e.alive and e.owner != player]
    ships: list[tuple[int, int, int]] = []
    why: list[str] = []
    nearest: list[int] = []
    for s in state.ships:
        if not s.alive or s.owner != player:
            continue
        armed = [i for i, w in enumerate(s.weapons) if w == INTACT and i not in s.fired]
        distances = [Hex(s.col, s.row).distance(Hex(e.col, e.row)) for e in enemies]
        ships.append((s.id, s.owner, s.number))
        if not armed:
            why.append("no_weapon")
            nearest.append(-1)
        elif not distances or min(distances) > MAX_RANGE:
            why.append("range")
            nearest.append(min(distances) if distances else -1)
        else:
            why.append("arc")
            nearest.append(-1)
    return tuple(ships), tuple(why), tuple(nearest)
