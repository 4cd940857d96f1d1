"""The small commands' answers (hint, share, export, ...) are what models.Replies states, which
web/types/models.d.ts gives the page's callers (issue 32): by the controller's annotations and by
the JSON the worker sends."""

from __future__ import annotations

import json
import sys
import typing
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web import controller
from star_web.models import PageModel, Replies, ReviewReply
from star_web.storage import HUMAN, INDEX_KEY
from star_web.worker_api import Api

from tests.conformance.test_view_types import problems

NOW = 1_700_000_000_000
# What a screen command is annotated to answer: the screen's model (or the review's, which a
# screen command never answers but the alias names), directly or as a job's end.
SCREEN = {PageModel, controller.Model, controller.Job, controller.Job | controller.Model}


def _call(api: Api, cmd: str, *args: Any) -> Any:
    """Run a command as engine-worker.js does, to the model of its answer (JSON, as the page reads it)."""
    api.start(json.dumps({"cmd": cmd, "args": list(args), "now": NOW}))
    while True:
        out = json.loads(api.step())
        if "progress" not in out:
            assert out["error"] is False, out["model"].get("notices")
            return out["model"]


def test_each_small_command_is_annotated_as_replies_states_it() -> None:
    """A command named in ``Replies`` answers that type; every other annotated command answers a
    screen's model: a reply changed in the controller and not in ``Replies`` fails here."""
    api = Api("{}", json.dumps(["spacehole"]))
    stated = typing.get_type_hints(Replies)
    names = [*stated, "route", "home", "check", "new", "act", "think", "undo", "peek", "step", "delete",
             "import_all", "discard_kept", "daily", "guided"]
    for name in (n for n in names if n != "review"):  # the review's is a lambda: below
        hints = typing.get_type_hints(api._command(name))
        if name in stated:
            assert hints.get("return") == stated[name], name
        else:
            assert hints.get("return") in SCREEN, (name, hints.get("return"))
    # The review's command is the module's (review.command): its run answers a ReviewReply.
    from star_web import review

    assert typing.get_type_hints(review.run)["return"] == controller.Job | ReviewReply
    assert stated["review"] == ReviewReply | PageModel


def test_the_small_commands_answer_the_shape_replies_states() -> None:
    """Each small command's JSON, in a game and with none on screen, is of its ``Replies`` type:
    the page reads these keys without checking them."""
    api = Api("{}", json.dumps(["spacehole"]))
    stated = typing.get_type_hints(Replies)
    none_on_screen = {
        "share": _call(api, "share"),
        "why_not": _call(api, "why_not", [3, 0, -1]),
        "ask": _call(api, "ask", "arrange", {}),
        "export": _call(api, "export"),
    }
    assert none_on_screen["share"] == {"error": "no game on screen"}
    game = _call(api, "new", "spacehole", {}, "4242", [HUMAN], "")["game"]
    _call(api, "act", 0, game["at"])
    answers = {
        "hint": _call(api, "hint"),
        "share": _call(api, "share"),
        "export": _call(api, "export"),
        "export_all": _call(api, "export_all"),
        "why_not": _call(api, "why_not", [3, 0, -1]),
        "ask": _call(api, "ask", "anything", None),
        "external": _call(api, "external", [[INDEX_KEY, None]]),
        "record": _call(api, "record", "2026-01-02"),
    }
    assert answers["hint"]["hint"] is not None and answers["why_not"]["legal"] is False
    assert answers["share"]["replay"].startswith("r/") and answers["ask"]["answer"] is None
    found = [p for name, model in [*none_on_screen.items(), *answers.items()]
             for p in problems(model, stated[name], name)]
    assert not found, "\n".join(found)
    assert problems({"hint": None}, stated["hint"], "hint") == []
    assert problems({"hint": {"i": 0}}, stated["hint"], "hint"), "the check itself finds a missing key"
