// Minimal Space Combat's ship designer (MSC-2): the design form, the fleet chosen at setup
// waiting for review, and kept and shared designs.
import * as hx from "./hexmath.js";
import { STAT_LIMITS, TEMPLATES, WEAPON_COST, WEAPON_ORDER, cleanDesign, designCode, readDesignCode } from "./fleet.js";
import { state } from "./state.js";
import { designLine, gameKey, names, setName, STORE, storeGet, storeSet } from "./helpers.js";
import { actNow, findAction, rerender, startQueue } from "./sync.js";
import { keptDesign, specOf } from "./setup.js";

/** @typedef {import("./state.js").SkirmishGame} SkirmishGame */
/** @typedef {import("./state.js").SkirmishPlan} SkirmishPlan */
/** @typedef {import("../../types/models").SkirmishDraft} SkirmishDraft */
/** @typedef {import("./state.js").Design} Design */
/** @typedef {import("./state.js").Form} Form */
/** @typedef {import("./state.js").QueueItem} QueueItem */
/** @typedef {import("./fleet.js").FleetPick} FleetPick */
/** @typedef {import("./setup.js").PickSpec} PickSpec */
/** @typedef {{designs: Design[], fleet: Design[]}} Question the "design" question (designs.answer) */

// Each stat's name and meaning in words; its limits are the engine's (MSC-2.1, MSC-A06).
const STAT_INFO = Object.fromEntries(Object.entries({
  engine: { label: "ENGINE", what: "top SPEED" },
  shields: { label: "SHIELDS", what: "hits it can take" },
  to_hit: { label: "TO-HIT", what: "gunnery: hits on a d6 roll of this or less" },
}).map(([stat, info]) => [stat, { ...info, min: STAT_LIMITS[stat][0], max: STAT_LIMITS[stat][1] }]));

/** The stats in the form's order (MSC-2.1): a ship's design fixes them in this order.
 * @type {("engine" | "shields" | "to_hit")[]} */
const STATS = ["engine", "shields", "to_hit"];

// ---- designer (MSC-2)

/** A design as the engine reads it (designs.read_design): the form's weapons as a list.
 * @param {Form | Design} d
 * @returns {Design} */
function asked(d) {
  return { engine: d.engine, shields: d.shields, to_hit: d.to_hit, weapons: [...d.weapons] };
}

/** The engine's judgement of the designs on screen (the "design" question, designs.py, MSC-2.3):
 * each design's BP, whether the next ship may be it and why not, how many like it fit, and
 * why the fleet waiting cannot be built. Asked once per question and position; null until the
 * answer is in, and the answer draws the designer again. A tap changes the form at once (the
 * half-made design is the page's), so a fast double tap loses nothing.
 * @param {SkirmishGame} g
 * @param {Question} question
 * @returns {any} the worker's answer (designs.answer), not typed on the page yet */
function judged(g, question) {
  const key = `${g.at}|${JSON.stringify(question)}`;
  const cache = state.ui.judged || (state.ui.judged = new Map());
  if (cache.has(key)) return cache.get(key);
  if (cache.size > 60) cache.clear();
  cache.set(key, null);
  state.shell.call("ask", ["design", question]).then((r) => {
    cache.set(key, r && r.answer ? r.answer : null);
    if (state.current && state.current.view && state.current.view.phase === "design") rerender();
  }, () => cache.delete(key));
  return null;
}

/** The engine's answer about the form alone, asked now (Build waits for it).
 * @param {SkirmishGame} g
 * @param {Form} f
 * @param {Design[]} fleet
 * @returns {Promise<any>} the worker's answer (designs.answer), not typed on the page yet */
async function judgeNow(g, f, fleet = []) {
  const r = await state.shell.call("ask", ["design", { designs: [asked(f)], fleet: fleet.map(asked) }]);
  return r && r.answer ? r.answer : null;
}

/** The designer's form holding design ``d``, started from ``from`` (a template's key, "savedN" or "").
 * @param {Design} d
 * @returns {Form} */
function formFrom(d, from = "") {
  const name = from in TEMPLATES ? "" : d.name || "";
  return { engine: d.engine, shields: d.shields, to_hit: d.to_hit, weapons: new Set(d.weapons), name, from };
}

/** @param {Form} f
 * @param {Design} t */
function sameDesign(f, t) {
  return f.engine === t.engine && f.shields === t.shields && f.to_hit === t.to_hit
    && f.weapons.size === t.weapons.length && t.weapons.every((w) => f.weapons.has(w));
}

/** The ship designer: the fleet waiting, the form, kept and shared designs (MSC-2).
 * @param {SkirmishGame} g */
export function designer(g) {
  const { h } = state.shell;
  const v = g.view;
  const me = v.you;
  const plan = v.plans[me];
  const allowance = plan.next_ship_allowance;
  const built = plan.designs || [];
  const draft = plan.draft || null;
  const limits = v.limits;
  // Undo after "Build": the shell takes back one engine step at a time, and a ship is several
  // (NewShip, SetStat, FitWeapon). A step back into the screen's own build takes the rest
  // of that ship back too, and the designer shows the form as it was before "Build".
  const lb = state.ui.lastBuild;
  if (lb && !state.queue) {
    if (lb.doneAt === null && built.length > lb.before && !draft) lb.doneAt = g.at;
    if (lb.doneAt !== null && g.at < lb.doneAt && draft && built.length >= lb.before && g.undo) {
      takeBackStep();
      return h("p", { class: "msc-busy", role: "status" }, `Taking back ${"WE"[me]}${built.length + 1}…`);
    }
    if (lb.doneAt !== null && g.at < lb.doneAt && !draft && built.length === lb.before) {
      state.ui.form = { ...lb.form, weapons: new Set(lb.form.weapons) };
      state.ui.formFor = built.length;
      state.ui.lastBuild = null;
    }
  }
  if (!state.ui.form || (state.ui.formFor !== built.length && !draft)) {
    // A new ship starts from the engine's starter: Ship 1, trimmed to what it may cost.
    state.ui.form = { ...formFrom(plan.starter, plan.starter.name === "ship1" ? "ship1" : ""), name: "" };
    state.ui.formFor = built.length;
  }
  // A custom ship the engine is already building (through the choices) fixes what it chose.
  const fixed = draft ? draft.values.length : 0;
  if (draft) {
    STATS.forEach((k, n) => { if (n < fixed) state.ui.form[k] = draft.values[n]; });
    WEAPON_ORDER.slice(0, draft.sides_decided).forEach((s) => {
      if (draft.weapons.includes(s)) state.ui.form.weapons.add(s); else state.ui.form.weapons.delete(s);
    });
  }
  if (state.ui.fleet === null) {
    const mine = built.length || draft ? null : setupOf().seats[me];
    // A note from before the engine made the setup's fleets holds the ships themselves.
    state.ui.fleet = Array.isArray(mine) ? mine.map(cleanDesign).filter(Boolean) : [];
    state.ui.setupPick = setupSpec(mine);
  }
  // Undo back to before "Build, then review": the list that was built is there again.
  if (state.ui.builtFleet && !state.queue && !draft && built.length <= state.ui.builtFleet.before) {
    if (!state.ui.fleet.length) state.ui.fleet = state.ui.builtFleet.fleet;
    state.ui.builtFleet = null;
  }
  const f = state.ui.form;
  const saved = savedDesigns(g);
  const picks = pickSpecs(g);
  const question = () => ({ designs: [asked(f), ...saved.map(asked)], fleet: state.ui.fleet.map(asked), picks });
  let answer = judged(g, question());
  const setupPick = state.ui.setupPick;
  if (answer && setupPick) {
    // The fleet picked at setup, made into ships by the engine for this game's limits.
    const found = answer.picks.find((/** @type {FleetPick} */ p) => p.key === (setupPick.design ? "setup" : setupPick.key));
    state.ui.fleet = found && found.fleet ? found.fleet.map((/** @type {Design} */ d) => ({ ...d, weapons: [...d.weapons] })) : [];
    if (found && !found.fleet) state.ui.note = `The ships picked at setup do not fit this game: ${found.words}.`;
    state.ui.setupPick = null;
    answer = judged(g, question());
  }
  state.ui.lastAnswer = answer || state.ui.lastAnswer || null;
  const shown = answer || state.ui.lastAnswer; // the last answer stands while the next is asked
  const mine = shown ? shown.designs[0] : null;
  const canAdd = plan.can_add_ship;
  const showFleet = !draft && canAdd && (state.ui.fleet.length > 0 || built.length === 0);
  const over = Boolean(mine && !mine.legal);
  const label = `${"WE"[me]}${built.length + 1}`;
  const fits = answer && !draft ? answer.designs[0].fits : 0;
  const statRow = (/** @type {"engine" | "shields" | "to_hit"} */ key, /** @type {number} */ n) => {
    const info = STAT_INFO[key];
    const locked = n < fixed;
    const value = f[key];
    const change = (/** @type {number} */ delta) => () => {
      const next = value + delta;
      if (locked) state.ui.why = `${info.label} is already chosen for this ship; finish it or undo.`;
      else if (next > info.max) state.ui.why = `${info.label} is at most ${info.max}.`;
      else if (next < info.min) state.ui.why = key === "shields" ? "SHIELDS is at least 1: a ship with none would start destroyed." : `${info.label} is at least ${info.min}.`;
      else { f[key] = next; state.ui.why = ""; state.ui.note = ""; f.from = ""; }
      rerender();
    };
    return h("div", { class: "msc-stat", role: "group", "aria-label": info.label },
      h("span", { class: "msc-stat-name" }, info.label, h("small", {}, info.what)),
      h("button", { type: "button", class: "btn small", "aria-label": `${info.label} minus 1`, onclick: change(-1) }, "−"),
      h("output", { class: "msc-stat-value", "aria-live": "polite", id: `msc-${key}` }, String(value)),
      h("button", { type: "button", class: "btn small", "aria-label": `${info.label} plus 1`, onclick: change(1) }, "+"),
      h("span", { class: "msc-pips", "aria-hidden": "true" }, pips(value, info.max)),
      h("span", { class: "muted msc-bp" }, `${value} BP`));
  };
  const sideButton = (/** @type {string} */ s) => {
    const on = f.weapons.has(s);
    const decided = draft ? WEAPON_ORDER.indexOf(s) < draft.sides_decided : false;
    return h("button", {
      type: "button", class: `btn small msc-side${on ? " on" : ""}`, "aria-pressed": on ? "true" : "false",
      onclick: () => {
        if (decided || fixed < 3 && draft) state.ui.why = decided ? `The ${hx.SIDE_WORDS[s]} weapon is already decided for this ship.` : "";
        if (decided) { rerender(); return; }
        if (on) f.weapons.delete(s); else f.weapons.add(s);
        state.ui.why = "";
        f.from = "";
        rerender();
      },
    }, `${s} ${on ? "✓" : "—"}`, h("small", {}, hx.SIDE_WORDS[s]));
  };
  const rear = h("button", { type: "button", class: "btn small msc-side no", "aria-pressed": "false",
    onclick: () => { state.ui.why = `No weapon may go on the rear (R): a ship has at most ${WEAPON_ORDER.length} weapons.`; rerender(); } },
  "R —", h("small", {}, "rear: never"));
  const totalNote = mine ? mine.total : `${allowance} BP allowed for ${label}.`;
  return h("div", { class: "msc-designer" },
    h("h2", {}, `Design ${label}`, h("span", { class: "muted" }, ` · ${built.length} of ${limits.ships} ship${limits.ships > 1 ? "s" : ""} · ${plan.spent} of ${limits.budget} BP spent`)),
    built.length ? h("ul", { class: "msc-built" }, built.map((d, n) => h("li", {},
      `${"WE"[me]}${n + 1}${names()[`${"WE"[me]}${n + 1}`] ? ` “${names()[`${"WE"[me]}${n + 1}`]}”` : ""}: ${designLine(d)}`))) : null,
    showFleet ? fleetPanel(g, plan, built) : null,
    showFleet ? h("h3", { class: "msc-or" }, state.ui.fleet.length ? "Or design a ship here" : "Design a ship") : null,
    canAdd || draft ? h("div", { class: "msc-templates", role: "group", "aria-label": "Start from" },
      h("span", { class: "muted" }, "Start from: "),
      Object.entries(TEMPLATES).map(([k, t]) => h("button", {
        type: "button", class: `btn small${f.from === k ? " on" : ""}`, disabled: Boolean(draft),
        onclick: () => { state.ui.form = formFrom(t, k); state.ui.why = ""; rerender(); },
      }, `${t.name} (${t.bp} BP)`)),
      saved.map((d, n) => h("button", {
        type: "button", class: `btn small${f.from === `saved${n}` ? " on" : ""}`, disabled: Boolean(draft),
        onclick: () => { state.ui.form = formFrom(d, `saved${n}`); state.ui.why = ""; rerender(); },
      }, `${d.name || "Saved"}${shown && shown.designs[n + 1] ? ` (${shown.designs[n + 1].bp} BP)` : ""}`))) : null,
    canAdd || draft ? h("div", { class: "msc-form" },
      STATS.map(statRow),
      h("div", { class: "msc-weapons", role: "group", "aria-label": `Weapons, ${WEAPON_COST} BP each` },
        h("span", { class: "msc-stat-name" }, "WEAPONS", h("small", {}, `${WEAPON_COST} BP each`)),
        h("div", { class: "msc-side-grid" }, WEAPON_ORDER.map(sideButton), rear)),
      h("label", { class: "msc-name" }, "Name (optional)",
        h("input", { type: "text", id: "msc-ship-name", maxlength: "40", value: f.name, autocomplete: "off", placeholder: "e.g. Vigilant",
          oninput: (/** @type {InputEvent & {target: HTMLInputElement}} */ e) => { f.name = e.target.value; } })),
      h("p", { class: `msc-total${over ? " warn" : ""}`, id: "msc-total", "aria-live": "polite", "aria-busy": answer ? "false" : "true",
        "data-rule": over ? mine.rule : null }, totalNote),
      state.ui.why ? h("p", { class: "warn", id: "design-why", role: "alert" }, state.ui.why) : null,
      state.ui.note ? h("p", { class: "msc-note-ok", id: "design-note", role: "status" }, state.ui.note) : null,
      h("div", { class: "msc-row" },
        h("button", { type: "button", class: "btn primary", id: "msc-build", onclick: () => buildShip(g) }, `Build ${label}`),
        fits > 1 ? h("button", { type: "button", class: "btn", id: "msc-fill", onclick: () => buildShip(g, fits) },
          `Build ${fits} ships like this`) : null,
        h("button", { type: "button", class: "btn", onclick: () => saveDesign(f) }, "Keep this design"),
        h("button", { type: "button", class: "btn", id: "msc-share-design", onclick: () => copyCode(f) }, "Share this design"))) : h("p", {}, "No more ships fit: submit your designs."),
    state.ui.codeText ? shareBox(state.ui.codeText) : null,
    canAdd ? h("details", { class: "msc-paste" },
      h("summary", {}, "Paste a design code or link"),
      h("label", {}, "Design code or link",
        h("input", { type: "text", id: "msc-paste", autocomplete: "off", spellcheck: "false" })),
      h("button", { type: "button", class: "btn small", id: "msc-paste-use", onclick: pasteCode }, "Use this design")) : null,
    built.length && !draft ? h("p", { class: "muted" }, "When your fleet is ready, submit it with the Submit choice.") : null,
    findAction(g, "Submit") ? h("button", { type: "button", class: "btn primary", id: "msc-submit-designs",
      onclick: (e) => actNow(findAction(g, "Submit"), e) }, "Submit my designs") : null);
}

/** One more Undo through the shell's own button (the page's one way back), once it answers. */
function takeBackStep() {
  if (state.ui.takingBack) return;
  state.ui.takingBack = true;
  setTimeout(() => state.shell.whenFree(() => {
    const button = /** @type {HTMLButtonElement | null} */ (document.getElementById("undo"));
    state.ui.takingBack = false;
    if (button && !button.disabled) button.click();
  }, () => true, 50), 0);
}

/** @param {number} value
 * @param {number} max */
function pips(value, max) {
  return "●".repeat(value) + "○".repeat(Math.max(0, max - value));
}

/** Build the form (``copies`` times): the engine judges it first (Refused, with its reason).
 * @param {SkirmishGame} g */
async function buildShip(g, copies = 1) {
  if (state.ui.judging || state.queue) return;
  const v = g.view;
  const plan = v.plans[v.you];
  const f = state.ui.form;
  const label = `${"WE"[v.you]}${(plan.designs || []).length + 1}`;
  state.ui.judging = true;
  let answer = null;
  try { answer = await judgeNow(g, f); } finally { state.ui.judging = false; }
  if (!answer || state.current !== g) return;
  const mine = answer.designs[0];
  if (!mine.legal) {
    state.ui.why = `Refused: ${mine.why} Lower a value or drop a weapon.`;
    state.ui.whyRule = mine.rule;
    rerender();
    return;
  }
  if (f.name.trim()) setName(label, f.name.trim());
  const items = shipItems(f, plan.draft);
  state.ui.lastBuild = plan.draft ? null : { form: { ...f, weapons: new Set(f.weapons) }, before: (plan.designs || []).length, doneAt: null };
  state.ui.why = "";
  state.ui.note = "";
  /** @type {QueueItem[]} */
  const all = [];
  for (let n = 0; n < copies; n++) all.push(...items);
  startQueue(all, copies > 1 ? `Building ${copies} ships` : `Building ${label}`);
}

/** The engine's steps that build design ``f`` (weapons a Set), finishing ``draft`` if any.
 * @param {Form} f
 * @param {SkirmishDraft | null} draft
 * @returns {QueueItem[]} */
function shipItems(f, draft) {
  /** @type {QueueItem[]} */
  const items = [];
  const template = Object.entries(TEMPLATES).find(([, t]) => sameDesign(f, t));
  if (!draft && template) return [["NewShip", { design: template[0] }]];
  if (!draft) items.push(["NewShip", { design: "custom" }]);
  const done = draft ? draft.values.length : 0;
  ["engine", "shields", "to_hit"].forEach((k, n) => { if (n >= done) items.push(["SetStat", { stat: k, value: f[k] }]); });
  const asked = draft ? draft.sides_decided : 0;
  WEAPON_ORDER.forEach((s, n) => { if (n >= asked) items.push(["FitWeapon", { side: s, fit: f.weapons.has(s) }]); });
  return items;
}

// ---- the fleet chosen at setup, pre-filled in the design phase (docs/rules-notes/skirmish.md)

/** A name worth keeping: not the example design's own ("Ship 1" on an unchanged Ship 1).
 * @param {Design} d */
function ownName(d) {
  const t = Object.values(TEMPLATES).find((x) => x.name === d.name);
  return t && sameDesign(formFrom(d, ""), t) ? "" : d.name || "";
}

/** The setup's choice for this game, noted by beforeStart just before the game started, is
 * bound to the game's address on its first design-phase screen.
 * @param {SkirmishGame} g */
export function claimSetup(g) {
  if (g.mode !== "play" || !g.view || g.view.phase !== "design") return;
  const pending = storeGet("pending", null);
  if (!pending) return;
  try { localStorage.removeItem(STORE + "pending"); } catch { /* nothing kept */ }
  const fleets = storeGet("fleets", {}) || {};
  const key = gameKey();
  // A note older than ten minutes is from a start that never became a game.
  if (!key || key in fleets || !(Date.now() - pending.at < 600000) || !Array.isArray(pending.seats)) return;
  fleets[key] = { seats: pending.seats, received: cleanDesign(pending.received) };
  storeSet("fleets", Object.fromEntries(Object.entries(fleets).slice(-20)));
}

/** The fleets the setup chose for this game (by seat) and the design link it was opened from.
 * @returns {{seats: unknown[], received: unknown}} read from storage */
function setupOf() {
  const all = storeGet("fleets", {}) || {};
  const here = all[gameKey()];
  return here && Array.isArray(here.seats) ? here : { seats: [], received: null };
}

/** Whether a seat's note from the setup is a pick (setup.js specOf).
 * @param {unknown} x read from storage
 * @returns {x is PickSpec} */
function isSpec(x) {
  return Boolean(x) && typeof x === "object" && typeof (/** @type {PickSpec} */ (x)).key === "string";
}

/** The setup's pick as the engine may be asked for it, read from storage: the quick start, an
 * example, or a kept or shared design that still reads as one; null for none ("own").
 * @param {unknown} mine
 * @returns {PickSpec | null} */
function setupSpec(mine) {
  if (!isSpec(mine)) return null;
  const design = mine.design ? cleanDesign(mine.design) : null;
  if (design) return { key: mine.key, design, name: String(mine.name || "").slice(0, 40), label: String(mine.label || "") };
  return mine.key === "quick" || mine.key in TEMPLATES ? { key: mine.key } : null;
}

/** The fleets the designer offers to start from, as the engine is asked for them (designs.py
 * fleet_pick): the quick start, the design link the game came from, each example design and
 * each kept design; and the setup's own pick of a kept or shared design, until it is made.
 * @param {SkirmishGame} g
 * @returns {PickSpec[]} */
function pickSpecs(g) {
  const received = cleanDesign(setupOf().received);
  const own = (/** @type {string} */ key, /** @type {Design} */ d, /** @type {string} */ words) => specOf({ key, words, fleet: null, bp: 0, design: d });
  const setup = state.ui.setupPick;
  return [
    { key: "quick" },
    ...(received ? [own("received", received, `The shared design “${received.name || "unnamed"}”`)] : []),
    ...Object.keys(TEMPLATES).map((key) => ({ key })),
    ...savedDesigns(g).map((d, n) => own(`kept${n}`, d, `Only your “${d.name || "unnamed"}”`)),
    ...(setup && setup.design ? [{ ...setup, key: "setup" }] : []),
  ];
}

/** The fleet chosen at setup, to review, build and submit.
 * @param {SkirmishGame} g
 * @param {SkirmishPlan} plan
 * @param {Design[]} built */
function fleetPanel(g, plan, built) {
  const { h } = state.shell;
  const v = g.view;
  const prefix = "WE"[v.you];
  const answer = state.ui.lastAnswer;
  const problem = answer ? answer.fleet.problem : "";
  const total = answer ? answer.fleet.bp : "…";
  const n = state.ui.fleet.length;
  /** @type {[string, string, Design[] | null][]} */
  const list = [...(answer ? answer.picks : []).filter((/** @type {FleetPick} */ p) => p.key !== "setup")
    .map((/** @type {FleetPick} */ p) => [p.key, p.words, p.fleet]), ["own", "None: I design my ships in the game", []]];
  const pick = h("label", { class: "msc-fleet-pick" }, "Start the fleet from",
    h("select", { id: "msc-fleet-pick", onchange: (/** @type {Event & {target: HTMLSelectElement}} */ e) => {
      const chosen = list.find(([k]) => k === e.target.value);
      if (chosen && chosen[2]) state.ui.fleet = chosen[2].map((d) => ({ ...d, weapons: [...d.weapons] }));
      state.ui.why = "";
      rerender();
    } }, h("option", { value: "", selected: true }, "— pick to replace the list —"),
    list.map(([k, text, f]) => h("option", { value: k, disabled: !f }, text))));
  if (!n) {
    return h("section", { class: "msc-fleet", id: "msc-fleet", "aria-labelledby": "msc-fleet-title" },
      h("h3", { id: "msc-fleet-title" }, "Your fleet"), pick,
      h("p", { class: "muted" }, "No fleet picked: design your ships below, or pick a fleet here."));
  }
  // The one-tap submit comes first (a quick start on a phone); the list to review below it.
  return h("section", { class: "msc-fleet", id: "msc-fleet", "aria-labelledby": "msc-fleet-title" },
    h("h3", { id: "msc-fleet-title" }, "Your fleet"), pick,
    h("p", { class: problem ? "warn" : "muted", id: "msc-fleet-total" },
      problem ? `This fleet cannot be built: ${problem}.` : `${n} ship${n > 1 ? "s" : ""}, ${total} of the ${v.limits.budget - plan.spent} BP left. Review it below, edit a ship, or build it as it is.`),
    h("div", { class: "msc-row" },
      h("button", { type: "button", class: "btn primary", id: "msc-fleet-submit", "aria-disabled": problem ? "true" : null, onclick: () => buildFleet(g, true) },
        `Build ${n === 1 ? "it" : `these ${n}`} and submit`),
      h("button", { type: "button", class: "btn", id: "msc-fleet-build", "aria-disabled": problem ? "true" : null, onclick: () => buildFleet(g, false) },
        "Build, then review")),
    h("ol", { class: "msc-fleet-list" }, state.ui.fleet.map((d, i) => {
      // Numbered in the list, not labelled W1...: a ship edited below is built before these.
      const which = `ship ${i + 1} of the fleet`;
      return h("li", {},
        h("span", { class: "msc-fleet-ship" }, `${i + 1}. ${ownName(d) ? `“${d.name}”` : d.name || "Unnamed"}: ${designLine(d)}`),
        h("span", { class: "msc-row" },
          h("button", { type: "button", class: "btn small", "aria-label": `Edit ${which}`, onclick: () => editFleetShip(i, `${prefix}${built.length + 1}`) }, "Edit"),
          h("button", { type: "button", class: "btn small", "aria-label": `Remove ${which}`, onclick: () => { state.ui.fleet.splice(i, 1); state.ui.why = ""; rerender(); } }, "Remove")));
    })));
}

/** @param {number} i
 * @param {string} label */
function editFleetShip(i, label) {
  const [d] = state.ui.fleet.splice(i, 1);
  state.ui.form = formFrom({ ...d, name: ownName(d) }, "");
  state.ui.why = "";
  state.ui.note = `That ship is in the designer below as ${label}: change it, then build it. The rest of the fleet waits above.`;
  rerender();
  const first = /** @type {HTMLButtonElement | null} */ (document.querySelector(".msc-form button"));
  if (first) first.focus({ preventScroll: false });
}

/** Build the fleet waiting (the engine judges it first), then submit it if ``submit``.
 * @param {SkirmishGame} g
 * @param {boolean} submit */
async function buildFleet(g, submit) {
  const v = g.view;
  const plan = v.plans[v.you];
  const built = (plan.designs || []).length;
  if (state.ui.judging || state.queue || !state.ui.fleet.length) return;
  state.ui.judging = true;
  let answer = null;
  try { answer = await judgeNow(g, state.ui.form, state.ui.fleet); } finally { state.ui.judging = false; }
  if (!answer || state.current !== g) return;
  const problem = answer.fleet.problem;
  if (problem) { state.ui.why = `Refused: ${problem}. Remove or edit a ship.`; state.ui.whyRule = "MSC-2.3"; rerender(); return; }
  if (state.queue || !state.ui.fleet.length) return;
  /** @type {QueueItem[]} */
  const items = [];
  state.ui.fleet.forEach((d, i) => {
    if (ownName(d)) setName(`${"WE"[v.you]}${built + i + 1}`, ownName(d));
    items.push(...shipItems(formFrom(d, ""), null));
  });
  if (submit) items.push(["Submit", {}]);
  const n = state.ui.fleet.length;
  state.ui.builtFleet = { fleet: state.ui.fleet.map((d) => ({ ...d, weapons: [...d.weapons] })), before: built };
  state.ui.fleet = [];
  state.ui.why = "";
  state.ui.note = "";
  startQueue(items, submit ? `Building ${n} ship${n > 1 ? "s" : ""} and submitting` : `Building ${n} ship${n > 1 ? "s" : ""}`);
}

// Saved designs and design codes: a design is {name, engine, shields, to_hit, weapons}.

/** The designs kept on this device, those kept by the other side in this design phase left out.
 * @param {SkirmishGame} g
 * @returns {Design[]} */
function savedDesigns(g) {
  const list = storeGet("designs", []);
  const here = gameKey();
  // Hot-seat: a design kept during this game's secret design phase stays hidden from the other side.
  return (Array.isArray(list) ? list : []).filter((d) => !(d.game === here && d.seat !== g.view.you && g.view.phase === "design"))
    .map(cleanDesign).filter(Boolean).slice(-6);
}

/** @param {Form} f */
function saveDesign(f) {
  const d = cleanDesign({ name: f.name.trim() || `Design ${new Date().toLocaleDateString()}`, engine: f.engine, shields: f.shields, to_hit: f.to_hit, weapons: [...f.weapons] });
  if (keptDesign(d, gameKey(), state.current.view.you)) state.ui.note = `Kept “${d.name}” for later games on this device: it is under “Start from”.`;
  rerender();
}

/** @param {string} code */
function designLink(code) {
  return `${location.href.split("#")[0]}#x/skirmish/${code}`;
}

/** Share a design as a link (#x/skirmish/<code>, opened by setupExtras) or as its bare code.
 * @param {Form} f */
function copyCode(f) {
  const code = designCode({ ...f, weapons: [...f.weapons], name: f.name.trim() });
  state.ui.codeText = code;
  rerender();
  copyText(designLink(code), "Design link copied: send it to a friend.");
}

/** @param {string} text
 * @param {string} done what the note says once it is copied */
function copyText(text, done) {
  if (!navigator.clipboard) return;
  navigator.clipboard.writeText(text).then(() => { state.ui.note = done; rerender(); }, () => {});
}

/** @param {string} code */
function shareBox(code) {
  const { h } = state.shell;
  const url = designLink(code);
  return h("div", { class: "msc-code", id: "msc-code-box" },
    h("label", {}, "Design link",
      h("input", { type: "text", id: "msc-link", readonly: true, value: url, onfocus: (/** @type {FocusEvent & {target: HTMLInputElement}} */ e) => e.target.select() })),
    h("p", {}, "Or the bare design code, to paste in a designer: ", h("code", { id: "msc-code" }, code)),
    h("div", { class: "msc-row" },
      h("button", { type: "button", class: "btn small", onclick: () => copyText(url, "Design link copied: send it to a friend.") }, "Copy link"),
      navigator.share ? h("button", { type: "button", class: "btn small",
        onclick: () => navigator.share({ title: "A Minimal Space Combat ship", url }).catch(() => {}) }, "Share…") : null));
}

function pasteCode() {
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById("msc-paste"));
  const d = readDesignCode(input ? input.value : "");
  if (!d) { state.ui.why = "That is not a design code or design link (a code looks like m3337.Vigilant)."; rerender(); return; }
  state.ui.form = formFrom(d, "");
  state.ui.why = "";
  state.ui.note = `Design “${d.name || "unnamed"}” loaded: ${designLine(d)}.`;
  rerender();
}
