"""Space Genocide determinization, part two: the public bookkeeping a view leaves out, read from its log."""

from __future__ import annotations

from typing import Any

from ...ai.rand import AiRandom
from ...deck import Deck
from ...events import Event
from ...game import View
from ...rng import Rng
from ...windows import Play, Window
from . import cards as K
from . import rules
from .cards import CARD_BY_NUM, CARDS, Card
from .data import VariantData
from .events import played_targets
from .state import (
    Battle,
    BurstStep,
    CardMove,
    Fleet,
    PendingPlay,
    Planet,
    Ship,
    State,
    Wreck,
)

CARD_KEYS = {c.num: c.key for c in CARDS}
# The events of the Engagement Phase that put a ship on the wreck list (SG-6.9) besides the
# battle results and the bursts: a self-destruct (at B7, SG-11) and the E-end cards.
CARD_KILLS = frozenset({"critical_hit", "point_defense", "suicide", "boarding_destroyed"})
# A wreck back in play (Salvage, Repairs, a Scavenger capture): (seat, ship, marker).
RECOVERIES = frozenset({"recovered", "captured"})


def fleet_mentions(e: Event) -> list[tuple[int, int]]:
    """The (seat, marker) of every fleet an event names (its words say "<seat> fleet <m>")."""
    if e.kind in ("fleet_revealed", "card_fleet_moved", "fleet_scanned", "mines", "lure"):
        return [(e.num("owner"), e.num("marker"))]
    if e.kind == "card_played":
        return list(played_targets(e).fleets)
    return []


def label_key(label: str) -> tuple[int, int]:
    """C-1.5: the 4-digit hex label CCRR (1-based) as (col, row)."""
    return int(label[:2]) - 1, int(label[2:]) - 1


def turn_lines(log: list[Event]) -> list[Event]:
    """The events of the turn in progress (from its ``turn`` event)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].kind == "turn":
            return log[i:]
    return []



def _drop_last(plays: list[tuple[int, Card, Event]], player: int, num: int) -> None:
    """Remove the latest play of card ``num`` by ``player`` (a negated or unresolved one)."""
    for i in range(len(plays) - 1, -1, -1):
        if plays[i][0] == player and plays[i][1].num == num:
            del plays[i]
            return


class LogReader:
    """What a sample reads from the view besides the position: the public log of the turn in
    progress, the card state, the battle and burst in progress (the base of the sampler)."""

    v: View
    me: int
    rng: AiRandom
    data: VariantData
    players: int
    log: list[Event]
    turn_log: list[Event]
    phase: str
    _fleets: tuple[Fleet, ...]
    _planets: tuple[Planet, ...]

    def _race(self, seat: int) -> str:
        race = self.v["seats"][seat]["race"]
        return str(race) if race else ""

    def _moved(self) -> tuple[int, ...]:
        """SG-13.2 O-move: the fleet whose move just completed, as the view shows it (every
        step is PUBLIC, SG-14.1): (owner, marker, col, row, entered an empty hex)."""
        m = (self.v.get("cards") or {}).get("moved")
        if m is None:
            return ()
        return (int(m["owner"]), int(m["marker"]), int(m["col"]), int(m["row"]), int(bool(m["empty"])))

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
        probe = probe_state(self, races, ships, effects, fleets, planets)
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

    def _fought_fleets(self, fleets: tuple[Fleet, ...]) -> dict[int, tuple[int, int, int, int]]:
        """SG-6.3 B1: each ship revealed this Engagement Phase, with the fleet it is in
        (owner, marker, col, row): the one it was revealed in (no split or merge during the
        phase, SG-5.3); for a ship boarded since (SG-13.3 #13) its new owner's lowest-marker
        fleet in that hex; for a wreck taken back, the fleet named. Wrecks are left to
        ``_wrecks``."""
        where: dict[int, tuple[int, int, int, int]] = {}
        for e in self.turn_log:
            if e.kind == "fleet_revealed":
                col, row = label_key(e.text("hex"))
                for c in e.nums("ships"):
                    where[c] = (e.num("owner"), e.num("marker"), col, row)
            elif e.kind in RECOVERIES:  # a wreck back in play (wrecks are placed apart)
                seat, marker = e.num("seat"), e.num("marker")
                f = next((f for f in fleets if (f.owner, f.marker) == (seat, marker)), None)
                if f is not None:
                    where[e.num("ship")] = (seat, marker, f.col, f.row)
            elif e.kind == "boarded" and e.num("ship") in where:
                seat, cid = e.num("seat"), e.num("ship")
                _, _, col, row = where[cid]
                mine = sorted(f.marker for f in fleets if f.owner == seat and (f.col, f.row) == (col, row))
                if mine:
                    where[cid] = (seat, mine[0], col, row)
                else:
                    del where[cid]
        keys = {(f.owner, f.marker) for f in fleets}
        return {c: w for c, w in where.items() if (w[0], w[1]) in keys}

    def _pre_b7(self) -> bool:
        """Whether the battle round in progress has not reached B7 yet (SG-6.3): its
        self-destructing ships are still in play."""
        if self.v["battle"] is None:
            return False
        if self.phase == "declare":
            return True
        win = (self.v.get("cards") or {}).get("window")
        if win is None or self.phase not in ("window", "target", "card_move"):
            return False
        rolls = (self.v.get("cards") or {}).get("rolls", ())
        return win["kind"] in ("B-pre", "B-decl") or (
            win["kind"] == "roll" and any(str(r["purpose"]).startswith("SG.combat") for r in rolls)
        )

    def _wrecks(self, taken: set[int]) -> list[Wreck]:
        """SG-6.9: the ships destroyed in this Engagement Phase, rebuilt from the public B1
        reveal lines (owner, fleet, hex) and the lines that destroy: battle results, bursts,
        self-destructs once their round is over (SG-11), Critical Hit, Point Defense,
        Suicide Attack and a boarding over the cap (SG-13.3); less the wrecks taken back
        (Salvage, Repairs, Scavengers). Their pb is not shown, so it is taken as full. For
        Scavenger captures and the E-end cards."""
        if not self._in_engagement():
            return []
        where: dict[int, tuple[int, int, int, int]] = {}
        killed: list[int] = []
        sacrificed: list[tuple[int, int]] = []  # (cid, event index)
        last_battle = -1
        for i, e in enumerate(self.turn_log):
            if e.kind == "fleet_revealed":
                col, row = label_key(e.text("hex"))
                for c in e.nums("ships"):
                    where[c] = (e.num("owner"), e.num("marker"), col, row)
                if e.text("what") == "battle":
                    last_battle = i
            elif e.kind == "battle_result" and e.flag("destroyed"):
                killed.append(e.num("target"))
            elif e.kind in CARD_KILLS:
                killed.append(e.num("ship"))
            elif e.kind == "burst":
                killed.extend(e.nums("killed"))
            elif e.kind == "self_destruct":
                sacrificed.append((e.num("ship"), i))
            elif e.kind in RECOVERIES:
                back = e.num("ship")
                killed = [c for c in killed if c != back]
                sacrificed = [(c, j) for c, j in sacrificed if c != back]
        pending = self._pre_b7()
        killed += [c for c, i in sacrificed if not (pending and i > last_battle)]
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
        for e in lines:
            if e.kind != "fleet_revealed":
                continue
            if e.text("what") == "battle":
                key = label_key(e.text("hex"))
                if key != now and key not in fought:
                    fought.append(key)
            fought_ships.update(e.nums("ships"))  # SG-A68: every ship at a B1 (battle or burst) fought
        started = self.phase not in ("race", "types", "fleets") and not (
            self.phase == "window" and v.get("cards", {}).get("window", {}).get("kind") in ("start", "roll")
            and not any(e.kind == "extra_transport" for e in lines)
        )
        transports = 1 if started else 0
        transports += sum(1 for e in lines if e.kind == "extra_transport")
        to_draw = 0
        resume, placer = "", -1
        if self.phase == "place":
            ruins = [e for e in lines if e.kind == "ruins_ship" or (
                e.kind == "terrain_reached" and e.text("terrain") == "alien_ruins")]
            # A seat reads its own draws as its private twins ("draws Cruiser #61"), so only
            # the other seats' public draws count, as the words did.
            public_draws = [e for e in lines if e.kind == "ship_drawn" and e.num("seat") != self.me]
            after_ruins = not public_draws and not any(e.kind == "draw_unplaced" for e in lines)
            if ruins and after_ruins and v["active"] is not None:
                resume, placer = "after_step", v["active"]
            elif v["production"] == "draw4":
                drew = sum(1 for e in public_draws if e.num("seat") == active)
                race = self._race(active)
                extra = (1 if race == "robots" else 0) + sum(
                    1 for e in lines
                    if e.kind == "card_played" and e.num("seat") == active
                    and CARD_KEYS[e.num("card")] == "increased_production"
                )
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
            for e in self.log:
                for s, marker in fleet_mentions(e):
                    highest[s] = max(highest[s], marker)
                if e.kind == "fleet_split":
                    highest[e.num("seat")] = max(highest[e.num("seat")], e.num("new"))
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
            probe = probe_state(self, races, ships, effects, fleets, tuple(planets))
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

    def _burst(self, ships: list[Ship | None]) -> BurstStep | None:
        """SG-7.2: burst declarations in progress. Other seats' PENDING ones are drawn (a
        ship bursts now and then); a seat still to declare was given a ship with PBs in a
        battle hex by the draw (``_ensure_pb``)."""
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
        probe = probe_state(self, tuple(self.v["seats"][s]["race"] or "" for s in range(self.players))
                             if "races" in self.v["modules"] else (), ships, (), self._fleets, self._planets)
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
            then = window_then(win["kind"], cards["rolls"], self.turn_log, v)
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
        return not any(
            (e.kind == "fleet_revealed" and e.text("what") == "battle") or e.kind == "burst_declared"
            for e in self.turn_log
        ) and self.v["battle"] is None

    def _card_move(self, cards: dict[str, Any]) -> CardMove | None:
        """Lure / Retreat / Intercept in progress (SG-13.3 #31, #33, #34): the fleet, Retreat's
        hex to get away from (public), and the MP and path its player alone sees."""
        cm = cards.get("card_move")
        if cm is None:
            return None
        away = cm.get("away")
        return CardMove(
            int(cm["player"]),
            int(cm["owner"]),
            int(cm["marker"]),
            int(cm.get("mp", 0)),
            (int(away[0]), int(away[1])) if away is not None else None,
            tuple((int(h[0]), int(h[1])) for h in cm.get("path", ())),
        )

    def _plays(self) -> list[tuple[int, Card, Event]]:
        """This turn's card plays that took effect (PUBLIC with their targets, SG-14.1): the
        player, the card and its targets as logged; negated ones (C-5.3) and those still in
        the open chain (not resolved yet) left out."""
        plays: list[tuple[int, Card, Event]] = []
        for e in self.turn_log:
            if e.kind == "card_played":
                plays.append((e.num("seat"), CARD_BY_NUM[e.num("card")], e))
            elif e.kind == "card_negated":
                _drop_last(plays, e.num("seat"), e.num("card"))
        win = (self.v.get("cards") or {}).get("window")
        for p in (win or {}).get("chain", ()):
            _drop_last(plays, int(p["player"]), int(p["card"]["num"]))
        return plays

    def _bonuses(self, ships: list[Ship | None]) -> list[tuple[str, int, int]]:
        """The other seats' per-ship card bonuses of this turn (ATK/DEF/MOVE, SG-13.3): the
        view shows only the seat's own (they would name the ships of a hidden fleet), so they
        are rebuilt from the public plays onto the ships drawn into the target fleet (or the
        target ship). Eligibility to attack depends on them (SG-6.5)."""
        out: list[tuple[str, int, int]] = []
        for player, card, e in self._plays():
            if player == self.me or card.key == "skirmish" or not (card.atk or card.defense or card.move):
                continue
            if card.targets and card.targets[0] in (K.OWN_MOBILE_SHIP, K.BATTLE_FIGHTER):
                cids = [c for c in e.nums("targets")[:1] if c >= 0]
            else:
                mentions = fleet_mentions(e)
                if not mentions:
                    continue
                marker = mentions[0][1]
                cids = [c for c, sh in enumerate(ships) if sh is not None and sh.owner == player and sh.fleet == marker]
            for c in cids:
                sh = ships[c]
                if sh is None or sh.owner != player:
                    continue
                if card.atk:
                    out.append(("atk", c, card.atk))
                if card.defense:
                    out.append(("def", c, card.defense))
                if card.move and not self.data.stationary[c]:
                    out.append(("move", c, card.move))
        return out

    def _launch_orders(self) -> list[tuple[int, int, tuple[int, int]]]:
        """SG-8.3: this Mass Destruction's launch orders (ship, PBs, hex), PUBLIC once all are
        declared (logged before the M-decl window), while they wait for It's a Dud! (SG-8.4)
        or their Luck window; before that they are only in the active seat's own view."""
        cards = self.v.get("cards") or {}
        win = cards.get("window")
        if win is None or self.phase not in ("window", "target", "card_move"):
            return []
        pb_rolls = any(str(r["purpose"]).startswith("SG.pb") for r in cards.get("rolls", ()))
        if win["kind"] != "M-decl" and not (win["kind"] == "roll" and pb_rolls):
            return []
        for e in reversed(self.turn_log):
            if e.kind == "launch_orders":
                orders = zip(e.nums("ships"), e.nums("pbs"), e.texts("hexes"), strict=True)
                return [(c, n, label_key(h)) for c, n, h in orders]
        return []

    def _effects(
        self, cards: dict[str, Any], ships: list[Ship | None], fleets: tuple[Fleet, ...]
    ) -> tuple[tuple[str, int, int], ...]:
        """This turn's effects: the seat's own per-ship ones and the public ones, as shown;
        a jammed enemy fleet (public marker) gets a jam on every ship drawn into it, and the
        other seats' bonuses are rebuilt from their public plays (``_bonuses``)."""
        out: list[tuple[str, int, int]] = []
        for e in cards["effects"]:
            kind = e["kind"]
            if kind in ("atk", "def", "move", "jam"):
                out.append((kind, e["ship"], e["value"]))
            elif kind == "bypass":
                out.append((kind, e["fleet"], e["through"]))
            elif kind == "skirmish":
                col, row = label_key(e["hex"])
                out.append((kind, col * 100 + row, e["value"]))
            else:
                out.append((kind, e["ship"], 0))
        for f in self.v["fleets"]:
            if f["jammed"] and f["owner"] != self.me:
                for c, s in enumerate(ships):
                    if s is not None and s.owner == f["owner"] and s.fleet == f["marker"]:
                        out.append(("jam", c, 0))
        out += self._bonuses(ships)
        return tuple(out)



def sides(purpose: str, combat_die: int) -> int:
    """The die size of a held roll (SG-A59): battle rolls use the combat die (SG-6.3 B5),
    the rest d6 (bursts, PBs, Black Holes, neutral planets)."""
    return combat_die if purpose.startswith("SG.combat") else 6


def window_then(kind: str, rolls: list[dict[str, Any]], lines: list[Event], view: View) -> str:
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


def probe_state(
    s: LogReader,
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
