"""The odds beside each decision of the seat to move, from its own view (SG-6.3 B5, SG-7.4, SG-8.5, C-4.2).

Everything here reads the view dict that ``view.view`` built for the seat, never the state: the
ships' values a seat may know (its own ships, the B1 reveals, the public race, terrain and
planets, its own card bonuses and those of the other seats that follow from public plays,
``card_bonuses.py``), so the odds can tell the seat nothing its view does not (C-4.3). The
screen draws these figures as they are; it computes none of its own (issue 32).

``action_odds`` maps ``odds_key(action)`` ("Target/12/40": the action's kind, ship, then its
target or count) to the figures shown beside that legal action. A chance is an exact fraction,
``[numerator, denominator]`` as decimal strings (JSON numbers would lose the digits of
``6 ** 88``), with ``percent`` its one rounding (``odds.percent``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...game import ActionBase
from . import actions as A
from .data import VARIANTS, VariantData
from .models import AttackOdds, Chance, GenocideView, LaunchOdds
from .odds import any_hit, attack_odds, percent
from .races import RACE_BY_KEY
from .view_values import owner_of, stats, unsure_plays

View = GenocideView


def odds_key(action: A.Target | A.SelfDestruct | A.Burst | A.Launch) -> str:
    """The key of an action's figures: its kind, ship, then target (battles) or count (PBs)."""
    last = action.target if isinstance(action, (A.Target, A.SelfDestruct)) else action.count
    return f"{type(action).__name__}/{action.ship}/{last}"


def chance(p: Fraction) -> Chance:
    """An exact chance as the view carries it: the fraction in digits and its percentage."""
    return {"chance": [str(p.numerator), str(p.denominator)], "percent": percent(p)}


def action_odds(v: View, legal: Sequence[ActionBase]) -> dict[str, Chance | AttackOdds | LaunchOdds]:
    """The figures shown beside each of ``legal`` (the actions of the seat ``v`` belongs to)
    that shows any: battle targets (SG-6.3 B5), bursts (SG-7.4) and launch orders (SG-8.5)."""
    data = VARIANTS[v["variant"]]
    out: dict[str, Chance | AttackOdds | LaunchOdds] = {}
    for action in legal:
        if isinstance(action, (A.Target, A.SelfDestruct)) and action.target >= 0 and v.get("battle"):
            out[odds_key(action)] = _attack(v, data, action)
        elif isinstance(action, A.Burst) and action.count > 0:
            out[odds_key(action)] = chance(any_hit(action.count, 1))  # SG-7.4: a 6 hits each ship
        elif isinstance(action, A.Launch):
            out[odds_key(action)] = _launch(v, action)
    return out


# ---------------------------------------------------------------------------- battles


def _attack(v: View, data: VariantData, action: A.Target | A.SelfDestruct) -> AttackOdds:
    """SG-6.3 B5: this ship and every own ship already declared on the same target attack it
    together (ΣATK*), against the target's DEF*; an Amoeboid sacrifice adds 2 (SG-11)."""
    b = v["battle"]
    assert b is not None  # action_odds asks only in a battle
    col, row, me = b["col"], b["row"], v["viewer"]
    others = [a for a, t in b.get("my_declarations") or () if t == action.target]
    sacrificed = set(b.get("my_sacrifices") or ())
    atk = sum(stats(v, data, c, me, col, row)[0] for c in [*others, action.ship])
    atk += 2 * (isinstance(action, A.SelfDestruct) + sum(1 for c in others if c in sacrificed))
    dfn = stats(v, data, action.target, owner_of(v, action.target), col, row)[1]
    unsure = [u for u in unsure_plays(v) if action.target in u["ships"]]
    return {"atk": atk, "def": dfn, "others": others, "unsure": unsure,
            **chance(attack_odds(atk, dfn, v["combat_die"]))}


# ---------------------------------------------------------------------------- planet busters


def _launch(v: View, action: A.Launch) -> LaunchOdds:
    """SG-8.5: the planet in the ship's hex falls if any PB die of the orders at it shows <= 3
    (Amoeboids 4): this order together with the seat's orders already at that planet."""
    me = v["viewer"]
    assert me is not None  # the odds are the seat to move's (view.py)
    race = v["seats"][me]["race"]
    hit = RACE_BY_KEY[race].pb_hit if race else 3

    def hex_of(cid: int) -> tuple[int, int] | None:
        ship = next((s for s in v["my_ships"] if s["id"] == cid), None)
        fleet = None if ship is None else next(
            (f for f in v["fleets"] if f["owner"] == me and f["marker"] == ship["fleet"]), None)
        return None if fleet is None else (fleet["col"], fleet["row"])

    at = hex_of(action.ship)
    planet = None if at is None else next(
        (p["id"] for p in v["planets"] if (p["col"], p["row"]) == at and p["alive"]), None)
    before = 0 if at is None else sum(
        n for c, n in v.get("launches") or () if n > 0 and c != action.ship and hex_of(c) == at)
    total = any_hit(before + action.count, hit)
    return {"planet": planet, "hit": hit, "before": before, "count": action.count, **chance(total),
            "each_percent": percent(any_hit(1, hit)), "before_percent": percent(any_hit(before, hit))}
