"""The Minimal Space Combat game object: its options (MSC-4.1, MSC-10, MSC-A02), outcome and rules version."""

from __future__ import annotations

from typing import Any, ClassVar

from ...events import Event
from ...game import (
    GameBase,
    Options,
    OptionSpec,
    OptionValue,
    Outcome,
    PlayerId,
    QueryError,
)
from ...hexgrid import Hex, HexMap
from ...rng import Rng
from . import designs, rules, words
from .actions import CODEC, Action, HoldFire, SetSpeed, Submit
from .data import (
    DEPLOY_COLS,
    MAX_SHIP_BP,
    MAX_TURNS_HARD,
    PRESETS,
    SIDE_NAMES,
    STAT_LIMITS,
    TEMPLATES,
    WEAPON_COST,
    WEAPON_SIDES,
)
from .events import EVENT_KINDS
from .state import SkirmishState
from .view import armed_arcs, view

CUSTOM: tuple[str, OptionValue] = ("scenario", "custom")  # MSC-4.1: the limits a custom scenario sets
OPTION_SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec("scenario", "duel", ("duel", "skirmish", "fleet", "custom"), label="Scenario (MSC-4.1)"),
    OptionSpec(
        "victory",
        "annihilation_or_score",
        ("annihilation_or_score", "annihilation_only"),
        label="Victory (MSC-10)",
    ),
    OptionSpec("turn_limit", 30, minimum=1, maximum=MAX_TURNS_HARD, label="Turn limit (MSC-10.2)"),
    OptionSpec("width", 24, minimum=2 * DEPLOY_COLS + 2, maximum=60, label="Map columns (MSC-A02)"),
    OptionSpec("height", 18, minimum=4, maximum=40, label="Map rows (MSC-A02)"),
    OptionSpec("ships", 2, minimum=1, maximum=8, label="Custom: ships per side", applies=CUSTOM),
    OptionSpec("budget", 30, minimum=1, maximum=200, label="Custom: BP per side", applies=CUSTOM),
    OptionSpec("ship_bp", 15, minimum=1, maximum=25, label="Custom: max BP per ship", applies=CUSTOM),
)


class SkirmishGame(GameBase[SkirmishState, Action]):
    """The Game protocol for Minimal Space Combat; the rules live in ``rules``."""

    id = "skirmish"
    title = "Minimal Space Combat"
    min_players = 2
    max_players = 2
    option_schema = OPTION_SCHEMA
    RULES_VERSION = 2  # bump on any change to legal actions, their order or effect (tests/golden)
    EVENT_KINDS = EVENT_KINDS

    def render_event(self, state: SkirmishState, event: Event, viewer: PlayerId | None) -> list[str]:
        """The event's line and any dice record lines (words.py); every event is public (MSC-11)."""
        return words.lines(event)

    def new_game(self, options: Options | None, seed: int) -> SkirmishState:
        opts = self.check_options(options)
        scenario = str(opts["scenario"])
        if scenario == "custom":
            ships, budget, ship_bp = int(opts["ships"]), int(opts["budget"]), int(opts["ship_bp"])
        else:
            preset = PRESETS[scenario]
            ships, budget, ship_bp = preset.ships, preset.budget, preset.ship_bp
        return SkirmishState(
            width=int(opts["width"]),
            height=int(opts["height"]),
            scenario=scenario,
            max_ships=ships,
            budget=budget,
            ship_bp=ship_bp,
            turn_limit=int(opts["turn_limit"]),
            victory=str(opts["victory"]),
            rng=Rng.from_seed(seed),
        )

    def outcome(self, state: SkirmishState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, rules.scores(state), state.result)

    IDLE_SETTING: ClassVar[str] = "Confirm every step"  # the app's switch for idle_pass (issue 33)

    def idle_pass(self, state: SkirmishState) -> tuple[Action, str] | None:
        """A step of the orders or the combat with one legal action (issue 36): a SPEED its ENGINE
        leaves no choice of (ENGINE 0: SPEED 0), the Submit once every ship has its orders, Hold
        fire with no shot in any arc. The app plays it for the player unless they asked to
        confirm every step; it tells nothing a player could react to. The designs and the
        deployment end with the player's own Submit (a last look at the fleet or the facing)."""
        if state.phase not in ("orders", "combat"):
            return None
        legal = rules.legal_actions(state)
        if len(legal) != 1:
            return None
        action = legal[0]
        if isinstance(action, SetSpeed):
            return action, f"SPEED {action.speed}: the only SPEED this ship's ENGINE allows."
        if isinstance(action, Submit):
            return action, "Every ship had its orders: submitted."
        if isinstance(action, HoldFire):
            return action, "No weapon could fire at any enemy: held fire."
        return None

    @staticmethod
    def screen_tables() -> dict[str, object]:
        """The tables the design screen shows and checks a fleet by, written into the page's
        catalogue by the build (one source: the screen re-types none of them): the example
        designs (MSC-2.2), the stat limits and weapon cost (MSC-2.1, MSC-A06), the most a ship
        may cost (MSC-2.3) and the scenarios' limits (MSC-4.1). Weapons are side names in the
        order the custom design asks for them (``WEAPON_SIDES``)."""
        return {
            "templates": {
                key: {"name": words.TEMPLATE_WORDS[key], "engine": engine, "shields": shields, "to_hit": to_hit,
                      "weapons": [SIDE_NAMES[s] for s in WEAPON_SIDES if s in sides],
                      "bp": rules.design_template(key).bp}
                for key, (engine, shields, to_hit, sides) in TEMPLATES.items()
            },
            "weapon_order": [SIDE_NAMES[s] for s in WEAPON_SIDES],
            "stat_limits": {stat: list(limits) for stat, limits in STAT_LIMITS.items()},
            "weapon_cost": WEAPON_COST,
            "max_ship_bp": MAX_SHIP_BP,
            "presets": {k: {"ships": p.ships, "budget": p.budget, "ship_bp": p.ship_bp} for k, p in PRESETS.items()},
            # The setup screen is drawn before the engine starts: each scenario's quick start and
            # one-design fleets, worked out here (a custom scenario's for its default limits).
            "picks": {k: designs.standard_picks(*limits) for k, limits in _setup_limits().items()},
        }

    def query(self, state: SkirmishState, player: PlayerId | None, question: str, payload: Any) -> dict[str, Any]:
        """"design": the designer's half-made designs and fleet judged (designs.py, MSC-2.3);
        "arcs": where a ship could fire from a pose its orders being plotted would take it to."""
        if question == "design":
            return designs.answer(state, player, payload)
        if question == "arcs":
            return _arcs_at(state, payload)
        return super().query(state, player, question, payload)

    def pending_secret(self, state: SkirmishState) -> bool:
        """Some side has made part of a secret design, deployment or order (MSC-11.2)."""
        return any(p != type(p)() for p in state.plans)


def _setup_limits() -> dict[str, tuple[int, int, int]]:
    """Ships, budget and BP a ship of each scenario (MSC-4.1), a custom one's by its defaults."""
    out = {k: (p.ships, p.budget, p.ship_bp) for k, p in PRESETS.items()}
    default = {spec.key: spec.default for spec in OPTION_SCHEMA}
    custom = (default["ships"], default["budget"], default["ship_bp"])
    if all(isinstance(x, int) for x in custom):
        out["custom"] = (int(custom[0]), int(custom[1]), int(custom[2]))
    return out


def _arcs_at(state: SkirmishState, payload: Any) -> dict[str, Any]:
    """The "arcs" question, {"ship", "col", "row", "facing"}: the hexes each intact weapon of that
    ship could fire at were it there (``armed_arcs``, MSC-3.4, MSC-9.3), for the page to draw at
    the end of the orders being plotted. Weapons and the map are public (MSC-11.1)."""
    if not isinstance(payload, dict):
        raise QueryError("the question is an object")
    values = [payload.get(k) for k in ("ship", "col", "row", "facing")]
    if not all(type(x) is int for x in values):
        raise QueryError("ship, col, row and facing are whole numbers")
    ship, col, row, facing = (int(x) for x in values if type(x) is int)
    grid = HexMap(state.width, state.height)
    if not 0 <= ship < len(state.ships) or not grid.contains(Hex(col, row)) or not 0 <= facing < 6:
        raise QueryError("no such ship, hex on the map or facing (0..5)")
    return {"arcs": armed_arcs(state.ships[ship], col, row, facing, grid)}


GAME = SkirmishGame(rules, view, CODEC)
