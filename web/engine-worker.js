// The engine's Web Worker: Pyodide, the game core and the app controller, off the main thread.
// The page never waits on Python: it posts commands here and renders the models that come back.
// Messages in:  {type: "init", sizes, cache, firstVisit, snapshot, playable}
//               {type: "call", id, cmd, args, now}   {type: "cancel", id}
// Messages out: {type: "bytes", path, seen} while downloading, {type: "stage", text},
//               {type: "ready"} or {type: "failed", message},
//               {type: "progress", id, done, total} during a long command,
//               {type: "result", id, text} when a command is done: text is the JSON of
//               {model, writes, error} (or {type: "result", id, model, writes, error} after a
//               cancel, {type: "result", id, failure} on an error).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);
let api = null;
let sizes = {};
let cancelId = null;
const queue = [];
let pumping = false;
const copies = []; // responses fetched on a first visit, kept for the offline precache

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
  const path = pathOf(typeof input === "string" ? input : input.url || String(input));
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
    flush() { postMessage({ type: "bytes", path, seen }); },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
};

async function boot(msg) {
  sizes = msg.sizes || {};
  keepCopies = Boolean(msg.firstVisit && self.caches);
  postMessage({ type: "stage", text: "Downloading the game" });
  const zip = fetch(new URL("app.zip", base)).then((r) => {
    if (!r.ok) throw new Error(`app.zip answered ${r.status}`);
    return r.arrayBuffer();
  });
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, fullStdLib: false });
  postMessage({ type: "stage", text: "Starting the engine" });
  pyodide.unpackArchive(await zip, "zip", { extractDir: "/app" });
  pyodide.runPython("import sys\nsys.path.insert(0, '/app')");
  const module = pyodide.pyimport("star_web.worker_api");
  api = module.Api(JSON.stringify(msg.snapshot || {}), JSON.stringify(msg.playable || []));
  postMessage({ type: "ready" });
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
    try {
      api.start(JSON.stringify({ cmd: msg.cmd, args: msg.args, now: msg.now }));
      for (;;) {
        const text = api.step();
        if (!text.startsWith('{"progress"')) {
          // The answer goes as its JSON text: one string to copy, parsed once on the page
          // (an object would be cloned field by field, on the page's thread too; and here,
          // only a progress report is read).
          postMessage({ type: "result", id: msg.id, text });
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
      postMessage({ type: "result", id: msg.id, failure: String(err && err.message || err) });
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
  } else if (msg.type === "call") {
    queue.push(msg);
    if (api) pump();
  }
};
