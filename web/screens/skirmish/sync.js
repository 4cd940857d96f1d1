// Minimal Space Combat's screen and the shell in step: a tap played as a legal action, a design or
// orders played one engine step at a time (the queue), the seat's presentation state kept in
// step with each model, and a redraw that keeps the focus where it was.
import { state } from "./state.js";
import { openOrder, plottingShip } from "./helpers.js";

/** @typedef {import("./state.js").SkirmishGame} SkirmishGame */
/** @typedef {import("./state.js").SkirmishChoice} SkirmishChoice */
/** @typedef {import("./state.js").QueueItem} QueueItem */
/** @typedef {{id: string, tag: string, data: string, text: string, index: number}} FocusMark */

/** The legal action of ``kind`` with these fields, if ``g`` offers it.
 * @param {SkirmishGame} g
 * @param {string} kind
 * @param {Record<string, unknown>} fields
 * @returns {SkirmishChoice | undefined} */
export function findAction(g, kind, fields = {}) {
  return g.actions.find((a) => a.kind === kind && Object.entries(fields).every(([k, val]) => a.fields[k] === val));
}

/** Play a legal action for a tap. The shell ignores a tap sooner than its settle time after a
 * new decision appears (the second tap of a double tap). A decision that appeared because
 * the screen's own commit ended (its last Step) was asked for by the player already, so a tap
 * there that the guard ignored is played once it has passed.
 * @param {SkirmishChoice | undefined} a
 * @param {Event} [e] */
export function actNow(a, e) {
  if (!a) return;
  const at = state.current ? state.current.at : undefined;
  const answer = state.shell.act(a.i, e, at);
  const fresh = e && e.isTrusted && performance.now() - state.queueDoneAt < 1000;
  if (!fresh || !answer || typeof answer.then !== "function") return;
  answer.then((model) => {
    if (model || !state.current || state.current.at !== at || state.queue) return;
    setTimeout(() => { if (state.current && state.current.at === at && !state.queue) state.shell.act(a.i, undefined, at); }, 320);
  });
}

// ---------------------------------------------------------------------------- the queue

/** Play a committed sequence of engine steps, one legal action at a time.
 * @param {QueueItem[]} items
 * @param {string} what the commit in words ("Building W2") */
export function startQueue(items, what) {
  state.queue = { items, what, sentAt: null, sentTime: 0 };
  pump();
}

/** The queue's next step played once the last one is in (or sent again if it was not). */
export function pump() {
  if (!state.queue) return;
  const g = /** @type {SkirmishGame} */ (state.shell.game);
  if (!g || g.mode !== "play" || g.handoff || !g.view) { state.queue = null; return; }
  if (state.queue.sentAt !== null) {
    if (g.at === state.queue.sentAt) {
      if (!document.body.dataset.busy && performance.now() - state.queue.sentTime > 700) {
        state.queue.sentTime = performance.now();
        state.shell.act(state.queue.sentI);
      }
      setTimeout(pump, 120);
      return;
    }
    state.queue.items.shift();
    state.queue.sentAt = null;
  }
  if (!state.queue.items.length) { state.queue = null; state.queueDoneAt = performance.now(); rerender(); return; }
  const [kind, fields] = state.queue.items[0];
  const a = findAction(g, kind, fields);
  if (!a) {
    const what = state.queue.what;
    state.queue = null;
    state.shell.notify(`${what} stopped: the game did not offer the next step.`);
    return;
  }
  state.queue.sentAt = g.at;
  state.queue.sentI = a.i;
  state.queue.sentTime = performance.now();
  state.shell.act(a.i);
  setTimeout(pump, 120);
}

// ---------------------------------------------------------------------------- state sync

/** The seat's presentation state kept in step with a new model: the orders being plotted, the
 * ship selected and the target.
 * @param {SkirmishGame} g
 * @param {string | null} prevPhase */
export function syncUi(g, prevPhase) {
  const v = g.view;
  if (prevPhase !== v.phase) { state.ui.target = null; state.ui.why = ""; }
  if (v.phase === "orders" && g.mode === "play" && g.actions.length) {
    const ship = plottingShip(v);
    const open = openOrder(v);
    if (!ship) state.ui.draft = null;
    else if (!state.ui.draft || state.ui.draft.ship !== ship.id) {
      state.ui.draft = { ship: ship.id, speed: open ? open.speed : null, steps: open ? open.steps : "", short: "" };
      state.ui.speedTapped = false;
      state.ui.typed = "";
      state.ui.typedError = "";
    }
    else if (open) {
      state.ui.draft.speed = open.speed;
      if (!state.ui.draft.steps.startsWith(open.steps)) state.ui.draft.steps = open.steps;
    }
    if (ship && state.ui.selected === null) state.ui.selected = ship.id;
  } else {
    state.ui.draft = null;
  }
  if (v.phase === "combat" && g.actions.length && state.ui.selected !== null) {
    const s = v.ships[state.ui.selected];
    if (!s || s.fate) state.ui.selected = null;
  }
  if (v.phase === "combat" && g.mode === "play" && g.actions.length) {
    const fires = g.actions.filter((a) => a.kind === "Fire");
    const shooters = [...new Set(fires.map((a) => a.fields.ship))];
    if (shooters.length && !shooters.includes(state.ui.selected)) state.ui.selected = shooters[0];
    const targets = [...new Set(fires.map((a) => a.fields.target))];
    if (targets.length === 1) state.ui.target = targets[0];
  }
  if (state.ui.target !== null && v.ships[state.ui.target] && v.ships[state.ui.target].fate) state.ui.target = null;
}

/** The screen drawn again from the model on screen, by screen.js's render (state.render). */
export function rerender() {
  const g = state.current;
  const area = document.getElementById("board-area");
  if (!g || !area || !g.view) return;
  const mark = focusMark(area);
  state.render(area, g, state.shell);
  if (mark) {
    const el = findMark(area, mark);
    if (el) el.focus({ preventScroll: true });
  }
  keepDecisionInView();
}

// The control that had the focus keeps it through a redraw of the panels (issue 36: in the
// designer the focus fell to the page after every change): found again by its id, else by its
// name for screen readers (aria-label), its data attributes and words, else its place.
const FOCUSABLE = "button, input, select, textarea, summary, [tabindex]";
/** @param {HTMLElement} area
 * @returns {FocusMark | null} */
function focusMark(area) {
  const el = document.activeElement;
  if (!el || el === document.body || !area.contains(el)) return null;
  const data = [...el.attributes].filter((a) => a.name.startsWith("data-") || a.name === "aria-label" || a.name === "name")
    .map((a) => `${a.name}=${a.value}`).join("|");
  return { id: el.id, tag: el.tagName, data, text: el.textContent.trim(), index: [...area.querySelectorAll(FOCUSABLE)].indexOf(el) };
}

/** @param {HTMLElement} area
 * @param {FocusMark} mark
 * @returns {HTMLElement | null} */
function findMark(area, mark) {
  if (mark.id) return document.getElementById(mark.id);
  // FOCUSABLE names HTML elements only.
  const focusable = /** @type {NodeListOf<HTMLElement>} */ (area.querySelectorAll(FOCUSABLE));
  const all = [...focusable].filter((el) => el.tagName === mark.tag);
  const dataOf = (/** @type {Element} */ el) => [...el.attributes].filter((a) => a.name.startsWith("data-") || a.name === "aria-label" || a.name === "name")
    .map((a) => `${a.name}=${a.value}`).join("|");
  return (mark.data && all.find((el) => dataOf(el) === mark.data))
    || all.find((el) => el.textContent.trim() === mark.text && mark.text)
    || focusable[mark.index] || null;
}

// The decision's own controls: the last one on the page is the one kept in view with the map.
const CONTROLS = "#msc-commit, #msc-panel [data-target], .msc-fire-btn, #msc-panel .msc-hit-sides";
// The decisions whose one button is the shell's choice (issue 36: one list of buttons): the
// orders' Submit, Hold fire.
const SHELL_ONLY = new Set(["Submit", "HoldFire"]);

/** Hold fire first in the shell's choices (shown first, by a class, as Genocide marks its
 * choices at a hex): with several ships there are many shots, and Hold fire, the one button of
 * its decision (issue 36), would be under all of them, off a phone's screen. Its number key
 * stays the engine's order.
 * @param {SkirmishGame} g */
export function markChoices(g) {
  const list = document.getElementById("choices");
  if (!list) return;
  const hold = g.mode === "play" && g.view && g.view.phase === "combat" ? findAction(g, "HoldFire") : undefined;
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll(".choice"))) {
    b.classList.toggle("msc-first", Boolean(hold) && b.dataset.action === String(hold.i));
  }
}

/** The map and the decision's controls on screen together (issue 36): after a tap that changes
 * the controls (a SPEED, a step, a target) and when a new decision appears, the page scrolls
 * just enough to show the last control and the whole map, never past the map's top (the recap
 * above it is one swipe away), and back up to the map's top when it is scrolled away; a panel that scrolls on its own (beside the map in landscape)
 * scrolls its controls into its view. */
export function keepDecisionInView() {
  const map = document.getElementById("msc-map-wrap");
  const panel = document.getElementById("msc-panel");
  if (!map || !panel) return;
  // A decision made on the map alone (placing a ship) keeps its words in view.
  // The deployment's facings and Submit are the shell's choices (issue 36): those few come into
  // view with the map, not a list of every hex to place on.
  const v = state.current && state.current.view;
  const deploying = v && v.phase === "deploy" ? [...document.querySelectorAll("#choices .choice")] : [];
  // Submit and Hold fire are the shell's choices alone (issue 36): they come into view with the map.
  const shellOnly = state.current ? state.current.actions.filter((a) => SHELL_ONLY.has(a.kind))
    .map((a) => document.querySelector(`#choices .choice[data-action="${a.i}"]`)).filter((el) => el !== null) : [];
  const picks = deploying.length <= 6 ? deploying : [];
  const all = [...document.querySelectorAll(CONTROLS), ...picks, ...shellOnly].filter((el) => el.getClientRects().length);
  const last = all.length ? all[all.length - 1] : panel;
  // A control in the panel is seen where the panel shows it (it may scroll on its own); the
  // shell's choices (issue 36) lie under it in the page.
  const inPanel = panel.contains(last);
  if (inPanel && panel.scrollHeight > panel.clientHeight + 1) {
    const p = panel.getBoundingClientRect();
    const c = last.getBoundingClientRect();
    if (c.bottom > p.bottom) panel.scrollTop += c.bottom - p.bottom + 8;
  }
  const c = last.getBoundingClientRect();
  const m = map.getBoundingClientRect();
  const header = document.querySelector(".topbar");
  const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  // The least scroll that shows the controls (and the map's foot), the most that keeps the map's
  // top under the header: a map scrolled away above (the page was left lower by the last
  // decision) comes back down as far as the controls allow.
  // A panel that sticks under the header (beside the map) stays on screen whatever the scroll.
  const sticky = getComputedStyle(panel).position === "sticky";
  const least = sticky && inPanel ? -Infinity : (inPanel ? Math.min(c.bottom, panel.getBoundingClientRect().bottom) : c.bottom) + 8 - window.innerHeight;
  const most = m.top - top - 4;
  // With the map's top scrolled away, the page never scrolls further down for a control below
  // (Hold fire under a panel beside the map, in landscape): the map is the decision's place.
  const by = most < 0 ? Math.min(Math.max(most, least), 0) : Math.min(Math.max(least, m.bottom - window.innerHeight, 0), most);
  if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: "instant" });
}
