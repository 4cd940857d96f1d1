"""Spacehole hard cases SH-H01..SH-H26 from RULES.md, with scripted dice in SH-6.6 order."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pygame_core import IllegalActionError, Match
from pygame_core.games.spacehole import GAME
from pygame_core.games.spacehole.actions import Choose, Discard, Dismiss, Draw, Pass, Play, Repair, Scout
from pygame_core.games.spacehole.data import BASE_ID, CARDS, Kind
from pygame_core.games.spacehole.rules import legal_actions
from pygame_core.games.spacehole.state import Step
from pygame_core.rng import ScriptedRng

from .helpers import find, ids_in_play, scenario


def test_sh_h01_setup() -> None:
    """SH-H01 / SH-4: the Base alone in play, MC 0, empty hand, a 96-card deck of 41/13/20/22."""
    state = GAME.new_game({}, 123)
    assert [p.card for p in state.in_play] == [BASE_ID] and state.base.damage == 0
    assert state.mc == 0 and state.hand == () and state.deck.discard_pile == ()
    kinds = [CARDS[c].kind for c in state.deck.draw_pile]
    assert len(kinds) == 96 and BASE_ID not in state.deck.draw_pile
    assert [kinds.count(k) for k in (Kind.STRUCTURE, Kind.DEFENDER, Kind.INVADER, Kind.EVENT)] == [41, 13, 20, 22]
    assert legal_actions(state) == [Draw()]


def test_sh_h02_hand_limit_discard_before_events() -> None:
    """SH-H02 / SH-8.4: a sixth card in hand forces a discard of the player's choice."""
    state = scenario(hand=["mine", "mine", "lab", "colony", "astro_guard"], deck_top=["agrodome"], step=Step.START)
    state = GAME.apply(state, Draw())
    actions = legal_actions(state)
    assert actions and all(isinstance(a, Discard) for a in actions)
    assert {CARDS[a.card].key for a in actions} == {"mine", "lab", "colony", "astro_guard", "agrodome"}
    with pytest.raises(IllegalActionError, match=r"SH-8\.4"):
        GAME.apply(state, Pass())
    colony = next(a for a in actions if CARDS[a.card].key == "colony")
    state = GAME.apply(state, colony)
    assert len(state.hand) == 5 and state.step == Step.BUILD


def _predators_draw(battle_length: str, dice: tuple[int, ...]):  # type: ignore[no-untyped-def]
    state = scenario(deck_top=["alien_predators"], step=Step.START, dice=dice,
                     options={"battle_length": battle_length})
    return GAME.apply(state, Draw())


def test_sh_h04_invader_withdraws_after_printed_force_rounds() -> None:
    """SH-H04 / SH-6.4: Force 3 invader, all sixes for 3 rounds: it withdraws, no 4th round."""
    state = _predators_draw("force_rounds", (6, 6, 6, 6) * 3)
    battle = state.last_battle
    assert battle is not None and battle.result == "withdrew" and len(battle.rounds) == 3
    assert state.base.damage == 0
    assert CARDS[state.deck.discard_pile[-1]].key == "alien_predators"
    assert isinstance(state.rng, ScriptedRng) and state.rng.script == ()  # no 4th round rolled


def test_sh_h04_to_the_death_rolls_a_fourth_round() -> None:
    """SH-H04 with ``to_the_death`` (SH-A03 Hardcore): round 4 is rolled."""
    dice = (6, 6, 6, 6) * 3 + (6, 6, 6, 1) + (6, 6, 1) + (6, 1)
    state = _predators_draw("to_the_death", dice)
    battle = state.last_battle
    assert battle is not None and battle.result == "destroyed" and len(battle.rounds) == 6


def test_sh_h05_hits_go_to_random_defenders_first() -> None:
    """SH-H05 / SH-6.3: 3 hits with randbelow 1, 0, 0: Astro Guard once, Marines twice."""
    # Dice in SH-6.6 order: invader 1 1 1; Base 1; Turret 1; Marines 1 6 6; Astro Guard 6 6;
    # then one randbelow per hit on a defender. Three player hits destroy the Force 3 invader.
    state = scenario(
        in_play=["space_marines", "astro_guard", ("force_dome", 1), "force_dome", "laser_turret"],
        deck_top=["alien_predators"], step=Step.START,
        dice=(1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 1, 0, 0),
    )
    state = GAME.apply(state, Draw())
    assert find(state, "astro_guard").damage == 1
    assert find(state, "space_marines").damage == 2
    assert [p.damage for p in state.in_play if p.key == "force_dome"] == [1, 0]
    assert ids_in_play(state, "laser_turret") and state.base.damage == 0
    assert state.last_battle is not None and state.last_battle.result == "destroyed"


def test_sh_h06_domes_soak_hits_most_damaged_first() -> None:
    """SH-H06 / SH-A07: 4 hits: Dome A (1 damage) takes 2 and falls at 3; Dome B takes 2."""
    round_1 = (1, 1, 1, 1, 6, 6)  # Little Green Men 4 dice; Base; Turret
    later = (6, 6, 6, 6, 6, 6)
    state = scenario(
        in_play=[("force_dome", 1), "force_dome", "laser_turret"], deck_top=["little_green_men"],
        step=Step.START, dice=round_1 + later * 3,
    )
    dome_a, dome_b = ids_in_play(state, "force_dome")
    state = GAME.apply(state, Draw())
    assert ids_in_play(state, "force_dome") == [dome_b] and find(state, "force_dome").damage == 2
    assert dome_a in state.deck.discard_pile
    assert ids_in_play(state, "laser_turret") and state.base.damage == 0
    assert state.last_battle is not None
    assert state.last_battle.rounds[0].hits_on_colony == (dome_a, dome_a, dome_b, dome_b)


def test_sh_h08_damaged_defender_rolls_fewer_dice() -> None:
    """SH-H08 / SH-6.1: Space Navy (4) with 1 damage rolls 3 dice."""
    state = scenario(in_play=[("space_navy", 1)], deck_top=["alien_predators"], step=Step.START,
                     dice=(6, 6, 6) + (6,) + (6, 6, 6) + ((6,) * 7) * 2)
    state = GAME.apply(state, Draw())
    assert state.last_battle is not None
    navy = find(state, "space_navy").card
    assert [len(d) for card, d in state.last_battle.rounds[0].colony_dice if card == navy] == [3]


def _income_after_pass(state):  # type: ignore[no-untyped-def]
    state = GAME.apply(state, Pass())
    return state.income, state


def test_sh_h09_power_goes_where_income_is_highest() -> None:
    """SH-H09 / SH-7.4: Base power 5: both Agrodomes and Colonies plus one Mine: income 9."""
    state = scenario(in_play=["agrodome", "agrodome", "colony", "colony", "mine", "mine"])
    income, after = _income_after_pass(state)
    assert income == 9 and after.mc == 9
    mines = ids_in_play(after, "mine")
    assert sum(m in after.powered for m in mines) == 1


def test_sh_h10_colony_needs_a_free_agrodome() -> None:
    """SH-H10 / SH-7.3: a second Colony needs a second Agrodome."""
    state = scenario(in_play=["agrodome", "colony"], hand=["colony"])
    colony = state.hand[0]
    assert Play(colony) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match=r"SH-7\.2"):
        GAME.apply(state, Play(colony))
    state = scenario(in_play=["agrodome", "colony", "agrodome"], hand=["colony"])
    assert Play(state.hand[0]) in legal_actions(state)


def test_sh_h12_stargate_with_a_lab() -> None:
    """SH-H12: Base + Lab, play a Stargate: legal, both powered, income 1 + 7."""
    state = scenario(in_play=["lab"], hand=["stargate"])
    state = GAME.apply(state, Play(state.hand[0]))
    assert state.income == 8
    assert set(ids_in_play(state, "lab") + ids_in_play(state, "stargate")) <= set(state.powered)


def test_sh_h13_defender_at_the_cap_replaces_one() -> None:
    """SH-H13 / SH-8.2: at D = 2 a new defender must replace one; with a Colony it need not."""
    state = scenario(in_play=["astro_guard", "space_patrol"], hand=["space_navy"])
    navy = state.hand[0]
    plays = [a for a in legal_actions(state) if isinstance(a, Play)]
    assert {a.replacing for a in plays} == set(ids_in_play(state, "astro_guard") + ids_in_play(state, "space_patrol"))
    with pytest.raises(IllegalActionError, match=r"SH-8\.2"):
        GAME.apply(state, Play(navy))
    guard = ids_in_play(state, "astro_guard")[0]
    after = GAME.apply(state, Play(navy, guard))
    assert guard in after.deck.discard_pile and ids_in_play(after, "space_navy") == [navy]

    state = scenario(in_play=["agrodome", "colony", "astro_guard", "space_patrol"], hand=["space_navy"])
    assert Play(state.hand[0]) in legal_actions(state)


def test_sh_h14_cap_shrink_after_virus() -> None:
    """SH-H14 / SH-8.3: losing the Colony to Space Virus forces a defender discard."""
    state = scenario(in_play=["agrodome", "colony", "astro_guard", "space_patrol", "space_marines"],
                     deck_top=["space_virus"], step=Step.START)
    state = GAME.apply(state, Draw())
    assert state.step == Step.VIRUS
    colony = ids_in_play(state, "colony")[0]
    assert Choose(colony) in legal_actions(state)
    state = GAME.apply(state, Choose(colony))
    actions = legal_actions(state)
    assert actions and all(isinstance(a, Dismiss) for a in actions) and len(actions) == 3
    state = GAME.apply(state, actions[0])
    assert len(state.of_kind(Kind.DEFENDER)) == 2 and state.step == Step.BUILD


def test_sh_h16_repair_the_base() -> None:
    """SH-H16 / SH-5.4(c): no card played, all damage on the Base removed."""
    state = scenario(base_damage=4)
    state = GAME.apply(state, Repair(BASE_ID))
    assert state.base.damage == 0


def test_sh_h17_random_structure_hits_a_base_at_nine() -> None:
    """SH-H17 / SH-A22: Meteor Swarm picks the Base (index 0) at 9 damage: lost, score 0."""
    state = scenario(base_damage=9, in_play=["mine"], deck_top=["meteor_swarm"], step=Step.START,
                     dice=(0,), mc=500)
    state = GAME.apply(state, Draw())
    assert state.over and state.base_destroyed
    assert GAME.outcome(state) is not None and GAME.outcome(state).scores == (0,)  # type: ignore[union-attr]
    assert GAME.current_player(state) is None and legal_actions(state) == []


@pytest.mark.parametrize(("before", "after"), [(15, 8), (0, 0)])
def test_sh_h18_cosmic_con_artist_rounds_for_the_player(before: int, after: int) -> None:
    """SH-H18 / SH-A26: lose floor(MC/2)."""
    state = scenario(deck_top=["cosmic_con_artist"], step=Step.START, mc=before)
    state = GAME.apply(state, Draw())
    assert state.mc == after


def test_sh_h20_seismic_events_stop_one_turn_of_income() -> None:
    """SH-H20: no income in the Seismic turn, normal income the turn after."""
    state = scenario(in_play=["agrodome", "agrodome", "colony", "colony", "mine", "mine"],
                     deck_top=["seismic_events", "solar_array"], step=Step.START, mc=5)
    state = GAME.apply(state, Draw())
    state = GAME.apply(state, Pass())
    assert state.mc == 5 and state.step == Step.START
    state = GAME.apply(state, Draw())
    state = GAME.apply(state, Pass())
    assert state.mc == 5 + 9


def test_sh_h21_terraform_adds_two_per_powered_agrodome() -> None:
    """SH-H21 / SH-A25: 2 of 3 Agrodomes powered under Terraform: +6 from them."""
    in_play = ["solar_array", "agrodome", "agrodome", "agrodome", "colony", "colony", "starport", "lab", "stargate"]
    state = scenario(in_play=in_play, terraform=True)
    state = GAME.apply(state, Pass())
    agros = [a for a in ids_in_play(state, "agrodome") if a in state.powered]
    assert len(agros) == 2
    assert state.income == 2 * 3 + 2 * 3 + 5 + 1 + 7  # Agrodomes at 3, Colonies, Starport, Lab, Stargate


def test_sh_h22_dilithium_counts_unpowered_mines() -> None:
    """SH-H22 / SH-A24: 3 Mines (one unpowered) give +30."""
    state = scenario(in_play=["mine", "mine", "mine"], deck_top=["dilithium_crystals"], step=Step.START)
    state = GAME.apply(state, Draw())
    assert state.mc == 30


def test_sh_h24_scouts_peek_without_reordering() -> None:
    """SH-H24 / SH-8.6: d6 = 4 with 2 cards left: the top 2 are seen, the deck unchanged."""
    state = scenario(in_play=["space_rangers"], step=Step.START, deck_size=2, dice=(4,))
    deck_before = state.deck.draw_pile
    rangers = ids_in_play(state, "space_rangers")[0]
    assert Scout(rangers) in legal_actions(state)
    state = GAME.apply(state, Scout(rangers))
    assert state.deck.draw_pile == deck_before and state.peek_count == 2
    seen = GAME.view(state, 0)["peek"]
    assert [c["id"] for c in seen] == list(deck_before)
    assert GAME.view(state, None)["peek"] == []  # KNOWLEDGE(player) only
    assert rangers in state.deck.discard_pile


def test_sh_h25_last_turn_is_played_out() -> None:
    """SH-H25 / SH-9.2: turn 96 draws an Invader; battle, build, power and income all happen."""
    state = scenario(in_play=["mine"], deck_top=["alien_predators"], deck_size=1, step=Step.START, turn=95,
                     dice=(6, 6, 6, 6) * 3, mc=40)
    state = GAME.apply(state, Draw())
    assert state.turn == 96 and state.step == Step.BUILD and not state.over
    state = GAME.apply(state, Pass())
    assert state.over and not state.base_destroyed
    assert GAME.outcome(state) is not None and GAME.outcome(state).scores == (41,)  # type: ignore[union-attr]


def test_sh_h26_babylon5_is_a_pure_reskin() -> None:
    """SH-H26 / SH-3.1: same seed and decisions in both skins: identical but for names."""
    spacehole = Match.start("spacehole", {}, 99)
    babylon = Match.start("spacehole", {"skin": "babylon5"}, 99)
    for step in range(400):
        actions = spacehole.legal_actions()
        if not actions:
            break
        assert actions == babylon.legal_actions()
        choice = actions[step % len(actions)]
        spacehole, babylon = spacehole.play(choice), babylon.play(choice)
    assert replace(babylon.state, options=spacehole.state.options) == spacehole.state
    b5 = GAME.view(babylon.state, 0)
    names = {c["key"]: c["name"] for c in b5["discard"] + b5["in_play"]}
    for key, name in {"agrodome": "Garden", "colony": "Living quarters", "refinery": "Refinery",
                      "space_troopers": "Space Troopers", "base": "Hull"}.items():
        if key in names:
            assert names[key] == name
    b5_view = GAME.view(babylon.state, 0)
    assert b5_view["log"] != GAME.view(spacehole.state, 0)["log"]
    garden = next(i for i, ct in enumerate(CARDS) if ct.key == "colony")
    from pygame_core.games.spacehole.view import rules_text

    assert rules_text(garden, "babylon5") == "Requires 1 Garden. +1 defender."
