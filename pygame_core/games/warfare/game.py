"""The Galactic Warfare game object: its options (GW-11.3, GW-12), outcome and rules version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ...events import Event, EventKind
from ...game import GameBase, Options, OptionSpec, Outcome, PlayerId, resolve_options
from ...rng import Rng, Roller
from . import cards, rules, words
from .actions import CODEC, Action, PassWindow, PlayCard
from .board import COLOUR_NAMES
from .events import EVENT_KINDS
from .state import WINDOW, WarfareState
from .view import view

# C-5.1 window kinds, as the moment a card would be played there (player's words).
_MOMENTS = {
    cards.BEFORE_MOVE: "to answer that card",
    cards.BATTLE: "before the battle dice",
    cards.AFTER_ROLL: "after the battle dice",
    cards.AFTER_WIN: "after the won battle",
    cards.AFTER_LOSS: "after the lost battle",
}


class WarfareGame(GameBase[WarfareState, Action]):
    """The Game protocol for Galactic Warfare; the rules live in ``rules``."""

    id = "warfare"
    title = "Galactic Warfare"
    min_players = 2
    max_players = 2
    option_schema: tuple[OptionSpec, ...] = (
        OptionSpec("cards", "off", ("off", "proposed_deck"), label="Cards (GW-12, invented deck)"),
        OptionSpec("round_limit", 150, minimum=10, maximum=1000, label="Round limit (GW-11.3)"),
    )
    RULES_VERSION = 2  # bump on any change to legal actions, their order or effect (tests/golden)
    EVENT_KINDS: ClassVar[Mapping[str, EventKind]] = EVENT_KINDS

    def render_event(self, state: WarfareState, event: Event, viewer: PlayerId | None) -> list[str]:
        """One line for every event, the same for every viewer: the whole log is public (GW-13)."""
        return [words.render(event)]

    def view_log(self, state: WarfareState, player: PlayerId | None) -> list[str]:
        # The view's own reading (words.py reads a log on from its cached prefix).
        return list(words.reader(state.log).out)

    def log_origins(self, state: WarfareState, player: PlayerId | None) -> list[int]:
        return list(range(len(state.log)))  # one public line per event

    def new_game(self, options: Options | None, seed: int) -> WarfareState:
        opts = resolve_options(self.option_schema, options)
        roller = Roller(Rng.from_seed(seed))
        return rules.new_state(opts["cards"] == "proposed_deck", int(opts["round_limit"]), roller)

    def idle_pass(self, state: WarfareState) -> tuple[Action, str] | None:
        """C-5.1, C-5.4: at a card window where the seat to move holds no card it could play
        there, the plain pass (its stop settings kept) and why, in a player's words ("No card to
        play before the battle dice: passed.")."""
        if state.phase != WINDOW or state.window is None:
            return None
        legal = rules.legal_actions(state)
        if any(isinstance(a, PlayCard) for a in legal):
            return None
        w = state.window
        if w.chain:
            last = w.chain[-1]
            title = cards.BY_NUMBER[cards.kind_of(last.card)].title
            moment = f"to answer {COLOUR_NAMES[last.player]}'s {title}"
        else:
            moment = _MOMENTS.get(w.kind, "at this moment")
        # Neutral words: the recap names the seat ("You", or a seat's name) beside them.
        return PassWindow(False), f"No card to play {moment}: passed."

    @staticmethod
    def screen_tables() -> dict[str, object]:
        """The tables the screen words its cards and seats by, written into the page's catalogue
        by the build (one source: the screen re-types none of them): each card's # (what an
        action names), key (what the view names) and title (GW-12), and the colours (GW-2)."""
        return {
            "cards": [{"number": k.number, "key": k.key, "title": k.title} for k in cards.KINDS],
            "colours": list(COLOUR_NAMES),
        }

    def outcome(self, state: WarfareState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, tuple(rules.ship_counts(state)), state.reason)


GAME = WarfareGame(rules, view, CODEC)
