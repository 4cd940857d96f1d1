// The screen's words: each legal action's label, its hex, the odds it shows (the engine's
// figures from the view's action_odds: the screen computes none), the prompt, the title and the
// end detail the shell asks for.
import * as D from "./data.js";
import { ui } from "./state.js";
import {
  cursorFleet, fleetMp, fleetsAt, hexLabel, myFleet, myShipsIn, neighbour, oddsOf, ownerOfShip, planetAt,
  seatName, shipName, shipType, terrainAt, valueWords, valuesOf,
} from "./util.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */
/** @typedef {import("./state.js").GenocideChoice} GenocideChoice */
/** @typedef {import("./state.js").GenocideStep} GenocideStep */
/** @typedef {import("./state.js").GenocideFleet} GenocideFleet */
/** @typedef {import("./state.js").GenocidePlanet} GenocidePlanet */

/**
 * @param {GenocideView} v
 * @param {GenocideStep} a */
export function actionHex(v, a) {
  const f = a.fields || {};
  const cur = cursorFleet(v);
  switch (a.kind) {
    case "Step": return cur ? neighbour(cur.col, cur.row, f.direction) : null;
    case "Gate": case "Fight": case "Place": return [f.col, f.row];
    case "Select": { const fl = myFleet(v, f.fleet); return fl ? [fl.col, fl.row] : null; }
    case "Merge": { const fl = myFleet(v, f.fleet); return fl ? [fl.col, fl.row] : null; }
    case "SetupPlace": { const p = v.planets[f.planet]; return p ? [p.col, p.row] : null; }
    case "Choose": return chooseHex(v, f.value);
    default: return null;
  }
}

/**
 * @param {GenocideView} v */
function chooseStep(v) {
  const playing = v.cards && v.cards.playing;
  if (!playing) return null;
  const steps = D.CARD_STEPS[playing.card.num] || [];
  const last = steps[steps.length - 1];
  if (last === "home_fleets" || last === "refit_ships") return last;
  return steps[playing.targets.length] || null;
}

/**
 * @param {GenocideView} v
 * @param {number} value */
function chooseHex(v, value) {
  if (value < 0) return null;
  const step = chooseStep(v);
  if (D.FLEET_STEPS.has(step)) {
    const f = v.fleets.find((x) => x.owner === Math.floor(value / 100) && x.marker === value % 100);
    return f ? [f.col, f.row] : null;
  }
  if (D.PLANET_STEPS.has(step)) { const p = v.planets[value]; return p ? [p.col, p.row] : null; }
  if (step === "battle_hex") return [Math.floor(value / 100), value % 100];
  return null;
}

/**
 * @param {GenocideView} v
 * @param {number} value */
function chooseWords(v, value) {
  if (value < 0) return "done choosing";
  const step = chooseStep(v);
  if (D.FLEET_STEPS.has(step)) {
    const owner = Math.floor(value / 100);
    const f = v.fleets.find((x) => x.owner === owner && x.marker === value % 100);
    return `${seatName(v, owner)} fleet ${value % 100}${f ? ` at ${f.hex}` : ""}`;
  }
  if (D.PLANET_STEPS.has(step)) { const p = v.planets[value]; return p ? planetWords(v, p) : `planet ${value}`; }
  if (step === "opponent") return seatName(v, value);
  if (step === "roll") {
    const r = v.cards.rolls[value];
    return r ? `the roll: ${r.words} (${r.dice.join(" ")})` : `roll ${value}`;
  }
  if (step === "battle_hex") return `hex ${hexLabel(Math.floor(value / 100), value % 100)}`;
  if (step === "planet_fleet") return value === 0 ? "a new fleet" : `fleet ${value}`;
  return shipName(v, value);
}

/** A planet as this seat knows it: its type only for its owner or once known (SG-14.1).
 * @param {GenocideView} v
 * @param {GenocidePlanet} p */
function planetWords(v, p) {
  const owner = p.owner === v.viewer ? "your" : p.owner < 0 ? "the neutral" : `${seatName(v, p.owner)}'s`;
  const type = !p.type ? "planet" : p.type === "H" ? "Homeworld" : `${D.PLANET_TYPES[p.type]} world`;
  return `${owner} ${type} ${p.hex}${p.alive ? "" : " (destroyed)"}`;
}

/** What a fleet arriving at a hex meets, in public words: a planet, enemy fleets, terrain.
 * @param {GenocideView} v
 * @param {number} c
 * @param {number} r */
function arrivalWords(v, c, r) {
  const out = [];
  const p = planetAt(v, c, r);
  if (p) out.push(planetWords(v, p));
  const enemies = fleetsAt(v, c, r).filter((f) => f.owner !== v.viewer);
  if (enemies.length) out.push(`${enemies.map((f) => `${seatName(v, f.owner)} fleet ${f.marker}`).join(", ")}: battle`);
  const ter = terrainAt(v, c, r);
  if (ter && ter.type !== "neutral_planet") out.push(D.TERRAIN[ter.type].name);
  return out.length ? ` (${out.join("; ")})` : "";
}

/**
 * @param {GenocideView} v
 * @param {number} marker */
function fleetSize(v, marker) {
  const n = myShipsIn(v, marker).length;
  return `${n} ship${n === 1 ? "" : "s"}`;
}

/** The enemy ship a declaration names, with its owner and fleet (revealed at B1, SG-6.3).
 * @param {GenocideView} v
 * @param {number} cid */
export function targetWords(v, cid) {
  const owner = ownerOfShip(v, cid);
  return `${owner !== null && owner !== v.viewer ? `${seatName(v, owner)}'s ` : ""}${shipName(v, cid)}`;
}

/** SG-8.5: a launch order's planet and odds in words, from the engine's figures: "87.5% after
 * 2 + 1 PBs at 50.0% each" with the launches already ordered at that planet this phase.
 * @param {GenocideView} v
 * @param {GenocideStep} a */
export function launchWords(v, a) {
  const o = oddsOf(v, a);
  if (!o) return { planet: null, odds: "" };
  const n = a.fields.count;
  const odds = o.before ? `${o.percent} after ${o.before} + ${n} PBs at ${o.each_percent} each`
    : `${o.percent}${n > 1 ? ` (${n} PBs at ${o.each_percent} each)` : ""}`;
  return { planet: o.planet === null ? null : v.planets[o.planet], odds };
}

/** The label of one legal action in the player's words, from what this seat may know.
 * @param {GenocideView} v
 * @param {GenocideStep} a */
export function label(v, a) {
  const f = a.fields || {};
  const cur = cursorFleet(v);
  switch (a.kind) {
    case "Step": { const to = actionHex(v, a); return `Fleet ${cur ? cur.marker : ""}: step ${D.DIR_WORDS[f.direction]}${to ? ` to ${hexLabel(to[0], to[1])}${arrivalWords(v, to[0], to[1])}` : ""}`; }
    case "Gate": return `Fleet ${cur ? cur.marker : ""}: star gate to ${hexLabel(f.col, f.row)}${arrivalWords(v, f.col, f.row)}`;
    case "Select": { const fl = myFleet(v, f.fleet); return `Order fleet ${f.fleet}${fl ? ` at ${fl.hex} (${fleetSize(v, f.fleet)}, ${fleetMp(v, f.fleet)} MP)` : ""}`; }
    case "Hold": return `Fleet ${cur ? cur.marker : ""} is done moving`;
    case "EndTransport": return "End movement";
    case "Split": return `Split ${shipName(v, f.ship, false)} off fleet ${cur ? cur.marker : ""} into a new fleet`;
    case "Merge": return `Merge fleet ${f.fleet} (${fleetSize(v, f.fleet)}) into fleet ${cur ? cur.marker : ""}`;
    case "Load": return `Load ${shipName(v, f.fighter, false)} into ${shipName(v, f.carrier, false)}`;
    case "Unload": return `Unload ${shipName(v, f.fighter, false)}`;
    case "Fight": {
      const here = fleetsAt(v, f.col, f.row);
      const mine = here.filter((x) => x.owner === v.viewer).map((x) => x.marker);
      const theirs = here.filter((x) => x.owner !== v.viewer).map((x) => `${seatName(v, x.owner)} fleet ${x.marker}`);
      return `Battle at ${hexLabel(f.col, f.row)}${mine.length ? `: your fleet${mine.length > 1 ? "s" : ""} ${mine.join(", ")} against ${theirs.join(", ")}` : ""}`;
    }
    case "Target": {
      if (f.target < 0) return `${shipName(v, f.ship)} holds fire`;
      const o = oddsOf(v, a);
      return `${shipName(v, f.ship)} attacks ${targetWords(v, f.target)}${o ? ` · ${o.unsure.length ? "about " : ""}${o.percent}` : ""}`;
    }
    case "SelfDestruct": {
      const o = oddsOf(v, a);
      return `${shipName(v, f.ship)} self-destructs attacking ${targetWords(v, f.target)} (+2 Attack)${o ? ` · ${o.percent}` : ""}`;
    }
    case "Launch": {
      if (!f.count) return `${shipName(v, f.ship)} launches none`;
      const { planet, odds } = launchWords(v, a);
      return `${shipName(v, f.ship)} launches ${f.count} planet buster${f.count > 1 ? "s" : ""}${planet ? ` at ${planetWords(v, planet)}` : ""}${odds ? ` · ${odds}` : ""}`;
    }
    case "Burst": {
      const o = oddsOf(v, a);
      return f.count ? `${shipName(v, f.ship)} bursts ${f.count} PB${o ? ` · each enemy ship ${o.percent}` : ""}` : `${shipName(v, f.ship)} makes no burst`;
    }
    case "Discard": return f.ship < 0 ? "Keep every ship" : `Discard ${shipName(v, f.ship)}`;
    case "Buy": { const t = D.SHIP_TYPES[v.variant][f.kind]; return `Buy ${t ? t.name : "a ship"} (10 resources)`; }
    case "Refill": return `Buy 1 PB for ${shipName(v, f.ship)} (1 resource)`;
    case "EndProduction": return "End production";
    case "Place": {
      const p = planetAt(v, f.col, f.row);
      return `Place ${v.drawn ? shipName(v, v.drawn.id) : "the new ship"} at ${p ? planetWords(v, p) : hexLabel(f.col, f.row)} in ${f.fleet ? `fleet ${f.fleet}` : "a new fleet"}`;
    }
    case "ChooseRace": { const r = D.RACES[f.race]; return r ? `Play as ${r.name.replace(/^The /, "the ")}` : a.label; }
    case "Capture": return `Capture ${shipName(v, f.ship)}`;
    case "PlayCard": { const c = cardByNum(v, f.card); return `Play ${c ? c.name : `card ${f.card}`}`; }
    case "Choose": { const c = v.cards && v.cards.playing; return `${c ? `${c.card.name}: ` : ""}${chooseWords(v, f.value)}`; }
    case "Pass": return "Pass (play no card)";
    // C-5.4: the engine's stop switch (issue 36), last in the list
    case "PassStopsOff": return "Pass, and don't stop for my cards when others act";
    case "StopsOn": return "Stop for my reaction cards again";
    case "DiscardCard": { const c = cardByNum(v, f.card); return `Discard ${c ? c.name : `card ${f.card}`}`; }
    case "SetType": { const p = v.planets[f.planet]; return `Planet ${p ? p.hex : f.planet} is a ${D.PLANET_TYPES[f.ptype]} world`; }
    case "SetupPlace": {
      const p = v.planets[f.planet];
      const placed = new Set(((v.setup && v.setup.my_placements) || []).map(([c]) => c));
      const next = ((v.setup && v.setup.my_hand) || []).find((x) => !placed.has(x.id));
      return `${next ? shipName(v, next.id) : "Next ship"} to ${p ? planetWords(v, p) : `planet ${f.planet}`}`;
    }
    default: return a.label;
  }
}

/** The shell's #choices buttons and hint say the action with this screen's words.
 * @param {GenocideGame} g
 * @param {GenocideStep} a */
export function choiceLabel(g, a) {
  if (!g.view || g.mode !== "play") return null;
  return label(g.view, a);
}

/**
 * @param {GenocideView} v
 * @param {number} num */
function cardByNum(v, num) {
  const c = v.cards;
  if (!c) return null;
  return c.hand.find((x) => x.num === num) || c.discard.find((x) => x.num === num) || null;
}

/** A ship and its values: Attack and Defense as the engine counts them for this seat where
 * it can see the ship (the view's ship_values: "Attack 3 = 2 base + 1 own planet"), else the
 * type's own.
 * @param {GenocideView} v
 * @param {number} cid
 * @param {string} [extra] */
export function shipWords(v, cid, extra = "") {
  const t = shipType(v, cid);
  const val = valuesOf(v, cid);
  const fight = val ? `${valueWords(val, "atk", "Attack")}, ${valueWords(val, "def", "Defense")}` : `Attack ${t.atk}, Defense ${t.def}`;
  return `${shipName(v, cid)}: Move ${t.move}, ${fight}, PB ${t.pb}${t.fighter ? ", fighter" : t.bays ? `, ${t.bays} bays` : ""}${extra}`;
}

/**
 * @param {GenocideView} v
 * @param {GenocideFleet} f */
export function fleetWords(v, f) {
  const name = `${seatName(v, f.owner)} fleet ${f.marker} at ${f.hex}`;
  const flags = [f.done ? "done" : "", f.jammed ? "jammed" : "", f.ordering ? "being ordered" : ""].filter(Boolean).join(", ");
  if (f.owner === v.viewer) {
    const ships = myShipsIn(v, f.marker);
    return `${name}: ${ships.map((s) => `${shipName(v, s.id, false)}${s.carrier >= 0 ? ` (in ${shipName(v, s.carrier, false)})` : ""}`).join(", ")}${flags ? ` · ${flags}` : ""}`;
  }
  const seen = v.sightings.find((x) => x.owner === f.owner && x.marker === f.marker);
  const size = f.ships !== null && f.ships !== undefined ? `${f.ships} ships` : "size secret";
  const last = seen ? ` · last seen in round ${seen.round}${seen.stale ? " (changed since)" : ""}: ${seen.ships.map((s) => shipName(v, s.id, false)).join(", ")}` : "";
  return `${name}: ${size}${flags ? ` · ${flags}` : ""}${last}`;
}

// ---------------------------------------------------------------------------- what the shell asks for

/**
 * @param {GenocideGame} g */
export function title(g) {
  const v = g.view;
  if (!v) return g.title;
  if (v.variant === "classic") return `${g.title} · Classic`;
  const mods = v.modules || [];
  return `${g.title} · ${mods.length === 4 ? "Advanced Full" : mods.length ? `Advanced (${mods.join(", ")})` : "Advanced Basic"}`;
}

/**
 * @param {GenocideGame} g */
export function prompt(g) {
  const v = g.view;
  if (!v || !g.actions.length) return null;
  const cur = cursorFleet(v);
  switch (v.phase) {
    case "race": return "Choose your race (every player sees it)";
    case "types": return "Secret setup: choose the type of each of your planets";
    case "fleets": return "Secret setup: put your 20 ships into fleets at your planets";
    case "transport":
      return cur ? `Move fleet ${cur.marker} at ${cur.hex} (${fleetMp(v, cur.marker)} MP left), or pick another fleet` : "Pick a fleet to order, or end movement";
    case "choose_battle": return "Pick the next battle";
    case "declare": {
      const b = v.battle;
      const cid = b && b.to_declare && b.to_declare[0];
      return `Battle at ${b ? b.hex : ""}: secret target for ${cid !== undefined ? shipName(v, cid) : "your ship"}`;
    }
    case "burst": { const q = v.burst && v.burst.to_declare; return `Space burst (secret): ${q && q.length ? shipName(v, q[0]) : ""}`; }
    case "md": return `Planet busters: ${v.launch_queue && v.launch_queue.length ? shipName(v, v.launch_queue[0]) : ""}`;
    case "discard": return "Production: you may discard one ship";
    case "buy": return `Production: ${v.seats[v.viewer].resources} resources to spend`;
    case "place": return `Place ${v.drawn ? shipName(v, v.drawn.id) : "the new ship"} at one of your planets`;
    case "capture": return "Scavengers: take one of the destroyed ships";
    case "window": case "target": case "card_move": return cardPrompt(v, g.actions);
    case "hand_limit": return "Discard down to 7 cards";
    default: return null;
  }
}

/**
 * @param {GenocideView} v
 * @param {GenocideChoice[]} actions */
function cardPrompt(v, actions) {
  const c = v.cards;
  if (!c) return null;
  if (v.phase === "target" && c.playing) return `${c.playing.card.name}: choose ${(chooseStep(v) || "a target").replace(/_/g, " ")}`;
  if (v.phase === "card_move") return "Move the fleet of your card, or stop";
  const w = c.window;
  if (!w) return "Cards";
  // A stop shown after a hand-off with nothing to play (C-5.4): say so.
  const what = actions.some((a) => a.kind === "PlayCard") ? "play a card or pass"
    : "none of your cards can be played now";
  return `Cards: ${D.WINDOW_WORDS[w.kind.split("/")[0]] || w.kind}${w.chain.length ? ` (answering ${w.chain[w.chain.length - 1].card.name})` : ""}: ${what}`;
}

/**
 * @param {GenocideGame} g */
export function endDetail(g) {
  const { h } = ui.shell;
  const v = g.view;
  if (!v) return null;
  return h("ul", { class: "gc-end" }, v.seats.map((s) => h("li", {},
    h("span", { class: `gc-dot gc-seat-${s.seat}` }), ` ${s.name}: ${s.kept ?? s.planets} planet${(s.kept ?? s.planets) === 1 ? "" : "s"}${s.alive ? "" : " when defeated"}, ${s.ships} ships${s.race ? `, ${D.RACES[s.race].name}` : ""}${s.alive ? "" : " (out)"}`)));
}

/** What just happened is the shell's recap (everything since this seat's last decision,
 * issue 24), each step told by recapStep below: the moves, the dice and the results. The
 * screen adds no summary of its own: one account of the turn. */
export function news() {
  return null;
}
