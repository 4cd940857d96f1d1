// The shell's entry, the page's one module script. The shell: router, home, new-game setup, the
// game frame (header, seats, hand-off, choices, computer turns, log, replay bar, end panel, help)
// and dialogs, each in a module of its own (docs/WEB.md). It knows no game: it reads the
// catalogue the build wrote into the page, the keys every view offers (docs/ENGINE.md), and
// hands the rest of the screen to the game's own module in screens/<id>/screen.js.
// Every string from outside (a link, a save, a ship's name) is inserted as text, never markup.
// This module wires the modules together, follows other tabs, offers a new version, and starts.
import * as engine from "./engine.js";
import { h, morph, stylesheet, fill } from "./dom.js";
import { today } from "./daily.js";
import { $, app, notify, views } from "./state.js";
import "./boot.js"; // first: it starts the engine
import { route, run } from "./routing.js";
import { refreshRecord, renderHome } from "./home.js";
import { renderSetup } from "./setup.js";
import { renderGame, shell } from "./game.js";

export { h, morph, stylesheet, fill };

Object.assign(views, { home: renderHome, setup: renderSetup, game: renderGame, record: refreshRecord, shell });

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
  for (let tries = 0; app.busy && tries < 50; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  if (result.open_changed && app.current && app.current.screen === "game" && location.hash.startsWith("#g/")) {
    await run("route", [location.hash], { replace: true });
  } else if (app.current && app.current.screen === "home") {
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
  app.homeModel = model.home;
  if (!app.current || app.current.screen === "home") renderHome(model.home);
  refreshRecord();
  window.starReadyAt = performance.now();
  // For tests: resolves once every command sent so far has been answered and drawn (the worker
  // answers in order), so "a second tap played nothing" is checked without waiting a guess.
  window.starIdle = async () => {
    await engine.call("record", [today()]);
    while (app.busy) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    return true;
  };
  document.body.dataset.ready = "1";
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    // Not while a game is opening: the service worker's precache (on a first visit, the memory
    // snapshot for the next start above all) would share the bandwidth with it.
    while (app.busy || document.body.dataset.screen === "loading") await new Promise((resolve) => setTimeout(resolve, 250));
    navigator.serviceWorker.register("./sw.js").then(offerUpdate).catch((err) => console.warn("service worker", err));
  }
});
// A tap on the home screen made before the handlers above were attached (index.html keeps it).
for (const button of self.starEarlyTaps ? self.starEarlyTaps.take() : []) {
  if (button.isConnected) button.click();
}
