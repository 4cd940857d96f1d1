"""A draw pile and discard pile of card ids, with seeded shuffles: the one deck every game uses."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .rng import Roller


@dataclass(frozen=True)
class Deck:
    """``draw_pile[0]`` is the top card. Card ids are ints; their meaning is the game's.

    The draw order is SEALED information (C-4.1): views show ``len(draw_pile)`` only.
    """

    draw_pile: tuple[int, ...] = ()
    discard_pile: tuple[int, ...] = ()

    @staticmethod
    def shuffled(cards: Iterable[int], roller: Roller, purpose: str) -> Deck:
        """A new deck: ``cards`` in canonical (sorted) order, shuffled once (C-2.3)."""
        return Deck(tuple(roller.shuffle(sorted(cards), purpose)))

    def __len__(self) -> int:
        return len(self.draw_pile)

    def draw(self, roller: Roller | None = None, purpose: str = "reshuffle") -> tuple[int | None, Deck]:
        """Take the top card. An empty pile is refilled from the shuffled discards when a
        ``roller`` is given (games that reshuffle); otherwise the draw gives ``None``."""
        deck = self
        if not deck.draw_pile and roller is not None and deck.discard_pile:
            deck = Deck.shuffled(deck.discard_pile, roller, purpose)
        if not deck.draw_pile:
            return None, deck
        return deck.draw_pile[0], replace(deck, draw_pile=deck.draw_pile[1:])

    def discard(self, *cards: int) -> Deck:
        return replace(self, discard_pile=(*self.discard_pile, *cards))

    def take_from_discard(self, card: int) -> Deck:
        """Remove one copy of ``card`` from the discard pile (it must be there)."""
        pile = list(self.discard_pile)
        pile.remove(card)
        return replace(self, discard_pile=tuple(pile))

    def peek(self, count: int) -> tuple[int, ...]:
        """The top ``count`` cards, in order, without changing the deck."""
        return self.draw_pile[:count]
