"""The shell's ``morph`` (web/app.js, docs/WEB.md): a part on the page is made the same as a
freshly built one without rebuilding what did not change (issue 13: a tap's cost on a phone)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

# Runs in the booted page: the shell's own module (already loaded, so not run again).
CASES = """async () => {
  const { h, morph } = await import("./app.js");
  const out = {};
  const box = document.createElement("div");
  document.body.append(box);
  const calls = [];

  // Attributes and text change in place; the nodes stay.
  const old = h("p", { class: "a", title: "old", "data-x": "1" }, "before");
  box.append(old);
  const text = old.firstChild;
  const kept = morph(old, h("p", { class: "b", "data-y": "2" }, "after"));
  out.sameNode = kept === old && old.firstChild === text;
  out.attrs = [old.className, old.getAttribute("title"), old.getAttribute("data-x"), old.getAttribute("data-y")];
  out.text = old.textContent;

  // The listeners h() added are swapped: a kept button runs the new one only.
  const button = h("button", { onclick: () => calls.push("old") }, "Go");
  box.append(button);
  morph(button, h("button", { onclick: () => calls.push("new") }, "Go"));
  button.click();
  morph(button, h("button", {}, "Go"));
  button.click();
  out.calls = calls;

  // Children with an id keep their node when an optional one before them comes or goes.
  const tools = h("div", {}, h("button", { id: "u" }, "Undo"), h("button", { id: "hint" }, "Hint"),
    h("button", { id: "help" }, "Help"), h("span", {}, "end"));
  box.append(tools);
  const help = tools.querySelector("#help");
  morph(tools, h("div", {}, h("button", { id: "u" }, "Undo"), h("button", { id: "help" }, "Help"),
    h("span", {}, "end")));
  out.withoutHint = [...tools.children].map((c) => c.id || c.textContent);
  out.helpKept = tools.querySelector("#help") === help;
  morph(tools, h("div", {}, h("button", { id: "u" }, "Undo"), h("button", { id: "hint" }, "Hint"),
    h("button", { id: "help" }, "Help"), h("span", {}, "end")));
  out.withHint = [...tools.children].map((c) => c.id || c.textContent);
  out.helpStillKept = tools.querySelector("#help") === help;

  // Several children with ids gone at once: the one that stays is kept.
  const row = h("div", {}, h("b", { id: "x" }, "x"), h("b", { id: "y" }, "y"), h("b", { id: "z" }, "z"));
  box.append(row);
  const z = row.querySelector("#z");
  morph(row, h("div", {}, h("b", { id: "z" }, "z")));
  out.row = [...row.children].map((c) => c.id);
  out.zKept = row.firstElementChild === z;

  // More, fewer and different children; another tag or a canvas is replaced, not changed.
  const list = h("ul", {}, h("li", {}, "1"), h("li", {}, "2"), h("li", {}, "3"));
  box.append(list);
  morph(list, h("ul", {}, h("li", {}, "one"), h("p", {}, "two")));
  out.list = [...list.children].map((c) => `${c.tagName}:${c.textContent}`);
  const canvas = h("canvas", { width: "10" });
  box.append(canvas);
  const next = h("canvas", { width: "20" });
  out.canvasReplaced = morph(canvas, next) === next && next.isConnected && !canvas.isConnected;
  box.remove();
  return out;
}"""


def test_morph_changes_only_what_changed(phone: Page) -> None:
    out: dict[str, Any] = phone.evaluate(CASES)
    assert out["sameNode"] and out["text"] == "after"
    assert out["attrs"] == ["b", None, None, "2"]
    assert out["calls"] == ["new"]  # the old listener is gone; a part with none has none
    assert out["withoutHint"] == ["u", "help", "end"] and out["helpKept"]
    assert out["withHint"] == ["u", "hint", "help", "end"] and out["helpStillKept"]
    assert out["row"] == ["z"] and out["zKept"]
    assert out["list"] == ["LI:one", "P:two"]
    assert out["canvasReplaced"]
