"""The turn's flow (SG-4.1): its start (Black Holes, the card draw) and its end (stranded
fighters SG-5.13, the hand limit, the next turn, the round limit SG-10.4).

Within a turn the phases follow each other through continuations (``work.go_on``): transport
(``transport``), engagement (``burst``, ``battle``), mass destruction (``destruction``) and
production (``production``), with a card window (``cardplay.windows.checkpoint``) at each
SG-13.2 checkpoint between them.
"""

from __future__ import annotations

from ...hexgrid import Hex
from .board import HexKey, bays, race_of
from .cardplay.deck import draw_cards, over_hand_limit
from .cardplay.windows import checkpoint
from .destruction import adjudicate
from .state import RollRec
from .terrain import BLACK_HOLE_LOSS, TERRAIN_BY_KEY
from .work import Work, continuation


def begin_turn(w: Work) -> None:
    """SG-4.1 step 0: Black Holes (0.1), the card draw (0.2), the O-start window (0.3)."""
    a = w.active
    w.emit("turn", round=w.round, seat=a)
    w.transports = 0
    if w.s.terrain and _black_holes(w, a):
        checkpoint(w, "roll", "black_holes")
        return
    _turn_draw(w)


def _black_holes(w: Work, seat: int) -> bool:
    """SG-4.1 step 0.1 / SG-A45: each of the seat's ships in a Black Hole rolls 1d6 (cid
    order); the dice are applied after the Luck window (``_apply_black_holes``)."""
    holes = {(c, r) for c, r, k in w.s.terrain if TERRAIN_BY_KEY[k].black_hole}
    inside: dict[HexKey, list[int]] = {}
    for cid, ship in enumerate(w.ships):
        if ship is not None and ship.owner == seat:
            key = w.ship_hex(cid)
            if key in holes:
                inside.setdefault(key, []).append(cid)
    rolls = []
    for key in sorted(inside):
        purpose = f"SG.blackhole {Hex(*key).label}"
        for cid in inside[key]:
            rolls.append(RollRec(purpose, 6, (w.roller.d(6, purpose),), (cid,)))
    w.rolls = tuple(rolls)
    return bool(rolls)


@continuation("black_holes")
def _apply_black_holes(w: Work) -> None:
    """A 1 destroys the ship, straight to the pile. The rolls per hex are PUBLIC, the ships
    lost are named to their owner only (fleet contents stay hidden, SG-14.1)."""
    seat = w.active
    lost: dict[str, list[int]] = {}
    for r in w.rolls:
        if r.dice[0] == BLACK_HOLE_LOSS and w.ships[r.ref[0]] is not None:
            lost.setdefault(r.purpose.rsplit(" ", 1)[1], []).append(r.ref[0])
    w.rolls = ()
    for label, cids in sorted(lost.items()):
        named = w.known_as_all(cids, seat)  # their owner's words, by the fleets they were in
        for cid in cids:
            w.remove_ship(cid, "pile")
        w.revealed = True
        w.emit("black_hole_loss", seat=seat, count=len(cids), hex=label)
        w.emit("black_hole_lost", seat, seat=seat, ships=tuple(cids), ships_at=named)
    _turn_draw(w)


def _turn_draw(w: Work) -> None:
    """SG-4.1 steps 0.2-0.3: draw 1 card (Terrans 2), then the start-of-turn window."""
    if w.s.has("cards"):
        draw_cards(w, w.active, 1 + race_of(w.s, w.active).card_draw)
    checkpoint(w, "start", "transport")


def end_turn(w: Work) -> None:
    """SG-4.1 step 5: stranded fighters (5.1), the hand limit (5.2), effects expire (5.3)."""
    _stranded(w)
    w.peek()
    if w.s.has("cards") and over_hand_limit(w):
        return  # the active player discards down to 7 first
    _next_turn(w)


def _stranded(w: Work) -> None:
    """SG-5.13: per player and hex without an own planet, fighters beyond BAYS* are lost."""
    data = w.data
    fighter = data.fighter
    ships = w.ships
    fighters = [c for c, s in enumerate(ships) if s is not None and fighter[c]]
    if not fighters:
        return
    at = {k: (f.col, f.row) for k, f in w.fleets.items()}
    own_planets = {(p.owner, p.col, p.row) for p in w.planets if p.alive}
    exposed = set()
    for c in fighters:
        ship = ships[c]
        assert ship is not None
        key = (ship.owner, *at[(ship.owner, ship.fleet)])
        if key not in own_planets:
            exposed.add(key)
    if not exposed:
        return
    groups: dict[tuple[int, int, int], list[int]] = {}
    for cid, ship in enumerate(ships):
        if ship is not None:
            key = (ship.owner, *at[(ship.owner, ship.fleet)])
            if key in exposed:
                groups.setdefault(key, []).append(cid)
    for key in sorted(exposed):
        cids = groups[key]
        fighters = [c for c in cids if fighter[c]]
        capacity = sum(bays(w.s, c, key[0]) for c in cids)
        excess = len(fighters) - capacity
        if excess <= 0:
            continue
        doomed = sorted(fighters, key=lambda c: (data.type_of(c).atk + data.type_of(c).defense, c))[
            :excess
        ]
        named = w.known_as_all(doomed, in_hex=True)
        for cid in doomed:
            w.remove_ship(cid, "pile")
        w.revealed = True
        w.emit("stranded_fighters", seat=key[0], hex=Hex(key[1], key[2]).label, ships=tuple(doomed), ships_at=named)


@continuation("next_turn")
def _next_turn(w: Work) -> None:
    if w.effects:
        w.effects = ()
    s = w.s
    turn, rnd = w.turn, w.round
    while True:
        turn += 1
        if turn >= s.players:
            turn = 0
            rnd += 1
        if w.alive[s.order[turn]]:
            break
    if rnd > s.round_limit:
        adjudicate(w)
        return
    w.turn, w.round = turn, rnd
    begin_turn(w)
