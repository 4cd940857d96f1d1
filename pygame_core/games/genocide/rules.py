"""Space Genocide's rules gathered: who decides, the legal actions, ``apply`` (RULES.md section 1).

The rules live by section, each module holding a rule's legality beside its effect: setup
(SG-3, ``setup``), the turn's flow (SG-4, ``turn``), transport (SG-5, ``transport``) and
terrain arrival (SG-5.8, SG-12.1, ``arrival``), engagement (SG-6 ``battle``, SG-7 ``burst``,
the Scavengers of SG-11 ``scavengers``), mass destruction and victory (SG-8, SG-10,
``destruction``), production (SG-9, ``production``) and the cards (SG-13, ``cardplay``).
Ship values go through the hooks of ``board``; ``work`` is the mutable copy ``apply`` runs on.
This module holds the one table of actions (``ACTIONS``) and the engine contract's functions
(``pygame_core.game.Rules``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...frozen import replace
from ...game import ActionBase, IllegalActionError
from . import actions as A
from .battle import battle_choice_actions, do_fight, do_target, eligible_attackers, target_actions
from .board import (
    Index,
    LastResult,
    atk,
    bays,
    defense,
    free_marker,
    move,
    neighbour_table,
    placer,
    roll_log,
    scavenger,
    ship_cap,
    ship_hex_in,
)
from .burst import burst_actions, burst_queue, do_burst
from .cardplay import effects  # noqa: F401  (importing it registers every card's rule)
from .cardplay.rulebook import RULEBOOK
from .cardplay.targets import card_actions, decider
from .cardplay.windows import handle, stop_actions, switch_stops
from .cards import CARDS
from .destruction import do_launch, launch_actions
from .invariants import invariant_violations
from .production import (
    buy_actions,
    discard_actions,
    do_buy,
    do_discard,
    do_end_production,
    do_place,
    do_refill,
    place_actions,
)
from .scavengers import capture_actions, do_capture
from .setup import (
    do_choose_race,
    do_set_type,
    do_setup_place,
    fleet_actions,
    new_state,
    next_unplaced,
    planet_zone,
    race_actions,
    setup_room,
    setup_seat,
    type_actions,
)
from .state import Phase, State
from .transport import (
    do_end_transport,
    do_gate,
    do_hold,
    do_load,
    do_merge,
    do_select,
    do_split,
    do_step,
    do_unload,
    transport_phase_actions,
)
from .work import CONTINUATIONS, Work

__all__ = [
    "ACTIONS",
    "Index",
    "apply",
    "atk",
    "bays",
    "burst_queue",
    "current_player",
    "defense",
    "eligible_attackers",
    "free_marker",
    "invariant_violations",
    "legal_actions",
    "move",
    "neighbour_table",
    "new_state",
    "next_unplaced",
    "planet_zone",
    "setup_room",
    "ship_cap",
    "ship_hex_in",
]


def current_player(state: State) -> int | None:
    """Whose decision it is: the setup seat, a declarer, a Scavenger, a placer, a card's
    decider, else the active player; None once the game is over."""
    phase = state.phase
    if phase == Phase.OVER:
        return None
    if phase in (Phase.RACE, Phase.TYPES, Phase.FLEETS):
        return setup_seat(state)
    if phase == Phase.CAPTURE:
        return scavenger(state)
    if phase == Phase.DECLARE:
        assert state.battle is not None
        return state.battle.declarers[0]
    if phase == Phase.BURST:
        assert state.burst is not None
        return state.burst.declarers[0]
    if phase == Phase.PLACE:
        return placer(state)
    if phase in (Phase.WINDOW, Phase.TARGET, Phase.CARD_MOVE):
        return decider(state)
    return state.active


# Each phase's decisions, from the module of its rule section.
LEGAL: dict[str, Callable[[State], list[ActionBase]]] = {
    Phase.RACE: race_actions,
    Phase.TYPES: type_actions,
    Phase.FLEETS: fleet_actions,
    Phase.TRANSPORT: transport_phase_actions,
    Phase.CHOOSE_BATTLE: battle_choice_actions,
    Phase.DECLARE: target_actions,
    Phase.BURST: burst_actions,
    Phase.CAPTURE: capture_actions,
    Phase.MD: launch_actions,
    Phase.DISCARD: discard_actions,
    Phase.PLACE: place_actions,
    Phase.BUY: buy_actions,
    Phase.WINDOW: card_actions,
    Phase.TARGET: card_actions,
    Phase.CARD_MOVE: card_actions,
    Phase.HAND_LIMIT: card_actions,
}


def _legal(state: State) -> tuple[ActionBase, ...]:
    decide = LEGAL.get(state.phase)
    return () if decide is None else (*decide(state), *stop_actions(state))


# Callers ask for the legal actions and then apply one of them: the last state's list is kept.
_LEGAL = LastResult(_legal)


def legal_actions(state: State) -> list[ActionBase]:
    """Every decision now, in a stable order (links store indices into it)."""
    return list(_LEGAL(state))


@dataclass(frozen=True)
class ActionRule:
    """One kind of action: the rule it follows, the phases it is taken in, the step that
    applies it, and why it is refused when ``legal_actions`` does not list it."""

    rule: str
    phases: tuple[Phase, ...]
    handler: Callable[[Work, ActionBase], None]
    why: str = ""


ACTIONS: dict[type[ActionBase], ActionRule] = {
    A.ChooseRace: ActionRule(
        "SG-3.5", (Phase.RACE,), do_choose_race,
        "that race is taken, unknown, or (Terrans) needs the cards module (SG-1.3)",
    ),
    A.SetType: ActionRule("SG-3.6", (Phase.TYPES,), do_set_type),
    A.SetupPlace: ActionRule("SG-3.8", (Phase.FLEETS,), do_setup_place),
    A.Step: ActionRule(
        "SG-5.7", (Phase.TRANSPORT, Phase.CARD_MOVE), do_step,
        "the fleet cannot make that step: it holds an unloaded stationary ship, "
        "lacks MP, or would leave the map or enter a Super Nova",
    ),
    A.Gate: ActionRule(
        "SG-5.11", (Phase.TRANSPORT,), do_gate,
        "a fleet in a Star Gate hex may transit to another gate, if it may move at all",
    ),
    A.Hold: ActionRule("SG-5.10", (Phase.TRANSPORT, Phase.CARD_MOVE), do_hold),
    A.Select: ActionRule(
        "SG-5.10", (Phase.TRANSPORT,), do_select, "order one of your other fleets that can still move or reorganise"
    ),
    A.EndTransport: ActionRule("SG-5.12", (Phase.TRANSPORT,), do_end_transport),
    A.Split: ActionRule("SG-5.3", (Phase.TRANSPORT,), do_split),
    A.Merge: ActionRule("SG-5.3", (Phase.TRANSPORT,), do_merge),
    A.Load: ActionRule("SG-5.5", (Phase.TRANSPORT,), do_load),
    A.Unload: ActionRule("SG-5.5", (Phase.TRANSPORT,), do_unload),
    A.Fight: ActionRule("SG-6.2", (Phase.CHOOSE_BATTLE,), do_fight),
    A.Target: ActionRule(
        "SG-6.7", (Phase.DECLARE,), do_target,
        "that is not a legal target (own ship, absent, or a bay-ship protected by its fighters)",
    ),
    A.SelfDestruct: ActionRule(
        "SG-11", (Phase.DECLARE,), do_target, "only an Amoeboid ship may self-destruct, attacking a legal target"
    ),
    A.Burst: ActionRule(
        "SG-7.2", (Phase.BURST,), do_burst,
        "a burst needs 0..pb PBs of the ship declaring now (one declaration per ship)",
    ),
    A.Capture: ActionRule(
        "SG-11", (Phase.CAPTURE,), do_capture, "capture one of the destroyed fleet's ships just destroyed"
    ),
    A.Launch: ActionRule("SG-8.3", (Phase.MD,), do_launch, "a launch order needs 0..pb PBs"),
    A.Discard: ActionRule("SG-9.2", (Phase.DISCARD,), do_discard),
    A.Buy: ActionRule("SG-9.4", (Phase.BUY,), do_buy),
    A.Refill: ActionRule("SG-9.6", (Phase.BUY,), do_refill),
    A.EndProduction: ActionRule("SG-9.4", (Phase.BUY,), do_end_production),
    A.Place: ActionRule(
        "SG-9.5", (Phase.PLACE,), do_place,
        "a new ship goes to an own planet hex, into an own fleet there or a new fleet with a free marker",
    ),
    A.PlayCard: ActionRule(
        "SG-13.2", (Phase.WINDOW, Phase.TRANSPORT, Phase.CHOOSE_BATTLE), handle,
        "that card is not in your hand, not playable in this window, or has no legal target",
    ),
    A.Choose: ActionRule(
        "SG-13.3", (Phase.TARGET,), handle, "that is not a legal target for the card being played"
    ),
    A.Pass: ActionRule("C-5.1", (Phase.WINDOW,), handle),
    A.DiscardCard: ActionRule("SG-13.1", (Phase.HAND_LIMIT,), handle, "discard a card from your own hand"),
    A.PassStopsOff: ActionRule(
        "C-5.4", (Phase.WINDOW,), switch_stops,
        "reaction stops are switched off at one's own stop at another seat's window (rules 3)",
    ),
    A.StopsOn: ActionRule(
        "C-5.4", (Phase.TRANSPORT,), switch_stops, "reaction stops are switched on in one's own Transport Phase"
    ),
}

PHASE_NAMES: dict[str, str] = {
    Phase.RACE: "race choice",
    Phase.CAPTURE: "Scavenger capture",
    Phase.BURST: "space-burst declaration",
    Phase.WINDOW: "card window",
    Phase.TARGET: "card targeting",
    Phase.CARD_MOVE: "card move",
    Phase.HAND_LIMIT: "end-of-turn discard",
    Phase.TYPES: "planet-type setup",
    Phase.FLEETS: "fleet setup",
    Phase.TRANSPORT: "Transport Phase",
    Phase.CHOOSE_BATTLE: "battle choice",
    Phase.DECLARE: "target declaration",
    Phase.MD: "Mass Destruction Phase",
    Phase.DISCARD: "production discard",
    Phase.PLACE: "ship placement",
    Phase.BUY: "Production Phase",
    Phase.OVER: "end of the game",
}


def reject(state: State, action: ActionBase) -> IllegalActionError:
    """The error for an action that legal_actions does not list, naming the rule it breaks."""
    entry = ACTIONS.get(type(action))
    if entry is None or state.phase not in entry.phases:
        during = PHASE_NAMES.get(state.phase, str(state.phase))
        return IllegalActionError("SG-4.1", f"{action} is not possible during the {during}")
    why = entry.why or f"{action} is not legal now"
    if isinstance(action, A.Target) and state.battle is not None and action.ship != state.battle.queue[0]:
        why = f"ship #{state.battle.queue[0]} declares now, not #{action.ship}"
    if isinstance(action, A.Launch) and state.md_queue and action.ship != state.md_queue[0]:
        why = "at most one launch order per ship per phase, and ships declare in cid order"
    return IllegalActionError(entry.rule, why)


def apply(state: State, action: ActionBase) -> State:
    """The next state (pure); IllegalActionError for an action ``legal_actions`` does not list."""
    if action not in _LEGAL(state):
        raise reject(state, action)
    before = current_player(state)
    w = Work(state)
    w.device = before  # who holds the device in hot-seat play (C-5.4)
    ACTIONS[type(action)].handler(w, action)
    if w.roller.rolls or w.revealed:
        w.epoch = state.epoch + 1
    if w.roller.rolls:
        w.log.extend(roll_log(w.roller.rolls, w.known_as))
    new = w.freeze()
    if "epoch" not in w.changed and current_player(new) != before:
        new = replace(new, epoch=state.epoch + 1)  # C-3.2: no undo across dice, reveals, hand-offs
    return new


# Every module registers its continuations and every card its rule on import: all are here.
assert sorted(RULEBOOK) == sorted(c.key for c in CARDS), "one rule per card"
assert set(CONTINUATIONS) == {
    "black_holes", "transport", "transport_on", "advance", "after_step", "end_transport", "neutral",
    "neutral_card", "engage", "next_battle", "battle_declare", "battle_roll", "battle_apply", "burst_roll",
    "burst_apply", "end_engagement", "md_roll", "md_apply", "production", "next_turn", "window", "card_move",
}, "every continuation registered"
