"""The review's decisions made in several actions (issue 36): a Minimal Space Combat ship's
order, its SPEED and its steps (MSC-6.2), is worded as one and shown on the board whole."""

from __future__ import annotations

from typing import Any

from star_web import review
from star_web.controller import App

from pygame_core import Match, ai, encode_link
from pygame_core.ai import game_ai
from pygame_core.ai.review import decision_spans

from .test_app_logic import _app, done


def _finished_duel() -> Match:
    match = Match.start("skirmish", {}, 2)
    while not match.is_over:
        seat = match.game.current_player(match.state)
        assert seat is not None
        action = ai.choose("skirmish", match.game.view(match.state, seat), match.legal_actions(),
                           level=1, seed=len(match.record.actions))
        match = match.play(action)
    return match


def _replaying(match: Match) -> App:
    app = _app(playable=("skirmish",))
    done(app._open_replay(encode_link(match)))
    assert app.replay is not None
    return app


def test_an_order_is_worded_whole_and_its_board_is_the_whole_order() -> None:
    match = _finished_duel()
    app = _replaying(match)
    game = match.game
    spans = decision_spans(game, match.states, 0, game_ai("skirmish"))
    first, end = next((a, b) for a, b in spans if b - a > 2)  # SPEED and two steps or more
    actions = [game.decode_action(w) for w in match.record.actions[first:end]]
    choice: Any = review._run(app, match, first, actions[0], tuple(actions[1:]))
    assert choice["label"].startswith("W1: SPEED ") and ", orders " in choice["label"]
    assert choice["run"] == end - first and len(choice["then"]) == end - first - 1
    # The indexes replay the run on the real board, to where the record went.
    state = game.apply(match.states[first], game.legal_actions(match.states[first])[choice["i"]])
    for index in choice["then"]:
        state = game.apply(state, game.legal_actions(state)[index])
    assert state == match.states[end]
    # "Your move" shows the board after the whole order; "the computer's move" (here the same
    # run, given as the page gives it) draws the board that run makes.
    review.show(app, first, 0, "played", choice["i"], "", [], choice["run"])
    assert app.position == end
    better = review.show(app, first, 0, "better", choice["i"], "", choice["then"], 1)
    assert better["game"]["view"] == game.view(match.states[end], None)
    # A decision of one action keeps the screen's words and shows one action on.
    single = next(a for a, b in spans if b - a == 1)
    one: Any = review._run(app, match, single, game.decode_action(match.record.actions[single]), ())
    assert "then" not in one or one["then"] == []
