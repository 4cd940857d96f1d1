"""Galactic Warfare's events in a player's words, and its battles as data (RULES.md GW-6 to GW-8).

The engine logs events (``events.py``); ``render`` gives each one line in a player's words
(every event is public, so the words are the same for every viewer, and a line keeps its
event's index). ``read`` goes through a log once, here, for the battles too, so that no
screen has to parse words: who attacked what, every round of dice, the cards, and how it
ended. The dice records (``  roll GW.battle.attack ...``, C-2.8) stay as the engine drew
them: every die with its purpose (docs/ENGINE.md); the shell hides them behind the log's details.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from ...events import Event
from ...rng import Roll
from . import cards
from .board import COLOUR_NAMES
from .events import ACTIONS, finish_reason
from .models import BattleRound, LastMove, PastBattle

_FIRST = {
    "me": "{who} chooses to move first",
    "you": "{who} lets {other} move first",
    "defer": "{who} leaves the choice to {other}",
}
_STOPS = {
    "battle": "before the battle dice",
    "after_roll": "after the battle dice",
    "after_win": "after a won battle",
    "after_loss": "after a lost battle",
    "response": "when a card is played",
}


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _title(card: int) -> str:
    kind = cards.BY_NUMBER.get(card)
    return kind.title if kind is not None else f"#{card}"


def _tail(e: Event) -> str:
    """The rule an event cites, as the words' last part (the page shows it with the details)."""
    rule = e.get("rule")
    return f" ({rule})" if isinstance(rule, str) and rule else ""


def _placed(e: Event, who: str) -> str:
    """A placement in words: why the stack is placed (GW-8.1, GW-10.2, GW-12 #7) and whose it is."""
    square, src, purpose = e.text("square"), e.text("src"), e.text("purpose")
    owner = COLOUR_NAMES[e.num("owner")]
    if purpose == "stuck":
        return f"{who} brings its stuck ship home to {square}"
    if purpose == "defense":
        return f"{who} puts its invader from {src} back home on {square} (Planetary Defense Grid)"
    if src == square:
        return f"{who} leaves {owner}'s stack where it is, on its home square {square}"
    if owner == who:
        return f"{who} brings its stack from {src} home to {square} (Emergency Jump)"
    return f"{who} sends {owner}'s stack from {src} back home to {square}"


def _card_played(e: Event, who: str) -> str:
    title, src, dst = _title(e.num("card")), e.get("src"), e.get("dst")
    if src is not None and dst is not None:
        return f"{who} plays {title}: {src} to {dst}"
    if src is not None:
        return f"{who} plays {title} on the invader on {src}"
    return f"{who} plays {title}"


def _captured(e: Event, a: str, d: str) -> str:
    gain, lost = e.num("gained"), e.num("removed")
    words = f"{a} captures {d}'s {_plural(gain + lost, 'ship', 'ships')} on {e.text('square')}: "
    words += f"{a}'s stack gains {_plural(gain, 'power-up', 'power-ups')}" if gain else f"{a}'s stack is full (4)"
    if lost:
        words += f", and {_plural(lost, f'{d} ship is', f'{d} ships are')} removed from the game"
    return words


def _stuck(e: Event) -> str:
    a, b = e.nums("dice")
    # One clause for what the doubles did (the engine's record once said it twice: issue 31).
    what = "doubles, the ship goes home" if e.flag("doubles") else "no doubles, it stays and the turn ends"
    return f"Stuck ship: the dice show {a} and {b}: {what}"


def _dice(values: tuple[int, ...]) -> str:
    return f"{', '.join(map(str, values))} = {sum(values)}"


def _words(e: Event) -> str:
    """One event in words, its rule ID (where it cites one) last."""
    kind = e.kind
    if kind == "roll":
        return f"  roll {Roll(e.text('purpose'), e.num('sides'), e.num('value'), e.flag('die'))}"
    if kind == "setup":
        return "Galactic Warfare: White and Blue set up 12 ships each"
    if kind == "dealt":
        return f"each player is dealt {e.num('hand')} cards; {e.num('aside')} are set aside"
    if kind == "rolloff":
        white, blue = e.num("white"), e.num("blue")
        return f"roll-off: White {white}, Blue {blue}" + (" (tie, re-roll)" if white == blue else "")
    if kind == "counter_resolves":
        return "Counter-Intelligence takes effect"
    if kind == "fleet_no_second":
        return "Fleet Command: no second charge is possible"
    if kind == "tie":
        return "A tie: both sides roll again"
    if kind == "card_cancelled":
        return f"{_title(e.num('card'))} is cancelled by Counter-Intelligence"
    if kind == "game_over":
        return finish_reason(e.num("winner"), e.text("how"), e.text("why"), e.num("limit"), e.text("by"))
    who = COLOUR_NAMES[e.num("player")]
    other = COLOUR_NAMES[1 - e.num("player")]
    if kind == "chooses_first":
        return f"{who} chooses who moves first"
    if kind == "moves_first":
        return f"{who} moves first"
    if kind == "first_chosen":
        return _FIRST[e.text("choice")].format(who=who, other=other)
    if kind == "charged":
        verb = "jumps (Hyperdrive)" if e.flag("hyperdrive") else "charges"
        return f"{who} {verb} from {e.text('src')} to {e.text('dst')}"
    if kind == "attacked":
        return f"{who} attacks {other}'s stack on {e.text('target')} from {e.text('src')}"
    if kind == "stuck_attempt":
        return f"{who} rolls for the stuck ship on {e.text('square')} (doubles bring it home)"
    if kind == "placed":
        return _placed(e, who)
    if kind == "turn_passed":
        return f"{who} has no legal move and passes"
    if kind == "window_passed":
        if e.flag("stop_off"):
            return f"{who} plays no card, and will not be asked at such a moment again"
        return f"{who} plays no card"
    if kind == "stop_set":
        moment = _STOPS.get(e.text("stop"), e.text("stop"))
        return f"{who} will {'again' if e.flag('on') else 'no longer'} be asked for a card {moment}"
    if kind == "card_played":
        return _card_played(e, who)
    if kind == "stuck_dice":
        return _stuck(e)
    if kind == "battle_round":
        attack, defend = _dice(e.nums("attack")), _dice(e.nums("defend"))
        return f"Battle for {e.text('target')}: {who} rolls {attack}, {other} rolls {defend}"
    if kind == "battle_won":
        return f"{who} wins the battle for {e.text('target')}"
    if kind == "battle_lost":
        return f"{who} holds {e.text('target')}: {other}'s attack failed"
    if kind == "captured":
        return _captured(e, who, other)
    if kind == "invaded":
        # No "for the rest of the game": Planetary Defense Grid may still send it home.
        return f"{who} invades {e.text('square')} in {other}'s home row: an invader cannot move or be attacked"
    if kind == "stack_removed":
        return (f"No free home square: {who}'s stack of {e.num('size')} on {e.text('square')} "
                "is removed from the game")
    if kind == "jump_stays":
        return "Emergency Jump: no free home square, so the stack stays where it attacked from"
    if kind == "attack_cancelled":
        return "Cloaking Field: the attack is cancelled and the attacker's turn is spent"
    if kind == "rerolled":
        return f"Second Chance: {who} rolls its dice again"
    if kind == "evaded":
        return f"Evasive Maneuver: the ship on {e.text('src')} backs away to {e.text('dst')}"
    if kind == "defense_removed":
        return f"Planetary Defense Grid: no vacant home square, the invader on {e.text('square')} is removed"
    raise ValueError(f"no words for a {kind} event")


@lru_cache(maxsize=8192)
def render(e: Event) -> str:
    """An event's one line in a player's words (the same for every viewer: every event is public).

    Events are frozen, so a line is made once per event however often a view is made."""
    if e.kind == "game_over":
        return _words(e)  # the reason names its rule itself (GW-11)
    return _words(e) + _tail(e)


@dataclass
class _Battle:
    """One battle read from the log: plain data once :meth:`plain` is called."""

    attacker: int
    src: str
    target: str
    first_line: int
    last_line: int
    rounds: list[BattleRound] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    result: str = ""  # "" while open; "won", "lost", "cancelled"
    result_line: int = -1
    gained: int = 0
    removed_ships: int = 0
    invades: str = ""
    retreat: str = ""  # where the loser went, "removed", or "stays" (Emergency Jump)
    closed: bool = False

    def plain(self) -> PastBattle:
        return {
            "attacker": self.attacker, "from": self.src, "target": self.target,
            "first_line": self.first_line, "last_line": self.last_line, "rounds": self.rounds,
            "cards": self.cards, "result": self.result, "result_line": self.result_line, "gained": self.gained,
            "removed": self.removed_ships, "invades": self.invades, "retreat": self.retreat,
        }


def _decision(e: Event, at: int, words: str, battle: _Battle | None, battles: list[_Battle],
              last_move: LastMove | None) -> tuple[_Battle | None, LastMove | None]:
    """A player's decision: a new battle or move, and what it does to the battle under way."""
    kind, p = e.kind, e.num("player")
    if kind == "attacked":
        battle = _Battle(p, e.text("src"), e.text("target"), at, at)
        battles.append(battle)
        last_move = {"player": p, "from": e.text("src"), "to": e.text("target"), "attack": True, "line": at}
    elif kind == "charged":
        last_move = {"player": p, "from": e.text("src"), "to": e.text("dst"), "attack": False, "line": at}
    elif kind == "stuck_attempt":
        last_move = {"player": p, "from": e.text("square"), "to": e.text("square"), "attack": False, "line": at}
    if battle is not None and not battle.closed:
        if kind == "card_played":
            battle.cards.append(words)
            battle.last_line = at
        elif kind == "placed":
            battle.retreat = e.text("square")
            battle.last_line = at
            battle.closed = True
        elif kind not in ("attacked", "turn_passed", "window_passed"):
            battle.closed = True
    return battle, last_move


def _follow(e: Event, at: int, battle: _Battle) -> None:
    """What an event after the attack does to the battle under way (its rounds, cards, end)."""
    kind = e.kind
    if kind == "battle_round":
        battle.rounds.append({"attack": list(e.nums("attack")), "defend": list(e.nums("defend")), "tie": False,
                              "line": at})
        battle.last_line = at
    elif kind == "tie":
        if battle.rounds:
            battle.rounds[-1]["tie"] = True
    elif kind in ("battle_won", "battle_lost"):
        battle.result = "won" if kind == "battle_won" else "lost"
        battle.result_line = battle.last_line = at
    elif kind == "captured":
        battle.gained, battle.removed_ships = e.num("gained"), e.num("removed")
        battle.last_line = at
        battle.closed = battle.result == "won"
    elif kind == "invaded":
        if battle.last_line >= at - 2:
            battle.invades = e.text("square")
    elif kind in ("stack_removed", "jump_stays", "attack_cancelled"):
        if kind == "attack_cancelled":
            battle.result = "cancelled"
        else:
            battle.retreat = "removed" if kind == "stack_removed" else "stays"
        battle.last_line = at
        battle.closed = True
    elif kind == "card_cancelled":
        if not battle.closed:
            battle.cards.append(f"{_title(e.num('card'))} is cancelled")
    elif kind == "rerolled":
        battle.cards.append(f"{COLOUR_NAMES[e.num('player')]} rolls again (Second Chance)")


@dataclass
class _Reader:
    """What has been read of a log so far; a longer log of the same game reads on from it."""

    out: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)  # each line's event kind, for the screen
    plain: list[dict[str, Any]] = field(default_factory=list)  # each event as plain data (Event.plain)
    battles: list[_Battle] = field(default_factory=list)  # the last few; the last is the current
    last_move: LastMove | None = None

    def copy(self) -> _Reader:
        battles = [replace(b, rounds=[r.copy() for r in b.rounds], cards=list(b.cards)) for b in self.battles[-5:]]
        return _Reader(list(self.out), list(self.kinds), list(self.plain), battles, self.last_move)

    def feed(self, log: tuple[Event, ...], start: int) -> None:
        """Read ``log[start:]`` on from what this reader holds."""
        battles, out = self.battles, self.out
        battle: _Battle | None = battles[-1] if battles else None
        last_move = self.last_move
        for at in range(start, len(log)):
            e = log[at]
            words = render(e)
            out.append(words)
            self.kinds.append(e.kind)
            self.plain.append(e.plain())
            if e.kind in ACTIONS:
                battle, last_move = _decision(e, at, words, battle, battles, last_move)
            elif e.kind == "stuck_dice" and last_move is not None:  # it follows its stuck_attempt (GW-10.2)
                a, b = e.nums("dice")
                last_move = {**last_move, "stuck": {"dice": [a, b], "doubles": e.flag("doubles"), "line": at}}
            elif battle is not None:
                _follow(e, at, battle)
        self.last_move = last_move


# Logs read lately, newest last: each state's log extends its predecessor's, so a new one is
# read on from the longest cached prefix instead of from the start (a late game's log has
# hundreds of events, and the view is made on every decision).
_READ: list[tuple[tuple[Event, ...], _Reader]] = []
_KEEP = 16


def reader(log: tuple[Event, ...]) -> _Reader:
    """The reading of ``log`` (shared: callers copy what they hand on)."""
    best: tuple[tuple[Event, ...], _Reader] | None = None
    for prev, done in _READ:
        n = len(prev)
        if n <= len(log) and (best is None or n > len(best[0])) and (prev is log or log[:n] == prev):
            best = (prev, done)
    if best is not None and len(best[0]) == len(log):
        return best[1]
    done = best[1].copy() if best is not None else _Reader()
    done.feed(log, len(best[0]) if best is not None else 0)
    _READ.append((log, done))
    del _READ[:-_KEEP]
    return done


def read(log: tuple[Event, ...]) -> tuple[tuple[str, ...], tuple[PastBattle, ...], LastMove | None]:
    """The log in words (one line for each event), the last four battles, the last move or attack."""
    done = reader(log)
    return tuple(done.out), tuple(b.plain() for b in done.battles[-4:]), done.last_move
