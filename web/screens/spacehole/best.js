// The best finished Spacehole score on this device for the same options, for the end screen.
// The saves' index (localStorage "startable:index") has each save's score but not its options:
// those are in the save itself, a link (base64url of raw deflate of msgpack
// [version, game, options, seed, count, choices]), whose header is read here. The shell's
// index could carry the options instead (see the issue 13 report).

const INDEX_KEY = "startable:index";
const GAME_PREFIX = "startable:game:";

function unbase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A small msgpack reader: enough for the header's ints, strings, bools and the options map. */
function reader(bytes) {
  let pos = 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const str = (n) => { const s = new TextDecoder().decode(bytes.subarray(pos, pos + n)); pos += n; return s; };
  function next() {
    const b = bytes[pos++];
    if (b <= 0x7f) return b;
    if (b >= 0xe0) return b - 0x100;
    if ((b & 0xf0) === 0x80) return map(b & 0x0f);
    if ((b & 0xf0) === 0x90) return array(b & 0x0f);
    if ((b & 0xe0) === 0xa0) return str(b & 0x1f);
    switch (b) {
      case 0xc0: return null;
      case 0xc2: return false;
      case 0xc3: return true;
      case 0xcc: pos += 1; return view.getUint8(pos - 1);
      case 0xcd: pos += 2; return view.getUint16(pos - 2);
      case 0xce: pos += 4; return view.getUint32(pos - 4);
      case 0xcf: pos += 8; return Number(view.getBigUint64(pos - 8));
      case 0xd0: pos += 1; return view.getInt8(pos - 1);
      case 0xd1: pos += 2; return view.getInt16(pos - 2);
      case 0xd2: pos += 4; return view.getInt32(pos - 4);
      case 0xd9: pos += 1; return str(view.getUint8(pos - 1));
      case 0xda: pos += 2; return str(view.getUint16(pos - 2));
      case 0xdc: pos += 2; return array(view.getUint16(pos - 2));
      default: throw new Error(`msgpack type ${b}`);
    }
  }
  function map(n) { const out = {}; for (let i = 0; i < n; i++) { const k = next(); out[k] = next(); } return out; }
  function array(n) { return n; } // the header's array: its items are read one by one
  return next;
}

/** The game id and options (with the format-1 implied rules) of a saved link; null if unreadable. */
async function header(blob) {
  try {
    const next = reader(await inflate(unbase64url(blob)));
    next(); // the array's length
    const version = next();
    const game = next();
    const options = next();
    if (typeof options !== "object" || options === null) return null;
    if (version === 1 && game === "spacehole" && !("rules" in options)) options.rules = 1;
    return { game, options };
  } catch {
    return null;
  }
}

function same(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (String(a[k] ?? "") !== String(b[k] ?? "")) return false;
  return true;
}

/** The best score of the other finished Spacehole saves with ``options``: {best, count}. */
export async function bestWith(options, exceptId) {
  let games = [];
  try {
    const index = JSON.parse(localStorage.getItem(INDEX_KEY) || "{}");
    games = Array.isArray(index.games) ? index.games : [];
  } catch {
    return { best: null, count: 0 };
  }
  let best = null;
  let count = 0;
  for (const s of games) {
    if (!s || s.game !== "spacehole" || !s.over || typeof s.score !== "number" || s.id === exceptId) continue;
    const blob = localStorage.getItem(GAME_PREFIX + s.id);
    const head = blob ? await header(blob) : null;
    if (!head || !same(head.options, options || {})) continue;
    count += 1;
    best = best === null ? s.score : Math.max(best, s.score);
  }
  return { best, count };
}
