"""The Space Genocide Game object: options (SG-1), the engine contract and invariants."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import attrgetter, gt

from ...game import (
    ActionBase,
    OptionError,
    Options,
    OptionSpec,
    OptionValue,
    Outcome,
    View,
    Wire,
    resolve_options,
)
from ...rng import Rng, Roller
from . import rules
from .actions import CODEC
from .data import VARIANTS
from .rules import bays, ship_cap
from .state import State
from .view import view as _view

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
)


class Genocide:
    """Space Genocide, Classic and Advanced Basic (RULES.md section 1)."""

    id = "genocide"
    title = "Space Genocide"
    min_players = 2
    max_players = 4
    option_schema = OPTION_SCHEMA
    RULES_VERSION = 2  # bump on any change to legal actions, their order or effect (tests/golden)

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
            tuple(name for key, name in MODULE_OPTIONS if opts[key]),
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
        """C-4.1: setup choices (SG-3.6, SG-3.8), B3 and burst declarations are PENDING until
        all are in."""
        if state.phase in ("types", "fleets"):
            return bool(state.placements) or any(p.ptype for p in state.planets)
        if state.phase == "burst":  # SG-7.2: burst declarations are PENDING too
            return state.burst is not None and bool(state.burst.declarations)
        return state.phase == "declare" and state.battle is not None and bool(state.battle.declarations)

    def invariant_violations(self, state: State) -> list[str]:
        return invariant_violations(state)


_OWNER = attrgetter("owner")
_FLEET = attrgetter("fleet")
_PB = attrgetter("pb")
_CARRIER = attrgetter("carrier")
_KEY = attrgetter("owner", "marker")


_CHECKED: list[tuple[tuple[object, ...], list[str]]] = []


def invariant_violations(state: State) -> list[str]:
    """Counter conservation, pb ranges, fleets and markers, fleet limit, ship cap, loading,
    and the cards (SG-13.1).

    The playouts call this after every action, so it leans on C-level ``map``/``zip``, and
    the ship checks are reused while none of their inputs changed (card windows and passes
    leave ships, fleets and piles untouched: every state shares those very tuples)."""
    inputs = (state.ships, state.pile, state.limbo, state.fleets, state.races, state.resources, state.hands,
              state.drawn, state.phase in ("race", "types", "fleets"))
    if _CHECKED and all(a is b for a, b in zip(_CHECKED[0][0], inputs, strict=True)):  # small ints, bools
        out = list(_CHECKED[0][1])
    else:
        out = _ship_violations(state)
        _CHECKED[:] = [(inputs, list(out))]
    if state.deck is not None:
        _check_cards(state, out)
    return out


def _ship_violations(state: State) -> list[str]:
    data = state.data
    out: list[str] = []
    ships = state.ships
    live_ids = list(compress(range(len(ships)), ships))  # Ship records are truthy, None is not
    live = [ships[c] for c in live_ids]
    # Conservation (SG-2.3): every counter is in play, in the pile, in limbo or being placed.
    out_of_play = [*state.pile, *state.limbo]
    if state.drawn >= 0:
        out_of_play.append(state.drawn)
    if state.phase in ("race", "types", "fleets"):
        for hand in state.hands:
            out_of_play.extend(hand)
    off = set(out_of_play)
    if len(live) + len(out_of_play) != data.total or len(off) != len(out_of_play) or not off.isdisjoint(live_ids):
        out.append(f"ship counters not conserved: {len(live)} in play, {len(out_of_play)} out of play")
    if list(state.pile) != sorted(state.pile):
        out.append("pile not in canonical order")
    if live:
        pbs = list(map(_PB, live))
        if min(pbs) < 0 or any(map(gt, pbs, map(data.pb_max.__getitem__, live_ids))):
            out.append("a ship's pb is outside 0..PB max (SG-2.5)")
        carriers = list(map(_CARRIER, live))
        if max(carriers) >= 0:
            _check_loading(state, live_ids, carriers, out)
    # Fleets (SG-5.1): one marker per fleet id, none empty, none without a marker.
    keys = set(map(_KEY, state.fleets))
    if len(keys) != len(state.fleets):
        out.append("a fleet marker is on the map twice")
    owners = list(map(_OWNER, live))
    if keys != set(zip(owners, map(_FLEET, live), strict=True)):
        out.append("fleets and ships disagree (an empty fleet, or a ship without a marker)")
    limit = data.fleet_limit
    markers = [owner for owner, _ in keys] if limit else []
    for seat in range(state.players):
        cap = ship_cap(state, seat)
        if limit and markers.count(seat) > limit:
            out.append(f"seat {seat} has {markers.count(seat)} fleets (SG-5.4)")
        if cap and owners.count(seat) > cap:
            out.append(f"seat {seat} has {owners.count(seat)} ships (SG-9.3)")
    if limit and any(not 1 <= m <= limit for _, m in keys):
        out.append(f"a fleet marker outside 1..{limit}")
    if min(state.resources) < 0:
        out.append("negative resources")
    return out


def _check_cards(state: State, out: list[str]) -> None:
    """SG-13.1: the 42 cards are each in the deck, the discard pile, a hand or being played."""
    deck = state.deck
    assert deck is not None
    where = [*deck.draw_pile, *deck.discard_pile, *(c for h in state.cards for c in h)]
    for win in (state.window, *(w for w, _ in state.outer)):
        if win is not None:
            where.extend(p.card for p in win.chain)
    if sorted(where) != list(range(1, 43)):
        out.append(f"cards not conserved: {len(where)} accounted for")
    if any(list(h) != sorted(h) for h in state.cards):
        out.append("a hand is not sorted")


def _check_loading(state: State, live_ids: list[int], carriers: list[int], out: list[str]) -> None:
    """SG-5.5: a loaded fighter sits in a bay-ship of its own fleet, within BAYS*."""
    data, ships = state.data, state.ships
    loads: dict[int, int] = {}
    for cid, host_cid in zip(live_ids, carriers, strict=True):
        if host_cid < 0:
            continue
        loads[host_cid] = loads.get(host_cid, 0) + 1
        ship, host = ships[cid], ships[host_cid]
        assert ship is not None
        if not data.fighter[cid] or host is None or host.owner != ship.owner or host.fleet != ship.fleet:
            out.append(f"ship #{cid} loaded in an invalid bay-ship")
    out.extend(
        f"bay-ship #{c} carries {n} fighters"
        for c, n in loads.items()
        if n > bays(state, c, ships[c].owner)  # type: ignore[union-attr]
    )


GAME = Genocide()
