// Space Genocide's tables for the screen (RULES.md SG-2.1, SG-11, SG-12, SG-13.3). Only public facts.

// The rule tables come from the engine (pygame_core/games/genocide/tables.py), written into
// the page's catalogue by the build: one source, so a changed number cannot leave the screen
// behind. What stays here is how the screen draws and words them.
const CATALOG = JSON.parse(document.getElementById("catalog").textContent);
const TABLES = CATALOG.games.find((g) => g.id === "genocide").tables;

// Each ship type's short code on the map (a screen's own abbreviation).
const SHORT = {
  fighter: "Ftr", interceptor: "Int", bomber: "Bmb", gunship: "Gun", missile_boat: "MsB", drone: "Drn", scout: "Sct",
  monitor: "Mon", destroyer: "Dst", corvette: "Cor", frigate: "Frg", escort: "Esc", battle_station: "BSt",
  defense_satellite: "Sat", battle_drone: "BDr", cruiser: "Cru", battler: "Btl", shield_ship: "Shd",
  assault_transport: "ATr", attack_scout: "ASc", light_carrier: "LCr", carrier: "Car",
};
const ship = (t) => ({ ...t, short: SHORT[t.key] || t.name.slice(0, 3) });
export const SHIP_TYPES = Object.fromEntries(Object.entries(TABLES.ships).map(([variant, rows]) => [variant, rows.map(ship)]));
export const COPIES = TABLES.copies;
export const SHIP_BY_KEY = Object.fromEntries(Object.values(SHIP_TYPES).flat().map((t) => [t.key, t]));

export const PLANET_TYPES = TABLES.planet_types;
export const PLANET_COUNTS = TABLES.planet_counts;

// SG-12.1: name, the rule in player words, how it is drawn (fill, glyph)
const TERRAIN_LOOK = {
  star_gate: { name: "Star Gate", text: "Go in one gate and come out of any other (no MP).", fill: "#1f4f6e", glyph: "◎", ink: "#8fe3ff" },
  nebula: { name: "Nebula", text: "A fleet entering it must stop.", fill: "#4b2a63", glyph: "≋", ink: "#e0b3ff" },
  super_nova: { name: "Super Nova", text: "No ship may enter.", fill: "#7a3a10", glyph: "✸", ink: "#ffcf70" },
  alien_ruins: { name: "Alien Ruins", text: "The first to reach it gains a free random ship (once).", fill: "#4d4020", glyph: "Ω", ink: "#ffe08a" },
  asteroid_field: { name: "Asteroid Field", text: "Ships here get +1 Defense.", fill: "#3b3b44", glyph: "∴", ink: "#d8d8e8" },
  ion_cloud: { name: "Ion Cloud", text: "Ships here get +1 Attack.", fill: "#14535a", glyph: "ϟ", ink: "#9ff5ff" },
  gravitic_anomaly: { name: "Gravitic Anomaly", text: "Entering costs no movement point.", fill: "#2a4a2a", glyph: "@", ink: "#b6f5a6" },
  neutral_planet: { name: "Neutral Planet", text: "The first to enter captures it; its type is rolled then.", fill: "#2d3550", glyph: "", ink: "#ffffff" },
  black_hole: { name: "Black Hole", text: "At the start of your turn each of your ships here is lost on a 1 (d6).", fill: "#050508", glyph: "●", ink: "#b07cff" },
  dark_matter: { name: "Dark Matter", text: "Fleets entering need not stop for enemy fleets here.", fill: "#221233", glyph: "░", ink: "#a58bd1" },
  temporal_nexus: { name: "Temporal Nexus", text: "The first to reach it draws 2 cards (once).", fill: "#5a2145", glyph: "∞", ink: "#ffb3dd" },
};

export const TERRAIN = Object.fromEntries(Object.entries(TERRAIN_LOOK).map(([k, t]) => [k, { ...t, name: TABLES.terrain[k].name }]));

// SG-11: each race's rule in a player's words; the numbers are the engine's.
const RACE_WORDS = {
  terrans: "Draw 2 cards per turn.",
  insects: "Every non-fighter ship has +1 fighter bay; losing the Homeworld does not lose the game.",
  felines: "All ships +1 Attack.",
  crustaceans: "All ships +1 Defense.",
  simians: "Mobile ships +1 Move.",
  worms: "Up to 25 ships instead of 20.",
  robots: "One extra ship every Production Phase.",
  amoeboids: "Planet busters hit on 1-4; ships may self-destruct for +2 Attack.",
  scavengers: "Take one ship of every enemy fleet they destroy.",
};
export const RACES = Object.fromEntries(Object.entries(TABLES.races).map(([k, r]) => [k, {
  name: r.name, text: RACE_WORDS[k] || "", atk: r.atk, def: r.def, move: r.move, bays: r.bays,
  ...(r.pb_hit !== 3 ? { pbHit: r.pb_hit } : {}),
}]));

// SG-13.3: each card's target steps (to name a target in words).
export const CARD_STEPS = Object.fromEntries(Object.entries(TABLES.cards).filter(([, c]) => c.steps.length).map(([n, c]) => [n, c.steps]));
export const FLEET_STEPS = new Set(TABLES.fleet_steps);
export const PLANET_STEPS = new Set(TABLES.planet_steps);

export const WINDOW_WORDS = {
  start: "the start of the turn", "O-start": "the start of an opponent's turn", "O-move": "an opponent's completed fleet move",
  T: "the Transport Phase", E0: "the start of the Engagement Phase", "B-pre": "before a battle's declarations",
  "B-decl": "after the battle declarations", roll: "after a roll (Luck may reroll it)", burst: "the space-burst step",
  "E-end": "the end of the Engagement Phase", "M-decl": "the planet-buster orders", P: "the start of Production",
  response: "a response to the card just played", between: "between battles",
};

export const SEAT_COLOURS = ["#ff5f56", "#4f9dff", "#4fd18b", "#ffc94d"];
export const SEAT_INK = ["#2a0604", "#021226", "#032212", "#2a1c00"];
export const DIR_WORDS = ["north", "north-east", "south-east", "south", "south-west", "north-west"];
