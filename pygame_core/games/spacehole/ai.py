"""Spacehole's autoplayer and Hint: determinizer, heuristic, evaluation (RULES.md SH-10, C-4.5).

The only hidden thing in solo Spacehole is the deck order (SH-10); the cards left in it are
known (everything else is in view), and Ranger/Scout peeks fix its top cards (SH-8.6). A
determinization keeps the peeked cards on top and shuffles the rest with the bot's own RNG.

Level 1 is a defence-first greedy builder, like Appendix B's simulated player; the search
levels play it in short rollouts and score the result with ``evaluate``, an estimate of
the final MC discounted by the risk of losing the Base (SH-9.1).
"""

from __future__ import annotations

import functools
from dataclasses import fields
from typing import Any

from ...deck import Deck
from ...events import Event, events_from_plain
from ...game import PlayerId, View
from ...rng import Rng
from .actions import Choose, Discard, Dismiss, Draw, Pass, Play, Repair, Scout, SpaceholeAction
from .ai_search import paired_search
from .data import BASE_ID, DECK_SIZE, Kind, card_type
from .power import best_allocation
from .rules import current_force, defender_cap, structure_counts, supply
from .state import Battle, BattleRound, CardInPlay, Options, State, Step
from .words import card_name

# Three levels (issue 11 allows it): a 60-iteration fourth level scored no higher than the
# 24-iteration flat search Normal was before issue 28, on paired seeds, at 2.5x the time.
LEVELS: tuple[str, ...] = ("Random", "Easy", "Normal")
SEARCH = "game"  # ai_search.paired_search: the heuristic's choice against its rivals, paired
SEARCH_ITERATIONS: tuple[int, ...] = (96,)  # the most samples (determinizations) per decision
ROLLOUTS = 240  # the most rollouts per decision, all candidates together (the slowest decision)
ROLLOUT_DEPTH = 8
RIVALS = {"build": 4, "Discard": 2, "Dismiss": 1, "Choose": 2}  # rivals weighed per decision
PRIOR_MARGIN = 0.001  # about 3 MC of final score: a rival must beat the heuristic by more


SCORE_SCALE = 3000.0  # SH-9.2 scores: Appendix B's survivors average about 1,760 MC


# --------------------------------------------------------------------------------------
# Determinization (SH-10, C-4.5)


@functools.cache
def _id_by_name(skin: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for card in (*range(DECK_SIZE), BASE_ID):
        out.setdefault(card_name(card, skin), card)
    return out


def _log(view: View) -> tuple[Event, ...]:
    """The state's log: the view's events as they were (one seat sees every event, SH-10)."""
    return events_from_plain(view["events"])


def _battle(data: dict[str, Any], skin: str, in_play: set[int], discard: tuple[int, ...]) -> Battle:
    """The last battle (public, SH-6) with card ids for the names it shows. Defenders are
    single copies (SH-2.4); a hit on Laser Turrets destroys the latest played of those that
    fired that round (SH-6.3); a Force Dome the view lists as lost is a copy now discarded."""
    names = _id_by_name(skin)
    lost = list(data.get("lost", []))

    def dome(name: str) -> int:
        copies = [c for c in range(DECK_SIZE) if card_name(c, skin) == name]
        if name in lost:
            gone = [c for c in copies if c in discard]
            if gone:
                return gone[-1]
        alive = [c for c in copies if c in in_play]
        return alive[0] if alive else names[name]

    rounds = []
    for r in data["rounds"]:
        shooters = [(d["card"], d["name"]) for d in r["colony_dice"]]
        hits = []
        for name in r["hits_on"]:
            same = [card for card, shown in shooters if shown == name and card != BASE_ID]
            if name == card_name(BASE_ID, skin):
                hits.append(BASE_ID)
            elif same and card_type(same[-1]).key == "laser_turret":
                hits.append(same[-1])
                shooters.remove((same[-1], name))
            elif same:
                hits.append(same[0])
            else:
                hits.append(dome(name))
        rounds.append(
            BattleRound(
                tuple(r["invader_dice"]),
                tuple((d["card"], tuple(d["dice"])) for d in r["colony_dice"]),
                r["invader_damage"],
                tuple(hits),
            )
        )
    return Battle(data["invader"]["id"], tuple(rounds), data["result"])


def determinize(view: View, seat: PlayerId, seed: int) -> State:
    """The visible colony as it is; the deck: the peeked cards on top (SH-8.6), then every
    other card not in sight in an order drawn from ``seed``; a fresh RNG."""
    from ...ai.rand import AiRandom  # the AI's own stream, never the game's (C-2.6)

    rng = AiRandom(seed)
    opts = view["options"]
    in_play = tuple(CardInPlay(c["id"], c["damage"]) for c in view["in_play"])
    hand = tuple(c["id"] for c in view["hand"])
    discard = tuple(c["id"] for c in view["discard"])
    pending = None if view["pending"] is None else view["pending"]["id"]
    peek = [c["id"] for c in view["peek"]]
    seen = {*hand, *discard, *peek, *(p.card for p in in_play), *([] if pending is None else [pending])}
    rest = rng.shuffled([card for card in range(DECK_SIZE) if card not in seen])
    step = Step(view["step"])
    over = bool(view["over"])
    turn = view["turn"] - 1 if step == Step.START and not over else view["turn"]
    skin = opts["skin"]
    return State(
        # Every option the view shows (a newer option keeps its default where it shows none).
        options=Options(**{f.name: opts[f.name] for f in fields(Options) if f.name in opts}),
        rng=Rng.from_seed(rng.seed()),
        deck=Deck((*peek, *rest), discard),
        hand=hand,
        in_play=in_play,
        mc=view["mc"],
        turn=turn,
        step=step,
        pending=pending,
        powered=tuple(sorted(c["id"] for c in view["in_play"] if c["powered"])),
        income=view["income"],
        terraform=view["terraform"],
        seismic=view["seismic"],
        peek_count=len(peek),
        last_battle=None
        if view["last_battle"] is None
        else _battle(view["last_battle"], skin, {p.card for p in in_play}, discard),
        base_destroyed=bool(view["lost"]),
        over=over,
        log=_log(view),
    )


# --------------------------------------------------------------------------------------
# Evaluation


def _income_capacity(state: State) -> int:
    """The best income of the structures in play (SH-7.4), Seismic Events aside."""
    allocation = best_allocation(structure_counts(state), supply(state), state.terraform)
    return 0 if allocation is None else allocation.income


def _defence(state: State) -> float:
    """How much an invasion must chew through: defender Force, domes, turrets, Base laser."""
    total = 1.0
    for p in state.in_play:
        if p.kind == Kind.DEFENDER:
            total += current_force(p) * 1.2
        elif p.key == "force_dome":
            total += 1.5 * (3 - p.damage) / 3
        elif p.key == "laser_turret":
            total += 1.0
    return total


def _invader_threat(state: State) -> float:
    """The Force of the invaders still in the deck (SH-2.5: 87 in all)."""
    return float(sum(card_type(c).force for c in state.deck.draw_pile if card_type(c).kind == Kind.INVADER))


def evaluate(state: State, seat: PlayerId) -> float:
    """An estimate of the final score (SH-9) over ``SCORE_SCALE``: the MC in hand, the
    income of the structures in play over the turns left, a little for playable cards in
    hand, all discounted by the risk that the invaders left destroy the Base (SH-9.1)."""
    if state.over:
        return 0.0 if state.base_destroyed else min(1.0, state.mc / SCORE_SCALE)
    turns_left = len(state.deck.draw_pile)
    income = _income_capacity(state)
    hand_bonus = 0.0
    for card in state.hand:
        ct = card_type(card)
        if ct.kind == Kind.STRUCTURE:
            hand_bonus += (ct.income + 0.5) * turns_left * 0.35
        else:
            hand_bonus += ct.force * 4.0
    expected = state.mc + income * turns_left + hand_bonus + 3.0 * defender_cap(state)
    base_left = state.options.base_hits - state.base.damage
    threat = _invader_threat(state)
    # A rough survival chance: the Base's margin and the defence against the Force to come.
    margin = base_left * (1.0 + _defence(state) / 4.0)
    risk = threat / (threat + 6.0 * margin + 1e-9) if threat else 0.0
    survival = max(0.0, 1.0 - risk * risk * 1.6)
    return max(0.0, min(1.0, survival * expected / SCORE_SCALE))


# --------------------------------------------------------------------------------------
# The level-1 heuristic (defence first, then income)


def _keep_value(state: State, card: int) -> float:
    """How much a card in hand is worth keeping (SH-8.4 discards the least)."""
    ct = card_type(card)
    if ct.kind == Kind.DEFENDER:
        return 6.0 + ct.force - (4.0 if ct.key == "alien_artifact" and not state.count("lab") else 0.0)
    gain = _play_gain(state, card)
    return 2.0 + gain + ct.income * 0.5 + ct.defence_slots * 2.0


def _income_gain(state: State, card: int) -> int:
    """The income per turn a structure would add to the best allocation (SH-7.4)."""
    ct = card_type(card)
    counts = dict(structure_counts(state))
    counts[ct.key] = counts.get(ct.key, 0) + 1
    extra = 5 if ct.key == "solar_array" else 0  # SH-7.1
    allocation = best_allocation(tuple(sorted(counts.items())), supply(state) + extra, state.terraform)
    after = 0 if allocation is None else allocation.income
    return after - _income_capacity(state)


def _play_gain(state: State, card: int) -> float:
    """The income a structure would add now, with its defence and power uses."""
    ct = card_type(card)
    gain = _income_gain(state, card)
    bonus = 1.5 * ct.defence_slots
    if ct.key == "solar_array":
        bonus += 0.8
    elif ct.key in ("laser_turret", "force_dome"):
        bonus += 1.2
    elif ct.key == "command_center":
        bonus += 0.8
    elif ct.key in ("agrodome", "mine", "lab"):
        bonus += 0.4  # supports a dependent later
    return gain + bonus


def _build_score(state: State, action: SpaceholeAction) -> float:
    defenders = state.of_kind(Kind.DEFENDER)
    if isinstance(action, Play):
        ct = card_type(action.card)
        if ct.kind == Kind.DEFENDER:
            if action.replacing != -1:
                old = next(p for p in defenders if p.card == action.replacing)
                return ct.force - current_force(old) - 0.5
            # SH-6: defenders absorb hits and roll dice; fewest defenders, most urgent.
            return 6.0 + ct.force - 1.5 * len(defenders)
        return 1.0 + 1.4 * _play_gain(state, action.card)
    if isinstance(action, Repair):
        target = next(p for p in state.in_play if p.card == action.card)
        weight = 1.2 if target.card == BASE_ID else 0.8
        return weight * target.damage
    return 0.0


def policy(state: State, legal: list[SpaceholeAction], seat: PlayerId, rng: Any) -> SpaceholeAction:
    """Level 1: draw without scouting; build defence first while under the cap, else the
    best income; discard and dismiss the least useful; lose the cheapest to Space Virus."""
    first = legal[0]
    if isinstance(first, (Draw, Scout)):
        return next(a for a in legal if isinstance(a, Draw))
    if isinstance(first, Discard):
        return min(legal, key=lambda a: _keep_value(state, a.card) if isinstance(a, Discard) else 99.0)
    if isinstance(first, Dismiss):
        by_card = {p.card: p for p in state.in_play}
        return min(legal, key=lambda a: current_force(by_card[a.card]) if isinstance(a, Dismiss) else 99)
    if isinstance(first, Choose):
        if state.step == Step.VIRUS:  # lose the weakest defender, a Colony only if none
            by_card = {p.card: p for p in state.in_play}

            def loss(a: SpaceholeAction) -> float:
                assert isinstance(a, Choose)
                p = by_card[a.card]
                return 10.0 if p.key == "colony" else float(current_force(p))

            return min(legal, key=loss)
        return max(legal, key=lambda a: _keep_value(state, a.card) if isinstance(a, Choose) else -1.0)
    best, best_score = legal[-1], 0.0
    for action in legal:
        score = _build_score(state, action)
        if score > best_score:
            best, best_score = action, score
    return best


def candidates(state: State, legal: list[SpaceholeAction], seat: PlayerId) -> list[SpaceholeAction]:
    """What the search weighs: the heuristic's choice first (the search keeps it unless another
    is better beyond doubt), then its next best by the heuristic's own measure of each
    decision. "Build nothing" is a rival only when the heuristic chose it: it merely delays a
    card, and on 100 samples it came out behind the heuristic's play every time it was
    measured. Drawing is never weighed against scouting (that costs a defender)."""
    choice = policy(state, legal, seat, None)
    first = legal[0]
    if isinstance(first, (Draw, Scout)):
        return [choice]
    ranked: list[SpaceholeAction]
    if isinstance(first, Discard):
        ranked = sorted(legal, key=lambda a: _keep_value(state, a.card) if isinstance(a, Discard) else 99.0)
    elif isinstance(first, Dismiss):
        by_card = {p.card: p for p in state.in_play}
        ranked = sorted(legal, key=lambda a: current_force(by_card[a.card]) if isinstance(a, Dismiss) else 99)
    elif isinstance(first, Choose):
        ranked = sorted(legal, key=lambda a: -_keep_value(state, a.card) if isinstance(a, Choose) else 0.0)
    else:
        ranked = sorted(legal, key=lambda a: -_build_score(state, a))
    rivals = [a for a in ranked if a != choice and not isinstance(a, Pass)]
    return [choice, *rivals[: RIVALS[type(first).__name__ if state.step != Step.BUILD else "build"]]]


def search(
    view: View, legal: list[SpaceholeAction], seat: PlayerId, rng: Any, budget: int
) -> tuple[SpaceholeAction, float]:
    """Level 2 and the Hint: ``ai_search.paired_search`` over ``candidates``, up to ``budget``
    samples, each rival and the heuristic's choice played on by the heuristic for
    ``ROLLOUT_DEPTH`` decisions and scored by ``evaluate``."""
    return paired_search(
        view, legal, seat, rng, budget,
        determinize=determinize, candidates=candidates, policy=policy, evaluate=evaluate,
        rollouts=ROLLOUTS, depth=ROLLOUT_DEPTH, margin=PRIOR_MARGIN,
    )


def rollout_policy(state: State, legal: list[SpaceholeAction], seat: PlayerId, rng: Any) -> SpaceholeAction:
    """Rollouts play the heuristic."""
    return policy(state, legal, seat, rng)


# --------------------------------------------------------------------------------------
# The Hint (issue 11): the top level's choice in a phrase


def explain(view: View, action: SpaceholeAction, value: float) -> str:
    """Why, in a few words: the income or defence a build brings, or what a choice keeps."""
    state = determinize(view, 0, 0)
    skin = state.options.skin

    def name(card: int) -> str:
        return card_name(card, skin)

    if isinstance(action, Draw):
        return "draws the next card"
    if isinstance(action, Scout):
        return f"sends {name(action.card)} to look at the next cards"
    if isinstance(action, Play):
        ct = card_type(action.card)
        if ct.kind == Kind.DEFENDER:
            swap = f", in place of {name(action.replacing)}" if action.replacing != -1 else ""
            return f"adds a defender: Force {ct.force} against invaders{swap}"
        gain = _income_gain(state, action.card)
        if gain > 0:
            return f"builds income: +{gain} MC a turn"
        if ct.defence_slots:
            return f"builds {name(action.card)}: room for {ct.defence_slots} more defender"
        if ct.key == "solar_array":
            return "builds power: +5 for future structures"
        if ct.key in ("laser_turret", "force_dome"):
            return f"builds {name(action.card)} to blunt invasions"
        return f"builds {name(action.card)} for later structures"
    if isinstance(action, Repair):
        return f"repairs {name(action.card)}: a safer colony"
    if isinstance(action, Pass):
        return "nothing worth building now"
    if isinstance(action, Discard):
        return f"discards {name(action.card)}, the least useful card"
    if isinstance(action, Dismiss):
        return f"dismisses {name(action.card)}, the weakest defender"
    if isinstance(action, Choose):
        if state.step == Step.VIRUS:
            return f"loses {name(action.card)}, the smallest loss"
        return f"takes back {name(action.card)}"
    return str(action)
