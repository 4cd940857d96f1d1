// The screen's module-level state, one object every module reads and changes (ui), with the
// caches the recap, the reach and the map keep between renders, and rerender.

/** @typedef {import("../../types/models").GenocideGame} GenocideGame the model the shell hands the screen */
/** @typedef {import("../../types/models").GenocideView} GenocideView */
/** @typedef {import("../../types/models").GenocideChoice} GenocideChoice */
/** @typedef {Pick<GenocideChoice, "kind" | "fields"> & Partial<GenocideChoice>} GenocideStep a legal action, or a
 * replay's or review's step (no ``i`` or ``label``) */
/** @typedef {import("../../types/models").GenocideFleet} GenocideFleet */
/** @typedef {import("../../types/models").GenocidePlanet} GenocidePlanet */
/** @typedef {import("../../types/models").GenocideMyShip} MyShip */
/** @typedef {import("../../types/models").GenocideShipValue} ShipValue */
/** @typedef {import("../../types/models").GenocideChance & Partial<import("../../types/models").GenocideAttackOdds
 *   & import("../../types/models").GenocideLaunchOdds>} Odds the engine's figures beside a legal action (its
 *   action_odds): a chance, and a battle target's or a launch order's own figures */
/** @typedef {GenocidePlanet & {pid: number}} MyPlanet one of the viewer's planets and its id (util.myPlanets) */
/** @typedef {import("../../types/models").RecapStep} RecapStep */
/** @typedef {typeof import("../../game.js").shell} Shell the shell's tools (render's ``tools``) */
/** @typedef {number[]} HexAt a hex's [col, row] */
/** @typedef {{wx0: number, wy0: number, wx1: number, wy1: number}} WorldBox a box of hex centres in map units */
/** @typedef {{s: number, ox: number, oy: number, fit: number, auto: boolean, w: number, h: number, corner?: number}} Camera
 * pixels per hex radius, the map's origin on the canvas, the scale that fits the whole map, whether no one moved it */
/** @typedef {{seat: number | null, what: string, byMap?: boolean, delay?: number, next: (g: GenocideGame) => number | null}} Queue
 * legal actions played one after another: the index in ``g.actions`` of the next, or null when done */
/** @typedef {{key: string, kind: string, assign: Record<string, string | number>}} Draft the secret setup being
 * arranged: planet id -> type, or ship id -> planet id */

/** What the screen's modules read and change from render to render.
 * @type {{g: GenocideGame | null, cam: Camera | null, camKey: string, hex: HexAt | null, hexAt: number,
 *   pickShip: number | null, stamp: number, draft: Draft | null, queue: Queue | null, legend: boolean,
 *   logSeat: number | null, logOpen?: boolean, shell: Shell | null,
 *   render: ((area: HTMLElement, g: GenocideGame, tools: Shell) => void) | null, trackKey: string,
 *   lastPlay: GenocideGame | null, queueTimer: number, frame: number,
 *   mini: {x: number, y: number, w: number, h: number, toWorld?: (x: number, y: number) => number[]} | null,
 *   lastScale: number, layerTimer: number, frameTimer: number, markedAt: string, framed: string,
 *   pending?: number | null, keepScroll?: {top: number | null, after: number} | null,
 *   afterModel?: {c: number, r: number, at: number} | null, pickedAt?: number, focus?: string, centre?: HexAt | null,
 *   byMap?: boolean}} */
export const ui = {
  g: null, // the model on screen
  cam: null, // {s: pixels per hex radius, ox, oy}
  camKey: "",
  hex: null, // the hex tapped last: [col, row]
  hexAt: -1, // the decision (g.at) it was tapped at
  pickShip: null, // setup: the ship picked to move
  stamp: 0, // bumped whenever what the map marks may have changed (the frame layer is redrawn)
  draft: null, // setup: {key, kind, assign}
  queue: null, // actions played one after another: {seat, next(g) -> action index or null, what, byMap}
  byMap: false, // the model on screen came from a tap on the map: the hexes stay under the finger
  legend: false,
  logSeat: null, // the player whose log lines "Log by player" shows (null: everyone)
  shell: null, // the shell's tools, from the last render
  render: null, // screen.js's render, which rerender calls (the modules it imports cannot import it)
  trackKey: "", // the game and page the track is of
  lastPlay: null, // the last model in play: a look back at the board draws the recap from it
  queueTimer: 0,
  frame: 0, // the animation frame schedule asked for
  mini: null, // {x, y, w, h, s}: the mini-map's box, for taps
  lastScale: 0,
  layerTimer: 0,
  frameTimer: 0,
  markedAt: "", // the hex whose choices were last brought into the list's view ("at:col,row")
  framed: "", // the decision the page last framed the map for ("viewer:at")
};

// Where every fleet marker stood after each action the screen has drawn or looked back at.
// Markers and every step of a fleet are PUBLIC (SG-14.1), so this holds nothing a seat may not
// know; ship counts are never kept here (recapStep reads them from the view on screen). The
// recap names each move from it, and the map draws this turn's paths and, fainter, the last
// turn's (so the computer's moves stay on the map until the next turn).
/** @type {Map<number, {turn: string, fleets: Map<string, HexAt>}>} */
export const track = new Map(); // position -> {turn: "round:active", fleets: Map("owner:marker" -> [col, row])}

/** @typedef {{at: HexAt, cost: number, path: number[][]}} ReachNode a hex the fleet being ordered can reach: the MP the
 * way there spends and its hexes in order */
/** The fleet's reach as built for one model and one fleet picked on the map (queue.reach).
 * @type {{g: GenocideGame | null, pending: GenocideFleet | null, map: Map<string, ReachNode> | null}} */
export const reachMemo = { g: null, pending: null, map: null };

/** @typedef {WorldBox & {canvas: HTMLCanvasElement | null, key: string, ix0?: number, iy0?: number}} Layer an offscreen
 * canvas of the map over a box of hex centres; its pixel (0, 0) is the world point (ix0, iy0) */
/** The static layer (every hex's fill, grid and glyphs).
 * @type {Layer} */
export const layer = { canvas: null, key: "", wx0: 0, wy0: 0, wx1: 0, wy1: 0 };
/** The layer with this model's marks, planets and fleets on the static layer.
 * @type {Layer & {stamp: number, g: GenocideGame | null}} */
export const frameLayer = { canvas: null, key: "", stamp: -1, g: null, wx0: 0, wy0: 0, wx1: 0, wy1: 0 };

export function rerender() {
  const g = ui.g;
  const area = document.getElementById("board-area");
  if (!g || !area || !g.view) return;
  const scroll = window.scrollY;
  ui.render(area, g, ui.shell);
  window.scrollTo(0, scroll);
}
