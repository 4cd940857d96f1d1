""""Arrange for me" (arrange.py, issues 32 and 36): for every preset and seat count the suggestion
is a complete setup the rules accept (SG-3.6, SG-3.8), keeps what the player already fixed, and
never leaves the Homeworld bare."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import ChooseRace, SetType, SetupPlace
from pygame_core.games.genocide.arrange import suggest
from pygame_core.games.genocide.data import PLANET_TYPE_COUNTS
from pygame_core.games.genocide.state import State

CASES = [(preset, players) for preset in ("advanced_full", "advanced_basic", "classic") for players in (2, 3, 4)]


def seat_view(state: State) -> dict[str, Any]:
    seat = GAME.current_player(state)
    assert seat is not None
    return dict(GAME.view(state, seat))


def type_draft(v: dict[str, Any], rng: random.Random) -> dict[str, str]:
    """A player's half-done draft: a few planets typed by hand, as the page sends it (string
    keys), within the counts; sometimes a second Homeworld the rules would refuse."""
    mine = [p["id"] for p in v["planets"] if p["owner"] == v["viewer"]]
    left = [t for t, n in PLANET_TYPE_COUNTS for _ in range(n)]
    rng.shuffle(left)
    draft = {str(pid): left.pop() for pid in rng.sample(mine, rng.randint(0, 4))}
    return draft


def fleet_draft(v: dict[str, Any], rng: random.Random, room: int) -> dict[str, int]:
    mine = [p["id"] for p in v["planets"] if p["owner"] == v["viewer"]]
    load = dict.fromkeys(mine, 0)
    draft: dict[str, int] = {}
    for s in rng.sample(v["setup"]["my_hand"], rng.randint(0, 8)):
        pid = rng.choice(mine)
        if load[pid] < room:
            draft[str(s["id"])] = pid
            load[pid] += 1
    return draft


@pytest.mark.parametrize(("preset", "players"), CASES, ids=[f"{p}-{n}" for p, n in CASES])
def test_sg_3_8_the_suggestion_is_a_complete_legal_setup_keeping_the_draft(preset: str, players: int) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game({"preset": preset, "players": players}, seed)
        room = 5 if state.data.planet_types else 2
        while state.phase == "race":  # SG-3.5: not part of the secret setup
            state = GAME.apply(state, next(a for a in GAME.legal_actions(state) if isinstance(a, ChooseRace)))
        while state.phase in ("types", "fleets"):
            seat = GAME.current_player(state)
            v = seat_view(state)
            if state.phase == "types":
                draft = type_draft(v, rng)
                plan = dict(suggest(v, {"types": draft})["types"])
                mine = {p["id"] for p in v["planets"] if p["owner"] == seat}
                assert set(plan) == mine  # every own planet typed, no other
                assert sorted(plan.values()) == sorted(t for t, n in PLANET_TYPE_COUNTS for _ in range(n))
                assert all(plan[int(pid)] == t for pid, t in draft.items())
                while state.phase == "types" and GAME.current_player(state) == seat:
                    legal = GAME.legal_actions(state)
                    pick = [a for a in legal if isinstance(a, SetType) and plan[a.planet] == a.ptype]
                    assert pick, "the rules refuse the suggested type"
                    state = GAME.apply(state, pick[0])
                continue
            draft_ships = fleet_draft(v, rng, room)
            places = dict(suggest(v, {"fleets": draft_ships})["fleets"])
            assert set(places) == {s["id"] for s in v["setup"]["my_hand"]}  # every ship placed
            assert all(places[int(c)] == pid for c, pid in draft_ships.items())
            counts = {p["id"]: 0 for p in v["planets"] if p["owner"] == seat}
            for pid in places.values():
                counts[pid] += 1
            assert all(n == 2 for n in counts.values()) if room == 2 else max(counts.values()) <= 5
            home = [p["id"] for p in v["planets"] if p["owner"] == seat and p["type"] == "H"]
            assert all(counts[h] >= 1 for h in home)  # issue 36: never a bare Homeworld
            placed = 0
            while state.phase == "fleets" and GAME.current_player(state) == seat and placed < len(places):
                nxt = next(c for c in state.hands[seat] if c not in {x for x, _ in state.placements})
                want = SetupPlace(places[nxt])
                assert want in GAME.legal_actions(state), "the rules refuse the suggested planet"
                state = GAME.apply(state, want)
                placed += 1
        assert state.phase not in ("types", "fleets")


def test_the_suggestion_keeps_what_was_given_to_the_engine_and_drops_a_refused_pick() -> None:
    """Types already set stay; a draft's second Homeworld (SG-3.6: one counter) is dropped."""
    state = GAME.new_game({"preset": "advanced_basic"}, 4)
    v = seat_view(state)
    first = GAME.legal_actions(state)
    given = next(a for a in first if isinstance(a, SetType) and a.ptype == "H")
    state = GAME.apply(state, given)
    v = seat_view(state)
    other = next(p["id"] for p in v["planets"] if p["owner"] == v["viewer"] and p["id"] != given.planet)
    plan = dict(suggest(v, {"types": {str(other): "H"}})["types"])
    assert plan[given.planet] == "H" and plan[other] != "H"


def test_the_suggestion_is_the_seats_own_and_only_while_it_sets_up() -> None:
    """Another seat's view, or the spectator's, gets no suggestion (C-4.1)."""
    state = GAME.new_game({"preset": "classic"}, 2)
    seat = GAME.current_player(state)
    assert seat is not None
    assert suggest(GAME.view(state, 1 - seat), {"fleets": {}}) == {}
    assert suggest(GAME.view(state, None), {"fleets": {}}) == {}
    assert suggest(GAME.view(state, seat), {"fleets": {}})["fleets"]
