"""Spacehole's rules: the turn machine, battles, events, power and legality (RULES.md SH-4..SH-9).

``apply`` takes one player decision and then runs the game forward through every step
that needs no decision, stopping at the next one. The log holds events (``events.py``) that
name cards by id, so ``words.py`` renders either skin's names from one identical state (SH-H26).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pygame_core.deck import Deck
from pygame_core.events import Event, event
from pygame_core.game import IllegalActionError
from pygame_core.rng import Rng, Roller

from .actions import NO_CARD, Choose, Discard, Dismiss, Draw, Pass, Play, Repair, Scout, SpaceholeAction
from .data import BASE_ID, DECK_SIZE, TYPES, Kind, card_type, type_name, with_article
from .power import (
    SUPPLY_PER_SOURCE,
    Counts,
    best_allocation,
    chain_power,
    counts_of,
    legal_before_issue_13,
    play_obligation,
    supporters_missing,
)
from .state import Battle, BattleRound, CardInPlay, Options, State, Step

BASE_HAND_LIMIT = 5  # SH-8.4
COMMAND_CENTER_HAND_BONUS = 2
DOME_HITS = 3  # SH-6.3 step 2
SCOUTS = ("space_rangers", "space_scouts")  # SH-8.6
RANDOM_DEFENDER_LOSS = ("lost_in_space", "black_hole", "intergalactic_war")  # SH-A30
RANDOM_STRUCTURE_LOSS = ("sabotage", "planet_bombs", "meteor_swarm")


# --------------------------------------------------------------------------------------
# Derived quantities


def supply(state: State) -> int:
    """SH-7.1: 5 per power source (the Base and each Solar Array)."""
    return SUPPLY_PER_SOURCE * (1 + state.count("solar_array"))


def defender_cap(state: State) -> int:
    """SH-8.1: D = 2 (Base) + the D of every structure in play, powered or not."""
    return sum(card_type(c.card).defence_slots for c in state.in_play if c.kind != Kind.DEFENDER)


def hand_limit(state: State) -> int:
    """SH-8.4: 5, or 7 with a Command Center in play."""
    bonus = COMMAND_CENTER_HAND_BONUS if state.count("command_center") else 0
    return BASE_HAND_LIMIT + bonus


def structure_counts(state: State) -> Counts:
    counts: dict[str, int] = {}
    for card in state.of_kind(Kind.STRUCTURE):
        counts[card.key] = counts.get(card.key, 0) + 1
    return counts_of(counts)


def current_force(card: CardInPlay) -> int:
    """Printed Force less damage (SH-6.1); Space Hero keeps 5 until its first hit (SH-A09)."""
    return max(0, card_type(card.card).force - card.damage)


def has_lab(state: State) -> bool:
    return state.count("lab") > 0


def structure_obligation(state: State, card: int) -> Counts | None:
    """SH-7.3's power check for playing structure ``card``: its obligation, or None if illegal
    (under the ``rules`` option's reading: 1 is the one before issue 13, for old links)."""
    key = card_type(card).key
    supply_after = supply(state) + (SUPPLY_PER_SOURCE if key == "solar_array" else 0)
    counts = structure_counts(state)
    if state.options.rules == 1 and not legal_before_issue_13(key, counts, supply_after):
        return None
    return play_obligation(key, counts, supply_after)


def can_play_defender(state: State, card: int) -> bool:
    """SH-8.2: the Alien Artifact needs a Lab; at the cap a defender plays only as a replacement."""
    return card_type(card).key != "alien_artifact" or has_lab(state)


# --------------------------------------------------------------------------------------
# Setup


def new_state(options: Options, seed: int) -> State:
    """SH-4: the Base in play, nothing else; the 96 cards shuffled once (SH-4.2)."""
    roller = Roller(Rng.from_seed(seed))
    deck = Deck.shuffled(range(DECK_SIZE), roller, "SH.setup.shuffle")
    return State(options=options, rng=roller.value, deck=deck, log=(event("colony_founded"),))


# --------------------------------------------------------------------------------------
# Legal actions


def _first_of_each_type(cards: tuple[int, ...] | list[int]) -> list[int]:
    """Copies are interchangeable (SH-A21): offer one choice per card type."""
    seen: dict[str, int] = {}
    for card in cards:
        seen.setdefault(card_type(card).key, card)
    return sorted(seen.values())


def pending_interrupt(state: State) -> str | None:
    """A forced clean-up that comes before anything else: cap shrink, then hand limit."""
    if len(state.of_kind(Kind.DEFENDER)) > defender_cap(state):
        return "dismiss"
    if len(state.hand) > hand_limit(state):
        return "discard"
    return None


def legal_actions(state: State) -> list[SpaceholeAction]:
    if state.over:
        return []
    interrupt = pending_interrupt(state)
    if interrupt == "dismiss":
        return [Dismiss(d.card) for d in state.of_kind(Kind.DEFENDER)]
    if interrupt == "discard":
        return [Discard(card) for card in _first_of_each_type(state.hand)]
    step = state.step
    if step == Step.START:
        scouts: list[SpaceholeAction] = [Scout(d.card) for d in state.in_play if d.key in SCOUTS]
        return [Draw(), *scouts]
    if step == Step.VIRUS:
        victims = [d.card for d in state.in_play if d.kind == Kind.DEFENDER or d.key == "colony"]
        return [Choose(card) for card in _first_of_each_type(victims)]
    if step in (Step.REINFORCE, Step.SALVAGE):
        kind = Kind.DEFENDER if step == Step.REINFORCE else Kind.STRUCTURE
        pile = [card for card in state.deck.discard_pile if card_type(card).kind == kind]
        return [Choose(card) for card in _first_of_each_type(pile)]
    if step == Step.BUILD:
        return _build_actions(state)
    raise AssertionError(f"no decision at step {step}")  # the machine never rests elsewhere


def _build_actions(state: State) -> list[SpaceholeAction]:
    actions: list[SpaceholeAction] = []
    late: list[SpaceholeAction] = []  # legal only since SH-7.3 is read as written (issue 13)
    defenders = state.of_kind(Kind.DEFENDER)
    at_cap = len(defenders) >= defender_cap(state)
    for card in _first_of_each_type(state.hand):
        kind = card_type(card).kind
        if kind == Kind.STRUCTURE and structure_obligation(state, card) is not None:
            # Links store indices into this list (pygame_core/codec.py): a play the reading
            # before issue 13 refused goes after every older choice, so old links keep
            # their meaning (tests/games/spacehole/test_golden_links.py).
            (actions if _legal_before_issue_13(state, card) else late).append(Play(card))
        elif kind == Kind.DEFENDER and can_play_defender(state, card):
            if at_cap:
                actions.extend(Play(card, d.card) for d in defenders)
            else:
                actions.append(Play(card))
    actions.extend(Repair(c.card) for c in state.in_play if c.damage > 0)
    actions.append(Pass())
    return actions + late


def _legal_before_issue_13(state: State, card: int) -> bool:
    key = card_type(card).key
    supply_after = supply(state) + (SUPPLY_PER_SOURCE if key == "solar_array" else 0)
    return legal_before_issue_13(key, structure_counts(state), supply_after)


def structure_block(state: State, card: int) -> tuple[str, str] | None:
    """Why structure ``card`` cannot be played now (SH-7.2, SH-7.3), in the player's words
    and the skin's names; None when its power check passes."""
    if structure_obligation(state, card) is not None:
        return None
    skin = state.options.skin
    key = card_type(card).key

    def name(k: str, plural: bool = False) -> str:
        return type_name(k, skin, plural)

    counts = structure_counts(state)
    missing = supporters_missing(key, counts)
    if missing is not None:
        supporter, wanted, have = missing
        needs = TYPES[key].needs
        per = needs[1] if needs is not None else 1
        own = with_article(name(supporter)) if per == 1 else f"{per} {name(supporter, True)}"
        if wanted == per:  # the first of its type
            held = "you have none" if have == 0 else f"you have only {have}"
            first = with_article(name(key))
            return "SH-7.2", f"{first[:1].upper()}{first[1:]} needs {own} in play, and {held}."
        return "SH-7.2", (
            f"Each {name(key)} needs {own} of its own: {wanted // per} {name(key, True)} need "
            f"{wanted} {name(supporter, wanted != 1)}, and you have {have}."
        )
    supply_after = supply(state)
    needed = chain_power(key)
    if needed > supply_after:
        helpers = TYPES[key].needs
        with_what = f" with the {name(helpers[0], True)} it needs" if helpers else ""
        return "SH-7.1", (
            f"Not enough power: a working {name(key)} uses {needed} power{with_what}, and your "
            f"colony makes {supply_after}. Each {name('solar_array')} adds {SUPPLY_PER_SOURCE}."
        )
    needs = TYPES[key].needs
    supporter = needs[0] if needs is not None else key
    if play_obligation(key, counts, supply_after + (SUPPLY_PER_SOURCE if key == "solar_array" else 0)) is not None:
        return "SH-7.3", (  # only under the older reading (the rules option at 1)
            f"Under the older reading of the power rule chosen for this game, every {name(key)} in play "
            f"and the new one must all be able to get power at once, and your colony cannot power them all."
        )
    return "SH-7.3", (
        f"No {name(key)} could get power this turn: your {name(supporter, True)} cannot all work "
        f"(they need supporters of their own), so the new {name(key)} would stay idle."
    )


def play_block(state: State, card: int) -> tuple[str, str] | None:
    """Why ``card`` from the hand cannot be played in this Build Phase (None if it can,
    possibly only as a replacement at the defender cap)."""
    skin = state.options.skin
    kind = card_type(card).kind
    if kind == Kind.STRUCTURE:
        return structure_block(state, card)
    if kind == Kind.DEFENDER and not can_play_defender(state, card):
        lab = type_name("lab", skin)
        return "SH-8.5", f"The Alien Artifact can be played only while you have {with_article(lab)} in play."
    if kind == Kind.DEFENDER:
        return None
    return "SH-5.4", "Only structures and defenders can be played; events and invaders act when drawn."


# --------------------------------------------------------------------------------------
# Apply


def apply(state: State, action: SpaceholeAction) -> State:
    if state.over:
        raise IllegalActionError("SH-9", "the game is over")
    legal = legal_actions(state)
    if action not in legal:
        raise IllegalActionError(*_why_illegal(state, action))
    roller = Roller(state.rng)
    log: list[Event] = []
    state = _decide(state, action, roller, log)
    state = _advance(state, roller, log)
    reveals = isinstance(action, (Draw, Scout)) or bool(roller.rolls)
    return replace(
        state,
        rng=roller.value,
        epoch=state.epoch + (1 if reveals else 0),
        log=state.log + tuple(log),
    )


def _why_illegal(state: State, action: SpaceholeAction) -> tuple[str, str]:
    """The specific reason ``action`` is refused, in the player's words (issue 13)."""
    interrupt = pending_interrupt(state)
    if interrupt == "dismiss":
        return "SH-8.3", (
            f"You have more defenders than places for them ({defender_cap(state)}): dismiss one first."
        )
    if interrupt == "discard":
        return "SH-8.4", f"Your hand is over its limit of {hand_limit(state)} cards: discard one first."
    if isinstance(action, Play):
        if state.step != Step.BUILD:
            return "SH-5.1", "You can play cards only in the Build step, after drawing."
        card = action.card
        if card not in state.hand:
            return "SH-5.4", "That card is not in your hand."
        blocked = play_block(state, card)
        if blocked is not None:
            return blocked
        if card_type(card).kind == Kind.DEFENDER:
            cap = defender_cap(state)
            if action.replacing == NO_CARD:
                return "SH-8.2", (
                    f"All {cap} defender places are taken: a new defender must replace one in play."
                )
            return "SH-8.2", "Only a defender in play can be replaced, and only when all places are taken."
        return "SH-5.4", "Copies are the same card: play the one offered."
    if isinstance(action, Repair):
        if state.step != Step.BUILD:
            return "SH-5.4", "You can repair only in the Build step, instead of playing a card."
        return "SH-5.4", "Only a damaged card in play can be repaired."
    if isinstance(action, Draw):
        return "SH-5.2", "You draw only at the start of a turn: finish this decision first."
    if isinstance(action, Scout):
        return "SH-8.6", "Rangers and Scouts in play scout only at the start of a turn, before the draw."
    if isinstance(action, Discard):
        return "SH-8.4", f"You discard only when your hand is over its limit of {hand_limit(state)} cards."
    if isinstance(action, Dismiss):
        return "SH-8.3", "You dismiss a defender only when you have more than there are places for."
    if isinstance(action, Choose):
        ct = card_type(action.card)
        shown = ct.b5_name if state.options.skin == "babylon5" else ct.name
        return "SH-5.3", f"{shown} cannot be chosen now."
    return "SH-5.1", "That is not a decision you can take now."


def _decide(state: State, action: SpaceholeAction, roller: Roller, log: list[Event]) -> State:
    if isinstance(action, Dismiss):
        log.append(event("dismissed", card=action.card, rule="SH-8.3"))
        return _discard_from_play(state, action.card)
    if isinstance(action, Discard):
        log.append(event("discarded", card=action.card, rule="SH-8.4"))
        return replace(state, hand=_without(state.hand, action.card), deck=state.deck.discard(action.card))
    if isinstance(action, Draw):
        return _draw(state, log)
    if isinstance(action, Scout):
        return _scout(state, action.card, roller, log)
    if isinstance(action, Choose):
        return _choose(state, action.card, log)
    if isinstance(action, Play):
        return _play(state, action, log)
    if isinstance(action, Repair):
        log.append(event("repaired", card=action.card, rule="SH-5.4"))
        in_play = tuple(replace(p, damage=0) if p.card == action.card else p for p in state.in_play)
        return replace(state, in_play=in_play, step=Step.POWER)
    log.append(event("built_nothing"))
    assert isinstance(action, Pass)
    return replace(state, step=Step.POWER)


def _draw(state: State, log: list[Event]) -> State:
    """SH-5.2 Space Karma: Structures and Defenders to the hand, the rest become pending."""
    card, deck = state.deck.draw()
    assert card is not None  # START is offered only while the deck has cards (SH-9.2)
    turn = state.turn + 1
    state = replace(
        state, deck=deck, turn=turn, peek_count=max(0, state.peek_count - 1), income=0,
        powered=(), seismic=False, obligation=(), last_battle=None,
    )
    kind = card_type(card).kind
    log.append(event("drew", turn=turn, card=card))
    if kind in (Kind.STRUCTURE, Kind.DEFENDER):
        return replace(state, hand=(*state.hand, card), step=Step.BUILD)
    return replace(state, pending=card, step=Step.EVENT)


def _scout(state: State, card: int, roller: Roller, log: list[Event]) -> State:
    """SH-8.6: discard the Rangers/Scouts, roll 1d6, see that many top cards in order."""
    state = _discard_from_play(state, card)
    roll = roller.d(6, f"SH.scout {card_type(card).name}")
    seen = min(roll, len(state.deck))
    log.append(event("scouted", card=card, roll=roll, seen=seen))
    return replace(state, peek_count=max(state.peek_count, seen))


def _choose(state: State, card: int, log: list[Event]) -> State:
    if state.step == Step.VIRUS:
        log.append(event("virus_lost", card=card, rule="SH-A28"))
        state = _discard_from_play(state, card)
    else:
        log.append(event("returned", by=state.pending or card, card=card, rule="SH-A29"))
        state = replace(state, deck=state.deck.take_from_discard(card), hand=(*state.hand, card))
    return _finish_event(state)


def _play(state: State, action: Play, log: list[Event]) -> State:
    card = action.card
    state = replace(state, hand=_without(state.hand, card))
    if action.replacing != NO_CARD:
        log.append(event("replaced", card=action.replacing, rule="SH-8.2"))
        state = _discard_from_play(state, action.replacing)
    obligation: Counts = ()
    if card_type(card).kind == Kind.STRUCTURE:
        found = structure_obligation(state, card)
        assert found is not None  # legal_actions checked it
        obligation = found
    log.append(event("played", card=card))
    return replace(state, in_play=(*state.in_play, CardInPlay(card)), obligation=obligation, step=Step.POWER)


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    out = list(cards)
    out.remove(card)
    return tuple(out)


def _discard_from_play(state: State, card: int) -> State:
    assert card != BASE_ID
    in_play = tuple(p for p in state.in_play if p.card != card)
    return replace(state, in_play=in_play, deck=state.deck.discard(card))


# --------------------------------------------------------------------------------------
# Running forward to the next decision


def _advance(state: State, roller: Roller, log: list[Event]) -> State:
    while not state.over:
        # SH-8.5: an Alien Artifact without a Lab is discarded at once.
        if not has_lab(state):
            for p in state.of_kind(Kind.DEFENDER):
                if p.key == "alien_artifact":
                    log.append(event("artifact_discarded", card=p.card, rule="SH-8.5"))
                    state = _discard_from_play(state, p.card)
        if pending_interrupt(state) is not None:
            return state
        step = state.step
        if step == Step.EVENT:
            state = _resolve_pending(state, roller, log)
        elif step == Step.POWER:
            state = _power_phase(state, log)
        elif step == Step.INCOME:
            state = _income_phase(state, log)
        elif step == Step.END:
            if not state.deck.draw_pile:  # SH-9.2: the last card was drawn this turn
                log.append(event("deck_spent", mc=state.mc))
                return replace(state, over=True)
            state = replace(state, step=Step.START)
        else:
            return state  # a decision step
    return state


def _power_phase(state: State, log: list[Event]) -> State:
    """SH-7.4: the engine picks the income-maximising allocation; no decision is involved."""
    allocation = best_allocation(structure_counts(state), supply(state), state.terraform, state.obligation)
    assert allocation is not None  # SH-7.3 was checked when the structure was played
    powered = _tokened_cards(state, allocation.tokens)
    return replace(state, powered=powered, income=allocation.income, step=Step.INCOME)


def _tokened_cards(state: State, tokens: Counts) -> tuple[int, ...]:
    powered: list[int] = []
    for key, n in tokens:
        same = sorted(p.card for p in state.of_kind(Kind.STRUCTURE) if p.key == key)
        powered.extend(same[:n])  # lowest card ids first (SH-7.4 tie-break)
    return tuple(sorted(powered))


def projection(state: State, play: int | None = None) -> tuple[int, int, tuple[int, ...]]:
    """What this turn's Power and Income Phases would give if the Build Phase ended now
    (after playing structure ``play`` from the hand, if given): (income, power used, powered
    card ids). A pure projection for the screen (issue 13); the state is not changed."""
    obligation = state.obligation
    if play is not None:
        found = structure_obligation(state, play)
        assert found is not None, "only a playable structure can be projected"
        obligation = found
        state = replace(state, in_play=(*state.in_play, CardInPlay(play)))
    allocation = best_allocation(structure_counts(state), supply(state), state.terraform, obligation)
    if allocation is None:
        return 0, 0, ()
    income = 0 if state.seismic else allocation.income
    return income, allocation.power_used, _tokened_cards(state, allocation.tokens)


def _income_phase(state: State, log: list[Event]) -> State:
    """SH-5.6: MC += income of the powered structures, or nothing under Seismic Events."""
    income = 0 if state.seismic else state.income
    used = sum(card_type(card).power for card in state.powered)
    log.append(event("income", used=used, supply=supply(state), income=income, total=state.mc + income,
                     seismic=state.seismic))
    return replace(state, mc=state.mc + income, income=income, step=Step.END)


# --------------------------------------------------------------------------------------
# Events and battles


def _finish_event(state: State) -> State:
    assert state.pending is not None
    return replace(state, deck=state.deck.discard(state.pending), pending=None, step=Step.BUILD)


def _resolve_pending(state: State, roller: Roller, log: list[Event]) -> State:
    card = state.pending
    assert card is not None
    if card_type(card).kind == Kind.INVADER:
        state = _battle(state, card, roller, log)
        return state if state.over else _finish_event(state)
    key = card_type(card).key
    effect = EVENT_EFFECTS[key]
    result = effect(state, roller, log)
    if result.step in (Step.VIRUS, Step.REINFORCE, Step.SALVAGE) or result.over:
        return result
    return _finish_event(result)


def _battle(state: State, invader: int, roller: Roller, log: list[Event]) -> State:
    """SH-6: simultaneous rounds until a side falls or the invader withdraws (SH-6.4)."""
    printed = card_type(invader).force
    damage = 0
    rounds: list[BattleRound] = []
    log.append(event("invasion", by=invader, force=printed))
    result = ""
    while not result:
        n = len(rounds) + 1
        # SH-6.6: invader dice, the Base die, turret dice, then each defender's dice.
        invader_dice = tuple(roller.dice(printed - damage, 6, f"SH.battle r{n} invader"))
        shooters = [p for p in state.in_play if p.card == BASE_ID or p.key == "laser_turret"]
        shooters += [p for p in state.in_play if p.kind == Kind.DEFENDER]
        colony_dice = []
        for p in shooters:
            count = 1 if p.kind != Kind.DEFENDER else current_force(p)
            colony_dice.append((p.card, tuple(roller.dice(count, 6, f"SH.battle r{n} {card_type(p.card).name}"))))
        player_hits = sum(d.count(1) for _, d in colony_dice)
        invader_hits = invader_dice.count(1)
        damage = min(printed, damage + player_hits)
        hits_on: list[int] = []
        for _ in range(invader_hits):
            state, target = _take_hit(state, roller)
            hits_on.append(target)
            if state.base_destroyed:
                break
        rounds.append(BattleRound(invader_dice, tuple(colony_dice), damage, tuple(hits_on)))
        # The dice as rolled (SH-6.6 order) and the card each invader hit landed on.
        log.append(event(
            "battle_round", by=invader, round=n, invader_dice=invader_dice,
            colony_dice=tuple(x for _, d in colony_dice for x in d), hits_on=tuple(hits_on),
        ))
        if state.base_destroyed:
            result = "base destroyed"
        elif damage >= printed:
            result = "destroyed"
        elif state.options.battle_length == "force_rounds" and n >= printed:
            result = "withdrew"  # SH-6.4 / SH-A03
    battle = Battle(invader, tuple(rounds), result)
    if result == "base destroyed":
        log.append(event("base_destroyed", rule="SH-9.1"))
        return replace(state, last_battle=battle, over=True)
    log.append(event("battle_over", by=invader, rounds=len(rounds), destroyed=result == "destroyed"))
    return replace(state, last_battle=battle)


def _take_hit(state: State, roller: Roller) -> tuple[State, int]:
    """SH-6.3: one invader hit, on a random defender, else a Dome, else a Turret, else the Base."""
    defenders = state.of_kind(Kind.DEFENDER)
    if defenders:
        target = defenders[roller.randbelow(len(defenders), "SH.battle hit target")]
        return _damage(state, target.card), target.card
    domes = [p for p in state.in_play if p.key == "force_dome"]
    if domes:
        # SH-A07: the most damaged Dome, ties to the earliest played.
        target = max(domes, key=lambda p: (p.damage, -state.in_play.index(p)))
        return _damage(state, target.card), target.card
    turrets = [p for p in state.in_play if p.key == "laser_turret"]
    if turrets:
        return _discard_from_play(state, turrets[-1].card), turrets[-1].card  # latest played
    return _damage(state, BASE_ID), BASE_ID


def _damage(state: State, card: int) -> State:
    """One damage counter; destroyed cards are discarded at once (SH-6.2, SH-6.3)."""
    target = next(p for p in state.in_play if p.card == card)
    hit = replace(target, damage=target.damage + 1)
    if card == BASE_ID:
        destroyed = hit.damage >= state.options.base_hits
        in_play = (hit, *state.in_play[1:])
        return replace(state, in_play=in_play, base_destroyed=destroyed, over=destroyed or state.over)
    key = target.key
    destroyed = (
        (key == "force_dome" and hit.damage >= DOME_HITS)
        or (key == "space_hero")  # SH-A09: the first hit destroys it
        or (hit.kind == Kind.DEFENDER and current_force(hit) == 0)
    )
    if destroyed:
        return _discard_from_play(state, card)
    return replace(state, in_play=tuple(hit if p.card == card else p for p in state.in_play))


EventEffect = Callable[[State, Roller, list[Event]], State]


def _random_defender_damage(state: State, roller: Roller, log: list[Event]) -> State:
    """Solar Flare: 2 points, one at a time, to random surviving defenders (SH-A20)."""
    for point in (1, 2):
        defenders = state.of_kind(Kind.DEFENDER)
        if not defenders:
            log.append(event("flare_spent", by=state.pending or 0))
            break
        target = defenders[roller.randbelow(len(defenders), f"SH.event solar flare point {point}")]
        state = _damage(state, target.card)
        log.append(event("flare_damage", by=state.pending or 0, card=target.card))
    return state


def _random_defender_loss(state: State, roller: Roller, log: list[Event]) -> State:
    defenders = state.of_kind(Kind.DEFENDER)
    if not defenders:
        log.append(event("no_defender", by=state.pending or 0))
        return state
    target = defenders[roller.randbelow(len(defenders), "SH.event random defender")]
    log.append(event("lost", by=state.pending or 0, card=target.card))
    return _discard_from_play(state, target.card)


def _random_structure_loss(state: State, roller: Roller, log: list[Event]) -> State:
    """SH-A22: uniform over structures in play, the Base first; a hit Base takes 1 damage."""
    structures = [p for p in state.in_play if p.kind in (Kind.BASE, Kind.STRUCTURE)]
    target = structures[roller.randbelow(len(structures), "SH.event random structure")]
    if target.card == BASE_ID:
        log.append(event("base_hit", by=state.pending or 0))
        state = _damage(state, BASE_ID)
        if state.base_destroyed:
            log.append(event("base_destroyed", rule="SH-9.1"))
        return state
    log.append(event("destroyed", by=state.pending or 0, card=target.card))
    return _discard_from_play(state, target.card)


def _lose_one(key: str) -> EventEffect:
    def effect(state: State, roller: Roller, log: list[Event]) -> State:
        same = [p for p in state.in_play if p.key == key]
        if not same:
            log.append(event("nothing_lost", by=state.pending or 0, rule="SH-A21"))
            return state
        log.append(event("destroyed", by=state.pending or 0, card=same[-1].card))
        return _discard_from_play(state, same[-1].card)

    return effect


def _gain(per: Callable[[State], int], what: str) -> EventEffect:
    def effect(state: State, roller: Roller, log: list[Event]) -> State:
        gain = per(state)
        log.append(event("mc_gained", by=state.pending or 0, gain=gain, per=what))
        return replace(state, mc=state.mc + gain)

    return effect


def _structures(state: State) -> int:
    """SH-A23: every structure card in play, the Base included."""
    return sum(1 for p in state.in_play if p.kind in (Kind.BASE, Kind.STRUCTURE))


def _con_artist(state: State, roller: Roller, log: list[Event]) -> State:
    loss = state.mc // 2  # SH-A26: floor, in the player's favour
    log.append(event("mc_lost", by=state.pending or 0, loss=loss))
    return replace(state, mc=state.mc - loss)


def _tax_men(state: State, roller: Roller, log: list[Event]) -> State:
    loss = min(state.mc, 2 * _structures(state))  # SH-A27: never below 0
    log.append(event("mc_lost", by=state.pending or 0, loss=loss))
    return replace(state, mc=state.mc - loss)


def _supernova(state: State, roller: Roller, log: list[Event]) -> State:
    log.append(event("hand_discarded", by=state.pending or 0, count=len(state.hand)))
    return replace(state, hand=(), deck=state.deck.discard(*state.hand))


def _emergency_repairs(state: State, roller: Roller, log: list[Event]) -> State:
    log.append(event("all_repaired", by=state.pending or 0))
    return replace(state, in_play=tuple(replace(p, damage=0) for p in state.in_play))


def _terraform(state: State, roller: Roller, log: list[Event]) -> State:
    log.append(event("terraformed", by=state.pending or 0, rule="SH-A25"))
    return replace(state, terraform=True)


def _seismic(state: State, roller: Roller, log: list[Event]) -> State:
    log.append(event("seismic", by=state.pending or 0))
    return replace(state, seismic=True)


def _choice(step: Step, eligible: Callable[[State], bool]) -> EventEffect:
    """Events that ask the player to pick a card; no effect when nothing is eligible."""

    def effect(state: State, roller: Roller, log: list[Event]) -> State:
        if not eligible(state):
            log.append(event("no_effect", by=state.pending or 0))
            return state
        return replace(state, step=step)

    return effect


def _in_discard(kind: Kind) -> Callable[[State], bool]:
    return lambda s: any(card_type(card).kind == kind for card in s.deck.discard_pile)


EVENT_EFFECTS: dict[str, EventEffect] = {
    "solar_flare": _random_defender_damage,
    "reinforcements": _choice(Step.REINFORCE, _in_discard(Kind.DEFENDER)),
    "supernova": _supernova,
    "lab_explosion": _lose_one("lab"),
    "core_instabilities": _lose_one("mine"),
    "terraform": _terraform,
    "emergency_repairs": _emergency_repairs,
    "seismic_events": _seismic,
    "dilithium_crystals": _gain(lambda s: 10 * s.count("mine"), "10 per Mine"),
    "space_traders": _gain(lambda s: 3 * _structures(s), "3 per structure"),
    "space_virus": _choice(
        Step.VIRUS, lambda s: any(p.kind == Kind.DEFENDER or p.key == "colony" for p in s.in_play)
    ),
    "discovery": _gain(lambda s: 50 if has_lab(s) else 0, "50 with a Lab"),
    "merchant_from_venus": _gain(lambda s: 20 * s.count("colony"), "20 per Colony"),
    "cosmic_con_artist": _con_artist,
    "interstellar_tax_men": _tax_men,
    "repairs": _choice(Step.SALVAGE, _in_discard(Kind.STRUCTURE)),
    **{key: _random_defender_loss for key in RANDOM_DEFENDER_LOSS},
    **{key: _random_structure_loss for key in RANDOM_STRUCTURE_LOSS},
}


# --------------------------------------------------------------------------------------
# The engine contract's remaining queries (pygame_core.game.Rules)


def current_player(state: State) -> int | None:
    """The one seat, 0, until the game is over (SH-9)."""
    return None if state.over else 0


def invariant_violations(state: State) -> list[str]:
    """Cards conserved, MC and damage in range, the Base first, the defender cap (SH-6, SH-8)."""
    problems = []
    cards = [
        *state.deck.draw_pile, *state.hand, *state.deck.discard_pile,
        *(p.card for p in state.in_play[1:]), *([] if state.pending is None else [state.pending]),
    ]
    if sorted(cards) != list(range(DECK_SIZE)):
        problems.append(f"card conservation: {len(cards)} cards, {len(set(cards))} distinct")
    if state.mc < 0:
        problems.append("MC below 0")
    if any(p.damage < 0 for p in state.in_play):
        problems.append("negative damage")
    if state.in_play[0].kind != Kind.BASE:
        problems.append("the Base is not first in play")
    if not state.over and state.base.damage >= state.options.base_hits:
        problems.append("the Base should be destroyed")
    if any(p.kind == Kind.DEFENDER and current_force(p) <= 0 for p in state.in_play):
        problems.append("a defender at 0 Force is still in play")
    settled = not state.over and pending_interrupt(state) is None
    if settled and len(state.of_kind(Kind.DEFENDER)) > defender_cap(state):
        problems.append("over the defender cap")
    return problems
