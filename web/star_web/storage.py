"""Saved games in a key-value store (localStorage in the browser): an index plus one blob each.

A corrupt index or blob never stops the app: the raw text is moved aside under a
``quarantine`` key (so it can be exported) and the player is told.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

PREFIX = "startable:"
INDEX_KEY = PREFIX + "index"
BEST_KEY = PREFIX + "best"
GAME_PREFIX = PREFIX + "game:"
QUARANTINE_PREFIX = PREFIX + "quarantine:"
EVERY_STOP_KEY = PREFIX + "every-stop"
HISTORY_KEY = PREFIX + "history"
MAX_SAVES = 30  # the oldest finished games go first beyond this
KEEP_SCORES = 5  # finished scores kept per game and option set, best first
HUMAN = -1  # a seat played by a person at this device; other values are computer levels
LINK = -2  # a seat played by a friend on another device, by link (issue 26)


class KeyValue(Protocol):
    """The part of localStorage the saves need."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class MemoryStore:
    """A dict-backed KeyValue for tests and for browsers that refuse localStorage."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


@dataclass
class SaveEntry:
    """One line of the index: enough to list the game without replaying it."""

    id: str
    game: str
    title: str
    created: int  # ms since the epoch
    updated: int
    actions: int
    turn: int | None
    score: int | None
    over: bool
    label: str = ""
    seats: list[int] = field(default_factory=list)  # per seat: HUMAN or a computer level
    options: dict[str, Any] = field(default_factory=dict)  # the game's options, all of them
    beat: int | None = None  # a challenge's score to beat, carried in its link
    link: dict[str, Any] = field(default_factory=dict)  # a game by link: its secrets in flight (bylink.LinkPlay)
    daily: str = ""  # the day (YYYY-MM-DD) whose deck this is, played as that day's scored try (issue 33)
    guided: bool = False  # the guided first game (issue 33): the screen explains each phase as it comes

    @staticmethod
    def from_json(data: object) -> SaveEntry:
        if not isinstance(data, dict):
            raise ValueError("index entry is not an object")
        entry = SaveEntry(
            id=str(data["id"]), game=str(data["game"]), title=str(data.get("title", "")),
            created=int(data["created"]), updated=int(data["updated"]),
            actions=int(data.get("actions", 0)),
            turn=None if data.get("turn") is None else int(data["turn"]),
            score=None if data.get("score") is None else int(data["score"]),
            over=bool(data.get("over", False)), label=str(data.get("label", "")),
            seats=[int(s) for s in data.get("seats", [])],
            options=read_options(data.get("options", {})),
            beat=None if data.get("beat") is None else int(data["beat"]),
            link=dict(data["link"]) if isinstance(data.get("link"), dict) else {},
            daily=str(data.get("daily", "")),
            guided=bool(data.get("guided", False)),
        )
        if not entry.id or ":" in entry.id:
            raise ValueError("bad save id")
        return entry


class SaveStore:
    """The saved games; ``problems`` lists what could not be read (already moved aside)."""

    def __init__(self, kv: KeyValue) -> None:
        self.kv = kv
        self.problems: list[str] = []
        # Each game's blob as this store last read or wrote it: another tab's write is told
        # apart from ours by it (issue 37: a write never rolls a game back).
        self.seen: dict[str, str | None] = {}
        self.entries: list[SaveEntry] = self._load_index()
        if self.problems or (self.kv.get(INDEX_KEY) is None and self.entries):
            self._write_index()

    # -- reading ---------------------------------------------------------------------

    def _load_index(self) -> list[SaveEntry]:
        raw = self.kv.get(INDEX_KEY)
        entries: list[SaveEntry] = []
        if raw is not None:
            try:
                data = json.loads(raw)
                if not isinstance(data, dict) or not isinstance(data.get("games"), list):
                    raise ValueError("no games list")
                for item in data["games"]:
                    try:
                        entries.append(SaveEntry.from_json(item))
                    except (KeyError, ValueError, TypeError):
                        self.problems.append("an unreadable line in the list of saved games")
            except (ValueError, TypeError):
                self.quarantine(INDEX_KEY, raw)
                self.problems.append("the list of saved games was unreadable and was rebuilt")
        # Blobs whose index line was lost are listed again (with what little we know).
        listed = {e.id for e in entries}
        for key in sorted(self.kv.keys()):
            if key.startswith(GAME_PREFIX) and key[len(GAME_PREFIX):] not in listed:
                save_id = key[len(GAME_PREFIX):]
                entries.append(SaveEntry(save_id, "", "", 0, 0, 0, None, None, False))
        # Index lines without a blob are dropped quietly: nothing is lost.
        entries = [e for e in entries if self.kv.get(GAME_PREFIX + e.id) is not None]
        return entries

    def blob(self, save_id: str) -> str | None:
        blob = self.kv.get(GAME_PREFIX + save_id)
        self.seen[save_id] = blob
        return blob

    def changed_elsewhere(self, save_id: str) -> bool:
        """Whether another tab or window wrote this game's blob since this store last read or
        wrote it (the page keeps the store's copy up to date: ``JournalStore.accept``)."""
        return save_id in self.seen and self.kv.get(GAME_PREFIX + save_id) != self.seen[save_id]

    def reload(self) -> None:
        """Read the index again (another tab changed it); nothing is written."""
        self.entries = self._load_index()

    def find(self, save_id: str) -> SaveEntry | None:
        return next((e for e in self.entries if e.id == save_id), None)

    def listing(self) -> list[SaveEntry]:
        return sorted(self.entries, key=lambda e: (-e.updated, e.id))

    # -- writing ---------------------------------------------------------------------

    def put(self, entry: SaveEntry, blob: str) -> None:
        self.kv.set(GAME_PREFIX + entry.id, blob)
        self.seen[entry.id] = blob
        self.entries = [e for e in self.entries if e.id != entry.id] + [entry]
        self._trim()
        self._write_index()

    def update(self, entry: SaveEntry) -> None:
        """Rewrite one index line (its game's blob is unchanged)."""
        self.entries = [entry if e.id == entry.id else e for e in self.entries]
        self._write_index()

    def delete(self, save_id: str) -> None:
        self.kv.remove(GAME_PREFIX + save_id)
        self.seen.pop(save_id, None)
        self.entries = [e for e in self.entries if e.id != save_id]
        self._write_index()

    def quarantine(self, key: str, raw: str) -> None:
        """Keep unreadable data aside for export; take it out of the way of the app."""
        name = key.removeprefix(PREFIX).replace(":", "-")
        target = QUARANTINE_PREFIX + name
        n = 1
        while self.kv.get(target) is not None and n < 1000:
            n += 1
            target = f"{QUARANTINE_PREFIX}{name}-{n}"
        self.kv.set(target, raw)
        self.kv.remove(key)
        if key.startswith(GAME_PREFIX):
            save_id = key[len(GAME_PREFIX):]
            self.entries = [e for e in self.entries if e.id != save_id]
            self._write_index()

    def quarantined(self) -> dict[str, str]:
        return {k[len(QUARANTINE_PREFIX):]: self.kv.get(k) or ""
                for k in sorted(self.kv.keys()) if k.startswith(QUARANTINE_PREFIX)}

    def clear_quarantine(self) -> None:
        for key in list(self.kv.keys()):
            if key.startswith(QUARANTINE_PREFIX):
                self.kv.remove(key)

    def _trim(self) -> None:
        """The oldest finished saves go first beyond MAX_SAVES; an unfinished game by link is
        never pruned (the friend is waiting on it, issue 35)."""
        if len(self.entries) <= MAX_SAVES:
            return
        oldest_first = sorted((e for e in self.entries if e.over or LINK not in e.seats),
                              key=lambda e: (not e.over, e.updated))
        for entry in oldest_first[: len(self.entries) - MAX_SAVES]:
            self.kv.remove(GAME_PREFIX + entry.id)
            self.entries.remove(entry)

    def _write_index(self) -> None:
        data = {"version": 1, "games": [asdict(e) for e in self.entries]}
        self.kv.set(INDEX_KEY, json.dumps(data, separators=(",", ":")))


def read_options(data: object) -> dict[str, Any]:
    """A game's options as stored: a flat map of names to ints, strings or booleans."""
    if not isinstance(data, dict) or not all(
            isinstance(k, str) and isinstance(v, (int, str, bool)) for k, v in data.items()):
        raise ValueError("options are not a flat map")
    return dict(data)


@dataclass(frozen=True)
class Score:
    """One finished solo game's score (SH-9.3: the best is what counts)."""

    game: str
    options: dict[str, Any]
    score: int
    id: str  # the save it came from (the save itself may be gone)
    when: int  # ms since the epoch
    pace: list[int] = field(default_factory=list)  # the score at the end of each turn (issue 33: a pace line)


class BestScores:
    """The best finished scores of solo games on this device, per game and option set.

    Kept apart from the saves: the oldest finished saves are trimmed (MAX_SAVES), their
    scores stay. ``options`` are a game's full options, so two option sets compare equal
    exactly when they play the same game.
    """

    def __init__(self, kv: KeyValue) -> None:
        self.kv = kv
        self.problems: list[str] = []
        self.scores: list[Score] = []
        raw = kv.get(BEST_KEY)
        if raw is None:
            return
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or not isinstance(data.get("scores"), list):
                raise ValueError("no scores list")
            for item in data["scores"]:
                self.scores.append(Score(
                    game=str(item["game"]), options=read_options(item["options"]),
                    score=int(item["score"]), id=str(item["id"]), when=int(item["when"]),
                    pace=[int(x) for x in item.get("pace", [])][:1000]))
        except (ValueError, TypeError, KeyError):
            self.scores = []
            self.problems.append("the best scores were unreadable and start again")

    def has(self, save_id: str) -> bool:
        return any(s.id == save_id for s in self.scores)

    def record(self, score: Score) -> None:
        """Add (or replace) the score of one save; keep the KEEP_SCORES best per option set."""
        if any(s.id == score.id and s.score == score.score and s.options == score.options
               for s in self.scores):
            return  # already there: no write
        rest = [s for s in self.scores if s.id != score.id]
        same = sorted((s for s in [*rest, score] if self._same(s, score)), key=lambda s: (-s.score, s.when))
        others = [s for s in rest if not self._same(s, score)]
        self.scores = others + same[:KEEP_SCORES]
        self.kv.set(BEST_KEY, json.dumps(
            {"version": 1, "scores": [asdict(s) for s in self.scores]}, separators=(",", ":")))

    def pace(self, game: str, options: dict[str, Any], except_id: str = "") -> list[int]:
        """The turn-by-turn score of the best game with these options (other than ``except_id``)."""
        paced = [s for s in self.scores if s.game == game and s.options == options and s.id != except_id and s.pace]
        return max(paced, key=lambda s: s.score).pace if paced else []

    def best(self, game: str, options: dict[str, Any], except_id: str = "") -> int | None:
        """The best score with these options, other than save ``except_id``'s."""
        scores = [s.score for s in self.scores
                  if s.game == game and s.options == options and s.id != except_id]
        return max(scores) if scores else None

    def listing(self) -> list[dict[str, Any]]:
        """Each game and option set with its best score, best first within a game."""
        groups: dict[str, dict[str, Any]] = {}
        for s in self.scores:
            key = json.dumps([s.game, s.options], sort_keys=True)
            group = groups.setdefault(key, {"game": s.game, "options": s.options, "best": s.score})
            group["best"] = max(group["best"], s.score)
        return sorted(groups.values(), key=lambda g: (g["game"], -g["best"]))

    @staticmethod
    def _same(a: Score, b: Score) -> bool:
        return a.game == b.game and a.options == b.options


@dataclass(frozen=True)
class Result:
    """One finished game, as the history keeps it after its save is pruned (issue 37)."""

    id: str  # the save it came from
    game: str
    options: dict[str, Any]
    when: int  # ms since the epoch, when it finished
    won: bool  # a person at this device won (solo: the game was won)
    score: int | None  # a solo game's score
    turns: int | None
    daily: str = ""  # the day's deck it was played as (issue 33), "" otherwise


class History:
    """Every finished game's result on this device, kept apart from the saves: pruning a save
    (MAX_SAVES) loses no record. Per game and option set it gives played, won, average and
    best score, streaks and the last results (``stats``)."""

    LIMIT = 2000  # results kept: years of play; the oldest go first beyond it

    def __init__(self, kv: KeyValue) -> None:
        self.kv = kv
        self.problems: list[str] = []
        self.results: list[Result] = []
        raw = kv.get(HISTORY_KEY)
        if raw is None:
            return
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or not isinstance(data.get("results"), list):
                raise ValueError("no results list")
            self.results = [read_result(item) for item in data["results"]]
        except (ValueError, TypeError, KeyError):
            self.results = []
            self.problems.append("the history of finished games was unreadable and starts again")

    def has(self, save_id: str) -> bool:
        return any(r.id == save_id for r in self.results)

    def record(self, result: Result) -> None:
        """Add one finished game's result (once per save: a game finishes once)."""
        if self.has(result.id):
            return
        self.results = [*self.results, result][-self.LIMIT:]
        self._write()

    def merge(self, results: list[Result]) -> int:
        """Add results from an imported file, without duplicates; how many were new."""
        known = {r.id for r in self.results}
        new = [r for r in results if r.id not in known]
        if new:
            self.results = sorted([*self.results, *new], key=lambda r: r.when)[-self.LIMIT:]
            self._write()
        return len(new)

    def _write(self) -> None:
        self.kv.set(HISTORY_KEY, json.dumps(
            {"version": 1, "results": [asdict(r) for r in self.results]}, separators=(",", ":")))

    def stats(self) -> list[dict[str, Any]]:
        """Per game and option set: played, won, average and best score, the current and longest
        winning streaks, the last played and the last 20 results (oldest first)."""
        groups: dict[str, list[Result]] = {}
        for r in sorted(self.results, key=lambda r: r.when):
            groups.setdefault(json.dumps([r.game, r.options], sort_keys=True), []).append(r)
        out = []
        for results in groups.values():
            scores = [r.score for r in results if r.score is not None]
            longest = streak = 0
            for r in results:
                streak = streak + 1 if r.won else 0
                longest = max(longest, streak)
            out.append({
                "game": results[0].game, "options": results[0].options, "played": len(results),
                "won": sum(r.won for r in results), "best": max(scores) if scores else None,
                "average": round(sum(scores) / len(scores)) if scores else None,
                "streak": streak, "longest_streak": longest, "last_played": results[-1].when,
                "last": [{"score": r.score, "won": r.won, "when": r.when} for r in results[-20:]],
            })
        return sorted(out, key=lambda g: (g["game"], -g["played"]))


def read_result(item: Any) -> Result:
    if not isinstance(item, dict):
        raise ValueError("a result is not an object")
    score, turns = item.get("score"), item.get("turns")
    return Result(
        id=str(item["id"]), game=str(item["game"]), options=read_options(item.get("options", {})),
        when=int(item["when"]), won=bool(item.get("won", False)),
        score=None if score is None else int(score), turns=None if turns is None else int(turns),
        daily=str(item.get("daily", "")),
    )


class EveryStop:
    """The games in which the player asked to stop at every window, even with nothing to play
    there (C-5.4); elsewhere the app passes such a stop for a person by itself."""

    def __init__(self, kv: KeyValue) -> None:
        self.kv = kv
        try:
            data = json.loads(kv.get(EVERY_STOP_KEY) or "[]")
        except ValueError:
            data = []
        self.games = {str(g) for g in data} if isinstance(data, list) else set()

    def __contains__(self, game_id: str) -> bool:
        return game_id in self.games

    def set(self, game_id: str, on: bool) -> None:
        if (game_id in self.games) == on:
            return
        self.games = (self.games | {game_id}) if on else (self.games - {game_id})
        self.kv.set(EVERY_STOP_KEY, json.dumps(sorted(self.games)))


class JournalStore(MemoryStore):
    """A copy of the page's localStorage inside the engine's worker (which cannot reach it):
    every write is also kept in ``journal`` for the page to apply to the real storage."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        super().__init__(data)
        self.journal: list[tuple[str, str | None]] = []

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        self.journal.append((key, value))

    def remove(self, key: str) -> None:
        super().remove(key)
        self.journal.append((key, None))

    def accept(self, key: str, value: str | None) -> None:
        """A change another tab made (the page's ``storage`` event): into the copy, not the journal."""
        if value is None:
            super().remove(key)
        else:
            super().set(key, value)

    def take_journal(self) -> list[tuple[str, str | None]]:
        """The writes since the last call, oldest first (a key written twice keeps its last)."""
        journal, self.journal = self.journal, []
        last = {key: value for key, value in journal}
        return list(last.items())
