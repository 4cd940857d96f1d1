""""Arrange for me": a complete, legal secret setup for the seat being set up, from its own view (SG-3.6, SG-3.8)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...hexgrid import Hex
from .data import PLANET_TYPE_COUNTS, VARIANTS, VariantData
from .races import RACE_BY_KEY

View = Mapping[str, Any]
Draft = Mapping[str, Any]


def suggest(v: View, draft: Draft) -> dict[str, Any]:
    """The page's "Arrange for me" (issue 32): the seat's draft completed into a full setup.

    ``draft`` is ``{"types": {planet: type}}`` in the planet-type step or ``{"fleets": {ship:
    planet}}`` in the fleet step (keys may be strings: JSON); what the seat already gave the
    engine, and every draft choice the rules still allow, is kept. The answer has the same
    form with every own planet typed, or every ship of the seat's hand placed, as pairs. It
    reads the seat's view only, so it can tell nothing the seat may not know (C-4.2)."""
    if v.get("viewer") is None or not v.get("setup") or v["setup"]["seat"] != v["viewer"]:
        return {}
    if v["phase"] == "types":
        keep = {int(k): str(t) for k, t in (draft.get("types") or {}).items()}
        return {"types": sorted(suggest_types(v, keep).items())}
    if v["phase"] == "fleets":
        keep_ships = {int(k): int(p) for k, p in (draft.get("fleets") or {}).items()}
        return {"fleets": sorted(suggest_fleets(v, keep_ships).items())}
    return {}


def _front(v: View) -> dict[int, int]:
    """Each own planet's distance to the nearest planet of another seat (public, SG-3.3)."""
    me = v["viewer"]
    enemy = [Hex(p["col"], p["row"]) for p in v["planets"] if p["owner"] >= 0 and p["owner"] != me]
    return {
        p["id"]: min((Hex(p["col"], p["row"]).distance(e) for e in enemy), default=0)
        for p in v["planets"] if p["owner"] == me
    }


def suggest_types(v: View, keep: Mapping[int, str]) -> dict[int, str]:
    """SG-3.6: a type for each own planet. The types already given and the kept ones stay (a
    kept type beyond its count, or on another seat's planet, is dropped); the Homeworld goes to
    the free planet farthest from the enemy, and the resource types are dealt round from the
    back, so no front holds every planet of one type (losing one type loses the game, SG-10)."""
    front = _front(v)
    left = dict(PLANET_TYPE_COUNTS)
    out: dict[int, str] = {}
    given = {p["id"]: p["type"] for p in v["planets"] if p["id"] in front and p["type"]}
    for pid, t in [*sorted(given.items()), *sorted(keep.items())]:
        if pid in front and pid not in out and left.get(t, 0) > 0:
            out[pid] = t
            left[t] -= 1
    free = sorted((pid for pid in front if pid not in out), key=lambda pid: (-front[pid], pid))
    cycle = [t for t, _ in PLANET_TYPE_COUNTS]
    turn = 0
    for pid in free:
        for _ in cycle:
            t = cycle[turn % len(cycle)]
            turn += 1
            if left[t] > 0:
                out[pid] = t
                left[t] -= 1
                break
    return out


def suggest_fleets(v: View, keep: Mapping[int, int]) -> dict[int, int]:
    """SG-3.8: a planet for each ship of the hand, at most 5 a planet (Classic: exactly 2).

    The ships already placed and the kept ones stay (one kept where the planet is full is
    dropped). The Homeworld is never left bare while a ship is free (SG-10.2: losing it loses
    the game); mobile ships, fastest first, form fleets at the planets nearest the enemy, each
    joined by the fighters its bays carry (SG-5.7: a fleet moves at its slowest ship's speed,
    and an unloaded stationary ship holds it in place); the stations and the other fighters
    guard the Homeworld first, then the most exposed planets."""
    data = VARIANTS[v["variant"]]
    me = v["viewer"]
    front = _front(v)
    room = 5 if data.planet_types else 2
    hand = [s["id"] for s in v["setup"]["my_hand"]]
    out: dict[int, int] = {}
    load = dict.fromkeys(front, 0)

    def put(cid: int, pid: int) -> None:
        out[cid] = pid
        load[pid] += 1

    for cid, pid in [*(tuple(x) for x in v["setup"]["my_placements"]), *sorted(keep.items())]:
        if cid in hand and cid not in out and pid in front and load[pid] < room:
            put(cid, pid)
    free = [c for c in hand if c not in out]
    race = (v["seats"][me].get("race") or "") if me < len(v["seats"]) else ""
    extra = RACE_BY_KEY[race].bays if race else 0
    order = sorted(front, key=lambda pid: (front[pid], pid))  # the front first
    if room == 2:
        _classic(data, free, order, load, put)
        return out
    mobile = sorted((c for c in free if not data.stationary[c]), key=lambda c: (-data.base_move[c], c))
    fighters = [c for c in free if data.fighter[c]]
    still = [c for c in free if data.stationary[c] and not data.fighter[c]]
    home = next((p["id"] for p in v["planets"] if p["id"] in front and p["type"] == "H"), None)
    if home is not None and load[home] == 0:  # issue 36: the Homeworld never starts bare
        guard = still or fighters or mobile
        if guard:
            put(guard.pop(0) if guard is not mobile else guard.pop(), home)
    for pid in order:
        if not mobile:
            break
        if load[pid] or pid == home:
            continue  # a fleet of its own, apart from stations and the player's own picks
        group = [mobile.pop(0) for _ in range(min(room, len(mobile)))]
        bays = sum(data.type_of(c).bays + extra for c in group)
        for c in group:
            put(c, pid)
        while bays > 0 and fighters and load[pid] < room:
            put(fighters.pop(0), pid)
            bays -= 1
    guards = [*mobile, *fighters, *still]  # mobile: only if every planet was taken
    spare = sorted(front, key=lambda pid: (pid != home, front[pid], pid))
    for c in guards:
        put(c, next(pid for pid in spare if load[pid] < room))
    return out


def _classic(data: VariantData, free: list[int], order: list[int], load: dict[int, int],
             put: Callable[[int, int], None]) -> None:
    """SG-3.8 Classic: exactly two a planet, so pair like with like (mobile ships by speed,
    then the fighters, then the stations) and fill the planets from the front."""
    ships = sorted(free, key=lambda c: (data.stationary[c], not data.fighter[c], -data.base_move[c], c))
    slots = [pid for pid in order for _ in range(2 - load[pid])]
    for c, pid in zip(ships, slots, strict=False):
        put(c, pid)
