"""Every card's rule (SG-13.3): its condition beside its effect, registered by its key.

Each ``@card_rule(key, condition)`` puts one card in the ``rulebook``; the plain ATK/DEF/MOVE
bonus cards share one effect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ....deck import Deck
from ....hexgrid import Hex
from .. import cards as K
from ..arrival import enter_terrain
from ..board import HexKey, move, pb_max, purpose_ship, ship_at, ship_cap, terrain_at
from ..cards import Card
from ..state import Battle, CardMove, Phase, Ship, Sighting, State, Wreck
from ..work import Work, autoload
from .deck import draw_cards
from .moves import start_card_move
from .rulebook import card_rule
from .targets import critical_candidates, homeworld, intercept_path, movable, speed, unkey

# --------------------------------------------------------------------------------------
# Conditions beyond targets (SG-13.3), beside the effects of the cards they belong to


def _has_homeworld(state: State, seat: int) -> bool:
    """Defend the Homeworld: the seat's Homeworld still stands."""
    return homeworld(state, seat) >= 0


def _no_diplomacy_yet(state: State, seat: int) -> bool:
    """Diplomacy: not already played this turn."""
    return ("diplomacy", 0, 0) not in state.effects


def _enemy_moved_into_empty(state: State, seat: int) -> bool:
    """Space Mines (SG-A63): an enemy fleet just completed a move into an empty hex."""
    moved = state.moved
    return bool(moved) and moved[0] != seat and bool(moved[4]) and (moved[0], moved[1]) in {
        (f.owner, f.marker) for f in state.fleets
    }


def _deck_not_empty(state: State, seat: int) -> bool:
    """Data Analysis: there are cards to look at."""
    return state.deck is not None and bool(state.deck.draw_pile)


def _critical_candidate(state: State, seat: int) -> bool:
    """Critical Hit (SG-A68): an enemy non-fighter that fought this phase is still in play."""
    return bool(critical_candidates(state, seat))


def _in_battle(state: State, seat: int) -> bool:
    """Skirmish: a battle round is under way."""
    return state.battle is not None


def _a_roll_pending(state: State, seat: int) -> bool:
    """Luck (SG-A59): a roll awaits its Luck window."""
    return bool(state.rolls)


def _enemy_just_moved(state: State, seat: int) -> bool:
    """Intercept, Retreat: an enemy fleet just completed a move."""
    return bool(state.moved) and state.moved[0] != seat


def _fleet_bonus(w: Work, seat: int, args: tuple[int, ...], card: Card) -> None:
    """Bonuses for every ship in the fleet when played (mobile ships only for MOVE)."""
    owner, marker = unkey(args[0])
    effects = list(w.effects)
    for c in w.fleet_ships(owner, marker):
        _ship_bonus(w, c, card, effects)
    w.effects = tuple(effects)


def _ship_bonus(w: Work, cid: int, card: Card, effects: list[tuple[str, int, int]]) -> None:
    if card.atk:
        effects.append(("atk", cid, card.atk))
    if card.defense:
        effects.append(("def", cid, card.defense))
    if card.move and not w.data.stationary[cid]:
        effects.append(("move", cid, card.move))
        ship = w.ships[cid]
        assert ship is not None
        if ship.owner == w.active and w.phase in (Phase.TRANSPORT, Phase.WINDOW, Phase.TARGET):
            w.set_ship(cid, mp=ship.mp + card.move)  # SG-5.6: a new bonus adds to the MP left


def _add_effect(w: Work, effect: tuple[str, int, int]) -> None:
    w.effects = (*w.effects, effect)


def _fx_bonus(w: Work, seat: int, args: tuple[int, ...], key: str) -> None:
    _fleet_bonus(w, seat, args, K.CARD_BY_KEY[key])


@card_rule("defend_the_homeworld", _has_homeworld)
def _fx_defend_the_homeworld(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A60: the Homeworld's type becomes PUBLIC; the chosen fleets teleport there."""
    pid = homeworld(w.freeze(), seat)
    p = w.planets[pid]
    w.planets[pid] = replace(p, public=True)
    w.emit("homeworld_revealed", seat=seat, hex=Hex(p.col, p.row).label)
    for value in args:
        owner, marker = unkey(value)
        if (owner, marker) in w.fleets:
            _teleport(w, owner, marker, (p.col, p.row))


def _teleport(w: Work, owner: int, marker: int, dest: HexKey, stop: bool = True) -> None:
    """A card move that uses no MP; arriving where enemy ships are ends the fleet's move."""
    f = w.fleets[(owner, marker)]
    origin = (f.col, f.row)
    w.fleets[(owner, marker)] = replace(f, col=dest[0], row=dest[1])
    w.stale(owner, marker)
    if stop and owner == w.active and any(g.owner != owner and (g.col, g.row) == dest for g in w.fleets.values()):
        for c in w.fleet_ships(owner, marker):
            w.set_ship(c, mp=0)
    w.emit("card_fleet_moved", owner=owner, marker=marker, hex=Hex(*dest).label)
    w.peek((origin, dest))
    t = terrain_at(w.s, dest)
    if t is not None:
        enter_terrain(w, owner, dest, t, "window")


@card_rule("increased_production")
def _fx_increased_production(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("prod", 0, 0))


@card_rule("long_range_probe")
def _fx_long_range_probe(w: Work, seat: int, args: tuple[int, ...]) -> None:
    pid = args[0]
    p = w.planets[pid]
    w.known.add((seat, pid))
    w.emit("planet_type", seat, seat=seat, hex=Hex(p.col, p.row).label, ptype=p.ptype)


@card_rule("scanners")
def _fx_scanners(w: Work, seat: int, args: tuple[int, ...]) -> None:
    owner, marker = unkey(args[0])
    if (owner, marker) not in w.fleets:
        return
    ships = tuple((c, s.pb, s.carrier) for c, s in ((c, ship_at(w.ships, c)) for c in w.fleet_ships(owner, marker)))
    scans = [x for x in w.scans if not (x[0] == seat and (x[1].owner, x[1].marker) == (owner, marker))]
    scans.append((seat, Sighting(owner, marker, w.round, ships)))
    w.scans = tuple(scans)
    w.emit("fleet_scanned", seat, seat=seat, owner=owner, marker=marker, ships=tuple(c for c, _, _ in ships))


@card_rule("spies")
def _fx_spies(w: Work, seat: int, args: tuple[int, ...]) -> None:
    target = args[0]
    cards = w.cards[target]
    spied = [x for x in w.spied if x[:2] != (seat, target)]
    spied.append((seat, target, w.round, cards))
    w.spied = tuple(spied)
    w.emit("hand_spied", seat, seat=seat, target=target, cards=tuple(cards))


@card_rule("strategic_push")
def _fx_strategic_push(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("push", 0, 0))


@card_rule("bypass")
def _fx_bypass(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("bypass", args[0], args[1]))


@card_rule("boarding_action")
def _fx_boarding_action(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """It changes owner and joins an own fleet in its hex (lowest marker), keeping its pb;
    over the cap it is destroyed instead (SG-A30)."""
    cid = args[0]
    ship = w.ships[cid]
    if ship is None:
        return
    key = w.ship_hex(cid)
    if _at_cap(w, seat):
        w.emit("boarding_destroyed", ship=cid, ship_at=w.known_as(cid))
        w.wreck(cid)
        return
    marker = _own_fleet_at(w, seat, key)
    if marker is None:
        return
    was = w.known_as(cid)
    w.remove_ship(cid, "limbo")
    w.limbo.remove(cid)
    w.ships[cid] = Ship(seat, marker, ship.pb)
    w.stale(seat, marker)
    w.emit("boarded", seat=seat, ship=cid, ship_at=was)


def _at_cap(w: Work, seat: int) -> bool:
    cap = ship_cap(w.s, seat)
    return bool(cap) and sum(1 for s in w.ships if s is not None and s.owner == seat) >= cap


def _own_fleet_at(w: Work, seat: int, key: HexKey, new: bool = False) -> int | None:
    mine = sorted(m for (o, m), f in w.fleets.items() if o == seat and (f.col, f.row) == key)
    if mine:
        return mine[0]
    if new and w.free_marker(seat):
        return w.new_fleet(seat, key)
    return None


@card_rule("space_mines", _enemy_moved_into_empty)
def _fx_space_mines(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A63: one random ship of the fleet that just moved is destroyed (cid order)."""
    owner, marker = w.s.moved[0], w.s.moved[1]
    if (owner, marker) not in w.fleets:
        return
    members = w.fleet_ships(owner, marker)
    cid = w.roller.choice(members, f"SG.cards.space_mines seat={owner}")
    w.emit("mines", ship=cid, owner=owner, marker=marker, ship_at=w.known_as(cid))
    w.remove_ship(cid, "pile")
    w.revealed = True


@card_rule("sabotage")
def _fx_sabotage(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """Two sequential random picks over the opponent's hand (sorted by card number)."""
    target = args[0]
    hands = list(w.cards)
    cards = list(hands[target])
    lost = []
    for _ in range(K.SABOTAGE_DISCARDS):
        if not cards:
            break
        lost.append(cards.pop(w.roller.randbelow(len(cards), "SG.cards.sabotage")))
    hands[target] = tuple(cards)
    w.cards = tuple(hands)
    deck = w.deck
    assert isinstance(deck, Deck)
    w.deck = deck.discard(*lost)
    w.emit("sabotage", seat=target, cards=tuple(lost))


@card_rule("diplomacy", _no_diplomacy_yet)
def _fx_diplomacy(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("diplomacy", 0, 0))


@card_rule("opportunity")
def _fx_opportunity(w: Work, seat: int, args: tuple[int, ...]) -> None:
    draw_cards(w, seat, K.OPPORTUNITY_DRAWS)


@card_rule("jam_communications")
def _fx_jam(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A62: every ship in the fleet when played is jammed for this turn."""
    owner, marker = unkey(args[0])
    for c in w.fleet_ships(owner, marker):
        _add_effect(w, ("jam", c, 0))


@card_rule("data_analysis", _deck_not_empty)
def _fx_data_analysis(w: Work, seat: int, args: tuple[int, ...]) -> None:
    deck = w.deck
    assert isinstance(deck, Deck)
    top = deck.peek(K.ANALYSIS_DEPTH)
    rest = [x for x in w.analysis if x[0] != seat]
    w.analysis = (*rest, (seat, top))
    w.emit("deck_top", seat, seat=seat, cards=tuple(top))


@card_rule("decoy")
def _fx_decoy(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("decoy", args[0], 0))


@card_rule("its_a_dud")
def _fx_its_a_dud(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _add_effect(w, ("dud", args[0], 0))


def _recover_wreck(w: Work, seat: int, cid: int, new: bool) -> None:
    wrecks: tuple[Wreck, ...] = w.wrecks
    wreck = next((x for x in wrecks if x.cid == cid), None)
    if wreck is None or w.ships[cid] is not None:
        return
    if _at_cap(w, seat):
        w.emit("ship_cap", seat=seat, lost="card", rule="SG-A30")
        return
    marker = _own_fleet_at(w, seat, (wreck.col, wreck.row), new=new)
    if marker is None and new:  # Repairs: else at any own planet
        for p in w.planets:
            if p.owner == seat and p.alive:
                marker = _own_fleet_at(w, seat, (p.col, p.row), new=True)
                if marker is not None:
                    break
    if marker is None:
        return
    was = w.known_as(cid)  # as the wreck was known: its owner's fleet in the battle (SG-6.3)
    w.wrecks = tuple(x for x in wrecks if x.cid != cid)
    w.limbo.remove(cid)
    w.ships[cid] = Ship(seat, marker, wreck.pb)
    w.stale(seat, marker)
    w.emit("recovered", seat=seat, ship=cid, marker=marker, ship_at=was)


@card_rule("salvage")
def _fx_salvage(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _recover_wreck(w, seat, args[0], new=False)


@card_rule("repairs")
def _fx_repairs(w: Work, seat: int, args: tuple[int, ...]) -> None:
    _recover_wreck(w, seat, args[0], new=True)


@card_rule("suicide_attack")
def _fx_suicide_attack(w: Work, seat: int, args: tuple[int, ...]) -> None:
    for cid in args:
        if w.ships[cid] is not None:
            w.emit("suicide", ship=cid, ship_at=w.known_as(cid))
            w.wreck(cid)


@card_rule("critical_hit", _critical_candidate)
def _fx_critical_hit(w: Work, seat: int, args: tuple[int, ...]) -> None:
    cands = critical_candidates(w.freeze(), seat)
    if not cands:
        return
    cid = w.roller.choice(cands, "SG.cards.critical_hit")
    w.emit("critical_hit", ship=cid, ship_at=w.known_as(cid))
    w.wreck(cid)


@card_rule("luck", _a_roll_pending)
def _fx_luck(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A59: the whole roll is rerolled (same dice, same size); the new result stands."""
    rolls = list(w.rolls)
    r = rolls[args[0]]
    dice = tuple(w.roller.dice(len(r.dice), r.sides, r.purpose + " (Luck)"))
    rolls[args[0]] = replace(r, dice=dice)
    w.rolls = tuple(rolls)
    ship = purpose_ship(r.purpose)
    at = w.known_as(ship) if ship is not None else (-1, 0, 0)
    w.emit("luck", purpose=r.purpose, old=tuple(r.dice), new=tuple(dice), ship_at=at)


@card_rule("resupply")
def _fx_resupply(w: Work, seat: int, args: tuple[int, ...]) -> None:
    if w.ships[args[0]] is not None:
        w.set_ship(args[0], pb=pb_max(w.s, args[0]))


@card_rule("redeploy")
def _fx_redeploy(w: Work, seat: int, args: tuple[int, ...]) -> None:
    owner, marker = unkey(args[0])
    p = w.planets[args[1]]
    if (owner, marker) in w.fleets and p.alive:
        _teleport(w, owner, marker, (p.col, p.row))


@card_rule("lure")
def _fx_lure(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A64: you move it with MP = its MOVE*; you learn only that MP. If it cannot move
    (MP 0, jammed, unloaded stationary ships), the card is wasted."""
    owner, marker = unkey(args[0])
    if (owner, marker) not in w.fleets:
        return
    state = w.freeze()
    mp = speed(state, owner, marker) if movable(state, owner, marker) else 0
    w.emit("lure", seat, seat=seat, owner=owner, marker=marker, mp=mp)
    if mp:
        start_card_move(w, CardMove(seat, owner, marker, mp))


@card_rule("switch")
def _fx_switch(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """They exchange hexes; no MP and no stop rule."""
    a, b = (unkey(v) for v in args)
    if a not in w.fleets or b not in w.fleets:
        return
    fa, fb = w.fleets[a], w.fleets[b]
    _teleport(w, *a, (fb.col, fb.row), stop=False)
    _teleport(w, *b, (fa.col, fa.row), stop=False)


@card_rule("intercept", _enemy_just_moved)
def _fx_intercept(w: Work, seat: int, args: tuple[int, ...]) -> None:
    owner, marker = unkey(args[0])
    target = (w.s.moved[2], w.s.moved[3])
    path = intercept_path(w.freeze(), owner, marker, target)
    if path is None:
        return
    start_card_move(w, CardMove(seat, owner, marker, 0, None, path))


@card_rule("retreat", _enemy_just_moved)
def _fx_retreat(w: Work, seat: int, args: tuple[int, ...]) -> None:
    owner, marker = unkey(args[0])
    away = (w.s.moved[2], w.s.moved[3])
    start_card_move(w, CardMove(seat, owner, marker, speed(w.freeze(), owner, marker), away))


@card_rule("operations")
def _fx_operations(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """Its ships' remaining MP is reset to MOVE* once, which also lifts a forced stop."""
    owner, marker = unkey(args[0])
    for c in w.fleet_ships(owner, marker):
        if not w.data.stationary[c]:
            w.set_ship(c, mp=move(w.s, c, owner))
    f = w.fleets[(owner, marker)]
    if f.done:
        w.fleets[(owner, marker)] = replace(f, done=False)


@card_rule("refit")
def _fx_refit(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """SG-A70: for each ship (cid order) draw a replacement into the same fleet; then the
    discarded ships return to the pile."""
    out = []
    for cid in sorted(a for a in args if a >= 0):
        ship = w.ships[cid]
        if ship is None or not w.pile:
            continue
        new, rest = w.roller.draw_from_pool(w.pile, f"SG.cards.refit seat={seat}")
        w.pile = list(rest)
        w.ships[new] = Ship(seat, ship.fleet, pb_max(w.s, new))
        w.emit(
            "refit_replaced", seat, seat=seat, ship=cid, new=new,
            ship_at=w.known_as(cid, seat), new_at=w.known_as(new, seat),
        )
        out.append(cid)
    for cid in out:
        w.remove_ship(cid, "pile")
    w.emit("refit", seat=seat, count=len(out))


@card_rule("fighter_base")
def _fx_fighter_base(w: Work, seat: int, args: tuple[int, ...]) -> None:
    cid, pid, marker = args
    ship = w.ships[cid]
    p = w.planets[pid]
    if ship is None or not p.alive:
        return
    key = (p.col, p.row)
    alone = len(w.fleet_ships(seat, ship.fleet)) == 1
    if alone and marker == 0:
        _teleport(w, seat, ship.fleet, key)
        return
    w.remove_ship(cid, "limbo")
    w.limbo.remove(cid)
    target = marker if marker else w.new_fleet(seat, key)
    w.ships[cid] = Ship(seat, target, ship.pb)
    w.stale(seat, target)
    autoload(w, seat, target)
    w.emit("fighter_moved", seat=seat, hex=Hex(*key).label)
    w.peek((key,))


@card_rule("skirmish", _in_battle)
def _fx_skirmish(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """DEF* +2 for every ship of both sides in this battle round (expires at B7)."""
    b = w.battle
    assert isinstance(b, Battle)
    _add_effect(w, ("skirmish", b.col * 100 + b.row, K.CARD_BY_KEY["skirmish"].defense))


@card_rule("point_defense")
def _fx_point_defense(w: Work, seat: int, args: tuple[int, ...]) -> None:
    if w.ships[args[0]] is not None:
        w.emit("point_defense", ship=args[0], ship_at=w.known_as(args[0]))
        w.wreck(args[0])


@card_rule("press_offensive")
def _fx_press_offensive(w: Work, seat: int, args: tuple[int, ...]) -> None:
    key = (args[0] // 100, args[0] % 100)
    w.press = (*w.press, key)


def _bonus(key: str) -> Callable[[Work, int, tuple[int, ...]], None]:
    return lambda w, seat, args: _fx_bonus(w, seat, args, key)


@card_rule("afterburners")
def _fx_afterburners(w: Work, seat: int, args: tuple[int, ...]) -> None:
    effects = list(w.effects)
    _ship_bonus(w, args[0], K.CARD_BY_KEY["afterburners"], effects)
    w.effects = tuple(effects)


@card_rule("strafing_run")
def _fx_strafing_run(w: Work, seat: int, args: tuple[int, ...]) -> None:
    effects = list(w.effects)
    _ship_bonus(w, args[0], K.CARD_BY_KEY["strafing_run"], effects)
    w.effects = tuple(effects)


@card_rule("intelligence")
def _fx_none(w: Work, seat: int, args: tuple[int, ...]) -> None:
    """Intelligence's effect is the negation itself (see ``_resolve_chain``)."""


# The plain bonus cards (SG-13.3): ATK/DEF/MOVE for every ship of the chosen fleet.
for _key in (
    "interstellar_shortcut",
    "sustained_burn",
    "surprise_attack",
    "ambush",
    "defensive_formation",
    "tactical_advantage",
):
    card_rule(_key)(_bonus(_key))
