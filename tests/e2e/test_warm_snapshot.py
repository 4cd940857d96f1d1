"""The engine worker starts from the build's Pyodide memory snapshot when this build's cache holds
a good one (not on a first visit: issue 34), refuses a damaged one or one of another build (a
normal boot takes over), and plays the same games either way; what Python drew from os.urandom is
drawn afresh on every visit.

``warm`` makes a context that has visited once and holds the snapshot in its cache, as the
service worker leaves it (service workers blocked here, so a test may rewrite the page or the
cached snapshot)."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from playwright.sync_api import BrowserContext, Page

from pygame_core import canonical
from pygame_core.codec import decode_match

from .conftest import Contexts, wait_ready
from .helpers import catalog_of_html, start_challenge, tap_choice
from .site import Site, dist_dir

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}


def snapshot_info() -> dict[str, str]:
    info: dict[str, str] = catalog_of_html((dist_dir() / "index.html").read_text())["info"]["snapshot"]
    return info


def engine_started(page: Page, url: str) -> tuple[str, str]:
    """Open ``url``, wait until the engine answers: (where it started from, why a snapshot was refused)."""
    page.goto(url)
    wait_ready(page)
    started = page.get_attribute("body", "data-engine-from") or ""
    refused = page.get_attribute("body", "data-snapshot-refused") or ""
    return started, refused


def cache_name() -> str:
    name: str = catalog_of_html((dist_dir() / "index.html").read_text())["info"]["cache"]
    return name


def warm(contexts: Contexts, site: Site, damage: bool = False) -> BrowserContext:
    """A context after a first visit, with the snapshot in this build's cache (``damage``: 64
    of its bytes changed there)."""
    context = contexts.new(site, service_workers="block", **DESKTOP)
    page = context.new_page()
    started, refused = engine_started(page, site.url)
    assert started == "boot" and "not cached" in refused  # the first visit
    page.evaluate("""async ([name, path, damage]) => {
      const url = new URL(path, location.href).href;
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      if (damage) for (let at = bytes.length >> 1; at < (bytes.length >> 1) + 64; at++) bytes[at] ^= 0x5A;
      await (await caches.open(name)).put(url, new Response(bytes));
    }""", [cache_name(), snapshot_info()["path"], damage])
    page.close()
    return context


def probe(page: Page) -> str:
    return str(page.evaluate("async () => (await import('./engine.js')).probe()"))


def test_a_good_snapshot_is_used_and_each_visit_draws_its_own_randomness(contexts: Contexts, site: Site) -> None:
    draws = []
    for _ in range(2):
        page = warm(contexts, site).new_page()
        assert engine_started(page, site.url) == ("snapshot", "")
        draws.append(probe(page))
        page.context.close()
    # The snapshot was made once, at build time; Python's global random was seeded then.
    assert draws[0] != draws[1]


def test_a_damaged_snapshot_is_refused_and_python_boots(contexts: Contexts, site: Site) -> None:
    context = warm(contexts, site, damage=True)
    page = context.new_page()
    started, refused = engine_started(page, site.url + "#new/spacehole")
    assert started == "boot" and "SHA-256" in refused
    start_challenge(page)
    tap_choice(page, 0)
    context.close()


def test_a_snapshot_of_another_build_is_refused(contexts: Contexts, site: Site) -> None:
    """The page of a newer build is handed this snapshot (its digest made to match): the stamp
    inside it names another app build, so the worker boots Python instead."""
    html = (dist_dir() / "index.html").read_text()
    stamp = snapshot_info()["stamp"]
    newer = html.replace(f'"stamp":"{stamp}"', '"stamp":"0123456789abcdef"')
    assert newer != html
    context = warm(contexts, site)
    context.route(re.compile(r".*/(#.*)?$"), lambda route: route.fulfill(
        status=200, body=newer, content_type="text/html", headers={"Cache-Control": "no-store"}))
    page = context.new_page()
    started, refused = engine_started(page, site.url)
    assert started == "boot" and "another build" in refused
    context.close()


def test_a_snapshot_not_cached_yet_is_not_fetched(contexts: Contexts, site: Site) -> None:
    """A first visit boots Python without the snapshot and does not fetch it."""
    context = contexts.new(site, service_workers="block", **DESKTOP)
    fetched: list[str] = []
    context.on("request", lambda request: fetched.append(request.url))
    page = context.new_page()
    started, refused = engine_started(page, site.url)
    assert started == "boot" and "not cached" in refused
    assert not any(url.endswith("/" + snapshot_info()["path"]) for url in fetched)
    context.close()


def played(page: Page, taps: int) -> tuple[str, list[str]]:
    """Accept the seeded challenge, take the first choice ``taps`` times: (state digest, record)."""
    start_challenge(page)
    for _ in range(taps):
        tap_choice(page, 0)
    saves: dict[str, Any] = page.evaluate(
        "() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('startable:game:')))")
    assert len(saves) == 1
    match = decode_match(next(iter(saves.values())))
    return canonical.digest(match.state), [json.dumps(canonical.to_plain(a)) for a in match.record.actions]


def test_the_same_game_from_a_snapshot_or_a_normal_boot(contexts: Contexts, site: Site) -> None:
    games = []
    for snapshot in (True, False):
        context = warm(contexts, site) if snapshot else contexts.new(site, **DESKTOP)
        page = context.new_page()
        started, _ = engine_started(page, site.url)
        assert started == ("snapshot" if snapshot else "boot")
        games.append(played(page, 8))
        context.close()
    assert games[0] == games[1]
    assert len(games[0][1]) >= 8


def test_the_snapshot_matches_its_catalogue_entry() -> None:
    """What the page is told (path, SHA-256) is the file the build wrote."""
    info = snapshot_info()
    data = (dist_dir() / info["path"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() == info["sha256"]
    assert re.fullmatch(r"[0-9a-f]{16}", info["stamp"])
