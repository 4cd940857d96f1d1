"""Power allocation that maximises income, and the structure-play check (RULES.md SH-7).

Structures are interchangeable by type, so an allocation is a count of tokened structures
per type. The types fall into independent supply chains that share only power:
Agrodome→Colony→Starport, Mine→Refinery→Factory, Lab→Stargate, and the zero-income
structures (Command Center, Laser Turret, Force Dome). Each chain's options are few (at most
a hundred), and keeping only the best option per power level of each chain makes the search
over their combinations small enough to run at every Power Phase.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from .data import TYPES

SUPPLY_PER_SOURCE = 5  # SH-7.1: the Base and each Solar Array
ZERO_INCOME = ("command_center", "laser_turret", "force_dome")  # token order: lowest ids first
CHAINS = (("agrodome", "colony", "starport"), ("mine", "refinery", "factory"), ("lab", "stargate"))
INCOME_TYPES = tuple(key for chain in CHAINS for key in chain)
TERRAFORM_BONUS = 2  # SH-2.6 Terraform: a powered Agrodome yields $3


@dataclass(frozen=True)
class Allocation:
    """Tokened structures per type key, with the income and power they make and use."""

    tokens: tuple[tuple[str, int], ...]
    income: int
    power_used: int

    def count(self, key: str) -> int:
        return dict(self.tokens).get(key, 0)


Counts = tuple[tuple[str, int], ...]  # (type key, how many in play), sorted, hashable


def counts_of(keys: Mapping[str, int]) -> Counts:
    return tuple(sorted((k, v) for k, v in keys.items() if v))


def _income(key: str, terraform: bool) -> int:
    bonus = TERRAFORM_BONUS if key == "agrodome" and terraform else 0
    return TYPES[key].income + bonus


def _chain_options(chain: tuple[str, ...], have: tuple[int, ...], need: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every per-type token count for one chain meeting SH-7.2(b) and the obligations."""
    options = []
    for combo in itertools.product(*(range(n + 1) for n in have)):
        tokened = dict(zip(chain, combo, strict=True))
        ok = all(t >= n for t, n in zip(combo, need, strict=True))
        for key in chain:
            req = TYPES[key].needs
            # SH-7.2(b): each tokened dependent has its own tokened supporters, exclusively.
            if req is not None and tokened[key] * req[1] > tokened[req[0]]:
                ok = False
        if ok:
            options.append(combo)
    return options


Best = dict[int, tuple[int, int, tuple[int, ...]]]  # power used -> (income, tokens, counts)


@lru_cache(maxsize=4096)
def _chain_table(chain: tuple[str, ...], have: tuple[int, ...], need: tuple[int, ...], terraform: bool) -> Best:
    """Per exact power level, the chain's best (income, tokens, counts), compared in that order;
    larger counts on earlier types win ties, which puts tokens on the lowest card ids."""
    best: Best = {}
    for combo in _chain_options(chain, have, need):
        power = sum(TYPES[k].power * n for k, n in zip(chain, combo, strict=True))
        income = sum(_income(k, terraform) * n for k, n in zip(chain, combo, strict=True))
        entry = (income, sum(combo), combo)
        if power not in best or entry > best[power]:
            best[power] = entry
    return best


def _merge(a: Best, b: Best, supply: int) -> Best:
    """Best per total power of two independent chains. For a fixed split of power the best
    pair is each chain's own best, since incomes and token counts add up."""
    out: Best = {}
    for pa, (ia, ta, ca) in a.items():
        for pb, (ib, tb, cb) in b.items():
            power = pa + pb
            if power > supply:
                continue
            entry = (ia + ib, ta + tb, ca + cb)
            if power not in out or entry > out[power]:
                out[power] = entry
    return out


@lru_cache(maxsize=4096)
def best_allocation(counts: Counts, supply: int, terraform: bool, obligation: Counts = ()) -> Allocation | None:
    """The allocation of SH-7.4: most income, then most tokens, then tokens on the lowest
    types in table order (the card-id tie-break); None if ``obligation`` cannot be met."""
    have, need = dict(counts), dict(obligation)
    merged: Best = {0: (0, 0, ())}
    for chain in CHAINS:
        table = _chain_table(
            chain, tuple(have.get(k, 0) for k in chain), tuple(need.get(k, 0) for k in chain), terraform
        )
        merged = _merge(merged, table, supply)
        if not merged:
            return None
    zero_have = [have.get(k, 0) for k in ZERO_INCOME]
    zero_need = [need.get(k, 0) for k in ZERO_INCOME]
    if any(n > h for n, h in zip(zero_need, zero_have, strict=True)):
        return None
    chosen: tuple[int, int, tuple[int, ...]] | None = None
    for power, (income, tokens, combos) in merged.items():
        # Spare power tokens zero-income structures (all P=1): obligations first, then lowest ids.
        spare = supply - power - sum(zero_need)
        if spare < 0:
            continue
        zero = list(zero_need)
        for i in range(len(ZERO_INCOME)):
            extra = min(zero_have[i] - zero[i], spare)
            zero[i] += extra
            spare -= extra
        entry = (income, tokens + sum(zero), combos + tuple(zero))
        if chosen is None or entry > chosen:
            chosen = entry
    if chosen is None:
        return None
    keys = (*INCOME_TYPES, *ZERO_INCOME)
    tokened = tuple((k, n) for k, n in zip(keys, chosen[2], strict=True) if n)
    used = sum(TYPES[k].power * n for k, n in tokened)
    return Allocation(tokened, chosen[0], used)


def max_tokens_of(key: str, counts: Counts, supply: int) -> int:
    """How many structures of type ``key`` any allocation can token (for SH-7.3)."""
    have = dict(counts).get(key, 0)
    for n in range(have, 0, -1):
        if best_allocation(counts, supply, False, ((key, n),)) is not None:
            return n
    return 0


def chain_power(key: str) -> int:
    """The least power that tokens one ``key`` with every supporter it needs, down the chain
    (a Factory: 1 + 2 Refineries + 4 Mines = 7)."""
    ct = TYPES[key]
    if ct.needs is None:
        return ct.power
    supporter, n = ct.needs
    return ct.power + n * chain_power(supporter)


def supporters_missing(key: str, counts: Counts) -> tuple[str, int, int] | None:
    """SH-7.2(b)/SH-H10 for a new ``key``: (supporter, needed, in play) when the colony lacks
    a supporter of its own for every ``key`` including the new one; None when it has them."""
    needs = TYPES[key].needs
    if needs is None:
        return None
    have = dict(counts)
    supporter, n = needs
    wanted = n * (have.get(key, 0) + 1)
    if have.get(supporter, 0) >= wanted:
        return None
    return supporter, wanted, have.get(supporter, 0)


@lru_cache(maxsize=4096)
def play_obligation(key: str, counts: Counts, supply_after: int) -> Counts | None:
    """SH-7.3 as written: the obligation a newly played ``key`` brings, or None if it cannot
    be played.

    Playable when the colony has a supporter of its own for every ``key`` including the new
    one (SH-7.2(b): 1 Agrodome + 1 Colony, a second Colony is illegal, SH-H10) and some
    allocation of the colony with it tokens a ``key`` (the new one or a copy: 4 Mines and a
    Refinery, a second Refinery is playable, since a Refinery and 2 Mines use 3 of 5 power).
    The obligation is as many tokened ``key`` as any allocation can give; it is one more than
    before the play whenever that is possible (the new structure's own token), so it equals
    the obligation of the reading before issue 13 wherever that reading allowed the play.
    """
    if TYPES[key].power == 0:
        return ()  # Solar Arrays need no token
    if supporters_missing(key, counts) is not None:
        return None
    after = dict(counts)
    after[key] = after.get(key, 0) + 1
    need = max_tokens_of(key, counts_of(after), supply_after)
    if need == 0:
        return None
    return ((key, need),)


@lru_cache(maxsize=4096)
def legal_before_issue_13(key: str, counts: Counts, supply_after: int) -> bool:
    """The SH-7.3 reading before issue 13 (one more tokened ``key`` than before the play).

    Kept only to order the legal actions so that links made before the change keep their
    meaning: a play this reading refused is listed after every older choice (rules.py).
    """
    if TYPES[key].power == 0:
        return True
    need = max_tokens_of(key, counts, supply_after) + 1
    after = dict(counts)
    after[key] = after.get(key, 0) + 1
    return best_allocation(counts_of(after), supply_after, False, ((key, need),)) is not None
