"""The Game protocol every rules engine implements, with its shared value and error types."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NotRequired, Protocol, TypedDict, TypeVar, cast

from .events import Event, EventKind, rendered_log

PlayerId = int
"""A seat number, 0-based. ``None`` where a player is expected means "nobody" / spectator."""

WireValue = int | str | bool | None
"""What one field of an encoded action may hold on the wire (msgpack-friendly, no floats)."""

Wire = tuple[WireValue, ...]
"""The compact wire form of an action: a tag followed by its fields."""

View = Mapping[str, Any]
"""A redacted, plain-data snapshot (dicts, lists, str, int, bool, None) for one player. A game
that states its view's shape returns a ``ShellView`` subtype (issue 32), which is a ``View``."""


class ShellView(TypedDict):
    """The keys every game's view offers the web shell (docs/ENGINE.md); a game's own view
    type extends it, and tools/gen_types.py writes them all into web/types/models.d.ts."""

    to_move: int | None
    seat_names: list[str]
    status: str
    score_line: str
    secrets: bool
    turn_number: int
    moment: str
    log: list[str]
    choices: NotRequired[list[str]]
    # For the computer players only (Event.plain); the worker strips it before the page
    # (web/star_web/worker_api.ENGINE_ONLY), so the page's types leave it out.
    events: NotRequired[list[dict[str, Any]]]

OptionValue = int | str | bool
Options = Mapping[str, OptionValue]

S = TypeVar("S")
A = TypeVar("A")


class IllegalActionError(ValueError):
    """An action that ``legal_actions`` does not list; names the RULES.md rule it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.reason = message


class RecordError(ValueError):
    """A save or link that cannot be read or replayed, for any reason."""


class OptionError(ValueError):
    """Game options with an unknown key or an out-of-range value."""


class QueryError(ValueError):
    """A question a game's screen asks (``Game.query``) that the game does not answer, or
    asked with data it cannot read."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seats, a score per seat and why."""

    winners: tuple[PlayerId, ...]
    scores: tuple[int, ...]
    reason: str


# --------------------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default and either a closed set of choices or an int range.

    A *preset* option lists in ``presets``, for each of its choices, values of other options;
    choosing it makes those the other options' defaults. Options given explicitly still
    override them, so ``{"preset": "basic", "cards": True}`` is Basic with cards.
    """

    key: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    presets: tuple[tuple[OptionValue, tuple[tuple[str, OptionValue], ...]], ...] = ()
    # (another option's key, its value): this option means something only with that value
    # (MSC-4.1: a custom scenario's limits); given with another, the options are refused, and
    # the setup screen leaves it out.
    applies: tuple[str, OptionValue] | None = None

    def check(self, value: object) -> OptionValue:
        """Return ``value`` if it is allowed for this option, else raise OptionError."""
        if self.choices:
            for choice in self.choices:
                # bool is an int subclass: compare type too, so True never passes for 1.
                if type(value) is type(choice) and value == choice:
                    return choice
            allowed = ", ".join(repr(c) for c in self.choices)
            raise OptionError(f"option {self.key!r} must be one of {allowed}, not {value!r}")
        if type(value) is not int:
            raise OptionError(f"option {self.key!r} must be a whole number, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.key!r} must be at least {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.key!r} must be at most {self.maximum}")
        return value


def _defaults(schema: Sequence[OptionSpec], given: Options) -> dict[str, OptionValue]:
    """Each option's default, once the chosen presets have set theirs."""
    defaults = {spec.key: spec.default for spec in schema}
    for spec in schema:
        if spec.presets:
            chosen = spec.check(given.get(spec.key, spec.default))
            defaults.update(dict(spec.presets).get(chosen, ()))
    return defaults


def resolve_options(schema: Sequence[OptionSpec], given: Options | None) -> dict[str, OptionValue]:
    """Fill in defaults (a preset's, where one is chosen) and validate; unknown keys or
    values, or an option given where it does not apply (``OptionSpec.applies``), raise
    OptionError."""
    given = dict(given or {})
    known = {spec.key for spec in schema}
    unknown = sorted(set(given) - known)
    if unknown:
        raise OptionError(f"unknown option(s): {', '.join(map(repr, unknown))}")
    defaults = _defaults(schema, given)
    resolved = {spec.key: spec.check(given.get(spec.key, defaults[spec.key])) for spec in schema}
    for key, value in sorted({spec.applies for spec in schema if spec.applies}, key=repr):
        idle = [spec.key for spec in schema if spec.applies == (key, value) and spec.key in given]
        if idle and resolved[key] != value:
            raise OptionError(f"option(s) {', '.join(idle)} apply only to {key} {value!r}")
    return resolved


def minimal_options(schema: Sequence[OptionSpec], given: Options | None) -> dict[str, OptionValue]:
    """The validated options minus those at their default (the chosen preset's, where it
    sets one): what a record needs to store to resolve to the same options again."""
    resolved = resolve_options(schema, given)
    defaults = _defaults(schema, resolved)
    return {spec.key: resolved[spec.key] for spec in schema if resolved[spec.key] != defaults[spec.key]}


# --------------------------------------------------------------------------------------
# Actions


class ActionBase:
    """Mixin for frozen action dataclasses: ``TAG`` plus int/str/bool fields make the wire form.

    ``encode`` gives ``(TAG, *fields)``; an ``ActionCodec`` maps tags back to classes.
    Subclasses define ``__str__`` for the log; the dataclass ``repr`` already round-trips.
    """

    TAG: ClassVar[int]
    SETTING: ClassVar[bool] = False
    """True for a seat's setting rather than a move (C-5.4 stops): computer players and
    hints leave it alone."""

    def encode(self) -> Wire:
        fields = dataclasses.fields(self)  # type: ignore[arg-type]
        return (self.TAG, *(getattr(self, f.name) for f in fields))


AB = TypeVar("AB", bound=ActionBase)

_WIRE_TYPES: dict[str, type] = {"int": int, "str": str, "bool": bool}


class ActionCodec(Generic[AB]):
    """Encodes and decodes one game's action classes by their ``TAG``; rejects malformed wires."""

    def __init__(self, *classes: type[AB]) -> None:
        self._by_tag: dict[int, type[AB]] = {}
        for cls in classes:
            if cls.TAG in self._by_tag:
                raise ValueError(f"duplicate action tag {cls.TAG} for {cls.__name__}")
            self._by_tag[cls.TAG] = cls

    def encode(self, action: AB) -> Wire:
        return action.encode()

    def decode(self, wire: Sequence[object]) -> AB:
        if not isinstance(wire, (tuple, list)) or not wire:
            raise RecordError(f"an action must be a non-empty list, not {wire!r:.60}")
        tag, *values = wire
        cls = self._by_tag.get(tag) if type(tag) is int else None
        if cls is None:
            raise RecordError(f"unknown action tag {tag!r:.20}")
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        if len(values) != len(fields):
            raise RecordError(f"action {cls.__name__} takes {len(fields)} field(s), got {len(values)}")
        for f, v in zip(fields, values, strict=True):
            type_name = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
            expected = _WIRE_TYPES.get(type_name)
            if expected is None:
                raise TypeError(f"{cls.__name__}.{f.name}: only int/str/bool fields are encodable")
            if type(v) is not expected:
                raise RecordError(f"action {cls.__name__}.{f.name} must be {expected.__name__}")
        return cls(*values)


# --------------------------------------------------------------------------------------
# The protocol


class Game(Protocol[S, A]):
    """What every game offers; saving, sharing, undo, replay, AI and tests use only this."""

    id: str
    title: str
    min_players: int
    max_players: int
    @property
    def option_schema(self) -> tuple[OptionSpec, ...]:
        """The options ``new_game`` accepts, with their defaults."""
        ...

    def check_options(self, options: Options | None) -> dict[str, OptionValue]:
        """The options ``new_game`` would play, resolved, or the OptionError it would raise,
        without dealing a game (a setup form, a test planning its option mixes)."""
        ...

    def new_game(self, options: Options | None, seed: int) -> S:
        """A fresh game; every shuffle and die of the game is fixed by ``seed``."""
        ...

    def num_players(self, state: S) -> int:
        """How many seats this game has."""
        ...

    def current_player(self, state: S) -> PlayerId | None:
        """Whose decision it is, or None once the game is over."""
        ...

    def legal_actions(self, state: S) -> list[A]:
        """Every decision the current player may take now, in a stable order."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The next state. Pure: never mutates ``state``; raises IllegalActionError."""
        ...

    def view(self, state: S, player: PlayerId | None) -> View:
        """Everything ``player`` may know and nothing more (None: a spectator)."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """Winners and scores once the game is over, else None."""
        ...

    def encode_action(self, action: A) -> Wire:
        """The compact wire tuple of an action."""
        ...

    def decode_action(self, wire: Sequence[object]) -> A:
        """The action for a wire tuple; raises RecordError when malformed."""
        ...

    def information_epoch(self, state: S) -> int:
        """Bumped whenever dice are rolled or something is revealed (C-3.2).

        Undo may return to an earlier state only while this value is unchanged.
        """
        ...

    def pending_secret(self, state: S) -> bool:
        """Whether a seat has locked in (part of) a secret decision not yet revealed (C-4.1).

        Links never carry such a decision (C-4.6): ``Match.shareable`` cuts back before it.
        """
        ...

    def invariant_violations(self, state: S) -> list[str]:
        """Broken invariants of this state (card conservation, ranges...); empty when sound."""
        ...

    def idle_pass(self, state: S) -> tuple[A, str] | None:
        """A stop with nothing to decide: at an optional window where the seat to move holds
        nothing it could play there (C-5.1, C-5.4), the action that passes and the words for
        it ("You held no card for this moment"); None where the decision is a real one. The
        app may pass for a person who asked it to; the pass is an ordinary recorded action."""
        ...

    def view_log(self, state: S, player: PlayerId | None) -> list[str]:
        """``view(state, player)["log"]`` alone, for the app's turn recap and move list."""
        ...

    def events(self, state: S) -> tuple[Event, ...]:
        """The state's own log: every event so far, each with the seats that may see it."""
        ...

    def progress(self, state: S) -> tuple[int, int] | None:
        """A solo game's (turn, score so far), for a pace against the player's best game; None
        where a game keeps no running score."""
        ...

    def render_event(self, state: S, event: Event, viewer: PlayerId | None) -> list[str]:
        """The lines (a player's words) that ``viewer`` reads for one event of ``state``'s log
        (none where the event tells that viewer nothing): the game's one renderer."""
        ...

    def event_facts(self, event: Event) -> dict[str, Any]:
        """The fields of one event a seat may see, as plain data, for a screen to draw from (its
        dice, its verdict): a screen reads facts, never the words."""
        ...

    def event_kind(self, kind: str) -> EventKind:
        """How this game treats one kind of its events (``EVENT_KINDS``)."""
        ...

    def log_results(self, state: S, player: PlayerId | None) -> list[bool]:
        """For each line of ``view_log(state, player)``, whether its event tells a result
        (``EventKind.result``): the recap shows such a line even in a step that passed by itself."""
        ...

    def log_origins(self, state: S, player: PlayerId | None) -> list[int]:
        """For each line of ``view_log(state, player)``, the index of the entry of the state's
        own log it comes from (ascending). The app finds what each action added to a seat's log
        from the states' own log lengths (``raw_log_length``), with one pass over one log."""
        ...

    def raw_log_length(self, state: S) -> int:
        """How many entries the state's own log holds (a log only grows, action by action)."""
        ...

    def query(self, state: S, player: PlayerId | None, question: str, payload: Any) -> dict[str, Any]:
        """The rules' answer, as plain data in the player's words, to a screen's question about
        something that is not (yet) an action, for ``player`` (Minimal Space Combat: a ship
        design being drawn up, MSC-2.3). It changes nothing. Raises QueryError for a question
        the game does not answer or data it cannot read."""
        ...


# --------------------------------------------------------------------------------------
# The shared half of every game


class Epoched(Protocol):
    """A game state: a frozen dataclass with an ``epoch`` field (C-3.2)."""

    @property
    def epoch(self) -> int: ...


ES = TypeVar("ES", bound=Epoched)


class Rules(Protocol[S, A]):
    """What a game's ``rules`` module offers (a module satisfies this protocol)."""

    def current_player(self, state: S) -> PlayerId | None: ...

    def legal_actions(self, state: S) -> list[A]: ...

    def apply(self, state: S, action: A) -> S: ...

    def invariant_violations(self, state: S) -> list[str]: ...


class GameBase(Generic[ES, A]):
    """The Game protocol's delegation, written once: every game subclasses this.

    A game class names itself (``id``, ``title``, seats, ``option_schema``, ``RULES_VERSION``),
    writes ``new_game`` and ``outcome``, and hands its ``rules`` module, its ``view`` function
    and its action codec to the constructor. Seats default to ``max_players`` and nothing is
    ever pending a reveal; a game with a varying seat count or secret decisions overrides
    ``num_players`` or ``pending_secret``.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    option_schema: tuple[OptionSpec, ...]
    RULES_VERSION: ClassVar[int]
    """This game's rules version, carried in records (see ``record.py`` and docs/ENGINE.md)."""
    OLDEST_RULES: ClassVar[int] = 1
    """Links of an older rules version than this open with a RecordError."""
    LEGACY_OPTIONS: ClassVar[dict[int, dict[str, OptionValue]]] = {}
    """Per older rules version still replayed, the options that bring its reading back."""

    def __init__(self, rules: Rules[ES, A], view: Callable[[ES, PlayerId | None], View], codec: ActionCodec[Any]):
        self._rules = rules
        self._view = view
        self._codec = codec

    def check_options(self, options: Options | None) -> dict[str, OptionValue]:
        """Each option resolved and checked on its own; a game whose options constrain each
        other checks that too (and its ``new_game`` starts from this)."""
        return resolve_options(self.option_schema, options)

    def num_players(self, state: ES) -> int:
        return self.max_players

    def current_player(self, state: ES) -> PlayerId | None:
        return self._rules.current_player(state)

    def legal_actions(self, state: ES) -> list[A]:
        return self._rules.legal_actions(state)

    def apply(self, state: ES, action: A) -> ES:
        return self._rules.apply(state, action)

    def view(self, state: ES, player: PlayerId | None) -> View:
        return self._view(state, player)

    def encode_action(self, action: A) -> Wire:
        return self._codec.encode(action)

    def decode_action(self, wire: Sequence[object]) -> A:
        # The codec knows exactly this game's action classes, so what it decodes is an A.
        return cast(A, self._codec.decode(wire))

    def information_epoch(self, state: ES) -> int:
        return state.epoch

    def pending_secret(self, state: ES) -> bool:
        return False

    def invariant_violations(self, state: ES) -> list[str]:
        return self._rules.invariant_violations(state)

    def idle_pass(self, state: ES) -> tuple[A, str] | None:
        return None  # a game without optional windows never stops for nothing

    EVENT_KINDS: ClassVar[Mapping[str, EventKind]] = {}
    """Every kind of event this game's log holds (``events.py``): the conformance suite renders
    each kind's example for every seat and checks every logged event against this table."""

    def events(self, state: ES) -> tuple[Event, ...]:
        """The state's own log: every event so far, each with the seats that may see it."""
        log: tuple[Event, ...] = getattr(state, "log", ())
        return log

    def progress(self, state: ES) -> tuple[int, int] | None:
        return None

    def event_kind(self, kind: str) -> EventKind:
        return self.EVENT_KINDS[kind]

    def event_facts(self, event: Event) -> dict[str, Any]:
        """The fields of an event the seat may see, for a screen to draw (dice, verdicts): all
        of them, unless a game keeps some out (a value its words keep secret)."""
        fields: dict[str, Any] = event.plain()["fields"]
        return fields

    def render_event(self, state: ES, event: Event, viewer: PlayerId | None) -> list[str]:
        raise NotImplementedError(f"{type(self).__name__} has no renderer for its events")

    def view_log(self, state: ES, player: PlayerId | None) -> list[str]:
        return rendered_log(state, self.events(state), player, self.render_event)[0]

    def log_origins(self, state: ES, player: PlayerId | None) -> list[int]:
        return rendered_log(state, self.events(state), player, self.render_event)[1]

    def log_results(self, state: ES, player: PlayerId | None) -> list[bool]:
        log = self.events(state)
        kinds = self.EVENT_KINDS
        return [kinds[log[origin].kind].result for origin in self.log_origins(state, player)]

    def raw_log_length(self, state: ES) -> int:
        return len(self.events(state))

    def query(self, state: ES, player: PlayerId | None, question: str, payload: Any) -> dict[str, Any]:
        raise QueryError(f"{self.id} answers no question {question!r:.40}")
