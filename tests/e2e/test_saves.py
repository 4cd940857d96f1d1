"""Autosave to localStorage, resume after a reload, corrupt entries, deleting (DESIGN 3)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from pygame_core import decode_match

from .conftest import wait_ready
from .helpers import dismiss_notice, notice, tap, tap_choice, wait_until


def _saved(page: Page) -> dict[str, str]:
    stored: dict[str, str] = page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    return stored


def test_new_game_from_the_setup_form_autosaves_every_action(phone: Page) -> None:
    phone.locator("[data-game='spacehole']").get_by_role("button", name="New game").tap()
    phone.wait_for_selector("#setup-screen:not([hidden]) #start:not([data-waits])")
    assert phone.evaluate("location.hash") == "#new/spacehole"
    phone.locator("input[name='opt-skin'][value='\"babylon5\"']").check()
    # Not the Hard Base: the setup's seed is random, and a 5-hit Base can fall at once.
    phone.locator("input[name='opt-battle_length'][value='\"force_rounds\"']").check()
    tap(phone, "#start")
    phone.wait_for_selector("#game:not([hidden])[data-at='0']")
    save_id = phone.evaluate("location.hash").removeprefix("#g/")
    assert phone.inner_text("#game-title") == "Spacehole · Babylon 5"
    played = 0
    for moves in (1, 2):
        if phone.locator("[data-outcome]").count():
            break  # the setup's seed is random: a Hard Base can fall to the very first invader
        tap_choice(phone, 0)
        played = moves
        index = json.loads(_saved(phone)["startable:index"])
        entry = next(e for e in index["games"] if e["id"] == save_id)
        assert entry["actions"] == moves and entry["seats"] == [-1]
    match = decode_match(_saved(phone)[f"startable:game:{save_id}"])
    assert played >= 1 and len(match.record.actions) == played
    assert match.record.options == {"skin": "babylon5"}


def _saved_game(page: Page, save_id: str) -> dict[str, object]:
    """The index entry of a save: the first test's game is dealt from a random seed, so it may
    have ended after one move (a Base can fall to the first invader) instead of lasting two."""
    index = json.loads(_saved(page)["startable:index"])
    entry: dict[str, object] = next(e for e in index["games"] if e["id"] == save_id)
    return entry


def test_reload_resumes_and_a_corrupt_entry_is_kept_aside(phone: Page) -> None:
    save_id = phone.evaluate("location.hash").removeprefix("#g/")
    entry = _saved_game(phone, save_id)
    phone.evaluate("""() => {
        localStorage.setItem('startable:game:broken1', 'this is not a game');
        const index = JSON.parse(localStorage.getItem('startable:index'));
        index.games.push({id: 'broken1', game: 'spacehole', title: 'Spacehole', created: 1,
                          updated: 2, actions: 5, turn: 2, score: 0, over: false});
        localStorage.setItem('startable:index', JSON.stringify(index));
    }""")
    phone.goto(phone.url.split("#")[0])  # a fresh visit: home, not the game
    wait_ready(phone)
    assert "could not be read" in notice(phone)
    dismiss_notice(phone)
    assert phone.is_visible("#home")
    kept = phone.evaluate("localStorage.getItem('startable:quarantine:game-broken1')")
    assert kept == "this is not a game"
    assert phone.evaluate("localStorage.getItem('startable:game:broken1')") is None
    assert phone.inner_text("#kept-aside").startswith("1 unreadable")
    # Export hands over the raw data.
    with phone.expect_download() as download:
        phone.locator("#kept-aside").get_by_role("button", name="Export").tap()
    assert "this is not a game" in Path(download.value.path()).read_text()
    # The good game is still listed and continues where it was.
    assert phone.locator(".save").count() == 1
    # An ended game is opened rather than continued (home.js).
    phone.locator(".save").filter(has_text="Spacehole").first.get_by_role(
        "button", name="Open" if entry["over"] else "Continue").tap()
    phone.wait_for_selector(f"#game:not([hidden])[data-at='{entry['actions']}']")
    assert phone.evaluate("location.hash") == f"#g/{save_id}"


def test_an_unreadable_index_is_rebuilt_from_the_games(phone: Page) -> None:
    save_id = phone.evaluate("location.hash").removeprefix("#g/")
    actions = _saved_game(phone, save_id)["actions"]
    phone.evaluate("localStorage.setItem('startable:index', '{not json')")
    phone.reload()
    wait_ready(phone)
    # Reloading on a game's address reopens it; the index is rebuilt from the blobs.
    phone.wait_for_selector(f"#game:not([hidden])[data-at='{actions}']")
    index = json.loads(phone.evaluate("localStorage.getItem('startable:index')"))
    assert any(e["id"] == save_id and e["actions"] == actions and e["game"] == "spacehole"
               for e in index["games"])
    assert phone.evaluate("localStorage.getItem('startable:quarantine:index')") == "{not json"
    dismiss_notice(phone)


def test_delete_a_saved_game(phone: Page) -> None:
    phone.click("#nav-home")
    phone.wait_for_selector("#home:not([hidden])")
    before = phone.locator(".save").count()
    assert before >= 1
    phone.locator(".save").first.get_by_role("button", name="Delete").first.tap()
    phone.wait_for_selector("dialog[open]")
    phone.locator("dialog .btn.danger").tap()
    wait_until(phone, "(n) => document.querySelectorAll('.save').length === n", before - 1)
