"""Spacehole: the solo dice-and-card colony game and its Babylon 5 card set (RULES.md section 2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pygame_core.game import Options as OptionMap
from pygame_core.game import OptionSpec, OptionValue, Outcome, PlayerId, View, Wire, resolve_options

from . import rules
from .actions import CODEC, SpaceholeAction
from .data import DECK_SIZE, Kind
from .state import Options, State
from .view import describe, view

__all__ = ["GAME", "Spacehole", "State", "describe"]


class Spacehole:
    """The Game protocol for Spacehole (one seat, id 0)."""

    id = "spacehole"
    title = "Spacehole"
    min_players = 1
    max_players = 1
    option_schema = (
        OptionSpec("skin", "spacehole", ("spacehole", "babylon5"), label="Card set"),
        OptionSpec("base_hits", 10, (10, 5), label="Base hits (5 = Hard)"),  # SH-A01
        OptionSpec("battle_length", "force_rounds", ("force_rounds", "to_the_death"),
                   label="Battles (to_the_death = Hardcore)"),  # SH-A03
        # Which reading of SH-7.3 decides structure plays: 2, as written (issue 13); 1, the
        # reading before, under which links made before the change were recorded. Links
        # store indices into legal_actions, so a link must replay under its own reading.
        OptionSpec("rules", 2, (2, 1), label="Rules (1 = the SH-7.3 reading before issue 13)"),
    )

    # Links of rules version 1 (record format 1) were made before SH-7.3 was read as written
    # (issue 13): they replay under the old reading (pygame_core/record.py legacy_options).
    LEGACY_OPTIONS: ClassVar[dict[int, dict[str, OptionValue]]] = {1: {"rules": 1}}
    RULES_VERSION = 2  # bump on any change to legal actions, their order or effect (tests/golden)

    def new_game(self, options: OptionMap | None, seed: int) -> State:
        resolved = resolve_options(self.option_schema, options)
        opts = Options(
            str(resolved["skin"]), int(resolved["base_hits"]), str(resolved["battle_length"]), int(resolved["rules"])
        )
        return rules.new_state(opts, seed)

    def num_players(self, state: State) -> int:
        return 1

    def current_player(self, state: State) -> PlayerId | None:
        return None if state.over else 0

    def legal_actions(self, state: State) -> list[SpaceholeAction]:
        return rules.legal_actions(state)

    def apply(self, state: State, action: SpaceholeAction) -> State:
        return rules.apply(state, action)

    def view(self, state: State, player: PlayerId | None) -> View:
        return view(state, player)

    def outcome(self, state: State) -> Outcome | None:
        """SH-9: a destroyed Base is a loss scoring 0; otherwise the score is the MC total."""
        if not state.over:
            return None
        if state.base_destroyed:
            base = "Hull" if state.options.skin == "babylon5" else "Base"  # SH-3: the set's names
            return Outcome((), (0,), f"the {base} was destroyed")
        return Outcome((0,), (state.mc,), "the deck is spent")

    def encode_action(self, action: SpaceholeAction) -> Wire:
        return CODEC.encode(action)

    def decode_action(self, wire: Sequence[object]) -> SpaceholeAction:
        return CODEC.decode(wire)  # type: ignore[return-value]

    def information_epoch(self, state: State) -> int:
        return state.epoch

    def pending_secret(self, state: State) -> bool:
        return False  # no simultaneous secret decisions in this game

    def invariant_violations(self, state: State) -> list[str]:
        problems = []
        cards = [
            *state.deck.draw_pile, *state.hand, *state.deck.discard_pile,
            *(p.card for p in state.in_play[1:]), *([] if state.pending is None else [state.pending]),
        ]
        if sorted(cards) != list(range(DECK_SIZE)):
            problems.append(f"card conservation: {len(cards)} cards, {len(set(cards))} distinct")
        if state.mc < 0:
            problems.append("MC below 0")
        if any(p.damage < 0 for p in state.in_play):
            problems.append("negative damage")
        if state.in_play[0].kind != Kind.BASE:
            problems.append("the Base is not first in play")
        if not state.over and state.base.damage >= state.options.base_hits:
            problems.append("the Base should be destroyed")
        if any(p.kind == Kind.DEFENDER and rules.current_force(p) <= 0 for p in state.in_play):
            problems.append("a defender at 0 Force is still in play")
        settled = not state.over and rules.pending_interrupt(state) is None
        if settled and len(state.of_kind(Kind.DEFENDER)) > rules.defender_cap(state):
            problems.append("over the defender cap")
        return problems


GAME = Spacehole()
