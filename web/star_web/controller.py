"""The app controller: routes, seats, hand-offs, computer turns, saves, links and replays.

Pure Python (no browser imports): it runs in the engine's Web Worker behind ``worker_api``,
and the tests drive it directly in CPython. It returns plain-data models that the page's
shell and the game's screen module render. It never invents a move: every action it plays
is one that ``legal_actions`` listed, and an illegal attempt comes back with the engine's
own message. It never names a game: it reads only the view keys every game provides
(``to_move``, ``seat_names``, ``status``, ``score_line``, ``secrets``, ``turn_number``,
``log``, ``choices``; docs/ENGINE.md).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any

from pygame_core import GAMES, IllegalActionError, Match, OptionError, RecordError, decode_match
from pygame_core.codec import WARN_LINK_CHARS, decode_steps, encode_link, pack_data, read_header, unpack_data
from pygame_core.daily import DayError, check_day, daily_seed
from pygame_core.game import GameBase, QueryError, View, resolve_options

from .backup import ImportRefused, export_text, import_text
from .bylink import (
    MAX_NAME,
    MAX_NOTE,
    PERSON,
    Commit,
    Conflict,
    Envelope,
    LinkPlay,
    LinkRefused,
    Plan,
    clean_text,
    encode_play_link,
    new_game_id,
    play_plan,
    relation,
    same_game,
    seal,
    split_play_link,
    stand_in,
)
from .daily import DAILY_GAME, daily_state
from .linkdice import DiceRefused, Pending, check_rolled, commit_to, resolve, unasked_rolls
from .linkdice import new_salt as new_dice_salt
from .linkmoves import by_link_model, conceded_outcome
from .models import (
    AskReply,
    Claim,
    External,
    GameModel,
    HintReply,
    HomeModel,
    LastStep,
    Pace,
    PageModel,
    RecordReply,
    Refused,
    ReviewReply,
    Send,
    ShareLinks,
    Summary,
    TextReply,
    WhyNot,
)
from .recap import LogIndex, log_marks, recap
from .storage import (
    BEST_KEY,
    EVERY_STOP_KEY,
    GAME_PREFIX,
    HISTORY_KEY,
    HUMAN,
    INDEX_KEY,
    LINK,
    BestScores,
    EveryStop,
    History,
    KeyValue,
    Result,
    SaveEntry,
    SaveStore,
    Score,
)

Model = PageModel | ReviewReply
"""A screen command's answer (``PageModel``), or the review's (``ReviewReply``); the small commands
(hint, share, ...) answer objects of their own, each stated in models.Replies."""
Progress = tuple[int, int]
"""(done, total): how far a long replay has come."""
Job = Generator[Progress, None, Model]
"""A command that may take long: it yields progress now and then and returns its model."""
Replaying = Generator[Progress, None, Match]
"""A link being replayed: progress now and then, then the match."""

REPLAY_CHUNK = 200  # actions replayed between two progress reports (and cancel checks)
THINK_BATCH = 40  # a computer's quiet decisions played before the page is shown the position
FIRST_LINK = "This is the first link of this game on this device: its history cannot be checked here."
NAME_KEY = "startable:name"  # this device's player's name, sent with its links (issue 35)
CARD_WINDOW_SETTING = "Stop at every card window, even with no card to play"  # a game's IDLE_SETTING otherwise
GUIDE_SEED = 19  # its first turns draw a structure, a defender, an invader and an event, in that order
IDLE_LIMIT = 1000  # idle passes made in a row at most (a whole Spacehole game is under 400 steps)


class StorageFailed(OSError):
    """The browser refused to store something (quota, private mode)."""


def ai_levels(game_id: str) -> tuple[str, ...]:
    """The computer levels a game offers, weakest first; none until its AI module exists."""
    try:
        from pygame_core import ai
    except ImportError:
        return ()
    try:
        return ai.game_ai(game_id).levels  # this game's AI only (issue 34)
    except KeyError:
        return ()


def _playable_seats(game_id: str, seats: Sequence[int]) -> list[int]:
    """Seats as this build plays them: a computer level the game no longer offers (a save or
    link from when Space Genocide had a fourth level, "Hard", issue 28) plays at the top one."""
    top = len(ai_levels(game_id)) - 1
    return [min(seat, top) if seat >= 0 else seat for seat in seats]


def _choose(game_id: str, view: View, legal: Sequence[Any], level: int, seed: int) -> Any:
    from pygame_core import ai

    return ai.choose(game_id, view, legal, level=level, seed=seed)


class App:
    """One per page. Each public command returns the whole model the page should show."""

    def __init__(self, kv: KeyValue, now: Callable[[], int], playable: Iterable[str] = ()) -> None:
        self.kv = kv
        self.now = now
        self.playable = tuple(g for g in playable if g in GAMES)
        self.saves = SaveStore(kv)
        self.best = BestScores(kv)
        self.history = History(kv)
        self.every_stop = EveryStop(kv)
        self.logs = LogIndex()
        self.notices: list[str] = []
        if self.best.problems:
            self.notices.append("The list of best scores could not be read, so it starts again.")
        if self.saves.problems:
            self.notices.append(
                "Some saved data could not be read: " + "; ".join(self.saves.problems) + ". "
                "It was kept aside; you can export it from the home screen."
            )
        self.match: Match | None = None
        self.save_id: str | None = None
        self.seats: list[int] = []  # per seat: HUMAN, LINK, or the computer's level
        self.links = LinkPlay()  # a game by link: its secrets in flight (bylink)
        self.claiming: Claim | None = None  # a game link just opened: who sent it, whose turn
        self.spectating: tuple[GameModel, str] | None = None  # a spectator link on screen: its game model, hash
        self.viewer: int | None = None  # the seat whose view is on screen
        self.replay: Match | None = None  # a replay link being stepped through
        self.replay_hash = ""
        self.position = 0
        self.beat: int | None = None  # the score to beat of the challenge being played
        self.daily = ""  # the day whose deck this game is, as that day's scored try (issue 33)
        self.guided = False  # the guided first game (issue 33)
        self._checked = False
        self._marks: list[int] = []
        self._marks_for: Match | None = None
        self._views: tuple[Any, dict[int | None, View]] = (None, {})  # (state, its views): see _view

    # -- screens ---------------------------------------------------------------------

    def home(self) -> PageModel:
        self._close()
        self._check_saves()
        return self._model("home")

    def recover(self) -> Model:
        """After an unexpected error: the game on screen again if it can be shown, else home."""
        if self.match is not None or self.replay is not None:
            try:
                return self._model("game")
            except Exception:  # the game itself cannot be shown: leave it
                self.notices.append("The game could not be shown, so the home screen is.")
        return self.home()

    def check(self) -> Model:
        """The checked list of saves for the home screen, without leaving the screen shown."""
        self._check_saves()
        return self._model("home")

    def route(self, fragment: str) -> Job:
        """Open whatever the URL fragment names: home, a setup, a save, a challenge, a replay."""
        frag = fragment.removeprefix("#")
        kind, _, rest = frag.partition("/")
        if not frag:
            return self.home()
        if kind == "new" and rest:
            return self.setup(rest)
        if kind == "g" and rest:
            return (yield from self.open_save(rest))
        if kind == "c" and rest:
            blob, _, query = rest.partition("?")
            return self.challenge(blob, _score_to_beat(query))
        if kind == "r" and rest:
            return (yield from self._open_replay(rest))
        if kind == "p" and rest:
            return (yield from self.open_play_link(rest))
        if kind == "s" and rest:
            return self.open_spectator(rest)
        self.notices.append("That link is not a Star Table game link, so the home screen is shown.")
        return self.home()

    def setup(self, game_id: str, challenge: str = "", beat: int | None = None) -> PageModel:
        """The new-game form of ``game_id`` (the page builds it from the game's option schema)."""
        if game_id not in self.playable:
            self.notices.append("That game cannot be played here yet.")
            return self.home()
        self._close()
        model = self._model("setup")
        model["setup"] = {"game_id": game_id, "options": {}, "challenge": challenge, "beat": beat}
        to_beat = "" if beat is None else f"?beat={beat}"
        model["hash"] = f"c/{challenge}{to_beat}" if challenge else f"new/{game_id}"
        return model

    def challenge(self, blob: str, beat: int | None = None) -> Model:
        """A challenge link: its game's setup with the link's options fixed (SH-11.3), and
        the challenger's score to beat when the link carries one."""
        try:
            header = read_header(blob)
        except RecordError as exc:
            self.notices.append(f"This link does not open a game: {exc}.")
            return self.home()
        if header.game not in self.playable:
            self.notices.append("This link is for a game that cannot be played here yet.")
            return self.home()
        model = self.setup(header.game, challenge=blob, beat=beat)
        model["setup"]["options"] = header.options
        return model

    def new_game(self, game_id: str, options: dict[str, Any], seed: str, seats: list[int],
                 challenge: str = "", beat: int | None = None) -> Model:
        """Start a game with these options and seats (HUMAN or a computer level per seat).

        A challenge accepted again while its earlier acceptance is still unplayed opens that
        save instead of making a second copy of the same unplayed game."""
        if game_id not in self.playable:
            self.notices.append("That game cannot be played here yet.")
            return self.home()
        try:
            if challenge:
                header = read_header(challenge)
                if header.game != game_id:
                    raise RecordError("the challenge is for another game")
                match = Match.start(game_id, header.options, header.seed)
            else:
                match = Match.start(game_id, options, int(seed))
        except (OptionError, RecordError, ValueError) as exc:
            self.notices.append(f"Those options do not work: {exc}")
            return self.challenge(challenge, beat) if challenge else self.setup(game_id)
        problem = self._check_seats(match, seats)
        if problem:
            self.notices.append(problem)
            return self.challenge(challenge, beat) if challenge else self.setup(game_id)
        if challenge:
            unplayed = self._unplayed_copy(match, seats)
            if unplayed is not None:
                return self._resume(unplayed, match)
        return self._begin(match, seats, beat=beat if isinstance(beat, int) else None)

    def open_save(self, save_id: str) -> Job:
        blob = self.saves.blob(save_id)
        if blob is None:
            self.notices.append("That saved game is no longer here.")
            return self.home()
        try:
            if read_header(blob).game not in self.playable:  # refused before any replay
                self.notices.append("That saved game cannot be played here yet; it is kept.")
                return self.home()
            match = yield from _decode(blob)
        except RecordError as exc:
            self.saves.quarantine(f"startable:game:{save_id}", blob)
            self.notices.append(f"That saved game could not be read ({exc}). It was kept aside.")
            return self.home()
        entry = self.saves.find(save_id)
        if entry is not None and not entry.game:  # its index line was lost: rebuild it
            self._close()
            self.match, self.save_id, self.seats = match, save_id, self._all_human(match)
            self.saves.put(self._entry(match, save_id, self.now()), blob)
            entry = self.saves.find(save_id)
        return self._resume(entry, match)

    def _resume(self, entry: SaveEntry | None, match: Match) -> Model:
        """Show a saved game again, with its seats and its challenge's score to beat."""
        self._close()
        self.match = match
        self.save_id = entry.id if entry is not None else None
        seats = entry.seats if entry is not None else []
        count = match.game.num_players(match.state)
        self.seats = _playable_seats(match.record.game, seats) if len(seats) == count else self._all_human(match)
        self.beat = entry.beat if entry is not None else None
        self.daily = entry.daily if entry is not None else ""
        self.guided = entry.guided if entry is not None else False
        self.links = LinkPlay.from_json(entry.link) if entry is not None else LinkPlay()
        if self.links.base is not None and self.links.got is not None and self.links.seat is not None:
            self._replot(match)
        self.viewer = self._first_viewer()
        if self._pass_idle():
            self._autosave()
        return self._model("game")

    def _replot(self, kept: Match) -> None:
        """A save made while plotting on a stand-in: the stand-in again, and this seat's own
        orders so far on it."""
        links = self.links
        assert links.got is not None and links.seat is not None
        mine = links.mine
        try:
            self._plot_on_stand_in(Commit(links.got[0], links.got[1], links.got[2]), links.got[3], links.seat)
            match = self._require_match()
            for wire in mine:
                match = match.play(match.game.decode_action(wire))
            self.match = match
        except (RecordError, IllegalActionError):
            self.notices.append("Your orders in progress could not be restored; plot them again.")
            self.match = kept
            self._plot_on_stand_in(Commit(links.got[0], links.got[1], links.got[2]), links.got[3], links.seat)

    def _unplayed_copy(self, match: Match, seats: list[int]) -> SaveEntry | None:
        """A save of exactly this game with no move made yet, and the same seats."""
        blob = encode_link(match)
        for entry in self.saves.listing():
            if (entry.game == match.record.game and entry.actions == 0 and entry.seats == seats
                    and self.saves.blob(entry.id) == blob):
                return entry
        return None

    def _open_replay(self, blob: str) -> Job:
        try:
            if read_header(blob).game not in self.playable:  # refused before any replay
                self.notices.append("This link is for a game that cannot be played here yet.")
                return self.home()
            match = yield from _decode(blob)
        except RecordError as exc:
            self.notices.append(f"This link does not open a game: {exc}.")
            return self.home()
        self._close()
        self.replay, self.position, self.replay_hash = match, len(match.record.actions), f"r/{blob}"
        return self._model("game")

    def _begin(self, match: Match, seats: list[int], beat: int | None = None) -> Model:
        now = self.now()
        self._close()
        self.match, self.seats, self.beat = match, list(seats), beat
        self.save_id = self._new_save_id(match)
        if LINK in seats:
            self.links.gid = new_game_id()  # every link of this game carries it (issue 35)
        self.viewer = self._first_viewer()
        self._pass_idle()
        self._autosave(created=now)
        return self._model("game")

    def _close(self) -> None:
        self.match = self.replay = None
        self.save_id = None
        self.seats, self.viewer, self.position, self.replay_hash = [], None, 0, ""
        self.beat = None
        self.daily = ""
        self.guided = False
        self.links, self.claiming = LinkPlay(), None
        self.spectating = None

    # -- games by link (issue 26) ------------------------------------------------------

    def open_play_link(self, payload: str, take: bool = False) -> Job:
        """A ``#p/`` link from a friend on another device: taken when it extends the game this
        device holds (or starts it here), refused with a message otherwise; nothing saved is
        changed by a refused link. Shows who sent it and whose turn it is first (``claim``).
        A link whose moves differ from the ones held here is kept beside the game until the
        player chooses a version (``fork``); ``take``: the player chose the friend's."""
        try:
            blob, envelope = split_play_link(payload)
            if read_header(blob).game not in self.playable:
                self.notices.append("This game link is for a game that cannot be played here yet.")
                return self.home()
            got = yield from _decode(blob)
            _check_envelope(got, envelope)
            entry, held = yield from self._held(got, envelope)
            try:
                return self._take_link(entry, held, got, envelope, take)
            except Conflict as exc:
                if entry is None or held is None or take:
                    raise
                return self._offer_fork(entry, held, payload, str(exc))
        except (LinkRefused, DiceRefused) as exc:
            self.notices.append(str(exc))
        except RecordError as exc:
            self.notices.append(f"This game link could not be opened: {exc}. Nothing on this device was changed. "
                                "Ask your friend to send the link again, copied whole.")
        self._close()
        return self.home()

    def claim(self, at: int) -> Model:
        """The person whose seat is to move took the device after opening a game link."""
        match = self._require_match()
        claiming = self.claiming
        if claiming is None or at != len(match.record.actions):
            return self._model("game")
        seat = int(claiming["seat"])
        self.claiming = None
        self.viewer = seat
        # As after a hand-off (``reveal``), a stop where the person may also switch their stops
        # off is shown, not passed (issue 35): switching them off is the choice that travels
        # with this seat's links, a public setting in the record (C-5.4), after which the other
        # device's engine passes for this seat and such windows cost no link. Nothing this
        # device knows of the hand decides that for the other device (docs/WEB.md).
        if not _offers_stop_switch(match):
            self._pass_idle()
        self._autosave()
        return self._model("game")

    def _held(self, got: Match, envelope: Envelope) -> Generator[Progress, None, tuple[SaveEntry | None, Match | None]]:
        """The save of the same game on this device, and its match: the one with the link's game
        id (refused when its seed or options differ), else, for a link or a save made before
        game ids, the one with the same game, options and seed."""
        for entry in self.saves.listing():
            gid = str(entry.link.get("gid") or "")
            if entry.game != got.record.game and not (envelope.gid and gid == envelope.gid):
                continue
            if envelope.gid and gid and gid != envelope.gid:
                continue  # another game by link that happens to share the seed
            blob = self.saves.blob(entry.id) or ""
            try:
                header = read_header(blob)
                if (header.game, header.seed, header.options) != (got.record.game, got.record.seed, got.record.options):
                    if envelope.gid and gid == envelope.gid:
                        raise LinkRefused(
                            "This link names a game you are playing here, but its seed or options are not that "
                            "game's (the link was edited or damaged): it was not opened. Ask your friend to send "
                            "the link from the game itself again.")
                    continue
                held = yield from _decode(blob)
            except RecordError as exc:
                if isinstance(exc, LinkRefused):
                    raise
                continue  # an unreadable save is no match; it is reported when opened
            if same_game(held.record, got.record):
                return entry, held
        return None, None

    def _take_link(self, entry: SaveEntry | None, held: Match | None, got: Match, envelope: Envelope,
                   take: bool = False) -> Model:
        names = [str(n) for n in self._view(got, None).get("seat_names", [])]
        if entry is None or held is None:
            return self._first_link(got, envelope, names)
        links = LinkPlay.from_json(entry.link)
        sender = _person(names, links.names | ({envelope.sender: envelope.name} if envelope.name else {}),
                         envelope.sender)
        _check_seats_match(entry.seats, envelope, got, names, sender)
        replot = False
        if take:
            match = got
            links = LinkPlay(gid=links.gid or envelope.gid, names=links.names, dsalt=links.dsalt)
        elif envelope.plan is not None:
            found = self._with_plan(held, got, envelope.plan, links, sender)
            if found is None:
                self.notices.append(f"You already opened this link: nothing new. If {sender} is waiting for you, "
                                    "your last link is below to send again.")
                return self._resume(entry, held)
            match = found
        else:
            kept = held.truncated(links.got[0]) if links.base is not None and links.got else held
            how = relation(kept.record, got.record)
            if how == "changed":
                raise Conflict(_changes(sender))
            if how == "older":
                self.notices.append(f"You already have a newer position of your game with {sender}: it is shown "
                                    f"instead. If {sender} did not get your last link, send it again from here.")
                return self._resume(entry, held)
            first_commit = envelope.commit is not None and links.got is None and links.base is None
            replot = (envelope.commit is not None and envelope.replot and links.got is not None
                      and links.got[0] == envelope.commit.cut and links.got[2] != envelope.commit.digest)
            news = (first_commit or replot or (envelope.conceded and links.conceded is None)
                    or envelope.pending is not None)
            if how == "same" and not news:
                self.notices.append(f"You already opened this link: nothing new. If {sender} is waiting for you, "
                                    "your last link is below to send again.")
                return self._resume(entry, held)
            if not replot:
                _check_reveal(links, got, envelope, names)
            match = got
            links = links.carry()
            links.rematch = ""
        links.gid = links.gid or envelope.gid
        match = _roll_dice(links, len(held.record.actions), match, envelope, sender, names, take)
        if envelope.name:
            links.names[envelope.sender] = envelope.name
        if envelope.conceded:
            links.conceded = envelope.sender
        self._close()
        self.match, self.seats, self.links, self.save_id = match, list(entry.seats), links, entry.id
        self.beat = entry.beat
        if replot:
            self.notices.append(f"{sender}'s device lost the orders it had sealed, so {sender} sealed new ones. "
                                f"Your earlier orders reached {sender} in the clear: give yours again, the same "
                                "or others.")
        if envelope.plan is None and envelope.commit is not None:
            self._plot_on_stand_in(envelope.commit, envelope.sender, envelope.to)
        seat = envelope.to if self.seats[envelope.to] == HUMAN else self._humans()[0]
        return self._claim_screen(envelope, names, seat=seat)

    def _first_link(self, got: Match, envelope: Envelope, names: list[str]) -> Model:
        """A link of a game this device does not hold: it starts here, said so. A reply to
        sealed orders this device no longer holds (its save was lost) opens the game where
        those orders began, to seal them again (the other side is asked to give theirs again)."""
        sender = _person(names, {envelope.sender: envelope.name} if envelope.name else {}, envelope.sender)
        self._close()
        if envelope.pending is not None:  # its dice are rolled with a salt only the real device holds
            resolve(got, envelope.pending, "", names[envelope.to] if envelope.to < len(names) else "this seat")
        if envelope.plan is not None:
            got = got.truncated(envelope.plan.cut)
            if got.game.current_player(got.state) != envelope.to:
                raise LinkRefused(f"This link from {sender} answers a game this device does not have: it was not "
                                  f"opened. Ask {sender} to send their last link again.")
            self.notices.append(f"This link answers orders this device sealed but no longer holds (its save was "
                                f"lost). The game opens where those orders began: give your orders again, and "
                                f"{sender} will be asked to give theirs again too.")
            self.links.replot = envelope.plan.cut
        self.match = got
        self.seats = _playable_seats(got.record.game, [LINK if kind == PERSON else kind for kind in envelope.kinds])
        self.save_id = self._new_save_id(got)
        self.links.gid = envelope.gid
        if envelope.dice:
            self.links.theirs = (envelope.dice, envelope.sender)
        if envelope.name:
            self.links.names[envelope.sender] = envelope.name
        if envelope.conceded:
            self.links.conceded = envelope.sender
        if envelope.commit is not None:
            self._plot_on_stand_in(envelope.commit, envelope.sender, envelope.to)
        model = self._claim_screen(envelope, names, created=self.now())
        if self.claiming is not None:  # said on the claim screen, where it is read before playing
            self.claiming["first"] = FIRST_LINK
            model["game"]["claim"] = self.claiming
        return model

    def _offer_fork(self, entry: SaveEntry, held: Match, payload: str, why: str) -> Model:
        """Two versions of one game: this device's and the friend's link. Both are kept (the
        link beside the save) until the player chooses (``linkmoves.take_fork``, ``keep_fork``)."""
        links = LinkPlay.from_json(entry.link)
        links.fork = payload
        entry.link = links.to_json()
        self.saves.update(entry)
        self.notices.append(f"{why} Nothing is lost: both versions are kept until you choose which one goes on.")
        return self._resume(entry, held)

    def _with_plan(self, held: Match, got: Match, plan: Plan, links: LinkPlay, sender: str) -> Match | None:
        """The other seat's orders, answering this device's commitment, played after the sealed
        ones; None when they are already in the game (the same link twice)."""
        count = next((n for cut, n, _ in links.made if cut == plan.cut and plan.count in (None, n)), None)
        if count is None:
            raise LinkRefused(f"This link from {sender} answers orders this device did not send: it was not opened. "
                              f"Ask {sender} to send their last link again.")
        if held.record.actions[:plan.cut] != got.record.actions:
            raise LinkRefused(_changes(sender))
        done = plan.cut + count
        if len(held.record.actions) > done:
            if held.record.actions[done:done + len(plan.actions)] == plan.actions:
                return None
            raise LinkRefused(_changes(sender))
        return play_plan(held, plan, count)

    def _plot_on_stand_in(self, commit: Commit, sender: int, seat: int) -> None:
        """This seat plots on a stand-in for the sealed part: the real one stays on its sender's
        device until this seat's own orders have gone out in the clear."""
        match = self._require_match()
        if len(match.record.actions) != commit.cut:
            raise RecordError("the link is damaged (its commitment does not fit its game)")
        standing = stand_in(match, seat)
        self.match = standing
        self.links.got = (commit.cut, -1 if commit.count is None else commit.count, commit.digest, sender)
        self.links.base, self.links.seat, self.links.mine = len(standing.record.actions), seat, ()

    def _claim_screen(self, envelope: Envelope, names: list[str], created: int | None = None,
                      seat: int | None = None) -> PageModel:
        """Who sent the link (their name, their note) and whose turn it is, before anything of
        the game; the link was sent to that seat, so this device plays it from now on (its list
        says "Your turn"). A game held here keeps its seats (``seat``: the one this device plays)."""
        match = self._require_match()
        seat = envelope.to if seat is None else seat
        self.seats[seat] = HUMAN
        self.viewer = None
        self.claiming = {"seat": seat, "name": names[seat], "from": _person(names, self.links.names, envelope.sender),
                         "note": envelope.note, "conceded": envelope.conceded,
                         "status": self._view(match, None).get("status", "")}
        self._autosave(created=created)
        return self._model("game")

    def _new_save_id(self, match: Match) -> str:
        save_id = f"g{self.now():x}{match.record.seed & 0xFFFF:04x}"
        while self.saves.find(save_id) is not None:
            save_id += "x"
        return save_id

    def _kept_match(self) -> Match:
        """The match as this device keeps it: while it plots on a stand-in, the record stops at
        the sealed phase's start (its own actions go in ``links.mine``)."""
        match = self._require_match()
        if self.links.base is not None and self.links.got is not None:
            self.links.mine = match.record.actions[self.links.base:]
            return match.truncated(self.links.got[0])
        return match

    def _plan_done(self) -> bool:
        """Plotting on a stand-in, this device's seat has finished its part of the phase."""
        match = self.match
        return (match is not None and self.links.base is not None
                and match.game.current_player(match.state) != self.links.seat)

    def _send_model(self, match: Match, names: list[str]) -> Send | None:
        """The link to send when the next decision is a friend's by link (``#send``)."""
        if self.claiming is not None:
            return None
        seat = match.game.current_player(match.state)
        if self._asking() and self.links.theirs is not None:
            seat = self.links.theirs[1]  # the device that promised a salt rolls this decision's dice
        elif match.is_over or self.links.conceded is not None:  # the end goes to the friends too
            seat = next((s for s, kind in enumerate(self.seats) if kind == LINK), None)
            if seat is None:
                return None
        elif self._plan_done() and self.links.got is not None:
            seat = self.links.got[3]  # the seat holding the sealed part gets these orders
        elif seat is None or self.seats[seat] != LINK:
            return None
        sender = self.viewer if self.viewer is not None else next(iter(self._humans()), 0)
        link = "p/" + self._play_link(match, sender, seat)
        name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        return {"seat": seat, "name": name, "person": self.links.names.get(seat, ""), "link": link,
                "long": len(link) > WARN_LINK_CHARS, "final": match.is_over or self.links.conceded is not None,
                "me": self.my_name(), "note": self.links.note, "limit": MAX_NOTE}

    def _play_link(self, match: Match, sender: int, to: int) -> str:
        kinds = tuple(PERSON if kind < 0 else kind for kind in self.seats)
        links = self.links
        links.gid = links.gid or new_game_id()  # a game by link saved before game ids gets one now
        links.dsalt = links.dsalt or new_dice_salt()  # committed to in every link, until rolled with
        about = Envelope(sender, to, kinds, gid=links.gid, name=self.my_name(), note=links.note,
                         conceded=links.conceded == sender, rematch=links.rematch, dice=commit_to(links.dsalt),
                         pending=links.asked if self._asking() else None, rolled=tuple(links.dused[-1:]))
        if links.base is not None and links.got is not None:
            cut = links.got[0]
            plan = Plan(cut, None, tuple(match.record.actions[links.base:]))
            return encode_play_link(encode_link(match.truncated(cut)), dataclasses.replace(about, plan=plan))
        if match.game.pending_secret(match.state):
            # C-4.6: the link stops where the secret phase began; the rest is sealed (bylink),
            # the commitment saying nothing of how many actions it seals (issue 35).
            cut = len(match.shareable().record.actions)
            sealed = match.record.actions[cut:]
            commit = Commit(cut, None, seal(sealed, links.salt_for(cut, len(sealed))))
            envelope = dataclasses.replace(about, commit=commit, reveals=links.reveals_before(cut),
                                           replot=links.replot == cut)
            return encode_play_link(encode_link(match.truncated(cut)), envelope)
        envelope = dataclasses.replace(about, reveals=links.reveals_before(len(match.record.actions)))
        return encode_play_link(encode_link(match), envelope)

    def my_name(self) -> str:
        """This device's player's name, as their links carry it (set on the send screen)."""
        return clean_text(self.kv.get(NAME_KEY) or "", MAX_NAME)

    # -- playing ---------------------------------------------------------------------

    def act(self, index: int, at: int) -> Model:
        """Play the index-th legal action, if the game is still where the page saw it (``at``)."""
        match = self._require_match()
        legal = match.legal_actions()
        seat = match.game.current_player(match.state)
        if (at != len(match.record.actions) or not 0 <= index < len(legal) or self._handoff_due()
                or seat is None or self.seats[seat] != HUMAN or self.links.conceded is not None or self._asking()):
            self.notices.append("That choice is no longer on offer; the board has been refreshed.")
            return self._model("game")
        return self.play(legal[index])

    def play(self, action: Any) -> Model:
        match = self._require_match()
        try:
            if self._hold_roll(match, action):
                self._autosave()
                friend = self.links.theirs[1] if self.links.theirs is not None else 0
                names = [str(n) for n in self._view(match, None).get("seat_names", [])]
                who = _person(names, self.links.names, friend)
                self.notices.append(f"This move rolls dice: they are rolled on {who}'s device when the link you "
                                    "send is opened there, with a secret of each device, so no one can see them "
                                    "before the move is made. You will see them in the answer.")
                return self._model("game")
            self.match = match.play(action)
        except IllegalActionError as exc:
            self.notices.append(str(exc))
            return self._model("game")
        self._after_move()
        return self._model("game")

    def think(self, at: int) -> Model:
        """Let the computer seat to move decide; the page shows the result, then asks again.

        A run of the computer's decisions that rolls no die and reveals nothing (a fleet's
        steps, a ship design's parts) is played in one go, up to THINK_BATCH: the page shows
        each die roll, reveal and change of player, without a pause per small step.
        """
        match = self._require_match()
        seat = match.game.current_player(match.state)
        if at != len(match.record.actions) or seat is None or self.seats[seat] < 0 or self.links.base is not None:
            return self._model("game")
        epoch = match.game.information_epoch(match.state)
        for _ in range(THINK_BATCH):
            view = match.game.view(match.state, seat)  # DESIGN 6: the bot sees its seat's view only
            # The bot's own seed: fixed by the game and the move number, so a reload replays it.
            seed = (match.record.seed * 1_000_003 + len(match.record.actions)) & ((1 << 64) - 1)
            action = _choose(match.record.game, view, match.legal_actions(), self.seats[seat], seed)
            try:
                match = match.play(action)
            except IllegalActionError as exc:  # a bot returns a listed action: an engine defect
                self.notices.append(str(exc))
                break
            if (match.game.current_player(match.state) != seat
                    or match.game.information_epoch(match.state) != epoch):
                break
        self.match = match
        self._after_move()
        return self._model("game")

    def reveal(self, at: int) -> Model:
        """The next person took the device: show their seat's view (ends a hand-off)."""
        match = self._require_match()
        if at == len(match.record.actions) and self._handoff_due():
            self.viewer = match.game.current_player(match.state)
            # After the hand-off, so its appearance leaks nothing (C-5.4). A stop where the
            # person may also switch their stops off is shown, not passed: a hand-off that
            # ends at once in the next one looks like a failed tap, and this is where a
            # person can say they want no more of them (issue 36).
            if not _offers_stop_switch(match) and self._pass_idle():
                self._autosave()
        return self._model("game")

    def _at_shown_position(self) -> Match | None:
        """The game on screen as far as it is shown (a replay's position), for questions about it."""
        match = self._shown()
        if match is not None and self.replay is not None:
            return self.replay.truncated(self.position)
        return match

    def why_not(self, wire: list[Any]) -> WhyNot:
        """The engine's reason an action the UI does not offer is illegal (for card rules)."""
        match = self._at_shown_position()
        if match is None:
            return {"legal": False, "why": "no game on screen"}
        try:
            action = match.game.decode_action(wire)
        except RecordError as exc:
            return {"legal": False, "why": str(exc)}
        if action in match.legal_actions():
            return {"legal": True, "why": ""}
        try:
            match.play(action)
        except IllegalActionError as exc:
            return {"legal": False, "why": exc.reason, "rule": exc.rule}
        return {"legal": True, "why": ""}

    def ask(self, question: str, payload: Any = None) -> AskReply:
        """The rules' answer to the screen's question about the game on screen (``Game.query``,
        issue 32: the engine computes, the page draws), for the seat on screen (a game answers
        only that seat's own questions: a secret plan stays its own); changes nothing."""
        match = self._at_shown_position()
        if match is None:
            return {"answer": None, "why": "no game on screen"}
        try:
            return {"answer": match.game.query(match.state, self.viewer, str(question), payload), "why": ""}
        except QueryError as exc:
            return {"answer": None, "why": str(exc)}

    def hint(self) -> HintReply:
        """What the strongest computer level would do now, and why in a phrase; plays nothing."""
        match = self._require_match()
        seat = match.game.current_player(match.state)
        levels = ai_levels(match.record.game)
        if seat is None or not levels:
            return {"hint": None}
        from pygame_core import ai

        legal = match.legal_actions()
        action, why = ai.hint(match.record.game, match.game.view(match.state, seat), legal,
                              seed=match.record.seed ^ len(match.record.actions))
        labels = self._labels(match, self._view(match, seat), legal)
        index = legal.index(action)
        return {"hint": {"i": index, "label": labels[index], "why": why}}

    def undo(self) -> Model:
        """Take back the on-screen seat's last decision and what came after it (``_undo_depth``)."""
        match = self._require_match()
        depth = self._undo_depth(match)
        if not depth:
            self.notices.append("Nothing to undo: a die, a revealed card or another player's move came since.")
            return self._model("game")
        # Against the computer a takeback may cross dice (issue 24): the same state replays the
        # same dice, so nothing is re-rolled; between people C-3.2 holds (``Match.undo``).
        self.match = match.truncated(len(match.record.actions) - depth) if self._takeback() else match.undo(depth)
        self._autosave()
        return self._model("game")

    def peek(self, position: int) -> Model:
        """The board as it stood after ``position`` actions, as the seat on screen saw it then:
        read-only, for the recap's replay and the log's move list; a position outside the game
        (or -1) is the game itself again."""
        match = self._require_match()
        if self.viewer is None or self._handoff_due() or not 0 <= position < len(match.record.actions):
            return self._model("game")
        return self._model("game", peek=position)

    def peek_line(self, line: int) -> Model:
        """The board as the ``line``-th line of the on-screen seat's log left it."""
        match = self._require_match()
        if self.viewer is None:
            return self._model("game")
        return self.peek(self.logs.position_of_line(match, line, self.viewer))

    def set_every_stop(self, on: bool) -> Model:
        """Stop at every window, even with nothing to play there, in this game (or not)."""
        match = self._require_match()
        self.every_stop.set(match.record.game, bool(on))
        if self._pass_idle():
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
        match = self.replay.truncated(self.position)
        return self._begin(match, self._all_human(match))

    def external(self, changes: list[list[Any]]) -> External:
        """Another tab or window of this site changed the saved data (issue 37): take its writes
        into this engine's copy, read the index again, and say whether the game open here was
        played on (or deleted) there, so that the page shows the newer position instead of
        ever writing an older one over it."""
        keys = set()
        for key, value in changes:
            self.kv_accept(str(key), None if value is None else str(value))
            keys.add(str(key))
        if INDEX_KEY in keys or any(k.startswith(GAME_PREFIX) for k in keys):
            self.saves.reload()
        if BEST_KEY in keys:
            self.best = BestScores(self.kv)
        if HISTORY_KEY in keys:
            self.history = History(self.kv)
        if EVERY_STOP_KEY in keys:
            self.every_stop = EveryStop(self.kv)
        open_changed = self.save_id is not None and self.saves.changed_elsewhere(self.save_id)
        if open_changed:
            self.notices.append("This game was played on in another tab or window: its latest position is shown.")
        return {"screen": "external", "open_changed": open_changed, "save_id": self.save_id}

    def kv_accept(self, key: str, value: str | None) -> None:
        accept = getattr(self.kv, "accept", None)
        if accept is not None:
            accept(key, value)
        elif value is None:
            self.kv.remove(key)
        else:
            self.kv.set(key, value)

    def delete(self, save_id: str) -> Model:
        self.saves.delete(save_id)
        if save_id == self.save_id:
            return self.home()
        return self._model("home")

    def share(self) -> ShareLinks | Refused:
        """The two links for the game on screen: challenge (seed + options) and replay."""
        match = self._shown()
        if match is None:
            return {"error": "no game on screen"}
        challenge = encode_link(match.record.challenge())
        outcome = match.game.outcome(match.state)
        if outcome is not None and len(outcome.scores) == 1:
            challenge += f"?beat={outcome.scores[0]}"  # a solo game's challenge names its score
        # Never a locked-in secret in a link (C-4.6): the link stops where a secret phase began.
        replay = encode_link(match.shareable())
        secrets = bool(self._public_view(match).get("secrets")) and not match.is_over
        # C-4.6, SG-14.4: mid-game, a spectator's snapshot is the link that is safe to share.
        spectator = "s/" + spectator_link(match, self._public_view(match)) if secrets else ""
        return {
            "challenge": "c/" + challenge,
            "replay": "r/" + replay,
            "warn": len(replay) > WARN_LINK_CHARS,
            "spoils": secrets,  # C-4.6: a mid-game record holds hidden information and dice
            "spectator": spectator,
        }

    def open_spectator(self, blob: str) -> Model:
        """A spectator link (C-4.6): the game as a spectator saw it when it was shared, read-only."""
        try:
            game_id, options, at, view = read_spectator_link(blob)
        except RecordError as exc:
            self.notices.append(f"This spectator link could not be opened: {exc}.")
            return self.home()
        if game_id not in self.playable:
            self.notices.append("This link is for a game that cannot be played here yet.")
            return self.home()
        self._close()
        game = GAMES[game_id]
        names = [str(n) for n in view["seat_names"]]
        spectated: GameModel = {
            "game_id": game_id, "title": game.title, "options": options, "mode": "spectate", "view": view,
            "viewer": None, "to_move": view["to_move"], "status": view["status"], "score_line": view["score_line"],
            "seats": [{"name": n, "computer": None, "link": False} for n in names], "handoff": None, "claim": None,
            "send": None, "thinking": False, "bylink": None, "actions": [], "at": at, "undo": 0, "takeback": False,
            "recap": None, "log_marks": "", "stops": None, "hint": False, "over": False, "outcome": None,
            "summary": {"turn": None, "score": None, "label": ""}, "beat": None, "guided": False, "pace": None,
            "best": None,
        }
        self.spectating = (spectated, f"s/{blob}")
        return self._model("game")

    def daily_game(self, day: str) -> Job:
        """Today's deck (issue 33): the day's scored try, continued where it was left; once it is
        played, a practice game on the same deck (marked as practice, outside the day's record)."""
        try:
            seed = daily_seed(DAILY_GAME, day)
        except DayError as exc:
            self.notices.append(f"Today's deck could not be made: {exc}.")
            return self.home()
        state = daily_state(self.saves, self.history, day)
        if state["status"] == "playing" and state["save_id"]:
            return (yield from self.open_save(str(state["save_id"])))
        model = self.new_game(DAILY_GAME, {}, str(seed), [HUMAN])
        if state["status"] == "done":
            self.notices.append("Practice on today's deck: your scored try of the day stands.")
            model = self._model("game")
        elif self.save_id is not None:
            self.daily = day
            self._autosave()
            model = self._model("game")
        return model

    def guided_game(self, skin: str = "spacehole") -> Model:
        """The guided first game (issue 33): Spacehole on a fixed deck whose first turns bring
        each kind of card (a structure, a defender, an invader, an event), the screen explaining
        each phase as it happens. Its steps with one thing to do play themselves, as in any game."""
        options = {"skin": skin} if skin in ("spacehole", "babylon5") else {}
        model = self.new_game(DAILY_GAME, options, str(GUIDE_SEED), [HUMAN])
        if self.save_id is not None:
            self.guided = True
            self._autosave()
            model = self._model("game")
        return model

    def daily_status(self, day: str) -> RecordReply:
        """Today's deck on the home screen, and the record of finished games."""
        try:
            daily = daily_state(self.saves, self.history, check_day(day))
        except DayError:
            daily = None
        return {"record": self.history.stats(), "daily": daily}

    def export_all(self) -> TextReply:
        """Every save, the best scores, the history and the settings, as one file's text (issue 37)."""
        return {"text": export_text(self.saves, self.best, self.history, self.every_stop)}

    def import_all(self, text: str) -> Model:
        """Merge an export file into this device; a bad file changes nothing and says why."""
        try:
            self.notices.append(import_text(text, self.saves, self.best, self.history, self.every_stop,
                                            self._new_save_id))
        except ImportRefused as exc:
            self.notices.append(str(exc))
        return self._model("home")

    def export_kept_aside(self) -> TextReply:
        return {"text": json.dumps(self.saves.quarantined(), indent=1)}

    def discard_kept_aside(self) -> Model:
        self.saves.clear_quarantine()
        return self._model("home")

    # -- seats -----------------------------------------------------------------------

    def _check_seats(self, match: Match, seats: list[int]) -> str:
        count = match.game.num_players(match.state)
        if len(seats) != count or not all(type(s) is int for s in seats):
            return f"This game needs a choice for each of its {count} seats."
        levels = ai_levels(match.record.game)
        if any(s not in (HUMAN, LINK) and not 0 <= s < len(levels) for s in seats):
            return "That computer level is not available for this game."
        return ""

    @staticmethod
    def _all_human(match: Match) -> list[int]:
        return [HUMAN] * match.game.num_players(match.state)

    def _humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def _first_viewer(self) -> int | None:
        """Who sees the screen first: the seat to move if a person, else the first person."""
        match = self._require_match()
        seat = match.game.current_player(match.state)
        humans = self._humans()
        if seat is not None and seat in humans:
            # With secrets and several people, the first of them still gets a hand-off.
            return None if self._private(match) and len(humans) > 1 else seat
        return humans[0] if humans else None

    def _private(self, match: Match) -> bool:
        return bool(self._public_view(match).get("secrets"))

    def _handoff_due(self) -> bool:
        """A person's seat is to move, and the screen shows another seat's secrets (DESIGN 5)."""
        match = self.match
        if match is None:
            return False
        seat = match.game.current_player(match.state)
        if seat is None or self.seats[seat] != HUMAN or seat == self.viewer:
            return False
        return self._private(match) and len(self._humans()) > 1

    def _after_move(self) -> None:
        self._follow_the_move()
        self._pass_idle()
        self._autosave()

    def _follow_the_move(self) -> None:
        match = self._require_match()
        seat = match.game.current_player(match.state)
        if seat is not None and self.seats[seat] == HUMAN and not (
                self._private(match) and len(self._humans()) > 1):
            self.viewer = seat  # public game, or one person: the screen follows the move

    def _pass_idle(self) -> bool:
        """Pass for a person at each stop with nothing to decide (``Game.idle_pass``: a window
        where they hold nothing they could play, C-5.4) unless they asked for every stop. Only
        where no hand-off is due: skipping one would tell the others at the device that this
        seat held no card. Returns whether anything was played (the recap shows each pass)."""
        match = self._require_match()
        if match.record.game in self.every_stop:
            return False
        played = False
        for _ in range(IDLE_LIMIT):
            seat = match.game.current_player(match.state)
            if seat is None or self.seats[seat] != HUMAN or self._handoff_due() or self._asking():
                break  # asking: the pass due may be the move sent to be rolled on the friend's device
            idle = match.game.idle_pass(match.state)
            if idle is None:
                break
            if self._hold_roll(match, idle[0]):
                return True
            match = self.match = match.play(idle[0])
            played = True
            self._follow_the_move()
        return played

    def _hold_roll(self, match: Match, action: Any) -> bool:
        """Dice no one can peek at (issue 35, ``linkdice``): a person's decision that rolls, in
        a game by link whose friend's device promised a salt, is not played here; the link
        carries it, with a fresh salt of this device, for that device to roll. Not while
        plotting on a stand-in or in a secret phase (their sealed orders go as before)."""
        links = self.links
        if (LINK not in self.seats or links.theirs is None or links.base is not None or self._asking()
                or match.game.pending_secret(match.state)):
            return False
        seat, friend = match.game.current_player(match.state), links.theirs[1]
        if seat is None or self.seats[seat] != HUMAN or not 0 <= friend < len(self.seats) or self.seats[friend] != LINK:
            return False
        if not match.draws(action):
            return False
        links.asked = Pending(len(match.record.actions), match.game.encode_action(action), new_dice_salt(),
                              links.theirs[0])
        return True

    def _asking(self) -> bool:
        """This device sent a decision for the friend's device to roll, and waits for it."""
        asked, match = self.links.asked, self.match
        return asked is not None and match is not None and asked.at == len(match.record.actions)

    def _takeback(self) -> bool:
        """One person against the computer: Undo takes back across dice (issue 24)."""
        return len(self.seats) > 1 and len(self._humans()) == 1 and all(k != LINK for k in self.seats)

    def _undo_depth(self, match: Match) -> int:
        """How many actions one Undo takes back: the on-screen seat's last decision, with any
        computer replies after it (C-3.2: never across a die, a reveal, or another person's
        decision); 0 when there is nothing to undo. A finished game stays finished: its
        outcome is what the saves, the best scores and a shared link already hold."""
        if self.viewer is None or self._handoff_due() or match.is_over or self._asking():
            return 0
        states = match.states
        reach = len(match.record.actions) if self._takeback() else match.undo_depth()
        for back in range(1, reach + 1):
            position = len(states) - 1 - back
            mover = match.game.current_player(states[position])
            if mover == self.viewer and self.logs.idle_words(match, position) is None:
                return back  # an idle pass is no decision: undo goes on to the one before it
            if mover is None or (self.seats[mover] < 0 and mover != self.viewer):
                return 0  # another person's decision stands
        return 0

    # -- internals -------------------------------------------------------------------

    def _require_match(self) -> Match:
        if self.match is None:
            raise LookupError("no game in play")
        return self.match

    def _shown(self) -> Match | None:
        if self.replay is not None:
            return self.replay
        return self.match

    def _public_view(self, match: Match) -> View:
        """The spectator's view of the match's state. In a one-seat game that is the seat's
        own view: there is no one to hide anything from (a replay shows it too), and a tap then
        makes one view, not two."""
        return self._view(match, 0 if match.game.num_players(match.state) == 1 else None)

    def _view(self, match: Match, viewer: int | None) -> View:
        """A seat's view (None: a spectator's) of the match's state, made once per state and
        seat: a tap asks for the public one several times (the hand-off check, the save's
        summary, the model), and late in a game a view is the largest part of a tap's work."""
        state = match.state
        if self._views[0] is not state:
            self._views = (state, {})
        made = self._views[1]
        if viewer not in made:
            made[viewer] = match.game.view(state, viewer)
        return made[viewer]

    def _turn_marks(self) -> list[int]:
        """Replay steps at which a new turn (or round) begins, from the views' turn numbers."""
        assert self.replay is not None
        if self._marks_for is not self.replay:
            game = self.replay.game
            turns = [game.view(state, None).get("turn_number") for state in self.replay.states]
            self._marks = [i - 1 for i in range(1, len(turns)) if turns[i] != turns[i - 1]]
            self._marks_for = self.replay
        return self._marks

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
                header = read_header(blob)
                match = _decode_now(blob) if not entry.game else None
            except RecordError as exc:
                self.saves.quarantine(f"startable:game:{entry.id}", blob)
                self.notices.append(
                    f"A saved game could not be read ({exc}). It was kept aside; "
                    "you can export it from the home screen."
                )
                continue
            if match is not None:  # its index line was lost: rebuild it from the game itself
                self.saves.put(self._entry(match, entry.id, entry.created or self.now()), blob)
                continue
            if not entry.options:  # saved before the index held options: read them from the link
                try:
                    entry.options = resolve_options(GAMES[header.game].option_schema, header.options)
                except OptionError:
                    continue
                self.saves.update(entry)
            if entry.over and entry.score is not None and not self.best.has(entry.id):
                self.best.record(Score(entry.game, entry.options, entry.score, entry.id, entry.updated))
            if entry.over and not self.history.has(entry.id):  # finished before the history was kept
                try:
                    self._remember(decode_match(blob), entry)
                except RecordError:
                    continue

    def _entry(self, match: Match, save_id: str, created: int) -> SaveEntry:
        summary = summarize(match, self._public_view(match))
        return SaveEntry(
            id=save_id, game=match.record.game, title=match.game.title, created=created,
            updated=self.now(), actions=len(match.record.actions), turn=summary["turn"],
            score=summary["score"], over=match.is_over, label=summary["label"],
            seats=list(self.seats) or self._all_human(match), options=_all_options(match),
            beat=self.beat, daily=self.daily, guided=self.guided,
        )

    def _autosave(self, created: int | None = None) -> None:
        if self.match is None or self.save_id is None:
            return
        if self.saves.changed_elsewhere(self.save_id) and self._take_newer(self.save_id):
            return
        old = self.saves.find(self.save_id)
        kept = self._kept_match()
        entry = self._entry(kept, self.save_id, created or (old.created if old else self.now()))
        if LINK in self.seats:
            self._send_model(self.match, [])  # a commitment's salt is made before it is saved
            entry.link = self.links.to_json()
            entry.label = self._waiting_words() + entry.label
        try:
            self.saves.put(entry, encode_link(kept))
            if entry.over and entry.score is not None:  # SH-9.3: the best score is kept
                self.best.record(Score(entry.game, entry.options, entry.score, entry.id, entry.updated,
                                       pace=_pace(kept)))
            if entry.over:
                self._remember(kept, entry)
        except StorageFailed as exc:
            self.notices.append(f"This game could not be saved on this device: {exc}")

    def _remember(self, match: Match, entry: SaveEntry) -> None:
        """A finished game's result into the history, which outlives the save (issue 37)."""
        outcome = match.game.outcome(match.state)
        if outcome is None or self.history.has(entry.id):
            return
        people = [s for s, kind in enumerate(entry.seats) if kind == HUMAN]
        self.history.record(Result(
            id=entry.id, game=entry.game, options=entry.options, when=entry.updated,
            won=any(seat in outcome.winners for seat in people), score=entry.score, turns=entry.turn,
            daily=entry.daily,
        ))

    def _pace_model(self, match: Match) -> Pace | None:
        """Where a solo game stands against the best game with the same options, turn for turn
        (issue 33): ``{turn, score, best}``; None without such a game or a score so far."""
        now = match.game.progress(match.state)
        if now is None:
            return None
        pace = self.best.pace(match.record.game, _all_options(match), self.save_id or "")
        turn, score = now
        if not pace or not 1 <= turn <= len(pace):
            return None
        return {"turn": turn, "score": score, "best": pace[turn - 1]}

    def _take_newer(self, save_id: str) -> bool:
        """The game open here was saved by another tab since: show that version, never write
        this tab's older one over it (issue 37). False when there is nothing to take (deleted
        there, or unreadable): then this tab's game is saved, so nothing is lost."""
        blob = self.saves.blob(save_id)
        entry = self.saves.find(save_id)
        if blob is None or entry is None:
            return False
        try:
            match = decode_match(blob)
        except RecordError:
            return False
        self._resume(entry, match)  # its model is not the one shown: the command's own follows
        self.notices.append("This game was played on in another tab or window: its latest position is shown "
                            "(the move made here was not kept).")
        return True

    def _waiting_words(self) -> str:
        """A game by link in the list of saves: whose move it is, in a word."""
        match = self._require_match()
        seat = match.game.current_player(match.state)
        if seat is None:
            return ""
        names = [str(n) for n in self._view(match, None).get("seat_names", [])]
        if self._plan_done() and self.links.got is not None:
            seat = self.links.got[3]
        asking = self._asking() and self.links.theirs is not None
        if asking and self.links.theirs is not None:
            seat = self.links.theirs[1]  # its device rolls this device's last move
        if self.links.conceded is not None:
            return f"{_person(names, self.links.names, self.links.conceded)} conceded · "
        friend = next((s for s, kind in enumerate(self.seats) if kind == LINK and self.links.names.get(s)), None)
        versus = "" if friend is None else f"With {_person(names, self.links.names, friend)} · "
        if self.seats[seat] == LINK or self._plan_done() or asking:
            return f"{versus}Waiting for {_person(names, self.links.names, seat)} · "
        return f"{versus}Your turn · " if self.seats[seat] == HUMAN else versus

    def _model(self, screen: str, peek: int | None = None) -> PageModel:
        notices, self.notices = self.notices, []
        model: PageModel = {"screen": screen, "notices": notices, "hash": ""}
        if screen == "home":
            model["home"] = self._home_model()
        elif screen == "game" and self.spectating is not None:
            model["game"] = self.spectating[0].copy()
            model["hash"] = self.spectating[1]
        elif screen == "game":
            model["game"] = self._game_model() if peek is None else self._peek_model(peek)
            model["hash"] = f"g/{self.save_id}" if self.save_id else self.replay_hash
        return model

    def _home_model(self) -> HomeModel:
        return {
            "saves": [dataclasses.asdict(e) for e in self.saves.listing()],
            "best": self.best.listing(),
            "record": self.history.stats(),
            "kept_aside": len(self.saves.quarantined()),
        }

    def _labels(self, match: Match, view: View, legal: Sequence[Any]) -> list[str]:
        labels = view.get("choices")
        if isinstance(labels, list) and len(labels) == len(legal):
            return [str(label) for label in labels]
        return [str(a) for a in legal]

    def _game_model(self) -> GameModel:
        replaying = self.replay is not None
        match = self.replay.truncated(self.position) if self.replay is not None else self._require_match()
        game, state = match.game, match.state
        to_move = game.current_player(state)
        public = self._public_view(match)
        # Nothing of the game before the claim of a link just opened, nor the stand-in's sequel
        # once this seat's sealed orders are in (it is no game: bylink.stand_in).
        hidden = not replaying and (self.claiming is not None or self._plan_done())
        handoff = not replaying and self._handoff_due() and not hidden
        # A replay shows what a spectator sees; a one-seat game has no one to hide from.
        spectator = 0 if game.num_players(state) == 1 else None
        viewer = spectator if replaying else None if handoff else self.viewer
        view = None if handoff or hidden else (public if viewer is None else self._view(match, viewer))
        human_turn = (not replaying and to_move is not None and not handoff and not hidden
                      and self.seats[to_move] == HUMAN and to_move == viewer and self.links.conceded is None
                      and not self._asking())  # the move made is out to be rolled on the friend's device
        legal = match.legal_actions() if human_turn else []
        labels = self._labels(match, view or {}, legal) if legal else []
        outcome = game.outcome(state)
        names = [str(n) for n in public.get("seat_names", [])]
        model: GameModel = {
            "game_id": match.record.game,
            "title": game.title,
            "options": match.record.options,
            "mode": "replay" if replaying else "play",
            "view": view,
            "viewer": viewer,
            "to_move": to_move,
            "status": public.get("status", ""),
            "score_line": public.get("score_line", ""),
            "seats": [
                {"name": names[s] if s < len(names) else f"Seat {s + 1}",
                 "computer": None if replaying or self.seats[s] < 0
                 else ai_levels(match.record.game)[self.seats[s]],
                 "link": not replaying and self.seats[s] == LINK}
                for s in range(game.num_players(state))
            ],
            "handoff": {"seat": to_move, "name": names[to_move] if to_move is not None else ""} if handoff else None,
            "claim": None if replaying else self.claiming,
            "send": None if replaying else self._send_model(match, names),
            "thinking": not replaying and to_move is not None and self.seats[to_move] >= 0 and self.links.base is None
            and self.links.conceded is None,
            "bylink": None if replaying or LINK not in self.seats else by_link_model(self.links, names),
            "actions": [
                {"i": i, "label": labels[i], "kind": type(a).__name__, "fields": _fields(a)}
                for i, a in enumerate(legal)
            ],
            "at": len(match.record.actions),
            "undo": 0 if replaying else self._undo_depth(match),
            "takeback": not replaying and self._takeback(),
            # What happened since the seat on screen last decided (issue 24), till it decides again.
            "recap": recap(match, viewer, view["log"], self.logs)
            if view is not None and viewer is not None and not replaying else None,
            "log_marks": log_marks(match, viewer, self.logs) if view is not None else "",
            # Stops with nothing to decide pass by themselves unless the player asks for them.
            "stops": {"every": match.record.game in self.every_stop,
                      "label": str(getattr(game, "IDLE_SETTING", CARD_WINDOW_SETTING))}
            if not replaying and _has_idle_stops(game) else None,
            "hint": bool(human_turn and len(legal) > 1 and ai_levels(match.record.game)),
            "over": match.is_over or (not replaying and self.links.conceded is not None),
            "outcome": conceded_outcome(self.links, self.seats, names) if outcome is None and not replaying
            else None if outcome is None else {
                "winners": list(outcome.winners), "scores": list(outcome.scores),
                "reason": outcome.reason,
            },
            "summary": summarize(match, public),
            "beat": None if replaying else self.beat,
            "guided": not replaying and self.guided,
            "pace": None if replaying or outcome is not None else self._pace_model(match),
            # A finished solo game against the best before it with the same options (SH-9.3).
            "best": self.best.best(match.record.game, _all_options(match), self.save_id or "")
            if outcome is not None and len(outcome.scores) == 1 else None,
        }
        if self.replay is not None:
            model["step"] = self.position
            model["steps"] = len(self.replay.record.actions)
            model["turn_marks"] = self._turn_marks()
            final = self.replay.game.outcome(self.replay.state)
            model["final"] = {"over": final is not None,
                              "winners": list(final.winners) if final else [],
                              "scores": list(final.scores) if final else []}
            model["last_action"] = self._label_of_step(self.replay, self.position) if self.position else ""
            model["last_step"] = self._last_step(self.replay, self.position, final is not None)
        return model

    def _peek_model(self, position: int) -> GameModel:
        """The game model of a look back: the seat on screen's view after ``position`` actions,
        with no decision to take (mode "peek")."""
        match = self._require_match()
        past = match.truncated(position)
        viewer = self.viewer
        model = self._game_model()
        # The step's own words only for the seat's own step: another seat's button words, read
        # from that seat's view, may name what it hides (a fleet's ships).
        mover = match.game.current_player(match.states[position - 1]) if position else None
        model.update({
            "mode": "peek", "view": past.game.view(past.state, viewer), "actions": [], "hint": False,
            "undo": 0, "recap": None, "thinking": False, "over": False, "outcome": None,
            "to_move": past.game.current_player(past.state), "status": self._view(past, None).get("status", ""),
            "peek": {"step": position, "steps": len(match.record.actions),
                     "label": self._label_of_step(match, position) if mover == viewer is not None else ""},
            "last_step": self._last_step(match, position, True) if mover == viewer is not None else None,
        })
        return model

    def _label_of_step(self, match: Match, position: int) -> str:
        """The words the mover saw on the button for the ``position``-th action of ``match``."""
        before = match.states[position - 1]
        action = match.game.decode_action(match.record.actions[position - 1])
        legal = match.game.legal_actions(before)
        mover = match.game.current_player(before)
        labels = self._labels(match, match.game.view(before, mover), legal)
        return labels[legal.index(action)] if action in legal else str(action)

    @staticmethod
    def _last_step(match: Match, position: int, finished: bool) -> LastStep | None:
        """The action of the step shown, for the screen to word (``choiceLabel``) as its mover
        saw it: with the mover's view only once the whole game has ended (a spectator of an
        unfinished game sees public information only, so its screen words nothing)."""
        if not position or not finished:
            return None
        before = match.states[position - 1]
        action = match.game.decode_action(match.record.actions[position - 1])
        mover = match.game.current_player(before)
        return {"kind": type(action).__name__, "fields": _fields(action),
                "view": match.game.view(before, mover)}


def _decode(blob: str) -> Replaying:
    """Decode and replay a blob, reporting progress every REPLAY_CHUNK actions."""
    total = read_header(blob).action_count
    for step in decode_steps(blob, REPLAY_CHUNK):
        if isinstance(step, Match):
            return step
        yield step, total
    raise RecordError("the link ended early")  # pragma: no cover: decode_steps ends with a Match


SPECTATOR_LOG = 80  # the log lines a spectator link keeps: the recent game, not all of it


def spectator_link(match: Match, public: View) -> str:
    """A spectator's snapshot of the game now (C-4.6): the spectator view alone, with its last
    SPECTATOR_LOG log lines, so it holds nothing a spectator may not know and stays short."""
    view = {k: v for k, v in public.items() if k != "events"}  # the events are for the computer players
    log = [str(line) for line in view.get("log", [])]
    view["log"] = log[-SPECTATOR_LOG:]
    parts = view.get("log_parts")
    if isinstance(parts, dict):  # a line's parts, keyed by its words: those of the lines kept
        view["log_parts"] = {line: parts[line] for line in view["log"] if line in parts}
    return pack_data([1, match.record.game, dict(match.record.options), len(match.record.actions), view])


def read_spectator_link(blob: str) -> tuple[str, dict[str, Any], int, View]:
    """The parts of a spectator link, checked for the keys the shell reads; RecordError if not."""
    data = unpack_data(blob, items=5_000)
    if not (isinstance(data, list) and len(data) == 5 and data[0] == 1 and isinstance(data[1], str)
            and isinstance(data[2], dict) and type(data[3]) is int and isinstance(data[4], dict)):
        raise RecordError("it is damaged or was made by another version of Star Table")
    view: View = data[4]
    names, log = view.get("seat_names"), view.get("log")
    if not (isinstance(names, list) and all(isinstance(n, str) for n in names) and isinstance(log, list)
            and all(isinstance(line, str) for line in log) and isinstance(view.get("status"), str)
            and isinstance(view.get("score_line"), str)
            and (view.get("to_move") is None or type(view.get("to_move")) is int)):
        raise RecordError("it is damaged (the view lacks what a game screen needs)")
    return data[1], data[2], data[3], view


def _changes(sender: str) -> str:
    return (f"This link changes moves already made in your game with {sender}: it was not opened. The two "
            f"devices hold different versions (the same seat played on two devices, or in two tabs).")


def _check_envelope(got: Match, envelope: Envelope) -> None:
    """A link's envelope must fit its game: one kind per seat, seats that exist, computer seats
    only where the game has computer players (a level above its top plays at the top)."""
    count = got.game.num_players(got.state)
    levels = len(ai_levels(got.record.game))
    if (len(envelope.kinds) != count or not 0 <= envelope.sender < count or not 0 <= envelope.to < count
            or any(kind != PERSON and (kind < 0 or not levels) for kind in envelope.kinds)
            or envelope.kinds[envelope.to] != PERSON or envelope.kinds[envelope.sender] != PERSON
            or envelope.to == envelope.sender):
        raise RecordError("the link is damaged (its seats do not fit its game)")
    mover = got.game.current_player(got.state)
    if (envelope.commit is None and envelope.plan is None and envelope.pending is None and not got.is_over
            and not envelope.conceded and mover != envelope.to):
        raise RecordError("the link is damaged (it is sent to a seat that is not to move)")


def _roll_dice(links: LinkPlay, held: int, match: Match, envelope: Envelope, sender: str, names: list[str],
               take: bool) -> Match:
    """Dice no one can peek at (issue 35, ``linkdice``), as a friend's link comes in: the
    decision this device sent rolled with the salts both promised (checked), no roll made
    there unasked, the friend's new commitment kept, and a decision of theirs rolled here
    with this device's salt, which its next links reveal. ``held``: the actions held here."""
    asked = None if take else links.asked
    if take:
        links.asked = None
    if asked is not None:
        check_rolled(match, asked, asked.salt, envelope.rolled, held, sender)
        if len(match.record.actions) > asked.at:
            links.asked = None
    elif not take and unasked_rolls(match, held):
        raise DiceRefused(f"This link from {sender} rolled dice no one asked it to: it was not opened.")
    # A newer link from the friend holds every move this device rolled before: its salts
    # reached them (their device checked them as it took the link), so they go no more.
    links.dused = [r for r in links.dused if r[0] >= held]
    if envelope.dice:
        links.theirs = (envelope.dice, envelope.sender)
    if envelope.pending is not None:
        to = names[envelope.to] if envelope.to < len(names) else "this seat"
        match = resolve(match, envelope.pending, links.dsalt, to)
        links.dused = [*links.dused[-3:], (envelope.pending.at, links.dsalt)]
        links.dsalt = new_dice_salt()
    return match


def _person(names: list[str], people: dict[int, str], seat: int) -> str:
    """A seat as the player knows it: "Ana (White)" when its person's name came in a link."""
    seat_name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    return f"{people[seat]} ({seat_name})" if people.get(seat) else seat_name


def _check_seats_match(seats: list[int], envelope: Envelope, got: Match, names: list[str], sender: str) -> None:
    """A link of a game held here must say what the save says of its seats (a person, or which
    computer), come from a seat played elsewhere and go to one played here (a finished game's
    last link may go to any person); nothing in it turns a game by link into another kind."""
    expected = tuple(PERSON if kind < 0 else kind for kind in seats)
    levels = len(ai_levels(got.record.game))
    clamp = tuple(k if k == PERSON else min(k, max(levels - 1, 0)) for k in envelope.kinds)
    if len(seats) != len(envelope.kinds) or clamp != tuple(k if k == PERSON else min(k, max(levels - 1, 0))
                                                           for k in expected):
        raise LinkRefused(f"This link from {sender} gives the seats other players than your game does (a person "
                          "or a computer): it was not opened. Ask them to send the link from the game itself.")
    if seats[envelope.sender] == HUMAN:
        raise LinkRefused(f"This link says it comes from {names[envelope.sender]}, the seat this device plays: "
                          "it was not opened.")
    if seats[envelope.to] != HUMAN and not (got.is_over or envelope.conceded):
        raise LinkRefused(f"This link is for {names[envelope.to]}, who plays on another device, not for this one: "
                          f"it was not opened. Send it on to {names[envelope.to]}.")


def _check_reveal(links: LinkPlay, got: Match, envelope: Envelope, names: list[str]) -> None:
    """A link that follows the orders this device sent in the clear must carry them unchanged,
    after the sealed orders this device was promised (their salt now revealed, bylink)."""
    if links.got is None:
        return
    cut, count, digest, holder = links.got
    actions = got.record.actions
    who = names[holder] if holder < len(names) else "The other player"
    reveal = next((r for r in envelope.reveals if r.cut == cut and count in (-1, r.count)), None)
    count = reveal.count if reveal is not None else max(count, 0)
    end = cut + count + len(links.mine)
    if not links.mine or len(actions) < end or actions[cut + count:end] != links.mine:
        raise Conflict(f"This link from {who} does not carry the orders you sent: it was not opened.")
    if reveal is None or seal(actions[cut:cut + count], reveal.salt) != digest:
        raise LinkRefused(f"{who}'s orders were changed after yours were sent: the link was not opened.")


def _decode_now(blob: str) -> Match:
    job = _decode(blob)
    while True:
        try:
            next(job)
        except StopIteration as done:
            match: Match = done.value
            return match


def _pace(match: Match) -> list[int]:
    """The score at the end of each turn of a finished game (``Game.progress``): its pace."""
    by_turn: dict[int, int] = {}
    for state in match.states:
        now = match.game.progress(state)
        if now is not None:
            by_turn[now[0]] = now[1]
    return [by_turn.get(turn, 0) for turn in range(1, max(by_turn, default=0) + 1)]


def _offers_stop_switch(match: Match) -> bool:
    """Whether the decision due is an idle stop (``Game.idle_pass``) at which the seat could
    also switch its stops (C-5.4): more than the pass is offered."""
    return match.game.idle_pass(match.state) is not None and len(match.legal_actions()) > 1


def _has_idle_stops(game: object) -> bool:
    """Whether a game ever stops with nothing to decide (it has its own ``idle_pass``)."""
    own: object = getattr(type(game), "idle_pass", None)
    return own is not GameBase.idle_pass


def _all_options(match: Match) -> dict[str, Any]:
    """Every option of the match's game, defaults included: what makes two games alike."""
    return resolve_options(match.game.option_schema, match.record.options)


def _score_to_beat(query: str) -> int | None:
    """``beat=N`` from a challenge link's query; anything else is ignored."""
    for part in query.split("&"):
        key, _, value = part.partition("=")
        if key == "beat" and value.lstrip("-").isdigit() and len(value) <= 9:
            return int(value)
    return None


def _fields(action: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    return {}


def summarize(match: Match, public: View | None = None) -> Summary:
    """Turn, score and a one-line label for lists, from the public view (``public``, when the
    caller has it) and the outcome."""
    view = match.game.view(match.state, None) if public is None else public
    turn = view.get("turn_number") if isinstance(view.get("turn_number"), int) else None
    outcome = match.game.outcome(match.state)
    score: int | None = None
    if outcome is not None and len(outcome.scores) == 1:
        score = outcome.scores[0]  # a solo game's score (SH-9.3 keeps the best)
    if outcome is not None:
        label = f"Finished: {outcome.reason}" if outcome.reason else "Finished"
    else:
        label = " · ".join(str(part) for part in (view.get("status"), view.get("score_line")) if part)
    return {"turn": turn, "score": score, "label": label or f"{len(match.record.actions)} moves"}
