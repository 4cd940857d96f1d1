"""The fast canonical text is json.dumps of to_plain, character for character, so no digest moves."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pygame_core import GAMES
from pygame_core.canonical import canonical_text, digest, to_plain
from pygame_core.events import event
from tests.conformance.playouts import playout_plan, random_playout


def reference(value: object) -> str:
    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_state_of_a_playout_writes_as_the_reference(game_id: str) -> None:
    options, seed = playout_plan(game_id, 2)[1]
    for step, match in enumerate(random_playout(game_id, options, seed)):
        if step % 100 == 0 or match.is_over:
            assert canonical_text(match.state) == reference(match.state), f"{game_id} step {step}"


class Colour(enum.Enum):
    RED = "red"


@dataclass(frozen=True)
class Box:
    name: str
    items: tuple[Any, ...]
    table: dict[Any, Any]
    tags: frozenset[int]
    colour: Colour


plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4)
    | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=4),
    max_leaves=20,
)


@given(plain, plain, st.frozensets(st.integers(), max_size=4))
def test_any_value_writes_as_the_reference(first: Any, second: Any, tags: frozenset[int]) -> None:
    box = Box("ü\n\"", (first, second), {"k": first, 2: second}, tags, Colour.RED)
    assert canonical_text(box) == reference(box)
    assert canonical_text([box, first]) == reference([box, first])


def test_a_kept_event_text_is_never_another_equal_events() -> None:
    """Events with 1 and with True in a field are equal in Python, but not the same text."""
    one, true = event("hit", count=1), event("hit", count=True)
    assert one == true
    assert canonical_text((one, true)) == reference((one, true)) == reference((one, true))
    assert digest(one) != digest(true)


def test_floats_are_refused_as_to_plain_refuses_them() -> None:
    with pytest.raises(TypeError, match="floats"):
        canonical_text({"x": 0.5})
