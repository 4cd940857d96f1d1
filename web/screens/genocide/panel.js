// The decision panel: what a decision is about (the race, the fleet being ordered, a battle's
// odds, a burst, planet busters, production, cards), in words beside the map. Its buttons are
// the shell's #choices alone (issue 36: one list of buttons, not two): this panel only says
// what each choice means. The odds are the engine's (the view's action_odds, oddsOf).
import * as D from "./data.js";
import { ui } from "./state.js";
import {
  acts, canStep, cursorFleet, fleetMp, fleetsAt, hexLabel, myShipHex, myShipsIn,
  oddsOf, planetName, seatName, shipName, shipType, terrainAt, valueWords, valuesOf,
} from "./util.js";
import { label, shipWords, targetWords } from "./words.js";
import { fleetsPanel, typesPanel } from "./setup.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */
/** @typedef {import("./state.js").GenocideChoice} GenocideChoice */
/** @typedef {import("./state.js").GenocideFleet} GenocideFleet */
/** @typedef {import("./state.js").MyShip} MyShip */

/**
 * @param {GenocideGame} g */
export function panel(g) {
  const { h } = ui.shell;
  const v = g.view;
  if (g.over) return null; // the shell's end panel says it all
  const mine = g.actions.length > 0;
  let body = null;
  if (!mine) {
    body = waitingWords(g);
  } else {
    switch (v.phase) {
      case "race": body = racePanel(g); break;
      case "types": body = typesPanel(g); break;
      case "fleets": body = fleetsPanel(g); break;
      case "transport": body = transportPanel(g); break;
      case "choose_battle": body = h("div", {}, h("p", {}, `Every hex with ships of two players is a battle (${acts(g, "Fight").length} now). Pick the next one: tap it on the map or in the choices.`), cardWords(g)); break;
      case "declare": body = declarePanel(g); break;
      case "burst": body = burstPanel(g); break;
      case "md": body = launchPanel(g); break;
      case "discard": body = discardPanel(); break;
      case "buy": body = buyPanel(g); break;
      case "place": body = placePanel(g); break;
      case "window": case "target": case "card_move": case "hand_limit": body = cardPanel(g); break;
      case "capture": body = h("p", {}, "Take one of the destroyed ships (the choices)."); break;
      default: body = null;
    }
  }
  return h("section", { class: "gc-panel", id: "gc-panel", "aria-labelledby": "gc-panel-title" },
    h("h2", { id: "gc-panel-title" }, v.status || "Space Genocide"),
    ui.queue ? h("p", { class: "gc-busy", role: "status" }, `${ui.queue.what}…`) : null,
    body);
}

/**
 * @param {GenocideGame} g */
function waitingWords(g) {
  const { h } = ui.shell;
  const v = g.view;
  if (g.over) return null;
  const who = v.to_move !== null && v.to_move !== undefined ? seatName(v, v.to_move) : "";
  if (v.phase === "declare" && v.battle) return h("p", {}, `Battle at ${v.battle.hex}: ${who} declares targets in secret.`);
  if (v.phase === "types" || v.phase === "fleets") return h("p", {}, `${who} is setting up in secret.`);
  return h("p", { class: "muted" }, who ? `${who} to decide.` : "");
}

/**
 * @param {GenocideGame} g */
function racePanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  return h("div", {},
    h("p", {}, "Your race changes your ships for the whole game. Races already taken are gone."),
    h("ul", { class: "gc-races" }, acts(g, "ChooseRace").map((a) => {
      const r = D.RACES[a.fields.race];
      return h("li", {}, h("strong", {}, r ? r.name : a.label), h("p", { class: "muted" }, r ? r.text : ""));
    })),
    h("p", { class: "muted" }, `Your 20 starting ships: ${(v.setup && v.setup.my_hand || []).map((s) => D.SHIP_BY_KEY[s.type].short).join(" ")}`));
}

// --- a turn

/**
 * @param {GenocideGame} g */
function transportPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const cur = cursorFleet(v);
  const count = (/** @type {string[]} */ kinds) => kinds.reduce((n, k) => n + acts(g, k).length, 0);
  const others = acts(g, "Select").length;
  const reorg = count(["Split", "Merge", "Load", "Unload"]);
  const gates = acts(g, "Gate").length;
  // What the choices hold, in words: the choices themselves are the shell's list (issue 36).
  const more = [gates ? `${gates} star gate jump${gates > 1 ? "s" : ""}` : "", others ? `${others} other fleet${others > 1 ? "s" : ""} to order` : "",
    reorg ? `${reorg} ways to split, merge or load` : ""].filter(Boolean);
  return h("div", {},
    cur ? fleetCard(v, cur, true) : h("p", {}, "No fleet is being ordered. Tap one of your fleets on the map, or pick one in the choices."),
    cur ? h("p", { class: "muted" }, "Shaded hexes can be reached this turn: tap one to go there step by step; the brightest ring is one step.") : null,
    more.length ? h("p", { class: "muted" }, `Also in the choices: ${more.join(", ")}.`) : null,
    cardWords(g));
}

/**
 * @param {GenocideView} v
 * @param {GenocideFleet} f
 * @param {boolean} detail */
function fleetCard(v, f, detail) {
  const { h } = ui.shell;
  const ships = myShipsIn(v, f.marker);
  const ter = terrainAt(v, f.col, f.row);
  return h("div", { class: "gc-fleetcard" },
    h("p", {}, h("strong", {}, `Fleet ${f.marker}`), ` at ${f.hex}${ter ? ` (${D.TERRAIN[ter.type].name})` : ""} · ${ships.length} ship${ships.length === 1 ? "" : "s"} · ${fleetMp(v, f.marker)} MP${f.jammed ? " · jammed" : ""}${f.done ? " · done" : ""}${canStep(v, f.marker) ? "" : " · cannot move (an unloaded stationary ship or jammed)"}`),
    detail ? h("table", { class: "gc-ships" },
      h("thead", {}, h("tr", {}, ["Ship", "MP", "PB", "Atk*", "Def*", "Loaded"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, ships.map((s) => {
        const val = valuesOf(v, s.id); // the engine's ATK*/DEF* with every bonus in force (SG-2.7)
        const t = shipType(v, s.id);
        return h("tr", {},
          h("th", { scope: "row" }, shipName(v, s.id, false)),
          h("td", {}, t.stationary ? "–" : String(s.mp)),
          h("td", {}, `${s.pb}/${t.pb}`),
          h("td", { title: valueWords(val, "atk", "Attack") }, val ? String(val.atk) : "?"),
          h("td", { title: valueWords(val, "def", "Defense") }, val ? String(val.def) : "?"),
          h("td", {}, s.carrier >= 0 ? `in ${shipName(v, s.carrier, false)}` : t.fighter ? "no" : ""));
      }))) : null,
    detail ? bonusWords(v, ships) : null);
}

/** The bonuses in the Atk* and Def* columns, named once each (issue 32): "Atk* and Def* count:
 * own planet +1 Attack +2 Defense; Ion Cloud +1 Attack". The figures are the view's.
 * @param {GenocideView} v
 * @param {MyShip[]} ships */
function bonusWords(v, ships) {
  const { h } = ui.shell;
  const seen = new Map();
  for (const s of ships) {
    const val = valuesOf(v, s.id);
    for (const p of val ? val.parts.slice(1) : []) {
      const k = `${p.what}/${p.atk}/${p.def}`;
      seen.set(k, { ...p, n: (seen.get(k) || { n: 0 }).n + 1 });
    }
  }
  const words = [...seen.values()].map((p) => `${p.what}${p.atk ? ` +${p.atk} Attack` : ""}${p.def ? ` +${p.def} Defense` : ""}${p.n < ships.length ? ` (${p.n} of the ships)` : ""}`);
  return h("p", { class: "muted gc-bonuses", id: "gc-bonuses" },
    words.length ? `Atk* and Def* are the base values plus: ${words.join("; ")}.` : "Atk* and Def* are the ships' base values: no bonus here.");
}

/**
 * @param {GenocideView} v */
function battleShips(v) {
  // Every ship known to be in the battle hex: own ships, and the others revealed at B1.
  const b = v.battle;
  if (!b) return [];
  const out = [];
  for (const f of fleetsAt(v, b.col, b.row)) {
    if (f.owner === v.viewer) {
      for (const s of myShipsIn(v, f.marker)) out.push({ id: s.id, owner: f.owner, marker: f.marker });
    } else {
      const seen = v.sightings.find((x) => x.owner === f.owner && x.marker === f.marker);
      if (seen) for (const s of seen.ships) out.push({ id: s.id, owner: f.owner, marker: f.marker });
    }
  }
  return out;
}

/**
 * @param {GenocideGame} g */
function declarePanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const b = v.battle;
  const cid = b.to_declare[0];
  const sides = v.combat_die;
  const declared = b.my_declarations || [];
  const row = (/** @type {GenocideChoice} */ a) => {
    const f = a.fields;
    if (f.target < 0) return null;
    const o = oddsOf(v, a);
    const verb = `${a.kind === "SelfDestruct" ? "Self-destruct on" : "Attack"} ${targetWords(v, f.target)}`;
    if (!o) return h("li", { "data-action": a.i }, h("strong", {}, verb));
    // The row tells why its choice has these odds; the choice is the shell's button (issue 36).
    return h("li", { class: "gc-odds-row", "data-action": a.i, "data-kind": a.kind, "data-target": f.target, "data-atk": o.atk, "data-def": o.def, "data-sides": sides, "data-odds": o.percent, "data-unsure": o.unsure.length ? "1" : null },
      h("strong", {}, `${verb} · ${o.unsure.length ? "about " : ""}${o.percent}`),
      h("span", { class: "muted" }, ` ${o.atk} attack dice vs ${o.def} defence dice (d${sides})${o.others.length ? `, with ${o.others.map((x) => shipName(v, x)).join(", ")}` : ""}: destroyed if the attack total is higher.`),
      o.unsure.map((u) => h("span", { class: "muted" }, ` ${seatName(v, u.owner)}'s ${u.card} was played on a fleet whose ships changed before ${seatName(v, u.owner)} fleet ${u.marker} was seen: this ship may have ${u.def ? `+${u.def} Defense` : `+${u.atk} Attack`} more (not counted).`)));
  };
  const known = battleShips(v);
  return h("div", {},
    h("p", {}, `You declare in secret, one ship at a time; the others see your targets only when all are in. ${shipWords(v, cid)}.`),
    h("ul", { class: "gc-odds" }, g.actions.filter((a) => a.kind === "Target" || a.kind === "SelfDestruct").map(row).filter(Boolean)),
    declared.length ? h("p", { class: "muted" }, `Declared so far: ${declared.map(([x, t]) => `${shipName(v, x)} → ${t < 0 ? "none" : targetWords(v, t)}`).join(", ")}`) : null,
    h("details", {}, h("summary", {}, `Ships in the battle (${known.length} known)`),
      h("ul", {}, known.map((s) => {
        const val = valuesOf(v, s.id);
        return h("li", {}, `${s.owner === v.viewer ? "Your" : `${seatName(v, s.owner)}'s`} ${shipName(v, s.id)}: ${valueWords(val, "atk", "Attack")}; ${valueWords(val, "def", "Defense")}${val && val.unsure.length ? ` (may have more: ${val.unsure.map((u) => u.card).join(", ")})` : ""}${b.protected.includes(s.id) ? "; protected by its fighters" : ""}`);
      }))),
    h("p", { class: "muted" }, "Odds are exact: they count every bonus you can know (own planet, race, terrain, and the cards played this turn, yours and the others')."));
}

/**
 * @param {GenocideGame} g */
function burstPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const q = v.burst && v.burst.to_declare;
  const cid = q && q.length ? q[0] : null;
  const at = cid === null ? null : myShipHex(v, cid);
  const enemies = at ? fleetsAt(v, at[0], at[1]).filter((f) => f.owner !== v.viewer) : [];
  const where = at ? h("p", { id: "gc-burst-hex" }, h("strong", {}, `Space burst at ${hexLabel(at[0], at[1])}`),
    `: your ${shipWords(v, cid)}. Enemy ships there: ${enemies.map((f) => `${seatName(v, f.owner)} fleet ${f.marker}${f.ships === null || f.ships === undefined ? "" : ` (${f.ships} ship${f.ships === 1 ? "" : "s"})`}`).join(", ") || "none seen"}.`) : null;
  return h("div", {},
    where,
    h("p", {}, "Each planet buster you burst rolls one die against every enemy ship in its hex: a 6 destroys it. Secret until every player has declared."),
    h("p", { class: "muted" }, "Each choice says the chance for each enemy ship."));
}

/**
 * @param {GenocideGame} g */
function launchPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const cid = v.launch_queue && v.launch_queue[0];
  const launches = acts(g, "Launch");
  const first = launches.length ? oddsOf(v, launches[0]) : null; // the planet and the orders at it
  const planet = first && first.planet !== null ? v.planets[first.planet] : null;
  const before = first ? first.before : 0;
  const hit = first ? first.hit : 3;
  return h("div", {},
    h("p", {}, `${shipName(v, cid)}${planet ? ` is at ${planetName(v, planet)}` : ""}. Each planet buster rolls a die: ${hit === 4 ? "1-4" : "1-3"} destroys the planet. Spent PBs are gone.`),
    before ? h("p", { id: "gc-declared" }, `Already declared at this planet: ${before} PB${before > 1 ? "s" : ""} (${first.before_percent} on their own).`) : null,
    h("p", { class: "muted" }, "Each choice says the chance that the planet is destroyed."));
}

function discardPanel() {
  const { h } = ui.shell;
  return h("p", {}, "You may send one ship back to the pile (it can come back later as a new draw), or keep every ship.");
}

/**
 * @param {GenocideGame} g */
function buyPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const res = v.seats[v.viewer].resources;
  const pile = v.pile.types || {};
  const kinds = acts(g, "Buy").map((a) => D.SHIP_TYPES[v.variant][a.fields.kind]).filter(Boolean);
  return h("div", {},
    h("p", { class: "gc-res" }, `Resources: ${res} (a ship costs 10, a planet buster 1)`),
    kinds.length ? h("ul", { class: "gc-buylist" }, kinds.map((t) => h("li", {}, `${t.name}: Move ${t.move}, Attack ${t.atk}, Defense ${t.def}, PB ${t.pb} · ${pile[t.key] || 0} left`))) : null);
}

/**
 * @param {GenocideGame} g */
function placePanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  return v.drawn ? h("p", {}, `New ship: ${shipWords(v, v.drawn.id)}. Tap one of your planets (shaded on the map) or pick in the choices.`) : null;
}

/** The cards playable now, named: playing one is a choice like any other.
 * @param {GenocideGame} g */
function cardWords(g) {
  const { h } = ui.shell;
  const names = acts(g, "PlayCard").map((a) => label(g.view, a).replace(/^Play /, ""));
  return names.length ? h("p", { class: "muted" }, `Cards you can play now (in the choices): ${names.join(", ")}.`) : null;
}

/**
 * @param {GenocideGame} g */
function cardPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const c = v.cards;
  const w = c && c.window;
  return h("div", {},
    w && w.chain.length ? h("p", {}, `Played: ${w.chain.map((p) => `${seatName(v, p.player)} ${p.card.name}`).join(", then ")}`) : null,
    c && c.playing ? h("p", {}, h("strong", {}, c.playing.card.name), `: ${c.playing.card.text}`) : null,
    // The choices themselves are the decision panel's, right below: not a second set here.
    h("p", { class: "muted" }, acts(g, "PlayCard").length || !w
      ? "Play a card or pass below. Your hand and what each card does are under the map."
      // C-5.4: a stop is shown whatever the hand holds, so a hand-off tells no one anything
      : "You are asked here whenever you might hold a card for this moment, so the hand-off tells no one what you hold. Pass below; your hand is under the map."));
}
