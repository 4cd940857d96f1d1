"""Issue 12: the rules arranged by section stay complete: one table entry per action, a
decision list per phase, one rule per card, and refusals name the table's rule."""

from __future__ import annotations

import typing

import pytest

from pygame_core.game import IllegalActionError
from pygame_core.games.genocide import GAME, actions
from pygame_core.games.genocide.cardplay.rulebook import RULEBOOK
from pygame_core.games.genocide.cards import CARD_BY_KEY, CARDS
from pygame_core.games.genocide.rules import ACTIONS, LEGAL, PHASE_NAMES, reject
from pygame_core.games.genocide.state import Phase


def test_every_action_kind_has_one_rule_phases_and_a_handler() -> None:
    kinds = set(typing.get_args(actions.Action))
    assert set(ACTIONS) == kinds
    for kind, entry in ACTIONS.items():
        assert entry.rule.startswith(("SG-", "C-")) and entry.phases, kind.__name__
        assert all(phase in LEGAL for phase in entry.phases), kind.__name__


def test_every_phase_with_decisions_lists_them_and_has_a_name() -> None:
    assert set(LEGAL) == set(Phase) - {Phase.OVER, Phase.CLOSED}
    assert set(PHASE_NAMES) == set(Phase) - {Phase.CLOSED}


def test_every_card_has_its_rule_found_by_its_key() -> None:
    assert [c.key for c in CARDS] == sorted(RULEBOOK, key=lambda k: CARD_BY_KEY[k].num)
    for key, rule in RULEBOOK.items():
        assert rule.card is CARD_BY_KEY[key] and callable(rule.condition) and callable(rule.effect)


@pytest.mark.parametrize(
    ("action", "rule"),
    [(actions.Buy(0), "SG-4.1"), (actions.ChooseRace("nobody"), "SG-3.5")],
)
def test_a_refused_action_names_the_rule_of_its_table_entry(action: actions.Action, rule: str) -> None:
    """SG-4.1 out of its phase; its own rule in its phase (a fresh Advanced Full game starts
    with the race choice, SG-3.5)."""
    state = GAME.new_game({}, 3)
    assert state.phase == Phase.RACE
    error = reject(state, action)
    assert isinstance(error, IllegalActionError) and error.rule == rule
    with pytest.raises(IllegalActionError, match=rule):
        GAME.apply(state, action)
