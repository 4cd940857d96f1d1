"""SplitMix64, rejection sampling, shuffles, pools, scripted RNG and roll log (RULES.md C-2)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.canonical import digest, to_plain
from pygame_core.rng import Rng, RngExhaustedError, Roll, Roller, ScriptedRng

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def _reference_next(state: int) -> tuple[int, int]:
    """C-2.1 transcribed literally, independent of the engine's code."""
    state = (state + GOLDEN) % 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return z ^ (z >> 31), state


def _unxorshift(y: int, k: int) -> int:
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x


def _state_before_output(output: int) -> int:
    """The RNG state whose next ``next_u64`` returns ``output`` (the mixer is a bijection)."""
    z = _unxorshift(output, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) % 2**64
    z = _unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) % 2**64
    z = _unxorshift(z, 30)
    return (z - GOLDEN) % 2**64


# --------------------------------------------------------------------------------------
# C-2.5 test vectors (MUST pass)


def test_c2_5_seed_0_three_next_u64() -> None:
    rng = Rng.from_seed(0)
    out = []
    for _ in range(3):
        x, rng = rng.next_u64()
        out.append(x)
    assert out == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_c2_5_seed_42_ten_d6() -> None:
    roller = Roller(Rng.from_seed(42))
    assert [roller.d(6, "vector") for _ in range(10)] == [2, 2, 1, 1, 5, 1, 2, 3, 2, 3]


def test_c2_5_seed_42_ten_d10() -> None:
    roller = Roller(Rng.from_seed(42))
    assert roller.dice(10, 10, "vector") == [4, 2, 9, 5, 1, 3, 6, 9, 6, 5]


def test_c2_5_seed_7_shuffle() -> None:
    roller = Roller(Rng.from_seed(7))
    assert roller.shuffle(list(range(10)), "vector") == [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]


def test_c2_5_shuffle_returns_a_copy() -> None:
    items = list(range(10))
    Roller(Rng.from_seed(7)).shuffle(items, "vector")
    assert items == list(range(10))


# --------------------------------------------------------------------------------------
# C-2.1 / C-2.2 stream and rejection sampling


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=MASK))
def test_c2_1_next_u64_matches_the_spec_formula(seed: int) -> None:
    rng = Rng.from_seed(seed)
    state = seed
    for _ in range(3):
        x, rng = rng.next_u64()
        expected, state = _reference_next(state)
        assert x == expected
        assert rng.state == state


def test_c2_1_seed_is_reduced_mod_2_64() -> None:
    assert Rng.from_seed(2**64 + 5) == Rng.from_seed(5)
    assert Rng.from_seed(-1) == Rng(MASK)


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=MASK), st.integers(min_value=1, max_value=2**64))
def test_c2_2_randbelow_is_in_range_and_follows_rejection_sampling(seed: int, n: int) -> None:
    value, after = Rng.from_seed(seed).randbelow(n)
    assert 0 <= value < n
    # Reference: draw until x < limit, then x mod n.
    limit = 2**64 - (2**64 % n)
    state = seed
    while True:
        x, state = _reference_next(state)
        if x < limit:
            break
    assert value == x % n
    assert after.state == state


def test_c2_2_randbelow_never_reaches_n_over_many_n() -> None:
    rng = Rng.from_seed(2024)
    for n in [*range(1, 200), 2**31 - 1, 2**32 + 1, 3 * 2**62, 2**63 + 1, 2**64 - 1, 2**64]:
        for _ in range(20):
            value, rng = rng.randbelow(n)
            assert 0 <= value < n


def test_c2_2_randbelow_rejects_values_at_or_above_the_limit() -> None:
    """A crafted state whose next output is 2^64-1: for n = 3 the limit is 2^64-1, so that
    output is rejected and the result comes from the following draw."""
    state = _state_before_output(MASK)
    rng = Rng(state)
    first, after_first = rng.next_u64()
    assert first == MASK
    second, after_second = after_first.next_u64()
    value, after = rng.randbelow(3)
    assert value == second % 3
    assert after == after_second  # exactly two values were consumed
    # Without rejection (n = 2 has no biased tail) the first output is used directly.
    value2, after2 = rng.randbelow(2)
    assert value2 == MASK % 2 and after2 == after_first


def test_c2_2_randbelow_rejection_with_a_large_n() -> None:
    """n = 2^63 + 1 rejects about half of all outputs; whenever the first is rejected the
    second (or later) is used."""
    n = 2**63 + 1
    limit = 2**64 - (2**64 % n)
    rejected_seen = 0
    for seed in range(64):
        rng = Rng.from_seed(seed)
        x, nxt = rng.next_u64()
        value, _ = rng.randbelow(n)
        if x >= limit:
            rejected_seen += 1
            assert value == Rng(nxt.state).randbelow(n)[0]
        else:
            assert value == x % n
    assert rejected_seen > 0


def test_c2_2_randbelow_refuses_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(1).randbelow(0)


def test_c2_2_d_is_one_plus_randbelow() -> None:
    for seed in range(20):
        via_roller = Roller(Rng.from_seed(seed)).d(8, "x")
        assert via_roller == 1 + Rng.from_seed(seed).randbelow(8)[0]


# --------------------------------------------------------------------------------------
# C-2.3 shuffle / choice, C-2.4 draw_from_pool


def test_c2_3_shuffle_is_fisher_yates_from_the_end() -> None:
    """With a scripted RNG the swaps are exactly i = len-1..1, j = randbelow(i+1)."""
    roller = Roller(ScriptedRng((0, 3, 1, 0)))  # j for i = 4, 3, 2, 1
    out = roller.shuffle("abcde", "deal")
    # i=4 j=0: ebcda; i=3 j=3: ebcda; i=2 j=1: ecbda; i=1 j=0: cebda
    assert out == ["c", "e", "b", "d", "a"]
    assert [(r.sides, r.value) for r in roller.rolls] == [(5, 0), (4, 3), (3, 1), (2, 0)]


def test_c2_3_choice_is_item_at_randbelow() -> None:
    for seed in range(10):
        items = ["a", "b", "c", "d", "e", "f", "g"]
        assert Roller(Rng.from_seed(seed)).choice(items, "c") == items[
            Rng.from_seed(seed).randbelow(7)[0]
        ]


def test_c2_4_draw_from_pool_takes_the_indexed_item_and_keeps_order() -> None:
    roller = Roller(ScriptedRng((2, 0)))
    item, rest = roller.draw_from_pool((10, 20, 30, 40), "pool")
    assert item == 30 and rest == (10, 20, 40)
    item, rest = roller.draw_from_pool(rest, "pool")
    assert item == 10 and rest == (20, 40)


def test_c2_4_pool_draws_do_not_depend_on_return_order() -> None:
    """Items returned to a canonically sorted pool in different orders give the same draws."""
    base = (1, 2, 3, 4, 5, 6, 7, 8)
    returned_a = tuple(sorted((*base[2:], 2, 1)))
    returned_b = tuple(sorted((*base[2:], 1, 2)))
    ra, rb = Roller(Rng.from_seed(9)), Roller(Rng.from_seed(9))
    pa, pb = returned_a, returned_b
    for _ in range(5):
        ia, pa = ra.draw_from_pool(pa, "p")
        ib, pb = rb.draw_from_pool(pb, "p")
        assert ia == ib
    assert pa == pb


def test_c2_4_draw_from_pool_uses_one_randbelow_of_pool_size() -> None:
    roller = Roller(Rng.from_seed(5))
    item, rest = roller.draw_from_pool(tuple(range(13)), "pool")
    expected, _ = Rng.from_seed(5).randbelow(13)
    assert item == expected and len(rest) == 12 and item not in rest
    assert roller.rolls == [Roll("pool", 13, expected, False)]


# --------------------------------------------------------------------------------------
# C-2.7 scripted RNG


def test_c2_7_scripted_d_answers_faces_in_order() -> None:
    roller = Roller(ScriptedRng((6, 1, 3)))
    assert [roller.d(6, "a"), roller.d(6, "b"), roller.d(4, "c")] == [6, 1, 3]


def test_c2_7_scripted_randbelow_answers_indices() -> None:
    roller = Roller(ScriptedRng((0, 4)))
    assert roller.randbelow(5, "a") == 0
    assert roller.randbelow(5, "b") == 4


def test_c2_7_scripted_exhaustion_raises() -> None:
    roller = Roller(ScriptedRng((2,)))
    roller.d(6, "ok")
    with pytest.raises(RngExhaustedError, match="d6"):
        roller.d(6, "one too many")
    with pytest.raises(RngExhaustedError, match="randbelow 3"):
        Roller(ScriptedRng(())).randbelow(3, "none")


@pytest.mark.parametrize(("script", "n", "is_die"), [((0,), 6, True), ((7,), 6, True),
                                                      ((5,), 5, False), ((-1,), 5, False)])
def test_c2_7_scripted_out_of_range_raises(script: tuple[int, ...], n: int, is_die: bool) -> None:
    roller = Roller(ScriptedRng(script))
    with pytest.raises(ValueError, match="outside"):
        if is_die:
            roller.d(n, "bad")
        else:
            roller.randbelow(n, "bad")


def test_c2_7_scripted_rng_is_an_immutable_value() -> None:
    rng = ScriptedRng((1, 2, 3))
    value, rest = rng.take(6, True)
    assert value == 1 and rest == ScriptedRng((2, 3)) and rng == ScriptedRng((1, 2, 3))
    roller = Roller(rng)
    roller.d(6, "x")
    assert roller.value == ScriptedRng((2, 3))
    assert rng.script == (1, 2, 3)


def test_c2_7_scripted_rng_in_a_state_via_replace() -> None:
    """The documented test hook: dataclasses.replace(state, rng=ScriptedRng(...))."""

    @dataclasses.dataclass(frozen=True)
    class State:
        rng: Rng | ScriptedRng

    state = dataclasses.replace(State(Rng.from_seed(1)), rng=ScriptedRng((4,)))
    roller = Roller(state.rng)
    assert roller.d(6, "hook") == 4
    assert dataclasses.replace(state, rng=roller.value).rng == ScriptedRng(())


# --------------------------------------------------------------------------------------
# C-2.8 roll log


def test_c2_8_roller_logs_every_draw_with_its_purpose() -> None:
    roller = Roller(Rng.from_seed(42))
    roller.d(6, "SH.battle invader#3")
    roller.randbelow(4, "SH.draw card")
    roller.dice(2, 10, "SH.event")
    roller.shuffle([1, 2, 3], "SH.deck")
    purposes = [r.purpose for r in roller.rolls]
    assert purposes == ["SH.battle invader#3", "SH.draw card", "SH.event", "SH.event",
                        "SH.deck", "SH.deck"]
    first = roller.rolls[0]
    assert first == Roll("SH.battle invader#3", 6, 2, True)  # C-2.5: seed 42's first d6 is 2
    assert str(first) == "SH.battle invader#3: d6 = 2"
    second = roller.rolls[1]
    assert not second.is_die and second.sides == 4 and 0 <= second.value < 4
    assert str(second) == f"SH.draw card: pick 1 of 4 = {second.value + 1}"


def test_c2_8_roll_log_is_the_same_for_scripted_and_real_draws() -> None:
    roller = Roller(ScriptedRng((3, 1)))
    roller.d(6, "die")
    roller.randbelow(2, "pick")
    assert roller.rolls == [Roll("die", 6, 3, True), Roll("pick", 2, 1, False)]


def test_c2_8_roller_value_is_the_advanced_rng() -> None:
    start = Rng.from_seed(3)
    roller = Roller(start)
    roller.d(6, "a")
    roller.d(6, "b")
    _, one = start.randbelow(6)
    _, two = one.randbelow(6)
    assert roller.value == two
    assert start == Rng.from_seed(3)


# --------------------------------------------------------------------------------------
# Values: immutable, plain, hashable (the RNG lives in the state; undo cannot re-roll)


def test_c2_rng_is_an_immutable_plain_value() -> None:
    rng = Rng.from_seed(11)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rng.state = 5  # type: ignore[misc]
    x1, after1 = rng.next_u64()
    x2, after2 = rng.next_u64()
    assert (x1, after1) == (x2, after2)  # drawing from a value never changes it
    assert rng == Rng.from_seed(11) and hash(rng) == hash(Rng.from_seed(11))
    assert to_plain(rng) == {"__type__": "Rng", "state": 11}
    assert digest(rng) == digest(Rng(11)) != digest(Rng(12))
    assert to_plain(ScriptedRng((1, 2))) == {"__type__": "ScriptedRng", "script": [1, 2]}
    assert Roll("p", 6, 1, True) == Roll("p", 6, 1, True)
    assert eval(repr(rng), {"Rng": Rng}) == rng
