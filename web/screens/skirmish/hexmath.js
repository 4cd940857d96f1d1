// Minimal Space Combat on the screen, with no DOM: hexes to pixels (RULES.md C-1, flat-topped,
// odd-q) and typed orders read into steps ("2L1" -> "FFLF") and written back. Whether orders
// are legal, and where they take a ship, is the engine's (view.plans[you].plot,
// pygame_core/games/skirmish/plotting.py), and so are the hexes a ship's weapons reach (view
// ships[].arcs, MSC-3.4, MSC-9.3).
import { distance, hexLabel, neighbour, roundCube } from "../common/hexgrid.js";

export { distance, hexLabel, neighbour };

export const DIR_NAMES = ["N", "NE", "SE", "S", "SW", "NW"];
export const DIR_WORDS = ["north", "north-east", "south-east", "south", "south-west", "north-west"];
export const SIDE_NAMES = ["F", "FR", "RR", "R", "RL", "FL"];
export const SIDE_WORDS = { F: "front", FR: "front right", RR: "rear right", R: "rear", RL: "rear left", FL: "front left" };

/** A hex's label ("0304") as [col, row].
 * @param {string} label
 * @returns {[number, number]} */
export function parseLabel(label) {
  return [Number(label.slice(0, 2)) - 1, Number(label.slice(2)) - 1];
}

// ---------------------------------------------------------------------------- orders (MSC-6)

/** Read orders written like "2L1" (digits: forward moves; L, R: 60° turns). Also accepts
 * "F" for one forward move, spaces, lower case, and "-" or "" for no orders.
 * Returns {steps: "FFLF"} or {steps: null, error}.
 * @param {string} text
 * @returns {{steps: string, error?: undefined} | {steps: null, error: string}} */
export function parseOrders(text) {
  const src = String(text).toUpperCase().replace(/[\s,]+/g, "");
  if (src === "" || src === "-") return { steps: "" };
  let steps = "";
  let pos = 0;
  while (pos < src.length) {
    const rest = src.slice(pos);
    const m = /^([0-9]+|[LRF])/.exec(rest);
    if (!m) return { steps: null, error: `orders are digits (moves forward), L and R (turns); “${rest[0]}” is neither` };
    const token = m[1];
    if (/^[0-9]/.test(token)) {
      const n = Number(token);
      if (n === 0) return { steps: null, error: "0 is not a number of moves: leave it out" };
      if (n > 25) return { steps: null, error: `${n} moves is more than any ship's SPEED` };
      steps += "F".repeat(n);
    } else {
      steps += token;
    }
    pos += token.length;
  }
  return { steps };
}

/** The written form of a step string: "FFLF" becomes "2L1" (MSC-6.2).
 * @param {string} steps */
export function writeOrders(steps) {
  let out = "";
  let run = 0;
  for (const s of steps) {
    if (s === "F") { run += 1; continue; }
    if (run) { out += String(run); run = 0; }
    out += s;
  }
  if (run) out += String(run);
  return out;
}

// ---------------------------------------------------------------------------- pixels

export const SQRT3 = Math.sqrt(3);

/** Centre of a hex in map units of hex radius 1 (flat-topped, odd columns shifted down).
 * @param {number} col
 * @param {number} row
 * @returns {[number, number]} */
export function hexCenter(col, row) {
  return [1 + 1.5 * col, SQRT3 / 2 + SQRT3 * (row + 0.5 * (col & 1))];
}

/** The map's size in map units.
 * @param {number} width
 * @param {number} height
 * @returns {[number, number]} */
export function mapSize(width, height) {
  return [1.5 * width + 0.5, SQRT3 * (height + 0.5)];
}

/** The hex under a point in map units, or null off the map.
 * @param {number} x
 * @param {number} y
 * @param {number} width
 * @param {number} height
 * @returns {[number, number] | null} */
export function hexAt(x, y, width, height) {
  const fq = (x - 1) / 1.5;
  const [col, row] = roundCube(fq, -(x - 1) / 3 + (SQRT3 / 3) * (y - SQRT3 / 2));
  if (col < 0 || row < 0 || col >= width || row >= height) return null;
  return [col, row];
}

/** The angle (radians, screen coordinates) of a world direction: 0 N points up.
 * @param {number} dir */
export function dirAngle(dir) {
  return (-90 + 60 * dir) * Math.PI / 180;
}
