// Minimal Space Combat's map camera: its scale and pan, kept on the map, and what each decision
// frames.
import * as hx from "./hexmath.js";
import { state } from "./state.js";
import { plottingShip } from "./helpers.js";

/** @typedef {import("./state.js").SkirmishGame} SkirmishGame */
/** @typedef {import("./state.js").SkirmishView} SkirmishView */
/** @typedef {{x0: number, x1: number, y0: number, y1: number, whole?: boolean}} Box a map rectangle in
 * hex units; ``whole``: framed whatever the zoom it needs (the end of the game) */

/** @param {SkirmishView} v */
function mapUnits(v) { return hx.mapSize(v.map.width, v.map.height); }

/** The scale at which the whole map's width fills ``width`` pixels.
 * @param {SkirmishView} v
 * @param {number} width */
export function fitScale(v, width) {
  const [mw] = mapUnits(v);
  return width / mw;
}

/** What the decision on screen is about (phase, turn, seat, ship): a new one frames the map again.
 * @param {SkirmishGame} g */
export function focusKey(g) {
  const v = g.view;
  if (!v) return "";
  const ship = v.phase === "orders" && g.actions.length ? plottingShip(v) : null;
  return `${v.phase}|${v.turn}|${v.you}|${v.firing ?? ""}|${ship ? ship.id : ""}|${g.actions.length ? "play" : "wait"}`;
}

/** The map rectangle (in hex units) the decision is about, or null for "centre on focusHex":
 * the seat's own ships in play and every enemy within reach of them (the nearest one when
 * none is), so a shot or a threat is on screen with the ships that answer it.
 * @param {SkirmishGame} g
 * @returns {Box | null} */
export function focusBox(g) {
  const v = g.view;
  if (v.phase === "deploy" || v.phase === "design") return null;
  const me = v.you;
  const live = v.ships.filter((x) => !x.fate && x.col !== null);
  const boxOf = (/** @type {typeof live} */ ships, margin = 1.6) => {
    const pts = ships.map((x) => hx.hexCenter(x.col, x.row));
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    return { x0: Math.min(...xs) - margin, x1: Math.max(...xs) + margin, y0: Math.min(...ys) - margin, y1: Math.max(...ys) + margin };
  };
  // The end: every ship still on the map, whichever side, with a margin for its label above it
  // and its SPEED and SHIELDS marks under it (the seat's own may all be gone: centring on the
  // first enemy left the others in a corner or off the map).
  if (v.phase === "over") return live.length ? { ...boxOf(live, 2.4), whole: true } : null;
  const own = live.filter((x) => me === null || me === undefined || x.owner === me);
  if (!own.length) return null;
  const enemies = live.filter((x) => !own.includes(x));
  const dist = (a, b) => hx.distance([a.col, a.row], [b.col, b.row]);
  const reach = (e) => Math.min(...own.map((o) => dist(o, e)));
  const near = enemies.filter((e) => reach(e) <= v.max_range + 2);
  // With no enemy in reach, the nearest one joins when the map can still show it readably.
  const nearest = !near.length && enemies.length ? enemies.reduce((a, b) => (reach(a) <= reach(b) ? a : b)) : null;
  if (nearest) {
    const wide = boxOf([...own, nearest]);
    if (wide.x1 - wide.x0 <= FOCUS_UNITS[0] && wide.y1 - wide.y0 <= FOCUS_UNITS[1]) return wide;
  }
  return boxOf([...own, ...near]);
}

// The most map (hex units, about 25 by 21 at 16 px a hex) a phone's map shows readably.
const FOCUS_UNITS = [25, 21];

/** The hex the map centres on when no box frames the decision.
 * @param {SkirmishGame} g
 * @returns {[number, number]} */
export function focusHex(g) {
  const v = g.view;
  const plotting = v.phase === "orders" && g.actions.length ? plottingShip(v) : null;
  const s = plotting || (state.ui.selected !== null ? v.ships[state.ui.selected] : null);
  if (s && s.col !== null && !s.fate) return [s.col, s.row];
  if (v.phase === "deploy") return [v.you === 0 ? 1 : v.map.width - 2, Math.floor(v.map.height / 2)];
  const own = v.ships.filter((x) => !x.fate && x.col !== null && (v.you === null || x.owner === v.you));
  const any = own.length ? own : v.ships.filter((x) => !x.fate && x.col !== null);
  if (!any.length) return [Math.floor(v.map.width / 2), Math.floor(v.map.height / 2)];
  return [any[0].col, any[0].row];
}

/** The map centred on a hex, unless it is in view already (or ``force``).
 * @param {number} col
 * @param {number} row
 * @param {boolean} force */
export function centreOn(col, row, force) {
  const canvas = document.getElementById("board");
  if (!canvas || !state.cam || !state.cam.scale) return;
  const w = canvas.clientWidth;
  const hgt = canvas.clientHeight;
  const [x, y] = hx.hexCenter(col, row);
  const sx = (x - state.cam.x0) * state.cam.scale;
  const sy = (y - state.cam.y0) * state.cam.scale;
  if (!force && sx > 40 && sx < w - 40 && sy > TOOLS_PX + 20 && sy < hgt - 40) return;
  state.cam.x0 = x - w / 2 / state.cam.scale;
  state.cam.y0 = topFor(y, hgt);
  clampCam(state.current.view, w, hgt);
}

/** Pixels at the map's top under its buttons (zoom, Whole map, Enemy arcs, Replay: screen.css
 * .msc-map-tools; one row of 44 px on a wide screen, two on a phone): the map may be pulled below
 * them, so that no hex of its top row has to sit under a button (issue 36: a ship there was
 * hidden at the end). Measured when the map is drawn (``measureTools``). */
export let TOOLS_PX = 52;

/** The map's buttons' height, read once the map is laid out (drawMap reads its width anyway).
 * @param {HTMLElement | null} tools */
export function measureTools(tools) {
  if (tools && tools.offsetHeight) TOOLS_PX = tools.offsetTop + tools.offsetHeight + 2;
}

/** The map y (hex units) at the canvas's top that puts map y ``y`` in the middle of what shows
 * below the map's buttons.
 * @param {number} y
 * @param {number} hgt the canvas's height in pixels */
export function topFor(y, hgt) {
  return y - (hgt + TOOLS_PX) / 2 / state.cam.scale;
}

/** The camera kept over the map, its top row free to come below the map's buttons.
 * @param {SkirmishView} v
 * @param {number} w
 * @param {number} hgt */
export function clampCam(v, w, hgt) {
  const [mw, mh] = mapUnits(v);
  const vw = w / state.cam.scale;
  const vh = hgt / state.cam.scale;
  const inset = TOOLS_PX / state.cam.scale;
  state.cam.x0 = vw >= mw ? (mw - vw) / 2 : Math.max(-0.5, Math.min(mw - vw + 0.5, state.cam.x0));
  state.cam.y0 = vh - inset >= mh ? (mh - vh - inset) / 2 : Math.max(-0.5 - inset, Math.min(mh - vh + 0.5, state.cam.y0));
}

/** @param {SkirmishView} v
 * @param {number} width
 * @param {number} scale */
export function canvasHeight(v, width, scale) {
  const [, mh] = mapUnits(v);
  // On a phone the map leaves room below it for the decision's own controls and its confirm;
  // held sideways the decision sits beside it (screen.css), so it takes the height under the
  // header (issue 36).
  const sideways = window.innerHeight <= 500 && window.innerWidth >= 600;
  // At the end no control waits under the map: it takes a desktop's share on a phone too.
  const share = window.innerWidth < 600 && v.phase !== "over" ? 0.4 : 0.62;
  const cap = sideways ? Math.max(200, window.innerHeight - 72)
    : Math.max(240, Math.min(window.innerHeight * share, 720));
  return Math.min(mh * scale + TOOLS_PX, cap);
}
