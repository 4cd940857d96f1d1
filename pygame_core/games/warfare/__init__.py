"""Galactic Warfare (RULES.md section 3): the checkers-like dice duel, exposed as ``GAME``."""

from __future__ import annotations

from collections.abc import Sequence

from ...game import Options, OptionSpec, Outcome, PlayerId, View, Wire, resolve_options
from ...rng import Rng, Roller
from . import rules
from .actions import CODEC, Action
from .state import WarfareState
from .view import view as _view


class WarfareGame:
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

    def num_players(self, state: WarfareState) -> int:
        return 2

    def current_player(self, state: WarfareState) -> PlayerId | None:
        return rules.current_player(state)

    def legal_actions(self, state: WarfareState) -> list[Action]:
        return rules.legal_actions(state)

    def apply(self, state: WarfareState, action: Action) -> WarfareState:
        return rules.apply(state, action)

    def view(self, state: WarfareState, player: PlayerId | None) -> View:
        return _view(state, player)

    def outcome(self, state: WarfareState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, tuple(rules.ship_counts(state)), state.reason)

    def encode_action(self, action: Action) -> Wire:
        return CODEC.encode(action)

    def decode_action(self, wire: Sequence[object]) -> Action:
        return CODEC.decode(wire)  # type: ignore[return-value]

    def information_epoch(self, state: WarfareState) -> int:
        return state.epoch

    def pending_secret(self, state: WarfareState) -> bool:
        return False  # no simultaneous secret decisions in this game

    def invariant_violations(self, state: WarfareState) -> list[str]:
        return rules.invariant_violations(state)


GAME = WarfareGame()
