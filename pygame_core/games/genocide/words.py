"""Space Genocide's log in a player's words, as one seat sees it (SG-14, C-2.8, C-4.3).

The engine's log is a record (it is part of the state, so the golden games pin it); the view
shows it in a player's words, built here:

- each dice record (``SG.combat.attack target=ship#44: d6 = 3 5``) becomes an indented
  ``  roll ...`` line, which the shell keeps behind the log's Details toggle; a random pick
  over something hidden (a draw from the sealed pile, a card from a hand, a ship of a fleet)
  keeps no values at all: the index of a pick in the sorted pool tells how many counters
  below the one drawn are still in it, so it would give away what the other seats hold
  (SG-14.1);
- a roll's purpose named inside a line (Luck) is said in words; "card(s)" and the like agree
  with their number;
- where a seat's own private line tells the same event as the public one beside it ("West
  draws a ship" and "West draws Cruiser #61"), that seat sees only its own line.

Every rule is idempotent (a line already in words is left as it is), because the computer's
determinizer builds states whose log is a view's log and asks their view again.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .board import seat_name
from .state import State, log_audience

_ROLL = re.compile(r"^(SG\.[a-z_.]+(?: \S+)*?): (d\d+|pick of \d+) = ([\d ]+)$")
_PUBLIC_PICKS = ("SG.setup.planet", "SG.setup.terrain")  # the map's layout: public (SG-3)
_PURPOSE = re.compile(r"SG\.(combat\.attack|combat\.defence|burst|pb|blackhole|neutral)[^:()]*?(?= rerolled| \(|$)")
_SHIP = re.compile(r"ship#(\d+)")
# "against 2 ship(s):" stays: the computer's determinizer reads the burst lines (ai_log.py).
_COUNT = re.compile(r"(?<!against )\b(\d+) ((?:stranded )?)(card|ship|fighter)\(s\)")
_SHORT_PARENS = re.compile(r" \(SG-13\.3 #\d+\)")
# A public line and the private line that tells the same event to its seat (first: public).
_TWINS: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (re.compile(r"^(\w+) draws a ship$"), re.compile(r"^(\w+) draws .+ #\d+$")),
    (re.compile(r"^(\w+) discards a ship$"), re.compile(r"^(\w+) discards .+ #\d+$")),
    (re.compile(r"^(\w+) draws \d+ card\(?s?\)?$"), re.compile(r"^You draw ")),
)


def log_lines(state: State, me: int | None) -> list[str]:
    """The log as seat ``me`` sees it (None: a spectator): public lines and its own (SG-14),
    in a player's words."""
    return [text for text, _ in _seen(state, me)]


def log_origins(state: State, me: int | None) -> list[int]:
    """For each line of ``log_lines(state, me)``, its index in the state's own log."""
    return [origin for _, origin in _seen(state, me)]


def _seen(state: State, me: int | None) -> list[tuple[str, int]]:
    """The lines seat ``me`` sees, in words, each with its index in the state's own log."""
    name = _namer(state)
    out: list[str] = []
    mine: list[bool] = []
    origins: list[int] = []
    over = f"Game over: {state.reason}" if state.reason else None
    for origin, line in enumerate(state.log):
        audience, text = log_audience(line)
        if audience < 0 or audience == me:
            if text == over:
                end = ending(state)
                text = f"Game over: {end[0]}" if end else text
            out.append(say(text, name))
            mine.append(audience >= 0)
            origins.append(origin)
    drop = _one_per_event(out, mine)
    return [(text, origins[i]) for i, text in enumerate(out) if i not in drop]


def _namer(state: State) -> Callable[[int], str]:
    data = state.data
    return lambda cid: f"{data.type_of(cid).name} #{cid}"


def say(text: str, name: Callable[[int], str]) -> str:
    """One engine line in a player's words (a line in words already comes back unchanged)."""
    m = _ROLL.match(text)
    if m:
        purpose, kind, values = m.groups()
        if kind.startswith("pick") and not purpose.startswith(_PUBLIC_PICKS):
            purpose = purpose.split(" seat=")[0]
            return f"  roll {purpose}: a random pick, kept secret"  # SG-14.1, see above
        return f"  roll {purpose}: {kind} = {values}"
    if "SG." in text and not text.startswith("  roll "):
        text = _PURPOSE.sub(lambda p: _purpose_words(p.group(0), name), text)
    if "(s)" in text:
        text = _COUNT.sub(lambda c: f"{c.group(1)} {c.group(2)}{c.group(3)}{'' if c.group(1) == '1' else 's'}", text)
    if " are the The " in text:
        text = text.replace(" are the The ", " are the ")
    if "(SG-13.3 #" in text:
        text = _SHORT_PARENS.sub(" (SG-13.3)", text)
    return text


def _purpose_words(purpose: str, name: Callable[[int], str]) -> str:
    """What a held or rerolled roll was for (Luck, SG-A59), in words."""
    ship = _SHIP.search(purpose)
    who = name(int(ship.group(1))) if ship else "a ship"
    if purpose.startswith("SG.combat.attack"):
        return f"the attack dice on {who}"
    if purpose.startswith("SG.combat.defence"):
        return f"the defence dice of {who}"
    if purpose.startswith("SG.burst"):
        return f"{who}'s space burst die"
    if purpose.startswith("SG.pb"):
        planet = re.search(r"planet=(\d{4})", purpose)
        return f"{who}'s planet buster dice at {planet.group(1) if planet else 'a planet'}"
    if purpose.startswith("SG.blackhole"):
        return f"the Black Hole die at {purpose.rsplit(' ', 1)[-1]}"
    planet = re.search(r"planet=(\d{4})", purpose)
    return f"the neutral planet's die at {planet.group(1) if planet else 'its hex'}"


def _one_per_event(lines: list[str], mine: list[bool]) -> set[int]:
    """The public lines to drop: those the seat's own private line beside it tells in full."""
    drop: set[int] = set()
    for i, text in enumerate(lines):
        if mine[i]:
            continue
        for public, private in _TWINS:
            m = public.match(text)
            if not m:
                continue
            for j in (i - 1, i + 1):
                if 0 <= j < len(lines) and mine[j] and j not in drop:
                    p = private.match(lines[j])
                    if p and (not p.groups() or p.group(1) == m.group(1)):
                        drop.add(i)
                        break
            break
    return drop


_LOST_PLANET = re.compile(r"^(\w+) planet (\d{4}) was an? (\w+) world$")
_DEFEATED = re.compile(r"^(\w+) is defeated$")


def ending(state: State) -> tuple[str, tuple[int, ...]] | None:
    """How the game ended, in words, and the planets each seat kept (SG-10): a seat that lost
    a whole resource type or its Homeworld (SG-10.2) still had its other planets when it was
    defeated, though SG-16.5 then takes them off the board. None until the game is over.

    Read from the public lines of the log (a destroyed planet's type is public, SG-8.7), so
    it is the same for every seat and for a state rebuilt from a seat's view."""
    if not state.reason:
        return None
    names = [seat_name(s, state.players) for s in range(state.players)]
    destroyed: dict[int, set[str]] = {s: set() for s in range(state.players)}
    last_type: dict[int, str] = {}
    defeated: list[int] = []
    for line in state.log:
        audience, text = log_audience(line)
        if audience >= 0:
            continue
        m = _LOST_PLANET.match(text)
        if m and m.group(1) in names:
            seat = names.index(m.group(1))
            destroyed[seat].add(m.group(2))
            last_type[seat] = m.group(3)
            continue
        d = _DEFEATED.match(text)
        if d and d.group(1) in names:
            defeated.append(names.index(d.group(1)))
    kept = tuple(
        sum(1 for p in state.planets if p.owner == s and (p.alive or not state.alive[s])
            and f"{p.col + 1:02d}{p.row + 1:02d}" not in destroyed[s])
        for s in range(state.players)
    )
    if state.reason.startswith("round limit") or not state.winners or not defeated:
        return state.reason, kept
    why = []
    for seat in defeated:
        kind = last_type.get(seat)
        if not state.data.planet_types or kind is None:
            why.append(f"{names[seat]} lost every planet")
        elif kind == "Homeworld":
            why.append(f"{names[seat]} lost its Homeworld")
        else:
            why.append(f"{names[seat]} lost its last {kind} world")
    winner = " and ".join(names[s] for s in state.winners)
    return f"{winner} wins: {'; '.join(why)} (SG-10.2)", kept
