"""Hidden Race: a tiny but complete game on the engine protocol, for core tests and benchmarks.

Rules (TOY-n ids are this file's own, not RULES.md's):
- TOY-1 Seats take turns; a turn is: aim (choose 1..3 dice), roll, then bank or re-roll.
- TOY-2 ``Aim(n)`` picks how many dice to roll; it may be changed (re-aimed) before rolling.
- TOY-3 ``Roll()`` rolls the aimed dice. The total is PRIVATE to the roller (C-4.1) unless
  the ``open_rolls`` option is on.
- TOY-4 ``Reroll()`` (once per turn) throws the total away and rolls the same dice again;
  ``Bank()`` adds the total to the roller's score, reveals it and passes the turn.
- TOY-5 The first seat to reach ``target`` wins; after ``MAX_ROUNDS`` rounds the highest
  score wins (ties share the win).
Information epochs (C-3.2) bump on every roll, every reveal and every hand-off.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from pygame_core.game import (
    ActionBase,
    ActionCodec,
    IllegalActionError,
    Options,
    OptionSpec,
    OptionValue,
    Outcome,
    PlayerId,
    View,
    Wire,
    resolve_options,
)
from pygame_core.rng import Rng, RngValue, Roller

MAX_ROUNDS = 12


@dataclass(frozen=True)
class Aim(ActionBase):
    TAG: ClassVar[int] = 1
    dice: int

    def __str__(self) -> str:
        return f"aim {self.dice} dice"


@dataclass(frozen=True)
class Roll(ActionBase):
    TAG: ClassVar[int] = 2

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Reroll(ActionBase):
    TAG: ClassVar[int] = 3

    def __str__(self) -> str:
        return "re-roll"


@dataclass(frozen=True)
class Bank(ActionBase):
    TAG: ClassVar[int] = 4

    def __str__(self) -> str:
        return "bank"


Action = Aim | Roll | Reroll | Bank
CODEC: ActionCodec[Aim | Roll | Reroll | Bank] = ActionCodec(Aim, Roll, Reroll, Bank)


@dataclass(frozen=True)
class State:
    players: int
    target: int
    open_rolls: bool
    rng: RngValue
    scores: tuple[int, ...]
    turn: PlayerId = 0
    round: int = 1
    aim: int = 0  # 0: not aimed yet this turn
    rolled: int = 0  # 0: not rolled; else the PRIVATE total (TOY-3)
    rerolled: bool = False
    epoch: int = 0
    over: bool = False
    log: tuple[str, ...] = ()


class HiddenRace:
    """The toy game object (satisfies ``pygame_core.game.Game``)."""

    id = "toy"
    title = "Hidden Race (test game)"
    min_players = 2
    max_players = 3
    option_schema = (
        OptionSpec("players", 2, minimum=2, maximum=3, label="Players"),
        OptionSpec("target", 20, choices=(10, 20, 30), label="Target score"),
        OptionSpec("open_rolls", False, choices=(False, True), label="Rolls are public"),
    )

    def check_options(self, options: Options | None) -> dict[str, OptionValue]:
        return resolve_options(self.option_schema, options)

    def new_game(self, options: Options | None, seed: int) -> State:
        opts = self.check_options(options)
        players, target, open_rolls = opts["players"], opts["target"], opts["open_rolls"]
        assert isinstance(players, int) and isinstance(target, int)
        assert isinstance(open_rolls, bool)
        return State(players, target, open_rolls, Rng.from_seed(seed), (0,) * players)

    def num_players(self, state: State) -> int:
        return state.players

    def current_player(self, state: State) -> PlayerId | None:
        return None if state.over else state.turn

    def legal_actions(self, state: State) -> list[Action]:
        if state.over:
            return []
        if not state.rolled:
            aims: list[Action] = [Aim(n) for n in (1, 2, 3) if n != state.aim]
            return [Roll(), *aims] if state.aim else aims
        return [Bank(), Reroll()] if not state.rerolled else [Bank()]

    def apply(self, state: State, action: Action) -> State:
        if state.over:
            raise IllegalActionError("TOY-5", "the race is over")
        if action not in self.legal_actions(state):
            rule = {Aim: "TOY-2", Roll: "TOY-3", Reroll: "TOY-4", Bank: "TOY-4"}.get(
                type(action), "TOY-1"
            )
            raise IllegalActionError(rule, f"{action} is not possible now")
        who = f"P{state.turn + 1}"
        if isinstance(action, Aim):
            return replace(state, aim=action.dice, log=(*state.log, f"{who} aims {action.dice}"))
        if isinstance(action, (Roll, Reroll)):
            roller = Roller(state.rng)
            total = sum(roller.dice(state.aim, 6, f"TOY-3 {who} roll"))
            return replace(
                state,
                rng=roller.value,
                rolled=total,
                rerolled=isinstance(action, Reroll),
                epoch=state.epoch + 1,
                log=(*state.log, f"{who} {action}s", *(str(r) for r in roller.rolls)),
            )
        # Bank (TOY-4): reveal, score, hand off.
        scores = list(state.scores)
        scores[state.turn] += state.rolled
        nxt = (state.turn + 1) % state.players
        rnd = state.round + (nxt == 0)
        over = scores[state.turn] >= state.target or rnd > MAX_ROUNDS
        return State(
            state.players, state.target, state.open_rolls, state.rng, tuple(scores),
            turn=nxt, round=min(rnd, MAX_ROUNDS), epoch=state.epoch + 1, over=over,
            log=(*state.log, f"{who} banks {state.rolled}"),
        )

    def view(self, state: State, player: PlayerId | None) -> View:
        sees_roll = state.open_rolls or (player == state.turn and not state.over)
        return {
            "scores": list(state.scores),
            "turn": state.turn,
            "round": state.round,
            "aim": state.aim,
            "rolled": bool(state.rolled),
            "roll": state.rolled if sees_roll and state.rolled else None,
            "over": state.over,
            "log": [line for line in state.log if "d6 =" not in line or state.open_rolls],
        }

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores)
        winners = tuple(p for p, s in enumerate(state.scores) if s == best)
        reason = "target reached" if best >= state.target else "round limit"
        return Outcome(winners, state.scores, reason)

    def encode_action(self, action: Action) -> Wire:
        return CODEC.encode(action)

    def decode_action(self, wire: Sequence[object]) -> Action:
        return CODEC.decode(wire)

    def information_epoch(self, state: State) -> int:
        return state.epoch

    def pending_secret(self, state: State) -> bool:
        return False  # the private roll is a secret of the seat on turn, not a locked-in choice

    def invariant_violations(self, state: State) -> list[str]:
        problems = []
        if any(s < 0 for s in state.scores):
            problems.append("negative score")
        if not 0 <= state.rolled <= 6 * state.aim:
            problems.append("roll total out of range")
        if not 0 <= state.turn < state.players:
            problems.append("turn out of range")
        return problems


TOY = HiddenRace()
