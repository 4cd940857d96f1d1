"""Card windows (C-5, SG-13.2): opening one at each checkpoint, priority and passes, chains
and their resolution, and the card actions (play, choose a target, pass, discard).

The active player has priority first; a played card gets a response opportunity
(Intelligence, C-5.2). Stops (C-5.4) ask a seat that does not hold the device whenever the
public information leaves open that it could play, so a hand-off leaks nothing; the seat
holding the device is asked only when it really can play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import cast

from ....deck import Deck
from ....frozen import replace as evolve
from ....game import ActionBase
from ....windows import RESPONSE, Play, Window, auto_pass, is_asked, resolve
from .. import actions as A
from .. import cards as K
from ..board import purpose_ship
from ..cards import CARD_BY_NUM, Card
from ..events import names_ship
from ..state import PendingPlay, Phase, RollRec, State
from ..work import Work, continuation, go_on
from .rulebook import RULEBOOK
from .targets import INLINE, NEGATES, could_play, decider, playable, target_step, targets_done


def checkpoint(w: Work, kind: str, then: str) -> None:
    """A card window (SG-13.2, C-5) followed by the continuation ``then``. Without the cards
    module nothing opens and play goes straight on, exactly as before the module existed."""
    if w.s.has("cards"):
        open_window(w, kind, then)
    else:
        go_on(w, then)


def stop_on(state: State, seat: int, kind: str) -> bool:
    """C-5.4: whether ``seat`` stops at a window of ``kind`` it is not sure to pass: always
    under rules 2 (``stops`` None) and at the active player's own windows; else its switch."""
    stops = state.stops
    return stops is None or kind not in stops.kinds or stops.is_on(seat, kind)


def stop_actions(state: State) -> list[ActionBase]:
    """The stop switch (C-5.4), offered after every other decision so that a link's indices
    keep their meaning: off at a stop of a kind the switch covers (a window where others may
    play, or a response), on again during one's own Transport Phase."""
    stops = state.stops
    if stops is None:
        return []
    win = state.window
    if state.phase == Phase.WINDOW and win is not None:
        return [A.PassStopsOff()] if stops.is_on(win.holder, win.stop_kind) else []
    if state.phase == Phase.TRANSPORT and any(seat == state.active for seat, _ in stops.off):
        return [A.StopsOn()]
    return []


def switch_stops(w: Work, a: ActionBase) -> None:
    """C-5.4: the seat deciding switches its reaction stops; off is said at a stop, with a pass."""
    stops = w.stops
    assert stops is not None
    if isinstance(a, A.StopsOn):
        w.stops = stops.switched_all(w.active, True)
        w.emit("stops_switched", seat=w.active, on=True, rule="C-5.4")
        return
    win = w.s.window
    assert win is not None
    w.stops = stops.switched_all(win.holder, False)
    w.emit("stops_switched", seat=win.holder, on=False, rule="C-5.4")
    handle(w, A.Pass())


def _asked(state: State, win: Window, device: int | None) -> bool:
    if win.kind in INLINE and not win.chain:
        return False  # the active player plays these among its own decisions
    seat = win.holder
    kind = win.stop_kind
    if kind == RESPONSE and win.chain and win.chain[-1].player == seat:
        return False
    probe = evolve(state, window=win)
    if seat == device:  # is_asked: the device holder is asked only if it really can play
        can = bool(playable(state, seat, kind))  # targets never depend on the window itself
        return is_asked(seat, device_holder=device, can_play=can, could_play=False, stop_on=True)
    could = could_play(probe, seat, kind)
    return is_asked(seat, device_holder=device, can_play=False, could_play=could,
                    stop_on=stop_on(state, seat, kind))


def open_window(w: Work, kind: str, then: str) -> None:
    """Open a window of ``kind``; ``then`` runs once it closes (called by ``checkpoint``).
    A window already open (a card move resolving in it) waits until this one closes."""
    order = w.s.order
    seats = tuple(order[(w.turn + i) % len(order)] for i in range(len(order)))
    seats = tuple(s for s in seats if w.alive[s])
    current = w.window
    if isinstance(current, Window):
        w.outer = (*w.outer, (current, str(w.window_then)))
    w.window_then = then
    _run(w, Window.open(kind, seats))


def _asker(state: State, device: int | None) -> Callable[[Window], bool]:
    return lambda win: _asked(state, win, device)


def _run(w: Work, win: Window) -> None:
    """Pass for every seat not asked (C-5.4) until a decision is due, a chain resolves or the
    window closes."""
    while True:
        step = auto_pass(win, _asker(w.freeze(), w.device))
        if step is None:
            break
        if step.resolved:
            assert step.window is not None
            w.window = step.window
            if not _resolve_chain(w, step.resolved):
                return  # the effect needs a decision first; continue_window() follows
            win = step.window
            continue
        if step.window is None:
            _close(w)
            return
        win = step.window
        break
    w.window = win
    w.phase = Phase.WINDOW


def _close(w: Work) -> None:
    """The window is over: the one it interrupted (if any) is current again; then ``then``."""
    then = str(w.window_then)
    outer: tuple[tuple[Window, str], ...] = w.outer
    if outer:
        (win, win_then), w.outer = outer[-1], outer[:-1]
        w.window, w.window_then = win, win_then
    else:
        w.window = None
        w.window_then = ""
    w.phase = Phase.CLOSED  # every continuation sets the next phase
    go_on(w, then)


@continuation("window")
def continue_window(w: Work) -> None:
    """After a card's effect needed a decision (a placement, a card move)."""
    if w.phase == Phase.OVER:
        return
    win = w.window
    assert isinstance(win, Window)
    _run(w, win)


def _resolve_chain(w: Work, chain: tuple[Play, ...]) -> bool:
    """C-5.2/C-5.3: newest first; an effective Intelligence negates the card below it, which
    then has no effect at all. Every card goes to the discard pile. False when an effect
    stopped for a decision or a window of its own (it goes on via continue_window); only
    the oldest card can do that, since responses are negations (C-5.2)."""
    handoffs = w.handoffs
    for res in resolve(chain, lambda p: CARD_BY_NUM[p.card].key == NEGATES):
        card = CARD_BY_NUM[res.play.card]
        deck = w.deck
        assert isinstance(deck, Deck)
        w.deck = deck.discard(card.num)
        if not res.effective:
            w.emit("card_negated", seat=res.play.player, card=card.num, rule="C-5.3")
            continue
        if card.key == NEGATES:
            continue
        RULEBOOK[card.key].effect(w, res.play.player, res.play.args)
        if w.phase in (Phase.PLACE, Phase.CARD_MOVE, Phase.OVER) or w.handoffs != handoffs:
            return False
    return True


def handle(w: Work, a: ActionBase) -> None:
    if isinstance(a, A.Pass):
        win = w.s.window
        assert win is not None
        step = win.passed()
        if step.resolved:
            assert step.window is not None
            w.window = step.window
            if _resolve_chain(w, step.resolved):
                _run(w, step.window)
        elif step.window is None:
            _close(w)
        else:
            _run(w, step.window)
        return
    if isinstance(a, A.PlayCard):
        seat = decider(w.s) if w.s.phase == Phase.WINDOW else w.active
        kind = "" if w.s.phase == Phase.WINDOW else "T" if w.s.phase == Phase.TRANSPORT else "between"
        play = PendingPlay(seat, a.card, (), kind)
        if targets_done(CARD_BY_NUM[a.card], ()):
            _announce(w, play)
        else:
            w.play = play
            w.phase = Phase.TARGET
        return
    if isinstance(a, A.Choose):
        pending = w.s.play
        assert pending is not None
        play = replace(pending, args=(*pending.args, a.value))
        if targets_done(CARD_BY_NUM[play.card], play.args):
            w.play = None
            _announce(w, play)
        else:
            w.play = play
        return
    if isinstance(a, A.DiscardCard):
        seat = w.active
        hands = list(w.s.cards)
        cards = list(hands[seat])
        cards.remove(a.card)
        hands[seat] = tuple(cards)
        w.cards = tuple(hands)
        deck = w.s.deck
        assert deck is not None
        w.deck = deck.discard(a.card)
        w.emit("hand_limit_discard", seat=seat, card=a.card)
        if len(cards) <= K.HAND_LIMIT:
            go_on(w, "next_turn")
        return
    raise AssertionError(a)  # pragma: no cover


def _announce(w: Work, play: PendingPlay) -> None:
    """The card leaves the hand and is PUBLIC with its targets (SG-14.1); then the other
    seats get their response opportunity (C-5.2)."""
    card = CARD_BY_NUM[play.card]
    args = tuple(a for a in play.args if a >= 0)
    hands = list(w.cards)
    mine = list(hands[play.player])
    mine.remove(play.card)
    hands[play.player] = tuple(mine)
    w.cards = tuple(hands)
    w.play = None
    w.revealed = True
    _log_play(w, play.player, card, args)
    if play.kind:  # played among the phase's own decisions: a window just for the response
        w.window_then = "transport_on" if play.kind == "T" else "next_battle"
        win = Window.open(play.kind, _seats(w))
    else:
        current = w.window
        assert isinstance(current, Window)
        win = current
    _run(w, win.played(Play(play.player, play.card, args)))


def _seats(w: Work) -> tuple[int, ...]:
    order = w.s.order
    seats = tuple(order[(w.turn + i) % len(order)] for i in range(len(order)))
    return tuple(s for s in seats if w.alive[s])


def _log_play(w: Work, player: int, card: Card, args: tuple[int, ...]) -> None:
    """The play and its targets (PUBLIC, SG-14.1); a held roll (Luck) is named by its purpose
    and dice, since the words tell them after the roll window has closed."""
    steps = tuple(target_step(card, args[:i]) for i in range(len(args)))
    purpose, dice = "", cast(tuple[int, ...], ())
    for step, value in zip(steps, args, strict=True):
        if step == K.ROLL and value >= 0:
            rolls: tuple[RollRec, ...] = w.rolls
            purpose, dice = rolls[value].purpose, tuple(rolls[value].dice)
    # Issue 36: each ship target as the seats knew it then (its owner; its fleet where public).
    targets_at = tuple(
        w.known_as(v) if v >= 0 and names_ship(s) else (-1, 0, 0) for s, v in zip(steps, args, strict=True)
    )
    ship = purpose_ship(purpose)
    roll_at = w.known_as(ship) if ship is not None else (-1, 0, 0)
    w.emit(
        "card_played", seat=player, card=card.num, steps=steps, targets=args, roll=purpose, roll_dice=dice,
        targets_at=targets_at, roll_at=roll_at,
    )
