"""Every game on this device in one file, and back (issue 37): export, and an import that merges.

The file is JSON: every save (its index line and its record, the same blob a link carries), the
best scores, the history of finished games and the settings kept by the engine. An import
checks the whole file first (a bad file changes nothing and says why in a sentence), replays
each game through the engine (a record that does not replay is skipped and counted), and
merges: a game already here with the same record is not added twice, one whose id is taken by
another game gets a new id, and scores and results are added without duplicates.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from pygame_core import RecordError, decode_match

from .storage import (
    BestScores,
    EveryStop,
    History,
    Result,
    SaveEntry,
    SaveStore,
    Score,
    read_options,
    read_result,
)

FORMAT = "star-table-games"
VERSION = 1
MAX_FILE_CHARS = 20_000_000  # far beyond 30 saves and years of results; a bigger file is no export


class ImportRefused(ValueError):
    """A file that is not a Star Table export, or one this build cannot read; nothing changed."""


def export_text(saves: SaveStore, best: BestScores, history: History, every_stop: EveryStop) -> str:
    """The export file's text."""
    games = []
    for entry in saves.listing():
        blob = saves.blob(entry.id)
        if blob is not None:
            games.append({"entry": asdict(entry), "record": blob})
    return json.dumps({
        "format": FORMAT, "version": VERSION,
        "saves": games,
        "best": [asdict(s) for s in best.scores],
        "history": [asdict(r) for r in history.results],
        "settings": {"every_stop": sorted(every_stop.games)},
    }, separators=(",", ":"))


def _read(text: str) -> dict[str, Any]:
    if not isinstance(text, str) or len(text) > MAX_FILE_CHARS:
        raise ImportRefused("That file is too large to be a Star Table export.")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ImportRefused("That file is not a Star Table export (it is not JSON).") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused("That file is not a Star Table export.")
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise ImportRefused("That file is not a Star Table export (it has no version).")
    if version > VERSION:
        raise ImportRefused("That file was made by a newer Star Table: reload the page, then import it again.")
    for key in ("saves", "best", "history"):
        if not isinstance(data.get(key, []), list):
            raise ImportRefused(f"That export is damaged (its {key} are not a list).")
    if not isinstance(data.get("settings", {}), dict):
        raise ImportRefused("That export is damaged (its settings are not readable).")
    return data


def import_text(text: str, saves: SaveStore, best: BestScores, history: History, every_stop: EveryStop,
                new_id: Any) -> str:
    """Merge an export into this device; the sentence that tells the player what happened.
    ``new_id(match)`` makes a save id for a game whose id is taken by another game."""
    data = _read(text)
    held = {saves.blob(e.id) for e in saves.entries}
    added = same = bad = 0
    for item in data.get("saves", []):
        try:
            entry = SaveEntry.from_json(item["entry"]) if isinstance(item, dict) else None
            blob = item["record"] if isinstance(item, dict) else None
            if entry is None or not isinstance(blob, str):
                raise ValueError("no entry or record")
            match = decode_match(blob)
        except (KeyError, ValueError, TypeError, RecordError):
            bad += 1
            continue
        if blob in held:
            same += 1
            continue
        if saves.find(entry.id) is not None or entry.game != match.record.game:
            entry.id = new_id(match)
        entry.game = match.record.game
        entry.actions = len(match.record.actions)
        entry.over = match.is_over
        saves.put(entry, blob)
        held.add(blob)
        added += 1
    for item in data.get("best", []):
        try:
            if not isinstance(item, dict):
                raise TypeError("a score is not an object")
            pace = [int(x) for x in item.get("pace", [])][:1000]
            score = Score(game=str(item["game"]), options=read_options(item["options"]), score=int(item["score"]),
                          id=str(item["id"]), when=int(item["when"]), pace=pace)
        except (KeyError, ValueError, TypeError):
            bad += 1
            continue
        best.record(score)
    results: list[Result] = []
    for item in data.get("history", []):
        try:
            results.append(read_result(item))
        except (KeyError, ValueError, TypeError):
            bad += 1
    new_results = history.merge(results)
    stops = data.get("settings", {}).get("every_stop", [])
    if isinstance(stops, list):
        for game_id in stops:
            if isinstance(game_id, str):
                every_stop.set(game_id, True)
    parts = [f"{added} game{'s' if added != 1 else ''} added"]
    if same:
        parts.append(f"{same} already here")
    if new_results:
        parts.append(f"{new_results} finished game{'s' if new_results != 1 else ''} added to your record")
    if bad:
        parts.append(f"{bad} unreadable item{'s' if bad != 1 else ''} skipped")
    return "Imported: " + ", ".join(parts) + "."
