"""Hidden information (SG-14, C-4): views leak no other seat's ships, planet types or choices."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from pygame_core.canonical import is_plain
from pygame_core.games.genocide import GAME
from pygame_core.games.genocide.state import State

OPTION_SETS = [
    {"variant": "advanced"},  # Advanced Full, the default (SG-1.2)
    {"variant": "advanced", "module_races": False, "module_space_burst": False, "module_terrain": False,
     "module_cards": False},
    {"variant": "advanced", "production": "resources", "players": 3},
    {"variant": "classic"},
    {"variant": "classic", "production": "draw4"},
    {"variant": "advanced", "module_cards": False},
    {"variant": "advanced", "players": 3},
]


def sample_states(options: dict[str, object], seed: int, every: int = 37) -> list[State]:
    """States along a random game, including mid-setup and mid-battle ones."""
    chooser = random.Random(seed)
    state = GAME.new_game(options, seed)  # type: ignore[arg-type]
    out = []
    step = 0
    while GAME.current_player(state) is not None and step < 3000:
        if (
            step % every == 0
            or state.phase in ("declare", "md", "burst", "capture", "race", "card_move")
            or (state.phase in ("fleets", "window", "target") and step % 7 == 0)
        ):
            out.append(state)
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        step += 1
    out.append(state)
    return out


def resample(state: State, viewer: int | None, rng: random.Random) -> State:
    """Re-draw every secret the viewer may not know: other seats' ship identities, unknown
    planet types, setup placements, pending battle declarations and the drawn ship. A fleet
    seen and not changed since (a sighting that is not stale: SG-6.3 B1, C-4.3) keeps its
    ships, as the computer player's samples do (ai_sample.py): the viewer knows them."""
    others = [s for s in range(state.players) if s != viewer]
    seen = {c for g in state.sightings if not g.stale for c, _, _ in g.ships}
    ships = list(state.ships)
    pile = list(state.pile)
    pos = {c: c for c in range(len(ships))}  # where each counter went (for cid-keyed effects)
    sealed_pile = state.production == "draw4"  # SG-14.1: an open pile's make-up is public
    for seat in others:
        mine = [c for c, s in enumerate(ships) if s is not None and s.owner == seat and c not in seen]
        targets = mine + (pile if sealed_pile else [])
        for c in mine:
            other = rng.choice(targets)
            if other == c:
                continue
            at = {v: k for k, v in pos.items()}
            pos[at[c]], pos[at[other]] = other, c
            if ships[other] is None:  # swap a hidden ship with a pile counter
                ships[other], ships[c] = ships[c], None
                pile.remove(other)
                pile.append(c)
                targets[targets.index(other)] = c
            else:
                ships[other], ships[c] = ships[c], ships[other]
            for i, s in enumerate(ships):  # keep bay references pointing at the same counters
                if s is not None and s.carrier in (c, other):
                    ships[i] = replace(s, carrier=other if s.carrier == c else c)
    known = {pid for seat, pid in state.known if seat == viewer}
    planets = list(state.planets)
    for seat in others:
        hidden = [
            i
            for i, p in enumerate(planets)
            if p.owner == seat and p.alive and i not in known and p.ptype and not p.public
        ]
        types = [planets[i].ptype for i in hidden]
        rng.shuffle(types)
        for i, t in zip(hidden, types, strict=True):
            planets[i] = replace(planets[i], ptype=t)
    placements = tuple(
        (c, pid)
        if state.planets[pid].owner == viewer
        else (
            c,
            rng.choice(
                [i for i, p in enumerate(state.planets) if p.owner == state.planets[pid].owner]
            ),
        )
        for c, pid in state.placements
    )
    battle = state.battle
    if battle is not None:
        mine = {
            a for a, _ in battle.declarations if state.ships[a] is not None and state.ships[a].owner == viewer  # type: ignore[union-attr]
        }
        battle = replace(
            battle,
            declarations=tuple((a, t) if a in mine else (a, -1) for a, t in battle.declarations),
            sacrifices=tuple(a for a in battle.sacrifices if a in mine),  # SG-11: PENDING too
        )
    burst = state.burst
    if burst is not None and burst.declarers:  # SG-7.2: PENDING until all are in
        burst = replace(
            burst,
            declarations=tuple(
                (c, n) if state.ships[c] is not None and state.ships[c].owner == viewer else (c, rng.randint(0, 1))  # type: ignore[union-attr]
                for c, n in burst.declarations
            ),
        )
    drawn = state.drawn
    if drawn >= 0 and state.active != viewer and sealed_pile and pile:
        new = rng.choice(pile)
        pile.remove(new)
        pile.append(drawn)
        drawn = new
    cards = {}
    if state.deck is not None:  # SG-14.1: other hands and the deck order are hidden
        pool = list(state.deck.draw_pile) + [c for seat in others for c in state.cards[seat]]
        rng.shuffle(pool)
        hands = list(state.cards)
        for seat in others:
            n = len(state.cards[seat])
            hands[seat], pool = tuple(sorted(pool[:n])), pool[n:]
        junk = (rng.randrange(1, 43),)
        cards = {
            "deck": replace(state.deck, draw_pile=tuple(pool)),
            "cards": tuple(hands),
            "spied": tuple(x if x[0] == viewer else (x[0], x[1], x[2], junk) for x in state.spied),
            "analysis": tuple(x if x[0] == viewer else (x[0], junk) for x in state.analysis),
            "scans": tuple(x for x in state.scans if x[0] == viewer),
            "effects": tuple(
                (k, pos.get(a, a), b) if k in ("atk", "def", "move", "jam") else (k, a, b)
                for k, a, b in state.effects
            ),
        }
        if state.play is not None and state.play.player != viewer:
            cards["play"] = replace(state.play, card=junk[0])
    return replace(
        state,
        **cards,  # type: ignore[arg-type]
        ships=tuple(ships),
        pile=tuple(sorted(pile)),
        planets=tuple(planets),
        placements=placements,
        battle=battle,
        burst=burst,
        drawn=drawn,
    )


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(map(str, o.values())))
def test_views_do_not_change_when_hidden_information_is_resampled(
    options: dict[str, object],
) -> None:
    """SG-14.1 / C-4.2: view(state, p) is a function of what p may know only."""
    rng = random.Random(5)
    checked = 0
    for state in sample_states(options, seed=11):
        for viewer in [None, *range(state.players)]:
            before = GAME.view(state, viewer)
            assert is_plain(before)
            for _ in range(2):
                after = GAME.view(resample(state, viewer, rng), viewer)
                assert after == before, f"{state.phase}: view of {viewer} depends on a secret"
                checked += 1
    assert checked > 50


def test_spectator_sees_no_fleet_contents_or_live_planet_types() -> None:
    """SG-14.1: the spectator view has no ship list and no type of a live planet (Advanced)."""
    state = sample_states({"variant": "advanced"}, seed=3)[5]
    view = GAME.view(state, None)
    assert view["my_ships"] == []
    assert all(p["type"] is None for p in view["planets"] if p["alive"])
    assert all(f["ships"] is None for f in view["fleets"])  # Advanced: mats are screened
    own = GAME.view(state, 0)
    assert {s["fleet"] for s in own["my_ships"]} == {
        f["marker"] for f in own["fleets"] if f["owner"] == 0
    }


def test_classic_fleet_sizes_are_public() -> None:
    """SG-14.1: Classic stack heights are public, contents are not."""
    state = sample_states({"variant": "classic"}, seed=4)[4]
    view = GAME.view(state, 1)
    assert all(isinstance(f["ships"], int) and f["ships"] > 0 for f in view["fleets"])
    assert all(s["fleet"] for s in view["my_ships"])
    assert "types" in view["pile"]  # resources mode: the pile is open


def test_setup_choices_are_pending_until_all_players_are_done() -> None:
    """SG-3.6 / SG-3.8 / C-4.1: the second player never sees the first player's setup."""
    state = GAME.new_game({"variant": "advanced"}, 9)
    first = GAME.current_player(state)
    assert first is not None
    while GAME.current_player(state) == first:
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    second = GAME.current_player(state)
    assert second is not None and second != first
    view = GAME.view(state, second)
    assert view["setup"]["my_placements"] == []
    assert all(p["type"] is None for p in view["planets"] if p["owner"] == first)
    assert view["fleets"] == []


def test_describe_labels_every_legal_action() -> None:
    """Every legal action gets a readable label naming ships (by type and fleet) and hexes."""
    from pygame_core.games.genocide import describe

    for options in OPTION_SETS:
        for state in sample_states(options, seed=2, every=5)[:300]:
            for action in GAME.legal_actions(state):
                label = describe(state, action)
                assert label and "object at" not in label
                assert not re.search(r"#\d", label), label  # issue 36: no "Gunships #14", no "ship#14"
