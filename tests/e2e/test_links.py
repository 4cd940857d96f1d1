"""Share links in the fragment: challenge (seed + options) and replay (whole record) (DESIGN 3)."""

from __future__ import annotations

from playwright.sync_api import Page

from pygame_core import decode_match

from .helpers import SEED, challenge_fragment, notice, tap_choice
from .site import Site


def _links(page: Page) -> tuple[str, str]:
    page.click("#share")
    page.wait_for_selector("dialog[open]")
    challenge = page.get_by_label("Challenge: the same deck, from the start link").input_value()
    replay = page.get_by_label("Replay: the whole game, turn by turn link").input_value()
    page.keyboard.press("Escape")
    return challenge, replay


def test_challenge_link_starts_the_seeded_game(phone: Page, site: Site) -> None:
    phone.goto(site.url + challenge_fragment())
    phone.wait_for_selector("#game:not([hidden])")
    assert phone.get_attribute("#game", "data-mode") == "play"
    assert phone.get_attribute("#game", "data-at") == "0"
    # The running game is saved, so its own address names the save, not the link.
    assert phone.evaluate("location.hash").startswith("#g/")
    for _ in range(3):
        tap_choice(phone, 0)
    challenge, replay = _links(phone)
    assert challenge.startswith(site.url + "#c/") and replay.startswith(site.url + "#r/")
    assert decode_match(challenge.split("#c/")[1]).record.seed == SEED
    assert decode_match(challenge.split("#c/")[1]).record.actions == ()
    assert len(decode_match(replay.split("#r/")[1]).record.actions) == 3


def test_replay_link_opens_at_the_end_and_steps_through(phone: Page, site: Site) -> None:
    _, replay = _links(phone)
    phone.goto(replay)
    phone.wait_for_selector("#game[data-mode='replay']")
    assert phone.inner_text(".step-count") == "Step 3 of 3"
    assert phone.locator(".decide .choice").count() == 0  # a replay offers no moves
    phone.get_by_role("button", name="Previous step").tap()
    phone.wait_for_selector("#game[data-at='2']")
    phone.get_by_role("button", name="First step").tap()
    phone.wait_for_selector("#game[data-at='0']")
    assert phone.inner_text(".step-count") == "Step 0 of 3"
    assert "Turn 1" in phone.inner_text("#decide-title")
    phone.get_by_role("button", name="Next turn").tap()  # to the next draw, or the end
    phone.wait_for_function("document.querySelector('#game').dataset.at !== '0'")
    assert ("Turn 2" in phone.inner_text("#decide-title")
            or phone.get_attribute("#game", "data-at") == "3")
    phone.get_by_role("button", name="Last step").tap()
    phone.wait_for_selector("#game[data-at='3']")
    phone.get_by_role("button", name="Previous step").tap()
    phone.click("#fork")  # play on from step 2 as a new saved game
    phone.wait_for_selector("#game[data-mode='play'][data-at='2']")
    assert phone.evaluate("location.hash").startswith("#g/")


def test_round_trip_of_the_replay_link_is_exact(phone: Page, site: Site) -> None:
    _, replay = _links(phone)
    phone.goto(replay)
    phone.wait_for_selector("#game[data-mode='replay']")
    _, again = _links(phone)
    assert again == replay


def test_garbage_link_shows_a_message_and_home(phone: Page, site: Site) -> None:
    phone.goto(site.url + "#r/this-is-not-a-game!!")
    assert "does not open a game" in notice(phone)
    phone.wait_for_selector("#home:not([hidden])")
    phone.click("#notice button")


def test_tampered_link_shows_a_message_and_home(phone: Page, site: Site) -> None:
    blob = challenge_fragment()[3:]
    phone.goto(site.url + "#c/" + blob[:-3])  # cut short, as a chat app might
    assert "does not open a game" in notice(phone)
    assert phone.is_visible("#home")
    assert phone.get_attribute("body", "data-ready") == "1"
