"""Smaller on the wire: the site's text, JS, wasm and snapshot go out precompressed (brotli or
gzip, written at build time) with the right Content-Encoding, only when the request allows it."""

from __future__ import annotations

import gzip
import urllib.request
from typing import Any

from playwright.sync_api import Page

from .conftest import Contexts, wait_ready
from .site import Site, dist_dir

FILES = ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "app.js", "engine-worker.js", "snapshot.bin", "")


def fetch(site: Site, path: str, accept: str | None) -> tuple[str | None, str | None, bytes]:
    request = urllib.request.Request(site.url + path, headers={"Accept-Encoding": accept} if accept else {})
    with urllib.request.urlopen(request) as response:
        return response.headers.get("Content-Encoding"), response.headers.get("Content-Type"), response.read()


def test_gzip_when_asked_for_and_the_file_itself_otherwise(site: Site) -> None:
    for path in FILES:
        raw = (dist_dir() / (path or "index.html")).read_bytes()
        encoding, kind, body = fetch(site, path, "gzip")
        assert encoding == "gzip", path
        assert gzip.decompress(body) == raw and len(body) < len(raw), path
        plain_encoding, plain_kind, plain = fetch(site, path, None)
        assert plain_encoding is None and plain == raw, path
        assert kind == plain_kind, path  # the file's own type, not gzip's
        refused = fetch(site, path, "br;q=0, gzip;q=0")
        assert refused[0] is None and refused[2] == raw, path


def test_brotli_first_when_allowed(site: Site) -> None:
    for path in FILES:
        raw = (dist_dir() / (path or "index.html")).read_bytes()
        encoding, _, body = fetch(site, path, "gzip, deflate, br")
        assert encoding == "br" and len(body) < len(raw), path
        assert fetch(site, path, "gzip, br;q=0")[0] == "gzip", path


def test_the_browser_boots_from_compressed_files(contexts: Contexts, site: Site, pixel7: dict[str, Any]) -> None:
    page: Page = contexts.new(site, service_workers="block", **pixel7).new_page()
    encodings: dict[str, str] = {}
    page.on("response", lambda r: encodings.update(
        {r.url.removeprefix(site.url): r.headers.get("content-encoding", "")}))
    page.goto(site.url)
    wait_ready(page)
    assert page.get_attribute("body", "data-engine-from") == "boot"  # a first visit (issue 34)
    assert encodings["pyodide/pyodide.asm.wasm"] in ("br", "gzip")
    # The snapshot comes afterwards, for the next start, fetched as this page would fetch it.
    page.evaluate("fetch('./snapshot.bin', {cache: 'no-store'}).then((r) => r.arrayBuffer()).then(() => 1)")
    assert encodings["snapshot.bin"] in ("br", "gzip")
