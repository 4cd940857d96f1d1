"""Space Genocide determinization: a complete state consistent with one seat's view (C-4.5).

``determinize(view, seat, seed)`` rebuilds a ``State`` from ``view`` alone (never the true
state): the public position is copied, and everything hidden from ``seat`` (SG-14.1) is
re-drawn with the AI's own RNG (C-2.6):

- other seats' fleet contents (SG-14.3): a fleet last seen in a battle or burst reveal
  (a sighting that is not stale) keeps exactly the ships seen; every other fleet gets ships
  drawn from the counters the seat cannot place (not its own, not seen elsewhere), with the
  public totals per seat (SG-A23) and, in Classic, the public stack heights. Stationary
  counters go to fleets standing on their owner's planets where possible, since a fleet away
  from its planets has moved and cannot hold an unloaded stationary ship (SG-5.7 b);
- the pile (SG-2.3): its public count, and in ``resources`` mode its public composition;
- planet types not known to ``seat`` (SG-3.6): the owner's remaining type counters, shuffled;
- other hands (SG-13), the deck order (SEALED), and the setup hands and choices of seats that
  have set up already (PENDING, SG-3.6 / SG-3.8);
- pending B3 and burst declarations of seats that declared before ``seat`` (SG-6.3, SG-7.2);
- the game RNG: a fresh SplitMix64 stream from ``seed`` (the bot cannot foresee dice).

Public bookkeeping the view does not carry (hexes fought this phase, Transport Phases begun,
production draws left, Classic marker counters, the continuation of an open card window) is
read from the public log lines of the current turn, or set to its usual value; see the notes
at ``_bookkeeping``. The result satisfies ``GAME.view(sample, seat) == view``.

Known approximations (public facts the view does not carry; they can make a sample's legal
actions differ from the true ones in a card window, never its view): which fleet just
completed its move in an O-move window (guessed, for Space Mines / Intercept / Retreat) and
the window's continuation and pass count; the pb of this phase's wrecks (taken as full);
the other seats' per-ship card bonuses (only jams are rebuilt, from the public marker);
``discard_rule`` (taken as on); the pb of enemy ships never seen (full). The search's
``candidates`` drops any root action a sample refuses.
"""

from __future__ import annotations

import re
from typing import Any

from ...ai.rand import AiRandom, derive_seed
from ...deck import Deck
from ...game import PlayerId, View
from ...rng import Rng
from ...windows import Play, Window
from . import rules
from .data import PLANET_TYPE_COUNTS, PLANETS_PER_PLAYER, SEAT_NAMES, VARIANTS, VariantData
from .state import (
    Battle,
    BurstStep,
    CardMove,
    Fleet,
    PendingPlay,
    Phase,
    Planet,
    RollRec,
    Ship,
    Sighting,
    State,
    Wreck,
    evolve,
)

_TURN_LINE = re.compile(r"^Round (\d+): (\w+)'s turn$")
_FLEET_MENTION = re.compile(r"\b(West|East|North|South) fleet (\d+)\b")
_SPLIT_LINE = re.compile(r"^(West|East|North|South) splits fleet (\d+) off", re.MULTILINE)
_BATTLE_LINE = re.compile(r"^Battle at (\d{4}): ")
_CID = re.compile(r"#(\d+)")
_REVEAL = re.compile(r"^(?:Battle|Space burst) at (\d{4}): (\w+) fleet (\d+) = (.*)$")
_KILLED = re.compile(r"#(\d+): destroyed$")
_BURST_HITS = re.compile(r" bursts \d+ PB at \d{4} against \d+ ship\(s\): (.*)$")
_LAUNCH = re.compile(r"^.* #(\d+) launches \d+ PB at (\d{4})", re.MULTILINE)
_PB_ROLL = re.compile(r"^SG\.pb planet=(\d{4}) ship#(\d+)")


def _label_key(label: str) -> tuple[int, int]:
    """C-1.5: the 4-digit hex label CCRR (1-based) as (col, row)."""
    return int(label[:2]) - 1, int(label[2:]) - 1


def _turn_lines(log: list[str]) -> list[str]:
    """The log lines of the turn in progress (from its "Round N: X's turn" line)."""
    for i in range(len(log) - 1, -1, -1):
        line = log[i]
        if line.startswith("Round ") and _TURN_LINE.match(line):
            return log[i:]
    return []


def determinize(view: View, seat: PlayerId, seed: int) -> State:
    """A state giving ``seat`` exactly ``view``, with everything hidden re-drawn from ``seed``."""
    return _Sampler(view, seat, AiRandom(derive_seed(seed, "genocide", "determinize", seat))).build()


class _Sampler:
    """One determinization: reads the view, draws the hidden parts, builds the State."""

    def __init__(self, view: View, seat: int, rng: AiRandom) -> None:
        self.v = view
        self.me = seat
        self.rng = rng
        self.data: VariantData = VARIANTS[view["variant"]]
        self.players: int = view["players"]
        self.log: list[str] = view["log"]
        self.turn_log = _turn_lines(self.log)
        self.phase: str = view["phase"]
        self._fleets: tuple[Fleet, ...] = ()
        self._planets: tuple[Planet, ...] = ()
        self._known_fleets: set[tuple[int, int]] = set()

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

        # Ships named in public lines of this turn with their owner and hex (launch orders
        # and PB rolls are PUBLIC, SG-8.3): pinned into a fleet of that owner there.
        pinned: dict[tuple[int, int], list[int]] = {}
        fleet_at: dict[tuple[int, tuple[int, int]], tuple[int, int]] = {}
        for f in fleets:
            if (f.owner, f.marker) not in known_fleet and f.owner != me:
                fleet_at.setdefault((f.owner, (f.col, f.row)), (f.owner, f.marker))
        active_now = v["active"]
        if active_now is not None and active_now != me:
            named = [(int(m.group(1)), m.group(2)) for m in _LAUNCH.finditer("\n".join(self.turn_log))]
            for r in (v.get("cards") or {}).get("rolls", ()):
                m2 = _PB_ROLL.match(str(r["purpose"]))
                if m2:
                    named.append((int(m2.group(2)), m2.group(1)))
            for cid, label in named:
                found = fleet_at.get((active_now, _label_key(label)))
                if found is None or cid in taken:
                    continue
                key = found
                if sum(len(x) for k, x in pinned.items() if k[0] == active_now) + known_count[active_now] >= counts[
                    active_now
                ]:
                    break
                pinned.setdefault(key, []).append(cid)
                taken.add(cid)

        wrecks = self._wrecks(taken)
        taken.update(x.cid for x in wrecks)

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

        # Other seats' fleets (SG-14.3).
        stationary = data.stationary
        mobile_pool = [c for c in pool if not stationary[c]]
        still_pool = [c for c in pool if stationary[c]]
        planet_hexes = {(p.col, p.row): p.owner for p in planets if p.alive}
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
            sizes = self._fleet_sizes(unknown, counts[s] - known_count[s], floor)
            for f, n in zip(unknown, sizes, strict=True):
                home = planet_hexes.get((f.col, f.row)) == s
                for c in pinned.get((f.owner, f.marker), ()):
                    ships[c] = Ship(s, f.marker, data.pb_max[c], 0, -1)
                for _ in range(n - len(pinned.get((f.owner, f.marker), ()))):
                    if home and still_pool and rng.below(3) == 0:
                        c = still_pool.pop()
                    elif mobile_pool:
                        c = mobile_pool.pop()
                    else:
                        c = still_pool.pop()
                    ships[c] = Ship(s, f.marker, data.pb_max[c], 0, -1)
                self._load(ships, s, f.marker)
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
        self._known_fleets = set(known_fleet)
        # In resources mode the pile's composition is public: no swapping with it.
        burst = self._burst(ships, pile if "types" not in pile_view else [])

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
        if cards is not None:
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
        moved = self._moved(fleets, planet_types, active_seat)
        if moved and not cursor:
            cursor = moved[1]
        # Enemy mobile ships in a Transport Phase of theirs get their full MP (SG-5.6) unless
        # their fleet is marked done: the view shows only their own seat's MP.
        if phase in ("transport", "window", "target", "card_move") and active_seat != me and bk["transports"]:
            done = {(f.owner, f.marker) for f in fleets if f.done}
            probe = _probe_state(self, races, ships, effects, fleets, planets)
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
            launches=tuple((int(x[0]), int(x[1])) for x in v.get("launches", ())),
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
            log=tuple(self.log),  # the seat's own lines and the public ones (C-4.3)
            epoch=v["epoch"],
            winners=tuple(v.get("winners", ())),
            reason=v.get("reason", ""),
        )
        return state

    # ------------------------------------------------------------------ helpers

    def _fleet_sizes(self, unknown: list[Fleet], ships: int, floor: list[int]) -> list[int]:
        """Ships per unknown fleet: public stack heights in Classic (SG-14.1), else at least
        ``floor`` (and one) each and the rest spread at random."""
        view_sizes = {(f["owner"], f["marker"]): f["ships"] for f in self.v["fleets"]}
        if self.data.fleet_size_public:
            return [int(view_sizes[(f.owner, f.marker)]) for f in unknown]
        n = len(unknown)
        sizes = [max(1, x) for x in floor]
        for _ in range(max(0, ships - sum(sizes))):
            sizes[self.rng.below(n)] += 1
        return sizes

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
            cids = [int(x) for x in _CID.findall(purpose)]
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
                inside = [c for c in at(_label_key(label)) if (other := ships[c]) is not None and other.owner == active]
                ref = (inside[k] if k < len(inside) else next(c for c, x in enumerate(ships) if x is None),)
            elif purpose.startswith("SG.neutral"):
                key = _label_key(purpose.rsplit("=", 1)[1])
                pid = next((i for i, p in enumerate(planets) if (p.col, p.row) == key), 0)
                ref = (pid, active)
            out.append(RollRec(purpose, _sides(purpose, combat_die), dice, ref))
        return tuple(out)

    def _race(self, seat: int) -> str:
        race = self.v["seats"][seat]["race"]
        return str(race) if race else ""

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

    def _moved(self, fleets: tuple[Fleet, ...], planets: list[Planet], active: int) -> tuple[int, ...]:
        """SG-13.2 O-move: the fleet whose move just completed. The view names neither it nor
        the fleet being ordered (only while the phase is "transport"), so this draws one of
        the active seat's fleets, preferring one alone in an empty hex (where it can be
        reached by Space Mines), and "entered empty" when it is alone there."""
        cards = self.v.get("cards") or {}
        win = cards.get("window")
        if win is None or win["kind"] != "O-move":
            return ()
        own = [f for f in fleets if f.owner == active]
        if not own:
            return ()
        alone = [f for f in own if self._empty_hex(f, fleets, planets)]
        pick = alone or own
        f = pick[self.rng.below(len(pick))]
        return (active, f.marker, f.col, f.row, int(self._empty_hex(f, fleets, planets)))

    def _moving(
        self,
        cursor: int,
        ships: list[Ship | None],
        fleets: tuple[Fleet, ...],
        planets: list[Planet],
        active: int,
        races: tuple[str, ...],
        effects: tuple[tuple[str, int, int], ...],
    ) -> tuple[int, ...]:
        """The fleet being ordered once it has stepped (its MP is below MOVE*)."""
        if self.phase != "transport" or not cursor or active != self.me:
            return ()
        f = next((f for f in fleets if f.owner == active and f.marker == cursor), None)
        if f is None:
            return ()
        probe = _probe_state(self, races, ships, effects, fleets, planets)
        stepped = any(
            s is not None and s.owner == active and s.fleet == cursor and not self.data.stationary[c]
            and s.mp < rules.move(probe, c, active)
            for c, s in enumerate(ships)
        )
        return (cursor, int(self._empty_hex(f, fleets, planets))) if stepped else ()

    @staticmethod
    def _empty_hex(f: Fleet, fleets: tuple[Fleet, ...], planets: list[Planet]) -> bool:
        key = (f.col, f.row)
        return not any((g.col, g.row) == key and g != f for g in fleets) and not any(
            (p.col, p.row) == key and p.alive for p in planets
        )

    def _in_engagement(self) -> bool:
        """Whether this turn's Engagement Phase is under way (its wrecks are in limbo)."""
        if self.phase in ("declare", "choose_battle", "capture", "burst"):
            return True
        win = (self.v.get("cards") or {}).get("window")
        if win is None or self.phase not in ("window", "target", "card_move"):
            return False
        if win["kind"] in ("B-pre", "B-decl", "burst", "E-end", "E0"):
            return True
        rolls = (self.v.get("cards") or {}).get("rolls", ())
        return win["kind"] == "roll" and any(str(r["purpose"]).startswith(("SG.combat", "SG.burst")) for r in rolls)

    def _wrecks(self, taken: set[int]) -> list[Wreck]:
        """SG-6.9: the ships destroyed in this Engagement Phase, rebuilt from the public B1
        reveal lines (owner, fleet, hex) and the battle and burst results; their pb is not
        shown, so it is taken as full. For Scavenger captures and the E-end cards."""
        if not self._in_engagement():
            return []
        names = list(self.v["seat_names"])
        where: dict[int, tuple[int, int, int, int]] = {}
        killed: list[int] = []
        for line in self.turn_log:
            m = _REVEAL.match(line)
            if m and m.group(2) in names:
                col, row = _label_key(m.group(1))
                owner, marker = names.index(m.group(2)), int(m.group(3))
                for c in _CID.findall(m.group(4)):
                    where[int(c)] = (owner, marker, col, row)
                continue
            k = _KILLED.search(line)
            if k:
                killed.append(int(k.group(1)))
                continue
            b = _BURST_HITS.search(line)
            if b:
                killed.extend(int(c) for c in _CID.findall(b.group(1)))
        out = []
        for cid in dict.fromkeys(killed):
            if cid in where and cid not in taken:
                owner, marker, col, row = where[cid]
                out.append(Wreck(cid, owner, marker, col, row, self.data.pb_max[cid]))
        return out

    def _bookkeeping(self, fleets: tuple[Fleet, ...], ships: list[Ship | None], active: int) -> dict[str, Any]:
        """Public bookkeeping the view does not carry, from this turn's public log lines.

        - ``fought``: the hexes whose "Battle at" reveal is logged this turn (SG-6.2), but the
          one fought now; ``fought_ships``: the ships named in those reveals (SG-A68).
        - ``transports``: 1 once the turn is past its start window, plus the Strategic Push
          lines (SG-A61).
        - ``to_draw``: draw4 production draws left: 4 + Robots + Increased Production, capped,
          minus the draws logged this turn (SG-9.3).
        - ``next_marker`` (Classic): one more than the highest marker the log or map shows.
        - ``discard_rule``: on unless the Advanced production went on without a discard step.
        - ``resume``/``placer``: an Alien Ruins ship is placed by the seat that found it.
        """
        v = self.v
        lines = self.turn_log
        battle = v["battle"]
        now = (battle["col"], battle["row"]) if battle else None
        fought: list[tuple[int, int]] = []
        fought_ships: set[int] = set()
        for line in lines:
            m = _BATTLE_LINE.match(line)
            if m:
                key = _label_key(m.group(1))
                if key != now and key not in fought:
                    fought.append(key)
            r = _REVEAL.match(line)  # SG-A68: every ship at a B1 (battle or burst) fought
            if r:
                fought_ships.update(int(x) for x in _CID.findall(r.group(4)))
        started = self.phase not in ("race", "types", "fleets") and not (
            self.phase == "window" and v.get("cards", {}).get("window", {}).get("kind") in ("start", "roll")
            and not any("Transport" in x for x in lines)
        )
        transports = 1 if started else 0
        transports += sum(1 for x in lines if "extra Transport Phase" in x)
        name = SEAT_NAMES[active] if self.players > 2 or active < 2 else str(active)
        name = v["seat_names"][active] if active < len(v["seat_names"]) else name
        to_draw = 0
        resume, placer = "", -1
        if self.phase == "place":
            ruins = [x for x in lines if x.endswith("in the ruins") or "reaches the Alien Ruins" in x]
            after_ruins = not any("draws a ship" in x for x in lines)
            if ruins and after_ruins and v["active"] is not None:
                resume, placer = "after_step", v["active"]
            elif v["production"] == "draw4":
                drew = sum(1 for x in lines if x == f"{name} draws a ship")
                race = self._race(active)
                played = f"{name} plays Increased Production"
                extra = (1 if race == "robots" else 0) + sum(1 for x in lines if x.startswith(played))
                cap = (25 if race == "worms" else 20) if self.data.ship_cap else 0
                in_play = sum(1 for s in ships if s is not None and s.owner == active)
                n = 4 + extra
                if cap:
                    n = min(n, cap - (in_play - (drew - 1)))
                to_draw = max(0, n - drew)
            else:
                to_draw = 0
        next_marker = (1,) * self.players
        if not self.data.fleet_limit:  # Classic: markers are numbered on (SG-2.4)
            highest = [0] * self.players
            for f in fleets:
                highest[f.owner] = max(highest[f.owner], f.marker)
            names = list(v["seat_names"])
            text = "\n".join(self.log)
            for m in _FLEET_MENTION.finditer(text):
                if m.group(1) in names:
                    s = names.index(m.group(1))
                    highest[s] = max(highest[s], int(m.group(2)))
            for m2 in _SPLIT_LINE.finditer(text):
                if m2.group(1) in names:
                    s = names.index(m2.group(1))
                    highest[s] = max(highest[s], int(m2.group(2)))
            next_marker = tuple(h + 1 for h in highest)
        return {
            "fought": tuple(fought),
            "fought_ships": tuple(sorted(fought_ships)) if "cards" in v["modules"] else (),
            "transports": transports,
            "to_draw": to_draw,
            "resume": resume,
            "placer": placer,
            "next_marker": next_marker,
            "discard_rule": True,
        }

    def _battle(
        self,
        ships: list[Ship | None],
        fleets: tuple[Fleet, ...],
        planets: list[Planet],
        races: tuple[str, ...],
        effects: tuple[tuple[str, int, int], ...],
    ) -> Battle | None:
        """SG-6.3: the battle in progress; the B3 declarations of seats that declared before
        this seat are PENDING, so they are drawn (each eligible ship at a random target)."""
        b = self.v["battle"]
        if b is None:
            return None
        key = (b["col"], b["row"])
        present = tuple(sorted((f.owner, f.marker) for f in fleets if (f.col, f.row) == key))
        protected = tuple(b["protected"])
        declarers = tuple(b["waiting_for"])
        queue = tuple(b.get("to_declare", ()))
        mine = [tuple(x) for x in b.get("my_declarations", ())]
        sacrifices = tuple(b.get("my_sacrifices", ()))
        owners = sorted({o for o, _ in present})
        order = list(self.v["order"])
        active = self.v["active"]
        start = order.index(active) if active in order else 0
        turn_order = [order[(start + i) % len(order)] for i in range(len(order))]
        declared: list[tuple[int, int]] = []
        if self.phase == "declare" or declarers:
            probe = _probe_state(self, races, ships, effects, fleets, tuple(planets))
            idx = rules.Index(probe)
            for s in turn_order:
                if s == self.me or s in declarers or s not in owners:
                    continue
                for c in rules.eligible_attackers(probe, idx, key, s, protected):
                    targets = [
                        t for t in idx.ships_at(key)
                        if (other := ships[t]) is not None and other.owner != s and t not in protected
                    ]
                    declared.append((c, targets[self.rng.below(len(targets))] if targets else -1))
        decl = tuple((int(x[0]), int(x[1])) for x in (*declared, *mine))
        return Battle(key[0], key[1], protected, declarers, queue, decl, sacrifices, present)

    def _burst(self, ships: list[Ship | None], pile: list[int]) -> BurstStep | None:
        """SG-7.2: burst declarations in progress. Other seats' PENDING ones are drawn (a
        ship bursts now and then); a seat still to declare has a ship with PBs in a battle
        hex (public: it is asked), so the draw gives it one if it has none."""
        b = self.v["burst"]
        if b is None:
            return None
        declarers = tuple(b["waiting_for"])
        queue = tuple(b.get("to_declare", ()))
        mine = [(int(c), int(n)) for c, n in b.get("my_declarations", ())]
        if not declarers:
            # Revealed (SG-7.3): the seat's own declarations and every burst are public.
            # Both lists are in declaration order: merge them keeping both orders.
            shown = [(int(c), int(n)) for c, n in b["bursts"]]
            merged: list[tuple[int, int]] = []
            for c, n in mine:
                if n > 0 and (c, n) in shown:
                    cut = shown.index((c, n)) + 1
                    merged += shown[:cut]
                    shown = shown[cut:]
                else:
                    merged.append((c, n))
            return BurstStep((), (), (*merged, *shown))
        probe = _probe_state(self, tuple(self.v["seats"][s]["race"] or "" for s in range(self.players))
                             if "races" in self.v["modules"] else (), ships, (), self._fleets, self._planets)
        for s in declarers:
            if s != self.me and not rules.burst_queue(probe, s):
                self._give_pb(ships, pile, s, probe)
                probe = evolve(probe, ships=tuple(ships))
        order = list(self.v["order"])
        active = self.v["active"]
        start = order.index(active) if active in order else 0
        declared: list[tuple[int, int]] = []
        for s in (order[(start + i) % len(order)] for i in range(len(order))):
            if s == self.me or s in declarers:
                continue
            for c in rules.burst_queue(probe, s):
                sh = ships[c]
                n = 0 if sh is None or self.rng.below(4) else 1 + self.rng.below(sh.pb)
                declared.append((c, n))
        return BurstStep(declarers, queue, (*declared, *mine))

    def _give_pb(self, ships: list[Ship | None], pile: list[int], seat: int, probe: State) -> None:
        """Swap one of ``seat``'s re-drawn ships in a battle hex for a pile ship with PBs."""
        idx = rules.Index(probe)
        hexes = {k for k, fl in idx.hex_fleets.items() if len({f.owner for f in fl}) > 1}
        pb_max = self.data.pb_max
        for c, sh in enumerate(ships):
            if sh is None or sh.owner != seat or (sh.owner, sh.fleet) in self._known_fleets:
                continue
            if rules.ship_hex_in(idx, sh) not in hexes or sh.carrier >= 0:
                continue
            same = self.data.stationary[c]
            swap = next((y for y in pile if pb_max[y] >= 1 and self.data.stationary[y] == same), -1)
            if swap < 0:
                # Exchange with a ship re-drawn into another seat's unknown fleet instead.
                for y, other in enumerate(ships):
                    if (
                        other is not None and other.owner not in (seat, self.me) and pb_max[y] >= 1
                        and (other.owner, other.fleet) not in self._known_fleets
                        and other.carrier < 0 and self.data.stationary[y] == same
                        and not any(z is not None and z.carrier == y for z in ships)
                    ):
                        ships[c] = Ship(other.owner, other.fleet, pb_max[c], other.mp, -1)
                        ships[y] = Ship(seat, sh.fleet, pb_max[y], sh.mp, -1)
                        return
                continue
            for x, other in enumerate(ships):
                if other is not None and other.carrier == c:
                    ships[x] = Ship(other.owner, other.fleet, other.pb, other.mp, -1)
            ships[swap] = Ship(seat, sh.fleet, pb_max[swap], 0, -1)
            ships[c] = None
            pile[pile.index(swap)] = c
            return
        # Only ships last seen (or none to swap): one of them kept a PB after all.
        for c, sh in enumerate(ships):
            if sh is not None and sh.owner == seat and pb_max[c] >= 1 and rules.ship_hex_in(idx, sh) in hexes:
                ships[c] = Ship(sh.owner, sh.fleet, 1, sh.mp, sh.carrier)
                return

    def _cards(
        self, cards: dict[str, Any], order: tuple[int, ...]
    ) -> tuple[Deck, tuple[tuple[int, ...], ...], Window | None, str, PendingPlay | None]:
        """SG-13: the deck (SEALED order), hands (PRIVATE), the open window (C-5)."""
        v, me, rng = self.v, self.me, self.rng
        discard = tuple(c["num"] for c in cards["discard"])
        mine = tuple(sorted(c["num"] for c in cards["hand"]))
        win = cards.get("window")
        chain: list[Play] = []
        if win is not None:
            chain = [Play(p["player"], p["card"]["num"], tuple(p["targets"])) for p in win["chain"]]
        playing = cards.get("playing")
        seen = {*discard, *mine, *(p.card for p in chain)}
        if playing is not None:
            seen.add(playing["card"]["num"])
        unseen = rng.shuffled([c for c in range(1, 43) if c not in seen])
        # Data Analysis (SG-13.3 #20): the cards this seat saw on top stay on top, in order.
        for top in reversed(cards["analysis"][-1:] if cards["analysis"] else []):
            nums = [c["num"] for c in top if c["num"] in unseen]
            unseen = nums + [c for c in unseen if c not in nums]
        counts = cards["hand_counts"]
        hands: list[tuple[int, ...]] = []
        deck_n = cards["deck"]
        rest = unseen[: deck_n]  # the deck first keeps the analysed top cards in the deck
        others = unseen[deck_n:]
        for s in range(self.players):
            if s == me:
                hands.append(mine)
            else:
                take = others[: counts[s]]
                others = others[counts[s]:]
                if len(take) < counts[s]:  # should not happen; keep the counts exact
                    extra = counts[s] - len(take)
                    take += rest[-extra:]
                    rest = rest[:-extra]
                hands.append(tuple(sorted(take)))
        if others:  # more unseen cards than slots: the rest belong in the deck
            rest = rest + others
        deck = Deck(tuple(rest), discard)
        window: Window | None = None
        then = ""
        play: PendingPlay | None = None
        if win is not None:
            active = v["active"]
            start = order.index(active) if active in order else 0
            alive = [s["alive"] for s in v["seats"]]
            seats = tuple(s for s in (order[(start + i) % len(order)] for i in range(len(order))) if alive[s])
            holder = win["holder"]
            hi = seats.index(holder) if holder in seats else 0
            if chain:
                last = seats.index(chain[-1].player) if chain[-1].player in seats else 0
                passes = (hi - last - 1) % len(seats)
                window = Window(win["kind"], seats, 0, 0, tuple(chain), hi, passes)
            else:
                window = Window(win["kind"], seats, hi, hi)
            then = _window_then(win["kind"], cards["rolls"], self.turn_log, v)
        if playing is not None:
            kind = ""
            if v["phase"] == "target" and win is None:
                kind = "T" if self._in_transport() else "between"
            play = PendingPlay(me, playing["card"]["num"], tuple(playing["targets"]), kind)
        elif self.phase == "target":
            # Another seat is choosing targets: not this seat's decision; keep it well-formed.
            play = None
        return deck, tuple(hands), window, then, play

    def _in_transport(self) -> bool:
        return not any(_BATTLE_LINE.match(x) for x in self.turn_log) and not any(
            "declares a burst" in x for x in self.turn_log
        ) and self.v["battle"] is None

    def _card_move(self, cards: dict[str, Any]) -> CardMove | None:
        cm = cards.get("card_move")
        if cm is None:
            return None
        return CardMove(cm["player"], cm["owner"], cm["marker"], int(cm.get("mp", 0)))

    def _effects(
        self, cards: dict[str, Any], ships: list[Ship | None], fleets: tuple[Fleet, ...]
    ) -> tuple[tuple[str, int, int], ...]:
        """This turn's effects: the seat's own per-ship ones and the public ones, as shown;
        a jammed enemy fleet (public marker) gets a jam on every ship drawn into it."""
        out: list[tuple[str, int, int]] = []
        for e in cards["effects"]:
            kind = e["kind"]
            if kind in ("atk", "def", "move", "jam"):
                out.append((kind, e["ship"], e["value"]))
            elif kind == "bypass":
                out.append((kind, e["fleet"], e["through"]))
            elif kind == "skirmish":
                col, row = _label_key(e["hex"])
                out.append((kind, col * 100 + row, e["value"]))
            else:
                out.append((kind, e["ship"], 0))
        for f in self.v["fleets"]:
            if f["jammed"] and f["owner"] != self.me:
                for c, s in enumerate(ships):
                    if s is not None and s.owner == f["owner"] and s.fleet == f["marker"]:
                        out.append(("jam", c, 0))
        return tuple(out)


def _sides(purpose: str, combat_die: int) -> int:
    """The die size of a held roll (SG-A59): battle rolls use the combat die (SG-6.3 B5),
    the rest d6 (bursts, PBs, Black Holes, neutral planets)."""
    return combat_die if purpose.startswith("SG.combat") else 6


def _window_then(kind: str, rolls: list[dict[str, Any]], lines: list[str], view: View) -> str:
    """The continuation of an open window (not in the view): fixed per window kind, and for
    a "roll" window (Luck, SG-A59) given by what the held roll is for."""
    fixed = {
        "start": "transport",
        "E0": "engage",
        "E-end": "end_engagement",
        "B-pre": "battle_declare",
        "B-decl": "battle_roll",
        "burst": "burst_roll",
        "M-decl": "md_roll",
        "P": "production",
    }
    if kind in fixed:
        return fixed[kind]
    if kind == "roll":
        purpose = rolls[0]["purpose"] if rolls else ""
        if purpose.startswith("SG.blackhole"):
            return "black_holes"
        if purpose.startswith("SG.neutral"):
            return "neutral"
        if purpose.startswith("SG.burst"):
            return "burst_apply"
        if purpose.startswith("SG.pb") or purpose.startswith("SG.md"):
            return "md_apply"
        return "battle_apply"
    if kind == "O-move":
        return "advance"
    return "transport_on"


def _probe_state(
    s: _Sampler,
    races: tuple[str, ...],
    ships: list[Ship | None],
    effects: tuple[tuple[str, int, int], ...],
    fleets: tuple[Fleet, ...],
    planets: tuple[Planet, ...] | list[Planet],
) -> State:
    """A minimal state for the rules' helpers (ATK*, MOVE*, eligibility) while sampling."""
    v = s.v
    return State(
        variant=v["variant"],
        production=v["production"],
        discard_rule=True,
        combat_die=v["combat_die"],
        players=s.players,
        round_limit=v["round_limit"],
        rng=Rng(0),
        order=tuple(v["order"]),
        planets=tuple(planets),
        ships=tuple(ships),
        pile=(),
        modules=tuple(v["modules"]),
        races=races,
        terrain=tuple((t["col"], t["row"], t["type"]) for t in v["terrain"]),
        fleets=fleets,
        effects=effects,
        alive=tuple(x["alive"] for x in v["seats"]),
        resources=tuple(x["resources"] for x in v["seats"]),
    )
