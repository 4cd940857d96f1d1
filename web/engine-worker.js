// The engine's Web Worker: Pyodide, the game core and the app controller, off the main thread.
// The page never waits on Python: it posts commands here and renders the models that come back.
// Messages in:  {type: "init", sizes, cache, firstVisit, snapshot, memory, playable} (snapshot:
//               the page's saves; memory: the build's Pyodide memory snapshot {path, stamp, sha256},
//               used only when it is in this build's cache already: see startPython)
//               {type: "call", id, cmd, args, now}   {type: "cancel", id}
// Messages out: {type: "plan", files, cached} the site files this start fetches (the page
//               counts these and no others; cached: from this device's cache), {type: "bytes", path, seen} while downloading,
//               {type: "stage", text} ("Starting the engine" once every planned file is in),
//               {type: "ready", from: "snapshot" | "boot", refused} or {type: "failed", message},
//               {type: "progress", id, done, total} during a long command,
//               {type: "result", id, text} when a command is done: text is the JSON of
//               {model, writes, error} (or {type: "result", id, model, writes, error} after a
//               cancel, {type: "result", id, failure} on an error).
// @ts-expect-error -- dist/pyodide/ is copied in from node_modules/pyodide by build.py
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);
let api = null;
let sizes = {};
let cancelId = null;
const queue = [];
let pumping = false;
const copies = []; // responses fetched on a first visit, kept for the offline precache

// The files this start fetches, and those fully received: once all are in, what is left is
// Python's start, and the label says so.
let plan = [];
const fetched = new Set();
function planFiles(files, cached = false) {
  plan = files.filter((path) => path in sizes);
  postMessage({ type: "plan", files: plan, cached });
  allFetched();
}
function allFetched() {
  if (plan.length && plan.every((path) => fetched.has(path))) postMessage({ type: "stage", text: "Starting the engine" });
}

function pathOf(url) {
  const u = new URL(url, base);
  if (u.origin !== base.origin || !u.pathname.startsWith(base.pathname)) return null;
  const p = u.pathname.slice(base.pathname.length);
  return p in sizes ? p : null;
}

// Count the bytes of every site file as it streams in, for the page's progress bar, and on
// a first visit keep a copy for the service worker's precache (so nothing downloads twice).
const realFetch = self.fetch.bind(self);
let keepCopies = false;
self.fetch = async function (input, init) {
  const response = await realFetch(input, init);
  const path = pathOf(input instanceof Request ? input.url : String(input));
  if (!path || !response.ok || !response.body) return response;
  if (keepCopies) copies.push([new URL(path, base).href, response.clone()]);
  let seen = 0;
  let last = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen - last > 65536 || seen === sizes[path]) {
        last = seen;
        postMessage({ type: "bytes", path, seen });
      }
      controller.enqueue(chunk);
    },
    flush() {
      postMessage({ type: "bytes", path, seen });
      fetched.add(path);
      allFetched();
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
};

// After a start from the memory snapshot: what Python seeded from os.urandom when it was made
// would be the same on every visit (the global random's state; tempfile's names), so it is
// drawn afresh. (str hashes keep the snapshot's secret: no game reads them, see docs/WEB.md.)
const FRESHEN = `
import random, sys, tempfile
random.seed()
tempfile._name_sequence = None
`;

// Where a start's time went (ms since the worker started), for benchmarks/startup.py.
const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now()); };

/** The build's snapshot from this build's cache, or null when it is not there (a first visit):
 * then Python boots without it, and the service worker fetches it in the background, once the
 * first game is playable, for the next start. A first visit pays only for what it needs. */
async function cachedSnapshot(memory, cacheName) {
  if (!memory || !memory.path || !cacheName || !self.caches) return null;
  try {
    const cache = await caches.open(cacheName);
    return (await cache.match(new URL(memory.path, base).href)) || null;
  } catch (err) {
    console.warn("the cache could not be read:", err);
    return null;
  }
}

async function snapshotBytes(memory, response) {
  if (!response.ok) throw new Error(`${memory.path} answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  mark("snapshot fetched");
  postMessage({ type: "bytes", path: memory.path, seen: bytes.length }); // read from the cache
  fetched.add(memory.path);
  allFetched();
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(sum, (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== memory.sha256) throw new Error("the snapshot is damaged or of another build (its SHA-256 differs)");
  return bytes;
}

const RUNTIME = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json"];

function fetchApp() {
  const zip = fetch(new URL("app.zip", base)).then((r) => {
    if (!r.ok) throw new Error(`app.zip answered ${r.status}`);
    return r.arrayBuffer();
  });
  zip.catch(() => {}); // awaited in startPython; a failure is reported there
  return zip;
}

/** Python with the engine imported: from the build's memory snapshot when this build's cache
 * holds a good one, else a normal boot. Returns ``[pyodide, from, why the snapshot was not used]``. */
async function startPython(memory, cacheName) {
  const indexURL = new URL("pyodide/", base).href;
  let refused = "";
  const cached = await cachedSnapshot(memory, cacheName);
  if (!cached && memory && memory.path) refused = "not cached yet (a first visit boots without it)";
  if (cached) {
    planFiles([memory.path, ...RUNTIME], true); // a later visit: all of it from this device
    try {
      const bytes = await snapshotBytes(memory, cached);
      mark("snapshot checked");
      const pyodide = await loadPyodide({ indexURL, fullStdLib: false, _loadSnapshot: bytes });
      mark("python restored");
      const stamp = pyodide.runPython("import sys\ngetattr(sys, '_star_table_stamp', '')");
      if (stamp !== memory.stamp) throw new Error(`the snapshot is of another build (${stamp} is not ${memory.stamp})`);
      pyodide.runPython(FRESHEN);
      mark("python freshened");
      // Every module of app.zip is in the snapshot (build.py imports them all): nothing to
      // unpack (it took ~0.3 s).
      return [pyodide, "snapshot", ""];
    } catch (err) {
      refused = String((err instanceof Error && err.message) || err);
      console.warn("the memory snapshot was refused; starting Python normally:", refused);
    }
  }
  // A normal boot: these files, and nothing else, are what the page's progress counts.
  const zip = fetchApp();
  // After a refused snapshot from the cache, the rest comes from this device's cache too.
  planFiles([...RUNTIME, "app.zip"], Boolean(cached));
  const pyodide = await loadPyodide({ indexURL, fullStdLib: false });
  mark("python started");
  postMessage({ type: "stage", text: "Starting the engine" });
  pyodide.unpackArchive(await zip, "zip", { extractDir: "/app" });
  pyodide.runPython("import sys\nsys.path.insert(0, '/app')");
  mark("app unpacked");
  return [pyodide, "boot", refused];
}

let python = null;

async function boot(msg) {
  mark("worker started");
  sizes = msg.sizes || {};
  keepCopies = Boolean(msg.firstVisit && self.caches);
  const [pyodide, from, refused] = await startPython(msg.memory, msg.cache);
  python = pyodide;
  const module = pyodide.pyimport("star_web.worker_api");
  api = module.Api(JSON.stringify(msg.snapshot || {}), JSON.stringify(msg.playable || []));
  mark("engine ready");
  postMessage({ type: "ready", from, refused, timings, origin: performance.timeOrigin });
  pump(); // calls that arrived while the engine started
  if (copies.length) {
    try {
      const cache = await caches.open(msg.cache);
      await Promise.all(copies.splice(0).map(([url, response]) => cache.put(url, response)));
    } catch (err) {
      console.warn("could not keep the downloaded files for offline use:", err);
    }
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function pump() {
  if (pumping) return;
  pumping = true;
  while (queue.length) {
    const msg = queue.shift();
    const began = performance.now();
    try {
      api.start(JSON.stringify({ cmd: msg.cmd, args: msg.args, now: msg.now }));
      for (;;) {
        const text = api.step();
        if (!text.startsWith('{"progress"')) {
          // The answer goes as its JSON text: one string to copy, parsed once on the page
          // (an object would be cloned field by field, on the page's thread too; and here,
          // only a progress report is read).
          // ms: the time Python took (benchmarks/startup.py splits a tap's time with it).
          postMessage({ type: "result", id: msg.id, text, ms: performance.now() - began });
          break;
        }
        const out = JSON.parse(text);
        postMessage({ type: "progress", id: msg.id, done: out.progress[0], total: out.progress[1] });
        await pause(); // lets a cancel message in between two steps
        if (cancelId === msg.id) {
          postMessage({ type: "result", id: msg.id, ...JSON.parse(api.cancel()) });
          break;
        }
      }
    } catch (err) {
      postMessage({ type: "result", id: msg.id, failure: String((err instanceof Error && err.message) || err) });
    }
  }
  pumping = false;
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === "init") {
    boot(msg).catch((err) => postMessage({ type: "failed", message: String(err && err.message || err) }));
  } else if (msg.type === "cancel") {
    cancelId = msg.id;
  } else if (msg.type === "probe") {
    // For the tests: a draw from Python's global random, which must differ on every visit.
    postMessage({ type: "probe", random: python ? python.runPython("import random\nstr(random.getrandbits(64))") : "" });
  } else if (msg.type === "call") {
    queue.push(msg);
    if (api) pump();
  }
};
