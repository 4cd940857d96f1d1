"""Locked down: a Content-Security-Policy in the page, and every string from outside is text.

Saves' index lines and links' options holding markup and script are shown as plain text:
no element is made from them, no script runs, nothing is fetched for them. The CSP would stop
an inline handler anyway, so the tests look for the elements themselves, not only a flag.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import urllib.request
import zlib
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest
from playwright.sync_api import Error, Page

from pygame_core import Match, encode_link
from pygame_core.codec import read_header
from pygame_core.record import FORMAT_VERSION

from .conftest import Contexts, wait_ready
from .helpers import notice, open_setup, tap
from .site import Site

IMG = "<img src=x onerror=window.pwned=1>"  # no quotes: error messages quote with repr()
SCRIPT = "<script>window.pwned=2</script>"
BOLD = "<b id=bold>bold</b>"
TITLE = f"{IMG}Spacehole{SCRIPT}"
LABEL = f"{BOLD} Turn 3 {SCRIPT}"
SEED_STORAGE = """
if (location.protocol.startsWith('http') && !localStorage.getItem('startable:index')) {
  const save = %s;
  localStorage.setItem('startable:game:' + save.entry.id, save.blob);
  localStorage.setItem('startable:index', JSON.stringify({version: 1, games: [save.entry]}));
}
"""
PROBE = """
const out = [];
try { eval("1"); out.push("eval ran"); } catch (e) { out.push("eval refused: " + e.name); }
try { new Function("return 1")(); out.push("Function ran"); } catch (e) { out.push("Function refused: " + e.name); }
document.body.dataset.cspProbe = out.join("; ");
"""
MADE_FROM_MARKUP = "document.querySelectorAll('#main img, #main script, #bold, #notice img, #notice script').length"


def raw_link(game: str, options: dict[str, Any], seed: int, count: int = 0, choices: bytes = b"") -> str:
    """A link with any options (the engine would refuse to make one with these)."""
    packed = msgpack.packb([FORMAT_VERSION, game, options, seed, count, choices], use_bin_type=True)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(deflate.compress(packed) + deflate.flush()).decode().rstrip("=")


def _dismiss(page: Page) -> None:
    tap(page, "#notice button")
    page.wait_for_selector("#notice", state="hidden")


def test_raw_links_are_links() -> None:
    """The test's own link maker writes what the engine's reader reads."""
    header = read_header(raw_link("spacehole", {"skin": IMG}, 5))
    assert header.game == "spacehole" and header.options == {"skin": IMG} and header.seed == 5
    assert raw_link("spacehole", {}, 5) == encode_link(Match.start("spacehole", {}, 5))


def test_the_page_carries_a_strict_csp(site: Site) -> None:
    html = urllib.request.urlopen(site.url).read().decode()
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert meta, "no CSP <meta> in the page"
    policy = {d.split()[0]: d.split()[1:] for d in meta.group(1).split(";") if d.strip()}
    assert policy["default-src"] == ["'self'"]
    # No eval; one inline script, allowed by its hash: web/early.js (issue 34: the engine's worker
    # starts while the head is parsed, and a tap before app.js is ready is kept).
    early = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(early) == 1
    digest = base64.b64encode(hashlib.sha256(early[0].encode()).digest()).decode()
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'", f"'sha256-{digest}'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert all("http" not in v and "*" not in v for values in policy.values() for v in values)
    assert "'unsafe-inline'" not in policy.get("style-src", ["'unsafe-inline'"])
    # Nothing else in the page needs an exception: no inline script but that one and the JSON
    # catalogue, no inline style, no inline handler.
    scripts = re.findall(r"<script([^>]*)>", html)
    assert all("src=" in s or 'type="application/json"' in s for s in scripts if s)
    assert not re.search(r"\sstyle=|\son[a-z]+=", html)


@pytest.fixture(scope="module")
def dialogs() -> list[str]:
    return []


@pytest.fixture(scope="module")
def seeded(contexts: Contexts, site: Site, pixel7: dict[str, Any], dialogs: list[str]) -> Iterator[Page]:
    """A phone whose localStorage holds a save whose index line is markup and script."""
    blob = encode_link(Match.start("spacehole", {}, 77))
    entry = {"id": "evil1", "game": "spacehole", "title": TITLE, "created": 1, "updated": 2,
             "actions": 0, "turn": None, "score": None, "over": False, "label": LABEL, "seats": [-1]}
    context = contexts.new(site, init_script=SEED_STORAGE % json.dumps({"entry": entry, "blob": blob}),
                           **pixel7)
    context.route("**/__csp_probe.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=PROBE))
    page = context.new_page()
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(site.url)
    page.wait_for_selector("body[data-shell='1']", state="attached")
    yield page


def test_a_saves_index_with_markup_shows_as_text(seeded: Page, site: Site, dialogs: list[str]) -> None:
    page = seeded
    for moment in ("first paint", "engine ready"):
        if moment == "engine ready":
            wait_ready(page)
        save = page.locator("#saves .save")
        assert save.count() == 1, moment
        assert save.locator("strong").inner_text() == TITLE, moment
        assert LABEL in save.inner_text(), moment
        assert page.evaluate(MADE_FROM_MARKUP) == 0, moment
    assert page.evaluate("window.pwned") is None and dialogs == []
    assert "/x" not in site.log, "the <img> was made and fetched its source"
    # The save itself opens: only its index line was odd.
    save.get_by_role("button", name="Continue").tap()
    page.wait_for_selector("#game:not([hidden])[data-at='0']")
    assert page.evaluate("location.hash") == "#g/evil1"
    assert page.evaluate(MADE_FROM_MARKUP) == 0


@pytest.mark.parametrize("options", [{"skin": TITLE}, {IMG: SCRIPT}], ids=["value", "key"])
def test_a_challenge_whose_options_hold_markup_shows_it_as_text(
    seeded: Page, site: Site, dialogs: list[str], options: dict[str, Any]
) -> None:
    page = seeded
    wait_ready(page)
    open_setup(page, "#c/" + raw_link("spacehole", options, 5))
    assert page.evaluate(MADE_FROM_MARKUP) == 0
    tap(page, "#start")  # the engine refuses the options, in words that quote them
    text = notice(page)
    assert "do not work" in text and (IMG in text or TITLE in text or SCRIPT in text), text
    assert page.evaluate(MADE_FROM_MARKUP) == 0
    assert page.evaluate("window.pwned") is None and dialogs == []
    assert "/x" not in site.log
    _dismiss(page)


def test_a_replay_whose_options_hold_markup_shows_it_as_text(seeded: Page, site: Site, dialogs: list[str]) -> None:
    page = seeded
    wait_ready(page)
    page.goto(site.url + "#r/" + raw_link("spacehole", {"skin": TITLE}, 5))
    text = notice(page)
    assert "does not open a game" in text
    page.wait_for_selector("#home:not([hidden])")
    assert page.evaluate(MADE_FROM_MARKUP) == 0
    assert page.evaluate("window.pwned") is None and dialogs == []
    _dismiss(page)


def test_the_page_refuses_eval_and_inline_script(seeded: Page, site: Site) -> None:
    """A script of the site's own origin may run; eval and new Function in it are refused,
    and so is an inline <script>."""
    page = seeded
    page.add_script_tag(url=site.url + "__csp_probe.js")
    page.wait_for_selector("body[data-csp-probe]", state="attached")
    assert page.get_attribute("body", "data-csp-probe") == (
        "eval refused: EvalError; Function refused: EvalError")
    with pytest.raises(Error):
        page.add_script_tag(content="window.inlineRan = true")
    assert page.evaluate("window.inlineRan") is None


def test_a_notice_quoting_a_long_string_keeps_its_button_on_screen(seeded: Page, site: Site) -> None:
    page = seeded
    wait_ready(page)
    open_setup(page, "#c/" + raw_link("spacehole", {"skin": TITLE}, 6))
    tap(page, "#start")
    notice(page)
    box = page.locator("#notice button").bounding_box()
    width = page.viewport_size["width"] if page.viewport_size else 0
    try:
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    finally:
        _dismiss(page)
