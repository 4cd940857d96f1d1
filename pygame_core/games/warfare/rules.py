"""Galactic Warfare rules: legal actions and their resolution (RULES.md GW-3 to GW-12, C-5)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ... import windows
from ...deck import Deck
from ...events import Event, event
from ...frozen import replace  # dataclasses.replace, without its per-call look-ups (a search makes many states)
from ...game import IllegalActionError
from ...rng import Roller
from ...windows import Play, Step, Stops, Window
from . import cards
from .actions import (
    FIRST_DEFER,
    FIRST_ME,
    FIRST_YOU,
    Action,
    Attack,
    Charge,
    ChooseFirst,
    DoubleCharge,
    PassTurn,
    PassWindow,
    PlaceShip,
    PlayCard,
    SetStop,
    StuckRetreat,
)
from .board import (
    BACKWARD,
    BLUE,
    COLOUR_NAMES,
    FORWARD,
    HOME_SQUARES,
    START_POSITION,
    WHITE,
    cell,
    file_of,
    home_rank,
    is_dark,
    name,
    rank_of,
)
from .events import finish_reason
from .state import (
    CHOOSE_DEFERRED,
    CHOOSE_FIRST,
    MODE_FLEET,
    MODE_FLEET_SECOND,
    MODE_HYPERDRIVE,
    MODE_NORMAL,
    OVER,
    PLACE,
    PLACE_DEFENSE,
    PLACE_RETREAT,
    PLACE_STUCK,
    TURN,
    WINDOW,
    Battle,
    Placement,
    WarfareState,
)

SHIPS_PER_SIDE = 12  # GW-2.2
MAX_STACK = 4  # GW-2.2, GW-7.2


class _Ctx:
    """Scratch for one ``apply`` call: the RNG cursor, new events, whether a card showed."""

    def __init__(self, state: WarfareState) -> None:
        self.roller = Roller(state.rng)
        self.events: list[Event] = []
        self.revealed = False

    def log(self, entry: Event) -> None:
        self.events.append(entry)


# --------------------------------------------------------------------------------------
# Setup (GW-3)


def new_state(cards_on: bool, round_limit: int, seed_rng: Roller) -> WarfareState:
    """GW-3: the initial position, the deal (GW-3.2) and the roll-off (GW-3.3), in GW-14 order."""
    roller = seed_rng
    lines = [event("setup", rule="GW-3.1")]
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    deck = Deck()
    if cards_on:
        deck = Deck.shuffled(range(cards.DECK_SIZE), roller, "GW.cards.shuffle")
        dealt: list[list[int]] = [[], []]
        for i in range(2 * cards.HAND_SIZE):  # one at a time, alternating, White first
            card, deck = deck.draw()
            assert card is not None
            dealt[i % 2].append(card)
        hands = (tuple(sorted(dealt[0])), tuple(sorted(dealt[1])))
        lines.append(event("dealt", hand=cards.HAND_SIZE, aside=len(deck)))
    rolloff: list[int] = []
    while True:
        white = roller.d(6, "GW.rolloff White")
        blue = roller.d(6, "GW.rolloff Blue")
        rolloff += [white, blue]
        lines.append(event("rolloff", white=white, blue=blue))
        if white != blue:
            break
    chooser = WHITE if white > blue else BLUE
    lines.append(event("chooses_first", player=chooser))
    return WarfareState(
        cards_on=cards_on,
        round_limit=round_limit,
        rng=roller.value,
        board=START_POSITION,
        removed=0,
        phase=CHOOSE_FIRST,
        active=chooser,
        chooser=chooser,
        turn_no=0,
        passes=0,
        rolloff=tuple(rolloff),
        hands=hands,
        deck=deck,
        card_used=(False, False),
        mode=MODE_NORMAL,
        window=None,
        battle=None,
        placement=None,
        stops=Stops(cards.STOP_KINDS if cards_on else ()),
        last_actor=-1,
        epoch=0,
        winners=(),
        reason="",
        log=tuple(lines),
    )


# --------------------------------------------------------------------------------------
# Queries


def current_player(s: WarfareState) -> int | None:
    if s.phase == OVER:
        return None
    if s.phase == WINDOW:
        assert s.window is not None
        return s.window.holder
    if s.phase == PLACE:
        assert s.placement is not None
        return s.placement.chooser
    if s.phase in (CHOOSE_FIRST, CHOOSE_DEFERRED):
        return s.chooser
    return s.active


def _owns(c: int, player: int) -> bool:
    return c > 0 if player == WHITE else c < 0


def is_invader(s: WarfareState, sq: int) -> bool:
    """GW-9.2: a stack in its opponent's home row."""
    c = s.board[sq]
    return c != 0 and rank_of(sq) == home_rank(BLUE if c > 0 else WHITE)


def vacant_home(s: WarfareState, player: int, lifted: int = -1) -> list[int]:
    """Vacant dark squares of ``player``'s home row; ``lifted`` counts as vacant (the stack
    standing there is the one being placed)."""
    return [sq for sq in HOME_SQUARES[player] if s.board[sq] == 0 or sq == lifted]


def is_stuck(s: WarfareState, sq: int, player: int) -> bool:
    """GW-10.1: on the rank next to the opponent's home row, every forward square own."""
    if rank_of(sq) != home_rank(1 - player) - (1 if player == WHITE else -1):
        return False
    return all(_owns(s.board[one], player) for one, _ in FORWARD[player][sq])


def _moves(s: WarfareState, p: int) -> list[Action]:
    """GW-5, GW-6.1, GW-10: the player's charges, attacks and stuck-retreat attempts."""
    board = s.board
    charges: list[Action] = []
    attacks: list[Action] = []
    stuck: list[Action] = []
    fleet = s.mode in (MODE_FLEET, MODE_FLEET_SECOND)
    enemy_home = home_rank(1 - p)
    home_free = None
    for sq in range(80):
        c = board[sq]
        if not _owns(c, p) or rank_of(sq) == enemy_home:  # GW-9.2: invaders never move
            continue
        own_blocked = True
        for one, two in FORWARD[p][sq]:
            t = board[one]
            if t == 0:
                charges.append(Charge(sq, one))
                own_blocked = False
            elif not _owns(t, p):
                own_blocked = False
                # GW-6.1: a home attack needs no beyond-square; a standard one a vacant one.
                if rank_of(one) == home_rank(1 - p) or (two >= 0 and board[two] == 0):
                    attacks.append(Attack(sq, one))
        if own_blocked and not fleet and is_stuck(s, sq, p):
            if home_free is None:
                home_free = bool(vacant_home(s, p))
            if home_free:  # GW-10.2: needs a vacant own home square
                stuck.append(StuckRetreat(sq))
    if fleet:
        return charges  # GW-12 #4: no attack this turn
    out = charges + attacks + stuck
    if s.mode == MODE_HYPERDRIVE:
        out += _double_charges(s, p)
    return out


def _double_charges(s: WarfareState, p: int) -> list[Action]:
    """GW-12 #3: two steps on one forward diagonal, both vacant; the first not in the enemy home."""
    board = s.board
    out: list[Action] = []
    enemy_home = home_rank(1 - p)
    for sq in range(80):
        if not _owns(board[sq], p) or rank_of(sq) == enemy_home:
            continue
        for one, two in FORWARD[p][sq]:
            if two >= 0 and board[one] == 0 and board[two] == 0 and rank_of(one) != enemy_home:
                out.append(DoubleCharge(sq, two))
    return out


def _kinds_in_hand(s: WarfareState, p: int) -> list[int]:
    return sorted({cards.kind_of(card) for card in s.hands[p]})


def _may_play(s: WarfareState, p: int) -> bool:
    """Cards are on, ``p`` holds a card and has not played one this turn (GW-4.3)."""
    return s.cards_on and bool(s.hands[p]) and not s.card_used[p]


def _losing(s: WarfareState, p: int) -> bool:
    """In a rolled battle, whether ``p``'s sum is the lower one (Second Chance, GW-12 #2)."""
    b = s.battle
    if b is None or not b.rolled:
        return False
    att, dfn = sum(b.attack_dice), sum(b.defend_dice)
    return att < dfn if p == s.active else dfn < att


def _before_move_cards(s: WarfareState, p: int) -> list[Action]:
    """GW-12 #3, #4, #6, #7: cards played on one's own turn before the action."""
    if s.mode != MODE_NORMAL or not _may_play(s, p):
        return []
    out: list[Action] = []
    board = s.board
    for kind in _kinds_in_hand(s, p):
        if kind == cards.HYPERDRIVE:
            useful = bool(_double_charges(s, p))
        elif kind == cards.FLEET_COMMAND:
            useful = any(isinstance(a, Charge) for a in _moves(s, p))
        else:
            useful = False
        if useful:  # a before-move card is offered only where it can do something
            out.append(PlayCard(kind))
        elif kind == cards.EVASIVE_MANEUVER:
            for sq in range(80):
                if _owns(board[sq], p) and not is_invader(s, sq):
                    for one, _ in BACKWARD[p][sq]:
                        if board[one] == 0:
                            out.append(PlayCard(kind, sq, one))
        elif kind == cards.PLANETARY_DEFENSE_GRID:
            for sq in HOME_SQUARES[p]:
                if _owns(board[sq], 1 - p):
                    out.append(PlayCard(kind, sq))
    return out


def _window_cards(s: WarfareState, p: int) -> list[Action]:
    """The cards ``p`` may play as the holder of the open window (GW-12 timings, C-5.2)."""
    w = s.window
    if w is None or not _may_play(s, p):
        return []
    kinds = _kinds_in_hand(s, p)
    wanted: list[int] = []
    if w.responding:
        wanted = [cards.COUNTER_INTELLIGENCE]
    elif w.kind == cards.BATTLE:
        wanted = [cards.OVERCHARGE] + ([cards.CLOAKING_FIELD] if p != s.active else [])
    elif w.kind == cards.AFTER_ROLL and _losing(s, p):
        wanted = [cards.SECOND_CHANCE]
    elif w.kind == cards.AFTER_WIN and p == s.active:
        wanted = [cards.SALVAGE_CREWS]
    elif w.kind == cards.AFTER_LOSS and p == s.active:
        wanted = [cards.EMERGENCY_JUMP]
    return [PlayCard(k) for k in sorted(wanted) if k in kinds]


def _could_play(s: WarfareState, p: int) -> bool:
    """C-5.4: whether the PUBLIC information leaves open that ``p`` has a card to play here."""
    w = s.window
    if w is None or not _may_play(s, p):
        return False
    if w.responding or w.kind == cards.BATTLE:
        return True
    if w.kind == cards.AFTER_ROLL:
        return _losing(s, p)
    if w.kind in (cards.AFTER_WIN, cards.AFTER_LOSS):
        return p == s.active
    return False


def _asked(s: WarfareState, w: Window) -> bool:
    """C-5.4 through the shared window rules: must the holder of ``w`` decide?"""
    s = replace(s, window=w)
    p = w.holder
    return windows.is_asked(
        p,
        device_holder=s.last_actor,
        can_play=bool(_window_cards(s, p)),
        could_play=_could_play(s, p),
        stop_on=s.stops.is_on(p, w.stop_kind),
    )


def legal_actions(s: WarfareState) -> list[Action]:
    p = current_player(s)
    if p is None:
        return []
    if s.phase == CHOOSE_FIRST:
        return [ChooseFirst(FIRST_ME), ChooseFirst(FIRST_YOU), ChooseFirst(FIRST_DEFER)]
    if s.phase == CHOOSE_DEFERRED:
        return [ChooseFirst(FIRST_ME), ChooseFirst(FIRST_YOU)]
    if s.phase == PLACE:
        assert s.placement is not None
        owner = WHITE if s.board[s.placement.src] > 0 else BLUE
        return [PlaceShip(sq) for sq in vacant_home(s, owner, s.placement.src)]
    if s.phase == WINDOW:
        assert s.window is not None
        out = [*_window_cards(s, p), PassWindow(False)]
        if s.stops.is_on(p, s.window.stop_kind):
            out.append(PassWindow(True))
        return out
    # TURN
    moves = _moves(s, p)
    out = moves + _before_move_cards(s, p)
    if s.cards_on and s.mode == MODE_NORMAL:
        out += [SetStop(kind, True) for kind in cards.STOP_KINDS if not s.stops.is_on(p, kind)]
    if not moves:
        out.append(PassTurn())  # GW-4.2: only without any legal action
    return out


# --------------------------------------------------------------------------------------
# Errors: name the rule an illegal action breaks (house rule 4)


def _illegal(s: WarfareState, action: Action) -> IllegalActionError:
    phase = s.phase
    if phase == OVER:
        return IllegalActionError("GW-11.1", "the game is over")
    if isinstance(action, ChooseFirst):
        if phase == CHOOSE_DEFERRED and action.choice == FIRST_DEFER:
            return IllegalActionError("GW-3.3", "the choice cannot be deferred a second time")
        return IllegalActionError("GW-3.3", f"no first-player choice {action.choice!r} is open now")
    if phase in (CHOOSE_FIRST, CHOOSE_DEFERRED):
        return IllegalActionError("GW-3.3", "first choose who moves first")
    if isinstance(action, PlaceShip):
        return IllegalActionError("GW-8.1", f"{name(action.square)} is not a vacant home square to choose now")
    if phase == PLACE:
        return IllegalActionError("GW-8.1", "a stack waits for its home square to be chosen")
    if isinstance(action, PassWindow):
        return IllegalActionError("C-5.1", "no card window is open")
    if isinstance(action, PlayCard):
        p = current_player(s)
        if p is not None and s.card_used[p]:
            return IllegalActionError("GW-4.3", "only one card per player per turn")
        if phase == WINDOW and s.window is not None and s.window.responding:
            return IllegalActionError("C-5.2", "only Counter-Intelligence may answer a card")
        return IllegalActionError("GW-12", f"{action} is not playable now")
    if phase == WINDOW:
        return IllegalActionError("C-5.1", "a card window is open: play a card or pass")
    if isinstance(action, SetStop):
        return IllegalActionError("C-5.4", "that stop cannot be switched now")
    if isinstance(action, PassTurn):
        return IllegalActionError("GW-4.2", "a player with a legal action must take one")
    if isinstance(action, DoubleCharge):
        return IllegalActionError("GW-12", "a double charge needs Hyperdrive and two vacant squares")
    if s.mode in (MODE_FLEET, MODE_FLEET_SECOND) and not isinstance(action, Charge):
        return IllegalActionError("GW-12", "Fleet Command: this turn's action is two charges")
    p = s.active
    src = getattr(action, "src", -1)
    if not 0 <= src < 80 or not _owns(s.board[src], p):
        return IllegalActionError("GW-4.1", f"no {COLOUR_NAMES[p]} stack on {name(src)}")
    if is_invader(s, src):
        return IllegalActionError("GW-9.2", "an invader never moves again")
    if isinstance(action, Charge):
        dst = action.dst
        if not 0 <= dst < 80 or not is_dark(dst) or abs(file_of(dst) - file_of(src)) != 1:
            return IllegalActionError("GW-5.2", "ships move one step diagonally, on dark squares only")
        if abs(rank_of(dst) - rank_of(src)) != 1:
            return IllegalActionError("GW-5.1", "a charge is one diagonal step")
        if (rank_of(dst) - rank_of(src)) * (1 if p == WHITE else -1) < 0:
            return IllegalActionError("GW-5.2", "ships never move backward")
        return IllegalActionError("GW-5.1", f"{name(action.dst)} is not a vacant forward-diagonal square")
    if isinstance(action, Attack):
        return IllegalActionError(
            "GW-6.1", f"{name(action.target)} is no enemy on a forward diagonal with a vacant square beyond"
        )
    if isinstance(action, StuckRetreat):
        if not is_stuck(s, src, p):
            return IllegalActionError("GW-10.1", f"the ship on {name(src)} is not stuck")
        return IllegalActionError("GW-10.2", "no vacant square in your home row")
    return IllegalActionError("GW-4.1", f"{action} is not legal now")


# --------------------------------------------------------------------------------------
# Apply


def apply(s: WarfareState, action: Action) -> WarfareState:
    actor = current_player(s)
    if actor is None or action not in legal_actions(s):
        raise _illegal(s, action)
    ctx = _Ctx(s)
    ctx.log(_decision(s, action, actor))
    s = replace(s, last_actor=actor)  # the actor now holds the device (C-5.4)
    s = _dispatch(s, action, actor, ctx)
    s = _settle(s, ctx)
    rolls = (event("roll", purpose=r.purpose, sides=r.sides, value=r.value, die=r.is_die) for r in ctx.roller.rolls)
    lines = [*ctx.events, *rolls]  # C-2.8: every die with its purpose
    epoch = s.epoch
    if ctx.roller.rolls or ctx.revealed or current_player(s) != actor:
        epoch += 1  # C-3.2: no undo across dice, a shown card or a hand-off
    return replace(s, rng=ctx.roller.value, epoch=epoch, log=s.log + tuple(lines))


def _square(sq: int) -> str | None:
    return name(sq) if sq >= 0 else None


def _decision(s: WarfareState, action: Action, p: int) -> Event:
    """The event of ``p``'s decision ``action``, first in what the decision logs."""
    if isinstance(action, Charge | DoubleCharge):
        return event("charged", player=p, src=name(action.src), dst=name(action.dst),
                     hyperdrive=isinstance(action, DoubleCharge))
    if isinstance(action, Attack):
        return event("attacked", player=p, src=name(action.src), target=name(action.target))
    if isinstance(action, PassWindow):
        return event("window_passed", player=p, stop_off=action.stop_off)
    if isinstance(action, PlayCard):
        return event("card_played", player=p, card=action.card, src=_square(action.src), dst=_square(action.dst))
    if isinstance(action, PlaceShip):
        # What is placed and why (GW-8.1 retreat, GW-10.2 stuck, GW-12 #7 defense): the words tell it.
        assert s.placement is not None
        pl = s.placement
        return event("placed", player=p, square=name(action.square), purpose=pl.purpose,
                     owner=WHITE if s.board[pl.src] > 0 else BLUE, src=name(pl.src))
    if isinstance(action, StuckRetreat):
        return event("stuck_attempt", player=p, square=name(action.src))
    if isinstance(action, ChooseFirst):
        return event("first_chosen", player=p, choice=action.choice)
    if isinstance(action, SetStop):
        return event("stop_set", player=p, stop=action.kind, on=action.on)
    return event("turn_passed", player=p)


def _dispatch(s: WarfareState, action: Action, p: int, ctx: _Ctx) -> WarfareState:
    if isinstance(action, ChooseFirst):
        first = p if action.choice == FIRST_ME else 1 - p
        if action.choice == FIRST_DEFER:
            return replace(s, phase=CHOOSE_DEFERRED, chooser=1 - p)
        ctx.log(event("moves_first", player=first))
        return replace(s, phase=TURN, active=first, turn_no=1)
    if isinstance(action, Charge):
        s = _move(s, action.src, action.dst)
        if s.mode == MODE_FLEET:
            s = _check_victory(replace(s, mode=MODE_FLEET_SECOND), ctx)
            if s.phase == TURN and not _moves(s, p):
                ctx.log(event("fleet_no_second"))
                return _end_turn(s, ctx)
            return s
        return _end_turn(s, ctx)
    if isinstance(action, DoubleCharge):
        return _end_turn(_move(s, action.src, action.dst), ctx)
    if isinstance(action, Attack):
        return _declare_attack(s, action, ctx)
    if isinstance(action, StuckRetreat):
        a = ctx.roller.d(6, f"GW.stuck {name(action.src)}")
        b = ctx.roller.d(6, f"GW.stuck {name(action.src)}")
        ctx.log(event("stuck_dice", player=p, square=name(action.src), dice=(a, b), doubles=a == b, rule="GW-10.2"))
        if a == b:
            return replace(s, phase=PLACE, placement=Placement(PLACE_STUCK, action.src, p))
        return _end_turn(s, ctx)
    if isinstance(action, PlaceShip):
        assert s.placement is not None
        s = _move(s, s.placement.src, action.square)
        return _end_turn(replace(s, placement=None), ctx)
    if isinstance(action, PassTurn):
        return _end_turn(s, ctx, passed=True)
    if isinstance(action, SetStop):
        return replace(s, stops=s.stops.switched(p, action.kind, action.on))
    if isinstance(action, PlayCard):
        return _play_card(s, action, p, ctx)
    if isinstance(action, PassWindow):
        window = s.window
        assert window is not None
        if action.stop_off:
            s = replace(s, stops=s.stops.switched(p, window.stop_kind, False))
        return _after_step(s, window.passed(), ctx)
    raise AssertionError(f"unhandled action {action!r}")


def _move(s: WarfareState, src: int, dst: int) -> WarfareState:
    if src == dst:  # a stack lifted and put back on its own home square (GW-8.1)
        return s
    board = list(s.board)
    board[dst], board[src] = board[src], 0
    return replace(s, board=tuple(board))


# --------------------------------------------------------------------------------------
# Battles (GW-6 to GW-8)


def _declare_attack(s: WarfareState, action: Attack, ctx: _Ctx) -> WarfareState:
    p = s.active
    home = rank_of(action.target) == home_rank(1 - p)
    # GW-6.4: a home attack lands on the target square, a standard one on the square beyond.
    beyond = next(two for one, two in FORWARD[p][action.src] if one == action.target)
    land = action.target if home else beyond
    s = replace(s, battle=Battle(action.src, action.target, land, home))
    return _next_stage(s, cards.BATTLE, _roll, ctx)


def _next_stage(
    s: WarfareState, kind: str, then: Callable[[WarfareState, _Ctx], WarfareState], ctx: _Ctx
) -> WarfareState:
    """Open window ``kind`` when cards are on (the settle loop runs it); else go on at once."""
    if s.cards_on:
        return replace(s, phase=WINDOW, window=Window.open(kind, (s.active, 1 - s.active)))
    return then(s, ctx)


def _dice_counts(s: WarfareState, b: Battle) -> tuple[int, int]:
    """GW-6.3: stack sizes, +1 die for a defender in its own home row, +1 per Overcharge."""
    p = s.active
    att = abs(s.board[b.src]) + b.boost[p]
    dfn = abs(s.board[b.target]) + (1 if b.home else 0) + b.boost[1 - p]
    return att, dfn


def _roll_until_decided(
    s: WarfareState, b: Battle, ctx: _Ctx, attack: tuple[int, ...] | None, defend: tuple[int, ...] | None
) -> Battle:
    """Roll the sides given as None (attacker first, GW-14), then re-roll ties (GW-6.3)."""
    att_n, def_n = _dice_counts(s, b)
    target = name(b.target)
    while True:
        if attack is None:
            attack = tuple(ctx.roller.dice(att_n, 6, f"GW.battle.attack target={target}"))
        if defend is None:
            defend = tuple(ctx.roller.dice(def_n, 6, f"GW.battle.defend target={target}"))
        ctx.log(event("battle_round", player=s.active, src=name(b.src), target=target, attack=attack, defend=defend))
        if sum(attack) != sum(defend):
            return replace(b, attack_dice=attack, defend_dice=defend)
        ctx.log(event("tie", rule="GW-6.3"))
        attack = defend = None


def _roll(s: WarfareState, ctx: _Ctx) -> WarfareState:
    assert s.battle is not None
    b = _roll_until_decided(s, s.battle, ctx, None, None)
    return _next_stage(replace(s, battle=b), cards.AFTER_ROLL, _decide, ctx)


def _decide(s: WarfareState, ctx: _Ctx) -> WarfareState:
    b = s.battle
    assert b is not None
    if b.attacker_wins:
        ctx.log(event("battle_won", player=s.active, target=name(b.target)))
        if abs(s.board[b.target]) >= 2:  # Salvage Crews needs a stack of size >= 2 (GW-12 #8)
            return _next_stage(s, cards.AFTER_WIN, _capture, ctx)
        return _capture(s, ctx)
    ctx.log(event("battle_lost", player=1 - s.active, target=name(b.target), rule="GW-6.5"))
    return _next_stage(s, cards.AFTER_LOSS, _retreat, ctx)


def _capture(s: WarfareState, ctx: _Ctx) -> WarfareState:
    """GW-6.4, GW-7: the defender is captured; one power-up (two with Salvage Crews) up to 4."""
    b = s.battle
    assert b is not None
    p = s.active
    size, captured = abs(s.board[b.src]), abs(s.board[b.target])
    want = 2 if b.salvage and captured >= 2 else 1
    gain = max(0, min(want, MAX_STACK - size, captured))
    board = list(s.board)
    board[b.src] = 0
    board[b.target] = 0
    board[b.land] = cell(p, size + gain)
    lost = captured - gain
    ctx.log(event("captured", player=p, square=name(b.target), gained=gain, removed=lost, rule="GW-7"))
    if rank_of(b.land) == home_rank(1 - p):
        ctx.log(event("invaded", player=p, square=name(b.land), rule="GW-9.2"))
    s = replace(s, board=tuple(board), removed=s.removed + lost, battle=None, window=None)
    return _end_turn(s, ctx)


def _retreat(s: WarfareState, ctx: _Ctx) -> WarfareState:
    """GW-8: the loser goes to a vacant home square the opponent chooses, or is removed."""
    b = s.battle
    assert b is not None
    p = s.active
    s = replace(s, battle=None, window=None)
    if not vacant_home(s, p, b.src):
        if b.jump:  # GW-12 #9: back to the square it attacked from, i.e. it stays
            ctx.log(event("jump_stays", player=p))
            return _end_turn(s, ctx)
        size = abs(s.board[b.src])
        board = list(s.board)
        board[b.src] = 0
        ctx.log(event("stack_removed", player=p, size=size, square=name(b.src), rule="GW-8.2"))
        return _end_turn(replace(s, board=tuple(board), removed=s.removed + size), ctx)
    chooser = p if b.jump else 1 - p
    return replace(s, phase=PLACE, placement=Placement(PLACE_RETREAT, b.src, chooser))


# --------------------------------------------------------------------------------------
# Cards and windows (GW-12, C-5)


def _play_card(s: WarfareState, action: PlayCard, p: int, ctx: _Ctx) -> WarfareState:
    hand = list(s.hands[p])
    card = next(c for c in hand if cards.kind_of(c) == action.card)
    hand.remove(card)
    hands = (tuple(hand), s.hands[1]) if p == WHITE else (s.hands[0], tuple(hand))
    used = (True, s.card_used[1]) if p == WHITE else (s.card_used[0], True)
    ctx.revealed = True
    play = Play(p, card, (action.src, action.dst))
    window = s.window
    if window is None:  # a before-move card opens its own window for the response (C-5.2)
        window = Window.open(cards.BEFORE_MOVE, (p, 1 - p))
    return replace(s, hands=hands, card_used=used, phase=WINDOW, window=window.played(play))


def _settle(s: WarfareState, ctx: _Ctx) -> WarfareState:
    """Run windows on: pass for holders who need not be asked (C-5.4) until a decision is due."""
    while s.phase == WINDOW:
        assert s.window is not None
        step = windows.auto_pass(s.window, partial(_asked, s))
        if step is None:
            return s
        s = _after_step(s, step, ctx)
    return s


def _after_step(s: WarfareState, step: Step, ctx: _Ctx) -> WarfareState:
    assert s.window is not None
    kind = s.window.kind
    if step.resolved:
        # A before-move card returns to the action (GW-4.4); in a battle priority returns to
        # the active player in the same window (C-5.1).
        before_move = kind == cards.BEFORE_MOVE
        s = replace(s, phase=TURN, window=None) if before_move else replace(s, window=step.window)
        for res in windows.resolve(step.resolved, _negates):
            s = replace(s, deck=s.deck.discard(res.play.card))
            if not res.effective:
                ctx.log(event("card_cancelled", card=cards.kind_of(res.play.card), rule="C-5.3"))
                continue
            s = _card_effect(s, res.play, ctx)
        return s
    if step.window is None:
        s = replace(s, window=None)
        return {
            cards.BATTLE: _roll,
            cards.AFTER_ROLL: _decide,
            cards.AFTER_WIN: _capture,
            cards.AFTER_LOSS: _retreat,
        }[kind](s, ctx)
    return replace(s, window=step.window)


def _negates(play: Play) -> bool:
    """GW-12 #10: Counter-Intelligence cancels the card it answers (C-5.3)."""
    return cards.kind_of(play.card) == cards.COUNTER_INTELLIGENCE


def _card_effect(s: WarfareState, play: Play, ctx: _Ctx) -> WarfareState:
    """GW-12: what a card that was not cancelled does."""
    kind = cards.kind_of(play.card)
    p = play.player
    title = cards.BY_NUMBER[kind].title
    b = s.battle
    if kind == cards.COUNTER_INTELLIGENCE:
        ctx.log(event("counter_resolves"))
        return s
    if kind == cards.HYPERDRIVE:
        return replace(s, mode=MODE_HYPERDRIVE)
    if kind == cards.FLEET_COMMAND:
        return replace(s, mode=MODE_FLEET)
    if kind == cards.EVASIVE_MANEUVER:
        src, dst = play.args
        ctx.log(event("evaded", player=p, src=name(src), dst=name(dst)))
        return _end_turn(_move(s, src, dst), ctx)
    if kind == cards.PLANETARY_DEFENSE_GRID:
        (sq, _) = play.args
        owner = 1 - p
        if vacant_home(s, owner):
            return replace(s, phase=PLACE, placement=Placement(PLACE_DEFENSE, sq, owner))
        size = abs(s.board[sq])
        board = list(s.board)
        board[sq] = 0
        ctx.log(event("defense_removed", player=owner, square=name(sq), size=size))
        return _end_turn(replace(s, board=tuple(board), removed=s.removed + size), ctx)
    assert b is not None, f"{title} outside a battle"
    if kind == cards.OVERCHARGE:
        boost = (True, b.boost[1]) if p == WHITE else (b.boost[0], True)
        return replace(s, battle=replace(b, boost=boost))
    if kind == cards.CLOAKING_FIELD:
        ctx.log(event("attack_cancelled", player=s.active))
        return _end_turn(replace(s, battle=None, window=None), ctx)
    if kind == cards.SECOND_CHANCE:
        ctx.log(event("rerolled", player=p))
        if p == s.active:
            b = _roll_until_decided(s, b, ctx, None, b.defend_dice)
        else:
            b = _roll_until_decided(s, b, ctx, b.attack_dice, None)
        return replace(s, battle=b)
    if kind == cards.SALVAGE_CREWS:
        return replace(s, battle=replace(b, salvage=True))
    if kind == cards.EMERGENCY_JUMP:
        return replace(s, battle=replace(b, jump=True))
    raise AssertionError(f"unknown card kind {kind}")


# --------------------------------------------------------------------------------------
# Turn end, victory, adjudication (GW-4, GW-11)


def _end_turn(s: WarfareState, ctx: _Ctx, passed: bool = False) -> WarfareState:
    s = _check_victory(s, ctx)
    if s.phase == OVER:
        return s
    passes = s.passes + 1 if passed else 0
    s = replace(
        s, battle=None, window=None, placement=None, mode=MODE_NORMAL, card_used=(False, False),
        passes=passes, phase=TURN,
    )
    if passes >= 2:
        return _adjudicate(s, "passes", ctx)
    if s.turn_no >= 2 * s.round_limit:
        return _adjudicate(s, "limit", ctx)
    return replace(s, active=1 - s.active, turn_no=s.turn_no + 1)


def _check_victory(s: WarfareState, ctx: _Ctx) -> WarfareState:
    """GW-11.1 invasion and GW-11.2 capture, checked at once after every change."""
    for p in (s.active, 1 - s.active):
        if all(_owns(s.board[sq], p) for sq in HOME_SQUARES[1 - p]):
            return _finish(s, p, "invasion", ctx, rule="GW-11.1")
        if not any(_owns(c, 1 - p) for c in s.board):
            return _finish(s, p, "capture", ctx, rule="GW-11.2")
    return s


def _adjudicate(s: WarfareState, why: str, ctx: _Ctx) -> WarfareState:
    """GW-11.3: invaders, then ships on the board counting power-ups, then a draw; ``why`` is
    "passes" (both players passed in succession) or "limit" (the round limit)."""
    invaders = [sum(1 for sq in HOME_SQUARES[1 - p] if _owns(s.board[sq], p)) for p in (WHITE, BLUE)]
    ships = ship_counts(s)
    for counts, what in ((invaders, "invaders"), (ships, "ships")):
        if counts[0] != counts[1]:
            p = WHITE if counts[0] > counts[1] else BLUE
            return _finish(s, p, "judged", ctx, why=why, by=what)
    return _finish(s, -1, "judged", ctx, why=why)


def _finish(
    s: WarfareState, winner: int, how: str, ctx: _Ctx, why: str = "", by: str = "", rule: str = "GW-11.3"
) -> WarfareState:
    """The game ends: ``winner`` (-1 for a draw), logged as one game_over event."""
    ctx.log(event("game_over", winner=winner, how=how, why=why, limit=s.round_limit, by=by, rule=rule))
    reason = finish_reason(winner, how, why, s.round_limit, by)
    winners = () if winner < 0 else (winner,)
    return replace(
        s, phase=OVER, winners=winners, reason=reason, window=None, battle=None, placement=None
    )


def ship_counts(s: WarfareState) -> list[int]:
    """Ships on the board per colour, counting power-ups (GW-11.3)."""
    return [sum(c for c in s.board if c > 0), sum(-c for c in s.board if c < 0)]


def invariant_violations(s: WarfareState) -> list[str]:
    """24 ships conserved, stacks of 1-4, ships only on dark squares, 50 cards conserved."""
    problems = []
    on_board = sum(abs(c) for c in s.board)
    if on_board + s.removed != 2 * SHIPS_PER_SIDE:
        problems.append(f"ships: {on_board} on the board (with power-ups) + {s.removed} removed != 24")
    for sq, c in enumerate(s.board):
        if c and not is_dark(sq):
            problems.append(f"a stack on light square {name(sq)}")
        if abs(c) > MAX_STACK:
            problems.append(f"stack of {abs(c)} on {name(sq)}")
    for p in (WHITE, BLUE):
        if sum(1 for c in s.board if _owns(c, p)) > SHIPS_PER_SIDE:
            problems.append(f"{COLOUR_NAMES[p]} has more than 12 stacks")
    if s.cards_on:
        chain = [play.card for play in s.window.chain] if s.window else []
        every = [*s.hands[0], *s.hands[1], *s.deck.draw_pile, *s.deck.discard_pile, *chain]
        if sorted(every) != list(range(cards.DECK_SIZE)):
            problems.append("the 50 cards are not conserved")
        if len(s.deck.draw_pile) != cards.DECK_SIZE - 2 * cards.HAND_SIZE:
            problems.append("the set-aside cards changed (GW-A06: no draws)")
    if s.phase == WINDOW and s.window is None:
        problems.append("window phase without a window")
    if s.phase != OVER and s.turn_no > 2 * s.round_limit:
        problems.append("past the round limit (C-6.1)")
    return problems
