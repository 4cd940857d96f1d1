"""Minimal Space Combat rules: legal actions and their effects, phase by phase (MSC-2 to MSC-10)."""

from __future__ import annotations

from dataclasses import replace

from ...events import Event, event
from ...game import IllegalActionError
from ...hexgrid import Hex, HexMap
from ...rng import Roller
from . import words
from .actions import (
    Action,
    Face,
    Fire,
    FitWeapon,
    HitSide,
    HoldFire,
    NewShip,
    Place,
    SetSpeed,
    SetStat,
    Step,
    Submit,
)
from .data import (
    CUSTOM,
    DEPLOY_COLS,
    MAX_SHIP_BP,
    MAX_TURNS_HARD,
    SIDE_INDEX,
    SIDE_LABEL,
    SIDE_NAMES,
    STAT_LIMITS,
    STATS,
    TEMPLATES,
    WEAPON_COST,
    WEAPON_SIDES,
    range_modifier,
)
from .events import ship_ref
from .geometry import arcs_of, compress_orders, next_steps, relative, speed_choices
from .state import (
    DESTROYED,
    INTACT,
    NONE,
    Design,
    Draft,
    Order,
    PendingHit,
    Placement,
    Plan,
    Ship,
    SkirmishState,
)

# --------------------------------------------------------------------------------------
# Small queries


def current_seat(state: SkirmishState) -> int | None:
    """Whose decision it is; simultaneous phases are taken West then East (C-4.1)."""
    if state.phase == "over":
        return None
    if state.phase in ("design", "deploy", "orders"):
        return 0 if not state.plans[0].done else 1
    return state.initiative[state.firing]


def hex_of(ship: Ship) -> Hex:
    return Hex(ship.col, ship.row)


def own_ships(state: SkirmishState, player: int, alive_only: bool = True) -> list[Ship]:
    return [s for s in state.ships if s.owner == player and (s.alive or not alive_only)]


def design_template(name: str) -> Design:
    engine, shields, to_hit, weapons = TEMPLATES[name]
    return Design(engine, shields, to_hit, tuple(sorted(weapons)), name)


def spent(plan: Plan) -> int:
    return sum(d.bp for d in plan.designs)


def allowance(budget: int, ship_bp: int, used: int = 0) -> int:
    """BP for the next ship of a side that has ``used`` of its ``budget``: the per-ship limit
    or what is left of the budget (MSC-2.3)."""
    return min(ship_bp, MAX_SHIP_BP, budget - used)


def ship_allowance(state: SkirmishState, plan: Plan) -> int:
    """BP for the next ship of ``plan`` (MSC-2.3)."""
    return allowance(state.budget, state.ship_bp, spent(plan))


def can_add_ship(state: SkirmishState, plan: Plan) -> bool:
    # The cheapest legal ship is SHIELDS 1 alone (MSC-A06): 1 BP.
    return len(plan.designs) < state.max_ships and ship_allowance(state, plan) >= 1


def stat_range(state: SkirmishState, plan: Plan, draft: Draft) -> range:
    """Values offered for the next stat of a custom design, always leaving a legal ship."""
    stat = STATS[len(draft.values)]
    low, high = STAT_LIMITS[stat]
    left = ship_allowance(state, plan) - sum(draft.values)
    reserve = STAT_LIMITS["shields"][0] if stat == "engine" else 0
    return range(low, min(high, left - reserve) + 1)


def shot_problem(state: SkirmishState, shooter: Ship, side: int, target: Ship) -> str | None:
    """Why this shot is not legal now (MSC-9.1, MSC-9.2, MSC-9.9), or None."""
    if not shooter.alive or shooter.owner != current_seat(state):
        return "only the firing player's ships still in play may fire"
    if side not in range(6) or shooter.weapons[side] != INTACT:
        return "that side has no intact weapon"
    if side in shooter.fired:
        return "each weapon fires at most once per turn"
    if not target.alive or target.owner == shooter.owner:
        return "the target must be an enemy ship in play (no friendly fire)"
    v = relative(hex_of(shooter), hex_of(target))
    if range_modifier(hex_of(shooter).distance(hex_of(target))) is None:
        return "the target is beyond range 6"
    if side not in arcs_of(shooter.facing, v):
        return "the target is not in that weapon's arc"
    return None


def shots(state: SkirmishState) -> list[Fire]:
    """Every legal shot of the firing player, by ship, side, then target."""
    player = current_seat(state)
    out = []
    enemies = [s for s in state.ships if s.alive and s.owner != player]
    if not enemies:
        return []
    for ship in own_ships(state, player if player is not None else -1):
        here = hex_of(ship)
        for side in range(6):
            if ship.weapons[side] != INTACT or side in ship.fired:
                continue
            for target in enemies:
                there = hex_of(target)
                if range_modifier(here.distance(there)) is None:
                    continue
                if side in arcs_of(ship.facing, relative(here, there)):
                    out.append(Fire(ship.id, SIDE_NAMES[side], target.id))
    return out


def scores(state: SkirmishState) -> tuple[int, int]:
    """Design BP of enemy ships destroyed or disengaged, per side (MSC-10.2, MSC-A26)."""
    lost = [sum(s.design.bp for s in state.ships if s.owner == p and not s.alive) for p in (0, 1)]
    return lost[1], lost[0]


# --------------------------------------------------------------------------------------
# Legal actions


def legal_actions(state: SkirmishState) -> list[Action]:
    player = current_seat(state)
    if player is None:
        return []
    if state.phase == "design":
        return _design_actions(state, state.plans[player])
    if state.phase == "deploy":
        return _deploy_actions(state, player)
    if state.phase == "orders":
        return _order_actions(state, player)
    if state.pending_hit is not None:
        return [HitSide(SIDE_NAMES[s]) for s in state.pending_hit.sides]
    return [*shots(state), HoldFire()]


def _design_actions(state: SkirmishState, plan: Plan) -> list[Action]:
    draft = plan.draft
    if draft is not None:
        if len(draft.values) < len(STATS):
            stat = STATS[len(draft.values)]
            return [SetStat(stat, v) for v in stat_range(state, plan, draft)]
        side = WEAPON_SIDES[draft.asked]
        cost = sum(draft.values) + WEAPON_COST * len(draft.weapons)
        fit = [FitWeapon(SIDE_NAMES[side], True)] if cost + WEAPON_COST <= ship_allowance(state, plan) else []
        return [FitWeapon(SIDE_NAMES[side], False), *fit]
    out: list[Action] = []
    if can_add_ship(state, plan):
        allowance = ship_allowance(state, plan)
        out += [NewShip(t) for t in TEMPLATES if design_template(t).bp <= allowance]
        out.append(NewShip(CUSTOM))
    if plan.designs:
        out.append(Submit())
    return out


def deploy_cols(state: SkirmishState, player: int) -> range:
    """MSC-4.3: West in cols 0-2, East in the last three."""
    return range(DEPLOY_COLS) if player == 0 else range(state.width - DEPLOY_COLS, state.width)


def _deploy_actions(state: SkirmishState, player: int) -> list[Action]:
    plan = state.plans[player]
    if plan.placements and plan.placements[-1].facing < 0:
        return [Face(f) for f in range(6)]
    if len(plan.placements) < len(own_ships(state, player)):
        return [Place(c, r) for c in deploy_cols(state, player) for r in range(state.height)]
    return [Submit()]


def plotting_ship(state: SkirmishState, player: int) -> Ship | None:
    """The ship whose orders are being plotted, or None when every ship has its orders."""
    plan = state.plans[player]
    ships = own_ships(state, player)
    if plan.orders and not plan.orders[-1].complete:
        return next(s for s in ships if s.id == plan.orders[-1].ship)
    if len(plan.orders) < len(ships):
        return ships[len(plan.orders)]
    return None


def _order_actions(state: SkirmishState, player: int) -> list[Action]:
    plan = state.plans[player]
    if plan.orders and not plan.orders[-1].complete:
        last = plan.orders[-1]
        return [Step(s) for s in next_steps(last.steps, last.speed)]
    ship = plotting_ship(state, player)
    if ship is None:
        return [Submit()]
    return [SetSpeed(v) for v in speed_choices(ship.engine, ship.speed, state.turn == 1)]


# --------------------------------------------------------------------------------------
# Apply


def apply(state: SkirmishState, action: Action) -> SkirmishState:
    """The next state; raises IllegalActionError naming the rule when ``action`` is not legal."""
    player = current_seat(state)
    if player is None:
        raise IllegalActionError("MSC-10.1", "the game is over")
    legal = legal_actions(state)
    if action not in legal:
        raise IllegalActionError(*_why_illegal(state, action))
    if state.phase == "design":
        new = _apply_design(state, player, action)
    elif state.phase == "deploy":
        new = _apply_deploy(state, player, action)
    elif state.phase == "orders":
        new = _apply_orders(state, player, action)
    else:
        new = _apply_combat(state, action)
    # C-3.2: dice, reveals and hand-offs start a new information epoch (no undo across).
    if new.rng != state.rng or new.phase != state.phase or current_seat(new) != player or new.turn != state.turn:
        new = replace(new, epoch=state.epoch + 1)
    return new


def _why_illegal(state: SkirmishState, action: Action) -> tuple[str, str]:
    phase = state.phase
    if phase == "design":
        if isinstance(action, (NewShip, SetStat, FitWeapon)):
            return (
                "MSC-2.3",
                f"{action}: not a legal design step now (limits, budget or order of steps)",
            )
        plan = state.plans[current_seat(state) or 0]
        if isinstance(action, Submit) and plan.draft is not None:
            return "MSC-2.3", "finish the ship being designed before submitting"
        if isinstance(action, Submit):
            return "MSC-4.2", "design at least one ship before submitting"
        return "MSC-4.2", f"{action}: it is the secret design phase"
    if phase == "deploy":
        if isinstance(action, (Place, Face)):
            return "MSC-4.3", f"{action}: ships deploy in the own three edge columns, one at a time"
        return "MSC-4.3", f"{action}: it is the secret deployment phase"
    if phase == "orders":
        plan = state.plans[current_seat(state) or 0]
        if plan.orders and not plan.orders[-1].complete and not isinstance(action, Step):
            return (
                "MSC-6.2",
                f"{action}: first plot the rest of this ship's SPEED (all must be spent)",
            )
        if isinstance(action, Submit):
            return "MSC-6.2", "every ship needs its SPEED and orders before submitting"
        if isinstance(action, SetSpeed):
            return (
                "MSC-6.1",
                f"{action}: SPEED changes by at most 1 a turn and never exceeds ENGINE",
            )
        if isinstance(action, Step):
            return "MSC-6.2", f"{action}: orders spend exactly SPEED, never two turns in a row"
        return "MSC-6.3", f"{action}: it is the move orders phase"
    if state.pending_hit is not None and not isinstance(action, HitSide):
        return "MSC-9.6", f"{action}: first choose the side hit by the damage roll"
    if isinstance(action, Fire):
        shooter = state.ships[action.ship] if 0 <= action.ship < len(state.ships) else None
        target = state.ships[action.target] if 0 <= action.target < len(state.ships) else None
        side = SIDE_INDEX.get(action.side, -1)
        if shooter is None or target is None:
            return "MSC-9.2", f"{action}: no such ship"
        return (
            "MSC-9.2",
            f"{action}: {shot_problem(state, shooter, side, target) or 'not legal now'}",
        )
    if isinstance(action, HitSide):
        return "MSC-9.6", f"{action}: that side does not face the shooter, or no choice is pending"
    return "MSC-9.1", f"{action}: it is a combat phase"


# ---- design (MSC-2, MSC-4.2)


def _apply_design(state: SkirmishState, player: int, action: Action) -> SkirmishState:
    plan = state.plans[player]
    if isinstance(action, NewShip):
        if action.design == CUSTOM:
            plan = replace(plan, draft=Draft())
        else:
            plan = replace(plan, designs=(*plan.designs, design_template(action.design)))
    elif isinstance(action, SetStat):
        assert plan.draft is not None
        plan = replace(plan, draft=replace(plan.draft, values=(*plan.draft.values, action.value)))
    elif isinstance(action, FitWeapon):
        draft = plan.draft
        assert draft is not None
        side = SIDE_INDEX[action.side]
        weapons = (*draft.weapons, side) if action.fit else draft.weapons
        draft = replace(draft, weapons=weapons, asked=draft.asked + 1)
        if draft.asked == len(WEAPON_SIDES):
            engine, shields, to_hit = draft.values
            design = Design(engine, shields, to_hit, tuple(sorted(draft.weapons)), CUSTOM)
            plan = replace(plan, designs=(*plan.designs, design), draft=None)
        else:
            plan = replace(plan, draft=draft)
    else:  # Submit
        plan = replace(plan, done=True)
    state = _with_plan(state, player, plan)
    if all(p.done for p in state.plans):
        state = _reveal_designs(state)
    return state


def _with_plan(state: SkirmishState, player: int, plan: Plan) -> SkirmishState:
    plans = (plan, state.plans[1]) if player == 0 else (state.plans[0], plan)
    return replace(state, plans=plans)


def _reveal_designs(state: SkirmishState) -> SkirmishState:
    """MSC-4.2: both sides' designs become PUBLIC together."""
    ships: list[Ship] = []
    log = list(state.log)
    for player in (0, 1):
        for number, design in enumerate(state.plans[player].designs, 1):
            weapons = tuple(INTACT if s in design.weapons else NONE for s in range(6))
            ship = Ship(len(ships), player, number, design, design.engine, design.shields, weapons)
            ships.append(ship)
            log.append(event(
                "revealed", ship=ship_ref(ship), engine=design.engine, shields=design.shields,
                to_hit=design.to_hit, weapons=design.weapons, design=design.name,
            ))
    return replace(state, phase="deploy", plans=(Plan(), Plan()), ships=tuple(ships), log=tuple(log))


# ---- deployment (MSC-4.3)


def _apply_deploy(state: SkirmishState, player: int, action: Action) -> SkirmishState:
    plan = state.plans[player]
    if isinstance(action, Place):
        plan = replace(plan, placements=(*plan.placements, Placement(action.col, action.row)))
    elif isinstance(action, Face):
        last = replace(plan.placements[-1], facing=action.facing)
        plan = replace(plan, placements=(*plan.placements[:-1], last))
    else:
        plan = replace(plan, done=True)
    state = _with_plan(state, player, plan)
    if all(p.done for p in state.plans):
        state = _reveal_deployment(state)
    return state


def _reveal_deployment(state: SkirmishState) -> SkirmishState:
    ships = list(state.ships)
    log = list(state.log)
    for player in (0, 1):
        for ship, place in zip(own_ships(state, player), state.plans[player].placements, strict=True):
            ships[ship.id] = replace(ship, col=place.col, row=place.row, facing=place.facing)
            where = Hex(place.col, place.row)
            log.append(event(
                "deployed", ship=ship_ref(ship), hex=where.label, col=place.col, row=place.row, facing=place.facing
            ))
    log.append(event("turn", turn=1))
    return replace(state, phase="orders", turn=1, plans=(Plan(), Plan()), ships=tuple(ships), log=tuple(log))


# ---- move orders and movement (MSC-6, MSC-7)


def _apply_orders(state: SkirmishState, player: int, action: Action) -> SkirmishState:
    plan = state.plans[player]
    if isinstance(action, SetSpeed):
        ship = plotting_ship(state, player)
        assert ship is not None
        plan = replace(plan, orders=(*plan.orders, Order(ship.id, action.speed)))
    elif isinstance(action, Step):
        last = plan.orders[-1]
        plan = replace(plan, orders=(*plan.orders[:-1], replace(last, steps=last.steps + action.move)))
    else:
        plan = replace(plan, done=True)
    state = _with_plan(state, player, plan)
    if all(p.done for p in state.plans):
        state = _movement(state)
    return state


def poses(start: Hex, facing: int, steps: str, grid: HexMap) -> tuple[list[tuple[Hex, int]], bool]:
    """Where a ship stands after each step of its orders (MSC-7.1): the start, then its hex and
    facing after every step. A forward move off the map ends the list on the hex it would have
    entered, and the ship disengages there (MSC-7.2): the flag says so."""
    out = [(start, facing)]
    for step in steps:
        here, now = out[-1]
        if step == "F":
            out.append((here.neighbour(now), now))
            if not grid.contains(out[-1][0]):
                return out, True
        else:
            out.append((here, (now + (1 if step == "R" else -1)) % 6))
    return out, False


def trace(start: Hex, facing: int, steps: str, grid: HexMap) -> tuple[list[Hex], int, bool]:
    """Run orders from ``start`` (MSC-7.1): the hexes entered, the final facing, and whether a
    forward move left the map, which stops the ship there (MSC-7.2)."""
    seq, left = poses(start, facing, steps, grid)
    kept = seq[:-1] if left else seq
    path = [start, *(where for (where, _), step in zip(kept[1:], steps, strict=False) if step == "F")]
    return path, kept[-1][1], left


def _movement(state: SkirmishState) -> SkirmishState:
    """MSC-7: every ship runs its orders independently; leaving the map disengages (MSC-7.2)."""
    grid = HexMap(state.width, state.height)
    ships = list(state.ships)
    # Both sides' moves come from the last submission: the header says they are both sides'
    # (issue 36: the recap filed both under the side that submitted last).
    log = [*state.log, event("movement", turn=state.turn, rule="MSC-7")]
    orders = {o.ship: o for p in state.plans for o in p.orders}
    for ship in state.ships:
        order = orders.get(ship.id)
        if order is None:
            continue
        written = compress_orders(order.steps)
        path, facing, left = trace(hex_of(ship), ship.facing, order.steps, grid)
        where, fate = path[-1], "disengaged" if left else ""
        entry = f"{order.speed} {written}".rstrip()
        ships[ship.id] = replace(
            ship,
            col=where.col,
            row=where.row,
            facing=facing,
            speed=order.speed,
            fate=fate,
            history=(*ship.history, entry),
            fired=(),
        )
        log.append(event(
            "moved", ship=ship_ref(ship), speed=order.speed, orders=written, hex=where.label, col=where.col,
            row=where.row, facing=facing, left=left,
        ))
    state = replace(state, plans=(Plan(), Plan()), ships=tuple(ships), log=tuple(log))
    state = _annihilation(state)
    if state.phase == "over":
        return state
    return _initiative(state)


def _initiative(state: SkirmishState) -> SkirmishState:
    """MSC-8: each side rolls 1d6, West first; ties re-roll; the higher is Player 1."""
    roller = Roller(state.rng)
    wests: list[int] = []
    easts: list[int] = []
    while True:
        wests.append(roller.d(6, f"MSC-8.1 initiative West turn {state.turn}"))
        easts.append(roller.d(6, f"MSC-8.1 initiative East turn {state.turn}"))
        if wests[-1] != easts[-1]:
            break
    first = 0 if wests[-1] > easts[-1] else 1
    # Every die with what it decided; words.py tells them with their dice record (C-2.8).
    told = event("initiative", turn=state.turn, west=tuple(wests), east=tuple(easts), first=first)
    log = (*state.log, told)
    state = replace(state, rng=roller.value, phase="combat", initiative=(first, 1 - first), firing=0, log=log)
    return _settle(state, fresh=True)


# ---- combat (MSC-9)


def _apply_combat(state: SkirmishState, action: Action) -> SkirmishState:
    if isinstance(action, HoldFire):
        return _end_combat_phase(state)
    if isinstance(action, HitSide):
        hit = state.pending_hit
        assert hit is not None
        state = replace(state, pending_hit=None)
        return _settle(_weapon_hit(state, state.ships[hit.target], SIDE_INDEX[action.side]))
    assert isinstance(action, Fire)
    return _settle(_fire(state, action))


def _fire(state: SkirmishState, action: Fire) -> SkirmishState:
    """One shot, fully resolved before the next (MSC-9.1): to-hit, then damage at once (MSC-12)."""
    shooter, target = state.ships[action.ship], state.ships[action.target]
    side = SIDE_INDEX[action.side]
    distance = hex_of(shooter).distance(hex_of(target))
    modifier = range_modifier(distance)
    assert modifier is not None
    need = shooter.design.to_hit + modifier  # MSC-9.4: hit iff roll <= TO-HIT + modifier
    roller = Roller(state.rng)
    roll = roller.d(6, f"MSC-9.4 to-hit {shooter.label} {action.side} at {target.label} (need {need})")
    damage = roller.d(6, f"MSC-9.5 damage on {target.label}") if roll <= need else 0
    state = _set_ship(state, replace(shooter, fired=(*shooter.fired, side)))
    told = event(
        "shot", shooter=ship_ref(shooter), weapon=action.side, target=ship_ref(target), distance=distance,
        need=need, roll=roll, damage=damage,
    )
    state = replace(state, rng=roller.value, log=(*state.log, told))
    if not damage:
        return state
    if damage <= 4:
        return _shield_hit(state, target, _hit(target, damage, "shields"))
    if damage == 5:
        if target.engine == 0:
            return _shield_hit(state, target, _hit(target, damage, "no_engine"))
        # MSC-9.5, MSC-9.8: ENGINE -1, and SPEED is clamped to it at once.
        engine = target.engine - 1
        state = _set_ship(state, replace(target, engine=engine, speed=min(target.speed, engine)))
        return _note(state, _hit(target, damage, "engine", left=engine))
    sides = facing_sides(shooter, target)
    outcomes = {s if target.weapons[s] == INTACT else -1 for s in sides}
    if len(outcomes) > 1:  # MSC-9.6: the shooter chooses among sides that differ
        state = replace(state, pending_hit=PendingHit(shooter.id, target.id, sides))
        return _note(state, _hit(target, damage, "choose", chooser=ship_ref(shooter)))
    return _weapon_hit(state, target, sides[0], damage)


def _hit(
    target: Ship, roll: int | None, effect: str, *, side: str = "", left: int | None = None,
    chooser: tuple[int, int, int] | None = None,
) -> Event:
    """What a damage roll did to ``target`` (MSC-9.5): ``effect`` is "shields", "no_engine",
    "engine" (``left``: ENGINE left), "choose" (the ``chooser`` picks the side, MSC-9.6),
    "weapon" or "no_weapon" (on ``side``); ``roll`` None where the die was told before."""
    return event(
        "damage", ship=ship_ref(target), roll=roll, effect=effect, side=side, left=left, shields_left=None,
        chooser=chooser,
    )


def _set_ship(state: SkirmishState, ship: Ship) -> SkirmishState:
    ships = list(state.ships)
    ships[ship.id] = ship
    return replace(state, ships=tuple(ships))


def _note(state: SkirmishState, told: Event) -> SkirmishState:
    return replace(state, log=(*state.log, told))


def facing_sides(shooter: Ship, target: Ship) -> tuple[int, ...]:
    """MSC-9.6: the target's sides whose arc holds the shooter (all six at range 0)."""
    return arcs_of(target.facing, relative(hex_of(target), hex_of(shooter)))


def _shield_hit(state: SkirmishState, target: Ship, told: Event) -> SkirmishState:
    target = state.ships[target.id]
    state = _set_ship(state, replace(target, shields=target.shields - 1))
    told = replace(told, fields=tuple((k, target.shields - 1 if k == "shields_left" else v) for k, v in told.fields))
    return _destruction(_note(state, told), target.id)


def _weapon_hit(state: SkirmishState, target: Ship, side: int, roll: int | None = None) -> SkirmishState:
    """A damage roll of 6 on ``side`` (MSC-9.5): the weapon there is destroyed, else SHIELD -1."""
    target = state.ships[target.id]
    effect = "weapon" if target.weapons[side] == INTACT else "no_weapon"
    # Without ``roll``, the die was told already when the shooter chose the side (MSC-9.6).
    told = _hit(target, roll, effect, side=SIDE_NAMES[side])
    if target.weapons[side] != INTACT:
        return _shield_hit(state, target, told)
    weapons = tuple(DESTROYED if s == side else w for s, w in enumerate(target.weapons))
    state = _set_ship(state, replace(target, weapons=weapons))
    return _note(state, told)


def _destruction(state: SkirmishState, ship_id: int) -> SkirmishState:
    """MSC-9.7: at SHIELD 0 the ship is destroyed and removed at once."""
    ship = state.ships[ship_id]
    if ship.shields > 0 or not ship.alive:
        return state
    state = _set_ship(state, replace(ship, shields=0, fate="destroyed"))
    return _note(state, event("destroyed", ship=ship_ref(ship)))


def _settle(state: SkirmishState, fresh: bool = False) -> SkirmishState:
    """Skip combat phases with no legal shot; a phase also ends when nothing can fire.

    A phase with no shot from its start says why in the log (``fresh``), so the side that won
    the initiative sees its turn to fire was not lost silently."""
    while state.phase == "combat" and state.pending_hit is None and not shots(state):
        if fresh:
            side = state.initiative[state.firing]
            ships, why, nearest = words.no_shot_facts(state, side)
            state = _note(state, event("no_shot", side=side, ships=ships, why=why, nearest=nearest, rule="MSC-9.2"))
        state = _end_combat_phase(state)
    return state


def _end_combat_phase(state: SkirmishState) -> SkirmishState:
    state = _annihilation(state)  # MSC-10.1
    if state.phase == "over":
        return state
    if state.firing == 0:
        return _settle(replace(state, firing=1), fresh=True)
    return _end_turn(state)


def _end_turn(state: SkirmishState) -> SkirmishState:
    """MSC-5.1 step 6 and MSC-10.2: the turn limit, then the next Move Orders Phase."""
    limit = state.turn_limit if state.victory == "annihilation_or_score" else MAX_TURNS_HARD
    if state.turn >= min(limit, MAX_TURNS_HARD):
        west, east = scores(state)
        winners = (0,) if west > east else (1,) if east > west else ()
        return replace(
            state,
            phase="over",
            winners=winners,
            result=f"turn limit: score {west} to {east}",
            log=(*state.log, event("turn_limit", west=west, east=east)),
        )
    ships = tuple(replace(s, fired=()) for s in state.ships)
    return replace(
        state,
        phase="orders",
        turn=state.turn + 1,
        ships=ships,
        initiative=(),
        firing=0,
        log=(*state.log, event("turn", turn=state.turn + 1)),
    )


def _annihilation(state: SkirmishState) -> SkirmishState:
    """MSC-10.1: a side with no ships left loses; both empty is a draw."""
    alive = [any(s.alive for s in state.ships if s.owner == p) for p in (0, 1)]
    if all(alive):
        return state
    winners = tuple(p for p in (0, 1) if alive[p])
    reason = f"{SIDE_LABEL[winners[0]]} wins by annihilation" if winners else "both sides gone: draw"
    return replace(
        state,
        phase="over",
        winners=winners,
        result=reason,
        pending_hit=None,
        log=(*state.log, event("annihilation", winners=winners)),
    )


# --------------------------------------------------------------------------------------
# The engine contract's remaining queries (pygame_core.game.Rules)


def current_player(state: SkirmishState) -> int | None:
    """Whose decision it is (``current_seat``), None once the game is over."""
    return current_seat(state)


def invariant_violations(state: SkirmishState) -> list[str]:
    """Designs legal and within the scenario, stats in range, ships on the map (MSC-2, MSC-9)."""
    out = []
    grid = HexMap(state.width, state.height)
    for index, ship in enumerate(state.ships):
        if ship.id != index:
            out.append(f"{ship.label}: id {ship.id} at index {index}")
        d = ship.design
        if d.problems(state.ship_bp):
            out.append(f"{ship.label}: illegal design {d.problems(state.ship_bp)}")
        if not 0 <= ship.engine <= d.engine:
            out.append(f"{ship.label}: ENGINE {ship.engine} outside 0..{d.engine}")
        if not 0 <= ship.shields <= d.shields:
            out.append(f"{ship.label}: SHIELD {ship.shields} outside 0..{d.shields}")
        if ship.alive and ship.shields == 0:
            out.append(f"{ship.label}: SHIELD 0 but still in play (MSC-9.7)")
        if ship.speed > ship.engine and ship.alive:
            out.append(f"{ship.label}: SPEED {ship.speed} above ENGINE {ship.engine} (MSC-9.8)")
        if ship.weapons[3] != 0 or any(ship.weapons[s] == 0 for s in d.weapons):
            out.append(f"{ship.label}: weapons do not match the design")
        if ship.alive and state.phase in ("orders", "combat") and not grid.contains(hex_of(ship)):
            out.append(f"{ship.label}: in play but off the map")
        if any(d.weapons.count(s) == 0 for s in ship.fired):
            out.append(f"{ship.label}: fired a side without a weapon")
    for p in (0, 1):
        plan = state.plans[p]
        spent = sum(x.bp for x in plan.designs)
        if spent > state.budget or len(plan.designs) > state.max_ships:
            out.append(f"{p}: designs exceed the scenario (MSC-2.3)")
        if plan.draft is not None and any(
            not STAT_LIMITS[k][0] <= v <= STAT_LIMITS[k][1]
            for k, v in zip(("engine", "shields", "to_hit"), plan.draft.values, strict=False)
        ):
            out.append(f"{p}: draft stat out of range")
    if state.phase == "over" and (state.plans[0].done or state.plans[1].done):
        out.append("a pending plan survives the end of the game")
    return out
