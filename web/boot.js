// First paint and boot: real loading progress, the service worker, then PyScript + Pyodide.
// Runs before any Python. Counts the bytes of every runtime file as it streams in (a
// wrapper around fetch), and on a first visit copies those responses into the precache so
// the service worker never downloads the runtime a second time.
const info = JSON.parse(document.getElementById("build-info").textContent);
const sizes = info.sizes;
const total = Object.values(sizes).reduce((a, b) => a + b, 0);
const received = new Map(); // path -> bytes seen
const bar = document.getElementById("boot-bar");
const label = document.getElementById("boot-label");
const base = new URL("./", location.href);
let stage = "Downloading the game";
let done = false;
let slow = false;

function pathOf(url) {
  const u = new URL(url, location.href);
  if (u.origin !== base.origin || !u.pathname.startsWith(base.pathname)) return null;
  const p = u.pathname.slice(base.pathname.length);
  return p in sizes ? p : null;
}

let painting = false;
function paint() {
  if (done || painting) return;
  painting = true;
  requestAnimationFrame(() => { painting = false; paintNow(); });
}

function paintNow() {
  if (done) return;
  let got = 0;
  for (const v of received.values()) got += v;
  // Bytes are 85% of the bar; starting Python and the engine the rest.
  const frac = Math.min(1, got / total) * 0.85 + (stage.startsWith("Starting") ? 0.05 : 0) +
    (stage.startsWith("Loading the engine") ? 0.1 : 0);
  const pct = Math.round(frac * 100);
  bar.value = pct;
  bar.setAttribute("aria-valuetext", `${pct}% ${stage}`);
  label.textContent = `${stage}… ${pct}%` + (got && got < total ? ` (${(got / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB)` : "") +
    (slow ? " — this is taking longer than usual." : "");
}

const firstVisit = "caches" in self && !(navigator.serviceWorker && navigator.serviceWorker.controller);
const copies = []; // [url, Response] downloaded on a first visit, for the precache
const realFetch = self.fetch.bind(self);

self.fetch = async function (input, init) {
  const response = await realFetch(input, init);
  const url = typeof input === "string" ? input : input.url || String(input);
  const path = pathOf(url);
  if (!path || !response.ok || !response.body) return response;
  // First visit: keep a copy for the service worker (it precaches from this cache first).
  // Written after the app is ready, so the disk work does not delay the first game.
  if (firstVisit) copies.push([new URL(path, base).href, response.clone()]);
  let seen = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      received.set(path, seen);
      paint();
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
};

// Files that arrive by import() (pyodide.asm.mjs, PyScript chunks) are counted when done.
if ("PerformanceObserver" in self) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const path = pathOf(entry.name);
      if (path && !received.has(path)) { received.set(path, sizes[path]); paint(); }
    }
  }).observe({ type: "resource", buffered: true });
}

addEventListener("py:progress", (event) => {
  const what = String(event.detail || "");
  if (location.search.includes("trace")) console.log(`boot ${Math.round(performance.now())} ms: ${what}`);
  if (what === "Loaded Pyodide") window.starPyodideAt = performance.now();
  if (/Loaded Pyodide|Loading interpreter|Loaded interpreter/.test(what)) stage = "Starting Python";
  if (/files|Loading /.test(what) && !/Pyodide/.test(what)) stage = "Loading the engine";
  paint();
});

export function bootFailed(message) {
  done = true;
  document.body.dataset.bootError = "1";
  label.textContent = message;
  document.getElementById("boot-retry").hidden = false;
}

async function keepCopies() {
  if (!copies.length) return;
  try {
    const cache = await caches.open(info.cache);
    await Promise.all(copies.splice(0).map(([url, response]) => cache.put(url, response)));
  } catch (err) {
    console.warn("could not keep the downloaded files for offline use:", err);
  }
}

window.starBoot = {
  keepCopies,
  stage(name) { stage = name; paint(); },
  finished() {
    done = true;
    bar.value = 100;
    bar.setAttribute("aria-valuetext", "100% ready");
    label.textContent = "Ready";
  },
  failed: bootFailed,
};

document.getElementById("boot-retry").addEventListener("click", () => location.reload());
addEventListener("error", (e) => { if (!window.starPy) bootFailed(`Could not start: ${e.message || "a script failed to load"}`); });
addEventListener("unhandledrejection", (e) => { if (!window.starPy) bootFailed(`Could not start: ${e.reason && e.reason.message || e.reason}`); });

// A watchdog: say so when starting takes unusually long (a slow phone or connection).
setTimeout(() => {
  if (!window.starPy && !done) {
    slow = true;
    paintNow();
    document.getElementById("boot-retry").hidden = false;
  }
}, 45000);

paintNow();
// PyScript first (it starts Pyodide); the page script meanwhile. app.js waits for Python.
await Promise.all([import("./pyscript/core.js"), import("./app.js")]);
