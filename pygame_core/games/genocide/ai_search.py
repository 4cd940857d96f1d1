"""Space Genocide level 2 (Normal): the plan, with a determinized rollout search at the high-stakes decisions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...ai.rand import AiRandom
from ...game import ActionBase, View
from ...windows import RESPONSE
from . import actions as A
from . import rules
from .ai_plan import declare_gains, plan
from .ai_policy import hex_distance
from .ai_sample import determinize
from .board import jammed, pb_max
from .cardplay.targets import fleet_key
from .cards import CARD_BY_NUM
from .state import State

# A searched decision compares the plan's choice with a few others on the same samples
# (common random numbers: the same hidden cards and ships, the same fresh dice), each rolled
# forward by the plan for every seat until its effect has shown. The plan's choice wins
# unless another beats it by a margin: evaluate is noisy, and a card kept is worth something
# evaluate cannot see (SG-13.1: a hand is only refilled by one draw a turn). The plan's own
# battle targets and PB counts come from exact kill chances (SG-6.3 B5, SG-8.5), which a few
# samples only estimate, so overriding them takes a wider margin than a card play.
MARGIN = 0.02
PLAN_MARGIN = 0.05
MAX_CANDIDATES = 3  # the plan's choice and at most two alternatives
ROLLOUT_CAP = 40  # actions a rollout may take before it is scored anyway

# Cards whose effect shows before the rollout ends, by window kind (SG-13.3). Outside battle
# windows only those that destroy or regain a ship at once are searched: the others (moves,
# production, knowledge) pay off turns later, where a short rollout cannot see them.
BATTLE_WINDOWS = frozenset({"B-pre", "B-decl", "roll", "burst", "M-decl"})
SOON_CARDS: dict[str, frozenset[str]] = {
    "E-end": frozenset(
        {"critical_hit", "point_defense", "suicide_attack", "repairs", "salvage", "boarding_action"}
    ),
    "O-move": frozenset({"space_mines"}),
}

# Cards played without a search wherever they are playable: Increased Production is a free
# ship in this turn's Production (SG-13.3 #7), which a rollout stopping before the draw
# cannot see, and a card kept only risks the discard down to seven (SG-13.1).
SURE_CARDS = frozenset({"increased_production"})
JAM_REACH = 3  # hexes from the seat's planets within which an enemy PB fleet is jammed

# Where a rollout may stop: play has left the engagement being searched (SG-4 phases).
CALM_PHASES = frozenset({"transport", "place", "buy", "discard", "hand_limit", "choose_battle", "over"})
CALM_WINDOWS = frozenset({"E-end", "P", "O-move", "O-start", "start", "T", "E0"})


@dataclass(frozen=True)
class Root:
    """What the searched decision is about, for the rollout's stopping point."""

    kind: str  # "battle", "burst", "md" or "card"
    hex: tuple[int, int] | None = None  # the battle's hex


def _root(state: State) -> Root:
    battle = state.battle
    key = (battle.col, battle.row) if battle is not None else None
    phase = state.phase
    kind = state.window.kind if phase == "window" and state.window is not None else ""
    if phase == "md" or kind == "M-decl":
        return Root("md")
    if phase == "burst" or kind == "burst":
        return Root("burst")
    if key is not None:
        return Root("battle", key)
    return Root("card")


def settled(state: State, root: Root) -> bool:
    """Whether the searched decision's consequences have shown: the battle round, burst step
    or Mass Destruction is over (SG-6.3 B7, SG-7, SG-8.5), or the card has resolved."""
    phase = state.phase
    if state.play is not None or phase in ("target", "card_move"):
        return False  # a card is still being targeted (SG-13.2)
    if phase in CALM_PHASES:
        return True
    if root.kind == "md":
        return phase == "window" and state.window is not None and state.window.kind == "P"
    if phase == "md":
        return True
    if root.kind == "burst" and phase == "declare":
        return True  # the battles after the burst step (SG-7.1)
    battle = state.battle
    if root.hex is not None and battle is not None and (battle.col, battle.row) != root.hex:
        return True  # the next battle
    if phase == "window" and state.window is not None:
        win = state.window
        if root.kind == "burst" and win.kind == "B-pre":
            return True
        return win.kind in CALM_WINDOWS and not win.chain
    return False


def rollout(state: State, root: Root, rng: AiRandom) -> State:
    """Every seat plays the plan until ``settled`` (or ROLLOUT_CAP actions)."""
    for _ in range(ROLLOUT_CAP):
        if settled(state, root):
            break
        player = rules.current_player(state)
        if player is None:
            break
        legal = rules.legal_actions(state)
        action = legal[0] if len(legal) == 1 else plan(state, legal, player, rng)
        state = rules.apply(state, action)
    return state


def _window_cards(state: State, legal: list[ActionBase]) -> list[ActionBase]:
    """The card plays at this window whose effect shows soon (see SOON_CARDS)."""
    win = state.window
    if win is None:
        return []
    everything = win.kind in BATTLE_WINDOWS or win.stop_kind == RESPONSE
    soon = SOON_CARDS.get(win.kind, frozenset())
    # in a battle, roll or response window every playable card acts on it (C-5.2)
    return [
        a for a in legal if isinstance(a, A.PlayCard) and (everything or CARD_BY_NUM[a.card].key in soon)
    ]


def _counts(
    legal: list[ActionBase], choice: ActionBase, make: Callable[[int, int], ActionBase], low: bool
) -> list[ActionBase]:
    """For a PB launch or burst: all its PBs, and for a burst none (SG-7.2, SG-8.3). A launch
    is never searched down to nothing: evaluate counts the PBs kept as pressure on the planet
    (SG-8.2), which a rollout ending with this Mass Destruction cannot see fade."""
    assert isinstance(choice, (A.Launch, A.Burst))
    counts = sorted({a.count for a in legal if isinstance(a, type(choice)) and a.ship == choice.ship})
    if not counts:
        return []
    wanted = (counts[-1], counts[0]) if low else (counts[-1],)
    return [make(choice.ship, c) for c in wanted]


def candidates(state: State, legal: list[ActionBase], seat: int, choice: ActionBase) -> list[ActionBase]:
    """The plan's choice first, then the alternatives worth a search at this decision."""
    phase = state.phase
    others: list[ActionBase] = []
    if phase == "window":
        others = _window_cards(state, legal)
    elif phase == "declare":
        others = [a for gain, a in declare_gains(state, legal, seat) if gain > 0.0]
    elif phase == "md" and isinstance(choice, A.Launch):
        others = _counts(legal, choice, A.Launch, low=False)
    elif phase == "burst" and isinstance(choice, A.Burst):
        others = _counts(legal, choice, A.Burst, low=True)
    out = [choice]
    for a in others:
        if a not in out and a in legal and len(out) < MAX_CANDIDATES:
            out.append(a)
    return out


def resupply_target(state: State, seat: int) -> int | None:
    """SG-13.3 #29: the seat's ship missing the most PBs (at least two) away from its own
    planets, where Production would refill it anyway (SG-9.6); PBs destroy planets (SG-8)."""
    idx = rules.Index(state)
    where = {(f.owner, f.marker): (f.col, f.row) for f in state.fleets}
    best, best_gap = None, 1
    for cid, ship in enumerate(state.ships):
        if ship is None or ship.owner != seat:
            continue
        gap = pb_max(state, cid) - ship.pb
        if gap > best_gap and not idx.own_planet(seat, where[(seat, ship.fleet)]):
            best, best_gap = cid, gap
    return best


def jam_target(state: State, seat: int) -> int | None:
    """SG-13.3 #19 on the opponent's turn: the enemy fleet with PBs aboard (in this sample)
    nearest the seat's planets, within JAM_REACH hexes, that can still move: jammed, it
    cannot reach them this turn (SG-8.2: PBs are launched from the planet's hex)."""
    if state.active == seat:
        return None
    mine = [(p.col, p.row) for p in state.planets if p.alive and p.owner == seat]
    pbs: dict[tuple[int, int], int] = {}
    free: set[tuple[int, int]] = set()
    for cid, ship in enumerate(state.ships):
        if ship is not None and ship.owner != seat:
            key = (ship.owner, ship.fleet)
            pbs[key] = pbs.get(key, 0) + ship.pb
            if not jammed(state, cid):
                free.add(key)
    best, best_d = None, JAM_REACH + 1
    for f in state.fleets:
        key = (f.owner, f.marker)
        if f.owner == seat or not pbs.get(key) or key not in free or not mine:
            continue
        d = min(hex_distance((f.col, f.row), m) for m in mine)
        if 0 < d < best_d:
            best, best_d = fleet_key(f.owner, f.marker), d
    return best


def sure_play(state: State, legal: list[ActionBase], seat: int) -> ActionBase | None:
    """A card played without a search: one of SURE_CARDS, Resupply with a ship to refill, or
    Jam Communications with an enemy PB fleet near; and that target once the card is played
    (SG-13.2). Their effects show turns later, beyond any rollout of ours."""
    play = state.play
    if state.phase == "target" and play is not None and play.player == seat:
        key = CARD_BY_NUM[play.card].key
        if key == "resupply":
            target = resupply_target(state, seat)
        elif key == "jam_communications":
            target = jam_target(state, seat)
        else:
            return None
        choice = A.Choose(target) if target is not None else None
        return choice if choice in legal else None
    if state.phase != "window":
        return None
    for a in legal:
        if isinstance(a, A.PlayCard):
            key = CARD_BY_NUM[a.card].key
            if key in SURE_CARDS or (key == "resupply" and resupply_target(state, seat) is not None):
                return a
            if key == "jam_communications" and jam_target(state, seat) is not None:
                return a
    return None


def searched(state: State) -> bool:
    """Whether the search looks at this decision at all (the rest is the plan's)."""
    return state.phase in ("window", "declare", "md", "burst")


def compare(
    view: View,
    seat: int,
    first: State,
    options: list[ActionBase],
    rng: AiRandom,
    count: int,
    evaluate: Callable[[State, int], float],
) -> list[float]:
    """Each option's mean value for ``seat`` over ``count`` samples of the view (``first`` and
    more drawn from ``rng``), every option on the same samples and rollout dice (common random
    numbers). A sample that does not allow every option is left out for all of them; with
    none left every mean is 0 (the plan's choice stands)."""
    samples = [first] + [determinize(view, seat, rng.seed()) for _ in range(count - 1)]
    seeds = [rng.seed() for _ in samples]
    root = _root(first)
    totals = [0.0] * len(options)
    used = 0
    for sample, seed in zip(samples, seeds, strict=True):
        values = _sample_values(sample, options, root, seed, seat, evaluate)
        if values is not None:
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            used += 1
    return [t / used if used else 0.0 for t in totals]


def _sample_values(
    sample: State,
    options: list[ActionBase],
    root: Root,
    seed: int,
    seat: int,
    evaluate: Callable[[State, int], float],
) -> list[float] | None:
    """Every option's value on one sample (None if the sample does not offer every option).
    A determinization is a state the engine plays on like any other: it offers the seat its
    true legal actions and keeps what the rules will read consistent (a ship a chained card
    names, the next declarer's burst or battle queue, the launch orders, the fleet that just
    moved; tests/ai/test_genocide_sample.py), so nothing here is caught: a fault is a defect
    of the sampler or the engine and surfaces. The legality check only keeps a sample that
    somehow lacked an option out of the comparison, as ``searched_plan`` does for the plan's choice."""
    here = set(rules.legal_actions(sample))
    if any(a not in here for a in options):
        return None
    values = []
    for action in options:
        after = rollout(rules.apply(sample, action), root, AiRandom(seed))
        values.append(evaluate(after, seat))
    return values


def searched_plan(
    view: View,
    legal: list[ActionBase],
    seat: int,
    rng: AiRandom,
    budget: int,
    evaluate: Callable[[State, int], float],
) -> tuple[ActionBase, float]:
    """Level 2: the plan's choice on a sample of the view (C-4.5), unless a determinized
    search over ``budget`` rollouts (samples times candidates) finds another better by a margin.
    Secret declarations (SG-6.3 B3, SG-7.2) are searched on samples whose other seat's
    pending choices were re-drawn by the determinizer, never read (SG-14.3). ``evaluate``
    is ai.py's (passed in: ai.py imports this module)."""
    first = determinize(view, seat, rng.seed())
    allowed = set(rules.legal_actions(first))
    usable = [a for a in legal if a in allowed] or legal
    choice = plan(first, usable, seat, rng)
    if choice not in legal:
        choice = usable[0]
    sure = sure_play(first, usable, seat)
    if sure is not None:
        return sure, evaluate(first, seat)
    if not searched(first):
        return choice, evaluate(first, seat)
    options = candidates(first, usable, seat, choice)
    if len(options) <= 1:
        return choice, evaluate(first, seat)
    means = compare(view, seat, first, options, rng, max(2, budget // len(options)), evaluate)
    margin = MARGIN if first.phase == "window" else PLAN_MARGIN
    best = 0
    for i in range(1, len(options)):
        if means[i] > means[best] + (margin if best == 0 else 0.0):
            best = i
    return options[best], means[best]
