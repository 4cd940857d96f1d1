"""Every typed game's views, as the page gets them (JSON), hold the shape its models.py states (issue 32)."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import json
import types
import typing
from collections.abc import Callable
from typing import Any

import pytest

from pygame_core import GAMES

from .playouts import playout_plan, random_playout

# One step in six (a Space Genocide game has about 1,200): the shapes recur, the suite's time does not.
STRIDE = 6
TYPED = sorted(g for g in GAMES if importlib.util.find_spec(f"pygame_core.games.{g}.models") is not None)
SCALARS: dict[object, tuple[type, ...]] = {int: (int,), float: (int, float), str: (str,), bool: (bool,)}


def view_type(game_id: str) -> type:
    """The game's ``<Name>View`` (its game class's name less "Game", as tools/gen_types.py reads it)."""
    name = type(GAMES[game_id]).__name__.removesuffix("Game")
    return typing.cast(type, getattr(importlib.import_module(f"pygame_core.games.{game_id}.models"), f"{name}View"))


def problems(value: object, tp: object, where: str) -> list[str]:
    """Where ``value`` (plain JSON data) is not of type ``tp``: a key missing or not stated, or a
    value of another type; empty when it conforms."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.NotRequired, typing.Required):
        return problems(value, args[0], where)
    if origin is typing.Annotated:  # Annotated[list[...], tuple[...]]: the page is told the tuple
        return problems(value, args[1], where)
    if tp is Any or tp is object:
        return []
    if origin in (typing.Union, types.UnionType):
        found = [problems(value, arm, where) for arm in args]
        return [] if any(not f for f in found) else [f"{where}: {value!r:.80} is none of {tp}"]
    if tp is type(None):
        return [] if value is None else [f"{where}: {value!r:.80} is not None"]
    if tp in SCALARS:
        ok = isinstance(value, SCALARS[tp]) and (tp is bool or not isinstance(value, bool))
        return [] if ok else [f"{where}: {value!r:.80} is not {tp}"]
    if origin in (list, tuple):
        # A tuple reaches the page as an array: [A, B, C] of its length, or [X, ...] of any.
        if not isinstance(value, list):
            return [f"{where}: {value!r:.80} is not a list"]
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(value) != len(args):
                return [f"{where}: {len(value)} items, not {len(args)}"]
            pairs = enumerate(zip(value, args, strict=True))
            return [p for n, (v, a) in pairs for p in problems(v, a, f"{where}[{n}]")]
        return [p for n, v in enumerate(value) for p in problems(v, args[0], f"{where}[{n}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r:.80} is not an object"]
        return [p for k, v in value.items() for p in problems(v, args[1], f"{where}[{k!r}]")]
    if isinstance(tp, type) and typing.is_typeddict(tp):
        return typeddict_problems(value, tp, where)
    raise AssertionError(f"{where}: this test reads no {tp!r}")


@functools.cache
def _keys(td: type) -> tuple[dict[str, Any], frozenset[str]]:
    """A TypedDict's hints and its optional keys, read once per type."""
    hints = typing.get_type_hints(td, include_extras=True)
    # NotRequired is read off the hints (under ``from __future__ import annotations`` Python
    # 3.11's __optional_keys__ holds only a total=False class's keys), as gen_types.py does.
    optional = {k for k, tp in hints.items() if typing.get_origin(tp) is typing.NotRequired}
    optional |= getattr(td, "__optional_keys__", frozenset())
    return hints, frozenset(optional)


def typeddict_problems(value: object, td: type, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: {value!r:.80} is not an object ({td.__name__})"]
    hints, optional = _keys(td)
    out = [f"{where}: {td.__name__} states no key {k!r}" for k in value if k not in hints]
    out += [f"{where}: {td.__name__}'s key {k!r} is missing" for k in hints if k not in value and k not in optional]
    return out + [p for k, tp in hints.items() if k in value for p in problems(value[k], tp, f"{where}.{k}")]


@functools.cache
def conforms(tp: object) -> Callable[[object], bool]:
    """``problems(value, tp, ...) == []``, as a check made once per type: a late Space Genocide
    view holds tens of thousands of values, and ``problems`` names a place for each as it goes
    (the test's time was nearly all that). ``problems`` says where, once this finds a fault."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.NotRequired, typing.Required):
        return conforms(args[0])
    if origin is typing.Annotated:
        return conforms(args[1])
    if tp is Any or tp is object:
        return lambda value: True
    if origin in (typing.Union, types.UnionType):
        return lambda value: any(conforms(arm)(value) for arm in args)
    if tp is type(None):
        return lambda value: value is None
    if tp is bool:
        return lambda value: isinstance(value, bool)
    if tp in SCALARS:
        kinds = SCALARS[tp]
        return lambda value: isinstance(value, kinds) and not isinstance(value, bool)
    if origin in (list, tuple):
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            return lambda value: (isinstance(value, list) and len(value) == len(args)
                                  and all(conforms(a)(v) for v, a in zip(value, args, strict=True)))
        return lambda value: isinstance(value, list) and all(map(conforms(args[0]), value))
    if origin is dict:
        return lambda value: isinstance(value, dict) and all(map(conforms(args[1]), value.values()))
    if isinstance(tp, type) and typing.is_typeddict(tp):
        hints, optional = _keys(tp)
        stated, required = frozenset(hints), frozenset(hints) - optional
        return lambda value: (isinstance(value, dict) and stated.issuperset(value) and required.issubset(value)
                              and all(conforms(hints[k])(v) for k, v in value.items()))
    raise AssertionError(f"this test reads no {tp!r}")


@pytest.mark.parametrize("game_id", TYPED)
def test_every_view_holds_its_stated_shape(game_id: str) -> None:
    """Each seat's and a spectator's view of three random games (every sixth step, each game
    from another offset, and the end) is unchanged by JSON and, sent as the worker sends it, has
    every key its TypedDict requires, no key it does not state, and values of the stated types:
    what the page's generated types (web/types/models.d.ts) say."""
    td = view_type(game_id)
    for options, seed in playout_plan(game_id, 3):
        for step, match in enumerate(random_playout(game_id, options, seed)):
            game, state = match.game, match.state
            if (step + seed) % STRIDE and not match.is_over:
                continue
            for player in [None, *range(game.num_players(state))]:
                raw = game.view(state, player)
                view = json.loads(json.dumps(raw))
                # Lists, not tuples (docs/ENGINE.md: a view is plain data): the page gets the view itself.
                assert view == raw, f"{game_id} {options} seed {seed}: view({player}) changes when sent"
                found = [] if conforms(td)(view) else problems(view, td, f"view({player})")
                assert not found, f"{game_id} {options} seed {seed}:\n" + "\n".join(found[:10])


def test_a_view_off_its_shape_is_found() -> None:
    """The check can fail: a key the type does not state, a missing one and a wrong type."""
    td = view_type(TYPED[0])
    assert any("states no key 'not_in_the_type'" in p for p in problems({"not_in_the_type": 1}, td, "v"))
    assert any("'status' is missing" in p for p in problems({}, td, "v"))
    assert problems([1, "x"], tuple[int, int], "t") == ["t[1]: 'x' is not <class 'int'>"]
    assert problems(True, int, "n") and not problems(None, int | None, "n")
    # The quick check finds the same faults.
    assert not conforms(td)({"not_in_the_type": 1}) and not conforms(td)({})
    assert not conforms(tuple[int, int])([1, "x"]) and conforms(tuple[int, int])([1, 2])
    assert not conforms(int)(True) and conforms(int | None)(None) and not conforms(list[str])(["a", 1])
