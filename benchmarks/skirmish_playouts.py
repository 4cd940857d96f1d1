"""Minimal Space Combat: random-playout cost and link length per preset (run on demand).

python3 -m benchmarks.skirmish_playouts   (from the repository root)
"""

from __future__ import annotations

import random
import time

from pygame_core import Match, encode_link

GAMES_PER_PRESET = 40


def main() -> None:
    for scenario in ("duel", "skirmish", "fleet", "custom"):
        for victory in ("annihilation_or_score", "annihilation_only"):
            options = {"scenario": scenario, "victory": victory}
            steps = links = 0
            longest = 0
            start = time.perf_counter()
            for seed in range(GAMES_PER_PRESET):
                chooser = random.Random(seed)
                match = Match.start("skirmish", options, seed)
                while not match.is_over:
                    match = match.play(chooser.choice(match.legal_actions()))
                steps += len(match.record.actions)
                link = len(encode_link(match))
                links += link
                longest = max(longest, link)
            elapsed = time.perf_counter() - start
            print(
                f"{scenario:8} {victory:22} {elapsed / GAMES_PER_PRESET * 1000:7.1f} ms/game "
                f"{steps / GAMES_PER_PRESET:7.0f} steps/game "
                f"link avg {links // GAMES_PER_PRESET:4} max {longest:4} chars"
            )


if __name__ == "__main__":
    main()
