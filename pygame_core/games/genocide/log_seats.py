"""Which seats each line of a seat's log is about, from the events' fields (the log by player, issue 15)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...events import Event
from ...memo import IdentityMemo, ResumedPass
from .board import purpose_ship
from .events import played_targets
from .state import State
from .words import render

# "ship", "ships" and "killed" name ships in every kind that has them; "target" and "new" name
# a ship only in these kinds (elsewhere a seat, a marker).
_SHIP_TARGET = frozenset({"target_declared", "decoy_hit", "battle_result"})

_REFS: IdentityMemo[tuple[frozenset[int], tuple[int, ...]]] = IdentityMemo(100_000)


def references(e: Event) -> tuple[frozenset[int], tuple[int, ...]]:
    """The seats an event names and the ships it names (whose owner a seat may or may not know)."""
    hit = _REFS.get(e)
    if hit is not None:
        return hit
    fields = dict(e.fields)
    seats = {e.num(k) for k in ("seat", "owner") if k in fields}
    ships = [e.num("ship")] if "ship" in fields else []
    ships += [s for k in ("ships", "killed") if k in fields for s in e.nums(k)]
    if "seats" in fields:
        seats.update(e.nums("seats"))
    if e.kind == "hand_spied":
        seats.add(e.num("target"))
    if e.kind in _SHIP_TARGET:
        ships.append(e.num("target"))
    if e.kind == "refit_replaced":
        ships.append(e.num("new"))
    if e.kind == "card_played":
        played = played_targets(e)
        seats.update(owner for owner, _ in played.fleets)
        seats.update(played.seats)
        ships += played.ships
    if e.kind in ("roll", "luck"):
        ship = purpose_ship(e.text("purpose"))
        if ship is not None:
            ships.append(ship)
    return _REFS.put(e, (frozenset(s for s in seats if s >= 0), tuple(ships)))


@dataclass(frozen=True)
class _Pass:
    """A seat's log so far: its lines, the seats each is about, and what that was worked out
    from (the ship owners then known, the event each line says, the lines naming each ship)."""

    owners: dict[int, int]
    lines: list[str]
    about: list[list[int]]
    sources: list[Event]
    by_ship: dict[int, tuple[int, ...]]


_PASSES: ResumedPass[_Pass] = ResumedPass()  # per (viewer, variant, seats)


def _seats_named(e: Event, owners: Mapping[int, int]) -> list[int]:
    seats, ships = references(e)
    return sorted(seats | {owners[s] for s in ships if s in owners})


def log_with_seats(state: State, me: int | None, owners: Mapping[int, int]) -> tuple[list[str], list[list[int]]]:
    """Seat ``me``'s log (``words.log_lines``) and, for each line, the seats it is about: those
    it names and the owners of the ships it names, where ``owners`` (what ``me`` knows: its
    own ships, B1 reveals, scans) tells them. Resumed from the last log this seat's view read
    (``ResumedPass``): a late game's log is long, and the view is asked for on every tap. A
    ship whose owner became known (or forgotten) since then has its old lines said again."""
    key = (me, state.variant, state.players)
    log = state.log
    start, made = _PASSES.resume(key, log)
    if made is None:
        start, made = 0, _Pass({}, [], [], [], {})
    lines, about, sources, by_ship = list(made.lines), list(made.about), list(made.sources), dict(made.by_ship)
    if made.owners != owners:
        changed = {s for s in made.owners.keys() | owners.keys() if made.owners.get(s) != owners.get(s)}
        for line in {line for s in changed for line in by_ship.get(s, ())}:
            about[line] = _seats_named(sources[line], owners)
    final = True  # no game-over line: its words come from the state, not the event (words.render)
    for e in log[start:]:
        if not e.visible_to(me):
            continue
        said = render(state, e, me)
        if not said:
            continue
        final = final and e.kind != "game_over"
        named = _seats_named(e, owners)
        first = len(lines)
        lines.extend(said)
        about.extend(named for _ in said)
        sources.extend(e for _ in said)
        for ship in set(references(e)[1]):
            by_ship[ship] = by_ship.get(ship, ()) + tuple(range(first, len(lines)))
    if final:
        _PASSES.keep(key, log, _Pass(dict(owners), lines, about, sources, by_ship))
        return list(lines), list(about)
    return lines, about
