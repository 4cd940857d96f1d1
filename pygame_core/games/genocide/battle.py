"""Battles (SG-6, B1-B7) and the Amoeboids' self-destruction (SG-11).

Which hexes fight and which ships may target what (legality) sits beside the battle round's
steps (effect): reveal, declarations, the dice, removals to the wrecks (SG-6.9).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...frozen import replace
from ...game import ActionBase
from ...hexgrid import Hex
from . import actions as A
from .board import HexKey, Index, atk, carrier_of, defense, owner_of, race_of, ship_at
from .cardplay.targets import inline_plays
from .cardplay.windows import checkpoint
from .destruction import begin_md
from .races import SELF_DESTRUCT_ATK
from .scavengers import scavenge
from .state import Battle, Phase, RollRec, Sighting, State
from .work import Work, continuation, expire


def battle_hexes(state: State, idx: Index) -> list[HexKey]:
    """SG-6.1: hexes holding ships of two or more players, not yet fought this phase."""
    return sorted(
        k
        for k, fl in idx.hex_fleets.items()
        if len({f.owner for f in fl}) > 1 and k not in state.fought
    )


def eligible_attackers(
    state: State, idx: Index, key: HexKey, owner: int, protected: Iterable[int]
) -> list[int]:
    """SG-6.5/6.7: the owner's ships with ATK* >= 1 that have a legal target."""
    ships = idx.ships_at(key)
    prot = set(protected)
    targets = [c for c in ships if owner_of(state.ships, c) != owner and c not in prot]
    if not targets:
        return []
    own_planet = idx.own_planet(owner, key)
    if race_of(state, owner).self_destruct:  # SG-11: any Amoeboid ship may sacrifice itself
        return [c for c in ships if owner_of(state.ships, c) == owner]
    out = []
    for c in ships:
        ship = state.ships[c]
        assert ship is not None
        if ship.owner == owner and atk(state, c, owner, own_planet, key) >= 1:
            out.append(c)
    return out


def legal_targets(state: State, idx: Index, attacker: int) -> list[int]:
    """SG-6.7: enemy ships in the battle hex, except bay-ships protected at B1."""
    battle = state.battle
    assert battle is not None
    owner = owner_of(state.ships, attacker)
    return [
        c
        for c in idx.ships_at((battle.col, battle.row))
        if owner_of(state.ships, c) != owner and c not in battle.protected
    ]


def battle_choice_actions(state: State) -> list[ActionBase]:
    """SG-6.2: the active player picks the next battle hex; E0 cards may come first."""
    fights: list[ActionBase] = [A.Fight(c, r) for c, r in battle_hexes(state, Index(state))]
    if state.has("cards"):
        fights.extend(inline_plays(state, "between"))
    return fights


def target_actions(state: State) -> list[ActionBase]:
    battle = state.battle
    assert battle is not None
    attacker = battle.queue[0]
    idx = Index(state)
    targets = legal_targets(state, idx, attacker)
    key = (battle.col, battle.row)
    owner = owner_of(state.ships, attacker)
    out: list[ActionBase] = [A.Target(attacker, -1)]
    if atk(state, attacker, owner, idx.own_planet(owner, key), key) >= 1:  # SG-6.5
        out.extend(A.Target(attacker, t) for t in targets)
    if race_of(state, owner).self_destruct:  # SG-11 Amoeboids
        out.extend(A.SelfDestruct(attacker, t) for t in targets)
    return out


@continuation("next_battle")
def next_battle(w: Work) -> None:
    """SG-6.2: the next battle hex (the active player's choice if several); then the Press
    Offensive rounds (SG-A69); then the E-end window and the end of the phase."""
    w.battle = None
    fought = w.fought
    hexes = sorted(k for k, owners in w.hex_owners().items() if len(owners) > 1 and k not in fought)
    if not hexes:
        owners = w.hex_owners()
        press = list(w.press)
        while press:
            key = press.pop(0)
            if len(owners.get(key, ())) > 1:
                w.press = tuple(press)
                w.emit("press_offensive", hex=Hex(*key).label)
                _start_battle(w, key)
                return
        w.press = ()
        checkpoint(w, "E-end", "end_engagement")
    elif len(hexes) == 1:
        _start_battle(w, hexes[0])
    else:
        w.phase = Phase.CHOOSE_BATTLE


def do_fight(w: Work, a: ActionBase) -> None:
    assert isinstance(a, A.Fight)
    _start_battle(w, (a.col, a.row))


def snapshot(w: Work, owner: int, marker: int) -> None:
    cids = w.fleet_ships(owner, marker)
    ships = tuple((c, s.pb, s.carrier) for c, s in ((c, ship_at(w.ships, c)) for c in cids))
    w.sightings[(owner, marker)] = Sighting(owner, marker, w.round, ships)


def reveal(w: Work, key: HexKey, what: str) -> tuple[tuple[int, int], ...]:
    """B1: every ship in the hex becomes public "last seen" knowledge (SG-6.3, SG-14.1);
    returns the fleets present. Their ships count as having fought (SG-A68)."""
    label = Hex(*key).label
    w.revealed = True
    present = []
    seen = []
    for (owner, marker), f in sorted(w.fleets.items()):
        if (f.col, f.row) == key:
            present.append((owner, marker))
            snapshot(w, owner, marker)
            cids = w.fleet_ships(owner, marker)
            seen.extend(cids)
            w.emit("fleet_revealed", what=what, hex=label, owner=owner, marker=marker, ships=tuple(cids))
    if w.s.has("cards"):
        w.fought_ships = tuple(sorted({*w.fought_ships, *seen}))
    return tuple(present)


def _start_battle(w: Work, key: HexKey) -> None:
    """B1: reveal every ship in the hex (public), lock loading, note protected bay-ships;
    then the B2 window (SG-13: B-pre)."""
    present = reveal(w, key, "battle")
    state = w.freeze()
    idx = Index(state)
    here = idx.ships_at(key)
    hosts = {carrier_of(state.ships, x) for x in here}
    protected = tuple(c for c in here if c in hosts)
    burst_b1 = [(o, m) for c, r, o, m in w.burst_fleets if (c, r) == key]
    present = tuple(sorted({*present, *burst_b1}))  # SG-11: fleets burst away count too
    w.battle = Battle(key[0], key[1], protected, (), (), fleets=present)
    checkpoint(w, "B-pre", "battle_declare")


@continuation("battle_declare")
def _battle_declare(w: Work) -> None:
    """B3: the seats with eligible attackers declare in turn order (PENDING)."""
    state = w.freeze()
    battle = state.battle
    assert battle is not None
    key = (battle.col, battle.row)
    idx = Index(state)
    owners = idx.owners_at(key)
    order = [state.order[(w.turn + i) % state.players] for i in range(state.players)]
    declarers = tuple(
        p for p in order if p in owners and eligible_attackers(state, idx, key, p, battle.protected)
    )
    if not declarers:
        _declarations_done(w, battle)
        return
    w.phase = Phase.DECLARE
    queue = tuple(eligible_attackers(state, idx, key, declarers[0], battle.protected))
    w.battle = replace(battle, declarers=declarers, queue=queue)


def do_target(w: Work, a: ActionBase) -> None:
    """B3: one secret declaration; the next declarer starts once this one's queue is empty.

    A ``SelfDestruct`` (SG-11 Amoeboids) is a declaration that also marks the ship."""
    assert isinstance(a, (A.Target, A.SelfDestruct))
    battle = w.s.battle
    assert battle is not None
    battle = replace(
        battle, queue=battle.queue[1:], declarations=(*battle.declarations, (a.ship, a.target))
    )
    if isinstance(a, A.SelfDestruct):
        battle = replace(battle, sacrifices=(*battle.sacrifices, a.ship))
    if battle.queue:
        w.battle = battle
        return
    declarers = battle.declarers[1:]
    if declarers:
        state = w.s
        idx = Index(state)
        queue = tuple(
            eligible_attackers(state, idx, (battle.col, battle.row), declarers[0], battle.protected)
        )
        w.battle = replace(battle, declarers=declarers, queue=queue)
        return
    _declarations_done(w, replace(battle, declarers=()))


def _declarations_done(w: Work, battle: Battle) -> None:
    """B4: the declarations become public; the B-decl window (Decoy) follows."""
    w.battle = battle
    w.phase = Phase.DECLARE
    for attacker, target in battle.declarations:
        if target >= 0:
            owner = owner_of(w.ships, attacker)
            w.emit(
                "target_declared", ship=attacker, seat=owner, target=target,
                ship_at=w.known_as(attacker), target_at=w.known_as(target),
            )
    if battle.declarations:
        w.revealed = True
    for c in battle.sacrifices:
        w.emit("self_destruct", ship=c, seat=owner_of(w.ships, c), rule="SG-11", ship_at=w.known_as(c))
    if any(t >= 0 for _, t in battle.declarations):
        checkpoint(w, "B-decl", "battle_roll")
    else:
        _battle_roll(w)


@continuation("battle_roll")
def _battle_roll(w: Work) -> None:
    """B5: by target cid, the combined attack dice then the defence dice; a Decoyed target's
    attacks are cancelled (SG-13.3 #21). The B6 window (Luck) comes before they count."""
    state = w.freeze()
    battle = state.battle
    assert battle is not None
    key = (battle.col, battle.row)
    idx = Index(state)
    die = state.combat_die
    decoyed = {a for k, a, _ in state.effects if k == "decoy"}
    attacks: dict[tuple[int, int], list[int]] = {}
    rank = {p: i for i, p in enumerate(state.order[w.turn :] + state.order[: w.turn])}
    for attacker, target in battle.declarations:
        if target < 0:
            continue
        if target in decoyed:
            w.emit(
                "decoy_hit", ship=attacker, target=target, rule="SG-13.3",
                ship_at=w.known_as(attacker), target_at=w.known_as(target),
            )  # card #21
            continue
        owner = owner_of(state.ships, attacker)
        attacks.setdefault((target, rank[owner]), []).append(attacker)
    sacrifices = set(battle.sacrifices)
    rolls = []
    for (target, _), attackers in sorted(attacks.items()):
        towner = owner_of(state.ships, target)
        total_atk = 0
        for c in attackers:
            owner = owner_of(state.ships, c)
            total_atk += atk(state, c, owner, idx.own_planet(owner, key), key)
            if c in sacrifices:
                total_atk += SELF_DESTRUCT_ATK
        n_def = defense(state, target, towner, idx.own_planet(towner, key), key)
        purpose = f"SG.combat.attack target=ship#{target}"
        rolls.append(RollRec(purpose, die, tuple(w.roller.dice(total_atk, die, purpose)), (target, 0)))
        purpose = f"SG.combat.defence target=ship#{target}"
        rolls.append(RollRec(purpose, die, tuple(w.roller.dice(n_def, die, purpose)), (target, 1)))
    w.rolls = tuple(rolls)
    if rolls:
        checkpoint(w, "roll", "battle_apply")
    else:
        _battle_apply(w)


@continuation("battle_apply")
def _battle_apply(w: Work) -> None:
    """B7: a target is destroyed iff attack total > defence total; removals to the wrecks."""
    battle = w.battle
    assert isinstance(battle, Battle)
    key = (battle.col, battle.row)
    label = Hex(*key).label
    rolls: tuple[RollRec, ...] = w.rolls
    w.rolls = ()
    destroyed: set[int] = set()
    for i in range(0, len(rolls), 2):
        a_roll, d_roll = rolls[i], rolls[i + 1]
        target = a_roll.ref[0]
        killed = sum(a_roll.dice) > sum(d_roll.dice)
        if killed:
            destroyed.add(target)
        die = a_roll.sides
        w.emit(
            "battle_result", hex=label, sides=die, attack=tuple(a_roll.dice), defence=tuple(d_roll.dice),
            target=target, destroyed=killed, target_at=w.known_as(target),
        )
    for cid in sorted(destroyed | set(battle.sacrifices)):
        w.wreck(cid)  # SG-6.9 wrecks; SG-11 sacrifices die whatever the outcome
    for (owner, marker), f in sorted(w.fleets.items()):
        if (f.col, f.row) == key:
            snapshot(w, owner, marker)  # C-4.3: the survivors as last seen
    w.peek()
    w.fought = (*w.fought, key)
    expire(w, ("decoy", "skirmish"))  # they last for this battle round only
    if scavenge(w, key, battle.fleets):
        return  # the Scavenger chooses a ship first
    next_battle(w)


@continuation("end_engagement")
def end_engagement(w: Work) -> None:
    """SG-6.9: wrecks return to the pile at the end of the Engagement Phase."""
    for cid in w.limbo:
        w.to_pile(cid)
    w.limbo = []
    if w.wrecks:
        w.wrecks = ()
    if w.burst_fleets:
        w.burst_fleets = ()
    w.battle = None
    w.fought = ()
    if w.fought_ships:
        w.fought_ships = ()
    begin_md(w)
