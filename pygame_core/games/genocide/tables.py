"""Space Genocide's rule tables as plain data for the screen (SG-2.1, SG-11, SG-12, SG-13.3):
the build writes them into the page's catalogue, so the screen never re-types a number."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, FLEET_STEPS, PLANET_STEPS
from .data import PLANET_TYPE_COUNTS, PLANET_TYPE_NAMES, VARIANTS
from .races import RACES
from .terrain import TERRAIN


def screen_tables() -> dict[str, Any]:
    """Ships by variant (stats, counters per type), planet types and counts, the races' and
    the cards' modifiers and card target steps, the terrain's names: public facts only."""
    return {
        "ships": {
            variant: [
                {"key": t.key, "name": t.name, "move": t.move, "atk": t.atk, "def": t.defense,
                 "pb": t.pb, "bays": t.bays, "fighter": t.fighter, "stationary": t.stationary}
                for t in data.types
            ]
            for variant, data in VARIANTS.items()
        },
        "copies": {variant: data.copies for variant, data in VARIANTS.items()},
        "planet_types": dict(PLANET_TYPE_NAMES),
        "planet_counts": [[t, n] for t, n in PLANET_TYPE_COUNTS],
        "races": {
            r.key: {"name": r.name, "atk": r.atk, "def": r.defense, "move": r.move, "bays": r.bays,
                    "cap": r.cap, "pb_hit": r.pb_hit}
            for r in RACES
        },
        "cards": {
            str(c.num): {"name": c.name, "steps": list(c.targets), "atk": c.atk, "def": c.defense, "move": c.move}
            for c in CARDS
        },
        "terrain": {t.key: {"name": t.name} for t in TERRAIN},
        # Which card target steps name a fleet (owner * 100 + marker) or a planet (its index).
        "fleet_steps": sorted(FLEET_STEPS),
        "planet_steps": sorted(PLANET_STEPS),
    }
