"""Every Spacehole event (SH-2.6), the Artifact (SH-8.5), the view's secrecy (SH-10) and undo (C-3.2)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pygame_core import Match
from pygame_core.deck import Deck
from pygame_core.games.spacehole import GAME
from pygame_core.games.spacehole.actions import Choose, Draw, Pass, Play
from pygame_core.games.spacehole.data import BASE_ID, CARDS, EVENTS, Kind
from pygame_core.games.spacehole.rules import EVENT_EFFECTS, hand_limit, legal_actions
from pygame_core.games.spacehole.state import Step

from .helpers import find, ids_in_play, scenario

COLONY = ["agrodome", "colony", "mine", "mine", "lab", "command_center", "space_marines", ("astro_guard", 1)]


def _event(key: str, **kw):  # type: ignore[no-untyped-def]
    state = scenario(in_play=kw.pop("in_play", COLONY), deck_top=[key], step=Step.START, **kw)
    return state, GAME.apply(state, Draw())


def test_every_event_has_an_effect() -> None:
    """SH-2.6: all 22 events are implemented."""
    assert {e.key for e in EVENTS} == set(EVENT_EFFECTS)


def test_solar_flare_two_random_points() -> None:
    """Solar Flare: randbelow twice over surviving defenders (SH-A20)."""
    _, after = _event("solar_flare", dice=(1, 0))  # Astro Guard (1 dmg -> destroyed), then Marines
    assert not ids_in_play(after, "astro_guard") and find(after, "space_marines").damage == 1


def test_solar_flare_points_are_lost_without_defenders() -> None:
    _, after = _event("solar_flare", in_play=["force_dome"], dice=())
    assert find(after, "force_dome").damage == 0 and after.base.damage == 0


@pytest.mark.parametrize("key", ["lost_in_space", "black_hole", "intergalactic_war"])
def test_random_defender_loss(key: str) -> None:
    """SH-A30: three identical 'discard 1 random Defender' events."""
    _, after = _event(key, dice=(0,))
    assert not ids_in_play(after, "space_marines") and ids_in_play(after, "astro_guard")


@pytest.mark.parametrize("key", ["sabotage", "planet_bombs", "meteor_swarm"])
def test_random_structure_loss_hits_structure_or_base(key: str) -> None:
    """SH-A22: uniform over structures, the Base first; index 6 is the Command Center."""
    before, after = _event(key, dice=(6,), hand=["mine"] * 6)
    assert not ids_in_play(after, "command_center")
    assert hand_limit(after) == 5 and len(after.hand) == 6  # SH-8.4: the limit dropped
    assert all(a.__class__.__name__ == "Discard" for a in legal_actions(after))
    _, after = _event(key, dice=(0,))
    assert after.base.damage == 1 and len(after.in_play) == len(before.in_play)


def test_supernova_discards_the_hand() -> None:
    _, after = _event("supernova", hand=["mine", "lab"])
    assert after.hand == () and sum(CARDS[c].key in ("mine", "lab") for c in after.deck.discard_pile) == 2


def test_lab_explosion_takes_the_artifact_with_it() -> None:
    """Lab Explosion then SH-8.5: no Lab left, the Alien Artifact is discarded at once."""
    _, after = _event("lab_explosion", in_play=["lab", "alien_artifact"])
    assert not ids_in_play(after, "lab") and not ids_in_play(after, "alien_artifact")


def test_core_instabilities_and_nothing_to_lose() -> None:
    """SH-A21: discard one Mine; with none, no effect."""
    _, after = _event("core_instabilities")
    assert len(ids_in_play(after, "mine")) == 1
    _, after = _event("core_instabilities", in_play=["lab"])
    assert ids_in_play(after, "lab")


def test_emergency_repairs_clear_all_damage() -> None:
    _, after = _event("emergency_repairs", base_damage=3)
    assert all(p.damage == 0 for p in after.in_play)


@pytest.mark.parametrize(
    ("key", "mc", "expected"),
    [
        ("dilithium_crystals", 0, 20),  # 10 per Mine
        ("space_traders", 0, 3 * 7),  # 3 per structure, the Base included (SH-A23)
        ("discovery", 0, 50),  # with a Lab
        ("merchant_from_venus", 0, 20),  # 20 per Colony
        ("interstellar_tax_men", 100, 100 - 2 * 7),
        ("interstellar_tax_men", 5, 0),  # SH-A27: never below 0
        ("cosmic_con_artist", 15, 8),
    ],
)
def test_money_events(key: str, mc: int, expected: int) -> None:
    _, after = _event(key, mc=mc)
    assert after.mc == expected


def test_discovery_needs_a_lab() -> None:
    _, after = _event("discovery", in_play=["mine"])
    assert after.mc == 0


def test_terraform_is_permanent() -> None:
    _, after = _event("terraform", in_play=["agrodome"])
    after = GAME.apply(after, Pass())
    assert after.terraform and after.income == 3


def test_space_virus_is_mandatory_choice() -> None:
    """SH-A28: the player's choice among defenders and Colonies."""
    _, after = _event("space_virus")
    choices = legal_actions(after)
    assert {CARDS[c.card].key for c in choices if isinstance(c, Choose)} == {"colony", "space_marines", "astro_guard"}
    assert len(choices) == 3


@pytest.mark.parametrize(("key", "kind"), [("reinforcements", Kind.DEFENDER), ("repairs", Kind.STRUCTURE)])
def test_take_back_from_discard(key: str, kind: Kind) -> None:
    """SH-A29: choose a card of the kind from the discard pile; none there, no effect."""
    _, after = _event(key, discard=["space_navy", "factory", "mine"])
    choices = legal_actions(after)
    assert choices and all(CARDS[c.card].kind == kind for c in choices if isinstance(c, Choose))
    after = GAME.apply(after, choices[0])
    assert CARDS[after.hand[-1]].kind == kind and after.step == Step.BUILD
    _, nothing = _event(key, discard=[])
    assert nothing.step == Step.BUILD


def test_alien_artifact_needs_a_lab() -> None:
    """SH-8.2 / SH-A10: the Artifact is not playable without a Lab."""
    state = scenario(hand=["alien_artifact"])
    assert not any(isinstance(a, Play) for a in legal_actions(state))
    state = scenario(in_play=["lab"], hand=["alien_artifact"])
    assert Play(state.hand[0]) in legal_actions(state)


def test_new_structure_must_get_its_token_this_turn() -> None:
    """SH-7.3: a new Laser Turret must be powered this turn, even at the Mine's expense."""
    state = scenario(in_play=["agrodome", "agrodome", "colony", "colony", "mine"], hand=["laser_turret"])
    assert GAME.apply(state, Pass()).income == 9
    after = GAME.apply(state, Play(state.hand[0]))
    assert after.income == 8 and ids_in_play(after, "laser_turret")[0] in after.powered


def test_stargate_needs_a_lab() -> None:
    """SH-7.2(b): a Stargate without a Lab can never be powered, so it cannot be played."""
    state = scenario(in_play=["solar_array"], hand=["stargate"])
    assert not any(isinstance(a, Play) for a in legal_actions(state))


def test_view_hides_the_deck_order() -> None:
    """SH-10: the deck is SEALED: two states differing only in deck order look the same."""
    state = GAME.new_game({}, 5)
    state = GAME.apply(state, Draw())
    shuffled = list(state.deck.draw_pile)
    random.Random(1).shuffle(shuffled)
    other = replace(state, deck=Deck(tuple(shuffled), state.deck.discard_pile))
    assert GAME.view(state, 0) == GAME.view(other, 0)
    assert GAME.view(state, None) == GAME.view(other, None)


def test_view_choices_match_legal_actions() -> None:
    match = Match.start("spacehole", {"skin": "babylon5"}, 3)
    for _ in range(60):
        view = GAME.view(match.state, 0)
        assert len(view["choices"]) == len(match.legal_actions())
        if match.is_over:
            break
        match = match.play(match.legal_actions()[-1])
    assert GAME.view(match.state, 0)["in_play"][0]["name"] == "Hull"


def test_undo_restores_a_build_but_never_a_draw() -> None:
    """C-3.2: the build choice can be undone until the next card is drawn."""
    match = Match.start("spacehole", {}, 11)
    assert match.undo_depth() == 0
    match = match.play(Draw())
    while match.state.step != Step.START:
        match = match.play(match.legal_actions()[0])
    depth = match.undo_depth()
    assert depth >= 1
    assert match.undo(depth).state.epoch == match.state.epoch
    match = match.play(Draw())
    assert match.undo_depth() == 0


def test_base_is_never_discarded() -> None:
    for seed in range(5):
        match = Match.start("spacehole", {}, seed)
        chooser = random.Random(seed)
        while not match.is_over:
            match = match.play(chooser.choice(match.legal_actions()))
            assert match.state.in_play[0].card == BASE_ID


def test_view_turn_is_the_turn_about_to_start_at_the_draw() -> None:
    """The draw decision belongs to the next turn: turn 1 before the first card."""
    state = GAME.new_game({}, 2)
    assert GAME.view(state, 0)["turn"] == 1
    state = GAME.apply(state, Draw())
    assert GAME.view(state, 0)["turn"] == 1 and state.step != Step.START
