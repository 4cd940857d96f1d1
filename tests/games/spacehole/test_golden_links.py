"""Links made before SH-7.3 was read as written (issue 13) replay to the same games.

``data/golden_links.json`` holds 640 whole games (every option set, a random and a
card-playing policy) encoded by the engine before the change, with a digest of each final
state (golden.py). Links store indices into ``legal_actions`` and skip decisions with one
choice (pygame_core/codec.py); the new reading offers plays the old one refused, so it can
turn a one-choice decision into a two-choice one. Two of these 640 links read differently
under today's rules; under ``rules: 1`` (the old reading, kept as an option) all 640 replay
to the very same final state. Links made before the change must be read with ``rules: 1``:
that is the record-format change asked for in the issue 13 report (a format-1 link implies
the game's legacy options).
"""

from __future__ import annotations

import json
from typing import Any

from pygame_core import Match
from pygame_core.codec import _VarintReader, decode_match, read_header
from pygame_core.game import RecordError
from pygame_core.games.spacehole import GAME, rules
from pygame_core.games.spacehole.actions import Play
from pygame_core.games.spacehole.data import Kind, card_type
from tests.games.spacehole.golden import DATA, digest


def _replay(link: str, extra: dict[str, Any]) -> Any:
    """Decode a link as the codec does, with ``extra`` options added to its header."""
    header = read_header(link)
    state = Match.start("spacehole", {**header.options, **extra}, header.seed).state
    reader = _VarintReader(header.choices)
    for _ in range(header.action_count):
        legal = GAME.legal_actions(state)
        index = reader.next() if len(legal) > 1 else 0
        state = GAME.apply(state, legal[index])
    assert reader.at_end()
    return state


def test_old_links_replay_under_the_old_reading() -> None:
    games = json.loads(DATA.read_text())
    assert len(games) == 640
    for game in games:
        assert digest(_replay(game["link"], {"rules": 1})) == game["final"], (game["policy"], game["seed"])


def test_the_new_reading_changes_few_old_links_and_keeps_their_indices() -> None:
    """Under today's rules the old links still decode (the newly legal plays are listed after
    every older choice), except where a one-choice decision became a two-choice one."""
    changed, offered = [], 0
    for game in json.loads(DATA.read_text()):
        try:
            match = decode_match(game["link"])
            same = digest(match.state) == game["final"]
        except RecordError:
            same, match = False, None
        if not same:
            changed.append((game["policy"], game["seed"]))
            continue
        assert match is not None
        for state in match.states:
            if state.over or state.step.value != "build" or rules.pending_interrupt(state):
                continue
            plays = [a for a in rules.legal_actions(state) if isinstance(a, Play)]
            offered += any(
                card_type(a.card).kind == Kind.STRUCTURE and not rules._legal_before_issue_13(state, a.card)
                for a in plays
            )
    assert offered > 0  # the new reading matters in these games, yet their indices held
    assert len(changed) == 2, changed
