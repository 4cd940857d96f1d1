#!/usr/bin/env python3
"""Fit the review's chance-to-win map from calibration.py's raw games, and check it on others (issue 36).

calibration.py (``--raw``) keeps, per seeded game, every reviewed decision of seat 0 with the
value the review's samples gave it and the game's result. This script fits, per game, a monotone
map from that value to the observed rate (isotonic: pool-adjacent-violators over quantile bins,
then straight lines between the bins), and checks it the honest way: ten folds by game seed, each
fold's decisions shown through a map fitted on the other nine, every decision of the 200 games
then bucketed by the chance it would have shown. A logistic map (Platt) is fitted alongside for
comparison. It prints the chosen map fitted on all the games, for the game's AI module
(``REVIEW_CALIBRATION``): seat 0's, and seat 1's as its mirror (the games review seat 0 only;
in a game of two seats one's win is the other's loss, so a value v for seat 1 is a value 1 - v
for seat 0, and the seats are not alike: who moves first wins more or less often).

    .venv/bin/python benchmarks/recalibrate.py RAW.jsonl [RAW.jsonl ...] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from calibration import summary
from common import print_table

from pygame_core.ai.review import calibrated

Pair = tuple[float, float]  # (the review's value, the result for seat 0)
FOLDS = 10
BINS = 20


def isotonic_knots(pairs: Sequence[Pair], bins: int = BINS) -> tuple[tuple[float, float], ...]:
    """Knots (value, chance) of a monotone map: the pairs in ``bins`` bins of equal count by value,
    each bin's mean value and mean result, adjacent bins pooled while a result falls as the value
    rises (pool-adjacent-violators), then the ends held flat to 0 and 1."""
    ordered = sorted(pairs)
    size = max(1, len(ordered) // bins)
    blocks: list[list[float]] = []  # [sum of values, sum of results, count]
    for start in range(0, len(ordered), size):
        chunk = ordered[start:start + size]
        blocks.append([sum(p for p, _ in chunk), sum(y for _, y in chunk), float(len(chunk))])
    pooled: list[list[float]] = []
    for block in blocks:
        pooled.append(block)
        while len(pooled) > 1 and pooled[-2][1] / pooled[-2][2] >= pooled[-1][1] / pooled[-1][2]:
            last = pooled.pop()
            pooled[-1] = [a + b for a, b in zip(pooled[-1], last, strict=True)]
    knots = [(round(b[0] / b[2], 4), round(b[1] / b[2], 4)) for b in pooled]
    return ((0.0, knots[0][1]), *knots, (1.0, knots[-1][1]))


def platt(pairs: Sequence[Pair], steps: int = 300) -> tuple[float, float]:
    """a, b of chance = 1 / (1 + exp(-(a + b * logit(value)))), by Newton's method on the log loss."""
    xs = [_logit(p) for p, _ in pairs]
    ys = [y for _, y in pairs]
    a, b = 0.0, 1.0
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            q = 1 / (1 + math.exp(-(a + b * x)))
            w = q * (1 - q)
            ga += q - y
            gb += (q - y) * x
            haa += w
            hab += w * x
            hbb += w * x * x
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b


GRID = (0.0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 0.99, 1.0)
"""Where a logistic map is sampled into knots (the engine's one form of map, review.calibrated)."""


def platt_knots(pairs: Sequence[Pair]) -> tuple[tuple[float, float], ...]:
    """The logistic map fitted on ``pairs`` as knots on ``GRID`` (straight between them)."""
    a, b = platt(pairs)
    return tuple((x, round(1 / (1 + math.exp(-(a + b * _logit(x)))), 4)) for x in GRID)


def mirrored(knots: Sequence[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
    """The other seat's map of a two-seat game: chance 1 - f(1 - v)."""
    return tuple(sorted((round(1 - x, 4), round(1 - y, 4)) for x, y in knots))


def _logit(p: float) -> float:
    p = min(max(p, 0.01), 0.99)
    return math.log(p / (1 - p))


Fit = Callable[[Sequence[Pair]], Callable[[float], float]]


def cross_validated(games: list[dict[str, Any]], fit: Fit) -> list[Pair]:
    """Every decision shown through a map fitted on the other folds' games (folds by seed)."""
    out: list[Pair] = []
    for fold in range(FOLDS):
        train = [(p, g["result"]) for g in games if g["seed"] % FOLDS != fold for _, p, *_ in g["decisions"]]
        shown = fit(train)
        out += [(shown(p), g["result"]) for g in games if g["seed"] % FOLDS == fold for _, p, *_ in g["decisions"]]
    return out


def by_isotonic(train: Sequence[Pair]) -> Callable[[float], float]:
    knots = isotonic_knots(train)
    return lambda p: calibrated(knots, p)


def by_platt(train: Sequence[Pair]) -> Callable[[float], float]:
    knots = platt_knots(train)
    return lambda p: calibrated(knots, p)


def report(title: str, pairs: list[Pair]) -> dict[str, Any]:
    s = summary(pairs)
    off = [d for d in s["deciles"] if d["n"] >= 30 and abs(d["observed"] - d["shown"]) > 0.10]
    print(f"\n{title}: {s['decisions']} decisions, Brier {s['brier']:.3f} (base rate {s['base_rate']:.2f} alone: "
          f"{s['brier_base_rate']:.3f}); deciles of 30+ more than 10 points off: {len(off)} of "
          f"{sum(1 for d in s['deciles'] if d['n'] >= 30)}")
    print_table(["shown", "decisions", "mean shown", "observed", "off (points)"],
                [[f"{d['decile'] / 10:.1f}-{(d['decile'] + 1) / 10:.1f}", str(d["n"]), f"{d['shown']:.2f}",
                  f"{d['observed']:.2f}", f"{100 * (d['observed'] - d['shown']):+.0f}"
                  + (" !" if d in off else "")] for d in s["deciles"]])
    s["off"] = len(off)
    return s


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("raw", type=Path, nargs="+")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    games: dict[str, dict[int, dict[str, Any]]] = {}
    for path in args.raw:
        for line in path.read_text().splitlines():
            g = json.loads(line)
            games.setdefault(g["game"], {})[g["seed"]] = g  # a seed played twice counts once
    out: dict[str, Any] = {}
    for game_id, by_seed in games.items():
        played = list(by_seed.values())
        raw = [(p, g["result"]) for g in played for _, p, *_ in g["decisions"]]
        print(f"\n===== {game_id}: {len(played)} games, seeds {min(by_seed)}-{max(by_seed)}")
        found = {
            "games": len(played),
            "raw": report("the review's values as they are", raw),
            "isotonic": report(f"isotonic map, {FOLDS} folds by seed (each fold shown by a map fitted on the others)",
                               cross_validated(played, by_isotonic)),
            "logistic": report(f"logistic map as knots, {FOLDS} folds by seed", cross_validated(played, by_platt)),
        }
        # Of the maps no worse than the raw value by the Brier score on the folds (a map that only
        # squeezes every chance towards the base rate is not a calibration), the one with fewer
        # deciles off, then the lower Brier score, fitted on every game; none if neither is.
        fair = [k for k in ("isotonic", "logistic") if found[k]["brier"] <= found["raw"]["brier"]]
        kind = min(fair, key=lambda k: (found[k]["off"], found[k]["brier"])) if fair else None
        found["chosen"] = kind
        out[game_id] = found
        if kind is None:
            print(f"\n{game_id}: no map does better than the raw value on the folds")
            continue
        found["knots"] = isotonic_knots(raw) if kind == "isotonic" else platt_knots(raw)
        print(f"\nREVIEW_CALIBRATION for {game_id}, the {kind} map fitted on all {len(played)} games:")
        print({0: found["knots"], 1: mirrored(found["knots"])})
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
