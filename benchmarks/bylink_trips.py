#!/usr/bin/env python3
"""Games by link between two controllers (issue 35): the links sent and their lengths.

Two ``App``s with their own storage play a game by link, each person taking the first choice on
offer, and every ``#p/`` link sent is counted and measured: links per round of a 2-seat Space
Genocide game, links in a Warfare game with cards (per attack), a Minimal Space Combat game.

    PYTHONPATH=.:web python3 benchmarks/bylink_trips.py
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from star_web.controller import App  # noqa: E402
from star_web.storage import HUMAN, LINK, MemoryStore  # noqa: E402

from pygame_core import Match  # noqa: E402


class _Clock:
    def __init__(self) -> None:
        self.t = 1_700_000_000_000

    def __call__(self) -> int:
        self.t += 1000
        return self.t


def _done(job: Any) -> Any:
    while True:
        try:
            next(job)
        except StopIteration as stop:
            return stop.value


def _play_local(app: App, limit: int = 5000) -> dict[str, Any]:
    for _ in range(limit):
        g: dict[str, Any] = app._model("game")["game"]
        if g["over"] or g["send"]:
            return g
        if g["claim"]:
            app.claim(g["at"])
        elif g["handoff"]:
            app.reveal(g["at"])
        elif g["thinking"]:
            app.think(g["at"])
        else:
            app.act(0, g["at"])
    raise AssertionError("stuck")


def duel(game: str, options: dict[str, Any], seed: int, rounds: int | None) -> dict[str, Any]:
    a, b = App(MemoryStore(), _Clock(), playable=[game]), App(MemoryStore(), _Clock(), playable=[game])
    count = Match.start(game, options, seed).game.num_players(Match.start(game, options, seed).state)
    a.new_game(game, options, str(seed), [HUMAN] + [LINK] * (count - 1))
    sender, receiver = a, b
    lengths: list[int] = []
    turn = 0
    while True:
        g = _play_local(sender)
        link = g["send"]["link"]
        lengths.append(len(link))
        match = sender._require_match()
        turn = match.game.view(match.state, None).get("turn_number") or turn
        if g["over"] or (rounds is not None and turn > rounds):
            break
        _done(receiver.route("#" + link))
        sender, receiver = receiver, sender
    match = sender._require_match()
    attacks = sum(1 for line in match.game.view(match.state, None).get("log", []) if "attack" in str(line).lower())
    return {"links": len(lengths), "rounds": turn, "median": statistics.median(lengths), "max": max(lengths),
            "attacks": attacks}


def main() -> int:
    rows = [
        ("warfare, cards", "warfare", {"cards": "proposed_deck", "round_limit": 10}, None),
        ("skirmish", "skirmish", {"turn_limit": 4}, None),
        ("genocide, 2 seats, 6 rounds", "genocide", {"players": 2}, 6),
    ]
    print(f"{'game':32} {'seed':>4} {'links':>5} {'rounds':>6} {'links/round':>11} "
          f"{'median chars':>12} {'max chars':>9}")
    for label, game, options, rounds in rows:
        for seed in (1, 2, 3):
            r = duel(game, options, seed, rounds)
            per = r["links"] / max(1, r["rounds"])
            print(f"{label:32} {seed:>4} {r['links']:>5} {r['rounds']:>6} {per:>11.1f} "
                  f"{r['median']:>12.0f} {r['max']:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
