#!/usr/bin/env python3
"""Is the review's chance to win calibrated? (issue 36)

Seeded games between two computer levels (seats swapped every other game) are played to their
end; ``pygame_core.ai.review`` then judges every decision of seat 0, and each decision's shown
chance (``value_played``: the chance after the move played) is set against the game's result
for seat 0 (a win 1, a draw one half). Reported per game: the Brier score, the Brier score of
always saying the base rate (a forecast that knows nothing), and the deciles of the shown chance
with the observed rate, the gap flagged where a decile holds 30 or more decisions and is off by
more than 10 points (the issue's bar).

    .venv/bin/python benchmarks/calibration.py [--games warfare,skirmish] [--count 40] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from common import print_table

from pygame_core import Match, ai
from pygame_core.ai.review import review

# Two levels per game, weaker first, and options that keep a game to a few minutes here.
PLAN: dict[str, tuple[dict[str, Any], tuple[int, int]]] = {
    "warfare": ({"round_limit": 40}, (1, 2)),
    "skirmish": ({"turn_limit": 30}, (1, 2)),
    "genocide": ({"round_limit": 12}, (1, 2)),
}
REVIEW_SEED = 0x5EED


def play(game_id: str, options: dict[str, Any], seed: int, levels: tuple[int, int]) -> Match:
    match = Match.start(game_id, options, seed)
    while not match.is_over:
        state = match.state
        seat = match.game.current_player(state)
        assert seat is not None
        action = ai.choose(game_id, match.game.view(state, seat), match.legal_actions(),
                           level=levels[seat], seed=seed * 1000 + len(match.record.actions))
        match = match.play(action)
    return match


def result_for(match: Match, seat: int) -> float:
    outcome = match.game.outcome(match.state)
    assert outcome is not None
    if not outcome.winners:
        return 0.5
    return (1.0 if len(outcome.winners) == 1 else 0.5) if seat in outcome.winners else 0.0


def reviewed(match: Match) -> list[tuple[int, float, bool]]:
    """Seat 0's decisions as (position in the record, the samples' value after the move played,
    whether the top level would have moved otherwise: a player's agreement so far may tell skill)."""
    actions = [match.game.decode_action(w) for w in match.record.actions]
    job = review(match.record.game, match.states, actions, [0], seed=match.record.seed ^ REVIEW_SEED)
    try:
        while True:
            next(job)
    except StopIteration as done:
        return [(d.position, d.raw_played, d.best != d.played) for d in done.value[0].decisions]


def summary(pairs: list[tuple[float, float]]) -> dict[str, Any]:
    n = len(pairs)
    base = sum(y for _, y in pairs) / n
    brier = sum((p - y) ** 2 for p, y in pairs) / n
    brier_base = sum((base - y) ** 2 for _, y in pairs) / n
    deciles = []
    for k in range(10):
        inside = [(p, y) for p, y in pairs if k / 10 <= p < (k + 1) / 10 or (k == 9 and p == 1.0)]
        if inside:
            shown = sum(p for p, _ in inside) / len(inside)
            seen = sum(y for _, y in inside) / len(inside)
            deciles.append({"decile": k, "n": len(inside), "shown": shown, "observed": seen})
    return {"decisions": n, "base_rate": base, "brier": brier, "brier_base_rate": brier_base, "deciles": deciles}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="warfare,skirmish")
    parser.add_argument("--count", type=int, default=40, help="games per game (seats swapped every other one)")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--raw", type=Path, help="append each game's decisions here, a JSON line a game")
    args = parser.parse_args()
    out: dict[str, Any] = {}
    for game_id in args.games.split(","):
        options, (weak, strong) = PLAN[game_id]
        pairs: list[tuple[float, float]] = []
        started = time.perf_counter()
        for seed in range(args.first, args.first + args.count):
            levels = (weak, strong) if seed % 2 == 0 else (strong, weak)
            match = play(game_id, options, seed, levels)
            y = result_for(match, 0)
            decisions = reviewed(match)
            pairs += [(p, y) for _, p, _ in decisions]
            if args.raw:
                with args.raw.open("a") as raw:
                    raw.write(json.dumps({"game": game_id, "seed": seed, "levels": list(levels), "result": y,
                                          "length": len(match.record.actions), "decisions": decisions}) + "\n")
        s = summary(pairs)
        s.update(games=args.count, options=options, levels=[weak, strong], seconds=round(time.perf_counter() - started))
        out[game_id] = s
        print(f"\n{game_id} {options}, levels {weak} and {strong}, {args.count} games, {s['decisions']} decisions of "
              f"seat 0, {s['seconds']} s: Brier {s['brier']:.3f} (the base rate {s['base_rate']:.2f} "
              f"alone: {s['brier_base_rate']:.3f})")
        rows = [[f"{d['decile'] / 10:.1f}-{(d['decile'] + 1) / 10:.1f}", str(d["n"]), f"{d['shown']:.2f}",
                 f"{d['observed']:.2f}", f"{100 * (d['observed'] - d['shown']):+.0f}"
                 + (" !" if d["n"] >= 30 and abs(d["observed"] - d["shown"]) > 0.10 else "")]
                for d in s["deciles"]]
        print_table(["shown", "decisions", "mean shown", "observed", "off (points)"], rows)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
