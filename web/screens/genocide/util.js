// Small helpers: hex geometry from the engine's (col, row), and what the view says of ships,
// fleets, planets and seats (ATK* and DEF* as the engine says this seat can know them).
import * as D from "./data.js";
import { hexLabel, neighbour, roundCube } from "../common/hexgrid.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */
/** @typedef {import("./state.js").GenocideStep} GenocideStep */
/** @typedef {import("./state.js").GenocidePlanet} GenocidePlanet */
/** @typedef {import("./state.js").ShipValue} ShipValue */
/** @typedef {import("./state.js").Odds} Odds */

export const SQ3 = Math.sqrt(3);

export const key = (/** @type {number} */ c, /** @type {number} */ r) => `${c},${r}`;

export { hexLabel, neighbour };

/**
 * @param {number} col
 * @param {number} row */
export function centre(col, row) {
  return [1.5 * col, SQ3 * (row + 0.5 * (col & 1))];
}

/**
 * @param {number} x
 * @param {number} y */
export function pixelToHex(x, y) {
  return roundCube((2 / 3) * x, (-1 / 3) * x + (SQ3 / 3) * y);
}

/**
 * @param {GenocideView} v
 * @param {number} cid */
export function shipType(v, cid) {
  return D.SHIP_TYPES[v.variant][Math.floor(cid / D.COPIES[v.variant])];
}

const ORDINALS = ["1st", "2nd", "3rd"];

/** The group a ship is in as this seat knows it: its own fleet, a fleet it saw revealed or
 * scanned, or its setup hand; the ids of that group, to tell identical ships apart.
 * @param {GenocideView} v
 * @param {number} cid */
function groupOf(v, cid) {
  const mine = v.my_ships.find((s) => s.id === cid);
  if (mine) return { marker: mine.fleet, ids: myShipsIn(v, mine.fleet).map((s) => s.id) };
  for (const g of [...v.sightings, ...((v.cards && v.cards.scans) || [])]) {
    if (g.ships.some((s) => s.id === cid)) return { marker: g.marker, ids: g.ships.map((s) => s.id) };
  }
  const hand = v.setup && v.setup.my_hand;
  if (hand && hand.some((s) => s.id === cid)) return { marker: null, ids: hand.map((s) => s.id) };
  return null;
}

/** "1st ", "2nd "...: a ship's place among the ships of its type in its fleet.
 * @param {number} n */
function placeWord(n) {
  return `${ORDINALS[n - 1] || `${n}th`} `;
}

/** A ship in the player's words (issue 36): its type and fleet ("Gunships of fleet 3"), with
 * "1st", "2nd"... by the engine's order when the fleet (or the setup hand) holds two of the
 * type; never an internal id. The owner, where it matters, is the caller's (targetWords).
 * @param {GenocideView} v
 * @param {number} cid
 * @param {boolean} [where] */
export function shipName(v, cid, where = true) {
  if (cid < 0) return "nothing";
  const t = shipType(v, cid);
  const g = groupOf(v, cid);
  if (!g) return t.name;
  const same = g.ids.filter((id) => shipType(v, id) === t).sort((a, b) => a - b);
  const nth = same.length > 1 ? placeWord(same.indexOf(cid) + 1) : "";
  return `${nth}${t.name}${where && g.marker ? ` of fleet ${g.marker}` : ""}`;
}

/** A ship as an event's readers knew it when it happened (issue 36): the engine's
 * ``<field>_at`` fact, [owner, fleet marker, place among its kind there] (0: unknown to them),
 * names it as the log does ("your 2nd Gunships of fleet 5", "East's Cruiser of fleet 6"), though
 * the ship has since died or moved; without the fact, as the view knows it now.
 * @param {GenocideView} v
 * @param {number} cid
 * @param {number[] | undefined} at */
export function shipAsKnown(v, cid, at) {
  if (!Array.isArray(at) || at.length !== 3) return shipName(v, cid);
  const [owner, marker, nth] = at;
  const core = `${nth > 0 ? placeWord(nth) : ""}${shipType(v, cid).name}${marker > 0 ? ` of fleet ${marker}` : ""}`;
  if (owner < 0) return core;
  return owner === v.viewer ? `your ${core}` : `${seatName(v, owner)}'s ${core}`;
}

/**
 * @param {GenocideView} v
 * @param {number} seat */
export function seatName(v, seat) {
  return (v.seats[seat] && v.seats[seat].name) || `Seat ${seat + 1}`;
}

/**
 * @param {GenocideView} v
 * @param {number} seat */
export function raceOf(v, seat) {
  const k = v.seats[seat] && v.seats[seat].race;
  return k ? D.RACES[k] : null;
}

/**
 * @param {GenocideView} v
 * @param {number} c
 * @param {number} r */
export function terrainAt(v, c, r) {
  const t = v.terrain.find((x) => x.col === c && x.row === r);
  return t || null;
}

/**
 * @param {GenocideView} v
 * @param {number} c
 * @param {number} r */
export function planetAt(v, c, r) {
  return v.planets.find((p) => p.col === c && p.row === r && p.alive) || null;
}

/**
 * @param {GenocideView} v
 * @param {number} c
 * @param {number} r */
export function fleetsAt(v, c, r) {
  return v.fleets.filter((f) => f.col === c && f.row === r);
}

/**
 * @param {GenocideView} v
 * @param {number} marker */
export function myFleet(v, marker) {
  return v.fleets.find((f) => f.owner === v.viewer && f.marker === marker) || null;
}

/**
 * @param {GenocideView} v
 * @param {number} marker */
export function myShipsIn(v, marker) {
  return v.my_ships.filter((s) => s.fleet === marker);
}

/**
 * @param {GenocideView} v */
export function cursorFleet(v) {
  return v.fleets.find((f) => f.ordering) || null;
}

/**
 * @param {GenocideView} v
 * @param {GenocidePlanet} p */
export function planetName(v, p) {
  const type = p.type ? `${D.PLANET_TYPES[p.type]} ` : "";
  const owner = p.owner < 0 ? "neutral " : `${seatName(v, p.owner)}'s `;
  return `${owner}${type}planet ${p.hex}${p.alive ? "" : " (destroyed)"}`;
}

/**
 * @param {GenocideView} v
 * @param {number} marker */
export function fleetMp(v, marker) {
  const ships = myShipsIn(v, marker).filter((s) => !shipType(v, s.id).stationary);
  if (!ships.length) return 0;
  return Math.min(...ships.map((s) => s.mp));
}

/**
 * @param {GenocideView} v
 * @param {number} marker */
export function canStep(v, marker) {
  const ships = myShipsIn(v, marker);
  const f = myFleet(v, marker);
  if (f && f.jammed) return false;
  return ships.every((s) => !shipType(v, s.id).stationary || s.carrier >= 0);
}

/** ATK* and DEF* of a ship as this seat can know them, each bonus named (SG-2.7): the
 * engine's figures, the view's ``ship_values`` (pygame_core/games/genocide/view_values.py);
 * null for a ship the seat cannot see.
 * @param {GenocideView} v
 * @param {number} cid */
export function valuesOf(v, cid) {
  return (v.ship_values || []).find((x) => x.ship === cid) || null;
}

/** "Attack 3 = 2 base + 1 own planet": one value and the terms it is made of, in words.
 * @param {ShipValue | null} val
 * @param {"atk" | "def"} key
 * @param {string} name */
export function valueWords(val, key, name) {
  if (!val) return `${name} ?`;
  const terms = val.parts.filter((p, n) => n === 0 || p[key]);
  const sum = terms.map((p) => `${p[key]} ${p.what}`).join(" + ");
  return terms.length > 1 ? `${name} ${val[key]} = ${sum}` : `${name} ${val[key]} (${terms[0].what})`;
}

/** The engine's figures beside one legal action (SG-6.3 B5, SG-7.4, SG-8.5), or null: the
 * view's ``action_odds`` (pygame_core/games/genocide/view_odds.py), keyed by the action's kind,
 * ship, then its target (battles) or count (PBs). Each carries its exact chance and ``percent``.
 * @returns {Odds | null}
 * @param {GenocideView} v
 * @param {GenocideStep} a */
export function oddsOf(v, a) {
  const f = (a && a.fields) || {};
  const last = a.kind === "Target" || a.kind === "SelfDestruct" ? f.target : f.count;
  return (v.action_odds && v.action_odds[`${a.kind}/${f.ship}/${last}`]) || null;
}

/**
 * @param {GenocideView} v
 * @param {number} cid */
export function ownerOfShip(v, cid) {
  const mine = v.my_ships.find((s) => s.id === cid);
  if (mine) return v.viewer;
  for (const g of v.sightings) if (g.ships.some((s) => s.id === cid)) return g.owner;
  for (const g of (v.cards && v.cards.scans) || []) if (g.ships.some((s) => s.id === cid)) return g.owner;
  return null;
}

/**
 * @param {GenocideGame} g
 * @param {string} kind */
export function acts(g, kind) {
  return g.actions.filter((a) => a.kind === kind);
}

/**
 * @param {GenocideView} v */
export function myPlanets(v) {
  return v.planets.map((p, pid) => ({ ...p, pid })).filter((p) => p.owner === v.viewer);
}

/** The hex of one of the viewer's ships (its fleet's).
 * @param {GenocideView} v
 * @param {number} cid */
export function myShipHex(v, cid) {
  const mine = v.my_ships.find((x) => x.id === cid);
  const f = mine ? myFleet(v, mine.fleet) : null;
  return f ? [f.col, f.row] : null;
}
