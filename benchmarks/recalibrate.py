#!/usr/bin/env python3
"""Fit the review's chance-to-win map from calibration.py's raw games, and check it on others (issue 36).

calibration.py (``--raw``) keeps, per seeded game, every reviewed decision of seat 0: the value
the review's samples gave it, whether the top level would have moved otherwise, and the game's
result. This script fits, per game, the engine's map (``pygame_core.ai.calibration``):

    chance = logistic(slope * logit(value) + skill * (share - usual) + offset[seat])

where ``share`` is the seat's share of decisions so far where the top level differed (from the
usual share, ``PRIOR`` decisions' worth of it), by a logistic regression (Newton's method on the
log loss); and the same without ``share`` (skill 0), for comparison. Each is checked the honest
way: ten folds by game seed, each fold's decisions shown through a map fitted on the other nine,
every decision then bucketed by the chance it would have shown. It prints the chosen map fitted
on all the games, for the game's AI module (``REVIEW_CALIBRATION``). Only seat 0 is reviewed;
seat 1's offset is seat 0's mirrored (in a game of two seats one's win is the other's loss: for
two usual players, a value v for seat 1 is a value 1 - v for seat 0).

    .venv/bin/python benchmarks/recalibrate.py RAW.jsonl [RAW.jsonl ...] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from calibration import summary
from common import print_table

from pygame_core.ai.calibration import ReviewCalibration

Pair = tuple[float, float]  # (the chance shown, the result for seat 0)
Row = tuple[float, float, float]  # (the logit of the review's value, share - usual, the result)
FOLDS = 10
PRIOR = 10.0
"""Decisions' worth of the usual share a seat's share starts from: a few verdicts move it little.
Chosen by the folds' Brier score on the 200 MSC games among 5, 10, 15 and 20 (0.0833, 0.0826,
0.0828, 0.0831): one number picked on the same folds it is then checked on."""


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a few unknowns)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            raise ZeroDivisionError("a singular system: the fit's features are not independent here")
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def logistic(features: Sequence[Sequence[float]], ys: Sequence[float], steps: int = 100) -> list[float]:
    """The weights of chance = logistic(w . x), by Newton's method on the log loss."""
    k = len(features[0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(features, ys, strict=True):
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            q = 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))
            for i in range(k):
                grad[i] += (q - y) * x[i]
                for j in range(k):
                    hess[i][j] += q * (1 - q) * x[i] * x[j]
        for i in range(k):
            hess[i][i] += 1e-9
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if sum(abs(si) for si in step) < 1e-9:
            break
    return w


def usual_share(games: Sequence[dict[str, Any]]) -> float:
    decisions = [d for g in games for d in g["decisions"]]
    return sum(1 for d in decisions if len(d) > 2 and d[2]) / len(decisions)


def fit(games: Sequence[dict[str, Any]], skill: bool) -> ReviewCalibration:
    """The map fitted on ``games`` (seat 0's decisions), with the seat's share or without."""
    usual = usual_share(games) if skill else 0.0
    shape = ReviewCalibration(1.0, 0.0, usual, PRIOR if skill else 0.0)
    rows = [(x, r, y) for g in games for x, r, y in _rows(g, shape)]
    features = [[x, r, 1.0] if skill else [x, 1.0] for x, r, _ in rows]
    w = logistic(features, [y for *_, y in rows])
    slope, lean, offset = (w[0], w[1], w[2]) if skill else (w[0], 0.0, w[1])
    highest = max(r for _, r, _ in rows) + usual if skill else 1.0
    return ReviewCalibration(round(slope, 4), round(lean, 3), round(usual, 4), shape.prior,
                             {0: round(offset, 4), 1: round(-offset, 4)}, round(min(1.0, highest + 5e-5), 4))


def _rows(game: dict[str, Any], shape: ReviewCalibration) -> list[Row]:
    """A game's decisions as (logit of the value, the seat's share so far - usual, result)."""
    rows: list[Row] = []
    differed = 0
    for k, (_, value, *more) in enumerate(game["decisions"]):
        rows.append((_logit(value), shape.share(differed, k) - shape.usual, game["result"]))
        differed += 1 if more and more[0] else 0
    return rows


def shown(game: dict[str, Any], calibration: ReviewCalibration | None) -> list[Pair]:
    """A game's decisions as (the chance the review shows with ``calibration``, the result)."""
    out: list[Pair] = []
    differed = 0
    for k, (_, value, *more) in enumerate(game["decisions"]):
        chance = value if calibration is None else calibration.chance(value, 0, calibration.share(differed, k))
        out.append((chance, game["result"]))
        differed += 1 if more and more[0] else 0
    return out


def cross_validated(games: list[dict[str, Any]], skill: bool) -> list[Pair]:
    """Every decision shown through a map fitted on the other folds' games (folds by seed)."""
    out: list[Pair] = []
    for fold in range(FOLDS):
        calibration = fit([g for g in games if g["seed"] % FOLDS != fold], skill)
        out += [pair for g in games if g["seed"] % FOLDS == fold for pair in shown(g, calibration)]
    return out


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
        print(f"\n===== {game_id}: {len(played)} games, seeds {min(by_seed)}-{max(by_seed)}")
        found: dict[str, Any] = {
            "games": len(played),
            "raw": report("the review's values as they are", [p for g in played for p in shown(g, None)]),
            "value": report(f"a logistic map of the value, {FOLDS} folds by seed (each fold shown by a map fitted "
                            "on the others)", cross_validated(played, skill=False)),
        }
        if all(len(d) > 2 for g in played for d in g["decisions"]):
            found["skill"] = report(f"a logistic map of the value and the seat's share so far where the top level "
                                    f"differed, {FOLDS} folds by seed", cross_validated(played, skill=True))
        # Of the maps no worse than the raw value by the Brier score on the folds (a map that only
        # squeezes every chance towards the base rate is not a calibration), the one with fewer
        # deciles off, then the lower Brier score, fitted on every game; none if neither is.
        fair = [k for k in ("value", "skill") if k in found and found[k]["brier"] <= found["raw"]["brier"]]
        kind = min(fair, key=lambda k: (found[k]["off"], found[k]["brier"])) if fair else None
        found["chosen"] = kind
        out[game_id] = found
        if kind is None:
            print(f"\n{game_id}: no map does better than the raw value on the folds")
            continue
        calibration = fit(played, skill=kind == "skill")
        found["calibration"] = repr(calibration)
        print(f"\nREVIEW_CALIBRATION for {game_id}, the {kind} map fitted on all {len(played)} games:")
        print(calibration)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
