"""Playing with a friend on another device, by link (issue 26): two browser contexts (two
devices, separate storage) pass ``#send [data-link]`` to each other and claim their seats."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_core import Match, RecordError, decode_link

from .conftest import Contexts
from .helpers import challenge_blob, settle, wait_until
from .site import BOOT_TIMEOUT_MS, Site
from .test_skirmish import LEAK_SCRIPT

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from star_web.bylink import split_play_link

READY = ("() => { const g = document.querySelector('#game'); return Boolean(g) && !g.hidden && "
         "(Boolean(document.querySelector('#send [data-link], #claim, [data-outcome]')) || "
         "(g.dataset.mode === 'play' && !g.dataset.thinking && g.dataset.settled === g.dataset.at)); }")


@pytest.fixture(scope="module")
def devices(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> Iterator[tuple[Page, Page]]:
    """Two phones, each its own storage; both record the text drawn on their canvases."""
    pages = []
    errors: list[str] = []
    for _ in range(2):
        context = contexts.new(site, **pixel7)
        context.add_init_script(LEAK_SCRIPT)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(site.url)
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT_MS)
        pages.append(page)
    yield pages[0], pages[1]
    assert errors == [], errors


def _start_with_a_friend(page: Page, game: str, options: dict[str, object], seed: int, friend: int = 1,
                         computer: int | None = None) -> None:
    page.goto(page.url.split("#")[0] + "#c/" + challenge_blob(seed, options, game=game))
    page.wait_for_selector("#setup #start", timeout=BOOT_TIMEOUT_MS)
    if page.locator("#notice").is_visible():  # e.g. the request to keep games, after one by link
        page.click("#notice .btn")
    page.select_option(f"#seat-{friend}", "link")
    assert page.locator("#link-trust").is_visible()  # said once, where a seat by link is chosen
    if computer is not None:
        page.select_option(f"#seat-{computer}", "1")
    page.click("#start")
    page.wait_for_selector("#game[data-at]")


def _play_until_send(page: Page, rng: random.Random, limit: int = 400) -> str:
    """Tap choices (the computer playing its seats) until the game gives a link to send."""
    for _ in range(limit):
        wait_until(page, READY)
        link = page.query_selector("#send [data-link]")
        if link:
            return link.get_attribute("data-link") or ""
        if page.query_selector("#handoff .btn"):
            page.click("#handoff .btn")
            continue
        buttons = page.locator("#choices .choice").all()
        assert buttons, "a decision with no choice"
        before = page.get_attribute("#game", "data-at")
        rng.choice(buttons).click()
        wait_until(page, "(at) => document.querySelector('#game').dataset.at !== at || "
                         "Boolean(document.querySelector('#send [data-link], [data-outcome]'))", before)
    raise AssertionError("no link to send")


def _receive(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#claim")
    assert page.query_selector("#board, #board-area canvas") is None  # nothing of the game yet
    settle(page)  # the claim, like a hand-off, takes no tap before the shell's read time has passed
    page.click("#claim")
    page.wait_for_selector("#claim", state="detached")


def test_two_devices_play_a_whole_warfare_game_by_link(devices: tuple[Page, Page]) -> None:
    a, b = devices
    rng = random.Random(3)
    _start_with_a_friend(a, "warfare", {"round_limit": 10}, 44)
    sender, receiver = a, b
    for _ in range(200):
        url = _play_until_send(sender, rng)
        assert "#p/" in url and url.startswith(sender.url.split("#")[0])
        final = sender.query_selector("[data-outcome]") is not None
        _receive(receiver, url)
        if final:
            break
        # The receiver sees what its friend did since its own last move.
        if receiver.query_selector("#recap"):
            assert receiver.locator("#recap .recap-step").count() >= 1
        sender, receiver = receiver, sender
    else:
        raise AssertionError("the game did not end")
    for page in (a, b):
        page.wait_for_selector("[data-outcome]")
    # Each device lists the game as finished.
    for page in (a, b):
        page.click("#nav-home")
        page.wait_for_selector("#home .save")
        assert "Finished" in page.inner_text("#home .save")


def test_simultaneous_orders_by_link_leave_the_first_seats_orders_unseen(devices: tuple[Page, Page]) -> None:
    a, b = devices
    rng = random.Random(5)
    _start_with_a_friend(a, "skirmish", {"turn_limit": 2}, 61)
    url = _play_until_send(a, rng)
    blob, envelope = split_play_link(url.split("#p/", 1)[1])
    assert envelope.commit is not None, "West's secret design went out without a commitment"
    record = decode_link(blob)
    assert len(record.actions) == envelope.commit.cut
    # West's sealed actions, as West's device keeps them: none of them is in the link's record.
    saved = a.evaluate("() => Object.entries(localStorage).filter(([k]) => k.startsWith('startable:game:'))"
                       ".map(([, v]) => v)")
    full = next(m for m in (_match(v) for v in saved) if m is not None and m.record.seed == record.seed)
    sealed = full.record.actions[envelope.commit.cut:]
    assert sealed and len(full.record.actions) > len(record.actions)
    _receive(b, url)
    # East plots on its device: what its page says of West (DOM and canvas) before the reveal.
    before = _west_lines(b)
    reply = _play_until_send(b, rng)
    _, answer = split_play_link(reply.split("#p/", 1)[1])
    assert answer.plan is not None and answer.commit is None
    _receive(a, reply)
    onward = _play_until_send(a, rng)
    _, revealed = split_play_link(onward.split("#p/", 1)[1])
    assert revealed.reveals, "the next link does not reveal West's salt"
    _receive(b, onward)  # checked against the commitment on the way in (else no claim)
    # Once revealed, East's page says what West designed: none of it was on screen before.
    news = _west_lines(b) - before
    assert news, "nothing of West's design was revealed, so the scan proves nothing"


def _west_lines(page: Page) -> set[str]:
    text = page.evaluate("document.documentElement.innerText + '\\n' + window.__drawn.join('\\n')")
    return {line.strip() for line in text.splitlines()
            if ("West" in line or "W1" in line) and any(c.isdigit() for c in line)}


def _match(blob: str) -> Match | None:
    try:
        return Match.from_record(decode_link(blob))
    except RecordError:  # any other save on the device is not the game looked for
        return None


def test_three_seat_genocide_with_a_friend_by_link_and_a_computer(devices: tuple[Page, Page]) -> None:
    a, b = devices
    rng = random.Random(7)
    _start_with_a_friend(a, "genocide", {"players": 3}, 83, friend=1, computer=2)
    sender, receiver = a, b
    for _ in range(3):
        url = _play_until_send(sender, rng, limit=600)
        _receive(receiver, url)
        # No hand-off on either device: one person each; the claim stood in for it.
        assert receiver.query_selector("#handoff") is None
        sender, receiver = receiver, sender
    for page in (a, b):
        page.click("#nav-home")
        page.wait_for_selector("#home .save")
        text = page.inner_text("#home .save")
        assert "Your turn" in text or "Waiting for" in text


@pytest.mark.parametrize("payload", ["p/", "p/abc", "p/AAAA.BBBB", "p/" + "x" * 3000])
def test_a_bad_game_link_says_so_and_changes_nothing(devices: tuple[Page, Page], payload: str) -> None:
    a, _ = devices
    a.goto(a.url.split("#")[0] + "#")
    a.wait_for_selector("#home")
    before = a.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    a.goto(a.url.split("#")[0] + "#" + payload)
    a.wait_for_selector("#notice:not([hidden])", timeout=30_000)
    wait_until(a, "() => document.body.dataset.screen === 'home'")
    assert a.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())") == before


def test_a_name_and_a_note_ride_with_the_move_and_a_concession_ends_the_game(devices: tuple[Page, Page]) -> None:
    a, b = devices
    rng = random.Random(7)
    _start_with_a_friend(a, "warfare", {"round_limit": 10}, 45)
    _play_until_send(a, rng)
    a.click("#link-extra summary")
    a.fill("#link-name", "Ana")
    a.fill("#link-note", "<b>your move</b> " + "x" * 300)
    assert len(a.input_value("#link-note")) == 140  # the field stops at the limit
    before = a.get_attribute("#send [data-link]", "data-link")
    a.click("#link-note-save")
    wait_until(a, "(old) => { const l = document.querySelector('#send [data-link]'); "
                  "return Boolean(l) && l.dataset.link !== old; }", before)
    url = a.get_attribute("#send [data-link]", "data-link") or ""
    _, envelope = split_play_link(url.split("#p/", 1)[1])
    assert envelope.name == "Ana" and envelope.note.startswith("<b>your move</b>") and len(envelope.gid) == 12
    b.goto(url)
    b.wait_for_selector("#claim")
    assert "Ana (White)" in b.inner_text("#claim-title")
    assert "first link of this game on this device" in b.inner_text("#claim-first")
    assert b.inner_text("#claim-note").startswith("<b>your move</b>")  # as text, never markup
    assert b.query_selector("#claim-note b") is None
    settle(b)
    b.click("#claim")
    b.wait_for_selector("#claim", state="detached")
    wait_until(b, READY)
    b.click("#concede")
    b.click("#concede-yes")
    b.wait_for_selector("[data-outcome] #send [data-link]")
    _receive(a, b.get_attribute("#send [data-link]", "data-link") or "")
    a.wait_for_selector("[data-outcome]")
    assert "conceded" in a.inner_text("#end-screen")
    a.click("#rematch")
    a.wait_for_selector("#send [data-link], #choices .choice")


def test_the_same_seat_on_two_devices_the_player_takes_the_friends_version(
        devices: tuple[Page, Page], contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> None:
    a, b1 = devices
    b2 = contexts.new(site, **pixel7).new_page()
    b2.set_default_timeout(60_000)
    b2.goto(site.url)
    b2.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT_MS)
    _start_with_a_friend(a, "warfare", {"round_limit": 10}, 46)
    first = _play_until_send(a, random.Random(1))
    _receive(b1, first)
    _receive(b2, first)
    _play_until_send(b1, random.Random(9))  # phone 1 plays its turn and never sends it
    _receive(a, _play_until_send(b2, random.Random(2)))  # phone 2's move reaches the friend
    onward = _play_until_send(a, random.Random(3))
    b1.goto(onward)
    b1.wait_for_selector("#fork #take-fork")
    assert "both versions are kept" in b1.evaluate("() => document.body.textContent")
    b1.click("#take-fork")
    b1.wait_for_selector("#claim")
    settle(b1)
    b1.click("#claim")
    b1.wait_for_selector("#claim", state="detached")
    _receive(a, _play_until_send(b1, random.Random(4)))  # the friend takes phone 1's next move


def test_the_private_window_preview_of_a_roll_shows_nothing(contexts: Contexts, site: Site,
                                                            pixel7: dict[str, Any]) -> None:
    """Issue 35's dice no one can peek at, in the browser: the move that rolls, made on a fresh
    device from the friend's last link (the worker's controller, run here in CPython, makes
    exactly that link), opened as the friend on another fresh device, is refused and shows
    nothing of the game or its dice; nothing is saved there."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.web.test_bylink_dice import _play_local, _start, _until_a_roll_is_asked
    from tests.web.test_bylink_logic import Device

    a, b = _start()
    _, _, answered, _ = _until_a_roll_is_asked(a, b)
    window = Device(("warfare",))
    window.open(answered)
    attack = _play_local(window)["send"]["link"]
    pending = split_play_link(attack.removeprefix("p/"))[1].pending
    assert pending is not None and len(window.app._require_match().record.actions) == pending.at
    pages = []
    for _ in range(2):
        page = contexts.new(site, **pixel7).new_page()
        page.goto(site.url)
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT_MS)
        pages.append(page)
    first, second = pages
    _receive(first, site.url + "#" + answered)  # the friend's last link in a private window: it opens
    second.goto(site.url + "#" + attack)  # the move to roll, "as the friend", on another fresh device
    second.wait_for_selector("#notice:not([hidden])", timeout=30_000)
    wait_until(second, "() => document.body.dataset.screen === 'home'")
    assert "only that device holds the salt" in second.inner_text("#notice")
    assert second.query_selector("#claim, #board, #board-area canvas") is None
    assert second.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('startable:game:')).length") == 0
