// The home screen: the saved games, each game's record and best scores, the guided first game,
// a start in one tap, a saved game's delete, and the export of saves that could not be read.
import * as engine from "./engine.js";
import { h, fill } from "./dom.js";
import { renderRecord, wireBackup } from "./device.js";
import { renderDaily, today, wireDaily } from "./daily.js";
import { playerWords } from "./lines.js";
import { $, GAMES, HUMAN, app, dialog, fmtDate, notify, openDialog, screenModule, showScreen } from "./state.js";
import { showLoading } from "./boot.js";
import { navigate, run } from "./routing.js";
import { optionsSummary, presetDefaults, seatCount } from "./setup.js";
import { showHelp } from "./panels.js";

wireBackup(run);
wireDaily((day) => run("daily", [day]));

function savesFromStorage() {
  try {
    const index = JSON.parse(localStorage.getItem("startable:index") || "{}");
    return Array.isArray(index.games) ? index.games.filter((s) => s && typeof s.id === "string" && s.game) : [];
  } catch {
    return []; // an unreadable index: the engine keeps it aside and rebuilds it
  }
}

export function renderHome(home) {
  if (home) app.homeModel = { ...(app.homeModel || {}), ...home };
  // The index in localStorage is current: the engine's writes are applied there as they come.
  const saves = savesFromStorage().sort((a, b) => (b.updated || 0) - (a.updated || 0));
  fill($("#saves"), saves.map((s) => {
    const title = String(s.title || (GAMES[s.game] && GAMES[s.game].title) || "Saved game");
    const when = fmtDate(s.updated);
    return h("li", { class: "save", "data-save": s.id },
      h("div", { class: "save-text" },
        h("strong", {}, title),
        s.options && Object.keys(s.options).length ? h("span", { class: "save-options" }, optionsSummary(s.game, s.options)) : null,
        h("span", {}, ...playerWords(String(s.label || ""))),
        h("span", { class: "muted" }, when)),
      h("button", { type: "button", class: "btn primary", "aria-label": `${s.over ? "Open" : "Continue"} ${title} from ${when}`,
        onclick: () => navigate(`#g/${encodeURIComponent(s.id)}`) }, s.over ? "Open" : "Continue"),
      h("button", { type: "button", class: "btn", "aria-label": `Delete ${title} from ${when}`, onclick: () => confirmDelete(s, title, when) }, "Delete"));
  }));
  $("#saves-section").hidden = saves.length === 0;
  const kept = app.homeModel ? app.homeModel.kept_aside : 0;
  const keptBox = $("#kept-aside");
  keptBox.hidden = !kept;
  if (kept) {
    fill(keptBox,
      h("p", {}, `${kept} unreadable saved item(s) kept aside.`),
      h("button", { type: "button", class: "btn", onclick: exportKept }, "Export"),
      h("button", { type: "button", class: "btn", onclick: () => run("discard_kept") }, "Discard"));
  }
  // SH-9.3 and the like: the best finished score of each solo game for each option set,
  // kept on this device (localStorage "startable:best", written by the engine); once the
  // engine has answered, the record of finished games (issue 37) says it with the rest.
  const bests = bestScores();
  const record = app.homeModel && app.homeModel.record;
  renderDaily(app.homeModel && app.homeModel.daily, shareResult);
  offerGuidedGame(saves, record);
  for (const card of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#games [data-game]"))) {
    const id = card.dataset.game;
    const mine = bests.filter((b) => b.game === id);
    let box = $(".best", card);
    renderRecord(card, id, record, optionsSummary, fmtDate);
    if (mine.length) {
      if (!box) { box = h("div", { class: "best" }); $(".game-text", card).append(box); }
      fill(box, h("p", {}, mine.length === 1 ? "Your best:" : "Your best, per set of options:"),
        h("ul", {}, mine.slice(0, 4).map((b) => h("li", {}, h("strong", {}, String(b.best)), ` · ${optionsSummary(id, b.options)}`))));
    } else if (box) box.remove();
  }
}

/** A first Spacehole game is offered as a guided one (issue 33) until a Spacehole game is saved
 * or finished; How to play offers it again at any time. */
function offerGuidedGame(saves, record) {
  const card = document.querySelector('#games [data-game="spacehole"]');
  const actions = card && card.querySelector(".game-actions");
  if (!actions) return;
  const played = saves.some((s) => s.game === "spacehole") || (record || []).some((r) => r.game === "spacehole");
  let button = actions.querySelector("#guided-play");
  if (played) { if (button) button.remove(); return; }
  if (!button) {
    button = h("button", { type: "button", class: "btn", id: "guided-play", "data-guided": "",
      onclick: () => run("guided", ["spacehole"]) }, "Learn by playing");
    actions.append(button);
  }
}

/** The record of finished games, from the engine (a game just finished is in it). */
export async function refreshRecord() {
  try {
    const { record, daily } = await engine.call("record", [today()]);
    app.homeModel = { ...(app.homeModel || {}), record, daily };
    if (!app.current || app.current.screen === "home") renderHome(null);
  } catch (err) { console.error(err); }
}

/** Share a result: the text and, once the game is played, a link that replays it. */
async function shareResult(text, saveId) {
  const blob = saveId ? localStorage.getItem(`startable:game:${saveId}`) : null;
  const url = blob ? `${location.origin}${location.pathname}#r/${blob}` : "";
  try {
    if (navigator.share) { await navigator.share({ title: "Star Table", text, url: url || undefined }); return; }
  } catch (err) {
    if ((err instanceof Error || err instanceof DOMException) && err.name === "AbortError") return; // the person closed the sheet
  }
  const all = url ? `${text}\n${url}` : text;
  try { await navigator.clipboard.writeText(all); notify("Copied: paste it to a friend."); }
  catch { openDialog("Your result", h("p", { class: "share-text" }, all), [h("button", { type: "submit", class: "btn", value: "close" }, "Close")]); }
}

/** The best score per game and option set: {game, options, best}, best first within a game. */
function bestScores() {
  try {
    const data = JSON.parse(localStorage.getItem("startable:best") || "{}");
    const groups = new Map();
    for (const s of Array.isArray(data.scores) ? data.scores : []) {
      if (!s || typeof s.game !== "string" || typeof s.score !== "number" || !s.options || typeof s.options !== "object") continue;
      const key = JSON.stringify([s.game, Object.entries(s.options).sort()]);
      const g = groups.get(key);
      if (!g) groups.set(key, { game: s.game, options: s.options, best: s.score });
      else g.best = Math.max(g.best, s.score);
    }
    return [...groups.values()].sort((a, b) => b.best - a.best);
  } catch {
    return []; // unreadable: the engine starts the list again and says so
  }
}

for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#games [data-new]"))) {
  button.addEventListener("click", () => navigate(`#new/${button.dataset.new}`));
}
for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#games [data-quick]"))) {
  button.addEventListener("click", () => quickStart(button.dataset.quick));
}

/** One tap from home to a game: the usual options, a person in the first seat and the
 * computer (its first real level) in the others. */
async function quickStart(id) {
  const game = GAMES[id];
  const count = seatCount(game, presetDefaults(game, {}));
  const levels = game.levels || [];
  const seats = Array.from({ length: count }, (_, n) => (n === 0 || levels.length < 2 ? HUMAN : 1));
  const waited = !engine.state.done;
  screenModule(id).catch(() => {}); // fetched while the engine starts (a failure shows when the game opens)
  if (waited) {
    // A history entry for the wait (the game's setup, were the page reloaded): Back, Home and
    // Cancel go home meanwhile; the game opens only if the player is still waiting for it.
    navigate(`#new/${id}`, false);
    const seen = app.navigation;
    showLoading();
    try { await engine.ready; } catch { return; } // the boot bar says what failed
    if (seen !== app.navigation) return;
  }
  const model = await run("new", [id, {}, engine.randomSeed(), seats], { replace: waited });
  if (!model) showScreen("home"); // refused or failed: the notice says why
}

for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#games [data-help]"))) {
  button.addEventListener("click", () => showHelp(button.dataset.help));
}

async function exportKept() {
  const { text } = await engine.call("export");
  const blob = new Blob([text], { type: "application/json" });
  const a = h("a", { href: URL.createObjectURL(blob), download: "star-table-unreadable-saves.json" });
  document.body.append(a);
  a.click();
  a.remove();
}

function confirmDelete(s, title, when) {
  openDialog("Delete this game?", h("p", {}, `${title}, ${when}. This cannot be undone.`), [
    h("button", { type: "submit", class: "btn", value: "cancel" }, "Keep it"),
    h("button", { type: "button", class: "btn danger", onclick: () => { dialog.close(); run("delete", [s.id]); } }, "Delete"),
  ]);
}
