"""Star Table's game core: pure-Python rules engines for classic space board games.

Despite the name, this is not pygame: it is the game core, and it runs unchanged in
CPython and in Pyodide (the browser). It never imports anything of the browser.
"""

from .codec import decode_link, decode_match, encode_link
from .game import (
    Game,
    IllegalActionError,
    OptionError,
    OptionSpec,
    Outcome,
    PlayerId,
    RecordError,
    View,
)
from .record import FORMAT_VERSION, GameRecord, Match, replay
from .registry import GAMES
from .rng import Rng, Roller, ScriptedRng

__all__ = [
    "FORMAT_VERSION",
    "GAMES",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "Match",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "PlayerId",
    "RecordError",
    "Rng",
    "Roller",
    "ScriptedRng",
    "View",
    "decode_link",
    "decode_match",
    "encode_link",
    "replay",
]
