"""Golden Spacehole links: whole games encoded by the engine *before* SH-7.3 was read as
written (issue 13), with a digest of each game's final state.

Links store indices into ``legal_actions`` (pygame_core/codec.py), so a change to which
actions are legal could change what an old link means. ``test_golden_links`` decodes every
link with today's engine and checks it reaches the very same final state. The data was made
once, with the old engine, by ``python3 -m tests.games.spacehole.golden``; do not regenerate
it with a newer engine (that would prove nothing).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from pygame_core import Match
from pygame_core.codec import encode_link
from pygame_core.games.spacehole import GAME
from tests.conformance.playouts import option_combinations, random_action

DATA = Path(__file__).with_name("data") / "golden_links.json"
SEEDS_PER_POLICY = 40


def digest(state: Any) -> str:
    """A fingerprint of a whole state but its log (its dataclass repr is deterministic). The
    ``rules`` option that came with issue 13 is left out: the old states had no such field.
    The log is left out since it became events (issue 31): the digests were taken again then,
    without the log, from the engine just before, whose final states (log and all) matched
    the old engine's digests for all 640 games."""
    return hashlib.sha256(re.sub(r", rules=\d+", "", repr(replace(state, log=()))).encode()).hexdigest()[:24]


def playout(options: dict[str, Any], seed: int, policy: str) -> Match:
    """A whole game: ``random`` picks a kind of action then one of it; ``builder`` plays a
    card whenever it can (it reaches big colonies, where SH-7.3 matters)."""
    chooser = random.Random(seed * 7919 + (17 if policy == "random" else 23))
    match = Match.start("spacehole", options, seed)
    while legal := match.legal_actions():
        plays = [a for a in legal if type(a).__name__ == "Play"]
        action = chooser.choice(plays) if policy == "builder" and plays else random_action(chooser, legal)
        match = match.play(action)
    return match


def generate() -> list[dict[str, Any]]:
    games = []
    for options in option_combinations(GAME):
        for policy in ("random", "builder"):
            for n in range(SEEDS_PER_POLICY):
                seed = 1_000 + n
                match = playout(options, seed, policy)
                games.append({
                    "policy": policy, "options": options, "seed": seed,
                    "link": encode_link(match), "actions": len(match.record.actions),
                    "final": digest(match.state),
                })
    return games


if __name__ == "__main__":
    DATA.write_text(json.dumps(generate(), indent=0) + "\n")
    print(DATA, DATA.stat().st_size)
