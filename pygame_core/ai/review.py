"""Game review (issue 28): each decision of a seat judged from its own view by the top computer level.

A finished game's record is gone over from one seat at a time. At each decision of that seat
(a position with more than one legal action) the review sees only what the seat saw then,
``game.view(state_before, seat)``, and its legal actions: never the state's hidden parts or
the dice still to come (RULES.md C-4.5). There it asks the top computer level what it would
have done (``pygame_core.ai.search``), then values the action played and that action on the
*same* determinized samples of the view, each followed by the same rollout (common random
numbers, so the comparison is about the decisions, not about luck). The budget is counted in
samples and iterations, never in seconds: the same record and seed give the same review in
CPython and in Pyodide.

- ``decision_spans(game, states, seat, ai)``: the actions with which ``seat`` decided, one
  decision each: one action, or a run the game's AI calls one decision (a ship's whole order
  in Minimal Space Combat, ``GameAI.continues``). ``decision_points``: where each began.
- ``judge(game_id, view, legal, played, seat=..., seed=...)``: one decision's ``Judged``.
- ``review(game_id, states, actions, seats, seed=...)``: a job (a generator yielding
  ``(done, total)`` after each decision) that returns one ``SeatReview`` per seat.

The chart's value is the seat's chance to win in a game of several seats (a win 1, a draw
one half, by ``GameAI.values``); in a solo game whose AI module defines ``SCORE_SCALE`` it is
the expected final score (``SeatReview.scale`` times the value). Where the AI module gives a
``REVIEW_CALIBRATION`` (``pygame_core.ai.calibration``, fitted on seeded games by
benchmarks/recalibrate.py), the samples' value is shown through it, with how the seat played
before the decision: the rollouts' win rate is not yet the rate at which such positions are
won, that rate depends on who plays, and the review says a chance to win (issue 36).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..game import Game, PlayerId, View
from . import game_ai, search
from .module import GameAI
from .rand import AiRandom, derive_seed

__all__ = [
    "CONFIRM_SAMPLES", "HORIZON", "REVIEW_SAMPLES", "WORST", "Judged", "SeatReview",
    "decision_points", "decision_spans", "judge",
    "noise", "review",
]

Action = Any
State = Any
Progress = tuple[int, int]

REVIEW_SAMPLES = 3
"""Determinizations each decision is valued on (both actions on the same ones)."""
CONFIRM_SAMPLES = 12
"""Where the computer would have moved otherwise, both moves are valued on this many samples
(the first ones and more): on 3 samples a Warfare gap of 35 points had a margin of 63 and
shrank to 7 on 12 (issue 36), so a gap is told from the samples' luck only on more of them."""
HORIZON = 4
"""Moves played on after the judged action, by every seat's heuristic (``policy``), before the
position is valued: the top level looks a few decisions ahead, and a one-move valuation would
call its look-ahead no better than a greedy move."""
WORST = 3
"""The decisions that cost the most, shown with the computer's move."""
TIE = 1e-9
"""Below this a difference of values is no loss (float sums in another order)."""


@dataclass(frozen=True)
class Judged:
    """One decision: the action played and the top level's, each valued for the seat on the
    same samples of the seat's view (the chance to win, or the normalised expected score)."""

    position: int  # the action's index in the record: the board before it is states[position]
    seat: PlayerId
    played: Action
    best: Action  # the top level's move; ``played`` where it agrees or is not better
    value_played: float
    value_best: float
    margin: float = 0.0  # the sampling noise of the gap (see ``noise``); 0 where they agree
    # A decision made in several actions (``GameAI.continues``: a ship's whole order, MSC-6.2):
    # the actions after ``played`` and after ``best`` that complete each.
    played_then: tuple[Action, ...] = ()
    best_then: tuple[Action, ...] = ()
    # The samples' own value of the move played, before the game's calibration (``_shown``):
    # what benchmarks/recalibrate.py fits the map from.
    raw_played: float = 0.0

    @property
    def loss(self) -> float:
        """What the decision cost by the review's measure (0 where the computer agrees)."""
        return max(0.0, self.value_best - self.value_played)

    @property
    def costly(self) -> bool:
        """The computer's move is better by more than the samples' own noise: a gap inside the
        margin could be luck of the few samples drawn, not a worse decision (issue 36)."""
        return self.loss > max(TIE, self.margin)


@dataclass(frozen=True)
class SeatReview:
    """Every decision of one seat, in the order played."""

    game_id: str
    seat: PlayerId
    decisions: tuple[Judged, ...]
    scale: float | None  # solo games with a SCORE_SCALE: value x scale is the expected score

    def worst(self, count: int = WORST) -> list[Judged]:
        """The ``count`` decisions that cost the most, among those whose loss is beyond its
        margin (``Judged.costly``), the earliest first among equal losses."""
        costly = [d for d in self.decisions if d.costly]
        costly.sort(key=lambda d: (-d.loss, d.position))
        return costly[:count]


def decision_spans(game: Game[Any, Any], states: Sequence[State], seat: PlayerId,
                   ai: GameAI | None = None) -> list[tuple[int, int]]:
    """``seat``'s decisions as ``(first, end)`` ranges of the record's actions: one action, or
    the run that makes one decision (``GameAI.continues``: a ship's whole order); a range
    where every action was forced is no decision. ``states`` has one more entry than the
    record has actions: the state before each action, then the last one."""
    spans = []
    position, last = 0, len(states) - 1
    while position < last:
        if game.current_player(states[position]) != seat:
            position += 1
            continue
        end = position + 1
        while (ai is not None and end < last and game.current_player(states[end]) == seat
               and ai.continues(states[end], seat)):
            end += 1
        if any(len(game.legal_actions(states[k])) > 1 for k in range(position, end)):
            spans.append((position, end))
        position = end
    return spans


def decision_points(game: Game[Any, Any], states: Sequence[State], seat: PlayerId) -> list[int]:
    """The positions (indexes into the record's actions) where each decision of ``seat`` the
    review judges began (``decision_spans`` with the game's AI)."""
    return [first for first, _ in decision_spans(game, states, seat, game_ai(game.id))]


def _top_level(ai: GameAI) -> int:
    return len(ai.levels) - 1


def _play_on(ai: GameAI, state: State, rng: AiRandom, plies: int) -> State:
    """``plies`` moves by each seat's heuristic (the opponent model of the search), then the
    game's own rollout; chance from the sample's fresh RNG, never the game's."""
    game = ai.game
    for _ in range(plies):
        player = game.current_player(state)
        if player is None:
            return state
        state = game.apply(state, ai.opponent_move(state, game.legal_actions(state), player, rng))
    return ai.rollout(state, rng)


def _values(ai: GameAI, samples: Sequence[tuple[State, int]], run: Sequence[Action], seat: PlayerId,
            horizon: int) -> list[float]:
    """The value of the ``run`` of actions (one decision) for ``seat`` on each sample: every
    chance outcome the game lists for its last action (exact odds where it has them), each
    played on from the sample's own seed. The run's earlier actions are the seat's own
    choices that draw nothing (a ship's SPEED and steps, MSC-6.2)."""
    out = []
    for sample, rollout_seed in samples:
        for action in run[:-1]:
            sample = ai.game.apply(sample, action)
        value = 0.0
        for probability, after in ai.outcomes(sample, run[-1]):
            value += probability * ai.values(_play_on(ai, after, AiRandom(rollout_seed), horizon))[seat]
        out.append(value)
    return out


def _shown(ai: GameAI, judged: Judged, share: float | None = None) -> Judged:
    """A decision's values as the review shows them: through the game's calibration, for a seat
    that has played so far with ``share`` (``ReviewCalibration.share``), the margin carried over
    so that a decision is costly exactly when it was before (the map rises with the value: best -
    margin maps to shown best - shown margin)."""
    calibration = ai.review_calibration
    if calibration is None:
        return replace(judged, raw_played=judged.value_played)

    def shown(value: float) -> float:
        return calibration.chance(value, judged.seat, share)

    played, best = shown(judged.value_played), shown(judged.value_best)
    margin = best - shown(judged.value_best - judged.margin) if judged.margin else 0.0
    return replace(judged, value_played=played, value_best=best, margin=margin, raw_played=judged.value_played)


# One-sided 95% points of Student's t by degrees of freedom (samples - 1); 1.645 beyond.
_T95 = {1: 6.314, 2: 2.920, 3: 2.353, 4: 2.132, 5: 2.015, 6: 1.943, 7: 1.895, 8: 1.860, 9: 1.833}


def noise(gaps: Sequence[float]) -> float:
    """The margin of a mean gap measured on paired samples (both actions on the same samples
    and rollouts): a one-sided 95% Student-t bound, t x s / sqrt(n). Gaps that agree give a
    small margin; gaps that disagree in sign a wide one. One sample: no margin can be told (0)."""
    n = len(gaps)
    if n < 2:
        return 0.0
    mean = sum(gaps) / n
    spread = (sum((g - mean) ** 2 for g in gaps) / (n - 1)) ** 0.5
    return float(_T95.get(n - 1, 1.645) * spread / n ** 0.5)


MAX_RUN = 64
"""No decision runs longer than this many actions (a ship's order takes at most SPEED 5 + 1)."""


def _computer_run(ai: GameAI, view: View, legal: Sequence[Action], seat: PlayerId, seed: int,
                  position: int) -> tuple[Action, ...]:
    """The top level's whole decision from ``view``: its move and, while the decision goes on
    (``GameAI.continues``), its next moves, each chosen from the seat's view of one sample of
    ``view`` with the moves made (the seat's own choices: they draw nothing, MSC-6.2)."""
    game = ai.game
    run = [search(game.id, view, list(legal), level=_top_level(ai),
                  seed=derive_seed(seed, "review-search", seat, position)).action]
    if not ai.has_continues:
        return tuple(run)
    state = ai.determinize(view, seat, derive_seed(seed, "review-run", seat, position))
    for step in range(1, MAX_RUN):
        state = game.apply(state, run[-1])
        if game.current_player(state) != seat or not ai.continues(state, seat):
            break
        run.append(search(game.id, game.view(state, seat), game.legal_actions(state), level=_top_level(ai),
                          seed=derive_seed(seed, "review-search", seat, position + step)).action)
    return tuple(run)


def judge(
    game_id: str,
    view: View,
    legal: Sequence[Action],
    played: Action,
    *,
    seat: PlayerId,
    seed: int,
    position: int = 0,
    samples: int = REVIEW_SAMPLES,
    horizon: int = HORIZON,
    confirm: int = CONFIRM_SAMPLES,
    then: Sequence[Action] = (),
    share: float | None = None,
) -> Judged:
    """One decision of ``seat`` from its ``view``: ``played`` and ``then`` the actions that
    completed it (a run the game's AI calls one decision, ``GameAI.continues``), and the top
    level's whole decision, both valued on the same ``samples`` determinizations of the view
    (``confirm`` of them, the first ones and more, where the two differ). ``best`` is always
    one of ``legal``; it stays ``played`` unless the computer's decision is worth more there.
    ``share``: how the seat played before (``ReviewCalibration.share``), for the chance shown."""
    if played not in legal:
        raise ValueError(f"{played!r} was not a legal action at position {position}")
    ai = game_ai(game_id)
    mine = (played, *then)
    found = _computer_run(ai, view, legal, seat, seed, position)
    if found[0] not in legal:  # search() checks this; the review relies on it
        raise ValueError(f"the computer chose {found[0]!r}, not a legal action")
    agree = Judged(position, seat, played, played, 0.0, 0.0, 0.0, tuple(then), tuple(then))
    rng = AiRandom(derive_seed(seed, "review-samples", seat, position))
    drawn = [(ai.determinize(view, seat, rng.seed()), rng.seed()) for _ in range(max(1, samples))]
    per_played = _values(ai, drawn, mine, seat, horizon)
    if found == mine:
        value_played = sum(per_played) / len(per_played)
        return _shown(ai, replace(agree, value_played=value_played, value_best=value_played), share)
    # The same stream goes on: the first samples stay, so more samples only narrow the margin.
    more = [(ai.determinize(view, seat, rng.seed()), rng.seed()) for _ in range(confirm - len(drawn))]
    drawn += more
    per_played += _values(ai, more, mine, seat, horizon)
    value_played = sum(per_played) / len(per_played)
    per_best = _values(ai, drawn, found, seat, horizon)
    value_best = sum(per_best) / len(per_best)
    if value_best <= value_played + TIE:  # not better by this measure: no "better" move shown
        return _shown(ai, replace(agree, value_played=value_played, value_best=value_played), share)
    margin = noise([b - p for b, p in zip(per_best, per_played, strict=True)])
    judged = Judged(position, seat, played, found[0], value_played, value_best, margin, tuple(then), found[1:])
    return _shown(ai, judged, share)


def review(
    game_id: str,
    states: Sequence[State],
    actions: Sequence[Action],
    seats: Sequence[PlayerId],
    *,
    seed: int,
    samples: int = REVIEW_SAMPLES,
    horizon: int = HORIZON,
    confirm: int = CONFIRM_SAMPLES,
) -> Generator[Progress, None, list[SeatReview]]:
    """Review ``seats`` over a record: ``states[i]`` is the state before ``actions[i]`` (a
    ``Match``'s states and decoded actions). Yields ``(done, total)`` decisions after each
    one (a caller may stop there: a cancel) and returns one ``SeatReview`` per seat, in the
    order given. Only each seat's views and legal actions are read, never the rest of a state."""
    if len(states) != len(actions) + 1:
        raise ValueError("a review needs the state before every action and the last one")
    ai = game_ai(game_id)
    game = ai.game
    points = {seat: decision_spans(game, states, seat, ai) for seat in seats}
    total = sum(len(p) for p in points.values())
    done = 0
    scale = getattr(ai.module, "SCORE_SCALE", None)
    solo = game.num_players(states[0]) == 1
    out = []
    for seat in seats:
        judged: list[Judged] = []
        for position, end in points[seat]:
            before = states[position]
            # How the seat played before this decision: the share where the top level differed.
            differed = sum(1 for d in judged if d.best != d.played)
            share = ai.review_calibration.share(differed, len(judged)) if ai.review_calibration else None
            judged.append(judge(
                game_id, game.view(before, seat), game.legal_actions(before), actions[position],
                seat=seat, seed=seed, position=position, samples=samples, horizon=horizon, confirm=confirm,
                then=actions[position + 1:end], share=share,
            ))
            done += 1
            yield done, total
        out.append(SeatReview(game_id, seat, tuple(judged), float(scale) if solo and scale else None))
    return out
