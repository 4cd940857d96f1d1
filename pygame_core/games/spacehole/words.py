"""Spacehole's one renderer (issue 31): an event of the log in the player's words, in a card set's names.

Cards come as ids, named here in the chosen set (SH-3.2: the Babylon 5 set renames cards and
a few terms), with the verb agreeing with the name ("Space Pirates roll", "The Warstar rolls")
and counts spelt out ("1 hit", "2 hits"). The page's log shows the words without rule IDs;
its "rule references" toggle shows the same words with them (``refs=True``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from pygame_core.events import Event

from .data import BASE_ID, card_type, skin_text

_PLURAL_NAMES = {"Little Green Men"}
_SINGULAR = {"attack": "attacks", "roll": "rolls", "withdraw": "withdraws", "are": "is",
             "are destroyed": "is destroyed", "scout ahead": "scouts ahead"}


def card_name(card: int, skin: str) -> str:
    """A card's name in ``skin`` ("babylon5" renames cards, SH-3.2)."""
    ct = card_type(card)
    return ct.b5_name if skin == "babylon5" else ct.name


def is_plural(name: str) -> bool:
    """Whether a card's name reads as a plural ("Space Pirates", not "The Warstar")."""
    return name in _PLURAL_NAMES or (name.endswith("s") and not name.endswith(("ss", "us")))


def counted(n: int, noun: str) -> str:
    """``n`` and the noun in the number it takes: "1 round", "3 rounds"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


class _Say:
    """The pieces of one line: card names in the set's names, verbs that agree with them."""

    def __init__(self, skin: str, refs: bool) -> None:
        self.skin = skin
        self.refs = refs

    def name(self, card: int) -> str:
        return card_name(card, self.skin)

    def does(self, card: int, verb: str) -> str:
        """The card's name and ``verb`` (given in the plural) agreeing with it."""
        name = self.name(card)
        return f"{name} {verb if is_plural(name) else _SINGULAR[verb]}"

    def text(self, words: str) -> str:
        """Fixed words of a line, with the set's terms (SH-3.2: "Agrodomes" -> "Gardens")."""
        return skin_text(words, self.skin)

    def ref(self, e: Event) -> str:
        """The rule a line cites, for the references toggle only (issue 13)."""
        rule = e.get("rule")
        return f" ({rule})" if self.refs and isinstance(rule, str) else ""


def _dice(dice: tuple[int, ...]) -> str:
    return " ".join(map(str, dice)) or "no dice"


def _round(s: _Say, e: Event) -> str:
    """SH-6.1: one simultaneous round, its dice (each 1 a hit), and the cards the hits landed on."""
    invader_dice, colony_dice = e.nums("invader_dice"), e.nums("colony_dice")
    line = (
        f"Round {e.num('round')}: {s.does(e.num('by'), 'roll')} {_dice(invader_dice)} "
        f"({counted(invader_dice.count(1), 'hit')}); you roll {_dice(colony_dice)} "
        f"({counted(colony_dice.count(1), 'hit')})."
    )
    return line + "".join(f" {s.does(card, 'are')} hit." for card in e.nums("hits_on"))


def _income(s: _Say, e: Event) -> str:
    note = " (Seismic Events: no income this turn)" if e.flag("seismic") else ""
    return (
        f"Power {e.num('used')}/{e.num('supply')}; income +{e.num('income')} MC{note}, "
        f"total {e.num('total')} MC."
    )


_LINES: dict[str, Callable[[_Say, Event], str]] = {
    "colony_founded": lambda s, e: s.text("A new colony: the Base stands alone."),
    "played": lambda s, e: f"Build: {s.name(e.num('card'))} enters play.",
    "repaired": lambda s, e: f"Build: no card played; {s.does(e.num('card'), 'are')} fully repaired{s.ref(e)}.",
    "built_nothing": lambda s, e: "Build: nothing played.",
    "drew": lambda s, e: f"Turn {e.num('turn')}: drew {s.name(e.num('card'))}.",
    "dismissed": lambda s, e: f"Too many defenders: {s.does(e.num('card'), 'are')} dismissed{s.ref(e)}.",
    "discarded": lambda s, e: f"Hand over its limit: discarded {s.name(e.num('card'))}{s.ref(e)}.",
    "scouted": lambda s, e: (
        f"{s.does(e.num('card'), 'scout ahead')} (rolled {e.num('roll')}): "
        f"you see the next {counted(e.num('seen'), 'card')}."
    ),
    "virus_lost": lambda s, e: f"Space Virus: {s.does(e.num('card'), 'are')} lost{s.ref(e)}.",
    "returned": lambda s, e: f"{s.name(e.num('by'))}: {s.name(e.num('card'))} returns to your hand{s.ref(e)}.",
    "replaced": lambda s, e: f"{s.name(e.num('card'))} leaves play to make room{s.ref(e)}.",
    "artifact_discarded": lambda s, e: (
        f"{s.text('No Lab remains')}: {s.does(e.num('card'), 'are')} discarded{s.ref(e)}."
    ),
    "income": _income,
    "deck_spent": lambda s, e: f"The deck is spent. Final score: {e.num('mc')} MC.",
    "invasion": lambda s, e: f"Invasion! {s.does(e.num('by'), 'attack')} with Force {e.num('force')}.",
    "battle_round": _round,
    "battle_over": lambda s, e: (
        f"{s.does(e.num('by'), 'are destroyed' if e.flag('destroyed') else 'withdraw')} "
        f"after {counted(e.num('rounds'), 'round')}."
    ),
    "base_destroyed": lambda s, e: (
        f"The {s.does(BASE_ID, 'are')} destroyed. The colony is lost: score 0{s.ref(e)}."
    ),
    "flare_damage": lambda s, e: f"{s.name(e.num('by'))}: {s.name(e.num('card'))} takes 1 damage.",
    "flare_spent": lambda s, e: f"{s.name(e.num('by'))}: no defender left to hit; the rest is lost.",
    "no_defender": lambda s, e: "No defender to lose.",
    "lost": lambda s, e: f"{s.name(e.num('by'))}: {s.does(e.num('card'), 'are')} lost.",
    "base_hit": lambda s, e: f"{s.name(e.num('by'))}: the {s.does(BASE_ID, 'are')} hit and takes 1 damage.",
    "destroyed": lambda s, e: f"{s.name(e.num('by'))}: {s.does(e.num('card'), 'are')} destroyed.",
    "nothing_lost": lambda s, e: f"{s.name(e.num('by'))}: nothing to lose{s.ref(e)}.",
    "mc_gained": lambda s, e: f"{s.name(e.num('by'))}: +{e.num('gain')} MC ({s.text(e.text('per'))}).",
    "mc_lost": lambda s, e: f"{s.name(e.num('by'))}: -{e.num('loss')} MC.",
    "hand_discarded": lambda s, e: (
        f"{s.name(e.num('by'))}: your hand of {counted(e.num('count'), 'card')} is discarded."
    ),
    "all_repaired": lambda s, e: f"{s.name(e.num('by'))}: all damage is removed.",
    "terraformed": lambda s, e: (
        f"{s.name(e.num('by'))}: {s.text('powered Agrodomes yield 2 MC more for the rest of the game')}{s.ref(e)}."
    ),
    "seismic": lambda s, e: f"{s.name(e.num('by'))}: no income this turn.",
    "no_effect": lambda s, e: f"{s.name(e.num('by'))}: nothing to choose, no effect.",
}


@functools.lru_cache(maxsize=32768)  # events are frozen and a log only grows: each is worded once
def line(e: Event, skin: str, refs: bool = False) -> str:
    """The player's words for event ``e`` in card set ``skin``; with ``refs``, the rule IDs too."""
    return _LINES[e.kind](_Say(skin, refs), e)
