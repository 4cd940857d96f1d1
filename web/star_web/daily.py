"""Today's deck on this device (issue 33): whether the day's scored try is new, in play or
played, its result, and the daily streak. The seed rule is the engine's (``pygame_core.daily``)."""

from __future__ import annotations

from typing import Any

from pygame_core.daily import daily_seed, previous_day

from .storage import History, SaveStore

DAILY_GAME = "spacehole"


def daily_state(saves: SaveStore, history: History, day: str) -> dict[str, Any]:
    """``status``: "new" (not started), "playing" (the scored try in progress, ``save_id``) or
    "done" (``score``, ``turns``, ``won``, ``save_id`` while its save is kept); ``streak``:
    days in a row with the day's deck played to its end, up to today (or yesterday)."""
    played = {r.daily: r for r in history.results if r.daily and r.game == DAILY_GAME}
    out: dict[str, Any] = {"day": day, "seed": daily_seed(DAILY_GAME, day), "status": "new", "save_id": None,
                           "score": None, "turns": None, "won": None, "streak": _streak(set(played), day)}
    result = played.get(day)
    if result is not None:
        kept = saves.find(result.id)
        out.update(status="done", score=result.score, turns=result.turns, won=result.won,
                   save_id=kept.id if kept is not None else None)
        out["share"] = share_text(out)
        return out
    for entry in saves.entries:
        if entry.daily == day and entry.game == DAILY_GAME:
            out.update(status="done" if entry.over else "playing", save_id=entry.id,
                       score=entry.score, turns=entry.turn)
            break
    return out


def _streak(days: set[str], today: str) -> int:
    day = today if today in days else previous_day(today)
    streak = 0
    while day in days:
        streak += 1
        day = previous_day(day)
    return streak


def share_text(state: dict[str, Any]) -> str:
    """What a player shares of the day's try: the day, the score and the turns, no card and no
    move (no spoilers for a friend who has not played it yet)."""
    turns = state.get("turns") or "?"
    lost = state.get("won") is False
    result = f"the Base fell after {turns} turns" if lost else f"{state.get('score')} MC in {turns} turns"
    streak = state.get("streak") or 0
    days = f" ({streak} days in a row)" if streak > 1 else ""
    return f"Star Table · Spacehole deck of {state['day']}: {result}{days}."
