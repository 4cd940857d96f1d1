"""The shape of Spacehole's view (SH-10), as the page's screen reads it (issue 32)."""

from __future__ import annotations

from typing import TypedDict

from ...game import ShellView


class Card(TypedDict):
    """A card in the skin's names: its whole effect in words and its numbers (SH-2.3..2.6)."""

    effect: str
    id: int
    key: str
    kind: str
    name: str
    text: str
    force: int
    income: int
    power: int
    defenders: int


class Wear(TypedDict, total=False):
    """How much damage a card in play takes, if any, and for a defender its Force left (SH-9)."""

    max_damage: int
    current_force: int


class InPlayCard(Card, Wear):
    """A card in play (SH-7, SH-9): its damage and whether it has power this turn."""

    damage: int
    powered: bool


class IfPlayed(TypedDict):
    """The income and power this turn would give with a structure played (issue 13)."""

    income: int
    power_used: int
    supply: int


class HandCard(Card):
    """A hand card; in the Build Phase why it cannot be played (the engine's reason) or what a
    structure would give this turn (SH-7)."""

    why_not: str | None
    if_played: IfPlayed | None


class Projection(IfPlayed):
    """In the Build Phase, this turn's Power and Income if nothing more is played (SH-6)."""

    powered: list[int]
    seismic: bool


class Decision(TypedDict):
    """The decision at hand: the step's kind ("start", "build", ..., "over") and its prompt."""

    kind: str
    prompt: str


class ColonyDice(TypedDict):
    """One colony card's dice in a battle round (SH-9.2)."""

    card: int
    name: str
    dice: list[int]


class BattleRound(TypedDict):
    """A battle round: both sides' dice, the invader's damage after it, where its hits landed."""

    invader_dice: list[int]
    colony_dice: list[ColonyDice]
    invader_damage: int
    hits_on: list[str]


class Battle(TypedDict):
    """The last battle (SH-9): result "destroyed", "withdrew" or "base destroyed"."""

    invader: Card
    result: str
    lost: list[str]
    colony_hits: list[int]
    rounds: list[BattleRound]


class Options(TypedDict):
    """The game's options (SH-3, SH-9.4, SH-7.3)."""

    skin: str
    base_hits: int
    battle_length: str
    rules: int


class SpaceholeView(ShellView):
    """What the one player (or a replay's spectator) sees: all but the deck order (SH-10)."""

    game: str
    skin: str
    options: Options
    turn: int
    step: str
    mc: int
    income: int
    supply: int
    power_used: int
    defender_cap: int
    hand_limit: int
    terraform: bool
    seismic: bool
    in_play: list[InPlayCard]
    hand: list[HandCard]
    discard: list[Card]
    pending: Card | None
    deck_count: int
    deck_remaining: dict[str, int]
    peek: list[Card]
    decision: Decision
    last_battle: Battle | None
    log_refs: list[str]
    projection: Projection | None
    drawn: Card | None
    terms: list[list[str]]
    over: bool
    lost: bool
    score: int | None
