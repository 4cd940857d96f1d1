"""What the Spacehole player sees (RULES.md SH-10), as plain data in the chosen skin's names."""

from __future__ import annotations

import functools
from typing import Any

from pygame_core.events import Event

from .actions import NO_CARD, Choose, Discard, Dismiss, Draw, Pass, Play, Repair, Scout, SpaceholeAction
from .data import B5_TEXT, BASE_ID, Kind, card_type, skin_text, type_name, with_article
from .models import Battle as BattleModel
from .models import Card, Decision, HandCard, InPlayCard, Projection, SpaceholeView, Wear
from .rules import (
    DOME_HITS,
    current_force,
    defender_cap,
    hand_limit,
    legal_actions,
    pending_interrupt,
    play_block,
    projection,
    supply,
)
from .state import Battle, CardInPlay, State, Step
from .words import card_name, line


def rules_text(card: int, skin: str) -> str:
    """The card's rules text, with the SH-3.2 substitutions under the Babylon 5 skin."""
    return skin_text(card_type(card).text, skin)


_TARGETS = "a random defender first, then a Force Dome, then a Laser Turret, then the Base"


@functools.lru_cache(maxsize=1024)
def effect_text(card: int, skin: str, battle_length: str = "force_rounds") -> str:
    """A card's whole effect in the player's words (its printed text, and what its numbers
    mean), in ``skin``'s names: every card has one (issue 13)."""
    ct = card_type(card)
    parts: list[str] = []
    if ct.kind == Kind.BASE:
        parts = [ct.text, "Invader hits reach it only when no defender, Force Dome or Laser Turret is left.",
                 "If it is destroyed, the game is lost and scores 0."]
    elif ct.kind == Kind.STRUCTURE:
        parts = [ct.text]
        if ct.key == "solar_array":
            parts.append("It needs no power itself and earns nothing.")
        elif ct.income:
            parts.append(f"Earns {ct.income} MC every turn while it has power; uses {ct.power} power.")
        else:
            parts.append("Earns no MC: it works whether it has power or not.")
        if ct.needs is not None:
            supporter, n = ct.needs
            one = with_article(type_name(supporter, skin))
            own = one if n == 1 else f"{n} {type_name(supporter, skin, True)}"
            parts.append(f"To play it you need {own} in play for it alone; it earns only while they have power too.")
        if ct.defence_slots:
            parts.append("+1 defender means one more defender may be in play (D).")
    elif ct.kind == Kind.DEFENDER:
        parts.append(f"Defender, Force {ct.force}: rolls {ct.force} dice every battle round, and each die showing 1 "
                     "is a hit on the invader.")
        if ct.key == "space_hero":
            parts.append(ct.text)
        else:
            parts.append("Each hit it takes costs it 1 Force (one die fewer); at Force 0 it is lost.")
            if ct.text:
                parts.append(ct.text)
        parts.append("Invader hits land on a random defender first. Repair removes its damage.")
    elif ct.kind == Kind.INVADER:
        parts.append(f"Invader, Force {ct.force}: it attacks as soon as it is drawn. Each round it rolls one die "
                     f"per point of Force it has left, and each 1 is a hit on your colony ({_TARGETS}).")
        parts.append("Your Base, Laser Turrets and defenders fire back: each 1 they roll costs it 1 Force.")
        if battle_length == "to_the_death":
            parts.append("Hardcore battles: it fights until it or your Base is destroyed.")
        else:
            parts.append(f"If it is not destroyed, it withdraws after {ct.force} rounds.")
    else:
        parts = [ct.text, "It happens as soon as it is drawn."]
    return skin_text(" ".join(p for p in parts if p), skin)


def _card(card: int, skin: str, battle_length: str = "force_rounds") -> Card:
    ct = card_type(card)
    return {
        "effect": effect_text(card, skin, battle_length),
        "id": card,
        "key": ct.key,
        "kind": ct.kind.value,
        "name": card_name(card, skin),
        "text": rules_text(card, skin),
        "force": ct.force,
        "income": ct.income,
        "power": ct.power,
        "defenders": ct.defence_slots,
    }


def _in_play(state: State, p: CardInPlay, skin: str) -> InPlayCard:
    wear: Wear = {}  # what damage it takes (SH-9.3): none for a structure other than a Force Dome
    if p.card == BASE_ID:
        wear["max_damage"] = state.options.base_hits
    elif p.key == "force_dome":
        wear["max_damage"] = DOME_HITS
    elif p.kind == Kind.DEFENDER:
        wear["max_damage"] = 1 if p.key == "space_hero" else card_type(p.card).force
        wear["current_force"] = current_force(p)
    return {**_card(p.card, skin, state.options.battle_length), "damage": p.damage,
            "powered": p.card in state.powered, **wear}


def describe(action: SpaceholeAction, skin: str, step: Step | None = None) -> str:
    """A button label for an action, in the skin's names; at a choice (``step``), what the
    chosen card goes through, so the review's "you chose ..." reads (issue 33)."""

    def name(card: int) -> str:
        return card_name(card, skin)

    if isinstance(action, Draw):
        return "Draw a card"
    if isinstance(action, Discard):
        return f"Discard {name(action.card)}"
    if isinstance(action, Play):
        if action.replacing != NO_CARD:
            return f"Play {name(action.card)} (replaces {name(action.replacing)})"
        return f"Play {name(action.card)}"
    if isinstance(action, Repair):
        return f"Repair {name(action.card)}"
    if isinstance(action, Pass):
        return "Build nothing"
    if isinstance(action, Choose):
        if step == Step.VIRUS:
            return f"Lose {name(action.card)}"  # SH-A28
        if step in (Step.REINFORCE, Step.SALVAGE):
            return f"Take back {name(action.card)}"  # SH-A29
        return f"Choose {name(action.card)}"
    if isinstance(action, Dismiss):
        return f"Dismiss {name(action.card)}"
    assert isinstance(action, Scout)
    return f"Scout with {name(action.card)}"


_PROMPTS = {
    Step.START: "Draw the next card (or send Rangers/Scouts to look ahead first).",
    Step.VIRUS: "Space Virus: choose a Defender or Colony to lose.",
    Step.REINFORCE: "Reinforcements: choose a Defender to take back into your hand.",
    Step.SALVAGE: "Repairs: choose a Structure to take back into your hand.",
    Step.BUILD: "Build: play one card, or play none and repair one damaged card.",
}


def _decision(state: State, skin: str = "") -> Decision:
    if state.over:
        return {"kind": "over", "prompt": "The game is over."}
    interrupt = pending_interrupt(state)
    if interrupt == "dismiss":
        return {"kind": "dismiss", "prompt": f"Too many defenders: dismiss down to {defender_cap(state)}."}
    if interrupt == "discard":
        return {"kind": "discard", "prompt": f"Hand limit {hand_limit(state)}: discard a card."}
    prompt = _PROMPTS[state.step]
    if state.step == Step.START and not any(isinstance(a, Scout) for a in legal_actions(state)):
        prompt = "Draw the next card."  # Rangers/Scouts are named only when one could look ahead (issue 33)
    return {"kind": state.step.value, "prompt": skin_text(prompt, skin)}  # SH-3.2: in the skin's words


def _battle(battle: Battle, state: State, skin: str) -> BattleModel:
    struck = {card for r in battle.rounds for card in r.hits_on_colony}
    still = {p.card for p in state.in_play}
    return {
        "invader": _card(battle.invader, skin, state.options.battle_length),
        "result": battle.result,
        # Display only (issue 13): the cards the invader's hits destroyed, and per round the
        # hits the colony scored.
        "lost": [card_name(card, skin) for card in sorted(struck - still) if card != BASE_ID],
        "colony_hits": [sum(d.count(1) for _, d in r.colony_dice) for r in battle.rounds],
        "rounds": [
            {
                "invader_dice": list(r.invader_dice),
                "colony_dice": [
                    {"card": card, "name": card_name(card, skin), "dice": list(d)} for card, d in r.colony_dice
                ],
                "invader_damage": r.invader_damage,
                "hits_on": [card_name(card, skin) for card in r.hits_on_colony],
            }
            for r in battle.rounds
        ],
    }


def _drawn(state: State, skin: str) -> Card | None:
    """The card drawn this turn (the log's last draw), for the screen's news."""
    for e in reversed(state.log):
        if e.kind == "drew":
            return _card(e.num("card"), skin, state.options.battle_length) if e.num("turn") == state.turn else None
    return None


_MEMO_SIZE = 4
_memo: list[tuple[tuple[Event, ...], str, list[str], list[str], list[dict[str, Any]]]] = []


def rendered_log(log: tuple[Event, ...], skin: str) -> tuple[list[str], list[str], list[dict[str, Any]]]:
    """The log's lines in the player's words, with rule references, and its events as plain
    data: one line per event, all seen by the one seat (SH-10).

    A view is made on every tap and a log only grows, so the last few logs are remembered and
    a longer one renders only its new events (a late game's view stays as fast as before
    issue 31). The lists returned are fresh; the plain events in them are shared: read only."""
    known: tuple[Event, ...] = ()
    words: list[str] = []
    refs: list[str] = []
    plain: list[dict[str, Any]] = []
    for entry in _memo:
        if entry[1] == skin and len(entry[0]) <= len(log) and log[: len(entry[0])] == entry[0]:
            known, _, words, refs, plain = entry
            break
    if len(known) < len(log):
        new = log[len(known):]
        words = words + [line(e, skin) for e in new]
        refs = refs + [line(e, skin, True) for e in new]
        plain = plain + [e.plain() for e in new]
        _memo.insert(0, (log, skin, words, refs, plain))
        del _memo[_MEMO_SIZE:]
    return list(words), list(refs), list(plain)


def _building(state: State) -> bool:
    return not state.over and state.step == Step.BUILD and pending_interrupt(state) is None


def _hand_card(state: State, card: int, skin: str) -> HandCard:
    """A hand card, and during the Build Phase why it cannot be played (the engine's reason)
    or, for a structure, the income and power this turn would give with it (issue 13)."""
    out: HandCard = {**_card(card, skin, state.options.battle_length), "why_not": None, "if_played": None}
    if _building(state):
        blocked = play_block(state, card)
        if blocked is not None:
            out["why_not"] = blocked[1]
        elif card_type(card).kind == Kind.STRUCTURE:
            income, used, _ = projection(state, card)
            out["if_played"] = {"income": income, "power_used": used,
                                "supply": supply(state) + (5 if card_type(card).key == "solar_array" else 0)}
    return out


def _projection(state: State, skin: str) -> Projection | None:
    """During the Build Phase, the Power and Income this turn gives if nothing more is played."""
    if not _building(state):
        return None
    income, used, powered = projection(state)
    return {"income": income, "power_used": used, "supply": supply(state), "powered": list(powered),
            "seismic": state.seismic}


def view(state: State, player: int | None) -> SpaceholeView:
    """SH-10: all but the deck order; peeked cards (SH-8.6) only for the player."""
    skin = state.options.skin
    bl = state.options.battle_length
    remaining: dict[str, int] = {k.value: 0 for k in (Kind.STRUCTURE, Kind.DEFENDER, Kind.INVADER, Kind.EVENT)}
    for card in state.deck.draw_pile:
        remaining[card_type(card).kind.value] += 1
    actions = legal_actions(state) if player == 0 else []
    score = None if not state.over else (0 if state.base_destroyed else state.mc)
    log, log_refs, events = rendered_log(state.log, skin)
    return {
        "game": "spacehole",
        "skin": skin,
        "options": {
            "skin": skin,
            "base_hits": state.options.base_hits,
            "battle_length": state.options.battle_length,
            "rules": state.options.rules,
        },
        # At the draw decision the turn shown is the one about to start.
        "turn": state.turn + 1 if state.step == Step.START and not state.over else state.turn,
        "step": state.step.value,
        "mc": state.mc,
        "income": state.income,
        "supply": supply(state),
        "power_used": sum(card_type(card).power for card in state.powered),
        "defender_cap": defender_cap(state),
        "hand_limit": hand_limit(state),
        "terraform": state.terraform,
        "seismic": state.seismic,
        "in_play": [_in_play(state, p, skin) for p in state.in_play],
        "hand": [_hand_card(state, card, skin) for card in state.hand],
        "discard": [_card(card, skin, bl) for card in state.deck.discard_pile],
        "pending": None if state.pending is None else _card(state.pending, skin, bl),
        "deck_count": len(state.deck),
        "deck_remaining": remaining,
        "peek": [_card(card, skin, bl) for card in state.deck.peek(state.peek_count)] if player == 0 else [],
        "decision": _decision(state, skin),
        "choices": [describe(a, skin, state.step) for a in actions],
        "last_battle": None if state.last_battle is None else _battle(state.last_battle, state, skin),
        # The log in the player's words (no rule IDs), and with them for the "rule references"
        # toggle (words.py renders the events); the events themselves for the computer player,
        # which rebuilds the state's log from them (the controller strips them from the page's view).
        "log": log,
        "log_refs": log_refs,
        "events": events,
        "projection": _projection(state, skin) if player == 0 else None,
        "drawn": _drawn(state, skin),
        "terms": [[old, new] for old, new in B5_TEXT] if skin == "babylon5" else [],
        "over": state.over,
        "lost": state.base_destroyed,
        "score": score,
        # The keys every game's view offers the web shell (docs/ENGINE.md).
        "to_move": None if state.over else 0,
        "seat_names": ["You"],
        "turn_number": state.turn,
        "status": _status(state),
        "moment": _moment(state),
        "score_line": f"{state.mc if score is None else score} MC",
        "secrets": False,  # one seat: nothing is hidden from another player
    }


_DECISION_LABELS = {
    "start": "Draw", "build": "Build", "virus": "Space Virus", "reinforce": "Reinforcements",
    "salvage": "Repairs", "discard": "Hand limit", "dismiss": "Defender cap",
}


def _moment(state: State) -> str:
    """When it is, as the board says it (SH-5): "Turn 12" (the turn about to start, at its draw)."""
    return f"Turn {state.turn + 1 if state.step == Step.START and not state.over else state.turn}"


def _status(state: State) -> str:
    """The turn and the decision at hand, for the game screen's header (SH-5)."""
    if state.over:
        return f"Game over after turn {state.turn}"
    kind = str(_decision(state).get("kind", ""))
    return f"{_moment(state)} · {_DECISION_LABELS.get(kind, kind.capitalize())}"
