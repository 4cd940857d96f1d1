"""A game's AI module seen through one adapter, with sane defaults for every optional hook.

The per-game AI module protocol (``pygame_core/games/<folder>/ai.py``):

Required
    ``determinize(view, seat, seed) -> State``
        A complete state with ``game.view(state, seat) == view``: everything hidden from
        ``seat`` re-drawn from ``seed`` (hands, deck order, pending secret choices...) and a
        FRESH game RNG seeded from ``seed``, so a search cannot foresee dice (C-4.5).
    ``evaluate(state, seat) -> float``
        The value of a state for ``seat`` in [0, 1] (1: a certain win). For a solo game a
        normalised expected score. Finished multi-seat games are scored by the framework
        from their outcome; ``evaluate`` is asked about unfinished ones (and solo ones).

Optional (defaults in brackets)
    ``LEVELS: tuple[str, ...]``  level names, weakest first [``DEFAULT_LEVELS``]; level 0 is
        random legal, level 1 the heuristic, every further level a search.
    ``LEVELS_NOTE: str``  a sentence for the setup screen where a game offers fewer levels
        than others, saying why (a level that did not measure stronger is not offered) [""]
    ``SEARCH_ITERATIONS: tuple[int, ...]``  the search budget of levels 2, 3... [(300, ...)]
    ``policy(state, legal, seat, rng) -> Action``  the level-1 heuristic, given one sample
        [a one-step look-ahead over ``GREEDY_SAMPLES`` samples scored by ``evaluate``];
        also the opponent model when ``TREE_OPPONENTS`` is false.
    ``candidates(state, legal, player) -> list[Action]``  the actions the search considers
        (prune large branching factors) [all of them]
    ``rollout_policy(state, legal, player, rng) -> Action``  moves of a rollout [random]
    ``ROLLOUT_DEPTH: int``  rollout length before ``evaluate`` [0]
    ``settled(state) -> bool``  a rollout also stops where this is true [never]
    ``TREE_OPPONENTS: bool``  other seats searched in the tree, or played by ``policy`` [True]
    ``EXPLORATION: float``  the UCB constant [0.7]
    ``SEARCH: str``  "mcts" (information-set MCTS), "flat" (every candidate on the same
        samples, then a rollout: common random numbers, for solo games), "expectimax"
        (depth-limited, exact chance through ``outcomes``) or "game" (the module's own
        ``search``) ["mcts"]; the budget of a search level is ``SEARCH_ITERATIONS[level - 2]``:
        iterations, the depth for expectimax, the samples for a game's own search
    ``search(view, legal, seat, rng, budget) -> tuple[Action, float]``  SEARCH "game": the
        decision and its estimated value in [0, 1]; it, too, sees only the view and samples
        through ``determinize``
    ``PRIOR_MARGIN: float``  flat: the first candidate's head start (list the heuristic's
        choice first) [0.0]
    ``SEARCH_WIDTH: int``  expectimax: actions kept per decision below the root [6]
    ``SEARCH_SAMPLES: int``  expectimax: determinizations averaged at the root [1]
    ``outcomes(state, action) -> list[tuple[float, State]]``  the chance outcomes of an
        action with their probabilities [one outcome: ``apply`` with the state's RNG]
    ``GREEDY_SAMPLES: int``  samples of the default level-1 look-ahead [4]
    ``explain(view, action, value) -> str``  a short player-facing reason for a hint
        [the action and the estimated chance]
    ``REVIEW_CALIBRATION: ReviewCalibration``  the map from the review's sampled value (and
        how the seat has played so far) to the chance it shows, fitted on seeded games by
        benchmarks/recalibrate.py (issue 36; ``pygame_core.ai.calibration``) [none: the value
        as it is]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from ..game import Game, PlayerId, View
from .calibration import ReviewCalibration
from .rand import AiRandom

DEFAULT_LEVELS: tuple[str, ...] = ("Random", "Easy", "Normal")
DEFAULT_SEARCH_ITERATIONS = 300

Action = Any
State = Any


def _kind_random(actions: Sequence[Action], rng: AiRandom) -> Action:
    kinds: dict[type, list[Action]] = {}
    for action in actions:
        kinds.setdefault(type(action), []).append(action)
    return rng.choice(rng.choice(list(kinds.values())))


def _calibration(module: ModuleType) -> ReviewCalibration | None:
    """The module's REVIEW_CALIBRATION, if it gives one (a ReviewCalibration checks itself)."""
    given = getattr(module, "REVIEW_CALIBRATION", None)
    if given is not None and not isinstance(given, ReviewCalibration):
        raise TypeError(f"{module.__name__}.REVIEW_CALIBRATION must be a pygame_core.ai.calibration.ReviewCalibration")
    return given


class GameAI:
    """One game's AI module with the framework's defaults filled in."""

    def __init__(self, game: Game[Any, Any], module: ModuleType) -> None:
        for required in ("determinize", "evaluate"):
            if not callable(getattr(module, required, None)):
                raise TypeError(f"{module.__name__} must define {required}() (see pygame_core.ai)")
        self.game = game
        self.module = module
        self.levels: tuple[str, ...] = tuple(getattr(module, "LEVELS", DEFAULT_LEVELS))
        self.levels_note = str(getattr(module, "LEVELS_NOTE", ""))
        searches = max(0, len(self.levels) - 2)
        budgets = tuple(getattr(module, "SEARCH_ITERATIONS", ()))
        self.search_iterations: tuple[int, ...] = budgets + (DEFAULT_SEARCH_ITERATIONS,) * (
            searches - len(budgets)
        )
        self.rollout_depth = int(getattr(module, "ROLLOUT_DEPTH", 0))
        self.tree_opponents = bool(getattr(module, "TREE_OPPONENTS", True))
        self.exploration = float(getattr(module, "EXPLORATION", 0.7))
        self.search_kind = str(getattr(module, "SEARCH", "mcts"))
        if self.search_kind not in ("mcts", "flat", "expectimax", "game"):
            raise ValueError(f"{module.__name__}.SEARCH must be 'mcts', 'flat', 'expectimax' or 'game'")
        self._search: Callable[..., tuple[Action, float]] | None = getattr(module, "search", None)
        if self.search_kind == "game" and not callable(self._search):
            raise TypeError(f"{module.__name__} has SEARCH = 'game' but no search()")
        self.search_width = int(getattr(module, "SEARCH_WIDTH", 6))
        self.prior_margin = float(getattr(module, "PRIOR_MARGIN", 0.0))
        self.search_samples = int(getattr(module, "SEARCH_SAMPLES", 1))
        self._outcomes: Callable[..., list[tuple[float, State]] | None] | None = getattr(module, "outcomes", None)
        self.greedy_samples = int(getattr(module, "GREEDY_SAMPLES", 4))
        self._determinize: Callable[[View, PlayerId, int], State] = module.determinize
        self._evaluate: Callable[[State, PlayerId], float] = module.evaluate
        self._policy: Callable[..., Action] | None = getattr(module, "policy", None)
        self._candidates: Callable[..., list[Action]] | None = getattr(module, "candidates", None)
        self._rollout_policy: Callable[..., Action] | None = getattr(module, "rollout_policy", None)
        self._explain: Callable[..., str] | None = getattr(module, "explain", None)
        self._settled: Callable[[State], bool] | None = getattr(module, "settled", None)
        self._continues: Callable[[State, PlayerId], bool] | None = getattr(module, "continues", None)
        self._run_words: Callable[[State, Sequence[Action]], str] | None = getattr(module, "run_words", None)
        self.review_calibration = _calibration(module)

    # -- the hooks, with defaults

    def determinize(self, view: View, seat: PlayerId, seed: int) -> State:
        return self._determinize(view, seat, seed)

    def values(self, state: State) -> list[float]:
        """Every seat's value of ``state``: the outcome once a multi-seat game is over
        (a win 1, a draw 0.5, a loss 0), else the game's ``evaluate``."""
        seats = self.game.num_players(state)
        outcome = self.game.outcome(state)
        if outcome is not None and seats > 1:
            if not outcome.winners:
                return [0.5] * seats
            share = 1.0 if len(outcome.winners) == 1 else 0.75
            return [share if p in outcome.winners else 0.0 for p in range(seats)]
        return [min(1.0, max(0.0, float(self._evaluate(state, p)))) for p in range(seats)]

    @property
    def has_policy(self) -> bool:
        return self._policy is not None

    def policy(self, state: State, legal: list[Action], seat: PlayerId, rng: AiRandom) -> Action:
        """The game's heuristic, or a one-step look-ahead on this one state."""
        if self._policy is not None:
            return self._policy(state, legal, seat, rng)
        best, best_value = legal[0], -1.0
        for action in self.candidates(state, legal, seat):
            value = self.values(self.game.apply(state, action))[seat]
            if value > best_value:
                best, best_value = action, value
        return best

    def opponent_move(self, state: State, legal: list[Action], player: PlayerId, rng: AiRandom) -> Action:
        """How a seat outside the search tree plays (TREE_OPPONENTS false): the heuristic."""
        if len(legal) == 1:
            return legal[0]
        return self.policy(state, legal, player, rng)

    def candidates(self, state: State, legal: list[Action], player: PlayerId) -> list[Action]:
        if self._candidates is None or len(legal) <= 1:
            return legal
        chosen = self._candidates(state, legal, player)
        return chosen or legal

    def rollout(self, state: State, rng: AiRandom) -> State:
        """Up to ``ROLLOUT_DEPTH`` moves by the rollout policy (random by default), stopping
        early where the game's ``settled`` says so."""
        game = self.game
        for _ in range(self.rollout_depth):
            player = game.current_player(state)
            if player is None or (self._settled is not None and self._settled(state)):
                break
            legal = game.legal_actions(state)
            if self._rollout_policy is not None:
                action = self._rollout_policy(state, legal, player, rng)
            else:
                action = _kind_random(legal, rng)
            state = game.apply(state, action)
        return state

    def outcomes(self, state: State, action: Action) -> list[tuple[float, State]]:
        """The chance outcomes of ``action`` with their probabilities: the game's, or the one
        its RNG gives (a determinization's RNG is fresh, so this is a sample)."""
        if self._outcomes is not None:
            found = self._outcomes(state, action)
            if found:
                return found
        return [(1.0, self.game.apply(state, action))]

    def own_search(
        self, view: View, legal: list[Action], seat: PlayerId, rng: AiRandom, budget: int
    ) -> tuple[Action, float]:
        """SEARCH "game": the module's own search."""
        assert self._search is not None
        return self._search(view, legal, seat, rng, budget)

    @property
    def has_continues(self) -> bool:
        """The module makes some decisions in several actions (``continues``)."""
        return self._continues is not None

    def continues(self, state: State, seat: PlayerId) -> bool:
        """Whether ``seat``'s next action carries on the decision it is making (a ship's order:
        its SPEED, then each step, MSC-6.2): the review judges such a run as one decision.
        Without the module's ``continues`` every action is a decision of its own."""
        return self._continues is not None and bool(self._continues(state, seat))

    def run_words(self, state: State, actions: Sequence[Action]) -> str:
        """A run of actions that makes one decision (``continues``), in a player's words, from
        the state before it; "" where the module has no words for it."""
        return self._run_words(state, actions) if self._run_words is not None else ""

    def explain(self, view: View, action: Action, value: float) -> str:
        if self._explain is not None:
            return self._explain(view, action, value)
        return f"{action} (about {round(100 * value)}% by the computer's estimate)"
