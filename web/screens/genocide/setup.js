// The secret setup (SG-3.6, SG-3.8): a draft of planet types and fleets edited by tap, with
// "Arrange for me", then played as the engine's one-step actions.
import * as D from "./data.js";
import { rerender, ui } from "./state.js";
import { myPlanets, shipName } from "./util.js";
import { shipWords } from "./words.js";
import { continueQueue } from "./queue.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */
/** @typedef {import("./state.js").MyPlanet} MyPlanet */

/**
 * @param {GenocideGame} g
 * @param {string} kind */
function draftFor(g, kind) {
  const k = `${kind}:${g.viewer}:${ui.camKey}`;
  if (!ui.draft || ui.draft.key !== k) ui.draft = { key: k, kind, assign: {} };
  return ui.draft;
}

/** "Arrange for me" (issue 32): the engine completes the draft into a full setup the rules
 * accept, keeping what the player picked (the game's query "arrange": genocide/arrange.py,
 * from this seat's view only); the page only applies it.
 * @param {GenocideGame} g
 * @param {string} kind */
async function arrange(g, kind) {
  const draft = draftFor(g, kind);
  let answer = null;
  try {
    answer = await ui.shell.call("ask", ["arrange", { [kind]: draft.assign }]);
  } catch (err) {
    ui.shell.notify(`No suggestion now (${err instanceof Error && err.message ? err.message : err}). Your draft is as it was.`);
    return;
  }
  // The answer's shape is the question's: {[kind]: [[key, value], ...]} (arrange.suggest).
  const pairs = answer && answer.answer && answer.answer[kind];
  if (!Array.isArray(pairs) || ui.draft !== draft) return; // the setup moved on meanwhile
  draft.assign = Object.fromEntries(pairs);
  ui.pickShip = null;
  rerender();
}

/**
 * @param {GenocideGame} g */
export function typesPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const draft = draftFor(g, "types");
  const planets = myPlanets(v);
  for (const p of planets) if (p.type) draft.assign[p.pid] = p.type; // already given to the engine
  const used = (t) => Object.values(draft.assign).filter((x) => x === t).length;
  const complete = D.PLANET_COUNTS.every(([t, n]) => used(t) === n);
  const picked = ui.hex ? planets.find((p) => p.col === ui.hex[0] && p.row === ui.hex[1]) : null;
  return h("div", {},
    h("p", {}, "Only you see these. Lose your Homeworld, or every planet of one type (Population, Metal, Radioactive), and you lose. Tap a planet here or on the map, then its type."),
    h("p", { class: "gc-counts" }, D.PLANET_COUNTS.map(([t, n]) => h("span", { class: used(t) === n ? "ok" : "" }, `${D.PLANET_TYPES[t]} ${used(t)}/${n} `))),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn", id: "gc-arrange", onclick: () => arrange(g, "types") }, "Arrange for me"),
      h("button", { type: "button", class: "btn primary", id: "gc-confirm", disabled: !complete, onclick: () => confirmTypes(g) }, "Confirm planet types")),
    h("ul", { class: "gc-setup-list" }, planets.map((p) => h("li", { class: picked && picked.pid === p.pid ? "picked" : null },
      h("button", { type: "button", class: "btn small gc-planet-btn", onclick: () => { ui.hex = [p.col, p.row]; rerender(); } }, `Planet ${p.hex}`),
      h("span", { class: "gc-typebtns", role: "group", "aria-label": `Type of planet ${p.hex}` }, typeButtons(g, p))))));
}

/** A planet's type buttons (SG-3.6); a type whose counters are all given is not offered for
 * another planet (there is one Homeworld).
 * @param {GenocideGame} g
 * @param {MyPlanet} p
 * @param {string} [extra] */
export function typeButtons(g, p, extra = "") {
  const { h } = ui.shell;
  const draft = draftFor(g, "types");
  const used = (t) => Object.values(draft.assign).filter((x) => x === t).length;
  const full = (t) => draft.assign[p.pid] !== t && used(t) >= D.PLANET_COUNTS.find(([x]) => x === t)[1];
  return D.PLANET_COUNTS.map(([t]) => h("button", {
    type: "button", class: `btn small gc-type${draft.assign[p.pid] === t ? " on" : ""}${extra}`, "aria-pressed": draft.assign[p.pid] === t ? "true" : "false",
    disabled: Boolean(p.type) || full(t), "aria-label": `${D.PLANET_TYPES[t]} for planet ${p.hex}`, title: full(t) ? `Every ${D.PLANET_TYPES[t]} world is given` : null,
    onclick: () => { draft.assign[p.pid] = t; ui.hex = [p.col, p.row]; rerender(); },
  }, t));
}

/**
 * @param {GenocideGame} g */
function confirmTypes(g) {
  const assign = { ...ui.draft.assign };
  ui.queue = {
    seat: g.viewer, what: "Setting your planet types",
    next: (gg) => {
      if (gg.view.phase !== "types") return null;
      const a = gg.actions.find((x) => x.kind === "SetType" && assign[x.fields.planet] === x.fields.ptype);
      return a ? a.i : null;
    },
  };
  continueQueue(g);
}

/**
 * @param {GenocideView} v */
function fleetRoom(v) {
  return v.variant === "advanced" ? 5 : 2;
}

/**
 * @param {GenocideGame} g */
export function fleetsPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const draft = draftFor(g, "fleets");
  const room = fleetRoom(v);
  const fixed = Object.fromEntries((v.setup.my_placements || []).map(([cid, pid]) => [cid, pid]));
  Object.assign(draft.assign, fixed);
  const hand = v.setup.my_hand || [];
  const planets = myPlanets(v);
  const at = (pid) => hand.filter((s) => draft.assign[s.id] === pid);
  const loose = hand.filter((s) => !(s.id in draft.assign));
  const complete = !loose.length && planets.every((p) => (room === 2 ? at(p.pid).length === 2 : at(p.pid).length <= room));
  const chip = (s) => h("button", {
    type: "button", class: `gc-chip${ui.pickShip === s.id ? " on" : ""}`, disabled: s.id in fixed,
    "aria-pressed": ui.pickShip === s.id ? "true" : "false", title: shipWords(v, s.id), "aria-label": shipName(v, s.id),
    onclick: () => { ui.pickShip = ui.pickShip === s.id ? null : s.id; rerender(); },
  }, D.SHIP_BY_KEY[s.type].short);
  return h("div", {},
    h("p", {}, room === 2 ? "Classic: exactly 2 ships at each of your planets." : "Up to 5 ships a planet; each planet's ships start as one fleet. Fighters need a carrier or a transport to move."),
    h("p", { class: "muted" }, "Tap a ship, then a planet (here or on the map) to put it there. Only you see this."),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn", id: "gc-arrange", onclick: () => arrange(g, "fleets") }, "Arrange for me"),
      h("button", { type: "button", class: "btn", onclick: () => { draft.assign = { ...fixed }; rerender(); } }, "Clear"),
      h("button", { type: "button", class: "btn primary", id: "gc-confirm", disabled: !complete, onclick: () => confirmFleets(g) }, "Confirm fleets")),
    ui.pickShip !== null && hand.some((x) => x.id === ui.pickShip)
      ? h("p", { class: "gc-picked", id: "gc-ship-stats", "aria-live": "polite" }, h("strong", {}, "Picked: "), shipWords(v, ui.pickShip), ". Tap a planet to put it there.") : null,
    loose.length ? h("div", { class: "gc-loose" }, h("strong", {}, `Not placed (${loose.length}): `), loose.map(chip)) : null,
    h("ul", { class: "gc-setup-list" }, planets.map((p) => h("li", { class: ui.hex && ui.hex[0] === p.col && ui.hex[1] === p.row ? "picked" : null },
      h("button", { type: "button", class: "btn small gc-planet-btn", onclick: () => placePicked(p) },
        `${p.type ? D.PLANET_TYPES[p.type] : "Planet"} ${p.hex} (${at(p.pid).length}/${room})`),
      at(p.pid).map(chip)))));
}

/**
 * @param {MyPlanet} p */
export function placePicked(p) {
  const g = ui.g;
  const v = g.view;
  ui.hex = [p.col, p.row];
  if (ui.pickShip !== null && ui.draft && ui.draft.kind === "fleets") {
    const n = Object.entries(ui.draft.assign).filter(([cid, pid]) => pid === p.pid && Number(cid) !== ui.pickShip).length;
    if (n < fleetRoom(v)) { ui.draft.assign[ui.pickShip] = p.pid; ui.pickShip = null; } else ui.shell.notify(`Planet ${p.hex} is full.`);
  }
  rerender();
}

/**
 * @param {GenocideGame} g */
function confirmFleets(g) {
  const assign = { ...ui.draft.assign };
  ui.queue = {
    seat: g.viewer, what: "Placing your fleets",
    next: (gg) => {
      const v = gg.view;
      if (v.phase !== "fleets" || !v.setup || v.setup.seat !== gg.viewer) return null;
      const placed = new Set((v.setup.my_placements || []).map(([c]) => c));
      const nextShip = (v.setup.my_hand || []).find((s) => !placed.has(s.id));
      if (!nextShip) return null;
      const a = gg.actions.find((x) => x.kind === "SetupPlace" && x.fields.planet === assign[nextShip.id]);
      return a ? a.i : null;
    },
  };
  continueQueue(g);
}
