// The hex grid every map screen draws on (RULES.md C-1: flat-topped, odd-q offset columns), with
// no DOM: the engine's (col, row) to cube coordinates and back, neighbours in the engine's
// direction order (pygame_core/hexgrid.py), distance, labels, and a point rounded to its hex.

/** @type {[number, number, number][]} */
export const DIRS = [[0, -1, 1], [1, -1, 0], [1, 0, -1], [0, 1, -1], [-1, 1, 0], [-1, 0, 1]];

/**
 * @param {number} col
 * @param {number} row
 * @returns {[number, number, number]}
 */
export function toCube(col, row) {
  const q = col;
  const r = row - (col - (col & 1)) / 2;
  return [q, r, -q - r];
}

/**
 * @param {number} q
 * @param {number} r
 * @returns {[number, number]}
 */
export function fromCube(q, r) {
  return [q, r + (q - (q & 1)) / 2];
}

/** The hex next to (col, row) in direction `dir` (0 north, then clockwise; any integer).
 * @param {number} col
 * @param {number} row
 * @param {number} dir
 * @returns {[number, number]} */
export function neighbour(col, row, dir) {
  const [q, r] = toCube(col, row);
  const d = DIRS[((dir % 6) + 6) % 6];
  return fromCube(q + d[0], r + d[1]);
}

/**
 * @param {[number, number]} a (col, row)
 * @param {[number, number]} b
 * @returns {number}
 */
export function distance(a, b) {
  const [q1, r1, s1] = toCube(a[0], a[1]);
  const [q2, r2, s2] = toCube(b[0], b[1]);
  return Math.max(Math.abs(q1 - q2), Math.abs(r1 - r2), Math.abs(s1 - s2));
}

/** C-1.5: the 4-digit label CCRR, counted from 1.
 * @param {number} col
 * @param {number} row
 * @returns {string} */
export function hexLabel(col, row) {
  return `${String(col + 1).padStart(2, "0")}${String(row + 1).padStart(2, "0")}`;
}

/** The (col, row) of the hex holding fractional cube coordinates (q, r): each rounded, the one
 * that moved most recomputed so that q + r + s stays 0.
 * @param {number} q
 * @param {number} r
 * @returns {[number, number]} */
export function roundCube(q, r) {
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(-q - r);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs + q + r);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return fromCube(rq, rr);
}
