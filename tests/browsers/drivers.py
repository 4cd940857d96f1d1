"""Two small WebDriver clients for the smoke test, one interface: WebKit and Firefox from Debian.

Playwright's WebKit and Firefox are patched builds it downloads (impossible here, and not what
players run), so these drive Debian's own browsers through the W3C protocols they speak:

- WebKit (WebKitGTK, Safari's engine): WebDriver classic over HTTP to ``WebKitWebDriver``
  (package ``webkit2gtk-driver``), which starts ``webkit_browser.py`` (a WebKitGTK view run
  by Debian's python3-gi) under Xvfb. MiniBrowser would do, but ignores its console setting in
  automation mode; this browser writes every console message to stdout, read back here.
- Firefox (``firefox-esr``): WebDriver BiDi over a WebSocket, which Firefox serves itself
  (``--remote-debugging-port``): no geckodriver. Console and JS errors arrive as
  ``log.entryAdded`` events.

Both expose ``goto``, ``reload``, ``js`` (an expression, awaited, its value as JSON),
``wait`` (polls ``js`` until truthy: no fixed sleeps), ``click`` (an expression yielding an
element: a real pointer click, scrolled into view) and ``console`` (what the browser logged).
The site's CSP forbids eval; WebDriver's script evaluation is not subject to it.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
WEBKIT_BROWSER = HERE / "webkit_browser.py"
SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's: python3-gi and WebKit2's typelib live there
FIREFOX = "/usr/bin/firefox-esr"
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


@dataclass
class Message:
    level: str  # "error", "warning", "info", ...
    kind: str  # "javascript", "console", "security", "network", "other"
    text: str
    url: str = ""

    def __str__(self) -> str:
        where = f" ({self.url})" if self.url else ""
        return f"{self.level} {self.kind}: {self.text}{where}"


class BrowserError(RuntimeError):
    pass


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _json_expr(expr: str) -> str:
    """``expr`` awaited, as a JSON string (undefined becomes null)."""
    return f"Promise.resolve({expr}).then(v => JSON.stringify(v === undefined ? null : v))"


class Driver:
    name = ""

    def js(self, expr: str) -> Any:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def click(self, element_expr: str) -> None:
        raise NotImplementedError

    def console(self) -> list[Message]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def wait(self, expr: str, timeout_s: float = 20.0, what: str = "") -> Any:
        """Poll ``js(expr)`` until it is truthy; return that value."""
        deadline = time.monotonic() + timeout_s
        while True:
            value = self.js(expr)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: timed out after {timeout_s:.0f} s waiting for "
                                     f"{what or expr} (last value {value!r})")
            time.sleep(0.05)

    def selector(self, css: str, timeout_s: float = 20.0) -> None:
        self.wait(f"!!document.querySelector({json.dumps(css)})", timeout_s, what=css)


# --------------------------------------------------------------------------------------
# WebKit: WebDriver classic


def webkit_missing() -> str:
    """Why WebKit cannot run here ('' when it can)."""
    if not Path(WEBKIT_DRIVER).exists():
        return f"{WEBKIT_DRIVER} is missing (Debian package webkit2gtk-driver)"
    if shutil.which("Xvfb") is None:
        return "Xvfb is missing (Debian package xvfb)"
    probe = subprocess.run(
        [SYSTEM_PYTHON, "-c", "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1');"
         "from gi.repository import Gtk, WebKit2"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        return "python3-gi cannot load WebKit2 4.1 (Debian packages python3-gi, gir1.2-webkit2-4.1)"
    return ""


class Xvfb:
    """A private X display (WebKitGTK has no headless mode)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                                      "-nolisten", "tcp"], pass_fds=[write],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.proc.kill()
            raise BrowserError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


_WEBKIT_LINE = re.compile(r"^(?:(?P<url>\S+?):\d+:\d+: )?CONSOLE (?:(?P<kind>[A-Z-]+) )?"
                          r"(?P<level>ERROR|WARN|LOG|INFO|DEBUG) (?P<text>.*)$")


class WebKit(Driver):
    name = "webkit"

    def __init__(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="star-table-webkit-"))
        self.xvfb = Xvfb()
        self.port = _free_port()
        self.log_path = self.tmp / "console.log"
        self.log = self.log_path.open("w")
        env = {**os.environ, "DISPLAY": self.xvfb.display}
        self.driver = subprocess.Popen([WEBKIT_DRIVER, f"--port={self.port}"], env=env,
                                       stdout=self.log, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(self.base + "/status", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline or self.driver.poll() is not None:
                    self.close()
                    raise BrowserError("WebKitWebDriver did not start") from None
                time.sleep(0.05)
        options = {"binary": SYSTEM_PYTHON, "args": ["-u", str(WEBKIT_BROWSER), "--automation", str(self.tmp)]}
        value = self._call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "webkitgtk:browserOptions": options, "timeouts": {"script": 120_000}}}})
        self.session = f"/session/{value['sessionId']}"
        self.version = str(value["capabilities"].get("browserVersion", ""))

    def _call(self, method: str, path: str, body: Any = None, timeout: float = 150) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as exc:
            raise BrowserError(f"webkit {method} {path}: {exc.read().decode(errors='replace')[:500]}") from None

    def js(self, expr: str) -> Any:
        value = self._call("POST", self.session + "/execute/sync", {"script": f"return {_json_expr(expr)}", "args": []})
        return json.loads(value)

    def goto(self, url: str) -> None:
        self._call("POST", self.session + "/url", {"url": url})

    def reload(self) -> None:
        self._call("POST", self.session + "/refresh", {})

    def click(self, element_expr: str) -> None:
        ref = self._call("POST", self.session + "/execute/sync", {"script": f"return ({element_expr})", "args": []})
        if not isinstance(ref, dict) or ELEMENT not in ref:
            raise BrowserError(f"webkit: no element for {element_expr}")
        self._call("POST", f"{self.session}/element/{ref[ELEMENT]}/click", {})

    def console(self) -> list[Message]:
        self.log.flush()
        found = []
        for line in self.log_path.read_text(errors="replace").splitlines():
            match = _WEBKIT_LINE.match(line.strip())
            if match:
                level = {"WARN": "warning"}.get(match["level"], match["level"].lower())
                kind = {"JS": "javascript", None: "console"}.get(match["kind"], (match["kind"] or "").lower())
                found.append(Message(level, kind, match["text"], match["url"] or ""))
        return found

    def close(self) -> None:
        if getattr(self, "session", None):
            with contextlib.suppress(OSError, BrowserError):
                self._call("DELETE", self.session, timeout=20)
        self.driver.terminate()
        try:
            self.driver.wait(10)
        except subprocess.TimeoutExpired:
            self.driver.kill()
        self.log.close()
        self.xvfb.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)


# --------------------------------------------------------------------------------------
# Firefox: WebDriver BiDi

FIREFOX_PREFS: dict[str, object] = {
    # No first-run pages, update checks or telemetry: nothing but the site on the network.
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "app.update.disabledForTesting": True,
    "extensions.update.enabled": False,
    "browser.search.update": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
}


def firefox_missing() -> str:
    if not Path(FIREFOX).exists():
        return f"{FIREFOX} is missing (Debian package firefox-esr)"
    try:
        import websocket  # noqa: F401
    except ImportError:
        return "the websocket-client package is missing (pip install -e '.[test]')"
    return ""


class Firefox(Driver):
    name = "firefox"

    def __init__(self) -> None:
        import websocket

        self.tmp = Path(tempfile.mkdtemp(prefix="star-table-firefox-"))
        (self.tmp / "user.js").write_text(
            "".join(f'user_pref("{key}", {json.dumps(value)});\n' for key, value in FIREFOX_PREFS.items()))
        self.proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", str(self.tmp), "--remote-debugging-port", "0",
             "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        url = ""
        assert self.proc.stderr is not None
        for line in self.proc.stderr:  # the first lines; Firefox says where BiDi listens
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                url = found.group(1)
                break
        if not url:
            self.proc.kill()
            raise BrowserError("firefox-esr did not start its WebDriver BiDi server")
        self.proc.stderr.close()
        self.ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []
        try:
            self.ws = websocket.create_connection(url + "/session", timeout=150, suppress_origin=True)
            self.version = str(self._call("session.new", {"capabilities": {}})["capabilities"]["browserVersion"])
            self.context = self._call("browsingContext.getTree", {})["contexts"][0]["context"]
            self._call("session.subscribe", {"events": ["log.entryAdded"]})
        except Exception:
            self.proc.kill()  # never leave a browser behind
            shutil.rmtree(self.tmp, ignore_errors=True)
            raise

    def _call(self, method: str, params: dict[str, Any]) -> Any:
        call = next(self.ids)
        self.ws.send(json.dumps({"id": call, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == call:
                if message.get("type") == "error":
                    raise BrowserError(f"firefox {method}: {message.get('error')}: {message.get('message')}")
                return message["result"]
            if message.get("type") == "event":
                self.events.append(message)

    def _evaluate(self, expr: str, await_promise: bool = True) -> Any:
        result = self._call("script.evaluate", {"expression": expr, "target": {"context": self.context},
                                                "awaitPromise": await_promise, "resultOwnership": "none"})
        if result["type"] != "success":
            details = result.get("exceptionDetails", {})
            raise BrowserError(f"firefox: {expr[:120]} threw {details.get('text')}")
        return result["result"]

    def js(self, expr: str) -> Any:
        return json.loads(self._evaluate(_json_expr(expr))["value"])

    def goto(self, url: str) -> None:
        self._call("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self._call("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def click(self, element_expr: str) -> None:
        node = self._evaluate(f"(() => {{ const el = ({element_expr}); if (el) el.scrollIntoView({{block: 'center'}}); "
                              "return el; })()", await_promise=False)
        if node.get("type") != "node":
            raise BrowserError(f"firefox: no element for {element_expr}")
        origin = {"type": "element", "element": {"sharedId": node["sharedId"]}}
        self._call("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self._call("input.releaseActions", {"context": self.context})

    def console(self) -> list[Message]:
        found = []
        for event in self.events:
            if event.get("method") != "log.entryAdded":
                continue
            params = event["params"]
            top = (params.get("stackTrace") or {}).get("callFrames") or [{}]
            found.append(Message(params.get("level", ""), params.get("type", ""), params.get("text") or "",
                                 top[0].get("url", "")))
        return found

    def close(self) -> None:
        with contextlib.suppress(Exception):  # closing: the browser may be gone already
            self._call("session.end", {})
        self.ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.tmp, ignore_errors=True)


DRIVERS: dict[str, tuple[type[Driver], Any]] = {
    "webkit": (WebKit, webkit_missing), "firefox": (Firefox, firefox_missing)}
