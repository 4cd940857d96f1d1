"""The other seats' card bonuses this turn, as far as one seat can know them (SG-13.3, SG-14.1)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...events import Event
from .cards import CARD_BY_NUM, Card
from .events import played_targets

FleetKey = tuple[int, int]  # (owner, marker)

# What a seat does to its own fleets that may mix ships with and without a bonus (a capture or
# a recovery joins a fleet, boarding takes a ship, a refit swaps one, a fighter changes fleet).
_SEAT_WIDE = frozenset({"captured", "recovered", "boarded", "refit", "fighter_moved"})


@dataclass(frozen=True, slots=True)
class Unsure:
    """A bonus played on a fleet whose ships changed before it was seen: some of ``ships`` may
    have it, the seat cannot tell which (the odds leave it out and say so)."""

    card: Card
    owner: int
    marker: int
    ships: tuple[int, ...]


@dataclass(slots=True)
class KnownBonuses:
    ships: dict[int, tuple[int, int]] = field(default_factory=dict)  # ship -> (ATK, DEF) bonus
    unsure: list[Unsure] = field(default_factory=list)
    cards: dict[int, list[str]] = field(default_factory=dict)  # ship -> the cards' names (public plays)

    def give(self, ship: int, card: Card) -> None:
        atk, defense = self.ships.get(ship, (0, 0))
        self.ships[ship] = (atk + card.atk, defense + card.defense)
        self.cards.setdefault(ship, []).append(card.name)


def known_bonuses(log: tuple[Event, ...], me: int | None) -> KnownBonuses:
    """The per-ship ATK*/DEF* bonuses of the other seats' cards played this turn, from the
    events seat ``me`` may see. SG-14.1: card plays and their targets, B1 reveals, splits and
    merges are public; the view names the bonuses of a seat's own ships itself (``effects``).
    A fleet card's bonus goes to the ships in the fleet when it resolved: known from a reveal
    of that fleet with no change to it in between, before the play or after it (a fleet split
    off it keeps the bonus: all its ships were in it)."""
    start = next((n for n in range(len(log) - 1, -1, -1) if log[n].kind == "turn"), 0)  # public
    turn = [e for e in log[start:] if e.visible_to(me)]
    negated = {(e.num("seat"), e.num("card")) for e in turn if e.kind == "card_negated"}  # C-5.3
    out = KnownBonuses()
    for n, e in enumerate(turn):
        if e.kind != "card_played":
            continue
        seat, card = e.num("seat"), CARD_BY_NUM[e.num("card")]
        if seat == me or not (card.atk or card.defense) or not card.targets or (seat, card.num) in negated:
            continue
        played = played_targets(e)
        if not played.fleets:
            for ship in played.ships:
                out.give(ship, card)
            continue
        _follow(turn, n, played.fleets[0], card, out)
    return out


def _follow(turn: list[Event], played: int, fleet: FleetKey, card: Card, out: KnownBonuses) -> None:
    """Give ``card``'s bonus to the ships of ``fleet`` as the reveals of this turn show them."""
    before = next((k for k in range(played - 1, -1, -1) if _revealed(turn[k]) == fleet), None)
    if before is not None and not any(_change(e, {fleet}) for e in turn[before + 1:played]):
        for ship in turn[before].nums("ships"):
            out.give(ship, card)
        return
    # Played before any clean reveal: follow the fleet (and fleets split off it) to their reveals.
    clean, mixed = {fleet}, set()
    for e in turn[played + 1:]:
        change = _change(e, clean)
        if change is not None:
            how, which = change
            if how == "split" and which is not None:
                clean.add(which)
            elif which is not None:
                clean.discard(which)
                mixed.add(which)
            else:
                mixed |= clean
                clean = set()
        key = _revealed(e)
        if key in clean:
            for ship in e.nums("ships"):
                out.give(ship, card)
        elif key in mixed and key is not None:
            out.unsure.append(Unsure(card, key[0], key[1], e.nums("ships")))


def _revealed(e: Event) -> FleetKey | None:
    """The fleet a B1 (or burst) reveal shows, with its ships."""
    return (e.num("owner"), e.num("marker")) if e.kind == "fleet_revealed" else None


def _change(e: Event, fleets: set[FleetKey]) -> tuple[str, FleetKey | None] | None:
    """How ``e`` changes one of ``fleets``: ("split", the new fleet), ("mix", the fleet that may
    now hold ships without the bonus, or None for every fleet of the seat), or None."""
    if e.kind == "fleet_split" and (e.num("seat"), e.num("marker")) in fleets:
        return "split", (e.num("seat"), e.num("new"))
    if e.kind == "fleet_merged":
        seat = e.num("seat")
        if (seat, e.num("gone")) in fleets or (seat, e.num("marker")) in fleets:
            return "mix", (seat, e.num("marker"))
    if e.kind in _SEAT_WIDE and any(owner == e.num("seat") for owner, _ in fleets):
        return "mix", None
    return None
