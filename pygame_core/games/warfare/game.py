"""The Galactic Warfare game object: its options (GW-11.3, GW-12), outcome and rules version."""

from __future__ import annotations

from ...game import GameBase, Options, OptionSpec, Outcome, resolve_options
from ...rng import Rng, Roller
from . import rules
from .actions import CODEC, Action
from .state import WarfareState
from .view import view


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

    def new_game(self, options: Options | None, seed: int) -> WarfareState:
        opts = resolve_options(self.option_schema, options)
        roller = Roller(Rng.from_seed(seed))
        return rules.new_state(opts["cards"] == "proposed_deck", int(opts["round_limit"]), roller)

    def outcome(self, state: WarfareState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, tuple(rules.ship_counts(state)), state.reason)


GAME = WarfareGame(rules, view, CODEC)
