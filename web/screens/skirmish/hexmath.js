// Minimal Space Combat geometry for the screen, with no DOM: hexes (RULES.md C-1, flat-topped,
// odd-q), move orders in the source's notation ("2L1", MSC-6.2), the ghost path of an order
// (MSC-7), arcs (MSC-3.4) and range modifiers (MSC-9.3). It mirrors pygame_core/hexgrid.py
// and pygame_core/games/skirmish/geometry.py; tests/games/skirmish/test_order_notation.py
// runs it under node against the engine for every order of SPEED 0-5 from every facing.
import { DIRS, distance, fromCube, hexLabel, neighbour, roundCube, toCube } from "../common/hexgrid.js";

export { DIRS, distance, fromCube, hexLabel, neighbour, toCube };

export const DIR_NAMES = ["N", "NE", "SE", "S", "SW", "NW"];
export const DIR_WORDS = ["north", "north-east", "south-east", "south", "south-west", "north-west"];
export const SIDE_NAMES = ["F", "FR", "RR", "R", "RL", "FL"];
export const SIDE_WORDS = { F: "front", FR: "front right", RR: "rear right", R: "rear", RL: "rear left", FL: "front left" };
export const MAX_RANGE = 6;

export function parseLabel(label) {
  return [Number(label.slice(0, 2)) - 1, Number(label.slice(2)) - 1];
}

// ---------------------------------------------------------------------------- orders (MSC-6)

/** Read orders written like "2L1" (digits: forward moves; L, R: 60° turns). Also accepts
 * "F" for one forward move, spaces, lower case, and "-" or "" for no orders.
 * Returns {steps: "FFLF"} or {steps: null, error}. */
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

/** The written form of a step string: "FFLF" becomes "2L1" (MSC-6.2). */
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

/** Why ``steps`` are not (yet) legal orders at ``speed`` (MSC-6.2, MSC-A10), or null. */
export function orderProblem(steps, speed) {
  for (let i = 1; i < steps.length; i++) {
    if (steps[i] !== "F" && steps[i - 1] !== "F") return "a ship may not turn twice in a row: move forward between turns";
  }
  if (steps.length > speed) return `${steps.length} steps is more than SPEED ${speed}: every order spends exactly SPEED`;
  if (steps.length < speed) {
    const left = speed - steps.length;
    return `${left} more step${left === 1 ? "" : "s"} to plot: a ship must spend all of its SPEED ${speed}`;
  }
  return null;
}

/** Steps that may follow a partial order (as the engine offers them), each with a reason if not. */
export function nextSteps(steps, speed) {
  if (steps.length >= speed) return [];
  if (steps.length && steps[steps.length - 1] !== "F") return ["F"];
  return ["F", "L", "R"];
}

/** Run orders from a hex and facing on a width x height map (MSC-7.1): the hexes entered,
 * the facing after each step, the final facing, and whether a forward move left the map,
 * which stops the ship there (it disengages, MSC-7.2). */
export function trace(col, row, facing, steps, width, height) {
  const path = [[col, row]];
  const facings = [facing];
  let left = false;
  for (const s of steps) {
    if (s === "F") {
      const [c, r] = neighbour(path[path.length - 1][0], path[path.length - 1][1], facing);
      if (c < 0 || r < 0 || c >= width || r >= height) { left = true; break; }
      path.push([c, r]);
      facings.push(facing);
    } else {
      facing = (facing + (s === "R" ? 1 : 5)) % 6;
      facings[facings.length - 1] = facing;
    }
  }
  return { path, facing, left, facings };
}

/** Legal SPEEDs this turn (MSC-6.1): free on turn 1, else within 1 of the last. */
export function speedChoices(engine, previous, firstTurn) {
  const lo = firstTurn ? 0 : Math.max(0, Math.min(previous - 1, engine));
  const hi = firstTurn ? engine : Math.min(previous + 1, engine);
  const out = [];
  for (let v = lo; v <= hi; v++) out.push(v);
  return out;
}

// ---------------------------------------------------------------------------- arcs and fire

function inWedge(v, dir) {
  const d = DIRS[dir];
  const hi = d.indexOf(1);
  const mid = d.indexOf(0);
  const lo = d.indexOf(-1);
  return v[hi] >= v[mid] && v[mid] >= v[lo];
}

/** Sides (indices, ascending) of a ship facing ``facing`` whose arc holds cube vector v. */
export function arcsOf(facing, v) {
  const out = [];
  for (let d = 0; d < 6; d++) if (inWedge(v, d)) out.push(((d - facing) % 6 + 6) % 6);
  return out.sort((a, b) => a - b);
}

export function relative(from, to) {
  const a = toCube(from[0], from[1]);
  const b = toCube(to[0], to[1]);
  return [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
}

/** MSC-9.3: the to-hit modifier at a range, or null beyond range 6. */
export function rangeModifier(range) {
  if (range === 0) return 2;
  if (range <= 2) return 1;
  if (range <= 4) return 0;
  if (range <= MAX_RANGE) return -1;
  return null;
}

/** Chance (0..1) that a d6 roll is at most ``need`` (MSC-9.4). */
export function hitChance(need) {
  return Math.max(0, Math.min(6, need)) / 6;
}

// ---------------------------------------------------------------------------- pixels

export const SQRT3 = Math.sqrt(3);

/** Centre of a hex in map units of hex radius 1 (flat-topped, odd columns shifted down). */
export function hexCenter(col, row) {
  return [1 + 1.5 * col, SQRT3 / 2 + SQRT3 * (row + 0.5 * (col & 1))];
}

export function mapSize(width, height) {
  return [1.5 * width + 0.5, SQRT3 * (height + 0.5)];
}

/** The hex under a point in map units, or null off the map. */
export function hexAt(x, y, width, height) {
  const fq = (x - 1) / 1.5;
  const [col, row] = roundCube(fq, -(x - 1) / 3 + (SQRT3 / 3) * (y - SQRT3 / 2));
  if (col < 0 || row < 0 || col >= width || row >= height) return null;
  return [col, row];
}

/** The angle (radians, screen coordinates) of a world direction: 0 N points up. */
export function dirAngle(dir) {
  return (-90 + 60 * dir) * Math.PI / 180;
}
