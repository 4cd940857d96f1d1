"""Builds Spacehole states for scenario tests: cards placed by key, the rest in the deck."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pygame_core.deck import Deck
from pygame_core.games.spacehole import GAME
from pygame_core.games.spacehole.data import BASE_ID, CARDS, DECK_SIZE
from pygame_core.games.spacehole.state import CardInPlay, State, Step
from pygame_core.rng import ScriptedRng


class Cards:
    """Hands out distinct card ids by key, so a scenario never uses one card twice."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, key: str) -> int:
        for card, ct in enumerate(CARDS):
            if ct.key == key and card not in self.used:
                self.used.add(card)
                return card
        raise ValueError(f"no more {key} cards")


def scenario(
    *,
    in_play: Sequence[str | tuple[str, int]] = (),
    hand: Sequence[str] = (),
    deck_top: Sequence[str] = (),
    discard: Sequence[str] = (),
    pending: str | None = None,
    base_damage: int = 0,
    step: Step = Step.BUILD,
    dice: tuple[int, ...] | None = None,
    options: dict[str, Any] | None = None,
    deck_size: int | None = None,
    **fields: Any,
) -> State:
    """A mid-game state. ``in_play`` entries are keys or (key, damage), in play order;
    ``deck_top`` cards lie on top of the deck in order; ``dice`` scripts the RNG (C-2.7)."""
    cards = Cards()
    played = [CardInPlay(BASE_ID, base_damage)]
    for entry in in_play:
        key, damage = (entry, 0) if isinstance(entry, str) else entry
        played.append(CardInPlay(cards.take(key), damage))
    hand_ids = tuple(cards.take(k) for k in hand)
    top = [cards.take(k) for k in deck_top]
    discard_ids = tuple(cards.take(k) for k in discard)
    pending_id = cards.take(pending) if pending else None
    rest = [card for card in range(DECK_SIZE) if card not in cards.used]
    draw = (*top, *rest)
    if deck_size is not None:  # surplus cards go to the discard pile, keeping all 96
        discard_ids += tuple(draw[deck_size:])
        draw = draw[:deck_size]
    state = GAME.new_game(options or {}, 1)
    state = replace(
        state,
        deck=Deck(tuple(draw), discard_ids),
        hand=hand_ids,
        in_play=tuple(played),
        pending=pending_id,
        step=step,
        turn=fields.pop("turn", 10),
        **fields,
    )
    if dice is not None:
        state = replace(state, rng=ScriptedRng(dice))
    assert not GAME.invariant_violations(state), GAME.invariant_violations(state)
    return state


def ids_in_play(state: State, key: str) -> list[int]:
    return [p.card for p in state.in_play if p.key == key]


def find(state: State, key: str) -> CardInPlay:
    return next(p for p in state.in_play if p.key == key)
