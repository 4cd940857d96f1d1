// Space Genocide's fixed tables for the screen (RULES.md SG-2.1, SG-11, SG-12, SG-13.3), the
// same rows as pygame_core/games/genocide/{data,races,terrain,cards}.py. Only public facts.

// key, name, short code, MOVE, ATK, DEF, PB, BAYS ("F": the ship is a fighter)
const COMMON = [
  ["fighter", "Fighter Squads", "Ftr", 0, 5, 4, 1, "F"],
  ["interceptor", "Interceptor Squads", "Int", 0, 3, 7, 0, "F"],
  ["bomber", "Bomber Squads", "Bmb", 0, 6, 2, 2, "F"],
  ["gunship", "Gunships", "Gun", 5, 2, 3, 0, 0],
  ["missile_boat", "Missile Boats", "MsB", 2, 5, 1, 2, 0],
  ["drone", "Drone", "Drn", 5, 0, 1, 4, 0],
  ["scout", "Scouts", "Sct", 6, 1, 3, 0, 0],
  ["monitor", "Monitor", "Mon", 1, 6, 3, 0, 0],
  ["destroyer", "Destroyers", "Dst", 3, 3, 3, 1, 0],
  ["corvette", "Corvettes", "Cor", 4, 3, 2, 1, 0],
  ["frigate", "Frigate", "Frg", 3, 4, 2, 1, 0],
  ["escort", "Escorts", "Esc", 4, 3, 3, 0, 0],
  ["battle_station", "Battle Station", "BSt", 0, 5, 5, 0, 0],
  ["defense_satellite", "Defense Satellites", "Sat", 0, 4, 6, 0, 0],
  ["battle_drone", "Battle Drone", "BDr", 4, 5, 1, 0, 0],
  ["cruiser", "Cruiser", "Cru", 2, 3, 4, 1, 0],
  ["battler", "Battler", "Btl", 2, 5, 2, 1, 0],
  ["shield_ship", "Shield Ship", "Shd", 1, 4, 5, 0, 0],
  ["assault_transport", "Assault Transport", "ATr", 2, 2, 2, 3, 1],
  ["attack_scout", "Attack Scout", "ASc", 7, 0, 2, 1, 0],
];
const row = ([key, name, short, move, atk, def, pb, bays]) => ({
  key, name, short, move, atk, def, pb, fighter: bays === "F", bays: bays === "F" ? 0 : bays, stationary: move === 0,
});
export const SHIP_TYPES = {
  classic: [...COMMON, ["light_carrier", "Light Carrier", "LCr", 4, 1, 3, 0, 2], ["carrier", "Carrier", "Car", 2, 1, 2, 0, 5]].map(row),
  advanced: [...COMMON, ["carrier", "Carrier", "Car", 3, 1, 2, 0, 4]].map(row),
};
export const COPIES = { classic: 5, advanced: 4 };
export const SHIP_BY_KEY = Object.fromEntries(SHIP_TYPES.classic.concat(SHIP_TYPES.advanced).map((t) => [t.key, t]));

export const PLANET_TYPES = { H: "Homeworld", P: "Population", M: "Metal", R: "Radioactive" };
export const PLANET_COUNTS = [["H", 1], ["P", 3], ["M", 3], ["R", 3]];

// SG-12.1: name, the rule in player words, how it is drawn (fill, glyph)
export const TERRAIN = {
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

// SG-11
export const RACES = {
  terrans: { name: "The Terrans", text: "Draw 2 cards per turn.", atk: 0, def: 0, move: 0, bays: 0 },
  insects: { name: "Insect Hive Mind Swarms", text: "Every non-fighter ship has +1 fighter bay; losing the Homeworld does not lose the game.", atk: 0, def: 0, move: 0, bays: 1 },
  felines: { name: "Aggressive Hominid Felines", text: "All ships +1 Attack.", atk: 1, def: 0, move: 0, bays: 0 },
  crustaceans: { name: "Xenophobic Crustaceans", text: "All ships +1 Defense.", atk: 0, def: 1, move: 0, bays: 0 },
  simians: { name: "Bickering Screeching Simians", text: "Mobile ships +1 Move.", atk: 0, def: 0, move: 1, bays: 0 },
  worms: { name: "Warmongering Worms", text: "Up to 25 ships instead of 20.", atk: 0, def: 0, move: 0, bays: 0 },
  robots: { name: "Efficient Robot Menace", text: "One extra ship every Production Phase.", atk: 0, def: 0, move: 0, bays: 0 },
  amoeboids: { name: "Amoeboid Religious Fanatics", text: "Planet busters hit on 1-4; ships may self-destruct for +2 Attack.", atk: 0, def: 0, move: 0, bays: 0, pbHit: 4 },
  scavengers: { name: "Opportunistic Scavenger Rodents", text: "Take one ship of every enemy fleet they destroy.", atk: 0, def: 0, move: 0, bays: 0 },
};

// SG-13.3: each card's target steps (cards.py), to name a target in words
export const CARD_STEPS = {1: ["own_mover"], 2: ["home_fleets"], 3: ["own_mover"], 4: ["battle_fleet"], 5: ["battle_fleet"], 6: ["battle_fleet"], 8: ["enemy_planet"], 9: ["enemy_fleet"], 10: ["opponent"], 12: ["own_fleet", "enemy_fleet"], 13: ["board_ship"], 15: ["opponent"], 17: ["own_fleet"], 19: ["enemy_fleet"], 21: ["decoy_ship"], 22: ["enemy_order"], 23: ["enemy_wreck"], 24: ["own_wreck"], 25: ["suicide_ship", "suicide_target"], 28: ["roll"], 29: ["own_ship"], 30: ["redeploy_fleet", "other_planet"], 31: ["enemy_fleet"], 32: ["movable_fleet", "second_fleet"], 33: ["interceptor"], 34: ["retreater"], 35: ["own_mover"], 36: ["refit_ships"], 37: ["own_mobile_ship"], 38: ["own_fighter", "other_planet", "planet_fleet"], 39: ["battle_fighter"], 41: ["fought_fighter"], 42: ["battle_hex"]};
export const FLEET_STEPS = new Set(["own_fleet", "own_mover", "enemy_fleet", "battle_fleet", "redeploy_fleet", "movable_fleet", "second_fleet", "home_fleets", "interceptor", "retreater"]);
export const PLANET_STEPS = new Set(["enemy_planet", "other_planet"]);

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
