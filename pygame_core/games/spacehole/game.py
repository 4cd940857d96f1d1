"""The Spacehole game object: its options (SH-A01, SH-A03), outcome (SH-9) and rules version."""

from __future__ import annotations

from typing import ClassVar

from pygame_core.events import Event
from pygame_core.game import GameBase, OptionSpec, OptionValue, Outcome, PlayerId, resolve_options
from pygame_core.game import Options as OptionMap

from . import rules, words
from .actions import CODEC, SpaceholeAction
from .events import EVENT_KINDS
from .state import Options, State
from .view import rendered_log, view

# What a step the app played by itself did, in the recap (issue 33); its results follow it.
_IDLE_WORDS = {
    "Draw": "The next card was drawn (nothing to decide before it).",
    "Pass": "Nothing could be built this turn.",
    "Discard": "The only card over the hand limit was discarded.",
    "Dismiss": "The only defender over the limit was dismissed.",
    "Choose": "The only card it could be was chosen.",
    "Repair": "The only repair was made.",
    "Play": "The only card that could be played was played.",
}


class SpaceholeGame(GameBase[State, SpaceholeAction]):
    """The Game protocol for Spacehole (one seat, id 0); the rules live in ``rules``."""

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
    RULES_VERSION = 2  # bump on any change to legal actions, their order or effect (tests/golden)
    # Links of rules version 1 (record format 1) were made before SH-7.3 was read as written
    # (issue 13): they replay under the old reading (pygame_core/record.py legacy_options).
    LEGACY_OPTIONS: ClassVar[dict[int, dict[str, OptionValue]]] = {1: {"rules": 1}}
    EVENT_KINDS = EVENT_KINDS

    def render_event(self, state: State, event: Event, viewer: PlayerId | None) -> list[str]:
        """One line per event, in the card set's names (words.py); one seat sees it all (SH-10)."""
        return [words.line(event, state.options.skin)]

    # One line per event, every event public: the view's remembered log serves these (the
    # recap asks for them on every step).
    def view_log(self, state: State, player: PlayerId | None) -> list[str]:
        return rendered_log(state.log, state.options.skin)[0]

    def log_origins(self, state: State, player: PlayerId | None) -> list[int]:
        return list(range(len(state.log)))

    IDLE_SETTING: ClassVar[str] = "Confirm every step"  # the app's switch for idle_pass (issue 33)

    def idle_pass(self, state: State) -> tuple[SpaceholeAction, str] | None:
        """A step with one legal action reveals nothing the player could react to before it (the
        next card's draw, building nothing when nothing can be built, the one card a limit
        leaves to discard): the app plays it for the player unless they asked to confirm every
        step (issue 33). The RNG is in the state, so the same steps roll the same dice."""
        legal = rules.legal_actions(state)
        if len(legal) != 1:
            return None
        action = legal[0]
        return action, _IDLE_WORDS.get(type(action).__name__, f"{action} (the only choice)")

    def progress(self, state: State) -> tuple[int, int] | None:
        """(turn, MC so far): a game's pace against the best game (issue 33; SH-9.3 scores MC)."""
        return (state.turn, state.mc) if state.turn >= 1 else None

    def new_game(self, options: OptionMap | None, seed: int) -> State:
        resolved = resolve_options(self.option_schema, options)
        opts = Options(
            str(resolved["skin"]), int(resolved["base_hits"]), str(resolved["battle_length"]), int(resolved["rules"])
        )
        return rules.new_state(opts, seed)

    def outcome(self, state: State) -> Outcome | None:
        """SH-9: a destroyed Base is a loss scoring 0; otherwise the score is the MC total."""
        if not state.over:
            return None
        if state.base_destroyed:
            base = "Hull" if state.options.skin == "babylon5" else "Base"  # SH-3: the set's names
            return Outcome((), (0,), f"the {base} was destroyed")
        # Not "the deck is spent": the log's last line says so just above it (issue 33).
        return Outcome((0,), (state.mc,), "every card was drawn, and the MC you hold is your score")


GAME = SpaceholeGame(rules, view, CODEC)
