"""Builders for hand-made Space Genocide positions used by the scenario tests (SG-H)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pygame_core.deck import Deck
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.data import VARIANTS
from pygame_core.games.genocide.rules import move
from pygame_core.games.genocide.state import Fleet, Planet, Ship, State
from pygame_core.rng import ScriptedRng

ShipSpec = tuple[str, int] | tuple[str, int, str, int]  # (type key, copy[, "in", host index])
BASIC = {"module_races": False, "module_space_burst": False, "module_terrain": False, "module_cards": False}


def cid(variant: str, key: str, copy: int = 0) -> int:
    """SG-2.3: cid = type_index * copies + copy_index."""
    data = VARIANTS[variant]
    index = [t.key for t in data.types].index(key)
    assert 0 <= copy < data.copies
    return index * data.copies + copy


def position(
    variant: str = "advanced",
    *,
    planets: Sequence[tuple[int, int, int, str]] = (),
    fleets: Sequence[tuple[int, int, int, int, Sequence[ShipSpec]]] = (),
    active: int = 0,
    production: str = "variant",
    discard_rule: bool = True,
    dice: Sequence[int] = (),
    resources: tuple[int, ...] = (),
    players: int = 2,
    options: dict[str, object] | None = None,
    races: Sequence[str] = (),
    terrain: Sequence[tuple[int, int, str]] = (),
) -> State:
    """A state (two players unless told) at the start of ``active``'s Transport Phase.

    ``planets``: (owner, col, row, type). Unlisted planets of each seat are parked far away
    as live planets (so nobody has lost), typed to complete the Advanced counter set.
    ``fleets``: (owner, marker, col, row, ships), each ship ``(key, copy)`` or
    ``(key, copy, "in", i)`` meaning loaded into the i-th ship of the same list.
    Every ship has full PB, and the active player's mobile ships have MP = MOVE*.
    ``options`` adds module toggles (SG-1.1); ``races`` sets each seat's race (SG-11);
    ``terrain`` lists (col, row, key) hexes (SG-12), replacing any random terrain; each
    neutral_planet hex gets an uncaptured neutral planet.
    """
    base = GAME.new_game(
        {
            "variant": variant,
            "production": production,
            "discard_rule": discard_rule,
            "players": players,
            **BASIC,
            **(options or {}),
        },
        1,
    )
    if races:
        base = replace(base, races=tuple(races))
    base = replace(base, terrain=tuple(sorted(terrain)), terrain_used=())
    data = VARIANTS[variant]
    all_planets: list[Planet] = []
    for seat in range(players):
        mine = [p for p in planets if p[0] == seat]
        types = (
            ["H", "P", "P", "P", "M", "M", "M", "R", "R", "R"] if data.planet_types else [""] * 10
        )
        for _, _, _, t in mine:
            if t:
                types.remove(t)
        for owner, col, row, t in mine:
            all_planets.append(Planet(owner, col, row, t))
        for k in range(10 - len(mine)):
            col = 12 * seat + (0 if seat == 0 else 11)
            all_planets.append(Planet(seat, col, 2 * k + 2, types[k] if data.planet_types else ""))
    all_planets.extend(Planet(-1, c, r) for c, r, k in sorted(terrain) if k == "neutral_planet")
    ships: list[Ship | None] = [None] * data.total
    fleet_list = []
    for owner, marker, col, row, specs in fleets:
        ids = [cid(variant, spec[0], spec[1]) for spec in specs]
        for spec, c in zip(specs, ids, strict=True):
            carrier = ids[spec[3]] if len(spec) == 4 else -1  # type: ignore[misc]
            mp = move(base, c, owner) if owner == active else 0
            ships[c] = Ship(owner, marker, data.type_of(c).pb, mp, carrier)
        fleet_list.append(Fleet(owner, marker, col, row))
    fleet_list.sort(key=lambda f: (f.owner, f.marker))
    pile = tuple(c for c in range(data.total) if ships[c] is None)
    own = [f.marker for f in fleet_list if f.owner == active]
    state = replace(
        base,
        order=tuple(range(players)),
        turn=active,
        round=1,
        phase="transport",
        planets=tuple(all_planets),
        ships=tuple(ships),
        pile=pile,
        limbo=(),
        fleets=tuple(fleet_list),
        hands=(),
        placements=(),
        next_marker=tuple(
            1 + max([f.marker for f in fleet_list if f.owner == s] or [0]) for s in range(players)
        ),
        cursor=min(own) if own else 0,
        rng=ScriptedRng(tuple(dice)),
        resources=resources or (0,) * players,
        alive=(True,) * players,
        log=(),
        known=(),
        sightings=(),
        transports=1,  # the Transport Phase under way is the turn's first (SG-A61)
    )
    assert not GAME.invariant_violations(state), GAME.invariant_violations(state)
    return state


LAST_PLANET = (30, 6)


def third_seat_on_its_last_planet(variant: str, planet_type: str) -> State:
    """Three seats (SG-16); the third has one live planet left, at LAST_PLANET, where the
    first seat's Drone waits to bust it with a PB die of 1 (SG-8)."""
    state = position(variant, players=3, planets=[(2, *LAST_PLANET, planet_type)], fleets=[
        (0, 1, *LAST_PLANET, [("drone", 0)]),
        (1, 1, 3, 3, [("cruiser", 0)]),
        (2, 1, 25, 3, [("cruiser", 1)]),
    ], dice=[1])
    return replace(state, planets=tuple(
        replace(p, alive=p.owner != 2 or (p.col, p.row) == LAST_PLANET) for p in state.planets))


def with_dice(state: State, dice: Sequence[int]) -> State:
    return replace(state, rng=ScriptedRng(tuple(dice)))


def with_cards(
    state: State,
    hands: Sequence[Sequence[int]],
    deck: Sequence[int] = (),
    discard: Sequence[int] = (),
) -> State:
    """Cards on (SG-13) with the given hands (card numbers), deck (top first) and discards;
    every other card goes to the bottom of the deck, so the 42 are all accounted for."""
    used = {c for h in hands for c in h} | set(deck) | set(discard)
    rest = [c for c in range(1, 43) if c not in used]
    modules = tuple(sorted({*state.modules, "cards"}))
    return replace(
        state,
        modules=modules,
        deck=Deck(tuple(deck) + tuple(rest), tuple(discard)),
        cards=tuple(tuple(sorted(h)) for h in hands),
    )


def told(state: State) -> list[str]:
    """Every event of the state's log in words, each as the seat that may see it reads it
    (a dice record without its ``  roll `` indent): what a test looks for in the log."""
    out = []
    for e in state.log:
        for line in GAME.render_event(state, e, e.seen_by if e.seen_by >= 0 else None):
            out.append(line.removeprefix("  roll "))
    return out
