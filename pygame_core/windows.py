"""Priority and reaction windows for card plays, shared by every game with cards (RULES.md C-5).

A *window* is a named checkpoint at which cards may be played (C-5.1). This module only
sequences *who decides next*; what a card does, which cards are eligible and what happens
when a window closes belong to the game. Everything here is a frozen value, so a window can
live in a game state and ``apply`` stays pure.

The life of a window::

    w = Window.open("battle", seats=(active, other))   # the active player holds priority
    w.holder                                           # who decides now
    step = w.passed()        # a pass: step.window is None once every seat passed in a row
    w = w.played(Play(...))  # a card: the other seats get a response opportunity (C-5.2)
    step = w.passed()        # ...when all responders pass, step.resolved lists the chain
                             # newest first; priority returns to the active player (C-5.1)

Stops (C-5.4): a seat that does not hold the device is offered a window whenever its stop
for that window kind is on and it could play a card there as far as the public information
goes, whether or not it really holds an eligible card, so a hand-off never reveals a hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

RESPONSE = "response"
"""The window kind of a response opportunity (C-5.2), for stop settings."""


@dataclass(frozen=True)
class Play:
    """One card played into a window: by whom, which card (a game's id) and its arguments."""

    player: int
    card: int
    args: tuple[int, ...] = ()


@dataclass(frozen=True)
class Resolution:
    """A played card as it resolves: ``effective`` is False when it was negated (C-5.3)."""

    play: Play
    effective: bool


@dataclass(frozen=True)
class Window:
    """An open window (C-5.1) with its pending response chain (C-5.2).

    ``seats`` is the priority order, the active player first (other seats in turn order,
    SG-16.4). ``chain`` holds the cards played and not yet resolved, oldest first; while it is
    non-empty the window is in a response opportunity and ``responder`` indexes the seat asked.
    """

    kind: str
    seats: tuple[int, ...]
    turn: int = 0
    passes: int = 0
    chain: tuple[Play, ...] = ()
    responder: int = 0
    response_passes: int = 0

    @staticmethod
    def open(kind: str, seats: Iterable[int]) -> Window:
        """A new window; the active player (``seats[0]``) gets priority first (C-5.1)."""
        order = tuple(seats)
        if not order or len(set(order)) != len(order):
            raise ValueError("a window needs distinct seats, the active player first")
        return Window(kind, order)

    @property
    def active(self) -> int:
        return self.seats[0]

    @property
    def responding(self) -> bool:
        """Whether a played card awaits responses (C-5.2) rather than a priority decision."""
        return bool(self.chain)

    @property
    def stop_kind(self) -> str:
        """The stop setting that governs the current decision: the window's or ``RESPONSE``."""
        return RESPONSE if self.chain else self.kind

    @property
    def holder(self) -> int:
        """The seat that decides now: the responder during a response, else the priority holder."""
        return self.seats[self.responder] if self.chain else self.seats[self.turn]

    def played(self, play: Play) -> Window:
        """``play.player`` (who must be the holder) plays a card: before it resolves, the
        next seats in order get a response opportunity (C-5.2)."""
        if play.player != self.holder:
            raise ValueError(f"seat {play.player} does not hold priority in window {self.kind!r}")
        index = self.seats.index(play.player)
        return replace(
            self,
            chain=(*self.chain, play),
            responder=(index + 1) % len(self.seats),
            response_passes=0,
        )

    def passed(self) -> Step:
        """The holder passes. During a response, once every other seat has passed the whole
        chain resolves (newest first) and priority returns to the active player (C-5.1);
        otherwise the window closes when every seat has passed in succession."""
        n = len(self.seats)
        if self.chain:
            passes = self.response_passes + 1
            if passes >= n - 1:
                reopened = replace(self, chain=(), responder=0, response_passes=0, turn=0, passes=0)
                return Step(reopened, tuple(reversed(self.chain)))
            return Step(
                replace(self, responder=(self.responder + 1) % n, response_passes=passes), ()
            )
        passes = self.passes + 1
        if passes >= n:
            return Step(None, ())
        return Step(replace(self, turn=(self.turn + 1) % n, passes=passes), ())


@dataclass(frozen=True)
class Step:
    """The outcome of a pass: the window afterwards (None once closed) and the cards that
    now resolve, newest first (empty unless a response opportunity just ended)."""

    window: Window | None
    resolved: tuple[Play, ...]


def resolve(resolved: Iterable[Play], negates: Callable[[Play], bool]) -> tuple[Resolution, ...]:
    """Mark which cards of a resolving chain (newest first) take effect.

    A card for which ``negates`` is true (Counter-Intelligence, Intelligence) cancels the card
    it responded to, the next one down the chain, provided it is itself effective. A negated
    card has no effect at all (C-5.3), so its own negation does not happen either.
    """
    out: list[Resolution] = []
    cancel_next = False
    for play in resolved:
        effective = not cancel_next
        out.append(Resolution(play, effective))
        cancel_next = effective and negates(play)
    return tuple(out)


@dataclass(frozen=True)
class Stops:
    """Each seat's public stop settings (C-5.4): every kind in ``kinds`` is on unless listed
    in ``off`` as ``(seat, kind)``. Kinds outside ``kinds`` never stop anyone."""

    kinds: tuple[str, ...]
    off: tuple[tuple[int, str], ...] = ()

    def is_on(self, seat: int, kind: str) -> bool:
        return kind in self.kinds and (seat, kind) not in self.off

    def switched(self, seat: int, kind: str, on: bool) -> Stops:
        """These settings with ``seat``'s stop for ``kind`` switched on or off."""
        if kind not in self.kinds:
            raise ValueError(f"{kind!r} is not a stop of this game")
        rest = {entry for entry in self.off if entry != (seat, kind)}
        if not on:
            rest.add((seat, kind))
        return replace(self, off=tuple(sorted(rest)))

    def switched_all(self, seat: int, on: bool) -> Stops:
        """These settings with every stop of ``seat`` switched on or off (one switch per seat)."""
        rest = {entry for entry in self.off if entry[0] != seat}
        if not on:
            rest.update((seat, kind) for kind in self.kinds)
        return replace(self, off=tuple(sorted(rest)))

    def all_off(self, seat: int) -> bool:
        """Whether ``seat`` switched every one of its stops off."""
        return bool(self.kinds) and all((seat, kind) in self.off for kind in self.kinds)


def is_asked(
    seat: int,
    *,
    device_holder: int | None,
    can_play: bool,
    could_play: bool,
    stop_on: bool,
) -> bool:
    """Whether ``seat`` must be asked when it would hold priority or a response (C-5.4).

    - ``device_holder``: the seat that made the last decision; in hot-seat play it holds the
      device, so asking it or not shows nobody anything and it is asked only if
      ``can_play`` (it holds an eligible card and may play it now).
    - Any other seat is asked exactly when its stop for this kind is on and ``could_play``:
      the public information (hand size, cards already played this turn, its role) leaves
      open that it holds an eligible card. What it really holds never matters, so the
      hand-off screen leaks nothing; a seat whose stop is off passes (its declared intent).
    """
    if seat == device_holder:
        return can_play
    return stop_on and could_play


def auto_pass(window: Window, asked: Callable[[Window], bool]) -> Step | None:
    """Pass for holders who are not asked, until one is asked (returns None: a decision is
    due), the window closes, or a chain resolves (returns that Step for the game to apply)."""
    current = window
    while not asked(current):
        step = current.passed()
        if step.window is None or step.resolved:
            return step
        current = step.window
    if current is window:
        return None
    return Step(current, ())
