#!/usr/bin/env python3
"""What other codings of a link's choices would cost, against today's varints under deflate.

Plays Space Genocide by link as ``links.py`` does (Easy computers at every seat, 40 rounds,
2, 3 and 4 seats) and prints, per game, the link's length today and the characters the
choices alone would take (6 bits a character) under:

- mixed radix: each choice in exactly log2(n) bits, n its number of legal actions;
- an adaptive model, as an arithmetic coder would reach it: the cost of each choice under
  counts of the choices made so far (half a count for each unseen one), in one context for
  all, or one context per n.

    python3 benchmarks/link_coding.py [--seeds 3] [--rounds 40]
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from collections.abc import Callable

from common import print_table

from pygame_core import Match, encode_link
from pygame_core.ai import choose
from pygame_core.codec import _choice


def adaptive_bits(choices: list[tuple[int, int]], context: Callable[[int], int]) -> float:
    """Bits for (index, n) pairs under adaptive counts (Krichevsky-Trofimov) per context."""
    counts: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    totals: dict[int, int] = defaultdict(int)
    bits = 0.0
    for index, n in choices:
        key = context(n)
        bits -= math.log2((counts[key][index] + 0.5) / (totals[key] + 0.5 * n))
        counts[key][index] += 1
        totals[key] += 1
    return bits


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args(argv)
    rows = []
    for players in (2, 3, 4):
        for seed in range(1, args.seeds + 1):
            match = Match.start("genocide", {"players": players, "round_limit": args.rounds}, seed)
            while not match.is_over and match.game.view(match.state, None).get("turn_number", 0) <= args.rounds:
                seat = match.game.current_player(match.state)
                view = match.game.view(match.state, seat)
                match = match.play(choose("genocide", view, match.legal_actions(), level=1,
                                          seed=len(match.record.actions)))
            choices = []
            for state, wire in zip(match.states, match.record.actions, strict=False):
                index = _choice(match.game, state, wire)
                if index >= 0:
                    choices.append((index, len(match.game.legal_actions(state))))
            radix = sum(math.log2(n) for _, n in choices)
            rows.append([str(players), str(seed), str(len(choices)),
                         f"{sum(1 for i, _ in choices if i == 0) / len(choices):.0%}",
                         str(len(encode_link(match))), str(math.ceil(radix / 6)),
                         str(math.ceil(adaptive_bits(choices, lambda n: 0) / 6)),
                         str(math.ceil(adaptive_bits(choices, lambda n: n) / 6))])
    print_table(["seats", "seed", "choices", "first choice", "link today", "mixed radix",
                 "adaptive", "adaptive per n"], rows, left=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
