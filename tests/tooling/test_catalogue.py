"""The page's catalogue of games (build.py ``catalog``) carries the engine's own answers."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

from pygame_core import GAMES
from pygame_core.game import resolve_options

ROOT = Path(__file__).resolve().parents[2]


def _catalog() -> dict[str, Any]:
    spec = importlib.util.spec_from_file_location("star_table_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    catalog: dict[str, Any] = build.catalog()
    return catalog


def test_the_defaults_under_each_preset_are_the_ones_the_engine_resolves() -> None:
    """SG-1.2 (issue 32): the setup form and the option summaries look a preset's defaults up
    in the catalogue; each entry is what the engine resolves for those preset values, and
    every choice of every preset has one."""
    for entry in _catalog()["games"]:
        game = GAMES[entry["id"]]
        presets = [spec for spec in game.option_schema if spec.presets]
        expected = 1
        for spec in presets:
            expected *= len(spec.presets)
        assert len(entry["defaults"]) == expected, entry["id"]
        for key, defaults in entry["defaults"].items():
            chosen = json.loads(key)
            assert list(chosen) == [spec.key for spec in presets]
            assert defaults == resolve_options(game.option_schema, chosen)
    genocide = next(e for e in _catalog()["games"] if e["id"] == "genocide")
    classic = genocide["defaults"]['{"preset":"classic"}']
    assert classic["variant"] == "classic" and classic["module_cards"] is False
