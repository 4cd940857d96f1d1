"""Computer players that do not cheat: a ladder of levels for every game (DESIGN.md section 6).

A bot is a function of what its seat may know (RULES.md C-4.5): the game id, the seat's
``view``, the legal actions, a level and a seed. It never receives the state. Where it
searches it samples complete states consistent with the view through the game's own
determinizer, which re-draws everything hidden and replaces the RNG with a fresh one, so
two states that give the seat the same view give the same decision for the same seed.
Budgets are iterations, never seconds: a decision is reproducible, in CPython and Pyodide.

Public entry points (the web front end and outside checks use only these):

- ``LEVELS[game_id]``: level names, weakest first. Level 0 is random legal (for tests),
  level 1 a heuristic, levels 2+ a determinized search (``search.py``: information-set
  MCTS, flat or expectimax, or the game's own ``search``).
- ``choose(game_id, view, legal_actions, *, level, seed)``: one of ``legal_actions``.
- ``determinize(game_id, view, seat, seed)``: a state with ``view(state, seat) == view``.
- ``hint(game_id, view, legal_actions, *, seed)``: what the top level would do, and why.

Each game brings its AI as a module ``ai`` beside its rules (``pygame_core/games/<folder>/
ai.py``); it is found from the registry (the package of the registered ``GAME`` object), so
adding a game stays one folder plus one registry line. The module protocol (required
``determinize`` and ``evaluate``; optional ``policy``, ``candidates``, ``LEVELS``,
``SEARCH_ITERATIONS``...) is documented in ``module.py`` and docs/ENGINE.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..game import PlayerId, View
from ..registry import GAMES
from .module import DEFAULT_LEVELS, GameAI
from .rand import AiRandom, derive_seed
from .search import SearchResult, expectimax_move, flat_move, greedy_move, random_move, search_move

__all__ = [
    "DEFAULT_LEVELS",
    "LEVELS",
    "GameAI",
    "SearchResult",
    "choose",
    "determinize",
    "game_ai",
    "hint",
    "search",
]

Action = Any
State = Any


def _load(game_id: str) -> GameAI | None:
    """A registered game's AI module: the ``ai`` module of the package its GAME comes from,
    imported the first time it is asked for (a first visit to Spacehole compiles no other
    game's AI, issue 34). None when the package has no ``ai`` module (yet); any other import
    error is a real error and propagates."""
    if game_id in _AIS:
        return _AIS[game_id]
    game = GAMES[game_id]
    module_name = type(game).__module__
    package = module_name if _is_package(module_name) else module_name.rpartition(".")[0]
    target = f"{package}.ai"
    try:
        module = importlib.import_module(target)
    except ModuleNotFoundError as exc:
        if exc.name == target:
            return None
        raise
    # Imported here, not at the top: a game's ai module imports pygame_core.ai.rand, which runs
    # this package first, so the game modules must not load while it is half-initialised.
    _AIS[game_id] = GameAI(game, module)
    return _AIS[game_id]


def _is_package(module_name: str) -> bool:
    module = importlib.import_module(module_name)
    return hasattr(module, "__path__")


_AIS: dict[str, GameAI] = {}

if TYPE_CHECKING:
    LEVELS: dict[str, tuple[str, ...]]
    """Game id -> level names, weakest first (0 random, 1 heuristic, 2+ search)."""


def _ais() -> dict[str, GameAI]:
    """Every registered game's AI (those that have one)."""
    return {game_id: ai for game_id in GAMES if (ai := _load(game_id)) is not None}


def __getattr__(name: str) -> Any:
    """``LEVELS``, built from the registry on first access (PEP 562)."""
    if name == "LEVELS":
        levels = {game_id: ai.levels for game_id, ai in _ais().items()}
        globals()["LEVELS"] = levels
        return levels
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def game_ai(game_id: str) -> GameAI:
    """The AI adapter of a game; KeyError names the games that have one."""
    ai = _load(game_id) if game_id in GAMES else None
    if ai is None:
        raise KeyError(f"no computer player for {game_id!r} (have: {', '.join(sorted(_ais()))})")
    return ai


def _seat_of(view: View) -> PlayerId:
    seat = view.get("to_move")
    if not isinstance(seat, int):
        raise ValueError("the view has no seat to move (the game is over or it is not a seat's view)")
    return seat


def _rng(seed: int, seat: PlayerId, level: int) -> AiRandom:
    # C-2.6: the AI's own RNG, seeded from (seed, "ai", seat); never the game's.
    return AiRandom(derive_seed(seed, "ai", seat, level))


def search(game_id: str, view: View, legal_actions: Sequence[Action], *, level: int, seed: int) -> SearchResult:
    """The decision of ``level`` with its statistics (search levels: the root's numbers)."""
    ai = game_ai(game_id)
    # A seat's settings (C-5.4 stops) are a person's choice, never a computer's move.
    legal = [a for a in legal_actions if not getattr(a, "SETTING", False)] or list(legal_actions)
    if not legal:
        raise ValueError("no legal action to choose from")
    if not 0 <= level < len(ai.levels):
        raise ValueError(f"{game_id} has levels 0..{len(ai.levels) - 1}, not {level}")
    seat = _seat_of(view)
    rng = _rng(seed, seat, level)
    if len(legal) == 1:
        return SearchResult(legal[0], 0.5, 0, 0, 1)
    if level == 0:
        return SearchResult(random_move(legal, rng), 0.5, 0, 0, len(legal))
    if level == 1:
        return SearchResult(greedy_move(ai, view, legal, seat, rng), 0.5, 0, 0, len(legal))
    budget = ai.search_iterations[level - 2]
    if ai.search_kind == "flat":
        return flat_move(ai, view, legal, seat, rng, budget)
    if ai.search_kind == "expectimax":
        return expectimax_move(ai, view, legal, seat, rng, budget)
    if ai.search_kind == "game":
        action, value = ai.own_search(view, legal, seat, rng, budget)
        if action not in legal:
            raise ValueError(f"{game_id}'s search chose {action!r}, not a legal action")
        return SearchResult(action, value, budget, budget, len(legal))
    return search_move(ai, view, legal, seat, rng, budget)


def choose(game_id: str, view: View, legal_actions: Sequence[Action], *, level: int, seed: int) -> Action:
    """One element of ``legal_actions`` for the seat to move in ``view`` at ``level``;
    a pure function of (view, legal_actions, level, seed)."""
    return search(game_id, view, legal_actions, level=level, seed=seed).action


def determinize(game_id: str, view: View, seat: PlayerId, seed: int) -> State:
    """A complete state consistent with ``view`` for ``seat``, hidden parts and the RNG
    re-drawn from ``seed`` (C-4.5)."""
    return game_ai(game_id).determinize(view, seat, seed)


def hint(game_id: str, view: View, legal_actions: Sequence[Action], *, seed: int) -> tuple[Action, str]:
    """What the top level would do, and why in a short player-facing phrase. It never
    changes the game: the caller decides whether to play the action."""
    ai = game_ai(game_id)
    result = search(game_id, view, legal_actions, level=len(ai.levels) - 1, seed=seed)
    return result.action, ai.explain(view, result.action, result.value)
