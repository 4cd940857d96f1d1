"""Space Genocide's results as events (issue 31): a planet a planet buster destroyed, a
burst's kills, the cards a Sabotage discarded and a merged fleet are result events, each
told in words to every seat, so a recap never folds them away."""

from __future__ import annotations

from pygame_core.events import Event
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import Burst, EndTransport, Launch
from pygame_core.games.genocide.state import State

from .helpers import cid, position, with_dice
from .test_cards import cards_pos, num, passes, play

W, E = 0, 1
X = (12, 12)


def _told(state: State, kind: str) -> list[Event]:
    """The events of ``kind`` in the log, each checked to be a result every seat reads."""
    found = [(i, e) for i, e in enumerate(state.log) if e.kind == kind]
    assert found, kind
    assert GAME.EVENT_KINDS[kind].result
    for seat in (None, W, E):
        origins, results = GAME.log_origins(state, seat), GAME.log_results(state, seat)
        for index, _ in found:
            assert index in origins and results[origins.index(index)], (kind, seat)
    return [e for _, e in found]


def test_a_planet_destroyed_by_a_planet_buster_is_a_result() -> None:
    hw = (18, 6)
    state = position("advanced", planets=[(E, *hw, "H")], fleets=[(W, 1, *hw, [("drone", 0)])], dice=[3])
    state = GAME.apply(GAME.apply(state, EndTransport()), Launch(cid("advanced", "drone"), 1))
    (launch,) = _told(state, "launch")
    assert launch.flag("hit") and launch.nums("dice") == (3,) and launch.text("hex") == "1907"
    (lost,) = _told(state, "planet_destroyed")
    assert (lost.num("owner"), lost.text("hex"), lost.text("ptype")) == (E, "1907", "H")
    words = GAME.view(state, E)["log"]
    # Issue 36: West's only fleet at the planet's hex names the Drone's fleet (markers are public).
    assert "West's Drone of fleet 1 launches 1 PB at 1907: 3: planet destroyed" in words
    assert "  roll the planet buster dice of West's Drone of fleet 1 at 1907: d6 = 3" in words
    assert "East planet 1907 was a Homeworld world" in words
    _told(state, "defeated")
    _told(state, "game_over")


def test_a_space_bursts_kills_are_a_result() -> None:
    wd, ed, cruiser = cid("advanced", "drone", 0), cid("advanced", "drone", 1), cid("advanced", "cruiser")
    state = position(
        "advanced", options={"module_space_burst": True},
        fleets=[(W, 1, *X, [("drone", 0)]), (E, 1, *X, [("drone", 1), ("cruiser", 0)])],
    )
    state = GAME.apply(GAME.apply(state, EndTransport()), Burst(wd, 1))
    state = GAME.apply(state, Burst(ed, 1))
    state = GAME.apply(with_dice(state, [2, 6, 6]), Burst(cruiser, 0))
    bursts = {e.num("ship"): e for e in _told(state, "burst")}
    assert bursts[wd].nums("killed") == (cruiser,) and bursts[wd].num("targets") == 2
    assert bursts[ed].nums("killed") == (wd,)
    words = GAME.view(state, None)["log"]
    assert "West's Drone of fleet 1 bursts 1 PB at 1313 against 2 ships: East's Cruiser of fleet 1" in words
    assert "East's Drone of fleet 1 bursts 1 PB at 1313 against 1 ship: West's Drone of fleet 1" in words
    assert "Your Drone of fleet 1 bursts 1 PB at 1313 against 2 ships: East's Cruiser of fleet 1" in GAME.view(
        state, W)["log"]


def test_the_cards_a_sabotage_discarded_are_a_result() -> None:
    state = cards_pos((("sabotage",), ("luck", "decoy", "spies")), fleets=[(W, 1, 5, 5, [("cruiser", 0)])],
                      dice=[0, 1])
    state = passes(play(state, "sabotage", E))
    (sabotage,) = _told(state, "sabotage")
    assert sabotage.num("seat") == E and sorted(sabotage.nums("cards")) == sorted((num("luck"), num("spies")))
    assert any(line.startswith("East discards ") and "Luck" in line and "Spies" in line
               for line in GAME.view(state, W)["log"])


def test_the_view_carries_the_seats_events_as_plain_data() -> None:
    """The computer player's determinizer rebuilds a log from them (ai_sample.py): public
    events and the seat's own, nothing private to another seat (SG-14)."""
    state = GAME.new_game({}, 3)
    for seat in (W, E):
        events = [Event.from_plain(e) for e in GAME.view(state, seat)["events"]]
        assert events == [e for e in state.log if e.visible_to(seat)]
        assert any(e.kind == "hand_dealt" and e.seen_by == seat for e in events)
        assert not any(e.seen_by not in (-1, seat) for e in events)
