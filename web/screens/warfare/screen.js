// Galactic Warfare's screen (RULES.md section 3): the 8x10 board on a canvas, charges and
// attacks by tap (only what g.actions lists), the exact odds before an attack is committed,
// battles with both sides' dice, the roll-off, card windows and the hand, and the board in
// words for screen readers. Every move is one of g.actions; the shell keeps them all as
// buttons in #choices too.
// This module draws the screen; its parts are in this folder: state.js (what they share), draw.js
// (the board canvas), panel.js (the panels), words.js (words and the recap), input.js (taps, keys).
import { loadCss, ui } from "./state.js";
import { draw, lastMotion, sizeWatch } from "./draw.js";
import { boardLabel, words } from "./words.js";
import { banner, cardsPanel, counters, groupCards, legendText, modeNote, oddsOnChoices, paint, rolloff, windowPanel }
  from "./panel.js";
import { announceSquare, boardKey, firstLit, onBoardTap } from "./input.js";
/** @typedef {import("./state.js").WarfareGame} WarfareGame */
/** @typedef {import("./state.js").Shell} Shell */

export { choiceLabel, endDetail, news, prompt, recapStep, title } from "./words.js";
export { keys } from "./input.js";

/**
 * @param {HTMLElement} area
 * @param {WarfareGame} g
 * @param {Shell} tools
 * @param {WarfareGame | null} previous
 */
export function render(area, g, tools, previous) {
  ui.shell = tools;
  loadCss();
  const v = g.view;
  const sameGame = ui.current && previous && ui.current.game_id === g.game_id;
  if (ui.stateAt !== g.at || !sameGame) { ui.selected = null; ui.confirming = null; ui.cardMode = null; }
  if (!sameGame) ui.cursor = null;
  ui.stateAt = g.at;
  ui.current = g;
  ui.motion = lastMotion(g, previous);
  const { h } = tools;
  const boardFocused = document.activeElement && document.activeElement.id === "board";
  tools.fill(area,
    h("div", { class: "wf-top" }, banner(g), counters(v)),
    modeNote(g),
    v.phase === "choose_first" || v.phase === "choose_deferred" ? rolloff(g) : null,
    v.phase === "window" ? windowPanel(g) : null,
    h("div", { class: "wf-board-wrap" },
      h("canvas", { id: "board", class: "wf-board", role: "img", tabindex: "0", "aria-label": boardLabel(g), "aria-describedby": "wf-words",
        "aria-keyshortcuts": "ArrowUp ArrowDown ArrowLeft ArrowRight Enter Escape",
        onclick: onBoardTap, onkeydown: boardKey, onfocus: () => { if (!ui.cursor) ui.cursor = ui.selected || firstLit(ui.current) || "a0"; draw(ui.current, 1); announceSquare(ui.current); },
        onblur: () => draw(ui.current, 1) }),
      h("p", { class: "sr-only", id: "wf-cursor-words", "aria-live": "polite" })),
    // The decision's panel (the attack's confirm) right under the board, the legend after it.
    h("div", { id: "wf-panel", class: "wf-panel", "aria-live": "polite" }),
    h("p", { class: "muted wf-legend" }, legendText(g)),
    words(g),
    v.cards ? cardsPanel(g) : null);
  const wrap = area.querySelector(".wf-board-wrap");
  if (sizeWatch && wrap) { sizeWatch.disconnect(); sizeWatch.observe(wrap); }
  oddsOnChoices(g);
  groupCards(g);
  paint(g, true);
  if (boardFocused) {
    const board = document.getElementById("board");
    if (board) board.focus({ preventScroll: true });
  }
}

/** @param {WarfareGame} g */
export function redraw(g) {
  if (g && g.view) draw(g, 1);
}
