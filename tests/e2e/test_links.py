"""Share links in the fragment: challenge (seed + options) and replay (whole record) (DESIGN 3).

A challenge opens the setup with the link's options fixed; "Accept the challenge" starts it.
A replay keeps its address while it is open, so a reload shows it again.
"""

from __future__ import annotations

from playwright.sync_api import Page

from pygame_core import decode_match

from .conftest import wait_ready
from .helpers import (
    SEED,
    at,
    catalog,
    challenge_blob,
    dismiss_notice,
    notice,
    open_setup,
    start_game,
    tap,
    tap_choice,
)
from .site import Site


def _links(page: Page) -> tuple[str, str]:
    tap(page, "#share")
    page.wait_for_selector("dialog[open] .share-row")
    challenge = page.get_by_label("Challenge: the same game, from the start").input_value()
    replay = page.get_by_label("Replay: the whole game, move by move").input_value()
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    return challenge, replay


def test_challenge_link_opens_the_setup_with_its_options_fixed(phone: Page, site: Site) -> None:
    blob = challenge_blob(options={"base_hits": 5})
    open_setup(phone, "#c/" + blob)
    assert phone.evaluate("location.hash") == "#c/" + blob  # the address stays the link
    assert phone.inner_text("#setup-title") == "Challenge: Spacehole"
    assert phone.inner_text("#start") == "Accept the challenge"
    hits = phone.locator("input[name='opt-base_hits']")
    assert hits.count() == 2 and all(hits.nth(i).is_disabled() for i in range(2))
    assert phone.locator("input[name='opt-base_hits'][value='5']").is_checked()
    start_game(phone)
    assert phone.get_attribute("#game", "data-mode") == "play"
    # The running game is saved, so its own address names the save, not the link.
    assert phone.evaluate("location.hash").startswith("#g/")
    for _ in range(3):
        tap_choice(phone, 0)
    challenge, replay = _links(phone)
    assert challenge == site.url + "#c/" + blob
    assert replay.startswith(site.url + "#r/")
    assert decode_match(challenge.split("#c/")[1]).record.seed == SEED
    assert decode_match(challenge.split("#c/")[1]).record.options == {"base_hits": 5}
    assert len(decode_match(replay.split("#r/")[1]).record.actions) == 3


def test_replay_link_opens_at_the_end_and_steps_through(phone: Page, site: Site) -> None:
    _, replay = _links(phone)
    phone.goto(replay)
    phone.wait_for_selector("#game:not([hidden])[data-mode='replay'][data-at='3']")
    assert phone.evaluate("location.href") == replay
    assert phone.inner_text(".step-count") == "Step 3 of 3"
    assert phone.locator("#choices .choice").count() == 0  # a replay offers no moves
    phone.get_by_role("button", name="Previous step").tap()
    phone.wait_for_selector("#game[data-at='2']")
    phone.get_by_role("button", name="First step").tap()
    phone.wait_for_selector("#game[data-at='0']")
    assert phone.inner_text(".step-count") == "Step 0 of 3"
    assert "Turn 1" in phone.inner_text("#status")
    phone.get_by_role("button", name="Next turn").tap()  # to the next draw, or the end
    phone.wait_for_selector("#game:not([data-at='0'])")
    assert "Turn 2" in phone.inner_text("#status") or at(phone) == "3"
    phone.get_by_role("button", name="Last step").tap()
    phone.wait_for_selector("#game[data-at='3']")
    phone.get_by_role("button", name="Previous step").tap()
    phone.wait_for_selector("#game[data-at='2']")
    tap(phone, "#fork")  # play on from step 2 as a new saved game
    phone.wait_for_selector("#game[data-mode='play'][data-at='2']")
    assert phone.evaluate("location.hash").startswith("#g/")


def test_a_replay_link_survives_a_reload(phone: Page, site: Site) -> None:
    _, replay = _links(phone)
    phone.goto(replay)
    phone.wait_for_selector("#game:not([hidden])[data-mode='replay']")
    steps = phone.inner_text(".step-count")
    log = phone.locator("#log li").all_text_contents()
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector("#game:not([hidden])[data-mode='replay']")
    assert phone.evaluate("location.href") == replay
    assert phone.inner_text(".step-count") == steps
    assert phone.locator("#log li").all_text_contents() == log


def test_round_trip_of_the_replay_link_is_exact(phone: Page, site: Site) -> None:
    _, replay = _links(phone)
    phone.goto(replay)
    phone.wait_for_selector("#game:not([hidden])[data-mode='replay']")
    _, again = _links(phone)
    assert again == replay


def test_garbage_link_shows_a_message_and_home(phone: Page, site: Site) -> None:
    phone.goto(site.url + "#r/this-is-not-a-game!!")
    assert "does not open a game" in notice(phone)
    phone.wait_for_selector("#home:not([hidden])")
    dismiss_notice(phone)


def test_tampered_link_shows_a_message_and_home(phone: Page, site: Site) -> None:
    blob = challenge_blob()
    phone.goto(site.url + "#c/" + blob[:-3])  # cut short, as a chat app might
    assert "does not open a game" in notice(phone)
    phone.wait_for_selector("#home:not([hidden])")
    assert phone.get_attribute("body", "data-ready") == "1"
    dismiss_notice(phone)


def test_a_challenge_of_a_game_without_a_screen_is_refused(phone: Page, site: Site) -> None:
    playable = {g["id"] for g in catalog(phone)["games"] if g["screen"]}
    missing = [g for g in ("genocide", "skirmish", "warfare") if g not in playable]
    if not missing:
        return  # every game has a screen: nothing to refuse
    phone.goto(site.url + "#c/" + challenge_blob(seed=1, game=missing[0]))
    assert "cannot be played here yet" in notice(phone)
    phone.wait_for_selector("#home:not([hidden])")
    dismiss_notice(phone)
