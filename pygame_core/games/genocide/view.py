"""What one seat (or a spectator) may see of a Space Genocide state (SG-14, C-4)."""

from __future__ import annotations

from ...game import ActionBase
from ...hexgrid import DIRECTION_NAMES, Hex
from . import actions as A
from .board import game_map, jammed, neighbour_table, seat_name
from .card_bonuses import known_bonuses
from .cardplay.targets import describe_target, target_step
from .cards import CARD_BY_NUM
from .data import PLANET_TYPE_NAMES
from .log_seats import log_with_seats
from .models import (
    Battle,
    Burst,
    Card,
    Cards,
    Effect,
    Fleet,
    GenocideView,
    KnownBonuses,
    MyShip,
    Pile,
    Planet,
    ReachHex,
    Seat,
    Setup,
    Sighting,
)
from .races import RACE_BY_KEY
from .reach import reach
from .rules import current_player, legal_actions
from .state import Phase, State
from .transport import step_mp
from .view_odds import action_odds
from .view_values import ship_values
from .words import ending, plain_events, purpose_words


def view(state: State, player: int | None) -> GenocideView:
    data = state.data
    me = player
    players = state.players
    gmap = game_map(players)
    known = {pid for seat, pid in state.known if seat == me}
    counts = [0] * players
    fleet_counts: dict[tuple[int, int], int] = {}
    fleet_members: dict[tuple[int, int], list[int]] = {}
    for cid, ship in enumerate(state.ships):
        if ship is not None:
            counts[ship.owner] += 1
            key = (ship.owner, ship.fleet)
            fleet_counts[key] = fleet_counts.get(key, 0) + 1
            fleet_members.setdefault(key, []).append(cid)
    seats: list[Seat] = []
    for seat in range(players):
        seats.append(
            {
                "seat": seat,
                "name": seat_name(seat, players),
                "alive": state.alive[seat],
                "ships": counts[seat],  # SG-A23: totals are public
                "planets": sum(1 for p in state.planets if p.owner == seat and p.alive),
                "resources": state.resources[seat],
                "race": (state.races[seat] or None) if state.races else None,  # SG-11.1: public
            }
        )
    planets: list[Planet] = []
    for pid, p in enumerate(state.planets):
        visible = bool(p.ptype) and (p.owner == me or not p.alive or p.public or pid in known)
        planets.append(
            {
                "id": pid,
                "owner": p.owner,  # -1: a neutral planet not yet captured (SG-12.1)
                "col": p.col,
                "row": p.row,
                "hex": Hex(p.col, p.row).label,
                "alive": p.alive,
                "type": p.ptype if visible else None,
            }
        )
    fleets: list[Fleet] = []
    for f in state.fleets:
        size_public = data.fleet_size_public or f.owner == me
        fleets.append(
            {
                "owner": f.owner,
                "marker": f.marker,
                "col": f.col,
                "row": f.row,
                "hex": Hex(f.col, f.row).label,
                "done": f.done,
                "ships": fleet_counts.get((f.owner, f.marker), 0) if size_public else None,
                "ordering": state.phase == Phase.TRANSPORT
                and f.owner == state.active
                and f.marker == state.cursor,
                # SG-13.3 #19: the marker shows "jammed" (the card and its target are public)
                "jammed": bool(state.effects)
                and any(jammed(state, c) for c in fleet_members.get((f.owner, f.marker), ())),
            }
        )
    my_ships: list[MyShip] = []
    if me is not None:
        for cid, ship in enumerate(state.ships):
            if ship is not None and ship.owner == me:
                t = data.type_of(cid)
                my_ships.append(
                    {
                        "id": cid,
                        "type": t.key,
                        "name": t.name,
                        "fleet": ship.fleet,
                        "pb": ship.pb,
                        "mp": ship.mp,
                        "carrier": ship.carrier,
                    }
                )
    sightings: list[Sighting] = [
        {
            "owner": g.owner,
            "marker": g.marker,
            "round": g.round,
            "stale": g.stale,
            "ships": [
                {"id": c, "type": data.type_of(c).key, "pb": pb, "carrier": car}
                for c, pb, car in g.ships
            ],
        }
        for g in state.sightings
    ]
    # Whose ship each ship is, as far as this seat knows (its scans, then B1 reveals, then its own).
    owners = {c: g.owner for seat, g in state.scans if seat == me for c, _, _ in g.ships}
    owners.update((c, g.owner) for g in state.sightings for c, _, _ in g.ships)
    if me is not None:
        owners.update((cid, me) for cid, ship in enumerate(state.ships) if ship is not None and ship.owner == me)
    log, log_about = log_with_seats(state, me, owners)
    out: GenocideView = {
        "game": "genocide",
        "variant": state.variant,
        "production": state.production,
        "modules": list(state.modules),
        "combat_die": state.combat_die,
        "players": players,
        "viewer": me,
        "round": state.round,
        "round_limit": state.round_limit,
        "phase": Phase(state.phase).value,  # plain text in the view, as ever
        "active": state.active if state.phase not in (Phase.TYPES, Phase.FLEETS) else None,
        "current": current_player(state),
        "order": list(state.order),
        "map": {"cols": gmap.width, "rows": gmap.height},
        "seats": seats,
        "planets": planets,
        "fleets": fleets,
        "terrain": [  # SG-14.1: terrain is PUBLIC; "used": a once-per-game reward is claimed
            {
                "col": c,
                "row": r,
                "hex": Hex(c, r).label,
                "type": k,
                "used": (c, r) in state.terrain_used,
            }
            for c, r, k in state.terrain
        ],
        "my_ships": my_ships,
        "sightings": sightings,
        "pile": _pile(state),
        "log": log,
        "log_seats": log_about,  # per line, the seats it is about (the log by player)
        # What the computer player rebuilds a state's log from (ai_log.py; the controller
        # strips it before the page gets the view): the events this seat may see (SG-14).
        "events": plain_events(state, me),
        "epoch": state.epoch,
        # The keys every game's view offers the web shell (docs/ENGINE.md).
        "to_move": current_player(state),
        "seat_names": [seat["name"] for seat in seats],
        "turn_number": state.round,
        "status": _status(state),
        "moment": _moment(state),
        "score_line": " · ".join(f"{seat['name']} {seat['planets']} planets" for seat in seats),
        "secrets": True,  # SG-14: planet types, fleet contents and hands are private
        "setup": _setup(state, me),
        "battle": _battle(state, me),
        "burst": _burst(state, me),
    }
    if state.deck is not None:
        out["cards"] = _cards(state, me)
    if state.phase == Phase.MD and state.active == me:
        out["launch_queue"] = list(state.md_queue)
        out["launches"] = [list(x) for x in state.launches]
    if me is not None:
        # Issue 32: ATK* and DEF* of every ship this seat can see, each bonus named, worked out
        # from this view alone (SG-2.7, C-4.2); the screen draws them and computes none.
        out["ship_values"] = ship_values(out)
    if me is not None and state.phase in _ODDS_PHASES and current_player(state) == me:
        # The odds beside each decision (SG-6.3 B5, SG-7.4, SG-8.5), worked out from this
        # view alone so they tell the seat nothing more (C-4.2); the screen only draws them.
        out["action_odds"] = action_odds(out, legal_actions(state))
    if me is not None and state.phase == Phase.TRANSPORT and state.cursor and current_player(state) == me:
        # Issue 32: where the fleet being ordered can go and a shortest legal way to each hex,
        # from the engine's movement rules (reach.py); the screen shades and taps them.
        out["reach"] = _reach_words(state)
    if state.drawn >= 0 and state.active == me:
        t = data.type_of(state.drawn)
        out["drawn"] = {"id": state.drawn, "type": t.key, "name": t.name}
    if state.phase == Phase.CAPTURE:
        out["capture"] = list(state.capture)  # wrecks revealed at B1: public
    if state.phase == Phase.OVER:
        out["winners"] = list(state.winners)
        end = ending(state)  # SG-10: the reason in words, and the planets each seat kept
        out["reason"] = end[0] if end else state.reason
        for info, kept in zip(seats, end[1] if end else (), strict=False):
            info["kept"] = kept
    return out


_ODDS_PHASES = (Phase.DECLARE, Phase.BURST, Phase.MD)

_PHASE_LABELS = {
    "race": "Choose races", "types": "Planet types", "fleets": "Initial fleets", "transport": "Movement",
    "declare": "Battle", "choose_battle": "Battle", "capture": "Battle", "burst": "Space burst",
    "md": "Mass destruction", "buy": "Production", "place": "Production", "discard": "Production",
    "hand_limit": "Hand limit", "window": "Cards", "target": "Cards", "card_move": "Cards",
    "over": "Game over",
}


def _moment(state: State) -> str:
    """When it is, as the board says it (SG-4): "Round 5"; "" in the secret setup and at the end."""
    if state.phase in (Phase.RACE, Phase.TYPES, Phase.FLEETS, Phase.OVER):
        return ""
    return f"Round {state.round}"


def _status(state: State) -> str:
    """Round and phase for the game screen's header (SG-4)."""
    label = _PHASE_LABELS.get(state.phase, state.phase.replace("_", " ").capitalize())
    moment = _moment(state)
    return f"{moment} · {label}" if moment else label


def _pile(state: State) -> Pile:
    """SG-14.1: the pile is open in resources mode, sealed (count only) in draw4 mode."""
    out: Pile = {"count": len(state.pile)}
    if state.production == "resources":
        comp: dict[str, int] = {}
        for cid in state.pile:
            key = state.data.type_of(cid).key
            comp[key] = comp.get(key, 0) + 1
        out["types"] = comp
    return out


def _setup(state: State, me: int | None) -> Setup | None:
    """SG-3.6/3.8: setup choices are PENDING, seen only by their maker."""
    if state.phase not in (Phase.RACE, Phase.TYPES, Phase.FLEETS):
        return None
    seat = state.order[state.setup_seat]
    out: Setup = {"seat": seat, "done": list(state.order[: state.setup_seat])}
    if me is not None and me < len(state.hands):
        hand = state.hands[me]
        mine = set(hand)
        out["my_hand"] = [{"id": c, "type": state.data.type_of(c).key} for c in hand]
        out["my_placements"] = [[c, pid] for c, pid in state.placements if c in mine]
    return out


def _battle(state: State, me: int | None) -> Battle | None:
    """B3 declarations are PENDING: only the declarer sees its own until all are in (C-4.1)."""
    b = state.battle
    if b is None:
        return None
    out: Battle = {
        "col": b.col,
        "row": b.row,
        "hex": Hex(b.col, b.row).label,
        "protected": list(b.protected),
        "waiting_for": list(b.declarers),
    }
    if me is not None:
        out["my_declarations"] = [
            [a, t]
            for a, t in b.declarations
            if (s := state.ships[a]) is not None and s.owner == me
        ]
        out["my_sacrifices"] = [
            a for a in b.sacrifices if (s := state.ships[a]) is not None and s.owner == me
        ]
        if b.declarers and b.declarers[0] == me:
            out["to_declare"] = list(b.queue)
    return out


def _card(num: int) -> Card:
    card = CARD_BY_NUM[num]
    return {"num": num, "key": card.key, "name": card.name, "text": card.text, "reaction": card.reaction}


def _known_bonuses(state: State, me: int | None) -> KnownBonuses:
    """The other seats' card bonuses this turn that follow from public plays and reveals (the
    odds count them; ``unsure`` ones they leave out and name)."""
    known = known_bonuses(state.log, me)
    return {
        "ships": [{"ship": s, "atk": a, "def": d, "cards": known.cards.get(s, [])}
                  for s, (a, d) in sorted(known.ships.items())],
        "unsure": [{"card": u.card.name, "owner": u.owner, "marker": u.marker, "ships": list(u.ships),
                    "atk": u.card.atk, "def": u.card.defense} for u in known.unsure],
    }


def _cards(state: State, me: int | None) -> Cards:
    """SG-14.1: hands are PRIVATE (counts public), the deck SEALED (count public), the
    discard pile, card plays, targets and windows PUBLIC; Spies, Data Analysis and Scanners
    are KNOWLEDGE of the card player only (C-4.3)."""
    deck = state.deck
    assert deck is not None
    out: Cards = {
        "deck": len(deck.draw_pile),
        "discard": [_card(c) for c in deck.discard_pile],
        "hand_counts": [len(h) for h in state.cards],
        "hand": [_card(c) for c in state.cards[me]] if me is not None else [],
        "effects": _public_effects(state, me),
        "known_bonuses": _known_bonuses(state, me),
        # Luck's choice of a roll names it in the player's words: a ship by its type, public
        # like the roll (issue 36: no counter ids; its fleet may be secret, SG-14.1)
        "rolls": [{"purpose": r.purpose, "dice": list(r.dice),
                   "words": purpose_words(state, r.purpose, lambda cid: state.data.type_of(cid).name)}
                  for r in state.rolls],
        # C-5.4: stop settings are PUBLIC; None under rules 2 (no switch, every stop on)
        "stops_off": None if state.stops is None
        else [seat for seat in range(state.players) if state.stops.all_off(seat)],
    }
    win = state.window
    if win is not None:
        out["window"] = {
            "kind": win.kind,
            "holder": win.holder,
            "responding": win.responding,
            "chain": [{"player": p.player, "card": _card(p.card), "targets": list(p.args)} for p in win.chain],
        }
    if state.play is not None and state.play.player == me:
        out["playing"] = {"card": _card(state.play.card), "targets": list(state.play.args)}
    moved = state.moved
    if moved:
        # SG-13.2 O-move: the fleet whose move completed last this Transport Phase, where it
        # ended and whether that hex held no ships and no planet when it entered (Space Mines,
        # SG-A63); every step of a fleet is PUBLIC (SG-14.1), so this is what the table saw.
        owner, marker, col, row, empty = moved
        out["moved"] = {"owner": owner, "marker": marker, "col": col, "row": row, "empty": bool(empty)}
    cm = state.card_move
    if cm is not None:
        out["card_move"] = {
            "player": cm.player,
            "owner": cm.owner,
            "marker": cm.marker,
            # Retreat's hex every step must get farther from (SG-A64): the moved fleet's, public
            "away": list(cm.away) if cm.away is not None else None,
        }
        if cm.player == me:  # the card's MP and an Intercept's path are its player's (SG-13.3 #31)
            out["card_move"]["mp"] = cm.mp
            out["card_move"]["path"] = [list(h) for h in cm.path]
    if me is not None:
        out["spied"] = [
            {"seat": of, "round": rnd, "hand": [_card(c) for c in cards]}
            for seat, of, rnd, cards in state.spied
            if seat == me
        ]
        out["analysis"] = [[_card(c) for c in top] for seat, top in state.analysis if seat == me]
        out["scans"] = [
            {
                "owner": g.owner,
                "marker": g.marker,
                "round": g.round,
                "ships": [
                    {"id": c, "type": state.data.type_of(c).key, "pb": pb, "carrier": car} for c, pb, car in g.ships
                ],
            }
            for seat, g in state.scans
            if seat == me
        ]
    return out


def _public_effects(state: State, me: int | None) -> list[Effect]:
    """This turn's effects. Per-ship bonuses name ships, so only the owner sees those of its
    own ships; the others follow from the public card plays."""
    out: list[Effect] = []
    for kind, a, b in state.effects:
        if kind in ("atk", "def", "move", "jam"):
            ship = state.ships[a]
            if ship is None or ship.owner != me:
                continue
            out.append({"kind": kind, "ship": a, "value": b})
        elif kind in ("bypass",):
            out.append({"kind": kind, "fleet": a, "through": b})
        elif kind in ("skirmish",):
            out.append({"kind": kind, "hex": Hex(a // 100, a % 100).label, "value": b})
        else:
            out.append({"kind": kind, "ship": a})
    return out


def _burst(state: State, me: int | None) -> Burst | None:
    """SG-7.2: burst declarations are PENDING: each seat sees only its own until all are in."""
    step = state.burst
    if step is None:
        return None
    out: Burst = {"waiting_for": list(step.declarers)}
    if me is not None:
        out["my_declarations"] = [
            [c, n]
            for c, n in step.declarations
            if (s := state.ships[c]) is not None and s.owner == me
        ]
        if step.declarers and step.declarers[0] == me:
            out["to_declare"] = list(step.queue)
    if not step.declarers:  # revealed (SG-7.3): every burst is public now
        out["bursts"] = [[c, n] for c, n in step.declarations if n > 0]
    return out


def describe(state: State, action: ActionBase) -> str:
    """A button label for one of the current player's legal actions, with ship and hex names.

    Only the deciding seat sees its own legal actions, so naming its own ships is safe; enemy
    ships appear only as battle targets, which B1 has revealed (SG-6.3).
    """
    data = state.data

    def ship(cid: int) -> str:
        # Issue 36: a ship in the player's words, its type and fleet (markers are public), no id.
        if cid < 0:
            return "nothing"
        on_board = state.ships[cid]
        return data.type_of(cid).name + (f" of fleet {on_board.fleet}" if on_board is not None else "")

    def planet(pid: int) -> str:
        p = state.planets[pid]
        return f"planet {Hex(p.col, p.row).label}"

    if isinstance(action, A.SetType):
        return f"{planet(action.planet)} is a {PLANET_TYPE_NAMES[action.ptype]} world"
    if isinstance(action, A.SetupPlace):
        cids = [c for c in state.hands[state.order[state.setup_seat]] if c not in {x for x, _ in state.placements}]
        return f"{ship(cids[0]) if cids else 'next ship'} to {planet(action.planet)}"
    if isinstance(action, A.Step):
        fleet = next((f for f in state.fleets if f.owner == state.active and f.marker == state.cursor), None)
        if fleet is not None:
            dest = Hex(fleet.col, fleet.row).neighbour(action.direction)
            return f"fleet {fleet.marker}: step {DIRECTION_NAMES[action.direction]} to {dest.label}"
    if isinstance(action, A.Select):
        fleet = next((f for f in state.fleets if f.owner == state.active and f.marker == action.fleet), None)
        where = f" at {Hex(fleet.col, fleet.row).label}" if fleet is not None else ""
        return f"order fleet {action.fleet}{where}"
    if isinstance(action, A.Hold):
        return f"fleet {state.cursor} is done moving"
    if isinstance(action, A.Split):
        return f"split {ship(action.ship)} off fleet {state.cursor}"
    if isinstance(action, A.Merge):
        return f"merge fleet {action.fleet} into fleet {state.cursor}"
    if isinstance(action, A.Load):
        return f"load {ship(action.fighter)} into {ship(action.carrier)}"
    if isinstance(action, A.Unload):
        return f"unload {ship(action.fighter)}"
    if isinstance(action, A.ChooseRace):
        race = RACE_BY_KEY[action.race]
        return f"play the {race.name}: {race.text}"
    if isinstance(action, A.SelfDestruct):
        return f"{ship(action.ship)} self-destructs attacking {ship(action.target)} (+2 ATK)"
    if isinstance(action, A.Capture):
        return f"capture {ship(action.ship)}"
    if isinstance(action, A.Target):
        if action.target < 0:
            return f"{ship(action.ship)} holds fire"
        return f"{ship(action.ship)} attacks {ship(action.target)}"
    if isinstance(action, A.Launch):
        if action.count:
            return f"{ship(action.ship)} launches {action.count} PB"
        return f"{ship(action.ship)} holds its PBs"
    if isinstance(action, A.PlayCard):
        card = CARD_BY_NUM[action.card]
        return f"play {card.name}: {card.text}"
    if isinstance(action, A.Choose):
        play = state.play
        assert play is not None
        step = target_step(CARD_BY_NUM[play.card], play.args)
        return f"{CARD_BY_NUM[play.card].name}: {describe_target(state, step, action.value)}"
    if isinstance(action, A.Pass):
        return "pass (play no card)"
    if isinstance(action, A.PassStopsOff):  # C-5.4
        return "pass, and stop asking me when others act (reaction stops off)"
    if isinstance(action, A.StopsOn):
        return "stop for my reaction cards again when others act (reaction stops on)"
    if isinstance(action, A.DiscardCard):
        return f"discard {CARD_BY_NUM[action.card].name}"
    if isinstance(action, A.Gate):
        return f"fleet {state.cursor}: star gate to {Hex(action.col, action.row).label}"
    if isinstance(action, A.Burst):
        if action.count:
            return f"{ship(action.ship)} bursts {action.count} PB against the enemy ships in its hex"
        return f"{ship(action.ship)} makes no space burst"
    if isinstance(action, A.Discard):
        return f"discard {ship(action.ship)}" if action.ship >= 0 else "keep every ship"
    if isinstance(action, A.Buy):
        return f"buy a {data.types[action.kind].name} (10 resources)"
    if isinstance(action, A.Refill):
        return f"buy 1 PB for {ship(action.ship)} (1 resource)"
    if isinstance(action, A.Place):
        where = f"fleet {action.fleet}" if action.fleet else "a new fleet"
        return f"place {ship(state.drawn)} at {Hex(action.col, action.row).label} in {where}"
    return str(action)


def _reach_words(state: State) -> list[ReachHex]:
    """Each hex of reach(state): its place, the hexes of the way there in order (a Step or a
    Gate each), the MP the way spends (all of it where the fleet must stop, SG-5.8)."""
    fleet = next(f for f in state.fleets if f.owner == state.active and f.marker == state.cursor)
    table = neighbour_table(state.players)
    full = step_mp(state, state.active, state.cursor)
    out: list[ReachHex] = []
    for (col, row), (actions, left) in sorted(reach(state).items()):
        at: tuple[int, int] = (fleet.col, fleet.row)
        path: list[list[int]] = []
        for action in actions:
            nxt = table[at][action.direction] if isinstance(action, A.Step) else (
                (action.col, action.row) if isinstance(action, A.Gate) else None)
            assert nxt is not None
            at = nxt
            path.append([at[0], at[1]])
        out.append({"col": col, "row": row, "path": path, "spent": full - left})
    return out
