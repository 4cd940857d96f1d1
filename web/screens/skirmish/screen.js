// Minimal Space Combat's screen (RULES.md section 4): the ship designer (MSC-2), deployment,
// plotted orders with a ghost path (MSC-6, MSC-7), arcs and fire with the odds shown first
// (MSC-3.4, MSC-9), status panels with every track of the Ship Turn Record (MSC-2.4).
//
// It draws only from g.view (the seat on screen; the other seat's plan is never in it) and
// every move is one of g.actions. A ship design or an order the player builds here is a
// sequence of the engine's small legal steps (NewShip, SetStat, FitWeapon; SetSpeed, Step),
// played one at a time once the player commits. Saved designs and ship names are kept in
// localStorage under "startable-msc:" (presentation only, never a save).
import { laidOutWidth, panZoomTap, watchWidth } from "../common/canvas.js";
import * as hx from "./hexmath.js";
import {
  TEMPLATES, WEAPON_ORDER, cleanDesign, designCode, designCost, fleetOf, fleetProblem, limitsOf, quickFleet, readDesignCode, trimmed,
} from "./fleet.js";

export { designCode, readDesignCode };
const STAT_INFO = {
  engine: { label: "ENGINE", min: 0, max: 5, what: "top SPEED" },
  shields: { label: "SHIELDS", min: 1, max: 5, what: "hits it can take" },
  to_hit: { label: "TO-HIT", min: 0, max: 5, what: "gunnery: hits on a d6 roll of this or less" },
};
const SIDE_COLOURS = ["#5fa8e8", "#ff9f5a"];
const SIDE_NAMES = ["West", "East"];
const STORE = "startable-msc:";

let shell = null;
let current = null; // the model on screen
let cam = null; // {scale, x0, y0, key}: the map's zoom and pan
let ui = freshUi(); // presentation state of the seat on screen (reset when the seat changes)
let queue = null; // a committed design or order being played step by step
let anim = null; // {start, paths} while the last movement plays
let animatedKey = "";
let replays = 0;
let hexCursor = null; // [col, row]: the hex the keyboard is on (arrow keys on the focused map)
let enemyArcs = true; // the enemy's armed arcs drawn (a toggle on the map)

function freshUi(viewer = null, game = "") {
  return {
    viewer, game,
    selected: null, // ship id whose arcs are shown
    target: null, // enemy ship id chosen as a target
    form: null, // the designer's draft {engine, shields, to_hit, weapons: Set, name, from}
    why: "", // the last refused choice, in words
    draft: null, // {ship, speed, steps} the orders being plotted
    typed: "",
    typedError: "",
    speedTapped: false, // a SPEED tapped for the ship being plotted: typed orders do not change it
    codeText: "",
    note: "",
    fleet: null, // the designs chosen at setup, still to build (design phase)
    builtFleet: null, // {fleet, before}: the list last built, back if Undo takes all its ships back
  };
}

// ---------------------------------------------------------------------------- exports

export function title(g) {
  const v = g.view;
  return v ? `Minimal Space Combat · ${cap(v.scenario)}` : g.title;
}

export function prompt(g) {
  const v = g.view;
  if (!v || g.mode !== "play" || !g.actions.length) return null;
  const me = v.you;
  const plan = v.plans[me] || {};
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

export function endDetail(g) {
  const { h } = shell;
  const v = g.view;
  if (!v) return null;
  return h("div", { class: "msc-end" },
    h("p", { class: "score" }, `West ${v.scores[0]} · East ${v.scores[1]} BP destroyed`),
    h("ul", { class: "msc-fates" }, v.ships.map((s) => h("li", {},
      `${shipName(v, s)}: ${s.fate === "destroyed" ? "destroyed" : s.fate === "disengaged" ? "left the map" : `survived with SHIELDS ${s.shields}/${s.design.shields}`}`))));
}

export function news(g, tools, previous) {
  shell = tools;
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
 * (``step.results``, issue 31), those lines with their dice; with none, the shell's own line. */
export function recapStep(g, step) {
  const v = g && g.view;
  if (!v || !step || !Array.isArray(step.lines)) return null;
  const results = Array.isArray(step.results) ? step.results : [];
  if (step.auto && !results.length) return null;
  // Each line with its index in the log (data-line: the recap marks every line it shows).
  const picked = step.auto ? results.filter((k) => step.lines[k] !== undefined) : step.lines.map((_, k) => k);
  const lines = picked.filter((k) => !isRollRecord(v, step.lines[k]));
  if (!lines.length) return null;
  const { h } = shell;
  const from = typeof step.from === "number" ? step.from : null;
  const moved = lines.some((k) => isMoveLine(v, step.lines[k]));
  return h("div", { class: "msc-recap-step" },
    step.auto ? h("p", { class: "msc-auto" }, String(step.auto)) : null,
    h("ul", {}, lines.map((k) => h("li", { "data-line": from === null ? null : String(from + k) }, wordedLine(v, step.lines[k])))),
    moved ? h("button", { type: "button", class: "btn small msc-replay", onclick: replayMoves }, "Replay moves") : null);
}

export function keys(e, g, tools) {
  shell = tools;
  const v = g.view;
  if (!v || g.mode !== "play" || v.phase !== "orders" || !g.actions.length || queue) return false;
  const draft = ui.draft;
  if (!draft) return false;
  const k = e.key;
  const step = k === "f" || k === "F" || k === "ArrowUp" ? "F" : k === "l" || k === "L" || k === "ArrowLeft" ? "L"
    : k === "r" || k === "R" || k === "ArrowRight" ? "R" : null;
  if (step) { e.preventDefault(); addStep(step); return true; }
  if (k === "Backspace") { e.preventDefault(); backStep(); return true; }
  // Enter commits the orders being drafted (issue 36), as "Set …'s orders" does; on a button or
  // a link Enter is that control's own.
  if (k === "Enter" && !(e.target.closest && e.target.closest("button, a, summary"))) { e.preventDefault(); commitOrders(); return true; }
  return false;
}

/** Hexes by keyboard: the map is a tab stop; the arrows move a frame over the hexes (up and down
 * a column, left and right along a row), Enter or Space taps the hex under it. While orders are
 * plotted the arrows plot steps instead (keys above), as they always have. */
function mapKey(e) {
  const g = current;
  if (!g || !g.view || e.ctrlKey || e.metaKey || e.altKey) return;
  const v = g.view;
  const plotting = v.phase === "orders" && ui.draft && g.mode === "play" && g.actions.length;
  const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  if (!hexCursor) hexCursor = startHex(g);
  if (moves[e.key] && !plotting) {
    e.preventDefault();
    const [dc, dr] = moves[e.key];
    hexCursor = [Math.max(0, Math.min(v.map.width - 1, hexCursor[0] + dc)), Math.max(0, Math.min(v.map.height - 1, hexCursor[1] + dr))];
    keepCursorInView(v);
    drawMap(g);
    sayHex(g);
  } else if ((e.key === "Enter" || e.key === " ") && !plotting) {
    e.preventDefault();
    tapHex(hexCursor[0], hexCursor[1], e);
  }
}

/** Where the keyboard's frame starts: the decision's own hex (the last placement, the ship to
 * fire), else the middle of the own deployment zone. */
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

function keepCursorInView(v) {
  const canvas = document.getElementById("board");
  if (!canvas || !cam.scale || !hexCursor) return;
  const [ux, uy] = hx.hexCenter(hexCursor[0], hexCursor[1]);
  const x = (ux - cam.x0) * cam.scale;
  const y = (uy - cam.y0) * cam.scale;
  const m = 30;
  if (x < m || y < m || x > canvas.clientWidth - m || y > canvas.clientHeight - m) {
    cam.x0 = ux - canvas.clientWidth / 2 / cam.scale;
    cam.y0 = uy - canvas.clientHeight / 2 / cam.scale;
    clampCam(v, canvas.clientWidth, canvas.clientHeight);
  }
}

function sayHex(g) {
  const box = document.getElementById("msc-cursor-words");
  if (!box || !hexCursor) return;
  const v = g.view;
  const [col, row] = hexCursor;
  const here = v.ships.filter((s) => !s.fate && s.col === col && s.row === row);
  const place = g.actions.find((a) => a.kind === "Place" && a.fields.col === col && a.fields.row === row);
  box.textContent = `${hx.hexLabel(col, row)}${here.length ? `: ${here.map((s) => shipName(v, s)).join(", ")}` : ""}${place ? ": Enter places the ship here" : ""}`;
}

export function redraw(g, tools) {
  if (tools) shell = tools;
  drawMap(g || current);
}

export function render(area, g, tools) {
  shell = tools;
  ensureStyles();
  const v = g.view;
  const key = location.hash.split("/")[1] || "replay";
  if (ui.viewer !== g.viewer || ui.game !== key) ui = freshUi(g.viewer, key);
  if (!cam || cam.key !== key) cam = { key, scale: 0, x0: 0, y0: 0, user: false, fk: "", major: "" };
  // Each decision shows what it is about (its ships, its zone, the enemy in reach), unless the
  // player moved the map during this phase; a new phase, turn or seat frames it again.
  const fk = focusKey(g);
  if (cam.fk !== fk) {
    const major = fk.split("|").slice(0, 3).join("|");
    if (cam.major !== major) cam.user = false;
    cam.fk = fk;
    cam.major = major;
    if (!cam.user) cam.scale = 0;
  }
  const prevPhase = current && current.view ? current.view.phase : null;
  current = g;
  if (queue && queue.sentAt !== null && g.at !== queue.sentAt) {
    queue.items.shift();
    queue.sentAt = null;
    if (!queue.items.length || g.mode !== "play" || !g.actions.length) { queue = null; queueDoneAt = performance.now(); }
  }
  claimSetup(g);
  syncUi(g, prevPhase);
  const { h, fill, morph } = tools;
  const showMap = v.phase !== "design";
  // The map's box changes in place (the shell's morph) and keeps its canvas: a new canvas on
  // every tap had its backing store allocated and laid out again. The panels are built anew
  // (they hold form fields, which morph does not keep).
  const was = document.getElementById("msc-map-wrap");
  const map = showMap ? (was && area.contains(was) ? morph(was, mapBox(g)) : mapBox(g)) : null;
  fill(area, map, actionPanel(g), v.phase !== "design" ? statusPanels(g) : null);
  if (showMap) {
    const wrap = document.getElementById("msc-map-wrap");
    watchWidth(wrap, () => drawMap(current)); // its width read when drawing, without a forced layout
    drawMap(g);
    maybeAnimate(g);
  }
  if (queue) setTimeout(pump, 0);
  return h;
}

/** The choice buttons and the hint in the player's words: ship labels and odds, where the
 * engine's action strings name ships by number ("fire ship #0 F at ship #1"). */
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
    return `${o.shooter.label} fires ${f.side} at ${o.target.label} (range ${o.range}, ${Math.round(o.chance * 100)}% to hit)`;
  }
  if (a.kind === "SetSpeed" && plotting) return `${plotting.label}: SPEED ${f.speed}`;
  if (a.kind === "Step" && plotting) return `${plotting.label}: ${{ F: "forward", L: "turn left", R: "turn right" }[f.move]}`;
  if (a.kind === "Place" && nextPlace) return `Place ${nextPlace.label} at ${hx.hexLabel(f.col, f.row)}`;
  if (a.kind === "Face" && placing) return `${placing.label} faces ${hx.DIR_NAMES[f.facing]}`;
  if (a.kind === "NewShip") return f.design in TEMPLATES ? `Build a ${TEMPLATES[f.design].name} (15 BP)` : "Design a custom ship, step by step";
  if (a.kind === "HoldFire") return "Hold fire";
  if (a.kind === "Submit") return { design: "Submit my designs", deploy: "Submit my deployment", orders: "Submit my orders" }[v.phase] || null;
  return null;
}

// ---------------------------------------------------------------------------- setup (app.js setupExtras)

/** The setup's "Ships" choice (MSC-2.2, MSC-4.1) and a shared design link's card.
 * Secrecy (MSC-4.2): the setup screen is shared. With one person at the device (against the
 * computer) it offers that person every pick: the quick start, an example design, a design
 * link, a kept design. With two people it picks nothing secret: each seat starts from the
 * quick start (the first person from a design link just opened) and picks or changes its fleet
 * behind its own hand-off, in the designer. Computer seats design their own. */
export function setupExtras(box, ctx) {
  if (!shell) shell = ctx;
  ensureStyles();
  const { h, fill } = ctx;
  const received = ctx.link ? readDesignCode(ctx.link) : null;
  const chosen = {};
  let kept = "";
  const keepReceived = () => {
    keptDesign(received, "");
    kept = `Kept “${received.name || "the shared design"}”: it is offered in your designs from now on.`;
    draw();
  };
  const picksFor = (L, persons) => fleetPicks(L, received, persons === 1 ? keptList() : []);
  /** Each person seat's pick: chosen here (one person), else the default. */
  function pickOf(L, seats, n) {
    const list = picksFor(L, seats.filter((x) => x === -1).length);
    const usable = (k) => list.some(([key, , f]) => key === k && f);
    const dflt = received && seats.indexOf(-1) === n && usable("received") ? "received" : "quick";
    const key = seats.filter((x) => x === -1).length === 1 && usable(chosen[n]) ? chosen[n] : dflt;
    return { list, key, fleet: list.find(([k]) => k === key)[2] };
  }
  function draw() {
    const L = limitsOf(ctx.options());
    const seats = ctx.seats();
    const persons = seats.filter((x) => x === -1).length;
    const rows = seats.map((seat, n) => {
      if (seat !== -1) return h("p", { class: "msc-seat-fleet" }, `${SIDE_NAMES[n]}: the computer designs its own ships.`);
      const { list, key, fleet } = pickOf(L, seats, n);
      const line = h("p", { class: "muted help", id: `msc-fleet-${n}-line` }, fleet.length ? fleetLine(fleet, "WE"[n], L) : "An empty designer when the game starts.");
      if (persons > 1) {
        return h("div", { class: "msc-seat-fleet" }, h("p", {}, `${SIDE_NAMES[n]} starts from ${key === "received" ? "the shared design" : "the quick start"}, and picks in secret behind the hand-off.`), line);
      }
      chosen[n] = key;
      return h("div", { class: "msc-seat-fleet" },
        h("label", { for: `msc-fleet-${n}` }, `${SIDE_NAMES[n]}'s ships`),
        h("select", { id: `msc-fleet-${n}`, onchange: (e) => { chosen[n] = e.target.value; draw(); } },
          list.map(([k, text, f]) => h("option", { value: k, selected: k === key, disabled: !f }, text))),
        line);
    });
    fill(box,
      ctx.link ? receivedCard(h, received, keepReceived, kept) : null,
      h("fieldset", { class: "option msc-fleets", id: "msc-fleets" },
        h("legend", {}, "Ships"),
        h("p", { class: "muted help" }, `${L.ships} ship${L.ships > 1 ? "s" : ""} a side, ${L.budget} BP, at most ${Math.min(L.ship_bp, 25)} BP a ship. `
          + "The fleet waits in the designer, where it is reviewed, changed or submitted in one tap."),
        persons > 1 ? h("p", { class: "muted help" }, "Two people share this screen, so each of you picks your fleet in secret "
          + "behind your own hand-off (example designs, your kept designs, a shared design).") : null,
        rows));
  }
  draw();
  return {
    changed: draw,
    beforeStart(options, seats) {
      const L = limitsOf(options);
      const fleets = seats.map((seat, n) => (seat === -1 ? pickOf(L, seats, n).fleet : null));
      storeSet("pending", { at: Date.now(), seats: fleets, received });
    },
  };
}

/** The fleets a seat may start from: [key, words, fleet or null when it cannot fit]. */
function fleetPicks(L, received, kept) {
  const quick = quickFleet(L);
  const out = [["quick", `Quick start: ${fleetWords(quick)}`, quick]];
  const one = (key, d, label) => {
    const f = fleetOf(d, L);
    out.push([key, f.fleet ? `${label}: ${f.fleet.length} × ${designCost(d)} BP` : `${label} (too costly: ${f.why})`, f.fleet || null]);
  };
  if (received) one("received", received, `The shared design “${received.name || "unnamed"}”`);
  for (const [k, t] of Object.entries(TEMPLATES)) one(k, t, `Only ${t.name}`);
  kept.forEach((d, n) => one(`kept${n}`, d, `Only your “${d.name || "unnamed"}”`));
  out.push(["own", "None: I design my ships in the game", []]);
  return out;
}

function receivedCard(h, d, keep, kept) {
  if (!d) {
    return h("section", { class: "msc-received warn", id: "msc-received" },
      h("h2", {}, "A ship design link"), h("p", {}, "This link does not hold a design that can be read: it may have been cut short."));
  }
  return h("section", { class: "msc-received", id: "msc-received", "aria-labelledby": "msc-received-title" },
    h("h2", { id: "msc-received-title" }, "A ship design was shared with you"),
    // The name comes from a stranger: text, never markup.
    h("p", { class: "msc-received-name", id: "msc-received-name" }, d.name || "(no name)"),
    h("p", {}, designLine(d)),
    kept ? h("p", { class: "msc-note-ok", role: "status" }, kept)
      : h("button", { type: "button", class: "btn", id: "msc-keep-received", onclick: keep }, "Keep it in my designs"),
    h("p", { class: "muted help" }, "Below, it is picked for your ships: Start plays a game with it."));
}

function fleetWords(fleet) {
  const counts = new Map();
  for (const d of fleet) counts.set(d.name, (counts.get(d.name) || 0) + 1);
  return `${[...counts].map(([name, n]) => (n > 1 ? `${n} × ${name}` : name)).join(", ")} (${fleet.reduce((s, d) => s + designCost(d), 0)} BP)`;
}

function fleetLine(fleet, prefix, L) {
  const total = fleet.reduce((s, d) => s + designCost(d), 0);
  return `${fleet.map((d, n) => `${prefix}${n + 1} ${d.name || "unnamed"}`).join(" · ")} — ${total} of ${L.budget} BP`;
}

function keptList() {
  const list = storeGet("designs", []);
  return (Array.isArray(list) ? list : []).map(cleanDesign).filter(Boolean).slice(-6);
}

function keptDesign(d, game, seat = null) {
  const clean = cleanDesign(d);
  const list = storeGet("designs", []);
  const rest = (Array.isArray(list) ? list : []).filter((x) => JSON.stringify(cleanDesign(x)) !== JSON.stringify(clean));
  rest.push({ ...clean, game, seat });
  return storeSet("designs", rest.slice(-20));
}

// ---------------------------------------------------------------------------- helpers

function cap(s) { return String(s).charAt(0).toUpperCase() + String(s).slice(1); }

function ensureStyles() {
  shell.stylesheet(new URL("./screen.css", import.meta.url).href);
}

function ownShips(v, seat, aliveOnly = true) {
  return v.ships.filter((s) => s.owner === seat && (!aliveOnly || !s.fate));
}

function openOrder(v) {
  const orders = (v.plans[v.you] || {}).orders || [];
  const last = orders[orders.length - 1];
  return last && !last.complete ? last : null;
}

function plottingShip(v) {
  const orders = (v.plans[v.you] || {}).orders || [];
  const ships = ownShips(v, v.you);
  const last = orders[orders.length - 1];
  if (last && !last.complete) return v.ships[last.ship];
  return orders.length < ships.length ? ships[orders.length] : null;
}

function findAction(g, kind, fields = {}) {
  return g.actions.find((a) => a.kind === kind && Object.entries(fields).every(([k, val]) => a.fields[k] === val));
}

let queueDoneAt = -1e9; // when the screen's last multi-step commit finished

/** Play a legal action for a tap. The shell ignores a tap sooner than its settle time after a
 * new decision appears (the second tap of a double tap). A decision that appeared because
 * the screen's own commit ended (its last Step: "Submit my orders" after Enter) was asked for
 * by the player already, so a tap there that the guard ignored is played once it has passed. */
function actNow(a, e) {
  if (!a) return;
  const at = current ? current.at : undefined;
  const answer = shell.act(a.i, e, at);
  const fresh = e && e.isTrusted && performance.now() - queueDoneAt < 1000;
  if (!fresh || !answer || typeof answer.then !== "function") return;
  answer.then((model) => {
    if (model || !current || current.at !== at || queue) return;
    setTimeout(() => { if (current && current.at === at && !queue) shell.act(a.i, undefined, at); }, 320);
  });
}

function storeGet(name, fallback) {
  try {
    const raw = localStorage.getItem(STORE + name);
    return raw ? JSON.parse(raw) : fallback;
  } catch {
    return fallback;
  }
}

function storeSet(name, value) {
  try {
    localStorage.setItem(STORE + name, JSON.stringify(value));
    return true;
  } catch {
    shell.notify("This device refused to keep that (storage full or private mode).");
    return false;
  }
}

function gameKey() {
  return location.hash.split("/")[1] || "";
}

function names() {
  const all = storeGet("names", {});
  return (all && all[gameKey()]) || {};
}

function setName(label, name) {
  const all = storeGet("names", {});
  const keep = Object.fromEntries(Object.entries(all || {}).slice(-40));
  keep[gameKey()] = { ...(keep[gameKey()] || {}), [label]: String(name).slice(0, 40) };
  storeSet("names", keep);
}

/** A ship's label with its local name; a name typed during the secret design phase is only
 * shown to its own seat until the designs are revealed. */
function shipName(v, s) {
  const n = names()[s.label];
  return n ? `${s.label} “${n}”` : s.label;
}

function sideClass(owner) { return owner === 0 ? "msc-west" : "msc-east"; }

// ---------------------------------------------------------------------------- the queue

/** Play a committed sequence of engine steps, one legal action at a time. */
function startQueue(items, what) {
  queue = { items, what, sentAt: null, sentTime: 0 };
  pump();
}

function pump() {
  if (!queue) return;
  const g = shell.game;
  if (!g || g.mode !== "play" || g.handoff || !g.view) { queue = null; return; }
  if (queue.sentAt !== null) {
    if (g.at === queue.sentAt) {
      if (!document.body.dataset.busy && performance.now() - queue.sentTime > 700) {
        queue.sentTime = performance.now();
        shell.act(queue.sentI);
      }
      setTimeout(pump, 120);
      return;
    }
    queue.items.shift();
    queue.sentAt = null;
  }
  if (!queue.items.length) { queue = null; queueDoneAt = performance.now(); rerender(); return; }
  const [kind, fields] = queue.items[0];
  const a = findAction(g, kind, fields);
  if (!a) {
    const what = queue.what;
    queue = null;
    shell.notify(`${what} stopped: the game did not offer the next step.`);
    return;
  }
  queue.sentAt = g.at;
  queue.sentI = a.i;
  queue.sentTime = performance.now();
  shell.act(a.i);
  setTimeout(pump, 120);
}

// ---------------------------------------------------------------------------- state sync

function syncUi(g, prevPhase) {
  const v = g.view;
  if (prevPhase !== v.phase) { ui.target = null; ui.why = ""; }
  if (v.phase === "orders" && g.mode === "play" && g.actions.length) {
    const ship = plottingShip(v);
    const open = openOrder(v);
    if (!ship) ui.draft = null;
    else if (!ui.draft || ui.draft.ship !== ship.id) {
      ui.draft = { ship: ship.id, speed: open ? open.speed : null, steps: open ? open.steps : "", short: "" };
      ui.speedTapped = false;
      ui.typed = "";
      ui.typedError = "";
    }
    else if (open) {
      ui.draft.speed = open.speed;
      if (!ui.draft.steps.startsWith(open.steps)) ui.draft.steps = open.steps;
    }
    if (ship && ui.selected === null) ui.selected = ship.id;
  } else {
    ui.draft = null;
  }
  if (v.phase === "combat" && g.actions.length && ui.selected !== null) {
    const s = v.ships[ui.selected];
    if (!s || s.fate) ui.selected = null;
  }
  if (v.phase === "combat" && g.mode === "play" && g.actions.length) {
    const fires = g.actions.filter((a) => a.kind === "Fire");
    const shooters = [...new Set(fires.map((a) => a.fields.ship))];
    if (shooters.length && !shooters.includes(ui.selected)) ui.selected = shooters[0];
    const targets = [...new Set(fires.map((a) => a.fields.target))];
    if (targets.length === 1) ui.target = targets[0];
  }
  if (ui.target !== null && v.ships[ui.target] && v.ships[ui.target].fate) ui.target = null;
}

// ---------------------------------------------------------------------------- action panel

function actionPanel(g) {
  const { h } = shell;
  const v = g.view;
  const mine = g.mode === "play" && g.actions.length > 0;
  let body = null;
  const secretly = () => (v.you === null || v.you === undefined
    ? `Both sides ${v.phase === "design" ? "design their ships" : "deploy"} in secret (a replay shows them when they are revealed): ${
      SIDE_NAMES.map((n, s) => `${n} ${v.plans[s] && v.plans[s].submitted ? "is done" : "is at work"}`).join(", ")}.`
    : `The other side is ${v.phase === "design" ? "designing" : "deploying"} in secret.`);
  if (v.phase === "design") body = mine ? designer(g) : h("p", { class: "muted", id: "msc-waiting" }, secretly());
  else if (v.phase === "deploy" && !mine) body = h("p", { class: "muted", id: "msc-waiting" }, secretly());
  else if (v.phase === "deploy") body = deployPanel(g);
  else if (v.phase === "orders") body = mine ? ordersPanel(g) : null;
  else if (v.phase === "combat") body = mine ? firePanel(g) : null;
  if (!body) return null;
  return h("section", { class: "msc-panel", id: "msc-panel", "aria-label": "Your decision" },
    queue ? h("p", { class: "msc-busy", role: "status" }, `${queue.what}…`) : null,
    body);
}

// ---- designer (MSC-2)

function formCost(f) {
  return f.engine + f.shields + f.to_hit + 2 * f.weapons.size;
}

function formFrom(d, from = "") {
  const name = from in TEMPLATES ? "" : d.name || "";
  return { engine: d.engine, shields: d.shields, to_hit: d.to_hit, weapons: new Set(d.weapons), name, from };
}

function sameDesign(f, t) {
  return f.engine === t.engine && f.shields === t.shields && f.to_hit === t.to_hit
    && f.weapons.size === t.weapons.length && t.weapons.every((w) => f.weapons.has(w));
}

function designer(g) {
  const { h } = shell;
  const v = g.view;
  const me = v.you;
  const plan = v.plans[me];
  const allowance = plan.next_ship_allowance;
  const built = plan.designs || [];
  const draft = plan.draft || null;
  const limits = v.limits;
  // Undo after "Build": the shell takes back one engine step at a time, and a ship is several
  // (NewShip, SetStat, FitWeapon). A step back into the screen's own build takes the rest
  // of that ship back too, and the designer shows the form as it was before "Build".
  const lb = ui.lastBuild;
  if (lb && !queue) {
    if (lb.doneAt === null && built.length > lb.before && !draft) lb.doneAt = g.at;
    if (lb.doneAt !== null && g.at < lb.doneAt && draft && built.length >= lb.before && g.undo) {
      takeBackStep();
      return h("p", { class: "msc-busy", role: "status" }, `Taking back ${"WE"[me]}${built.length + 1}…`);
    }
    if (lb.doneAt !== null && g.at < lb.doneAt && !draft && built.length === lb.before) {
      ui.form = { ...lb.form, weapons: new Set(lb.form.weapons) };
      ui.formFor = built.length;
      ui.lastBuild = null;
    }
  }
  if (!ui.form || (ui.formFor !== built.length && !draft)) {
    // A new ship starts from the first example design, trimmed to what it may cost.
    ui.form = fitForm(allowance);
    ui.formFor = built.length;
  }
  // A custom ship the engine is already building (through the choices) fixes what it chose.
  const fixed = draft ? draft.values.length : 0;
  if (draft) {
    ["engine", "shields", "to_hit"].forEach((k, n) => { if (n < fixed) ui.form[k] = draft.values[n]; });
    WEAPON_ORDER.slice(0, draft.sides_decided).forEach((s) => {
      if (draft.weapons.includes(s)) ui.form.weapons.add(s); else ui.form.weapons.delete(s);
    });
  }
  if (ui.fleet === null) ui.fleet = built.length || draft ? [] : setupFleet(me);
  // Undo back to before "Build, then review": the list that was built is there again.
  if (ui.builtFleet && !queue && !draft && built.length <= ui.builtFleet.before) {
    if (!ui.fleet.length) ui.fleet = ui.builtFleet.fleet;
    ui.builtFleet = null;
  }
  const f = ui.form;
  const cost = formCost(f);
  const canAdd = built.length < limits.ships && allowance >= 1;
  const showFleet = !draft && canAdd && (ui.fleet.length > 0 || built.length === 0);
  const over = cost > allowance;
  const label = `${"WE"[me]}${built.length + 1}`;
  const statRow = (key, n) => {
    const info = STAT_INFO[key];
    const locked = n < fixed;
    const value = f[key];
    const change = (delta) => () => {
      const next = value + delta;
      if (locked) ui.why = `${info.label} is already chosen for this ship; finish it or undo.`;
      else if (next > info.max) ui.why = `${info.label} is at most ${info.max}.`;
      else if (next < info.min) ui.why = key === "shields" ? "SHIELDS is at least 1: a ship with none would start destroyed." : `${info.label} is at least ${info.min}.`;
      else { f[key] = next; ui.why = ""; ui.note = ""; f.from = ""; }
      rerender();
    };
    return h("div", { class: "msc-stat", role: "group", "aria-label": info.label },
      h("span", { class: "msc-stat-name" }, info.label, h("small", {}, info.what)),
      h("button", { type: "button", class: "btn small", "aria-label": `${info.label} minus 1`, onclick: change(-1) }, "−"),
      h("output", { class: "msc-stat-value", "aria-live": "polite", id: `msc-${key}` }, String(value)),
      h("button", { type: "button", class: "btn small", "aria-label": `${info.label} plus 1`, onclick: change(1) }, "+"),
      h("span", { class: "msc-pips", "aria-hidden": "true" }, pips(value, info.max)),
      h("span", { class: "muted msc-bp" }, `${value} BP`));
  };
  const sideButton = (s) => {
    const on = f.weapons.has(s);
    const decided = draft ? WEAPON_ORDER.indexOf(s) < draft.sides_decided : false;
    return h("button", {
      type: "button", class: `btn small msc-side${on ? " on" : ""}`, "aria-pressed": on ? "true" : "false",
      onclick: () => {
        if (decided || fixed < 3 && draft) ui.why = decided ? `The ${hx.SIDE_WORDS[s]} weapon is already decided for this ship.` : "";
        if (decided) { rerender(); return; }
        if (on) f.weapons.delete(s); else f.weapons.add(s);
        ui.why = "";
        f.from = "";
        rerender();
      },
    }, `${s} ${on ? "✓" : "—"}`, h("small", {}, hx.SIDE_WORDS[s]));
  };
  const rear = h("button", { type: "button", class: "btn small msc-side no", "aria-pressed": "false",
    onclick: () => { ui.why = "No weapon may go on the rear (R): a ship has at most 5 weapons."; rerender(); } },
  "R —", h("small", {}, "rear: never"));
  const saved = savedDesigns(g);
  const totalNote = over
    ? `This design costs ${cost} BP, more than ${label} may cost: ${allowance} BP (${allowanceWhy(v, plan)}).`
    : `Costs ${cost} of ${allowance} BP allowed for ${label}.`;
  return h("div", { class: "msc-designer" },
    h("h2", {}, `Design ${label}`, h("span", { class: "muted" }, ` · ${built.length} of ${limits.ships} ship${limits.ships > 1 ? "s" : ""} · ${plan.spent} of ${limits.budget} BP spent`)),
    built.length ? h("ul", { class: "msc-built" }, built.map((d, n) => h("li", {},
      `${"WE"[me]}${n + 1}${names()[`${"WE"[me]}${n + 1}`] ? ` “${names()[`${"WE"[me]}${n + 1}`]}”` : ""}: ${designLine(d)}`))) : null,
    showFleet ? fleetPanel(g, plan, built) : null,
    showFleet ? h("h3", { class: "msc-or" }, ui.fleet.length ? "Or design a ship here" : "Design a ship") : null,
    canAdd || draft ? h("div", { class: "msc-templates", role: "group", "aria-label": "Start from" },
      h("span", { class: "muted" }, "Start from: "),
      Object.entries(TEMPLATES).map(([k, t]) => h("button", {
        type: "button", class: `btn small${f.from === k ? " on" : ""}`, disabled: Boolean(draft),
        onclick: () => { ui.form = formFrom(t, k); ui.why = ""; rerender(); },
      }, `${t.name} (15 BP)`)),
      saved.map((d, n) => h("button", {
        type: "button", class: `btn small${f.from === `saved${n}` ? " on" : ""}`, disabled: Boolean(draft),
        onclick: () => { ui.form = formFrom(d, `saved${n}`); ui.why = ""; rerender(); },
      }, `${d.name || "Saved"} (${designCost(d)} BP)`))) : null,
    canAdd || draft ? h("div", { class: "msc-form" },
      ["engine", "shields", "to_hit"].map(statRow),
      h("div", { class: "msc-weapons", role: "group", "aria-label": "Weapons, 2 BP each" },
        h("span", { class: "msc-stat-name" }, "WEAPONS", h("small", {}, "2 BP each")),
        h("div", { class: "msc-side-grid" }, WEAPON_ORDER.map(sideButton), rear)),
      h("label", { class: "msc-name" }, "Name (optional)",
        h("input", { type: "text", id: "msc-ship-name", maxlength: "40", value: f.name, autocomplete: "off", placeholder: "e.g. Vigilant",
          oninput: (e) => { f.name = e.target.value; } })),
      h("p", { class: `msc-total${over ? " warn" : ""}`, id: "msc-total", "aria-live": "polite" }, totalNote),
      ui.why ? h("p", { class: "warn", id: "design-why", role: "alert" }, ui.why) : null,
      ui.note ? h("p", { class: "msc-note-ok", id: "design-note", role: "status" }, ui.note) : null,
      h("div", { class: "msc-row" },
        h("button", { type: "button", class: "btn primary", id: "msc-build", onclick: () => buildShip(g) }, `Build ${label}`),
        fillCount(v, plan, f) > 1 ? h("button", { type: "button", class: "btn", id: "msc-fill", onclick: () => buildShip(g, fillCount(v, plan, f)) },
          `Build ${fillCount(v, plan, f)} ships like this`) : null,
        h("button", { type: "button", class: "btn", onclick: () => saveDesign(f) }, "Keep this design"),
        h("button", { type: "button", class: "btn", id: "msc-share-design", onclick: () => copyCode(f) }, "Share this design"))) : h("p", {}, "No more ships fit: submit your designs."),
    ui.codeText ? shareBox(ui.codeText) : null,
    canAdd ? h("details", { class: "msc-paste" },
      h("summary", {}, "Paste a design code or link"),
      h("label", {}, "Design code or link",
        h("input", { type: "text", id: "msc-paste", autocomplete: "off", spellcheck: "false" })),
      h("button", { type: "button", class: "btn small", id: "msc-paste-use", onclick: pasteCode }, "Use this design")) : null,
    built.length && !draft ? h("p", { class: "muted" }, "When your fleet is ready, submit it with the Submit choice.") : null,
    findAction(g, "Submit") ? h("button", { type: "button", class: "btn primary", id: "msc-submit-designs",
      onclick: (e) => actNow(findAction(g, "Submit"), e) }, "Submit my designs") : null);
}

/** One more Undo through the shell's own button (the page's one way back), once it answers. */
function takeBackStep() {
  if (ui.takingBack) return;
  ui.takingBack = true;
  const again = () => {
    const button = document.getElementById("undo");
    if (document.body.dataset.busy) { setTimeout(again, 50); return; }
    ui.takingBack = false;
    if (button && !button.disabled) button.click();
  };
  setTimeout(again, 0);
}

function allowanceWhy(v, plan) {
  const left = v.limits.budget - plan.spent;
  if (left < v.limits.ship_bp && left < 25) return `only ${left} BP are left of the side's ${v.limits.budget}`;
  return `the ${v.scenario} limit is ${Math.min(v.limits.ship_bp, 25)} BP a ship`;
}

function designLine(d) {
  const w = d.weapons.length ? d.weapons.join(", ") : "no weapons";
  return `ENGINE ${d.engine}, SHIELDS ${d.shields}, TO-HIT ${d.to_hit}, weapons ${w} (${d.bp ?? designCost(d)} BP)`;
}

function pips(value, max) {
  return "●".repeat(value) + "○".repeat(Math.max(0, max - value));
}

function fitForm(allowance) {
  const d = trimmed(allowance);
  const whole = designCost(d) === designCost(TEMPLATES.ship1);
  return { ...formFrom(d, whole ? "ship1" : ""), name: "" };
}

/** How many more ships of this design fit the scenario (ships left, budget left). */
function fillCount(v, plan, f) {
  if (plan.draft) return 0;
  const cost = formCost(f);
  const left = v.limits.ships - (plan.designs || []).length;
  if (cost > plan.next_ship_allowance || cost < 1) return 0;
  return Math.min(left, Math.floor((v.limits.budget - plan.spent) / cost));
}

function buildShip(g, copies = 1) {
  const v = g.view;
  const plan = v.plans[v.you];
  const f = ui.form;
  const cost = formCost(f);
  const label = `${"WE"[v.you]}${(plan.designs || []).length + 1}`;
  if (cost > plan.next_ship_allowance) {
    ui.why = `Refused: ${label} would cost ${cost} BP, but may cost at most ${plan.next_ship_allowance} BP (${allowanceWhy(v, plan)}). Lower a value or drop a weapon.`;
    rerender();
    return;
  }
  if (f.name.trim()) setName(label, f.name.trim());
  const items = shipItems(f, plan.draft);
  ui.lastBuild = plan.draft ? null : { form: { ...f, weapons: new Set(f.weapons) }, before: (plan.designs || []).length, doneAt: null };
  ui.why = "";
  ui.note = "";
  const all = [];
  for (let n = 0; n < copies; n++) all.push(...items);
  startQueue(all, copies > 1 ? `Building ${copies} ships` : `Building ${label}`);
}

/** The engine's steps that build design ``f`` (weapons a Set), finishing ``draft`` if any. */
function shipItems(f, draft) {
  const items = [];
  const template = Object.entries(TEMPLATES).find(([, t]) => sameDesign(f, t));
  if (!draft && template) return [["NewShip", { design: template[0] }]];
  if (!draft) items.push(["NewShip", { design: "custom" }]);
  const done = draft ? draft.values.length : 0;
  ["engine", "shields", "to_hit"].forEach((k, n) => { if (n >= done) items.push(["SetStat", { stat: k, value: f[k] }]); });
  const asked = draft ? draft.sides_decided : 0;
  WEAPON_ORDER.forEach((s, n) => { if (n >= asked) items.push(["FitWeapon", { side: s, fit: f.weapons.has(s) }]); });
  return items;
}

// ---- the fleet chosen at setup, pre-filled in the design phase (docs/rules-notes/skirmish.md)

/** A name worth keeping: not the example design's own ("Ship 1" on an unchanged Ship 1). */
function ownName(d) {
  const t = Object.values(TEMPLATES).find((x) => x.name === d.name);
  return t && sameDesign(formFrom(d, ""), t) ? "" : d.name || "";
}

/** The setup's choice for this game, noted by beforeStart just before the game started, is
 * bound to the game's address on its first design-phase screen. */
function claimSetup(g) {
  if (g.mode !== "play" || !g.view || g.view.phase !== "design") return;
  const pending = storeGet("pending", null);
  if (!pending) return;
  try { localStorage.removeItem(STORE + "pending"); } catch { /* nothing kept */ }
  const fleets = storeGet("fleets", {}) || {};
  const key = gameKey();
  // A note older than ten minutes is from a start that never became a game.
  if (!key || key in fleets || !(Date.now() - pending.at < 600000) || !Array.isArray(pending.seats)) return;
  fleets[key] = { seats: pending.seats, received: cleanDesign(pending.received) };
  storeSet("fleets", Object.fromEntries(Object.entries(fleets).slice(-20)));
}

function setupOf() {
  const all = storeGet("fleets", {}) || {};
  const here = all[gameKey()];
  return here && Array.isArray(here.seats) ? here : { seats: [], received: null };
}

function setupFleet(seat) {
  const mine = setupOf().seats[seat];
  return Array.isArray(mine) ? mine.map(cleanDesign).filter(Boolean) : [];
}

function fleetPanel(g, plan, built) {
  const { h } = shell;
  const v = g.view;
  const prefix = "WE"[v.you];
  const problem = fleetProblem(ui.fleet, v.limits, built.length, plan.spent, prefix);
  const total = ui.fleet.reduce((sum, d) => sum + designCost(d), 0);
  const n = ui.fleet.length;
  const list = fleetPicks(v.limits, cleanDesign(setupOf().received), savedDesigns(g));
  const pick = h("label", { class: "msc-fleet-pick" }, "Start the fleet from",
    h("select", { id: "msc-fleet-pick", onchange: (e) => {
      const chosen = list.find(([k]) => k === e.target.value);
      if (chosen && chosen[2]) ui.fleet = chosen[2].map((d) => ({ ...d, weapons: [...d.weapons] }));
      ui.why = "";
      rerender();
    } }, h("option", { value: "", selected: true }, "— pick to replace the list —"),
    list.map(([k, text, f]) => h("option", { value: k, disabled: !f }, text))));
  if (!n) {
    return h("section", { class: "msc-fleet", id: "msc-fleet", "aria-labelledby": "msc-fleet-title" },
      h("h3", { id: "msc-fleet-title" }, "Your fleet"), pick,
      h("p", { class: "muted" }, "No fleet picked: design your ships below, or pick a fleet here."));
  }
  // The one-tap submit comes first (a quick start on a phone); the list to review below it.
  return h("section", { class: "msc-fleet", id: "msc-fleet", "aria-labelledby": "msc-fleet-title" },
    h("h3", { id: "msc-fleet-title" }, "Your fleet"), pick,
    h("p", { class: problem ? "warn" : "muted", id: "msc-fleet-total" },
      problem ? `This fleet cannot be built: ${problem}.` : `${n} ship${n > 1 ? "s" : ""}, ${total} of the ${v.limits.budget - plan.spent} BP left. Review it below, edit a ship, or build it as it is.`),
    h("div", { class: "msc-row" },
      h("button", { type: "button", class: "btn primary", id: "msc-fleet-submit", "aria-disabled": problem ? "true" : null, onclick: () => buildFleet(g, true) },
        `Build ${n === 1 ? "it" : `these ${n}`} and submit`),
      h("button", { type: "button", class: "btn", id: "msc-fleet-build", "aria-disabled": problem ? "true" : null, onclick: () => buildFleet(g, false) },
        "Build, then review")),
    h("ol", { class: "msc-fleet-list" }, ui.fleet.map((d, i) => {
      // Numbered in the list, not labelled W1...: a ship edited below is built before these.
      const which = `ship ${i + 1} of the fleet`;
      return h("li", {},
        h("span", { class: "msc-fleet-ship" }, `${i + 1}. ${ownName(d) ? `“${d.name}”` : d.name || "Unnamed"}: ${designLine(d)}`),
        h("span", { class: "msc-row" },
          h("button", { type: "button", class: "btn small", "aria-label": `Edit ${which}`, onclick: () => editFleetShip(i, `${prefix}${built.length + 1}`) }, "Edit"),
          h("button", { type: "button", class: "btn small", "aria-label": `Remove ${which}`, onclick: () => { ui.fleet.splice(i, 1); ui.why = ""; rerender(); } }, "Remove")));
    })));
}

function editFleetShip(i, label) {
  const [d] = ui.fleet.splice(i, 1);
  ui.form = formFrom({ ...d, name: ownName(d) }, "");
  ui.why = "";
  ui.note = `That ship is in the designer below as ${label}: change it, then build it. The rest of the fleet waits above.`;
  rerender();
  const first = document.querySelector(".msc-form button");
  if (first) first.focus({ preventScroll: false });
}

function buildFleet(g, submit) {
  const v = g.view;
  const plan = v.plans[v.you];
  const built = (plan.designs || []).length;
  const problem = fleetProblem(ui.fleet, v.limits, built, plan.spent, "WE"[v.you]);
  if (problem) { ui.why = `Refused: ${problem}. Remove or edit a ship.`; rerender(); return; }
  if (queue || !ui.fleet.length) return;
  const items = [];
  ui.fleet.forEach((d, i) => {
    if (ownName(d)) setName(`${"WE"[v.you]}${built + i + 1}`, ownName(d));
    items.push(...shipItems(formFrom(d, ""), null));
  });
  if (submit) items.push(["Submit", {}]);
  const n = ui.fleet.length;
  ui.builtFleet = { fleet: ui.fleet.map((d) => ({ ...d, weapons: [...d.weapons] })), before: built };
  ui.fleet = [];
  ui.why = "";
  ui.note = "";
  startQueue(items, submit ? `Building ${n} ship${n > 1 ? "s" : ""} and submitting` : `Building ${n} ship${n > 1 ? "s" : ""}`);
}

// Saved designs and design codes: a design is {name, engine, shields, to_hit, weapons}.

function savedDesigns(g) {
  const list = storeGet("designs", []);
  const here = gameKey();
  // Hot-seat: a design kept during this game's secret design phase stays hidden from the other side.
  return (Array.isArray(list) ? list : []).filter((d) => !(d.game === here && d.seat !== g.view.you && g.view.phase === "design"))
    .map(cleanDesign).filter(Boolean).slice(-6);
}

function saveDesign(f) {
  const d = cleanDesign({ name: f.name.trim() || `Design ${new Date().toLocaleDateString()}`, engine: f.engine, shields: f.shields, to_hit: f.to_hit, weapons: [...f.weapons] });
  if (keptDesign(d, gameKey(), current.view.you)) ui.note = `Kept “${d.name}” for later games on this device: it is under “Start from”.`;
  rerender();
}

function designLink(code) {
  return `${location.href.split("#")[0]}#x/skirmish/${code}`;
}

/** Share a design as a link (#x/skirmish/<code>, opened by setupExtras) or as its bare code. */
function copyCode(f) {
  const code = designCode({ ...f, weapons: [...f.weapons], name: f.name.trim() });
  ui.codeText = code;
  rerender();
  copyText(designLink(code), "Design link copied: send it to a friend.");
}

function copyText(text, done) {
  if (!navigator.clipboard) return;
  navigator.clipboard.writeText(text).then(() => { ui.note = done; rerender(); }, () => {});
}

function shareBox(code) {
  const { h } = shell;
  const url = designLink(code);
  return h("div", { class: "msc-code", id: "msc-code-box" },
    h("label", {}, "Design link",
      h("input", { type: "text", id: "msc-link", readonly: true, value: url, onfocus: (e) => e.target.select() })),
    h("p", {}, "Or the bare design code, to paste in a designer: ", h("code", { id: "msc-code" }, code)),
    h("div", { class: "msc-row" },
      h("button", { type: "button", class: "btn small", onclick: () => copyText(url, "Design link copied: send it to a friend.") }, "Copy link"),
      navigator.share ? h("button", { type: "button", class: "btn small",
        onclick: () => navigator.share({ title: "A Minimal Space Combat ship", url }).catch(() => {}) }, "Share…") : null));
}

function pasteCode() {
  const input = document.getElementById("msc-paste");
  const d = readDesignCode(input ? input.value : "");
  if (!d) { ui.why = "That is not a design code or design link (a code looks like m3337.Vigilant)."; rerender(); return; }
  ui.form = formFrom(d, "");
  ui.why = "";
  ui.note = `Design “${d.name || "unnamed"}” loaded: ${designLine(d)}.`;
  rerender();
}

function rerender() {
  const g = current;
  const area = document.getElementById("board-area");
  if (!g || !area || !g.view) return;
  const mark = focusMark(area);
  render(area, g, shell);
  if (mark) {
    const el = findMark(area, mark);
    if (el) el.focus({ preventScroll: true });
  }
  keepConfirmInView();
}

// The control that had the focus keeps it through a redraw of the panels (issue 36: in the
// designer the focus fell to the page after every change): found again by its id, else by its
// name for screen readers (aria-label), its data attributes and words, else its place.
const FOCUSABLE = "button, input, select, textarea, summary, [tabindex]";
function focusMark(area) {
  const el = document.activeElement;
  if (!el || el === document.body || !area.contains(el)) return null;
  const data = [...el.attributes].filter((a) => a.name.startsWith("data-") || a.name === "aria-label" || a.name === "name")
    .map((a) => `${a.name}=${a.value}`).join("|");
  return { id: el.id, tag: el.tagName, data, text: el.textContent.trim(), index: [...area.querySelectorAll(FOCUSABLE)].indexOf(el) };
}

function findMark(area, mark) {
  if (mark.id) return document.getElementById(mark.id);
  const all = [...area.querySelectorAll(FOCUSABLE)].filter((el) => el.tagName === mark.tag);
  const dataOf = (el) => [...el.attributes].filter((a) => a.name.startsWith("data-") || a.name === "aria-label" || a.name === "name")
    .map((a) => `${a.name}=${a.value}`).join("|");
  return (mark.data && all.find((el) => dataOf(el) === mark.data))
    || all.find((el) => el.textContent.trim() === mark.text && mark.text)
    || area.querySelectorAll(FOCUSABLE)[mark.index] || null;
}

/** After a tap that changes the decision's own controls (a SPEED, a step, a target), its
 * confirm stays on screen with the map: the page scrolls just enough, never past the map. */
function keepConfirmInView() {
  const confirm = document.querySelector("#msc-commit, #msc-submit-orders, #msc-submit-deploy, .msc-fire-btn");
  const map = document.getElementById("msc-map-wrap");
  if (!confirm || !map) return;
  const c = confirm.getBoundingClientRect();
  const m = map.getBoundingClientRect();
  const header = document.querySelector(".topbar");
  const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const need = c.bottom + 8 - window.innerHeight;
  if (need <= 0) return;
  const room = Math.max(0, m.top - top);
  if (room > 0) window.scrollBy({ top: Math.min(need, room), behavior: "instant" });
}

// ---- deployment (MSC-4.3)

function deployPanel(g) {
  const { h } = shell;
  const v = g.view;
  const plan = v.plans[v.you];
  const placed = plan.placements || [];
  const last = placed[placed.length - 1];
  const ships = ownShips(v, v.you);
  const cols = v.you === 0 ? "1–3" : `${v.map.width - 2}–${v.map.width}`;
  if (last && last.facing === null) {
    const ship = ships[placed.length - 1];
    return h("div", {},
      h("p", {}, `${shipName(v, ship)} is at ${last.hex}. Which way does it face? (Or tap a hex next to it.)`),
      compass((dir, e) => actNow(findAction(g, "Face", { facing: dir }), e)));
  }
  if (placed.length < ships.length) {
    return h("div", {}, ui.why ? h("p", { class: "warn", role: "alert" }, ui.why) : null, h("p", {}, `Tap a hex in your zone (the tinted columns ${cols}) to place ${shipName(v, ships[placed.length])}. Deployment is secret; ships may share a hex.`));
  }
  return h("div", {}, h("p", {}, "Every ship is placed."),
    h("button", { type: "button", class: "btn primary", id: "msc-submit-deploy", onclick: (e) => actNow(findAction(g, "Submit"), e) }, "Submit my deployment"));
}

function compass(onPick, allowed = [0, 1, 2, 3, 4, 5]) {
  const { h } = shell;
  const arrows = ["↑", "↗", "↘", "↓", "↙", "↖"];
  return h("div", { class: "msc-compass", role: "group", "aria-label": "Facing" },
    [5, 0, 1, 4, 3, 2].map((dir) => h("button", {
      type: "button", class: `btn small msc-dir-${dir}`, disabled: !allowed.includes(dir), "data-facing": dir,
      onclick: (e) => onPick(dir, e),
    }, `${arrows[dir]} ${hx.DIR_NAMES[dir]}`)));
}

// ---- orders (MSC-6)

function ordersPanel(g) {
  const { h } = shell;
  const v = g.view;
  const ship = plottingShip(v);
  const plan = v.plans[v.you];
  const done = (plan.orders || []).filter((o) => o.complete);
  const summary = done.length ? h("ul", { class: "msc-plotted" }, done.map((o) => h("li", {},
    `${v.ships[o.ship].label}: SPEED ${o.speed}, orders ${o.written || "—"}${o.leaves_map ? " — leaves the map!" : ""}`))) : null;
  if (!ship) {
    return h("div", {}, summary,
      h("p", {}, "Every ship has its orders. Submit them; nobody sees them until both sides are in. (Undo takes back the last step.)"),
      h("button", { type: "button", class: "btn primary", id: "msc-submit-orders", onclick: (e) => actNow(findAction(g, "Submit"), e) }, "Submit my orders"));
  }
  const d = ui.draft;
  const open = openOrder(v);
  const speeds = hx.speedChoices(ship.engine, ship.speed, v.turn === 1);
  const speedRow = h("div", { class: "msc-speeds", role: "group", "aria-label": "SPEED" },
    h("span", { class: "msc-stat-name" }, "SPEED"),
    [0, 1, 2, 3, 4, 5].map((s) => {
      const legal = speeds.includes(s);
      return h("button", {
        type: "button", class: `btn small${d.speed === s ? " on" : ""}${legal ? "" : " msc-no"}`, "aria-pressed": d.speed === s ? "true" : "false",
        "data-speed": s, id: `msc-speed-${s}`, "aria-disabled": legal && !open ? null : "true",
        onclick: () => pickSpeed(ship, s, legal, Boolean(open)),
      }, String(s));
    }));
  const speedNote = v.turn === 1 ? `Turn 1: any SPEED up to ENGINE ${ship.engine}.`
    : `Last turn SPEED ${ship.speed}, ENGINE ${ship.engine}: now ${speeds.join(", ")}.`;
  const steps = d.steps;
  const nexts = d.speed === null ? [] : hx.nextSteps(steps, d.speed);
  const problem = d.speed === null ? null : hx.orderProblem(steps, d.speed);
  const invalid = Boolean(ui.typedError || problem || d.speed === null);
  const ghost = d.speed === null ? null : hx.trace(ship.col, ship.row, ship.facing, steps, v.map.width, v.map.height);
  const lockedN = open ? open.steps.length : 0;
  const stepButton = (s, text, aria) => h("button", {
    type: "button", class: "btn msc-step", "data-step": s, id: `msc-step-${s}`, "aria-label": aria, "aria-disabled": nexts.includes(s) ? null : "true",
    onclick: () => addStep(s),
  }, text);
  let where = "";
  if (ghost) {
    const end = ghost.path[ghost.path.length - 1];
    where = ghost.left ? `Leaves the map after ${ghost.path.length - 1} hex${ghost.path.length === 2 ? "" : "es"}: ${ship.label} would disengage and count as destroyed!`
      : `Ends at ${hx.hexLabel(end[0], end[1])} facing ${hx.DIR_NAMES[ghost.facing]}.`;
  }
  return h("div", { class: "msc-plot" },
    summary,
    h("h2", {}, `Orders for ${shipName(v, ship)}`, h("span", { class: "muted" }, ` at ${ship.hex} facing ${hx.DIR_NAMES[ship.facing]}`)),
    speedRow,
    h("p", { class: "muted msc-note" }, speedNote),
    d.speed !== null ? h("div", { class: "msc-pad", role: "group", "aria-label": "Moves" },
      stepButton("L", "↶ Left", "Turn left (L)"),
      stepButton("F", "↑ Forward", "Forward one hex (F)"),
      stepButton("R", "Right ↷", "Turn right (R)"),
      h("button", { type: "button", class: "btn small", "aria-label": "Take back a step", disabled: steps.length <= lockedN, onclick: backStep }, "⌫"),
      h("button", { type: "button", class: "btn small", disabled: steps.length <= lockedN, onclick: () => { d.steps = d.steps.slice(0, lockedN); ui.typed = hx.writeOrders(d.steps); ui.typedError = ""; ui.why = ""; rerender(); } }, "Clear")) : null,
    // One message at a time: what is wrong with the orders typed, else what is still missing,
    // else where the orders take the ship.
    h("p", { id: "msc-order-state", class: `msc-order-state${invalid ? (ui.typedError ? " warn" : "") : " ok"}`, "aria-live": "polite" },
      ui.typedError || (d.speed === null ? (d.short || "Choose a SPEED first (or type the orders: their length sets it).")
        : `Orders: ${hx.writeOrders(steps) || "—"} (${steps.length} of ${d.speed}). ${problem ? `${cap(problem)}.` : where}`)),
    ui.why && !ui.typedError ? h("p", { class: "warn", id: "order-why", role: "alert" }, ui.why) : null,
    h("button", { type: "button", class: `btn${invalid ? "" : " primary"}`, id: "msc-commit", disabled: invalid, onclick: commitOrders },
      `Set ${ship.label}'s orders`),
    h("label", { class: "msc-typed" }, "Or type orders (like 2L1)",
      h("input", { type: "text", id: "msc-orders-input", autocomplete: "off", autocapitalize: "characters", spellcheck: "false",
        value: ui.typed, "aria-describedby": "msc-order-state",
        oninput: (e) => typeOrders(e.target.value),
        onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); commitOrders(); } } })));
}

async function pickSpeed(ship, s, legal, locked) {
  const d = ui.draft;
  const v = current.view;
  if (locked) { ui.why = `SPEED ${d.speed} is already set for ${ship.label}: plot its moves or undo.`; rerender(); return; }
  if (!legal) {
    let why = s > ship.engine ? `SPEED ${s} is more than ${ship.label}'s ENGINE ${ship.engine}.`
      : `SPEED changes by at most 1 a turn: last turn ${ship.speed}, so ${Math.max(0, ship.speed - 1)} to ${Math.min(ship.speed + 1, ship.engine)}.`;
    try {
      const answer = await shell.call("why_not", [[7, s]]);
      if (answer && !answer.legal && answer.why) why = `${why} The rules engine: “${answer.why}”.`;
    } catch { /* the local explanation stands */ }
    ui.why = why;
    rerender();
    return;
  }
  d.speed = s;
  ui.speedTapped = true;
  ui.why = "";
  ui.typedError = "";
  d.short = "";
  if (ui.typed.trim()) {
    // The orders typed are read again at this SPEED: too long is an error, never a cut.
    const read = typedOrders(ui.typed.trim(), ship, d, null, v.turn === 1);
    ui.typedError = read.error;
    if (!read.error) d.steps = read.steps;
  } else if (d.steps.length > s) {
    d.steps = d.steps.slice(0, s); // steps tapped on the pad, shown on the map as they shrink
    ui.typed = hx.writeOrders(d.steps);
  }
  if (v) rerender();
}

function addStep(s) {
  const d = ui.draft;
  if (!d || queue) return;
  if (d.speed === null) { ui.why = "Choose a SPEED first."; rerender(); return; }
  const nexts = hx.nextSteps(d.steps, d.speed);
  if (!nexts.includes(s)) {
    ui.why = d.steps.length >= d.speed ? `All ${d.speed} steps are plotted: a ship spends exactly its SPEED. Take a step back to change them.`
      : "A ship may not turn twice in a row: move forward between turns.";
    rerender();
    return;
  }
  d.steps += s;
  ui.why = "";
  ui.typed = hx.writeOrders(d.steps);
  ui.typedError = "";
  rerender();
}

function backStep() {
  const d = ui.draft;
  const open = openOrder(current.view);
  if (!d || d.steps.length <= (open ? open.steps.length : 0)) return;
  d.steps = d.steps.slice(0, -1);
  ui.typed = hx.writeOrders(d.steps);
  ui.why = "";
  rerender();
}

function typeOrders(text) {
  const d = ui.draft;
  const v = current.view;
  ui.typed = text;
  ui.why = "";
  const read = typedOrders(text.trim(), plottingShip(v), d, openOrder(v), v.turn === 1);
  ui.typedError = read.error;
  d.short = read.short || "";
  if (!read.error) { d.steps = read.steps; d.speed = read.speed; }
  updateOrderState();
}

/** What typed orders mean for the ship being plotted: its steps and SPEED, or the one reason
 * they cannot be. Nothing is cut to fit: orders longer than the SPEED are an error. A SPEED
 * tapped (or locked by a step already set) stays; otherwise the orders' length sets it. The
 * reading is hexmath's mirror of the engine's notation (checked against it in
 * tests/games/skirmish/test_order_notation.py). */
function typedOrders(text, ship, d, open, firstTurn) {
  const locked = open ? open.steps : "";
  if (text === "") return { error: "", steps: locked, speed: open || ui.speedTapped ? d.speed : null };
  const shown = `“${text}”`;
  const parsed = hx.parseOrders(text);
  if (parsed.steps === null) return { error: `${shown} cannot be read: ${parsed.error}.` };
  const steps = parsed.steps;
  if (!steps.startsWith(locked)) return { error: `${shown} changes steps already set (${hx.writeOrders(locked)}): Undo takes them back.` };
  const twice = hx.orderProblem(steps, steps.length);
  if (twice) return { error: `${shown}: ${twice}.` };
  const n = steps.length;
  const many = `${shown} is ${n} step${n === 1 ? "" : "s"}`;
  const speeds = hx.speedChoices(ship.engine, ship.speed, firstTurn);
  const top = speeds[speeds.length - 1];
  const why = firstTurn || top === ship.engine ? `its ENGINE is ${ship.engine}` : `it went SPEED ${ship.speed} last turn and may add 1`;
  if (open || ui.speedTapped) {
    if (n <= d.speed) return { error: "", steps, speed: d.speed };
    const other = speeds.includes(n) ? ` Tap SPEED ${n}, or shorten the orders.` : ` ${ship.label} can go at most SPEED ${top} now (${why}).`;
    return { error: `${many}, more than SPEED ${d.speed}: every order spends exactly its SPEED.${open ? "" : other}` };
  }
  if (n > top) return { error: `${many}, so SPEED ${n}, but ${ship.label} can go at most SPEED ${top} now (${why}).` };
  if (!speeds.includes(n)) return { error: "", steps, speed: null, short: `${many}: ${ship.label} goes SPEED ${speeds.join(", ")} now. Type more steps, or tap a SPEED.` };
  return { error: "", steps, speed: n };
}

/** After typing: redraw the ghost and the state line without rebuilding the input. */
function updateOrderState() {
  const input = document.getElementById("msc-orders-input");
  const pos = input ? input.selectionStart : null;
  rerender();
  const again = document.getElementById("msc-orders-input");
  if (again && input) { again.focus({ preventScroll: true }); if (pos !== null) again.setSelectionRange(pos, pos); }
}

function commitOrders() {
  const d = ui.draft;
  const g = current;
  if (!d || queue) return;
  if (d.speed === null) { ui.why = "Choose a SPEED first."; rerender(); return; }
  const problem = hx.orderProblem(d.steps, d.speed);
  if (problem || ui.typedError) return; // the one message under the orders already says why
  const open = openOrder(g.view);
  const items = [];
  if (!open) items.push(["SetSpeed", { speed: d.speed }]);
  for (const s of d.steps.slice(open ? open.steps.length : 0)) items.push(["Step", { move: s }]);
  const ship = g.view.ships[d.ship];
  ui.typed = "";
  ui.why = "";
  if (!items.length) return;
  startQueue(items, `Setting ${ship.label}'s orders`);
}

// ---- combat (MSC-9)

function firePanel(g) {
  const { h } = shell;
  const v = g.view;
  if (v.pending_hit) return hitSidePanel(g);
  const fires = g.actions.filter((a) => a.kind === "Fire");
  const byShip = new Map();
  for (const a of fires) {
    const list = byShip.get(a.fields.ship) || [];
    list.push(a);
    byShip.set(a.fields.ship, list);
  }
  const hold = findAction(g, "HoldFire");
  const targetIds = [...new Set(fires.map((a) => a.fields.target))];
  if (ui.target !== null && !targetIds.includes(ui.target)) ui.target = null;
  const chosen = ui.target !== null ? fires.filter((a) => a.fields.target === ui.target)
    .sort((a, b) => (b.fields.ship === ui.selected) - (a.fields.ship === ui.selected)) : [];
  return h("div", { class: "msc-fire" },
    h("p", {}, fires.length ? "Tap one of your ships to see its arcs, then tap a highlighted enemy (or pick below). The odds show before you fire." : "No weapon can reach a target."),
    targetIds.length ? h("div", { class: "msc-row", role: "group", "aria-label": "Targets" }, targetIds.map((t) => h("button", {
      type: "button", class: `btn small${ui.target === t ? " on" : ""}`, "aria-pressed": ui.target === t ? "true" : "false", "data-target": t,
      onclick: () => { ui.target = t; rerender(); },
    }, `Target ${shipName(v, v.ships[t])}`))) : null,
    chosen.length ? h("div", { class: "msc-odds", id: "msc-odds" }, chosen.map((a) => shotCard(g, a))) : null,
    hold ? h("button", { type: "button", class: "btn", id: "msc-hold", onclick: (e) => actNow(hold, e) }, "Hold fire (end my fire this turn)") : null);
}

function shotOdds(v, a) {
  const shooter = v.ships[a.fields.ship];
  const target = v.ships[a.fields.target];
  const range = hx.distance([shooter.col, shooter.row], [target.col, target.row]);
  const mod = hx.rangeModifier(range);
  const need = shooter.to_hit + mod;
  const faces = range === 0 ? [0, 1, 2, 3, 4, 5] : hx.arcsOf(target.facing, hx.relative([target.col, target.row], [shooter.col, shooter.row]));
  return { shooter, target, range, mod, need, chance: hx.hitChance(need), faces: faces.map((s) => hx.SIDE_NAMES[s]) };
}

function shotCard(g, a) {
  const { h } = shell;
  const v = g.view;
  const o = shotOdds(v, a);
  const weaponsThere = o.faces.map((s) => (o.target.weapons[s] === "intact" ? `its ${s} weapon is destroyed` : `no weapon on its ${s} side: SHIELDS −1`));
  const pct = Math.round(o.chance * 100);
  return h("div", { class: "msc-shot" },
    h("p", { class: "msc-shot-title" }, `${o.shooter.label} ${a.fields.side} (${hx.SIDE_WORDS[a.fields.side]}) → ${shipName(v, o.target)}`),
    h("p", {}, `Range ${o.range} (${o.mod >= 0 ? "+" : ""}${o.mod}), TO-HIT ${o.shooter.to_hit}: hits on ${o.need >= 6 ? "any roll" : o.need <= 0 ? "no roll" : `a roll of ${o.need} or less`} — ${pct}%.`),
    h("table", { class: "msc-dmg" },
      h("caption", {}, "If it hits, the damage die:"),
      h("tbody", {},
        h("tr", {}, h("th", { scope: "row" }, "1–4"), h("td", {}, `SHIELDS −1 (${o.target.shields} → ${o.target.shields - 1}${o.target.shields === 1 ? ", destroyed" : ""})`)),
        h("tr", {}, h("th", { scope: "row" }, "5"), h("td", {}, o.target.engine > 0 ? `ENGINE −1 (${o.target.engine} → ${o.target.engine - 1})` : "no ENGINE left: SHIELDS −1")),
        h("tr", {}, h("th", { scope: "row" }, "6"), h("td", {}, `${o.faces.length > 1 ? `you choose a side facing ${o.shooter.label}: ` : ""}${weaponsThere.join(", or ")}`)))),
    h("button", { type: "button", class: "btn primary msc-fire-btn", "data-fire": `${a.fields.ship}-${a.fields.side}-${a.fields.target}`,
      onclick: (e) => actNow(a, e) }, `Fire ${o.shooter.label} ${a.fields.side} (${pct}%)`));
}

function hitSidePanel(g) {
  const { h } = shell;
  const v = g.view;
  const hit = v.pending_hit;
  const target = v.ships[hit.target];
  return h("div", {},
    h("p", {}, `A damage roll of 6 on ${shipName(v, target)}: choose the side it strikes.`),
    h("div", { class: "msc-row" }, g.actions.filter((a) => a.kind === "HitSide").map((a) => {
      const s = a.fields.side;
      const there = s === "R" ? "none" : target.weapons[s];
      return h("button", { type: "button", class: "btn", onclick: (e) => actNow(a, e) },
        `${s} (${hx.SIDE_WORDS[s]}): ${there === "intact" ? "destroys its weapon" : "no weapon, SHIELDS −1"}`);
    })));
}

// ---------------------------------------------------------------------------- turn report (news)

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

/** What the engine says a log line is made of (view.log_parts, issue 31): its event's kind,
 * whether it is a line of the dice record, and its parts (text, ships, dice, rule IDs). The
 * page draws from these and never reads the words; a line it has no parts for is plain text. */
function lineFacts(v, line) {
  const facts = v && v.log_parts ? v.log_parts[String(line)] : null;
  return facts || null;
}

function lineKind(v, line) {
  const facts = lineFacts(v, line);
  return facts ? facts.kind : null;
}

/** A line of the dice record (C-2.8): the shell shows it only with the log's details. */
function isRollRecord(v, line) { const f = lineFacts(v, line); return Boolean(f && f.detail); }

function isMoveLine(v, line) { return lineKind(v, line) === "moved" && !isRollRecord(v, line); }

function tellsDice(v, line) {
  const f = lineFacts(v, line);
  return Boolean(f && !f.detail && f.parts.some((p) => p && typeof p === "object" && "die" in p));
}

/** A log line for people from its parts: no rule IDs; a named ship's name after its own
 * ("West 1 “Vigilant”"); each die drawn as a die. */
function wordedLine(v, line) {
  const { h } = shell;
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
    if ("die" in p) return h("span", { class: `die${p.hit ? " hit" : ""}`, "aria-label": `${p.what || "rolled"} ${p.die}` }, String(p.die));
    return String(p.text);
  });
}

function turnReport(v, seg, open) {
  const { h } = shell;
  const lines = seg.lines.filter((l) => !isRollRecord(v, l));
  const shown = seg.dice ? lines.filter((l) => tellsDice(v, l)) : lines;
  const fought = lines.some((l) => lineKind(v, l) === "initiative");
  // The whole turn told here stands for the shell's list of new log lines (app.js newsBox).
  return h("details", { class: "msc-report", id: "msc-report", open: open || null, "data-tells-log": seg.dice ? null : "1" },
    h("summary", {}, seg.dice ? "The dice" : `Turn ${seg.turn}: moves${fought ? ", initiative and fire" : ""}`),
    h("ul", {}, shown.map((l) => h("li", {}, wordedLine(v, l)))),
    !seg.dice && lines.some((l) => isMoveLine(v, l)) ? h("button", { type: "button", class: "btn small msc-replay", onclick: replayMoves }, "Replay moves") : null);
}

// ---------------------------------------------------------------------------- status panels (MSC-2.4)

function statusPanels(g) {
  const { h } = shell;
  const v = g.view;
  if (!v.ships.length) return null;
  const track = (label, now, design, max = 5) => h("div", { class: "msc-track" },
    h("span", { class: "msc-track-name" }, label),
    h("span", { class: "msc-ovals", "aria-hidden": "true" },
      Array.from({ length: max }, (_, n) => h("span", { class: `oval${n < now ? " ok" : n < design ? " lost" : " unbought"}` }))),
    h("span", { class: "msc-track-value" }, design === null ? String(now) : `${now}/${design}`));
  return h("section", { class: "msc-status", "aria-labelledby": "msc-status-title" },
    h("h2", { id: "msc-status-title" }, "Ships"),
    h("div", { class: "msc-cards" }, v.ships.map((s) => h("article", { class: `msc-ship ${sideClass(s.owner)}${s.fate ? " gone" : ""}${ui.selected === s.id ? " selected" : ""}`, "data-ship": s.label },
      h("h3", {}, h("button", { type: "button", class: "linkish", "aria-pressed": ui.selected === s.id ? "true" : "false",
        onclick: () => selectShip(s.id) }, shipName(v, s)),
      h("span", { class: "muted" }, ` ${SIDE_NAMES[s.owner]} · ${s.design.bp} BP`)),
      s.fate ? h("p", { class: "warn" }, s.fate === "destroyed" ? "Destroyed" : "Left the map (disengaged)")
        : h("p", { class: "msc-where" }, `Hex ${s.hex ?? "—"} · facing ${s.facing === null ? "—" : hx.DIR_NAMES[s.facing]} · SPEED ${s.speed}`),
      track("ENGINE", s.engine, s.design.engine),
      track("SHIELDS", s.shields, s.design.shields),
      track("TO-HIT", s.to_hit, s.to_hit),
      h("p", { class: "msc-weapons-line" }, "Weapons: ",
        Object.entries(s.weapons).filter(([, st]) => st !== "none").map(([side, st]) => h("span", {
          class: `msc-w ${st}${s.fired.includes(side) ? " fired" : ""}`,
        }, `${side}${st === "destroyed" ? " ✗" : s.fired.includes(side) ? " (fired)" : ""}`)),
        Object.values(s.weapons).every((st) => st === "none") ? "none" : null),
      s.history.length ? h("details", { class: "msc-history" }, h("summary", {}, "Turn record"),
        h("ol", {}, s.history.map((e) => h("li", {}, `SPEED ${e.split(" ")[0]}, orders ${e.split(" ")[1] || "—"}`)))) : null,
      !s.fate && s.owner === v.you && ["orders", "combat"].includes(v.phase) ? null : null))));
}

function selectShip(id) {
  ui.selected = ui.selected === id ? null : id;
  const v = current.view;
  const s = v.ships[id];
  if (s && v.phase === "combat" && s.owner !== v.you && current.actions.some((a) => a.kind === "Fire" && a.fields.target === id)) {
    ui.target = id;
    ui.selected = null;
  }
  if (s && s.col !== null) centreOn(s.col, s.row, false);
  rerender();
}

// ---------------------------------------------------------------------------- the map

function mapBox(g) {
  const { h } = shell;
  const v = g.view;
  const label = `Battle map, ${v.map.width} by ${v.map.height} hexes. ` + v.ships.filter((s) => !s.fate && s.hex).map((s) =>
    `${s.label} at ${s.hex} facing ${hx.DIR_NAMES[s.facing]}, SPEED ${s.speed}, SHIELDS ${s.shields}`).join("; ");
  const kept = document.getElementById("board");
  const canvas = kept && document.getElementById("board-area")?.contains(kept) ? kept
    : h("canvas", { id: "board", class: "msc-canvas", role: "img", tabindex: "0",
      "aria-keyshortcuts": "ArrowUp ArrowDown ArrowLeft ArrowRight Enter",
      onkeydown: mapKey, onfocus: () => { if (!hexCursor) hexCursor = startHex(current); drawMap(current); sayHex(current); }, onblur: () => drawMap(current) });
  canvas.setAttribute("aria-label", label);
  return h("div", { class: "msc-map", id: "msc-map-wrap", "data-replays": String(replays) },
    canvas,
    h("div", { class: "msc-map-tools", role: "group", "aria-label": "Map view" },
      h("button", { type: "button", class: "btn small", "aria-label": "Zoom in", onclick: () => zoomBy(1.3) }, "+"),
      h("button", { type: "button", class: "btn small", "aria-label": "Zoom out", onclick: () => zoomBy(1 / 1.3) }, "−"),
      h("button", { type: "button", class: "btn small", onclick: () => { cam.scale = 0; cam.user = true; drawMap(current); } }, "Whole map"),
      v.phase !== "deploy" ? h("button", { type: "button", class: "btn small msc-enemy-arcs", id: "msc-enemy-arcs", "aria-pressed": enemyArcs ? "true" : "false",
        title: "The hexes the enemy's weapons reach (range 6 in each armed arc), outlined in red",
        onclick: (e) => { enemyArcs = !enemyArcs; e.currentTarget.setAttribute("aria-pressed", String(enemyArcs)); drawMap(current); } }, "Enemy arcs") : null,
      h("p", { class: "sr-only", id: "msc-cursor-words", "aria-live": "polite" }),
      hasMoves(v) ? h("button", { type: "button", class: "btn small msc-replay", id: "msc-replay", onclick: replayMoves }, "Replay moves") : null));
}

function mapUnits(v) { return hx.mapSize(v.map.width, v.map.height); }

function fitScale(v, width) {
  const [mw] = mapUnits(v);
  return width / mw;
}

function focusKey(g) {
  const v = g.view;
  if (!v) return "";
  const ship = v.phase === "orders" && g.actions.length ? plottingShip(v) : null;
  return `${v.phase}|${v.turn}|${v.you}|${v.firing ?? ""}|${ship ? ship.id : ""}|${g.actions.length ? "play" : "wait"}`;
}

/** The map rectangle (in hex units) the decision is about, or null for "centre on focusHex":
 * the seat's own ships in play and every enemy within reach of them (the nearest one when
 * none is), so a shot or a threat is on screen with the ships that answer it. */
function focusBox(g) {
  const v = g.view;
  if (v.phase === "deploy" || v.phase === "design") return null;
  const me = v.you;
  const live = v.ships.filter((x) => !x.fate && x.col !== null);
  const own = live.filter((x) => me === null || me === undefined || x.owner === me);
  if (!own.length) return null;
  const enemies = live.filter((x) => !own.includes(x));
  const dist = (a, b) => hx.distance([a.col, a.row], [b.col, b.row]);
  const reach = (e) => Math.min(...own.map((o) => dist(o, e)));
  const near = enemies.filter((e) => reach(e) <= hx.MAX_RANGE + 2);
  const boxOf = (ships) => {
    const pts = ships.map((x) => hx.hexCenter(x.col, x.row));
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    return { x0: Math.min(...xs) - 1.6, x1: Math.max(...xs) + 1.6, y0: Math.min(...ys) - 1.6, y1: Math.max(...ys) + 1.6 };
  };
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

function focusHex(g) {
  const v = g.view;
  const plotting = v.phase === "orders" && g.actions.length ? plottingShip(v) : null;
  const s = plotting || (ui.selected !== null ? v.ships[ui.selected] : null);
  if (s && s.col !== null && !s.fate) return [s.col, s.row];
  if (v.phase === "deploy") return [v.you === 0 ? 1 : v.map.width - 2, Math.floor(v.map.height / 2)];
  const own = v.ships.filter((x) => !x.fate && x.col !== null && (v.you === null || x.owner === v.you));
  const any = own.length ? own : v.ships.filter((x) => !x.fate && x.col !== null);
  if (!any.length) return [Math.floor(v.map.width / 2), Math.floor(v.map.height / 2)];
  return [any[0].col, any[0].row];
}

function centreOn(col, row, force) {
  const canvas = document.getElementById("board");
  if (!canvas || !cam || !cam.scale) return;
  const w = canvas.clientWidth;
  const hgt = canvas.clientHeight;
  const [x, y] = hx.hexCenter(col, row);
  const sx = (x - cam.x0) * cam.scale;
  const sy = (y - cam.y0) * cam.scale;
  if (!force && sx > 40 && sx < w - 40 && sy > 40 && sy < hgt - 40) return;
  cam.x0 = x - w / 2 / cam.scale;
  cam.y0 = y - hgt / 2 / cam.scale;
  clampCam(current.view, w, hgt);
}

function clampCam(v, w, hgt) {
  const [mw, mh] = mapUnits(v);
  const vw = w / cam.scale;
  const vh = hgt / cam.scale;
  cam.x0 = vw >= mw ? (mw - vw) / 2 : Math.max(-0.5, Math.min(mw - vw + 0.5, cam.x0));
  cam.y0 = vh >= mh ? (mh - vh) / 2 : Math.max(-0.5, Math.min(mh - vh + 0.5, cam.y0));
}

function zoomBy(f, px = null, py = null) {
  const canvas = document.getElementById("board");
  if (!canvas || !current) return;
  const v = current.view;
  const w = canvas.clientWidth;
  const fit = fitScale(v, w);
  const old = cam.scale || fit;
  const next = Math.max(fit, Math.min(60, old * f));
  const cx = px ?? w / 2;
  const cy = py ?? canvas.clientHeight / 2;
  const ux = cam.x0 + cx / old;
  const uy = cam.y0 + cy / old;
  cam.scale = next;
  cam.user = true;
  cam.x0 = ux - cx / next;
  cam.y0 = uy - cy / next;
  drawMap(current);
}

function canvasHeight(v, width, scale) {
  const [, mh] = mapUnits(v);
  // On a phone the map leaves room below it for the decision's own controls and its confirm.
  const cap = Math.max(240, Math.min(window.innerHeight * (window.innerWidth < 600 ? 0.4 : 0.62), 720));
  return Math.min(mh * scale, cap);
}

/** Ship positions to draw: the view's, or mid-animation along the last moves. */
function shipPoses(v, now) {
  const poses = new Map();
  for (const s of v.ships) {
    if (s.col === null) continue;
    poses.set(s.id, { x: hx.hexCenter(s.col, s.row), facing: s.facing, angle: hx.dirAngle(s.facing) });
  }
  if (anim) {
    const t = Math.min(1, (now - anim.start) / anim.duration);
    for (const [id, p] of anim.paths) {
      const seq = p.frames;
      const pos = t * (seq.length - 1);
      const i = Math.min(seq.length - 2, Math.floor(pos));
      if (seq.length < 2) continue;
      const f = pos - i;
      const a = seq[i];
      const b = seq[i + 1];
      const x = [a.x[0] + (b.x[0] - a.x[0]) * f, a.x[1] + (b.x[1] - a.x[1]) * f];
      let da = b.angle - a.angle;
      while (da > Math.PI) da -= 2 * Math.PI;
      while (da < -Math.PI) da += 2 * Math.PI;
      poses.set(id, { x, facing: b.facing, angle: a.angle + da * f, moving: true, gone: t >= 1 && p.gone });
    }
  }
  return poses;
}

/** Where each ship started the last movement: from its deployment (the view's ship.deployed,
 * from the log's events) and its history. */
function lastMoves(v) {
  const out = new Map();
  for (const s of v.ships) {
    const d = s.deployed;
    if (!d || !s.history.length) continue;
    let col = d.col;
    let row = d.row;
    let facing = d.facing;
    for (let n = 0; n < s.history.length - 1; n++) {
      const t = hx.trace(col, row, facing, hx.parseOrders(s.history[n].split(" ")[1] || "").steps || "", v.map.width, v.map.height);
      [col, row] = t.path[t.path.length - 1];
      facing = t.facing;
    }
    const steps = hx.parseOrders(s.history[s.history.length - 1].split(" ")[1] || "").steps || "";
    const frames = [{ x: hx.hexCenter(col, row), facing, angle: hx.dirAngle(facing) }];
    let c = col; let r = row; let f = facing;
    for (const st of steps) {
      if (st === "F") {
        const [nc, nr] = hx.neighbour(c, r, f);
        if (nc < 0 || nr < 0 || nc >= v.map.width || nr >= v.map.height) {
          const [x, y] = hx.hexCenter(nc, nr);
          frames.push({ x: [x, y], facing: f, angle: hx.dirAngle(f) });
          break;
        }
        c = nc; r = nr;
      } else f = (f + (st === "R" ? 1 : 5)) % 6;
      frames.push({ x: hx.hexCenter(c, r), facing: f, angle: hx.dirAngle(f) });
    }
    out.set(s.id, { frames, gone: s.fate === "disengaged" });
  }
  return out;
}

let trailCache = { key: "", paths: new Map() };
function trails(v) {
  const key = `${gameKey()}:${v.ships.map((x) => x.history.length).join(",")}:${v.log.length}`;
  if (trailCache.key !== key) trailCache = { key, paths: lastMoves(v) };
  return trailCache.paths;
}

function hasMoves(v) {
  return ["combat", "orders", "over"].includes(v.phase) && v.turn >= 1 && v.ships.some((s) => s.history.length);
}

/** The last movement again, from where the ships stood (MSC-11.1), with the map in view. */
function replayMoves() {
  if (!current || !current.view) return;
  const map = document.getElementById("msc-map-wrap");
  if (map && map.getBoundingClientRect().top < 0) map.scrollIntoView({ block: "start", behavior: "instant" });
  maybeAnimate(current, true);
}

/** The movement plays by itself once for each seat that sees it: after the orders are
 * revealed, also after a hand-off (MSC-11.1); a game just opened from its save does not. */
function maybeAnimate(g, force = false) {
  const v = g.view;
  const moves = v.ships.reduce((n, s) => n + s.history.length, 0);
  const key = `${gameKey()}:${v.you}:${moves}`;
  if (!hasMoves(v)) { animatedKey = key; return; }
  if (!force && animatedKey === key) return;
  // A game opened mid-turn has nothing new to replay; a movement since this seat's last
  // decision (the shell's recap holds it) or since the screen's last sight of the game has.
  const seenGame = animatedKey.startsWith(`${gameKey()}:`);
  const recapMoved = g.recap && Array.isArray(g.recap.steps) && g.recap.steps.some((st) => (st.lines || []).some((l) => isMoveLine(v, l)));
  animatedKey = key;
  if (!force && !seenGame && !recapMoved) return;
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches && !force) return;
  const paths = lastMoves(v);
  if (![...paths.values()].some((p) => p.frames.length > 1)) return;
  anim = { start: performance.now(), duration: 1400, paths };
  replays += 1; // how many movement replays have played (data-replays on the map, for tests)
  const wrap = document.getElementById("msc-map-wrap");
  if (wrap) wrap.dataset.replays = String(replays);
  const tick = () => {
    if (!anim) return;
    drawMap(current);
    if (performance.now() - anim.start < anim.duration) requestAnimationFrame(tick);
    else { anim = null; drawMap(current); }
  };
  requestAnimationFrame(tick);
}

function bindCanvas(canvas) {
  panZoomTap(canvas, {
    grab: () => ({ x0: cam.x0, y0: cam.y0 }),
    pan(dx, dy, from) {
      if (!cam.scale) return;
      cam.x0 = from.x0 - dx / cam.scale;
      cam.y0 = from.y0 - dy / cam.scale;
      cam.user = true;
      clampCam(current.view, canvas.clientWidth, canvas.clientHeight);
      drawMap(current);
    },
    zoom: zoomBy,
    tap: onMapTap,
  });
}

function onMapTap(x, y, e) {
  const g = current;
  if (!g || !g.view || !cam.scale) return;
  const v = g.view;
  const hex = hx.hexAt(cam.x0 + x / cam.scale, cam.y0 + y / cam.scale, v.map.width, v.map.height);
  if (!hex) return;
  hexCursor = null; // a pointer's tap: the keyboard's frame goes
  tapHex(hex[0], hex[1], e);
}

function tapHex(col, row, e) {
  const g = current;
  const v = g.view;
  const here = v.ships.filter((s) => !s.fate && s.col === col && s.row === row);
  if (g.mode === "play" && g.actions.length && !queue) {
    if (v.phase === "deploy") {
      const place = findAction(g, "Place", { col, row });
      if (place) { actNow(place, e); return; }
      const placed = v.plans[v.you].placements || [];
      const last = placed[placed.length - 1];
      if (last && last.facing === null) {
        for (let dir = 0; dir < 6; dir++) {
          const [nc, nr] = hx.neighbour(last.col, last.row, dir);
          if (nc === col && nr === row) { actNow(findAction(g, "Face", { facing: dir }), e); return; }
        }
        ui.why = "";
      } else if (placed.length < ownShips(v, v.you).length) {
        ui.why = `${hx.hexLabel(col, row)} is outside your zone: ${SIDE_NAMES[v.you]} deploys in columns ${v.you === 0 ? "1–3" : `${v.map.width - 2}–${v.map.width}`}.`;
        rerender();
        return;
      }
    }
    if (v.phase === "combat" && !v.pending_hit) {
      const enemy = here.find((s) => s.owner !== v.you && g.actions.some((a) => a.kind === "Fire" && a.fields.target === s.id));
      if (enemy) { ui.target = enemy.id; rerender(); scrollToOdds(); return; }
    }
  }
  if (here.length) {
    const idx = here.findIndex((s) => s.id === ui.selected);
    ui.selected = here[(idx + 1) % here.length].id;
  } else ui.selected = null;
  rerender();
}

function scrollToOdds() {
  const odds = document.getElementById("msc-odds");
  if (odds) odds.scrollIntoView({ block: "nearest", behavior: "instant" });
}

function drawMap(g) {
  const canvas = document.getElementById("board");
  if (!canvas || !g || !g.view) return;
  bindCanvas(canvas);
  const v = g.view;
  const width = laidOutWidth(canvas.parentElement);
  if (!width) { requestAnimationFrame(() => { if (canvas.isConnected && canvas.parentElement.clientWidth) drawMap(current); }); return; }
  const fit = fitScale(v, width);
  if (!cam.scale) {
    let box = cam.user ? null : focusBox(g);
    const readable = Math.max(fit, Math.min(26, fit * 2.4));
    let scale = cam.user ? fit : readable;
    if (box) {
      // Fit the decision's ships, between a readable least (hexes about 32 px across) and
      // the usual zoom; ships too far apart for that: the one deciding is centred instead.
      const tall = canvasHeight(v, width, readable);
      const want = Math.min(readable * 1.15, width / (box.x1 - box.x0), tall / (box.y1 - box.y0));
      if (want < Math.min(16, readable)) box = null;
      else scale = Math.max(fit, want);
    }
    cam.scale = scale;
    const height = canvasHeight(v, width, cam.scale);
    canvas.style.height = `${height}px`;
    const [x, y] = box ? [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2] : hx.hexCenter(...focusHex(g));
    cam.x0 = x - width / 2 / cam.scale;
    cam.y0 = y - height / 2 / cam.scale;
  }
  cam.scale = Math.max(fit, cam.scale);
  const height = canvasHeight(v, width, cam.scale);
  canvas.style.height = `${height}px`;
  clampCam(v, width, height);
  const dpr = window.devicePixelRatio || 1;
  // Setting a canvas's size, even to the same, clears and reallocates it: only on a change.
  if (canvas.width !== Math.round(width * dpr)) canvas.width = Math.round(width * dpr);
  if (canvas.height !== Math.round(height * dpr)) canvas.height = Math.round(height * dpr);
  canvas.dataset.view = `${cam.scale.toFixed(4)},${cam.x0.toFixed(4)},${cam.y0.toFixed(4)}`;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#0d1328";
  ctx.fillRect(0, 0, width, height);
  const S = cam.scale;
  const px = (ux, uy) => [(ux - cam.x0) * S, (uy - cam.y0) * S];
  const hexPath = (col, row, shrink = 1) => {
    const [cx, cy] = px(...hx.hexCenter(col, row));
    ctx.beginPath();
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k;
      const x = cx + Math.cos(a) * S * shrink;
      const y = cy + Math.sin(a) * S * shrink;
      if (k === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
    }
    ctx.closePath();
  };
  // Visible hexes only.
  const c0 = Math.max(0, Math.floor((cam.x0 - 1) / 1.5));
  const c1 = Math.min(v.map.width - 1, Math.ceil((cam.x0 + width / S) / 1.5));
  const r0 = Math.max(0, Math.floor(cam.y0 / hx.SQRT3) - 1);
  const r1 = Math.min(v.map.height - 1, Math.ceil((cam.y0 + height / S) / hx.SQRT3));
  const me = v.you;
  const deploying = v.phase === "deploy" && g.mode === "play" && g.actions.length;
  ctx.lineWidth = 1;
  for (let c = c0; c <= c1; c++) {
    for (let r = r0; r <= r1; r++) {
      hexPath(c, r, 0.97);
      const zone = c < 3 ? 0 : c >= v.map.width - 3 ? 1 : null;
      if (deploying && zone === me) { ctx.fillStyle = me === 0 ? "#17335a" : "#4a2a14"; ctx.fill(); }
      else if (zone !== null && v.phase === "deploy") { ctx.fillStyle = "#141c38"; ctx.fill(); }
      ctx.strokeStyle = "#27325e";
      ctx.stroke();
    }
  }
  // Hex labels when zoomed in enough to read them.
  if (S >= 24) {
    ctx.fillStyle = "#56608c";
    ctx.font = `${Math.round(S * 0.34)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    for (let c = c0; c <= c1; c++) for (let r = r0; r <= r1; r++) {
      const [x, y] = px(...hx.hexCenter(c, r));
      ctx.fillText(hx.hexLabel(c, r), x, y - S * 0.55);
    }
    ctx.textAlign = "start";
  }
  const poses = shipPoses(v, performance.now());
  // The enemy's armed arcs (issue 36: duels were lost to an enemy parked where our ship had no
  // weapon): each enemy ship's intact weapons' hexes to range 6, outlined in red (a toggle).
  if (enemyArcs && !anim && v.phase !== "deploy") {
    for (const t of v.ships) {
      if (t.fate || t.col === null || t.owner === me) continue;
      for (const [c, r] of armedHexes(v, t)) {
        hexPath(c, r, 0.8);
        ctx.globalAlpha = 0.5;
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = "#ff6b6b";
        ctx.stroke();
        ctx.globalAlpha = 0.08;
        ctx.fillStyle = "#ff6b6b";
        ctx.fill();
        ctx.globalAlpha = 1;
      }
    }
  }
  // Arcs of the selected ship (MSC-3.4): each weapon's wedge to range 6, targets ringed.
  const sel = ui.selected !== null ? v.ships[ui.selected] : null;
  if (sel && !sel.fate && sel.col !== null && !anim) {
    let at = null;
    if (v.phase === "orders" && ui.draft && ui.draft.ship === sel.id && ui.draft.speed !== null) {
      const t = hx.trace(sel.col, sel.row, sel.facing, ui.draft.steps, v.map.width, v.map.height);
      if (!t.left) at = { col: t.path[t.path.length - 1][0], row: t.path[t.path.length - 1][1], facing: t.facing };
    }
    drawArcs(ctx, v, g, at ? { ...sel, ...at } : sel, hexPath, px, S);
  }
  // Deployment placements of the own side (the view holds only the own plan).
  if (v.phase === "deploy") {
    const placed = (v.plans[me] || {}).placements || [];
    const ships = ownShips(v, me);
    placed.forEach((p, n) => drawShip(ctx, px(...hx.hexCenter(p.col, p.row)), p.facing === null ? null : hx.dirAngle(p.facing), ships[n], S, { ghost: p.facing === null }));
  }
  // The ghost path of the orders being plotted (and the own committed orders).
  if (v.phase === "orders" && g.mode === "play") {
    const orders = (v.plans[me] || {}).orders || [];
    for (const o of orders) {
      if (ui.draft && o.ship === ui.draft.ship) continue;
      const s = v.ships[o.ship];
      const t = hx.trace(s.col, s.row, s.facing, o.steps, v.map.width, v.map.height);
      drawGhost(ctx, px, t, s, S, 0.45);
    }
    if (ui.draft && ui.draft.speed !== null && !ui.typedError) {
      const s = v.ships[ui.draft.ship];
      drawGhost(ctx, px, hx.trace(s.col, s.row, s.facing, ui.draft.steps, v.map.width, v.map.height), s, S, 1);
    }
  }
  // The last move's trail of each ship, in its side's colour (MSC-7), while nothing plays.
  if (!anim && ["combat", "orders", "over"].includes(v.phase)) {
    ctx.save();
    ctx.globalAlpha = 0.55;
    ctx.setLineDash([2, 4]);
    ctx.lineWidth = Math.max(2, S * 0.1);
    for (const [id, p] of trails(v)) {
      if (p.frames.length < 2) continue;
      ctx.strokeStyle = SIDE_COLOURS[v.ships[id].owner];
      ctx.beginPath();
      p.frames.forEach((f, n) => { const [x, y] = px(...f.x); if (n === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y); });
      ctx.stroke();
    }
    ctx.restore();
  }
  // Ships, several in a hex fanned out.
  const stacks = new Map();
  for (const s of v.ships) {
    const p = poses.get(s.id);
    if (!p || (s.fate && !(p.moving && !p.gone))) continue;
    const k = `${Math.round(p.x[0] * 10)},${Math.round(p.x[1] * 10)}`;
    const list = stacks.get(k) || [];
    list.push([s, p]);
    stacks.set(k, list);
  }
  for (const list of stacks.values()) {
    list.forEach(([s, p], n) => {
      const off = list.length > 1 ? 0.36 : 0;
      const a = (2 * Math.PI * n) / list.length;
      const at = px(p.x[0] + Math.cos(a) * off, p.x[1] + Math.sin(a) * off);
      drawShip(ctx, at, p.angle, s, list.length > 1 ? S * 0.75 : S, { selected: ui.selected === s.id, target: ui.target === s.id });
    });
  }
  // Ships off the visible part of the map: a pointer at the edge, towards them, with their
  // label and how many hexes away they are from the ship in focus (or the nearest own ship).
  const from = sel && !sel.fate && sel.col !== null ? sel : ownShips(v, me).find((x) => x.col !== null);
  for (const s of v.ships) {
    const p = poses.get(s.id);
    if (!p || s.fate || p.moving) continue;
    const [x, y] = px(...p.x);
    if (x >= 0 && x <= width && y >= 0 && y <= height) continue;
    const [cx, cy] = [width / 2, height / 2];
    const k = Math.min(Math.abs((width / 2 - 22) / (x - cx || 1e-9)), Math.abs((height / 2 - 22) / (y - cy || 1e-9)));
    const ex = cx + (x - cx) * k;
    const ey = cy + (y - cy) * k;
    const a = Math.atan2(y - cy, x - cx);
    ctx.save();
    ctx.translate(ex, ey);
    ctx.rotate(a);
    ctx.beginPath();
    ctx.moveTo(14, 0);
    ctx.lineTo(-6, 9);
    ctx.lineTo(-6, -9);
    ctx.closePath();
    ctx.fillStyle = SIDE_COLOURS[s.owner];
    ctx.fill();
    ctx.restore();
    const far = from && from.id !== s.id ? ` ${hx.distance([from.col, from.row], [s.col, s.row])}` : "";
    ctx.font = "700 12px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.lineWidth = 3;
    ctx.strokeStyle = "#0b1020";
    const ty = ey + (ey > height / 2 ? -16 : 24);
    ctx.strokeText(`${s.label}${far}`, ex, ty);
    ctx.fillStyle = "#eef1ff";
    ctx.fillText(`${s.label}${far}`, ex, ty);
    ctx.textAlign = "start";
  }
  if (hexCursor && document.activeElement === canvas) {
    hexPath(hexCursor[0], hexCursor[1], 0.98);
    ctx.lineWidth = 3;
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = "#ffffff";
    ctx.stroke();
    ctx.setLineDash([]);
  }
  // The pending hit and the firing side's legal targets ring in drawArcs; a legend.
  ctx.font = "12px system-ui, sans-serif";
  ctx.fillStyle = "#aab3d6";
  const hint = v.phase === "deploy" && deploying ? "Tap a tinted hex to place a ship"
    : `${sel && !sel.fate ? `${sel.label}: arcs shown` : "Tap a ship for its arcs"} · under a ship: SPEED› SHIELDS`;
  ctx.fillText(hint, 8, height - 8);
}

/** The hexes a ship's intact weapons reach (MSC-3.4: range 6 in each armed arc), as drawArcs
 * draws them for the selected ship. */
function armedHexes(v, sel) {
  const sides = Object.entries(sel.weapons).filter(([, st]) => st === "intact").map(([x]) => x);
  const from = [sel.col, sel.row];
  const out = [];
  if (!sides.length) return out;
  for (let c = Math.max(0, sel.col - 6); c <= Math.min(v.map.width - 1, sel.col + 6); c++) {
    for (let r = Math.max(0, sel.row - 7); r <= Math.min(v.map.height - 1, sel.row + 7); r++) {
      const d = hx.distance(from, [c, r]);
      if (d === 0 || d > 6) continue;
      if (hx.arcsOf(sel.facing, hx.relative(from, [c, r])).some((x) => sides.includes(hx.SIDE_NAMES[x]))) out.push([c, r]);
    }
  }
  return out;
}

function drawArcs(ctx, v, g, sel, hexPath, px, S) {
  const colours = { F: "#ffcc4d", FR: "#7be0a5", FL: "#8fa2ff", RR: "#ff7bd0", RL: "#5fe0e8" };
  const sides = Object.entries(sel.weapons).filter(([, st]) => st === "intact").map(([s]) => s);
  const from = [sel.col, sel.row];
  for (let c = Math.max(0, sel.col - 6); c <= Math.min(v.map.width - 1, sel.col + 6); c++) {
    for (let r = Math.max(0, sel.row - 7); r <= Math.min(v.map.height - 1, sel.row + 7); r++) {
      const d = hx.distance(from, [c, r]);
      if (d === 0 || d > 6) continue;
      const arcs = hx.arcsOf(sel.facing, hx.relative(from, [c, r])).map((s) => hx.SIDE_NAMES[s]).filter((s) => sides.includes(s));
      if (!arcs.length) continue;
      hexPath(c, r, 0.9);
      ctx.globalAlpha = 0.22;
      ctx.fillStyle = colours[arcs[0]];
      ctx.fill();
      ctx.globalAlpha = 1;
    }
  }
  // Enemies this ship can fire at now: ringed.
  const targets = new Set(g.actions.filter((a) => a.kind === "Fire" && a.fields.ship === sel.id).map((a) => a.fields.target));
  for (const t of v.ships) {
    if (t.fate || t.col === null || t.owner === sel.owner) continue;
    const d = hx.distance(from, [t.col, t.row]);
    const inArc = d <= 6 && hx.arcsOf(sel.facing, hx.relative(from, [t.col, t.row])).some((s) => sides.includes(hx.SIDE_NAMES[s]));
    if (!inArc && !targets.has(t.id)) continue;
    const [x, y] = px(...hx.hexCenter(t.col, t.row));
    ctx.beginPath();
    ctx.arc(x, y, S * 0.95, 0, 2 * Math.PI);
    ctx.lineWidth = 3;
    ctx.strokeStyle = targets.has(t.id) ? "#ff7b7b" : "#aab3d6";
    ctx.setLineDash(targets.has(t.id) ? [] : [4, 4]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  // Side letters around the ship.
  const [cx, cy] = px(...hx.hexCenter(sel.col, sel.row));
  ctx.font = `600 ${Math.max(10, Math.round(S * 0.4))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const s of sides) {
    const a = hx.dirAngle((sel.facing + hx.SIDE_NAMES.indexOf(s)) % 6);
    ctx.fillStyle = colours[s];
    const d = Math.max(S * 1.45, 26);
    ctx.fillText(s, cx + Math.cos(a) * d, cy + Math.sin(a) * d);
  }
  ctx.textAlign = "start";
  ctx.textBaseline = "alphabetic";
}

function drawGhost(ctx, px, t, ship, S, alpha) {
  ctx.globalAlpha = alpha;
  ctx.strokeStyle = t.left ? "#ff7b7b" : "#ffcc4d";
  ctx.lineWidth = Math.max(2, S * 0.12);
  ctx.setLineDash([6, 5]);
  ctx.beginPath();
  t.path.forEach(([c, r], n) => {
    const [x, y] = px(...hx.hexCenter(c, r));
    if (n === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  });
  if (t.left) {
    const [lc, lr] = t.path[t.path.length - 1];
    const [nc, nr] = hx.neighbour(lc, lr, t.facing);
    ctx.lineTo(...px(...hx.hexCenter(nc, nr)));
  }
  ctx.stroke();
  ctx.setLineDash([]);
  const [ec, er] = t.path[t.path.length - 1];
  drawShip(ctx, px(...hx.hexCenter(ec, er)), hx.dirAngle(t.facing), ship, S, { ghost: true, left: t.left });
  ctx.globalAlpha = 1;
}

function drawShip(ctx, [x, y], angle, s, S, opts = {}) {
  const R = Math.max(7, S * 0.62);
  const colour = SIDE_COLOURS[s.owner];
  ctx.save();
  ctx.translate(x, y);
  if (opts.selected || opts.target) {
    ctx.beginPath();
    ctx.arc(0, 0, R * 1.35, 0, 2 * Math.PI);
    // Selection white, target red: apart from the yellow orders being plotted and from the
    // last move's trail in the side's own colour.
    ctx.strokeStyle = opts.target ? "#ff7b7b" : "#ffffff";
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  if (angle !== null && !opts.ghost) {
    // The facing at a glance: a bright line from the hull out to the hex edge it faces.
    ctx.save();
    ctx.rotate(angle);
    ctx.beginPath();
    ctx.moveTo(R * 0.9, 0);
    ctx.lineTo(Math.max(R * 1.75, S * 0.95), 0);
    ctx.strokeStyle = "#eef1ff";
    ctx.lineWidth = Math.max(2, S * 0.1);
    ctx.lineCap = "round";
    ctx.stroke();
    ctx.restore();
  }
  if (angle !== null) {
    // The hull: an arrowhead pointing where the F side faces.
    ctx.save();
    ctx.rotate(angle);
    ctx.beginPath();
    ctx.moveTo(R * 1.15, 0);
    ctx.lineTo(-R * 0.75, R * 0.8);
    ctx.lineTo(-R * 0.4, 0);
    ctx.lineTo(-R * 0.75, -R * 0.8);
    ctx.closePath();
    ctx.fillStyle = opts.ghost ? "transparent" : colour;
    if (!opts.ghost) ctx.fill();
    ctx.lineWidth = opts.ghost ? 2 : 1.5;
    ctx.strokeStyle = opts.ghost ? (opts.left ? "#ff7b7b" : "#ffcc4d") : "#0b1020";
    ctx.setLineDash(opts.ghost ? [3, 3] : []);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.restore();
  } else {
    ctx.beginPath();
    ctx.arc(0, 0, R * 0.7, 0, 2 * Math.PI);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  if (!opts.ghost) {
    // Label, SPEED and SHIELDS: readable from about 14 px per hex.
    const fs = Math.max(10, Math.round(S * 0.42));
    ctx.font = `700 ${fs}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineWidth = 3;
    ctx.strokeStyle = "#0b1020";
    const ly = -R - fs * 0.55;
    ctx.strokeText(s.label, 0, ly);
    ctx.fillStyle = "#eef1ff";
    ctx.fillText(s.label, 0, ly);
    if (s.col !== null && (S >= 15 || opts.selected || opts.target)) {
      const small = Math.max(10, Math.round(S * 0.34));
      ctx.font = `700 ${small}px system-ui, sans-serif`;
      const info = S >= 16 ? `${s.speed}›  ${"▮".repeat(s.shields)}${"▯".repeat(Math.max(0, s.design.shields - s.shields))}` : `${s.speed}› ${s.shields}`;
      ctx.strokeText(info, 0, R + small * 0.8);
      ctx.fillStyle = s.shields < s.design.shields ? "#ff7b7b" : "#7be0a5";
      ctx.fillText(info, 0, R + small * 0.8);
    }
    ctx.textAlign = "start";
    ctx.textBaseline = "alphabetic";
  }
  ctx.restore();
}
