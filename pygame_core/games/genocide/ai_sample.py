"""Space Genocide determinization: a complete state consistent with one seat's view (C-4.5).

``determinize(view, seat, seed)`` rebuilds a ``State`` from ``view`` alone (never the true
state): the public position is copied, and everything hidden from ``seat`` (SG-14.1) is
re-drawn with the AI's own RNG (C-2.6):

- other seats' fleet contents (SG-14.3): a fleet last seen in a battle or burst reveal
  (a sighting that is not stale) keeps exactly the ships seen; every other fleet gets ships
  drawn from the counters the seat cannot place (not its own, not seen elsewhere), with the
  public totals per seat (SG-A23) and, in Classic, the public stack heights. Stationary
  counters go to fleets standing on their owner's planets where possible, since a fleet away
  from its planets has moved and cannot hold an unloaded stationary ship (SG-5.7 b); a fleet
  seen moving (O-move) or moved by a card (Lure) gets mobile ships only;
- ships that public facts place are pinned where those facts put them (``ai_pins.py``): the
  ships revealed at a B1 this Engagement Phase stay in the fleet they were revealed in, launch
  orders and PB rolls name a ship at a planet (SG-8.3), and a card in the open chain keeps
  the ships it names where it could name them (SG-13.2: it resolves on them); a seat still
  to declare bursts keeps a ship with PBs in a battle hex (SG-7.2: it is asked);
- the pile (SG-2.3): its public count, and in ``resources`` mode its public composition;
- planet types not known to ``seat`` (SG-3.6): the owner's remaining type counters, shuffled;
- other hands (SG-13), the deck order (SEALED), and the setup hands and choices of seats that
  have set up already (PENDING, SG-3.6 / SG-3.8);
- pending B3 and burst declarations of seats that declared before ``seat`` (SG-6.3, SG-7.2);
- the game RNG: a fresh SplitMix64 stream from ``seed`` (the bot cannot foresee dice).

Public bookkeeping the view does not carry (hexes fought this phase, the wrecks, the other
seats' card bonuses, the launch orders once declared, Transport Phases begun, production
draws left, Classic marker counters, the continuation of an open card window) is read from
the public log lines of the current turn (``ai_log.py``), or set to its usual value; see the
notes at ``LogReader._bookkeeping``. The result satisfies ``GAME.view(sample, seat) == view``
and offers ``seat`` exactly its true legal actions, and the engine plays on from it like from
any state (tests/ai/test_genocide_sample.py).

Known approximations, which shape only how play goes on after the seat's decision (the
search's rollouts), never the view or the seat's legal actions: an O-move window's
continuation (taken as the move's completion, not a Select or the end of the phase) and its
pass count; the pb of this phase's wrecks and of enemy ships never seen (full); the other
seats' card bonuses fall on the ships drawn into the target fleet; ``discard_rule`` (taken
as on); a Lure's MP for seats other than the card player (0).
"""

from __future__ import annotations

from typing import Any

from ...ai.rand import AiRandom, derive_seed
from ...deck import Deck
from ...events import Event, events_from_plain
from ...game import PlayerId, View
from ...rng import Rng
from ...windows import Stops, Window
from . import rules
from .ai_log import label_key, probe_state, sides, turn_lines
from .ai_pins import PinPlacer
from .board import purpose_ship
from .cardplay.targets import REACTION_KINDS
from .data import PLANET_TYPE_COUNTS, PLANETS_PER_PLAYER, VARIANTS, VariantData
from .state import (
    CardMove,
    Fleet,
    PendingPlay,
    Phase,
    Planet,
    RollRec,
    Ship,
    Sighting,
    State,
)


def determinize(view: View, seat: PlayerId, seed: int) -> State:
    """A state giving ``seat`` exactly ``view``, with everything hidden re-drawn from ``seed``."""
    return _Sampler(view, seat, AiRandom(derive_seed(seed, "genocide", "determinize", seat))).build()


class _Sampler(PinPlacer):
    """One determinization: reads the view, draws the hidden parts, builds the State."""

    def __init__(self, view: View, seat: int, rng: AiRandom) -> None:
        self.v = view
        self.me = seat
        self.rng = rng
        self.data: VariantData = VARIANTS[view["variant"]]
        self.players: int = view["players"]
        self.log: list[Event] = list(events_from_plain(view["events"]))
        self.turn_log = turn_lines(self.log)
        self.phase: str = view["phase"]
        self._fleets: tuple[Fleet, ...] = ()
        self._planets: tuple[Planet, ...] = ()

    # ------------------------------------------------------------------ planets (SG-3.6)

    def planets(self) -> tuple[Planet, ...]:
        v, me = self.v, self.me
        setup = self.phase in ("race", "types", "fleets")
        done_setup = set(v["setup"]["done"]) if setup and v["setup"] else set(range(self.players))
        if self.phase == "race":
            done_setup = set()
        planets: list[Planet] = []
        hidden: dict[int, list[int]] = {}
        for p in v["planets"]:
            pid, owner = p["id"], p["owner"]
            ptype = p["type"] or ""
            public = pid >= PLANETS_PER_PLAYER * self.players and owner >= 0
            if not ptype and self.data.planet_types and 0 <= owner != me and owner in done_setup:
                hidden.setdefault(owner, []).append(pid)
            planets.append(Planet(owner, p["col"], p["row"], ptype, p["alive"], public))
        for owner, pids in hidden.items():
            used = [q.ptype for q in planets if q.owner == owner and q.ptype and not q.public]
            counters = [t for t, n in PLANET_TYPE_COUNTS for _ in range(n - used.count(t))]
            counters = self.rng.shuffled(counters)
            for pid, t in zip(pids, counters, strict=False):
                planets[pid] = Planet(owner, planets[pid].col, planets[pid].row, t, planets[pid].alive, False)
        return tuple(planets)

    # ------------------------------------------------------------------ the whole state

    def build(self) -> State:
        v, me, data, rng = self.v, self.me, self.data, self.rng
        players = self.players
        phase = self.phase
        order = tuple(v["order"])
        planets = self.planets()
        fleets = tuple(
            sorted(
                (Fleet(f["owner"], f["marker"], f["col"], f["row"], f["done"]) for f in v["fleets"]),
                key=lambda f: (f.owner, f.marker),
            )
        )
        races = tuple(s["race"] or "" for s in v["seats"]) if "races" in v["modules"] else ()
        total = data.total
        ships: list[Ship | None] = [None] * total
        taken: set[int] = set()
        for s in v["my_ships"]:
            ships[s["id"]] = Ship(me, s["fleet"], s["pb"], s["mp"], s["carrier"])
            taken.add(s["id"])
        drawn = -1
        if "drawn" in v:
            drawn = v["drawn"]["id"]
            taken.add(drawn)

        # Setup hands (SG-3.7) and choices (SG-3.8) while the setup runs.
        setup = v["setup"] if phase in ("race", "types", "fleets") else None
        my_hand: tuple[int, ...] = ()
        my_placements: list[tuple[int, int]] = []
        if setup is not None and "my_hand" in setup:
            my_hand = tuple(sorted(x["id"] for x in setup["my_hand"]))
            taken.update(my_hand)
            my_placements = [(c, pid) for c, pid in setup["my_placements"]]

        # Sightings (C-4.3): a fleet seen and not stale since holds exactly those ships.
        sightings = tuple(
            Sighting(
                g["owner"],
                g["marker"],
                g["round"],
                tuple((x["id"], x["pb"], x["carrier"]) for x in g["ships"]),
                g["stale"],
            )
            for g in v["sightings"]
        )
        fleet_keys = {(f.owner, f.marker) for f in fleets}
        known_fleet: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {}
        counts = [s["ships"] for s in v["seats"]]
        known_count = [0] * players
        for g in sightings:
            key = (g.owner, g.marker)
            if g.stale or g.owner == me or key not in fleet_keys:
                continue
            cids = [c for c, _, _ in g.ships]
            if any(c in taken for c in cids) or known_count[g.owner] + len(cids) > counts[g.owner]:
                continue
            known_fleet[key] = g.ships
            known_count[g.owner] += len(cids)
            taken.update(cids)

        # Ships of other seats that public facts place (SG-14.1): pinned into one of the
        # owner's re-drawn fleets where those facts allow (see ``ai_pins.PinPlacer.pins``).
        wrecks = self._wrecks(taken)
        taken.update(x.cid for x in wrecks)
        pinned, pin_pb, solo = self.place_pins(fleets, known_fleet, known_count, counts, ships, taken)

        pool = [c for c in range(total) if c not in taken]
        pool = rng.shuffled(pool)

        # The pile (SG-14.1): open composition in resources mode, count only in draw4.
        pile_view = v["pile"]
        pile: list[int] = []
        if "types" in pile_view:
            by_key: dict[str, int] = dict(pile_view["types"])
            rest = []
            for c in pool:
                k = data.type_of(c).key
                if by_key.get(k, 0) > 0:
                    by_key[k] -= 1
                    pile.append(c)
                else:
                    rest.append(c)
            pool = rest

        # Other seats' fleets (SG-14.3): every re-drawn fleet's size first, then its ships. The
        # fleets that cannot hold an unloaded stationary ship (away from their owner's planets,
        # or seen moving) are filled first, from the mobile counters, so that with few counters
        # left over (four seats) the stationary ones fall to fleets at home (SG-5.7 b).
        stationary = data.stationary
        mobile_pool = [c for c in pool if not stationary[c]]
        still_pool = [c for c in pool if stationary[c]]
        planet_hexes = {(p.col, p.row): p.owner for p in planets if p.alive}
        mobile_only = self._movers(fleets)
        redrawn: list[Fleet] = []
        slots: list[tuple[bool, Fleet]] = []  # one per ship to draw: (at home, its fleet)
        for s in range(players):
            if s == me:
                continue
            own = [f for f in fleets if f.owner == s]
            unknown = [f for f in own if (f.owner, f.marker) not in known_fleet]
            for f in own:
                # PBs are refilled at the owner's planets (SG-9.6) without staling a sighting.
                full = planet_hexes.get((f.col, f.row)) == s
                for c, pb, car in known_fleet.get((f.owner, f.marker), ()):
                    ships[c] = Ship(s, f.marker, data.pb_max[c] if full else min(pb, data.pb_max[c]), 0, car)
            if not unknown:
                continue
            floor = [len(pinned.get((f.owner, f.marker), ())) for f in unknown]
            fixed = [(f.owner, f.marker) in solo for f in unknown]
            holes = self._hole_counts(s, known_fleet)
            sizes = self._fleet_sizes(unknown, counts[s] - known_count[s], floor, fixed, holes)
            for f, n in zip(unknown, sizes, strict=True):
                key = (f.owner, f.marker)
                home = planet_hexes.get((f.col, f.row)) == s and key not in mobile_only
                for c in pinned.get(key, ()):
                    ships[c] = Ship(s, f.marker, pin_pb.get(c, data.pb_max[c]), 0, -1)
                slots += [(home, f)] * (n - len(pinned.get(key, ())))
            redrawn += unknown
        for home, f in sorted(slots, key=lambda x: x[0]):  # stable: away from home first
            if home and still_pool and rng.below(3) == 0:
                c = still_pool.pop()
            elif mobile_pool:
                c = mobile_pool.pop()
            else:
                c = still_pool.pop()
            ships[c] = Ship(f.owner, f.marker, data.pb_max[c], 0, -1)
        for s in range(players):
            self.ensure_pb(ships, s, fleets, redrawn, (mobile_pool, still_pool), pinned)
        for f in redrawn:
            self._load(ships, f.owner, f.marker)
        pool = rng.shuffled(mobile_pool + still_pool)

        # The ship being placed by another seat (SG-9.5, SG-12.1), setup hands, pile, limbo.
        placing = phase == "place" and drawn < 0
        if placing and pool:
            drawn = pool.pop()
        hands: tuple[tuple[int, ...], ...] = ()
        placements: tuple[tuple[int, int], ...] = ()
        planet_types: list[Planet] = list(planets)
        if setup is not None:
            hand_list: list[tuple[int, ...]] = []
            for s in range(players):
                if s == me and my_hand:
                    hand_list.append(my_hand)
                else:
                    hand_list.append(tuple(sorted(pool.pop() for _ in range(20))))
            hands = tuple(hand_list)
            placements = self._setup_placements(hands, planet_types, setup, my_placements)
        need_pile = pile_view["count"] - len(pile)
        pile.extend(pool[:need_pile])
        limbo = [x.cid for x in wrecks] + pool[need_pile:]
        self._fleets, self._planets = fleets, tuple(planet_types)
        burst = self._burst(ships)

        # Planet types of seats still to set up stay blank; types done are PENDING (SG-3.6).
        known = tuple(
            sorted(
                (me, p["id"])
                for p in v["planets"]
                if p["type"] and p["owner"] >= 0 and p["owner"] != me and p["alive"]
                and p["id"] < PLANETS_PER_PLAYER * players
            )
        )

        cards = v.get("cards")
        deck: Deck | None = None
        card_hands: tuple[tuple[int, ...], ...] = ()
        window: Window | None = None
        window_then = ""
        play: PendingPlay | None = None
        card_move: CardMove | None = None
        rolls: tuple[RollRec, ...] = ()
        effects: tuple[tuple[str, int, int], ...] = ()
        scans: tuple[tuple[int, Sighting], ...] = ()
        spied: tuple[tuple[int, int, int, tuple[int, ...]], ...] = ()
        analysis: tuple[tuple[int, tuple[int, ...]], ...] = ()
        stops: Stops | None = None
        if cards is not None:
            stops = _stops(cards)
            deck, card_hands, window, window_then, play = self._cards(cards, order)
            card_move = self._card_move(cards)
            rolls = self._rolls(cards["rolls"], ships, fleets, planet_types)
            effects = self._effects(cards, ships, fleets)
            scans = tuple(
                (
                    me,
                    Sighting(
                        g["owner"], g["marker"], g["round"], tuple((x["id"], x["pb"], x["carrier"]) for x in g["ships"])
                    ),
                )
                for g in cards["scans"]
            )
            spied = tuple((me, x["seat"], x["round"], tuple(c["num"] for c in x["hand"])) for x in cards["spied"])
            analysis = tuple((me, tuple(c["num"] for c in top)) for top in cards["analysis"])

        active_seat = v["active"] if v["active"] is not None else order[0]
        turn = order.index(active_seat) if active_seat in order else 0
        cursor = next((f["marker"] for f in v["fleets"] if f["ordering"]), 0)
        bk = self._bookkeeping(fleets, ships, active_seat)
        moved = self._moved()
        if moved and not cursor:
            cursor = moved[1]
        # Enemy mobile ships in a Transport Phase of theirs get their full MP (SG-5.6) unless
        # their fleet is marked done: the view shows only their own seat's MP.
        if phase in ("transport", "window", "target", "card_move") and active_seat != me and bk["transports"]:
            done = {(f.owner, f.marker) for f in fleets if f.done}
            probe = probe_state(self, races, ships, effects, fleets, planets)
            for c, sh in enumerate(ships):
                if sh is None or sh.owner != active_seat or stationary[c]:
                    continue
                if (sh.owner, sh.fleet) not in done:
                    ships[c] = Ship(sh.owner, sh.fleet, sh.pb, rules.move(probe, c, sh.owner), sh.carrier)

        state = State(
            variant=v["variant"],
            production=v["production"],
            discard_rule=bk["discard_rule"],
            combat_die=v["combat_die"],
            players=players,
            round_limit=v["round_limit"],
            rng=Rng.from_seed(rng.u64()),
            order=order,
            planets=tuple(planet_types),
            ships=tuple(ships),
            pile=tuple(sorted(pile)),
            limbo=tuple(limbo),
            modules=tuple(v["modules"]),
            races=races,
            terrain=tuple((t["col"], t["row"], t["type"]) for t in v["terrain"]),
            terrain_used=tuple(sorted((t["col"], t["row"]) for t in v["terrain"] if t["used"])),
            fleets=fleets,
            next_marker=bk["next_marker"],
            resources=tuple(s["resources"] for s in v["seats"]),
            alive=tuple(s["alive"] for s in v["seats"]),
            round=v["round"],
            turn=turn,
            phase=Phase(phase),
            setup_seat=order.index(setup["seat"]) if setup is not None else 0,
            hands=hands,
            placements=placements,
            cursor=cursor,
            fought=bk["fought"],
            battle=self._battle(ships, fleets, planet_types, races, effects),
            burst=burst,
            md_queue=tuple(v.get("launch_queue", ())),
            launches=tuple((int(x[0]), int(x[1])) for x in v.get("launches", ()))
            or tuple((c, n) for c, n, _ in self._launch_orders()),
            to_draw=bk["to_draw"],
            drawn=drawn,
            resume=bk["resume"],
            placer=bk["placer"],
            capture=tuple(v.get("capture", ())),
            wrecks=tuple(wrecks),
            deck=deck,
            cards=card_hands,
            effects=effects,
            window=window,
            window_then=window_then,
            stops=stops,
            play=play,
            card_move=card_move,
            rolls=rolls,
            transports=bk["transports"],
            moving=self._moving(cursor, ships, fleets, planet_types, active_seat, races, effects),
            moved=moved,
            fought_ships=bk["fought_ships"],
            scans=scans,
            spied=spied,
            analysis=analysis,
            known=known,
            sightings=sightings,
            log=tuple(self.log),  # the seat's own events and the public ones (C-4.3)
            epoch=v["epoch"],
            winners=tuple(v.get("winners", ())),
            reason=v.get("reason", ""),
        )
        return state

    # ------------------------------------------------------------------ helpers

    def _fleet_sizes(
        self,
        unknown: list[Fleet],
        ships: int,
        floor: list[int],
        fixed: list[bool],
        per_hex: dict[tuple[int, int], int],
    ) -> list[int]:
        """Ships per unknown fleet: public stack heights in Classic (SG-14.1), else at least
        ``floor`` (and one) each, exactly ``per_hex`` ships in all in the fleets of such a hex
        (the public count of Black Hole rolls, SG-4.1 step 0.1), and the rest spread at random
        over the others not ``fixed`` at their floor (a fleet holding its pinned ship alone)."""
        view_sizes = {(f["owner"], f["marker"]): f["ships"] for f in self.v["fleets"]}
        if self.data.fleet_size_public:
            return [int(view_sizes[(f.owner, f.marker)]) for f in unknown]
        sizes = [max(1, x) for x in floor]
        closed = {i for i in range(len(unknown)) if fixed[i]}
        for key, total in sorted(per_hex.items()):
            there = [i for i, f in enumerate(unknown) if (f.col, f.row) == key]
            if not there:
                continue
            for _ in range(max(0, total - sum(sizes[i] for i in there))):
                sizes[there[self.rng.below(len(there))]] += 1
            closed.update(there)
        open_ = [i for i in range(len(unknown)) if i not in closed] or list(range(len(unknown)))
        for _ in range(max(0, ships - sum(sizes))):
            sizes[open_[self.rng.below(len(open_))]] += 1
        return sizes

    def _hole_counts(self, seat: int, known: dict[tuple[int, int], tuple[tuple[int, int, int], ...]]
                     ) -> dict[tuple[int, int], int]:
        """SG-4.1 step 0.1: while the active seat's Black Hole rolls wait for their Luck window,
        its ships in each Black Hole hex number the rolls there (PUBLIC, SG-14.1); less those
        in its fleets seen there."""
        if seat != self.v["active"]:
            return {}
        out: dict[tuple[int, int], int] = {}
        for r in (self.v.get("cards") or {}).get("rolls", ()):
            purpose = str(r["purpose"])
            if purpose.startswith("SG.blackhole"):
                key = label_key(purpose.rsplit(" ", 1)[1])
                out[key] = out.get(key, 0) + 1
        for f in self.v["fleets"]:
            if f["owner"] == seat and (f["col"], f["row"]) in out:
                out[(f["col"], f["row"])] -= len(known.get((seat, f["marker"]), ()))
        return out

    def _movers(self, fleets: tuple[Fleet, ...]) -> set[tuple[int, int]]:
        """Other seats' fleets known to be able to move (no unloaded stationary ship, SG-5.7 b):
        the one whose move just completed (O-move) and one moved by a card now (Lure)."""
        out: set[tuple[int, int]] = set()
        moved = self._moved()
        if moved:
            out.add((moved[0], moved[1]))
        cm = (self.v.get("cards") or {}).get("card_move")
        if cm is not None:
            out.add((int(cm["owner"]), int(cm["marker"])))
        return {k for k in out if k[0] != self.me}

    def _load(self, ships: list[Ship | None], owner: int, marker: int) -> None:
        """SG-5.5 auto-load for a re-drawn fleet: fighters into its bay-ships, in cid order."""
        data = self.data
        cids = [c for c, s in enumerate(ships) if s is not None and s.owner == owner and s.fleet == marker]
        fighters = [c for c in cids if data.fighter[c]]
        if not fighters:
            return
        insect = 1 if self._race(owner) == "insects" else 0
        room = {c: data.base_bays[c] + insect for c in cids if not data.fighter[c]}
        for host in sorted(room):
            while room[host] > 0 and fighters:
                f = fighters.pop(0)
                s = ships[f]
                assert s is not None
                ships[f] = Ship(s.owner, s.fleet, s.pb, s.mp, host)
                room[host] -= 1

    def _rolls(
        self, rolls: list[dict[str, Any]], ships: list[Ship | None], fleets: tuple[Fleet, ...], planets: list[Planet]
    ) -> tuple[RollRec, ...]:
        """The rolls held for their Luck window (SG-A59), with what each one is for (``ref``,
        not in the view) rebuilt from its public purpose: the target of a battle roll, the
        ship and planet of a PB roll, the bursting ship and each enemy ship in its hex, the
        ships in a Black Hole, the neutral planet entered (SG-15)."""
        combat_die = int(self.v["combat_die"])
        active = self.v["active"] if self.v["active"] is not None else 0
        hex_of = {(f.owner, f.marker): (f.col, f.row) for f in fleets}

        def at(key: tuple[int, int]) -> list[int]:
            return [c for c, sh in enumerate(ships) if sh is not None and hex_of.get((sh.owner, sh.fleet)) == key]

        out: list[RollRec] = []
        burst_seen: dict[str, int] = {}
        hole_seen: dict[str, int] = {}
        for r in rolls:
            purpose, dice = str(r["purpose"]), tuple(int(x) for x in r["dice"])
            ref: tuple[int, ...] = ()
            ship = purpose_ship(purpose)
            cids = [] if ship is None else [ship]
            if purpose.startswith("SG.combat."):
                ref = (cids[0], 0 if ".attack" in purpose else 1)
            elif purpose.startswith("SG.pb"):
                ref = (cids[0], len(dice))
            elif purpose.startswith("SG.burst"):
                cid = cids[0]
                sh = ships[cid]
                k = burst_seen.get(purpose, 0)
                burst_seen[purpose] = k + 1
                enemies = []
                if sh is not None:
                    enemies = [c for c in at(hex_of.get((sh.owner, sh.fleet), (-1, -1)))
                               if (other := ships[c]) is not None and other.owner != sh.owner]
                ref = (cid, enemies[k] if k < len(enemies) else cid)
            elif purpose.startswith("SG.blackhole"):
                label = purpose.rsplit(" ", 1)[1]
                k = hole_seen.get(label, 0)
                hole_seen[label] = k + 1
                inside = [c for c in at(label_key(label)) if (other := ships[c]) is not None and other.owner == active]
                ref = (inside[k] if k < len(inside) else next(c for c, x in enumerate(ships) if x is None),)
            elif purpose.startswith("SG.neutral"):
                key = label_key(purpose.rsplit("=", 1)[1])
                pid = next((i for i, p in enumerate(planets) if (p.col, p.row) == key), 0)
                ref = (pid, active)
            out.append(RollRec(purpose, sides(purpose, combat_die), dice, ref))
        return tuple(out)

    def _setup_placements(
        self,
        hands: tuple[tuple[int, ...], ...],
        planets: list[Planet],
        setup: dict[str, Any],
        mine: list[tuple[int, int]],
    ) -> tuple[tuple[int, int], ...]:
        """SG-3.8: the PENDING fleet placements of the seats that have set up already, drawn
        at random within the limits (Classic 2 per planet, Advanced up to 5); then this seat's."""
        out: list[tuple[int, int]] = []
        room = 5 if self.data.planet_types else 2
        for s in setup["done"]:
            if s == self.me:
                continue
            pids = [pid for pid, p in enumerate(planets) if p.owner == s]
            load = dict.fromkeys(pids, 0)
            for c in hands[s]:
                open_pids = [pid for pid in pids if load[pid] < room]
                pid = open_pids[self.rng.below(len(open_pids))]
                load[pid] += 1
                out.append((c, pid))
        return (*out, *mine)


def _stops(cards: dict[str, Any]) -> Stops | None:
    """The public stop settings (C-5.4): None under rules 2, else who switched them off."""
    off = cards.get("stops_off")
    if off is None:
        return None
    stops = Stops(REACTION_KINDS)
    for seat in off:
        stops = stops.switched_all(int(seat), False)
    return stops
