"""Taps per whole Spacehole game (issue 33): the same seeded games played by the same random-
choice driver through the app's controller, with "Confirm every step" on (every step a tap, as
before) and off (a step with one thing to do plays itself). The driver draws a random number
only where there is a choice, so both runs play exactly the same games.

    .venv/bin/python benchmarks/taps.py [--games 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "web"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from star_web.controller import App  # noqa: E402
from star_web.storage import HUMAN, MemoryStore  # noqa: E402


def play(seed: int, confirm_every_step: bool) -> tuple[int, int]:
    """(taps, steps) of one game: a tap is one decision the person was shown."""
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    app = App(MemoryStore(), lambda: next(clock), playable=["spacehole"])
    if confirm_every_step:
        app.every_stop.set("spacehole", True)
    app.new_game("spacehole", {}, str(seed), [HUMAN])
    chooser = random.Random(seed)
    taps = 0
    while app.match is not None and not app.match.is_over:
        legal = app.match.legal_actions()
        pick = chooser.randrange(len(legal)) if len(legal) > 1 else 0
        app.act(pick, len(app.match.record.actions))
        taps += 1
    assert app.match is not None
    return taps, len(app.match.record.actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    before, after, steps = [], [], []
    for seed in range(args.games):
        taps_before, n = play(seed, confirm_every_step=True)
        taps_after, m = play(seed, confirm_every_step=False)
        assert n == m, f"seed {seed}: the two runs played different games ({n} vs {m} steps)"
        before.append(taps_before)
        after.append(taps_after)
        steps.append(n)
    print(f"Spacehole, {args.games} seeded games, a random-choice driver:")
    print(f"  steps per game: median {statistics.median(steps):.0f}")
    print(f"  taps, confirm every step (before): median {statistics.median(before):.0f}, "
          f"range {min(before)}-{max(before)}")
    print(f"  taps, steps with one thing to do play themselves (after): median {statistics.median(after):.0f}, "
          f"range {min(after)}-{max(after)}")


if __name__ == "__main__":
    main()
