// Minimal Space Combat's screen (RULES.md section 4): the ship designer (MSC-2), deployment,
// plotted orders with a ghost path (MSC-6, MSC-7), arcs and fire with the odds shown first
// (MSC-3.4, MSC-9), status panels with every track of the Ship Turn Record (MSC-2.4).
//
// It draws only from g.view (the seat on screen; the other seat's plan is never in it) and
// every move is one of g.actions. A ship design or an order the player builds here is a
// sequence of the engine's small legal steps (NewShip, SetStat, FitWeapon; SetSpeed, Step),
// played one at a time once the player commits. Saved designs and ship names are kept in
// localStorage under "startable-msc:" (presentation only, never a save).
//
// This is the module the shell imports; the screen's parts live beside it: words.js (the shell's
// words), setup.js, designer.js, panels.js, map.js, draw.js and camera.js (the map), sync.js
// (the queue and the state sync), helpers.js and state.js.
import { watchWidth } from "../common/canvas.js";
import { freshUi, state } from "./state.js";
import { ensureStyles } from "./helpers.js";
import { keepDecisionInView, markChoices, pump, syncUi } from "./sync.js";
import { claimSetup } from "./designer.js";
import { actionPanel, addStep, backStep, commitOrders, damageBox, statusPanels } from "./panels.js";
import { focusKey } from "./camera.js";
import { drawMap } from "./draw.js";
import { mapBox, maybeAnimate } from "./map.js";
export { choiceLabel, endDetail, news, prompt, recapStep, recapWho, title } from "./words.js";
export { setupExtras } from "./setup.js";
export { designCode, readDesignCode } from "./fleet.js";

/** @typedef {import("./state.js").SkirmishGame} SkirmishGame */
/** @typedef {import("./state.js").Shell} Shell */

// sync.js's rerender draws the screen again through this module's render.
state.render = render;

/** The keyboard while orders are plotted: F, L, R (or the arrows) add a step, Backspace takes
 * one back, Enter commits them.
 * @param {KeyboardEvent} e
 * @param {SkirmishGame} g
 * @param {Shell} tools
 * @returns {boolean} whether the screen took the key */
export function keys(e, g, tools) {
  state.shell = tools;
  const v = g.view;
  if (!v || g.mode !== "play" || v.phase !== "orders" || !g.actions.length || state.queue) return false;
  const draft = state.ui.draft;
  if (!draft) return false;
  const k = e.key;
  const step = k === "f" || k === "F" || k === "ArrowUp" ? "F" : k === "l" || k === "L" || k === "ArrowLeft" ? "L"
    : k === "r" || k === "R" || k === "ArrowRight" ? "R" : null;
  if (step) { e.preventDefault(); addStep(step); return true; }
  if (k === "Backspace") { e.preventDefault(); backStep(); return true; }
  // Enter commits the orders being drafted (issue 36), as "Set …'s orders" does; on a button or
  // a link Enter is that control's own.
  const on = /** @type {Element} */ (e.target);
  if (k === "Enter" && !(on.closest && on.closest("button, a, summary"))) { e.preventDefault(); commitOrders(); return true; }
  return false;
}

/** @param {SkirmishGame} g
 * @param {Shell} tools */
export function redraw(g, tools) {
  if (tools) state.shell = tools;
  drawMap(g || state.current);
}

/** @param {HTMLElement} area
 * @param {SkirmishGame} g
 * @param {Shell} tools */
export function render(area, g, tools) {
  state.shell = tools;
  ensureStyles();
  const v = g.view;
  const key = location.hash.split("/")[1] || "replay";
  if (state.ui.viewer !== g.viewer || state.ui.game !== key) state.ui = freshUi(g.viewer, key);
  if (!state.cam || state.cam.key !== key) state.cam = { key, scale: 0, x0: 0, y0: 0, user: false, fk: "", major: "" };
  // Each decision shows what it is about (its ships, its zone, the enemy in reach), unless the
  // player moved the map during this phase; a new phase, turn or seat frames it again.
  const fk = focusKey(g);
  if (state.cam.fk !== fk) {
    const major = fk.split("|").slice(0, 3).join("|");
    if (state.cam.major !== major) state.cam.user = false;
    state.cam.fk = fk;
    state.cam.major = major;
    if (!state.cam.user) state.cam.scale = 0;
  }
  const prevPhase = state.current && state.current.view ? state.current.view.phase : null;
  state.current = g;
  if (state.queue && state.queue.sentAt !== null && g.at !== state.queue.sentAt) {
    state.queue.items.shift();
    state.queue.sentAt = null;
    if (!state.queue.items.length || g.mode !== "play" || !g.actions.length) { state.queue = null; state.queueDoneAt = performance.now(); }
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
  const panel = actionPanel(g);
  fill(area, map, panel, panel ? damageBox(g) : null, v.phase !== "design" ? statusPanels(g) : null);
  markChoices(g);
  if (showMap) {
    const wrap = document.getElementById("msc-map-wrap");
    watchWidth(wrap, () => drawMap(state.current)); // its width read when drawing, without a forced layout
    drawMap(g);
    maybeAnimate(g);
  }
  if (state.queue) setTimeout(pump, 0);
  // A new decision brings the map and its controls into view together (issue 36), after the
  // shell's own scroll to the recap (at the next frame): a task queued from that frame runs
  // after it.
  const shown = `${key}|${g.at}|${g.viewer}|${g.mode}`;
  if (showMap && state.shownKey !== shown && g.mode === "play" && g.actions.length && !state.queue) {
    state.shownKey = shown;
    requestAnimationFrame(() => setTimeout(keepDecisionInView, 0));
  }
  return h;
}
