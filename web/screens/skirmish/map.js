// Minimal Space Combat's map box: the canvas with its tools, the keyboard's hex cursor, and the
// movement replay (MSC-11.1).
import * as hx from "./hexmath.js";
import { state } from "./state.js";
import { gameKey, isMoveLine, ownShips, shipName } from "./helpers.js";
import { TOOLS_PX, clampCam, topFor } from "./camera.js";
import { drawMap, lastMoves, tapHex, zoomBy } from "./draw.js";

/** @typedef {import("./state.js").SkirmishGame} SkirmishGame */
/** @typedef {import("./state.js").SkirmishView} SkirmishView */

// ---------------------------------------------------------------------------- the map

/** The map's box: its canvas (kept from the last draw) and its tools.
 * @param {SkirmishGame} g */
export function mapBox(g) {
  const { h } = state.shell;
  const v = g.view;
  const label = `Battle map, ${v.map.width} by ${v.map.height} hexes. ` + v.ships.filter((s) => !s.fate && s.hex).map((s) =>
    `${s.label} at ${s.hex} facing ${hx.DIR_NAMES[s.facing]}, SPEED ${s.speed}, SHIELDS ${s.shields}`).join("; ");
  const kept = document.getElementById("board");
  const canvas = kept && document.getElementById("board-area")?.contains(kept) ? kept
    : h("canvas", { id: "board", class: "msc-canvas", role: "img", tabindex: "0",
      "aria-keyshortcuts": "ArrowUp ArrowDown ArrowLeft ArrowRight Enter",
      onkeydown: mapKey, onfocus: () => { if (!state.hexCursor) state.hexCursor = startHex(state.current); drawMap(state.current); sayHex(state.current); }, onblur: () => drawMap(state.current) });
  canvas.setAttribute("aria-label", label);
  return h("div", { class: "msc-map", id: "msc-map-wrap", "data-replays": String(state.replays) },
    canvas,
    h("div", { class: "msc-map-tools", role: "group", "aria-label": "Map view" },
      h("button", { type: "button", class: "btn small", "aria-label": "Zoom in", onclick: () => zoomBy(1.3) }, "+"),
      h("button", { type: "button", class: "btn small", "aria-label": "Zoom out", onclick: () => zoomBy(1 / 1.3) }, "−"),
      h("button", { type: "button", class: "btn small", onclick: () => { state.cam.scale = 0; state.cam.user = true; drawMap(state.current); } }, "Whole map"),
      v.phase !== "deploy" ? h("button", { type: "button", class: "btn small msc-enemy-arcs", id: "msc-enemy-arcs", "aria-pressed": state.enemyArcs ? "true" : "false",
        title: "The hexes the enemy's weapons reach (range 6 in each armed arc), outlined in red",
        onclick: (e) => { state.enemyArcs = !state.enemyArcs; e.currentTarget.setAttribute("aria-pressed", String(state.enemyArcs)); drawMap(state.current); } }, "Enemy arcs") : null,
      h("p", { class: "sr-only", id: "msc-cursor-words", "aria-live": "polite" }),
      hasMoves(v) ? h("button", { type: "button", class: "btn small msc-replay", id: "msc-replay", onclick: replayMoves }, "Replay moves") : null));
}

/** Hexes by keyboard: the map is a tab stop; the arrows move a frame over the hexes (up and down
 * a column, left and right along a row), Enter or Space taps the hex under it. While orders are
 * plotted the arrows plot steps instead (keys, in screen.js), as they always have.
 * @param {KeyboardEvent} e */
function mapKey(e) {
  const g = state.current;
  if (!g || !g.view || e.ctrlKey || e.metaKey || e.altKey) return;
  const v = g.view;
  const plotting = v.phase === "orders" && state.ui.draft && g.mode === "play" && g.actions.length;
  const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  if (!state.hexCursor) state.hexCursor = startHex(g);
  if (moves[e.key] && !plotting) {
    e.preventDefault();
    const [dc, dr] = moves[e.key];
    state.hexCursor = [Math.max(0, Math.min(v.map.width - 1, state.hexCursor[0] + dc)), Math.max(0, Math.min(v.map.height - 1, state.hexCursor[1] + dr))];
    keepCursorInView(v);
    drawMap(g);
    sayHex(g);
  } else if ((e.key === "Enter" || e.key === " ") && !plotting) {
    e.preventDefault();
    tapHex(state.hexCursor[0], state.hexCursor[1], e);
  }
}

/** Where the keyboard's frame starts: the decision's own hex (the last placement, the ship to
 * fire), else the middle of the own deployment zone.
 * @param {SkirmishGame} g
 * @returns {[number, number]} */
function startHex(g) {
  const v = g.view;
  if (v.phase === "deploy") {
    const placed = (v.plans[v.you] || {}).placements || [];
    const last = placed[placed.length - 1];
    if (last) return [last.col, last.row];
    const place = g.actions.find((a) => a.kind === "Place");
    if (place) return [place.fields.col, Math.floor(v.map.height / 2)];
  }
  const mine = ownShips(v, v.you).find((s) => !s.fate && s.col !== null);
  return mine ? [mine.col, mine.row] : [Math.floor(v.map.width / 2), Math.floor(v.map.height / 2)];
}

/** @param {SkirmishView} v */
function keepCursorInView(v) {
  const canvas = document.getElementById("board");
  if (!canvas || !state.cam.scale || !state.hexCursor) return;
  const [ux, uy] = hx.hexCenter(state.hexCursor[0], state.hexCursor[1]);
  const x = (ux - state.cam.x0) * state.cam.scale;
  const y = (uy - state.cam.y0) * state.cam.scale;
  const m = 30;
  if (x < m || y < TOOLS_PX + m || x > canvas.clientWidth - m || y > canvas.clientHeight - m) {
    state.cam.x0 = ux - canvas.clientWidth / 2 / state.cam.scale;
    state.cam.y0 = topFor(uy, canvas.clientHeight);
    clampCam(v, canvas.clientWidth, canvas.clientHeight);
  }
}

/** The hex under the keyboard's frame, in words for a screen reader.
 * @param {SkirmishGame} g */
function sayHex(g) {
  const box = document.getElementById("msc-cursor-words");
  if (!box || !state.hexCursor) return;
  const v = g.view;
  const [col, row] = state.hexCursor;
  const here = v.ships.filter((s) => !s.fate && s.col === col && s.row === row);
  const place = g.actions.find((a) => a.kind === "Place" && a.fields.col === col && a.fields.row === row);
  box.textContent = `${hx.hexLabel(col, row)}${here.length ? `: ${here.map((s) => shipName(v, s)).join(", ")}` : ""}${place ? ": Enter places the ship here" : ""}`;
}

/** @param {SkirmishView} v */
function hasMoves(v) {
  return ["combat", "orders", "over"].includes(v.phase) && v.turn >= 1 && v.ships.some((s) => s.history.length);
}

/** The last movement again, from where the ships stood (MSC-11.1), with the map in view. */
export function replayMoves() {
  if (!state.current || !state.current.view) return;
  const map = document.getElementById("msc-map-wrap");
  if (map && map.getBoundingClientRect().top < 0) map.scrollIntoView({ block: "start", behavior: "instant" });
  maybeAnimate(state.current, true);
}

/** The movement plays by itself once for each seat that sees it: after the orders are
 * revealed, also after a hand-off (MSC-11.1); a game just opened from its save does not.
 * @param {SkirmishGame} g */
export function maybeAnimate(g, force = false) {
  const v = g.view;
  const moves = v.ships.reduce((n, s) => n + s.history.length, 0);
  const key = `${gameKey()}:${v.you}:${moves}`;
  if (!hasMoves(v)) { state.animatedKey = key; return; }
  if (!force && state.animatedKey === key) return;
  // A game opened mid-turn has nothing new to replay; a movement since this seat's last
  // decision (the shell's recap holds it) or since the screen's last sight of the game has.
  const seenGame = state.animatedKey.startsWith(`${gameKey()}:`);
  const recapMoved = g.recap && Array.isArray(g.recap.steps) && g.recap.steps.some((st) => (st.lines || []).some((l) => isMoveLine(v, l)));
  state.animatedKey = key;
  if (!force && !seenGame && !recapMoved) return;
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches && !force) return;
  const paths = lastMoves(v);
  if (![...paths.values()].some((p) => p.frames.length > 1)) return;
  state.anim = { start: performance.now(), duration: 1400, paths };
  state.replays += 1; // how many movement replays have played (data-replays on the map, for tests)
  const wrap = document.getElementById("msc-map-wrap");
  if (wrap) wrap.dataset.replays = String(state.replays);
  const tick = () => {
    if (!state.anim) return;
    drawMap(state.current);
    if (performance.now() - state.anim.start < state.anim.duration) requestAnimationFrame(tick);
    else { state.anim = null; drawMap(state.current); }
  };
  requestAnimationFrame(tick);
}
