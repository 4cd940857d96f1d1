"""Two tabs of the site never lose a game (issue 37): writes are merged by game id under a lock,
each tab hears of the other's writes, and a tab whose game was played on elsewhere shows the
newer position instead of writing an older one over it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page

from pygame_core import Match, decode_match, encode_link
from tests.web.test_bylink_logic import HUMAN, LINK, Device, _play_local

from .conftest import Contexts, wait_ready
from .helpers import settle
from .site import STEP_MS, Site
from .test_bylink import _play_until_send


@pytest.fixture
def context(contexts: Contexts, site: Site) -> Iterator[BrowserContext]:
    yield contexts.new(site, viewport={"width": 412, "height": 839})


def _page(context: BrowserContext, site: Site, errors: list[str]) -> Page:
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site.url)
    wait_ready(page)
    return page


def _stored(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    return data


def _at(page: Page) -> int:
    return int(page.get_attribute("#game", "data-at") or "0")


def _play(page: Page, moves: int) -> None:
    """Play ``moves`` decisions of the Spacehole game on screen by its first choice."""
    for _ in range(moves):
        at = _at(page)
        page.wait_for_selector(f"#game[data-settled='{at}'] #choices .choice", timeout=STEP_MS)
        page.locator("#choices .choice").first.click()
        page.wait_for_selector(f"#game:not([data-at='{at}'])", timeout=STEP_MS)


def _new_spacehole(page: Page, site: Site, seed: int) -> str:
    page.goto(site.url + "#c/" + encode_link(Match.start("spacehole", {"battle_length": "force_rounds"}, seed)))
    page.wait_for_selector("#setup #start:not([data-waits])", timeout=STEP_MS)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])[data-at='0']", timeout=STEP_MS)
    return str(page.evaluate("location.hash")).removeprefix("#g/")


def _open(page: Page, site: Site, save_id: str) -> None:
    page.goto(site.url + "#g/" + save_id)
    page.wait_for_selector("#game:not([hidden])", timeout=STEP_MS)


def test_two_tabs_interleaved_lose_nothing(context: BrowserContext, site: Site) -> None:
    errors: list[str] = []
    a = _page(context, site, errors)
    b = _page(context, site, errors)

    first = _new_spacehole(a, site, 101)
    _play(a, 3)
    # B opens the same game and plays on: A hears of it and shows the newer position.
    _open(b, site, first)
    assert _at(b) == 3
    _play(b, 4)
    a.wait_for_selector("#game[data-at='7']", timeout=STEP_MS)
    _play(a, 2)  # A plays on from the newer position, not from its own older one
    b.wait_for_selector("#game[data-at='9']", timeout=STEP_MS)

    # Each tab starts another game; neither index write drops the other's game.
    second = _new_spacehole(b, site, 202)
    _play(b, 1)
    third = _new_spacehole(a, site, 303)
    _play(a, 2)
    fourth = _new_spacehole(b, site, 404)

    # A deletes B's newest game from its home screen while B looks at its list.
    a.goto(site.url + "#")
    a.wait_for_selector(f"#home:not([hidden]) .save[data-save='{fourth}']", timeout=STEP_MS)
    b.goto(site.url + "#")
    b.wait_for_selector("#home:not([hidden])", timeout=STEP_MS)
    a.locator(f".save[data-save='{fourth}']").get_by_role("button", name="Delete").first.click()
    a.wait_for_selector("dialog[open]")
    a.locator("dialog .btn.danger").click()
    a.wait_for_selector(f".save[data-save='{fourth}']", state="detached", timeout=STEP_MS)
    b.wait_for_selector(f".save[data-save='{fourth}']", state="detached", timeout=STEP_MS)

    # A third tab lists every game at its latest move, and nothing is orphaned.
    c = _page(context, site, errors)
    stored = _stored(c)
    index = json.loads(stored["startable:index"])
    listed = {e["id"]: e for e in index["games"]}
    blobs = {k.removeprefix("startable:game:") for k in stored if k.startswith("startable:game:")}
    assert set(listed) == blobs == {first, second, third}, (listed.keys(), blobs)
    wanted = {first: 9, second: 1, third: 2}
    for save_id, actions in wanted.items():
        assert listed[save_id]["actions"] == actions, (save_id, listed[save_id])
        assert len(decode_match(stored["startable:game:" + save_id]).record.actions) == actions
        c.wait_for_selector(f".save[data-save='{save_id}']", timeout=STEP_MS)
    assert errors == [], errors


def test_a_stale_tab_never_writes_over_a_newer_game(context: BrowserContext, site: Site) -> None:
    """The race the storage event cannot close: a tab that has not yet heard of the other's
    write plays a move; the write is refused under the lock and the newer game is shown."""
    errors: list[str] = []
    a = _page(context, site, errors)
    save_id = _new_spacehole(a, site, 505)
    _play(a, 2)
    newer = Match.start("spacehole", {"battle_length": "force_rounds"}, 505)
    saved = decode_match(_stored(a)["startable:game:" + save_id])
    for wire in saved.record.actions:
        newer = newer.play(newer.game.decode_action(wire))
    for _ in range(4):
        newer = newer.play(newer.legal_actions()[0])
    # Another tab's write that this tab did not hear of (a page's own writes fire no event).
    a.evaluate("([key, blob]) => localStorage.setItem(key, blob)", ["startable:game:" + save_id, encode_link(newer)])
    _play(a, 1)
    a.wait_for_selector("#game[data-at='6']", timeout=STEP_MS)
    assert "another tab" in a.inner_text("#notice")
    assert len(decode_match(_stored(a)["startable:game:" + save_id]).record.actions) == 6
    assert errors == [], errors


def test_a_game_by_link_claimed_in_one_tab_is_never_rolled_back_by_another(context: BrowserContext, site: Site) -> None:
    """The by-link case of issue 37 (and 35's dead end 4): the friend's link claimed in tab A,
    opened again in an older tab B, the friend's next link taken in B; A, left on its send
    screen, shows the newer position, and one save holds the game at its latest move."""
    errors: list[str] = []
    friend = Device(("warfare",))
    friend.app.new_game("warfare", {"round_limit": 10}, "48", [HUMAN, LINK])
    first = _play_local(friend)["send"]["link"]
    a = _page(context, site, errors)
    b = _page(context, site, errors)

    def claim(page: Page, link: str) -> None:
        page.goto(site.url + "#" + link)
        page.wait_for_selector("#claim", timeout=STEP_MS)
        settle(page)
        page.click("#claim")
        page.wait_for_selector("#claim", state="detached", timeout=STEP_MS)

    claim(a, first)
    reply = _play_until_send(a, random.Random(7))
    after_a = _at(a)
    # B opens the friend's first link again: the newer game held here is shown, nothing rolls back.
    b.goto(site.url + "#" + first)
    b.wait_for_selector(f"#game[data-at='{after_a}']", timeout=STEP_MS)
    assert "newer position" in b.inner_text("#notice")
    # The friend answers A's move; B takes that link and plays on while A still shows its link.
    friend.open(reply.split("#", 1)[1])
    friend.app.claim(friend.model()["at"])
    second = _play_local(friend)["send"]["link"]
    claim(b, second)
    _play_until_send(b, random.Random(8))
    latest = _at(b)
    a.wait_for_selector(f"#game[data-at='{latest}']", timeout=STEP_MS)

    c = _page(context, site, errors)
    stored = _stored(c)
    games = [e for e in json.loads(stored["startable:index"])["games"] if e["game"] == "warfare"]
    assert len(games) == 1, games
    assert games[0]["actions"] == latest
    assert len(decode_match(stored["startable:game:" + games[0]["id"]]).record.actions) == latest
    assert errors == [], errors
