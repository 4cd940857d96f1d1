// Boot progress: the engine's start (begun here, before anything else), its download in the
// player's words on the header's bar and on the loading screen, and "Try again" when it is stuck.
import * as engine from "./engine.js";
import { $, PLAYABLE, bar, app, catalog, showScreen } from "./state.js";

engine.start(catalog.info, PLAYABLE);

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
  bar("boot-bar").value = pct;
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
  if (app.bootLoading && !s.done) {
    const loading = bar("loading-bar");
    loading.max = 100;
    if (s.stage.startsWith("Starting the engine")) loading.removeAttribute("value"); // no bytes left to count
    else loading.value = Math.round(engine.download().fraction * 100);
    $("#loading-label").textContent = stuck
      ? "Nothing has arrived for a while: the connection may be down. Try again, or keep waiting."
      : bootWords(s, false);
    $("#loading-retry").hidden = !(s.failed || stuck);
  }
  for (const wait of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-waits]"))) {
    wait.textContent = s.done ? wait.dataset.label : `Starting the engine… ${pct}%`;
  }
}
engine.onBoot(paintBoot);
const stallTimer = setInterval(() => {
  if (engine.state.done || engine.state.failed) clearInterval(stallTimer);
  paintBoot(engine.state);
}, 1000);
$("#boot-retry").addEventListener("click", () => location.reload());
$("#loading-retry").addEventListener("click", () => location.reload());

/** The loading screen, with the engine's start on it when it is not up yet. */
export function showLoading(title = "Opening the game…") {
  $("#loading-title").textContent = title;
  app.bootLoading = !engine.state.done;
  showScreen("loading");
  if (app.bootLoading) paintBoot(engine.state);
}
