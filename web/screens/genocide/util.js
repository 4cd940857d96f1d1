// Small helpers: hex geometry from the engine's (col, row), and what the view says of ships,
// fleets, planets and seats (ATK* and DEF* as this seat can know them).
import * as D from "./data.js";
import { hexLabel, neighbour, roundCube } from "../common/hexgrid.js";

export const SQ3 = Math.sqrt(3);

export const key = (c, r) => `${c},${r}`;

export { hexLabel, neighbour };

export function centre(col, row) {
  return [1.5 * col, SQ3 * (row + 0.5 * (col & 1))];
}

export function pixelToHex(x, y) {
  return roundCube((2 / 3) * x, (-1 / 3) * x + (SQ3 / 3) * y);
}

export function shipType(v, cid) {
  return D.SHIP_TYPES[v.variant][Math.floor(cid / D.COPIES[v.variant])];
}

export function shipName(v, cid) {
  if (cid < 0) return "nothing";
  return `${shipType(v, cid).name} #${cid}`;
}

export function seatName(v, seat) {
  return (v.seats[seat] && v.seats[seat].name) || `Seat ${seat + 1}`;
}

export function raceOf(v, seat) {
  const k = v.seats[seat] && v.seats[seat].race;
  return k ? D.RACES[k] : null;
}

export function terrainAt(v, c, r) {
  const t = v.terrain.find((x) => x.col === c && x.row === r);
  return t || null;
}

export function planetAt(v, c, r) {
  return v.planets.find((p) => p.col === c && p.row === r && p.alive) || null;
}

export function fleetsAt(v, c, r) {
  return v.fleets.filter((f) => f.col === c && f.row === r);
}

export function myFleet(v, marker) {
  return v.fleets.find((f) => f.owner === v.viewer && f.marker === marker) || null;
}

export function myShipsIn(v, marker) {
  return v.my_ships.filter((s) => s.fleet === marker);
}

export function cursorFleet(v) {
  return v.fleets.find((f) => f.ordering) || null;
}

export function planetName(v, p) {
  const type = p.type ? `${D.PLANET_TYPES[p.type]} ` : "";
  const owner = p.owner < 0 ? "neutral " : `${seatName(v, p.owner)}'s `;
  return `${owner}${type}planet ${p.hex}${p.alive ? "" : " (destroyed)"}`;
}

export function fleetMp(v, marker) {
  const ships = myShipsIn(v, marker).filter((s) => !shipType(v, s.id).stationary);
  if (!ships.length) return 0;
  return Math.min(...ships.map((s) => s.mp));
}

export function canStep(v, marker) {
  const ships = myShipsIn(v, marker);
  const f = myFleet(v, marker);
  if (f && f.jammed) return false;
  return ships.every((s) => !shipType(v, s.id).stationary || s.carrier >= 0);
}

/** ATK* and DEF* as far as this seat can know them (SG-2.7): base, own planet (Advanced),
 * race, terrain, the card bonuses the view shows (own ships; Skirmish on the hex) and those
 * of the other seats' ships that follow from this turn's public card plays (knownBonuses). */
export function stats(v, cid, owner, col, row) {
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
export function knownBonuses(v) {
  const known = v.cards && v.cards.known_bonuses;
  return known || { ships: [], unsure: [] };
}

/** The engine's figures beside one legal action (SG-6.3 B5, SG-7.4, SG-8.5), or null: the
 * view's ``action_odds`` (pygame_core/games/genocide/view_odds.py), keyed by the action's kind,
 * ship, then its target (battles) or count (PBs). Each carries its exact chance and ``percent``. */
export function oddsOf(v, a) {
  const f = (a && a.fields) || {};
  const last = a.kind === "Target" || a.kind === "SelfDestruct" ? f.target : f.count;
  return (v.action_odds && v.action_odds[`${a.kind}/${f.ship}/${last}`]) || null;
}

export function ownerOfShip(v, cid) {
  const mine = v.my_ships.find((s) => s.id === cid);
  if (mine) return v.viewer;
  for (const g of v.sightings) if (g.ships.some((s) => s.id === cid)) return g.owner;
  for (const g of (v.cards && v.cards.scans) || []) if (g.ships.some((s) => s.id === cid)) return g.owner;
  return null;
}

export function acts(g, kind) {
  return g.actions.filter((a) => a.kind === kind);
}

export function myPlanets(v) {
  return v.planets.map((p, pid) => ({ ...p, pid })).filter((p) => p.owner === v.viewer);
}

/** The hex of one of the viewer's ships (its fleet's). */
export function myShipHex(v, cid) {
  const mine = v.my_ships.find((x) => x.id === cid);
  const f = mine ? myFleet(v, mine.fleet) : null;
  return f ? [f.col, f.row] : null;
}
