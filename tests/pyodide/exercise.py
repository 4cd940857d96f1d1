"""Everything the site's Python does, run once in Pyodide (tests/pyodide/test_stdlib.py, and
``python3 -m tests.pyodide.test_stdlib --write`` to list what it imports of the standard library).

Run inside Pyodide with the project on ``sys.path`` (run_engine.mjs): it imports every module
of the app, plays every game over its option combinations (random legal moves; at most
COMBINATIONS of them, spread), plays a game of
each through the controller's worker API with computer seats at every level (new, think, act,
reveal, hint, undo, share, peek, step, the replay and challenge links, review, export, check,
home), then prints ``STDLIB <json>``: the standard library's modules now imported (from
python_stdlib.zip; built-in modules live in the wasm). Of its own it imports only ``json``,
``random``, ``importlib`` and ``sys`` (Pyodide's start imports them anyway) and ``pkgutil``
(build.py's snapshot needs it too)."""

import importlib
import json
import random
import sys

PLAYOUT_STEPS = 400  # per game of each option combination (enough to reach every phase)
# At most this many option combinations per game, spread over all of them: every module is
# imported above whatever is played, so the games only have to reach the standard library's
# lazy imports (Space Genocide's 576 combinations took most of this test's time).
COMBINATIONS = 40
CONTROLLER_TURNS = 24  # decisions per game through the controller
sys.path.append("/project/web")  # star_web (run_engine.mjs mounts the project at /project)


def exercise():
    import pkgutil

    import star_web.worker_api as worker_api

    for package in ("pygame_core", "star_web", "msgpack"):
        root = importlib.import_module(package)
        for module in pkgutil.walk_packages(root.__path__, package + "."):
            importlib.import_module(module.name)

    from pygame_core import GAMES, Match
    from pygame_core.ai import LEVELS
    from pygame_core.game import OptionError

    rng = random.Random(7)
    # Every option combination (closed choices; players at each count), one random game each.
    for game_id, game in sorted(GAMES.items()):
        axes = [[]]
        for spec in game.option_schema:
            if spec.presets:
                continue
            values = list(spec.choices) if spec.choices else (
                list(range(spec.minimum, spec.maximum + 1))
                if spec.key == "players" and spec.minimum is not None and spec.maximum is not None else [])
            if values:
                axes = [[*a, (spec.key, v)] for a in axes for v in values]
        step = max(1, len(axes) // COMBINATIONS)
        for combo in axes[::step]:
            try:
                match = Match.start(game_id, dict(combo), rng.randrange(1 << 30))
            except OptionError:  # a combination the game refuses
                continue
            for _ in range(PLAYOUT_STEPS):
                legal = match.legal_actions()
                if not legal:
                    break
                match = match.play(rng.choice(legal))

    # The controller, as the worker drives it, with the computer at every level.
    def call(api, cmd, *args):
        api.start(json.dumps({"cmd": cmd, "args": list(args), "now": 1_700_000_000_000}))
        while True:
            out = json.loads(api.step())
            if "progress" not in out:
                return out["model"]

    playable = sorted(GAMES)
    for game_id in playable:
        levels = LEVELS.get(game_id, ())
        for level in range(max(1, len(levels))):
            api = worker_api.Api("{}", json.dumps(playable))
            call(api, "check")
            game = GAMES[game_id]
            count = max(game.min_players, min(2, game.max_players))
            seats = [-1] + [level] * (count - 1) if levels else [-1] * count
            if count == 1:
                seats = [-1]
            model = call(api, "new", game_id, {}, str(rng.randrange(1 << 30)), seats)
            for turn in range(CONTROLLER_TURNS):
                g = model.get("game") or {}
                if not g or g.get("over"):
                    break
                if g.get("handoff"):
                    model = call(api, "reveal", g["at"])
                elif g.get("thinking"):
                    model = call(api, "think", g["at"])
                elif g.get("actions"):
                    if turn == 3:
                        call(api, "hint")
                    if turn == 5:
                        call(api, "undo")
                    action = rng.choice(g["actions"])
                    model = call(api, "act", action["i"], g["at"])
                else:
                    break
            links = call(api, "share")
            call(api, "peek", 1)
            call(api, "peek_line", 0)
            if level == max(0, len(levels) - 1):
                call(api, "review", "run")
            call(api, "export")
            backup = call(api, "export_all")
            call(api, "import_all", backup.get("text", "") if isinstance(backup, dict) else "")
            call(api, "record", "2026-11-26")
            call(api, "external", [["startable:index", None]])
            for key in ("replay", "challenge", "spectator"):
                link = links.get(key) if isinstance(links, dict) else None
                if isinstance(link, str) and link:
                    call(api, "route", "#" + link.split("?")[0])
                    if key == "replay":
                        call(api, "step", 1)
            call(api, "home")
    # Spacehole's own paths (issue 33): today's deck and the guided game.
    api = worker_api.Api("{}", json.dumps(playable))
    call(api, "daily", "2026-11-26")
    call(api, "guided", "babylon5")
    call(api, "record", "2026-11-26")


exercise()
used = sorted(name for name, module in sys.modules.items()
              if (getattr(module, "__file__", None) or "").startswith("/lib/python314.zip/"))
print("STDLIB " + json.dumps(used))
