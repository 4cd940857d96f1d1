"""Galactic Warfare's log in a player's words, and its battles as data (RULES.md GW-6 to GW-8).

The engine's log lines are terse records (``White: attack d3xc4``, ``battle d3xc4: attacker
[3]=3, defender [5]=5``); the view shows each one in a player's words, one line for one line
(so a line keeps its index), and reads the battles out of them once, here, so that no screen
has to parse words: who attacked what, every round of dice, the cards, and how it ended.
The dice records (``  roll GW.battle.attack ...``, C-2.8) stay as they are: every die with its
purpose (docs/ENGINE.md); the shell hides them behind the log's details.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from .board import COLOUR_NAMES

_ACTOR = re.compile(r"^(White|Blue): (.*)$")
_BATTLE = re.compile(r"^battle (\w\d)x(\w\d): attacker \[([\d, ]*)\]=(\d+), defender \[([\d, ]*)\]=(\d+)$")
_CAPTURED = re.compile(r"^(\w\d) captured: \+(\d) power-up\(s\), (\d) ship\(s\) removed(.*)$")
_STUCK = re.compile(r"^stuck-retreat dice (\d),(\d): (no doubles|doubles)(.*)$")
_RULE = re.compile(r"( \((?:GW|C)-[\dA-Z.]+\))$")

_FIRST = {
    "I move first": "{who} chooses to move first",
    "you move first": "{who} lets {other} move first",
    "you decide": "{who} leaves the choice to {other}",
}
_STOPS = {
    "battle": "before the battle dice",
    "after_roll": "after the battle dice",
    "after_win": "after a won battle",
    "after_loss": "after a lost battle",
    "response": "when a card is played",
}


def _other(who: str) -> str:
    return COLOUR_NAMES[1 - COLOUR_NAMES.index(who)]


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _dice(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


@dataclass
class _Battle:
    """One battle read from the log: plain data once :meth:`plain` is called."""

    attacker: int
    src: str
    target: str
    first_line: int
    last_line: int
    rounds: list[dict[str, Any]] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    result: str = ""  # "" while open; "won", "lost", "cancelled"
    result_line: int = -1
    gained: int = 0
    removed_ships: int = 0
    invades: str = ""
    retreat: str = ""  # where the loser went, "removed", or "stays" (Emergency Jump)
    closed: bool = False

    def plain(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker, "from": self.src, "target": self.target,
            "first_line": self.first_line, "last_line": self.last_line, "rounds": self.rounds,
            "cards": self.cards, "result": self.result, "result_line": self.result_line, "gained": self.gained,
            "removed": self.removed_ships, "invades": self.invades, "retreat": self.retreat,
        }


def _action_words(who: str, text: str) -> str:
    """``White: <str(action)>`` as a sentence (actions.py's ``__str__`` forms)."""
    other = _other(who)
    if text in _FIRST:
        return _FIRST[text].format(who=who, other=other)
    m = re.fullmatch(r"(charge|hyperdrive) (\w\d)-(\w\d)", text)
    if m:
        verb = "charges" if m[1] == "charge" else "jumps (Hyperdrive)"
        return f"{who} {verb} from {m[2]} to {m[3]}"
    m = re.fullmatch(r"attack (\w\d)x(\w\d)", text)
    if m:
        return f"{who} attacks {other}'s stack on {m[2]} from {m[1]}"
    m = re.fullmatch(r"stuck-retreat attempt (\w\d)", text)
    if m:
        return f"{who} rolls for the stuck ship on {m[1]} (doubles bring it home)"
    m = re.fullmatch(r"place on (\w\d)", text)
    if m:
        return f"{who} chooses home square {m[1]}"
    if text == "pass (no legal action)":
        return f"{who} has no legal move and passes"
    if text == "pass":
        return f"{who} plays no card"
    if text == "pass, and stop asking me here":
        return f"{who} plays no card, and will not be asked at such a moment again"
    m = re.fullmatch(r"stop at (\w+): (on|off)", text)
    if m:
        moment = _STOPS.get(m[1], m[1])
        return f"{who} will {'again' if m[2] == 'on' else 'no longer'} be asked for a card {moment}"
    m = re.fullmatch(r"play (.+?)(?: (\w\d)(?:-(\w\d))?)?", text)
    if m:
        if m[3]:
            return f"{who} plays {m[1]}: {m[2]} to {m[3]}"
        if m[2]:
            return f"{who} plays {m[1]} on the invader on {m[2]}"
        return f"{who} plays {m[1]}"
    return f"{who}: {text}"


def _placed(placing: str, who: str, square: str) -> str:
    """A "place on" decision in words: ``placing`` is "<why> <owner> <from>" (see ``_read``)."""
    why, owner, src = placing.split()
    if why == "stuck":
        return f"{who} brings its stuck ship home to {square}"
    if why == "defense":
        return f"{who} puts its invader from {src} back home on {square} (Planetary Defense Grid)"
    if src == square:
        return f"{who} leaves {owner}'s stack where it is, on its home square {square}"
    if owner == who:
        return f"{who} brings its stack from {src} home to {square} (Emergency Jump)"
    return f"{who} sends {owner}'s stack from {src} back home to {square}"


@dataclass
class _Reader:
    """What has been read of a log so far; a longer log of the same game reads on from it."""

    out: list[str] = field(default_factory=list)
    battles: list[_Battle] = field(default_factory=list)  # the last few; the last is the current
    last_move: dict[str, Any] | None = None
    placing: str = ""  # what the next "place on" places: "<why> <owner> <from>" (_placed)

    def copy(self) -> _Reader:
        battles = [replace(b, rounds=[dict(r) for r in b.rounds], cards=list(b.cards)) for b in self.battles[-5:]]
        return _Reader(list(self.out), battles, self.last_move, self.placing)

    def feed(self, log: tuple[str, ...], start: int) -> None:
        self.last_move, self.placing = _read(log, start, self.out, self.battles, self.last_move, self.placing)


def _read(log: tuple[str, ...], start: int, out: list[str], battles: list[_Battle],
          last_move: dict[str, Any] | None, placing: str) -> tuple[dict[str, Any] | None, str]:
    """Read ``log[start:]`` on from what ``out`` and ``battles`` hold; the last move and the
    pending placement after it."""
    battle: _Battle | None = battles[-1] if battles else None
    for at in range(start, len(log)):
        line = log[at]
        if line.startswith("  roll "):
            out.append(line)
            continue
        rule = _RULE.search(line)
        tail = rule[1] if rule else ""
        m = _ACTOR.match(line)
        if m:
            who, text = m[1], m[2]
            p = COLOUR_NAMES.index(who)
            words = _action_words(who, text)
            if text.startswith("place on ") and placing:
                words = _placed(placing, who, text[len("place on "):])
                placing = ""
            pdg = re.fullmatch(r"play Planetary Defense Grid (\w\d)", text)
            if pdg:
                placing = f"defense {_other(who)} {pdg[1]}"
            atk = re.fullmatch(r"attack (\w\d)x(\w\d)", text)
            mv = re.fullmatch(r"(?:charge|hyperdrive) (\w\d)-(\w\d)", text)
            if atk:
                battle = _Battle(p, atk[1], atk[2], at, at)
                battles.append(battle)
                last_move = {"player": p, "from": atk[1], "to": atk[2], "attack": True, "line": at}
            elif mv:
                last_move = {"player": p, "from": mv[1], "to": mv[2], "attack": False, "line": at}
            elif text.startswith("stuck-retreat attempt "):
                last_move = {"player": p, "from": text[-2:], "to": text[-2:], "attack": False, "line": at}
            if battle is not None and not battle.closed:
                if text.startswith("play "):
                    battle.cards.append(words)
                    battle.last_line = at
                elif text.startswith("place on "):
                    battle.retreat = text[len("place on "):]
                    battle.last_line = at
                    battle.closed = True
                elif not atk and not text.startswith("pass"):
                    battle.closed = True
            out.append(words)
            continue
        words = line
        m = _BATTLE.match(line)
        if m and battle is not None:
            attack, defend = _dice(m[3]), _dice(m[5])
            battle.rounds.append({"attack": attack, "defend": defend, "tie": False, "line": at})
            battle.last_line = at
            a, d = COLOUR_NAMES[battle.attacker], COLOUR_NAMES[1 - battle.attacker]
            words = (f"Battle for {m[2]}: {a} rolls {', '.join(map(str, attack))} = {m[4]}, "
                     f"{d} rolls {', '.join(map(str, defend))} = {m[6]}")
        elif line.startswith("tie: both sides re-roll"):
            if battle is not None and battle.rounds:
                battle.rounds[-1]["tie"] = True
            words = f"A tie: both sides roll again{tail}"
        elif (m := re.match(r"^(White|Blue) wins the battle$", line)) and battle is not None:
            battle.result = "won"
            battle.result_line = battle.last_line = at
            words = f"{m[1]} wins the battle for {battle.target}"
        elif (m := re.match(r"^(White|Blue) defends successfully", line)) and battle is not None:
            battle.result = "lost"
            battle.result_line = battle.last_line = at
            loser = _other(m[1])
            words = f"{m[1]} holds {battle.target}: {loser}'s attack failed{tail}"
            placing = f"retreat {loser} {battle.src}"
        elif (m := _CAPTURED.match(line)) and battle is not None:
            gain, lost = int(m[2]), int(m[3])
            battle.gained, battle.removed_ships = gain, lost
            battle.last_line = at
            battle.closed = battle.result == "won"
            a, d = COLOUR_NAMES[battle.attacker], COLOUR_NAMES[1 - battle.attacker]
            ships = _plural(gain + lost, "ship", "ships")
            words = f"{a} captures {d}'s {ships} on {m[1]}: "
            gains = _plural(gain, "power-up", "power-ups")
            words += f"{a}'s stack gains {gains}" if gain else f"{a}'s stack is full (4)"
            if lost:
                words += f", and {_plural(lost, f'{d} ship is', f'{d} ships are')} removed from the game"
            words += m[4]
        elif (m := re.match(r"^(White|Blue) invades (\w\d)(.*)$", line)):
            if battle is not None and battle.last_line >= at - 2:
                battle.invades = m[2]
            # No "for the rest of the game": Planetary Defense Grid may still send it home.
            words = f"{m[1]} invades {m[2]} in {_other(m[1])}'s home row: an invader cannot move or be attacked{m[3]}"
        elif (m := re.match(r"^no vacant home square: the stack of (\d) on (\w\d) is removed(.*)$", line)):
            owner = COLOUR_NAMES[battle.attacker] if battle is not None else "The"
            if battle is not None:
                battle.retreat = "removed"
                battle.last_line = at
                battle.closed = True
            words = f"No free home square: {owner}'s stack of {m[1]} on {m[2]} is removed from the game{m[3]}"
        elif line.startswith("Emergency Jump: no vacant home square"):
            if battle is not None:
                battle.retreat = "stays"
                battle.last_line = at
                battle.closed = True
            words = "Emergency Jump: no free home square, so the stack stays where it attacked from"
        elif line.startswith("Cloaking Field: the attack is cancelled"):
            if battle is not None:
                battle.result = "cancelled"
                battle.last_line = at
                battle.closed = True
            words = "Cloaking Field: the attack is cancelled and the attacker's turn is spent"
        elif (m := re.match(r"^(.+) is cancelled( \(C-5.3\))?$", line)):
            if battle is not None and not battle.closed:
                battle.cards.append(f"{m[1]} is cancelled")
            words = f"{m[1]} is cancelled by Counter-Intelligence{m[2] or ''}"
        elif line == "Counter-Intelligence resolves":
            words = "Counter-Intelligence takes effect"
        elif (m := re.match(r"^Second Chance: (White|Blue) re-rolls$", line)):
            if battle is not None:
                battle.cards.append(f"{m[1]} rolls again (Second Chance)")
            words = f"Second Chance: {m[1]} rolls its dice again"
        elif (m := _STUCK.match(line)):
            last_move = {**(last_move or {}), "stuck": {"dice": [int(m[1]), int(m[2])], "doubles": m[3] == "doubles",
                                                         "line": at}}
            placing = "stuck - -" if m[3] == "doubles" else ""
            words = (f"Stuck ship: the dice show {m[1]} and {m[2]}: "
                     + ("doubles, the ship goes home" if m[3] == "doubles"
                        else "no doubles, it stays and the turn ends")
                     + m[4])
        elif (m := re.match(r"^Evasive Maneuver: (\w\d) backs away to (\w\d)$", line)):
            words = f"Evasive Maneuver: the ship on {m[1]} backs away to {m[2]}"
        out.append(words)
    return last_move, placing


# Logs read lately, newest last: each state's log extends its predecessor's, so a new one is
# read on from the longest cached prefix instead of from the start (a late game's log has
# hundreds of lines, and the view is made on every decision).
_READ: list[tuple[tuple[str, ...], _Reader]] = []
_KEEP = 16


def read(log: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[dict[str, Any], ...], dict[str, Any] | None]:
    """The log in words (one line for each line), the last four battles, the last move or attack."""
    best: tuple[tuple[str, ...], _Reader] | None = None
    for prev, reader in _READ:
        n = len(prev)
        if n <= len(log) and (best is None or n > len(best[0])) and (prev is log or log[:n] == prev):
            best = (prev, reader)
    if best is not None and len(best[0]) == len(log):
        reader = best[1]
    else:
        reader = best[1].copy() if best is not None else _Reader()
        reader.feed(log, len(best[0]) if best is not None else 0)
        _READ.append((log, reader))
        del _READ[:-_KEEP]
    return tuple(reader.out), tuple(b.plain() for b in reader.battles[-4:]), reader.last_move
