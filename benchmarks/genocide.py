"""Space Genocide: random full games per second, legal_actions sizes, view time per tap, link length (run on demand).

python3 benchmarks/genocide.py [games]   (from the repository root)

Random play uses the conformance suite's chooser (an action kind, then one action of that
kind, both uniformly); games run to victory or the round limit
(80 by default, SG-10.4). CPU time is reported beside wall time because this machine is
often shared: CPU time is the figure to compare between runs.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from common import ROOT  # noqa: F401  (puts this checkout first on sys.path)

from pygame_core import GAMES, Match, encode_link
from tests.conformance.playouts import random_action

PRESETS: list[tuple[str, dict[str, object]]] = [
    ("Classic 2p", {"preset": "classic"}),
    ("Advanced Basic 2p", {"preset": "advanced_basic"}),
    ("Advanced Full 2p", {"preset": "advanced_full"}),
    ("Classic draw4 3p", {"preset": "classic", "production": "draw4", "players": 3}),
    ("Advanced resources 4p", {"preset": "advanced_basic", "production": "resources", "players": 4}),
    ("Advanced Full 4p", {"preset": "advanced_full", "players": 4}),
]


def random_game(options: dict[str, object], seed: int) -> Match:
    chooser = random.Random(seed)
    match = Match.start("genocide", options, seed)  # type: ignore[arg-type]
    while not match.is_over:
        match = match.play(random_action(chooser, match.legal_actions()))
    return match


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    game = GAMES["genocide"]
    sizes: list[int] = []
    print(f"{games} random games per preset (CPython {sys.version.split()[0]})")
    for name, options in PRESETS:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        steps = 0
        for seed in range(games):
            match = random_game(options, seed)
            steps += len(match.record.actions)
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        print(
            f"  {name:24} {games / cpu:6.2f} games/s CPU ({games / wall:5.2f} wall), "
            f"{steps / games:6.0f} actions/game, {cpu / steps * 1e6:5.0f} us/action CPU"
        )
        chooser = random.Random(1)
        for state in match.states:
            if chooser.random() < 0.2 and game.current_player(state) is not None:
                sizes.append(len(game.legal_actions(state)))
    print(
        f"legal_actions size over random states: median {statistics.median(sizes):.0f}, "
        f"max {max(sizes)} (n={len(sizes)})"
    )
    # The page asks for the seat's view after every action: along the second half of one game
    # per preset, each view in turn (as a player taps through), in CPU time.
    for name, options in PRESETS[2::3]:
        match = random_game(options, 1)
        late = [s for s in match.states[len(match.states) // 2:] if game.current_player(s) is not None]
        cpu0 = time.process_time()
        for state in late:
            game.view(state, game.current_player(state))
        print(f"view per tap, second half of a random {name} game: "
              f"{(time.process_time() - cpu0) / len(late) * 1e3:.1f} ms CPU (n={len(late)})")
    for name, options in PRESETS[:3]:
        lengths = [
            len(encode_link(random_game({**options, "round_limit": 40}, seed)))
            for seed in range(max(3, games // 2))
        ]
        print(
            f"link length, 40-round random {name}: median {statistics.median(lengths):.0f}, "
            f"max {max(lengths)} chars (goal <= 2000)"
        )


if __name__ == "__main__":
    main()
