"""The engine worker's entry point: JSON requests in, JSON models and storage writes out.

The page's worker script (``engine-worker.js``) creates one ``Api`` with a copy of the
page's localStorage, then sends it commands. A command runs as a job: ``start`` begins it
and ``step`` runs it until it reports progress (a long replay) or finishes, so the worker
can post progress and honour a cancel between two steps. Pure Python, no browser imports.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from typing import Any

from . import linkmoves
from .controller import App, Progress
from .models import Answer, Reply
from .models import Progress as ProgressReply
from .review import command as review_command
from .storage import JournalStore

Running = Generator[Progress, None, Answer]
"""A command in progress: any command's answer (a small command's too) once it finishes."""

ENGINE_ONLY = frozenset({"events"})
"""View keys for the computer players only, left out of the page's models (issue 31) and so of
the page's types (tools/gen_types.py)."""


class Api:
    """One per worker: the controller, the storage copy and the job in progress."""

    def __init__(self, snapshot_json: str, playable_json: str) -> None:
        snapshot = json.loads(snapshot_json or "{}")
        self.kv = JournalStore({str(k): str(v) for k, v in snapshot.items()})
        self.clock = 0
        self.app = App(self.kv, lambda: self.clock, json.loads(playable_json or "[]"))
        self.job: Running | None = None

    def start(self, request_json: str) -> None:
        """Begin a command: ``{"cmd": name, "args": [...], "now": ms}``."""
        request = json.loads(request_json)
        self.clock = int(request.get("now") or self.clock)
        self.job = _as_job(self._command(str(request["cmd"])), list(request.get("args") or []))

    def step(self) -> str:
        """Run the job on: ``{"progress": [done, total]}`` or ``{"model": ..., "writes": ...}``.

        The worker tells the two apart by the text's first characters, ``{"progress"``, without
        parsing a whole answer (a late game's model is tens of KB)."""
        if self.job is None:
            return json.dumps({"error": "no command in progress"})
        try:
            done, total = next(self.job)
        except StopIteration as finished:
            self.job = None
            return self._answer(finished.value)
        except Exception as exc:  # the page keeps working and says what went wrong
            self.job = None
            self.app.notices.append(f"Something went wrong: {type(exc).__name__}: {exc}")
            return self._answer(self.app.recover(), error=True)
        progress: ProgressReply = {"progress": (done, total)}
        return json.dumps(progress)

    def cancel(self) -> str:
        """Drop the job in progress (a long link the player gave up on): back to home."""
        if self.job is not None:
            self.job.close()
            self.job = None
        self.app.notices.append("Opening the game was cancelled.")
        return self._answer(self.app.home())

    def _answer(self, model: Answer, error: bool = False) -> str:
        reply: Reply = {"model": _for_page(model), "writes": self.kv.take_journal(), "error": error}
        return json.dumps(reply)

    def _command(self, name: str) -> Callable[..., Any]:
        app = self.app
        commands: dict[str, Callable[..., Any]] = {
            "route": app.route,
            "home": app.home,
            "check": app.check,
            "new": app.new_game,
            "act": app.act,
            "think": app.think,
            "reveal": app.reveal,
            "undo": app.undo,
            "peek": app.peek,
            "claim": app.claim,
            "peek_line": app.peek_line,
            "every_stop": app.set_every_stop,
            "hint": app.hint,
            "step": app.step,
            "fork": app.play_from_here,
            "delete": app.delete,
            "external": app.external,
            "export_all": app.export_all,
            "import_all": app.import_all,
            "record": app.daily_status,
            "daily": app.daily_game,
            "guided": app.guided_game,
            "share": app.share,
            "export": app.export_kept_aside,
            "discard_kept": app.discard_kept_aside,
            "why_not": app.why_not,
            "ask": app.ask,
            "take_fork": lambda: linkmoves.take_fork(app),
            "keep_fork": lambda: linkmoves.keep_fork(app),
            "link_note": lambda name="", note="": linkmoves.link_note(app, str(name), str(note)),
            "concede": lambda at=-1: linkmoves.concede(app, int(at)),
            "rematch": lambda: linkmoves.rematch(app),
            "review": lambda *args: review_command(app, *args),
        }
        if name not in commands:
            raise ValueError(f"unknown command {name!r:.40}")
        return commands[name]


def _as_job(command: Callable[..., Any], args: list[Any]) -> Running:
    """Every command as a job: a generator command is one already, a plain one finishes at once."""
    result = command(*args)
    if isinstance(result, Generator):
        model: Answer = yield from result
        return model
    plain: Answer = result
    return plain


def _for_page(value: Any) -> Any:
    """The model with its views' ``events`` left out (issue 31): they are for the computer
    players in Python; the page reads the view's words and data. A view itself is not walked."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "view" and isinstance(item, dict):
                dropped = any(k in item for k in ENGINE_ONLY)
                out[key] = {k: v for k, v in item.items() if k not in ENGINE_ONLY} if dropped else item
            else:
                out[key] = _for_page(item)
        return out
    if isinstance(value, list) and value and isinstance(value[0], dict | list):
        return [_for_page(v) for v in value]
    return value
