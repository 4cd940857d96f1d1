"""The colony on a canvas: layout (pixels live here, never in the engine), drawing, hit-testing.

The backing store is scaled by devicePixelRatio so text and edges stay crisp on phones.
"""

from __future__ import annotations

from typing import Any

GAP = 8.0
PAD = 10.0
TILE_H = 92.0
MIN_TILE_W = 112.0
HEADER_H = 28.0

COLORS = {
    "base": ("#33407a", "#8fa2ff"),
    "structure": ("#1d3f5e", "#5fa8e8"),
    "defender": ("#1f4d36", "#6fd69a"),
    "invader": ("#5a1f2a", "#ff7b7b"),
    "event": ("#4a3a12", "#ffcc4d"),
}
INK = "#eef1ff"
MUTED = "#aab3d6"
POWER = "#ffcc4d"
DAMAGE = "#ff7b7b"

_hits: list[tuple[float, float, float, float, int]] = []


def layout(cards: list[dict[str, Any]], width: float) -> tuple[list[tuple[float, float, float, float]], float]:
    """Tile rectangles (x, y, w, h) in CSS pixels for the cards in play, and the total height."""
    inner = max(width - 2 * PAD, MIN_TILE_W)
    cols = max(2, int((inner + GAP) // (MIN_TILE_W + GAP)))
    tile_w = (inner - GAP * (cols - 1)) / cols
    rects = []
    for n in range(len(cards)):
        row, col = divmod(n, cols)
        rects.append((PAD + col * (tile_w + GAP), HEADER_H + PAD + row * (TILE_H + GAP), tile_w, TILE_H))
    rows = (len(cards) + cols - 1) // cols
    return rects, HEADER_H + 2 * PAD + rows * TILE_H + max(rows - 1, 0) * GAP


def stats_line(card: dict[str, Any]) -> str:
    kind = card.get("kind")
    if kind == "base":
        return "Power 5 · laser"
    if kind == "defender":
        return f"Force {card.get('current_force', card.get('force', 0))}"
    if card.get("key") == "solar_array":
        return "Power +5"
    parts = []
    if card.get("income"):
        parts.append(f"${card['income']}")
    if card.get("power"):
        parts.append(f"P{card['power']}")
    if card.get("defenders"):
        parts.append(f"+{card['defenders']} def")
    if card.get("key") == "laser_turret":
        parts.append("laser")
    return " · ".join(parts) or "—"


def _fit(ctx: Any, text: str, width: float) -> str:
    if ctx.measureText(text).width <= width:
        return text
    while text and ctx.measureText(text + "…").width > width:
        text = text[:-1]
    return text + "…"


def _wrap(ctx: Any, text: str, width: float, max_lines: int) -> list[str]:
    """Greedy word wrap into at most ``max_lines`` lines; the last one is cut with an ellipsis."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and ctx.measureText(line + " " + words[0]).width <= width:
            line += " " + words.pop(0)
        lines.append(line)
    if words:
        lines[-1] = _fit(ctx, lines[-1] + " " + " ".join(words), width)
    return [_fit(ctx, line, width) for line in lines]


def _round_rect(ctx: Any, x: float, y: float, w: float, h: float, r: float) -> None:
    ctx.beginPath()
    ctx.moveTo(x + r, y)
    ctx.arcTo(x + w, y, x + w, y + h, r)
    ctx.arcTo(x + w, y + h, x, y + h, r)
    ctx.arcTo(x, y + h, x, y, r)
    ctx.arcTo(x, y, x + w, y, r)
    ctx.closePath()


def draw(element: Any, view: dict[str, Any], width: float, dpr: float) -> None:
    cards: list[dict[str, Any]] = list(view.get("in_play") or [])
    rects, height = layout(cards, width)
    element.style.height = f"{height}px"
    element.width = round(width * dpr)
    element.height = round(height * dpr)
    ctx = element.getContext("2d")
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    ctx.clearRect(0, 0, width, height)
    ctx.fillStyle = "#141b33"
    ctx.fillRect(0, 0, width, height)
    ctx.textBaseline = "alphabetic"
    ctx.font = "600 14px system-ui, sans-serif"
    ctx.fillStyle = MUTED
    defenders = sum(1 for c in cards if c.get("kind") == "defender")
    ctx.fillText(
        f"Colony · {len(cards)} card{'s' if len(cards) != 1 else ''} · defenders "
        f"{defenders}/{view.get('defender_cap', '?')}", PAD, HEADER_H - 4)
    _hits.clear()
    for card, (x, y, w, h) in zip(cards, rects, strict=True):
        fill, edge = COLORS.get(str(card.get("kind")), COLORS["structure"])
        _round_rect(ctx, x, y, w, h, 10)
        ctx.fillStyle = fill
        ctx.fill()
        ctx.lineWidth = 1.5
        ctx.strokeStyle = edge
        ctx.stroke()
        ctx.fillStyle = INK
        ctx.font = "700 13px system-ui, sans-serif"
        lines = _wrap(ctx, str(card.get("name", "?")), w - 30, 2)
        for n, line in enumerate(lines):
            ctx.fillText(line, x + 8, y + 19 + 16 * n)
        ctx.font = "12px system-ui, sans-serif"
        ctx.fillStyle = MUTED
        ctx.fillText(_fit(ctx, stats_line(card), w - 16), x + 8, y + 23 + 16 * len(lines))
        if card.get("powered"):
            ctx.beginPath()
            ctx.arc(x + w - 13, y + 14, 7, 0, 6.2832)
            ctx.fillStyle = POWER
            ctx.fill()
            ctx.fillStyle = "#1a1300"
            ctx.font = "700 10px system-ui, sans-serif"
            ctx.fillText("P", x + w - 16.5, y + 17.5)
        top = card.get("max_damage")
        if isinstance(top, int) and top > 0:
            damage = int(card.get("damage", 0))
            bar_w = w - 16
            ctx.fillStyle = "#0b1020"
            ctx.fillRect(x + 8, y + h - 30, bar_w, 7)
            ctx.fillStyle = DAMAGE
            ctx.fillRect(x + 8, y + h - 30, bar_w * min(damage, top) / top, 7)
            ctx.font = "11px system-ui, sans-serif"
            ctx.fillStyle = DAMAGE if damage else MUTED
            ctx.fillText(f"damage {damage}/{top}", x + 8, y + h - 9)
        _hits.append((x, y, w, h, int(card.get("id", -1))))


def hit(x: float, y: float) -> int | None:
    """The id of the card drawn at (x, y) in CSS pixels, if any."""
    for left, top, w, h, card in _hits:
        if left <= x <= left + w and top <= y <= top + h:
            return card
    return None
