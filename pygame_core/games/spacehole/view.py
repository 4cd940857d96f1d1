"""What the Spacehole player sees (RULES.md SH-10), as plain data in the chosen skin's names."""

from __future__ import annotations

import re
from typing import Any

from pygame_core.game import View

from .actions import NO_CARD, Choose, Discard, Dismiss, Draw, Pass, Play, Repair, Scout, SpaceholeAction
from .data import B5_TEXT, BASE_ID, Kind, card_type
from .rules import (
    DOME_HITS,
    current_force,
    defender_cap,
    hand_limit,
    legal_actions,
    pending_interrupt,
    supply,
)
from .state import Battle, CardInPlay, State, Step

_B5_PATTERN = re.compile("|".join(re.escape(old) for old, _ in sorted(B5_TEXT, key=lambda p: -len(p[0]))))
_B5_MAP = dict(B5_TEXT)
_CARD_REF = re.compile(r"\{c(\d+)\}")


def card_name(card: int, skin: str) -> str:
    ct = card_type(card)
    return ct.b5_name if skin == "babylon5" else ct.name


def rules_text(card: int, skin: str) -> str:
    """The card's rules text, with the SH-3.2 substitutions under the Babylon 5 skin."""
    text = card_type(card).text
    return _B5_PATTERN.sub(lambda m: _B5_MAP[m.group(0)], text) if skin == "babylon5" else text


def render(line: str, skin: str) -> str:
    """A log line with every ``{c<id>}`` replaced by the card's name in ``skin``."""
    return _CARD_REF.sub(lambda m: card_name(int(m.group(1)), skin), line)


def _card(card: int, skin: str) -> dict[str, Any]:
    ct = card_type(card)
    return {
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


def _in_play(state: State, p: CardInPlay, skin: str) -> dict[str, Any]:
    out = _card(p.card, skin)
    out["damage"] = p.damage
    out["powered"] = p.card in state.powered
    if p.card == BASE_ID:
        out["max_damage"] = state.options.base_hits
    elif p.key == "force_dome":
        out["max_damage"] = DOME_HITS
    elif p.kind == Kind.DEFENDER:
        out["max_damage"] = 1 if p.key == "space_hero" else card_type(p.card).force
        out["current_force"] = current_force(p)
    return out


def describe(action: SpaceholeAction, skin: str) -> str:
    """A button label for an action, in the skin's names."""

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


def _decision(state: State) -> dict[str, Any]:
    if state.over:
        return {"kind": "over", "prompt": "The game is over."}
    interrupt = pending_interrupt(state)
    if interrupt == "dismiss":
        return {"kind": "dismiss", "prompt": f"Too many defenders: dismiss down to {defender_cap(state)}."}
    if interrupt == "discard":
        return {"kind": "discard", "prompt": f"Hand limit {hand_limit(state)}: discard a card."}
    return {"kind": state.step.value, "prompt": _PROMPTS[state.step]}


def _battle(battle: Battle, skin: str) -> dict[str, Any]:
    return {
        "invader": _card(battle.invader, skin),
        "result": battle.result,
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


def view(state: State, player: int | None) -> View:
    """SH-10: all but the deck order; peeked cards (SH-8.6) only for the player."""
    skin = state.options.skin
    remaining: dict[str, int] = {k.value: 0 for k in (Kind.STRUCTURE, Kind.DEFENDER, Kind.INVADER, Kind.EVENT)}
    for card in state.deck.draw_pile:
        remaining[card_type(card).kind.value] += 1
    actions = legal_actions(state) if player == 0 else []
    score = None if not state.over else (0 if state.base_destroyed else state.mc)
    return {
        "game": "spacehole",
        "skin": skin,
        "options": {
            "skin": skin,
            "base_hits": state.options.base_hits,
            "battle_length": state.options.battle_length,
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
        "hand": [_card(card, skin) for card in state.hand],
        "discard": [_card(card, skin) for card in state.deck.discard_pile],
        "pending": None if state.pending is None else _card(state.pending, skin),
        "deck_count": len(state.deck),
        "deck_remaining": remaining,
        "peek": [_card(card, skin) for card in state.deck.peek(state.peek_count)] if player == 0 else [],
        "decision": _decision(state),
        "choices": [describe(a, skin) for a in actions],
        "last_battle": None if state.last_battle is None else _battle(state.last_battle, skin),
        "log": [render(line, skin) for line in state.log],
        "over": state.over,
        "lost": state.base_destroyed,
        "score": score,
        # The keys every game's view offers the web shell (docs/ENGINE.md).
        "to_move": None if state.over else 0,
        "seat_names": ["You"],
        "turn_number": state.turn,
        "status": _status(state),
        "score_line": f"{state.mc if score is None else score} MC",
        "secrets": False,  # one seat: nothing is hidden from another player
    }


_DECISION_LABELS = {
    "start": "Draw", "build": "Build", "virus": "Space Virus", "reinforce": "Reinforcements",
    "salvage": "Repairs", "discard": "Hand limit", "dismiss": "Defender cap",
}


def _status(state: State) -> str:
    """The turn and the decision at hand, for the game screen's header (SH-5)."""
    if state.over:
        return f"Game over after turn {state.turn}"
    turn = state.turn + 1 if state.step == Step.START else state.turn
    kind = str(_decision(state).get("kind", ""))
    return f"Turn {turn} · {_DECISION_LABELS.get(kind, kind.capitalize())}"
