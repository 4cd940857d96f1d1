// Minimal Space Combat's panels under the map: the decision (deployment MSC-4.3, orders MSC-6,
// combat MSC-9) and each ship's status card (MSC-2.4).
import * as hx from "./hexmath.js";
import { state } from "./state.js";
import { judge, legalSpeeds, openOrder, ownShips, plotOf, plottingShip, shipName, SIDE_NAMES, sideClass, speedWhy } from "./helpers.js";
import { actNow, findAction, rerender, startQueue } from "./sync.js";
import { designer } from "./designer.js";
import { centreOn } from "./camera.js";

/** @typedef {import("./state.js").SkirmishGame} SkirmishGame */
/** @typedef {import("./state.js").SkirmishView} SkirmishView */
/** @typedef {import("./state.js").SkirmishShip} SkirmishShip */
/** @typedef {import("./state.js").SkirmishStep} SkirmishStep */
/** @typedef {import("./state.js").SkirmishChoice} SkirmishChoice */
/** @typedef {import("./state.js").SkirmishOrder} SkirmishOrder */
/** @typedef {import("./state.js").Draft} Draft */
/** @typedef {import("./state.js").QueueItem} QueueItem */
/** @typedef {{error: string, steps?: string, speed?: number | null, short?: string, rule?: string}} TypedOrders what
 * typed orders mean: their steps and SPEED, or why they cannot be */

// ---------------------------------------------------------------------------- action panel

/** The decision's panel under the map, or null when the seat on screen has none to make here.
 * @param {SkirmishGame} g */
export function actionPanel(g) {
  const { h } = state.shell;
  const v = g.view;
  const mine = g.mode === "play" && g.actions.length > 0;
  let body = null;
  const secretly = () => (v.you === null || v.you === undefined
    ? `Both sides ${v.phase === "design" ? "design their ships" : "deploy"} in secret (a replay shows them when they are revealed): ${
      SIDE_NAMES.map((n, s) => `${n} ${v.plans[s] && v.plans[s].submitted ? "is done" : "is at work"}`).join(", ")}.`
    : `The other side is ${v.phase === "design" ? "designing" : "deploying"} in secret.`);
  if (v.phase === "design") body = mine ? designer(g) : h("p", { class: "muted", id: "msc-waiting" }, secretly());
  else if (v.phase === "deploy" && !mine) body = h("p", { class: "muted", id: "msc-waiting" }, secretly());
  else if (v.phase === "deploy") body = deployPanel(g);
  else if (v.phase === "orders") body = mine ? ordersPanel(g) : null;
  else if (v.phase === "combat") body = mine ? firePanel(g) : null;
  if (!body) return null;
  return h("section", { class: "msc-panel", id: "msc-panel", "aria-label": "Your decision" },
    state.queue ? h("p", { class: "msc-busy", role: "status" }, `${state.queue.what}…`) : null,
    body);
}

// ---- deployment (MSC-4.3)

/** What the deployment's decision is about, in words. Its buttons (the facing, Submit) are the
 * shell's #choices alone (issue 36: one list of buttons, not two, as Genocide's panel).
 * @param {SkirmishGame} g */
function deployPanel(g) {
  const { h } = state.shell;
  const v = g.view;
  const plan = v.plans[v.you];
  const placed = plan.placements || [];
  const last = placed[placed.length - 1];
  const ships = ownShips(v, v.you);
  const cols = v.you === 0 ? "1–3" : `${v.map.width - 2}–${v.map.width}`;
  if (last && last.facing === null) {
    const ship = ships[placed.length - 1];
    return h("p", { id: "msc-deploy-words" }, `${shipName(v, ship)} is at ${last.hex}. Which way does it face? Pick a facing in the choices, or tap a hex next to it on the map.`);
  }
  if (placed.length < ships.length) {
    return h("div", {}, state.ui.why ? h("p", { class: "warn", role: "alert" }, state.ui.why) : null, h("p", {}, `Tap a hex in your zone (the tinted columns ${cols}) to place ${shipName(v, ships[placed.length])}. Deployment is secret; ships may share a hex.`));
  }
  return h("p", { id: "msc-deploy-words" }, "Every ship is placed and faces its way. Submit the deployment in the choices (Undo takes a step back).");
}

// ---- orders (MSC-6)

/** The orders of the ship being plotted: its SPEED, the steps pad, the typed orders (MSC-6).
 * @param {SkirmishGame} g */
function ordersPanel(g) {
  const { h } = state.shell;
  const v = g.view;
  const ship = plottingShip(v);
  const plan = v.plans[v.you];
  const plot = plotOf(v);
  const done = (plan.orders || []).filter((o) => o.complete);
  const summary = done.length ? h("ul", { class: "msc-plotted" }, done.map((o) => h("li", {},
    `${v.ships[o.ship].label}: SPEED ${o.speed}, orders ${o.written || "—"}${o.leaves_map ? " — leaves the map!" : ""}`))) : null;
  if (!ship || !plot) {
    // Issue 36: one list of buttons. "Submit my orders" is the shell's choice alone (the UI
    // contract's #choices, its number key); the panel says what it does.
    return h("div", { id: "msc-submit-words" }, summary,
      h("p", {}, `Every ship has its orders. Submit them with “Submit my orders” in the choices${keyOf(g, "Submit") ? ` (${keyOf(g, "Submit")})` : ""}; nobody sees them until both sides are in. (Undo takes back the last step.)`));
  }
  const d = state.ui.draft;
  const open = openOrder(v);
  // The SPEEDs and every verdict on the orders are the engine's (view.plans[you].plot).
  const speedRow = h("div", { class: "msc-speeds", role: "group", "aria-label": "SPEED" },
    h("span", { class: "msc-stat-name" }, "SPEED"),
    plot.speeds.map(({ speed: s, why }) => {
      const legal = why === null;
      return h("button", {
        type: "button", class: `btn small${d.speed === s ? " on" : ""}${legal ? "" : " msc-no"}`, "aria-pressed": d.speed === s ? "true" : "false",
        "data-speed": s, id: `msc-speed-${s}`, "aria-disabled": legal && !open ? null : "true",
        onclick: () => pickSpeed(ship, s, Boolean(open)),
      }, String(s));
    }));
  const steps = d.steps;
  const verdict = d.speed === null ? null : judge(plot, d.speed, steps);
  const nexts = verdict ? verdict.next : "";
  const problem = verdict ? verdict.why || verdict.todo : "";
  const invalid = Boolean(state.ui.typedError || !verdict || !verdict.complete);
  const ghost = verdict ? verdict.ghost : null;
  const lockedN = open ? open.steps.length : 0;
  const stepButton = (/** @type {string} */ s, /** @type {string} */ text, /** @type {string} */ aria) => h("button", {
    type: "button", class: "btn msc-step", "data-step": s, id: `msc-step-${s}`, "aria-label": aria, "aria-disabled": nexts.includes(s) ? null : "true",
    onclick: () => addStep(s),
  }, text);
  let where = "";
  if (ghost) {
    const end = ghost.path[ghost.path.length - 1];
    where = ghost.left ? `Leaves the map after ${ghost.path.length - 1} hex${ghost.path.length === 2 ? "" : "es"}: ${ship.label} would disengage and count as destroyed!`
      : `Ends at ${hx.hexLabel(end[0], end[1])} facing ${hx.DIR_NAMES[ghost.facing]}.`;
  }
  // The ships already ordered are listed below the decision's controls (issue 36: a list above
  // pushed "Set" off a phone's screen).
  return h("div", { class: "msc-plot" },
    h("h2", {}, `Orders for ${shipName(v, ship)}`, h("span", { class: "muted" }, ` at ${ship.hex} facing ${hx.DIR_NAMES[ship.facing]}`)),
    speedRow,
    h("p", { class: "muted msc-note" }, plot.note),
    d.speed !== null ? h("div", { class: "msc-pad", role: "group", "aria-label": "Moves" },
      stepButton("L", "↶ Left", "Turn left (L)"),
      stepButton("F", "↑ Forward", "Forward one hex (F)"),
      stepButton("R", "Right ↷", "Turn right (R)"),
      h("button", { type: "button", class: "btn small", "aria-label": "Take back a step", disabled: steps.length <= lockedN, onclick: backStep }, "⌫"),
      h("button", { type: "button", class: "btn small", disabled: steps.length <= lockedN, onclick: () => { d.steps = d.steps.slice(0, lockedN); state.ui.typed = hx.writeOrders(d.steps); state.ui.typedError = ""; state.ui.why = ""; rerender(); } }, "Clear")) : null,
    // One message at a time: what is wrong with the orders typed, else what is still missing,
    // else where the orders take the ship.
    // The rule the engine's verdict cites rides on the line (data-rule), not in its words.
    h("p", { id: "msc-order-state", class: `msc-order-state${invalid ? (state.ui.typedError ? " warn" : "") : " ok"}`, "aria-live": "polite",
      "data-rule": (state.ui.typedError ? state.ui.typedRule : verdict && problem ? verdict.rule : "") || null },
      state.ui.typedError || (d.speed === null ? (d.short || "Choose a SPEED first (or type the orders: their length sets it).")
        : `Orders: ${hx.writeOrders(steps) || "—"} (${steps.length} of ${d.speed}). ${problem || where}`)),
    state.ui.why && !state.ui.typedError ? h("p", { class: "warn", id: "order-why", role: "alert", "data-rule": state.ui.whyRule || null }, state.ui.why) : null,
    h("button", { type: "button", class: `btn${invalid ? "" : " primary"}`, id: "msc-commit", disabled: invalid, onclick: commitOrders },
      `Set ${ship.label}'s orders`),
    h("label", { class: "msc-typed" }, "Or type orders (like 2L1)",
      h("input", { type: "text", id: "msc-orders-input", autocomplete: "off", autocapitalize: "characters", spellcheck: "false",
        value: state.ui.typed, "aria-describedby": "msc-order-state",
        oninput: (/** @type {InputEvent & {target: HTMLInputElement}} */ e) => typeOrders(e.target.value),
        onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); commitOrders(); } } })),
    summary);
}

/** @param {SkirmishShip} ship
 * @param {number} s
 * @param {boolean} locked */
function pickSpeed(ship, s, locked) {
  const d = state.ui.draft;
  const v = state.current.view;
  const plot = plotOf(v);
  if (locked) { state.ui.why = `SPEED ${d.speed} is already set for ${ship.label}: plot its moves or undo.`; rerender(); return; }
  const why = speedWhy(plot, s);
  if (why) { state.ui.why = why; state.ui.whyRule = plot.speed_rule; rerender(); return; }
  d.speed = s;
  state.ui.speedTapped = true;
  state.ui.why = "";
  state.ui.typedError = "";
  d.short = "";
  if (state.ui.typed.trim()) {
    // The orders typed are read again at this SPEED: too long is an error, never a cut.
    const read = typedOrders(state.ui.typed.trim(), ship, d, null);
    state.ui.typedError = read.error;
    state.ui.typedRule = read.rule || "";
    if (!read.error) d.steps = read.steps;
  } else if (d.steps.length > s) {
    d.steps = d.steps.slice(0, s); // steps tapped on the pad, shown on the map as they shrink
    state.ui.typed = hx.writeOrders(d.steps);
  }
  if (v) rerender();
}

/** A step added to the orders being plotted, if the engine's table offers it.
 * @param {string} s */
export function addStep(s) {
  const d = state.ui.draft;
  if (!d || state.queue) return;
  if (d.speed === null) { state.ui.why = "Choose a SPEED first."; rerender(); return; }
  const verdict = judge(plotOf(state.current.view), d.speed, d.steps);
  if (!verdict.next.includes(s)) {
    // The engine's reason; taking a step back is how the pad changes plotted steps.
    state.ui.why = `${verdict.why || verdict.refused}${verdict.complete ? " Take a step back to change them." : ""}`;
    state.ui.whyRule = verdict.rule;
    rerender();
    return;
  }
  d.steps += s;
  state.ui.why = "";
  state.ui.typed = hx.writeOrders(d.steps);
  state.ui.typedError = "";
  rerender();
}

export function backStep() {
  const d = state.ui.draft;
  const open = openOrder(state.current.view);
  if (!d || d.steps.length <= (open ? open.steps.length : 0)) return;
  d.steps = d.steps.slice(0, -1);
  state.ui.typed = hx.writeOrders(d.steps);
  state.ui.why = "";
  rerender();
}

/** @param {string} text */
function typeOrders(text) {
  const d = state.ui.draft;
  const v = state.current.view;
  state.ui.typed = text;
  state.ui.why = "";
  const read = typedOrders(text.trim(), plottingShip(v), d, openOrder(v));
  state.ui.typedError = read.error;
  state.ui.typedRule = read.rule || "";
  d.short = read.short || "";
  if (!read.error) { d.steps = read.steps; d.speed = read.speed; }
  updateOrderState();
}

/** What typed orders mean for the ship being plotted: its steps and SPEED, or the one reason
 * they cannot be. Reading the text is the page's (hexmath.parseOrders); whether the steps are
 * legal orders, and why not, is the engine's table (judge). Nothing is cut to fit: orders
 * longer than the SPEED are an error. A SPEED tapped (or locked by a step already set) stays;
 * otherwise the orders' length sets it.
 * @param {string} text
 * @param {SkirmishShip} ship
 * @param {Draft} d
 * @param {SkirmishOrder | null} open
 * @returns {TypedOrders} */
function typedOrders(text, ship, d, open) {
  const plot = plotOf(state.current.view);
  const locked = open ? open.steps : "";
  if (text === "") return { error: "", steps: locked, speed: open || state.ui.speedTapped ? d.speed : null };
  const shown = `“${text}”`;
  const parsed = hx.parseOrders(text);
  if (parsed.steps === null) return { error: `${shown} cannot be read: ${parsed.error}.` };
  const steps = parsed.steps;
  if (!steps.startsWith(locked)) return { error: `${shown} changes steps already set (${hx.writeOrders(locked)}): Undo takes them back.` };
  const n = steps.length;
  const many = `${shown} is ${n} step${n === 1 ? "" : "s"}`;
  const speeds = legalSpeeds(plot);
  const top = speeds[speeds.length - 1];
  if (open || state.ui.speedTapped) {
    const verdict = judge(plot, d.speed, steps);
    if (!verdict.why) return { error: "", steps, speed: d.speed };
    const other = n <= d.speed || open ? "" : speeds.includes(n) ? ` Tap SPEED ${n}, or shorten the orders.` : ` ${plot.above}`;
    return { error: `${n > d.speed ? many : shown} — ${verdict.why}${other}`, rule: verdict.rule };
  }
  // No SPEED chosen: the longest the ship may go judges the steps (two turns in a row).
  const verdict = judge(plot, Math.min(n, top), steps);
  if (n > top) return { error: `${many}, so SPEED ${n}, but ${speedWhy(plot, n)}`, rule: plot.speed_rule };
  if (verdict.why) return { error: `${shown} — ${verdict.why}`, rule: verdict.rule };
  if (!speeds.includes(n)) return { error: "", steps, speed: null, short: `${many}: ${ship.label} goes SPEED ${speeds.join(", ")} now. Type more steps, or tap a SPEED.` };
  return { error: "", steps, speed: n };
}

/** After typing: redraw the ghost and the state line without rebuilding the input. */
function updateOrderState() {
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById("msc-orders-input"));
  const pos = input ? input.selectionStart : null;
  rerender();
  const again = /** @type {HTMLInputElement | null} */ (document.getElementById("msc-orders-input"));
  if (again && input) { again.focus({ preventScroll: true }); if (pos !== null) again.setSelectionRange(pos, pos); }
}

export function commitOrders() {
  const d = state.ui.draft;
  const g = state.current;
  if (!d || state.queue) return;
  if (d.speed === null) { state.ui.why = "Choose a SPEED first."; rerender(); return; }
  if (!judge(plotOf(g.view), d.speed, d.steps).complete || state.ui.typedError) return; // the message under the orders says why
  const open = openOrder(g.view);
  /** @type {QueueItem[]} */
  const items = [];
  if (!open) items.push(["SetSpeed", { speed: d.speed }]);
  for (const s of d.steps.slice(open ? open.steps.length : 0)) items.push(["Step", { move: s }]);
  const ship = g.view.ships[d.ship];
  state.ui.typed = "";
  state.ui.why = "";
  if (!items.length) return;
  startQueue(items, `Setting ${ship.label}'s orders`);
}

// ---- combat (MSC-9)

/** The combat's decision: the targets, Hold fire, each shot's odds and Fire (MSC-9).
 * @param {SkirmishGame} g */
function firePanel(g) {
  const { h } = state.shell;
  const v = g.view;
  if (v.pending_hit) return hitSidePanel(g);
  const fires = g.actions.filter((a) => a.kind === "Fire");
  const hold = findAction(g, "HoldFire");
  const targetIds = [...new Set(fires.map((a) => a.fields.target))];
  if (state.ui.target !== null && !targetIds.includes(state.ui.target)) state.ui.target = null;
  const chosen = chosenShots(g);
  // Issue 36: the decision's buttons first (targets, Hold fire, then each shot's Fire with its
  // chance), the damage table after them, so that on a phone they sit beside the map.
  // Hold fire is the shell's choice alone (issue 36: one list of buttons); the panel says where.
  const key = keyOf(g, "HoldFire");
  const holdWords = hold ? ` Or hold fire${key ? `: ${key}` : ""} in the choices.` : "";
  return h("div", { class: "msc-fire" },
    h("p", { class: "msc-note", id: "msc-fire-words" }, `${fires.length ? "Tap a highlighted enemy or a target for its odds." : "No weapon can reach a target."}${holdWords}`),
    targetIds.length ? h("div", { class: "msc-row", role: "group", "aria-label": "Targets" }, targetIds.map((t) => h("button", {
      type: "button", class: `btn small${state.ui.target === t ? " on" : ""}`, "aria-pressed": state.ui.target === t ? "true" : "false", "data-target": t,
      onclick: () => { state.ui.target = t; rerender(); },
    }, `Target ${shipName(v, v.ships[t])}`))) : null,
    chosen.length ? h("div", { class: "msc-odds", id: "msc-odds" }, chosen.map((a) => shotCard(g, a))) : null);
}

/** The shots at the target chosen, the selected ship's first.
 * @param {SkirmishGame} g */
function chosenShots(g) {
  if (state.ui.target === null) return [];
  return g.actions.filter((a) => a.kind === "Fire" && a.fields.target === state.ui.target)
    .sort((a, b) => Number(b.fields.ship === state.ui.selected) - Number(a.fields.ship === state.ui.selected));
}

/** What a hit on the chosen target does, beside the decision: its own box, so that on an upright
 * phone it follows the shell's choices (Hold fire there, issue 36) and the map, the shot's
 * Fire and Hold fire fit the screen together; on a wide screen it stays under the odds.
 * @param {SkirmishGame} g */
export function damageBox(g) {
  const v = g.view;
  if (g.mode !== "play" || !g.actions.length || v.phase !== "combat" || v.pending_hit) return null;
  const chosen = chosenShots(g);
  if (!chosen.length) return null;
  return state.shell.h("section", { class: "msc-dmg-box", id: "msc-dmg-box", "aria-label": "If it hits" }, damageTable(g, chosen));
}

/** "key N": the number key of the shell's choice of this kind, or "" when it has none (only the
 * first nine choices do).
 * @param {SkirmishGame} g
 * @param {string} kind */
function keyOf(g, kind) {
  const n = g.actions.findIndex((a) => a.kind === kind);
  return n >= 0 && n < 9 ? `key ${n + 1}` : "";
}

/** A legal shot's odds, as the engine gives them (view.shots: range and modifier MSC-9.3, the roll
 * it hits on and its chance MSC-9.4, the target's sides facing the shooter MSC-9.6).
 * @param {SkirmishView} v
 * @param {SkirmishStep} a a Fire */
export function shotOdds(v, a) {
  const f = a.fields;
  const o = v.shots[`${f.ship}-${f.side}-${f.target}`];
  return { shooter: v.ships[f.ship], target: v.ships[f.target], range: o.range, mod: o.modifier, need: o.need, percent: o.percent, faces: o.faces };
}

/** One shot at the chosen target: its odds in a line and its Fire button with the chance.
 * @param {SkirmishGame} g
 * @param {SkirmishChoice} a */
function shotCard(g, a) {
  const { h } = state.shell;
  const v = g.view;
  const o = shotOdds(v, a);
  const pct = o.percent;
  // On a phone the words its button and the map already say (the side's name, a modifier, the
  // chance) are left out (.msc-wide), so that several shots, the map and Hold fire fit.
  const wide = (/** @type {string} */ text) => h("span", { class: "msc-wide" }, text);
  return h("div", { class: "msc-shot" },
    h("p", {}, h("span", { class: "msc-shot-title" }, `${o.shooter.label} ${a.fields.side}`, wide(` (${hx.SIDE_WORDS[a.fields.side]})`), ` → ${shipName(v, o.target)}: `),
      `range ${o.range}`, wide(` (${o.mod >= 0 ? "+" : ""}${o.mod})`), `, TO-HIT ${o.shooter.to_hit}, hits on ${o.need >= 6 ? "any roll" : o.need <= 0 ? "no roll" : `a roll of ${o.need} or less`}`,
      wide(` — ${pct}%`), "."),
    // Short on the button (the card says which weapon), whole for a screen reader.
    h("button", { type: "button", class: "btn primary msc-fire-btn", "data-fire": `${a.fields.ship}-${a.fields.side}-${a.fields.target}`,
      "aria-label": `Fire · ${pct}%: ${o.shooter.label} ${a.fields.side} at ${o.target.label}`, onclick: (e) => actNow(a, e) }, `Fire · ${pct}%`));
}

/** What a hit on the chosen target does (MSC-9.3), once under its shots: a 6 strikes the side
 * facing each shooter.
 * @param {SkirmishGame} g
 * @param {SkirmishChoice[]} shots */
function damageTable(g, shots) {
  const { h } = state.shell;
  const v = g.view;
  const target = v.ships[shots[0].fields.target];
  const sixes = [...new Map(shots.map((a) => [a.fields.ship, shotOdds(v, a)])).values()].map((o) => {
    const there = o.faces.map((s) => (target.weapons[s] === "intact" ? `its ${s} weapon is destroyed` : `no weapon on its ${s} side: SHIELDS −1`));
    return `${o.faces.length > 1 ? `you choose a side facing ${o.shooter.label}: ` : shots.length > 1 ? `from ${o.shooter.label}: ` : ""}${there.join(", or ")}`;
  });
  return h("table", { class: "msc-dmg" },
    h("caption", {}, "If it hits, the damage die:"),
    h("tbody", {},
      h("tr", {}, h("th", { scope: "row" }, "1–4"), h("td", {}, `SHIELDS −1 (${target.shields} → ${target.shields - 1}${target.shields === 1 ? ", destroyed" : ""})`)),
      h("tr", {}, h("th", { scope: "row" }, "5"), h("td", {}, target.engine > 0 ? `ENGINE −1 (${target.engine} → ${target.engine - 1})` : "no ENGINE left: SHIELDS −1")),
      h("tr", {}, h("th", { scope: "row" }, "6"), h("td", {}, sixes.join("; ")))));
}

/** A damage roll of 6: the side it strikes, chosen (MSC-9.6).
 * @param {SkirmishGame} g */
function hitSidePanel(g) {
  const { h } = state.shell;
  const v = g.view;
  const hit = v.pending_hit;
  const target = v.ships[hit.target];
  return h("div", {},
    h("p", {}, `A damage roll of 6 on ${shipName(v, target)}: choose the side it strikes.`),
    h("div", { class: "msc-row msc-hit-sides" }, g.actions.filter((a) => a.kind === "HitSide").map((a) => {
      const s = a.fields.side;
      const there = s === "R" ? "none" : target.weapons[s];
      return h("button", { type: "button", class: "btn", onclick: (e) => actNow(a, e) },
        `${s} (${hx.SIDE_WORDS[s]}): ${there === "intact" ? "destroys its weapon" : "no weapon, SHIELDS −1"}`);
    })));
}

// ---------------------------------------------------------------------------- status panels (MSC-2.4)

/** Each ship's status card: its tracks, weapons and turn record (MSC-2.4).
 * @param {SkirmishGame} g */
export function statusPanels(g) {
  const { h } = state.shell;
  const v = g.view;
  if (!v.ships.length) return null;
  const track = (/** @type {string} */ label, /** @type {number} */ now, /** @type {number | null} */ design, max = 5) => h("div", { class: "msc-track" },
    h("span", { class: "msc-track-name" }, label),
    h("span", { class: "msc-ovals", "aria-hidden": "true" },
      Array.from({ length: max }, (_, n) => h("span", { class: `oval${n < now ? " ok" : n < design ? " lost" : " unbought"}` }))),
    h("span", { class: "msc-track-value" }, design === null ? String(now) : `${now}/${design}`));
  return h("section", { class: "msc-status", "aria-labelledby": "msc-status-title" },
    h("h2", { id: "msc-status-title" }, "Ships"),
    h("div", { class: "msc-cards" }, v.ships.map((s) => h("article", { class: `msc-ship ${sideClass(s.owner)}${s.fate ? " gone" : ""}${state.ui.selected === s.id ? " selected" : ""}`, "data-ship": s.label },
      h("h3", {}, h("button", { type: "button", class: "linkish", "aria-pressed": state.ui.selected === s.id ? "true" : "false",
        onclick: () => selectShip(s.id) }, shipName(v, s)),
      h("span", { class: "muted" }, ` ${SIDE_NAMES[s.owner]} · ${s.design.bp} BP`)),
      s.fate ? h("p", { class: "warn" }, s.fate === "destroyed" ? "Destroyed" : "Left the map (disengaged)")
        : h("p", { class: "msc-where" }, `Hex ${s.hex ?? "—"} · facing ${s.facing === null ? "—" : hx.DIR_NAMES[s.facing]} · SPEED ${s.speed}`),
      track("ENGINE", s.engine, s.design.engine),
      track("SHIELDS", s.shields, s.design.shields),
      track("TO-HIT", s.to_hit, s.to_hit),
      h("p", { class: "msc-weapons-line" }, "Weapons: ",
        Object.entries(s.weapons).filter(([, st]) => st !== "none").map(([side, st]) => h("span", {
          class: `msc-w ${st}${s.fired.includes(side) ? " fired" : ""}`,
        }, `${side}${st === "destroyed" ? " ✗" : s.fired.includes(side) ? " (fired)" : ""}`)),
        Object.values(s.weapons).every((st) => st === "none") ? "none" : null),
      s.history.length ? h("details", { class: "msc-history" }, h("summary", {}, "Turn record"),
        h("ol", {}, s.history.map((e) => h("li", {}, `SPEED ${e.split(" ")[0]}, orders ${e.split(" ")[1] || "—"}`)))) : null))));
}

/** @param {number} id */
function selectShip(id) {
  state.ui.selected = state.ui.selected === id ? null : id;
  const v = state.current.view;
  const s = v.ships[id];
  if (s && v.phase === "combat" && s.owner !== v.you && state.current.actions.some((a) => a.kind === "Fire" && a.fields.target === id)) {
    state.ui.target = id;
    state.ui.selected = null;
  }
  if (s && s.col !== null) centreOn(s.col, s.row, false);
  rerender();
}
