"""TEMPORARY stand-in for the Spacehole engine until it lands on main (removed at merge)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pygame_core.game import ActionBase, ActionCodec, IllegalActionError, OptionSpec, Outcome
from pygame_core.rng import Rng, Roller


@dataclass(frozen=True)
class Roll(ActionBase):
    TAG = 1

    def __str__(self) -> str:
        return "Roll the die"


@dataclass(frozen=True)
class Bank(ActionBase):
    TAG = 2
    amount: int

    def __str__(self) -> str:
        return f"Bank {self.amount} MC"


@dataclass(frozen=True)
class St:
    turn: int
    mc: int
    pot: int
    rng: Any
    log: tuple[str, ...]
    epoch: int


CODEC = ActionCodec(Roll, Bank)


class DevGame:
    id = "spacehole"
    title = "Spacehole"
    min_players = max_players = 1
    option_schema = (
        OptionSpec("skin", "spacehole", ("spacehole", "babylon5"), label="Card set"),
        OptionSpec("base_hits", 10, (10, 5), label="Base hits"),
        OptionSpec("battle_length", "force_rounds", ("force_rounds", "to_the_death"), label="Battles"),
    )

    def new_game(self, options: Any, seed: int) -> St:
        return St(1, 0, 0, Rng.from_seed(seed) if hasattr(Rng, "from_seed") else Rng(seed), (), 0)

    def num_players(self, state: St) -> int:
        return 1

    def current_player(self, state: St) -> int | None:
        return None if state.turn > 6 else 0

    def legal_actions(self, state: St) -> list[Any]:
        if state.turn > 6:
            return []
        return [Roll()] + ([Bank(state.pot)] if state.pot else [])

    def apply(self, state: St, action: Any) -> St:
        if action not in self.legal_actions(state):
            raise IllegalActionError("C-3.1", "not legal now")
        if isinstance(action, Roll):
            roller = Roller(state.rng)
            d = roller.d(6, "roll")
            if d == 1:
                return dataclasses.replace(state, turn=state.turn + 1, pot=0, rng=roller.value,
                                           log=(*state.log, f"rolled {d}: pot lost"), epoch=state.epoch + 1)
            return dataclasses.replace(state, pot=state.pot + d, rng=roller.value,
                                       log=(*state.log, f"rolled {d}"), epoch=state.epoch + 1)
        return dataclasses.replace(state, turn=state.turn + 1, mc=state.mc + state.pot, pot=0,
                                   log=(*state.log, f"banked {state.pot}"))

    def view(self, state: St, player: int | None) -> dict[str, Any]:
        return {"turn": state.turn, "mc": state.mc, "pot": state.pot, "log": list(state.log),
                "phase": "roll"}

    def outcome(self, state: St) -> Outcome | None:
        return Outcome((0,), (state.mc,), "deck exhausted") if state.turn > 6 else None

    def encode_action(self, action: Any) -> Any:
        return CODEC.encode(action)

    def decode_action(self, wire: Sequence[object]) -> Any:
        return CODEC.decode(wire)

    def information_epoch(self, state: St) -> int:
        return state.epoch

    def invariant_violations(self, state: St) -> list[str]:
        return []


def install() -> None:
    from pygame_core import GAMES

    if "spacehole" not in GAMES:
        GAMES["spacehole"] = DevGame()  # type: ignore[assignment]
