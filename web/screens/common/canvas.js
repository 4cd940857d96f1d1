// What the map screens share on a canvas: drag to pan, pinch or wheel to zoom, a tap that was
// not the start of a drag (the screen keeps its own camera; this only says what the fingers
// did, in canvas pixels), a rounded rectangle, and the width of a map's box as last laid out.

/**
 * Wire ``canvas`` once (a second call on the same canvas does nothing).
 *
 * - ``grab()``: a drag begins; returns whatever the screen needs to pan from (its camera).
 * - ``pan(dx, dy, grabbed)``: the pointer is ``dx, dy`` CSS pixels from where the drag began.
 * - ``zoom(factor, x, y)``: zoom by ``factor`` about canvas point ``x, y`` (pinch, wheel).
 * - ``tap(x, y, event)``: a pointer went down and up without moving more than ``slop``.
 * @template T what ``grab`` returns
 * @param {HTMLElement} canvas
 * @param {{grab: () => T, pan: (dx: number, dy: number, grabbed: T) => void,
 *   zoom: (factor: number, x: number, y: number) => void, tap: (x: number, y: number, event: PointerEvent) => void,
 *   slop?: number}} gestures
 */
export function panZoomTap(canvas, { grab, pan, zoom, tap, slop = 8 }) {
  if (canvas.dataset.gestures) return;
  canvas.dataset.gestures = "1";
  /** @type {Map<number, [number, number]>} */
  const pointers = new Map();
  /** @type {{x?: number, y?: number, grabbed?: T, moved?: boolean, pinch?: number} | null} */
  let drag = null; // {x, y, grabbed, moved} for one finger; {pinch: distance} for two
  /** @type {(clientX: number, clientY: number) => [number, number]} */
  const local = (clientX, clientY) => {
    const rect = canvas.getBoundingClientRect();
    return [clientX - rect.left, clientY - rect.top];
  };
  /** @type {() => [number, number, number]} */
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return [Math.hypot(a[0] - b[0], a[1] - b[1]), (a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  };
  canvas.addEventListener("pointerdown", (e) => {
    canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pointers.size === 1) drag = { x: e.clientX, y: e.clientY, grabbed: grab(), moved: false };
    else if (pointers.size === 2) drag = { pinch: spread()[0] || 1 };
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId) || !drag) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (drag.pinch) {
      if (pointers.size !== 2) return;
      const [d, cx, cy] = spread();
      if (d > 0) zoom(d / drag.pinch, ...local(cx, cy));
      drag.pinch = d || drag.pinch;
      return;
    }
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < slop) return;
    drag.moved = true;
    pan(dx, dy, drag.grabbed);
  });
  /** @param {PointerEvent} e */
  const end = (e) => {
    const was = drag;
    pointers.delete(e.pointerId);
    if (pointers.size === 0) drag = null;
    if (e.type === "pointerup" && was && !was.moved && !was.pinch) tap(...local(e.clientX, e.clientY), e);
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, ...local(e.clientX, e.clientY));
  }, { passive: false });
}

/** A rectangle with rounded corners, as a path on ``ctx`` (fill or stroke it after).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r */
export function roundRect(ctx, x, y, w, h, r) {
  const radius = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}

// An element's width as the browser last laid it out (its clientWidth), kept by a ResizeObserver:
// reading clientWidth while drawing right after a render makes the browser lay the whole page
// out at once, and then again at the frame. A screen watches its map's box and asks for the
// width when it draws; ``changed`` runs when the box's width changes (draw again).
/** @type {WeakMap<Element, {width: number, observed: boolean, changed: () => void}>} */
const widths = new WeakMap(); // element -> {width, changed}
const watcher = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => {
  for (const entry of entries) {
    const seen = widths.get(entry.target);
    if (!seen) continue;
    if (!entry.target.isConnected) { watcher.unobserve(entry.target); widths.delete(entry.target); continue; }
    const width = entry.target.clientWidth;
    // A box back from hidden (width 0, the game screen behind another) is drawn again too: only
    // the first observation, the width the first draw already read, changes nothing.
    const first = !seen.observed;
    seen.observed = true;
    if (width !== seen.width) { seen.width = width; if (!first) seen.changed(); }
  }
}) : null;

/** Watch ``box``'s width from now on (once per element); ``changed`` runs when it changes.
 * @param {Element} box
 * @param {() => void} changed */
export function watchWidth(box, changed) {
  if (!watcher || !box || widths.has(box)) return;
  widths.set(box, { width: 0, observed: false, changed });
  watcher.observe(box);
}

/** ``box``'s width as last laid out (its clientWidth before the first observation).
 * @param {Element} box
 * @returns {number} */
export function laidOutWidth(box) {
  const seen = widths.get(box);
  return (seen && seen.width) || box.clientWidth;
}
