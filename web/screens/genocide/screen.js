// Space Genocide's screen (RULES.md section 1): the hex map on a canvas (pan, pinch, wheel,
// Fit, a mini-map), the secret setup with "Arrange for me", a turn by tap (fleet panel, reachable
// hexes), battles with the exact odds of each attack, production, cards, a fleet list and a
// decision panel that make the game playable without the canvas.
//
// Rules kept here (docs/WEB.md): every move is one of g.actions (several in a row for a setup
// or a long move, each looked up in the new g.actions before it is played); everything drawn
// comes from g.view; hex pixel geometry is computed here from the engine's (col, row).
import { attackOdds, anyHit, percent } from "./odds.js";
import * as D from "./data.js";
import { laidOutWidth, panZoomTap, roundRect, watchWidth } from "../common/canvas.js";

const SQ3 = Math.sqrt(3);
let shell = null;
const ui = {
  g: null, // the model on screen
  cam: null, // {s: pixels per hex radius, ox, oy}
  camKey: "",
  hex: null, // the hex tapped last: [col, row]
  pickShip: null, // setup: the ship picked to move
  stamp: 0, // bumped whenever what the map marks may have changed (the frame layer is redrawn)
  draft: null, // setup: {key, kind, assign}
  queue: null, // actions played one after another: {seat, next(g) -> action index or null, what}
  legend: false,
  logSeat: null, // the player whose log lines "Log by player" shows (null: everyone)
};

// ---------------------------------------------------------------------------- small helpers

const key = (c, r) => `${c},${r}`;
const hexLabel = (c, r) => `${String(c + 1).padStart(2, "0")}${String(r + 1).padStart(2, "0")}`;

function toCube(col, row) {
  const q = col;
  const r = row - (col - (col & 1)) / 2;
  return [q, r, -q - r];
}
function fromCube(q, r) {
  return [q, r + (q - (q & 1)) / 2];
}
const DIRS = [[0, -1, 1], [1, -1, 0], [1, 0, -1], [0, 1, -1], [-1, 1, 0], [-1, 0, 1]];
function neighbour(col, row, d) {
  const [q, r] = toCube(col, row);
  return fromCube(q + DIRS[d][0], r + DIRS[d][1]);
}
function centre(col, row) {
  return [1.5 * col, SQ3 * (row + 0.5 * (col & 1))];
}
function pixelToHex(x, y) {
  const q = (2 / 3) * x;
  const r = (-1 / 3) * x + (SQ3 / 3) * y;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(-q - r);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs + q + r);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return fromCube(rq, rr);
}

function shipType(v, cid) {
  return D.SHIP_TYPES[v.variant][Math.floor(cid / D.COPIES[v.variant])];
}
function shipName(v, cid) {
  if (cid < 0) return "nothing";
  return `${shipType(v, cid).name} #${cid}`;
}
function seatName(v, seat) {
  return (v.seats[seat] && v.seats[seat].name) || `Seat ${seat + 1}`;
}
function raceOf(v, seat) {
  const k = v.seats[seat] && v.seats[seat].race;
  return k ? D.RACES[k] : null;
}
function terrainAt(v, c, r) {
  const t = v.terrain.find((x) => x.col === c && x.row === r);
  return t || null;
}
function planetAt(v, c, r) {
  return v.planets.find((p) => p.col === c && p.row === r && p.alive) || null;
}
function fleetsAt(v, c, r) {
  return v.fleets.filter((f) => f.col === c && f.row === r);
}
function myFleet(v, marker) {
  return v.fleets.find((f) => f.owner === v.viewer && f.marker === marker) || null;
}
function myShipsIn(v, marker) {
  return v.my_ships.filter((s) => s.fleet === marker);
}
function cursorFleet(v) {
  return v.fleets.find((f) => f.ordering) || null;
}
function planetName(v, p) {
  const type = p.type ? `${D.PLANET_TYPES[p.type]} ` : "";
  const owner = p.owner < 0 ? "neutral " : `${seatName(v, p.owner)}'s `;
  return `${owner}${type}planet ${p.hex}${p.alive ? "" : " (destroyed)"}`;
}
function fleetMp(v, marker) {
  const ships = myShipsIn(v, marker).filter((s) => !shipType(v, s.id).stationary);
  if (!ships.length) return 0;
  return Math.min(...ships.map((s) => s.mp));
}
function canStep(v, marker) {
  const ships = myShipsIn(v, marker);
  const f = myFleet(v, marker);
  if (f && f.jammed) return false;
  return ships.every((s) => !shipType(v, s.id).stationary || s.carrier >= 0);
}

/** ATK* and DEF* as far as this seat can know them (SG-2.7): base, own planet (Advanced),
 * race, terrain, the card bonuses the view shows (own ships; Skirmish on the hex) and those
 * of the other seats' ships that follow from this turn's public card plays (knownBonuses). */
function stats(v, cid, owner, col, row) {
  const t = shipType(v, cid);
  let atk = t.atk;
  let def = t.def;
  const p = planetAt(v, col, row);
  if (v.variant === "advanced" && p && p.owner === owner) { atk += 1; def += 2; }
  const race = raceOf(v, owner);
  if (race) { atk += race.atk; def += race.def; }
  const ter = terrainAt(v, col, row);
  if (ter && ter.type === "ion_cloud") atk += 1;
  if (ter && ter.type === "asteroid_field") def += 1;
  const effects = (v.cards && v.cards.effects) || [];
  for (const e of effects) {
    if (e.kind === "atk" && e.ship === cid) atk += e.value;
    if (e.kind === "def" && e.ship === cid) def += e.value;
    if (e.kind === "skirmish" && e.hex === hexLabel(col, row)) def += e.value;
  }
  if (owner !== v.viewer) {
    const known = knownBonuses(v).ships.find((x) => x.ship === cid);
    if (known) { atk += known.atk; def += known.def; }
  }
  return { atk, def };
}

/** The other seats' card bonuses this turn that follow from public plays and reveals (SG-13.3,
 * SG-14.1): the engine works them out (``card_bonuses.py``); ``unsure`` names a bonus played on
 * a fleet whose ships changed before it was seen (the odds leave it out and say so). */
function knownBonuses(v) {
  const known = v.cards && v.cards.known_bonuses;
  return known || { ships: [], unsure: [] };
}

function ownerOfShip(v, cid) {
  const mine = v.my_ships.find((s) => s.id === cid);
  if (mine) return v.viewer;
  for (const g of v.sightings) if (g.ships.some((s) => s.id === cid)) return g.owner;
  for (const g of (v.cards && v.cards.scans) || []) if (g.ships.some((s) => s.id === cid)) return g.owner;
  return null;
}

// ---------------------------------------------------------------------------- action words

function actionHex(v, a) {
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

function chooseStep(v) {
  const playing = v.cards && v.cards.playing;
  if (!playing) return null;
  const steps = D.CARD_STEPS[playing.card.num] || [];
  const last = steps[steps.length - 1];
  if (last === "home_fleets" || last === "refit_ships") return last;
  return steps[playing.targets.length] || null;
}

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
    return r ? `the roll ${r.purpose} (${r.dice.join(" ")})` : `roll ${value}`;
  }
  if (step === "battle_hex") return `hex ${hexLabel(Math.floor(value / 100), value % 100)}`;
  if (step === "planet_fleet") return value === 0 ? "a new fleet" : `fleet ${value}`;
  return shipName(v, value);
}

/** A planet as this seat knows it: its type only for its owner or once known (SG-14.1). */
function planetWords(v, p) {
  const owner = p.owner === v.viewer ? "your" : p.owner < 0 ? "the neutral" : `${seatName(v, p.owner)}'s`;
  const type = !p.type ? "planet" : p.type === "H" ? "Homeworld" : `${D.PLANET_TYPES[p.type]} world`;
  return `${owner} ${type} ${p.hex}${p.alive ? "" : " (destroyed)"}`;
}

/** What a fleet arriving at a hex meets, in public words: a planet, enemy fleets, terrain. */
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

function fleetSize(v, marker) {
  const n = myShipsIn(v, marker).length;
  return `${n} ship${n === 1 ? "" : "s"}`;
}

/** The enemy ship a declaration names, with its owner and fleet (revealed at B1, SG-6.3). */
function targetWords(v, cid) {
  const owner = ownerOfShip(v, cid);
  const seen = v.sightings.find((g) => g.ships.some((s) => s.id === cid));
  return `${owner !== null && owner !== v.viewer ? `${seatName(v, owner)}'s ` : ""}${shipName(v, cid)}${seen ? ` (fleet ${seen.marker})` : ""}`;
}

/** A declaration's dice and exact odds as this seat can know them (SG-6.3 B5, SG-6.6): every
 * own attacker already on this target joins the attack; the target's DEF* counts every
 * bonus the seat may know (planet, race, terrain, cards played this turn). */
function declarationOdds(v, a) {
  const b = v.battle;
  const f = a.fields;
  const owner = ownerOfShip(v, f.target);
  const tdef = stats(v, f.target, owner ?? -2, b.col, b.row).def;
  const declared = b.my_declarations || [];
  const others = declared.filter(([, t]) => t === f.target).map(([x]) => x);
  const atk = [...others, f.ship].reduce((sum, x) => sum + stats(v, x, v.viewer, b.col, b.row).atk, 0)
    + (a.kind === "SelfDestruct" ? 2 : 0) + (b.my_sacrifices || []).filter((x) => others.includes(x)).length * 2;
  const odds = attackOdds(atk, tdef, v.combat_die);
  const unsure = knownBonuses(v).unsure.filter((u) => u.ships.includes(f.target));
  return { atk, def: tdef, others, pct: percent(odds), unsure };
}

/** The label of one legal action in the player's words, from what this seat may know. */
function label(v, a) {
  const f = a.fields || {};
  const cur = cursorFleet(v);
  switch (a.kind) {
    case "Step": { const to = actionHex(v, a); return `Fleet ${cur ? cur.marker : ""}: step ${D.DIR_WORDS[f.direction]}${to ? ` to ${hexLabel(to[0], to[1])}${arrivalWords(v, to[0], to[1])}` : ""}`; }
    case "Gate": return `Fleet ${cur ? cur.marker : ""}: star gate to ${hexLabel(f.col, f.row)}${arrivalWords(v, f.col, f.row)}`;
    case "Select": { const fl = myFleet(v, f.fleet); return `Order fleet ${f.fleet}${fl ? ` at ${fl.hex} (${fleetSize(v, f.fleet)}, ${fleetMp(v, f.fleet)} MP)` : ""}`; }
    case "Hold": return `Fleet ${cur ? cur.marker : ""} is done moving`;
    case "EndTransport": return "End movement";
    case "Split": return `Split ${shipName(v, f.ship)} off fleet ${cur ? cur.marker : ""} into a new fleet`;
    case "Merge": return `Merge fleet ${f.fleet} (${fleetSize(v, f.fleet)}) into fleet ${cur ? cur.marker : ""}`;
    case "Load": return `Load ${shipName(v, f.fighter)} into ${shipName(v, f.carrier)}`;
    case "Unload": return `Unload ${shipName(v, f.fighter)}`;
    case "Fight": {
      const here = fleetsAt(v, f.col, f.row);
      const mine = here.filter((x) => x.owner === v.viewer).map((x) => x.marker);
      const theirs = here.filter((x) => x.owner !== v.viewer).map((x) => `${seatName(v, x.owner)} fleet ${x.marker}`);
      return `Battle at ${hexLabel(f.col, f.row)}${mine.length ? `: your fleet${mine.length > 1 ? "s" : ""} ${mine.join(", ")} against ${theirs.join(", ")}` : ""}`;
    }
    case "Target": {
      if (f.target < 0) return `${shipName(v, f.ship)} holds fire`;
      const o = v.battle ? declarationOdds(v, a) : null;
      return `${shipName(v, f.ship)} attacks ${targetWords(v, f.target)}${o ? ` · ${o.unsure.length ? "about " : ""}${o.pct}` : ""}`;
    }
    case "SelfDestruct": {
      const o = v.battle ? declarationOdds(v, a) : null;
      return `${shipName(v, f.ship)} self-destructs attacking ${targetWords(v, f.target)} (+2 Attack)${o ? ` · ${o.pct}` : ""}`;
    }
    case "Launch": {
      if (!f.count) return `${shipName(v, f.ship)} launches none`;
      const { planet, odds } = launchOdds(v, f.ship, f.count);
      return `${shipName(v, f.ship)} launches ${f.count} planet buster${f.count > 1 ? "s" : ""}${planet ? ` at ${planetWords(v, planet)}` : ""} · ${odds}`;
    }
    case "Burst": return f.count ? `${shipName(v, f.ship)} bursts ${f.count} PB · each enemy ship ${percent(anyHit(f.count, 1))}` : `${shipName(v, f.ship)} makes no burst`;
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

/** The shell's #choices buttons and hint say the action with this screen's words. */
export function choiceLabel(g, a) {
  if (!g.view || g.mode !== "play") return null;
  return label(g.view, a);
}

function cardByNum(v, num) {
  const c = v.cards;
  if (!c) return null;
  return c.hand.find((x) => x.num === num) || c.discard.find((x) => x.num === num) || null;
}

// ---------------------------------------------------------------------------- exports

export function title(g) {
  const v = g.view;
  if (!v) return g.title;
  if (v.variant === "classic") return `${g.title} · Classic`;
  const mods = v.modules || [];
  return `${g.title} · ${mods.length === 4 ? "Advanced Full" : mods.length ? `Advanced (${mods.join(", ")})` : "Advanced Basic"}`;
}

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
    case "window": case "target": case "card_move": return cardPrompt(v);
    case "hand_limit": return "Discard down to 7 cards";
    default: return null;
  }
}

function cardPrompt(v) {
  const c = v.cards;
  if (!c) return null;
  if (v.phase === "target" && c.playing) return `${c.playing.card.name}: choose ${(chooseStep(v) || "a target").replace(/_/g, " ")}`;
  if (v.phase === "card_move") return "Move the fleet of your card, or stop";
  const w = c.window;
  if (!w) return "Cards";
  return `Cards: ${D.WINDOW_WORDS[w.kind.split("/")[0]] || w.kind}${w.chain.length ? ` (answering ${w.chain[w.chain.length - 1].card.name})` : ""}: play a card or pass`;
}

export function endDetail(g) {
  const { h } = shell;
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

// ---------------------------------------------------------------------------- the turn on the map

// Where every fleet marker stood after each action the screen has drawn or looked back at.
// Markers and every step of a fleet are PUBLIC (SG-14.1), so this holds nothing a seat may not
// know; ship counts are never kept here (recapStep reads them from the view on screen). The
// recap names each move from it, and the map draws this turn's paths and, fainter, the last
// turn's (so the computer's moves stay on the map until the next turn).
const track = new Map(); // position -> {turn: "round:active", fleets: Map("owner:marker" -> [col, row])}
let trackKey = "";

function remember(g) {
  const v = g.view;
  if (!v || g.mode === "replay" || v.phase === "race" || v.phase === "types" || v.phase === "fleets") return;
  const at = g.mode === "peek" ? g.peek.step : g.at;
  // A takeback: what the screen remembered after this position is no longer the game.
  if (g.mode === "play") for (const k of [...track.keys()]) if (k > at) track.delete(k);
  track.set(at, { turn: `${v.round}:${v.active}`, fleets: new Map(v.fleets.map((f) => [`${f.owner}:${f.marker}`, [f.col, f.row]])) });
  if (track.size > 600) track.delete(Math.min(...track.keys()));
}

/** The moves between two remembered positions: per fleet that changed hex, its path through
 * every remembered position in between. */
function movesBetween(from, to) {
  const ats = [...track.keys()].filter((at) => at >= from && at <= to).sort((a, b) => a - b);
  if (ats.length < 2) return [];
  const paths = new Map();
  for (const at of ats) {
    for (const [k, hex] of track.get(at).fleets) {
      const path = paths.get(k);
      if (!path) { if (at === ats[0]) paths.set(k, [hex]); continue; }
      const last = path[path.length - 1];
      if (last[0] !== hex[0] || last[1] !== hex[1]) path.push(hex);
    }
  }
  const out = [];
  for (const [k, path] of paths) {
    if (path.length < 2 || !track.get(ats[ats.length - 1]).fleets.has(k)) continue;
    const [owner, marker] = k.split(":").map(Number);
    out.push({ owner, marker, path });
  }
  return out;
}

/** This turn's paths and the last turn's, for the map (trails), as of the position on screen. */
function trails(g) {
  const now = g.mode === "peek" ? g.peek.step : g.at;
  const ats = [...track.keys()].filter((at) => at <= now).sort((a, b) => a - b);
  if (!ats.length) return [];
  const out = [];
  let end = ats.length - 1;
  for (let age = 0; age < 2 && end >= 0; age++) {
    const turn = track.get(ats[end]).turn;
    let start = end;
    while (start > 0 && track.get(ats[start - 1]).turn === turn) start -= 1;
    // The position before the turn's first one is where its moves began.
    const from = start > 0 ? ats[start - 1] : ats[start];
    for (const m of movesBetween(from, ats[end])) out.push({ ...m, age });
    end = start - 1;
  }
  return out;
}

function drawTrails(ctx, g, s, sx, sy) {
  for (const t of trails(g)) {
    ctx.save();
    ctx.globalAlpha = t.age ? 0.35 : 0.85;
    ctx.strokeStyle = D.SEAT_COLOURS[t.owner];
    ctx.fillStyle = D.SEAT_COLOURS[t.owner];
    ctx.lineWidth = Math.max(2, s / 7);
    ctx.setLineDash(t.age ? [s / 4, s / 5] : []);
    ctx.lineCap = "round";
    ctx.beginPath();
    const pts = t.path.map(([c, r]) => { const [wx, wy] = centre(c, r); return [sx(wx), sy(wy)]; });
    pts.forEach(([x, y], n) => (n ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.stroke();
    const [x1, y1] = pts[pts.length - 1];
    const [x0, y0] = pts[pts.length - 2];
    const a = Math.atan2(y1 - y0, x1 - x0);
    const head = Math.max(6, s * 0.35);
    const tipX = x1 - Math.cos(a) * s * 0.45;
    const tipY = y1 - Math.sin(a) * s * 0.45;
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(tipX, tipY);
    ctx.lineTo(tipX - head * Math.cos(a - 0.45), tipY - head * Math.sin(a - 0.45));
    ctx.lineTo(tipX - head * Math.cos(a + 0.45), tipY - head * Math.sin(a + 0.45));
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  }
}

/** The recap steps that carry the moves: each run of positions the screen remembers ends at a
 * step of the fleet's owner, which tells the moves of that run. */
function recapMoves(g) {
  const r = g.recap;
  const out = new Map();
  if (!r) return out;
  const known = [...track.keys()].sort((a, b) => a - b);
  for (let n = 1; n < known.length; n++) {
    const [p0, p1] = [known[n - 1], known[n]];
    if (p1 <= r.since) continue;
    for (const m of movesBetween(p0, p1)) {
      const step = [...r.steps].reverse().find((s) => !s.auto && s.seat === m.owner && s.at >= p0 && s.at < p1);
      if (!step) continue;
      if (!out.has(step.at)) out.set(step.at, []);
      out.get(step.at).push(m);
    }
  }
  return out;
}

function moveWords(v, m) {
  const f = v.fleets.find((x) => x.owner === m.owner && x.marker === m.marker);
  const count = m.owner === v.viewer ? myShipsIn(v, m.marker).length : f ? f.ships : null;
  const ships = count === null || count === undefined ? "" : `, ${count} ship${count === 1 ? "" : "s"}`;
  return `${seatName(v, m.owner)} fleet ${m.marker}: ${m.path.map(([c, r]) => hexLabel(c, r)).join(" → ")}${ships}`;
}

/** A recap step in the game's words (the shell asks for each): its fleet moves with their
 * hexes, its dice drawn as dice with what they decided, and its other lines; null for the
 * shell's default text (a step with nothing of that). */
export function recapStep(g, step) {
  const base = g.mode === "play" ? g : lastPlay && lastPlay.game_id === g.game_id ? lastPlay : null;
  if (!shell || !base || !base.view) return null;
  const { h } = shell;
  const v = base.view;
  if (step.auto) {
    // Why another seat passed a window (it held no card for it) is its own secret (C-5.4);
    // what the pass set off (dice, a kill, a planet destroyed) is told all the same (issue 31).
    const passed = step.seat !== g.viewer ? h("span", { class: "recap-line" }, "Passed (played no card).") : null;
    const results = (step.results || []).map((k) => entry(step, k));
    if (!results.length) return passed;
    return h("span", { class: "recap-lines gc-step" }, passed, stepLines(v, [], results));
  }
  const moves = recapMoves(base).get(step.at) || [];
  const entries = step.lines.map((line, k) => entry(step, k));
  if (!moves.length && !entries.some((x) => DICE_KINDS.has(x.kind) || (x.kind === "roll" && diceRoll(x.fact)))) return null;
  return h("span", { class: "recap-lines gc-step" }, stepLines(v, moves, entries));
}

/** Line ``k`` of a recap step: its words, its index in the log (data-line), and the kind and
 * fields of the event it tells (the engine's facts: dice and verdicts are read from them). */
const entry = (step, k) => ({ text: String(step.lines[k]), n: step.from + k, kind: (step.kinds || [])[k], fact: (step.facts || [])[k] || {} });

// The events whose dice the recap draws with their verdict (SG-6.3 B5, SG-8.5).
const DICE_KINDS = new Set(["battle_result", "launch"]);

/** A dice record the recap draws (a battle's attack or defence, a burst, a PB launch, a Black
 * Hole or a neutral planet), as {what, ship, planet, pb}; null for any other roll (C-2.8: its
 * purpose is the engine's id of what the roll was for, e.g. ``SG.combat.attack target=ship#4``). */
function diceRoll(fact) {
  if (!fact.purpose || fact.pick) return null;
  const [what, ...rest] = fact.purpose.split(" ");
  if (!/^SG\.(combat\.attack|combat\.defence|burst|pb|blackhole|neutral)$/.test(what)) return null;
  const ship = rest.map((x) => /ship#(\d+)/.exec(x)).find(Boolean);
  const planet = rest.map((x) => /^(?:planet=)?(\d{4})$/.exec(x)).find(Boolean);
  const pb = rest.indexOf("PB") >= 0 ? Number(rest[rest.indexOf("PB") + 1]) : null;
  return { what: what.slice(3), ship: ship ? Number(ship[1]) : null, planet: planet ? planet[1] : null, pb };
}

/** A step's moves, its dice drawn as dice with their verdicts, and its other lines in words;
 * ``entries`` as ``entry`` makes them (each shown line carries its index: data-line). */
function stepLines(v, moves, entries) {
  const { h } = shell;
  const dice = diceList(v, entries);
  const drawn = new Set(dice.map((item) => item.dataset.line).filter(Boolean));
  return [
    ...moves.map((m) => h("span", { class: "recap-line gc-move" }, moveWords(v, m))),
    dice.length ? h("ul", { class: "gc-dice", "aria-label": "Dice" }, dice) : null,
    ...entries.filter((x) => x.kind !== "roll" && !drawn.has(String(x.n)))
      .map((x) => h("span", { class: "recap-line", "data-line": String(x.n) }, ...shell.playerWords(x.text))),
  ];
}

let lastPlay = null; // the last model in play: a look back at the board draws the recap from it

/** The dice of a step with their verdicts, from the events: a battle's attack total against
 * its defence total (SG-6.3 B5, ``battle_result``), a PB launch (SG-8.5, ``launch``), a burst
 * die that hits on 6 (SG-7.4), a Black Hole's or a neutral planet's roll. A battle's or a PB's
 * roll whose verdict has not come yet is still open to a card (Luck, It's a Dud!): it says so;
 * once that window has closed its verdict is in a later step (drawn there, once). An item that
 * tells a result line carries its index. */
function diceList(v, entries) {
  const { h } = shell;
  const chips = (values, hit) => h("span", { class: "dice" }, values.map((d) => h("span", { class: `die${hit(d) ? " hit" : ""}` }, String(d))));
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  const pending = (purpose) => ((v.cards && v.cards.rolls) || []).some((r) => purpose.startsWith(r.purpose));
  const judged = new Set(entries.filter((x) => x.kind === "battle_result").map((x) => x.fact.target));
  const pbHits = (ship) => { const o = ownerOfShip(v, ship); const race = o === null ? null : raceOf(v, o); return (d) => d <= ((race && race.pbHit) || 3); };
  const launched = new Set(entries.filter((x) => x.kind === "launch").map((x) => `${x.fact.ship}|${x.fact.hex}`));
  const rolls = entries.filter((x) => x.kind === "roll").map((x) => [x, diceRoll(x.fact)]).filter(([, r]) => r);
  const attack = (name, a, d, result, n) => h("li", { class: result === "destroyed" ? "gc-kill" : null, "data-line": n === null ? null : String(n) },
    `Attack on ${name}: `, chips(a, () => false), ` = ${sum(a)} against `, chips(d, () => false), ` = ${sum(d)} → ${result}`);
  const items = [];
  for (const x of entries) {
    const f = x.fact;
    if (x.kind === "battle_result") {
      items.push(attack(shipName(v, f.target), f.attack, f.defence, f.destroyed ? "destroyed" : "survives", x.n));
    } else if (x.kind === "launch") {
      const result = f.hit ? "planet destroyed" : "the planet survives";
      items.push(h("li", { class: f.hit ? "gc-kill" : null, "data-line": String(x.n) }, `Planet busters on ${f.hex} from ${shipName(v, f.ship)}: `,
        chips(f.dice, pbHits(f.ship)), ` → ${result}`));
    } else if (x.kind === "roll") {
      const r = diceRoll(f);
      if (!r) continue;
      if (r.what === "combat.attack" && !judged.has(r.ship) && pending(f.purpose)) {
        const defence = rolls.find(([y, q]) => y.n > x.n && q.what === "combat.defence" && q.ship === r.ship);
        items.push(attack(shipName(v, r.ship), f.values, defence ? defence[0].fact.values : [], "pending cards", null));
      } else if (r.what === "burst") {
        items.push(h("li", {}, `Space burst by ${shipName(v, r.ship)}, PB ${r.pb}: `, chips(f.values, (d) => d === 6),
          pending(`SG.burst ship#${r.ship}`) ? " (a 6 destroys; pending cards)" : " (a 6 destroys)"));
      } else if (r.what === "pb" && !launched.has(`${r.ship}|${r.planet}`) && pending(f.purpose)) {
        items.push(h("li", {}, `Planet busters on ${r.planet} from ${shipName(v, r.ship)}: `, chips(f.values, pbHits(r.ship)),
          " → pending cards (the roll may still change)"));
      } else if (r.what === "blackhole" || r.what === "neutral") {
        items.push(h("li", {}, h("span", { class: "muted" }, `${r.what === "blackhole" ? "Black Hole" : "Neutral planet"} at ${r.planet}:`), " ", chips(f.values, () => false)));
      }
    }
  }
  return items;
}

export function keys(e) {
  if (!ui.cam || !document.getElementById("gc-map")) return false;
  if (e.key === "+" || e.key === "=") { zoomBy(1.25); return true; }
  if (e.key === "-") { zoomBy(0.8); return true; }
  if (e.key === "0") { fit(); return true; }
  const g = ui.g;
  const pan = { ArrowLeft: [80, 0], ArrowRight: [-80, 0], ArrowUp: [0, 80], ArrowDown: [0, -80] }[e.key];
  if (pan && g && g.mode === "play") {
    ui.cam.ox += pan[0];
    ui.cam.oy += pan[1];
    ui.cam.auto = false;
    schedule();
    return true;
  }
  return false;
}

export function redraw() {
  draw();
}

// ---------------------------------------------------------------------------- render

function ensureCss() {
  shell.stylesheet(new URL("./screen.css", import.meta.url).href, () => draw());
}

export function render(area, g, tools) {
  shell = tools;
  ensureCss();
  const { h } = tools;
  const v = g.view;
  const old = ui.g;
  ui.g = g;
  ui.pending = null;
  ui.stamp += 1;
  if (g.mode === "play") lastPlay = g;
  const camKey = `${v.map.cols}x${v.map.rows}:${v.planets.map((p) => p.hex).join("")}`;
  if (camKey !== ui.camKey || `${g.game_id}|${location.hash}` !== trackKey) { track.clear(); trackKey = `${g.game_id}|${location.hash}`; }
  remember(g);
  if (camKey !== ui.camKey) { ui.camKey = camKey; ui.cam = null; ui.hex = null; ui.draft = null; ui.queue = null; }
  if (old && (old.viewer !== g.viewer || g.at < old.at)) { ui.queue = null; ui.pickShip = null; }
  // Another seat on screen and a camera no one has moved: fit again (its own section first).
  if (old && old.viewer !== g.viewer && ui.cam && ui.cam.auto) ui.cam = null;
  // Another seat on screen: the last seat's picture goes (the frame layer has its marks).
  if (old && old.viewer !== g.viewer && frameLayer.canvas) { frameLayer.canvas.width = 0; Object.assign(frameLayer, { key: "", g: null }); }
  if (ui.queue && (ui.queue.seat !== g.viewer || !g.actions.length || g.over)) ui.queue = null;
  let follow = null;
  if (v.phase === "transport" && old && old.at !== g.at) {
    const cur = cursorFleet(v);
    if (cur) { ui.hex = [cur.col, cur.row]; follow = ui.hex; }
  }
  // A battle, a burst or a launch: the map turns to where it happens, once.
  const spot = v.battle ? [v.battle.col, v.battle.row] : null;
  const spotKey = spot ? `${g.viewer}:${v.round}:${spot}` : "";
  if (spot && ui.focus !== spotKey) { ui.focus = spotKey; ui.hex = spot; ui.centre = spot; }
  // Setting up (race, planet types, fleets), a phone shows what to choose, with its reasons,
  // before the map (screen.css); the map follows.
  area.classList.toggle("gc-setup", g.actions.length > 0 && ["race", "types", "fleets"].includes(v.phase));
  // The map's canvas stays from one render to the next (its listeners too): a new one would
  // have its backing store (some 4 MB on a phone) allocated and laid out again on every tap.
  const kept = document.getElementById("gc-map");
  const mapCanvas = kept && area.contains(kept) ? kept : h("canvas", { id: "gc-map", class: "gc-map", role: "img" });
  mapCanvas.setAttribute("aria-label", mapWords(v));
  // The area changes in place (the shell's morph): what a tap did not change is not rebuilt,
  // so the browser styles and lays out only what did (a late 4-seat game has long lists).
  const next = area.cloneNode(false);
  next.append(...[
    seatsStrip(v),
    h("section", { class: "gc-map-box", "aria-labelledby": "gc-map-title" },
      h("h2", { id: "gc-map-title", class: "sr-only" }, "Map"),
      h("div", { class: "gc-tools" },
        h("button", { type: "button", class: "btn small", id: "gc-fit", onclick: fit }, "Fit"),
        h("button", { type: "button", class: "btn small", "aria-label": "Zoom in", onclick: () => zoomBy(1.3) }, "+"),
        h("button", { type: "button", class: "btn small", "aria-label": "Zoom out", onclick: () => zoomBy(1 / 1.3) }, "−"),
        h("span", { class: "muted gc-tip" }, "Drag to pan, pinch or wheel to zoom, tap a hex.", h("span", { class: "gc-keys" }, " Keys: arrows, + − 0."))),
      mapCanvas,
      hexBox(g)),
    panel(g),
    fleetList(g),
    cardsBox(g),
    logByPlayer(v),
    legend(v)].filter(Boolean));
  tools.morph(area, next);
  if (mapCanvas !== kept) wireCanvas(mapCanvas);
  watchWidth(mapCanvas.parentElement, schedule); // its width read when drawing, without a forced layout
  draw();
  // Drawn again only where the camera moves (a battle's hex, the fleet the game selects).
  if (ui.centre) { const [c, r] = ui.centre; ui.centre = null; centreOn(c, r); } else if (follow && g.mode === "play" && keepInView(follow[0], follow[1])) draw();
  continueQueue(g);
  tapAfterModel(g);
  keepScroll(g);
}

/** After a move made on the map, the map stays where the player saw it on the screen (the
 * recap above it changes height, and the shell brings the top of the game into view after a
 * move): the shell scrolls in the next frame (its callback is asked for once this render
 * returns); this one, asked for after it, puts the map back in that same frame, before
 * anything is painted or tapped. */
function keepScroll(g) {
  const keep = ui.keepScroll;
  if (!keep || g.at <= keep.after) return;
  ui.keepScroll = null;
  if (g.mode !== "play" || keep.top === null) return;
  setTimeout(() => requestAnimationFrame(() => {
    const canvas = document.getElementById("gc-map");
    if (ui.g === g && canvas) window.scrollBy(0, canvas.getBoundingClientRect().top - keep.top);
  }), 0);
}

function mapWords(v) {
  const mine = v.planets.filter((p) => p.owner === v.viewer && p.alive).length;
  return `Map, ${v.map.cols} by ${v.map.rows} hexes. ${v.viewer !== null ? `You have ${mine} planets and ${v.fleets.filter((f) => f.owner === v.viewer).length} fleets.` : ""} The fleet list below has every fleet.`;
}

function seatsStrip(v) {
  const { h } = shell;
  return h("ul", { class: "gc-seats", "aria-label": "Players" }, v.seats.map((s) => {
    const cards = v.cards ? v.cards.hand_counts[s.seat] : null;
    return h("li", { class: `gc-seatinfo${s.alive ? "" : " out"}` },
      h("span", { class: `gc-dot gc-seat-${s.seat}` }),
      h("strong", {}, s.seat === v.viewer ? `${s.name} (you)` : s.name),
      h("span", {}, ` ${s.planets} planets · ${s.ships} ships`),
      cards !== null ? h("span", {}, ` · ${cards} cards`) : null,
      v.production === "resources" ? h("span", {}, ` · ${s.resources} res.`) : null,
      s.race ? h("span", { class: "muted gc-race" }, ` · ${D.RACES[s.race].name}`) : null);
  }));
}

// ---------------------------------------------------------------------------- decision panel

function acts(g, kind) {
  return g.actions.filter((a) => a.kind === kind);
}

function actButton(g, a, text, cls = "") {
  const { h } = shell;
  return h("button", { type: "button", class: `btn ${cls}`.trim(), "data-gc-action": a.i, onclick: (e) => { ui.queue = null; shell.act(a.i, e, g.at); } },
    text || label(g.view, a));
}

function panel(g) {
  const { h } = shell;
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
      case "choose_battle": body = h("div", {}, h("p", {}, "Every hex with ships of two players is a battle. Pick the next one (tap it on the map or here)."),
        h("div", { class: "choices" }, acts(g, "Fight").map((a) => actButton(g, a))), cardPlayButtons(g)); break;
      case "declare": body = declarePanel(g); break;
      case "burst": body = burstPanel(g); break;
      case "md": body = launchPanel(g); break;
      case "discard": body = discardPanel(g); break;
      case "buy": body = buyPanel(g); break;
      case "place": body = placePanel(g); break;
      case "window": case "target": case "card_move": case "hand_limit": body = cardPanel(g); break;
      case "capture": body = h("div", { class: "choices" }, acts(g, "Capture").map((a) => actButton(g, a))); break;
      default: body = null;
    }
  }
  return h("section", { class: "gc-panel", id: "gc-panel", "aria-labelledby": "gc-panel-title" },
    h("h2", { id: "gc-panel-title" }, v.status || "Space Genocide"),
    ui.queue ? h("p", { class: "gc-busy", role: "status" }, `${ui.queue.what}…`) : null,
    body);
}

function waitingWords(g) {
  const { h } = shell;
  const v = g.view;
  if (g.over) return null;
  const who = v.to_move !== null && v.to_move !== undefined ? seatName(v, v.to_move) : "";
  if (v.phase === "declare" && v.battle) return h("p", {}, `Battle at ${v.battle.hex}: ${who} declares targets in secret.`);
  if (v.phase === "types" || v.phase === "fleets") return h("p", {}, `${who} is setting up in secret.`);
  return h("p", { class: "muted" }, who ? `${who} to decide.` : "");
}

function racePanel(g) {
  const { h } = shell;
  const v = g.view;
  return h("div", {},
    h("p", {}, "Your race changes your ships for the whole game. Races already taken are gone."),
    h("ul", { class: "gc-races" }, acts(g, "ChooseRace").map((a) => {
      const r = D.RACES[a.fields.race];
      return h("li", {}, actButton(g, a, r ? r.name : a.label), h("p", { class: "muted" }, r ? r.text : ""));
    })),
    h("p", { class: "muted" }, `Your 20 starting ships: ${(v.setup && v.setup.my_hand || []).map((s) => D.SHIP_BY_KEY[s.type].short).join(" ")}`));
}

// --- secret setup: a draft edited by tap, then played as the engine's one-step actions

function draftFor(g, kind) {
  const k = `${kind}:${g.viewer}:${ui.camKey}`;
  if (!ui.draft || ui.draft.key !== k) ui.draft = { key: k, kind, assign: {} };
  return ui.draft;
}

function myPlanets(v) {
  return v.planets.map((p, pid) => ({ ...p, pid })).filter((p) => p.owner === v.viewer);
}

function enemyDistance(v, p) {
  const enemies = v.planets.filter((q) => q.owner >= 0 && q.owner !== v.viewer);
  if (!enemies.length) return 0;
  const [a, b, c] = toCube(p.col, p.row);
  return Math.min(...enemies.map((q) => { const [x, y, z] = toCube(q.col, q.row); return Math.max(Math.abs(a - x), Math.abs(b - y), Math.abs(c - z)); }));
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

function typesPanel(g) {
  const { h } = shell;
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
function typeButtons(g, p, extra = "") {
  const { h } = shell;
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

function fleetsPanel(g) {
  const { h } = shell;
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

function placePicked(p) {
  const g = ui.g;
  const v = g.view;
  ui.hex = [p.col, p.row];
  if (ui.pickShip !== null && ui.draft && ui.draft.kind === "fleets") {
    const n = Object.entries(ui.draft.assign).filter(([cid, pid]) => pid === p.pid && Number(cid) !== ui.pickShip).length;
    if (n < fleetRoom(v)) { ui.draft.assign[ui.pickShip] = p.pid; ui.pickShip = null; } else shell.notify(`Planet ${p.hex} is full.`);
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

function shipWords(v, cid, extra = "") {
  const t = shipType(v, cid);
  return `${t.name} #${cid}: Move ${t.move}, Attack ${t.atk}, Defense ${t.def}, PB ${t.pb}${t.fighter ? ", fighter" : t.bays ? `, ${t.bays} bays` : ""}${extra}`;
}

// --- a turn

function transportPanel(g) {
  const { h } = shell;
  const v = g.view;
  const cur = cursorFleet(v);
  const steps = acts(g, "Step");
  const byDir = Object.fromEntries(steps.map((a) => [a.fields.direction, a]));
  const compass = cur ? h("div", { class: "gc-compass", role: "group", "aria-label": "Step one hex" },
    [5, 0, 1, 4, 3, 2].map((d) => {
      const a = byDir[d];
      const to = neighbour(cur.col, cur.row, d);
      return h("button", {
        type: "button", class: `btn small gc-dir-${d}`, disabled: !a, title: a ? label(v, a) : `${D.DIR_WORDS[d]}: no step`,
        onclick: a ? (e) => { ui.queue = null; shell.act(a.i, e, g.at); } : null,
      }, `${["NW", "N", "NE", "SW", "S", "SE"][[5, 0, 1, 4, 3, 2].indexOf(d)]} ${hexLabel(to[0], to[1])}`);
    })) : null;
  const group = (kind, title) => {
    const list = acts(g, kind);
    return list.length ? h("div", { class: "gc-group" }, h("h3", {}, title), h("div", { class: "choices" }, list.map((a) => actButton(g, a)))) : null;
  };
  return h("div", {},
    cur ? fleetCard(v, cur, true) : h("p", {}, "No fleet is being ordered. Tap one of your fleets on the map or in the fleet list."),
    compass,
    cur ? h("p", { class: "muted" }, "Shaded hexes can be reached this turn: tap one to go there step by step; the brightest ring is one step.") : null,
    h("div", { class: "choices" }, [...acts(g, "Hold"), ...acts(g, "EndTransport")].map((a) => actButton(g, a))),
    group("Gate", "Star gates"),
    acts(g, "Select").length ? h("div", { class: "gc-group" }, h("h3", {}, "Order another fleet"),
      h("div", { class: "choices" }, acts(g, "Select").map((a) => actButton(g, a, `Fleet ${a.fields.fleet}`, "small")))) : null,
    ["Split", "Merge", "Load", "Unload"].some((k) => acts(g, k).length) ? h("details", {
      class: "gc-reorg", open: ui.reorg || null, ontoggle: (e) => { ui.reorg = e.target.open; },
    }, h("summary", {}, `Reorganise fleet ${cur ? cur.marker : ""}: split, merge, load (${["Split", "Merge", "Load", "Unload"].reduce((n, k) => n + acts(g, k).length, 0)})`),
    group("Merge", "Merge"), group("Split", "Split"), group("Load", "Load fighters"), group("Unload", "Unload fighters")) : null,
    cardPlayButtons(g));
}

function fleetCard(v, f, detail) {
  const { h } = shell;
  const ships = myShipsIn(v, f.marker);
  const ter = terrainAt(v, f.col, f.row);
  return h("div", { class: "gc-fleetcard" },
    h("p", {}, h("strong", {}, `Fleet ${f.marker}`), ` at ${f.hex}${ter ? ` (${D.TERRAIN[ter.type].name})` : ""} · ${ships.length} ship${ships.length === 1 ? "" : "s"} · ${fleetMp(v, f.marker)} MP${f.jammed ? " · jammed" : ""}${f.done ? " · done" : ""}${canStep(v, f.marker) ? "" : " · cannot move (an unloaded stationary ship or jammed)"}`),
    detail ? h("table", { class: "gc-ships" },
      h("thead", {}, h("tr", {}, ["Ship", "MP", "PB", "Atk*", "Def*", "Loaded"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, ships.map((s) => {
        const st = stats(v, s.id, v.viewer, f.col, f.row);
        const t = shipType(v, s.id);
        return h("tr", {},
          h("th", { scope: "row" }, `${t.name} #${s.id}`),
          h("td", {}, t.stationary ? "–" : String(s.mp)),
          h("td", {}, `${s.pb}/${t.pb}`),
          h("td", {}, String(st.atk)), h("td", {}, String(st.def)),
          h("td", {}, s.carrier >= 0 ? `in #${s.carrier}` : t.fighter ? "no" : ""));
      }))) : null);
}

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

function declarePanel(g) {
  const { h } = shell;
  const v = g.view;
  const b = v.battle;
  const cid = b.to_declare[0];
  const sides = v.combat_die;
  const declared = b.my_declarations || [];
  const row = (a) => {
    const f = a.fields;
    if (f.target < 0) return h("li", {}, actButton(g, a, "Hold fire"));
    const o = declarationOdds(v, a);
    return h("li", { class: "gc-odds-row", "data-kind": a.kind, "data-target": f.target, "data-atk": o.atk, "data-def": o.def, "data-sides": sides, "data-odds": o.pct, "data-unsure": o.unsure.length ? "1" : null },
      actButton(g, a, `${a.kind === "SelfDestruct" ? "Self-destruct on" : "Attack"} ${targetWords(v, f.target)} · ${o.unsure.length ? "about " : ""}${o.pct}`),
      h("span", { class: "muted" }, ` ${o.atk} attack dice vs ${o.def} defence dice (d${sides})${o.others.length ? `, with ${o.others.map((x) => `#${x}`).join(", ")}` : ""}: destroyed if the attack total is higher.`),
      o.unsure.map((u) => h("span", { class: "muted" }, ` ${seatName(v, u.owner)}'s ${u.card} was played on a fleet whose ships changed before ${seatName(v, u.owner)} fleet ${u.marker} was seen: this ship may have ${u.def ? `+${u.def} Defense` : `+${u.atk} Attack`} more (not counted).`)));
  };
  const known = battleShips(v);
  return h("div", {},
    h("p", {}, `You declare in secret, one ship at a time; the others see your targets only when all are in. ${shipWords(v, cid)}.`),
    h("ul", { class: "gc-odds" }, g.actions.filter((a) => a.kind === "Target" || a.kind === "SelfDestruct").map(row)),
    declared.length ? h("p", { class: "muted" }, `Declared so far: ${declared.map(([x, t]) => `#${x} → ${t < 0 ? "none" : `#${t}`}`).join(", ")}`) : null,
    h("details", {}, h("summary", {}, `Ships in the battle (${known.length} known)`),
      h("ul", {}, known.map((s) => {
        const st = stats(v, s.id, s.owner, b.col, b.row);
        return h("li", {}, `${seatName(v, s.owner)} fleet ${s.marker}: ${shipName(v, s.id)} (Attack ${st.atk}, Defense ${st.def})${b.protected.includes(s.id) ? ", protected by its fighters" : ""}`);
      }))),
    h("p", { class: "muted" }, "Odds are exact: they count every bonus you can know (own planet, race, terrain, and the cards played this turn, yours and the others')."));
}

function burstPanel(g) {
  const { h } = shell;
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
    h("ul", { class: "gc-odds" }, acts(g, "Burst").map((a) => h("li", {}, actButton(g, a, a.fields.count ? `Burst ${a.fields.count} PB · each enemy ship ${percent(anyHit(a.fields.count, 1))}` : "No burst")))));
}

/** The hex of one of the viewer's ships (its fleet's). */
function myShipHex(v, cid) {
  const mine = v.my_ships.find((x) => x.id === cid);
  const f = mine ? myFleet(v, mine.fleet) : null;
  return f ? [f.col, f.row] : null;
}

/** SG-8.5: the chance that the planet under ``cid`` is destroyed if it launches ``count`` PBs,
 * with the launches already declared at that planet this phase (each PB die hits on 1-3,
 * Amoeboids 1-4, independently): "87.5% after 2 + 1 PBs at 50% each". */
function launchOdds(v, cid, count) {
  const race = raceOf(v, v.viewer);
  const hit = race && race.pbHit ? race.pbHit : 3;
  const at = myShipHex(v, cid);
  const planet = at ? planetAt(v, at[0], at[1]) : null;
  const before = at ? (v.launches || []).filter(([c, n]) => n > 0 && c !== cid && String(myShipHex(v, c)) === String(at))
    .reduce((sum, [, n]) => sum + n, 0) : 0;
  const each = percent(anyHit(1, hit));
  const odds = before ? `${percent(anyHit(before + count, hit))} after ${before} + ${count} PBs at ${each} each`
    : `${percent(anyHit(count, hit))}${count > 1 ? ` (${count} PBs at ${each} each)` : ""}`;
  return { planet, before, hit, odds };
}

function launchPanel(g) {
  const { h } = shell;
  const v = g.view;
  const cid = v.launch_queue && v.launch_queue[0];
  const { planet, before, hit } = launchOdds(v, cid, 1);
  return h("div", {},
    h("p", {}, `${shipName(v, cid)}${planet ? ` is at ${planetName(v, planet)}` : ""}. Each planet buster rolls a die: ${hit === 4 ? "1-4" : "1-3"} destroys the planet. Spent PBs are gone.`),
    before ? h("p", { id: "gc-declared" }, `Already declared at this planet: ${before} PB${before > 1 ? "s" : ""} (${percent(anyHit(before, hit))} on their own).`) : null,
    h("ul", { class: "gc-odds" }, acts(g, "Launch").map((a) => h("li", {}, actButton(g, a, a.fields.count ? `Launch ${a.fields.count} · ${launchOdds(v, cid, a.fields.count).odds}` : "Launch none")))));
}

function discardPanel(g) {
  const { h } = shell;
  const list = acts(g, "Discard");
  const keep = list.find((a) => a.fields.ship < 0);
  return h("div", {},
    h("p", {}, "You may send one ship back to the pile (it can come back later as a new draw)."),
    keep ? actButton(g, keep, "Keep every ship", "primary") : null,
    h("details", {}, h("summary", {}, `Discard a ship (${list.length - 1})`),
      h("div", { class: "choices" }, list.filter((a) => a.fields.ship >= 0).map((a) => actButton(g, a)))));
}

function buyPanel(g) {
  const { h } = shell;
  const v = g.view;
  const res = v.seats[v.viewer].resources;
  const pile = v.pile.types || {};
  return h("div", {},
    h("p", { class: "gc-res" }, `Resources: ${res} (a ship costs 10)`),
    h("div", { class: "choices" }, acts(g, "Buy").map((a) => {
      const t = D.SHIP_TYPES[v.variant][a.fields.kind];
      return actButton(g, a, `${t.name} (M${t.move} A${t.atk} D${t.def} PB${t.pb}) · ${pile[t.key] || 0} left`);
    })),
    acts(g, "Refill").length ? h("details", {}, h("summary", {}, "Refill planet busters (1 resource each)"),
      h("div", { class: "choices" }, acts(g, "Refill").map((a) => actButton(g, a)))) : null,
    h("div", { class: "choices" }, acts(g, "EndProduction").map((a) => actButton(g, a, "End production", "primary"))));
}

function placePanel(g) {
  const { h } = shell;
  const v = g.view;
  return h("div", {},
    v.drawn ? h("p", {}, `New ship: ${shipWords(v, v.drawn.id)}. Tap one of your planets (shaded on the map) or pick here.`) : null,
    h("div", { class: "choices" }, acts(g, "Place").map((a) => actButton(g, a))));
}

function cardPlayButtons(g) {
  const { h } = shell;
  const list = acts(g, "PlayCard");
  return list.length ? h("div", { class: "gc-group" }, h("h3", {}, "Cards you can play now"), h("div", { class: "choices" }, list.map((a) => actButton(g, a)))) : null;
}

function cardPanel(g) {
  const { h } = shell;
  const v = g.view;
  const c = v.cards;
  const w = c && c.window;
  return h("div", {},
    w && w.chain.length ? h("p", {}, `Played: ${w.chain.map((p) => `${seatName(v, p.player)} ${p.card.name}`).join(", then ")}`) : null,
    c && c.playing ? h("p", {}, h("strong", {}, c.playing.card.name), `: ${c.playing.card.text}`) : null,
    // The choices themselves are the decision panel's, right below: not a second set here.
    h("p", { class: "muted" }, "Play a card or pass below. Your hand and what each card does are under the map."));
}

// ---------------------------------------------------------------------------- the hex box

function hexBox(g) {
  const { h } = shell;
  const v = g.view;
  if (!ui.hex) return h("div", { class: "gc-hexbox muted", id: "gc-hexbox", "aria-live": "polite" }, "Tap a hex to see what is there.");
  const [c, r] = ui.hex;
  const ter = terrainAt(v, c, r);
  const p = v.planets.find((x) => x.col === c && x.row === r);
  const fl = fleetsAt(v, c, r);
  const here = g.actions.filter((a) => { const x = actionHex(v, a); return x && x[0] === c && x[1] === r; });
  // Setting planet types: the planet picked on the map gets its type buttons right here.
  const typing = g.mode === "play" && g.actions.length && v.phase === "types"
    ? myPlanets(v).find((x) => x.col === c && x.row === r) : null;
  return h("div", { class: "gc-hexbox", id: "gc-hexbox", "aria-live": "polite" },
    typing ? h("p", { class: "gc-picked", id: "gc-picked" }, h("strong", {}, `Type of planet ${typing.hex}: `),
      h("span", { class: "gc-typebtns", role: "group", "aria-label": `Type of the planet picked, ${typing.hex}` }, typeButtons(g, typing, " gc-picked-type"))) : null,
    h("p", {}, h("strong", {}, `Hex ${hexLabel(c, r)}`), ter ? ` · ${D.TERRAIN[ter.type].name}: ${D.TERRAIN[ter.type].text}${ter.used ? " (claimed)" : ""}` : ""),
    p ? h("p", {}, planetName(v, p)) : null,
    fl.map((f) => h("p", {}, fleetWords(v, f))),
    here.length ? h("div", { class: "choices" }, here.map((a) => actButton(g, a))) : null);
}

function fleetWords(v, f) {
  const name = `${seatName(v, f.owner)} fleet ${f.marker} at ${f.hex}`;
  const flags = [f.done ? "done" : "", f.jammed ? "jammed" : "", f.ordering ? "being ordered" : ""].filter(Boolean).join(", ");
  if (f.owner === v.viewer) {
    const ships = myShipsIn(v, f.marker);
    return `${name}: ${ships.map((s) => `${shipType(v, s.id).name} #${s.id}${s.carrier >= 0 ? ` (in #${s.carrier})` : ""}`).join(", ")}${flags ? ` · ${flags}` : ""}`;
  }
  const seen = v.sightings.find((x) => x.owner === f.owner && x.marker === f.marker);
  const size = f.ships !== null && f.ships !== undefined ? `${f.ships} ships` : "size secret";
  const last = seen ? ` · last seen in round ${seen.round}${seen.stale ? " (changed since)" : ""}: ${seen.ships.map((s) => shipName(v, s.id)).join(", ")}` : "";
  return `${name}: ${size}${flags ? ` · ${flags}` : ""}${last}`;
}

// ---------------------------------------------------------------------------- fleet list, cards, legend

function fleetList(g) {
  const { h } = shell;
  const v = g.view;
  const selectable = Object.fromEntries(acts(g, "Select").map((a) => [a.fields.fleet, a]));
  const mine = v.fleets.filter((f) => f.owner === v.viewer);
  const others = v.fleets.filter((f) => f.owner !== v.viewer);
  return h("section", { class: "gc-fleets", "aria-labelledby": "gc-fleets-title" },
    h("h2", { id: "gc-fleets-title" }, `Fleets (${v.fleets.length})`),
    v.viewer !== null ? h("ul", { class: "gc-fleetlist" }, mine.map((f) => h("li", { class: f.ordering ? "on" : null },
      h("span", { class: `gc-dot gc-seat-${f.owner}` }), " ", fleetWords(v, f), v.phase === "transport" && g.actions.length ? ` · ${fleetMp(v, f.marker)} MP` : "", " ",
      selectable[f.marker] ? actButton(g, selectable[f.marker], `Order fleet ${f.marker}`, "small") : null,
      h("button", { type: "button", class: "btn small", "aria-label": `Show fleet ${f.marker} on the map`, onclick: () => showHex(f.col, f.row) }, "Show")))) : null,
    h("h3", {}, "Other players' fleets"),
    h("ul", { class: "gc-fleetlist" }, others.map((f) => h("li", {},
      h("span", { class: `gc-dot gc-seat-${f.owner}` }), " ", fleetWords(v, f), " ",
      h("button", { type: "button", class: "btn small", "aria-label": `Show ${seatName(v, f.owner)} fleet ${f.marker} on the map`, onclick: () => showHex(f.col, f.row) }, "Show")))),
    v.cards && v.cards.scans && v.cards.scans.length ? h("p", { class: "muted" }, `Scanned: ${v.cards.scans.map((s) => `${seatName(v, s.owner)} fleet ${s.marker} in round ${s.round}: ${s.ships.map((x) => shipName(v, x.id)).join(", ")}`).join("; ")}`) : null);
}

function cardsBox(g) {
  const { h } = shell;
  const v = g.view;
  const c = v.cards;
  if (!c) return null;
  const playable = Object.fromEntries(acts(g, "PlayCard").map((a) => [a.fields.card, a]));
  const discardable = Object.fromEntries(acts(g, "DiscardCard").map((a) => [a.fields.card, a]));
  return h("section", { class: "gc-cards", "aria-labelledby": "gc-cards-title" },
    h("h2", { id: "gc-cards-title" }, v.viewer !== null ? `Your cards (${c.hand.length})` : "Cards"),
    h("p", { class: "muted" }, `Deck ${c.deck} · discard pile ${c.discard.length}${c.window ? ` · window open: ${D.WINDOW_WORDS[c.window.kind.split("/")[0]] || c.window.kind}` : ""}`),
    v.viewer !== null ? h("ul", { class: "gc-hand" }, c.hand.map((card) => h("li", { class: playable[card.num] ? "playable" : null },
      h("strong", {}, card.name), card.reaction ? h("span", { class: "badge" }, "reaction") : null,
      h("p", {}, card.text),
      playable[card.num] ? actButton(g, playable[card.num], `Play ${card.name}`, "small") : null,
      discardable[card.num] ? actButton(g, discardable[card.num], `Discard ${card.name}`, "small") : null))) : null,
    c.spied && c.spied.length ? h("p", { class: "muted" }, `Spied: ${c.spied.map((s) => `${seatName(v, s.seat)} in round ${s.round}: ${s.hand.map((x) => x.name).join(", ")}`).join("; ")}`) : null,
    c.discard.length ? h("details", {}, h("summary", {}, "Discard pile"), h("ul", {}, c.discard.map((card) => h("li", {}, `${card.name}: ${card.text}`)))) : null);
}

/** The log filtered by player (issue 15): the lines about the player, by the seats the engine
 * says each line names, itself or through a ship this seat knows to be the player's. */
function logByPlayer(v) {
  const { h } = shell;
  const seat = ui.logSeat;
  const name = seat === null ? null : seatName(v, seat);
  const about = v.log_seats || [];
  const mine = (line, n) => (about[n] || []).includes(seat);
  const lines = ui.logOpen ? (seat === null ? v.log : v.log.filter(mine)) : [];
  return h("details", { class: "gc-logfilter", open: ui.logOpen || null, ontoggle: (e) => { if (ui.logOpen !== e.target.open) { ui.logOpen = e.target.open; rerender(); } } },
    h("summary", {}, "Log by player"),
    h("div", { class: "choices", role: "group", "aria-label": "Whose log lines" },
      [null, ...v.seats.map((x) => x.seat)].map((x) => h("button", {
        type: "button", class: `btn small${x === seat ? " on" : ""}`, "aria-pressed": x === seat ? "true" : "false",
        onclick: () => { ui.logSeat = x; rerender(); },
      }, x === null ? "Everyone" : seatName(v, x)))),
    ui.logOpen ? h("ol", { class: "gc-log", tabindex: "0", "aria-label": `Log lines of ${name || "everyone"}` }, lines.map((line) => h("li", {}, line))) : null);
}

function legend(v) {
  const { h } = shell;
  const used = new Set(v.terrain.map((t) => t.type));
  return h("details", { class: "gc-legend", open: ui.legend || null, ontoggle: (e) => { ui.legend = e.target.open; } },
    h("summary", {}, "Map legend"),
    h("ul", {},
      v.seats.map((s) => h("li", {}, h("span", { class: `gc-dot gc-seat-${s.seat}` }), ` ${s.name}: planets (circles) and fleet markers (squares with their number)${s.race ? `; ${D.RACES[s.race].name}: ${D.RACES[s.race].text}` : ""}`)),
      h("li", {}, "Planet letters: H Homeworld, P Population, M Metal, R Radioactive, ? not known to you; a cross: destroyed."),
      h("li", {}, "Fleet marker: ✓ done moving, J jammed, ◉ last seen in a battle (grey: changed since), a white ring: the fleet being ordered; your own fleets show their ship count and, zoomed in, their ships."),
      Object.entries(D.TERRAIN).filter(([k]) => used.has(k)).map(([k, t]) => h("li", { class: `gc-ter gc-ter-${k}` },
        h("span", { class: "gc-swatch" }, t.glyph || "○"), ` ${t.name}: ${t.text}`))));
}

function centreOn(c, r) {
  const cam = ui.cam;
  const canvas = document.getElementById("gc-map");
  if (!cam || !canvas) return;
  const [x, y] = centre(c, r);
  cam.s = Math.max(cam.s, Math.min(32, cam.fit * 2.5));
  cam.auto = false;
  cam.ox = canvas.clientWidth / 2 - x * cam.s;
  cam.oy = canvas.clientHeight / 2 - y * cam.s;
  draw();
}

function showHex(c, r) {
  ui.hex = [c, r];
  const cam = ui.cam;
  const canvas = document.getElementById("gc-map");
  if (cam && canvas) {
    const [x, y] = centre(c, r);
    const w = canvas.clientWidth;
    const hgt = canvas.clientHeight;
    if (cam.s < 18) cam.s = 24;
    cam.auto = false;
    cam.ox = w / 2 - x * cam.s;
    cam.oy = hgt / 2 - y * cam.s;
  }
  rerender();
  if (canvas) canvas.scrollIntoView({ block: "nearest" });
}

function rerender() {
  const g = ui.g;
  const area = document.getElementById("board-area");
  if (!g || !area || !g.view) return;
  const scroll = window.scrollY;
  render(area, g, shell);
  window.scrollTo(0, scroll);
}

// ---------------------------------------------------------------------------- chained actions

let queueTimer = 0;

function continueQueue(g) {
  clearTimeout(queueTimer);
  const q = ui.queue;
  if (!q) return;
  if (g.handoff || !g.view || g.viewer !== q.seat || !g.actions.length || g.over) {
    ui.queue = null;
    const busy = document.querySelector(".gc-busy");
    if (busy) busy.remove();
    return;
  }
  const i = q.next(g);
  if (i === null || i === undefined) {
    ui.queue = null;
    const busy = document.querySelector(".gc-busy");
    if (busy) busy.remove();
    return;
  }
  const at = g.at;
  const fire = () => {
    if (ui.g !== g || ui.queue !== q) return;
    if (document.body.dataset.busy) { queueTimer = setTimeout(fire, 40); return; }
    shell.act(i, undefined, at);
  };
  queueTimer = setTimeout(fire, q.delay ?? 30);
}

const reachMemo = { g: null, pending: null, map: null };

/** reach() once per model and fleet: a pan redraws the shading without searching again. */
function reach(v, g, pending = null) {
  if (reachMemo.g !== g || reachMemo.pending !== pending) Object.assign(reachMemo, { g, pending, map: reachNow(v, g, pending) });
  return reachMemo.map;
}

/** Where the fleet being ordered (or just tapped) can get this phase: Dijkstra over its MP
 * (SG-5.7), the entry costs and forced stops the map shows (SG-5.8, SG-12) and star gates
 * (SG-5.11). */
function reachNow(v, g, pending) {
  const cur = pending || cursorFleet(v);
  if (!cur || (!pending && !acts(g, "Step").length && !acts(g, "Gate").length)) return new Map();
  const mp = fleetMp(v, cur.marker);
  const cols = v.map.cols;
  const rows = v.map.rows;
  const enemyAt = new Set(v.fleets.filter((f) => f.owner !== v.viewer).map((f) => key(f.col, f.row)));
  const ter = new Map(v.terrain.map((t) => [key(t.col, t.row), t.type]));
  const gates = v.terrain.filter((t) => t.type === "star_gate");
  const best = new Map([[key(cur.col, cur.row), { left: mp, cost: 0, prev: null, at: [cur.col, cur.row], stop: false }]]);
  const todo = [[cur.col, cur.row]];
  while (todo.length) {
    todo.sort((a, b) => best.get(key(b[0], b[1])).left - best.get(key(a[0], a[1])).left);
    const [c, r] = todo.shift();
    const node = best.get(key(c, r));
    if (node.stop || node.left <= 0) continue;
    const next = [];
    for (let d = 0; d < 6; d++) next.push([...neighbour(c, r, d), d]);
    if (ter.get(key(c, r)) === "star_gate") for (const gt of gates) if (gt.col !== c || gt.row !== r) next.push([gt.col, gt.row, -1]);
    for (const [nc, nr, d] of next) {
      if (nc < 0 || nr < 0 || nc >= cols || nr >= rows) continue;
      const t = ter.get(key(nc, nr));
      if (t === "super_nova") continue;
      const cost = d < 0 ? 0 : t === "gravitic_anomaly" ? 0 : 1;
      const left = node.left - cost;
      if (left < 0) continue;
      const k = key(nc, nr);
      const stop = t === "nebula" || (enemyAt.has(k) && t !== "dark_matter");
      const old = best.get(k);
      if (old && old.left >= left) continue;
      best.set(k, { left: stop ? 0 : left, cost: mp - left, prev: [c, r], at: [nc, nr], stop, gate: d < 0 });
      todo.push([nc, nr]);
    }
  }
  best.delete(key(cur.col, cur.row));
  return best;
}

function travel(g, target) {
  const v = g.view;
  const map = reach(v, g);
  const node = map.get(key(target[0], target[1]));
  if (!node) return false;
  const path = [target];
  let p = node.prev;
  const cur = cursorFleet(v);
  while (p && !(p[0] === cur.col && p[1] === cur.row)) { path.unshift(p); p = map.get(key(p[0], p[1])).prev; }
  const marker = cur.marker;
  ui.queue = {
    seat: g.viewer, what: `Fleet ${marker} to ${hexLabel(target[0], target[1])}`,
    next: (gg) => {
      const vv = gg.view;
      const f = cursorFleet(vv);
      if (vv.phase !== "transport" || !f || f.marker !== marker) return null;
      const n = path.findIndex(([c, r]) => c === f.col && r === f.row);
      const to = path[n + 1 >= 0 ? n + 1 : 0];
      if (n === path.length - 1 || !to) return null;
      const step = gg.actions.find((a) => a.kind === "Step" && (() => { const x = neighbour(f.col, f.row, a.fields.direction); return x[0] === to[0] && x[1] === to[1]; })());
      const gate = gg.actions.find((a) => a.kind === "Gate" && a.fields.col === to[0] && a.fields.row === to[1]);
      const a = step || gate;
      return a ? a.i : null;
    },
  };
  continueQueue(g);
  return true;
}

// ---------------------------------------------------------------------------- taps on the map

/** A tap on the map acts on what the map showed when it was tapped (issue 25): while a fleet
 * picked on the map waits for the engine (drawn as picked already), the tap waits too and is
 * then taken on the new position, for that fleet; a tap the shell turns down (the board had
 * just changed under the finger) says so instead of vanishing. */
function tapHex(c, r, event, waited = false) {
  const g = ui.g;
  if (!g || !g.view) return;
  const v = g.view;
  if (c < 0 || r < 0 || c >= v.map.cols || r >= v.map.rows) return;
  ui.hex = [c, r];
  if (g.mode === "play" && g.actions.length) {
    if ((ui.pending !== null && ui.pending !== undefined) || document.body.dataset.busy) {
      ui.afterModel = { c, r, at: g.at };
      ui.stamp += 1;
      draw();
      return;
    }
    // Right after the map's own pick of a fleet the picture did not change: no read time.
    const guard = waited || ui.pickedAt === g.at ? undefined : event;
    // The page stays where it is after a tap on the map (the shell brings the top of the
    // game into view after a move): the next tap then lands on the hex the player sees.
    const canvas = document.getElementById("gc-map");
    ui.keepScroll = { top: canvas ? canvas.getBoundingClientRect().top : null, after: g.at };
    const act = (i) => shell.act(i, guard, g.at).then((model) => {
      if (!model && ui.g === g) shell.notify("The board changed as you tapped: tap again.");
      return model;
    });
    if (v.phase === "fleets") {
      const p = myPlanets(v).find((x) => x.col === c && x.row === r);
      if (p) { placePicked(p); return; }
    }
    const here = g.actions.filter((a) => { const x = actionHex(v, a); return x && x[0] === c && x[1] === r; });
    const direct = here.filter((a) => ["Step", "Gate", "Fight", "Place", "Choose", "Select"].includes(a.kind));
    if (direct.length === 1 && here.length === 1) {
      ui.queue = null;
      if (direct[0].kind !== "Select") { act(direct[0].i); return; }
      // A fleet picked on the map shows as picked in the next frame; the engine is asked right
      // after that frame (and the map goes back if the shell turns the tap down).
      ui.pending = direct[0].fields.fleet;
      ui.stamp += 1;
      draw();
      requestAnimationFrame(() => setTimeout(() => {
        if (ui.g !== g) return;
        shell.act(direct[0].i, guard, g.at).then((model) => {
          if (model) { ui.pickedAt = g.at + 1; return; }
          if (ui.g === g) { ui.pending = null; ui.afterModel = null; ui.stamp += 1; draw(); }
        });
      }, 0));
      return;
    }
    if (v.phase === "transport" && !here.length && travel(g, [c, r])) { rerender(); return; }
  }
  rerender();
}

/** The tap that waited for the model of a fleet picked on the map, taken on that model. */
function tapAfterModel(g) {
  const wait = ui.afterModel;
  if (!wait || wait.at >= g.at) return;
  ui.afterModel = null;
  if (g.mode !== "play" || !g.actions.length || g.thinking) return;
  // The shell is done with the model once it is no longer busy: then the tap is taken.
  let tries = 0;
  const take = () => {
    if (ui.g !== g) return;
    if (document.body.dataset.busy && tries++ < 100) { setTimeout(take, 20); return; }
    tapHex(wait.c, wait.r, undefined, true);
  };
  setTimeout(take, 0);
}

// ---------------------------------------------------------------------------- the canvas

function worldSize(v) {
  return [1.5 * (v.map.cols - 1) + 2, SQ3 * (v.map.rows + 0.5)];
}

function fit() {
  const g = ui.g;
  const canvas = document.getElementById("gc-map");
  if (!g || !canvas) return;
  fitSilently(g.view, canvas.clientWidth || 320, canvas.clientHeight || 320, true);
  ui.cam.auto = false;
  draw();
}

function zoomBy(f, px, py) {
  const canvas = document.getElementById("gc-map");
  if (!ui.cam || !canvas) return;
  const cam = ui.cam;
  const x = px ?? canvas.clientWidth / 2;
  const y = py ?? canvas.clientHeight / 2;
  const s = Math.max(cam.fit * 0.8, Math.min(90, cam.s * f));
  cam.auto = false;
  const wx = (x - cam.ox) / cam.s;
  const wy = (y - cam.oy) / cam.s;
  cam.s = s;
  cam.ox = x - wx * s;
  cam.oy = y - wy * s;
  schedule();
}

let frame = 0;
function schedule() {
  if (frame) return;
  frame = requestAnimationFrame(() => { frame = 0; draw(); });
}

/** Drag pans, pinch and wheel zoom, a tap picks a hex or a spot on the mini-map
 * (web/screens/common/canvas.js says what the fingers did). */
function wireCanvas(canvas) {
  panZoomTap(canvas, {
    grab: () => ({ ox: ui.cam.ox, oy: ui.cam.oy }),
    pan: (dx, dy, from) => { ui.cam.ox = from.ox + dx; ui.cam.oy = from.oy + dy; ui.cam.auto = false; schedule(); },
    zoom: (factor, x, y) => zoomBy(factor, x, y),
    tap: (x, y, e) => {
      if (miniHit(x, y)) return;
      const [c, r] = pixelToHex((x - ui.cam.ox) / ui.cam.s, (y - ui.cam.oy) / ui.cam.s);
      tapHex(c, r, e);
    },
  });
}

let mini = null; // {x, y, w, h, s}: the mini-map's box, for taps
function miniHit(x, y) {
  if (!mini || x < mini.x || y < mini.y || x > mini.x + mini.w || y > mini.y + mini.h) return false;
  const cam = ui.cam;
  const canvas = document.getElementById("gc-map");
  const [wx, wy] = mini.toWorld(x, y);
  cam.ox = canvas.clientWidth / 2 - wx * cam.s;
  cam.oy = canvas.clientHeight / 2 - wy * cam.s;
  cam.auto = false;
  schedule();
  return true;
}

function hexPath(ctx, x, y, s) {
  ctx.moveTo(x + s, y);
  for (let k = 1; k < 6; k++) ctx.lineTo(x + s * Math.cos(k * Math.PI / 3), y + s * Math.sin(k * Math.PI / 3));
  ctx.closePath();
}

function draw() {
  const t0 = performance.now();
  drawMap();
  // The map benchmark (benchmarks/genocide_map.py) reads the draw times when it asks for them.
  if (window.__gcDrawMs) window.__gcDrawMs.push(performance.now() - t0);
}

function drawMap() {
  const g = ui.g;
  const canvas = document.getElementById("gc-map");
  if (!g || !g.view || !canvas || !canvas.isConnected) return;
  const v = g.view;
  const w = laidOutWidth(canvas.parentElement) || canvas.clientWidth || 320;
  // One column (a phone): the map leaves room below it for the decision panel, which then
  // shows without scrolling far (issue 15); two columns: the decision is beside the map.
  const narrow = window.innerWidth < 900;
  let hgt = Math.round(narrow ? Math.min(Math.max(window.innerHeight * 0.46, 220), w * 1.05)
    : Math.min(Math.max(window.innerHeight * 0.62, 280), w * 1.05, 720));
  // A spectator's 3-4 seat map is wide: no empty band above and below it on a phone.
  if (narrow && v.players > 2 && v.viewer === null) { const [ww, wh] = worldSize(v); hgt = Math.min(hgt, Math.ceil((wh * w) / ww) + 8); }
  canvas.style.setProperty("width", `${w}px`);
  canvas.style.setProperty("height", `${hgt}px`);
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(hgt * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(hgt * dpr);
  }
  if (!ui.cam || (ui.cam.auto && (ui.cam.w !== w || ui.cam.h !== hgt))) fitSilently(v, w, hgt);
  const cam = ui.cam;
  // The camera, for tests and tools that tap a hex: public geometry only.
  canvas.dataset.s = cam.s.toFixed(4);
  canvas.dataset.ox = cam.ox.toFixed(2);
  canvas.dataset.oy = cam.oy.toFixed(2);
  const s = cam.s;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#070b18";
  ctx.fillRect(0, 0, w, hgt);
  // Everything but the mini-map comes from a cached frame layer (the static layer and this
  // model's marks, planets and fleets), so a pan is one copy; while the scale changes (a pinch,
  // the wheel) the map is drawn directly and the layers are built once it settles.
  const view = centreBox(v, { wx0: -cam.ox / s - 1, wy0: -cam.oy / s - 1, wx1: (w - cam.ox) / s + 1, wy1: (hgt - cam.oy) / s + 1 });
  const sig = staticSig(v, s, dpr);
  const covers = (L) => L.key === sig && view.wx0 >= L.wx0 && view.wy0 >= L.wy0 && view.wx1 <= L.wx1 && view.wy1 <= L.wy1;
  const blit = (L) => {
    // Whole device pixels: the blit is a copy, not a resampling.
    const x = Math.round((cam.ox + L.ix0 * s) * dpr) / dpr;
    const y = Math.round((cam.oy + L.iy0 * s) * dpr) / dpr;
    ctx.drawImage(L.canvas, x, y, L.canvas.width / dpr, L.canvas.height / dpr);
  };
  if (covers(frameLayer) && frameLayer.stamp === ui.stamp && frameLayer.g === g) {
    blit(frameLayer);
    lastScale = s;
  } else if (covers(layer)) {
    // A new model or mark: the static layer and this view's marks now (what a tap waits
    // for), the frame layer for the pans after it once this frame is painted.
    blit(layer);
    drawOverlays(ctx, g, s, (wx) => cam.ox + wx * s, (wy) => cam.oy + wy * s, view);
    lastScale = s;
    const stamp = ui.stamp;
    clearTimeout(frameTimer);
    frameTimer = setTimeout(() => { if (mapShown() && ui.stamp === stamp && ui.g === g && layer.key === sig) buildFrame(g, s, dpr, sig); }, 80);
  } else {
    drawHexes(ctx, v, s, (wx) => cam.ox + wx * s, (wy) => cam.oy + wy * s, view);
    drawOverlays(ctx, g, s, (wx) => cam.ox + wx * s, (wy) => cam.oy + wy * s, view);
    const steady = s === lastScale;
    lastScale = s;
    clearTimeout(layerTimer);
    if (steady) buildLayer(v, cam, w, hgt, dpr, sig);
    else layerTimer = setTimeout(() => { if (mapShown() && ui.cam === cam && cam.s === s) { buildLayer(v, cam, w, hgt, dpr, sig); schedule(); } }, 150);
  }
  drawMini(ctx, v, w, hgt);
}

/** The model's own marks over the hexes whose centres are in the world box: reachable hexes,
 * the legal actions' hexes, the battle, the hex tapped last, planets and fleet markers. */
function drawOverlays(ctx, g, s, sx, sy, box) {
  const v = g.view;
  const visible = (x, y) => x >= sx(box.wx0 - 1.5) && y >= sy(box.wy0 - 1.5) && x <= sx(box.wx1 + 1.5) && y <= sy(box.wy1 + 1.5);
  // highlights from the legal actions
  const mark = (c, r, colour, width = 2.5) => {
    const [wx, wy] = centre(c, r);
    ctx.beginPath();
    hexPath(ctx, sx(wx), sy(wy), s * 0.9);
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.stroke();
  };
  const shade = (c, r, colour) => {
    const [wx, wy] = centre(c, r);
    ctx.beginPath();
    hexPath(ctx, sx(wx), sy(wy), s * 0.97);
    ctx.fillStyle = colour;
    ctx.fill();
  };
  if (g.mode === "play" && g.actions.length) {
    if (v.phase === "transport") {
      const pending = ui.pending !== null && ui.pending !== undefined ? myFleet(v, ui.pending) : null;
      const cur = pending || cursorFleet(v);
      const mp = cur ? fleetMp(v, cur.marker) : 0;
      for (const node of reach(v, g, pending).values()) shade(node.at[0], node.at[1], `rgba(255, 204, 77, ${0.08 + 0.22 * (1 - node.cost / Math.max(mp, 1))})`);
    }
    for (const a of g.actions) {
      const x = actionHex(v, a);
      if (!x) continue;
      const colour = a.kind === "Step" ? "#ffcc4d" : a.kind === "Gate" ? "#8fe3ff" : a.kind === "Fight" ? "#ff7b7b" : a.kind === "Place" || a.kind === "SetupPlace" ? "#7be0a5" : a.kind === "Select" ? null : "#c9a2ff";
      if (colour) mark(x[0], x[1], colour, a.kind === "Step" ? 3 : 2.5);
    }
  }
  drawTrails(ctx, g, s, sx, sy);
  if (v.battle) mark(v.battle.col, v.battle.row, "#ff7b7b", 4);
  if (ui.hex) mark(ui.hex[0], ui.hex[1], "#ffffff", 2);
  // setup draft: the planet types and fleets being arranged
  const draftTypes = v.phase === "types" && ui.draft && ui.draft.kind === "types" ? ui.draft.assign : null;
  const draftFleets = v.phase === "fleets" && ui.draft && ui.draft.kind === "fleets" ? ui.draft.assign : null;
  // planets
  const fleetHexes = new Set(v.fleets.map((f) => key(f.col, f.row)));
  v.planets.forEach((p, pid) => {
    const [wx, wy] = centre(p.col, p.row);
    const crowded = fleetHexes.has(key(p.col, p.row));
    const x = sx(wx);
    const y = sy(wy) - (crowded ? s * 0.3 : 0);
    if (!visible(x, y)) return;
    const rad = s * (crowded ? 0.32 : 0.42);
    ctx.beginPath();
    ctx.arc(x, y, rad, 0, 2 * Math.PI);
    ctx.fillStyle = p.owner < 0 ? "#e8ecff" : D.SEAT_COLOURS[p.owner];
    ctx.globalAlpha = p.alive ? 1 : 0.35;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.lineWidth = Math.max(1, s / 14);
    ctx.strokeStyle = "#0b1020";
    ctx.stroke();
    const type = p.type || (draftTypes && draftTypes[pid]) || null;
    if (s >= 9) {
      ctx.fillStyle = p.owner < 0 ? "#0b1020" : D.SEAT_INK[p.owner];
      ctx.font = `700 ${Math.round(rad * 1.1)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(type || "?", x, y + 1);
    }
    if (!p.alive) {
      ctx.beginPath();
      ctx.moveTo(x - rad, y - rad); ctx.lineTo(x + rad, y + rad);
      ctx.moveTo(x + rad, y - rad); ctx.lineTo(x - rad, y + rad);
      ctx.strokeStyle = "#ff7b7b";
      ctx.lineWidth = 2;
      ctx.stroke();
    }
    if (draftFleets && p.owner === v.viewer && s >= 7) {
      const n = Object.values(draftFleets).filter((x2) => x2 === pid).length;
      if (n) badge(ctx, x + rad * 0.9, y - rad * 0.9, String(n), "#7be0a5", "#052010", s);
    }
  });
  // fleets
  const byHex = new Map();
  for (const f of v.fleets) {
    const k = key(f.col, f.row);
    if (!byHex.has(k)) byHex.set(k, []);
    byHex.get(k).push(f);
  }
  const slots = [[-0.36, 0.4], [0.36, 0.4], [-0.62, -0.12], [0.62, -0.12]];
  for (const list of byHex.values()) {
    const f0 = list[0];
    const [wx, wy] = centre(f0.col, f0.row);
    const cx = sx(wx);
    const cy = sy(wy);
    if (!visible(cx, cy)) continue;
    list.sort((a, b) => (b.owner === v.viewer) - (a.owner === v.viewer) || a.owner - b.owner || a.marker - b.marker);
    list.slice(0, 4).forEach((f, n) => {
      const planet = v.planets.some((p) => p.col === f.col && p.row === f.row);
      const [dx, dy] = list.length === 1 ? (planet ? [0, 0.4] : [0, 0]) : slots[n];
      const mw = Math.max(12, s * 0.62);
      const mh = Math.max(10, s * 0.5);
      const x = cx + dx * s - mw / 2;
      const y = cy + dy * s - mh / 2;
      ctx.fillStyle = D.SEAT_COLOURS[f.owner];
      ctx.globalAlpha = f.done ? 0.55 : 1;
      roundRect(ctx, x, y, mw, mh, Math.min(4, s / 8));
      ctx.fill();
      ctx.globalAlpha = 1;
      const ordering = ui.pending !== null && ui.pending !== undefined ? f.owner === v.viewer && f.marker === ui.pending : f.ordering;
      ctx.lineWidth = ordering ? 3 : f.owner === v.viewer ? 1.5 : 1;
      ctx.strokeStyle = ordering ? "#ffffff" : f.jammed ? "#ff7b7b" : "#0b1020";
      ctx.stroke();
      if (s >= 10) {
        ctx.fillStyle = D.SEAT_INK[f.owner];
        ctx.font = `700 ${Math.round(mh * 0.78)}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(String(f.marker), x + mw / 2, y + mh / 2 + 1);
      }
      const count = f.owner === v.viewer ? myShipsIn(v, f.marker).length : f.ships;
      if (s >= 16 && count !== null && count !== undefined) badge(ctx, x + mw, y, String(count), "#eef1ff", "#0b1020", s);
      if (s >= 16 && f.done) badge(ctx, x, y, "✓", "#7be0a5", "#052010", s);
      if (s >= 16 && f.jammed) badge(ctx, x, y + mh, "J", "#ff7b7b", "#2a0604", s);
      const seen = f.owner !== v.viewer && v.sightings.find((x2) => x2.owner === f.owner && x2.marker === f.marker);
      if (s >= 16 && seen) badge(ctx, x + mw, y + mh, "◉", seen.stale ? "#6f7aa8" : "#eef1ff", "#0b1020", s);
      if (f.owner === v.viewer && s >= 44) {
        const codes = myShipsIn(v, f.marker).map((x2) => shipType(v, x2.id).short);
        ctx.font = `${Math.round(s * 0.17)}px system-ui, sans-serif`;
        ctx.fillStyle = "#eef1ff";
        ctx.textAlign = "center";
        ctx.textBaseline = "top";
        for (let k = 0; k < codes.length; k += 3) ctx.fillText(codes.slice(k, k + 3).join(" "), x + mw / 2, y + mh + 1 + (k / 3) * s * 0.19);
      }
    });
    if (list.length > 4 && s >= 12) badge(ctx, cx, cy + s * 0.7, `+${list.length - 4}`, "#ffcc4d", "#1a1300", s);
  }
}

// ---------------------------------------------------------------------------- the static layer

const LAYER_PIXELS = 4_000_000; // device pixels an offscreen layer may hold (about 16 MB)
const layer = { canvas: null, key: "", wx0: 0, wy0: 0, wx1: 0, wy1: 0 };
const frameLayer = { canvas: null, key: "", stamp: -1, g: null }; // the layer with this model's marks
let lastScale = 0;
let layerTimer = 0;
let frameTimer = 0;

/** Every hex's fill (section tint or terrain, SG-12.1), the grid, the terrain glyphs and, zoomed
 * in, the hex labels, for hexes whose centre is within the world box [wx0, wx1] x [wy0, wy1],
 * drawn with the world-to-pixel maps sx, sy. */
function drawHexes(ctx, v, s, sx, sy, box) {
  const ter = new Map(v.terrain.map((t) => [key(t.col, t.row), t]));
  const section = 12;
  const fills = new Map();
  const inBox = [];
  for (let c = 0; c < v.map.cols; c++) {
    const wx = 1.5 * c;
    if (wx < box.wx0 || wx > box.wx1) continue;
    for (let r = 0; r < v.map.rows; r++) {
      const wy = SQ3 * (r + 0.5 * (c & 1));
      if (wy < box.wy0 || wy > box.wy1) continue;
      const t = ter.get(key(c, r));
      const band = c % section < 2 || c % section >= section - 2;
      const colour = t ? D.TERRAIN[t.type].fill : band ? "#0d1329" : Math.floor(c / section) % 2 ? "#131c3c" : "#111a38";
      if (!fills.has(colour)) fills.set(colour, []);
      const at = [sx(wx), sy(wy), c, r, t];
      fills.get(colour).push(at);
      inBox.push(at);
    }
  }
  for (const [colour, list] of fills) {
    ctx.beginPath();
    for (const [x, y] of list) hexPath(ctx, x, y, s * 0.98);
    ctx.fillStyle = colour;
    ctx.fill();
  }
  ctx.beginPath();
  for (const [x, y] of inBox) hexPath(ctx, x, y, s);
  ctx.strokeStyle = "#24305c";
  ctx.lineWidth = Math.max(0.5, s / 30);
  ctx.stroke();
  if (s >= 8) {
    ctx.font = `${Math.round(s * 0.8)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (const [x, y, c, r, t] of inBox) {
      if (!t || !D.TERRAIN[t.type].glyph || planetAt(v, c, r)) continue;
      ctx.fillStyle = D.TERRAIN[t.type].ink;
      ctx.globalAlpha = t.used ? 0.4 : 0.9;
      ctx.fillText(D.TERRAIN[t.type].glyph, x, y);
    }
    ctx.globalAlpha = 1;
  }
  if (s >= 30) {
    ctx.font = `${Math.round(s * 0.2)}px system-ui, sans-serif`;
    ctx.fillStyle = "#6f7aa8";
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    for (const [x, y, c, r] of inBox) ctx.fillText(hexLabel(c, r), x, y - s * 0.82);
  }
}

/** The map is on the page (not behind a hand-off, where nothing may be drawn, DESIGN 5). */
function mapShown() {
  const canvas = document.getElementById("gc-map");
  return Boolean(canvas && canvas.isConnected);
}

/** The frame layer: the static layer with this model's marks, planets and fleets on it. */
function buildFrame(g, s, dpr, sig) {
  const canvas = frameLayer.canvas || document.createElement("canvas");
  canvas.width = layer.canvas.width;
  canvas.height = layer.canvas.height;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer.canvas, 0, 0);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const ox = -layer.ix0 * s;
  const oy = -layer.iy0 * s;
  drawOverlays(ctx, g, s, (wx) => ox + wx * s, (wy) => oy + wy * s, layer);
  Object.assign(frameLayer, { canvas, key: sig, stamp: ui.stamp, g, wx0: layer.wx0, wy0: layer.wy0, wx1: layer.wx1, wy1: layer.wy1, ix0: layer.ix0, iy0: layer.iy0 });
}

/** What the static layer depends on: the map, the scale, the claimed terrain, live planets. */
function staticSig(v, s, dpr) {
  return `${ui.camKey}|${s}|${dpr}|${v.terrain.map((t) => (t.used ? 1 : 0)).join("")}|${v.planets.map((p) => (p.alive ? 1 : 0)).join("")}`;
}

function buildLayer(v, cam, w, hgt, dpr, sig) {
  const s = cam.s;
  let box = centreBox(v, { wx0: -Infinity, wy0: -Infinity, wx1: Infinity, wy1: Infinity });
  const pixels = (b) => (b.wx1 - b.wx0 + 2) * (b.wy1 - b.wy0 + 2) * s * s * dpr * dpr;
  if (pixels(box) > LAYER_PIXELS) {
    // The view with a margin of a third of a view on each side.
    const vw = w / s;
    const vh = hgt / s;
    const cx = (w / 2 - cam.ox) / s;
    const cy = (hgt / 2 - cam.oy) / s;
    box = centreBox(v, { wx0: cx - vw * 0.85, wy0: cy - vh * 0.85, wx1: cx + vw * 0.85, wy1: cy + vh * 0.85 });
    if (pixels(box) > LAYER_PIXELS * 1.5) { layer.key = ""; return; } // a huge screen: draw directly
  }
  const canvas = layer.canvas || document.createElement("canvas");
  canvas.width = Math.ceil((box.wx1 - box.wx0 + 2) * s * dpr);
  canvas.height = Math.ceil((box.wy1 - box.wy0 + 2) * s * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  // The layer's pixel (0, 0) is the world point (wx0 - 1, wy0 - 1): a hex's whole radius fits.
  const ox = -(box.wx0 - 1) * s;
  const oy = -(box.wy0 - 1) * s;
  drawHexes(ctx, v, s, (wx) => ox + wx * s, (wy) => oy + wy * s, box);
  Object.assign(layer, { canvas, key: sig, ...box, ix0: box.wx0 - 1, iy0: box.wy0 - 1 });
}

/** A world box cut to where hex centres are (0 .. the last column's and row's centre). */
function centreBox(v, b) {
  const xmax = 1.5 * (v.map.cols - 1);
  const ymax = SQ3 * (v.map.rows - 0.5);
  return { wx0: Math.max(0, b.wx0), wy0: Math.max(0, b.wy0), wx1: Math.min(xmax, b.wx1), wy1: Math.min(ymax, b.wy1) };
}

function fitSilently(v, w, hgt, whole = false) {
  const [ww, wh] = worldSize(v);
  const s = Math.min(w / ww, hgt / wh);
  ui.cam = { s, ox: (w - ww * s) / 2 + s, oy: (hgt - wh * s) / 2 + (SQ3 / 2) * s, fit: s, auto: true, w, h: hgt };
  if (whole || w >= 700) return;
  // A narrow screen (a phone) starts at a readable zoom on what matters now (issue 25): the
  // battle, the fleet being ordered, else the viewer's own planets, all of them if they fit at
  // a zoom a finger can tap (setting up, each is a place to tap); the mini-map shows where that
  // is, and Fit shows the whole map.
  const spot = focusBox(v);
  if (!spot) return;
  const [x0, y0, x1, y1] = spot;
  const readable = Math.min(20, w / 14);
  const tappable = Math.min(readable, 14); // a hex 28 px across, about a fingertip
  // A hex is 2 s wide and SQ3 s tall: the box's hexes whole, with half a hex to spare around
  // them; a box too big for that is framed on its middle at the smallest tappable zoom.
  const allMine = Math.min(w / (x1 - x0 + 3), hgt / (y1 - y0 + 2 * SQ3));
  const s2 = Math.max(s, Math.min(readable, Math.max(tappable, allMine)));
  Object.assign(ui.cam, { s: s2, ox: w / 2 - ((x0 + x1) / 2) * s2, oy: hgt / 2 - ((y0 + y1) / 2) * s2 });
  clampCam(v, w, hgt);
  ui.cam.corner = miniCorner(v, w, hgt);
}

/** What a phone's map is framed on, as a box of hex centres [x0, y0, x1, y1] in map units: the
 * battle hex, the fleet being ordered, or the viewer's own planets (a spectator: none, the
 * whole map). */
function focusBox(v) {
  const one = ([c, r]) => { const [x, y] = centre(c, r); return [x, y, x, y]; };
  if (v.battle) return one([v.battle.col, v.battle.row]);
  const cur = cursorFleet(v);
  if (cur) return one([cur.col, cur.row]);
  if (v.viewer === null || v.viewer === undefined) return null;
  const mine = myPlanetCentres(v);
  if (!mine.length) return null;
  const xs = mine.map(([x]) => x);
  const ys = mine.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The centres, in map units, of the viewer's planets still in play. */
function myPlanetCentres(v) {
  return v.planets.filter((p) => p.owner === v.viewer && p.alive).map((p) => centre(p.col, p.row));
}

/** No empty band beside the map when zoomed in: the camera stays over the map. */
function clampCam(v, w, hgt) {
  const cam = ui.cam;
  const [ww, wh] = worldSize(v);
  if (ww * cam.s > w) cam.ox = Math.min(cam.s, Math.max(w - (ww - 1) * cam.s, cam.ox));
  if (wh * cam.s > hgt) cam.oy = Math.min((SQ3 / 2) * cam.s, Math.max(hgt - (wh - SQ3 / 2) * cam.s, cam.oy));
}

/** Pan (keeping the zoom) so that a hex is on the map, well inside its edges; whether it moved. */
function keepInView(c, r) {
  const cam = ui.cam;
  const canvas = document.getElementById("gc-map");
  if (!cam || !canvas) return;
  const [wx, wy] = centre(c, r);
  const [x, y] = [cam.ox + wx * cam.s, cam.oy + wy * cam.s];
  const [w, hgt] = [canvas.clientWidth, canvas.clientHeight];
  const m = Math.min(w, hgt) * 0.18;
  if (x >= m && x <= w - m && y >= m && y <= hgt - m) return false;
  cam.ox = w / 2 - wx * cam.s;
  cam.oy = hgt / 2 - wy * cam.s;
  if (ui.g) clampCam(ui.g.view, w, hgt);
  return true;
}

/** The mini-map's box [x, y, width, height] on the canvas, in a corner: 0 bottom right,
 * 1 bottom left, 2 top right, 3 top left. */
function miniBox(v, w, hgt, corner) {
  const [ww, wh] = worldSize(v);
  const mw = Math.min(140, w * 0.3);
  const mh = wh * (mw / ww);
  return [corner & 1 ? 6 : w - mw - 6, corner & 2 ? 6 : hgt - mh - 6, mw, mh];
}

/** The corner for the mini-map that hides the fewest of the viewer's own planets as the map is
 * now framed (setting up, they are what the player taps); it stays there while the player
 * pans, so it never jumps under a finger. */
function miniCorner(v, w, hgt) {
  const cam = ui.cam;
  const mine = myPlanetCentres(v);
  const hidden = (corner) => {
    const [x0, y0, mw, mh] = miniBox(v, w, hgt, corner);
    return mine.filter(([x, y]) => {
      const sx = cam.ox + x * cam.s;
      const sy = cam.oy + y * cam.s;
      return sx > x0 - cam.s && sx < x0 + mw + cam.s && sy > y0 - cam.s && sy < y0 + mh + cam.s;
    }).length;
  };
  return [1, 2, 3].reduce((best, corner) => (hidden(corner) < hidden(best) ? corner : best), 0);
}

function drawMini(ctx, v, w, hgt) {
  const cam = ui.cam;
  mini = null;
  delete ctx.canvas.dataset.mini; // its box, for tests and tools that tap a hex (a tap there pans)
  if (cam.s <= cam.fit * 1.2) return;
  const [ww] = worldSize(v);
  const [x0, y0, mw, mh] = miniBox(v, w, hgt, cam.corner || 0);
  const ms = mw / ww;
  ctx.fillStyle = "#070b18";
  ctx.fillRect(x0 - 2, y0 - 2, mw + 4, mh + 4);
  ctx.strokeStyle = "#2c3765";
  ctx.lineWidth = 1;
  ctx.strokeRect(x0 - 2, y0 - 2, mw + 4, mh + 4);
  for (const p of v.planets) {
    if (!p.alive) continue;
    const [px, py] = centre(p.col, p.row);
    ctx.fillStyle = p.owner < 0 ? "#e8ecff" : D.SEAT_COLOURS[p.owner];
    ctx.fillRect(x0 + (px + 1) * ms - 1.5, y0 + (py + SQ3 / 2) * ms - 1.5, 3, 3);
  }
  for (const f of v.fleets) {
    const [px, py] = centre(f.col, f.row);
    ctx.strokeStyle = D.SEAT_COLOURS[f.owner];
    ctx.strokeRect(x0 + (px + 1) * ms - 2, y0 + (py + SQ3 / 2) * ms - 2, 4, 4);
  }
  // the part of the map on screen
  const vx = (-cam.ox / cam.s + 1) * ms;
  const vy = (-cam.oy / cam.s + SQ3 / 2) * ms;
  ctx.strokeStyle = "#ffcc4d";
  ctx.lineWidth = 1.5;
  ctx.strokeRect(x0 + vx, y0 + vy, (w / cam.s) * ms, (hgt / cam.s) * ms);
  mini = { x: x0, y: y0, w: mw, h: mh };
  ctx.canvas.dataset.mini = [x0, y0, mw, mh].map((n) => n.toFixed(1)).join(",");
  mini.toWorld = (x, y) => [(x - x0) / ms - 1, (y - y0) / ms - SQ3 / 2];
}

function badge(ctx, x, y, text, bg, ink, s) {
  const r = Math.max(6, s * 0.16);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = bg;
  ctx.fill();
  ctx.fillStyle = ink;
  ctx.font = `700 ${Math.round(r * 1.3)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + 0.5);
}
