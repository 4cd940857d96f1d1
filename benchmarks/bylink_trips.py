#!/usr/bin/env python3
"""Games by link between two controllers (issue 35): the links sent and their lengths.

Two ``App``s with their own storage play a game by link and every ``#p/`` link sent is counted and
measured: links per round of a 2-seat Space Genocide game, links in a Warfare game with cards
(those sent for a card window, per attack), a Minimal Space Combat game. Two kinds of person:
"first" takes the first choice on offer (its reaction stops stay on); "quiet" does the same but,
at a stop where it holds nothing to play and may switch its stops off (C-5.4), passes and
switches them off: the choice that travels with its links (issue 35), after which the other
device passes for it and such windows cost no link.

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

from pygame_core import Match, ai  # noqa: E402


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


def _choice(app: App, quiet: bool, bot: bool) -> int:
    """The person's choice: the first on offer, or with ``bot`` the Easy computer's (so that a
    Warfare person attacks); at a stop where it holds nothing to play, the plain pass, or for
    "quiet" the pass that switches its stops off (the last choice on offer there)."""
    match = app._require_match()
    legal = match.legal_actions()
    idle = match.game.idle_pass(match.state)
    if idle is not None:  # shown only where the stops could be switched off (issue 35)
        return len(legal) - 1 if quiet else legal.index(idle[0])
    if not bot:
        return 0
    seat = match.game.current_player(match.state)
    view = match.game.view(match.state, seat)
    return legal.index(ai.choose(match.record.game, view, legal, level=0, seed=len(match.record.actions)))


def _play_local(app: App, quiet: bool = False, bot: bool = False, limit: int = 5000) -> dict[str, Any]:
    for _ in range(limit):
        g: dict[str, Any] = app._model("game")["game"]
        if g["claim"]:  # first: a game may end on this device as it rolls the friend's dice
            app.claim(g["at"])
        elif g["over"] or g["send"]:
            return g
        elif g["handoff"]:
            app.reveal(g["at"])
        elif g["thinking"]:
            app.think(g["at"])
        else:
            app.act(_choice(app, quiet, bot), g["at"])
    raise AssertionError("stuck")


def duel(game: str, options: dict[str, Any], seed: int, rounds: int | None, quiet: bool = False,
         bot: bool = False) -> dict[str, Any]:
    a, b = App(MemoryStore(), _Clock(), playable=[game]), App(MemoryStore(), _Clock(), playable=[game])
    count = Match.start(game, options, seed).game.num_players(Match.start(game, options, seed).state)
    a.new_game(game, options, str(seed), [HUMAN] + [LINK] * (count - 1))
    sender, receiver = a, b
    lengths: list[int] = []
    turn = windows = 0
    while True:
        g = _play_local(sender, quiet, bot)
        link = g["send"]["link"]
        lengths.append(len(link))
        match = sender._require_match()
        # A link sent for a card window: its seat is asked to play a card or pass (C-5.1).
        windows += getattr(match.state, "window", None) is not None and not match.is_over
        turn = match.game.view(match.state, None).get("turn_number") or turn
        if g["over"] or (rounds is not None and turn > rounds):
            break
        _done(receiver.route("#" + link))
        sender, receiver = receiver, sender
    match = sender._require_match()
    attacks = sum(1 for line in match.game.view(match.state, None).get("log", []) if " attacks " in str(line))
    return {"links": len(lengths), "rounds": turn, "median": statistics.median(lengths), "max": max(lengths),
            "attacks": attacks, "windows": windows, "chars": sum(lengths)}


def main() -> int:
    rows = [
        ("warfare, cards (Easy's moves)", "warfare", {"cards": "proposed_deck", "round_limit": 10}, None, True),
        ("skirmish", "skirmish", {"turn_limit": 4}, None, False),
        ("genocide, 2 seats, 6 rounds", "genocide", {"players": 2}, 6, False),
    ]
    print(f"{'game':30} {'person':>6} {'seed':>4} {'links':>5} {'rounds':>6} {'links/round':>11} "
          f"{'window links':>12} {'attacks':>7} {'median chars':>12} {'max chars':>9} {'chars/round':>11}")
    for label, game, options, rounds, bot in rows:
        for quiet in (False, True):
            for seed in (1, 2, 3):
                r = duel(game, options, seed, rounds, quiet, bot)
                per = r["links"] / max(1, r["rounds"])
                print(f"{label:30} {'quiet' if quiet else 'first':>6} {seed:>4} {r['links']:>5} {r['rounds']:>6} "
                      f"{per:>11.1f} {r['windows']:>12} {r['attacks']:>7} {r['median']:>12.0f} {r['max']:>9} "
                      f"{r['chars'] / max(1, r['rounds']):>11.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
