// The shell's shared state: the catalogue the build wrote into the page, the page's screens,
// what several of the shell's modules read and change (one object), and the helpers they all use.
import { h, fill } from "./dom.js";

/** The first element matching ``sel`` under ``root`` (the page's own markup: an HTML element).
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement | null} */
export const $ = (sel, root = document) => root.querySelector(sel);

/** The progress bar with id ``id`` (the boot's and the loading screen's).
 * @param {string} id
 * @returns {HTMLProgressElement} */
export const bar = (id) => /** @type {HTMLProgressElement} */ (document.getElementById(id));
export const catalog = JSON.parse($("#catalog").textContent);
export const GAMES = Object.fromEntries(catalog.games.map((g) => [g.id, g]));
export const PLAYABLE = catalog.games.filter((g) => g.screen).map((g) => g.id);
export const HUMAN = -1;
export const LINK = -2; // a seat played by a friend on another device, by link (issue 26)
export const screens = { home: $("#home"), setup: $("#setup-screen"), loading: $("#loading"), game: $("#game") };
export const dialog = /** @type {HTMLDialogElement} */ ($("#dialog"));
const modules = {}; // game id -> its screen module, once imported
export const READ_TIME_MS = 300; // a tap sooner than this after a new decision appears was meant for the old one

/** @typedef {import("./types/models").PageModel} PageModel */
/** @typedef {import("./types/models").HomeModel} HomeModel */
/** @typedef {import("./types/models").RecordReply} RecordReply */

/** The shell's state that several of its modules read and change. */
export const app = {
  busy: false, // a command is in flight: input is ignored meanwhile
  current: /** @type {PageModel | null} */ (null), // the model on screen
  navigation: 0, // bumped by every route change: a late answer for an old screen is dropped
  bootLoading: false, // the loading screen shows the engine's start
  // The engine's home model and its record (the record command), merged as each answers.
  homeModel: /** @type {Partial<HomeModel & RecordReply> | null} */ (null), // the engine's checked list of saves, once it has answered
  shownAt: 0, // when the decision on screen was first drawn
  recapRun: 0, // bumped to stop a replay of the recap on the board
  logKept: { key: "", count: 0, from: 0, all: false, section: null }, // the log on screen, kept between renders
};

/** What draws each screen, and the game's tap, set by app.js once every module is loaded:
 * routing calls them and they call routing (importing each other would be a cycle). */
export const views = { home: null, setup: null, game: null, record: null, shell: null };

export function notify(text) {
  const box = $("#notice");
  fill(box, h("p", { text }), h("button", { type: "button", class: "btn small", onclick: () => { box.hidden = true; } }, "Dismiss"));
  box.hidden = false;
}

export function openDialog(title, body, buttons) {
  fill(dialog,
    h("form", { method: "dialog", class: "dialog-body" },
      h("h2", { id: "dialog-title" }, title),
      body,
      h("div", { class: "dialog-buttons" }, buttons)));
  if (!dialog.open) dialog.showModal();
}

export function fmtDate(ms) {
  if (!ms) return "unknown date";
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** The screen module of game ``id``, imported once.
 * @param {string} id
 * @returns {Promise<import("./types/screen").ScreenModule>} */
export function screenModule(id) {
  if (!modules[id]) modules[id] = import(`./screens/${id}/screen.js`);
  return modules[id];
}

export function showScreen(name) {
  if (name !== "loading") app.bootLoading = false;
  for (const [key, el] of Object.entries(screens)) el.hidden = key !== name;
  document.body.dataset.screen = name;
}
