// Commands to the engine and the route between the page's screens: one command at a time, its
// model shown on the screen it names; the address (#...) kept in step; Back, Home and Cancel.
import * as engine from "./engine.js";
import * as warm from "./warm.js";
import { keepSafe } from "./device.js";
import { $, GAMES, PLAYABLE, app, bar, dialog, notify, showScreen, views } from "./state.js";
import { showLoading } from "./boot.js";
import { errorText } from "./dom.js";

/** Run an engine command and show its model; input is ignored while one is in flight. */
export async function run(cmd, args = [], { replace = false, quiet = false } = {}) {
  if (app.busy) return null;
  app.busy = true;
  document.body.dataset.busy = "1";
  const hadFocus = document.activeElement && document.activeElement.closest && document.activeElement.closest("#game, #home, #setup-screen");
  const seen = app.navigation;
  try {
    await waitForEngine();
    const model = await engine.call(cmd, args);
    if (seen !== app.navigation) return null; // the player went elsewhere meanwhile
    if (!quiet) await show(model, { replace });
    // At the next frame, once the page is laid out for it anyway (focusing here would make
    // the browser style the new page at once, on top of the frame's own work).
    if (hadFocus && !dialog.open) requestAnimationFrame(() => { if (!dialog.open) focusDecision(); });
    return model;
  } catch (err) {
    console.error(err);
    notify(`Something went wrong: ${errorText(err)}`);
    return null;
  } finally {
    app.busy = false;
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
  const next = /** @type {HTMLElement | null} */ (document.querySelector("#handoff .btn, #choices .choice, #peek-back, #end-screen .btn, #step-next:not([disabled]), #start, #home .btn"));
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

async function show(model, { replace = false } = {}) {
  const moved = !app.current || app.current.screen !== model.screen || (model.hash !== undefined && app.current.hash !== model.hash);
  app.current = model;
  if (model.notices && model.notices.length) notify(model.notices.join(" "));
  else if (moved) $("#notice").hidden = true; // a notice belongs to the screen it was said on
  if (model.screen === "home") {
    views.home(model.home);
    setHash("", replace);
  } else if (model.screen === "setup") {
    views.setup(model.setup);
    setHash(model.hash, replace);
  } else {
    setHash(model.hash, replace);
    await views.game(model.game);
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
export async function route(hash) {
  app.navigation += 1;
  const frag = hash.replace(/^#/, "");
  const [kind, ...rest] = frag.split("/");
  const arg = rest.join("/");
  lastHash = hash;
  if (!frag) {
    await show({ screen: "home", home: null, notices: [] }, { replace: true });
    if (engine.state.done) views.record();
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
  const seen = app.navigation;
  while (app.busy) await new Promise((resolve) => setTimeout(resolve, 50)); // a command still in flight
  if (seen !== app.navigation) return;
  // A saved game's last screen at once while the engine starts (web/warm.js).
  const early = !engine.state.done && await warm.paint(hash, show);
  if (!early && !engine.state.done) {
    // The engine is not up: the loading screen says how far its start is; Cancel, Home and Back
    // go elsewhere meanwhile and the download goes on (the next tap finds it further along).
    showLoading();
    try { await engine.ready; } catch { return; } // the boot bar says what failed
    while (app.busy) await new Promise((resolve) => setTimeout(resolve, 50));
    if (seen !== app.navigation) return;
  }
  app.busy = true;
  const timer = early ? 0 : setTimeout(() => showLoading(), 250);
  $("#loading-label").textContent = "";
  $("#loading-bar").removeAttribute("value");
  try {
    await waitForEngine();
    const model = await engine.cancellable("route", [hash], (done, total) => {
      bar("loading-bar").max = total;
      bar("loading-bar").value = done;
      $("#loading-label").textContent = `Replaying move ${done} of ${total}…`;
    });
    clearTimeout(timer);
    if (seen === app.navigation) await show(model, { replace: true });
  } catch (err) {
    clearTimeout(timer);
    console.error(err);
    notify(`That address could not be opened (${errorText(err)}).`);
    await show({ screen: "home", home: null, notices: [] }, { replace: true });
  } finally {
    app.busy = false;
  }
  if (early) warm.flush(app.current && app.current.game, (i, at) => views.shell.act(i, null, at)); // a tap made meanwhile
}

// Cancel: while the engine starts, home (its download goes on); while a long link replays, stop it.
$("#loading-cancel").addEventListener("click", () => {
  if (engine.state.done) engine.cancel();
  else goHome();
});

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
export function navigate(hash, open = true) {
  if (location.hash === hash) return;
  history.pushState(null, "", hash);
  if (open) route(hash);
  else { app.navigation += 1; lastHash = hash; }
}
