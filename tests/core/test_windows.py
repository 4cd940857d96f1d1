"""The shared priority/reaction window machinery (RULES.md C-5.1 to C-5.4), game-independent."""

from __future__ import annotations

import itertools

import pytest

from pygame_core.windows import RESPONSE, Play, Resolution, Stops, Window, auto_pass, is_asked, resolve

A, B, C = 0, 1, 2
NEGATE = 99  # a card id standing for Counter-Intelligence / Intelligence in these tests


def negates(play: Play) -> bool:
    return play.card == NEGATE


def test_c_5_1_active_player_gets_priority_first() -> None:
    w = Window.open("battle", (A, B))
    assert w.holder == A and w.active == A and not w.responding
    assert w.stop_kind == "battle"


def test_c_5_1_window_closes_when_both_pass_in_succession() -> None:
    w = Window.open("battle", (A, B))
    step = w.passed()
    assert step.window is not None and step.window.holder == B and step.resolved == ()
    assert step.window.passed().window is None


def test_c_5_2_a_played_card_gives_the_other_player_a_response_first() -> None:
    w = Window.open("battle", (A, B)).played(Play(A, 7))
    assert w.responding and w.holder == B and w.stop_kind == RESPONSE


def test_c_5_1_after_a_card_resolves_priority_returns_to_the_active_player() -> None:
    w = Window.open("battle", (A, B)).passed().window
    assert w is not None and w.holder == B
    step = w.played(Play(B, 7)).passed()  # A passes the response: B's card resolves
    assert step.resolved == (Play(B, 7),)
    assert step.window is not None and step.window.holder == A and not step.window.responding
    # The earlier pass no longer counts: both must pass again in succession.
    again = step.window.passed()
    assert again.window is not None and again.window.holder == B
    assert again.window.passed().window is None


def test_c_5_2_responses_chain_and_resolve_newest_first() -> None:
    w = Window.open("before_move", (A, B)).played(Play(A, 1))
    w = w.played(Play(B, NEGATE))  # B answers A's card
    assert w.holder == A  # ... and A may answer B's answer
    step = w.passed()
    assert step.resolved == (Play(B, NEGATE), Play(A, 1))


def test_c_5_3_a_negated_card_has_no_effect_and_its_negation_neither() -> None:
    chain = (Play(B, NEGATE), Play(A, 1))
    assert resolve(chain, negates) == (Resolution(chain[0], True), Resolution(chain[1], False))
    # A negation of the negation: the middle card is cancelled, so the first card stands.
    chain3 = (Play(A, NEGATE), Play(B, NEGATE), Play(A, 1))
    assert [r.effective for r in resolve(chain3, negates)] == [True, False, True]
    assert [r.effective for r in resolve((Play(A, 1),), negates)] == [True]


def test_only_the_holder_may_play() -> None:
    with pytest.raises(ValueError, match="does not hold priority"):
        Window.open("battle", (A, B)).played(Play(B, 1))
    with pytest.raises(ValueError):
        Window.open("battle", (A, A))


def test_three_seats_go_around_in_turn_order() -> None:
    """SG-16.4: reaction windows go around in turn order; everyone must pass to close."""
    w = Window.open("o-move", (B, C, A))
    holders = []
    current: Window | None = w
    while current is not None:
        holders.append(current.holder)
        current = current.passed().window
    assert holders == [B, C, A]
    # A response to C's card goes to A, then B; the chain resolves after both pass.
    r = w.passed().window
    assert r is not None
    r = r.played(Play(C, 5))
    assert r.holder == A
    step = r.passed()
    assert step.window is not None and step.window.holder == B and not step.resolved
    step = step.window.passed()
    assert step.resolved == (Play(C, 5),) and step.window is not None and step.window.holder == B


def test_c_5_4_stops_default_on_and_switch_per_seat() -> None:
    stops = Stops(("battle", RESPONSE))
    assert stops.is_on(A, "battle") and stops.is_on(B, RESPONSE)
    assert not stops.is_on(A, "unknown-kind")
    off = stops.switched(B, "battle", False)
    assert not off.is_on(B, "battle") and off.is_on(A, "battle")
    assert off.switched(B, "battle", True) == stops
    with pytest.raises(ValueError):
        stops.switched(A, "unknown-kind", False)


def test_c_5_4_who_is_asked_never_depends_on_a_hidden_hand() -> None:
    """A seat other than the device holder is asked on stops and public facts alone."""
    for can_play, could_play, stop_on in itertools.product((False, True), repeat=3):
        if can_play and not could_play:
            continue  # a real card is always publicly possible
        other = is_asked(B, device_holder=A, can_play=can_play, could_play=could_play, stop_on=stop_on)
        assert other == (stop_on and could_play)
        holder = is_asked(A, device_holder=A, can_play=can_play, could_play=could_play, stop_on=stop_on)
        assert holder == can_play


def test_auto_pass_skips_holders_who_are_not_asked() -> None:
    w = Window.open("battle", (A, B))
    assert auto_pass(w, lambda win: True) is None  # the holder decides: nothing to do
    step = auto_pass(w, lambda win: win.holder == B)
    assert step is not None and step.window is not None and step.window.holder == B
    closed = auto_pass(w, lambda win: False)
    assert closed is not None and closed.window is None
    # An unasked responder lets the chain resolve; the game applies it before going on.
    played = w.played(Play(A, 3))
    step = auto_pass(played, lambda win: False)
    assert step is not None and step.resolved == (Play(A, 3),)
