"""The player's own steps in a game by link (issue 35): choose a version when two devices
disagree, name yourself and add a note to the link, concede, ask for a rematch.

Functions of the controller (``App``) kept apart from it; the worker calls them by name
(``worker_api``). Pure Python, no browser imports.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from .bylink import MAX_NAME, MAX_NOTE, LinkPlay, clean_text, new_game_id
from .models import ByLink, Outcome
from .storage import HUMAN, LINK

if TYPE_CHECKING:
    from collections.abc import Generator

    from .controller import App, Model


def by_link_model(links: LinkPlay, names: list[str]) -> ByLink:
    """What the game screen shows of a game by link: the people's names per seat, a friend's
    version waiting for the player's choice, a concession."""
    def seat_name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    return {
        "names": {str(seat): name for seat, name in links.names.items()},
        "fork": bool(links.fork),
        "conceded": None if links.conceded is None else {"seat": links.conceded, "name": seat_name(links.conceded),
                                                          "person": links.names.get(links.conceded, "")},
        "rematch": bool(links.rematch),
    }


def conceded_outcome(links: LinkPlay, seats: list[int], names: list[str]) -> Outcome | None:
    """The end of a game one side conceded: every other seat that is no computer wins."""
    if links.conceded is None:
        return None
    who = names[links.conceded] if links.conceded < len(names) else f"Seat {links.conceded + 1}"
    person = links.names.get(links.conceded)
    return {"winners": [s for s, kind in enumerate(seats) if s != links.conceded and kind < 0],
            "scores": [], "reason": f"{person} ({who}) conceded" if person else f"{who} conceded"}


def take_fork(app: App) -> Generator[Any, None, Model]:
    """Of two versions of a game, go on with the friend's (the link kept beside the save):
    this device's version is replaced, after the player chose it."""
    links, entry = app.links, app.saves.find(app.save_id or "")
    if entry is None or not links.fork:
        app.notices.append("There is no other version of this game to take.")
        return app.home()
    payload = links.fork
    model: Model = yield from app.open_play_link(payload, take=True)
    if app.save_id == entry.id and app.links.fork:
        app.links.fork = ""
        app._autosave()
    return model


def keep_fork(app: App) -> Model:
    """Of two versions of a game, go on with this device's: the friend's link is dropped, and
    this device's last link is on screen to send again."""
    if app.links.fork:
        app.links.fork = ""
        app._autosave()
        app.notices.append("Your version goes on. Send your last link again so your friend's device holds it too; "
                           "their version is dropped.")
    return app._model("game")


def link_note(app: App, name: str, note: str) -> Model:
    """The name this device's links carry (kept on the device) and a note for the link on
    screen (shown to the friend as text, at most MAX_NOTE characters)."""
    app.kv.set("startable:name", clean_text(name, MAX_NAME))
    app.links.note = clean_text(note, MAX_NOTE)
    app._autosave()
    return app._model("game")


def concede(app: App, at: int) -> Model:
    """This device's person gives up a game by link: the game ends here, and its last link
    tells the friend."""
    match = app.match
    if match is None or LINK not in app.seats or match.is_over or app.links.conceded is not None \
            or at != len(match.record.actions):
        return app._model("game")
    seat = app.viewer if app.viewer is not None and app.seats[app.viewer] == HUMAN else next(iter(app._humans()), None)
    if seat is None:
        return app._model("game")
    app.links.conceded = seat
    app._autosave()
    return app._model("game")


def rematch(app: App) -> Model:
    """A new game by link with the same game, options and seats, and a new seed; its first link
    names the game it follows."""
    match = app.match
    if match is None or LINK not in app.seats or not (match.is_over or app.links.conceded is not None):
        app.notices.append("A rematch is offered once a game by link has ended.")
        return app._model("game")
    before, seats, names = app.links.gid, list(app.seats), dict(app.links.names)
    model = app.new_game(match.record.game, dict(match.record.options), str(secrets.randbits(31)), seats)
    if app.match is not None and app.match is not match:
        app.links.gid = app.links.gid or new_game_id()
        app.links.rematch, app.links.names = before, names
        app._autosave()
        return app._model("game")
    return model
