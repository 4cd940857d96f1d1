#!/usr/bin/env python3
"""What Space Genocide's reaction stops (C-5.4) cost people at one device, before and after the
stop switch (issue 36).

Drives the app's controller in CPython (``web/star_web``) through Advanced Full games:

- **hot-seat, 3 people**: each person decides as the Easy computer would; at a stop with
  nothing to play they pass (``keep``) or, under rules 3, switch their stops off the first
  time (``off``). Counted per round: hand-offs, and hand-offs that *end at once* (the person
  takes the device and at once has to pass it on: nothing was shown to them);
- **one person against two computers**: the person holds whatever cards the deal gives;
  counted per computer turn: the card windows shown to the person while the computers play
  (each a tap), and those with nothing but a pass, with stops on and switched off.

    python3 benchmarks/stops.py [--seeds 3] [--rounds 3]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any

from common import ROOT, print_table

from pygame_core.ai import choose
from pygame_core.games.genocide import actions as A

sys.path.insert(0, str(ROOT / "web"))
from star_web.controller import App
from star_web.storage import HUMAN, MemoryStore

OPTIONS = {"preset": "advanced_full"}


@dataclass
class Count:
    rounds: int = 0
    handoffs: int = 0
    at_once: int = 0  # a hand-off followed straight by another, nothing shown between
    computer_turns: int = 0
    shown_in_computer_turns: int = 0  # card windows a person answered while a computer moved
    pass_only: int = 0  # ...of them, those with nothing but a pass


def _person_choice(app: App, g: dict[str, Any], switch_off: bool, seed: int) -> int:
    """The index a person picks: the stop switch when asked to, else what Easy would do."""
    match = app._require_match()
    legal = match.legal_actions()
    if switch_off:
        for i, action in enumerate(legal):
            if isinstance(action, A.PassStopsOff):
                return i
    seat = match.game.current_player(match.state)
    view = match.game.view(match.state, seat)
    action = choose("genocide", view, legal, level=1, seed=seed + len(match.record.actions))
    return legal.index(action)


def play(seats: list[int], rules: int, switch_off: bool, seed: int, rounds: int) -> Count:
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))  # ms, as the page's Date.now()
    app = App(MemoryStore(), lambda: next(clock), playable=["genocide"])
    app.new_game("genocide", {**OPTIONS, "players": len(seats), "rules": rules}, str(seed), seats)
    count = Count()
    just_revealed = False
    for _ in range(20_000):
        match = app._require_match()
        if match.is_over or match.state.round > rounds:
            break
        g = app._game_model()
        if g["handoff"]:
            count.handoffs += 1
            if just_revealed:
                count.at_once += 1  # the last hand-off ended with no decision shown
            just_revealed = True
            app.reveal(g["at"])
            continue
        if g["thinking"]:
            app.think(g["at"])
            continue
        state = match.state
        seat = match.game.current_player(state)
        if state.phase == "window" and state.active != seat and seats[state.active] != HUMAN:
            count.shown_in_computer_turns += 1  # a stop the person answers while a computer moves
            if not any(isinstance(a, A.PlayCard) for a in match.legal_actions()):
                count.pass_only += 1
        just_revealed = False
        app.act(_person_choice(app, g, switch_off, seed), g["at"])
    match = app._require_match()
    count.rounds = min(match.state.round, rounds)
    count.computer_turns = sum(
        1 for event in match.state.log if event.kind == "turn" and seats[event.num("seat")] != HUMAN
    )
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    cases = [
        ("hot-seat 3", [HUMAN] * 3, 2, False, "rules 2 (no switch)"),
        ("hot-seat 3", [HUMAN] * 3, 3, False, "rules 3, stops kept on"),
        ("hot-seat 3", [HUMAN] * 3, 3, True, "rules 3, stops switched off"),
        ("vs 2 computers", [HUMAN, 1, 1], 2, False, "rules 2 (no switch)"),
        ("vs 2 computers", [HUMAN, 1, 1], 3, True, "rules 3, stops switched off"),
    ]
    rows = []
    for table, seats, rules, off, label in cases:
        total = Count()
        for seed in range(1, args.seeds + 1):
            c = play(seats, rules, off, seed, args.rounds)
            total.rounds += c.rounds
            total.handoffs += c.handoffs
            total.at_once += c.at_once
            total.computer_turns += c.computer_turns
            total.shown_in_computer_turns += c.shown_in_computer_turns
            total.pass_only += c.pass_only
        per_round = total.handoffs / max(total.rounds, 1)
        at_once = total.at_once / max(total.rounds, 1)
        shown = total.shown_in_computer_turns / max(total.computer_turns, 1)
        turns = max(total.computer_turns, 1)
        rows.append((table, label, f"{per_round:.1f}", f"{at_once:.1f}", f"{shown:.2f}",
                     f"{total.pass_only / turns:.2f}"))
    headers = ["table", "stops", "hand-offs/round", "ended at once/round", "stops/computer turn", "pass-only"]
    print_table(headers, [list(r) for r in rows], left=2)


if __name__ == "__main__":
    main()
