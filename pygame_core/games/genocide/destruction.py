"""Mass Destruction (SG-8) and victory (SG-10): PB launches at planets, lost planets, defeat
and the end of the game (SG-10.4 round limit adjudication).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...deck import Deck
from ...frozen import replace
from ...game import ActionBase
from ...hexgrid import Hex
from . import actions as A
from .board import pb_hit, race_of
from .cardplay.windows import checkpoint
from .data import RESOURCE_TYPES
from .state import Phase, RollRec, State
from .work import Work, continuation, expire


def begin_md(w: Work) -> None:
    a = w.active
    enemy_planets = {(p.col, p.row) for p in w.planets if p.alive and p.owner not in (a, -1)}
    queue = []
    if enemy_planets:
        there = {
            f.marker for f in w.fleets.values() if f.owner == a and (f.col, f.row) in enemy_planets
        }
        if there:
            queue = [
                cid
                for cid, ship in enumerate(w.ships)
                if ship is not None and ship.owner == a and ship.pb >= 1 and ship.fleet in there
            ]
    if not queue:
        begin_production(w)
        return
    w.phase = Phase.MD
    w.md_queue = tuple(queue)
    w.launches = ()


def launch_actions(state: State) -> list[ActionBase]:
    """SG-8.3: the ship declaring now launches 0..pb PBs at the planet in its hex."""
    cid = state.md_queue[0]
    ship = state.ships[cid]
    assert ship is not None
    return [A.Launch(cid, n) for n in range(ship.pb + 1)]


def do_launch(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Launch)
    queue = w.s.md_queue[1:]
    launches = (*w.s.launches, (a.ship, a.count)) if a.count else w.s.launches
    w.md_queue = queue
    w.launches = launches
    if not queue:
        if w.s.has("cards") and launches:
            orders = sorted(launches)
            w.emit(
                "launch_orders", ships=tuple(c for c, _ in orders), pbs=tuple(n for _, n in orders),
                hexes=tuple(Hex(*w.ship_hex(c)).label for c, _ in orders),
                ships_at=w.known_as_all((c for c, _ in orders), in_hex=True),
            )
            checkpoint(w, "M-decl", "md_roll")  # SG-8.4: It's a Dud!
            return
        _resolve_md(w, launches)


@continuation("md_roll")
def _md_roll(w: Work) -> None:
    """Cards on (SG-8.4..8.6): every order not negated rolls its n d6 (by ship cid) and every
    declared PB is spent; the dice count only after the Luck window (SG-A59)."""
    launches = sorted(w.s.launches)
    duds = {a for k, a, _ in w.effects if k == "dud"}
    rolls = []
    for cid, n in launches:
        ship = w.ships[cid]
        assert ship is not None
        w.ships[cid] = replace(ship, pb=ship.pb - n)
        label = Hex(*w.ship_hex(cid)).label
        if cid in duds:
            w.emit("launch_dud", ship=cid, hex=label, rule="SG-13.3", ship_at=w.known_as(cid, in_hex=True))  # card #22
            continue
        purpose = f"SG.pb planet={label} ship#{cid}"
        rolls.append(RollRec(purpose, 6, tuple(w.roller.dice(n, 6, purpose)), (cid, n)))
    w.rolls = tuple(rolls)
    expire(w, ("dud",))
    if rolls:
        checkpoint(w, "roll", "md_apply")
    else:
        _md_apply(w)


@continuation("md_apply")
def _md_apply(w: Work) -> None:
    """SG-8.5/8.7: a planet falls if any die of an order against it is <= 3 (Amoeboids 4)."""
    rolls: tuple[RollRec, ...] = w.rolls
    w.rolls = ()
    w.md_queue = ()
    w.launches = ()
    planet_at = {(p.col, p.row): pid for pid, p in enumerate(w.planets) if p.alive}
    for roll in rolls:
        cid, n = roll.ref
        target = _target(w, cid, n, planet_at)
        if target is not None and _lands(w, cid, n, *target, roll.dice):
            return
    begin_production(w)


def _target(w: Work, cid: int, n: int, planet_at: dict[tuple[int, int], int]) -> tuple[int, str] | None:
    """The standing planet at ship ``cid``'s hex and the hex's label; None, said in the log,
    when the planet was destroyed earlier this phase (SG-8.5: the order rolls no dice)."""
    key = w.ship_hex(cid)
    pid = planet_at.get(key, -1)
    label = Hex(*key).label
    if pid < 0 or not w.planets[pid].alive:
        w.emit("launch_gone", ship=cid, pb=n, hex=label, ship_at=w.known_as(cid, in_hex=True))
        return None
    return pid, label


def _lands(w: Work, cid: int, n: int, pid: int, label: str, dice: Sequence[int]) -> bool:
    """SG-8.5 (Amoeboids 4): an order's dice against a standing planet; True if the game ended."""
    hit = any(d <= pb_hit(w.s, w.active) for d in dice)
    w.emit("launch", ship=cid, pb=n, hex=label, dice=tuple(dice), hit=hit, ship_at=w.known_as(cid, in_hex=True))
    if hit:
        _destroy_planet(w, pid)
    return hit and w.phase == Phase.OVER


def _resolve_md(w: Work, launches: tuple[tuple[int, int], ...]) -> None:
    """SG-8.5/8.6: orders by ship cid, n d6 each; a die <= 3 destroys; every PB is spent.

    Without cards each order is applied at once (no Luck can change it), so an order against
    a planet already destroyed this phase rolls no dice."""
    w.md_queue = ()
    w.launches = ()
    planet_at = {(p.col, p.row): pid for pid, p in enumerate(w.planets) if p.alive}
    for cid, n in sorted(launches):
        ship = w.ships[cid]
        assert ship is not None
        w.ships[cid] = replace(ship, pb=ship.pb - n)
        target = _target(w, cid, n, planet_at)
        if target is None:
            continue
        pid, label = target
        if _lands(w, cid, n, pid, label, w.roller.dice(n, 6, f"SG.pb planet={label} ship#{cid}")):
            return
    begin_production(w)


def _destroy_planet(w: Work, pid: int) -> None:
    """SG-8.7: the planet is removed; its type becomes public; victory is checked (SG-10.3)."""
    p = w.planets[pid]
    w.planets[pid] = replace(p, alive=False)
    w.revealed = True
    # Told in Classic too (no type: issue 31), so every planet lost is a result of its own.
    w.emit("planet_destroyed", owner=p.owner, hex=Hex(p.col, p.row).label, ptype=p.ptype)
    if _has_lost(w, p.owner):
        _eliminate(w, p.owner)


def _has_lost(w: Work, seat: int) -> bool:
    """SG-10.1/10.2: no planets (Classic); Homeworld or a whole resource type gone (Advanced)."""
    mine = [p for p in w.planets if p.owner == seat]
    if not w.data.planet_types:
        return not any(p.alive for p in mine)
    if race_of(w.s, seat).homeworld_loss and any(p.ptype == "H" and not p.alive for p in mine):
        return True  # SG-10.2(a); not for Insects (SG-A50)
    return any(not any(p.alive and p.ptype == t for p in mine) for t in RESOURCE_TYPES)


def _eliminate(w: Work, seat: int) -> None:
    """SG-16.5: the loser's ships return to the pile and its planets are removed; with cards
    on its hand goes to the discard pile (RULES.md is silent: nobody may play it any more)."""
    w.alive[seat] = False
    w.emit("defeated", seat=seat)
    for cid, ship in enumerate(w.ships):
        if ship is not None and ship.owner == seat:
            w.ships[cid] = None
            w.to_pile(cid)
    for key in [k for k in w.fleets if k[0] == seat]:
        del w.fleets[key]
        w.sightings.pop(key, None)
    for pid, p in enumerate(w.planets):
        if p.owner == seat and p.alive:
            w.planets[pid] = replace(p, alive=False)
    hands: tuple[tuple[int, ...], ...] = w.cards
    if hands and hands[seat]:  # the loser's hand is discarded, face up (rules note)
        deck = w.deck
        assert isinstance(deck, Deck)
        w.deck = deck.discard(*hands[seat])
        w.cards = tuple(() if s == seat else h for s, h in enumerate(hands))
        w.emit("hand_discarded", seat=seat, cards=tuple(hands[seat]))
    standing = [p for p in range(w.s.players) if w.alive[p]]
    if len(standing) == 1:
        _game_over(
            w, (standing[0],), f"{w.name(standing[0])} destroyed the enemy's planets (SG-10)"
        )


def _game_over(w: Work, winners: tuple[int, ...], reason: str) -> None:
    w.phase = Phase.OVER
    w.winners = winners
    w.reason = reason
    w.cursor = 0
    w.battle = None
    w.md_queue = ()
    w.drawn = -1
    w.emit("game_over", reason=reason)


def adjudicate(w: Work) -> None:
    """SG-10.4: most planets, then most ships; otherwise a draw."""
    seats = [p for p in range(w.s.players) if w.alive[p]]

    def score(p: int) -> tuple[int, int]:
        planets = sum(1 for x in w.planets if x.owner == p and x.alive)
        ships = sum(1 for x in w.ships if x is not None and x.owner == p)
        return planets, ships

    best = max(score(p) for p in seats)
    top = tuple(p for p in seats if score(p) == best)
    if len(top) == 1:
        # The reason names what decided it (issue 36): planets, or ships once planets tied.
        runner = max(score(p) for p in seats if p != top[0])
        if best[0] > runner[0]:
            why = f"{w.name(top[0])} has the most planets, {best[0]} to {runner[0]}"
        else:
            why = f"planets tied at {best[0]}; {w.name(top[0])} has the most ships, {best[1]} to {runner[1]}"
        _game_over(w, top, f"round limit: {why} (SG-10.4)")
    else:
        _game_over(w, (), "round limit: a draw (SG-10.4)")


def begin_production(w: Work) -> None:
    """SG-9: the production window (Increased Production, free cards), then SG-9.2."""
    checkpoint(w, "P", "production")
