// The shell: router, home, new-game setup, the game frame (header, seats, hand-off, choices,
// computer turns, log, replay bar, end panel, help) and dialogs. It knows no game: it reads
// the catalogue the build wrote into the page, the keys every view offers (docs/ENGINE.md),
// and hands the rest of the screen to the game's own module in screens/<id>/screen.js.
// Every string from outside (a link, a save, a ship's name) is inserted as text, never markup.
import * as engine from "./engine.js";
import * as warm from "./warm.js";
import { reviewButton } from "./review.js";
import { h, morph, stylesheet, fill } from "./dom.js";
import { keepSafe, renderRecord, wireBackup } from "./device.js";
import { renderDaily, today, wireDaily } from "./daily.js";
import { RULE_ID, foldedSteps, logLine, markOf, playerWords, showDetails } from "./lines.js";

export { h, morph, stylesheet, fill };

const $ = (sel, root = document) => root.querySelector(sel);
const catalog = JSON.parse($("#catalog").textContent);
const GAMES = Object.fromEntries(catalog.games.map((g) => [g.id, g]));
const PLAYABLE = catalog.games.filter((g) => g.screen).map((g) => g.id);
const HUMAN = -1;
const LINK = -2; // a seat played by a friend on another device, by link (issue 26)
const seatValue = (select) => (select.value === "link" ? LINK : Number(select.value));
const screens = { home: $("#home"), setup: $("#setup-screen"), loading: $("#loading"), game: $("#game") };
const dialog = $("#dialog");
const modules = {}; // game id -> its screen module, once imported

engine.start(catalog.info, PLAYABLE);

// ---------------------------------------------------------------------------- helpers

function notify(text) {
  const box = $("#notice");
  fill(box, h("p", { text }), h("button", { type: "button", class: "btn small", onclick: () => { box.hidden = true; } }, "Dismiss"));
  box.hidden = false;
}

function openDialog(title, body, buttons) {
  fill(dialog,
    h("form", { method: "dialog", class: "dialog-body" },
      h("h2", { id: "dialog-title" }, title),
      body,
      h("div", { class: "dialog-buttons" }, buttons)));
  if (!dialog.open) dialog.showModal();
}

function fmtDate(ms) {
  if (!ms) return "unknown date";
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

function screenModule(id) {
  if (!modules[id]) modules[id] = import(`./screens/${id}/screen.js`);
  return modules[id];
}

// ---------------------------------------------------------------------------- boot progress

// What the start fetches, in the player's words (only the files this start fetches: a first
// visit does not fetch the memory snapshot; the next start reads it from this device).
const FILE_WORDS = { "pyodide/pyodide.asm.wasm": "Python", "pyodide/python_stdlib.zip": "Python's library",
  "app.zip": "the games", "pyodide/pyodide-lock.json": "Python's index" };
const mb = (n) => (n / 1e6).toFixed(1);

/** The boot in words: ``short`` for the header, else the loading screen's sentence. */
function bootWords(s, short) {
  if (s.failed) return `The game engine could not start: ${s.failed}`;
  if (s.stage.startsWith("Starting the engine")) return "Starting the engine…";
  const d = engine.download();
  if (!d.total) return "Starting…";
  if (s.cached) return "Starting the engine from this device…";
  if (short) return `${mb(d.got)} of ${mb(d.total)} MB`;
  const left = s.plan.filter((path) => (s.received[path] || 0) < (catalog.info.sizes[path] || 0));
  const names = [...new Set(left.map((path) => FILE_WORDS[path] || "the engine"))];
  const what = names.length ? names.join(", ").replace(/, ([^,]*)$/, " and $1") : "the game engine";
  return `Downloading ${what}: ${mb(d.got)} of ${mb(d.total)} MB, once: then it works offline.`;
}

// "Try again" only when the start is stuck: no byte for STALL_MS while downloading (a slow
// download that still moves is not stuck), or a start of Python that never ends; or a failure.
const STALL_MS = Number(self.starStallMs) || 20000;
const START_STALL_MS = Number(self.starStartStallMs) || 90000;
function stalled(s) {
  if (s.done || s.failed) return false;
  const idle = performance.now() - s.lastByteAt;
  return idle > (s.stage.startsWith("Starting the engine") ? START_STALL_MS : STALL_MS);
}

const bootBox = $("#boot");
function paintBoot(s) {
  const pct = engine.percent();
  $("#boot-bar").value = pct;
  const stuck = stalled(s);
  if (s.failed) {
    $("#boot-label").textContent = bootWords(s, true);
    document.body.dataset.bootError = "1";
  } else if (s.done) {
    bootBox.hidden = true;
  } else {
    $("#boot-label").textContent = stuck ? "No answer from the network." : bootWords(s, true);
  }
  if (stuck) document.body.dataset.bootStalled = "1";
  else delete document.body.dataset.bootStalled;
  $("#boot-retry").hidden = !(s.failed || stuck);
  if (bootLoading && !s.done) {
    const bar = $("#loading-bar");
    bar.max = 100;
    if (s.stage.startsWith("Starting the engine")) bar.removeAttribute("value"); // no bytes left to count
    else bar.value = Math.round(engine.download().fraction * 100);
    $("#loading-label").textContent = stuck
      ? "Nothing has arrived for a while: the connection may be down. Try again, or keep waiting."
      : bootWords(s, false);
    $("#loading-retry").hidden = !(s.failed || stuck);
  }
  for (const wait of document.querySelectorAll("[data-waits]")) {
    wait.textContent = s.done ? wait.dataset.label : `Starting the engine… ${pct}%`;
  }
}
let bootLoading = false; // the loading screen shows the engine's start
engine.onBoot(paintBoot);
const stallTimer = setInterval(() => {
  if (engine.state.done || engine.state.failed) clearInterval(stallTimer);
  paintBoot(engine.state);
}, 1000);
$("#boot-retry").addEventListener("click", () => location.reload());
$("#loading-retry").addEventListener("click", () => location.reload());

/** The loading screen, with the engine's start on it when it is not up yet. */
function showLoading(title = "Opening the game…") {
  $("#loading-title").textContent = title;
  bootLoading = !engine.state.done;
  showScreen("loading");
  if (bootLoading) paintBoot(engine.state);
}

// ---------------------------------------------------------------------------- commands

let busy = false;
let current = null; // the model on screen
let navigation = 0; // bumped by every route change: a late answer for an old screen is dropped

/** Run an engine command and show its model; input is ignored while one is in flight. */
async function run(cmd, args = [], { replace = false, quiet = false } = {}) {
  if (busy) return null;
  busy = true;
  document.body.dataset.busy = "1";
  const hadFocus = document.activeElement && document.activeElement.closest && document.activeElement.closest("#game, #home, #setup-screen");
  const seen = navigation;
  try {
    await waitForEngine();
    const model = await engine.call(cmd, args);
    if (seen !== navigation) return null; // the player went elsewhere meanwhile
    if (!quiet) await show(model, { replace });
    // At the next frame, once the page is laid out for it anyway (focusing here would make
    // the browser style the new page at once, on top of the frame's own work).
    if (hadFocus && !dialog.open) requestAnimationFrame(() => { if (!dialog.open) focusDecision(); });
    return model;
  } catch (err) {
    console.error(err);
    notify(`Something went wrong: ${err.message || err}`);
    return null;
  } finally {
    busy = false;
    delete document.body.dataset.busy;
    const problem = engine.takeStorageProblem();
    if (problem) notify(problem);
  }
}

/** Calls that need the engine wait for it, with the progress shown where the player looks. */
async function waitForEngine() {
  if (engine.state.done) return;
  await engine.ready;
}

function focusDecision() {
  const next = document.querySelector("#handoff .btn, #choices .choice, #peek-back, #end-screen .btn, #step-next:not([disabled]), #start, #home .btn");
  if (next) next.focus({ preventScroll: true });
}

// ---------------------------------------------------------------------------- routing

let lastHash = location.hash;

function setHash(hash, replace) {
  const want = hash ? `#${hash}` : "";
  const now = location.hash === "#" ? "" : location.hash;
  if (now === want) return;
  lastHash = want;
  const url = want || location.pathname + location.search;
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
}

function showScreen(name) {
  if (name !== "loading") bootLoading = false;
  for (const [key, el] of Object.entries(screens)) el.hidden = key !== name;
  document.body.dataset.screen = name;
}

async function show(model, { replace = false } = {}) {
  const moved = !current || current.screen !== model.screen || (model.hash !== undefined && current.hash !== model.hash);
  current = model;
  if (model.notices && model.notices.length) notify(model.notices.join(" "));
  else if (moved) $("#notice").hidden = true; // a notice belongs to the screen it was said on
  if (model.screen === "home") {
    renderHome(model.home);
    setHash("", replace);
  } else if (model.screen === "setup") {
    renderSetup(model.setup);
    setHash(model.hash, replace);
  } else {
    setHash(model.hash, replace);
    await renderGame(model.game);
    const g = model.game;
    if (g && g.mode === "play" && (g.over || g.seats.some((s) => s.link))) keepSafe();
  }
  showScreen(model.screen);
  document.title = model.screen === "game" ? `${model.game.title}${model.game.mode === "replay" ? " replay" : ""} · Star Table`
    : model.screen === "setup" ? `New ${GAMES[model.setup.game_id].title} game · Star Table` : "Star Table";
  window.starRenderedAt = performance.now();
  dispatchEvent(new CustomEvent("star:rendered"));
  warm.remember(model); // kept for the next visit's first paint (web/warm.js)
}

/** Open a fragment: home and setup at once (no Python); games, saves and links in the engine. */
async function route(hash) {
  navigation += 1;
  const frag = hash.replace(/^#/, "");
  const [kind, ...rest] = frag.split("/");
  const arg = rest.join("/");
  lastHash = hash;
  if (!frag) {
    await show({ screen: "home", home: null, notices: [] }, { replace: true });
    if (engine.state.done) refreshRecord();
    return;
  }
  if (kind === "new" && PLAYABLE.includes(arg)) {
    await show({ screen: "setup", setup: { game_id: arg, options: {}, challenge: "" }, hash: frag, notices: [] }, { replace: true });
    return;
  }
  // A game's own link (#x/<game>/<payload>, e.g. a shared ship design): the game's setup, with
  // the payload handed to its screen's setupExtras (docs/WEB.md). No Python needed.
  if (kind === "x" && PLAYABLE.includes(rest[0])) {
    await show({ screen: "setup", setup: { game_id: rest[0], options: {}, challenge: "", link: rest.slice(1).join("/") }, hash: frag, notices: [] }, { replace: true });
    return;
  }
  await openLong(hash);
}

/** Open something that may replay a long game: progress after a moment, and a Cancel. */
async function openLong(hash) {
  const seen = navigation;
  while (busy) await new Promise((resolve) => setTimeout(resolve, 50)); // a command still in flight
  if (seen !== navigation) return;
  // A saved game's last screen at once while the engine starts (web/warm.js).
  const early = !engine.state.done && await warm.paint(hash, show);
  if (!early && !engine.state.done) {
    // The engine is not up: the loading screen says how far its start is; Cancel, Home and Back
    // go elsewhere meanwhile and the download goes on (the next tap finds it further along).
    showLoading();
    try { await engine.ready; } catch { return; } // the boot bar says what failed
    while (busy) await new Promise((resolve) => setTimeout(resolve, 50));
    if (seen !== navigation) return;
  }
  busy = true;
  const timer = early ? 0 : setTimeout(() => showLoading(), 250);
  $("#loading-label").textContent = "";
  $("#loading-bar").removeAttribute("value");
  try {
    await waitForEngine();
    const model = await engine.cancellable("route", [hash], (done, total) => {
      $("#loading-bar").max = total;
      $("#loading-bar").value = done;
      $("#loading-label").textContent = `Replaying move ${done} of ${total}…`;
    });
    clearTimeout(timer);
    if (seen === navigation) await show(model, { replace: true });
  } catch (err) {
    clearTimeout(timer);
    console.error(err);
    notify(`That address could not be opened (${err.message || err}).`);
    await show({ screen: "home", home: null, notices: [] }, { replace: true });
  } finally {
    busy = false;
  }
  if (early) warm.flush(current && current.game, (i, at) => shell.act(i, null, at)); // a tap made meanwhile
}

// Cancel: while the engine starts, home (its download goes on); while a long link replays, stop it.
$("#loading-cancel").addEventListener("click", () => {
  if (engine.state.done) engine.cancel();
  else goHome();
});
wireBackup(run);
wireDaily((day) => run("daily", [day]));

addEventListener("popstate", () => {
  if (location.hash === lastHash) return;
  dialog.open && dialog.close();
  route(location.hash);
});

/** Home from anywhere, the loading screen too (a game still opening is given up, not its download). */
function goHome() {
  if (location.hash && location.hash !== "#") history.pushState(null, "", location.pathname + location.search);
  if (location.hash || document.body.dataset.screen !== "home") route("");
}
$("#nav-home").addEventListener("click", goHome);

// ---------------------------------------------------------------------------- home

let homeModel = null; // the engine's checked list of saves, once it has answered

function savesFromStorage() {
  try {
    const index = JSON.parse(localStorage.getItem("startable:index") || "{}");
    return Array.isArray(index.games) ? index.games.filter((s) => s && typeof s.id === "string" && s.game) : [];
  } catch {
    return []; // an unreadable index: the engine keeps it aside and rebuilds it
  }
}

function renderHome(home) {
  if (home) homeModel = { ...(homeModel || {}), ...home };
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
  const kept = homeModel ? homeModel.kept_aside : 0;
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
  const record = homeModel && homeModel.record;
  renderDaily(homeModel && homeModel.daily, shareResult);
  offerGuidedGame(saves, record);
  for (const card of document.querySelectorAll("#games [data-game]")) {
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
async function refreshRecord() {
  try {
    const { record, daily } = await engine.call("record", [today()]);
    homeModel = { ...(homeModel || {}), record, daily };
    if (!current || current.screen === "home") renderHome(null);
  } catch (err) { console.error(err); }
}

/** Share a result: the text and, once the game is played, a link that replays it. */
async function shareResult(text, saveId) {
  const blob = saveId ? localStorage.getItem(`startable:game:${saveId}`) : null;
  const url = blob ? `${location.origin}${location.pathname}#r/${blob}` : "";
  try {
    if (navigator.share) { await navigator.share({ title: "Star Table", text, url: url || undefined }); return; }
  } catch (err) {
    if (err && err.name === "AbortError") return;
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

/** A game's options in the player's words: each main option, and any advanced one that is
 * not at its default ("Card set: Babylon 5 · Base: Hard (5 damage) · …"). */
function optionsSummary(gameId, options, all = false) {
  const game = GAMES[gameId];
  if (!game || !options) return "";
  const base = presetDefaults(game, options);
  const value = (spec) => (spec.key in options ? options[spec.key] : base[spec.key]);
  return game.options.filter((spec) => spec.key in options || all)
    .filter((spec) => !optionText(game, spec.key).advanced || value(spec) !== base[spec.key])
    .map((spec) => `${optionText(game, spec.key).label || spec.label || spec.key}: ${choiceLabel(game, spec, value(spec))}`)
    .join(" · ");
}

function navigate(hash, open = true) {
  if (location.hash === hash) return;
  history.pushState(null, "", hash);
  if (open) route(hash);
  else { navigation += 1; lastHash = hash; }
}

for (const button of document.querySelectorAll("#games [data-new]")) {
  button.addEventListener("click", () => navigate(`#new/${button.dataset.new}`));
}
for (const button of document.querySelectorAll("#games [data-quick]")) {
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
    const seen = navigation;
    showLoading();
    try { await engine.ready; } catch { return; } // the boot bar says what failed
    if (seen !== navigation) return;
  }
  const model = await run("new", [id, {}, randomSeed(), seats], { replace: waited });
  if (!model) showScreen("home"); // refused or failed: the notice says why
}

for (const button of document.querySelectorAll("#games [data-help]")) {
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

// ---------------------------------------------------------------------------- setup

function optionText(game, key) {
  return (game.text && game.text.options && game.text.options[key]) || {};
}

function choiceLabel(game, spec, value) {
  const text = optionText(game, spec.key).choices || {};
  if (String(value) in text) return text[String(value)];
  if (value === true) return "On";
  if (value === false) return "Off";
  return String(value).replace(/_/g, " ");
}

function presetDefaults(game, chosen) {
  const out = {};
  for (const spec of game.options) out[spec.key] = spec.default;
  for (const spec of game.options) {
    if (!spec.presets) continue;
    const value = spec.key in chosen ? chosen[spec.key] : spec.default;
    Object.assign(out, spec.presets[String(value)] || {});
  }
  return out;
}

/** The values to pick from: an option's choices, or a short whole-number range as choices. */
function choicesOf(spec) {
  if (spec.choices.length) return spec.choices;
  if (spec.minimum !== null && spec.maximum !== null && spec.maximum - spec.minimum <= 5) {
    return Array.from({ length: spec.maximum - spec.minimum + 1 }, (_, i) => spec.minimum + i);
  }
  return [];
}

function seatCount(game, values) {
  return typeof values.players === "number" ? values.players : game.min_players;
}

function renderSetup(setup) {
  const game = GAMES[setup.game_id];
  const fixed = Boolean(setup.challenge);
  const given = { ...setup.options };
  const form = h("form", { id: "setup", class: "setup", onsubmit: (e) => { e.preventDefault(); start(); } });
  const values = () => {
    const out = {};
    for (const spec of game.options) {
      const el = form.elements[`opt-${spec.key}`];
      if (!el) continue;
      if (choicesOf(spec).length) {
        const picked = form.querySelector(`input[name="opt-${spec.key}"]:checked`);
        if (picked) out[spec.key] = JSON.parse(picked.value);
      } else {
        const n = Number(el.value);
        out[spec.key] = Number.isInteger(n) ? n : spec.default;
      }
    }
    return out;
  };
  const field = (spec, value) => {
    const text = optionText(game, spec.key);
    const label = text.label || spec.label || spec.key;
    const help = text.help ? h("p", { class: "muted help" }, text.help) : null;
    if (choicesOf(spec).length) {
      return h("fieldset", { class: "option", "data-option": spec.key },
        h("legend", {}, label), help,
        choicesOf(spec).map((c) => h("label", { class: "choice-row" },
          h("input", { type: "radio", name: `opt-${spec.key}`, value: JSON.stringify(c), checked: c === value, disabled: fixed,
            onchange: spec.presets ? () => applyPreset() : () => renderSeats() }),
          h("span", {}, choiceLabel(game, spec, c)))));
    }
    return h("div", { class: "option", "data-option": spec.key },
      h("label", { for: `opt-${spec.key}` }, label), help,
      h("input", { type: "number", id: `opt-${spec.key}`, name: `opt-${spec.key}`, value: String(value), min: spec.minimum ?? null, max: spec.maximum ?? null,
        inputmode: "numeric", disabled: fixed, onchange: spec.key === "players" ? () => renderSeats() : null }));
  };
  const defaults = presetDefaults(game, given);
  const initial = { ...defaults, ...given };
  const main = [];
  const more = [];
  for (const spec of game.options) (optionText(game, spec.key).advanced ? more : main).push(field(spec, initial[spec.key]));
  const seatsBox = h("fieldset", { class: "option seats", id: "seats" });
  const levels = game.levels || [];
  function renderSeats() {
    const count = seatCount(game, values());
    const names = (game.seat_names[String(count)] || []);
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    fill(seatsBox, h("legend", {}, count > 1 ? "Players" : "Player"),
      count > 1 && !levels.length ? h("p", { class: "muted help" }, "Computer players are not ready yet for this game: every seat is a person at this device.") : null,
      // Where a game offers fewer levels than others, why (from the engine's AI module, issue 28).
      count > 1 && game.levels_note ? h("p", { class: "muted help", id: "levels-note" }, game.levels_note) : null,
      names.map((name, n) => {
        // A newcomer gets one person against the computer (DESIGN 5).
        const dflt = n === 0 || !levels.length ? String(HUMAN) : String(Math.min(1, levels.length - 1));
        return h("div", { class: "seat-row" },
          h("label", { for: `seat-${n}` }, name),
          h("select", { id: `seat-${n}`, name: `seat-${n}`, disabled: count === 1 },
            h("option", { value: String(HUMAN), selected: (old[n] ?? dflt) === String(HUMAN) }, "A person at this device"),
            // Level 0 plays at random: it exists for tests, not as an opponent.
            levels.map((level, i) => i === 0 ? null : h("option", { value: String(i), selected: (old[n] ?? dflt) === String(i) }, `Computer: ${level}`)),
            count > 1 ? h("option", { value: "link", selected: old[n] === "link" }, "A friend, by link") : null));
      }),
      // Said once, where a seat by link is chosen: what the link does not protect (issue 26).
      h("p", { class: "muted help link-trust", id: "link-trust", hidden: !old.includes("link") }, LINK_TRUST));
    for (const select of seatsBox.querySelectorAll("select")) {
      select.addEventListener("change", () => {
        const note = $("#link-trust", seatsBox);
        if (note) note.hidden = ![...seatsBox.querySelectorAll("select")].some((x) => x.value === "link");
      });
    }
  }
  function applyPreset() {
    // A preset sets the options it names (SG-1.2: a variant and its modules), nothing else.
    const now = values();
    const presets = {};
    for (const spec of game.options) {
      if (spec.presets) Object.assign(presets, spec.presets[String(now[spec.key])] || {});
    }
    for (const spec of game.options) {
      if (spec.presets || !(spec.key in presets)) continue;
      const value = presets[spec.key];
      if (choicesOf(spec).length) {
        for (const input of form.querySelectorAll(`input[name="opt-${spec.key}"]`)) input.checked = JSON.parse(input.value) === value;
      } else if (form.elements[`opt-${spec.key}`]) form.elements[`opt-${spec.key}`].value = String(value);
    }
    renderSeats();
  }
  async function start() {
    const seats = [...seatsBox.querySelectorAll("select")].map(seatValue);
    const options = values();
    // Store only what differs from the defaults the chosen preset gives.
    const base = presetDefaults(game, options);
    const minimal = Object.fromEntries(Object.entries(options).filter(([k, v]) => game.options.find((s) => s.key === k).presets || v !== base[k]));
    extras.beforeStart(options, seats);
    await run("new", [game.id, fixed ? {} : minimal, randomSeed(), seats, setup.challenge || "", setup.beat ?? null], { replace: true });
  }
  const startLabel = fixed ? "Accept the challenge" : "Start";
  fill(screens.setup,
    h("h1", { id: "setup-title" }, fixed ? `Challenge: ${game.title}` : `New ${game.title} game`),
    fixed ? h("p", { class: "tagline" }, "Someone shared this game: the same setup, the same deck and the same dice as theirs. Can you do better?") : null,
    fixed && typeof setup.beat === "number" ? h("p", { class: "to-beat", id: "setup-to-beat" }, `Score to beat: ${setup.beat}`) : null,
    fixed ? h("p", { class: "muted", id: "challenge-options" }, optionsSummary(game.id, setup.options, true)) : null,
    h("p", { class: "muted" }, game.blurb),
    form);
  const extras = setupExtras(game, setup, form, values, () => [...seatsBox.querySelectorAll("select")].map(seatValue));
  // A game's own link (#x/) is about what the screen's extras show (a shared design): first.
  const first = setup.link ? extras.box : null;
  fill(form, first, main, more.length ? h("details", { class: "more-options" }, h("summary", {}, "More options"), more) : null, seatsBox,
    first ? null : extras.box,
    h("div", { class: "setup-buttons" },
      h("button", { type: "button", class: "btn", onclick: () => history.back() }, "Back"),
      h("button", { type: "submit", class: "btn primary", id: "start", "data-label": startLabel,
        ...(engine.state.done ? {} : { "data-waits": "1", "aria-busy": "true" }) },
      engine.state.done ? startLabel : `Starting the engine… ${engine.percent()}%`)));
  renderSeats();
  engine.ready.then(() => { const b = $("#start"); if (b) { b.removeAttribute("aria-busy"); b.removeAttribute("data-waits"); b.textContent = b.dataset.label; } });
}

/** A screen's own setup controls (its export setupExtras, docs/WEB.md): drawn once the module
 * is loaded, told of every change of the form, and asked to note its choice before the start. */
function setupExtras(game, setup, form, values, seats) {
  const box = h("div", { class: "setup-extras", id: "setup-extras" });
  let hooks = null;
  const ctx = {
    h, fill, stylesheet, notify, game_id: game.id, link: setup.link || "", challenge: Boolean(setup.challenge),
    options: () => values(), seats: () => seats(), levels: game.levels || [],
  };
  screenModule(game.id).then((screen) => {
    if (!screen.setupExtras || !box.isConnected) return;
    hooks = screen.setupExtras(box, ctx) || {};
    form.addEventListener("change", (e) => { if (hooks.changed && !box.contains(e.target)) hooks.changed(); });
  }).catch((err) => console.error(err));
  return {
    box,
    beforeStart(options, seatValues) {
      try {
        if (hooks && hooks.beforeStart) hooks.beforeStart(options, seatValues);
      } catch (err) {
        console.error(err); // the game starts without the screen's extras
      }
    },
  };
}

function randomSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(words[0]) << 32n) | BigInt(words[1])).toString();
}

// ---------------------------------------------------------------------------- game

let shownAt = 0; // when the decision on screen was first drawn
let lastTapAt = -1; // when the last tap (a pointer's, not a key's) played a decision
const READ_TIME_MS = 300; // a tap sooner than this after a new decision appears was meant for the old one
let thinkTimer = 0;
let lastGame = null;

const shell = {
  h, fill, morph, stylesheet, notify, openDialog, dialog,
  playerWords, // a log line as nodes, its rule numbers shown only with Details on (one pattern)
  /** Play the i-th legal action of the decision on screen. Ignored when stale: a button of a
   * decision that has gone (detached, or drawn for another ``at``), or a tap sooner than
   * READ_TIME_MS after the decision appeared (the second tap of a double tap). */
  act(i, event, at) {
    if (warm.early(current)) return warm.take(i, at, event); // kept until the engine has the game
    const g = current && current.game;
    if (!g || busy) return Promise.resolve(null);
    if (event && event.target && event.target.isConnected === false) return Promise.resolve(null);
    if (at !== undefined && at !== g.at) return Promise.resolve(null);
    // A tap (or key) made before this decision was drawn was meant for the one before it: its
    // button may still be on the page (screens change their parts in place) and now show this
    // decision, so it plays nothing (issue 25: nothing acts on what the player did not see).
    if (event && event.timeStamp < shownAt) return Promise.resolve(null);
    // Only the second tap of a double tap is ignored: a tap soon after a decision appeared that
    // itself came soon after a tap. A decision brought by the keyboard or by a screen's own
    // multi-step commit (no tap) takes a tap at once (issue 24: "Submit" after Enter).
    const doubled = lastTapAt >= 0 && shownAt - lastTapAt < READ_TIME_MS;
    if (event && doubled && event.timeStamp - shownAt < READ_TIME_MS && event.timeStamp >= shownAt) return Promise.resolve(null);
    if (event && (event.pointerType || (event.type === "click" && event.detail > 0))) lastTapAt = event.timeStamp;
    return run("act", [i, g.at]);
  },
  call: (cmd, args = []) => engine.call(cmd, args),
  get game() { return current && current.game; },
};

async function renderGame(g) {
  const screen = await screenModule(g.game_id);
  const previous = lastGame && lastGame.game_id === g.game_id && lastGame.mode === g.mode ? lastGame : null;
  const root = screens.game;
  root.dataset.game = g.game_id;
  root.dataset.at = String(g.at);
  root.dataset.mode = g.mode;
  const thinking = g.thinking && !g.over && !g.handoff;
  if (thinking) root.dataset.thinking = "1"; else delete root.dataset.thinking;
  const spectating = g.mode === "spectate"; // a spectator link's snapshot (C-4.6): read-only
  const replay = g.mode === "replay" || spectating;
  const looking = g.mode === "peek"; // a look back at the board: read-only, one tap back to the game
  const mover = g.to_move !== null && g.to_move !== undefined ? g.seats[g.to_move] : null;
  const undoHelp = g.takeback
    ? (g.undo ? "Take back your last move and the computer's reply (U). The dice come from the game itself: the same move rolls the same dice."
      : "Nothing to take back yet")
    : g.undo ? "Undo (U)" : "Nothing to undo since the last die, card or other player's move";
  const undoButton = replay ? null : h("button", { type: "button", class: "btn", id: "undo", disabled: !g.undo || looking, onclick: () => run("undo"),
    "aria-keyshortcuts": "U", title: undoHelp }, g.takeback ? "Take back" : "Undo");
  const hintButton = g.hint ? h("button", { type: "button", class: "btn", id: "hint", onclick: showHint }, "Hint") : null;
  // A solo game keeps Undo and Hint with the decision (on a phone, the bar under the thumb:
  // issue 33); with seats they stay in the header.
  const solo = g.seats.length === 1 && !replay && !looking && !g.over;
  const tools = h("div", { class: "game-tools" },
    solo ? null : undoButton,
    solo ? null : hintButton,
    solo && g.stops && g.mode === "play" ? everyStop(g) : null,
    h("button", { type: "button", class: "btn", id: "help", onclick: () => showHelp(g.game_id) }, "How to play"),
    spectating ? null : h("button", { type: "button", class: "btn", id: "share", onclick: share }, "Share"));
  const seats = g.seats.length > 1 ? h("ol", { class: "seats-bar", "aria-label": "Players" }, g.seats.map((s, n) =>
    h("li", { class: `seat seat-${n}${n === g.to_move ? " to-move" : ""}`, "aria-current": n === g.to_move ? "true" : null },
      h("span", { class: "seat-name" }, s.name), s.computer ? h("span", { class: "muted" }, ` (computer, ${s.computer})`)
        : s.link ? h("span", { class: "muted" }, " (by link)") : null,
      n === g.viewer && g.seats.filter((x) => !x.computer).length > 1 ? h("span", { class: "badge" }, "screen") : null))) : null;
  const head = h("div", { class: "game-head" },
    h("div", {},
      h("h1", { id: "game-title" }, screen.title ? screen.title(g) : g.title, spectating ? " — as a spectator sees it" : replay ? " — replay" : ""),
      h("p", { class: "status", id: "status" }, [g.status, g.score_line].filter(Boolean).join(" · ")),
      typeof g.beat === "number" ? h("p", { class: "to-beat", id: "to-beat" }, `Challenge: the score to beat is ${g.beat}`) : null,
      spectating ? h("p", { class: "muted", id: "replay-context" }, "A game in progress, as it stood when it was shared: what anyone watching could see, nothing hidden from them.")
        : replay ? h("p", { class: "muted", id: "replay-context" }, replayContext(g)) : null),
    tools);

  if (g.claim || (g.send && !g.view)) {
    // A game link just opened: who sent it and whose turn, nothing of the game until claimed;
    // or this seat's sealed orders are in and only the link to send is left (issue 26).
    clearTimeout(thinkTimer);
    lastGame = g;
    fill(root, head, seats, g.claim ? claimPanel(g) : sendPanel(g));
    shownAt = performance.now();
    settle(root, g.at);
    announceText(g.claim ? `${g.claim.from} sent you this game.` : `Send this to ${g.send.name}.`);
    return;
  }
  if (g.handoff) {
    // DESIGN 5: nothing private on the page until the next person taps.
    clearTimeout(thinkTimer);
    lastGame = g;
    fill(root, head, seats,
      h("section", { id: "handoff", class: "handoff", "aria-labelledby": "handoff-title" },
        h("h2", { id: "handoff-title" }, `Pass the device to ${g.handoff.name}`),
        h("p", {}, `${g.handoff.name}: take the device and tap when no one else can see the screen.`),
        h("button", { type: "button", class: "btn primary", onclick: (e) => { if (e.timeStamp - shownAt >= READ_TIME_MS) { lastTapAt = e.timeStamp; run("reveal", [g.at]); } } },
          `I am ${g.handoff.name}: show my turn`)));
    shownAt = performance.now();
    settle(root, g.at);
    announceText(`Pass the device to ${g.handoff.name}.`);
    return;
  }

  const news = newsBox(g, screen.news ? screen.news(g, shell, previous) : null, screen);
  // A board of the game's review (review.js) says which board it is, in the title.
  const prompt = g.review_title ? g.review_title
    : looking ? (g.peek.step ? `Looking back: the board after step ${g.peek.step} of ${g.peek.steps}` : "Looking back: the start of the game")
    : spectating ? `${mover ? `${mover.name} to move` : "The game so far"} · move ${g.at}`
      : replay ? (g.last_action ? `Step ${g.step}: ${stepLabel(g, screen)}` : "The start of the game.")
    : thinking ? `${mover.name} (computer, ${mover.computer}) is thinking…`
      : g.over ? null : (screen.prompt && screen.prompt(g)) || (mover && g.seats.length > 1 ? `${mover.name} to move` : "Your move");
  const decide = g.over ? endPanel(g, screen) : g.send ? sendPanel(g) : h("section", { class: "decide", id: "decide", "aria-labelledby": "decide-title" },
    forkPanel(g),
    h("div", { class: "decide-head" }, h("h2", { id: "decide-title" }, prompt),
      solo ? h("div", { class: "decide-tools" }, undoButton, hintButton) : null),
    thinking ? h("p", { class: "thinking" }, h("span", { class: "spinner", "aria-hidden": "true" }), " ",
      h("button", { type: "button", class: "btn small", id: "think-speed", "aria-pressed": fastComputers() ? "true" : "false",
        onclick: (e) => { fastComputers(!fastComputers()); e.currentTarget.setAttribute("aria-pressed", fastComputers() ? "true" : "false"); } },
      "Faster computer turns")) : null,
    looking ? lookBackTools(g, screen) : null,
    replay || looking ? null : h("div", { class: "choices", id: "choices", role: "group", "aria-label": "Your choices" },
      g.actions.map((a, n) => h("button", {
        type: "button", class: `btn choice${n === 0 && g.actions.length <= 2 ? " primary" : ""}`, "data-action": a.i,
        "aria-keyshortcuts": n < 9 ? String(n + 1) : null,
        onclick: (e) => shell.act(a.i, e, g.at),
      }, n < 9 ? h("kbd", { "aria-hidden": "true" }, String(n + 1)) : null, (screen.choiceLabel && screen.choiceLabel(g, a)) || a.label))),
    g.stops && g.mode === "play" && !solo ? everyStop(g) : null,
    replay || looking ? null : concedeButton(g));
  const area = gameFrame(root, g, { head, seats, bar: replay && !spectating ? replayBar(g) : null, news, decide, log: logBox(g) });
  keepBarRoom(root, frame.decide);
  screen.render(area, g, shell, previous);
  announce(previous, g);
  let top = null;
  // A new decision, or the first sight of one after a hand-off, takes no taps for a moment.
  if (!previous || previous.at !== g.at || previous.mode !== g.mode || previous.handoff) {
    shownAt = performance.now();
    settle(root, g.at);
    // The result of a tap shows where the player looks: the top of the game (DESIGN 5).
    // With other seats, only when they did something since the player's own move: after the
    // player's own tap the board stays where it was, with the next confirm in view.
    const othersActed = g.recap && g.recap.steps.some((step) => step.seat !== g.viewer);
    if (previous && previous.at !== g.at && (g.seats.length === 1 || othersActed || g.over)) top = news || root;
  }
  // Scrolling reads the layout: done once, at the next frame, which lays the page out anyway
  // (read here, each scroll forced a layout of its own before the frame's).
  const log = document.getElementById("log");
  requestAnimationFrame(() => {
    // A log the browser skips (off screen) is scrolled when it comes into view instead: its
    // scroll position would make the browser lay out all it skips, now.
    if (log && log.isConnected && logKept.skipped) logKept.behind = true;
    else if (log && log.isConnected) log.scrollTop = log.scrollHeight;
    // The recap's newest lines are in view when it opens (issue 31: a capped box opened at its top).
    const recapList = news && news.isConnected ? news.querySelector(".recap-steps") : null;
    if (recapList) recapList.scrollTop = recapList.scrollHeight;
    if (top && top.isConnected) top.scrollIntoView({ block: "start", behavior: "instant" });
  });
  lastGame = g;
  clearTimeout(thinkTimer);
  if (thinking && !replay) {
    // The computer's move is shown, not jumped over: a moment to see the last one first.
    const at = g.at;
    thinkTimer = setTimeout(() => { if (current && current.screen === "game" && current.game.at === at) run("think", [at]); }, fastComputers() ? 120 : 700);
  }
}

/** A decision bar fixed at the bottom of a phone's screen (issue 33) covers the page's end: the
 * game keeps room for it, its height as it changes (--decide-h). */
let barObserver = null;
function keepBarRoom(root, decide) {
  if (!("ResizeObserver" in self)) return;
  if (!barObserver) {
    barObserver = new ResizeObserver(() => {
      const bar = root.querySelector(".game-side > .decide");
      const fixed = bar && getComputedStyle(bar).position === "fixed";
      // On the page's root: the notice (outside the game) sits above the bar too.
      if (fixed) document.documentElement.style.setProperty("--decide-h", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
      else document.documentElement.style.removeProperty("--decide-h");
    });
  }
  barObserver.disconnect();
  if (decide && decide.nodeType === Node.ELEMENT_NODE) barObserver.observe(decide);
}

/** The setting that stops at every step with nothing to decide (C-5.4; issue 33), kept per game. */
function everyStop(g) {
  const solo = g.seats.length === 1;
  return h("label", { class: "every-stop muted", title: solo
    ? "Off: a step with only one thing to do (drawing the next card, building nothing when nothing can be built) happens by itself, with a line in the recap"
    : "Off: a stop with nothing to decide (a card window with no card you could play, an order with one choice) passes by itself, with a line in the recap" },
  h("input", { type: "checkbox", id: "every-stop", checked: g.stops.every, onchange: (e) => run("every_stop", [e.target.checked]) }),
  ` ${g.stops.label}`);
}

const BY_LINK_HELP = {
  title: "Playing with a friend by link",
  paragraphs: [
    "At the start, choose \"A friend, by link\" for a seat. When your turn ends, Star Table gives you a link to send (or a QR code to scan); "
    + "your friend opens it, taps \"I am …\", sees what happened since their last move and plays; their move comes back to you as a link.",
    "Each device keeps the game, with an id every link of it carries. A link that would change moves already made is not taken: "
    + "you choose which version goes on (your friend's, or yours sent again). An older one shows your newer position, with your last link to send again.",
    "On the send screen you can add your name and a short note to the link. You can concede, and a finished game offers a rematch by link.",
    "Orders given at the same time stay unseen: the first side's link holds only a sealed fingerprint of its orders, "
    + "which the next link reveals and your device checks.",
    "What a link protects: the moves already made, the game's seed and options, who plays which seat, and orders given at the same time. "
    + "What it does not: it carries the whole game so far, as a mailed game log does. Star Table never shows a seat what it "
    + "may not see, but someone who decodes a link can read hidden cards and fleets, and can try a die roll in another window before making it. "
    + "A device seeing a game's first link cannot check its past. Play by link with friends you trust.",
  ],
};

const LINK_TRUST = "Playing by link: each link carries the whole game so far, as a mailed game log does. "
  + "Moves made, the game's seed and who plays where are checked by each device that holds the game; orders given at the same time stay sealed. "
  + "But someone who decodes a link can read hidden cards and fleets, and can try a die roll in another window before making it. "
  + "Play by link with friends you trust.";

/** A game link just opened (#p/): who sent it, which game, whose turn; one button to claim it. */
function claimPanel(g) {
  const c = g.claim;
  const summary = optionsSummary(g.game_id, g.options || {}, true);
  return h("section", { id: "claim-screen", class: "handoff", "aria-labelledby": "claim-title" },
    h("h2", { id: "claim-title" }, g.over ? `${c.from} sent you the end of your game` : `${c.from} sent you your turn`),
    h("p", {}, [g.title, summary].filter(Boolean).join(" · ")),
    c.conceded ? h("p", { id: "claim-conceded" }, `${c.from} conceded the game.`) : null,
    c.first ? h("p", { class: "muted", id: "claim-first" }, c.first) : null,
    c.note ? h("blockquote", { class: "link-note", id: "claim-note" }, h("p", {}, c.note), h("footer", { class: "muted" }, `— ${c.from}`)) : null,
    h("p", { class: "muted" }, g.over ? "The game is over." : `${c.status}. It is ${c.name}'s turn.`),
    h("button", { type: "button", class: "btn primary", id: "claim", onclick: (e) => { if (e.timeStamp - shownAt >= READ_TIME_MS) run("claim", [g.at]); } },
      g.over ? `I am ${c.name}: show the game` : `I am ${c.name}: show my turn`));
}

/** The link to send when the next decision is a friend's by link: share, copy, QR code. */
function sendPanel(g) {
  const s = g.send;
  const url = `${location.href.split("#")[0]}#${s.link}`;
  const qr = h("canvas", { class: "qr", id: "send-qr", role: "img", "aria-label": `A QR code of the link for ${s.name}` });
  drawQr(qr, url);
  const share = async () => {
    if (navigator.share) {
      try { await navigator.share({ title: `Star Table: ${g.title}`, text: `Your turn, ${s.name}`, url }); return; } catch { /* refused: copy */ }
    }
    await copy(url);
  };
  const who = s.person ? `${s.person} (${s.name})` : s.name;
  const saveNote = (e) => {
    e.preventDefault();
    const form = e.currentTarget;
    run("link_note", [form.elements["link-name"].value, form.elements["link-note"].value]);
  };
  return h("section", { class: "decide send", id: "send", "aria-labelledby": "send-title" },
    forkPanel(g),
    h("h2", { id: "send-title" }, s.final ? `Send the end of the game to ${who}` : `Send this to ${who}`),
    h("p", {}, s.final ? `${s.name} plays on another device: send them this link so they see how the game ended.`
      : `${s.name} plays on another device. Send them this link: it opens the game at their turn. Their move comes back to you as a link.`),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn primary", id: "send-share", onclick: share }, navigator.share ? "Share the link…" : "Copy the link")),
    h("label", { class: "send-link" }, "The link",
      h("input", { type: "text", readonly: true, value: url, "data-link": url, id: "send-link", onfocus: (e) => e.target.select() })),
    s.long ? h("p", { class: "warn" }, "This link is long: some chat apps may cut it. Copying it into an email works.") : null,
    h("details", { class: "link-extra", id: "link-extra", open: s.note ? true : null },
      h("summary", {}, s.note ? "Your note rides with this link" : "Your name and a note for the link"),
      h("form", { id: "link-note-form", onsubmit: saveNote },
        h("label", {}, "Your name (your friend sees it) ",
          h("input", { type: "text", id: "link-name", name: "link-name", maxlength: 24, value: s.me || "", autocomplete: "nickname" })),
        h("label", {}, `A note with your move (at most ${s.limit} characters, shown as plain text) `,
          h("textarea", { id: "link-note", name: "link-note", maxlength: s.limit, rows: 2 }, s.note || "")),
        h("button", { type: "submit", class: "btn", id: "link-note-save" }, "Put them in the link"))),
    s.final ? null : concedeButton(g),
    h("figure", { class: "qr-box" }, qr, h("figcaption", { class: "muted" }, "For a friend in the same room: scan with their phone's camera.")));
}

/** Two versions of a game by link (the same seat played on two devices or in two tabs): the
 * player chooses which goes on; both are kept until then (issue 35). */
function forkPanel(g) {
  if (!g.bylink || !g.bylink.fork) return null;
  return h("div", { class: "fork warn", id: "fork", role: "group", "aria-label": "Two versions of this game" },
    h("p", {}, "Your friend's last link has other moves than this device's game. Which version goes on?"),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn primary", id: "take-fork", onclick: () => run("take_fork") }, "Take my friend's version"),
      h("button", { type: "button", class: "btn", id: "keep-fork", onclick: () => run("keep_fork") }, "Keep mine and send it again")));
}

/** Give up a game by link: asked once more, then the friend is sent the end. */
function concedeButton(g) {
  if (!g.bylink || g.over) return null;
  const ask = () => openDialog("Concede this game?", h("p", {}, "The game ends and your friend is sent a link saying you conceded."), [
    h("button", { type: "submit", class: "btn", value: "cancel" }, "Play on"),
    h("button", { type: "button", class: "btn danger", id: "concede-yes", onclick: () => { dialog.close(); run("concede", [g.at]); } }, "Concede"),
  ]);
  return h("p", { class: "concede" }, h("button", { type: "button", class: "btn small", id: "concede", onclick: ask }, "Concede"));
}

/** The QR code of ``text`` on a canvas (uqr, vendored at build time; loaded on first use). */
async function drawQr(canvas, text) {
  try {
    const { encode } = await import("./vendor/uqr.mjs");
    const { data } = encode(text, { ecc: "L", border: 2 });
    const n = data.length;
    const scale = Math.max(2, Math.floor(240 / n));
    const ratio = window.devicePixelRatio || 1;
    canvas.width = n * scale * ratio;
    canvas.height = n * scale * ratio;
    canvas.style.setProperty("width", `${n * scale}px`);
    canvas.style.setProperty("height", `${n * scale}px`);
    const ctx = canvas.getContext("2d");
    ctx.scale(ratio, ratio);
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, n * scale, n * scale);
    ctx.fillStyle = "#000";
    for (let y = 0; y < n; y += 1) for (let x = 0; x < n; x += 1) if (data[y][x]) ctx.fillRect(x * scale, y * scale, scale, scale);
  } catch (err) {
    console.error(err);
    canvas.hidden = true; // the link itself still goes by share or copy
  }
}

/** A look back's own buttons: a step earlier or later, and back to the game (Escape). */
function lookBackTools(g, screen) {
  const step = (n) => { recapRun += 1; return run("peek", [n]); };
  const label = g.peek.label ? stepLabel({ ...g, last_action: g.peek.label }, screen) : "";
  return h("div", { class: "choices look-back", role: "group", "aria-label": "Looking back" },
    label ? h("p", { class: "muted", id: "peek-label" }, `Your move: ${label}`) : null,
    h("button", { type: "button", class: "btn", id: "peek-prev", disabled: g.peek.step === 0, onclick: () => step(g.peek.step - 1), "aria-label": "A step earlier" }, "◀ Earlier"),
    h("button", { type: "button", class: "btn", id: "peek-next", onclick: () => step(g.peek.step + 1 < g.peek.steps ? g.peek.step + 1 : -1), "aria-label": "A step later" }, "Later ▶"),
    h("button", { type: "button", class: "btn primary", id: "peek-back", onclick: backToGame, "aria-keyshortcuts": "Escape" }, "Back to the game"));
}

let frame = null; // the game screen's parts on the page, kept between renders of one game
const MORPHED = new Set(["head", "seats", "decide"]); // parts built wholly by the shell

/** Put the parts of the game screen on the page and return the board area for the screen.
 * Between two renders of the same game only the parts are swapped: the grid, the log and the
 * board area stay in place, so a screen's canvas is not detached and re-attached on every tap
 * (re-attaching a large canvas made the browser copy its whole bitmap again). */
function gameFrame(root, g, parts) {
  const key = `${g.game_id}|${g.mode === "replay" || g.mode === "spectate" ? g.mode : "play"}`; // a look back keeps the game's frame
  const slot = (node) => node || document.createComment("");
  if (frame && frame.key === key && frame.grid.parentNode === root) {
    for (const name of Object.keys(parts)) {
      const [was, next] = [frame[name], slot(parts[name])];
      if (was === next) continue;
      // The shell's own parts are changed in place; a screen's (the news) and the replay bar
      // (a slider) are swapped whole.
      const same = MORPHED.has(name) && was.nodeType === Node.ELEMENT_NODE && was.nodeName === next.nodeName && was.id === next.id;
      if (same) frame[name] = morph(was, next);
      else { was.replaceWith(next); frame[name] = next; }
    }
    return frame.area;
  }
  const nodes = Object.fromEntries(Object.entries(parts).map(([name, node]) => [name, slot(node)]));
  const area = h("div", { class: "game-main", id: "board-area" });
  const grid = h("div", { class: "game-grid" }, h("div", { class: "game-side" }, nodes.decide, nodes.log), area);
  fill(root, nodes.head, nodes.seats, nodes.bar, nodes.news, grid);
  frame = { key, ...nodes, grid, area };
  return area;
}

/** The player may speed up the computers' turns (each move still drawn, for a moment). */
function fastComputers(set) {
  try {
    if (set !== undefined) localStorage.setItem("startable:fast", set ? "1" : "");
    return localStorage.getItem("startable:fast") === "1";
  } catch { return false; }
}

let settleTimer = 0;
/** ``data-settled`` marks a decision that has been on screen long enough to take taps. */
function settle(root, at) {
  delete root.dataset.settled;
  clearTimeout(settleTimer);
  settleTimer = setTimeout(() => { root.dataset.settled = String(at); }, READ_TIME_MS);
}

/** What happened since the seat on screen last decided (the controller's recap), at the top
 * where the player looks, until that seat decides again (issue 24); with the screen's own
 * account of it (dice, cards). A look back at the board keeps the recap of the game on
 * screen, with the step shown marked. */
let recapKept = null; // {key, recap} of the last model in play: a look back shows it still
let recapHidden = ""; // the recap the player hid: game key + where it starts
let recapRun = 0; // bumped to stop a replay of the recap on the board

function gameKey(g) { return `${g.game_id}|${location.hash}|${g.viewer}`; }

function newsBox(g, own, screen) {
  let recap = g.recap;
  let marked = -1;
  if (g.mode === "peek") {
    recap = recapKept && recapKept.key === gameKey(g) ? recapKept.recap : null;
    marked = recap ? recap.steps.findIndex((s) => s.at + 1 === g.peek.step) : -1;
  } else if (g.mode === "play") {
    recapKept = { key: gameKey(g), recap };
  } else recap = null;
  const box = recap ? recapBox(g, recap, screen, marked, Boolean(own && own.dataset && own.dataset.tellsLog)) : null;
  if (!own && !box) return null;
  return h("section", { class: "news", id: "news", "aria-label": "What just happened" }, box, own);
}

function recapBox(g, recap, screen, marked, tells) {
  const steps = foldedSteps(recap, marked).map(([step, now]) => recapStep(g, step, screen, now)).filter(Boolean);
  if (!steps.length && !tells) return null;
  // A solo game: the last decision's account, as it always was; nothing to replay or hide.
  if (g.seats.length === 1) return tells ? null : h("ol", { class: "just-now recap-steps", id: "recap" }, steps);
  const hideKey = `${gameKey(g)}|${recap.since}`;
  const hidden = recapHidden === hideKey;
  const mine = recap.steps[0].seat === g.viewer;
  const others = recap.steps.some((s) => s.seat !== g.viewer && s.seat !== null);
  const title = mine ? (others ? "Since your last move" : "Your move") : "What happened";
  const looking = g.mode === "peek";
  return h("div", { class: `recap${hidden ? " collapsed" : ""}`, id: "recap" },
    h("div", { class: "recap-head" },
      h("h2", { class: "recap-title" }, title, hidden ? h("span", { class: "muted" }, ` · ${steps.length} step${steps.length === 1 ? "" : "s"}`) : null),
      others && !looking ? h("button", { type: "button", class: "btn small", id: "recap-replay", onclick: () => replayRecap(recap),
        title: "See each step on the board, one after the other", "aria-label": "Replay on the board" }, "▶ Replay") : null,
      looking ? h("button", { type: "button", class: "btn small", id: "recap-stop", onclick: backToGame }, "Back to the game") : null,
      !looking && !tells ? h("button", { type: "button", class: "btn small", id: "recap-hide", "aria-expanded": hidden ? "false" : "true",
        onclick: () => { recapHidden = hidden ? "" : hideKey; if (current && current.game) renderGame(current.game); } }, hidden ? "Show" : "Hide") : null),
    hidden || tells ? null : h("ol", { class: "recap-steps" }, steps));
}

function recapStep(g, step, screen, now) {
  let own = null;
  if (screen.recapStep) {
    try { own = screen.recapStep(g, step); } catch (err) { console.error(err); } // the lines below
  }
  // A step that passed by itself is folded to its one line, unless it carried a result (a battle,
  // a capture, a planet destroyed, a discard: issue 31): then its lines follow, as in the log.
  // Each line with its index in the viewer's log (data-line: tests and a look back find it).
  const told = step.lines.map((line, k) => [String(line), step.from + k]).filter(([, n]) => markOf(g, n) !== "d" || showDetails());
  const folded = step.auto && !(step.results && step.results.length);
  // Alone at the table, a step that played itself and told something is just what it told.
  const lines = !step.auto ? told : folded ? [[step.auto, null]] : g.seats.length === 1 ? told : [[step.auto, null], ...told];
  if (!own && !lines.length) return null;
  const people = g.seats.filter((s) => !s.computer).length;
  const seat = step.seat === null || step.seat === undefined ? null : g.seats[step.seat];
  const who = !seat || g.seats.length === 1 ? null : step.seat === g.viewer && people === 1 ? "You" : seat.name;
  return h("li", { class: `recap-step seat-${step.seat}${now ? " now" : ""}${folded ? " auto" : ""}`, "data-at": String(step.at),
    "aria-current": now ? "step" : null },
  who ? h("span", { class: "recap-who" }, who) : null,
  own || recapLines(g, lines, step, screen));
}

/** A step's lines, but those of the kinds a screen tells in its own place (``screen.recapElsewhere``:
 * Spacehole's battle box holds a battle's rounds; issue 33: the battle told once). */
function recapLines(g, lines, step, screen) {
  const elsewhere = screen.recapElsewhere || null;
  const kindOf = ([, n]) => (n === null || !step.kinds ? null : step.kinds[n - step.from]);
  const shown = elsewhere ? lines.filter((l) => !elsewhere.has(kindOf(l))) : lines;
  return h("span", { class: "recap-lines" }, shown.map(([line, n]) => h("span", {
    class: `recap-line${markOf(g, n) === "d" ? " detail" : ""}`, "data-line": n === null ? null : String(n) }, ...playerWords(line))));
}

/** The recap's steps on the board, one after the other: the board before the seat's own last
 * decision, then as each step left it, then the game again. Any tap on "Back to the game" stops. */
async function replayRecap(recap) {
  const mine = ++recapRun;
  const positions = [recap.since, ...recap.steps.map((s) => s.at + 1)].slice(0, -1);
  for (const position of positions) {
    if (mine !== recapRun) return;
    await run("peek", [position]);
    await new Promise((resolve) => setTimeout(resolve, fastComputers() ? 500 : 1100));
  }
  if (mine === recapRun) await run("peek", [-1]);
}

function backToGame() {
  recapRun += 1;
  return run("peek", [-1]);
}

document.body.classList.toggle("details", showDetails()); // the log's Details, as last set

function announceText(text) {
  const live = document.getElementById("announce");
  if (live) live.textContent = text;
}

function announce(previous, g) {
  // Screen readers hear what just happened: the log lines added since the last screen.
  const log = g.view ? g.view.log : [];
  const before = previous && previous.view && previous.at < g.at ? previous.view.log.length : log.length;
  announceText(log.slice(before).filter((line, k) => markOf(g, before + k) !== "d").join(" ").replace(RULE_ID, ""));
}

// The log shows its last LOG_TAIL lines; a button above them brings back the earlier ones.
// Late in a game the log has many hundreds of lines, and every line on the page costs the
// browser style, layout and paint work on every tap (the tap goal of issue 13).
const LOG_TAIL = 150;
let logKept = { key: "", count: 0, from: 0, all: false, section: null }; // kept between renders

/** A tap on a line of the log shows the board as that line left it (a look back, issue 24). */
function peekLine(e) {
  const li = e.target.closest && e.target.closest("li[data-n]");
  const g = current && current.game;
  if (!li || !g || g.mode === "replay" || g.mode === "spectate" || g.handoff) return;
  recapRun += 1;
  run("peek_line", [Number(li.dataset.n)]);
}

/** The log. When the new log extends the one on screen, only the new lines are added (and as
 * many of the oldest shown dropped, unless the player asked for the whole log), so a tap
 * stays as fast late in a game as at the start. */
function logBox(g) {
  const lines = g.view ? g.view.log : [];
  const key = `${g.game_id}|${g.mode}|${g.viewer}`;
  const kept = logKept;
  const list = kept.section && kept.section.querySelector("#log");
  const last = list && list.lastElementChild;
  const extends_ = list && kept.key === key && lines.length >= kept.count
    && (kept.count === kept.from ? !last : Boolean(last) && last.dataset.n === String(kept.count - 1)
      && last.textContent === String(lines[kept.count - 1]));
  if (extends_) {
    list.append(...lines.slice(kept.count).map((line, i) => logLine(g, line, kept.count + i)));
    kept.count = lines.length;
    const from = kept.all ? 0 : Math.max(kept.from, lines.length - LOG_TAIL);
    for (let n = kept.from; n < from && list.firstElementChild; n += 1) list.firstElementChild.remove();
    kept.from = from;
    updateEarlier(kept);
    return kept.section;
  }
  const all = kept.key === key && kept.all;
  const from = all ? 0 : Math.max(0, lines.length - LOG_TAIL);
  const earlier = h("button", { type: "button", class: "btn small log-earlier", id: "log-earlier", onclick: () => showEarlier(g) });
  logKept = {
    key, count: lines.length, from, all, earlier, skipped: false, behind: true,
    section: h("section", {
      class: "log-box", "aria-labelledby": "log-title",
      // content-visibility: auto (app.css): the browser says when it skips the log, or shows it.
      oncontentvisibilityautostatechange: (e) => {
        const kept = logKept;
        if (e.currentTarget !== kept.section) return;
        kept.skipped = e.skipped;
        const list = kept.section.querySelector("#log");
        if (!e.skipped && list && kept.behind) list.scrollTop = list.scrollHeight;
        if (!e.skipped) kept.behind = false;
      },
    },
      h("div", { class: "log-head" },
        h("h2", { id: "log-title" }, "Log"),
        h("label", { class: "log-details", title: "Dice records and rule numbers" },
          h("input", { type: "checkbox", id: "log-details", checked: showDetails(),
            onchange: (e) => { showDetails(e.target.checked); document.body.classList.toggle("details", e.target.checked); } }),
          " Details")),
      g.mode === "replay" || g.mode === "spectate" ? null : h("p", { class: "muted log-tip" }, "Tap a line to see the board as it was then."),
      earlier,
      h("div", { role: "log", "aria-labelledby": "log-title" },
        h("ol", { class: "log", id: "log", tabindex: "0", "aria-label": "Game log, every roll", onclick: peekLine },
          lines.slice(from).map((line, i) => logLine(g, line, from + i))))),
  };
  updateEarlier(logKept);
  return logKept.section;
}

function updateEarlier(kept) {
  kept.earlier.hidden = kept.from === 0;
  kept.earlier.textContent = `Show the ${kept.from} earlier line${kept.from === 1 ? "" : "s"}`;
}

/** The whole log, for as long as this game stays on screen. */
function showEarlier(g) {
  const kept = logKept;
  const list = kept.section && kept.section.querySelector("#log");
  const shown = current && current.game && current.game.view ? current.game : g;
  const lines = shown.view.log;
  if (!list || !kept.from) return;
  const top = list.scrollHeight - list.scrollTop;
  list.prepend(...lines.slice(0, kept.from).map((line, n) => logLine(shown, line, n)));
  kept.from = 0;
  kept.all = true;
  updateEarlier(kept);
  list.scrollTop = list.scrollHeight - top; // the lines in view stay in view
  list.focus({ preventScroll: true }); // the button is gone: the keyboard goes on in the log
}

/** The replay step shown, in the screen's words for its mover (after the game ended), else in
 * the engine's. */
function stepLabel(g, screen) {
  const step = g.last_step;
  if (step && step.view && screen.choiceLabel) {
    try {
      const words = screen.choiceLabel({ ...g, mode: "play", view: step.view }, step);
      if (words) return words;
    } catch (err) {
      console.error(err); // the engine's words below
    }
  }
  return g.last_action;
}

/** What a replay is: a shared game, its options and how it ended. */
function replayContext(g) {
  const f = g.final;
  let end = "";
  if (f && f.over && g.seats.length === 1) end = `final score ${f.scores[0]}`;
  else if (f && f.over) end = f.winners.length ? `won by ${f.winners.map((w) => g.seats[w].name).join(" and ")}` : "a draw";
  else if (f) end = `unfinished, ${g.steps} steps`;
  return ["A game shared with you", optionsSummary(g.game_id, g.options, true), end].filter(Boolean).join(" · ");
}

function replayBar(g) {
  const step = (n) => run("step", [n]);
  const marks = g.turn_marks || [];
  const prevTurn = [...marks].reverse().find((s) => s < g.step) ?? 0;
  const nextTurn = marks.find((s) => s > g.step) ?? g.steps;
  return h("nav", { class: "replay-bar", "aria-label": "Step through the game" },
    h("button", { type: "button", class: "btn", id: "step-first", onclick: () => step(0), disabled: g.step === 0, "aria-label": "First step" }, "|◀"),
    h("button", { type: "button", class: "btn", id: "step-prev-turn", onclick: () => step(prevTurn), disabled: g.step === 0, "aria-label": "Previous turn" }, "«"),
    h("button", { type: "button", class: "btn", id: "step-prev", onclick: () => step(g.step - 1), disabled: g.step === 0, "aria-label": "Previous step" }, "◀"),
    h("span", { class: "step-count", "aria-live": "polite" }, `Step ${g.step} of ${g.steps}`),
    h("button", { type: "button", class: "btn", id: "step-next", onclick: () => step(g.step + 1), disabled: g.step === g.steps, "aria-label": "Next step" }, "▶"),
    h("button", { type: "button", class: "btn", id: "step-next-turn", onclick: () => step(nextTurn), disabled: g.step === g.steps, "aria-label": "Next turn" }, "»"),
    h("button", { type: "button", class: "btn", id: "step-last", onclick: () => step(g.steps), disabled: g.step === g.steps, "aria-label": "Last step" }, "▶|"),
    h("button", { type: "button", class: "btn", id: "fork", onclick: () => run("fork") }, "Play on from here"),
    reviewButton(g, run));
}

function endPanel(g, screen) {
  const o = g.outcome || { winners: [], scores: [], reason: "" };
  const people = g.seats.filter((s) => !s.computer).length;
  let result = "over";
  let title;
  if (g.seats.length === 1) {
    title = screen.endTitle ? screen.endTitle(g) : "Game over";
    result = o.winners.length ? "win" : "loss";
  } else if (!o.winners.length) {
    title = "A draw";
    result = "draw";
  } else {
    title = `${o.winners.map((w) => g.seats[w].name).join(" and ")} ${o.winners.length > 1 ? "win" : "wins"}`;
    if (people === 1) {
      const me = g.seats.findIndex((s) => !s.computer);
      result = o.winners.includes(me) ? "win" : "loss";
      title = result === "win" ? `You win (${title})` : `You lose (${title})`;
    }
  }
  const detail = screen.endDetail ? screen.endDetail(g) : null;
  return h("section", { class: "end", id: "end-screen", "data-outcome": result, "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, title),
    detail,
    o.reason ? h("p", { id: "end-reason" }, "Why: ", ...playerWords(o.reason), ".") : null,
    g.seats.length > 1 && o.scores.length ? h("p", { class: "muted" }, g.seats.map((s, n) => `${s.name} ${o.scores[n]}`).join(" · ")) : null,
    g.send ? sendPanel(g) : null,
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn primary", onclick: share }, "Share"),
      g.mode === "play" ? h("button", { type: "button", class: "btn", onclick: watchReplay }, "Watch the replay") : null,
      g.bylink && g.mode === "play" ? h("button", { type: "button", class: "btn", id: "rematch", onclick: () => run("rematch") }, "Rematch by link") : null,
      reviewButton(g, run),
      h("button", { type: "button", class: "btn", onclick: () => navigate(`#new/${g.game_id}`) }, "New game"),
      h("button", { type: "button", class: "btn", onclick: () => navigate("") }, "Home")));
}

async function watchReplay() {
  const links = await engine.call("share");
  navigate(`#${links.replay}`);
}

async function showHint() {
  const out = await engine.call("hint");
  if (!out.hint) { notify("No hint for this decision."); return; }
  const g = current.game;
  const screen = await screenModule(g.game_id);
  const a = g.actions.find((x) => x.i === out.hint.i);
  openDialog("Hint", h("div", {},
    h("p", {}, h("strong", {}, (a && screen.choiceLabel && screen.choiceLabel(g, a)) || out.hint.label)),
    h("p", { class: "muted" }, out.hint.why)), [
    h("button", { type: "submit", class: "btn", value: "close" }, "Close"),
    h("button", { type: "button", class: "btn primary", onclick: () => { dialog.close(); if (current.game.at === g.at) run("act", [out.hint.i, g.at]); } }, "Do it"),
  ]);
}

async function showHelp(gameId) {
  const game = GAMES[gameId];
  // In a game, the screen may word its help for the game on screen (a card set's names).
  const g = current && current.screen === "game" && current.game.game_id === gameId ? current.game : null;
  const screen = g && g.view ? await screenModule(gameId) : null;
  const own = screen && screen.help ? screen.help(g) : null;
  const base = own ? own.sections : (game.text && game.text.help) || [];
  const sections = Object.keys(game.seat_names || {}).some((n) => Number(n) > 1) ? [...base, BY_LINK_HELP] : base;
  // Spacehole's guided game (issue 33) is offered again here, in either card set.
  const guided = gameId === "spacehole" ? [
    h("button", { type: "button", class: "btn", id: "help-guided", onclick: () => { dialog.close(); run("guided", ["spacehole"]); } }, "Play the guided game"),
    h("button", { type: "button", class: "btn", onclick: () => { dialog.close(); run("guided", ["babylon5"]); } }, "Guided, Babylon 5 cards"),
  ] : [];
  openDialog(own ? own.title : `How to play ${game.title}`, h("div", { class: "help-text" },
    sections.length ? sections.map((s) => h("section", {}, h("h3", {}, s.title), s.paragraphs.map((p) => h("p", {}, p))))
      : h("p", {}, game.blurb)), [...guided, h("button", { type: "submit", class: "btn", value: "close" }, "Close")]);
  // Open at the start of the rules, not at the Close button the dialog focuses.
  requestAnimationFrame(() => { dialog.scrollTop = 0; });
}

async function share() {
  const links = await engine.call("share");
  const base = location.href.split("#")[0];
  const challenge = `${base}#${links.challenge}`;
  const replay = `${base}#${links.replay}`;
  const row = (label, url, what) => h("div", { class: "share-row" },
    h("label", {}, label, h("input", { type: "text", readonly: true, value: url, onfocus: (e) => e.target.select() })),
    h("button", { type: "button", class: "btn", onclick: () => copy(url) }, `Copy ${what} link`),
    navigator.share ? h("button", { type: "button", class: "btn", onclick: () => navigator.share({ title: "Star Table", text: label, url }).catch(() => {}) }, "Share…") : null);
  openDialog("Share this game", h("div", {},
    row("Challenge: the same game, from the start", challenge, "challenge"),
    row("Replay: the whole game, move by move", replay, "replay"),
    links.spectator ? row("Spectator: the game so far, as anyone watching sees it (safe to share)", `${base}#${links.spectator}`, "spectator") : null,
    links.spoils ? h("p", { class: "warn" }, "The replay link contains hidden information and future dice: share it only with someone who is not playing.") : null,
    links.warn ? h("p", { class: "warn" }, "The replay link is long: some chat apps may cut it.") : null,
  ), [h("button", { type: "submit", class: "btn", value: "close" }, "Close")]);
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    notify("Link copied.");
  } catch {
    notify("Copying was refused: select the link and copy it by hand.");
  }
}

// The skip link moves focus to the page's content; it never routes (its href is not a route).
document.querySelector("a.skip").addEventListener("click", (e) => {
  e.preventDefault();
  const target = document.querySelector("#choices .choice, #handoff .btn, #start, #main");
  $("#main").focus({ preventScroll: true });
  if (target) target.focus();
});

addEventListener("keydown", (e) => {
  // Escape closes the notice (issue 36), wherever the focus is.
  if (e.key === "Escape" && !dialog.open && !$("#notice").hidden) { $("#notice").hidden = true; }
});

addEventListener("keydown", async (e) => {
  if (!current || current.screen !== "game" || dialog.open || (e.target.closest && e.target.closest("input, textarea, select"))) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const g = current.game;
  const screen = await screenModule(g.game_id);
  if (screen.keys && screen.keys(e, g, shell)) return;
  const n = Number(e.key);
  if (g.mode === "play" && n >= 1 && n <= 9 && g.actions[n - 1]) {
    e.preventDefault();
    shell.act(g.actions[n - 1].i, e);
  } else if ((e.key === "u" || e.key === "U") && g.undo && g.mode === "play") {
    e.preventDefault();
    run("undo");
  } else if (g.mode === "peek" && e.key === "Escape") {
    e.preventDefault();
    backToGame();
  } else if (g.mode === "peek" && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
    e.preventDefault();
    recapRun += 1;
    const n = g.peek.step + (e.key === "ArrowLeft" ? -1 : 1);
    run("peek", [n >= g.peek.steps ? -1 : Math.max(0, n)]);
  } else if (g.mode === "replay" && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
    e.preventDefault();
    run("step", [g.step + (e.key === "ArrowLeft" ? -1 : 1)]);
  }
});

let resizeTimer = 0;
addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(async () => {
    if (!current || current.screen !== "game" || !current.game.view) return;
    const screen = await screenModule(current.game.game_id);
    if (screen.redraw) screen.redraw(current.game, shell);
  }, 80);
});

/** A newer build of the site arrived while this page runs (issue 37): it takes over the next
 * time the site is opened, or now if the player asks (every move is saved, so the game goes on
 * from its save in the new build). */
function offerUpdate(registration) {
  let asked = false;
  const offer = (waiting) => {
    const box = $("#update");
    // A first install has nothing older running (no controller): nothing to offer.
    if (!box || !waiting || !navigator.serviceWorker.controller) return;
    fill(box, h("p", {}, "A new version of Star Table is ready. It starts the next time you open the site; your games are saved."),
      h("button", { type: "button", class: "btn small", id: "update-now", onclick: () => { asked = true; waiting.postMessage("skip-waiting"); } }, "Use it now"),
      h("button", { type: "button", class: "btn small", onclick: () => { box.hidden = true; } }, "Later"));
    box.hidden = false;
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener("statechange", () => { if (installing.state === "installed") offer(installing); });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => { if (asked) location.reload(); });
}

// Another tab or window changed the saved games (issue 37): the list here follows, and the game
// open here, when it was played on there, shows its newer position (never written over).
engine.onExternalChange(async (result) => {
  for (let tries = 0; busy && tries < 50; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  if (result.open_changed && current && current.screen === "game" && location.hash.startsWith("#g/")) {
    await run("route", [location.hash], { replace: true });
  } else if (current && current.screen === "home") {
    await run("home", [], { replace: true });
  }
});

// ---------------------------------------------------------------------------- start

renderHome(null);
document.body.dataset.shell = "1";
route(location.hash).then(async () => {
  try {
    await engine.ready;
  } catch {
    return; // the boot bar says what failed and offers to try again
  }
  // The engine checks the saves (a corrupt one is kept aside and reported).
  const model = await engine.call("check");
  if (model.notices && model.notices.length) notify(model.notices.join(" "));
  homeModel = model.home;
  if (!current || current.screen === "home") renderHome(model.home);
  refreshRecord();
  window.starReadyAt = performance.now();
  // For tests: resolves once every command sent so far has been answered and drawn (the worker
  // answers in order), so "a second tap played nothing" is checked without waiting a guess.
  window.starIdle = async () => {
    await engine.call("record", [today()]);
    while (busy) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    return true;
  };
  document.body.dataset.ready = "1";
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    // Not while a game is opening: the service worker's precache (on a first visit, the memory
    // snapshot for the next start above all) would share the bandwidth with it.
    while (busy || document.body.dataset.screen === "loading") await new Promise((resolve) => setTimeout(resolve, 250));
    navigator.serviceWorker.register("./sw.js").then(offerUpdate).catch((err) => console.warn("service worker", err));
  }
});
// A tap on the home screen made before the handlers above were attached (index.html keeps it).
for (const button of self.starEarlyTaps ? self.starEarlyTaps.take() : []) {
  if (button.isConnected) button.click();
}
