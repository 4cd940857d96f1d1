"""Game review (issue 28): each decision judged from the seat's own view by the top level.

Better moves are legal, the same record and seed give the same review, and the review reads
nothing of a state but the reviewed seat's view: the states re-drawn from that view (another
seat's hidden parts and the dice to come changed) give the very same review.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any

import pytest

from pygame_core import GAMES, Match, ai
from pygame_core.ai.calibration import ReviewCalibration
from pygame_core.ai.module import GameAI
from pygame_core.ai.review import Judged, SeatReview, _shown, decision_points, judge, noise, review
from pygame_core.rng import Rng


def _played(game_id: str, options: dict[str, Any], seed: int, levels: tuple[int, ...], limit: int) -> Match:
    """A seeded game, each seat at its level, cut after ``limit`` actions (or its end)."""
    match = Match.start(game_id, options, seed)
    while not match.is_over and len(match.record.actions) < limit:
        state = match.state
        seat = match.game.current_player(state)
        assert seat is not None
        action = ai.choose(game_id, match.game.view(state, seat), match.legal_actions(),
                           level=levels[seat], seed=len(match.record.actions))
        match = match.play(action)
    return match


def _review(game_id: str, match: Match, seats: list[int], seed: int = 3, states: Any = None) -> list[SeatReview]:
    actions = [match.game.decode_action(w) for w in match.record.actions]
    job = review(game_id, list(states or match.states), actions, seats, seed=seed, samples=2, confirm=8)
    progress = []
    try:
        while True:
            progress.append(next(job))
    except StopIteration as finished:
        out: list[SeatReview] = finished.value
    total = sum(len(r.decisions) for r in out)
    assert progress == [(n, total) for n in range(1, total + 1)], "progress after every decision"
    return out


# A short Warfare game of Easy against Hard, and a Minimal Space Combat fight (secret orders).
CASES = [("warfare", {"round_limit": 10}, 5, (1, 3), 40), ("skirmish", {}, 2, (1, 2), 30)]


@pytest.fixture(scope="module", params=CASES, ids=[c[0] for c in CASES])
def played(request: pytest.FixtureRequest) -> tuple[str, Match]:
    game_id, options, seed, levels, limit = request.param
    return game_id, _played(game_id, options, seed, levels, limit)


def test_every_decision_is_judged_and_better_moves_are_legal_and_better(played: tuple[str, Match]) -> None:
    game_id, match = played
    seats = list(range(match.game.num_players(match.state)))
    found = _review(game_id, match, seats)
    assert [r.seat for r in found] == seats
    costly = 0
    for r in found:
        assert [d.position for d in r.decisions] == decision_points(match.game, match.states, r.seat)
        assert r.decisions, "each seat made decisions"
        for d in r.decisions:
            before = match.states[d.position]
            legal = match.game.legal_actions(before)
            assert match.game.current_player(before) == r.seat
            assert d.played == match.game.decode_action(match.record.actions[d.position])
            assert d.best in legal, "only a legal move is offered as better"
            assert 0.0 <= d.value_played <= 1.0 and 0.0 <= d.value_best <= 1.0
            if d.best != d.played:
                assert d.value_best > d.value_played and d.loss > 0
            else:
                assert d.loss == 0 and d.value_best == d.value_played
        worst = r.worst()
        assert len(worst) <= 3 and all(w.loss > 0 and w.best != w.played for w in worst)
        assert all(w.loss > w.margin >= 0 for w in worst), "a listed gap is beyond its samples' noise"
        assert [w.loss for w in worst] == sorted((w.loss for w in worst), reverse=True)
        costly += len(worst)
    if game_id == "warfare":
        assert costly, "an Easy seat against the top level makes a costly decision"


def test_the_same_record_and_seed_give_the_same_review(played: tuple[str, Match]) -> None:
    game_id, match = played
    again = Match.from_record(match.record)  # from the record alone
    assert _review(game_id, match, [0], seed=9) == _review(game_id, again, [0], seed=9)


def _redrawn(game_id: str, state: Any, seat: int, seed: int) -> Any:
    """A state that shows ``seat`` the same view: the game's determinizer re-draws every hidden
    part and the RNG; where it does not reproduce the view exactly (Warfare's last move), only
    the RNG, the dice to come, is re-seeded."""
    game = GAMES[game_id]
    other = ai.determinize(game_id, game.view(state, seat), seat, seed)
    if game.view(other, seat) == game.view(state, seat):
        return other
    return dataclasses.replace(state, rng=Rng.from_seed(seed))


def test_only_the_seats_views_count_not_hidden_parts_nor_dice_to_come(played: tuple[str, Match]) -> None:
    """Every state the review could read replaced by one re-drawn from the reviewed seat's view
    (the other seat's secrets and the RNG's dice to come changed): the same review."""
    game_id, match = played
    game = match.game
    for seat in (0, 1):
        redrawn = list(match.states)
        changed = 0
        for position in decision_points(game, match.states, seat):
            state = match.states[position]
            other = _redrawn(game_id, state, seat, 1000 + position)
            assert game.view(other, seat) == game.view(state, seat)
            assert game.legal_actions(other) == game.legal_actions(state)
            changed += other != state
            redrawn[position] = other
        assert changed, "the re-drawn states differ (hidden parts or dice)"
        assert _review(game_id, match, [seat], states=redrawn) == _review(game_id, match, [seat])


def test_a_decision_is_a_function_of_view_legal_and_seed() -> None:
    match = _played("warfare", {"round_limit": 10}, 5, (1, 3), 12)
    game = match.game
    position = decision_points(game, match.states, 0)[2]
    state = match.states[position]
    played = game.decode_action(match.record.actions[position])
    args = ("warfare", game.view(state, 0), game.legal_actions(state), played)
    first = judge(*args, seat=0, seed=4, position=position, samples=2)
    assert isinstance(first, Judged) and first == judge(*args, seat=0, seed=4, position=position, samples=2)
    with pytest.raises(ValueError, match="not a legal action"):
        judge("warfare", game.view(state, 0), game.legal_actions(state)[1:], game.legal_actions(state)[0],
              seat=0, seed=4, samples=1)


def test_a_solo_review_is_in_expected_score() -> None:
    match = _played("spacehole", {}, 3, (1,), 6)
    found = _review("spacehole", match, [0])
    assert found[0].scale == ai.game_ai("spacehole").module.SCORE_SCALE
    assert found[0].decisions


def test_the_margin_grows_with_the_samples_disagreement() -> None:
    assert noise([0.1]) == 0.0  # one sample: nothing to tell the noise by
    assert noise([0.1, 0.1, 0.1]) < 1e-12  # the samples agree: the gap is what it is
    steady, torn = noise([0.09, 0.10, 0.11]), noise([0.5, -0.2, 0.0])
    assert 0 < steady < 0.1 < torn  # a gap of 0.1 on agreeing samples is real; 0.1 on these is not


def test_a_gap_inside_its_margin_is_not_listed_as_costly() -> None:
    def judged(position: int, loss: float, margin: float) -> Judged:
        return Judged(position, 0, "played", "best", 0.5 - loss, 0.5, margin)

    review = SeatReview("warfare", 0, (judged(1, 0.05, 0.08), judged(2, 0.04, 0.01), judged(3, 0.2, 0.3),
                                       judged(4, 0.06, 0.0)), None)
    assert [d.position for d in review.worst()] == [4, 2]


def test_msc_judges_a_ships_whole_order_as_one_decision() -> None:
    """Issue 36: in Minimal Space Combat a ship's order (its SPEED, then each step, MSC-6.2) is
    one decision: the review values the orders played against the computer's whole orders, and
    the page is told the run in the rules' words ("W1: SPEED 3, orders 2L")."""
    from pygame_core.ai import game_ai
    from pygame_core.ai.review import decision_spans
    from pygame_core.games.skirmish.actions import SetSpeed, Step

    match = _played("skirmish", {}, 2, (1, 2), 30)
    game = match.game
    spans = decision_spans(game, match.states, 0, game_ai("skirmish"))
    orders = [(a, b) for a, b in spans if isinstance(game.decode_action(match.record.actions[a]), SetSpeed)]
    assert orders and any(b - a > 1 for a, b in orders), "an order of several steps was played"
    found = _review("skirmish", match, [0])
    by_start = {d.position: d for d in found[0].decisions}
    assert sorted(by_start) == [a for a, _ in spans]
    for first, end in orders:
        d = by_start[first]
        assert (d.played, *d.played_then) == tuple(game.decode_action(w) for w in match.record.actions[first:end])
        # The computer's run is a whole legal order from the same board, spending its SPEED.
        state = match.states[first]
        for action in (d.best, *d.best_then):
            assert action in game.legal_actions(state)
            state = game.apply(state, action)
        assert isinstance(d.best, SetSpeed) and all(isinstance(a, Step) for a in d.best_then)
        assert not game_ai("skirmish").continues(state, 0), "the computer's order is complete"
    words = game_ai("skirmish").run_words(match.states[orders[0][0]], tuple(
        game.decode_action(w) for w in match.record.actions[orders[0][0]:orders[0][1]]))
    assert words.startswith("W1: SPEED ") and ", orders " in words


CALIBRATION = ReviewCalibration(slope=1.4, skill=-50.0, usual=0.04, prior=20.0, offset={0: 0.3, 1: -0.3}, highest=0.12)


def test_the_chance_rises_with_the_value_and_falls_as_the_seat_moves_otherwise_than_the_computer() -> None:
    values = [n / 100 for n in range(101)]
    for share in (None, 0.0, 0.04, 0.1):
        shown = [CALIBRATION.chance(v, 0, share) for v in values]
        assert shown == sorted(shown) and all(0.0 < c < 1.0 for c in shown), "a better move never shows less"
    assert CALIBRATION.chance(0.6, 0, 0.1) < CALIBRATION.chance(0.6, 0) < CALIBRATION.chance(0.6, 0, 0.0)
    assert CALIBRATION.chance(0.6, 0, 0.04) == CALIBRATION.chance(0.6, 0), "the usual share leans nowhere"
    # Beyond the shares it was fitted on, nothing is extrapolated.
    assert CALIBRATION.chance(0.6, 0, 0.9) == CALIBRATION.chance(0.6, 0, 0.12)
    # Two usual players: one seat's chance is the other's loss.
    for v in (0.1, 0.5, 0.8):
        assert abs(CALIBRATION.chance(v, 0) + CALIBRATION.chance(1 - v, 1) - 1) < 1e-12
    assert CALIBRATION.chance(0.0, 0) > 0 and CALIBRATION.chance(1.0, 1) < 1, "the ends stay finite"


def test_the_share_starts_usual_and_moves_with_each_verdict() -> None:
    assert CALIBRATION.share(0, 0) == 0.04
    assert CALIBRATION.share(1, 1) == (1 + 0.04 * 20) / 21 > CALIBRATION.share(0, 1)
    assert CALIBRATION.share(0, 30) < CALIBRATION.share(0, 10) < 0.04, "agreeing moves it down"
    assert ReviewCalibration(1.0, -1.0, 0.5, 0.0).share(0, 0) == 0.5


@pytest.mark.parametrize("numbers", [(0.0, 0.0, 0.1, 1.0), (1.0, 0.0, 1.5, 1.0), (1.0, 0.0, 0.1, -1.0),
                                     (1.0, float("nan"), 0.1, 1.0)])
def test_a_map_that_does_not_rise_or_is_not_a_share_is_refused(numbers: tuple[float, float, float, float]) -> None:
    with pytest.raises(ValueError, match="review calibration"):
        ReviewCalibration(*numbers)


def _ai_with(calibration: object) -> GameAI:
    warfare = ai.game_ai("warfare").module
    module = types.ModuleType("calibrated_warfare")  # the Warfare AI module with another map
    module.determinize = warfare.determinize  # type: ignore[attr-defined]
    module.evaluate = warfare.evaluate  # type: ignore[attr-defined]
    module.REVIEW_CALIBRATION = calibration  # type: ignore[attr-defined]
    return GameAI(GAMES["warfare"], module)


def test_a_decision_is_costly_through_the_map_exactly_when_it_was_before() -> None:
    """The map changes what the review shows, never which decisions it lists (issue 36): the
    margin is carried through the map with the values."""
    game_ai = _ai_with(CALIBRATION)
    for share in (None, 0.0, 0.1):
        for played, best, margin in [(0.2, 0.6, 0.1), (0.2, 0.6, 0.5), (0.5, 0.55, 0.0), (0.1, 0.9, 0.79),
                                     (0.4, 0.4, 0.0)]:
            raw = Judged(1, 0, "played", "best", played, best, margin)
            shown = _shown(game_ai, raw, share)
            assert shown.costly == raw.costly
            assert shown.raw_played == played
            assert shown.value_played == CALIBRATION.chance(played, 0, share)
            assert shown.value_best == CALIBRATION.chance(best, 0, share)


def test_a_calibration_of_another_kind_is_refused() -> None:
    with pytest.raises(TypeError, match="REVIEW_CALIBRATION"):
        _ai_with({0: ((0.0, 0.1), (1.0, 0.9))})


def test_each_decision_is_shown_for_how_the_seat_played_before_it_never_after(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review shows each decision's chance for the seat's share of earlier decisions where the
    top level differed (issue 36): what the seat did later changes nothing before it."""
    game_ai = ai.game_ai("warfare")
    monkeypatch.setattr(game_ai, "review_calibration", CALIBRATION)
    match = _played("warfare", {"round_limit": 10}, 5, (1, 3), 40)
    decisions = _review("warfare", match, [0])[0].decisions
    assert any(d.best != d.played for d in decisions), "the case has a decision the computer would make otherwise"
    differed = 0
    for k, d in enumerate(decisions):
        assert d.value_played == CALIBRATION.chance(d.raw_played, 0, CALIBRATION.share(differed, k))
        differed += d.best != d.played


@pytest.mark.parametrize("game_id", sorted(ai.LEVELS))
def test_every_games_calibration_is_a_chance(game_id: str) -> None:
    """A game's map loads (GameAI checks it), and only games of two seats or more have one: a
    solo game's value is an expected score, not a chance to win. Its seats' offsets mirror."""
    calibration = ai.game_ai(game_id).review_calibration
    if calibration is not None:
        assert GAMES[game_id].min_players > 1
        assert set(calibration.offset) <= set(range(GAMES[game_id].max_players))
        if GAMES[game_id].max_players == 2:
            assert calibration.offset.get(0, 0.0) == -calibration.offset.get(1, 0.0)
