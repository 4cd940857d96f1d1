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


class PageModel(TypedDict):
    """What a screen command (route, act, think, undo, ...) answers: the screen to show, the
    notices to tell, the address, and the home's or the game's model."""

    screen: str
    notices: list[str]
    hash: str
    home: NotRequired[HomeModel]
    setup: NotRequired[SetupModel]
    game: NotRequired[GameModel]


class Reply(TypedDict):
    """The worker's answer to a command (worker_api.Api.step): the command's model (a
    ``PageModel`` for screen commands, a small object of its own for the others: hint, share,
    why_not, export, ...), the storage writes it made, and whether it failed."""

    model: PageModel | dict[str, Any]
    writes: list[tuple[str, str | None]]
    error: bool


class Progress(TypedDict):
    """A long command's progress (a long link being replayed): [done, total]."""

    progress: tuple[int, int]
