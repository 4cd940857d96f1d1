// Galactic Warfare's input: a tap on the board (select a stack, then a lit square), the board's
// keys (arrows move a frame over the squares, Enter taps), and the shell's keys (Escape, 1-9).
import { COLOURS, FILES, RANKS, actionWords, direct, fileOf, from, offered, rankOf, source, stacksOf, target, ui }
  from "./state.js";
import { flipped } from "./draw.js";
import { choose, paint } from "./panel.js";
/** @typedef {import("./state.js").WarfareGame} WarfareGame */

/**
 * @param {KeyboardEvent} event
 * @param {WarfareGame} g
 * @returns {boolean} whether the screen took the key
 */
export function keys(event, g) {
  if (event.defaultPrevented) return true; // the board's own keys (boardKey) took it
  if (event.key === "Escape" && (ui.selected || ui.confirming || ui.cardMode !== null)) {
    ui.selected = null;
    ui.confirming = null;
    ui.cardMode = null;
    paint(g);
    return true;
  }
  // A number key picks the choice it names; an attack or a card shows its confirm first, as a
  // tap on the board does (issue 36: the keyboard path committed at once).
  const n = Number(event.key);
  if (g.mode === "play" && n >= 1 && n <= 9 && g.actions[n - 1]) {
    const a = g.actions[n - 1];
    if (a.kind === "Attack" || (a.kind === "PlayCard" && (a.fields.src >= 0))) {
      event.preventDefault();
      ui.selected = source(a);
      choose(g, a, event);
      return true;
    }
  }
  return false;
}

/** Squares by keyboard: the board is a tab stop; the arrows move a frame over the squares (as
 * the board is drawn, either way up), Enter or Space taps the square under it.
 * @param {KeyboardEvent} e */
export function boardKey(e) {
  const g = ui.current;
  if (!g || !g.view || e.ctrlKey || e.metaKey || e.altKey) return;
  const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  const flip = Boolean(flipped(g));
  if (!ui.cursor) ui.cursor = ui.selected || firstLit(g) || "a0";
  if (moves[e.key]) {
    e.preventDefault();
    const [dc, dr] = moves[e.key];
    const f = Math.max(0, Math.min(7, fileOf(ui.cursor) + (flip ? -dc : dc)));
    const r = Math.max(0, Math.min(RANKS - 1, rankOf(ui.cursor) + (flip ? dr : -dr)));
    ui.cursor = `${FILES[f]}${r}`;
    paint(g);
    announceSquare(g);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    tapSquare(g, ui.cursor, e);
  } else if (e.key === "Home") {
    e.preventDefault();
    ui.cursor = firstLit(g) || ui.cursor;
    paint(g);
    announceSquare(g);
  }
}

/** The first square that a tap does something on: a lit move of the selection, else a ringed stack.
 * @param {WarfareGame} g
 * @returns {string | null} */
export function firstLit(g) {
  if (!g.actions.length || g.mode !== "play") return null;
  const lit = ui.selected ? from(g, ui.selected).map(target).filter(Boolean) : [];
  if (lit.length) return lit[0];
  const sources = offered(g).map(source).filter(Boolean);
  const direct = offered(g).filter((a) => a.kind === "PlaceShip").map(target);
  return direct[0] || sources[0] || null;
}

/** @param {WarfareGame} g */
export function announceSquare(g) {
  const box = document.getElementById("wf-cursor-words");
  if (!box || !ui.cursor) return;
  const s = stacksOf(g.view).get(ui.cursor);
  const what = s ? `${COLOURS[s.owner]} ${s.size === 1 ? "ship" : `stack of ${s.size}`}` : "empty";
  // What Enter does here: a lit move of the selection, or an action of the square itself (a
  // losing stack placed home (GW-8.1), a card on one ship), said as a tap on it would play it.
  const acts = ui.selected ? from(g, ui.selected).filter((a) => target(a) === ui.cursor) : direct(g, ui.cursor);
  const mine = from(g, ui.cursor).length ? "; Enter selects it" : "";
  box.textContent = `${ui.cursor}: ${what}${acts.length ? `; Enter: ${actionWords(g, acts[0])}` : mine}`;
}

// ---------------------------------------------------------------------------- tapping the board

/**
 * @param {number} x
 * @param {number} y
 * @returns {string | null}
 */
function squareAt(x, y) {
  if (!ui.geometry) return null;
  const { x0, y0, size, flip } = ui.geometry;
  const col = Math.floor((x - x0) / size);
  const row = Math.floor((y - y0) / size);
  if (col < 0 || col > 7 || row < 0 || row >= RANKS) return null;
  const f = flip ? 7 - col : col;
  const r = flip ? row : RANKS - 1 - row;
  return `${FILES[f]}${r}`;
}

/** @param {MouseEvent & {currentTarget: HTMLElement}} e */
export function onBoardTap(e) {
  const g = ui.current;
  if (!g || !g.view) return;
  const rect = e.currentTarget.getBoundingClientRect();
  const square = squareAt(e.clientX - rect.left, e.clientY - rect.top);
  if (!square) return;
  if (e.detail !== 0) ui.cursor = null; // a pointer's tap: the keyboard's frame goes
  tapSquare(g, square, e);
}

/**
 * @param {WarfareGame} g
 * @param {string} square
 * @param {Event} e
 */
function tapSquare(g, square, e) {
  if (g.mode === "play" && g.actions.length) {
    const here = direct(g, square);
    if (here.length === 1 && !ui.selected) { choose(g, here[0], e); return; }
    if (ui.selected) {
      const hits = from(g, ui.selected).filter((a) => target(a) === square);
      if (hits.length === 1) { choose(g, hits[0], e); return; }
      if (hits.length > 1) return; // several actions end here: the panel lists them
    }
    if (from(g, square).length) {
      ui.selected = ui.selected === square ? null : square;
      ui.confirming = null;
      paint(g);
      return;
    }
    if (here.length === 1) { ui.selected = null; choose(g, here[0], e); return; }
  }
  if (ui.selected || ui.confirming) {
    ui.selected = null;
    ui.confirming = null;
    paint(g);
  }
}
