"""The browser side of the controller: localStorage, the command entry point for the page JS.

Only this module (and canvas.py) touch the browser. The page calls
``starPy.call(command, args_json)`` and gets back a JSON model to render.
"""

from __future__ import annotations

import json
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import JsException, create_proxy  # type: ignore[import-not-found]

from . import canvas
from .controller import App, StorageFailed
from .storage import KeyValue, MemoryStore


class LocalStorage:
    """localStorage as a KeyValue; a refused write becomes StorageFailed."""

    def get(self, key: str) -> str | None:
        value = js.localStorage.getItem(key)
        # A missing key is JS null, which Pyodide gives as jsnull, not None.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            js.localStorage.setItem(key, value)
        except JsException as exc:
            raise StorageFailed(str(exc)) from exc

    def remove(self, key: str) -> None:
        js.localStorage.removeItem(key)

    def keys(self) -> list[str]:
        store = js.localStorage
        return [str(store.key(i)) for i in range(store.length)]


def _now() -> int:
    return int(js.Date.now())


def _storage() -> tuple[KeyValue, str | None]:
    """localStorage, or memory when the browser refuses it (private modes, blocked storage)."""
    try:
        js.localStorage.getItem("startable:index")
    except (JsException, AttributeError):
        return MemoryStore(), "This browser does not let the site save games: they last until the page closes."
    return LocalStorage(), None


class Bridge:
    def __init__(self) -> None:
        kv, problem = _storage()
        self.app = App(kv, _now)
        if problem:
            self.app.notices.append(problem)

    def call(self, command: str, args_json: str = "[]") -> str:
        args: list[Any] = json.loads(args_json or "[]")
        app = self.app
        result: Any
        if command == "route":
            result = app.route(str(args[0]))
        elif command == "home":
            result = app.home()
        elif command == "new":
            result = app.new_game(str(args[0]), json.dumps(args[1]), str(args[2]))
        elif command == "act":
            result = app.act(int(args[0]), int(args[1]))
        elif command == "undo":
            result = app.undo()
        elif command == "step":
            result = app.step(int(args[0]))
        elif command == "fork":
            result = app.play_from_here()
        elif command == "delete":
            result = app.delete(str(args[0]))
        elif command == "share":
            result = app.share()
        elif command == "export":
            result = {"text": app.export_kept_aside()}
        elif command == "discard_kept":
            result = app.discard_kept_aside()
        elif command == "why_not":
            result = app.why_not(list(args[0]))
        else:
            raise ValueError(f"unknown command {command!r}")
        return json.dumps(result)

    def draw(self, element: Any, view_json: str, width: float, dpr: float) -> None:
        canvas.draw(element, json.loads(view_json), width, dpr)

    def hit(self, x: float, y: float) -> str:
        return json.dumps(canvas.hit(x, y))


def start() -> None:
    bridge = Bridge()
    api = js.Object.new()
    api.call = create_proxy(bridge.call)
    api.draw = create_proxy(bridge.draw)
    api.hit = create_proxy(bridge.hit)
    js.window.starPy = api
    js.window.dispatchEvent(js.CustomEvent.new("star:python-ready"))
