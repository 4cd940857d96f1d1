// Minimal Space Combat in the shell's words: the title, the decision's prompt, the choice labels,
// the end detail, the news and each step of the turn recap (the turn report with its dice).
import * as hx from "./hexmath.js";
import { TEMPLATES } from "./fleet.js";
import { state } from "./state.js";
import { cap, isMoveLine, isRollRecord, lineFacts, lineKind, names, openOrder, ownShips, plottingShip, shipName, SIDE_NAMES, tellsDice } from "./helpers.js";
import { shotOdds } from "./panels.js";
import { replayMoves } from "./map.js";

/** @typedef {import("./state.js").SkirmishGame} SkirmishGame */
/** @typedef {import("./state.js").SkirmishView} SkirmishView */
/** @typedef {import("./state.js").SkirmishStep} SkirmishStep */
/** @typedef {import("./state.js").RecapStep} RecapStep */
/** @typedef {import("./state.js").Shell} Shell */
/** @typedef {import("../../types/models").SkirmishShipPart} SkirmishShipPart */
/** @typedef {{turn: number, lines: string[], dice?: boolean}} Segment lines of the log told together: a turn's,
 * or (``dice``) those an action added, of which only the dice are drawn */

// ---------------------------------------------------------------------------- exports

/** @param {SkirmishGame} g */
export function title(g) {
  const v = g.view;
  return v ? `Minimal Space Combat · ${cap(v.scenario)}` : g.title;
}

/** What the seat on screen decides now, in a line.
 * @param {SkirmishGame} g
 * @returns {string | null} */
export function prompt(g) {
  const v = g.view;
  if (!v || g.mode !== "play" || !g.actions.length) return null;
  const me = v.you;
  const plan = v.plans[me] || { submitted: false };
  const side = SIDE_NAMES[me];
  if (v.phase === "design") {
    if (plan.draft) return `${side}: finish the ship being designed`;
    return `${side}: design your ships in secret (${(plan.designs || []).length} of ${v.limits.ships} built)`;
  }
  if (v.phase === "deploy") {
    const placed = plan.placements || [];
    const last = placed[placed.length - 1];
    const ships = ownShips(v, me);
    if (last && last.facing === null) return `${side}: choose the facing of ${ships[placed.length - 1].label}`;
    if (placed.length < ships.length) return `${side}: tap a hex in your zone to place ${ships[placed.length].label}`;
    return `${side}: deployment done — submit it`;
  }
  if (v.phase === "orders") {
    const ship = plottingShip(v);
    if (!ship) return `${side}: every ship has its orders — submit them`;
    const order = openOrder(v);
    return order ? `${side}: plot ${ship.label}'s moves (${order.steps.length} of ${order.speed})` : `${side}: plot ${ship.label}'s SPEED and moves`;
  }
  if (v.phase === "combat") {
    if (v.pending_hit) return `${side}: choose the side of ${v.ships[v.pending_hit.target].label} the hit strikes`;
    return `${side} fires (${v.initiative[0] === me ? "first" : "second"} this turn): pick a weapon and a target, or hold fire`;
  }
  return null;
}

/** The scores and each ship's fate, at the end.
 * @param {SkirmishGame} g */
export function endDetail(g) {
  const { h } = state.shell;
  const v = g.view;
  if (!v) return null;
  return h("div", { class: "msc-end" },
    h("p", { class: "score" }, `West ${v.scores[0]} · East ${v.scores[1]} BP destroyed`),
    h("ul", { class: "msc-fates" }, v.ships.map((s) => h("li", {},
      `${shipName(v, s)}: ${s.fate === "destroyed" ? "destroyed" : s.fate === "disengaged" ? "left the map" : `survived with SHIELDS ${s.shields}/${s.design.shields}`}`))));
}

/** The dice of the last action, or the turn so far after a hand-off (the recap tells the rest).
 * @param {SkirmishGame} g
 * @param {Shell} tools
 * @param {SkirmishGame | null} previous */
export function news(g, tools, previous) {
  state.shell = tools;
  const v = g.view;
  if (!v || !["orders", "combat", "over"].includes(v.phase) || v.turn < 1) return null;
  // The shell's turn recap (#recap) tells what happened since this seat's last decision, each
  // step worded by recapStep below; the news adds nothing to it.
  if (g.recap !== undefined) return null;
  // Before the recap: the shell lists the log lines this action added when it saw the view
  // before (app.js newsBox); then only their dice are drawn here. After a hand-off it saw
  // nothing: the whole turn so far is told here.
  const shellShows = previous && previous.view && previous.at < g.at && g.mode === "play";
  if (shellShows) {
    const fresh = v.log.slice(previous.view.log.length);
    if (!fresh.some((l) => ["initiative", "shot"].includes(lineKind(v, l)))) return null;
    return turnReport(v, { turn: v.turn, lines: fresh, dice: true }, true);
  }
  const seg = turnSegment(v);
  if (!seg.lines.length) return null;
  return turnReport(v, seg, true);
}

/** One step of the shell's turn recap in this game's words: its log lines with their dice as
 * dice, ships by name, and the movement replay where the step moved ships (MSC-11.1). A step
 * that passed by itself (``step.auto``) shows its words and, when it told results
 * (``step.results``, issue 31), those lines with their dice; with none, the shell's own line.
 * @param {SkirmishGame} g
 * @param {RecapStep} step */
export function recapStep(g, step) {
  const v = g && g.view;
  if (!v || !step || !Array.isArray(step.lines)) return null;
  const results = Array.isArray(step.results) ? step.results : [];
  if (step.auto && !results.length) return null;
  // Each line with its index in the log (data-line: the recap marks every line it shows).
  const picked = step.auto ? results.filter((k) => step.lines[k] !== undefined) : step.lines.map((_, k) => k);
  const lines = picked.filter((k) => !isRollRecord(v, step.lines[k]));
  if (!lines.length) return null;
  const { h } = state.shell;
  const from = typeof step.from === "number" ? step.from : null;
  const moved = lines.some((k) => isMoveLine(v, step.lines[k]));
  const item = (/** @type {number} */ k) => h("li", { "data-line": from === null ? null : String(from + k) }, wordedLine(v, step.lines[k]));
  // Both sides' deployments or moves, revealed by the last side to submit, are each filed
  // under their own side (issue 36), then what follows (the initiative) under none.
  const sides = bothSides(g, step, lines);
  const body = sides
    ? [0, 1].map((side) => h("div", { class: "msc-recap-side", "data-side": String(side) },
      h("span", { class: "recap-who" }, sideWho(g, side)), h("ul", {}, lines.filter((k) => sides.get(k) === side).map(item))))
      .concat(lines.some((k) => !sides.has(k)) ? [h("ul", {}, lines.filter((k) => !sides.has(k)).map(item))] : [])
    : [h("ul", {}, lines.map(item))];
  return h("div", { class: "msc-recap-step" },
    step.auto ? h("p", { class: "msc-auto" }, String(step.auto)) : null,
    ...body,
    moved ? h("button", { type: "button", class: "btn small msc-replay", onclick: replayMoves }, "Replay moves") : null);
}

/** For a step that revealed both sides' deployments or moves: the side of each such line (by
 * index), else null.
 * @param {SkirmishGame} g
 * @param {RecapStep} step
 * @param {number[]} lines
 * @returns {Map<number, number> | null} */
function bothSides(g, step, lines) {
  const v = g.view;
  /** @type {Map<number, number>} */
  const sides = new Map();
  for (const k of lines) {
    const f = lineFacts(v, step.lines[k]);
    if (!f || !["deployed", "moved"].includes(f.kind)) continue;
    const ref = f.parts.find(/** @returns {p is SkirmishShipPart} */ (p) => typeof p === "object" && "ship" in p);
    const ship = ref ? v.ships[ref.ship] : null;
    if (ship) sides.set(k, ship.owner);
  }
  return new Set(sides.values()).size > 1 ? sides : null;
}

/** @param {SkirmishGame} g
 * @param {number} side */
function sideWho(g, side) {
  const seat = g.seats && g.seats[side];
  const people = (g.seats || []).filter((s) => !s.computer).length;
  return side === g.viewer && people === 1 ? "You" : seat ? seat.name : SIDE_NAMES[side];
}

/** The side a step of the recap is filed under (the shell's label): none for a step that
 * revealed both sides' moves, each told under its own side by recapStep.
 * @param {SkirmishGame} g
 * @param {RecapStep} step
 * @returns {null | undefined} */
export function recapWho(g, step) {
  const v = g && g.view;
  if (!v || !step || !Array.isArray(step.lines)) return undefined;
  return bothSides(g, step, step.lines.map((_, k) => k)) ? null : undefined;
}

/** The choice buttons and the hint in the player's words: ship labels and odds, where the
 * engine's action strings name ships by number ("fire ship #0 F at ship #1").
 * @param {SkirmishGame} g
 * @param {SkirmishStep} a
 * @returns {string | null} */
export function choiceLabel(g, a) {
  const v = g.view;
  if (!v) return null;
  const f = a.fields;
  const plotting = v.phase === "orders" ? plottingShip(v) : null;
  const placed = v.phase === "deploy" ? ((v.plans[v.you] || {}).placements || []).length : 0;
  const placing = v.phase === "deploy" ? ownShips(v, v.you)[Math.max(0, placed - 1)] : null;
  const nextPlace = v.phase === "deploy" ? ownShips(v, v.you)[placed] : null;
  if (a.kind === "Fire") {
    const o = shotOdds(v, a);
    return `${o.shooter.label} fires ${f.side} at ${o.target.label} (range ${o.range}, ${o.percent}% to hit)`;
  }
  if (a.kind === "SetSpeed" && plotting) return `${plotting.label}: SPEED ${f.speed}`;
  if (a.kind === "Step" && plotting) return `${plotting.label}: ${{ F: "forward", L: "turn left", R: "turn right" }[f.move]}`;
  if (a.kind === "Place" && nextPlace) return `Place ${nextPlace.label} at ${hx.hexLabel(f.col, f.row)}`;
  // The arrow points the way on the screen (N is up): the facings are the only buttons (issue 36).
  if (a.kind === "Face" && placing) return `${"↑↗↘↓↙↖"[f.facing]} ${placing.label} faces ${hx.DIR_NAMES[f.facing]}`;
  if (a.kind === "NewShip") return f.design in TEMPLATES ? `Build a ${TEMPLATES[f.design].name} (${TEMPLATES[f.design].bp} BP)` : "Design a custom ship, step by step";
  if (a.kind === "HoldFire") return "Hold fire";
  if (a.kind === "Submit") return { design: "Submit my designs", deploy: "Submit my deployment", orders: "Submit my orders" }[v.phase] || null;
  return null;
}

// ---------------------------------------------------------------------------- turn report (news)

/** The last whole turn's lines (in the orders phase: the turn before), from its heading on.
 * @param {SkirmishView} v
 * @returns {Segment} */
function turnSegment(v) {
  const log = v.log;
  const marks = [];
  log.forEach((line, n) => { if (lineKind(v, line) === "turn") marks.push(n); });
  if (!marks.length) return { turn: 0, lines: [] };
  let from = marks[marks.length - 1];
  let to = log.length;
  if (v.phase === "orders" && marks.length > 1) { to = from; from = marks[marks.length - 2]; }
  else if (v.phase === "orders") return { turn: v.turn, lines: [] };
  return { turn: lineFacts(v, log[from]).turn, lines: log.slice(from + 1, to) };
}

/** A log line for people from its parts: no rule IDs; a named ship's name after its own
 * ("West 1 “Vigilant”"); each die drawn as a die.
 * @param {SkirmishView} v
 * @param {string} line
 * @returns {(string | HTMLElement)[]} */
function wordedLine(v, line) {
  const { h } = state.shell;
  const f = lineFacts(v, line);
  if (!f) return [String(line)];
  const own = names();
  const byId = new Map(v.ships.map((s) => [s.id, s]));
  return f.parts.map((p) => {
    if (typeof p === "string") return p;
    if ("rule" in p) return "";
    if ("ship" in p) {
      const s = byId.get(p.ship);
      const n = s ? own[s.label] : null;
      return n ? `${p.text} “${n}”` : p.text;
    }
    return h("span", { class: `die${p.hit ? " hit" : ""}`, "aria-label": `${p.what || "rolled"} ${p.die}` }, String(p.die));
  });
}

/** @param {SkirmishView} v
 * @param {Segment} seg
 * @param {boolean} open */
function turnReport(v, seg, open) {
  const { h } = state.shell;
  const lines = seg.lines.filter((l) => !isRollRecord(v, l));
  const shown = seg.dice ? lines.filter((l) => tellsDice(v, l)) : lines;
  const fought = lines.some((l) => lineKind(v, l) === "initiative");
  // The whole turn told here stands for the shell's list of new log lines (app.js newsBox).
  return h("details", { class: "msc-report", id: "msc-report", open: open || null, "data-tells-log": seg.dice ? null : "1" },
    h("summary", {}, seg.dice ? "The dice" : `Turn ${seg.turn}: moves${fought ? ", initiative and fire" : ""}`),
    h("ul", {}, shown.map((l) => h("li", {}, wordedLine(v, l)))),
    !seg.dice && lines.some((l) => isMoveLine(v, l)) ? h("button", { type: "button", class: "btn small msc-replay", onclick: replayMoves }, "Replay moves") : null);
}
