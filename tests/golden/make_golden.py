#!/usr/bin/env python3
"""Make the golden records: whole random games per game and option preset, committed as data.

    python3 tests/golden/make_golden.py [game ...]      (from the repository root)

Run it ONLY when a game's rules change on purpose: bump that game's ``RULES_VERSION`` first
(pygame_core/game.py, GameBase), then regenerate that game alone. Every other game's files
must come out unchanged. Each ``tests/golden/<game>/<preset>.json`` holds, per recorded game:
the link, the number of actions, the state digest (pygame_core.canonical) at a few checkpoints
and at the end, one digest over every state in turn (the trail), the legal actions (wire form,
in order) at a few positions, and the outcome.
``test_golden.py`` replays them.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pygame_core import GAMES, Match, encode_link  # noqa: E402
from pygame_core.canonical import digest  # noqa: E402
from pygame_core.game import OptionValue  # noqa: E402
from pygame_core.record import rules_version  # noqa: E402
from tests.conformance.playouts import finished_playout  # noqa: E402

SEEDS = (1, 2, 3)  # a handful of whole games per preset: enough to cover, small enough to keep
CHECKPOINTS = 10  # state digests spread over each game (plus the last state)
LEGAL_AT = 6  # positions where the whole list of legal actions is kept

# Every option preset of each game: its named presets (option_schema's ``presets``), and for
# games without one the option choices that change the rules (the card set, Hard, Hardcore,
# the older rules reading, scenarios, victory). Options are as a player would pick them.
PRESETS: dict[str, dict[str, dict[str, OptionValue]]] = {
    "spacehole": {
        "default": {},
        "babylon5": {"skin": "babylon5"},
        "hard": {"base_hits": 5},
        "hardcore": {"battle_length": "to_the_death"},
        "rules1": {"rules": 1},
    },
    "warfare": {
        "default": {},
        "cards": {"cards": "proposed_deck"},
    },
    "skirmish": {
        "duel": {"scenario": "duel"},
        "skirmish": {"scenario": "skirmish"},
        "fleet": {"scenario": "fleet"},
        "custom": {"scenario": "custom", "ships": 3, "budget": 40},
        "annihilation": {"scenario": "duel", "victory": "annihilation_only"},
    },
    "genocide": {
        "classic": {"preset": "classic"},
        "advanced_basic": {"preset": "advanced_basic"},
        "advanced_full": {"preset": "advanced_full"},
        "classic_draw4_3p": {"preset": "classic", "production": "draw4", "players": 3},
        "advanced_resources_4p": {"preset": "advanced_basic", "production": "resources", "players": 4},
        "advanced_full_3p": {"preset": "advanced_full", "players": 3, "round_limit": 30},
    },
}


def wires(match: Match, index: int) -> list[list[Any]]:
    """The legal actions at position ``index``, in order, as wire lists."""
    return [list(match.game.encode_action(a)) for a in match.game.legal_actions(match.states[index])]


def positions(count: int, how_many: int) -> list[int]:
    """``how_many`` positions spread over 0..count (0 and count included when count > 0)."""
    if count == 0:
        return [0]
    return sorted({round(i * count / max(1, how_many - 1)) for i in range(how_many)})


def trail(match: Match) -> str:
    """One digest over every state of the game in turn: any changed state changes it."""
    chain = hashlib.sha256()
    for state in match.states:
        chain.update(digest(state).encode())
    return chain.hexdigest()


def record_game(game_id: str, options: dict[str, OptionValue], seed: int) -> dict[str, Any]:
    match = finished_playout(game_id, options, seed)
    count = len(match.record.actions)
    outcome = match.game.outcome(match.state)
    playing = [i for i in range(count) if len(match.game.legal_actions(match.states[i])) > 1]
    legal_at = [playing[p] for p in positions(len(playing) - 1, LEGAL_AT)] if playing else []
    return {
        "seed": seed,
        "link": encode_link(match),
        "actions": count,
        "digests": [[i, digest(match.states[i])] for i in positions(count, CHECKPOINTS)],
        "trail": trail(match),
        "legal": [[i, wires(match, i)] for i in legal_at],
        "outcome": None if outcome is None else [list(outcome.winners), list(outcome.scores), outcome.reason],
    }


def make(game_id: str) -> None:
    folder = HERE / game_id
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    for name, options in PRESETS[game_id].items():
        data = {
            "game": game_id,
            "rules_version": rules_version(GAMES[game_id]),
            "options": options,
            "games": [record_game(game_id, options, seed) for seed in SEEDS],
        }
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")


def main(argv: list[str]) -> int:
    ids = argv or list(PRESETS)
    unknown = [g for g in ids if g not in PRESETS]
    if unknown or set(PRESETS) != set(GAMES):
        print(f"unknown game(s) {unknown}, or PRESETS does not list every game in GAMES", file=sys.stderr)
        return 2
    for game_id in ids:
        make(game_id)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
