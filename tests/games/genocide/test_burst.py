"""Space Genocide space burst (RULES.md SG-7, SG-A27, SG-H05, SG-H34), with scripted dice."""

from __future__ import annotations

import pytest

from pygame_core import IllegalActionError
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import Burst, Discard, EndTransport, Launch, Target
from pygame_core.games.genocide.state import State

from .helpers import cid, position, told, with_dice

W, E = 0, 1
X = (12, 12)  # open middle-band hex
V = "advanced"
BURST = {"module_space_burst": True}


def declare_none(state: State, seat: int) -> State:
    while GAME.current_player(state) == seat and state.phase == "burst":
        assert state.burst is not None
        state = GAME.apply(state, Burst(state.burst.queue[0], 0))
    return state


def hold_fire(state: State, seat: int) -> State:
    while GAME.current_player(state) == seat and state.phase == "declare":
        assert state.battle is not None
        state = GAME.apply(state, Target(state.battle.queue[0], -1))
    return state


def finish_turn(state: State) -> State:
    """Skip the rest of the active player's turn: no launches, no discard, first placements."""
    seat = state.active
    state = with_dice(state, [0] * 8)
    while state.active == seat and GAME.current_player(state) is not None:
        legal = GAME.legal_actions(state)
        keep = [a for a in legal if a in (Discard(-1),) or (isinstance(a, Launch) and a.count == 0)]
        state = GAME.apply(state, (keep or legal)[0])
    return state


def test_sg_h05_burst_ignores_fighter_protection_and_strands_fighters() -> None:
    """SG-H05 / SG-7.4 / SG-A27 / SG-A28: East's Drone bursts 1 PB; the dice for West's ships
    go in cid order (fighter, fighter, Carrier = 1, 1, 6): the protected Carrier dies in the
    burst step, the Drone has pb 3, and at the end of East's turn both fighters are stranded."""
    f0, f1, carrier, drone = cid(V, "fighter", 0), cid(V, "fighter", 1), cid(V, "carrier"), cid(V, "drone")
    state = position(
        V,
        options=BURST,
        active=E,
        fleets=[
            (W, 1, *X, [("carrier", 0), ("fighter", 0, "in", 0), ("fighter", 1, "in", 0)]),
            (E, 1, *X, [("drone", 0)]),
        ],
    )
    state = GAME.apply(state, EndTransport())
    assert state.phase == "burst" and GAME.current_player(state) == E  # active player first
    assert [a.count for a in GAME.legal_actions(state)] == [0, 1, 2, 3, 4]
    state = GAME.apply(state, Burst(drone, 1))
    assert GAME.current_player(state) == W and state.burst is not None
    assert state.burst.queue == (f0, f1)  # fighters carry a PB each and may burst too
    state = with_dice(state, [1, 1, 6])
    state = declare_none(state, W)
    assert state.ships[carrier] is None and carrier in state.limbo
    assert state.ships[drone].pb == 3  # type: ignore[union-attr]
    assert "the space burst dice of East's Drone of fleet 1, PB 1: d6 = 1 1 6" in told(state)
    # The battle round follows without the Carrier; only the fighters may attack the Drone.
    assert state.phase == "declare" and state.battle is not None
    assert carrier not in state.battle.protected
    state = hold_fire(state, W)
    state = finish_turn(state)
    assert state.ships[f0] is None and state.ships[f1] is None  # stranded (SG-5.13)


def test_sg_h34_bursts_are_simultaneous() -> None:
    """SG-H34 / SG-7.4: both Drones burst 1 PB; East's burst kills the West Drone, whose own
    burst is still resolved; burst victims take no part in the battle round."""
    wd, ed, cruiser = cid(V, "drone", 0), cid(V, "drone", 1), cid(V, "cruiser")
    state = position(
        V,
        options=BURST,
        fleets=[(W, 1, *X, [("drone", 0)]), (E, 1, *X, [("drone", 1), ("cruiser", 0)])],
    )
    state = GAME.apply(state, EndTransport())
    state = GAME.apply(state, Burst(wd, 1))
    # East's ships with PB: its Drone and its Cruiser (pb 1).
    assert state.burst is not None and state.burst.queue == (ed, cruiser)
    state = GAME.apply(state, Burst(ed, 1))
    # West's burst first (lower cid): East Drone 2, Cruiser 6; then East's: West Drone 6.
    state = with_dice(state, [2, 6, 6])
    state = GAME.apply(state, Burst(cruiser, 0))
    assert state.ships[wd] is None and state.ships[cruiser] is None
    assert state.ships[ed] is not None and state.ships[ed].pb == 3  # type: ignore[union-attr]
    text = " ".join(told(state))
    assert "West's Drone of fleet 1 bursts 1 PB" in text and "East's Drone of fleet 1 bursts 1 PB" in text
    # SG-7.6: only East remains in the hex, so no battle round is fought there.
    assert state.phase != "declare" and state.battle is None


def test_sg_7_2_burst_declarations_are_pending() -> None:
    """SG-7.2 / SG-14.1 / C-4.1: the second declarer's view (and the spectator's) is the same
    whether the first declared a burst or not; a link is cut before the first declaration."""
    wd, ed = cid(V, "drone", 0), cid(V, "drone", 1)
    state = position(
        V, options=BURST, fleets=[(W, 1, *X, [("drone", 0)]), (E, 1, *X, [("drone", 1)])]
    )
    state = GAME.apply(state, EndTransport())
    burst, held = GAME.apply(state, Burst(wd, 2)), GAME.apply(state, Burst(wd, 0))
    for viewer in (E, None):
        assert GAME.view(burst, viewer) == GAME.view(held, viewer)
    assert GAME.view(burst, W)["burst"]["my_declarations"] == [[wd, 2]]
    assert GAME.pending_secret(burst) and GAME.pending_secret(held)
    assert not GAME.pending_secret(state)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(burst, Burst(ed, 5))
    assert info.value.rule == "SG-7.2"


def test_sg_7_burst_module_off_and_nobody_able() -> None:
    """SG-1.1: without the module there is no burst step; with it, no PB in a battle hex means
    no burst step either (a Monitor has none)."""
    fleets = [(W, 1, *X, [("drone", 0)]), (E, 1, *X, [("monitor", 0)])]
    state = GAME.apply(position(V, fleets=fleets), EndTransport())
    assert state.phase != "burst"
    fleets = [(W, 1, *X, [("monitor", 1)]), (E, 1, *X, [("monitor", 0)])]
    state = GAME.apply(position(V, options=BURST, fleets=fleets), EndTransport())
    assert state.phase == "declare"


def test_sg_7_5_every_declared_pb_is_spent_and_misses_do_nothing() -> None:
    """SG-7.5: 3 declared PBs are spent though no die shows a 6; the battle follows (SG-7.6)."""
    wd, monitor = cid(V, "drone"), cid(V, "monitor")
    state = position(
        V, options=BURST, fleets=[(W, 1, *X, [("drone", 0)]), (E, 1, *X, [("monitor", 0)])]
    )
    state = GAME.apply(state, EndTransport())
    state = with_dice(state, [5, 4, 3])
    state = GAME.apply(state, Burst(wd, 3))
    assert state.ships[wd].pb == 1 and state.ships[monitor] is not None  # type: ignore[union-attr]
    assert state.phase == "declare"


def test_sg_11_scavengers_capture_after_a_burst_with_no_battle() -> None:
    """SG-11 / SG-7.6: a Scavenger burst wipes out an East fleet and no battle follows: the
    Scavenger takes the wreck at the end of the burst step."""
    wd, escort = cid(V, "drone"), cid(V, "escort")
    state = position(
        V,
        options={**BURST, "module_races": True},
        races=("scavengers", "worms"),
        fleets=[(W, 1, *X, [("drone", 0)]), (E, 1, *X, [("escort", 0)])],
    )
    state = GAME.apply(state, EndTransport())
    state = with_dice(state, [6])
    state = GAME.apply(state, Burst(wd, 1))
    captured = state.ships[escort]
    assert captured is not None and (captured.owner, captured.fleet) == (W, 1)
    assert "West capture East's Escorts of fleet 1 into fleet 1 (SG-11)" in told(state)
