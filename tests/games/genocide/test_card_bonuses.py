"""SG-13.3, SG-14.1: the other seats' card bonuses a seat can know this turn, from public events."""

from __future__ import annotations

from pygame_core.events import Event
from pygame_core.games.genocide.card_bonuses import known_bonuses

SURPRISE_ATTACK, DEFENSIVE_FORMATION, STRAFING_RUN = 4, 6, 39


def ev(kind: str, seen_by: int = -1, **fields: object) -> Event:
    return Event(kind, tuple(fields.items()), seen_by)  # type: ignore[arg-type]


def turn(seat: int = 1) -> Event:
    return ev("turn", round=2, seat=seat)


def reveal(owner: int, marker: int, ships: tuple[int, ...]) -> Event:
    return ev("fleet_revealed", what="battle", hex="0304", owner=owner, marker=marker, ships=ships)


def play(seat: int, card: int, target: int, step: str = "battle_fleet") -> Event:
    return ev("card_played", seat=seat, card=card, steps=(step,), targets=(target,), roll="", roll_dice=())


def test_sg_13_3_a_fleet_card_after_a_reveal_goes_to_the_revealed_ships() -> None:
    log = (turn(), reveal(1, 2, (40, 41)), play(1, SURPRISE_ATTACK, 102))
    known = known_bonuses(log, 0)
    assert known.ships == {40: (2, 0), 41: (2, 0)}
    assert known.unsure == []


def test_sg_14_1_own_cards_and_earlier_turns_are_not_counted_here() -> None:
    log = (turn(), reveal(1, 2, (40,)), play(1, SURPRISE_ATTACK, 102), turn(0), reveal(0, 1, (7,)),
           play(0, DEFENSIVE_FORMATION, 1))
    assert known_bonuses(log, 0).ships == {}  # seat 1's play was last turn; seat 0's own: its view
    assert known_bonuses(log, 1).ships == {7: (0, 2)}


def test_c_5_3_a_negated_card_gives_nothing() -> None:
    log = (turn(), reveal(1, 2, (40,)), play(1, SURPRISE_ATTACK, 102),
           ev("card_negated", seat=1, card=SURPRISE_ATTACK, rule="C-5.3"))
    assert known_bonuses(log, 0).ships == {}


def test_a_card_played_before_the_reveal_follows_the_fleet_and_its_splits() -> None:
    log = (turn(), play(1, DEFENSIVE_FORMATION, 102), ev("fleet_split", seat=1, marker=2, new=5),
           reveal(1, 2, (40,)), reveal(1, 5, (41, 42)))
    assert known_bonuses(log, 0).ships == {40: (0, 2), 41: (0, 2), 42: (0, 2)}


def test_a_merge_before_the_reveal_makes_the_bonus_unsure() -> None:
    log = (turn(), play(1, DEFENSIVE_FORMATION, 102), ev("fleet_merged", seat=1, marker=3, gone=2),
           reveal(1, 3, (40, 43)))
    known = known_bonuses(log, 0)
    assert known.ships == {}
    [unsure] = known.unsure
    assert (unsure.card.num, unsure.owner, unsure.marker, unsure.ships) == (DEFENSIVE_FORMATION, 1, 3, (40, 43))


def test_a_change_between_the_reveal_and_the_play_is_not_trusted() -> None:
    log = (turn(), reveal(1, 2, (40,)), ev("captured", seat=1, ship=9, marker=2, rule="SG-11"),
           play(1, SURPRISE_ATTACK, 102))
    assert known_bonuses(log, 0).ships == {}


def test_a_ship_card_goes_to_its_ship() -> None:
    log = (turn(), play(1, STRAFING_RUN, 44, step="battle_fighter"))
    assert known_bonuses(log, 0).ships == {44: (4, 0)}


def test_a_private_event_of_another_seat_is_not_read() -> None:
    log = (turn(), ev("fleet_revealed", seen_by=2, what="battle", hex="0304", owner=1, marker=2, ships=(40,)),
           play(1, SURPRISE_ATTACK, 102))
    assert known_bonuses(log, 0).ships == {}
