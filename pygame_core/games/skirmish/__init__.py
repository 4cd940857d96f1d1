"""Minimal Space Combat (RULES.md section 4): designed ships, plotted movement, arcs and fire."""

from __future__ import annotations

from collections.abc import Sequence

from ...game import OptionError, Options, OptionSpec, Outcome, PlayerId, View, Wire, resolve_options
from ...hexgrid import HexMap
from ...rng import Rng
from . import rules
from .actions import CODEC, Action
from .data import DEPLOY_COLS, MAX_TURNS_HARD, PRESETS, STAT_LIMITS
from .rules import current_seat
from .state import SkirmishState
from .view import view as _view

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
    OptionSpec("ships", 2, minimum=1, maximum=8, label="Custom: ships per side"),
    OptionSpec("budget", 30, minimum=1, maximum=200, label="Custom: BP per side"),
    OptionSpec("ship_bp", 15, minimum=1, maximum=25, label="Custom: max BP per ship"),
)


class SkirmishGame:
    """The Game protocol for Minimal Space Combat."""

    id = "skirmish"
    title = "Minimal Space Combat"
    min_players = 2
    max_players = 2
    option_schema = OPTION_SCHEMA
    RULES_VERSION = 2  # bump on any change to legal actions, their order or effect (tests/golden)

    def new_game(self, options: Options | None, seed: int) -> SkirmishState:
        opts = resolve_options(OPTION_SCHEMA, options)
        scenario = str(opts["scenario"])
        custom_keys = [k for k in ("ships", "budget", "ship_bp") if options and k in options]
        if scenario != "custom" and custom_keys:
            raise OptionError(f"option(s) {', '.join(custom_keys)} apply only to scenario 'custom'")
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

    def num_players(self, state: SkirmishState) -> int:
        return 2

    def current_player(self, state: SkirmishState) -> PlayerId | None:
        return current_seat(state)

    def legal_actions(self, state: SkirmishState) -> list[Action]:
        return rules.legal_actions(state)

    def apply(self, state: SkirmishState, action: Action) -> SkirmishState:
        return rules.apply(state, action)

    def view(self, state: SkirmishState, player: PlayerId | None) -> View:
        return _view(state, player)

    def outcome(self, state: SkirmishState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, rules.scores(state), state.result)

    def encode_action(self, action: Action) -> Wire:
        return CODEC.encode(action)

    def decode_action(self, wire: Sequence[object]) -> Action:
        return CODEC.decode(wire)

    def information_epoch(self, state: SkirmishState) -> int:
        return state.epoch

    def pending_secret(self, state: SkirmishState) -> bool:
        """Some side has made part of a secret design, deployment or order (MSC-11.2)."""
        return _pending(state)

    def invariant_violations(self, state: SkirmishState) -> list[str]:
        out = []
        grid = HexMap(state.width, state.height)
        for index, ship in enumerate(state.ships):
            if ship.id != index:
                out.append(f"{ship.label}: id {ship.id} at index {index}")
            d = ship.design
            if d.problems(state.ship_bp):
                out.append(f"{ship.label}: illegal design {d.problems(state.ship_bp)}")
            if not 0 <= ship.engine <= d.engine:
                out.append(f"{ship.label}: ENGINE {ship.engine} outside 0..{d.engine}")
            if not 0 <= ship.shields <= d.shields:
                out.append(f"{ship.label}: SHIELD {ship.shields} outside 0..{d.shields}")
            if ship.alive and ship.shields == 0:
                out.append(f"{ship.label}: SHIELD 0 but still in play (MSC-9.7)")
            if ship.speed > ship.engine and ship.alive:
                out.append(f"{ship.label}: SPEED {ship.speed} above ENGINE {ship.engine} (MSC-9.8)")
            if ship.weapons[3] != 0 or any(ship.weapons[s] == 0 for s in d.weapons):
                out.append(f"{ship.label}: weapons do not match the design")
            if ship.alive and state.phase in ("orders", "combat") and not grid.contains(rules.hex_of(ship)):
                out.append(f"{ship.label}: in play but off the map")
            if any(d.weapons.count(s) == 0 for s in ship.fired):
                out.append(f"{ship.label}: fired a side without a weapon")
        for p in (0, 1):
            plan = state.plans[p]
            spent = sum(x.bp for x in plan.designs)
            if spent > state.budget or len(plan.designs) > state.max_ships:
                out.append(f"{p}: designs exceed the scenario (MSC-2.3)")
            if plan.draft is not None and any(
                not STAT_LIMITS[k][0] <= v <= STAT_LIMITS[k][1]
                for k, v in zip(("engine", "shields", "to_hit"), plan.draft.values, strict=False)
            ):
                out.append(f"{p}: draft stat out of range")
        if state.phase == "over" and (state.plans[0].done or state.plans[1].done):
            out.append("a pending plan survives the end of the game")
        return out


def _pending(state: SkirmishState) -> bool:
    """Whether some side has made part of a secret decision that is not yet revealed."""
    return any(p != type(p)() for p in state.plans)


GAME = SkirmishGame()

__all__ = ["GAME", "OptionError", "SkirmishGame"]
