"""Issue 31 for Spacehole: the log holds events with card ids, words.py words them in the card
set's names, the computer player rebuilds the log from the view's events; issue 33's words."""

from __future__ import annotations

from dataclasses import replace

from pygame_core.events import Event
from pygame_core.games.spacehole import GAME, ai
from pygame_core.games.spacehole.actions import Choose, Draw
from pygame_core.games.spacehole.state import Step

from .helpers import ids_in_play, scenario


def _new(state_before, state_after) -> list[Event]:  # type: ignore[no-untyped-def]
    return list(state_after.log[len(state_before.log):])


def test_a_battle_is_told_as_events_with_its_dice_and_the_cards_hit() -> None:
    """SH-6: Force 3 invader; round 1 invader 1 1 6, Base 1, Marines 6 6 6; hits land on the
    only defender (randbelow 0, twice)."""
    state = scenario(in_play=["space_marines"], deck_top=["alien_predators"], step=Step.START,
                     dice=(1, 1, 6, 1, 6, 6, 6, 0, 0, 6, 6, 1, 1))
    marines = ids_in_play(state, "space_marines")[0]
    after = GAME.apply(state, Draw())
    events = _new(state, after)
    assert [e.kind for e in events] == ["drew", "invasion", "battle_round", "battle_round", "battle_over"]
    first = events[2]
    assert first.nums("invader_dice") == (1, 1, 6) and first.nums("colony_dice") == (1, 6, 6, 6)
    assert first.nums("hits_on") == (marines, marines)
    assert all(GAME.EVENT_KINDS[e.kind].result for e in events)
    lines = GAME.view(after, 0)["log"][-5:]
    assert lines[1] == "Invasion! Alien Predators attack with Force 3."
    assert lines[2] == "Round 1: Alien Predators roll 1 1 6 (2 hits); you roll 1 6 6 6 (1 hit). " \
        "Space Marines are hit. Space Marines are hit."
    assert lines[4] == "Alien Predators are destroyed after 2 rounds."
    b5 = GAME.view(replace(after, options=replace(after.options, skin="babylon5")), 0)["log"][-5:]
    assert b5[1] == "Invasion! Centauri agents attack with Force 3."
    assert b5[2].endswith("Marines are hit. Marines are hit.")


def test_the_rule_references_come_from_the_events() -> None:
    state = scenario(base_damage=9, in_play=["mine"], deck_top=["meteor_swarm"], step=Step.START, dice=(0,))
    after = GAME.apply(state, Draw())
    assert [e.kind for e in _new(state, after)] == ["drew", "base_hit", "base_destroyed"]
    v = GAME.view(after, 0)
    assert v["log"][-1] == "The Base is destroyed. The colony is lost: score 0."
    assert v["log_refs"][-1] == "The Base is destroyed. The colony is lost: score 0 (SH-9.1)."
    assert v["log"][-2] == "Meteor Swarm: the Base is hit and takes 1 damage."


def test_the_drawn_card_comes_from_the_draw_event() -> None:
    state = scenario(deck_top=["solar_flare"], step=Step.START)
    after = GAME.apply(state, Draw())
    assert GAME.view(after, 0)["drawn"]["key"] == "solar_flare"


def test_the_computer_player_rebuilds_the_log_from_the_views_events() -> None:
    state = scenario(in_play=["space_marines"], deck_top=["alien_predators"], step=Step.START,
                     dice=(1, 1, 6, 1, 6, 6, 6, 0, 0, 6, 6, 1, 1))
    after = GAME.apply(state, Draw())
    view = GAME.view(after, 0)
    sample = ai.determinize(view, 0, 3)
    assert sample.log == after.log
    assert GAME.view(sample, 0) == view


def test_a_choice_is_labelled_with_what_it_does() -> None:
    """Issue 33: the review read "you chose Choose Agrodome"; a choice now says what it does."""
    state = scenario(in_play=["agrodome", "colony", "astro_guard"], deck_top=["space_virus"], step=Step.START)
    state = GAME.apply(state, Draw())
    v = GAME.view(state, 0)
    colony = ids_in_play(state, "colony")[0]
    assert "Lose Colony" in v["choices"] and not any(c.startswith("Choose") for c in v["choices"])
    after = GAME.apply(state, Choose(colony))
    assert GAME.view(after, 0)["log"][-1] == "Space Virus: Colony is lost."


def test_the_end_reason_does_not_repeat_the_last_log_line() -> None:
    """Issue 33: "Why: the deck is spent." stood under "The deck is spent. Final score: ..."."""
    state = scenario(deck_size=1, step=Step.START, in_play=["mine"], deck_top=["mine"], mc=40)
    after = GAME.apply(state, Draw())
    while not after.over:
        after = GAME.apply(after, GAME.legal_actions(after)[0])
    outcome = GAME.outcome(after)
    assert outcome is not None
    last = GAME.view(after, 0)["log"][-1]
    assert last.startswith("The deck is spent.") and "deck is spent" not in outcome.reason
    assert after.log[-1].kind == "deck_spent"
