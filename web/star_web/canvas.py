"""The colony on a canvas: layout (pixels live here, never in the engine), drawing, hit-testing."""

from __future__ import annotations

from typing import Any

_hits: list[tuple[float, float, float, float, Any]] = []


def draw(element: Any, view: dict[str, Any], width: float, dpr: float) -> None:
    height = 120.0
    element.style.height = f"{height}px"
    element.width = int(width * dpr)
    element.height = int(height * dpr)
    ctx = element.getContext("2d")
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    ctx.fillStyle = "#101833"
    ctx.fillRect(0, 0, width, height)
    ctx.fillStyle = "#e8ecff"
    ctx.font = "16px system-ui, sans-serif"
    ctx.fillText(f"turn {view.get('turn')}", 12, 28)
    _hits.clear()


def hit(x: float, y: float) -> Any:
    for left, top, w, h, what in reversed(_hits):
        if left <= x <= left + w and top <= y <= top + h:
            return what
    return None
