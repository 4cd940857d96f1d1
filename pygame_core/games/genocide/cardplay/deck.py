"""The card deck (SG-13.1, SG-3.9): the deal, draws with reshuffles, the hand limit."""

from __future__ import annotations

from ....deck import Deck
from ....rng import Roller
from .. import cards as K
from ..cards import CARDS
from ..state import Phase, State
from ..work import Work


def deal(roller: Roller, order: tuple[int, ...], players: int) -> tuple[Deck, tuple[tuple[int, ...], ...]]:
    """SG-3.9: the 42 cards in table order, shuffled once; 3 each, one at a time, from P1."""
    deck = Deck.shuffled((c.num for c in CARDS), roller, "SG.cards.shuffle sealed")
    hands: list[list[int]] = [[] for _ in range(players)]
    for _ in range(K.DEAL):
        for seat in order:
            card, deck = deck.draw()
            assert card is not None
            hands[seat].append(card)
    return deck, tuple(tuple(sorted(h)) for h in hands)


def draw_cards(w: Work, seat: int, count: int) -> None:
    """SG-13.1 / SG-A57: draw from the top; an empty deck is refilled by shuffling the discard
    pile (which ends any Data Analysis knowledge); with both empty nothing is drawn."""
    deck = w.deck
    assert isinstance(deck, Deck)
    hands = list(w.cards)
    got = []
    for _ in range(count):
        reshuffle = not deck.draw_pile and bool(deck.discard_pile)
        card, deck = deck.draw(w.roller, "SG.cards.reshuffle sealed")
        if reshuffle:
            w.emit("deck_reshuffled", count=len(deck.draw_pile) + (card is not None))
            w.analysis = ()
        if card is None:
            break
        got.append(card)
    hands[seat] = tuple(sorted((*hands[seat], *got)))
    w.deck = deck
    w.cards = tuple(hands)
    if got:
        w.revealed = True
        w.emit("cards_drawn", seat=seat, count=len(got))
        w.emit("cards_drawn_own", seat, seat=seat, cards=tuple(got))


def over_hand_limit(w: Work) -> bool:
    """SG-4.1 step 5.2 / SG-A65: the active player discards down to 7, one card at a time."""
    hand = w.cards[w.active]
    if len(hand) <= K.HAND_LIMIT:
        return False
    w.phase = Phase.HAND_LIMIT
    return True


def hand(state: State, seat: int) -> tuple[int, ...]:
    return state.cards[seat] if state.cards else ()
