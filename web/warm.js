/** @typedef {import("./types/models").GameModel} GameModel */
/** @typedef {import("./types/screen").ScreenModule} ScreenModule */
// "Your game before Python": the page keeps the last model it drew of each saved game (beside
// the save, in localStorage), so "Continue" and a reload mid-game draw that game's last screen
// at once, before the engine is up; its decision buttons wait visibly, and the first tap made
// meanwhile is played once the engine has the game, exactly once. The shell (app.js) calls:
//   remember(model)      after drawing any model (keeps games in play, one person at a time)
//   paint(hash, show)    before asking the engine for a game: draws the kept model if any
//   early(current)       true while the model on screen is such a kept one (engine not ready)
//   take(i, at, event)   a tap on it: kept (the first only) and marked as picked
//   flush(g, act)        once the engine's own model is on screen: plays the kept tap on it
// Kept under "startable-warm:" (not "startable:"): the engine never sees these keys.
const PREFIX = "startable-warm:";
const KEEP = 3; // the last games drawn; older ones are dropped
const build = (() => {
  try { return JSON.parse(document.getElementById("catalog").textContent).info.cache; } catch { return ""; }
})();

// Its look (the waiting choices) is in warm.css, fetched only when a kept game is drawn.
function addStyle() {
  if (document.getElementById("warm-css")) return;
  document.head.append(Object.assign(document.createElement("link"), { id: "warm-css", rel: "stylesheet", href: new URL("./warm.css", import.meta.url).href }));
}

let shown = null; // the kept game model on screen, while the engine starts
let shownHash = ""; // the address it was drawn for
let tapped = null; // {i, at, label}: the first tap on it

function saveId(hash) {
  const m = /^#?g\/([^/?#]+)$/.exec(hash || "");
  return m ? decodeURIComponent(m[1]) : "";
}

let pendingWrite = null;
/** Keep ``model`` (a game in play, on a save's address) for the next visit, when the browser is idle. */
export function remember(model) {
  if (!model || model.screen !== "game" || model.game === shown) return;
  const g = model.game;
  const id = saveId(model.hash || location.hash);
  // A game with several people at this device shows one person's secrets: it is not kept
  // (a reload must show the hand-off first, which only the engine decides).
  const people = g.seats.filter((s) => !s.computer).length;
  if (!id || g.mode !== "play" || people > 1) return;
  const first = pendingWrite === null;
  pendingWrite = { id, game: g };
  if (first) {
    const write = () => { if (pendingWrite) store(pendingWrite); pendingWrite = null; };
    if (self.requestIdleCallback) requestIdleCallback(write, { timeout: 2000 }); else setTimeout(write, 200);
  }
}

function store({ id, game }) {
  try {
    localStorage.setItem(PREFIX + id, JSON.stringify({ build, saved: Date.now(), game }));
    const kept = [];
    for (let n = 0; n < localStorage.length; n++) {
      const key = localStorage.key(n);
      if (key && key.startsWith(PREFIX)) kept.push([JSON.parse(localStorage.getItem(key)).saved || 0, key]);
    }
    kept.sort((a, b) => b[0] - a[0]);
    for (const [, key] of kept.slice(KEEP)) localStorage.removeItem(key);
  } catch (err) {
    console.warn("the game's last screen could not be kept:", err); // storage full: nothing lost but speed
  }
}

addEventListener("pagehide", () => { if (pendingWrite) store(pendingWrite); pendingWrite = null; });

/** The kept model of the save at ``hash``, if it is of this build and still in the save index. */
function kept(hash) {
  const id = saveId(hash);
  if (!id) return null;
  try {
    const index = JSON.parse(localStorage.getItem("startable:index") || "{}");
    if (!Array.isArray(index.games) || !index.games.some((s) => s && s.id === id && !s.over)) return null;
    const entry = JSON.parse(localStorage.getItem(PREFIX + id) || "null");
    return entry && entry.build === build && entry.game && Array.isArray(entry.game.actions) ? entry.game : null;
  } catch {
    return null;
  }
}

/** Draw the kept model of the game at ``hash`` with ``show`` (the shell's); true if drawn. */
export async function paint(hash, show) {
  const game = kept(hash);
  if (!game) return false;
  shown = game;
  shownHash = hash.replace(/^#/, "");
  tapped = null;
  addStyle();
  document.body.dataset.early = "1";
  await show({ screen: "game", game, hash: hash.replace(/^#/, ""), notices: [] }, { replace: true });
  const decide = document.getElementById("decide");
  if (decide && game.actions.length) {
    decide.append(Object.assign(document.createElement("p"), {
      id: "early-note", className: "early-note", textContent: "Starting the engine… your choice is played as soon as it is ready.",
    }));
  }
  return true;
}

/** Is the model on screen a kept one, drawn before the engine had the game? */
export function early(current) {
  return Boolean(shown && current && current.game === shown);
}

/** A tap on a kept screen: the first is kept for the engine (and shown as picked); later ones are not. */
export function take(i, at, event) {
  if (tapped || (at !== undefined && at !== shown.at)) return Promise.resolve(null);
  const action = shown.actions.find((a) => a.i === i);
  if (!action) return Promise.resolve(null);
  tapped = { i, at: shown.at, label: action.label };
  const button = event && event.target && event.target.closest ? event.target.closest("button") : null;
  if (button) button.classList.add("picked");
  for (const b of document.querySelectorAll("#choices .choice")) b.setAttribute("aria-disabled", "true");
  const note = document.getElementById("early-note");
  if (note) note.textContent = `“${action.label}”: played as soon as the engine is ready.`;
  document.body.dataset.earlyTap = String(i);
  return Promise.resolve(null);
}

/** The engine's own model ``g`` is on screen: play the kept tap on it if it is the same decision.
 * @param {GameModel} g */
export function flush(g, act) {
  const tap = tapped;
  shown = null;
  tapped = null;
  delete document.body.dataset.early;
  delete document.body.dataset.earlyTap;
  if (!tap || !g || g.at !== tap.at || location.hash.replace(/^#/, "") !== shownHash) return null;
  const same = g.actions.find((a) => a.i === tap.i);
  return same && same.label === tap.label ? act(tap.i, tap.at) : null;
}
