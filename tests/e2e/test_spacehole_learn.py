"""Issue 13 in the browser: Spacehole a newcomer can learn, on a phone (Pixel 7).

"How to play" from home and from the game (in the Babylon 5 names when that set is on);
every card's dialog shows its full effect (a sample here: all 96 cards in both sets are
checked on the view in tests/games/spacehole/test_issue13.py); "Why can't I play this?" gives
the engine's reason; power and income show during Build; no rule ID in the log by default;
the end screen after a loss and after a win, with a rematch; the challenge and replay
screens say what they are; axe-core finds no serious or critical violation on any of them.

The games are made here with the engine (seeded), and reached through links: a challenge
for the loss (it ends on the first draw), a replay opened at a late step and played on from
there ("Play on from here") for the rest.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from pygame_core import Match, encode_link
from pygame_core.games.spacehole.actions import Pass, Play
from pygame_core.games.spacehole.view import describe

from .helpers import (
    challenge_fragment,
    frames,
    open_replay,
    open_setup,
    settle,
    start_game,
    tap,
    tap_choice,
    wait_until,
)
from .site import ROOT

AXE = ROOT / "node_modules/axe-core/axe.min.js"
HARD_B5 = {"skin": "babylon5", "base_hits": 5, "battle_length": "to_the_death"}
LOSS_SEED = 11  # Babylon 5, Hard, Hardcore: the first card drawn is an invader that wins
WIN_SEED = 21  # the card-playing policy below survives all 96 turns with these options
RULE_ID = re.compile(r"SH-[0-9A-Z]")


def _play(options: dict[str, Any], seed: int) -> Match:
    """A whole game by a simple card-playing policy (the tests' own RNG)."""
    chooser = random.Random(seed)
    match = Match.start("spacehole", options, seed)
    while legal := match.legal_actions():
        plays = [a for a in legal if isinstance(a, Play)]
        match = match.play(chooser.choice(plays) if plays and chooser.random() < 0.8
                           else Pass() if Pass() in legal else legal[0])
    return match


WIN = _play(HARD_B5, WIN_SEED)


def _why_not_step() -> tuple[int, dict[str, Any]]:
    """The first Build decision of the won game with a hand card that cannot be played, after
    the log has a line with a rule reference (for the toggle)."""
    for n, state in enumerate(WIN.states):
        view = WIN.game.view(state, 0)
        blocked = [c for c in view["hand"] if c["why_not"]]
        if blocked and n > 40 and any("(SH-" in line for line in view["log_refs"]):
            return n, blocked[0]
    raise AssertionError("no Build decision with an unplayable card")


def violations(page: Page) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(Path(AXE).read_text())
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} x{len(v['nodes'])}: "
            + "; ".join(str(n["target"][0]) if n["target"] else "?" for n in v["nodes"][:3])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def close_dialog(page: Page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")


def fork_at(page: Page, step: int, check: bool = False) -> None:
    """Open the won game's replay at ``step`` and play on from there (a saved game)."""
    open_replay(page, encode_link(WIN.truncated(step)))
    # This replay, not one already on screen (a replay opens at its end).
    page.wait_for_selector(f"#game[data-mode='replay'][data-at='{step}']")
    assert "replay" in page.inner_text("#game-title")  # the replay says what it is
    if check:
        assert violations(page) == [], "the replay screen"
    tap(page, "#fork")
    page.wait_for_selector(f"#game[data-mode='play'][data-at='{step}']")
    settle(page)


@pytest.fixture(scope="module")
def learner(phone: Page) -> Page:
    phone.emulate_media(reduced_motion="reduce")  # battle rounds appear at once: axe sees them settled
    return phone


def test_how_to_play_opens_on_a_phone(learner: Page) -> None:
    page = learner
    tap(page, page.get_by_role("button", name="How to play Spacehole"))
    page.wait_for_selector("dialog[open] .help-text")
    text = page.inner_text("dialog[open]")
    for words in ("A die showing 1 is a hit", "Power 3/5", "MC:", "D: defender places", "Karma", "hand"):
        assert words in text, words
    assert violations(page) == [], "the help dialog"
    close_dialog(page)


def test_a_loss_ends_with_what_happened_and_a_rematch(learner: Page) -> None:
    page = learner
    open_setup(page, challenge_fragment(LOSS_SEED, HARD_B5))
    assert page.inner_text("#setup-title") == "Challenge: Spacehole"
    assert violations(page) == [], "the challenge setup"
    start_game(page)
    # The game's "How to play" speaks the Babylon 5 names.
    tap(page, "#help")
    page.wait_for_selector("dialog[open] .help-text")
    assert "Hull" in page.inner_text("dialog[open]") and "Base makes" not in page.inner_text("dialog[open]")
    close_dialog(page)
    tap_choice(page, 0)  # Draw: an invader that destroys the Hull
    page.wait_for_selector("#end-screen[data-outcome='loss']")
    end = page.inner_text("#end-screen")
    assert "You lose: the Hull is destroyed" in end and "Score: 0 MC" in end
    page.wait_for_selector("#best-score:has-text('first finished game')")
    assert "broke through in round" in end and "Base" not in end
    news = page.inner_text("#news")
    assert "drawn:" in news and "Every die showing 1 is a hit" in news
    assert page.locator("#battle .die.hit").count() > 0
    assert not RULE_ID.search(page.inner_text("#log"))
    assert violations(page) == [], "the end screen after a loss"
    tap(page, "#play-again")
    page.wait_for_selector("#game[data-mode='play'][data-at='0']")
    assert "Babylon 5" in page.inner_text("#game-title")  # the same options, a new deck


def test_build_shows_power_income_and_honest_reasons(learner: Page) -> None:
    page = learner
    step, blocked = _why_not_step()
    fork_at(page, step, check=True)
    view = WIN.game.view(WIN.states[step], 0)
    projection = view["projection"]
    assert page.inner_text("#count-income .sh-value") == f"+{projection['income']}"
    assert page.inner_text("#count-power .sh-value") == f"{projection['power_used']}/{projection['supply']}"
    # No rule ID in the log by default; the toggle shows them.
    assert not RULE_ID.search(page.inner_text("#log"))
    tap(page, "#rule-refs")
    assert "(SH-" in page.inner_text("#log")
    tap(page, "#rule-refs")
    assert not RULE_ID.search(page.inner_text("#log"))
    assert violations(page) == [], "the game at a Build decision"
    # A term on screen explains itself.
    tap(page, "#count-power")
    page.wait_for_selector("dialog[open]")
    assert "yellow P" in page.inner_text("dialog[open]")
    close_dialog(page)
    # Why can't I play this? The engine's own reason, in the player's words.
    tap(page, page.locator(".hand-card.blocked").first)
    page.wait_for_selector("dialog[open] #why-not")
    assert blocked["why_not"] in page.inner_text("#why-not")
    assert not RULE_ID.search(page.inner_text("#why-not"))
    assert violations(page) == [], "a card dialog"
    close_dialog(page)
    # A sample of cards: every hand, colony and discard card shows a non-empty effect.
    page.locator("details.discard summary").click()
    page.wait_for_selector("details.discard li button")  # the pile's list is made when it opens
    buttons = [*page.locator(".hand-card").all(), *page.locator(".sr-list button").all(),
               *page.locator("details.discard li button").all()[:8]]
    assert len(buttons) > 10
    for button in buttons:
        button.dispatch_event("click")
        page.wait_for_selector("dialog[open] #card-effect")
        assert len(page.inner_text("#card-effect").strip()) > 20
        close_dialog(page)


def test_a_win_ends_with_what_happened_and_a_rematch(learner: Page) -> None:
    page = learner
    last = len(WIN.record.actions) - 1
    fork_at(page, last)
    label = describe(WIN.game.decode_action(WIN.record.actions[last]), "babylon5")
    labels = [t.split("\n")[-1] for t in page.locator("#choices .choice").all_inner_texts()]
    tap_choice(page, labels.index(label))
    page.wait_for_selector("#end-screen[data-outcome='win']")
    end = page.inner_text("#end-screen")
    assert f"Score: {WIN.state.mc} MC" in end and "survived all 96 turns" in end
    assert page.locator("#play-again").count() == 1 and page.locator("#same-deck").count() == 1
    # Against the best with the same options on this device: the loss above scored 0.
    page.wait_for_selector("#best-score:has-text('MC')")
    assert f"A new best with these options: {WIN.state.mc} MC (before: 0 MC)" in page.inner_text("#best-score")
    assert violations(page) == [], "the end screen after a win"


def test_a_challenge_link_shows_the_score_to_beat_and_survives_a_reload(learner: Page) -> None:
    page = learner
    fragment = challenge_fragment(LOSS_SEED, HARD_B5) + "?beat=1234"
    open_setup(page, fragment)
    assert page.inner_text("#setup-to-beat") == "Score to beat: 1234"
    assert "Card set: Babylon 5" in page.inner_text("#challenge-options")
    page.reload()
    page.wait_for_selector("#setup-to-beat")
    assert page.inner_text("#setup-to-beat") == "Score to beat: 1234"
    start_game(page)
    first = page.evaluate("location.hash")
    assert "score to beat is 1234" in page.inner_text("#to-beat")
    # Opening the same challenge again and accepting it, unplayed, is the same saved game.
    open_setup(page, fragment)
    start_game(page)
    assert page.evaluate("location.hash") == first
    page.reload()
    page.wait_for_selector("#game:not([hidden]) #to-beat")
    tap_choice(page, 0)  # Draw: an invader that destroys the Hull
    page.wait_for_selector("#end-screen[data-outcome='loss']")
    assert page.inner_text("#beat-result") == "The score to beat was 1234 MC: not this time."
    assert violations(page) == [], "the end of a challenge"
    # Home lists the save with its options, and the best score with its option set.
    page.goto(page.evaluate("location.href.split('#')[0]"))
    page.wait_for_selector("#saves .save")
    assert "Card set: Babylon 5" in page.inner_text("#saves")
    assert "Card set: Babylon 5" in page.inner_text("[data-game='spacehole'] .best")


def test_a_replay_link_says_what_it_is_and_names_its_steps(learner: Page) -> None:
    page = learner
    open_replay(page, encode_link(WIN))
    page.wait_for_selector("#game[data-mode='replay'] #replay-context")
    context = page.inner_text("#replay-context")
    assert "A game shared with you" in context and "Card set: Babylon 5" in context
    assert f"final score {WIN.state.mc}" in context
    page.get_by_role("button", name="First step").tap()
    page.wait_for_selector("#game[data-at='0']")
    page.get_by_role("button", name="Next step").tap()
    page.wait_for_selector("#game[data-at='1']")
    first = describe(WIN.game.decode_action(WIN.record.actions[0]), "babylon5")
    assert page.inner_text("#decide-title") == f"Step 1: {first}"
    page.reload()
    page.wait_for_selector("#game[data-mode='replay'] #replay-context")
    assert f"final score {WIN.state.mc}" in page.inner_text("#replay-context")


def test_a_log_off_screen_shows_its_end_when_it_comes_into_view(learner: Page) -> None:
    """On a phone the log is below the board, off screen, and the browser skips its layout
    and paint (content-visibility: auto, issue 13): the lines that arrived meanwhile are at its
    end when the player scrolls down to it, and a log the player scrolled back stays put."""
    page = learner
    fork_at(page, len(WIN.record.actions) - 12)
    tap(page, "#log-earlier")  # the whole log: new lines make it longer, not shifted
    page.wait_for_selector("#log-earlier", state="hidden")
    end = "(l) => l.scrollTop + l.clientHeight >= l.scrollHeight - 2"
    log = page.locator("#log")
    assert log.evaluate(end)
    for _ in range(3):
        tap_choice(page, 0)
    settle(page)
    # With the decision bar fixed at the bottom of a phone (issue 33), Chromium keeps laying the
    # off-screen log out (content-visibility: auto no longer skips it: measured, cause not found);
    # what the player sees is the same either way, and is what follows.
    box = log.bounding_box()
    assert box is not None and box["y"] > page.viewport_size["height"]  # off screen  # type: ignore[index]
    log.scroll_into_view_if_needed()
    # The browser's state change comes at a frame.
    wait_until(page, "document.getElementById('log').checkVisibility({ contentVisibilityAuto: true })")
    assert log.evaluate(end), "the newest lines are in view"
    log.evaluate("(l) => { l.scrollTop = 0; }")  # the player reads back
    page.evaluate("window.scrollTo(0, 0)")
    # Off screen again: the browser decides whether it skips the log in the next frame's update
    # and tells the page (contentvisibilityautostatechange) at the frame after it. Whether it
    # skips it at all is the browser's business (see above): there is no state to wait for, only
    # the frames in which it would happen.
    frames(page, 2)
    log.scroll_into_view_if_needed()
    wait_until(page, "document.getElementById('log').checkVisibility({ contentVisibilityAuto: true })")
    frames(page)  # the state change's event, if any, has been handled: nothing scrolled the log
    assert log.evaluate("(l) => l.scrollTop") == 0


def test_a_long_log_shows_its_last_lines_and_the_rest_on_request(learner: Page) -> None:
    """Issue 13 (a tap late in a game as fast as at the start): the log keeps its last 150
    lines on the page, new lines still arrive at its end, and one tap brings back the rest.
    The colony's tiles and the hidden list of its cards follow every tap (parts kept between
    taps are never stale)."""
    page = learner
    step = len(WIN.record.actions) - 12
    fork_at(page, step)
    match = WIN.truncated(step)
    log = match.game.view(match.state, 0)["log"]
    assert len(log) > 300
    assert page.locator("#log li").all_text_contents() == [str(line) for line in log[-150:]]
    assert page.inner_text("#log-earlier") == f"Show the {len(log) - 150} earlier lines"
    for n in range(4):
        index = int(page.get_attribute("#choices .choice >> nth=0", "data-action") or "")
        match = match.play(match.legal_actions()[index])
        tap_choice(page, 0)
        page.wait_for_selector(f"#game[data-at='{step + n + 1}']")
        settle(page)
        view = match.game.view(match.state, 0)
        assert page.locator("#log li").all_text_contents() == [str(line) for line in view["log"][-150:]]
        names = page.locator("#board .sh-tile-name").all_text_contents()
        assert names == [str(c["name"]) for c in view["in_play"]]
        listed = page.locator(".sr-list li").all_text_contents()
        assert [x.split(",")[0] for x in listed] == names
    tap(page, "#log-earlier")
    page.wait_for_selector("#log-earlier", state="hidden")
    assert page.locator("#log li").all_text_contents() == [str(line) for line in match.game.view(match.state, 0)["log"]]
    index = int(page.get_attribute("#choices .choice >> nth=0", "data-action") or "")
    match = match.play(match.legal_actions()[index])
    tap_choice(page, 0)  # the whole log stays whole for the rest of this game
    page.wait_for_selector(f"#game[data-at='{step + 5}']")
    assert page.locator("#log li").count() == len(match.game.view(match.state, 0)["log"])
