"""What the Spacehole player sees (RULES.md SH-10), as plain data in the chosen skin's names."""

from __future__ import annotations

import functools
import re
from typing import Any

from pygame_core.game import View

from .actions import NO_CARD, Choose, Discard, Dismiss, Draw, Pass, Play, Repair, Scout, SpaceholeAction
from .data import B5_TEXT, BASE_ID, Kind, card_type, skin_text, type_name, with_article
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

_CARD_REF = re.compile(r"\{c(\d+)\}")


def card_name(card: int, skin: str) -> str:
    ct = card_type(card)
    return ct.b5_name if skin == "babylon5" else ct.name


def rules_text(card: int, skin: str) -> str:
    """The card's rules text, with the SH-3.2 substitutions under the Babylon 5 skin."""
    return skin_text(card_type(card).text, skin)


@functools.lru_cache(maxsize=16384)
def render(line: str, skin: str) -> str:
    """A log line with every ``{c<id>}`` replaced by the card's name in ``skin``."""
    return _CARD_REF.sub(lambda m: card_name(int(m.group(1)), skin), line)


_RULE_REF = re.compile(r" ?\((?:SH-[A-Z0-9.]+(?:, )?)+\)")
_PLURAL_OF = re.compile(r"\b(\d+) (\w+)\(s\)")
_VERB_AFTER_CARD = re.compile(r"\{c(\d+)\} (attack|roll|withdraw|are destroyed|scout ahead)\b")
_IS_AFTER_CARD = re.compile(r"\{c(\d+)\} is (hit|lost|destroyed|discarded|dismissed)\b")
_SINGULAR = {"attack": "attacks", "roll": "rolls", "withdraw": "withdraws", "are destroyed": "is destroyed",
             "scout ahead": "scouts ahead"}
_PLURAL_NAMES = {"Little Green Men"}


def is_plural(name: str) -> bool:
    """Whether a card's name reads as a plural ("Space Pirates", not "The Warstar")."""
    return name in _PLURAL_NAMES or (name.endswith("s") and not name.endswith(("ss", "us")))


@functools.lru_cache(maxsize=16384)  # a log only grows: each line is worded once
def player_words(line: str, skin: str) -> str:
    """A log line for the player: card names in ``skin``, no rule IDs ("(SH-5.4)"), and the
    engine's "hit(s)" and "withdraw" shortcuts made grammatical. Display only: the state's
    log (which records replay) is not touched."""

    def verb(m: re.Match[str]) -> str:
        name = card_name(int(m.group(1)), skin)
        return f"{name} {m.group(2) if is_plural(name) else _SINGULAR[m.group(2)]}"

    def is_are(m: re.Match[str]) -> str:
        name = card_name(int(m.group(1)), skin)
        return f"{name} {'are' if is_plural(name) else 'is'} {m.group(2)}"

    line = _VERB_AFTER_CARD.sub(verb, skin_text(line, skin))  # card names come as {c<id>}: untouched
    line = _IS_AFTER_CARD.sub(is_are, line)
    line = _RULE_REF.sub("", render(line, skin))
    return _PLURAL_OF.sub(lambda m: f"{m.group(1)} {m.group(2)}{'' if m.group(1) == '1' else 's'}", line)


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


def _card(card: int, skin: str, battle_length: str = "force_rounds") -> dict[str, Any]:
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


def _in_play(state: State, p: CardInPlay, skin: str) -> dict[str, Any]:
    out = _card(p.card, skin, state.options.battle_length)
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


def _battle(battle: Battle, state: State, skin: str) -> dict[str, Any]:
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


_DREW = re.compile(r"^Turn (\d+): drew \{c(\d+)\}")


def _drawn(state: State, skin: str) -> dict[str, Any] | None:
    """The card drawn this turn (from the state's own log), for the screen's news."""
    for line in reversed(state.log):
        m = _DREW.match(line)
        if m:
            return _card(int(m.group(2)), skin, state.options.battle_length) if int(m.group(1)) == state.turn else None
    return None


def _building(state: State) -> bool:
    return not state.over and state.step == Step.BUILD and pending_interrupt(state) is None


def _hand_card(state: State, card: int, skin: str) -> dict[str, Any]:
    """A hand card, and during the Build Phase why it cannot be played (the engine's reason)
    or, for a structure, the income and power this turn would give with it (issue 13)."""
    out = _card(card, skin, state.options.battle_length)
    out["why_not"] = None
    out["if_played"] = None
    if _building(state):
        blocked = play_block(state, card)
        if blocked is not None:
            out["why_not"] = blocked[1]
        elif card_type(card).kind == Kind.STRUCTURE:
            income, used, _ = projection(state, card)
            out["if_played"] = {"income": income, "power_used": used,
                                "supply": supply(state) + (5 if card_type(card).key == "solar_array" else 0)}
    return out


def _projection(state: State, skin: str) -> dict[str, Any] | None:
    """During the Build Phase, the Power and Income this turn gives if nothing more is played."""
    if not _building(state):
        return None
    income, used, powered = projection(state)
    return {"income": income, "power_used": used, "supply": supply(state), "powered": list(powered),
            "seismic": state.seismic}


def view(state: State, player: int | None) -> View:
    """SH-10: all but the deck order; peeked cards (SH-8.6) only for the player."""
    skin = state.options.skin
    bl = state.options.battle_length
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
        "decision": _decision(state),
        "choices": [describe(a, skin) for a in actions],
        "last_battle": None if state.last_battle is None else _battle(state.last_battle, state, skin),
        # The log in the player's words (no rule IDs), and with them for the "rule references"
        # toggle; the state's own log lines are unchanged.
        "log": [player_words(line, skin) for line in state.log],
        "log_refs": [render(skin_text(line, skin), skin) for line in state.log],
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
