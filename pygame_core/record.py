"""Game records and the one controller through which every state change flows (C-3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .frozen import replace as _replace
from .game import Game, IllegalActionError, OptionError, Options, OptionValue, RecordError, Wire
from .game import minimal_options as _minimal_options
from .rng import Rng, ScriptedRng, reseeded

FORMAT_VERSION = 2
"""Links and saves are written in this format. Format 1 (before the Spacehole rules fix of
issue 13) is still read: see ``legacy_options``."""
BASE_RULES = 2
"""Until each game had a rules version of its own, the format version stood for every game's
rules: a record that carries no rules version is of rules version = its format version (1 or
2). Each game starts at this version (``RULES_VERSION``) and bumps its own from here."""
MAX_ACTIONS = 20_000  # C-6: no real game comes near this; it bounds replay time of any link.
SEED_MASK = (1 << 64) - 1
MAX_RESEEDS = 2_000  # C-6: a reseed comes with a decision that rolls; no game by link nears this

Reseed = tuple[int, int]
"""(position, mix): before the action at ``position`` (or at the end, when it equals the number
of actions) the state's RNG has ``mix`` folded in (``rng.reseeded``). Games by link only
(issue 35): the dice after a person's decision then follow from both sides' salts."""


@dataclass(frozen=True)
class GameRecord:
    """(format version, game id, options, seed, encoded actions, the game's rules version,
    reseeds): the save, share and replay format. ``reseeds`` is empty but in games by link
    with dice no one can peek at (issue 35; ``Reseed``)."""

    game: str
    options: dict[str, OptionValue]
    seed: int
    actions: tuple[Wire, ...] = ()
    version: int = FORMAT_VERSION
    rules: int = BASE_RULES
    reseeds: tuple[Reseed, ...] = ()

    def with_actions(self, actions: Sequence[Wire]) -> GameRecord:
        """This record with other actions; the reseeds that still have a place in them kept."""
        kept = tuple(r for r in self.reseeds if r[0] <= len(actions))
        return GameRecord(self.game, self.options, self.seed, tuple(actions), self.version, self.rules, kept)

    def challenge(self) -> GameRecord:
        """The same game from its start: seed and options only (a fair challenge, SH-11.3)."""
        return GameRecord(self.game, self.options, self.seed, (), self.version, self.rules)


def rules_version(game: Game[Any, Any]) -> int:
    """The version of ``game``'s rules this build plays (its ``RULES_VERSION``)."""
    version: int = getattr(game, "RULES_VERSION", BASE_RULES)
    return version


def legacy_options(game: Game[Any, Any], rules: int) -> dict[str, OptionValue]:
    """The options a record of an older rules version ``rules`` implies for ``game``.

    When a game's rules are corrected, the old reading stays as an option and the game's
    ``RULES_VERSION`` goes up; a game lists, per older version, the options that bring the
    old reading back (``LEGACY_OPTIONS``), so every link made before the change replays as it
    was played. Each game's versions are its own: one game's change leaves others' links be.
    """
    table: dict[int, dict[str, OptionValue]] = getattr(game, "LEGACY_OPTIONS", {})
    implied: dict[str, OptionValue] = {}
    for old, options in sorted(table.items()):
        if rules <= old:
            implied = {**options, **implied}
    return implied


def current_options(game: Game[Any, Any], rules: int, options: Options) -> dict[str, OptionValue]:
    """The options that replay, under today's rules, a record of ``game`` made under rules
    version ``rules``; RecordError (in a player's words) when this build cannot replay it."""
    today = rules_version(game)
    if rules > today:
        raise RecordError(
            f"This {game.title} game was recorded by a newer version of Star Table. "
            "Reload the page to update Star Table, then open it again."
        )
    if rules < getattr(game, "OLDEST_RULES", 1):
        raise RecordError(
            f"This {game.title} game was recorded under older rules that this version of "
            "Star Table no longer plays, so it cannot be replayed."
        )
    return {**legacy_options(game, rules), **options} if rules < today else dict(options)


def lookup_game(game_id: str) -> Game[Any, Any]:
    from .registry import GAMES

    game = GAMES.get(game_id)
    if game is None:
        raise RecordError(f"unknown game {game_id!r:.40}")
    return game


@dataclass(frozen=True)
class Match:
    """A game in progress: its record and every state along it (for undo and step-through).

    ``play`` is the only way a state changes: it checks the action against ``legal_actions``,
    applies it and appends its wire form. Saving, sharing, undo and replay all go through it.
    """

    game: Game[Any, Any]
    record: GameRecord
    states: tuple[Any, ...] = field(repr=False)

    @staticmethod
    def start(game_id: str, options: Options | None = None, seed: int = 0) -> Match:
        game = lookup_game(game_id)
        stored = _minimal_options(game.option_schema, options)
        seed &= SEED_MASK
        state = game.new_game(stored, seed)
        return Match(game, GameRecord(game_id, stored, seed, rules=rules_version(game)), (state,))

    @staticmethod
    def from_record(record: GameRecord) -> Match:
        """Replay a record, validating every action; any failure is a RecordError.

        The returned match holds the canonical record (minimal options, encoded actions as
        tuples, today's rules version with the options an older one implies written down), so
        it always encodes back to a link that decodes.
        """
        _check_record_types(record)
        options = current_options(lookup_game(record.game), record.rules, record.options)
        try:
            match = Match.start(record.game, options, record.seed)
        except OptionError as exc:
            raise RecordError(f"bad options in record: {exc}") from exc
        states = [match.state]
        wires = []
        mixes = dict(record.reseeds)
        for index, wire in enumerate(record.actions):
            if index in mixes:
                states[-1] = reseed_state(states[-1], mixes[index])
            action = match.game.decode_action(wire)
            try:
                states.append(_checked_apply(match.game, states[-1], action))
            except IllegalActionError as exc:
                raise RecordError(f"action {index + 1} ({action}) is not legal: {exc}") from exc
            wires.append(match.game.encode_action(action))
        if len(wires) in mixes:
            states[-1] = reseed_state(states[-1], mixes[len(wires)])
        canonical = replace_reseeds(match.record.with_actions(wires), tuple((at, mix) for at, mix in record.reseeds))
        return Match(match.game, canonical, tuple(states))

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def is_over(self) -> bool:
        return self.game.current_player(self.state) is None

    def legal_actions(self) -> list[Any]:
        return self.game.legal_actions(self.state)

    def play(self, action: Any) -> Match:
        """Apply one action (IllegalActionError if not legal) and append it to the record."""
        new_state = _checked_apply(self.game, self.state, action)
        wire = self.game.encode_action(action)
        record = self.record.with_actions((*self.record.actions, wire))
        return Match(self.game, record, (*self.states, new_state))

    def reseed(self, mix: int) -> Match:
        """The match with ``mix`` folded into the RNG before the next action (issue 35: a
        reseed from both sides' salts in a game by link), recorded so that replay is exact.
        RecordError if the game keeps no RNG in its state or this moment was reseeded."""
        at = len(self.record.actions)
        if type(mix) is not int or not 0 <= mix <= SEED_MASK:
            raise RecordError("a reseed must be a whole number in 0..2^64-1")
        if self.record.reseeds and self.record.reseeds[-1][0] >= at:
            raise RecordError("this moment of the game was reseeded already")
        record = replace_reseeds(self.record, (*self.record.reseeds, (at, mix)))
        return Match(self.game, record, (*self.states[:-1], reseed_state(self.state, mix)))

    def draws(self, action: Any) -> bool:
        """Whether ``action``, applied now, draws from the RNG (a die, a shuffle, a draw): the
        decisions whose dice a game by link resolves only on the other device (issue 35)."""
        after = _checked_apply(self.game, self.state, action)
        return getattr(after, "rng", None) != getattr(self.state, "rng", None)

    def undo_depth(self) -> int:
        """How many actions may be taken back now: none across dice or a reveal (C-3.2)."""
        epoch = self.game.information_epoch(self.state)
        depth = 0
        for earlier in reversed(self.states[:-1]):
            if self.game.information_epoch(earlier) != epoch:
                break
            depth += 1
        return depth

    def undo(self, count: int = 1) -> Match:
        if not 0 < count <= self.undo_depth():
            raise IllegalActionError("C-3.2", "cannot undo past a die roll or a revealed card")
        return self.truncated(len(self.record.actions) - count)

    def shareable(self) -> Match:
        """The match as it may go into a link: without any locked-in secret (C-4.6).

        A seat that has plotted but not yet revealed a secret decision would give it away,
        so the link stops where that secret phase began; the seat re-enters it on resume.
        """
        cut = len(self.record.actions)
        while cut > 0 and self.game.pending_secret(self.states[cut]):
            cut -= 1
        return self.truncated(cut)

    def truncated(self, length: int) -> Match:
        """The match as it stood after its first ``length`` actions (for step-through)."""
        return Match(
            self.game,
            self.record.with_actions(self.record.actions[:length]),
            self.states[: length + 1],
        )


def reseed_state(state: Any, mix: int) -> Any:
    """``state`` with ``mix`` folded into its RNG (the ``rng`` field every game state with
    dice keeps, C-2.1); RecordError for a game whose state holds no RNG."""
    rng = getattr(state, "rng", None)
    if not isinstance(rng, (Rng, ScriptedRng)):
        raise RecordError("this game has no dice to reseed")
    return _replace(state, rng=reseeded(rng, mix))


def replace_reseeds(record: GameRecord, reseeds: tuple[Reseed, ...]) -> GameRecord:
    return GameRecord(record.game, record.options, record.seed, record.actions, record.version, record.rules,
                      reseeds)


def _check_record_types(record: GameRecord) -> None:
    """Reject a record whose fields have the wrong types or ranges (it may come from a save)."""
    if type(record.version) is not int or record.version != FORMAT_VERSION:
        raise RecordError(f"unsupported record format version {record.version!r:.20}")
    if not isinstance(record.game, str):
        raise RecordError(f"a record's game must be a game id, not {record.game!r:.40}")
    if not isinstance(record.options, Mapping) or not all(
        isinstance(k, str) and isinstance(v, (int, str)) for k, v in record.options.items()
    ):
        raise RecordError("a record's options must map names to int, str or bool values")
    if type(record.rules) is not int or record.rules < 1:
        raise RecordError("a record's rules version must be a whole number from 1")
    if type(record.seed) is not int or not 0 <= record.seed <= SEED_MASK:
        raise RecordError("a record's seed must be a whole number in 0..2^64-1")
    if not isinstance(record.actions, (tuple, list)):
        raise RecordError("a record's actions must be a list")
    if len(record.actions) > MAX_ACTIONS:
        raise RecordError(f"record has too many actions ({len(record.actions)})")
    check_reseeds(record.reseeds, len(record.actions))


def check_reseeds(reseeds: object, count: int) -> None:
    """RecordError unless ``reseeds`` are (position, mix) pairs, positions rising within
    0..``count``, mixes 64-bit (a save or a link may carry anything)."""
    if not isinstance(reseeds, (tuple, list)) or len(reseeds) > MAX_RESEEDS:
        raise RecordError("a record's reseeds must be a short list")
    last = -1
    for item in reseeds:
        if not (isinstance(item, (tuple, list)) and len(item) == 2 and all(type(v) is int for v in item)):
            raise RecordError("a record's reseed must be a (position, mix) pair of whole numbers")
        at, mix = item
        if not (last < at <= count and 0 <= mix <= SEED_MASK):
            raise RecordError("a record's reseeds must come in order, within the game, each of 64 bits")
        last = at


def _checked_apply(game: Game[Any, Any], state: Any, action: Any) -> Any:
    # apply validates the action itself (the engine contract) and names the broken rule.
    if game.current_player(state) is None:
        raise IllegalActionError("C-3.1", "the game is over")
    return game.apply(state, action)


def replay(record: GameRecord) -> Any:
    """The state at the end of a record (RecordError if it cannot be replayed)."""
    return Match.from_record(record).state
