"""The engine worker starts from the build's Pyodide memory snapshot when it is good, refuses a
damaged one or one of another build (a normal boot takes over), and plays the same games
either way; what Python drew from os.urandom is drawn afresh on every visit."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from playwright.sync_api import BrowserContext, Page, Route

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


def serve_snapshot(context: BrowserContext, body: bytes | None) -> None:
    """Answer the snapshot's URL with ``body`` (None: a 404)."""
    path = snapshot_info()["path"]

    def answer(route: Route) -> None:
        if body is None:
            route.fulfill(status=404, body="")
        else:
            route.fulfill(status=200, body=body, content_type="application/octet-stream")
    context.route(f"**/{path}", answer)


def probe(page: Page) -> str:
    return str(page.evaluate("async () => (await import('./engine.js')).probe()"))


def test_a_good_snapshot_is_used_and_each_visit_draws_its_own_randomness(contexts: Contexts, site: Site) -> None:
    draws = []
    for _ in range(2):
        page = contexts.new(site, **DESKTOP).new_page()
        assert engine_started(page, site.url) == ("snapshot", "")
        draws.append(probe(page))
        page.context.close()
    # The snapshot was made once, at build time; Python's global random was seeded then.
    assert draws[0] != draws[1]


def test_a_damaged_snapshot_is_refused_and_python_boots(contexts: Contexts, site: Site) -> None:
    good = (dist_dir() / snapshot_info()["path"]).read_bytes()
    damaged = bytearray(good)
    for at in range(len(damaged) // 2, len(damaged) // 2 + 64):
        damaged[at] ^= 0x5A
    context = contexts.new(site, **DESKTOP)
    serve_snapshot(context, bytes(damaged))
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
    context = contexts.new(site, **DESKTOP)
    context.route(re.compile(r".*/(#.*)?$"), lambda route: route.fulfill(
        status=200, body=newer, content_type="text/html", headers={"Cache-Control": "no-store"}))
    page = context.new_page()
    started, refused = engine_started(page, site.url)
    assert started == "boot" and "another build" in refused
    context.close()


def test_a_missing_snapshot_falls_back_to_a_normal_boot(contexts: Contexts, site: Site) -> None:
    context = contexts.new(site, **DESKTOP)
    serve_snapshot(context, None)
    page = context.new_page()
    started, refused = engine_started(page, site.url)
    assert started == "boot" and "404" in refused
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
        context = contexts.new(site, **DESKTOP)
        if not snapshot:
            serve_snapshot(context, None)
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
