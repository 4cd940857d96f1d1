"""ATK*/DEF* of every ship a seat can see, with each bonus named (view_values.py, issue 32):
equal to the rules' values where the seat can know them all (SG-2.7), and never a function of
another seat's secrets (C-4.2)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.board import Index, atk, defense
from pygame_core.games.genocide.races import RACE_BY_KEY
from pygame_core.games.genocide.state import State

from .helpers import cid, position
from .test_view_odds import DEFENSIVE_FORMATION, E, V, W, modified_battle, played
from .test_views import resample


def values(state: State, seat: int) -> dict[int, dict[str, Any]]:
    return {x["ship"]: x for x in GAME.view(state, seat)["ship_values"]}


def rules_values(state: State, ship: int) -> tuple[int, int]:
    s = state.ships[ship]
    assert s is not None
    fleet = next(f for f in state.fleets if (f.owner, f.marker) == (s.owner, s.fleet))
    key = (fleet.col, fleet.row)
    own = Index(state).own_planet(s.owner, key)
    return atk(state, ship, s.owner, own, key), defense(state, ship, s.owner, own, key)


def test_sg_2_7_every_known_ship_has_the_rules_values_with_each_bonus_named() -> None:
    """Felines against Crustaceans on East's planet in an Asteroid Field: West's own ships and
    East's revealed ones carry the rules' ATK*/DEF*, the sum of the named terms."""
    state = modified_battle()
    seen = values(state, W)
    monitor, battler = cid(V, "monitor"), cid(V, "battler")
    cruiser, interceptor, frigate = cid(V, "cruiser"), cid(V, "interceptor"), cid(V, "frigate")
    assert set(seen) == {monitor, battler, cruiser, interceptor}  # not East's unseen frigate
    for ship, entry in seen.items():
        assert (entry["atk"], entry["def"]) == rules_values(state, ship)
        assert entry["atk"] == sum(p["atk"] for p in entry["parts"])
        assert entry["def"] == sum(p["def"] for p in entry["parts"])
    cruiser_parts = [(p["what"], p["atk"], p["def"]) for p in seen[cruiser]["parts"]]
    assert cruiser_parts == [("base", 3, 4), ("own planet", 1, 2), (RACE_BY_KEY["crustaceans"].name, 0, 1),
                             ("Asteroid Field", 0, 1)]
    assert [p["what"] for p in seen[monitor]["parts"]] == ["base", RACE_BY_KEY["felines"].name, "Asteroid Field"]
    assert frigate not in values(state, W) and frigate in values(state, E)
    assert "ship_values" not in GAME.view(state, None)  # a spectator knows no fleet's ships


def test_sg_13_3_another_seats_public_card_bonus_is_named() -> None:
    state = played(modified_battle(), E, DEFENSIVE_FORMATION, E, 1)
    entry = values(state, W)[cid(V, "cruiser")]
    assert entry["def"] == rules_values(state, cid(V, "cruiser"))[1] == 4 + 2 + 1 + 1 + 2
    assert ("Defensive Formation", 0, 2) in [(p["what"], p["atk"], p["def"]) for p in entry["parts"]]


def test_c_4_2_values_never_depend_on_another_seats_secrets() -> None:
    """A DEF bonus on East's ship that no public play shows, or East's re-drawn secrets,
    change nothing West sees; East's own view counts the bonus."""
    state = modified_battle()
    base = values(state, W)
    rng = random.Random(4)
    for _ in range(3):
        assert values(resample(state, W, rng), W) == base
    cruiser = cid(V, "cruiser")
    secret = replace(state, effects=(*state.effects, ("def", cruiser, 2)))
    assert values(secret, W) == base
    mine = values(secret, E)[cruiser]
    assert mine["def"] == rules_values(secret, cruiser)[1]
    assert ("your cards this turn", 0, 2) in [(p["what"], p["atk"], p["def"]) for p in mine["parts"]]


def test_values_follow_the_fleet_where_it_is_now() -> None:
    """Away from every bonus a ship is worth its base: no planet, race or terrain term."""
    state = position(V, fleets=[(W, 1, 8, 8, [("gunship", 0)]), (E, 1, 20, 3, [("scout", 0)])])
    entry = values(state, W)[cid(V, "gunship")]
    assert [p["what"] for p in entry["parts"]] == ["base"]
    assert (entry["atk"], entry["def"]) == rules_values(state, cid(V, "gunship"))
