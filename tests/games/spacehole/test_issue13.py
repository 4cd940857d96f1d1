"""Issue 13: SH-7.3 as written, honest reasons, every card's effect, the Build projection,
and a log in the player's words."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from pygame_core.events import event
from pygame_core.game import IllegalActionError
from pygame_core.games.spacehole import GAME
from pygame_core.games.spacehole.actions import Discard, Draw, Pass, Play, Repair, Scout
from pygame_core.games.spacehole.data import BASE_ID, CARDS, TYPES
from pygame_core.games.spacehole.power import best_allocation, counts_of, legal_before_issue_13, play_obligation
from pygame_core.games.spacehole.rules import legal_actions
from pygame_core.games.spacehole.state import Step
from pygame_core.games.spacehole.view import effect_text, view
from pygame_core.games.spacehole.words import line as words_line

from .helpers import ids_in_play, scenario


def _reason(state, action) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(state, action)
    return info.value.rule, info.value.reason


# ---------------------------------------------------------------------------- SH-7.3


def test_sh_7_3_second_refinery_with_four_mines_is_playable() -> None:
    """SH-7.3 as written: Base, 4 Mines, 1 Refinery; a second Refinery is playable (a Refinery
    and 2 Mines use 3 of 5 power), and one Refinery gets a token this turn."""
    state = scenario(in_play=["mine"] * 4 + ["refinery"], hand=["refinery"])
    refinery = state.hand[0]
    legal = legal_actions(state)
    assert Play(refinery) in legal
    # Listed after the older choices, so links made before the change keep their indices.
    assert legal.index(Play(refinery)) > legal.index(Pass())
    after = GAME.apply(state, Play(refinery))
    assert len(ids_in_play(after, "refinery")) == 2
    powered_refineries = [c for c in ids_in_play(after, "refinery") if c in after.powered]
    assert len(powered_refineries) == 1
    assert after.income == 4 * 1 + 2  # 4 Mines and 1 Refinery: 5 of 5 power


def test_sh_7_3_old_reading_refuses_it_under_rules_1() -> None:
    state = scenario(in_play=["mine"] * 4 + ["refinery"], hand=["refinery"], options={"rules": 1})
    assert Play(state.hand[0]) not in legal_actions(state)
    rule, why = _reason(state, Play(state.hand[0]))
    assert rule == "SH-7.3" and "older reading" in why


def test_sh_h10_second_colony_stays_illegal() -> None:
    """SH-H10 / SH-7.2(b): supporters are still required for every dependent."""
    state = scenario(in_play=["agrodome", "colony"], hand=["colony"])
    assert Play(state.hand[0]) not in legal_actions(state)
    rule, why = _reason(state, Play(state.hand[0]))
    assert rule == "SH-7.2"
    assert why == "Each Colony needs an Agrodome of its own: 2 Colonies need 2 Agrodomes, and you have 1."
    state = scenario(in_play=["agrodome", "colony", "agrodome"], hand=["colony"])
    assert Play(state.hand[0]) in legal_actions(state)


def test_sh_7_3_new_reading_allows_all_the_old_one_did_with_the_same_obligation() -> None:
    """Wherever the old reading allowed a play, the new one does, with the same obligation
    (so old games replay to the same Power Phases)."""
    chooser = random.Random(13)
    keys = [k for k, t in TYPES.items() if t.kind.value == "structure" and t.power]
    for _ in range(3000):
        counts = counts_of({k: chooser.choice((0, 0, 1, 2, 3, 4)) for k in keys})
        supply = 5 * chooser.choice((1, 1, 2, 3))
        for key in keys:
            if legal_before_issue_13(key, counts, supply):
                new = play_obligation(key, counts, supply)
                have = dict(counts)
                before = max(
                    (n for n in range(have.get(key, 0) + 1)
                     if best_allocation(counts, supply, False, ((key, n),) if n else ()) is not None),
                    default=0,
                )
                assert new == ((key, before + 1),), (key, counts, supply)


# ---------------------------------------------------------------------------- why not


@pytest.mark.parametrize(
    ("in_play", "hand", "rule", "words"),
    [
        ([], "stargate", "SH-7.2", "A Stargate needs a Lab in play, and you have none."),
        (["mine"], "refinery", "SH-7.2", "A Refinery needs 2 Mines in play, and you have only 1."),
        (["agrodome", "colony"], "colony", "SH-7.2", "Each Colony needs an Agrodome of its own"),
        (["refinery", "refinery", "mine"] * 2, "factory", "SH-7.1", "Not enough power: a working Factory uses 7 power"),
        (["solar_array", "refinery", "refinery", "mine", "mine"], "factory", "SH-7.3", "could get power"),
        ([], "alien_artifact", "SH-8.5", "only while you have a Lab in play"),
    ],
)
def test_why_not_names_the_real_reason(in_play: list[str], hand: str, rule: str, words: str) -> None:
    state = scenario(in_play=in_play, hand=[hand])
    card = state.hand[0]
    assert Play(card) not in legal_actions(state)
    got_rule, why = _reason(state, Play(card))
    assert got_rule == rule and words in why, why
    assert not re.search(r"SH-\d", why)
    shown = next(c for c in view(state, 0)["hand"] if c["id"] == card)
    assert shown["why_not"] == why  # the screen shows the engine's own reason


def test_why_not_in_babylon5_names() -> None:
    state = scenario(hand=["stargate"], options={"skin": "babylon5"})
    _, why = _reason(state, Play(state.hand[0]))
    assert why == "A Hyperspace jumpgate needs a Research lab in play, and you have none."


def test_why_not_for_other_kinds_of_reason() -> None:
    # At the defender cap a new defender must replace one (SH-8.2).
    state = scenario(in_play=["astro_guard", "space_patrol"], hand=["space_navy"])
    rule, why = _reason(state, Play(state.hand[0]))
    assert rule == "SH-8.2" and "All 2 defender places are taken" in why
    # A card not in the hand (SH-5.4), a repair of an undamaged card, a play before the draw.
    state = scenario(hand=["mine"])
    other = next(c for c, t in enumerate(CARDS) if t.key == "mine" and c not in state.hand)
    assert _reason(state, Play(other)) == ("SH-5.4", "That card is not in your hand.")
    assert _reason(state, Repair(BASE_ID))[0] == "SH-5.4"
    assert _reason(scenario(hand=["mine"], step=Step.START), Play(state.hand[0]))[0] == "SH-5.1"
    assert _reason(state, Draw())[0] == "SH-5.2"
    assert _reason(state, Discard(state.hand[0]))[0] == "SH-8.4"
    # Over the hand limit, discard first (SH-8.4); scouting only before the draw (SH-8.6).
    full = scenario(hand=["mine"] * 6)
    assert _reason(full, Pass()) == ("SH-8.4", "Your hand is over its limit of 5 cards: discard one first.")
    rangers = scenario(in_play=["space_rangers"])
    ranger = ids_in_play(rangers, "space_rangers")[0]
    assert _reason(rangers, Scout(ranger))[0] == "SH-8.6"


# ---------------------------------------------------------------------------- cards and view


@pytest.mark.parametrize("skin", ["spacehole", "babylon5"])
def test_every_card_has_a_full_effect(skin: str) -> None:
    spacehole_names = ("Agrodome", "Solar Array", "Laser Turret", "Force Dome", "Research Lab", "Stargate", " Base")
    for card in [*range(96), BASE_ID]:
        text = effect_text(card, skin)
        assert len(text) > 20, card
        if skin == "babylon5":
            assert not any(name in text for name in spacehole_names), text
    defender = next(c for c, t in enumerate(CARDS) if t.key == "space_marines")
    assert "Force 3" in effect_text(defender, skin) and "showing 1 is a hit" in effect_text(defender, skin)
    state = scenario(in_play=["space_marines"], hand=["mine"], options={"skin": skin})
    v = view(state, 0)
    for c in [*v["in_play"], *v["hand"], *v["discard"]]:
        assert c["effect"]


def test_build_projection_shows_power_income_and_powered_cards() -> None:
    state = scenario(in_play=["mine", "mine", "refinery", "solar_array"], hand=["lab", "stargate"])
    v = view(state, 0)
    p = v["projection"]
    assert p == {"income": 4, "power_used": 3, "supply": 10, "powered": sorted(p["powered"]), "seismic": False}
    assert set(p["powered"]) == set(ids_in_play(state, "mine") + ids_in_play(state, "refinery"))
    lab = next(c for c in v["hand"] if c["key"] == "lab")
    assert lab["if_played"] == {"income": 5, "power_used": 4, "supply": 10}
    stargate = next(c for c in v["hand"] if c["key"] == "stargate")
    assert stargate["why_not"] and stargate["if_played"] is None
    # The projection is what the Power and Income Phases then give.
    after = GAME.apply(state, Pass())
    assert after.mc == state.mc + 4
    # Outside the Build Phase there is none.
    assert view(scenario(step=Step.START), 0)["projection"] is None


def test_log_in_the_players_words() -> None:
    assert words_line(event("repaired", card=BASE_ID, rule="SH-5.4"), "spacehole") == (
        "Build: no card played; Base is fully repaired."
    )
    assert words_line(event("repaired", card=BASE_ID, rule="SH-5.4"), "spacehole", True) == (
        "Build: no card played; Base is fully repaired (SH-5.4)."
    )
    the_warstar = next(c for c, t in enumerate(CARDS) if t.key == "the_warstar")
    pirates = next(c for c, t in enumerate(CARDS) if t.key == "space_pirates")
    assert words_line(event("battle_over", by=the_warstar, rounds=1, destroyed=False), "spacehole") == (
        "The Warstar withdraws after 1 round."
    )
    troopers = next(c for c, t in enumerate(CARDS) if t.key == "space_troopers")
    round_one = event("battle_round", by=pirates, round=1, invader_dice=(1, 1), colony_dice=(3,),
                      hits_on=(troopers, BASE_ID))
    assert words_line(round_one, "spacehole") == (
        "Round 1: Space Pirates roll 1 1 (2 hits); you roll 3 (0 hits). Space Troopers are hit. Base is hit."
    )


def test_no_rule_id_in_a_whole_games_log() -> None:
    for skin, seed in itertools.product(("spacehole", "babylon5"), (3, 4)):
        state = GAME.new_game({"skin": skin}, seed)
        chooser = random.Random(seed)
        while not state.over:
            state = GAME.apply(state, chooser.choice(legal_actions(state)))
        v = view(state, 0)
        assert any("(SH-" in line for line in v["log_refs"])  # the toggle's references
        for line in v["log"]:
            assert not re.search(r"SH-[0-9A-Z]", line), line
            assert "(s)" not in line, line


def test_log_lines_speak_the_card_sets_names() -> None:
    terraform = next(c for c, t in enumerate(CARDS) if t.key == "terraform")
    assert words_line(event("terraformed", by=terraform, rule="SH-A25"), "babylon5") == (
        "Terraform: powered Gardens yield 2 MC more for the rest of the game."
    )
    artifact = next(c for c, t in enumerate(CARDS) if t.key == "alien_artifact")
    assert words_line(event("artifact_discarded", card=artifact, rule="SH-8.5"), "babylon5") == (
        "No Research lab remains: Alien Artifact is discarded."
    )
