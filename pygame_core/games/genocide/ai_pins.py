"""Space Genocide determinization, part three: the ships of other seats that public facts place (pins).

A sample re-draws the other seats' fleets (``ai_sample.py``), but some of their ships are
placed by what the table saw this turn (SG-14.1): the ships revealed in a battle of this
Engagement Phase, launch orders and PB rolls, the ships a card in the open chain names, and
a ship with PBs for a seat still to declare bursts. ``PinPlacer`` finds those ships and puts
each into one of its owner's re-drawn fleets where the facts allow, so the sample offers the
true legal actions and the engine plays on from it.
"""

from __future__ import annotations

from typing import NamedTuple

from . import cards as K
from .ai_log import LogReader, label_key
from .board import purpose_ship
from .cardplay.targets import target_step
from .cards import CARD_BY_NUM
from .state import Fleet, Ship
from .words import purpose_planet


class Pin(NamedTuple):
    """A ship of another seat that public facts place: its owner, the hexes it may stand in
    (None: any), its pb (-1: full), whether it is alone in its fleet, its fleet (0: any)."""

    cid: int
    owner: int
    where: set[tuple[int, int]] | None
    pb: int = -1
    alone: bool = False
    fleet: int = 0


# Card target steps naming a ship of the card's player / of another seat (SG-13.3).
OWN_SHIP_STEPS = frozenset({
    K.OWN_SHIP, K.OWN_MOBILE_SHIP, K.BATTLE_FIGHTER, K.DECOY_SHIP, K.OWN_FIGHTER, K.REFIT_SHIPS, K.SUICIDE_SHIP,
})
ENEMY_SHIP_STEPS = frozenset({K.ENEMY_ORDER, K.BOARD_SHIP, K.SUICIDE_TARGET, K.FOUGHT_FIGHTER})


class PinPlacer(LogReader):
    """The sampler's pin placement: which ships public facts place (``pins``), into which
    re-drawn fleet (``place_pins``), and a burst declarer's ship with PBs (``ensure_pb``)."""

    def pins(
        self, fleets: tuple[Fleet, ...], hex_of: dict[int, tuple[int, int]]
    ) -> list[Pin]:
        """Ships of other seats that public facts place (see ``Pin``):

        - the ships revealed at a B1 this Engagement Phase (SG-6.3) and still in play: in the
          fleet they were revealed in (fleets are neither split nor merged during it,
          SG-5.3), though a sighting went stale since (a ship of it destroyed by a card); a
          ship taken by Boarding Action (SG-13.3 #13) in its new owner's fleet there;
        - this Mass Destruction's launch orders and PB rolls (SG-8.3, PUBLIC): the active
          seat's ship in the planet's hex;
        - the targets of the cards in the open chain (SG-13.2: they resolve on them, C-5.2):
          the ship each card names, where the card could name it (SG-13.3), e.g. a Resupply
          target lacks a PB, a Fighter Base fighter sent to a new fleet with no marker free
          is alone in its fleet, a Refit ship stands at an own planet."""
        v, me = self.v, self.me
        out: list[Pin] = []
        if self._in_engagement():
            for cid, (owner, marker, col, row) in self._fought_fleets(fleets).items():
                if owner != me:
                    out.append(Pin(cid, owner, {(col, row)}, fleet=marker))
        active = v["active"]
        if active is not None and active != me:
            rolls = (v.get("cards") or {}).get("rolls", ())
            spent = any(str(r["purpose"]).startswith("SG.pb") for r in rolls)
            for cid, n, key in self._launch_orders():
                out.append(Pin(cid, active, {key}, max(0, self.data.pb_max[cid] - n) if spent else -1))
            for e in self.turn_log:
                if e.kind in ("launch", "launch_gone"):
                    out.append(Pin(e.num("ship"), active, {label_key(e.text("hex"))}))
            for r in rolls:
                purpose = str(r["purpose"])
                ship, planet = purpose_ship(purpose), purpose_planet(purpose)
                if purpose.startswith("SG.pb planet=") and ship is not None and planet is not None:
                    out.append(Pin(ship, active, {label_key(planet)}))
        win = (v.get("cards") or {}).get("window")
        if win is None:
            return out
        battle = v["battle"]
        battle_hex = {(battle["col"], battle["row"])} if battle is not None else None
        planet_hex = {p["id"]: (p["col"], p["row"]) for p in v["planets"]}
        limit = self.data.fleet_limit
        for p in win["chain"]:
            player, card, args = int(p["player"]), CARD_BY_NUM[p["card"]["num"]], tuple(p["targets"])
            for i, value in enumerate(args):
                step = target_step(card, args[:i])
                if step in OWN_SHIP_STEPS:
                    owner = player
                elif step in ENEMY_SHIP_STEPS and self.players == 2:
                    owner = 1 - player
                else:
                    continue
                if owner == me:
                    continue
                where: set[tuple[int, int]] | None = None
                pb, alone = -1, False
                if step == K.OWN_SHIP:
                    pb = max(0, self.data.pb_max[value] - 1)  # Resupply: a PB short (SG-13.3 #29)
                elif step == K.BATTLE_FIGHTER:
                    where = battle_hex
                elif step == K.DECOY_SHIP:
                    bursting = {hex_of[c] for c, n in (v["burst"] or {}).get("bursts", ()) if c in hex_of}
                    where = battle_hex if battle_hex is not None else bursting
                elif step == K.OWN_FIGHTER and len(args) == 3:
                    dest = planet_hex.get(args[1])
                    where = {(f.col, f.row) for f in fleets if f.owner == owner and (f.col, f.row) != dest}
                    jammed = {(f["owner"], f["marker"]) for f in v["fleets"] if f["jammed"]}
                    where -= {(f.col, f.row) for f in fleets if (f.owner, f.marker) in jammed}
                    used = sum(1 for f in fleets if f.owner == owner)
                    alone = args[2] == 0 and bool(limit) and used >= limit  # SG-13.3 #38: no marker free
                elif step == K.REFIT_SHIPS:
                    where = {(q["col"], q["row"]) for q in v["planets"] if q["owner"] == owner and q["alive"]}
                elif step == K.SUICIDE_SHIP and len(args) == 2 and args[1] in hex_of:
                    where = {hex_of[args[1]]}
                elif step == K.SUICIDE_TARGET and args[0] in hex_of:
                    where = {hex_of[args[0]]}
                elif step == K.BOARD_SHIP:
                    where = {(f.col, f.row) for f in fleets if f.owner == player}
                out.append(Pin(value, owner, where, pb, alone))
        return out

    def place_pins(
        self,
        fleets: tuple[Fleet, ...],
        known_fleet: dict[tuple[int, int], tuple[tuple[int, int, int], ...]],
        known_count: list[int],
        counts: list[int],
        ships: list[Ship | None],
        taken: set[int],
    ) -> tuple[dict[tuple[int, int], list[int]], dict[int, int], set[tuple[int, int]]]:
        """Each pin (``pins``) into one of its owner's re-drawn fleets allowed for it, while
        the owner's public ship total leaves room: the fleets' pins, the pins' pb, and the
        fleets that must hold their pin alone."""
        hex_at = {(f.owner, f.marker): (f.col, f.row) for f in fleets}
        hex_of: dict[int, tuple[int, int]] = {}
        for c, sh in enumerate(ships):
            if sh is not None:
                hex_of[c] = hex_at[(sh.owner, sh.fleet)]
        for key, seen in known_fleet.items():
            for c, _, _ in seen:
                hex_of[c] = hex_at[key]
        pinned: dict[tuple[int, int], list[int]] = {}
        pin_pb: dict[int, int] = {}
        solo: set[tuple[int, int]] = set()
        heights = {(f["owner"], f["marker"]): f["ships"] for f in self.v["fleets"]}
        for cid, owner, where, pb, alone, marker in self.pins(fleets, hex_of):
            if cid in taken or cid >= len(ships):
                continue
            unknown = [f for f in fleets if f.owner == owner and (f.owner, f.marker) not in known_fleet]
            room = counts[owner] - known_count[owner]
            need = sum(max(1, len(pinned.get((f.owner, f.marker), ()))) for f in unknown)
            options = [
                f for f in unknown
                if (where is None or (f.col, f.row) in where) and (f.owner, f.marker) not in solo
                and marker in (0, f.marker)
                and not (alone and pinned.get((f.owner, f.marker)))
                and not (self.data.fleet_size_public and len(pinned.get((f.owner, f.marker), ())) >= heights[
                    (f.owner, f.marker)])  # Classic: the public stack height (SG-14.1)
            ]
            if not options:
                continue
            f = options[self.rng.below(len(options))]
            key = (f.owner, f.marker)
            if pinned.get(key) and need + 1 > room:
                continue  # no room for one more ship of that seat (SG-A23: totals are public)
            pinned.setdefault(key, []).append(cid)
            taken.add(cid)
            if pb >= 0:
                pin_pb[cid] = pb
            if alone:
                solo.add(key)
        return pinned, pin_pb, solo

    def ensure_pb(
        self,
        ships: list[Ship | None],
        seat: int,
        fleets: tuple[Fleet, ...],
        redrawn: list[Fleet],
        pools: tuple[list[int], list[int]],
        pinned: dict[tuple[int, int], list[int]],
    ) -> None:
        """SG-7.2: a seat still to declare bursts has a ship with PBs in a battle hex (it is
        asked, which is public). Where the draw gave it none, one of its re-drawn ships there
        (not pinned) is exchanged for a mobile ship with PBs (a mobile ship may stand
        anywhere): one left over, else one re-drawn into another fleet (which takes the ship
        given up, if it may stand there); with none to exchange, one of its ships there kept
        a PB after all."""
        burst = self.v["burst"]
        if burst is None or seat == self.me or seat not in burst["waiting_for"]:
            return
        hex_at = {(f.owner, f.marker): (f.col, f.row) for f in fleets}
        owners: dict[tuple[int, int], set[int]] = {}
        for (o, _), key in hex_at.items():
            owners.setdefault(key, set()).add(o)
        hexes = {k for k, o in owners.items() if len(o) > 1}
        pb_max, stationary = self.data.pb_max, self.data.stationary
        mine = [
            c for c, sh in enumerate(ships)
            if sh is not None and sh.owner == seat and hex_at[(sh.owner, sh.fleet)] in hexes
        ]
        if any((sh := ships[c]) is not None and sh.pb >= 1 for c in mine):
            return
        drawn = {(f.owner, f.marker) for f in redrawn}
        keep = {c for cs in pinned.values() for c in cs}
        home = {
            (f.owner, f.marker) for f in fleets
            if any(p["owner"] == f.owner and p["alive"] and (p["col"], p["row"]) == (f.col, f.row)
                   for p in self.v["planets"])
        }
        mobile_pool, still_pool = pools
        fleet_of = {c: sh.fleet for c, sh in enumerate(ships) if sh is not None}
        given = sorted((c for c in mine if (seat, fleet_of[c]) in drawn and c not in keep), key=lambda c: stationary[c])
        for c in given[:1]:
            sh = ships[c]
            assert sh is not None
            swap = next((y for y in reversed(mobile_pool) if pb_max[y] >= 1), -1)
            if swap >= 0:
                mobile_pool.remove(swap)
                (still_pool if stationary[c] else mobile_pool).append(c)
                ships[swap] = Ship(seat, sh.fleet, pb_max[swap], 0, -1)
                ships[c] = None
                return
            for y, other in enumerate(ships):
                if (
                    other is None or y in keep or stationary[y] or pb_max[y] < 1
                    or (other.owner, other.fleet) not in drawn or (other.owner, other.fleet) == (seat, sh.fleet)
                    or (stationary[c] and (other.owner, other.fleet) not in home)
                ):
                    continue
                ships[y] = Ship(seat, sh.fleet, pb_max[y], 0, -1)
                ships[c] = Ship(other.owner, other.fleet, pb_max[c], 0, -1)
                return
        for c in mine:
            sh = ships[c]
            assert sh is not None
            if pb_max[c] >= 1:
                ships[c] = Ship(sh.owner, sh.fleet, 1, sh.mp, sh.carrier)
                return
