"""Space Genocide hard cases (RULES.md SG-H) and core rules, with scripted dice (C-2.7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pygame_core import IllegalActionError, Match
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import (
    Discard,
    EndTransport,
    Hold,
    Launch,
    Merge,
    Place,
    Select,
    Split,
    Step,
    Target,
)
from pygame_core.games.genocide.data import VARIANTS
from pygame_core.games.genocide.destruction import adjudicate
from pygame_core.games.genocide.state import State
from pygame_core.games.genocide.view import describe
from pygame_core.games.genocide.work import Work

from .helpers import cid, position, third_seat_on_its_last_planet, told, with_dice

W, E = 0, 1
X = (12, 12)  # an open hex in the middle band: no planet


def ship_at(state: State, c: int) -> tuple[int, int]:
    ship = state.ships[c]
    assert ship is not None
    f = next(f for f in state.fleets if (f.owner, f.marker) == (ship.owner, ship.fleet))
    return f.col, f.row


def hold_fire(state: State, seat: int) -> State:
    """The seat declares no attack for each of its remaining eligible ships (B3)."""
    while GAME.current_player(state) == seat and state.phase == "declare":
        assert state.battle is not None
        state = GAME.apply(state, Target(state.battle.queue[0], -1))
    return state


def to_declarations(state: State) -> State:
    """End the active player's movement: the battle in the only battle hex begins (SG-6)."""
    state = GAME.apply(state, EndTransport())
    assert state.phase == "declare"
    return state


# --------------------------------------------------------------------------------------
# SG-6 battles


def h01_state() -> State:
    v = "advanced"
    return position(
        v,
        fleets=[
            (W, 1, *X, [("monitor", 0), ("battler", 0)]),
            (E, 1, *X, [("carrier", 0), ("fighter", 0, "in", 0), ("cruiser", 0)]),
        ],
    )


def test_sg_h01_carrier_with_loaded_fighter_is_not_a_legal_target() -> None:
    """SG-H01 / SG-6.7: a bay-ship carrying a living fighter at B1 cannot be targeted."""
    state = to_declarations(h01_state())
    monitor = cid("advanced", "monitor")
    carrier, fighter, cruiser = (cid("advanced", k) for k in ("carrier", "fighter", "cruiser"))
    assert GAME.current_player(state) == W
    targets = {a.target for a in GAME.legal_actions(state) if isinstance(a, Target)} - {-1}
    assert targets == {fighter, cruiser}
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Target(monitor, carrier))
    assert info.value.rule == "SG-6.7"


def test_sg_h02_combined_attack_and_protection_for_the_whole_round() -> None:
    """SG-H02 / SG-6.6: Monitor + Battler combine into 11 attack dice vs 4 defence dice."""
    v = "advanced"
    state = to_declarations(h01_state())
    monitor, battler = cid(v, "monitor"), cid(v, "battler")
    carrier, fighter, cruiser = cid(v, "carrier"), cid(v, "fighter"), cid(v, "cruiser")
    state = GAME.apply(state, Target(monitor, fighter))
    state = GAME.apply(state, Target(battler, fighter))
    assert GAME.current_player(state) == E  # East declares after West, secretly
    state = with_dice(state, [6] * 11 + [1] * 4)
    state = hold_fire(state, E)
    assert state.ships[fighter] is None  # 66 > 4: destroyed
    assert state.ships[carrier] is not None and state.ships[cruiser] is not None
    assert "11d6 attack 66 vs 4d6 defence 4" in " ".join(told(state))
    # The fighter is gone; in a later battle round the Carrier is a legal target (SG-A15).
    assert fighter in state.pile  # wrecks return at the end of the Engagement Phase


def test_sg_h06_tie_means_the_defender_survives() -> None:
    """SG-H06 / SG-6.3 B5: destroyed only if attack total > defence total."""
    v = "advanced"
    for defence, survives in (([5, 5, 5, 5], True), ([5, 5, 5, 4], False)):
        state = to_declarations(
            position(
                v,
                fleets=[
                    (W, 1, *X, [("missile_boat", 0), ("missile_boat", 1)]),
                    (E, 1, *X, [("cruiser", 0)]),
                ],
            )
        )
        b0, b1, cruiser = cid(v, "missile_boat", 0), cid(v, "missile_boat", 1), cid(v, "cruiser")
        state = GAME.apply(state, Target(b0, cruiser))
        state = GAME.apply(state, Target(b1, cruiser))
        state = with_dice(state, [2] * 10 + defence)
        state = GAME.apply(state, Target(cruiser, -1))
        assert (state.ships[cruiser] is not None) == survives


def test_sg_h22_planet_bonus_plus_one_attack_plus_two_defence() -> None:
    """SG-H22 / SG-A29: at an own planet a Cruiser rolls 4 attack and 6 defence dice."""
    v = "advanced"
    hexp = (5, 5)
    state = to_declarations(
        position(
            v,
            planets=[(W, *hexp, "P")],
            fleets=[
                (W, 1, *hexp, [("cruiser", 0)]),
                (E, 1, *hexp, [("cruiser", 1)]),
            ],
        )
    )
    wc, ec = cid(v, "cruiser", 0), cid(v, "cruiser", 1)
    state = GAME.apply(state, Target(wc, ec))
    state = with_dice(state, [1] * 4 + [1] * 4 + [1] * 3 + [1] * 6)
    state = GAME.apply(state, Target(ec, wc))
    text = " ".join(told(state))
    assert "4d6 attack 4 vs 4d6 defence 4 on East's Cruiser of fleet 1" in text  # West at its own planet
    assert "3d6 attack 3 vs 6d6 defence 6 on West's Cruiser of fleet 1" in text  # East at an enemy planet


def test_sg_h26_classic_uses_d10_and_classic_ship_data() -> None:
    """SG-H26 / SG-A02 / SG-A03: Classic rolls d10; 5 Light Carriers; Carrier BAYS 5 MOVE 2."""
    v = "classic"
    data = VARIANTS[v]
    assert data.total == 110
    assert sum(1 for c in range(110) if data.type_of(c).key == "light_carrier") == 5
    carrier = next(t for t in data.types if t.key == "carrier")
    assert (carrier.bays, carrier.move) == (5, 2)
    state = to_declarations(
        position(
            v,
            fleets=[
                (W, 1, *X, [("destroyer", 0)]),
                (E, 1, *X, [("cruiser", 0)]),
            ],
        )
    )
    d, c = cid(v, "destroyer"), cid(v, "cruiser")
    state = GAME.apply(state, Target(d, c))
    # Targets by ascending cid (SG-6.12): the Destroyer first (Cruiser's 3 attack dice,
    # its 3 defence dice), then the Cruiser (3 attack dice, 4 defence dice).
    state = with_dice(state, [1] * 3 + [1] * 3 + [10, 10, 10, 1, 1, 1, 1])
    state = GAME.apply(state, Target(c, d))
    assert state.ships[c] is None  # 30 > 4
    assert "3d10 attack 30 vs 4d10 defence 4" in " ".join(told(state))


def test_sg_h08_a_battle_hex_fights_again_next_engagement() -> None:
    """SG-H08 / SG-6.1: hexes where fleets coexist after a battle fight again."""
    v = "advanced"
    state = to_declarations(
        position(
            v,
            fleets=[
                (W, 1, *X, [("scout", 0)]),
                (E, 1, *X, [("scout", 1)]),
            ],
        )
    )
    ws, es = cid(v, "scout", 0), cid(v, "scout", 1)
    state = GAME.apply(state, Target(ws, -1))
    state = GAME.apply(state, Target(es, -1))
    assert state.phase == "discard"  # no PB targets: on to production
    state = replace(state, rng=__import__("pygame_core").ScriptedRng((0,) * 8))
    state = GAME.apply(state, Discard(-1))
    while state.phase == "place":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    # East's turn: East does not move; X is a battle hex again.
    assert state.active == E
    while state.phase == "transport":
        state = GAME.apply(state, EndTransport())
    assert state.phase == "declare" and state.battle is not None
    assert (state.battle.col, state.battle.row) == X


def test_sg_6_declarations_are_pending_until_all_are_in() -> None:
    """C-4.1 / SG-14.1: East's view never shows West's undisclosed targets."""
    v = "advanced"
    state = to_declarations(h01_state())
    monitor, fighter = cid(v, "monitor"), cid(v, "fighter")
    state = GAME.apply(state, Target(monitor, fighter))
    east = GAME.view(state, E)
    west = GAME.view(state, W)
    assert east["battle"]["my_declarations"] == []
    assert west["battle"]["my_declarations"] == [[monitor, fighter]]
    assert str(monitor) not in str(GAME.view(state, None)["battle"].get("my_declarations", ""))


# --------------------------------------------------------------------------------------
# SG-5 movement


def test_sg_h04_unloaded_fighter_pins_the_fleet_until_split_off() -> None:
    """SG-H04 / SG-5.7(b) / SG-5.13: split the unloaded fighter off; it survives at its planet."""
    v = "advanced"
    home = (4, 4)
    state = position(
        v,
        planets=[(W, *home, "P")],
        fleets=[
            (W, 1, *home, [("assault_transport", 0), ("fighter", 0, "in", 0), ("fighter", 1)]),
        ],
    )
    fa, fb = cid(v, "fighter", 0), cid(v, "fighter", 1)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Step(2))
    assert info.value.rule == "SG-5.7"
    state = GAME.apply(state, Split(fb))
    state = GAME.apply(state, Step(2))
    state = GAME.apply(state, Step(2))
    transport = cid(v, "assault_transport")
    assert ship_at(state, transport) == (6, 5)
    assert ship_at(state, fa) == (6, 5) and ship_at(state, fb) == home
    # Both steps used the Transport's 2 MP, so no fleet is being ordered; fleet 1 can still
    # be reorganised (SG-5.10), so the phase waits for the player to end it.
    assert state.phase == "transport" and state.cursor == 0
    assert GAME.legal_actions(state) == [EndTransport(), Select(1)]
    state = GAME.apply(state, EndTransport())
    assert state.phase == "discard"
    state = with_dice(state, [0] * 4)
    state = GAME.apply(state, Discard(-1))
    while state.phase == "place":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.ships[fb] is not None and state.ships[fa] is not None


def test_sg_h09_entering_an_enemy_hex_ends_the_move() -> None:
    """SG-H09 / SG-5.8(a) / SG-A16: the Scout stops in X2 with MP 0."""
    v = "advanced"
    x1, x2 = (12, 10), (12, 11)
    state = position(
        v,
        fleets=[
            (W, 1, *x1, [("scout", 0)]),
            (E, 1, *x2, [("cruiser", 0)]),
        ],
    )
    scout = cid(v, "scout")
    state = GAME.apply(state, Step(3))  # S into X2
    assert state.ships[scout].mp == 0  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Step(3))
    assert ship_at(state, scout) == x2
    assert state.phase == "declare"  # no fleet can move: Transport ended, battle at X2


def test_sg_5_7_slowest_ship_sets_the_pace() -> None:
    """SG-5.7(c) / SG-A13: a fleet steps only while every mobile ship has MP left."""
    v = "advanced"
    state = position(
        v,
        fleets=[
            (W, 1, *X, [("scout", 0), ("monitor", 0)]),
            (W, 2, 3, 3, [("cruiser", 0)]),
        ],
    )
    state = GAME.apply(state, Step(0))
    scout = cid(v, "scout")
    assert state.ships[scout].mp == 5  # type: ignore[union-attr]
    # The Monitor (MOVE 1) is spent: fleet 1 cannot step, but its Scout may still split off.
    assert state.cursor == 1
    assert not any(isinstance(a, Step) for a in GAME.legal_actions(state))
    state = GAME.apply(state, Split(scout))
    # SG-5.10: fleet 1 stays selected (it may still merge the Scout back) until the player
    # marks it done; then the lowest fleet that can move, and any other by choice.
    assert state.cursor == 1
    assert {Select(2), Select(3)} <= set(GAME.legal_actions(state))
    state = GAME.apply(state, Hold())
    assert state.cursor == 2
    state = GAME.apply(state, Select(3))
    assert state.cursor == 3
    assert any(isinstance(a, Step) for a in GAME.legal_actions(state))


def test_sg_5_3_split_and_merge_keep_each_ships_mp() -> None:
    """SG-5.3 / SG-A13: ships keep their own MP through splits and merges."""
    v = "advanced"
    state = position(v, fleets=[(W, 1, *X, [("scout", 0), ("cruiser", 0)])])
    scout, cruiser = cid(v, "scout"), cid(v, "cruiser")
    state = GAME.apply(state, Split(scout))
    assert {f.marker for f in state.fleets if f.owner == W} == {1, 2}
    state = GAME.apply(state, Step(0))
    state = GAME.apply(state, Step(0))  # fleet 1 (Cruiser) spent: cursor moves to fleet 2
    assert state.cursor == 2
    assert state.ships[cruiser].mp == 0 and state.ships[scout].mp == 6  # type: ignore[union-attr]


def test_sg_5_10_interrupt_a_fleet_move_another_and_come_back() -> None:
    """SG-5.10: the Cruiser (MOVE 2) steps once, the Scout's fleet moves, then the Cruiser
    takes its second step; each ship keeps the MP it had left."""
    v = "advanced"
    state = position(v, fleets=[(W, 1, *X, [("cruiser", 0)]), (W, 2, 3, 3, [("scout", 0)])])
    cruiser, scout = cid(v, "cruiser"), cid(v, "scout")
    state = GAME.apply(state, Step(3))  # S
    assert state.cursor == 1 and Select(2) in GAME.legal_actions(state)
    assert describe(state, Select(2)) == "order fleet 2 at 0404"  # hex labels count from 01
    state = GAME.apply(state, Select(2))
    assert state.cursor == 2
    state = GAME.apply(GAME.apply(state, Step(3)), Step(3))
    assert ship_at(state, scout) == (3, 5) and state.ships[scout].mp == 4  # type: ignore[union-attr]
    state = GAME.apply(state, Select(1))
    assert state.cursor == 1 and state.ships[cruiser].mp == 1  # type: ignore[union-attr]
    state = GAME.apply(state, Step(3))
    assert ship_at(state, cruiser) == (X[0], X[1] + 2)
    assert state.cursor == 2  # the Cruiser is spent: back to the only fleet that can move


def test_sg_5_10_fleets_spent_in_one_hex_may_still_merge() -> None:
    """SG-5.10 / SG-A13: joining is allowed between steps whatever the MP: two fleets that
    used all their MP to meet merge before the phase ends; the player ends it."""
    v = "advanced"
    meet = (X[0], X[1] + 2)
    state = position(
        v, fleets=[(W, 1, *X, [("cruiser", 0)]), (W, 2, meet[0], meet[1] + 1, [("monitor", 0)])]
    )
    state = GAME.apply(GAME.apply(state, Step(3)), Step(3))  # the Cruiser's 2 MP
    assert state.cursor == 2
    state = GAME.apply(state, Step(0))  # the Monitor's 1 MP, into the same hex
    assert ship_at(state, cid(v, "monitor")) == meet
    assert state.phase == "transport" and state.cursor == 0  # nothing can move, nothing lost
    assert GAME.legal_actions(state) == [EndTransport(), Select(1), Select(2)]
    state = GAME.apply(state, Select(1))
    assert not any(isinstance(a, Step) for a in GAME.legal_actions(state))
    state = GAME.apply(state, Merge(2))
    assert [f.marker for f in state.fleets if f.owner == W] == [1]
    assert state.ships[cid(v, "monitor")].fleet == 1  # type: ignore[union-attr]
    state = GAME.apply(state, Hold())  # done with it: no fleet is being ordered
    assert state.cursor == 0 and GAME.legal_actions(state) == [EndTransport(), Select(1)]
    state = GAME.apply(state, EndTransport())
    assert state.phase != "transport"


def test_sg_5_10_a_spent_fleet_does_not_step_at_zero_cost() -> None:
    """SG-5.8 / SG-5.10: a fleet with no MP left takes no 0-MP step into a Gravitic Anomaly
    (its move is complete), even when selected again to split."""
    v = "advanced"
    state = position(
        v,
        fleets=[(W, 1, *X, [("cruiser", 0), ("cruiser", 1)])],
        options={"module_terrain": True},
        terrain=[(X[0], X[1] + 3, "gravitic_anomaly")],
    )
    state = GAME.apply(GAME.apply(state, Step(3)), Step(3))
    assert state.phase == "transport" and state.cursor == 0
    state = GAME.apply(state, Select(1))
    legal = GAME.legal_actions(state)
    assert not any(isinstance(a, Step) for a in legal)
    assert Split(cid(v, "cruiser", 1)) in legal


def test_sg_5_4_fleet_limit_blocks_splits_in_advanced() -> None:
    """SG-5.4: Advanced allows 10 fleets per player."""
    v = "advanced"
    keys = [
        "scout",
        "gunship",
        "corvette",
        "escort",
        "drone",
        "battle_drone",
        "destroyer",
        "frigate",
        "cruiser",
    ]
    fleets = [(W, i + 1, 12, 2 * i + 1, [(k, 0)]) for i, k in enumerate(keys)]
    fleets.append((W, 10, *X, [("attack_scout", 0), ("attack_scout", 1)]))
    state = position(v, fleets=fleets)
    state = replace(state, cursor=10)
    assert not any(isinstance(a, Split) for a in GAME.legal_actions(state))


def test_sg_h25_peeking_is_knowledge_of_the_peeker_only() -> None:
    """SG-H25 / SG-5.14 / SG-A36: passing through an undefended enemy planet reveals its type."""
    v = "advanced"
    q = (14, 6)
    state = position(v, planets=[(E, *q, "M")], fleets=[(W, 1, 14, 4, [("scout", 0)])])
    pid = next(i for i, p in enumerate(state.planets) if (p.col, p.row) == q)
    state = GAME.apply(state, Step(3))
    state = GAME.apply(state, Step(3))  # into Q
    state = GAME.apply(state, Step(3))  # and out again
    assert (W, pid) in state.known
    west, east, spectator = GAME.view(state, W), GAME.view(state, E), GAME.view(state, None)
    assert west["planets"][pid]["type"] == "M"
    assert spectator["planets"][pid]["type"] is None
    assert any("West scanned East planet 1507" in line for line in east["log"])
    assert not any("Metal" in line for line in east["log"] + spectator["log"])
    assert any("Metal" in line for line in west["log"])


# --------------------------------------------------------------------------------------
# SG-8 mass destruction and SG-10 victory


def test_sg_h14_planet_buster_launch_one_order_per_ship() -> None:
    """SG-H14 / SG-8: 3 PBs, dice 4,5,2: the planet falls; the Cruiser did not block it."""
    v = "advanced"
    p = (18, 6)
    state = to_declarations(
        position(
            v,
            planets=[(E, *p, "P")],
            fleets=[
                (W, 1, *p, [("drone", 0)]),
                (E, 1, *p, [("cruiser", 0)]),
            ],
        )
    )
    drone, cruiser = cid(v, "drone"), cid(v, "cruiser")
    state = GAME.apply(state, Target(cruiser, -1))  # the Drone has ATK 0: only East declares
    assert state.phase == "md"
    state = with_dice(state, [4, 5, 2])
    state = GAME.apply(state, Launch(drone, 3))
    pid = next(i for i, pl in enumerate(state.planets) if (pl.col, pl.row) == p)
    assert not state.planets[pid].alive
    assert state.ships[drone].pb == 1  # type: ignore[union-attr]
    assert GAME.view(state, None)["planets"][pid]["type"] == "P"  # SG-8.7: type public
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, Launch(drone, 1))
    assert info.value.rule.startswith("SG-")


def test_sg_8_5_all_dice_above_three_leave_the_planet() -> None:
    """SG-8.5 / SG-8.6: no die <= 3, the planet survives, the PBs are spent anyway."""
    v = "advanced"
    p = (18, 6)
    state = GAME.apply(
        position(v, planets=[(E, *p, "P")], fleets=[(W, 1, *p, [("drone", 0)])], dice=[4, 6]),
        EndTransport(),
    )
    drone = cid(v, "drone")
    state = GAME.apply(state, Launch(drone, 2))
    assert all(pl.alive for pl in state.planets)
    assert state.ships[drone].pb == 2  # type: ignore[union-attr]


def test_sg_h17_last_world_of_a_resource_type_wins_at_once() -> None:
    """SG-H17 / SG-10.2(b): destroying East's 3rd Metal world ends the game; no production."""
    v = "advanced"
    m3 = (18, 6)
    state = position(
        v,
        planets=[(E, 20, 2, "M"), (E, 20, 8, "M"), (E, *m3, "M")],
        fleets=[(W, 1, *m3, [("drone", 0)])],
        dice=[1],
    )
    state = replace(
        state,
        planets=tuple(
            replace(pl, alive=False)
            if pl.owner == E and pl.ptype == "M" and (pl.col, pl.row) != m3
            else pl
            for pl in state.planets
        ),
    )
    state = GAME.apply(state, EndTransport())
    state = GAME.apply(state, Launch(cid(v, "drone"), 1))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (W,)
    assert GAME.current_player(state) is None and GAME.legal_actions(state) == []


def test_sg_10_2a_homeworld_loss_and_sg_10_1_classic_all_planets() -> None:
    """SG-10.2(a): the Homeworld falls, the game ends; SG-10.1: Classic needs every planet."""
    v = "advanced"
    hw = (18, 6)
    state = position(v, planets=[(E, *hw, "H")], fleets=[(W, 1, *hw, [("drone", 0)])], dice=[3])
    state = GAME.apply(GAME.apply(state, EndTransport()), Launch(cid(v, "drone"), 1))
    assert GAME.outcome(state) is not None and GAME.outcome(state).winners == (W,)  # type: ignore[union-attr]
    c = "classic"
    state = position(c, planets=[(E, *hw, "")], fleets=[(W, 1, *hw, [("drone", 0)])], dice=[3])
    state = GAME.apply(GAME.apply(state, EndTransport()), Launch(cid(c, "drone"), 1))
    assert GAME.outcome(state) is None  # 9 East planets remain
    state = replace(state, planets=tuple(replace(pl, alive=pl.owner == W) for pl in state.planets))
    state = position(c, planets=[(E, *hw, "")], fleets=[(W, 1, *hw, [("drone", 0)])], dice=[3])
    state = replace(
        state,
        planets=tuple(
            replace(pl, alive=pl.owner == W or (pl.col, pl.row) == hw) for pl in state.planets
        ),
    )
    state = GAME.apply(GAME.apply(state, EndTransport()), Launch(cid(c, "drone"), 1))
    assert GAME.outcome(state) is not None and GAME.outcome(state).winners == (W,)  # type: ignore[union-attr]


def test_sg_10_4_round_limit_adjudicates_planets_then_ships() -> None:
    """SG-10.4: after the last round, most planets wins; then most ships; else a draw."""
    match = Match.start("genocide", {"variant": "advanced", "round_limit": 1}, 3)
    while not match.is_over:
        legal = match.legal_actions()
        match = match.play(legal[-1] if isinstance(legal[-1], EndTransport) else legal[0])
    state = match.state
    assert state.round == 1
    outcome = GAME.outcome(state)
    assert outcome is not None and "round limit" in outcome.reason


# --------------------------------------------------------------------------------------
# SG-9 production


def test_sg_h20_draw4_respects_the_twenty_ship_cap() -> None:
    """SG-H20 / SG-9.3: with 18 ships West draws 2."""
    v = "advanced"
    home = (4, 4)
    keys = [
        "gunship",
        "missile_boat",
        "drone",
        "scout",
        "monitor",
        "destroyer",
        "corvette",
        "frigate",
        "escort",
    ]
    specs = [(k, c) for k in keys for c in (0, 1)]  # 18 ships
    state = position(v, planets=[(W, *home, "H")], fleets=[(W, 1, *home, specs)])
    state = GAME.apply(state, EndTransport())
    assert state.phase == "discard"
    state = with_dice(state, [0, 0])
    state = GAME.apply(state, Discard(-1))
    placed = 0
    while state.phase == "place":
        state = GAME.apply(state, Place(*home, 1))
        placed += 1
    assert placed == 2
    assert sum(1 for s in state.ships if s is not None and s.owner == W) == 20


def test_sg_h21_unplaceable_ship_returns_to_the_pile() -> None:
    """SG-H21 / SG-9.5 / SG-A31: 10 fleets, none at a West planet: the drawn ship is lost."""
    v = "advanced"
    keys = [
        "gunship",
        "missile_boat",
        "drone",
        "scout",
        "monitor",
        "destroyer",
        "corvette",
        "frigate",
        "escort",
        "cruiser",
    ]
    fleets = [(W, i + 1, 12, 2 * i + 1, [(k, 0)]) for i, k in enumerate(keys)]
    state = position(v, fleets=fleets)
    state = GAME.apply(state, EndTransport())
    pile_before = len(state.pile)
    state = with_dice(state, [0])
    state = GAME.apply(state, Discard(-1))
    assert state.active == E  # West's turn ended
    assert sum(1 for s in state.ships if s is not None and s.owner == W) == 10
    assert len(state.pile) == pile_before
    assert any("cannot place it" in line for line in told(state))


def test_sg_9_2_discarded_ship_is_not_redrawn_in_the_same_phase() -> None:
    """SG-9.2 / SG-A33: the discard is set aside and returns at the end of the phase."""
    v = "advanced"
    home = (4, 4)
    state = position(v, planets=[(W, *home, "H")], fleets=[(W, 1, *home, [("cruiser", 0)])])
    state = GAME.apply(state, EndTransport())
    cruiser = cid(v, "cruiser")
    state = with_dice(state, [0, 0, 0, 0])
    state = GAME.apply(state, Discard(cruiser))
    assert cruiser in state.limbo and cruiser not in state.pile
    while state.phase == "place":
        assert state.drawn != cruiser
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert cruiser in state.pile


def test_sg_9_4_resources_buy_from_the_open_pile_and_pay_for_pbs() -> None:
    """SG-9.4 / SG-9.6 / SG-A32: Classic income 1 per planet, 10 per ship, 1 per PB."""
    v = "classic"
    home = (4, 4)
    state = position(
        v, planets=[(W, *home, "")], fleets=[(W, 1, *home, [("drone", 0)])], resources=(5, 0)
    )
    drone = cid(v, "drone")
    state = replace(
        state,
        ships=tuple(replace(s, pb=1) if i == drone and s else s for i, s in enumerate(state.ships)),
    )
    state = GAME.apply(state, EndTransport())
    assert state.phase == "buy" and state.resources[W] == 15
    kinds = [a.kind for a in GAME.legal_actions(state) if type(a).__name__ == "Buy"]
    cruiser_kind = [t.key for t in VARIANTS[v].types].index("cruiser")
    assert cruiser_kind in kinds
    state = GAME.apply(state, GAME.legal_actions(state)[kinds.index(cruiser_kind)])
    assert state.drawn == cid(v, "cruiser", 0)  # the lowest-cid Cruiser in the pile
    assert any("buys Cruiser" in line for line in GAME.view(state, E)["log"])  # public
    state = GAME.apply(state, Place(*home, 1))
    assert state.resources[W] == 5
    refills = [a for a in GAME.legal_actions(state) if type(a).__name__ == "Refill"]
    assert [a.ship for a in refills] == [drone]  # type: ignore[attr-defined]
    state = GAME.apply(state, refills[0])
    assert state.ships[drone].pb == 2 and state.resources[W] == 4  # type: ignore[union-attr]


def test_sg_9_6_advanced_refills_free_at_own_planets() -> None:
    """SG-9.6: Advanced refills PBs for free in a hex with an own planet."""
    v = "advanced"
    home = (4, 4)
    state = position(v, planets=[(W, *home, "H")], fleets=[(W, 1, *home, [("drone", 0)])])
    drone = cid(v, "drone")
    state = replace(
        state,
        ships=tuple(replace(s, pb=0) if i == drone and s else s for i, s in enumerate(state.ships)),
    )
    state = GAME.apply(state, EndTransport())
    state = with_dice(state, [0] * 4)
    state = GAME.apply(state, Discard(-1))
    while state.phase == "place":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.ships[drone].pb == 4  # type: ignore[union-attr]


def test_sg_5_13_stranded_fighters_lowest_value_first() -> None:
    """SG-5.13: fighters beyond the bays in a hex without an own planet are destroyed."""
    v = "advanced"
    state = position(
        v,
        fleets=[
            (
                W,
                1,
                *X,
                [
                    ("assault_transport", 0),
                    ("fighter", 0, "in", 0),
                    ("bomber", 0),
                    ("interceptor", 0),
                ],
            ),
        ],
    )
    state = GAME.apply(state, EndTransport())
    state = with_dice(state, [0] * 4)
    state = GAME.apply(state, Discard(-1))
    while state.phase == "place":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    # capacity 1: Fighter (9) and Interceptor (10) and Bomber (8) -> keep only the Interceptor
    assert state.ships[cid(v, "bomber")] is None and state.ships[cid(v, "fighter")] is None
    assert state.ships[cid(v, "interceptor")] is not None


def test_sg_hold_marks_a_fleet_done() -> None:
    """SG-5.10: a fleet marked done is not ordered again this phase."""
    v = "advanced"
    state = position(v, fleets=[(W, 1, *X, [("scout", 0)]), (W, 2, 3, 3, [("scout", 1)])])
    state = GAME.apply(state, Hold())
    assert state.cursor == 2
    assert GAME.view(state, E)["fleets"][0]["done"] is True


# --------------------------------------------------------------------------------------
# SG-16: three and four players


def test_sg_16_multi_player_battle_targets_any_other_seat() -> None:
    """SG-16.4: in a 3-seat hex each ship may target any non-own ship; seats declare in turn order."""
    v = "advanced"
    state = to_declarations(position(v, players=3, fleets=[
        (0, 1, *X, [("monitor", 0)]),
        (1, 1, *X, [("cruiser", 0)]),
        (2, 1, *X, [("cruiser", 1)]),
    ]))
    monitor, c1, c2 = cid(v, "monitor"), cid(v, "cruiser", 0), cid(v, "cruiser", 1)
    assert {a.target for a in GAME.legal_actions(state)} == {-1, c1, c2}
    state = GAME.apply(state, Target(monitor, c2))
    assert GAME.current_player(state) == 1
    state = GAME.apply(state, Target(c1, c2))
    assert GAME.current_player(state) == 2
    state = with_dice(state, [1] * 6 + [6] * 4 + [1] * 3 + [6] * 4)
    state = GAME.apply(state, Target(c2, -1))
    # One attack per seat on the Cruiser: Monitor 6 dice vs 4, then Cruiser 3 dice vs 4.
    assert state.ships[c2] is not None


def test_sg_16_5_an_eliminated_seat_leaves_the_game() -> None:
    """SG-16.5: the loser's ships return to the pile and its planets leave; play goes on."""
    c = "classic"
    state = third_seat_on_its_last_planet(c, "")
    state = GAME.apply(GAME.apply(state, EndTransport()), Launch(cid(c, "drone"), 1))
    assert state.alive == (True, True, False)
    assert state.ships[cid(c, "cruiser", 1)] is None and cid(c, "cruiser", 1) in state.pile
    assert all(f.owner != 2 for f in state.fleets)
    assert GAME.outcome(state) is None
    assert state.phase == "buy"


# --------------------------------------------------------------------------------------
# C-4.3 knowledge and SG-5.5 loading


def test_c_4_3_battle_reveal_becomes_a_last_seen_sighting() -> None:
    """SG-6.3 B1 / C-4.3: revealed fleets are remembered; a later split marks them stale."""
    v = "advanced"
    state = to_declarations(h01_state())
    seen_by_west = GAME.view(state, W)["sightings"]
    assert {s["owner"] for s in seen_by_west} == {W, E}
    e1 = next(s for s in seen_by_west if s["owner"] == E)
    assert sorted(x["type"] for x in e1["ships"]) == ["carrier", "cruiser", "fighter"]
    state = hold_fire(hold_fire(state, W), E)
    assert state.phase == "discard"
    # Next turn East splits its Cruiser off: West's sighting of East fleet 1 goes stale.
    state = with_dice(state, [0] * 4)
    state = GAME.apply(state, Discard(-1))
    while state.phase == "place":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.active == E and state.cursor == 1
    state = GAME.apply(state, Split(cid(v, "cruiser")))
    seen = next(s for s in GAME.view(state, W)["sightings"] if s["owner"] == E and s["marker"] == 1)
    assert seen["stale"] is True


def test_sg_5_5_splitting_a_bay_ship_takes_its_fighters() -> None:
    """SG-5.5 / SG-5.3: fighters loaded in a bay-ship go with it; a split-off fighter is unloaded."""
    v = "advanced"
    state = position(v, fleets=[
        (W, 1, *X, [("carrier", 0), ("fighter", 0, "in", 0), ("bomber", 0, "in", 0), ("cruiser", 0)]),
    ])
    carrier, fighter, bomber = cid(v, "carrier"), cid(v, "fighter"), cid(v, "bomber")
    state = GAME.apply(state, Split(carrier))
    new = state.ships[carrier].fleet  # type: ignore[union-attr]
    assert state.ships[fighter].fleet == new and state.ships[bomber].fleet == new  # type: ignore[union-attr]
    state = replace(state, cursor=new)
    state = GAME.apply(state, Split(bomber))
    assert state.ships[bomber].carrier == -1  # type: ignore[union-attr]
    state = replace(state, cursor=new)
    actions = GAME.legal_actions(state)
    assert any(type(a).__name__ == "Unload" and a.fighter == fighter for a in actions)  # type: ignore[attr-defined]
    assert not GAME.invariant_violations(state)


def test_sg_h40_replaying_a_record_gives_identical_states_and_logs() -> None:
    """SG-H40 / C-3.1: seed 12345, the recorded decisions replayed twice: identical states."""
    import random as _random

    from pygame_core import replay
    from pygame_core.canonical import digest

    chooser = _random.Random(7)
    match = Match.start("genocide", {"variant": "advanced", "round_limit": 6}, 12345)
    while not match.is_over:
        match = match.play(chooser.choice(match.legal_actions()))
    first, second = replay(match.record), replay(match.record)
    assert digest(first) == digest(second) == digest(match.state)
    assert first.log == second.log == match.state.log


def _adjudicated(state: State) -> str:
    w = Work(state)
    adjudicate(w)
    return w.freeze().reason


def test_sg_10_4_the_round_limits_reason_names_what_decided() -> None:
    """Issue 36: planets decide first; only once they tie do ships, and the words say which."""
    state = position(fleets=[(W, 1, 4, 4, [("scout", 0), ("scout", 1), ("drone", 0)]),
                             (E, 1, 20, 4, [("gunship", 0), ("gunship", 1)])])
    assert _adjudicated(state) == "round limit: planets tied at 10; West has the most ships, 3 to 2 (SG-10.4)"
    lost = next(n for n, p in enumerate(state.planets) if p.owner == W)
    fewer = replace(state, planets=tuple(replace(p, alive=False) if n == lost else p
                                         for n, p in enumerate(state.planets)))
    assert _adjudicated(fewer) == "round limit: East has the most planets, 10 to 9 (SG-10.4)"
