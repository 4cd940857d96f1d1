"""A whole Spacehole game through the UI on a Pixel 7, tapping only what the screen offers."""

from __future__ import annotations

from playwright.sync_api import Page

from pygame_core import Match
from pygame_core.games.spacehole.actions import Play

from .helpers import SEED, challenge_fragment
from .site import Site


def _expected_final(seed: int) -> tuple[int, int]:
    """The engine's own result for the policy the test taps: always the first choice shown."""
    match = Match.start("spacehole", {}, seed)
    while not match.is_over:
        match = match.play(match.legal_actions()[0])
    outcome = match.game.outcome(match.state)
    assert outcome is not None
    return outcome.scores[0], len(match.record.actions)


def test_whole_game_to_the_end_screen(phone: Page, site: Site) -> None:
    """SH-9: the end screen shows the engine's score; every choice was a tappable button."""
    score, length = _expected_final(SEED)
    phone.goto(site.url + challenge_fragment())
    phone.wait_for_selector("#game:not([hidden])[data-at='0']")
    saw_dice = False
    small: list[str] = []
    for step in range(length):
        buttons = phone.locator(".decide .choice")
        if step % 25 == 0:  # touch targets: every choice at least 44 px each way
            for box, label in zip(
                (b.bounding_box() for b in buttons.all()), buttons.all_inner_texts(), strict=True
            ):
                if box is None or box["height"] < 44 or box["width"] < 44:
                    small.append(label)
        saw_dice = saw_dice or phone.locator("#battle .die").count() > 0
        buttons.first.tap()
        phone.wait_for_selector(f"#game[data-at='{step + 1}']")
    assert small == []
    phone.wait_for_selector("#end-screen")
    assert phone.inner_text("#final-score") == f"Score: {score} MC"
    assert phone.locator(".decide .choice").count() == 0
    assert saw_dice, "no battle was shown with its dice"
    assert phone.locator("#log li").count() > 100


def test_battle_rounds_show_every_die(phone: Page, site: Site) -> None:
    """SH-6.1: each round lists the invader's dice and each colony card's dice; 1s are hits."""
    match = Match.start("spacehole", {}, SEED)
    while not match.is_over:
        match = match.play(match.legal_actions()[0])
        battle = match.game.view(match.state, 0)["last_battle"]
        if battle and battle["rounds"]:
            break
    else:
        raise AssertionError("no battle with this seed")
    phone.goto(site.url + challenge_fragment())
    phone.wait_for_selector("#game[data-at='0']")
    for step in range(len(match.record.actions)):
        phone.locator(".decide .choice").first.tap()
        phone.wait_for_selector(f"#game[data-at='{step + 1}']")
    phone.wait_for_selector("#battle[open]")
    dice = sum(len(r["invader_dice"]) + sum(len(c["dice"]) for c in r["colony_dice"])
               for r in battle["rounds"])
    assert phone.locator("#battle .die").count() == dice
    assert phone.locator("#battle .rounds > li").count() == len(battle["rounds"])


def test_card_rules_on_tap_and_the_engines_reason_for_an_unplayable_card(
    phone: Page, site: Site
) -> None:
    """SH-7.3/SH-8.2: a hand card that cannot be played says why, in the engine's words."""
    match = Match.start("spacehole", {}, SEED)
    blocked = None
    while not match.is_over and blocked is None:
        view = match.game.view(match.state, 0)
        if view["decision"]["kind"] == "build":
            legal = match.legal_actions()
            for card in view["hand"]:
                if card["kind"] in ("structure", "defender") and not any(
                    isinstance(a, Play) and a.card == card["id"] for a in legal
                ):
                    blocked = card
                    break
        if blocked is None:
            match = match.play(match.legal_actions()[0])
    assert blocked is not None
    phone.goto(site.url + challenge_fragment())
    phone.wait_for_selector("#game[data-at='0']")
    for step in range(len(match.record.actions)):
        phone.locator(".decide .choice").first.tap()
        phone.wait_for_selector(f"#game[data-at='{step + 1}']")
    phone.locator(".hand-card", has_text=blocked["name"]).first.tap()
    phone.wait_for_selector("dialog[open]")
    assert blocked["text"] in phone.inner_text("dialog")
    assert "(SH-" in phone.inner_text("#why-not")
    phone.keyboard.press("Escape")
    # Tapping a card of the colony on the canvas opens its rules too (the Base is first).
    box = phone.locator("#board").bounding_box()
    assert box is not None
    phone.mouse.click(box["x"] + 40, box["y"] + 60)
    phone.wait_for_selector("dialog[open]")
    assert "Base" in phone.inner_text("#dialog-title")
    phone.keyboard.press("Escape")


def test_a_stale_tap_gets_a_message_not_a_move(phone: Page) -> None:
    """A choice from an out-of-date screen is refused with a message; nothing is played."""
    at = phone.get_attribute("#game", "data-at")
    notices = phone.evaluate(
        "JSON.parse(window.starPy.call('act', JSON.stringify([0, -1]))).notices")
    assert notices == ["That choice is no longer on offer; the board has been refreshed."]
    assert phone.get_attribute("#game", "data-at") == at


def test_undo_never_rerolls(phone: Page, site: Site) -> None:
    """C-3.2: undo goes back only to the last draw or die roll; after it the same card comes."""
    phone.goto(site.url + challenge_fragment())
    phone.wait_for_selector("#game[data-at='0']")
    assert phone.is_disabled("#undo")
    for step in range(12):
        phone.locator(".decide .choice").first.tap()
        phone.wait_for_selector(f"#game[data-at='{step + 1}']")
        if phone.is_enabled("#undo"):
            break
    at = int(phone.get_attribute("#game", "data-at") or 0)
    log_before = phone.locator("#log li").all_inner_texts()
    phone.click("#undo")
    phone.wait_for_selector(f"#game[data-at='{at - 1}']")
    phone.locator(".decide .choice").first.tap()
    phone.wait_for_selector(f"#game[data-at='{at}']")
    assert phone.locator("#log li").all_inner_texts() == log_before
