#!/usr/bin/env python3
"""Link length in characters for whole random games: median and max over 100 seeds per game.

For every game in GAMES, play ``--seeds`` random full games (random legal moves by the conformance chooser,
seeds 0..N-1, cycling through every option combination), encode each finished game as a
link and report the link length (characters after ``#``), per game and per option
combination, against the targets of DESIGN 3: a whole Spacehole game <= 300 characters, any
game <= 2,000 where possible (the UI warns above that).

    python3 benchmarks/links.py [--seeds 100] [--include-toy] [--bylink-only]

Then the games played by link with a friend (issue 26): computer players (Easy) play every
seat, and the ``#p/`` link sent at the end (record plus envelope) is measured; Space Genocide
with 2, 3 and 4 seats for 40 rounds (the issue's goal: under 2,000 characters).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from typing import Any

from common import ROOT, add_common_arguments, print_table, selected_games

from pygame_core import Match, encode_link
from pygame_core.codec import WARN_LINK_CHARS
from tests.conformance.playouts import finished_playout, option_combinations

TARGETS = {"spacehole": 300}  # DESIGN 3; every other game: WARN_LINK_CHARS


def describe(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "(defaults)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=100, help="random games per game id")
    parser.add_argument("--bylink-only", action="store_true", help="only the games played by link")
    parser.add_argument("--bylink-rounds", type=int, default=None,
                        help="games by link: stop every game after this many rounds (a quick check)")
    add_common_arguments(parser)
    args = parser.parse_args(argv)
    ids = selected_games(args)
    if not ids:
        return 0

    from pygame_core import GAMES

    rows = []
    verdicts = []
    for game_id in [] if args.bylink_only else ids:
        combos = option_combinations(GAMES[game_id])
        by_combo: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
        all_games: list[tuple[int, int, int]] = []
        for seed in range(args.seeds):
            options = combos[seed % len(combos)]
            match: Match = finished_playout(game_id, options, seed)
            link = encode_link(match)
            entry = (len(link), len(match.record.actions), seed)
            by_combo[describe(match.record.options)].append(entry)
            all_games.append(entry)
        target = TARGETS.get(game_id, WARN_LINK_CHARS)
        groups = [("all options", all_games)]
        if len(by_combo) > 1:
            groups += sorted(by_combo.items())
        for label, entries in groups:
            lengths = [e[0] for e in entries]
            longest = max(entries)
            rows.append([
                game_id if label == "all options" else "",
                label,
                str(len(entries)),
                f"{statistics.median(e[1] for e in entries):.0f}",
                f"{statistics.median(lengths):.0f}",
                f"{longest[0]} (seed {longest[2]})",
                str(target),
                "ok" if longest[0] <= target else "OVER",
            ])
        worst = max(e[0] for e in all_games)
        verdicts.append((game_id, worst, target))

    seeds = tuple(range(1, min(args.seeds, 3) + 1))
    if args.bylink_only:
        by_link(ids, seeds, args.bylink_rounds)
        return 0
    print_table(
        ["game", "options", "games", "actions (median)", "link chars (median)",
         "link chars (max)", "target", "max <= target"],
        rows,
        left=2,
    )
    print("\nLink = base64url(raw deflate(msgpack(record))); one varint per action with more")
    print("than one legal choice. Random legal moves, so real games may be shorter or longer.")
    for game_id, worst, target in verdicts:
        state = "within" if worst <= target else "OVER"
        print(f"{game_id}: longest whole game {worst} characters, {state} the {target} target")
    by_link(ids, seeds, args.bylink_rounds)
    return 0


BY_LINK = [  # (game, options, rounds to play: None for the whole game)
    ("warfare", {}, None),
    ("warfare", {"cards": "proposed_deck"}, None),
    ("skirmish", {}, None),
    ("genocide", {"players": 2, "round_limit": 40}, 40),
    ("genocide", {"players": 3, "round_limit": 40}, 40),
    ("genocide", {"players": 4, "round_limit": 40}, 40),
]


def by_link(ids: list[str], seeds: tuple[int, ...] = (1, 2, 3), cap: int | None = None) -> None:
    """The ``#p/`` link of games played by link: computers (Easy) at every seat, up to 3 seeds
    (``--seeds``); ``cap`` stops every game after that many rounds."""
    from pygame_core.ai import choose

    sys.path.insert(0, str(ROOT / "web"))
    from star_web.bylink import PERSON, Envelope, encode_play_link, new_game_id

    rows = []
    for game_id, options, rounds in BY_LINK:
        if game_id not in ids:
            continue
        lengths = []
        if cap is not None:
            rounds = min(rounds, cap) if rounds is not None else cap
        for seed in seeds:
            match = Match.start(game_id, options, seed)
            while not match.is_over:
                if rounds is not None and match.game.view(match.state, None).get("turn_number", 0) > rounds:
                    break
                seat = match.game.current_player(match.state)
                view = match.game.view(match.state, seat)
                seed_here = len(match.record.actions)
                match = match.play(choose(game_id, view, match.legal_actions(), level=1, seed=seed_here))
            seats = match.game.num_players(match.state)
            envelope = Envelope(0, seats - 1, tuple([PERSON] * seats), gid=new_game_id())  # issue 35: an id
            link = "p/" + encode_play_link(encode_link(match), envelope)
            lengths.append((len(link), len(match.record.actions), seed))
        longest = max(lengths)
        rows.append([game_id, describe(options), str(len(seeds)), f"{statistics.median(e[1] for e in lengths):.0f}",
                     f"{statistics.median(e[0] for e in lengths):.0f}", f"{longest[0]} (seed {longest[2]})",
                     "ok" if longest[0] <= WARN_LINK_CHARS else "OVER"])
    if rows:
        print("\nGames by link (#p/: record and envelope), computers at every seat:")
        print_table(["game", "options", "games", "actions (median)", "link chars (median)", "link chars (max)",
                     f"max <= {WARN_LINK_CHARS}"], rows, left=2)


if __name__ == "__main__":
    sys.exit(main())
