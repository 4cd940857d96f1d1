"""The card table and colours the screen reads from the page's catalogue
(WarfareGame.screen_tables, issue 32) name what the engine plays and shows (GW-2, GW-12)."""

from __future__ import annotations

import json
import random
from typing import Any

from pygame_core.games.warfare.actions import PlayCard

from .helpers import GAME

TABLES: dict[str, Any] = json.loads(json.dumps(GAME.screen_tables()))  # as the page gets them
BY_NUMBER = {c["number"]: c for c in TABLES["cards"]}
BY_KEY = {c["key"]: c for c in TABLES["cards"]}


def test_the_colours_are_the_seats() -> None:
    assert TABLES["colours"] == GAME.view(GAME.new_game({}, 1), None)["seat_names"]


def test_every_card_held_and_played_is_in_the_table_by_its_title() -> None:
    """A played game: each hand (view keys) and each card action (numbers) is in the table,
    and the log names a played card by the table's title."""
    assert len(BY_NUMBER) == len(BY_KEY) == len(TABLES["cards"])
    rng = random.Random(7)
    played = set()
    for seed in range(1, 3):
        state = GAME.new_game({"cards": "proposed_deck"}, seed)
        for _ in range(120):
            if GAME.outcome(state) is not None:
                break
            for seat in (0, 1):
                assert set(GAME.view(state, seat).get("hand") or []) <= set(BY_KEY)
            legal = GAME.legal_actions(state)
            cards = [a for a in legal if isinstance(a, PlayCard)]
            action = rng.choice(cards if cards and rng.random() < 0.7 else legal)
            before = len(GAME.view_log(state, None))
            state = GAME.apply(state, action)
            if isinstance(action, PlayCard):
                title = BY_NUMBER[action.card]["title"]
                assert any(f"plays {title}" in line for line in GAME.view_log(state, None)[before:])
                played.add(action.card)
    assert len(played) >= 5  # the test saw a good part of the deck played
