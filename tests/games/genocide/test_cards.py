"""Space Genocide action cards (RULES.md SG-13, C-5, SG-A56..A70, SG-H24..H38), scripted dice.

One scenario per card, numbered as in the SG-13.3 table, plus the deck rules (SG-13.1), the
windows and stops (C-5) and the hard cases that involve cards.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pygame_core import IllegalActionError
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.actions import (
    Burst,
    Choose,
    Discard,
    DiscardCard,
    EndTransport,
    Hold,
    Launch,
    Pass,
    PlayCard,
    Select,
    Split,
    Step,
    Target,
)
from pygame_core.games.genocide.cards import CARD_BY_KEY, CARDS
from pygame_core.games.genocide.state import State

from .helpers import cid, position, third_seat_on_its_last_planet, told, with_cards, with_dice

W, E = 0, 1
V = "advanced"
X = (12, 12)  # open middle-band hex
N, NE, SE, S, SW, NW = range(6)


def num(key: str) -> int:
    return CARD_BY_KEY[key].num


def fleet(owner: int, marker: int) -> int:
    return owner * 100 + marker


def cards_pos(hands: tuple[tuple[str, ...], tuple[str, ...]], deck: tuple[str, ...] = (), **kw: object) -> State:
    """A position (helpers.position) with cards on and the given hands (by card key)."""
    state = position(V, **kw)  # type: ignore[arg-type]
    return with_cards(
        state, [[num(k) for k in h] for h in hands], deck=[num(k) for k in deck]
    )


def play(state: State, key: str, *values: int) -> State:
    """Play a card and choose its targets (SG-13.2)."""
    state = GAME.apply(state, PlayCard(num(key)))
    for v in values:
        state = GAME.apply(state, Choose(v))
    return state


def passes(state: State) -> State:
    """Everyone asked passes until no window is open."""
    while state.phase == "window":
        state = GAME.apply(state, Pass())
    return state


def hold_fire(state: State, seat: int | None = None) -> State:
    """The declaring seats (or only ``seat``) hold fire with their remaining ships (B3)."""
    while state.phase == "declare" and (seat is None or GAME.current_player(state) == seat):
        assert state.battle is not None
        state = GAME.apply(state, Target(state.battle.queue[0], -1))
    return state


def mp(state: State, c: int) -> int:
    ship = state.ships[c]
    assert ship is not None
    return ship.mp


def hex_of(state: State, owner: int, marker: int) -> tuple[int, int]:
    f = next(f for f in state.fleets if (f.owner, f.marker) == (owner, marker))
    return f.col, f.row


def log(state: State) -> str:
    return "\n".join(told(state))


def to_next_turn(state: State, dice: list[int]) -> State:
    """Quietly finish the active player's turn (no cards, attacks, launches or discards)."""
    seat = state.active
    if EndTransport() in GAME.legal_actions(state):
        state = GAME.apply(state, EndTransport())
    state = with_dice(state, dice)
    while state.active == seat and GAME.current_player(state) is not None:
        state = hold_fire(passes(state))
        if state.active != seat:
            break
        legal = GAME.legal_actions(state)
        keep = [a for a in legal if a in (Discard(-1), Pass()) or (isinstance(a, Launch) and a.count == 0)]
        state = GAME.apply(state, (keep or legal)[0])
    return state


# --------------------------------------------------------------------------------------
# SG-13.1 the deck


def test_sg_13_1_deal_draw_and_the_table() -> None:
    """SG-13.1 / SG-3.9: 42 cards, one of each; 3 dealt to each player; hands are PRIVATE
    (counts public) and the deck SEALED (count public); the table has 13 R cards (SG-A56)."""
    assert [c.num for c in CARDS] == list(range(1, 43))
    assert sorted(c.key for c in CARDS if c.reaction) == sorted(
        [
            "defend_the_homeworld", "ambush", "defensive_formation", "space_mines", "jam_communications",
            "decoy", "its_a_dud", "intelligence", "luck", "intercept", "retreat", "strafing_run", "skirmish",
        ]
    )
    state = GAME.new_game({"module_cards": True}, 3)
    assert state.deck is not None and len(state.deck.draw_pile) == 36
    assert [len(h) for h in state.cards] == [3, 3]
    for viewer in (None, W, E):
        cards = GAME.view(state, viewer)["cards"]
        assert cards["hand_counts"] == [3, 3] and cards["deck"] == 36
        assert [c["num"] for c in cards["hand"]] == ([] if viewer is None else list(state.cards[viewer]))
    for viewer in (None, W, E):  # the shuffle's picks would give the deck order away
        assert not any("SG.cards.shuffle" in line for line in GAME.view(state, viewer)["log"])


def test_sg_h33_empty_deck_reshuffles_the_discards() -> None:
    """SG-H33 / SG-A57: the deck is empty and 5 cards are discarded: one shuffle of 5, then
    the top card is drawn (the start-of-turn draw)."""
    state = cards_pos(((), ()), fleets=[(W, 1, 5, 5, [("cruiser", 0)])], active=E)
    assert state.deck is not None
    others = [c for c in range(1, 43) if c not in (1, 2, 3, 4, 5)]
    state = replace(state, deck=replace(state.deck, draw_pile=(), discard_pile=(1, 2, 3, 4, 5)),
                    cards=(tuple(others[:30]), tuple(others[30:])))  # East ends with 7: no discard
    state = to_next_turn(state, [0] * 4 + [0, 0, 0, 0])  # East's draws; then the shuffle
    assert state.active == W
    assert state.deck is not None and len(state.deck.draw_pile) == 4 and not state.deck.discard_pile
    assert "The discard pile (5 cards) is shuffled into a new deck" in log(state)
    assert len(state.cards[W]) == 31


def test_sg_h32_hand_limit_at_the_end_of_the_own_turn() -> None:
    """SG-H32 / SG-A65: West ends its turn with 9 cards and discards 2 of its choice (public);
    8 cards during the opponent's turn are legal."""
    hand = ("opportunity", "spies", "sabotage", "refit", "resupply", "repairs", "salvage", "lure", "switch")
    state = cards_pos((hand, ("luck",) * 0), fleets=[(W, 1, 5, 5, [("cruiser", 0)])])
    state = replace(state, cards=(state.cards[W], (num("critical_hit"),) * 0))
    state = GAME.apply(state, EndTransport())
    state = passes(with_dice(state, [0] * 8))
    while state.phase != "hand_limit":
        legal = GAME.legal_actions(state)
        keep = [a for a in legal if a in (Discard(-1), Pass())]
        state = GAME.apply(state, (keep or legal)[0])
    assert GAME.current_player(state) == W
    assert {a.card for a in GAME.legal_actions(state)} == {num(k) for k in hand}  # type: ignore[attr-defined]
    state = GAME.apply(state, DiscardCard(num("spies")))
    assert state.phase == "hand_limit"
    state = GAME.apply(state, DiscardCard(num("lure")))
    assert state.active == E and len(state.cards[W]) == 7
    discard = [c["key"] for c in GAME.view(state, E)["cards"]["discard"]]
    assert "spies" in discard and "lure" in discard


# --------------------------------------------------------------------------------------
# One scenario per card (SG-13.3), table order


def test_card_01_interstellar_shortcut_and_sg_h24() -> None:
    """SG-13.3 #1 / SG-H24 / SG-A51: +2 MOVE for mobile ships only: the Battle Station stays
    at 0 and blocks the step; split off, the Cruiser has MP 4 (2 + 2)."""
    cruiser, station = cid(V, "cruiser"), cid(V, "battle_station")
    state = cards_pos(
        (("interstellar_shortcut",), ()),
        planets=[(W, 5, 5, "P")],
        fleets=[(W, 1, 5, 5, [("cruiser", 0), ("battle_station", 0)])],
    )
    state = play(state, "interstellar_shortcut", fleet(W, 1))
    assert state.phase == "transport" and mp(state, cruiser) == 4 and mp(state, station) == 0
    assert not any(isinstance(a, Step) for a in GAME.legal_actions(state))
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Step(S))
    state = GAME.apply(state, Split(station))
    assert Step(S) in GAME.legal_actions(state) and mp(state, cruiser) == 4


def test_card_02_defend_the_homeworld_reveals_and_teleports() -> None:
    """SG-13.3 #2 / SG-A60: at the opponent's O-start East reveals its Homeworld (PUBLIC)
    and moves fleets there at once, without MP."""
    hw = (20, 10)
    state = cards_pos(
        ((), ("defend_the_homeworld",)),
        planets=[(E, *hw, "H")],
        fleets=[(W, 1, 5, 5, [("cruiser", 0)]), (E, 1, 14, 14, [("destroyer", 0)]), (E, 2, 15, 3, [("scout", 0)])],
        active=E,
    )
    state = to_next_turn(state, [0] * 4)  # West's turn begins: East has O-start priority
    assert state.phase == "window" and GAME.current_player(state) == E
    state = passes(play(state, "defend_the_homeworld", fleet(E, 1), -1))  # West may respond
    assert hex_of(state, E, 1) == hw and hex_of(state, E, 2) == (15, 3)
    pid = next(i for i, p in enumerate(state.planets) if (p.col, p.row) == hw)
    assert GAME.view(state, W)["planets"][pid]["type"] == "H"
    assert GAME.view(state, None)["planets"][pid]["type"] == "H"


def test_sg_h29_intelligence_negates_defend_the_homeworld() -> None:
    """SG-H29 / #26 / C-5.3: West plays Defend the Homeworld, East responds with Intelligence:
    no reveal, no movement; both cards are in the (PUBLIC) discard pile."""
    hw = (3, 3)
    state = cards_pos(
        (("defend_the_homeworld",), ("intelligence",)),
        planets=[(W, *hw, "H")],
        fleets=[(W, 1, 5, 5, [("cruiser", 0)])],
    )
    state = play(state, "defend_the_homeworld", fleet(W, 1), -1)
    assert state.phase == "window" and GAME.current_player(state) == E  # response (C-5.2)
    assert [type(a).__name__ for a in GAME.legal_actions(state)] == ["Pass", "PlayCard"]
    state = play(state, "intelligence")
    state = passes(state)
    assert hex_of(state, W, 1) == (5, 5)
    pid = next(i for i, p in enumerate(state.planets) if (p.col, p.row) == hw)
    assert GAME.view(state, E)["planets"][pid]["type"] is None
    assert state.deck is not None and set(state.deck.discard_pile) == {num("defend_the_homeworld"), num("intelligence")}
    assert "is negated" in log(state)


def test_card_03_sustained_burn_adds_one() -> None:
    """SG-13.3 #3: MOVE* +1 this turn, added to the MP left (SG-5.6)."""
    cruiser = cid(V, "cruiser")
    state = cards_pos((("sustained_burn",), ()), fleets=[(W, 1, 5, 5, [("cruiser", 0)])])
    state = play(GAME.apply(state, Step(S)), "sustained_burn", fleet(W, 1))
    assert mp(state, cruiser) == 2  # 2 - 1 + 1


def _battle_at_x(hands: tuple[tuple[str, ...], tuple[str, ...]], active: int = W, **kw: object) -> State:
    """West Monitor (fleet 1) and Cruiser (fleet 2) against an East Cruiser and a Fighter in X;
    the active player ends its movement; the B-pre window opens (SG-6.3 B2)."""
    fleets = kw.pop("fleets", [
        (W, 1, *X, [("monitor", 0)]),
        (W, 2, *X, [("cruiser", 0)]),
        (E, 1, *X, [("cruiser", 1), ("fighter", 0)]),
    ])
    state = cards_pos(hands, fleets=fleets, active=active, **kw)
    return GAME.apply(state, EndTransport())


def test_card_04_surprise_attack_adds_two_attack_on_the_own_turn() -> None:
    """SG-13.3 #4 / SG-A58: in B-pre of its own battle West gives fleet 1 ATK* +2."""
    monitor, target = cid(V, "monitor"), cid(V, "cruiser", 1)
    state = _battle_at_x((("surprise_attack",), ()))
    assert state.phase == "window" and state.window is not None and state.window.kind == "B-pre"
    state = passes(play(state, "surprise_attack", fleet(W, 1)))
    assert state.phase == "declare"
    state = GAME.apply(state, Target(monitor, target))
    state = with_dice(state, [1] * 40)
    state = hold_fire(state)
    assert "8d6 attack 8 vs 4d6 defence 4 on East's Cruiser of fleet 1" in log(state)


def test_card_05_ambush_on_the_opponents_turn() -> None:
    """SG-13.3 #5 / SG-A58: East (defending, West's turn) plays Ambush: ATK* +2."""
    e_cruiser, monitor = cid(V, "cruiser", 1), cid(V, "monitor")
    state = _battle_at_x(((), ("ambush",)))
    assert state.phase == "window" and GAME.current_player(state) == E
    state = passes(play(state, "ambush", fleet(E, 1)))
    state = GAME.apply(state, Target(monitor, -1))
    state = GAME.apply(state, Target(cid(V, "cruiser"), -1))
    state = GAME.apply(state, Target(cid(V, "fighter"), -1))
    state = with_dice(state, [1] * 40)
    state = GAME.apply(state, Target(e_cruiser, monitor))
    assert "5d6 attack 5 vs 3d6 defence 3 on West's Monitor of fleet 1" in log(state)


def test_card_06_defensive_formation() -> None:
    """SG-13.3 #6: the defending fleet's ships get DEF* +2."""
    monitor, e_cruiser = cid(V, "monitor"), cid(V, "cruiser", 1)
    state = _battle_at_x(((), ("defensive_formation",)))
    state = passes(play(state, "defensive_formation", fleet(E, 1)))
    state = GAME.apply(state, Target(monitor, e_cruiser))
    state = with_dice(state, [1] * 40)
    state = hold_fire(state)
    assert "6d6 attack 6 vs 6d6 defence 6 on East's Cruiser of fleet 1" in log(state)


def test_card_07_increased_production() -> None:
    """SG-13.3 #7 / SG-9.3: one more random ship in this turn's production."""
    home = (4, 4)
    state = cards_pos((("increased_production",), ()), planets=[(W, *home, "H")],
                      fleets=[(W, 1, *home, [("cruiser", 0)])])
    state = play(state, "increased_production")
    state = GAME.apply(state, EndTransport())
    state = with_dice(passes(state), [0] * 6)
    state = GAME.apply(state, Discard(-1))
    placed = 0
    while state.phase == "place":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
        placed += 1
    assert placed == 5


def test_card_08_long_range_probe_is_knowledge_of_its_player_only() -> None:
    """SG-13.3 #8 / SG-14.1: the planet's type goes to West's view only."""
    p = (20, 6)
    state = cards_pos((("long_range_probe",), ()), planets=[(E, *p, "M")], fleets=[(W, 1, 5, 5, [("cruiser", 0)])])
    pid = next(i for i, pl in enumerate(state.planets) if (pl.col, pl.row) == p)
    state = play(state, "long_range_probe", pid)
    assert GAME.view(state, W)["planets"][pid]["type"] == "M"
    assert GAME.view(state, None)["planets"][pid]["type"] is None
    assert not any("Metal" in line for line in GAME.view(state, E)["log"] + GAME.view(state, None)["log"])


def test_card_09_scanners_show_the_fleet_to_its_player_only() -> None:
    """SG-13.3 #9: a snapshot of East fleet 1 (types, pb, loading) in West's view only."""
    state = cards_pos((("scanners",), ()),
                      fleets=[(W, 1, 5, 5, [("cruiser", 0)]), (E, 1, 20, 20, [("carrier", 0), ("bomber", 0, "in", 0)])])
    state = play(state, "scanners", fleet(E, 1))
    scans = GAME.view(state, W)["cards"]["scans"]
    assert [s["type"] for s in scans[0]["ships"]] == ["bomber", "carrier"]
    assert GAME.view(state, E)["cards"]["scans"] == [] and "scans" not in GAME.view(state, None)["cards"]
    assert not any("Bomber" in line for line in GAME.view(state, None)["log"])


def test_card_10_spies_show_the_hand_to_its_player_only() -> None:
    """SG-13.3 #10: a snapshot of East's hand in West's view only."""
    state = cards_pos((("spies",), ("luck", "decoy")), fleets=[(W, 1, 5, 5, [("cruiser", 0)])])
    state = passes(play(state, "spies", E))
    spied = GAME.view(state, W)["cards"]["spied"]
    assert [c["key"] for c in spied[0]["hand"]] == ["decoy", "luck"]
    assert GAME.view(state, E)["cards"]["spied"] == [] and "spied" not in GAME.view(state, None)["cards"]
    assert not any("Luck" in line for line in GAME.view(state, None)["log"])


def test_card_11_strategic_push_gives_a_second_transport_phase() -> None:
    """SG-13.3 #11 / SG-A61: after the Transport Phase a second one follows, MP reset."""
    cruiser = cid(V, "cruiser")
    state = cards_pos((("strategic_push",), ()), fleets=[(W, 1, 5, 5, [("cruiser", 0)])])
    state = play(state, "strategic_push")
    state = GAME.apply(GAME.apply(state, Step(S)), Step(S))
    assert state.phase == "transport" and mp(state, cruiser) == 2 and hex_of(state, W, 1) == (5, 7)
    state = GAME.apply(GAME.apply(state, Step(S)), Step(S))
    assert hex_of(state, W, 1) == (5, 9) and state.phase != "transport"


def test_card_12_bypass_moves_through_the_target_fleet() -> None:
    """SG-13.3 #12 / SG-A16: no stop in a hex where every enemy ship is in the target fleet."""
    scout = cid(V, "scout")
    fleets = [(W, 1, 5, 5, [("scout", 0)]), (E, 1, 5, 6, [("cruiser", 0)])]
    state = cards_pos((("bypass",), ()), fleets=fleets)
    state = play(state, "bypass", fleet(W, 1), fleet(E, 1))
    state = GAME.apply(state, Step(S))
    assert mp(state, scout) == 5
    state = GAME.apply(state, Step(S))
    assert hex_of(state, W, 1) == (5, 7)


def _e_end(hands: tuple[tuple[str, ...], tuple[str, ...]], fleets: list[object], dice: list[int],
           targets: dict[int, int]) -> State:
    """A battle in X resolved with scripted dice; West then holds E-end (SG-13.2)."""
    state = cards_pos(hands, fleets=fleets)
    state = with_dice(GAME.apply(state, EndTransport()), dice)
    while not (state.window is not None and state.window.kind == "E-end"):
        if state.phase == "declare":
            assert state.battle is not None
            ship = state.battle.queue[0]
            state = GAME.apply(state, Target(ship, targets.get(ship, -1)))
        else:
            state = GAME.apply(state, Pass())
    return state


def test_card_13_boarding_action_takes_an_enemy_ship() -> None:
    """SG-13.3 #13: at E-end West takes the East Cruiser (seen at B1), which joins West's fleet
    in the hex with its pb."""
    e_cruiser = cid(V, "cruiser", 1)
    state = _e_end((("boarding_action",), ()),
                   [(W, 1, *X, [("monitor", 0)]), (E, 1, *X, [("cruiser", 1)])], [], {})
    assert state.window is not None and state.window.kind == "E-end"
    state = passes(play(state, "boarding_action", e_cruiser))
    ship = state.ships[e_cruiser]
    assert ship is not None and (ship.owner, ship.fleet, ship.pb) == (W, 1, 1)


def test_card_14_space_mines_after_a_move_into_an_empty_hex() -> None:
    """SG-13.3 #14 / SG-A63: West's fleet ends its move in an empty hex; East's Space Mines
    destroy one random ship of it (pick 1 of 2 in cid order = the Missile Boat)."""
    cruiser, destroyer = cid(V, "cruiser"), cid(V, "missile_boat")
    state = cards_pos(((), ("space_mines",)), fleets=[(W, 1, 5, 5, [("missile_boat", 0), ("cruiser", 0)])],
                      dice=[0])
    state = GAME.apply(GAME.apply(state, Step(S)), Step(S))  # both have MOVE 2: move complete
    assert state.phase == "window" and state.window is not None and state.window.kind == "O-move"
    assert GAME.current_player(state) == E
    state = passes(play(state, "space_mines"))
    assert state.ships[destroyer] is None and state.ships[cruiser] is not None
    assert "Space Mines destroy West's Missile Boats of fleet 1" in log(state)


def test_card_14_space_mines_when_the_mover_starts_another_fleet() -> None:
    """SG-13.2 O-move / SG-5.10: a fleet move is complete when the mover starts another
    fleet, so switching away after one step opens East's window; West then goes on with the
    fleet it chose."""
    destroyer = cid(V, "missile_boat")
    state = cards_pos(((), ("space_mines",)),
                      fleets=[(W, 1, 5, 5, [("missile_boat", 0), ("cruiser", 0)]), (W, 2, 9, 9, [("scout", 0)])],
                      dice=[0])
    state = GAME.apply(state, Step(S))
    assert state.phase == "transport" and state.cursor == 1  # MP left: no window yet
    state = GAME.apply(state, Select(2))
    assert state.window is not None and state.window.kind == "O-move" and GAME.current_player(state) == E
    state = passes(play(state, "space_mines"))
    assert state.ships[destroyer] is None
    assert state.phase == "transport" and state.cursor == 2 and GAME.current_player(state) == W


def test_card_15_sabotage_discards_two_random_cards() -> None:
    """SG-13.3 #15: two sequential picks over East's sorted hand go to the discard pile."""
    state = cards_pos((("sabotage",), ("luck", "decoy", "spies")), fleets=[(W, 1, 5, 5, [("cruiser", 0)])],
                      dice=[0, 1])
    state = passes(play(state, "sabotage", E))
    assert state.cards[E] == (num("decoy"),)  # sorted (10, 21, 28): pick 1 -> 10, then 2 of (21, 28)
    assert state.deck is not None and {num("spies"), num("luck")} <= set(state.deck.discard_pile)


def test_card_16_diplomacy_skips_engagement_and_mass_destruction() -> None:
    """SG-13.3 #16 / SG-4.2: no battle and no launch this turn."""
    p = (20, 6)
    state = cards_pos((("diplomacy",), ()), planets=[(E, *p, "M")],
                      fleets=[(W, 1, *p, [("drone", 0)]), (E, 1, *p, [("cruiser", 0)])])
    state = play(state, "diplomacy")
    state = GAME.apply(state, EndTransport())
    assert state.phase == "discard" and "Diplomacy: no Engagement" in log(state)
    assert state.ships[cid(V, "drone")].pb == 4  # type: ignore[union-attr]


def test_card_17_tactical_advantage() -> None:
    """SG-13.3 #17: ATK* +1 and DEF* +1 for the target fleet."""
    monitor, e_cruiser = cid(V, "monitor"), cid(V, "cruiser", 1)
    state = _battle_at_x((("tactical_advantage",), ()))
    state = passes(play(state, "tactical_advantage", fleet(W, 1)))
    state = GAME.apply(state, Target(monitor, e_cruiser))
    state = GAME.apply(state, Target(cid(V, "cruiser"), -1))
    state = _declare_east(state, {e_cruiser: monitor})
    text = log(state)
    assert "7d6 attack 7 vs 4d6 defence 4 on East's Cruiser of fleet 1" in text
    assert "3d6 attack 3 vs 4d6 defence 4 on West's Monitor of fleet 1" in text


def test_card_18_opportunity_draws_two() -> None:
    """SG-13.3 #18: draw 2 cards (the top of the deck, PRIVATE)."""
    state = cards_pos((("opportunity",), ()), deck=("luck", "decoy"), fleets=[(W, 1, 5, 5, [("cruiser", 0)])])
    state = play(state, "opportunity")
    assert state.cards[W] == (num("decoy"), num("luck"))
    assert GAME.view(state, E)["cards"]["hand_counts"] == [2, 0]


def test_sg_h28_jam_communications_freezes_the_ships_at_o_start() -> None:
    """SG-H28 / SG-13.3 #19 / SG-A62: at West's O-start East jams W3 = {Cruiser, Destroyer};
    West splits the Destroyer off: it stays jammed; the marker shows "jammed"."""
    destroyer = cid(V, "destroyer")
    state = cards_pos(((), ("jam_communications",)), active=E,
                      fleets=[(W, 3, 5, 5, [("cruiser", 0), ("destroyer", 0)]), (E, 1, 20, 20, [("scout", 0)])])
    state = to_next_turn(state, [0] * 4)
    assert GAME.current_player(state) == E and state.window is not None and state.window.kind == "start"
    state = passes(play(state, "jam_communications", fleet(W, 3)))
    assert state.phase == "transport" and state.cursor == 3
    assert not any(isinstance(a, Step) for a in GAME.legal_actions(state))
    view = GAME.view(state, None)
    assert next(f for f in view["fleets"] if f["owner"] == W)["jammed"] is True
    state = GAME.apply(state, Split(destroyer))
    assert not any(isinstance(a, Step) for a in GAME.legal_actions(state))


def test_card_20_data_analysis_shows_the_next_seven_to_its_player() -> None:
    """SG-13.3 #20: the top 7 cards in order, in West's view only."""
    top = ("luck", "decoy", "spies", "refit", "lure", "switch", "repairs")
    state = cards_pos((("data_analysis",), ()), deck=top, fleets=[(W, 1, 5, 5, [("cruiser", 0)])])
    state = play(state, "data_analysis")
    assert [c["key"] for c in GAME.view(state, W)["cards"]["analysis"][0]] == list(top)
    assert GAME.view(state, E)["cards"]["analysis"] == []


def test_card_21_decoy_cancels_the_attacks_on_a_ship() -> None:
    """SG-13.3 #21 / SG-A67: East decoys its Cruiser at B-decl: West's declared attack on it
    is not rolled (no dice are consumed)."""
    monitor, e_cruiser = cid(V, "monitor"), cid(V, "cruiser", 1)
    state = passes(_battle_at_x(((), ("decoy",))))  # East is asked at B-pre (C-5.4) and passes
    state = GAME.apply(state, Target(monitor, e_cruiser))
    state = GAME.apply(state, Target(cid(V, "cruiser"), -1))
    state = GAME.apply(state, Target(cid(V, "fighter"), -1))
    state = GAME.apply(state, Target(e_cruiser, -1))
    assert state.phase == "window" and state.window is not None and state.window.kind == "B-decl"
    assert GAME.current_player(state) == E
    state = passes(play(state, "decoy", e_cruiser))
    assert state.ships[e_cruiser] is not None and "hits a decoy" in log(state)
    assert not any("SG.combat" in line for line in told(state))


def test_card_22_its_a_dud_negates_a_launch() -> None:
    """SG-13.3 #22 / SG-8.4: the order is negated, its PBs are still spent."""
    p = (20, 6)
    drone = cid(V, "drone")
    state = cards_pos(((), ("its_a_dud",)), planets=[(E, *p, "M")], fleets=[(W, 1, *p, [("drone", 0)])])
    state = GAME.apply(passes(GAME.apply(state, EndTransport())), Launch(drone, 2))
    assert state.window is not None and state.window.kind == "M-decl" and GAME.current_player(state) == E
    state = passes(play(state, "its_a_dud", drone))
    planet = next(pl for pl in state.planets if (pl.col, pl.row) == p)
    assert planet.alive and state.ships[drone].pb == 2  # type: ignore[union-attr]


def test_card_23_salvage_takes_an_enemy_wreck() -> None:
    """SG-13.3 #23: the destroyed East Escort returns under West's control (pb as destroyed)."""
    monitor, escort = cid(V, "monitor"), cid(V, "escort")
    state = _e_end((("salvage",), ()), [(W, 1, *X, [("monitor", 0)]), (E, 1, *X, [("escort", 0)])],
                   [6] * 6 + [1] * 3, {monitor: escort})
    assert state.ships[escort] is None
    state = passes(play(state, "salvage", escort))
    ship = state.ships[escort]
    assert ship is not None and (ship.owner, ship.fleet) == (W, 1)


def test_card_24_repairs_bring_back_an_own_loss() -> None:
    """SG-13.3 #24: West's destroyed Scout returns into a West fleet in its hex."""
    scout, monitor = cid(V, "scout"), cid(V, "monitor")
    state = _e_end((("repairs",), ()),
                   [(W, 1, *X, [("scout", 0), ("cruiser", 0)]), (E, 1, *X, [("monitor", 0)])],
                   [6] * 6 + [1] * 3, {monitor: scout})
    assert state.ships[scout] is None
    state = passes(play(state, "repairs", scout))
    assert state.ships[scout] is not None and state.ships[scout].owner == W  # type: ignore[union-attr]


def test_card_25_suicide_attack() -> None:
    """SG-13.3 #25: an own ship and an enemy ship in the same hex are both destroyed."""
    scout, e_cruiser = cid(V, "scout"), cid(V, "cruiser", 1)
    state = _e_end((("suicide_attack",), ()), [(W, 1, *X, [("scout", 0)]), (E, 1, *X, [("cruiser", 1)])], [], {})
    state = passes(play(state, "suicide_attack", scout, e_cruiser))
    assert state.ships[scout] is None and state.ships[e_cruiser] is None


def test_card_27_critical_hit_destroys_a_random_enemy_that_fought() -> None:
    """SG-13.3 #27 / SG-A68: a random enemy non-fighter seen at a B1 this phase (cid order)."""
    e_cruiser, fighter = cid(V, "cruiser", 1), cid(V, "fighter", 1)
    state = _e_end((("critical_hit",), ()),
                   [(W, 1, *X, [("scout", 0)]), (E, 1, *X, [("fighter", 1), ("cruiser", 1)])], [], {})
    state = passes(play(with_dice(state, [0]), "critical_hit"))
    assert state.ships[e_cruiser] is None and state.ships[fighter] is not None


def test_an_eliminated_seats_hand_goes_to_the_discard_pile() -> None:
    """SG-16.5 with cards (RULES.md is silent; see the rules notes): the third seat loses
    its last planet, so its two cards are discarded face up and nobody can play them."""
    state = with_cards(third_seat_on_its_last_planet(V, "H"), [[], [], [num("luck"), num("spies")]])
    state = passes(GAME.apply(state, EndTransport()))
    assert state.phase == "md"
    state = passes(GAME.apply(state, Launch(cid(V, "drone"), 1)))
    assert state.alive == (True, True, False)
    assert state.cards[2] == () and state.deck is not None
    assert {num("luck"), num("spies")} <= set(state.deck.discard_pile)
    line = next(x for x in told(state) if "discard their hand" in x)
    assert line.startswith("Green discard their hand: ") and "Luck" in line and "Spies" in line
    assert not GAME.invariant_violations(state)


def test_card_28_luck_rerolls_a_roll() -> None:
    """SG-13.3 #28 / SG-A59: East rerolls the defence roll of its Cruiser; the new dice stand."""
    monitor, e_cruiser = cid(V, "monitor"), cid(V, "cruiser", 1)
    state = passes(_battle_at_x(((), ("luck",))))
    state = GAME.apply(state, Target(monitor, e_cruiser))
    state = GAME.apply(state, Target(cid(V, "cruiser"), -1))
    state = GAME.apply(state, Target(cid(V, "fighter"), -1))
    state = with_dice(state, [4] * 6 + [1] * 4 + [6] * 4)
    state = GAME.apply(state, Target(e_cruiser, -1))
    assert state.window is not None and state.window.kind == "roll" and GAME.current_player(state) == E
    assert [r.purpose for r in state.rolls][1].startswith("SG.combat.defence")
    state = passes(play(state, "luck", 1))
    assert state.ships[e_cruiser] is not None  # 24 vs 24 after the reroll
    assert "rerolled: 1 1 1 1 -> 6 6 6 6" in log(state)


def test_card_29_resupply_refills_pbs() -> None:
    """SG-13.3 #29: the ship's pb goes back to its maximum anywhere."""
    drone = cid(V, "drone")
    state = cards_pos((("resupply",), ()), fleets=[(W, 1, *X, [("drone", 0)])])
    state = replace(state, ships=tuple(replace(s, pb=1) if c == drone and s else s for c, s in enumerate(state.ships)))
    state = play(state, "resupply", drone)
    assert state.ships[drone].pb == 4  # type: ignore[union-attr]


def test_card_30_redeploy_and_sg_h38() -> None:
    """SG-13.3 #30 / SG-H38: a fleet in open space is not a legal target; one at an own
    planet moves to another own planet."""
    state = cards_pos((("redeploy",), ()), planets=[(W, 3, 3, "P"), (W, 7, 9, "M")],
                      fleets=[(W, 1, *X, [("cruiser", 0)]), (W, 2, 3, 3, [("destroyer", 0)])])
    state = GAME.apply(state, PlayCard(num("redeploy")))
    assert Choose(fleet(W, 1)) not in GAME.legal_actions(state)
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Choose(fleet(W, 1)))
    pid = next(i for i, p in enumerate(state.planets) if (p.col, p.row) == (7, 9))
    state = GAME.apply(GAME.apply(state, Choose(fleet(W, 2))), Choose(pid))
    assert hex_of(state, W, 2) == (7, 9)


def test_card_31_lure_and_sg_h37() -> None:
    """SG-13.3 #31 / SG-H37 / SG-A64: West moves an East fleet with its own MP; a fleet with an
    unloaded Battle Station cannot move: West learns only "MP 0" and the card is wasted."""
    state = cards_pos((("lure",), ()), fleets=[(W, 1, 5, 5, [("cruiser", 0)]),
                                                (E, 1, 20, 20, [("battle_station", 0), ("scout", 1)])])
    state = play(state, "lure", fleet(E, 1))
    assert hex_of(state, E, 1) == (20, 20) and state.phase == "transport"
    assert "Lure: East fleet 1 has MP 0" in GAME.view(state, W)["log"]
    assert "Lure: East fleet 1 has MP 0" not in GAME.view(state, E)["log"]
    assert state.deck is not None and num("lure") in state.deck.discard_pile
    state = cards_pos((("lure",), ()), fleets=[(W, 1, 5, 5, [("cruiser", 0)]), (E, 1, 20, 20, [("cruiser", 1)])])
    state = play(state, "lure", fleet(E, 1))
    assert state.phase == "card_move" and GAME.current_player(state) == W
    assert GAME.view(state, W)["cards"]["card_move"]["mp"] == 2
    assert "mp" not in GAME.view(state, E)["cards"]["card_move"]
    state = GAME.apply(GAME.apply(state, Step(N)), Step(N))
    assert hex_of(state, E, 1) == (20, 18) and state.phase == "transport"


def test_card_31_lure_into_a_neutral_planet_gives_its_die_a_luck_window() -> None:
    """SG-A59 / SG-A44 / SG-12.1: a neutral planet entered by a card move rolls its public d6
    in a window of its own, inside the card's; East's Luck turns the 1 (Population) into a 5
    (Radioactive), East (the fleet's owner) gains the planet, and West's Lure goes on."""
    neutral = (20, 19)
    state = cards_pos((("lure",), ("luck",)), fleets=[(W, 1, 5, 5, [("cruiser", 0)]), (E, 1, 20, 20, [("cruiser", 1)])],
                      options={"module_terrain": True}, terrain=[(*neutral, "neutral_planet")], dice=[1, 5])
    pid = next(i for i, p in enumerate(state.planets) if (p.col, p.row) == neutral)
    state = passes(play(state, "lure", fleet(E, 1)))
    assert state.phase == "card_move"
    state = GAME.apply(state, Step(N))
    assert state.window is not None and state.window.kind == "roll" and len(state.outer) == 1
    assert state.planets[pid].owner == -1 and [r.dice for r in state.rolls] == [(1,)]
    assert GAME.current_player(state) == E
    state = passes(play(state, "luck", 0))
    planet = state.planets[pid]
    assert (planet.owner, planet.ptype) == (E, "R") and state.outer == ()
    assert state.phase == "card_move" and GAME.current_player(state) == W  # 1 MP left
    state = GAME.apply(state, Hold())
    state = passes(state)
    assert state.phase == "transport" and GAME.current_player(state) == W and state.window is None


def test_card_31_lure_into_a_neutral_planet_when_nobody_can_luck() -> None:
    """The same move with no card left in any hand: the die's window closes at once, the
    planet is East's (a 3: Metal) and the Lure goes on from the same step."""
    neutral = (20, 19)
    state = cards_pos((("lure",), ()), fleets=[(W, 1, 5, 5, [("cruiser", 0)]), (E, 1, 20, 20, [("cruiser", 1)])],
                      options={"module_terrain": True}, terrain=[(*neutral, "neutral_planet")], dice=[3])
    pid = next(i for i, p in enumerate(state.planets) if (p.col, p.row) == neutral)
    state = GAME.apply(passes(play(state, "lure", fleet(E, 1))), Step(N))
    planet = state.planets[pid]
    assert (planet.owner, planet.ptype) == (E, "M") and state.outer == () and state.rolls == ()
    assert state.phase == "card_move" and state.card_move is not None and state.card_move.mp == 1
    state = GAME.apply(state, Step(N))
    assert hex_of(state, E, 1) == (20, 18)
    assert passes(state).phase == "transport"


def test_card_32_switch_exchanges_two_fleets() -> None:
    """SG-13.3 #32: two own fleets exchange hexes, using no MP."""
    cruiser = cid(V, "cruiser")
    state = cards_pos((("switch",), ()), fleets=[(W, 1, 5, 5, [("cruiser", 0)]), (W, 2, 8, 8, [("scout", 0)])])
    state = play(state, "switch", fleet(W, 1), fleet(W, 2))
    assert hex_of(state, W, 1) == (8, 8) and hex_of(state, W, 2) == (5, 5) and mp(state, cruiser) == 2


def test_card_33_intercept_engages_the_fleet_that_moved() -> None:
    """SG-13.3 #33: after West's fleet ends its move, East moves a fleet into its hex."""
    state = cards_pos(((), ("intercept",)),
                      fleets=[(W, 1, 5, 5, [("cruiser", 0)]), (E, 1, 5, 9, [("scout", 1)])])
    state = GAME.apply(GAME.apply(state, Step(S)), Step(S))
    assert GAME.current_player(state) == E
    state = passes(play(state, "intercept", fleet(E, 1)))
    assert hex_of(state, E, 1) == (5, 7) == hex_of(state, W, 1)


def test_card_34_retreat_moves_away_from_the_fleet_that_moved() -> None:
    """SG-13.3 #34 / SG-A64: every step must increase the distance from that hex."""
    state = cards_pos(((), ("retreat",)), fleets=[(W, 1, 5, 5, [("cruiser", 0)]), (E, 1, 5, 7, [("scout", 1)])])
    state = GAME.apply(GAME.apply(state, Step(S)), Step(S))
    assert hex_of(state, W, 1) == (5, 7) and GAME.current_player(state) == E
    state = play(state, "retreat", fleet(E, 1))
    assert state.phase == "card_move" and GAME.current_player(state) == E
    state = GAME.apply(state, Step(S))
    assert Step(N) not in GAME.legal_actions(state) and Step(S) in GAME.legal_actions(state)
    state = GAME.apply(state, Hold())
    assert hex_of(state, E, 1) == (5, 8) and state.phase != "card_move"


def test_card_35_operations_lifts_a_forced_stop() -> None:
    """SG-13.3 #35: the fleet's MP is reset to MOVE* after a Nebula stop."""
    cruiser = cid(V, "cruiser")
    state = cards_pos((("operations",), ()), fleets=[(W, 1, 5, 5, [("cruiser", 0)]), (W, 2, 9, 9, [("scout", 0)])],
                      options={"module_terrain": True}, terrain=[(5, 6, "nebula")])
    state = GAME.apply(state, Step(S))
    assert mp(state, cruiser) == 0 and state.cursor == 2
    state = play(state, "operations", fleet(W, 1))
    assert mp(state, cruiser) == 2


def test_card_36_refit_replaces_ships_at_planets() -> None:
    """SG-13.3 #36 / SG-A70: draw replacements first, then the discards return to the pile."""
    home = (3, 3)
    scout = cid(V, "scout")
    state = cards_pos((("refit",), ()), planets=[(W, *home, "H")], fleets=[(W, 1, *home, [("scout", 0)])],
                      dice=[0])
    first = state.pile[0]
    state = play(state, "refit", scout, -1)
    assert state.ships[scout] is None and scout in state.pile
    assert state.ships[first] is not None and state.ships[first].fleet == 1  # type: ignore[union-attr]


def test_card_37_afterburners() -> None:
    """SG-13.3 #37: one mobile ship MOVE* +3."""
    cruiser = cid(V, "cruiser")
    state = cards_pos((("afterburners",), ()), fleets=[(W, 1, 5, 5, [("cruiser", 0)])])
    state = play(state, "afterburners", cruiser)
    assert mp(state, cruiser) == 5


def test_card_38_fighter_base() -> None:
    """SG-13.3 #38: a fighter teleports to an own planet, into a new fleet there."""
    fighter = cid(V, "fighter")
    state = cards_pos((("fighter_base",), ()), planets=[(W, 3, 3, "P")],
                      fleets=[(W, 1, *X, [("carrier", 0), ("fighter", 0, "in", 0)])])
    pid = next(i for i, p in enumerate(state.planets) if (p.col, p.row) == (3, 3))
    state = play(state, "fighter_base", fighter, pid, 0)
    ship = state.ships[fighter]
    assert ship is not None and hex_of(state, W, ship.fleet) == (3, 3) and ship.fleet != 1


def test_card_39_strafing_run() -> None:
    """SG-13.3 #39: an own fighter in the battle gets ATK* +4 (East, defending)."""
    fighter, monitor = cid(V, "fighter"), cid(V, "monitor")
    state = _battle_at_x(((), ("strafing_run",)))
    state = passes(play(state, "strafing_run", fighter))
    state = hold_fire(state, W)  # West holds fire; East's ships declare next
    state = _declare_east(state, {fighter: monitor})
    assert "9d6 attack 9 vs 3d6 defence 3 on West's Monitor of fleet 1" in log(state)


def _declare_east(state: State, targets: dict[int, int]) -> State:
    state = with_dice(state, [1] * 40)
    while state.phase == "declare":
        assert state.battle is not None
        ship = state.battle.queue[0]
        state = GAME.apply(state, Target(ship, targets.get(ship, -1)))
    return state


def test_card_40_skirmish_adds_two_defence_to_all() -> None:
    """SG-13.3 #40: DEF* +2 for every ship of both sides in this battle round."""
    monitor, e_cruiser = cid(V, "monitor"), cid(V, "cruiser", 1)
    state = _battle_at_x((("skirmish",), ()))
    state = passes(play(state, "skirmish"))
    state = GAME.apply(state, Target(monitor, e_cruiser))
    state = GAME.apply(state, Target(cid(V, "cruiser"), -1))
    state = _declare_east(state, {e_cruiser: monitor})
    text = log(state)
    assert "6d6 attack 6 vs 6d6 defence 6 on East's Cruiser of fleet 1" in text
    assert "3d6 attack 3 vs 5d6 defence 5 on West's Monitor of fleet 1" in text


def test_card_41_point_defense() -> None:
    """SG-13.3 #41: an enemy fighter that fought is destroyed (the player's choice)."""
    fighter = cid(V, "fighter", 1)
    state = _e_end((("point_defense",), ()), [(W, 1, *X, [("scout", 0)]), (E, 1, *X, [("fighter", 1)])], [], {})
    state = passes(play(state, "point_defense", fighter))
    assert state.ships[fighter] is None


def test_card_42_press_offensive_and_sg_h02() -> None:
    """SG-13.3 #42 / SG-A69 / SG-H02: the hex fights one more round after the normal battles;
    the Carrier, protected in round 1, is a legal target in round 2."""
    monitor, battler = cid(V, "monitor"), cid(V, "battler")
    carrier, fighter = cid(V, "carrier"), cid(V, "fighter")
    state = cards_pos((("press_offensive",), ()), fleets=[
        (W, 1, *X, [("monitor", 0), ("battler", 0)]),
        (E, 1, *X, [("carrier", 0), ("fighter", 0, "in", 0), ("cruiser", 0)]),
    ])
    state = GAME.apply(state, EndTransport())
    assert state.window is not None and state.window.kind == "E0"
    state = passes(play(state, "press_offensive", X[0] * 100 + X[1]))
    state = GAME.apply(state, Target(monitor, fighter))
    state = GAME.apply(state, Target(battler, fighter))
    state = with_dice(state, [6] * 11 + [1] * 4)
    for ship in (fighter, cid(V, "cruiser"), carrier):  # East holds fire
        state = GAME.apply(state, Target(ship, -1))
    assert state.ships[fighter] is None
    assert state.phase == "declare" and "Press Offensive: one more battle round" in log(state)
    targets = {a.target for a in GAME.legal_actions(state) if isinstance(a, Target)}
    assert carrier in targets


# --------------------------------------------------------------------------------------
# Windows and stops (C-5), races and terrain with cards


def test_c_5_4_stops_ask_a_seat_with_cards_even_without_a_usable_one() -> None:
    """C-5.4: after West's fleet move East (holding only Opportunity, useless in O-move) is
    still asked, so the hand-off leaks nothing; with no cards at all it is not asked."""
    fleets = [(W, 1, 5, 5, [("cruiser", 0)]), (W, 2, 9, 9, [("scout", 0)])]
    state = cards_pos(((), ("opportunity",)), fleets=fleets)
    state = GAME.apply(GAME.apply(state, Step(S)), Step(S))
    assert state.phase == "window" and GAME.current_player(state) == E
    assert GAME.legal_actions(state) == [Pass()]
    empty = cards_pos(((), ()), fleets=fleets)
    empty = GAME.apply(GAME.apply(empty, Step(S)), Step(S))
    assert empty.phase == "transport" and GAME.current_player(empty) == W


def test_sg_a56_own_turn_cards_are_not_playable_on_the_opponents_turn() -> None:
    """SG-A56: East holds Scanners (own-turn only): nothing is offered on West's turn."""
    state = cards_pos(((), ("scanners", "opportunity")), fleets=[(W, 1, 5, 5, [("cruiser", 0)])])
    state = GAME.apply(GAME.apply(state, Step(S)), Step(S))
    assert GAME.legal_actions(state) == [Pass()]


def test_sg_11_terrans_draw_two_cards() -> None:
    """SG-11 Terrans / SG-A49: two cards in the start-of-turn draw; Terrans need cards (SG-1.3)."""
    state = GAME.new_game({"module_races": True, "module_cards": True}, 4)
    assert any(a.race == "terrans" for a in GAME.legal_actions(state))  # type: ignore[attr-defined]
    state = cards_pos(((), ()), active=E, fleets=[(W, 1, 5, 5, [("cruiser", 0)])],
                      options={"module_races": True}, races=("terrans", "worms"))
    state = to_next_turn(state, [0] * 4)
    assert len(state.cards[W]) == 2


def test_sg_12_temporal_nexus_draws_two_cards() -> None:
    """SG-12.1 Temporal Nexus / SG-A47: the first player to enter draws 2 cards; placed only
    when cards are on."""
    state = cards_pos(((), ()), fleets=[(W, 1, 12, 5, [("scout", 0)])],
                      options={"module_terrain": True}, terrain=[(12, 6, "temporal_nexus")])
    state = GAME.apply(state, Step(S))
    assert len(state.cards[W]) == 2
    counts = [k for _, _, k in GAME.new_game({"module_terrain": True, "module_cards": True}, 1).terrain]
    assert counts.count("temporal_nexus") == 1
    no_cards = GAME.new_game({"module_terrain": True, "module_cards": False}, 1).terrain
    assert "temporal_nexus" not in [k for _, _, k in no_cards]


def test_cards_21_22_decoy_and_dud_at_the_burst_step() -> None:
    """SG-7.3 / SG-A67: at the burst window East decoys its Cruiser (it is not rolled for) and
    makes West's second burst a dud (its PB is still spent, SG-7.5)."""
    d0, d1, cruiser, scout = cid(V, "drone", 0), cid(V, "drone", 1), cid(V, "cruiser", 1), cid(V, "scout", 1)
    state = cards_pos(((), ("decoy", "its_a_dud")), options={"module_space_burst": True},
                      fleets=[(W, 1, *X, [("drone", 0), ("drone", 1)]), (E, 1, *X, [("cruiser", 1), ("scout", 1)])])
    state = passes(GAME.apply(state, EndTransport()))
    state = GAME.apply(GAME.apply(state, Burst(d0, 1)), Burst(d1, 1))
    state = GAME.apply(state, Burst(cruiser, 0))
    assert state.window is not None and state.window.kind == "burst" and GAME.current_player(state) == E
    state = play(state, "decoy", cruiser)
    state = with_dice(state, [6])  # the only die: West's first burst against the Scout
    state = passes(play(state, "its_a_dud", d1))
    assert state.ships[scout] is None and state.ships[cruiser] is not None
    assert state.ships[d0].pb == 3 and state.ships[d1].pb == 3  # type: ignore[union-attr]
    assert "burst is a dud" in log(state)
