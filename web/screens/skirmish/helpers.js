// What every part of Minimal Space Combat's screen uses: side names and colours, the seat's
// ships and the order being plotted, the device's store of ship names and designs, a design in
// words, and what the engine says a log line is made of.
import { state } from "./state.js";

/** @typedef {import("./state.js").SkirmishView} SkirmishView */
/** @typedef {import("./state.js").SkirmishShip} SkirmishShip */
/** @typedef {import("./state.js").SkirmishPlot} SkirmishPlot */
/** @typedef {import("./state.js").SkirmishOrder} SkirmishOrder */
/** @typedef {import("./state.js").SkirmishLogLine} SkirmishLogLine */
/** @typedef {import("./state.js").Design} Design */
/** @typedef {{path: number[][], facing: number, left: boolean, exit: number[] | null}} GhostPath where orders take a
 * ship, for drawing: the hexes it crosses as [col, row], its facing at the end, whether it leaves the map and the hex
 * off the map it heads for */

// ---------------------------------------------------------------------------- helpers

/** @param {unknown} s */
export function cap(s) { return String(s).charAt(0).toUpperCase() + String(s).slice(1); }

export function ensureStyles() {
  state.shell.stylesheet(new URL("./screen.css", import.meta.url).href);
}

export const SIDE_COLOURS = ["#5fa8e8", "#ff9f5a"];
export const SIDE_NAMES = ["West", "East"];
export const STORE = "startable-msc:";

/** The ships of ``seat`` (only those still in play unless ``aliveOnly`` is false).
 * @param {SkirmishView} v
 * @param {number | null} seat
 * @returns {SkirmishShip[]} */
export function ownShips(v, seat, aliveOnly = true) {
  return v.ships.filter((s) => s.owner === seat && (!aliveOnly || !s.fate));
}

/** The seat's order begun and not complete (its SPEED set), or null.
 * @param {SkirmishView} v
 * @returns {SkirmishOrder | null} */
export function openOrder(v) {
  const orders = (v.plans[v.you] || {}).orders || [];
  const last = orders[orders.length - 1];
  return last && !last.complete ? last : null;
}

/** The seat's ship whose orders are being plotted, or null when every ship has them.
 * @param {SkirmishView} v
 * @returns {SkirmishShip | null} */
export function plottingShip(v) {
  const orders = (v.plans[v.you] || {}).orders || [];
  const ships = ownShips(v, v.you);
  const last = orders[orders.length - 1];
  if (last && !last.complete) return v.ships[last.ship];
  return orders.length < ships.length ? ships[orders.length] : null;
}

// ---------------------------------------------------------------------------- the engine's orders

/** The engine's table for the ship being plotted (view.plans[you].plot, MSC-6): its SPEEDs, and
 * per legal SPEED every prefix of a legal order. The page judges nothing itself.
 * @param {SkirmishView} v
 * @returns {SkirmishPlot | null} */
export function plotOf(v) {
  return ((v.plans[v.you] || {}).plot) || null;
}

/** The SPEEDs the engine allows the ship being plotted now (MSC-6.1).
 * @param {SkirmishPlot | null} plot
 * @returns {number[]} */
export function legalSpeeds(plot) {
  return plot ? plot.speeds.filter((c) => c.why === null).map((c) => c.speed) : [];
}

/** Why the engine refuses SPEED ``s`` (MSC-6.1), or "" when it is legal.
 * @param {SkirmishPlot} plot
 * @param {number} s
 * @returns {string} */
export function speedWhy(plot, s) {
  const choice = plot.speeds.find((c) => c.speed === s);
  return choice ? choice.why || "" : plot.above;
}

/** A ghost as the view gives it ([hexes, facing, exit]) for drawing: {path, facing, left, exit}.
 * @param {SkirmishPlot["where"][string]} row
 * @returns {GhostPath} */
export function ghostOf(row) {
  const [path, facing, exit] = row;
  return { path, facing, left: exit !== null, exit };
}

/** The engine's verdict, from the view's table, on ``steps`` at SPEED ``speed``: ``complete``;
 * ``todo``, what is still missing; ``why``, the reason the step at ``at`` is refused, and
 * ``rule``, the rule it cites; ``refused``, why a step after them would be; ``next``, the steps
 * that may follow; ``ghost``, where the legal part takes the ship (MSC-6.2, MSC-7).
 * @param {SkirmishPlot} plot
 * @param {number} speed
 * @param {string} steps
 * @returns {{complete: boolean, todo: string, why: string, rule: string, refused: string, next: string,
 *   ghost: GhostPath | null, at: number}} */
export function judge(plot, speed, steps) {
  const table = plot.orders[String(speed)];
  const none = { complete: false, todo: "", why: "", rule: "", refused: "", next: "", ghost: null, at: 0 };
  if (!table) return { ...none, why: speedWhy(plot, speed), rule: plot.speed_rule };
  let n = 0;
  while (n < steps.length && table[steps.slice(0, n + 1)]) n += 1;
  const [next, todo, refused] = table[steps.slice(0, n)];
  const said = (/** @type {number | null} */ i) => (i === null ? ["", ""] : plot.reasons[i]);
  const ghost = ghostOf(plot.where[steps.slice(0, n)]);
  if (n < steps.length) return { ...none, why: said(refused)[0], rule: said(refused)[1], ghost, at: n };
  return { ...none, complete: todo === null, todo: said(todo)[0], rule: said(todo)[1] || said(refused)[1], refused: said(refused)[0], next, ghost, at: n };
}

/** What this device keeps under ``name`` (JSON), or ``fallback``.
 * @param {string} name
 * @param {any} fallback
 * @returns {any} read from storage: whatever was kept, checked by the caller */
export function storeGet(name, fallback) {
  try {
    const raw = localStorage.getItem(STORE + name);
    return raw ? JSON.parse(raw) : fallback;
  } catch {
    return fallback;
  }
}

/** @param {string} name
 * @param {unknown} value
 * @returns {boolean} whether the device kept it */
export function storeSet(name, value) {
  try {
    localStorage.setItem(STORE + name, JSON.stringify(value));
    return true;
  } catch {
    state.shell.notify("This device refused to keep that (storage full or private mode).");
    return false;
  }
}

export function gameKey() {
  return location.hash.split("/")[1] || "";
}

/** The names this device gave the ships of the game on screen, by label.
 * @returns {Record<string, string>} */
export function names() {
  const all = storeGet("names", {});
  return (all && all[gameKey()]) || {};
}

/** @param {string} label
 * @param {string} name */
export function setName(label, name) {
  const all = storeGet("names", {});
  const keep = Object.fromEntries(Object.entries(all || {}).slice(-40));
  keep[gameKey()] = { ...(keep[gameKey()] || {}), [label]: String(name).slice(0, 40) };
  storeSet("names", keep);
}

/** A ship's label with its local name; a name typed during the secret design phase is only
 * shown to its own seat until the designs are revealed.
 * @param {SkirmishView} v
 * @param {SkirmishShip} s */
export function shipName(v, s) {
  const n = names()[s.label];
  return n ? `${s.label} “${n}”` : s.label;
}

/** @param {number} owner */
export function sideClass(owner) { return owner === 0 ? "msc-west" : "msc-east"; }

/** A design in words: its stats, weapons and, when the engine has costed it, its BP.
 * @param {Design} d */
export function designLine(d) {
  const w = d.weapons.length ? d.weapons.join(", ") : "no weapons";
  return `ENGINE ${d.engine}, SHIELDS ${d.shields}, TO-HIT ${d.to_hit}, weapons ${w}${d.bp === undefined ? "" : ` (${d.bp} BP)`}`;
}

/** What the engine says a log line is made of (view.log_parts, issue 31): its event's kind,
 * whether it is a line of the dice record, and its parts (text, ships, dice, rule IDs). The
 * page draws from these and never reads the words; a line it has no parts for is plain text.
 * @param {SkirmishView | null} v
 * @param {string} line
 * @returns {SkirmishLogLine | null} */
export function lineFacts(v, line) {
  const facts = v && v.log_parts ? v.log_parts[String(line)] : null;
  return facts || null;
}

/** @param {SkirmishView | null} v
 * @param {string} line */
export function lineKind(v, line) {
  const facts = lineFacts(v, line);
  return facts ? facts.kind : null;
}

/** A line of the dice record (C-2.8): the shell shows it only with the log's details.
 * @param {SkirmishView | null} v
 * @param {string} line */
export function isRollRecord(v, line) { const f = lineFacts(v, line); return Boolean(f && f.detail); }

/** @param {SkirmishView | null} v
 * @param {string} line */
export function isMoveLine(v, line) { return lineKind(v, line) === "moved" && !isRollRecord(v, line); }

/** @param {SkirmishView | null} v
 * @param {string} line */
export function tellsDice(v, line) {
  const f = lineFacts(v, line);
  return Boolean(f && !f.detail && f.parts.some((p) => p && typeof p === "object" && "die" in p));
}
