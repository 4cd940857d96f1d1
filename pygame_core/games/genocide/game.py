"""The Space Genocide game object: its options and presets (SG-1), outcome and rules version."""

from __future__ import annotations

from typing import Any, ClassVar

from ...events import Event
from ...frozen import replace
from ...game import (
    ActionBase,
    GameBase,
    OptionError,
    Options,
    OptionSpec,
    OptionValue,
    Outcome,
    PlayerId,
    QueryError,
    resolve_options,
)
from ...rng import Rng, Roller
from ...windows import Stops
from . import actions as A
from . import arrange, rules
from .actions import CODEC
from .board import seat_name
from .cardplay.targets import REACTION_KINDS, playable
from .cards import CARD_BY_NUM
from .data import VARIANTS
from .events import EVENT_KINDS
from .state import Phase, State
from .tables import screen_tables
from .view import view
from .words import ending, log_lines, render

# SG-13.2 window kinds, as the moment a card would be played there (player's words).
_MOMENTS = {
    "start": "at the start of the turn",
    "O-move": "after that fleet's move",
    "T": "between fleet moves",
    "E0": "before the battles",
    "B-pre": "before the battle",
    "B-decl": "after the targets were declared",
    "roll": "after that roll",
    "burst": "before the space burst",
    "E-end": "after the battles",
    "M-decl": "after the launches were declared",
    "P": "before production",
}

# SG-1.1: option key -> module name in State.modules (n/a in Classic).
MODULE_OPTIONS: tuple[tuple[str, str], ...] = (
    ("module_races", "races"),
    ("module_space_burst", "burst"),
    ("module_terrain", "terrain"),
    ("module_cards", "cards"),
)

_MODULES_OFF = {key: False for key, _ in MODULE_OPTIONS}
_MODULES_ON = {key: True for key, _ in MODULE_OPTIONS}

# SG-1.2 presets: the options each one stands for. Choosing one (the ``preset`` option) makes
# these the defaults; options given alongside still override them. Advanced Full is the
# default preset and its values are every option's own default.
PRESETS: dict[str, dict[str, OptionValue]] = {
    "advanced_full": {"variant": "advanced", "production": "variant", "discard_rule": True, **_MODULES_ON},
    "advanced_basic": {"variant": "advanced", "production": "variant", "discard_rule": True, **_MODULES_OFF},
    "classic": {"variant": "classic", "production": "variant", **_MODULES_OFF},
}
PRESET_NAMES = {"advanced_full": "Advanced Full", "advanced_basic": "Advanced Basic", "classic": "Classic"}

OPTION_SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec("players", 2, minimum=2, maximum=4, label="Players (SG-16)"),
    OptionSpec(
        "preset",
        "advanced_full",
        tuple(PRESETS),
        label="Preset: Advanced Full, Advanced Basic or Classic (SG-1.2)",
        presets=tuple((name, tuple(values.items())) for name, values in PRESETS.items()),
    ),
    OptionSpec("variant", "advanced", ("advanced", "classic"), label="Variant (SG-1.1)"),
    OptionSpec(
        "production",
        "variant",
        ("variant", "resources", "draw4"),
        label="Production: the variant's own, resources or draw-4 (SG-A05)",
    ),
    OptionSpec("discard_rule", True, (True, False), label="Discard rule, Advanced (SG-9.2)"),
    OptionSpec("round_limit", 80, minimum=1, maximum=999, label="Round limit (SG-10.4)"),
    OptionSpec(
        "combat_die",
        0,
        minimum=0,
        maximum=20,
        label="Combat die sides, 0 = the variant's (d10 Classic, d6 Advanced)",
    ),
    OptionSpec("module_races", True, (False, True), label="Races, Advanced module (SG-11)"),
    OptionSpec(
        "module_space_burst", True, (False, True), label="Space burst, Advanced module (SG-7)"
    ),
    OptionSpec("module_terrain", True, (False, True), label="Terrain, Advanced module (SG-12)"),
    OptionSpec("module_cards", True, (False, True), label="Action cards, Advanced module (SG-13)"),
    # Rules 3 let a seat switch its reaction stops off (C-5.4, issue 36); rules 2 had no
    # switch. Links store indices into legal_actions, so a link replays under its own rules.
    OptionSpec("rules", 3, (3, 2), label="Rules (2 = before reaction stops could be switched off)"),
)


class GenocideGame(GameBase[State, ActionBase]):
    """Space Genocide, Classic and Advanced (RULES.md section 1); the rules live in ``rules``."""

    id = "genocide"
    title = "Space Genocide"
    min_players = 2
    max_players = 4
    option_schema = OPTION_SCHEMA
    EVENT_KINDS = EVENT_KINDS  # events.py: every kind the log holds, and which are results (issue 31)
    RULES_VERSION = 3  # bump on any change to legal actions, their order or effect (tests/golden)
    # Links of rules version 2 were made before the stop switch (C-5.4, issue 36): they replay
    # without it (pygame_core/record.py legacy_options).
    LEGACY_OPTIONS: ClassVar[dict[int, dict[str, OptionValue]]] = {2: {"rules": 2}}

    def check_options(self, options: Options | None) -> dict[str, OptionValue]:
        opts = resolve_options(self.option_schema, options)
        variant = str(opts["variant"])
        data = VARIANTS[variant]
        if (int(opts["combat_die"]) or data.combat_die) < 2:
            raise OptionError("option 'combat_die' must be 0 (the variant's die) or at least 2")
        if int(opts["players"]) * 20 > data.total:  # SG-16.2
            raise OptionError(f"option 'players': {variant} supports at most {data.total // 20}")
        return opts

    def new_game(self, options: Options | None, seed: int) -> State:
        opts = self.check_options(options)
        variant = str(opts["variant"])
        data = VARIANTS[variant]
        production = str(opts["production"])
        if production == "variant":
            production = data.default_production
        die = int(opts["combat_die"]) or data.combat_die
        players = int(opts["players"])
        state = rules.new_state(
            variant,
            production,
            bool(opts["discard_rule"]),
            die,
            players,
            int(opts["round_limit"]),
            Roller(Rng.from_seed(seed)),
            tuple(name for key, name in MODULE_OPTIONS if opts[key]),
        )
        if int(opts["rules"]) >= 3 and state.has("cards"):  # C-5.4: every stop on at first
            state = replace(state, stops=Stops(REACTION_KINDS))
        return state

    def num_players(self, state: State) -> int:
        return state.players

    def idle_pass(self, state: State) -> tuple[ActionBase, str] | None:
        """C-5.1, C-5.4, SG-13.2: at a card window where the seat to move holds no card it
        could play there, the pass and why, in a player's words; None at every other
        decision (the inline plays of Transport and battle choice are among real ones)."""
        win = state.window
        if state.phase != Phase.WINDOW or win is None:
            return None
        if playable(state, win.holder, win.stop_kind):
            return None
        if win.chain:
            last = win.chain[-1]
            moment = f"to answer {seat_name(last.player, state.players)}'s {CARD_BY_NUM[last.card].name}"
        else:
            moment = _MOMENTS.get(win.kind, "at this moment")
        return A.Pass(), f"You held no card to play {moment}, so you passed."

    @staticmethod
    def screen_tables() -> dict[str, object]:
        """The rule tables the screen shows (ships, races, cards, terrain), written into the
        page's catalogue by the build (one source: the screen re-types none of them)."""
        return screen_tables()

    def view_log(self, state: State, player: PlayerId | None) -> list[str]:
        return log_lines(state, player)  # the view's log without the rest of the view

    def event_facts(self, event: Event) -> dict[str, Any]:
        """C-2.8, SG-14.1: a random pick over something hidden keeps its values out of the page,
        as its words do (the index of a pick tells what the other seats hold)."""
        fields = super().event_facts(event)
        if event.kind == "roll" and fields.get("pick"):
            return {k: v for k, v in fields.items() if k != "values"}
        return fields

    def render_event(self, state: State, event: Event, viewer: PlayerId | None) -> list[str]:
        return render(state, event, viewer)  # words.py: the one renderer (issue 31)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != Phase.OVER:
            return None
        end = ending(state)  # the planets each seat kept, and why it ended, in words (SG-10)
        assert end is not None
        reason, kept = end
        return Outcome(state.winners, kept, reason)

    def query(self, state: State, player: PlayerId | None, question: str, payload: Any) -> dict[str, Any]:
        """"arrange": "Arrange for me", the draft of ``player``'s secret setup completed into
        one the rules accept (arrange.py, SG-3.6, SG-3.8), from that seat's view only (C-4.2),
        and only while that seat is the one setting up."""
        if question != "arrange":
            return super().query(state, player, question, payload)
        if player is None or self.current_player(state) != player or not isinstance(payload, dict):
            raise QueryError("only the seat setting up may ask for its arrangement")
        return arrange.suggest(view(state, player), payload)

    def pending_secret(self, state: State) -> bool:
        """C-4.1: setup choices (SG-3.6, SG-3.8), B3 and burst declarations are PENDING until
        all are in."""
        if state.phase in (Phase.TYPES, Phase.FLEETS):
            return bool(state.placements) or any(p.ptype for p in state.planets)
        if state.phase == Phase.BURST:  # SG-7.2: burst declarations are PENDING too
            return state.burst is not None and bool(state.burst.declarations)
        return state.phase == Phase.DECLARE and state.battle is not None and bool(state.battle.declarations)


GAME = GenocideGame(rules, view, CODEC)
