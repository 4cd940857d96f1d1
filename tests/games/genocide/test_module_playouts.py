"""Random playouts with each Advanced module alone and all together (SG-1.1, SG-10.4).

The conformance suite cycles its 200 playouts over every option combination; this file makes
sure the combinations the modules issue names are always played: no module, each module
alone and all of them, with two players (and all of them with three), ending by victory or
the round limit, keeping the invariants, and surviving the link codec.
"""

from __future__ import annotations

import pytest

from pygame_core import decode_match, encode_link
from pygame_core.canonical import digest, is_plain
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.game import MODULE_OPTIONS

from ...conformance.playouts import random_playout

KEYS = [key for key, _ in MODULE_OPTIONS]
COMBOS = [
    {key: False for key in KEYS},
    *({k: k == key for k in KEYS} for key in KEYS),
    {key: True for key in KEYS},
    {**{key: True for key in KEYS}, "players": 3},
]


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(k for k, v in o.items() if v) or "none")
def test_module_combination_playouts_end_and_keep_invariants(options: dict[str, object]) -> None:
    for seed in (101, 202):
        for steps, match in enumerate(random_playout("genocide", options, seed)):  # type: ignore[arg-type]
            problems = GAME.invariant_violations(match.state)
            assert not problems, f"{options} seed {seed} step {steps}: {problems}"
        state = match.state
        outcome = GAME.outcome(state)
        assert outcome is not None and ("round limit" in outcome.reason or outcome.winners)
        for viewer in [None, *range(state.players)]:
            assert is_plain(GAME.view(state, viewer))
        decoded = decode_match(encode_link(match))
        assert digest(decoded.state) == digest(state)
