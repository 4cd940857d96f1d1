"""ATK* and DEF* of every ship a seat can see, each bonus named, read from its view alone (SG-2.7, C-4.2)."""

from __future__ import annotations

from ...hexgrid import Hex
from .data import VARIANTS, VariantData
from .models import GenocideView, Scan, ShipValue, Unsure
from .races import RACE_BY_KEY
from .terrain import TERRAIN_BY_KEY

View = GenocideView
Part = tuple[str, int, int]  # (what, ATK, DEF): one term of ATK* and DEF*


def owner_of(v: View, cid: int) -> int | None:
    """Whose ship ``cid`` is as far as the view tells: own, a B1 reveal, or a scan of the seat's."""
    if any(s["id"] == cid for s in v["my_ships"]):
        return v["viewer"]
    for group in [*v["sightings"], *_scans(v)]:
        if any(s["id"] == cid for s in group["ships"]):
            return group["owner"]
    return None


def _scans(v: View) -> list[Scan]:
    """The fleets the viewer scanned (C-4.3): none without the cards."""
    cards = v.get("cards")
    return cards.get("scans", []) if cards is not None else []


def unsure_plays(v: View) -> list[Unsure]:
    """The public card plays whose bonus may be on any of some ships (``card_bonuses.Unsure``)."""
    cards = v.get("cards")
    return cards["known_bonuses"]["unsure"] if cards is not None else []


def parts(v: View, data: VariantData, cid: int, owner: int | None, col: int, row: int) -> list[Part]:
    """The terms of ATK* and DEF* of ``cid`` in hex (col, row) as far as the view tells
    (SG-2.7): base, own planet in Advanced (SG-A29), race (SG-11), terrain (SG-12), this turn's
    card bonuses the view names (own ships, Skirmish on the hex) and those of other seats'
    ships that follow from public plays (SG-13.3, ``card_bonuses.known_bonuses``; an unsure
    one is left out). Only terms that add something, after the base."""
    t = data.type_of(cid)
    out: list[Part] = [("base", t.atk, t.defense)]
    planet = next((p for p in v["planets"] if p["col"] == col and p["row"] == row and p["alive"]), None)
    if data.home_bonus and owner is not None and planet is not None and planet["owner"] == owner:
        out.append(("own planet", 1, 2))
    race = v["seats"][owner]["race"] if owner is not None and 0 <= owner < len(v["seats"]) else None
    if race and (RACE_BY_KEY[race].atk or RACE_BY_KEY[race].defense):
        out.append((RACE_BY_KEY[race].name, RACE_BY_KEY[race].atk, RACE_BY_KEY[race].defense))
    terrain = next((x["type"] for x in v["terrain"] if x["col"] == col and x["row"] == row), None)
    if terrain and (TERRAIN_BY_KEY[terrain].atk or TERRAIN_BY_KEY[terrain].defense):
        out.append((TERRAIN_BY_KEY[terrain].name, TERRAIN_BY_KEY[terrain].atk, TERRAIN_BY_KEY[terrain].defense))
    cards = v.get("cards")
    here = Hex(col, row).label
    own_atk = own_def = skirmish = 0
    for e in cards["effects"] if cards is not None else ():
        if e["kind"] == "atk" and e.get("ship") == cid:
            own_atk += e.get("value", 0)
        elif e["kind"] == "def" and e.get("ship") == cid:
            own_def += e.get("value", 0)
        elif e["kind"] == "skirmish" and e.get("hex") == here:
            skirmish += e.get("value", 0)  # Skirmish covers the whole battle hex
    if own_atk or own_def:
        out.append(("your cards this turn", own_atk, own_def))
    if skirmish:
        out.append(("Skirmish", 0, skirmish))
    if owner != v["viewer"] and cards is not None:
        for k in cards["known_bonuses"]["ships"]:
            if k["ship"] == cid and (k["atk"] or k["def"]):
                out.append((" + ".join(k.get("cards") or ["cards this turn"]), k["atk"], k["def"]))
    return out


def stats(v: View, data: VariantData, cid: int, owner: int | None, col: int, row: int) -> tuple[int, int]:
    """ATK* and DEF* of ``cid`` in hex (col, row) as far as the view tells: the sum of ``parts``."""
    terms = parts(v, data, cid, owner, col, row)
    return sum(p[1] for p in terms), sum(p[2] for p in terms)


def ship_values(v: View) -> list[ShipValue]:
    """Issue 32: ATK* and DEF* of every ship the seat can see, where it is now, with each term
    named (the panel says "Attack 3 = 2 base + 1 own planet"): its own ships, the ships of the
    other seats' fleets it saw revealed (B1, SG-6.3) or scanned, while that fleet is on the map.
    A value that rests on a hidden bonus is the one the seat can know; ``unsure`` names the
    public card plays that may add more (``card_bonuses.Unsure``)."""
    data = VARIANTS[v["variant"]]
    at = {(f["owner"], f["marker"]): (f["col"], f["row"]) for f in v["fleets"]}
    seen: list[tuple[int, int, int]] = []  # (ship, owner, marker)
    me = v["viewer"]
    if me is not None:  # a spectator has no ships of its own
        seen.extend((s["id"], me, s["fleet"]) for s in v["my_ships"])
    for group in [*v["sightings"], *_scans(v)]:
        seen.extend((s["id"], group["owner"], group["marker"]) for s in group["ships"])
    unsure = unsure_plays(v)
    out: list[ShipValue] = []
    done: set[int] = set()
    for cid, owner, marker in seen:
        where = at.get((owner, marker))
        if cid in done or where is None:
            continue
        done.add(cid)
        terms = parts(v, data, cid, owner, *where)
        out.append({
            "ship": cid, "owner": owner, "marker": marker,
            "atk": sum(p[1] for p in terms), "def": sum(p[2] for p in terms),
            "parts": [{"what": what, "atk": a, "def": d} for what, a, d in terms],
            "unsure": [{"card": u["card"], "atk": u["atk"], "def": u["def"]} for u in unsure if cid in u["ships"]],
        })
    out.sort(key=lambda x: x["ship"])
    return out
