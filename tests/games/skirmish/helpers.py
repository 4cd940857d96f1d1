"""Builders for Minimal Space Combat test positions: ships placed by cube offsets, scripted dice."""

from __future__ import annotations

from dataclasses import replace

from pygame_core.games.skirmish import GAME
from pygame_core.games.skirmish.actions import Action, SetSpeed, Step, Submit
from pygame_core.games.skirmish.data import SIDE_INDEX
from pygame_core.games.skirmish.geometry import expand_orders
from pygame_core.games.skirmish.state import INTACT, NONE, Design, Ship, SkirmishState
from pygame_core.hexgrid import Hex
from pygame_core.rng import ScriptedRng

CENTRE = Hex(10, 8)


def at(q: int, r: int, origin: Hex = CENTRE) -> Hex:
    """The hex at cube offset (q, r) from ``origin``."""
    oq, orr, _ = origin.cube
    return Hex.from_cube(oq + q, orr + r)


def ship(
    id: int,
    owner: int,
    where: Hex,
    facing: int = 0,
    engine: int = 3,
    shields: int = 3,
    to_hit: int = 3,
    weapons: str = "F,FL,FR",
    speed: int = 0,
) -> Ship:
    sides = tuple(sorted(SIDE_INDEX[w] for w in weapons.split(",") if w))
    design = Design(engine, shields, to_hit, sides, "custom")
    status = tuple(INTACT if s in sides else NONE for s in range(6))
    number = id + 1 if owner == 0 else id
    return Ship(id, owner, number, design, engine, shields, status, where.col, where.row, facing, speed)


def position(
    *ships: Ship,
    phase: str = "orders",
    turn: int = 2,
    dice: tuple[int, ...] = (),
    initiative: tuple[int, ...] = (),
    **options: int | str,
) -> SkirmishState:
    """A game in ``phase`` with exactly these ships and a scripted RNG (C-2.7)."""
    ships = tuple(sorted(ships, key=lambda s: s.id))
    assert [s.id for s in ships] == list(range(len(ships))), "ship ids are their indices"
    base = GAME.new_game(dict(options), 0)
    state = replace(base, phase=phase, turn=turn, ships=ships, rng=ScriptedRng(dice))
    if phase == "combat":
        state = replace(state, initiative=initiative or (0, 1), firing=0)
    return state


def plot(state: SkirmishState, speed: int, orders: str) -> SkirmishState:
    """Plot one ship's SPEED and orders written like ``2L1`` through the step actions."""
    state = GAME.apply(state, SetSpeed(speed))
    for step in expand_orders(orders):
        state = GAME.apply(state, Step(step))
    return state


def play(state: SkirmishState, *actions: Action) -> SkirmishState:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def submit(state: SkirmishState) -> SkirmishState:
    return GAME.apply(state, Submit())
