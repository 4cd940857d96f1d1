"""Links made before SH-7.3 was read as written (issue 13) replay to the same games.

``data/golden_links.json`` holds 640 whole games (every option set, a random and a
card-playing policy) encoded by the engine before the change (record format 1), with a
digest of each final state (golden.py). Links store indices into ``legal_actions`` and skip
decisions with a single choice (pygame_core/codec.py); the new reading offers plays the old
one refused, which can turn a one-choice decision into a two-choice one. So a format-1 link
replays under ``rules: 1`` (Spacehole.LEGACY_OPTIONS, applied by the codec): all 640 reach the
very same final state. Read under today's rules instead, 2 of them would change.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from pygame_core import Match
from pygame_core.codec import _VarintReader, decode_match, read_header
from pygame_core.game import RecordError
from pygame_core.games.spacehole import GAME, rules
from pygame_core.games.spacehole.actions import Play
from pygame_core.games.spacehole.data import Kind, card_type
from tests.games.spacehole.golden import DATA, digest


@functools.cache
def _games() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(DATA.read_text())
    return games


def test_old_links_decode_to_the_same_final_states() -> None:
    games = _games()
    assert len(games) == 640
    for game in games:
        header = read_header(game["link"])
        assert header.options.get("rules") == 1  # format 1 implies the old reading
        match = decode_match(game["link"])
        assert len(match.record.actions) == game["actions"]
        assert digest(match.state) == game["final"], (game["policy"], game["options"], game["seed"])


def _replay_under_todays_rules(link: str) -> tuple[Any, list[Any]]:
    header = read_header(link)
    state = Match.start("spacehole", {**header.options, "rules": 2}, header.seed).state
    states = [state]
    reader = _VarintReader(header.choices)
    for _ in range(header.action_count):
        legal = GAME.legal_actions(state)
        index = reader.next() if len(legal) > 1 else 0
        if index >= len(legal):
            raise RecordError("index out of range")
        state = GAME.apply(state, legal[index])
        states.append(state)
    return state, states


def test_the_new_reading_would_change_few_old_links() -> None:
    """Why the format changed: under today's rules 2 of the 640 read differently, although
    the newly legal plays are listed after every older choice (so indices hold elsewhere)."""
    changed, offered = [], 0
    for game in _games():
        try:
            final, states = _replay_under_todays_rules(game["link"])
        except (RecordError, IndexError, ValueError):
            changed.append((game["policy"], game["seed"]))
            continue
        if digest(final) != game["final"]:
            changed.append((game["policy"], game["seed"]))
            continue
        for state in states:
            if state.over or state.step.value != "build" or rules.pending_interrupt(state):
                continue
            plays = [a for a in rules.legal_actions(state) if isinstance(a, Play)]
            offered += any(
                card_type(a.card).kind == Kind.STRUCTURE and not rules._legal_before_issue_13(state, a.card)
                for a in plays
            )
    assert offered > 0
    assert len(changed) == 2, changed
