"""Space Genocide options (SG-1), map and setup (SG-3), 3-4 players (SG-16)."""

from __future__ import annotations

import random

import pytest

from pygame_core import Match, OptionError, decode_match, encode_link
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import SetType, SetupPlace
from pygame_core.games.genocide.data import VARIANTS
from pygame_core.games.genocide.rules import planet_zone
from pygame_core.games.genocide.state import State
from pygame_core.hexgrid import Hex

from .helpers import BASIC


def finish_setup(state: State, seed: int = 0) -> State:
    chooser = random.Random(seed)
    while state.phase in ("race", "types", "fleets"):
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    return state


def test_sg_1_option_defaults() -> None:
    """SG-1.1 / SG-1.2 / Appendix A: Advanced Full (every module on), draw4 (the variant's
    own), discard on, 2 players, 80 rounds; Classic ignores the modules."""
    state = GAME.new_game(None, 1)
    assert (state.variant, state.production, state.discard_rule) == ("advanced", "draw4", True)
    assert sorted(state.modules) == ["burst", "cards", "races", "terrain"]
    assert (state.players, state.round_limit, state.combat_die) == (2, 80, 6)
    classic = GAME.new_game({"variant": "classic"}, 1)
    assert (classic.production, classic.combat_die) == ("resources", 10)
    assert GAME.new_game({"variant": "classic", "production": "draw4", "combat_die": 6}, 1).combat_die == 6
    with pytest.raises(OptionError, match="combat_die"):
        GAME.new_game({"combat_die": 1}, 1)
    with pytest.raises(OptionError, match="players"):
        GAME.new_game({"players": 5}, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sg_3_planets_are_placed_in_each_zone_apart(players: int) -> None:
    """SG-3.1 / SG-3.3: 10 planets per seat inside its zone, 1 per hex, at least 2 apart."""
    state = GAME.new_game({"players": players, **BASIC}, 7)
    assert len(state.planets) == 10 * players
    cells = [Hex(p.col, p.row) for p in state.planets]
    assert len(set(cells)) == len(cells)
    for seat in range(players):
        zone = set(planet_zone(players, seat))
        assert all(Hex(p.col, p.row) in zone for p in state.planets if p.owner == seat)
    assert min(a.distance(b) for i, a in enumerate(cells) for b in cells[i + 1 :]) >= 2
    assert planet_zone(2, 0)[-1].col == 9 and planet_zone(2, 1)[0].col == 14  # middle band 10-13


def test_sg_3_setup_is_deterministic_by_seed() -> None:
    """SG-H40 / C-3.1: same seed, same map, same draws; another seed differs."""
    a, b, c = GAME.new_game(None, 12345), GAME.new_game(None, 12345), GAME.new_game(None, 54321)
    assert a == b
    assert a.planets != c.planets


def test_sg_3_8_classic_two_ships_per_planet_advanced_up_to_five() -> None:
    """SG-3.8 / SG-A10 / SG-A11: Classic fleets of exactly 2; Advanced 0-5, all 20 placed."""
    classic = finish_setup(GAME.new_game({"variant": "classic"}, 3))
    for seat in (0, 1):
        fleets = [f for f in classic.fleets if f.owner == seat]
        assert len(fleets) == 10
        for f in fleets:
            assert sum(1 for s in classic.ships if s and (s.owner, s.fleet) == (seat, f.marker)) == 2
    state = GAME.new_game({"variant": "advanced", **BASIC}, 3)
    seat = GAME.current_player(state)
    # The planet-type counters: exactly 1 H, 3 P, 3 M, 3 R (SG-2.4).
    while state.phase == "types":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    types = sorted(p.ptype for p in state.planets if p.owner == seat)
    assert types == sorted("HPPPMMMRRR")
    first_planet = next(i for i, p in enumerate(state.planets) if p.owner == seat)
    for _ in range(5):
        state = GAME.apply(state, SetupPlace(first_planet))
    assert SetupPlace(first_planet) not in GAME.legal_actions(state)  # at most 5
    state = finish_setup(state)
    assert sum(1 for s in state.ships if s is not None) == 40
    assert all(len({(f.col, f.row) for f in state.fleets if f.owner == o}) == sum(
        1 for f in state.fleets if f.owner == o) for o in (0, 1))  # one fleet per planet at start
    assert all(s.pb == VARIANTS["advanced"].pb_max[c] for c, s in enumerate(state.ships) if s)


def test_sg_3_6_planet_type_counters_run_out() -> None:
    """SG-3.6: once the Homeworld counter is used, it is no longer offered."""
    state = GAME.new_game({"variant": "advanced", **BASIC}, 5)
    state = GAME.apply(state, GAME.legal_actions(state)[0])  # the Homeworld first
    assert all(a.ptype != "H" for a in GAME.legal_actions(state) if isinstance(a, SetType))


def test_sg_5_5_fighters_auto_load_into_bay_ships() -> None:
    """SG-5.5: the default auto-load gives each bay-ship one fighter first, in cid order."""
    for seed in range(30):
        state = finish_setup(GAME.new_game({"variant": "classic"}, seed), seed)
        data = state.data
        for f in state.fleets:
            cids = [c for c, s in enumerate(state.ships) if s and (s.owner, s.fleet) == (f.owner, f.marker)]
            bays = sum(data.base_bays[c] for c in cids)
            fighters = [c for c in cids if data.fighter[c]]
            loaded = [c for c in fighters if state.ships[c].carrier >= 0]  # type: ignore[union-attr]
            assert len(loaded) == min(bays, len(fighters))


def test_sg_16_three_players_turn_order_and_map() -> None:
    """SG-16.1 / SG-16.3: a 36-column map, turn order clockwise from the roll-off winner."""
    state = GAME.new_game({"players": 3, **BASIC}, 2)
    assert GAME.view(state, None)["map"] == {"cols": 36, "rows": 24}
    first = state.order[0]
    assert state.order == (first, (first + 1) % 3, (first + 2) % 3)
    state = finish_setup(state)
    assert GAME.current_player(state) == first and state.phase == "transport"


def test_sg_1_2_presets() -> None:
    """SG-1.2: the ``preset`` option: Classic (fixed parameters only), Advanced Basic (no
    modules, discard rule on), Advanced Full (every module; the default). Options given with
    a preset override it, and a match stores and replays them as given."""
    full = GAME.new_game({"preset": "advanced_full"}, 9)
    assert full == GAME.new_game(None, 9)
    assert full.modules == ("races", "burst", "terrain", "cards")
    basic = GAME.new_game({"preset": "advanced_basic"}, 9)
    assert basic.modules == () and basic.discard_rule and basic.variant == "advanced"
    classic = GAME.new_game({"preset": "classic"}, 9)
    assert classic.modules == () and classic.variant == "classic" and classic.production == "resources"
    assert GAME.new_game({"variant": "classic"}, 9).modules == ()  # SG-1.1: n/a in Classic
    mixed = {"preset": "advanced_basic", "module_cards": True}
    assert GAME.new_game(mixed, 9).modules == ("cards",)
    match = Match.start("genocide", mixed, 9)
    assert match.record.options == mixed
    assert decode_match(encode_link(match)).state == match.state
    with pytest.raises(OptionError, match="preset"):
        GAME.new_game({"preset": "advanced_half"}, 9)
