"""Ship designs judged for the designer before they are built: cost, limit and why (MSC-2.1, MSC-2.3, MSC-4.1).

The designer screen holds a half-made design (and the fleet picked at setup) that is not yet
any action; it asks the rules about them (``Game.query``, "design") and draws the answer: each
design's BP, whether the next ship may be it and why not, how many ships like it fit, and why
a whole fleet cannot be built. The words are the player's; the rule travels beside them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...game import QueryError
from .data import MAX_SHIP_BP, SIDE_INDEX, SIDE_LABEL, SIDE_NAMES, STAT_LIMITS, STATS, TEMPLATES, WEAPON_SIDES
from .rules import allowance, current_seat, design_template, ship_allowance, spent
from .state import Design, Plan, SkirmishState
from .words import TEMPLATE_WORDS

RULE = "MSC-2.3"
MAX_ASKED = 40  # designs in one question: the form, the kept ones, a fleet of at most 8


def read_design(raw: object) -> Design:
    """A design as the page sends it: {engine, shields, to_hit, weapons: [side names]}."""
    if not isinstance(raw, dict):
        raise QueryError("a design is an object")
    values = [raw.get(stat) for stat in STATS]
    weapons = raw.get("weapons", [])
    if not all(type(v) is int for v in values) or not isinstance(weapons, list):
        raise QueryError("a design has whole numbers for its stats and a list of sides")
    if any(w not in SIDE_INDEX for w in weapons):
        raise QueryError("a weapon side is one of F, FR, RR, R, RL, FL")
    engine, shields, to_hit = (int(v) for v in values if type(v) is int)
    return Design(engine, shields, to_hit, tuple(sorted(SIDE_INDEX[w] for w in weapons)), "custom")


def allowance_words(state: SkirmishState, plan: Plan) -> str:
    """Why the next ship may cost what it may (MSC-2.3, MSC-4.1): the budget left or the limit."""
    left = state.budget - spent(plan)
    limit = min(state.ship_bp, MAX_SHIP_BP)
    if left < limit:
        return f"only {left} BP are left of the side's {state.budget}"
    return f"the {state.scenario} limit is {limit} BP a ship"


def starter(allowance: int) -> Design:
    """The design a new ship starts from in the designer: Ship 1 (MSC-2.2), trimmed until it
    costs at most ``allowance``: its side weapons first, then TO-HIT, ENGINE and SHIELDS (down
    to 1), its front weapon last, so that a ship cut to fit can still fire where any armed ship
    fits (an unarmed quick start cannot win a battle)."""
    d = design_template("ship1")
    for side in (SIDE_INDEX["FR"], SIDE_INDEX["FL"]):
        if d.bp > allowance:
            d = replace(d, weapons=tuple(w for w in d.weapons if w != side))
    over = max(0, d.bp - allowance)
    to_hit = max(STAT_LIMITS["to_hit"][0], d.to_hit - over)
    over -= d.to_hit - to_hit
    engine = max(STAT_LIMITS["engine"][0], d.engine - over)
    over -= d.engine - engine
    shields = max(STAT_LIMITS["shields"][0], d.shields - over)
    d = replace(d, to_hit=to_hit, engine=engine, shields=shields)
    if d.bp > allowance:
        d = replace(d, weapons=())
    return d if d.bp == design_template("ship1").bp else replace(d, name="trimmed")


def quick_fleet(ships: int, budget: int, ship_bp: int) -> list[Design]:
    """The quick start (MSC-2.2, MSC-4.1): the three example designs in turn while one fits
    (duel: Ship 1; skirmish: one of each; fleet: two of each, 90 of 100 BP). Where a ship may
    cost less than an example design, Ship 1 cut to fit (``starter``), as many as fit whole."""
    out: list[Design] = []
    used = 0
    small = allowance(budget, ship_bp) < design_template("ship1").bp
    order = tuple(TEMPLATES)
    while len(out) < ships:
        allow = allowance(budget, ship_bp, used)
        design = starter(allow) if small else design_template(order[len(out) % len(order)])
        if allow < 1 or design.bp > allow or (small and out and design.bp < out[0].bp):
            break
        out.append(design)
        used += design.bp
    return out


def fleet_of(design: Design, ships: int, budget: int, ship_bp: int) -> list[Design] | str:
    """As many ships of ``design`` as a side may build (MSC-2.3, MSC-4.1), or why none fits."""
    most = allowance(budget, ship_bp)
    if design.bp > most:
        return f"{design.bp} BP, more than a ship may cost here ({most} BP)"
    return [design] * min(ships, budget // max(1, design.bp))


def design_words(design: Design) -> str:
    """A design's name for the player: an example's (Ship 1), Ship 1 cut to fit, or its own."""
    if design.name in TEMPLATE_WORDS:
        return TEMPLATE_WORDS[design.name]
    if design.name == "trimmed":
        return f"{TEMPLATE_WORDS['ship1']} cut to {design.bp} BP"
    return design.name


def page_design(design: Design, name: str = "") -> dict[str, Any]:
    """A design as the page keeps it: its name in words, stats, weapon sides in the order the
    custom design asks for them (``WEAPON_SIDES``) and its cost (MSC-2.1)."""
    return {"name": name or design_words(design), "engine": design.engine, "shields": design.shields,
            "to_hit": design.to_hit, "weapons": [SIDE_NAMES[s] for s in WEAPON_SIDES if s in design.weapons],
            "bp": design.bp}


def _fleet_words(fleet: list[Design]) -> str:
    counts: dict[str, int] = {}
    for design in fleet:
        counts[design_words(design)] = counts.get(design_words(design), 0) + 1
    return ", ".join(f"{n} × {name}" if n > 1 else name for name, n in counts.items())


def fleet_pick(key: str, ships: int, budget: int, ship_bp: int, design: Design | None = None,
               label: str = "") -> dict[str, Any]:
    """One fleet a side may start from (``key``: "quick", an example's key, or any other key
    with ``design`` and its ``label``): its words, its ships as the page keeps them (None when
    none fits) and their BP. The setup screen and the designer draw these (issue 32)."""
    if key == "quick":
        fleet = quick_fleet(ships, budget, ship_bp)
        bp = sum(d.bp for d in fleet)
        return {"key": key, "words": f"Quick start: {_fleet_words(fleet)} ({bp} BP)",
                "fleet": [page_design(d) for d in fleet], "bp": bp}
    if design is None:
        if key not in TEMPLATES:
            raise QueryError(f"no fleet {key!r}")
        design, label = design_template(key), f"Only {TEMPLATE_WORDS[key]}"
    got = fleet_of(design, ships, budget, ship_bp)
    if isinstance(got, str):
        return {"key": key, "words": f"{label} (too costly: {got})", "fleet": None, "bp": 0}
    name = design.name if design.name not in TEMPLATE_WORDS else ""
    return {"key": key, "words": f"{label}: {len(got)} × {design.bp} BP",
            "fleet": [page_design(d, name) for d in got], "bp": design.bp * len(got)}


def standard_picks(ships: int, budget: int, ship_bp: int) -> list[dict[str, Any]]:
    """The quick start and a fleet of each example design, for these limits (MSC-2.2, MSC-4.1)."""
    return [fleet_pick(key, ships, budget, ship_bp) for key in ("quick", *TEMPLATES)]


def verdict(state: SkirmishState, player: int, design: Design) -> dict[str, Any]:
    """One design as the next ship of ``player`` (MSC-2.3): its BP, a line for the designer's
    total, whether it may be built and why not, and how many ships like it still fit."""
    plan = state.plans[player]
    label = f"{SIDE_LABEL[player][0]}{len(plan.designs) + 1}"
    allowance = ship_allowance(state, plan)
    bp = design.bp
    problems = [p for p in design.problems(state.ship_bp) if not p.startswith("costs ")]
    why = ""
    if problems:
        why = f"{label} cannot be built: {'; '.join(problems)}."
    elif bp > allowance:
        why = f"{label} would cost {bp} BP, but may cost at most {allowance} BP ({allowance_words(state, plan)})."
    total = (f"This design costs {bp} BP, more than {label} may cost: {allowance} BP ({allowance_words(state, plan)})."
             if bp > allowance else f"Costs {bp} of {allowance} BP allowed for {label}.")
    ships_left = state.max_ships - len(plan.designs)
    fits = 0 if why or plan.draft is not None or bp < 1 else min(ships_left, (state.budget - spent(plan)) // bp)
    return {"bp": bp, "legal": not why, "why": why, "rule": RULE, "total": total, "fits": fits}


def fleet_problem(state: SkirmishState, player: int, fleet: list[Design]) -> str:
    """Why ``fleet`` cannot be built after the ships ``player`` has built (MSC-2.3), or ""."""
    plan = state.plans[player]
    built = len(plan.designs)
    if built + len(fleet) > state.max_ships:
        return f"{built + len(fleet)} ships, but a side may build {state.max_ships}"
    for n, design in enumerate(fleet):
        allowance = ship_allowance(state, plan)
        if design.bp > allowance:
            return (f"{SIDE_LABEL[player][0]}{built + n + 1} costs {design.bp} BP, more than the {allowance} BP it may "
                    f"cost ({allowance_words(state, plan)})")
        plan = Plan(designs=(*plan.designs, design))
    return ""


def _picks(state: SkirmishState, raw: list[Any]) -> list[dict[str, Any]]:
    """The fleets asked for, {"key", "design"?, "label"?} each: the quick start or an example by
    its key, or the page's own design (kept, received) under the words it gives."""
    out = []
    for pick in raw:
        if not isinstance(pick, dict) or not isinstance(pick.get("key"), str):
            raise QueryError("a fleet asked for is an object with a key")
        design = read_design(pick["design"]) if "design" in pick else None
        if design is not None:
            name = pick.get("name", "")
            design = replace(design, name=name[:40] if isinstance(name, str) else "")
        label = pick.get("label", "")
        out.append(fleet_pick(pick["key"], state.max_ships, state.budget, state.ship_bp, design,
                              label if isinstance(label, str) else ""))
    return out


def answer(state: SkirmishState, player: int | None, payload: Any) -> dict[str, Any]:
    """The "design" question: ``payload`` {"designs": [...], "fleet": [...], "picks": [...]}
    judged for the seat designing now; each design as ``verdict``, the fleet's BP and why it
    cannot be built, and each fleet picked (``fleet_pick``) for the scenario's limits."""
    # MSC-4.2: a side's designs are secret; only the side designing asks about its own plan.
    if state.phase != "design" or player is None or current_seat(state) != player:
        raise QueryError("designs are judged in the design phase, for the side designing")
    if not isinstance(payload, dict):
        raise QueryError("the question is an object")
    raw_designs, raw_fleet = payload.get("designs", []), payload.get("fleet", [])
    raw_picks = payload.get("picks", [])
    if not isinstance(raw_designs, list) or not isinstance(raw_fleet, list) or not isinstance(raw_picks, list):
        raise QueryError("designs, fleet and picks are lists")
    if len(raw_designs) + len(raw_fleet) + len(raw_picks) > MAX_ASKED:
        raise QueryError(f"at most {MAX_ASKED} designs in lists")
    fleet = [read_design(d) for d in raw_fleet]
    return {
        "designs": [verdict(state, player, read_design(d)) for d in raw_designs],
        "fleet": {"bp": sum(d.bp for d in fleet), "problem": fleet_problem(state, player, fleet) if fleet else ""},
        "picks": _picks(state, raw_picks),
    }
