"""Which seats each line of a seat's log is about, from the events' fields (the log by player, issue 15)."""

from __future__ import annotations

from collections.abc import Mapping

from ...events import Event
from ...memo import IdentityMemo
from .events import played_targets
from .state import State
from .words import purpose_ship, render

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


def log_with_seats(state: State, me: int | None, owners: Mapping[int, int]) -> tuple[list[str], list[list[int]]]:
    """Seat ``me``'s log (``words.log_lines``) and, for each line, the seats it is about: those
    it names and the owners of the ships it names, where ``owners`` (what ``me`` knows: its
    own ships, B1 reveals, scans) tells them. One pass: a late game's log is long."""
    lines: list[str] = []
    about: list[list[int]] = []
    for e in state.log:
        if not e.visible_to(me):
            continue
        said = render(state, e, me)
        if not said:
            continue
        seats, ships = references(e)
        named = sorted(seats | {owners[s] for s in ships if s in owners})
        lines.extend(said)
        about.extend(named for _ in said)
    return lines, about
