"""What happened since a seat last decided: the turn recap and the log's move list.

The controller asks these of the match on screen. Every line comes from the seat's own view
of the log (``Game.view_log``), so a recap or a look back never shows a seat anything its
view did not show it then. Pure Python, no browser imports.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from pygame_core import Match
from pygame_core.game import PlayerId

from .models import Recap, RecapStep

RECAP_STEPS = 240  # at most this many steps back: a recap is read, not scrolled through

Model = dict[str, Any]


class LogIndex:
    """Where each action's lines start in a seat's log, and which actions were idle passes.

    The recap, the move list and a look back ask of many states at once. A seat's log is made
    once per model (``Game.log_origins``: each line's index in the state's own log); the log's
    length after any action is then a bisection by that state's own log length, which costs
    nothing. Idle passes are remembered per state object (``idle_pass`` may list a seat's
    cards), so an undo that put another state at a position is never answered from before.
    """

    def __init__(self) -> None:
        self._origins: tuple[object, PlayerId | None, list[int]] = (None, None, [])
        self._results: tuple[object, PlayerId | None, list[bool]] = (None, None, [])
        self._idle: dict[int, tuple[object, str | None]] = {}

    def length(self, match: Match, position: int, viewer: PlayerId | None) -> int:
        """How many lines of ``viewer``'s log (as it reads now) the first ``position`` actions made."""
        state, seen, origins = self._origins
        if state is not match.state or seen != viewer:
            origins = match.game.log_origins(match.state, viewer)
            self._origins = (match.state, viewer, origins)
        return bisect_left(origins, match.game.raw_log_length(match.states[position]))

    def results(self, match: Match, viewer: PlayerId | None) -> list[bool]:
        """For each line of ``viewer``'s log now, whether it tells a result (``Game.log_results``)."""
        state, seen, results = self._results
        if state is not match.state or seen != viewer:
            results = match.game.log_results(match.state, viewer)
            self._results = (match.state, viewer, results)
        return results

    def kinds(self, match: Match, viewer: PlayerId | None) -> list[str]:
        """For each line of ``viewer``'s log now, the kind of the event it tells (a screen shows
        some kinds its own way, e.g. a battle's rounds behind a tap)."""
        self.length(match, 0, viewer)  # makes the origins of this state and viewer
        events = match.game.events(match.state)
        return [events[origin].kind for origin in self._origins[2]]

    def facts(self, match: Match, viewer: PlayerId | None, start: int, stop: int) -> list[dict[str, Any]]:
        """The fields of the event each of ``viewer``'s log lines ``start:stop`` tells (a screen
        draws dice and verdicts from them: it reads facts, never the words)."""
        self.length(match, 0, viewer)  # makes the origins of this state and viewer
        game = match.game
        events = game.events(match.state)
        return [game.event_facts(events[origin]) for origin in self._origins[2][start:stop]]

    def position_of_line(self, match: Match, line: int, viewer: PlayerId | None) -> int:
        """The number of actions after which ``viewer``'s log first holds line ``line``: the
        position that shows the board as that line left it (a log only grows: a bisection)."""
        low, high = 0, len(match.record.actions)
        if line < 0 or self.length(match, high, viewer) <= line:
            return high
        while low < high:
            middle = (low + high) // 2
            if self.length(match, middle, viewer) > line:
                high = middle
            else:
                low = middle + 1
        return low

    def idle_words(self, match: Match, position: int) -> str | None:
        """The words of the idle pass taken at ``position`` (C-5.4: a window with nothing to
        play, passed by the app or by a tap alike), or None for a real decision."""
        state = match.states[position]
        hit = self._idle.get(position)
        if hit is not None and hit[0] is state:
            return hit[1]
        words = idle_words(match, position)
        self._idle[position] = (state, words)
        return words


def idle_words(match: Match, position: int) -> str | None:
    """The words of the idle pass taken at ``position``, or None for a real decision."""
    game = match.game
    idle = game.idle_pass(match.states[position])
    if idle is None:
        return None
    action, words = idle
    return words if game.decode_action(match.record.actions[position]) == action else None


def log_marks(match: Match, viewer: PlayerId | None, index: LogIndex) -> str:
    """One letter per line of ``viewer``'s log, from its event's kind: "h" a heading (a turn
    begins), "d" a dice record (shown with Details on), "." any other line. The page styles the
    log by it and reads no words (issue 31); a letter a line keeps a long log's model small."""
    game = match.game
    marks: dict[str, str] = {}
    out: list[str] = []
    for kind in index.kinds(match, viewer):
        mark = marks.get(kind)
        if mark is None:
            how = game.event_kind(kind)
            mark = marks[kind] = "h" if how.heading else "d" if how.detail else "."
        out.append(mark)
    return "".join(out)


def last_decision(match: Match, viewer: PlayerId, index: LogIndex, limit: int = RECAP_STEPS) -> int | None:
    """The position of ``viewer``'s last real decision (not an idle pass) within ``limit``."""
    game, states = match.game, match.states
    end = len(match.record.actions)
    for position in range(end - 1, max(-1, end - 1 - limit), -1):
        if game.current_player(states[position]) == viewer and index.idle_words(match, position) is None:
            return position
    return None


def recap(match: Match, viewer: PlayerId, log: list[str], index: LogIndex) -> Recap | None:
    """Every step since ``viewer``'s own last decision, that decision first, each with the log
    lines (of ``log``, the viewer's log now) it added and which of them tell a result (issue 31:
    a step that passed by itself is folded to its one line only when it carried no result);
    None when nothing happened since.

    It is a function of the match alone, so it stays on screen until the viewer decides again,
    however many models the other seats' turns bring (issue 24: nothing the other side did
    vanishes before the player has seen it)."""
    end = len(match.record.actions)
    since = last_decision(match, viewer, index)
    if since is None:  # never decided (the other side began), or long ago
        since = max(0, end - RECAP_STEPS)
    if since >= end:
        return None
    game = match.game
    log_from = index.length(match, since, viewer)
    results = index.results(match, viewer)
    kinds = index.kinds(match, viewer)
    steps: list[RecapStep] = []
    start = log_from
    for position in range(since, end):
        stop = index.length(match, position + 1, viewer)
        seat = game.current_player(match.states[position])
        steps.append({
            "at": position,
            "seat": seat,
            "lines": log[start:stop],
            "from": start,  # the index of its first line in the viewer's log (a line's data-line)
            "kinds": kinds[start:stop],
            "facts": index.facts(match, viewer, start, stop),
            "results": [k - start for k in range(start, min(stop, len(results))) if results[k]],
            # C-5.4: that a seat held no card to play is its own secret; another seat reads
            # its pass as any pass (the log's line), never "no card to play".
            "auto": index.idle_words(match, position) if seat == viewer else None,
        })
        start = stop
    return {"since": since, "log_from": log_from, "steps": steps}
