"""Issue 15/31: the log by player reads which seats a line is about from the event, not its words."""

from __future__ import annotations

import pytest

from pygame_core import GAMES, Match
from pygame_core.events import Event
from pygame_core.games.genocide.log_seats import references
from tests.conformance.playouts import finished_playout, random_playout


def ev(kind: str, **fields: object) -> Event:
    return Event(kind, tuple(fields.items()))  # type: ignore[arg-type]


def test_an_event_names_its_seats_and_ships_by_its_fields() -> None:
    assert references(ev("target_declared", ship=4, seat=0, target=50)) == (frozenset({0}), (4, 50))
    assert references(ev("hand_spied", seat=0, target=2, cards=(1,))) == (frozenset({0, 2}), ())
    assert references(ev("fleet_split", seat=1, marker=2, new=5)) == (frozenset({1}), ())  # a marker
    played = ev("card_played", seat=0, card=4, steps=("enemy_fleet", "own_ship"), targets=(203, 44),
                roll="", roll_dice=())
    assert references(played) == (frozenset({0, 2}), (44,))
    roll = ev("roll", purpose="SG.combat.attack target=ship#26", sides=6, pick=False, values=(4, 2))
    assert references(roll) == (frozenset(), (26,))
    assert references(ev("planet_destroyed", owner=-1, hex="0304", ptype="M")) == (frozenset(), ())


def test_every_line_has_its_seats_and_a_seat_is_on_the_lines_it_names() -> None:
    match: Match = finished_playout("genocide", {"preset": "advanced_full"}, 5)
    for viewer in (0, 1, None):
        view = match.game.view(match.state, viewer)
        assert len(view["log_seats"]) == len(view["log"])
        for line, seats in zip(view["log"], view["log_seats"], strict=True):
            for seat in seats:
                assert 0 <= seat < 2
            for seat, name in enumerate(view["seat_names"]):
                if line.startswith(f"{name} plays ") or line.startswith(f"{name} draws "):
                    assert seat in seats, (line, seats)


def test_c_2_8_a_pick_over_something_hidden_reaches_no_screen_with_its_values() -> None:
    game = GAMES["genocide"]
    pick = ev("roll", purpose="SG.draw seat=0", sides=40, pick=True, values=(17,))
    dice = ev("roll", purpose="SG.combat.attack target=ship#26", sides=6, pick=False, values=(4, 2))
    assert "values" not in game.event_facts(pick)
    assert game.event_facts(dice)["values"] == [4, 2]


def test_a_resumed_log_reads_as_one_read_from_its_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """The view resumes a seat's log from the last log it read (ResumedPass): along a game, back
    to an earlier state (an undo), and on another branch from there, every view's log and its
    seats equal those of a log read from the start, also after reveals change whose ship a
    line names (a 3-seat game with cards: scans, B1 reveals, losses)."""
    from pygame_core.games.genocide import log_seats, words
    from pygame_core.memo import ResumedPass

    game = GAMES["genocide"]
    states = [m.state for m in random_playout("genocide", {"preset": "advanced_full", "players": 3}, 11)]
    branch = [m.state for m in random_playout("genocide", {"preset": "advanced_full", "players": 3}, 12)]
    walk = states[::7] + states[len(states) // 3::-29] + branch[::13]

    def fresh(state: object, seat: int) -> tuple[object, ...]:
        with monkeypatch.context() as m:
            m.setattr(log_seats, "_PASSES", ResumedPass())
            m.setattr(words, "_PLAIN_PASSES", ResumedPass())
            v = game.view(state, seat)
        return v["log"], v["log_seats"], v["events"]

    for state in walk:
        for seat in (0, 2):
            v = game.view(state, seat)
            assert (v["log"], v["log_seats"], v["events"]) == fresh(state, seat)
