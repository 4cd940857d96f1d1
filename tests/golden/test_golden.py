"""Golden records: links made once per game and preset must replay to the very same games.

Links store indices into ``legal_actions`` (DESIGN 3), so a change to the legal actions, their
order or their outcome silently changes what every published link means. These records were
made by ``make_golden.py`` and are committed; any such change fails here until that game's
``RULES_VERSION`` is bumped on purpose and its records are made again.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from pygame_core import GAMES, decode_match, encode_link
from pygame_core.canonical import digest
from pygame_core.record import rules_version

from .make_golden import PRESETS

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*/*.json"))


def _bump(game_id: str, what: str) -> str:
    title = GAMES[game_id].title
    return (
        f"{title}: {what}. Published {title} links would now mean other games. If the rules "
        f"changed on purpose, bump {type(GAMES[game_id]).__name__}.RULES_VERSION (keep the old "
        f"reading as an option in LEGACY_OPTIONS, or raise OLDEST_RULES) and run "
        f"`python3 tests/golden/make_golden.py {game_id}`; otherwise the change is a defect."
    )


def test_every_game_and_preset_has_golden_records() -> None:
    made = {(p.parent.name, p.stem) for p in FILES}
    wanted = {(g, name) for g, presets in PRESETS.items() for name in presets}
    assert set(PRESETS) == set(GAMES), "make_golden.PRESETS must list every registered game"
    assert made == wanted, "run `python3 tests/golden/make_golden.py` for the missing game"


def _rules_version(game_id: str) -> int:
    return rules_version(GAMES[game_id])


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_records_replay_unchanged(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game_id = data["game"]
    assert data["rules_version"] == _rules_version(game_id), (
        f"{path.name} was made under {game_id} rules version {data['rules_version']}, the game is at "
        f"{_rules_version(game_id)}: run `python3 tests/golden/make_golden.py {game_id}`"
    )
    for entry in data["games"]:
        _check_game(game_id, data["options"], entry)


def _check_game(game_id: str, options: dict[str, Any], entry: dict[str, Any]) -> None:
    seed, link = entry["seed"], entry["link"]
    where = f"seed {seed}, options {options}"
    try:
        match = decode_match(link)
    except ValueError as exc:
        raise AssertionError(_bump(game_id, f"a golden link no longer replays ({where}: {exc})")) from exc
    game = match.game
    assert len(match.record.actions) == entry["actions"], _bump(game_id, f"a golden game's length changed ({where})")
    for index, wanted in entry["legal"]:
        legal = [list(game.encode_action(a)) for a in game.legal_actions(match.states[index])]
        assert legal == wanted, _bump(game_id, f"the legal actions after {index} actions changed ({where})")
    for index, wanted in entry["digests"]:
        assert digest(match.states[index]) == wanted, _bump(
            game_id, f"the state after {index} actions changed ({where})"
        )
    chain = hashlib.sha256()
    for state in match.states:
        chain.update(digest(state).encode())
    assert chain.hexdigest() == entry["trail"], _bump(game_id, f"some state of a golden game changed ({where})")
    outcome = game.outcome(match.state)
    got = None if outcome is None else [list(outcome.winners), list(outcome.scores), outcome.reason]
    assert got == entry["outcome"], _bump(game_id, f"a golden game's outcome changed ({where})")
    assert encode_link(match) == link, _bump(game_id, f"a golden game encodes to another link ({where})")


@pytest.mark.parametrize("field", ["actions", "legal", "digests", "trail", "outcome"])
def test_a_changed_game_fails_loudly_and_says_to_bump_the_rules_version(field: str) -> None:
    """The check above can fail: each kept fact, altered, is caught with the bump message."""
    data = json.loads((HERE / "warfare" / "default.json").read_text(encoding="utf-8"))
    entry = data["games"][0]
    if field == "actions":
        entry["actions"] += 1
    elif field == "legal":
        entry["legal"][-1][1].reverse()
    elif field == "digests":
        entry["digests"][-1][1] = "0" * 64
    elif field == "trail":
        entry["trail"] = "0" * 64
    else:
        entry["outcome"] = [[], [], "nobody"]
    with pytest.raises(AssertionError, match="RULES_VERSION"):
        _check_game("warfare", data["options"], entry)
