"""Space Genocide terrain (RULES.md SG-12, SG-5.7..5.11, SG-A39..A47, SG-H09..H13, H30, H36)."""

from __future__ import annotations

from collections import Counter

import pytest

from pygame_core import IllegalActionError
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import (
    Discard,
    EndTransport,
    Gate,
    Hold,
    Launch,
    Place,
    Step,
    Target,
)
from pygame_core.games.genocide.rules import neighbour_table
from pygame_core.games.genocide.state import State
from pygame_core.games.genocide.terrain import TERRAIN
from pygame_core.hexgrid import Hex

from .helpers import BASIC, cid, position, told, with_dice

W, E = 0, 1
V = "advanced"
TERRAIN_ON = {**BASIC, "module_terrain": True}
N, NE, SE, S = 0, 1, 2, 3


def terrain_pos(terrain: list[tuple[int, int, str]], **kw: object) -> State:
    return position(V, options=TERRAIN_ON, terrain=terrain, **kw)  # type: ignore[arg-type]


def step_to(state: State, dest: tuple[int, int]) -> State:
    """One step of the fleet being ordered into the adjacent hex ``dest``."""
    f = next(f for f in state.fleets if (f.owner, f.marker) == (state.active, state.cursor))
    d = neighbour_table(state.players)[(f.col, f.row)].index(dest)
    return GAME.apply(state, Step(d))


def mp(state: State, c: int) -> int:
    ship = state.ships[c]
    assert ship is not None
    return ship.mp


def hex_of(state: State, c: int) -> tuple[int, int]:
    ship = state.ships[c]
    assert ship is not None
    f = next(f for f in state.fleets if (f.owner, f.marker) == (ship.owner, ship.fleet))
    return f.col, f.row


def hold_fire(state: State) -> State:
    while state.phase == "declare":
        assert state.battle is not None
        state = GAME.apply(state, Target(state.battle.queue[0], -1))
    return state


def to_next_turn(state: State, dice: list[int]) -> State:
    """End the active player's turn quietly (no attacks, launches or discards, first
    placements), with ``dice`` scripted from the end of its movement."""
    seat = state.active
    if EndTransport() in GAME.legal_actions(state):
        state = GAME.apply(state, EndTransport())
    state = with_dice(state, dice)
    while state.active == seat:
        state = hold_fire(state)
        legal = GAME.legal_actions(state)
        keep = [a for a in legal if a == Discard(-1) or (isinstance(a, Launch) and a.count == 0)]
        state = GAME.apply(state, (keep or legal)[0])
    return state


# --------------------------------------------------------------------------------------
# SG-12.2 placement


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sg_12_2_two_player_terrain_is_mirrored_and_kept_off_planets(seed: int) -> None:
    """SG-12.2 / SG-A39: the counts of SG-12.1 (no Temporal Nexus without cards, SG-A47);
    pairs are mirrored (C-1.6); the Alien Ruins sit in the middle band; Super Nova and Black
    Hole are not next to a planet; Neutral Planets are 3+ from every planet."""
    state = GAME.new_game(TERRAIN_ON, seed)
    counts = Counter(k for _, _, k in state.terrain)
    assert counts == {t.key: t.count for t in TERRAIN if not t.needs_cards}
    at = {(c, r): k for c, r, k in state.terrain}
    worlds = [Hex(p.col, p.row) for p in state.planets]  # neutral planets included
    assert not set(at) & {(p.col, p.row) for p in state.planets if p.owner >= 0}
    for (c, r), k in at.items():
        if k == "alien_ruins":
            assert 10 <= c <= 13
            continue
        assert at[(23 - c, 23 - r)] == k  # mirrored
        here = Hex(c, r)
        nearest = min(here.distance(w) for w in worlds if w != here)
        if k in ("super_nova", "black_hole"):
            assert nearest >= 2
        if k == "neutral_planet":
            assert nearest >= 3
    neutral = [p for p in state.planets if p.owner < 0]
    assert sorted((p.col, p.row) for p in neutral) == sorted(h for h, k in at.items() if k == "neutral_planet")
    assert GAME.new_game(TERRAIN_ON, seed) == state  # C-3.1: the seed fixes the map


def test_sg_12_3_more_players_scale_the_counts() -> None:
    """SG-12.3: with 3 players each count is scaled by 3/2 (rounded up), nothing mirrored."""
    state = GAME.new_game({**TERRAIN_ON, "players": 3}, 5)
    counts = Counter(k for _, _, k in state.terrain)
    assert counts == {t.key: (t.count * 3 + 1) // 2 for t in TERRAIN if not t.needs_cards}
    assert sum(1 for p in state.planets if p.owner < 0) == counts["neutral_planet"]


def test_sg_12_terrain_is_public() -> None:
    """SG-14.1: every seat and the spectator see the same terrain."""
    state = GAME.new_game(TERRAIN_ON, 8)
    views = [GAME.view(state, v)["terrain"] for v in (None, 0, 1)]
    assert views[0] == views[1] == views[2] and len(views[0]) == 29
    assert GAME.view(GAME.new_game(BASIC, 8), None)["terrain"] == []


# --------------------------------------------------------------------------------------
# One scenario per terrain type


def test_sg_5_11_star_gate_transit_costs_nothing_and_exit_counts_as_entered() -> None:
    """SG-5.11 / SG-A40 Star Gate: a Scout transits from one gate to any other for 0 MP; at
    an exit holding enemy ships it must stop (SG-5.8a)."""
    scout = cid(V, "scout")
    gates = [(5, 5, "star_gate"), (18, 18, "star_gate"), (18, 5, "star_gate")]
    state = terrain_pos(
        gates, fleets=[(W, 1, 5, 5, [("scout", 0)]), (E, 1, 18, 5, [("cruiser", 0)])]
    )
    legal = GAME.legal_actions(state)
    assert Gate(18, 18) in legal and Gate(18, 5) in legal and Gate(5, 5) not in legal
    moved = GAME.apply(state, Gate(18, 18))
    assert hex_of(moved, scout) == (18, 18) and mp(moved, scout) == 6
    stopped = GAME.apply(state, Gate(18, 5))
    assert hex_of(stopped, scout) == (18, 5) and mp(stopped, scout) == 0
    plain = position(V, fleets=[(W, 1, 5, 5, [("scout", 0)])])
    assert not any(isinstance(a, Gate) for a in GAME.legal_actions(plain))


def test_sg_h10_nebula_ends_the_move_and_is_left_normally() -> None:
    """SG-H10 / SG-5.8(b) Nebula: entering stops the Scout; next turn it leaves normally."""
    scout = cid(V, "scout")
    state = terrain_pos([(5, 6, "nebula")], fleets=[(W, 1, 5, 5, [("scout", 0)])])
    state = step_to(state, (5, 6))
    assert mp(state, scout) == 0
    assert not any(isinstance(a, Step) for a in GAME.legal_actions(state))  # fleet not offered
    state = to_next_turn(state, [0] * 8)  # West's production draws
    state = to_next_turn(state, [0] * 8)  # East's turn
    assert state.active == W and mp(state, scout) == 6
    state = step_to(state, (5, 7))
    assert hex_of(state, scout) == (5, 7) and mp(state, scout) == 5


def test_sg_h13_super_nova_cannot_be_entered() -> None:
    """SG-H13 / SG-5.7(a) Super Nova: the step is not offered and is rejected."""
    state = terrain_pos([(5, 6, "super_nova")], fleets=[(W, 1, 5, 5, [("scout", 0)])])
    assert Step(S) not in GAME.legal_actions(state)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Step(S))
    assert info.value.rule == "SG-5.7"


def test_sg_h36_alien_ruins_give_the_first_player_one_ship() -> None:
    """SG-H36 / SG-A42 Alien Ruins: a West fleet passing through draws 1 random ship, placed at
    a West planet; the move goes on; an East fleet entering later gets nothing."""
    scout = cid(V, "scout")
    ruins = (12, 6)
    state = terrain_pos(
        [(*ruins, "alien_ruins")],
        planets=[(W, 3, 3, "H")],
        fleets=[(W, 1, 12, 5, [("scout", 0)]), (E, 1, 13, 6, [("gunship", 0)])],
        dice=[0],
    )
    before = len(state.pile)
    state = step_to(state, ruins)
    assert state.phase == "place" and GAME.current_player(state) == W
    found = state.drawn
    assert found == min((*state.pile, found)) and len(state.pile) == before - 1
    assert GAME.view(state, W)["drawn"]["id"] == found and "drawn" not in GAME.view(state, E)
    state = GAME.apply(state, Place(3, 3, 0))
    assert state.phase == "transport" and state.cursor == 1  # the Scout moves on
    assert hex_of(state, found) == (3, 3)
    state = step_to(state, (12, 7))
    assert mp(state, scout) == 4
    assert any(t["used"] for t in GAME.view(state, None)["terrain"])
    # East's turn: its Gunship enters the exhausted ruins: nothing happens.
    state = GAME.apply(state, Hold())
    state = to_next_turn(state, [0] * 8)
    assert state.active == E
    state = step_to(state, ruins)
    assert state.phase == "transport" and state.drawn < 0


def test_sg_12_asteroid_field_and_ion_cloud_modify_both_sides() -> None:
    """SG-12.1 Asteroid Field (DEF* +1) and Ion Cloud (ATK* +1) for every ship in the hex;
    in an Ion Cloud even a Drone may attack (SG-A22)."""
    monitor, cruiser, drone = cid(V, "monitor"), cid(V, "cruiser"), cid(V, "drone")
    for kind, attack, defence in (("asteroid_field", 6, 5), ("ion_cloud", 7, 4)):
        state = terrain_pos(
            [(12, 12, kind)],
            fleets=[(W, 1, 12, 12, [("monitor", 0), ("drone", 0)]), (E, 1, 12, 12, [("cruiser", 0)])],
        )
        state = GAME.apply(state, EndTransport())
        assert state.battle is not None
        assert (drone in state.battle.queue) is (kind == "ion_cloud")
        if kind == "ion_cloud":
            state = GAME.apply(state, Target(drone, -1))  # by cid: the Drone declares first
        state = GAME.apply(state, Target(monitor, cruiser))
        cruiser_atk = 3 + (1 if kind == "ion_cloud" else 0)
        monitor_def = 3 + (1 if kind == "asteroid_field" else 0)
        state = with_dice(state, [1] * (monitor_def + cruiser_atk + attack + defence))
        state = GAME.apply(state, Target(cruiser, monitor))
        text = " ".join(told(state))
        assert f"{attack}d6 attack {attack} vs {defence}d6 defence {defence} on East's Cruiser of fleet 1" in text
        assert f"{cruiser_atk}d6 attack {cruiser_atk} vs {monitor_def}d6 defence" in text


def test_sg_h12_gravitic_anomaly_costs_no_movement_point() -> None:
    """SG-H12 / SG-A43 Gravitic Anomaly: a Cruiser (MOVE 2) enters it, then 2 normal hexes,
    ending with MP 0; with MP 0 it could still step into another anomaly."""
    cruiser = cid(V, "cruiser")
    state = terrain_pos(
        [(5, 6, "gravitic_anomaly")], fleets=[(W, 1, 5, 5, [("cruiser", 0)])]
    )
    state = step_to(state, (5, 6))
    assert mp(state, cruiser) == 2
    state = step_to(state, (5, 7))
    state = step_to(state, (5, 8))
    assert mp(state, cruiser) == 0 and hex_of(state, cruiser) == (5, 8)


def test_sg_12_neutral_planet_captured_by_the_first_to_enter() -> None:
    """SG-12.1 / SG-A44 / SG-A35 Neutral Planet: the first player to enter gains it; a public d6
    of 3 makes it Metal; it counts as West's in every respect and is never re-captured."""
    neutral = (12, 8)
    state = terrain_pos(
        [(*neutral, "neutral_planet")],
        fleets=[(W, 1, 12, 7, [("scout", 0)]), (E, 1, 13, 8, [("drone", 0)])],
        dice=[3],
    )
    pid = next(i for i, p in enumerate(state.planets) if (p.col, p.row) == neutral)
    assert GAME.view(state, None)["planets"][pid]["owner"] == -1
    state = step_to(state, neutral)
    planet = state.planets[pid]
    assert (planet.owner, planet.ptype) == (W, "M")
    for viewer in (None, W, E):
        assert GAME.view(state, viewer)["planets"][pid]["type"] == "M"  # public
    assert "SG.neutral planet=1309: d6 = 3" in told(state)
    assert GAME.view(state, W)["seats"][W]["planets"] == 11
    # East's Drone enters later (and stops: the Scout is there) but the planet stays West's.
    state = GAME.apply(state, Hold())
    state = to_next_turn(state, [0] * 8)
    state = step_to(state, neutral)
    assert state.planets[pid].owner == W
    # East can bust it like any West planet (SG-8.2): the Drone launches 1 PB, die 1.
    assert state.phase == "declare"  # the Drone stopped: its movement is over, a battle follows
    state = hold_fire(with_dice(state, [1]))
    assert state.phase == "md"
    state = GAME.apply(state, Launch(cid(V, "drone"), 1))
    assert not state.planets[pid].alive and GAME.outcome(state) is None


def test_sg_h30_black_hole_rolls_for_the_active_players_ships_only() -> None:
    """SG-H30 / SG-A45 Black Hole: at the start of West's turn its Cruiser in the hole rolls
    1d6: a 1 destroys it; the East Scout there is not rolled for. With a 2 it survives."""
    hole = (12, 12)
    cruiser, scout = cid(V, "cruiser"), cid(V, "scout")
    for die, survives in ((1, False), (2, True)):
        state = terrain_pos(
            [(*hole, "black_hole")],
            active=E,
            fleets=[(W, 1, *hole, [("cruiser", 0)]), (E, 1, *hole, [("scout", 0)])],
        )
        state = to_next_turn(state, [0] * 4 + [die])  # East's 4 draws, then West's die
        assert state.active == W
        assert (state.ships[cruiser] is not None) is survives
        assert state.ships[scout] is not None
        assert "SG.blackhole 1313: d6 = " + str(die) in told(state)
        if not survives:
            assert cruiser in state.pile
            assert any("loses 1 ship in the Black Hole" in line for line in GAME.view(state, E)["log"])
            assert not any("Cruiser" in line for line in GAME.view(state, E)["log"][-3:])  # SG-14.1


def test_sg_h09_dark_matter_waives_the_enemy_stop() -> None:
    """SG-H09 / SG-A46 Dark Matter: a Scout passes through an East fleet in a Dark Matter
    hex and goes on with MP 4; in an open hex it must stop."""
    scout = cid(V, "scout")
    fleets = [(W, 1, 5, 5, [("scout", 0)]), (E, 1, 5, 7, [("cruiser", 0)])]
    state = terrain_pos([(5, 7, "dark_matter")], fleets=fleets)
    state = step_to(state, (5, 6))
    state = step_to(state, (5, 7))
    assert mp(state, scout) == 4
    state = step_to(state, (5, 8))
    assert hex_of(state, scout) == (5, 8) and mp(state, scout) == 3
    plain = terrain_pos([], fleets=fleets)
    plain = step_to(step_to(plain, (5, 6)), (5, 7))
    assert mp(plain, scout) == 0
