"""Issue 31 for Minimal Space Combat: the log holds events, words.py words them (each line also
as parts the page draws), the computer player rebuilds the log from the view's events; issue
36's words (the initiative die told as a roll, both sides' moves told as both sides')."""

from __future__ import annotations

from typing import Any

from pygame_core.events import Event
from pygame_core.games.skirmish import GAME, ai
from pygame_core.games.skirmish.actions import Fire, Submit
from pygame_core.games.skirmish.words import lines

from .helpers import at, plot, position, ship


def _combat(*ships: Any, dice: tuple[int, ...]) -> Any:
    return position(*ships, phase="combat", dice=dice, initiative=(0, 1))


def _new(before: Any, after: Any) -> list[Event]:
    return list(after.log[len(before.log):])


def test_a_shot_and_its_damage_are_events_with_their_dice() -> None:
    """MSC-9.4/9.5: TO-HIT 3 at range 2 needs 4; rolled 2: a hit; damage roll 5: ENGINE -1."""
    shooter = ship(0, 0, at(0, 0), facing=0, to_hit=3, weapons="F")
    target = ship(1, 1, at(0, -2), engine=3, shields=5, weapons="")
    before = _combat(shooter, target, dice=(2, 5))
    after = GAME.apply(before, Fire(0, "F", 1))
    shot, damage = _new(before, after)[:2]
    assert shot.kind == "shot" and (shot.num("need"), shot.num("roll"), shot.num("damage")) == (4, 2, 5)
    assert damage.kind == "damage" and damage.text("effect") == "engine" and damage.num("left") == 2
    assert GAME.EVENT_KINDS["shot"].result and GAME.EVENT_KINDS["damage"].result
    assert lines(shot) == [
        "West 1 fires its front weapon at East 1 (range 2): needs 4 or less, rolled 2: hit",
        "  roll MSC-9.4 to-hit W1 F at E1 (need 4): d6 = 2",
        "  roll MSC-9.5 damage on E1: d6 = 5",
    ]
    assert lines(damage) == ["East 1 is hit, damage roll 5: ENGINE -1 (2 left)"]
    # The page draws each line from its parts: ships by id, dice with whether they hit.
    view = GAME.view(after, 0)
    facts = view["log_parts"][lines(shot)[0]]
    assert facts["kind"] == "shot" and not facts["detail"]
    assert [p for p in facts["parts"] if isinstance(p, dict)] == [
        {"ship": 0, "text": "West 1"}, {"ship": 1, "text": "East 1"},
        {"die": 2, "hit": True, "what": "rolled", "text": "2"},
    ]
    assert view["log_parts"][lines(shot)[1]]["detail"]


def test_shield_hits_tell_the_shields_left_and_the_destruction() -> None:
    shooter = ship(0, 0, at(0, 0), facing=0, to_hit=5, weapons="F")
    target = ship(1, 1, at(0, -2), shields=2, weapons="")
    first = GAME.apply(_combat(shooter, target, dice=(1, 3)), Fire(0, "F", 1))
    assert "East 1 is hit, damage roll 3: SHIELDS -1 (1 left)" in GAME.view(first, 0)["log"]
    last = ship(1, 1, at(0, -2), shields=1, weapons="")
    gone = GAME.apply(_combat(shooter, last, dice=(1, 3)), Fire(0, "F", 1))
    log = GAME.view(gone, 0)["log"]
    at_hit = log.index("East 1 is hit, damage roll 3: SHIELDS -1")
    assert log[at_hit + 1:at_hit + 3] == ["East 1 is destroyed", "West wins by annihilation"]
    assert [e.kind for e in gone.log[-3:]] == ["damage", "destroyed", "annihilation"]


def test_initiative_tells_each_die_as_a_roll() -> None:
    """Issue 36: "Initiative: West 1" read as a ship; the die is now a side's roll."""
    a = ship(0, 0, at(0, 0), weapons="F")
    b = ship(1, 1, at(0, -9), facing=3, weapons="F")
    state = position(a, b, dice=(1, 5))
    state = GAME.apply(plot(state, 0, ""), Submit())
    state = GAME.apply(plot(state, 0, ""), Submit())
    log = GAME.view(state, None)["log"]
    line = next(x for x in log if x.startswith("Initiative"))
    assert line == "Initiative: West rolls 1, East rolls 5. East fires first this turn"
    parts = GAME.view(state, None)["log_parts"][line]["parts"]
    assert not any(isinstance(p, dict) and "ship" in p for p in parts)  # no ship named in it
    assert [p["die"] for p in parts if isinstance(p, dict) and "die" in p] == [1, 5]


def test_both_sides_moves_come_under_a_header_that_says_so() -> None:
    """Issue 36: both sides' moves come with the last submission; the log says they are both's."""
    a = ship(0, 0, at(0, 0), weapons="F", engine=3)
    b = ship(1, 1, at(0, -9), facing=3, weapons="F", engine=3)
    state = position(a, b, dice=(1, 5))
    before = GAME.apply(plot(state, 0, ""), Submit())
    after = GAME.apply(plot(before, 0, ""), Submit())
    kinds = [e.kind for e in _new(before, after)]
    assert kinds[:3] == ["movement", "moved", "moved"]
    log = GAME.view(after, 0)["log"]
    header = log.index("Both sides' orders are carried out: every ship moves at once (MSC-7)")
    assert log[header + 1].startswith("West 1 (SPEED 0, no move)")
    assert log[header + 2].startswith("East 1 (SPEED 0, no move)")


def test_the_view_says_where_each_ship_deployed_and_the_computer_rebuilds_the_log() -> None:
    from tests.conformance.playouts import finished_playout, option_combinations

    match = finished_playout("skirmish", option_combinations(GAME)[0], 7001)
    state = next(s for s in reversed(match.states) if GAME.current_player(s) is not None)
    seat = GAME.current_player(state)
    view = GAME.view(state, seat)
    deployed = {e.nums("ship")[0]: (e.num("col"), e.num("row"), e.num("facing"))
                for e in state.log if e.kind == "deployed"}
    assert deployed and all(
        (s["deployed"]["col"], s["deployed"]["row"], s["deployed"]["facing"]) == deployed[s["id"]]
        for s in view["ships"]
    )
    assert seat is not None
    sample = ai.determinize(view, seat, 5)
    assert sample.log == state.log and GAME.view(sample, seat) == view
