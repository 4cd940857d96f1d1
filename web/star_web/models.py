"""The shape of what the engine's worker sends the page (issue 32): stated once, here, and
written as TypeScript into web/types/models.d.ts by tools/gen_types.py."""

from __future__ import annotations

from typing import Annotated, Any, NotRequired, TypedDict

from pygame_core.game import OptionValue, ShellView, View

PageView = Annotated[View, ShellView]
"""A game's view as the page gets it: the shell reads its ``ShellView`` keys, the game's screen
the rest (its own type, e.g. ``WarfareView``); the generator writes it as ``ShellView``."""

# Keys named "from" (a Python keyword) need TypedDict's functional form.


class Seat(TypedDict):
    """A seat in the game's header: its name, the computer's level playing it, by link."""

    name: str
    computer: str | None
    link: bool


class Choice(TypedDict):
    """A legal action for the person to move: its index in ``legal_actions``, its button's
    words, its class name and fields (the screen finds its taps' actions by them)."""

    i: int
    label: str
    kind: str
    fields: dict[str, Any]


class ReviewChoice(Choice):
    """A decision's action in a game review (review.py): where the game words the decision as
    a whole (a ship's order, MSC-6.2), ``label`` says it, ``run`` is its number of actions
    and ``then`` each later action's index among its board's legal actions."""

    run: NotRequired[int]
    then: NotRequired[list[int]]


class Handoff(TypedDict):
    """Pass the device to this seat (hot seat with secrets, DESIGN 5)."""

    seat: int | None
    name: str


Claim = TypedDict("Claim", {
    "seat": int, "name": str, "from": str, "note": str, "conceded": bool, "status": str,
    "first": NotRequired[str],
})
Claim.__doc__ = """A game link just opened (#p/): who sent it, to which seat, their note (docs/WEB.md)."""


class Send(TypedDict):
    """The link to send when the next decision is a friend's by link (#send)."""

    seat: int
    name: str
    person: str
    link: str
    long: bool
    final: bool
    me: str
    note: str
    limit: int


class Conceded(TypedDict):
    """The seat that conceded a game by link, its name and its person's."""

    seat: int
    name: str
    person: str


class ByLink(TypedDict):
    """A game by link: the people's names per seat (by seat number), a friend's version
    waiting for a choice, a concession, a rematch offered."""

    names: dict[str, str]
    fork: bool
    conceded: Conceded | None
    rematch: bool


RecapStep = TypedDict("RecapStep", {
    "at": int, "seat": int | None, "lines": list[str], "from": int, "kinds": list[str],
    "facts": list[dict[str, Any]], "results": list[int], "auto": str | None,
})
RecapStep.__doc__ = """One step since the seat last decided: its log lines (from index ``from``), their event kinds
and fields, which of them tell a result, and the words of an idle pass (issue 24, 31)."""


class Recap(TypedDict):
    """What happened since the seat on screen last decided (issue 24)."""

    since: int
    log_from: int
    steps: list[RecapStep]


class Stops(TypedDict):
    """Whether stops with nothing to decide are shown, and the setting's words (C-5.4)."""

    every: bool
    label: str


class Outcome(TypedDict):
    """How a game ended: the winning seats, the scores of a scored game, why."""

    winners: list[int]
    scores: list[int]
    reason: str


class Summary(TypedDict):
    """Turn, score and a one-line label, as the saves list shows a game."""

    turn: int | None
    score: int | None
    label: str


class Pace(TypedDict):
    """A solo game's score now against the best game's at the same turn (SH-9.3)."""

    turn: int
    score: int
    best: int


class Final(TypedDict):
    """A replay's end: whether the game is over there, and how."""

    over: bool
    winners: list[int]
    scores: list[int]


class LastStep(TypedDict):
    """The step shown, for the screen to word as its mover saw it (``choiceLabel``)."""

    kind: str
    fields: dict[str, Any]
    view: PageView


class Peek(TypedDict):
    """A look back: the step shown, how many there are, its button's words."""

    step: int
    steps: int
    label: str


class GameModel(TypedDict):
    """The game screen's model (mode "play", "replay", "peek" or "spectate"): what the shell
    draws around a game and hands to the game's screen module as ``g``."""

    game_id: str
    title: str
    options: dict[str, OptionValue]
    mode: str
    view: PageView | None
    viewer: int | None
    to_move: int | None
    status: str
    score_line: str
    seats: list[Seat]
    handoff: Handoff | None
    claim: Claim | None
    send: Send | None
    thinking: bool
    bylink: ByLink | None
    actions: list[Choice]
    at: int
    undo: int
    takeback: bool
    recap: Recap | None
    log_marks: str
    stops: Stops | None
    hint: bool
    over: bool
    outcome: Outcome | None
    summary: Summary
    beat: int | None
    guided: bool
    pace: Pace | None
    best: int | None
    # A replay (mode "replay"): its position, length, turns' first steps, end and last step.
    step: NotRequired[int]
    steps: NotRequired[int]
    turn_marks: NotRequired[list[int]]
    final: NotRequired[Final]
    last_action: NotRequired[str]
    last_step: NotRequired[LastStep | None]
    peek: NotRequired[Peek]
    # A board of the game review (review.py): which one ("before", "played", "better"), its title.
    review_board: NotRequired[str]
    review_title: NotRequired[str]


class SetupModel(TypedDict):
    """The new-game form of a game: a challenge's fixed options and its score to beat."""

    game_id: str
    options: dict[str, Any]
    challenge: str
    beat: int | None


class HomeModel(TypedDict):
    """The home screen: saved games (storage.SaveEntry), best scores, the record, how many
    unreadable saves were kept aside."""

    saves: list[dict[str, Any]]
    best: list[dict[str, Any]]
    record: list[dict[str, Any]]
    kept_aside: int


class RecordReply(TypedDict):
    """The ``record`` command's answer, which the page merges into its home model: the record of
    finished games, and today's deck (daily.daily_state; None for a day it cannot read)."""

    record: list[dict[str, Any]]
    daily: dict[str, Any] | None


class Hint(TypedDict):
    """The strongest computer level's choice now: its index in the model's ``actions``, its
    button's words, and why in a phrase (ai.hint)."""

    i: int
    label: str
    why: str


class HintReply(TypedDict):
    """The ``hint`` command's answer: the suggestion, None where no computer level can make one."""

    hint: Hint | None


class ShareLinks(TypedDict):
    """The ``share`` command's answer: the game's challenge and replay links (``c/``, ``r/``),
    whether the replay link is long, whether it holds hidden information (C-4.6), and the
    spectator's link that is safe to share mid-game ("" when none is needed, SG-14.4)."""

    challenge: str
    replay: str
    warn: bool
    spoils: bool
    spectator: str


class Refused(TypedDict):
    """A small command's answer when it cannot be made (no game on screen): why."""

    error: str


class TextReply(TypedDict):
    """A file's text to download (``export_all``: every save, issue 37; ``export``: the saves
    kept aside as unreadable)."""

    text: str


class WhyNot(TypedDict):
    """The ``why_not`` command's answer: whether an action is legal, else why, and the rule it
    breaks where the rules name one."""

    legal: bool
    why: str
    rule: NotRequired[str]


class AskReply(TypedDict):
    """The ``ask`` command's answer (``Game.query``): the rules' answer to a screen's question,
    or None and why not. Its shape is the question's (genocide "arrange", skirmish "design")."""

    answer: dict[str, Any] | None
    why: str


class External(TypedDict):
    """The ``external`` command's answer (another tab changed the saves, issue 37): whether the
    game open here was played on there, and its save's id."""

    screen: str
    open_changed: bool
    save_id: str | None


class ReviewPoint(TypedDict):
    """A point of a seat's review chart: the decision's step, the value after the move played
    and after the computer's (the chance to win, or a solo game's normalised score), when."""

    at: int
    value: float
    best: float
    moment: str


class ReviewDecision(TypedDict):
    """One of a seat's costliest decisions: its step and seat, both moves' values, the loss
    and the samples' margin (issue 36), both moves as the page words them, the seat's view
    before it (the screen words the moves from it), and when it was made."""

    at: int
    seat: int
    value_played: float
    value_best: float
    loss: float
    margin: float
    played: ReviewChoice
    better: ReviewChoice
    view: PageView
    moment: str


class ReviewSeat(TypedDict):
    """A seat's review: its name, the score scale of a solo game (None: a chance to win), the
    chart's points and the decisions that cost the most."""

    seat: int
    name: str
    scale: float | None
    points: list[ReviewPoint]
    worst: list[ReviewDecision]


class ReviewModel(TypedDict):
    """A whole game's review (issue 28): the game, its length, whether it is a replay's, the
    computer level that judged it, what its chance to win means ("" for an expected score or a
    value as it is) and each reviewed seat's part."""

    game_id: str
    at: int
    replay: bool
    level: str
    chance: str
    seats: list[ReviewSeat]


class ReviewReply(TypedDict):
    """The ``review`` command's ``run`` answer: the review, or None and the notices why not
    (a ``show`` answers a ``PageModel``, and so does a cancelled run: home)."""

    screen: str
    notices: list[str]
    review: ReviewModel | None


class Replies(TypedDict):
    """What each small command answers, by its name in the worker's table (worker_api.Api);
    every other command answers a ``PageModel`` (tests/web/test_app_logic.py checks the two
    agree)."""

    hint: HintReply
    share: ShareLinks | Refused
    export: TextReply
    export_all: TextReply
    why_not: WhyNot
    ask: AskReply
    external: External
    record: RecordReply
    review: ReviewReply | PageModel


class PageModel(TypedDict):
    """What a screen command (route, act, think, undo, ...) answers: the screen to show, the
    notices to tell, the address, and the home's or the game's model."""

    screen: str
    notices: list[str]
    hash: str
    home: NotRequired[HomeModel]
    setup: NotRequired[SetupModel]
    game: NotRequired[GameModel]


Answer = (PageModel | ReviewReply | HintReply | ShareLinks | Refused | TextReply | WhyNot | AskReply | External
          | RecordReply)
"""Any command's answer: a screen's (``PageModel``) or a small command's own (``Replies``)."""


class Reply(TypedDict):
    """The worker's answer to a command (worker_api.Api.step): the command's model (a
    ``PageModel`` for screen commands, a small object of its own for the others, as ``Replies``
    states by name), the storage writes it made, and whether it failed."""

    model: Answer
    writes: list[tuple[str, str | None]]
    error: bool


class Progress(TypedDict):
    """A long command's progress (a long link being replayed): [done, total]."""

    progress: tuple[int, int]
