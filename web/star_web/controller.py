"""The app controller: routes, games in play, saves, share links and replays, as plain data.

Pure Python (no browser imports): the browser bridge feeds it commands and renders the
models it returns, and the tests drive it directly in CPython. It never invents a move:
every action it plays is one that ``legal_actions`` listed, and an illegal attempt comes
back with the engine's own message.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from pygame_core import GAMES, IllegalActionError, Match, OptionError, RecordError
from pygame_core.codec import WARN_LINK_CHARS, decode_match, encode_link, read_header

from .storage import KeyValue, SaveEntry, SaveStore

PLAYABLE = ("spacehole",)  # games with a screen; the other registered engines show as coming
BLURBS = {
    "spacehole": "Solo. Build a colony from a 96-card deck, fight off invaders, earn Megacredits.",
    "genocide": "Hex-map conquest for 2-4 players, Classic and Advanced.",
    "warfare": "A checkers-like duel: fleets, charges and home planets.",
    "skirmish": "Tactical duel: design ships, plot moves, fire.",
}


class StorageFailed(OSError):
    """The browser refused to store something (quota, private mode)."""


Model = dict[str, Any]


class App:
    """One per page. Each public method returns the whole model the page should show."""

    def __init__(self, kv: KeyValue, now: Callable[[], int]) -> None:
        self.now = now
        self.saves = SaveStore(kv)
        self.notices: list[str] = []
        if self.saves.problems:
            self.notices.append(
                "Some saved data could not be read: " + "; ".join(self.saves.problems) + ". "
                "It was kept aside; you can export it from the home screen."
            )
        self.match: Match | None = None
        self.save_id: str | None = None
        self.replay: Match | None = None  # a replay link being stepped through
        self.position = 0
        self._checked = False
        self._marks: list[int] = []
        self._marks_for: Match | None = None

    # -- screens ---------------------------------------------------------------------

    def home(self) -> Model:
        self.match = self.replay = None
        self.save_id = None
        self._check_saves()
        return self._model("home")

    def route(self, fragment: str) -> Model:
        """Open whatever the URL fragment names: nothing, a save, a challenge or a replay."""
        frag = fragment.removeprefix("#")
        kind, _, rest = frag.partition("/")
        if not frag:
            return self.home()
        if kind == "g" and rest:
            return self.open_save(rest)
        if kind == "c" and rest:
            return self._open_link(rest, replay=False)
        if kind == "r" and rest:
            return self._open_link(rest, replay=True)
        self.notices.append("That link is not a Star Table game link, so the home screen is shown.")
        return self.home()

    def new_game(self, game_id: str, options_json: str, seed: str) -> Model:
        if game_id not in GAMES or game_id not in PLAYABLE:
            self.notices.append(f"{game_id!r:.40} cannot be played yet.")
            return self.home()
        try:
            options = json.loads(options_json or "{}")
            match = Match.start(game_id, options, int(seed))
        except (OptionError, ValueError) as exc:
            self.notices.append(f"Those options do not work: {exc}")
            return self.home()
        return self._begin(match)

    def open_save(self, save_id: str) -> Model:
        blob = self.saves.blob(save_id)
        if blob is None:
            self.notices.append("That saved game is no longer here.")
            return self.home()
        try:
            match = decode_match(blob)
        except RecordError as exc:
            self.saves.quarantine(f"startable:game:{save_id}", blob)
            self.notices.append(f"That saved game could not be read ({exc}). It was kept aside.")
            return self.home()
        self.match, self.save_id, self.replay = match, save_id, None
        entry = self.saves.find(save_id)
        if entry is not None and not entry.game:  # its index line was lost: rebuild it
            self.saves.put(self._entry(match, save_id, self.now()), blob)
        return self._model("game")

    def _open_link(self, blob: str, replay: bool) -> Model:
        try:
            match = decode_match(blob)
        except RecordError as exc:
            self.notices.append(f"This link does not open a game: {exc}.")
            return self.home()
        if match.record.game not in PLAYABLE:
            self.notices.append("This link is for a game that cannot be played here yet.")
            return self.home()
        if replay:
            self.match = self.save_id = None
            self.replay, self.position = match, len(match.record.actions)
            return self._model("game")
        return self._begin(match.truncated(0))

    def _begin(self, match: Match) -> Model:
        now = self.now()
        self.match, self.replay = match, None
        self.save_id = f"g{now:x}{match.record.seed & 0xFFFF:04x}"
        while self.saves.find(self.save_id) is not None:
            self.save_id += "x"
        self._autosave(created=now)
        return self._model("game")

    # -- playing ---------------------------------------------------------------------

    def act(self, index: int, at: int) -> Model:
        """Play the index-th legal action, if the game is still where the page saw it (``at``)."""
        match = self._require_match()
        legal = match.legal_actions()
        if at != len(match.record.actions) or not 0 <= index < len(legal):
            self.notices.append("That choice is no longer on offer; the board has been refreshed.")
            return self._model("game")
        return self.play(legal[index])

    def play(self, action: Any) -> Model:
        match = self._require_match()
        try:
            self.match = match.play(action)
        except IllegalActionError as exc:
            self.notices.append(str(exc))
            return self._model("game")
        self._autosave()
        return self._model("game")

    def why_not(self, wire: list[Any]) -> Model:
        """The engine's reason an action the UI does not offer is illegal (for card rules)."""
        match = self._shown()
        if match is None:
            return {"legal": False, "why": "no game on screen"}
        if self.replay is not None:
            match = self.replay.truncated(self.position)
        try:
            action = match.game.decode_action(wire)
        except RecordError as exc:
            return {"legal": False, "why": str(exc)}
        if action in match.legal_actions():
            return {"legal": True, "why": ""}
        try:
            match.play(action)
        except IllegalActionError as exc:
            return {"legal": False, "why": str(exc), "rule": exc.rule}
        return {"legal": True, "why": ""}

    def undo(self) -> Model:
        match = self._require_match()
        try:
            self.match = match.undo()
        except IllegalActionError as exc:
            self.notices.append(str(exc))
            return self._model("game")
        self._autosave()
        return self._model("game")

    def step(self, position: int) -> Model:
        if self.replay is None:
            return self._model("game" if self.match else "home")
        self.position = max(0, min(position, len(self.replay.record.actions)))
        return self._model("game")

    def play_from_here(self) -> Model:
        """Leave the replay and play on from the step shown, as a new saved game."""
        if self.replay is None:
            return self.home()
        return self._begin(self.replay.truncated(self.position))

    def delete(self, save_id: str) -> Model:
        self.saves.delete(save_id)
        if save_id == self.save_id:
            return self.home()
        return self._model("home")

    def share(self) -> Model:
        """The two links for the game on screen: challenge (seed + options) and replay."""
        match = self._shown()
        if match is None:
            return {"error": "no game on screen"}
        challenge = encode_link(match.record.challenge())
        # Never a locked-in secret in a link (C-4.6): the link stops where a secret phase began.
        shareable = match.shareable() if hasattr(match, "shareable") else match
        replay = encode_link(shareable)
        return {
            "challenge": "c/" + challenge,
            "replay": "r/" + replay,
            "warn": len(replay) > WARN_LINK_CHARS,
        }

    def export_kept_aside(self) -> str:
        return json.dumps(self.saves.quarantined(), indent=1)

    def discard_kept_aside(self) -> Model:
        self.saves.clear_quarantine()
        return self._model("home")

    # -- internals -------------------------------------------------------------------

    def _require_match(self) -> Match:
        if self.match is None:
            raise LookupError("no game in play")
        return self.match

    def _turn_marks(self) -> list[int]:
        """Replay steps at which a new turn begins: the decision just before the action that
        moved the state's ``turn`` on (for Spacehole, the draw)."""
        assert self.replay is not None
        if self._marks_for is not self.replay:
            turns = [getattr(state, "turn", None) for state in self.replay.states]
            self._marks = [i - 1 for i in range(1, len(turns)) if turns[i] != turns[i - 1]]
            self._marks_for = self.replay
        return self._marks

    def _shown(self) -> Match | None:
        if self.replay is not None:
            return self.replay
        return self.match

    def _check_saves(self) -> None:
        """Check every save once per page, so a corrupt one is reported before it is opened.

        Cheap: the blob must unpack to a record of a known game (replaying every save would
        cost a few hundred ms each in the browser). A save that unpacks but does not replay is
        caught, reported and kept aside when it is opened.
        """
        if self._checked:
            return
        self._checked = True
        for entry in list(self.saves.entries):
            blob = self.saves.blob(entry.id) or ""
            try:
                _quick_check(blob)
                match = decode_match(blob) if not entry.game else None
            except RecordError as exc:
                self.saves.quarantine(f"startable:game:{entry.id}", blob)
                self.notices.append(
                    f"A saved game could not be read ({exc}). It was kept aside; "
                    "you can export it from the home screen."
                )
                continue
            if match is not None:  # its index line was lost: rebuild it from the game itself
                self.saves.put(self._entry(match, entry.id, entry.created or self.now()), blob)

    def _entry(self, match: Match, save_id: str, created: int) -> SaveEntry:
        summary = summarize(match)
        return SaveEntry(
            id=save_id, game=match.record.game, title=match.game.title, created=created,
            updated=self.now(), actions=len(match.record.actions), turn=summary["turn"],
            score=summary["score"], over=match.is_over, label=summary["label"],
        )

    def _autosave(self, created: int | None = None) -> None:
        if self.match is None or self.save_id is None:
            return
        old = self.saves.find(self.save_id)
        entry = self._entry(self.match, self.save_id, created or (old.created if old else self.now()))
        try:
            self.saves.put(entry, encode_link(self.match))
        except StorageFailed as exc:
            self.notices.append(f"This game could not be saved on this device: {exc}")

    def _model(self, screen: str) -> Model:
        notices, self.notices = self.notices, []
        model: Model = {"screen": screen, "notices": notices}
        if screen == "home":
            model["home"] = self._home_model()
            model["hash"] = ""
        else:
            model["game"] = self._game_model()
            model["hash"] = f"g/{self.save_id}" if self.save_id else model["game"].get("hash", "")
        return model

    def _home_model(self) -> Model:
        games = []
        for game_id in PLAYABLE:
            game = GAMES.get(game_id)
            if game is None:
                continue
            finished = [e.score for e in self.saves.entries
                        if e.game == game_id and e.over and e.score is not None]
            games.append({
                "id": game_id, "title": game.title, "playable": True,
                "blurb": BLURBS.get(game_id, ""),
                "best": max(finished) if finished else None,  # SH-9.3: a local high score
                "options": [
                    {"key": spec.key, "label": spec.label or spec.key, "default": spec.default,
                     "choices": list(spec.choices)}
                    for spec in game.option_schema
                ],
            })
        for game_id, game in GAMES.items():
            if game_id not in PLAYABLE:
                games.append({"id": game_id, "title": game.title, "playable": False,
                              "blurb": BLURBS.get(game_id, ""), "options": []})
        return {
            "games": games,
            "saves": [dataclasses.asdict(e) for e in self.saves.listing()],
            "kept_aside": len(self.saves.quarantined()),
        }

    def _game_model(self) -> Model:
        replaying = self.replay is not None
        match = self.replay.truncated(self.position) if self.replay is not None else self._require_match()
        game = match.game
        state = match.state
        over = match.is_over
        view = game.view(state, 0)
        labels = view.get("choices") if isinstance(view.get("choices"), list) else None
        legal = [] if replaying or over else match.legal_actions()
        if labels is None or len(labels) != len(legal):
            labels = [str(a) for a in legal]
        actions = [
            {"i": i, "label": labels[i], "kind": type(a).__name__, "fields": _fields(a)}
            for i, a in enumerate(legal)
        ]
        outcome = game.outcome(state)
        model: Model = {
            "game_id": match.record.game,
            "title": game.title,
            "options": match.record.options,
            "mode": "replay" if replaying else "play",
            "view": view,
            "actions": actions,
            "at": len(match.record.actions),
            "undo": 0 if replaying else match.undo_depth(),
            "over": over,
            "outcome": None if outcome is None else {
                "winners": list(outcome.winners), "scores": list(outcome.scores),
                "reason": outcome.reason,
            },
            "summary": summarize(match),
        }
        if self.replay is not None:
            model["step"] = self.position
            model["steps"] = len(self.replay.record.actions)
            model["turn_marks"] = self._turn_marks()
            model["last_action"] = (
                str(game.decode_action(self.replay.record.actions[self.position - 1]))
                if self.position else "")
        return model


def _quick_check(blob: str) -> None:
    """RecordError unless the blob's header is well formed and names a known game (no replay)."""
    read_header(blob)


def _fields(action: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    return {}


def summarize(match: Match) -> dict[str, Any]:
    """Turn, score and a one-line label for lists (from the player's view and the outcome)."""
    view = match.game.view(match.state, 0)
    turn = view.get("turn") if isinstance(view.get("turn"), int) else None
    outcome = match.game.outcome(match.state)
    score: int | None = None
    if outcome is not None and outcome.scores:
        score = outcome.scores[0]
    else:
        for key in ("score", "mc"):
            if isinstance(view.get(key), int):
                score = view[key]
                break
    if outcome is not None:
        label = f"Finished: {outcome.reason}" if outcome.reason else "Finished"
    else:
        label = f"Turn {turn}" if turn is not None else f"{len(match.record.actions)} moves"
    return {"turn": turn, "score": score, "label": label}
