"""invariant_violations (issue 4): counters conserved, pb ranges, fleet markers, fleet limit, ship cap."""

from __future__ import annotations

from dataclasses import replace

from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.state import Fleet, Ship

from .helpers import cid, position

X = (12, 12)


def base():  # type: ignore[no-untyped-def]
    return position("advanced", fleets=[(0, 1, *X, [("drone", 0), ("carrier", 0), ("fighter", 0, "in", 1)])])


def test_a_sound_position_has_no_violations() -> None:
    assert GAME.invariant_violations(base()) == []


def test_conservation_pile_plus_in_play_is_84_or_110() -> None:
    state = base()
    drone = cid("advanced", "drone")
    assert GAME.invariant_violations(replace(state, pile=(*state.pile[1:],)))  # a counter vanished
    assert GAME.invariant_violations(replace(state, pile=tuple(sorted((*state.pile, drone)))))  # twice


def test_pb_within_range() -> None:
    state = base()
    drone = cid("advanced", "drone")
    ships = list(state.ships)
    ships[drone] = replace(ships[drone], pb=5)  # type: ignore[type-var]
    assert any("pb" in v for v in GAME.invariant_violations(replace(state, ships=tuple(ships))))
    ships[drone] = replace(ships[drone], pb=-1)  # type: ignore[type-var]
    assert any("pb" in v for v in GAME.invariant_violations(replace(state, ships=tuple(ships))))


def test_one_marker_per_fleet_and_no_empty_fleet() -> None:
    state = base()
    twice = replace(state, fleets=(*state.fleets, Fleet(0, 1, 3, 3)))
    assert any("twice" in v for v in GAME.invariant_violations(twice))
    empty = replace(state, fleets=(*state.fleets, Fleet(0, 2, 3, 3)))
    assert any("disagree" in v for v in GAME.invariant_violations(empty))
    lost = replace(state, fleets=())
    assert any("disagree" in v for v in GAME.invariant_violations(lost))


def test_fleet_limit_and_ship_cap() -> None:
    state = base()
    ships = list(state.ships)
    pile = list(state.pile)
    fleets = list(state.fleets)
    for marker in range(2, 13):  # 12 fleets in all, more than 10 (SG-5.4)
        c = pile.pop(0)
        ships[c] = Ship(0, marker, 0)
        fleets.append(Fleet(0, marker, 3, marker))
    for _ in range(12):  # 26 ships, more than 20 (SG-9.3)
        c = pile.pop(0)
        ships[c] = Ship(0, 1, 0)
    problems = GAME.invariant_violations(replace(state, ships=tuple(ships), pile=tuple(pile), fleets=tuple(fleets)))
    assert any("fleets (SG-5.4)" in v for v in problems)
    assert any("ships (SG-9.3)" in v for v in problems)


def test_fighters_only_in_bay_ships_of_their_fleet() -> None:
    state = base()
    fighter, drone = cid("advanced", "fighter"), cid("advanced", "drone")
    ships = list(state.ships)
    ships[fighter] = replace(ships[fighter], carrier=drone)  # type: ignore[type-var]
    loads = GAME.invariant_violations(replace(state, ships=tuple(ships)))
    assert any("carries" in v for v in loads)
