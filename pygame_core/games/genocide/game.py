"""The Space Genocide Game object: options (SG-1), the engine contract and invariants."""

from __future__ import annotations

from collections.abc import Sequence

from ...game import (
    ActionBase,
    OptionError,
    Options,
    OptionSpec,
    Outcome,
    View,
    Wire,
    resolve_options,
)
from ...rng import Rng, Roller
from . import rules
from .actions import CODEC
from .data import VARIANTS
from .state import State
from .view import view as _view

OPTION_SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec("players", 2, minimum=2, maximum=4, label="Players (SG-16)"),
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
)


class Genocide:
    """Space Genocide, Classic and Advanced Basic (RULES.md section 1)."""

    id = "genocide"
    title = "Space Genocide"
    min_players = 2
    max_players = 4
    option_schema = OPTION_SCHEMA

    def new_game(self, options: Options | None, seed: int) -> State:
        opts = resolve_options(self.option_schema, options)
        variant = str(opts["variant"])
        data = VARIANTS[variant]
        production = str(opts["production"])
        if production == "variant":
            production = data.default_production
        die = int(opts["combat_die"]) or data.combat_die
        if die < 2:
            raise OptionError("option 'combat_die' must be 0 (the variant's die) or at least 2")
        players = int(opts["players"])
        if players * 20 > data.total:  # SG-16.2
            raise OptionError(f"option 'players': {variant} supports at most {data.total // 20}")
        return rules.new_state(
            variant,
            production,
            bool(opts["discard_rule"]),
            die,
            players,
            int(opts["round_limit"]),
            Roller(Rng.from_seed(seed)),
        )

    def num_players(self, state: State) -> int:
        return state.players

    def current_player(self, state: State) -> int | None:
        return rules.current_player(state)

    def legal_actions(self, state: State) -> list[ActionBase]:
        return rules.legal_actions(state)

    def apply(self, state: State, action: ActionBase) -> State:
        return rules.apply(state, action)

    def view(self, state: State, player: int | None) -> View:
        return _view(state, player)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(
            sum(1 for p in state.planets if p.owner == s and p.alive) for s in range(state.players)
        )
        return Outcome(state.winners, scores, state.reason)

    def encode_action(self, action: ActionBase) -> Wire:
        return CODEC.encode(action)

    def decode_action(self, wire: Sequence[object]) -> ActionBase:
        return CODEC.decode(wire)

    def information_epoch(self, state: State) -> int:
        return state.epoch

    def pending_secret(self, state: State) -> bool:
        """C-4.1: setup choices (SG-3.6, SG-3.8) and B3 declarations are PENDING until all are in."""
        if state.phase in ("types", "fleets"):
            return bool(state.placements) or any(p.ptype for p in state.planets)
        return state.phase == "declare" and state.battle is not None and bool(state.battle.declarations)

    def invariant_violations(self, state: State) -> list[str]:
        return invariant_violations(state)


def invariant_violations(state: State) -> list[str]:
    """Counter conservation, pb ranges, fleets and markers, fleet limit, ship cap, loading."""
    data = state.data
    out: list[str] = []
    ships = state.ships
    pb_max, fighter, bays = data.pb_max, data.fighter, data.base_bays
    live = [(cid, ship) for cid, ship in enumerate(ships) if ship is not None]
    # Conservation (SG-2.3): every counter is in play, in the pile, in limbo or being placed.
    out_of_play = [*state.pile, *state.limbo]
    if state.drawn >= 0:
        out_of_play.append(state.drawn)
    if state.phase in ("types", "fleets"):
        for hand in state.hands:
            out_of_play.extend(hand)
    if len(live) + len(out_of_play) != data.total or {c for c, s in enumerate(ships) if s is None} != set(
        out_of_play
    ):
        out.append(f"ship counters not conserved: {len(live)} in play, {len(out_of_play)} out of play")
    if list(state.pile) != sorted(state.pile):
        out.append("pile not in canonical order")
    out.extend(f"ship #{cid} has pb {ship.pb}" for cid, ship in live if not 0 <= ship.pb <= pb_max[cid])
    # Fighter loading (SG-5.5): a fighter in a bay-ship of its own fleet, within BAYS*.
    loaded = [(cid, ship) for cid, ship in live if ship.carrier >= 0]
    if loaded:
        loads: dict[int, int] = {}
        for cid, ship in loaded:
            loads[ship.carrier] = loads.get(ship.carrier, 0) + 1
            host = ships[ship.carrier]
            if not fighter[cid] or host is None or host.owner != ship.owner or host.fleet != ship.fleet:
                out.append(f"ship #{cid} loaded in an invalid bay-ship")
        out.extend(f"bay-ship #{c} carries {n} fighters" for c, n in loads.items() if n > bays[c])
    # Fleets (SG-5.1): one marker per fleet id, none empty, none without a marker.
    keys = {(f.owner, f.marker) for f in state.fleets}
    if len(keys) != len(state.fleets):
        out.append("a fleet marker is on the map twice")
    fleets_used = {(ship.owner, ship.fleet) for _, ship in live}
    if keys != fleets_used:
        out.append(f"fleets and ships disagree: {sorted(keys ^ fleets_used)}")
    limit, cap = data.fleet_limit, data.ship_cap
    owners = [ship.owner for _, ship in live]
    markers = [owner for owner, _ in keys]
    for seat in range(state.players):
        if limit and markers.count(seat) > limit:
            out.append(f"seat {seat} has {markers.count(seat)} fleets (SG-5.4)")
        if cap and owners.count(seat) > cap:
            out.append(f"seat {seat} has {owners.count(seat)} ships (SG-9.3)")
        if state.resources[seat] < 0:
            out.append(f"seat {seat} has negative resources")
    if limit and any(not 1 <= m <= limit for _, m in keys):
        out.append(f"a fleet marker outside 1..{limit}")
    return out


GAME = Genocide()
