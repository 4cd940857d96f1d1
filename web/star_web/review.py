"""Game review in the controller (issue 28): the review job of the game on screen and its boards.

The page asks for ``review("run")`` after a finished game or in a replay (``#r/``): a job that
yields ``(done, total)`` decisions while ``pygame_core.ai.review`` judges each person's seat
(every seat of a replay) from that seat's own views, and returns ``{"screen": "review",
"review": ...}``: per seat, the chart's points and the three decisions that cost the most,
with the action played and the computer's, each as the screen's ``choiceLabel`` needs it
(kind, fields, and the seat's view before the decision) and in the engine's words.
``review("show", position, seat, which)`` is the board of one of those decisions: in a game
the shell's look back (mode "peek") at the board before it (``which`` "before"), or with the
action played or the computer's move made (``"played"``, ``"better"``); in a replay the
replay's own step. Nothing is played and nothing is saved by a review.
"""

from __future__ import annotations

from typing import Any

from pygame_core import Match
from pygame_core.ai import game_ai
from pygame_core.ai.calibration import ReviewCalibration
from pygame_core.ai.review import WORST, Judged, SeatReview, review

from .controller import App, Job, Model, _fields, ai_levels
from .models import Choice, ReviewChoice, ReviewDecision, ReviewModel, ReviewReply
from .storage import HUMAN, LINK

REVIEW_SEED = 0x5EED
"""The review's own seed, mixed with the game's: the same record gives the same review."""


def command(app: App, what: str = "run", *args: Any) -> Job | Model:
    """The worker's ``review`` command: ``run`` (a job), or ``show`` a decision's board."""
    if what == "run":
        return run(app)
    if what == "show":
        return show(app, int(args[0]), int(args[1]), str(args[2]), int(args[3]) if len(args) > 3 else -1,
                    str(args[4]) if len(args) > 4 else "",
                    [int(i) for i in args[5]] if len(args) > 5 and isinstance(args[5], list) else [],
                    int(args[6]) if len(args) > 6 else 1)
    raise ValueError(f"unknown review command {what!r:.40}")


def _whole(app: App) -> Match:
    """The whole game on screen: a replay's every step, not only the step shown."""
    if app.replay is not None:
        return app.replay
    if app.match is None:
        raise LookupError("no game to review")
    return app.match


def people(app: App) -> list[int]:
    """The seats reviewed: the people's (at this device or by link); every seat of a replay,
    whose link does not say who played."""
    match = _whole(app)
    seats = range(match.game.num_players(match.state))
    if app.replay is not None:
        return list(seats)
    return [s for s in seats if app.seats[s] in (HUMAN, LINK)]


def run(app: App) -> Job | ReviewReply:
    """Review the game on screen: ``(done, total)`` after each decision, then the review."""
    match = _whole(app)
    game_id = match.record.game
    if not ai_levels(game_id):
        return {"screen": "review", "review": None, "notices": ["This game has no computer player to review it."]}
    if app.replay is None and not match.is_over:
        return {"screen": "review", "review": None, "notices": ["A game is reviewed once it is over."]}
    return _job(app, match)


def _job(app: App, match: Match) -> Job:
    game_id = match.record.game
    actions = [match.game.decode_action(w) for w in match.record.actions]
    seats = people(app)
    yield 0, 1
    found = yield from review(game_id, match.states, actions, seats, seed=match.record.seed ^ REVIEW_SEED)
    return {"screen": "review", "notices": [], "review": _model(app, match, found)}


def _chance_words(calibration: ReviewCalibration | None) -> str:
    """What the chance to win says, where the game calibrates it (issue 36)."""
    if calibration is None:
        return ""
    return ("The chance to win is how often such positions were won in games between computer players"
            + (", given how often this player had chosen otherwise than the computer until then." if calibration.skill
               else "."))


def _model(app: App, match: Match, found: list[SeatReview]) -> ReviewModel:
    names = [str(n) for n in match.game.view(match.state, None).get("seat_names", [])]
    ai = game_ai(match.record.game)
    return {
        "game_id": match.record.game,
        "at": len(match.record.actions),
        "replay": app.replay is not None,
        "level": ai.levels[-1],
        "chance": _chance_words(ai.review_calibration),
        "seats": [{
            "seat": r.seat,
            "name": names[r.seat] if r.seat < len(names) else f"Seat {r.seat + 1}",
            "scale": r.scale,
            "points": [{"at": d.position, "value": d.value_played, "best": d.value_best,
                        "moment": _moment(match, d.position)} for d in r.decisions],
            "worst": [_decision(app, match, d) for d in r.worst(WORST)],
        } for r in found],
    }


def _action(app: App, match: Match, position: int, action: Any) -> Choice:
    """An action as the page words it: the engine's button words, kind and fields for the
    screen's ``choiceLabel`` (with the seat's view, given once per decision)."""
    before = match.states[position]
    seat = match.game.current_player(before)
    legal = match.game.legal_actions(before)
    labels = app._labels(match, match.game.view(before, seat), legal)
    index = legal.index(action)
    return {"i": index, "label": labels[index], "kind": type(action).__name__, "fields": _fields(action)}


def _run(app: App, match: Match, position: int, first: Any, then: tuple[Any, ...]) -> ReviewChoice:
    """A decision's actions as the page words them: ``_action`` of the first; where the game
    words the decision as a whole (``GameAI.run_words``: a ship's order, MSC-6.2, even of one
    action), those words, the run's length (``run``) and, after the first, each action's index
    among the legal actions of the board it was made on (``then``: ``show`` replays them)."""
    said = _action(app, match, position, first)
    choice = ReviewChoice(i=said["i"], label=said["label"], kind=said["kind"], fields=said["fields"])
    words = game_ai(match.record.game).run_words(match.states[position], (first, *then))
    if not words:
        return choice
    game = match.game
    state = game.apply(match.states[position], first)
    indexes = []
    for action in then:  # the seat's own choices: legal on the real board as on any sample
        legal = game.legal_actions(state)
        indexes.append(legal.index(action))
        state = game.apply(state, action)
    choice["label"] = words
    choice["run"] = 1 + len(then)
    choice["then"] = indexes
    return choice


def _decision(app: App, match: Match, d: Judged) -> ReviewDecision:
    before = match.states[d.position]
    return {
        "at": d.position,
        "seat": d.seat,
        "value_played": d.value_played,
        "value_best": d.value_best,
        "loss": d.loss,
        "margin": d.margin,
        "played": _run(app, match, d.position, d.played, d.played_then),
        "better": _run(app, match, d.position, d.best, d.best_then),
        "view": match.game.view(before, d.seat),  # what the seat saw: the screen words from it
        "moment": _moment(match, d.position),
    }


def _moment(match: Match, position: int) -> str:
    """When a decision was made, as the board said it then ("Round 5"; "Setup" before the
    first round or turn), never a step number the board never shows (issue 36)."""
    return str(match.game.view(match.states[position], None).get("moment", "")) or "Setup"


def show(app: App, position: int, seat: int, which: str, index: int = -1, title: str = "",
         then: list[int] | None = None, played_run: int = 1) -> Model:
    """One decision's board for ``seat``: ``which`` "before" it, after the action "played" (and
    the ``played_run - 1`` after it that completed the decision), or after the computer's move
    ("better": legal action ``index`` of that decision, then legal action ``then[k]`` of each
    board after it: a run, ``_run``), under ``title`` (the page's words for it; the engine's
    when none). In a game, a
    look back (mode "peek") with the seat's own view (the game is over); in a replay, the
    replay's step (a spectator's view), the computer's move drawn on that step's board."""
    match = _whole(app)
    if not 0 <= position < len(match.record.actions):
        raise ValueError(f"no decision at step {position}")
    game = match.game
    before = match.states[position]
    if game.current_player(before) != seat:
        raise ValueError(f"step {position} is not a decision of seat {seat}")
    shown, words = before, ""
    run = max(1, min(played_run, len(match.record.actions) - position))
    if which == "played":
        shown = match.states[position + run]
        played = game.decode_action(match.record.actions[position])
        title_words = f"Review: your move, {_action(app, match, position, played)['label']}"
    elif which == "better":
        legal = game.legal_actions(before)
        if not 0 <= index < len(legal):
            raise ValueError(f"no legal action {index} at step {position}")
        # The move made on the real board (its dice are the game's own: the game is over).
        shown = game.apply(before, legal[index])
        for k in then or []:
            more = game.legal_actions(shown)
            if not 0 <= k < len(more):
                raise ValueError(f"no legal action {k} after step {position}")
            shown = game.apply(shown, more[k])
        words = _action(app, match, position, legal[index])["label"]
        title_words = f"Review: the computer's move, {words}"
    elif which == "before":
        title_words = "Review: the board before your move"
    else:
        raise ValueError(f"unknown board {which!r:.20}")
    title = title[:200] or title_words
    step = position + run if which == "played" else position
    if app.replay is not None:
        app.position = step
        model = app._model("game")
        g = model["game"]
        if which == "better":
            g["view"] = game.view(shown, 0 if game.num_players(shown) == 1 else None)
            g["last_action"], g["last_step"] = f"the computer's move, {words}", None
        g["review_board"], g["review_title"] = which, title
        return model
    if app.viewer is None:
        app.viewer = seat
    model = app._model("game", peek=step)
    g = model["game"]
    g.update({"view": game.view(shown, seat), "viewer": seat, "to_move": game.current_player(shown),
              "review_board": which, "review_title": title})
    if which != "played":
        g["peek"]["label"] = ""
        g["last_step"] = None
    return model
