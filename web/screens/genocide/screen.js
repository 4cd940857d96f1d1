// Space Genocide's screen (RULES.md section 1): the hex map on a canvas (pan, pinch, wheel,
// Fit, a mini-map), the secret setup with "Arrange for me", a turn by tap (fleet panel, reachable
// hexes), battles with the exact odds of each attack, production, cards, a fleet list and a
// decision panel that make the game playable without the canvas.
//
// Rules kept here (docs/WEB.md): every move is one of g.actions (several in a row for a setup
// or a long move, each looked up in the new g.actions before it is played); everything drawn
// comes from g.view; hex pixel geometry is computed here from the engine's (col, row).
//
// This module is the one the shell imports: it renders the area and re-exports what the shell
// calls. The parts are beside it: state.js (the state), util.js (hexes, what the view says),
// words.js, recap.js, queue.js (chained actions), setup.js and panel.js (the decision panel),
// lists.js (the hex box, fleet list, cards, legend), draw.js and map.js (the canvas), input.js.
import * as D from "./data.js";
import { watchWidth } from "../common/canvas.js";
import { frameLayer, track, ui } from "./state.js";
import { cursorFleet } from "./util.js";
import { remember } from "./recap.js";
import { continueQueue } from "./queue.js";
import { panel } from "./panel.js";
import { cardsBox, fleetList, hexBox, legend, logByPlayer, markHere } from "./lists.js";
import { centreOn, draw, fit, keepInView, schedule, zoomBy } from "./map.js";
import { tapAfterModel, wireCanvas } from "./input.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */
/** @typedef {import("./state.js").Shell} Shell */

export { choiceLabel, endDetail, news, prompt, title } from "./words.js";
export { recapStep } from "./recap.js";
export { keys } from "./input.js";

ui.render = render; // rerender (state.js) draws the area again with it

export function redraw() {
  draw();
}

function ensureCss() {
  ui.shell.stylesheet(new URL("./screen.css", import.meta.url).href, () => draw());
}

/**
 * @param {HTMLElement} area
 * @param {GenocideGame} g
 * @param {Shell} tools */
export function render(area, g, tools) {
  ui.shell = tools;
  ensureCss();
  const { h } = tools;
  const v = g.view;
  const old = ui.g;
  // A model brought by a tap on the map or by a chain of moves it started: the map stays
  // where the player sees it (keepScroll), not framed again under the finger.
  const byMap = Boolean(ui.keepScroll || (ui.queue && ui.queue.byMap));
  ui.byMap = byMap;
  ui.g = g;
  ui.pending = null;
  ui.stamp += 1;
  if (g.mode === "play") ui.lastPlay = g;
  const camKey = `${v.map.cols}x${v.map.rows}:${v.planets.map((p) => p.hex).join("")}`;
  if (camKey !== ui.camKey || `${g.game_id}|${location.hash}` !== ui.trackKey) { track.clear(); ui.trackKey = `${g.game_id}|${location.hash}`; }
  remember(g);
  if (camKey !== ui.camKey) { ui.camKey = camKey; ui.cam = null; ui.hex = null; ui.draft = null; ui.queue = null; }
  if (old && (old.viewer !== g.viewer || g.at < old.at)) { ui.queue = null; ui.pickShip = null; }
  // Another seat on screen and a camera no one has moved: fit again (its own section first).
  if (old && old.viewer !== g.viewer && ui.cam && ui.cam.auto) ui.cam = null;
  // Another seat on screen: the last seat's picture goes (the frame layer has its marks).
  if (old && old.viewer !== g.viewer && frameLayer.canvas) { frameLayer.canvas.width = 0; Object.assign(frameLayer, { key: "", g: null }); }
  if (ui.queue && (ui.queue.seat !== g.viewer || !g.actions.length || g.over)) ui.queue = null;
  let follow = null;
  if (v.phase === "transport" && old && old.at !== g.at) {
    const cur = cursorFleet(v);
    if (cur) { ui.hex = [cur.col, cur.row]; follow = ui.hex; }
  }
  // A battle, a burst or a launch: the map turns to where it happens, once.
  const spot = v.battle ? [v.battle.col, v.battle.row] : null;
  const spotKey = spot ? `${g.viewer}:${v.round}:${spot}` : "";
  if (spot && ui.focus !== spotKey) { ui.focus = spotKey; ui.hex = spot; ui.centre = spot; }
  // Setting up in secret (planet types, fleets), the screen's draft under the map is the
  // decision: a phone keeps the shell's decision in the page there, not in a bar (screen.css).
  area.classList.toggle("gc-setup", g.actions.length > 0 && ["types", "fleets"].includes(v.phase));
  // The map's canvas stays from one render to the next (its listeners too): a new one would
  // have its backing store (some 4 MB on a phone) allocated and laid out again on every tap.
  const kept = document.getElementById("gc-map");
  // A tab stop: on it the arrow keys move the white frame over the hexes and Enter taps the
  // hex under it (issue 36: every game by keyboard alone, hexes by arrow keys on the board).
  const mapCanvas = kept && area.contains(kept) ? kept : h("canvas", { id: "gc-map", class: "gc-map", role: "img", tabindex: "0",
    "aria-keyshortcuts": "ArrowUp ArrowDown ArrowLeft ArrowRight Enter" });
  mapCanvas.setAttribute("aria-label", mapWords(v));
  // The area changes in place (the shell's morph): what a tap did not change is not rebuilt,
  // so the browser styles and lays out only what did (a late 4-seat game has long lists).
  // Moving the kept canvas into the new tree blurs it: a keyboard player on the map keeps it.
  const mapFocused = document.activeElement === mapCanvas;
  const next = /** @type {HTMLElement} */ (area.cloneNode(false));
  next.append(...[
    seatsStrip(v),
    // The map and the panel together (display: contents but on a phone on its side setting up,
    // where they stand side by side: screen.css).
    h("div", { class: "gc-duo" },
    h("section", { class: "gc-map-box", "aria-labelledby": "gc-map-title" },
      h("h2", { id: "gc-map-title", class: "sr-only" }, "Map"),
      h("div", { class: "gc-tools" },
        h("button", { type: "button", class: "btn small", id: "gc-fit", onclick: fit }, "Fit"),
        h("button", { type: "button", class: "btn small", "aria-label": "Zoom in", onclick: () => zoomBy(1.3) }, "+"),
        h("button", { type: "button", class: "btn small", "aria-label": "Zoom out", onclick: () => zoomBy(1 / 1.3) }, "−"),
        h("span", { class: "muted gc-tip" }, "Drag to pan, pinch or wheel to zoom, tap a hex.", h("span", { class: "gc-keys" }, " Keys: Tab to the map, arrows, Enter, + − 0."))),
      mapCanvas,
      hexBox(g)),
    panel(g)),
    fleetList(g),
    cardsBox(g),
    logByPlayer(v),
    legend(v)].filter(Boolean));
  tools.morph(area, next);
  if (mapFocused && document.activeElement !== mapCanvas) mapCanvas.focus({ preventScroll: true });
  if (mapCanvas !== kept) wireCanvas(mapCanvas);
  watchWidth(mapCanvas.parentElement, schedule); // its width read when drawing, without a forced layout
  draw();
  // Drawn again only where the camera moves (a battle's hex, the fleet the game selects).
  if (ui.centre) { const [c, r] = ui.centre; ui.centre = null; centreOn(c, r); } else if (follow && g.mode === "play" && keepInView(follow[0], follow[1])) draw();
  markHere(g);
  continueQueue(g);
  tapAfterModel(g);
  keepScroll(g);
  frameDecision(g, byMap);
}

/** On a phone, a new decision shows the map and the decision together (issue 36): when the
 * map is not wholly between the header and the decision bar (upright) or the screen's bottom
 * (on its side, the decision beside it), the page scrolls once to put the map under the
 * header; not after a tap on the map (``byMap``), which keeps the map where the player saw
 * it. Asked for after the shell's scroll and keepScroll's, in the same frame.
 * @param {GenocideGame} g
 * @param {boolean} byMap */
function frameDecision(g, byMap) {
  const key = `${g.viewer}:${g.at}`;
  if (g.mode !== "play" || !g.actions.length || ui.framed === key) return;
  ui.framed = key;
  if (byMap || (window.innerWidth >= 900 && window.innerHeight > 500)) return;
  setTimeout(() => requestAnimationFrame(() => {
    const box = document.querySelector(".gc-map-box");
    const canvas = document.getElementById("gc-map");
    if (ui.g !== g || !box || !canvas) return;
    const bar = document.querySelector(".game-side > .decide");
    const head = document.querySelector(".topbar");
    const top = head ? head.getBoundingClientRect().bottom : 0;
    const bottom = bar && getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : window.innerHeight;
    // Upright, the recap under the map is to be read above the bar too (issue 36).
    const news = bar && getComputedStyle(bar).position === "fixed" ? document.getElementById("news") : null;
    const from = box.getBoundingClientRect().top;
    const to = Math.max(canvas.getBoundingClientRect().bottom, news ? news.getBoundingClientRect().bottom : 0);
    // Setting up, the draft under the map is the decision: the map goes under the header, so
    // that the draft's buttons show below it.
    const setup = ["types", "fleets"].includes(g.view.phase);
    if (setup ? Math.abs(from - top - 4) < 2 : from >= top - 1 && to <= bottom + 1) return;
    window.scrollBy(0, from - top - 4);
  }), 0);
}

/** After a move made on the map, the map stays where the player saw it on the screen (the
 * recap above it changes height, and the shell brings the top of the game into view after a
 * move): the map is put back at once, and again after the shell's scroll in the next frame
 * (its callback is asked for once this render returns; this one after it), before anything is
 * painted or tapped.
 * @param {GenocideGame} g */
function keepScroll(g) {
  const keep = ui.keepScroll;
  if (!keep || g.at <= keep.after) return;
  ui.keepScroll = null;
  if (g.mode !== "play" || keep.top === null) return;
  const back = () => {
    const canvas = document.getElementById("gc-map");
    if (ui.g === g && canvas) window.scrollBy(0, canvas.getBoundingClientRect().top - keep.top);
  };
  // At once as well (one forced layout a move made on the map): a busy page may paint this
  // model, and take the next tap, before that frame; the map then stood a line lower under the
  // finger, and a fast second tap landed three hexes off its mark (CI, a loaded machine).
  back();
  setTimeout(() => requestAnimationFrame(back), 0);
}

/**
 * @param {GenocideView} v */
function mapWords(v) {
  const mine = v.planets.filter((p) => p.owner === v.viewer && p.alive).length;
  return `Map, ${v.map.cols} by ${v.map.rows} hexes. ${v.viewer !== null ? `You have ${mine} planets and ${v.fleets.filter((f) => f.owner === v.viewer).length} fleets.` : ""} The fleet list below has every fleet.`;
}

/**
 * @param {GenocideView} v */
function seatsStrip(v) {
  const { h } = ui.shell;
  return h("ul", { class: "gc-seats", "aria-label": "Players" }, v.seats.map((s) => {
    const cards = v.cards ? v.cards.hand_counts[s.seat] : null;
    return h("li", { class: `gc-seatinfo${s.alive ? "" : " out"}` },
      h("span", { class: `gc-dot gc-seat-${s.seat}` }),
      h("strong", {}, s.seat === v.viewer ? `${s.name} (you)` : s.name),
      h("span", {}, ` ${s.planets} planets · ${s.ships} ships`),
      cards !== null ? h("span", {}, ` · ${cards} cards`) : null,
      v.production === "resources" ? h("span", {}, ` · ${s.resources} res.`) : null,
      s.race ? h("span", { class: "muted gc-race" }, ` · ${D.RACES[s.race].name}`) : null);
  }));
}
