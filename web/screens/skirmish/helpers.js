// What every part of Minimal Space Combat's screen uses: side names and colours, the seat's
// ships and the order being plotted, the device's store of ship names and designs, a design in
// words, and what the engine says a log line is made of.
import { designCost } from "./fleet.js";
import { state } from "./state.js";

// ---------------------------------------------------------------------------- helpers

export function cap(s) { return String(s).charAt(0).toUpperCase() + String(s).slice(1); }

export function ensureStyles() {
  state.shell.stylesheet(new URL("./screen.css", import.meta.url).href);
}

export const SIDE_COLOURS = ["#5fa8e8", "#ff9f5a"];
export const SIDE_NAMES = ["West", "East"];
export const STORE = "startable-msc:";

export function ownShips(v, seat, aliveOnly = true) {
  return v.ships.filter((s) => s.owner === seat && (!aliveOnly || !s.fate));
}

export function openOrder(v) {
  const orders = (v.plans[v.you] || {}).orders || [];
  const last = orders[orders.length - 1];
  return last && !last.complete ? last : null;
}

export function plottingShip(v) {
  const orders = (v.plans[v.you] || {}).orders || [];
  const ships = ownShips(v, v.you);
  const last = orders[orders.length - 1];
  if (last && !last.complete) return v.ships[last.ship];
  return orders.length < ships.length ? ships[orders.length] : null;
}

// ---------------------------------------------------------------------------- the engine's orders

/** The engine's table for the ship being plotted (view.plans[you].plot, MSC-6): its SPEEDs, and
 * per legal SPEED every prefix of a legal order. The page judges nothing itself. */
export function plotOf(v) {
  return ((v.plans[v.you] || {}).plot) || null;
}

/** The SPEEDs the engine allows the ship being plotted now (MSC-6.1). */
export function legalSpeeds(plot) {
  return plot ? plot.speeds.filter((c) => c.why === null).map((c) => c.speed) : [];
}

/** Why the engine refuses SPEED ``s`` (MSC-6.1), or "" when it is legal. */
export function speedWhy(plot, s) {
  const choice = plot.speeds.find((c) => c.speed === s);
  return choice ? choice.why || "" : plot.above;
}

/** A ghost as the view gives it ([hexes, facing, exit]) for drawing: {path, facing, left, exit}. */
export function ghostOf(row) {
  const [path, facing, exit] = row;
  return { path, facing, left: exit !== null, exit };
}

/** The engine's verdict, from the view's table, on ``steps`` at SPEED ``speed``: ``complete``;
 * ``todo``, what is still missing; ``why``, the reason the step at ``at`` is refused, and
 * ``rule``, the rule it cites; ``refused``, why a step after them would be; ``next``, the steps
 * that may follow; ``ghost``, where the legal part takes the ship (MSC-6.2, MSC-7). */
export function judge(plot, speed, steps) {
  const table = plot.orders[String(speed)];
  const none = { complete: false, todo: "", why: "", rule: "", refused: "", next: "", ghost: null, at: 0 };
  if (!table) return { ...none, why: speedWhy(plot, speed), rule: plot.speed_rule };
  let n = 0;
  while (n < steps.length && table[steps.slice(0, n + 1)]) n += 1;
  const [next, todo, refused] = table[steps.slice(0, n)];
  const said = (i) => (i === null ? ["", ""] : plot.reasons[i]);
  const ghost = ghostOf(plot.where[steps.slice(0, n)]);
  if (n < steps.length) return { ...none, why: said(refused)[0], rule: said(refused)[1], ghost, at: n };
  return { ...none, complete: todo === null, todo: said(todo)[0], rule: said(todo)[1] || said(refused)[1], refused: said(refused)[0], next, ghost, at: n };
}

export function storeGet(name, fallback) {
  try {
    const raw = localStorage.getItem(STORE + name);
    return raw ? JSON.parse(raw) : fallback;
  } catch {
    return fallback;
  }
}

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

export function names() {
  const all = storeGet("names", {});
  return (all && all[gameKey()]) || {};
}

export function setName(label, name) {
  const all = storeGet("names", {});
  const keep = Object.fromEntries(Object.entries(all || {}).slice(-40));
  keep[gameKey()] = { ...(keep[gameKey()] || {}), [label]: String(name).slice(0, 40) };
  storeSet("names", keep);
}

/** A ship's label with its local name; a name typed during the secret design phase is only
 * shown to its own seat until the designs are revealed. */
export function shipName(v, s) {
  const n = names()[s.label];
  return n ? `${s.label} “${n}”` : s.label;
}

export function sideClass(owner) { return owner === 0 ? "msc-west" : "msc-east"; }

export function designLine(d) {
  const w = d.weapons.length ? d.weapons.join(", ") : "no weapons";
  return `ENGINE ${d.engine}, SHIELDS ${d.shields}, TO-HIT ${d.to_hit}, weapons ${w} (${d.bp ?? designCost(d)} BP)`;
}

/** What the engine says a log line is made of (view.log_parts, issue 31): its event's kind,
 * whether it is a line of the dice record, and its parts (text, ships, dice, rule IDs). The
 * page draws from these and never reads the words; a line it has no parts for is plain text. */
export function lineFacts(v, line) {
  const facts = v && v.log_parts ? v.log_parts[String(line)] : null;
  return facts || null;
}

export function lineKind(v, line) {
  const facts = lineFacts(v, line);
  return facts ? facts.kind : null;
}

/** A line of the dice record (C-2.8): the shell shows it only with the log's details. */
export function isRollRecord(v, line) { const f = lineFacts(v, line); return Boolean(f && f.detail); }

export function isMoveLine(v, line) { return lineKind(v, line) === "moved" && !isRollRecord(v, line); }

export function tellsDice(v, line) {
  const f = lineFacts(v, line);
  return Boolean(f && !f.detail && f.parts.some((p) => p && typeof p === "object" && "die" in p));
}
