// The page's side of the engine worker: start it at once, report its progress, and turn
// commands into promises of models. Saves live in localStorage, which only the page can
// reach: the worker starts with a copy and sends back the writes each command made.
/** @typedef {import("./types/models").PageModel} PageModel */
/** @typedef {import("./types/models").Replies} Replies */
/** A command's answer: a small command's own, as models.Replies states it by name; any other
 * command's is a screen's (``PageModel``).
 * @template {string} C
 * @typedef {C extends keyof Replies ? Replies[C] : PageModel} ReplyTo */
const PREFIX = "startable:";
const listeners = new Set();
const pending = new Map(); // id -> {resolve, reject, onProgress}
let nextId = 1;
let worker = null;
let readyResolve;
let readyReject;
export const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });
// plan: the files this start fetches (the worker says which: a first visit does not fetch the
// memory snapshot); received: bytes of each so far; lastByteAt: when a byte last came (a stall
// is a long time without one, not a long download).
export const state = { stage: "Starting", plan: [], cached: false, received: {}, total: 0, done: false, failed: "", lastByteAt: 0 };
let sizes = {};
let wire = {};

function emit() { for (const fn of listeners) fn(state); }

/** Call ``fn(state)`` whenever the boot progress changes. */
export function onBoot(fn) { listeners.add(fn); fn(state); return () => listeners.delete(fn); }

/** The download so far, in bytes on the wire (gzip sizes from the build, as a static host
 * sends them): ``{got, total, fraction}`` over the planned files only. */
export function download() {
  let got = 0;
  let total = 0;
  for (const path of state.plan) {
    const size = sizes[path] || 0;
    const onWire = wire[path] || size;
    total += onWire;
    got += size ? Math.min(1, (state.received[path] || 0) / size) * onWire : 0;
  }
  return { got, total, fraction: total ? got / total : 0 };
}

/** How far the boot is, 0..100: bytes are 90% of it, starting the engine the rest. */
export function percent() {
  if (state.done) return 100;
  return Math.round(Math.min(1, download().fraction) * 90 + (state.stage.startsWith("Starting the engine") ? 5 : 0));
}

// Several tabs of the site share one localStorage (issue 37). Each tab's engine holds a copy;
// ``known`` is that copy as this page last gave it or took it back. A write is checked against
// it under a lock: a game's blob that another tab changed since is not overwritten (the engine
// is told and shows the newer game), and the index of saved games is merged by game id, so a
// game another tab added or played on is never dropped from the list.
const INDEX_KEY = `${PREFIX}index`;
const GAME_PREFIX = `${PREFIX}game:`;
const known = new Map();
const externalListeners = new Set();

function storageSnapshot() {
  const out = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(PREFIX)) out[key] = localStorage.getItem(key);
    }
  } catch (err) {
    console.warn("localStorage is not available:", err);
  }
  for (const [key, value] of Object.entries(out)) known.set(key, value);
  return out;
}

function readIndex(text) {
  try {
    const data = JSON.parse(text || "null");
    return data && Array.isArray(data.games) ? data : null;
  } catch { return null; }
}

/** The index to store: this tab's (``mine``) merged with the stored one by game id. A game in the
 * stored index that this tab never knew was added elsewhere and stays; one this tab knew and
 * dropped was deleted or pruned here and goes; a game whose blob another tab wrote keeps that
 * tab's line. */
function mergeIndex(mine, stored, before, theirs) {
  const m = readIndex(mine);
  const st = readIndex(stored);
  if (!m || !st) return mine;
  const knewBefore = new Set((readIndex(before) || { games: [] }).games.map((e) => e.id));
  const mineById = new Map(m.games.map((e) => [e.id, e]));
  const out = [];
  const placed = new Set();
  for (const entry of st.games) {
    if (theirs.has(entry.id)) out.push(entry);
    else if (mineById.has(entry.id)) out.push(mineById.get(entry.id));
    else if (!knewBefore.has(entry.id)) out.push(entry);
    else continue;
    placed.add(entry.id);
  }
  for (const entry of m.games) if (!placed.has(entry.id)) out.push(entry);
  // Nothing of another tab's: this tab's own text, as the engine wrote it (a text of ours
  // would differ from Python's in spacing alone, and tell the engine of a change that is none).
  if (out.length === m.games.length && out.every((entry, k) => entry === m.games[k])) return mine;
  return JSON.stringify({ ...m, games: out });
}

let storageProblem = "";
let storageToldFull = false;
function applyWritesNow(writes) {
  const theirs = new Set(); // games whose blob another tab wrote since this tab's engine saw it
  const taken = []; // [key, value] the engine must take from storage instead of its own
  for (const [key, value] of writes || []) {
    if (!key.startsWith(GAME_PREFIX)) continue;
    const stored = localStorage.getItem(key);
    const before = known.has(key) ? known.get(key) : null;
    // A blob deleted elsewhere is written back (nothing is lost); one changed elsewhere is kept.
    if (stored !== null && stored !== before && stored !== value) { theirs.add(key.slice(GAME_PREFIX.length)); taken.push([key, stored]); }
  }
  for (const [key, value] of writes || []) {
    try {
      if (key.startsWith(GAME_PREFIX) && theirs.has(key.slice(GAME_PREFIX.length))) continue;
      let text = value;
      if (key === INDEX_KEY && value !== null) {
        text = mergeIndex(value, localStorage.getItem(INDEX_KEY), known.get(INDEX_KEY), theirs);
        if (text !== value) taken.push([key, text]);
      }
      if (text === null) localStorage.removeItem(key);
      else localStorage.setItem(key, text);
      known.set(key, text);
    } catch (err) {
      // Told once a visit: every game saved before is still there.
      // A DOMException (QuotaExceededError) is an Error in today's browsers, not in every older one.
      const name = (err instanceof Error || err instanceof DOMException) && err.name;
      if (!storageToldFull) storageProblem = `This move could not be saved on this device (${name || err}): its storage is full or refused. `
        + "Your games saved before are kept; delete finished ones, or export them, to make room.";
      storageToldFull = true;
    }
  }
  for (const [key, value] of taken) known.set(key, value);
  if (taken.length) tellEngine(taken);
}

let writing = Promise.resolve();
function applyWrites(writes) {
  if (!writes || !writes.length) return writing;
  // One tab at a time reads, merges and writes (Web Locks); without them, at once, which
  // leaves only the few microseconds between the read and the write.
  const locks = navigator.locks;
  writing = writing.then(() => (locks ? locks.request("startable:saves", () => applyWritesNow(writes)) : applyWritesNow(writes)))
    .catch((err) => { console.error(err); });
  return writing;
}

/** Another tab changed the saves: give this tab's engine the new values, then tell the page. */
function tellEngine(changes) {
  call("external", [changes]).then((result) => { for (const fn of externalListeners) fn(result); })
    .catch((err) => console.error(err));
}

/** Call ``fn({open_changed, save_id})`` after another tab changed the saved games. */
export function onExternalChange(fn) { externalListeners.add(fn); return () => externalListeners.delete(fn); }

if (typeof addEventListener === "function") {
  addEventListener("storage", (event) => {
    if (event.storageArea !== localStorage) return;
    if (event.key === null) { // cleared elsewhere: everything this tab knew is gone
      const changes = [...known.keys()].map((key) => [key, null]);
      known.clear();
      if (worker && changes.length) tellEngine(changes);
      return;
    }
    if (!event.key.startsWith(PREFIX) || known.get(event.key) === event.newValue) return;
    known.set(event.key, event.newValue);
    if (worker) tellEngine([[event.key, event.newValue]]);
  });
}

/** The storage problem met since the last call, once. */
export function takeStorageProblem() {
  const problem = storageProblem;
  storageProblem = "";
  return problem;
}

/** Start the worker (once): ``info`` is the build's file list, ``playable`` the games with a screen. */
export function start(info, playable) {
  if (worker) return;
  const memory = info.snapshot || null;
  sizes = info.sizes || {};
  wire = info.wire || {};
  state.stage = "Downloading the game";
  state.lastByteAt = performance.now();
  document.body.dataset.engine = "starting";
  // Started by index.html's inline script while the page loaded (web/early.js), else here.
  worker = self.starEarlyWorker || new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module", name: "engine" });
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "plan") {
      // Only these files are counted: never one this start does not fetch.
      state.plan = msg.files;
      state.cached = Boolean(msg.cached);
      state.total = msg.files.reduce((sum, path) => sum + (sizes[path] || 0), 0);
      emit();
    } else if (msg.type === "bytes") {
      state.received[msg.path] = msg.seen;
      state.lastByteAt = performance.now();
      if (state.plan.includes(msg.path)) emit();
    } else if (msg.type === "stage") {
      if (state.stage !== msg.text) { state.stage = msg.text; state.lastByteAt = performance.now(); emit(); }
    }
    else if (msg.type === "ready") {
      // Anyone may time a start from outside: the engine answers commands from here on.
      self.starEngineReadyAt = performance.now();
      document.body.dataset.engine = "ready";
      document.body.dataset.engineFrom = msg.from; // "snapshot" or "boot" (tests, benchmarks)
      if (msg.refused) document.body.dataset.snapshotRefused = msg.refused;
      // The worker's steps, in ms since this page's navigation started.
      const shift = msg.origin - performance.timeOrigin;
      self.starEngineTimings = Object.fromEntries(Object.entries(msg.timings || {}).map(([k, v]) => [k, Math.round(v + shift)]));
      state.done = true; state.stage = "Ready"; emit(); readyResolve();
    }
    else if (msg.type === "failed") { state.failed = msg.message; emit(); readyReject(new Error(msg.message)); }
    else if (msg.type === "probe") { for (const fn of probes.splice(0)) fn(msg.random); }
    else if (msg.type === "progress") {
      const call = pending.get(msg.id);
      if (call && call.onProgress) call.onProgress(msg.done, msg.total);
    } else if (msg.type === "result") {
      const call = pending.get(msg.id);
      if (!call) return;
      pending.delete(msg.id);
      if (msg.failure) { call.reject(new Error(msg.failure)); return; }
      const received = performance.now();
      const out = msg.text !== undefined ? JSON.parse(msg.text) : msg;
      // Where a command's time went, for benchmarks/startup.py: posted -> answered (of which
      // Python: python), and the answer's size and parse time on this thread.
      timings.push({ cmd: call.cmd, posted: call.posted, received, python: msg.ms || 0,
        bytes: msg.text ? msg.text.length : 0, parse: performance.now() - received });
      if (timings.length > 200) timings.shift();
      // The model is shown once its writes are in storage (a reader of the saves sees them).
      applyWrites(out.writes).then(() => call.resolve(out.model));
    }
  };
  worker.onerror = (event) => {
    state.failed = event.message || "the engine could not start";
    emit();
    readyReject(new Error(state.failed));
  };
  const firstVisit = "caches" in self && !(navigator.serviceWorker && navigator.serviceWorker.controller);
  worker.postMessage({ type: "init", sizes: info.sizes, cache: info.cache, firstVisit, snapshot: storageSnapshot(), memory, playable });
}

const timings = []; // the last commands' timings (see the result handler)
self.starCallTimings = timings;
const probes = [];
/** For the tests: a draw from the engine's Python ``random`` (must differ on every visit). */
export function probe() {
  return new Promise((resolve) => { probes.push(resolve); worker.postMessage({ type: "probe" }); });
}

/** A new game's seed, from the browser's crypto RNG (64 bits as a decimal string): every new game
 * (the setup, a quick game from home, a screen's "Play again") is dealt from one of these. */
export function randomSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(words[0]) << 32n) | BigInt(words[1])).toString();
}

/** Run a command in the engine; resolves with its model. ``onProgress(done, total)`` on long ones.
 * @template {string} C
 * @param {C} cmd
 * @param {unknown[]} [args]
 * @param {((done: number, total: number) => void) | null} [onProgress]
 * @returns {Promise<ReplyTo<C>>} */
export function call(cmd, args = [], onProgress = null) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress, cmd, posted: performance.now() });
    worker.postMessage({ type: "call", id, cmd, args, now: Date.now() });
  }).finally(() => { if (current === id) current = 0; });
}

let current = 0;
/** Like ``call``, remembering the call so that ``cancel()`` can stop it (long link replays).
 * @template {string} C
 * @param {C} cmd
 * @param {unknown[]} args
 * @param {(done: number, total: number) => void} onProgress
 * @returns {Promise<ReplyTo<C>>} */
export function cancellable(cmd, args, onProgress) {
  const promise = call(cmd, args, onProgress);
  current = nextId - 1;
  return promise;
}

/** Stop the cancellable command in progress; its promise resolves with the home screen. */
export function cancel() {
  if (current) worker.postMessage({ type: "cancel", id: current });
}
