// The page: renders the models the Python controller returns, forwards taps and keys.
// No game rules here: every choice shown comes from legal_actions (model.game.actions).
const $ = (sel, root = document) => root.querySelector(sel);
const screens = { boot: $("#boot"), home: $("#home"), game: $("#game") };
let model = null;
let lastHash = null;
let busy = false;

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

function call(command, ...args) {
  const out = window.starPy.call(command, JSON.stringify(args));
  return JSON.parse(out);
}

function run(command, ...args) {
  if (busy) return;
  busy = true;
  const hadFocus = document.activeElement && document.activeElement.closest && document.activeElement.closest("#game, #home");
  try {
    show(call(command, ...args));
    // Keyboard players keep their place: focus moves to the next decision, not to <body>.
    if (hadFocus && !dialog.open) {
      const next = document.querySelector(model.screen === "game" ? ".decide .choice, #end-screen .btn, #step-next:not([disabled]), #step-prev" : "#home .btn");
      if (next) next.focus({ preventScroll: true });
    }
  } catch (err) {
    console.error(err);
    notify(`Something went wrong: ${err.message || err}`);
  } finally {
    busy = false;
  }
}

export function notify(text) {
  const box = $("#notice");
  fill(box,h("p", { text }), h("button", { type: "button", class: "btn small", onclick: () => { box.hidden = true; } }, "Dismiss"));
  box.hidden = false;
}

function setHash(hash) {
  const want = hash ? `#${hash}` : "";
  if (location.hash !== want && !(want === "" && location.hash === "#")) {
    lastHash = want;
    history.replaceState(null, "", want || location.pathname + location.search);
  }
}

function show(next) {
  model = next;
  if (model.notices && model.notices.length) notify(model.notices.join(" "));
  for (const [name, el] of Object.entries(screens)) el.hidden = name !== model.screen;
  setHash(model.hash || "");
  if (model.screen === "home") renderHome(model.home);
  else renderGame(model.game);
  document.body.dataset.screen = model.screen;
  document.title = model.screen === "game" ? `${model.game.title}${model.game.mode === "replay" ? " replay" : ""} · Star Table` : "Star Table";
  window.starRenderedAt = performance.now();
  dispatchEvent(new CustomEvent("star:rendered"));
}

// ---------------------------------------------------------------------------- home

function fmtDate(ms) {
  if (!ms) return "unknown date";
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

function renderHome(home) {
  const saves = home.saves;
  const list = saves.length ? h("ul", { class: "saves" }, saves.map((s) =>
    h("li", { class: "save" },
      h("div", { class: "save-text" },
        h("strong", {}, s.title || s.game || "Saved game"),
        h("span", {}, `${s.label}${s.score !== null ? ` · ${s.score} MC` : ""}`),
        h("span", { class: "muted" }, fmtDate(s.updated))),
      h("button", { type: "button", class: "btn primary", "aria-label": `${s.over ? "Open" : "Continue"} ${s.title} from ${fmtDate(s.updated)}`, onclick: () => run("route", `g/${s.id}`) }, s.over ? "Open" : "Continue"),
      h("button", { type: "button", class: "btn", "aria-label": `Delete ${s.title} from ${fmtDate(s.updated)}`, onclick: () => confirmDelete(s) }, "Delete"))))
    : null;
  const kept = home.kept_aside ? h("div", { class: "card warn" },
    h("p", {}, `${home.kept_aside} unreadable saved item(s) kept aside.`),
    h("button", { type: "button", class: "btn", onclick: exportKept }, "Export"),
    h("button", { type: "button", class: "btn", onclick: () => run("discard_kept") }, "Discard")) : null;
  fill(screens.home,
    h("h1", { id: "home-title" }, "Star Table"),
    h("p", { class: "tagline" }, "Classic space board games. Offline, on your phone."),
    saves.length ? h("section", { "aria-labelledby": "saves-title" }, h("h2", { id: "saves-title" }, "Your games"), list) : null,
    kept,
    h("section", { "aria-labelledby": "games-title" },
      h("h2", { id: "games-title" }, "Games"),
      h("ul", { class: "games" }, home.games.map((g) => h("li", { class: `game-card${g.playable ? "" : " coming"}` },
        h("div", {}, h("h3", {}, g.title), h("p", {}, g.blurb),
          g.best !== null && g.best !== undefined ? h("p", { class: "best" }, `Best finished game: ${g.best} MC`) : null),
        g.playable
          ? h("button", { type: "button", class: "btn primary", "aria-label": `New game of ${g.title}`, onclick: () => newGameDialog(g) }, "New game")
          : h("span", { class: "badge" }, "Coming soon"))))),
  );
}

function exportKept() {
  const { text } = call("export");
  const blob = new Blob([text], { type: "application/json" });
  const a = h("a", { href: URL.createObjectURL(blob), download: "star-table-unreadable-saves.json" });
  document.body.append(a);
  a.click();
  a.remove();
}

const dialog = $("#dialog");
function openDialog(title, body, buttons) {
  fill(dialog,
    h("form", { method: "dialog", class: "dialog-body" },
      h("h2", { id: "dialog-title" }, title),
      body,
      h("div", { class: "dialog-buttons" }, buttons)));
  if (!dialog.open) dialog.showModal();
}

function confirmDelete(s) {
  openDialog("Delete this game?", h("p", {}, `${s.title}, ${s.label}, ${fmtDate(s.updated)}. This cannot be undone.`), [
    h("button", { type: "submit", class: "btn", value: "cancel" }, "Keep it"),
    h("button", { type: "button", class: "btn danger", onclick: () => { dialog.close(); run("delete", s.id); } }, "Delete"),
  ]);
}

const OPTION_TEXT = {
  skin: { label: "Card set", spacehole: "Spacehole", babylon5: "Babylon 5" },
  base_hits: { label: "Base", 10: "Normal (10 hits)", 5: "Hard (5 hits)" },
  battle_length: { label: "Battles", force_rounds: "Normal (invaders withdraw)", to_the_death: "Hardcore (to the death)" },
};

function newGameDialog(g) {
  const fields = g.options.map((o) => {
    const text = OPTION_TEXT[o.key] || {};
    return h("fieldset", { class: "option" },
      h("legend", {}, text.label || o.label),
      o.choices.map((c) => h("label", { class: "choice" },
        h("input", { type: "radio", name: o.key, value: JSON.stringify(c), checked: c === o.default }),
        h("span", {}, text[c] || String(c)))));
  });
  openDialog(`New ${g.title} game`, h("div", {}, fields), [
    h("button", { type: "submit", class: "btn", value: "cancel" }, "Cancel"),
    h("button", { type: "button", class: "btn primary", id: "start-game", onclick: () => {
      const options = {};
      for (const o of g.options) {
        const picked = dialog.querySelector(`input[name="${o.key}"]:checked`);
        if (picked) options[o.key] = JSON.parse(picked.value);
      }
      dialog.close();
      run("new", g.id, options, randomSeed());
    } }, "Start"),
  ]);
}

function randomSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(words[0]) << 32n) | BigInt(words[1])).toString();
}

// ---------------------------------------------------------------------------- game

import { renderGame as renderGameScreen } from "./game.js";

function renderGame(g) {
  renderGameScreen(screens.game, g, { h, fill, run, call, notify, openDialog, dialog, share });
}

async function share() {
  const links = call("share");
  const base = location.href.split("#")[0];
  const challenge = `${base}#${links.challenge}`;
  const replay = `${base}#${links.replay}`;
  const row = (label, url, what) => h("div", { class: "share-row" },
    h("label", {}, label, h("input", { type: "text", readonly: true, value: url, "aria-label": `${label} link`, onfocus: (e) => e.target.select() })),
    h("button", { type: "button", class: "btn", onclick: () => copy(url) }, `Copy ${what} link`),
    navigator.share ? h("button", { type: "button", class: "btn", onclick: () => navigator.share({ title: "Star Table", text: label, url }).catch(() => {}) }, "Share…") : null);
  openDialog("Share this game", h("div", {},
    row("Challenge: the same deck, from the start", challenge, "challenge"),
    row("Replay: the whole game, turn by turn", replay, "replay"),
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

// ---------------------------------------------------------------------------- boot

$("#nav-home").addEventListener("click", () => { if (window.starPy) run("home"); });

addEventListener("hashchange", () => {
  if (!window.starPy || location.hash === lastHash) return;
  lastHash = location.hash;
  run("route", location.hash);
});

addEventListener("keydown", (e) => {
  if (!model || dialog.open || e.target.closest && e.target.closest("input, textarea, select")) return;
  if (model.screen === "game" && window.starGameKeys) window.starGameKeys(e);
});

function ready() {
  window.starPythonAt = performance.now();
  window.starBoot.stage("Ready");
  window.starBoot.finished();
  lastHash = location.hash;
  try {
    show(call("route", location.hash));
  } catch (err) {
    // Whatever the address held, the app still opens: on the home screen, with a message.
    console.error(err);
    show(call("home"));
    notify(`That address could not be opened (${err.message || err}).`);
  }
  window.starReadyAt = performance.now();
  document.body.dataset.ready = "1";
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    // The worker precaches from the copies the page kept, so they are stored first.
    window.starBoot.keepCopies()
      .then(() => navigator.serviceWorker.register("./sw.js"))
      .catch((err) => console.warn("service worker", err));
  }
}

if (window.starPy) ready();
else addEventListener("star:python-ready", ready, { once: true });
