"""Space Genocide's log names ships as the buttons do (issue 36): by kind, owner and the fleet
they were in when it happened, never by counter id, and never with more than the reader knew
(SG-14.1: fleet composition is private but to a B1 reveal, SG-6.3, or a scan)."""

from __future__ import annotations

import re

import pytest

from pygame_core.events import Event
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import EndTransport, Launch, Target
from pygame_core.games.genocide.board import purpose_ship
from pygame_core.games.genocide.game import PRESETS
from pygame_core.games.genocide.state import State
from pygame_core.games.genocide.words import log_lines

from ...conformance.playouts import random_playout
from .helpers import cid, position, with_dice

W, E = 0, 1
X = (12, 12)  # an open middle-band hex, label 1313
COUNTER_ID = re.compile(r"#\d")

# Every preset, two to four seats, a few seeds; Advanced Full at each seat count.
GAMES = [(preset, players, seed) for seed, (preset, players) in enumerate(
    [(p, 2 + i % 3) for i, p in enumerate(sorted(PRESETS))] + [("advanced_full", n) for n in (2, 3, 4)], start=21)]


@pytest.mark.parametrize(("preset", "players", "seed"), GAMES)
def test_no_log_line_of_any_seat_names_a_counter_id(preset: str, players: int, seed: int) -> None:
    *_, last = random_playout("genocide", {"preset": preset, "players": players}, seed)
    state: State = last.state
    for seat in (None, *range(players)):
        for line in log_lines(state, seat):
            assert not COUNTER_ID.search(line), (seat, line)


def _refs(e: Event) -> list[tuple[int, tuple[int, int, int]]]:
    """The ships an event names with how its readers knew them: (cid, (owner, marker, place))."""
    out: list[tuple[int, tuple[int, int, int]]] = []
    for key, value in e.fields:
        if not key.endswith("_at") or not isinstance(value, tuple) or not value:
            continue
        base = key[:-3]
        if base == "roll" or e.kind in ("roll", "luck"):
            ship = purpose_ship(e.text("purpose" if e.kind in ("roll", "luck") else "roll"))
            cids: tuple[int, ...] = () if ship is None else (ship,)
            refs = [value]
        elif isinstance(value[0], tuple):
            cids, refs = e.nums(base), list(value)
        else:
            cids, refs = (e.num(base),), [value]
        for c, ref in zip(cids, refs, strict=False):
            assert isinstance(ref, tuple) and len(ref) == 3
            owner, marker, place = (int(v) for v in ref if isinstance(v, int))
            out.append((c, (owner, marker, place)))
    return out


def _groups(state: State, seat: int) -> set[tuple[int, int, int, int]]:
    """What ``seat`` has seen of the fleets (its view's sightings and its own scans): for each
    ship, (owner, marker, cid, its place among its kind there, 0 when alone)."""
    out = set()
    groups = [*state.sightings, *(g for s, g in state.scans if s == seat)]
    for g in groups:
        ids = [c for c, _, _ in g.ships]
        for c in ids:
            same = sorted(x for x in ids if state.data.type_of(x) is state.data.type_of(c))
            out.add((g.owner, g.marker, c, same.index(c) + 1 if len(same) > 1 else 0))
    return out


@pytest.mark.parametrize(("options", "seed"), [({"preset": "advanced_full"}, 31),
                                               ({"preset": "advanced_full", "players": 3}, 32),
                                               ({"preset": "advanced_full", "players": 4}, 33)])
def test_the_log_names_an_enemy_ships_fleet_only_where_the_reader_saw_it(options: dict[str, object],
                                                                         seed: int) -> None:
    """SG-14.1: a line names another seat's ship by its fleet (and 1st/2nd there) only where
    the reader saw that ship in that fleet (a B1 reveal, its own scan), or the line says the
    hex and the owner has one fleet marker there (markers and hexes are public)."""
    previous: State | None = None
    seen: dict[int, set[tuple[int, int, int, int]]] = {}
    named = 0
    for match in random_playout("genocide", options, seed):  # type: ignore[arg-type]
        state: State = match.state
        for seat in range(state.players):
            seen.setdefault(seat, set()).update(_groups(state, seat))
        if previous is not None:
            for e in state.log[len(previous.log):]:
                for seat in range(state.players):
                    if not e.visible_to(seat):
                        continue
                    for c, (owner, marker, place) in _refs(e):
                        if owner in (seat, -1) or (marker == 0 and place == 0):
                            continue
                        named += 1
                        if place:
                            assert (owner, marker, c, place) in seen[seat], (seat, e)
                            continue
                        lone = "hex" in dict(e.fields) and [
                            f.marker for f in previous.fleets
                            if f.owner == owner and f"{f.col + 1:02d}{f.row + 1:02d}" == e.text("hex")
                        ] == [marker]
                        assert lone or any(k[:3] == (owner, marker, c) for k in seen[seat]), (seat, e)
        previous = state
    assert named > 0


def test_a_battles_lines_name_both_sides_ships_from_each_seat() -> None:
    """B1 reveals both fleets (SG-6.3): the declarations and the results name every ship by
    owner, kind, fleet and, for two alike, 1st/2nd, as each seat reads them."""
    cruisers = cid("advanced", "cruiser", 0), cid("advanced", "cruiser", 1)
    scout, their_cruiser = cid("advanced", "scout", 0), cid("advanced", "cruiser", 2)
    state = position("advanced", fleets=[
        (W, 1, *X, [("cruiser", 0), ("cruiser", 1)]),
        (E, 6, *X, [("scout", 0), ("cruiser", 2)]),
    ])
    state = GAME.apply(state, EndTransport())
    state = GAME.apply(state, Target(cruisers[0], their_cruiser))
    state = GAME.apply(state, Target(cruisers[1], scout))
    state = with_dice(state, [6] * 40)
    state = GAME.apply(state, Target(scout, cruisers[1]))
    state = GAME.apply(state, Target(their_cruiser, -1))
    west, east, spectator = (log_lines(state, s) for s in (W, E, None))
    assert "Battle at 1313: West fleet 1 = Cruiser x2" in west
    assert "Battle at 1313: East fleet 6 = Scouts, Cruiser" in west
    assert "Your 1st Cruiser of fleet 1 targets East's Cruiser of fleet 6" in west
    assert "Your 2nd Cruiser of fleet 1 targets East's Scouts of fleet 6" in west
    assert "East's Scouts of fleet 6 targets your 2nd Cruiser of fleet 1" in west
    assert "West's 1st Cruiser of fleet 1 targets your Cruiser of fleet 6" in east
    assert "Your Scouts of fleet 6 targets West's 2nd Cruiser of fleet 1" in east
    assert "West's 2nd Cruiser of fleet 1 targets East's Scouts of fleet 6" in spectator
    # Results and dice records (C-2.8) in the same words: 3 attack dice of the Cruiser, 3
    # defence dice of the Scouts, all sixes: a tie, it survives.
    assert "1313: 3d6 attack 18 vs 3d6 defence 18 on East's Scouts of fleet 6: survives" in west
    assert "  roll the attack dice on your Scouts of fleet 6: d6 = 6 6 6" in east
    assert not any(COUNTER_ID.search(line) for line in [*west, *east, *spectator])


def _launch_from_two_fleets(drone_fleet: int) -> list[str]:
    """East launches from a hex where it has two fleets, its Drone in ``drone_fleet``."""
    other = 5 - drone_fleet  # fleets 2 and 3
    state = position("advanced", active=E, planets=[(W, *X, "M")], dice=[6], fleets=[
        (E, drone_fleet, *X, [("drone", 0)]),
        (E, other, *X, [("cruiser", 0)]),
    ])
    state = GAME.apply(state, EndTransport())
    state = GAME.apply(state, Launch(cid("advanced", "drone"), 1))
    state = GAME.apply(state, Launch(cid("advanced", "cruiser"), 0))
    return log_lines(state, W)


def test_the_words_are_the_same_whatever_the_other_seats_hidden_fleets() -> None:
    """SG-14.1: two games equal but for which of East's two fleets in the hex holds the Drone
    (hidden from West): West reads the same launch, with no fleet named."""
    first, second = _launch_from_two_fleets(2), _launch_from_two_fleets(3)
    assert first == second
    assert "East's Drone launches 1 PB at 1313: 6: no effect" in first
