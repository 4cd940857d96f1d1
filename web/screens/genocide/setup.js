// The secret setup (SG-3.6, SG-3.8): a draft of planet types and fleets edited by tap, with
// "Arrange for me", then played as the engine's one-step actions.
import * as D from "./data.js";
import { rerender, ui } from "./state.js";
import { distance } from "../common/hexgrid.js";
import { myPlanets, raceOf } from "./util.js";
import { shipWords } from "./words.js";
import { continueQueue } from "./queue.js";

function draftFor(g, kind) {
  const k = `${kind}:${g.viewer}:${ui.camKey}`;
  if (!ui.draft || ui.draft.key !== k) ui.draft = { key: k, kind, assign: {} };
  return ui.draft;
}

function enemyDistance(v, p) {
  const enemies = v.planets.filter((q) => q.owner >= 0 && q.owner !== v.viewer);
  if (!enemies.length) return 0;
  return Math.min(...enemies.map((q) => distance([p.col, p.row], [q.col, q.row])));
}

/** SG-3.6 default: the Homeworld on the planet farthest from the enemy, the other types
 * spread so that no front loses a whole resource type at once. */
function arrangeTypes(v, keep = {}) {
  const planets = myPlanets(v).sort((a, b) => enemyDistance(v, b) - enemyDistance(v, a) || a.pid - b.pid);
  const out = { ...keep };
  const order = ["H", "P", "M", "R", "P", "M", "R", "P", "M", "R"];
  for (const t of Object.values(keep)) { const n = order.indexOf(t); if (n >= 0) order.splice(n, 1); }
  for (const p of planets) if (!(p.pid in out)) out[p.pid] = order.shift();
  return out;
}

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
      h("button", { type: "button", class: "btn", id: "gc-arrange", onclick: () => { draft.assign = arrangeTypes(v, draft.assign); rerender(); } }, "Arrange for me"),
      h("button", { type: "button", class: "btn primary", id: "gc-confirm", disabled: !complete, onclick: () => confirmTypes(g) }, "Confirm planet types")),
    h("ul", { class: "gc-setup-list" }, planets.map((p) => h("li", { class: picked && picked.pid === p.pid ? "picked" : null },
      h("button", { type: "button", class: "btn small gc-planet-btn", onclick: () => { ui.hex = [p.col, p.row]; rerender(); } }, `Planet ${p.hex}`),
      h("span", { class: "gc-typebtns", role: "group", "aria-label": `Type of planet ${p.hex}` }, typeButtons(g, p))))));
}

/** A planet's type buttons (SG-3.6); a type whose counters are all given is not offered for
 * another planet (there is one Homeworld). */
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

function fleetRoom(v) {
  return v.variant === "advanced" ? 5 : 2;
}

/** SG-3.8 default: fighters with the bay-ships that can carry them, stations and loose
 * fighters as garrisons at the planets farthest back, mobile ships in fast and slow groups
 * at the front; at most 5 a planet (Classic: exactly 2). */
function arrangeFleets(v, fixed) {
  const room = fleetRoom(v);
  const race = raceOf(v, v.viewer);
  const hand = (v.setup.my_hand || []).filter((s) => !(s.id in fixed));
  const planets = myPlanets(v).sort((a, b) => enemyDistance(v, a) - enemyDistance(v, b) || a.pid - b.pid);
  const count = Object.fromEntries(planets.map((p) => [p.pid, 0]));
  for (const pid of Object.values(fixed)) count[pid] += 1;
  const t = (s) => D.SHIP_BY_KEY[s.type];
  const bays = (s) => (t(s).fighter ? 0 : t(s).bays + (race ? race.bays : 0));
  const fighters = hand.filter((s) => t(s).fighter);
  const units = [];
  for (const c of hand.filter((s) => !t(s).fighter && !t(s).stationary && bays(s) > 0)) {
    const load = fighters.splice(0, Math.min(bays(c), room - 1));
    units.push({ ships: [c, ...load], garrison: false, speed: t(c).move });
  }
  const garrison = [...hand.filter((s) => t(s).stationary && !t(s).fighter), ...fighters];
  for (const s of garrison) units.push({ ships: [s], garrison: true, speed: 0 });
  const movers = hand.filter((s) => !t(s).stationary && !(bays(s) > 0));
  movers.sort((a, b) => t(b).move - t(a).move || a.id - b.id);
  for (const s of movers) units.push({ ships: [s], garrison: false, speed: t(s).move });
  const out = {};
  const put = (unit, order) => {
    for (const p of order) {
      if (count[p.pid] + unit.ships.length <= room) {
        for (const s of unit.ships) out[s.id] = p.pid;
        count[p.pid] += unit.ships.length;
        return true;
      }
    }
    return false;
  };
  const back = [...planets].reverse();
  // Classic: exactly two a planet, so fill planet by planet in this order.
  const ordered = [...units.filter((u) => !u.garrison), ...units.filter((u) => u.garrison)];
  if (room === 2) {
    const flat = ordered.flatMap((u) => u.ships);
    let n = 0;
    for (const p of planets) while (count[p.pid] < 2 && n < flat.length) { out[flat[n].id] = p.pid; count[p.pid] += 1; n += 1; }
    return out;
  }
  for (const u of units.filter((x) => x.garrison)) put(u, back);
  for (const u of units.filter((x) => !x.garrison)) if (!put(u, planets)) for (const s of u.ships) put({ ships: [s] }, planets);
  return out;
}

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
    "aria-pressed": ui.pickShip === s.id ? "true" : "false", title: shipWords(v, s.id),
    onclick: () => { ui.pickShip = ui.pickShip === s.id ? null : s.id; rerender(); },
  }, `${D.SHIP_BY_KEY[s.type].short} #${s.id}`);
  return h("div", {},
    h("p", {}, room === 2 ? "Classic: exactly 2 ships at each of your planets." : "Up to 5 ships a planet; each planet's ships start as one fleet. Fighters need a carrier or a transport to move."),
    h("p", { class: "muted" }, "Tap a ship, then a planet (here or on the map) to put it there. Only you see this."),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn", id: "gc-arrange", onclick: () => { const keep = { ...draft.assign, ...fixed }; draft.assign = { ...keep, ...arrangeFleets(v, keep) }; ui.pickShip = null; rerender(); } }, "Arrange for me"),
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
