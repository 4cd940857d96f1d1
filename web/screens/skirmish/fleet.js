// Minimal Space Combat fleets for the screen: the example designs (MSC-2.2), the scenario limits
// (MSC-4.1), the fleets a seat may start from as the engine worked them out, and the short
// design codes that travel in links (#x/skirmish/<code>). A design is {name, engine, shields,
// to_hit, weapons: [sides]}; its cost (MSC-2.1) is the engine's ("bp").

// The rule tables come from the engine (SkirmishGame.screen_tables in
// pygame_core/games/skirmish/game.py), written into the page's catalogue by the build: one
// source, so a changed number cannot leave the screen behind.

/** @typedef {import("./state.js").Design} Design */
/** @typedef {import("./state.js").SkirmishLimits} SkirmishLimits */

// The catalogue is the build's JSON (build.py), read untyped.
const GAME = JSON.parse(document.getElementById("catalog").textContent).games.find((g) => g.id === "skirmish");
const TABLES = GAME.tables;
export const TEMPLATES = TABLES.templates;
export const WEAPON_ORDER = TABLES.weapon_order; // the order the engine asks (data.WEAPON_SIDES)
const PRESETS = TABLES.presets;
export const MAX_SHIP_BP = TABLES.max_ship_bp; // MSC-2.3
export const STAT_LIMITS = TABLES.stat_limits; // MSC-2.1, MSC-A06: {stat: [lowest, highest]}
export const WEAPON_COST = TABLES.weapon_cost; // MSC-2.1: BP per weapon
// A custom scenario's defaults are its options' own (MSC-A03).
const CUSTOM = Object.fromEntries(GAME.options.filter((o) => ["ships", "budget", "ship_bp"].includes(o.key)).map((o) => [o.key, o.default]));

/** The design phase's limits for the options chosen at setup (MSC-4.1; custom: MSC-A03).
 * @param {Record<string, any>} options
 * @returns {SkirmishLimits} */
export function limitsOf(options) {
  const preset = PRESETS[options.scenario || "duel"];
  if (preset) return { ...preset };
  const n = (/** @type {string} */ key) => (Number.isInteger(options[key]) && options[key] > 0 ? options[key] : CUSTOM[key]);
  return { ships: n("ships"), budget: n("budget"), ship_bp: Math.min(MAX_SHIP_BP, n("ship_bp")) };
}

/** A design read from outside (storage, a link) with its values checked, or null.
 * @param {any} d read from storage or a link: anything
 * @returns {Design | null} */
export function cleanDesign(d) {
  if (!d || typeof d !== "object") return null;
  const num = (stat) => Number.isInteger(d[stat]) && d[stat] >= STAT_LIMITS[stat][0] && d[stat] <= STAT_LIMITS[stat][1];
  const weapons = Array.isArray(d.weapons) ? WEAPON_ORDER.filter((w) => d.weapons.includes(w)) : [];
  if (!num("engine") || !num("shields") || !num("to_hit")) return null;
  return { name: typeof d.name === "string" ? d.name.slice(0, 40) : "", engine: d.engine, shields: d.shields, to_hit: d.to_hit, weapons };
}

/** A fleet a seat may start from, as the engine works it out (designs.fleet_pick): its key,
 * words, ships (null when none fits) and their BP; ``later`` when the setup cannot know it
 * before the engine runs (a custom scenario's own limits, a kept or shared design): the
 * designer has the engine work it out when the game starts.
 * @typedef {{key: string, words: string, fleet: Design[] | null, bp: number, later?: boolean, design?: Design}} FleetPick */

/** The fleets the catalogue's engine tables give a scenario chosen at setup (the quick start
 * and one of each example design), or null for limits the tables do not hold.
 * @param {Record<string, any>} options
 * @returns {FleetPick[] | null} */
export function tablePicks(options) {
  const scenario = options.scenario || "duel";
  const picks = TABLES.picks[scenario];
  if (!picks) return null;
  if (scenario === "custom" && Object.entries(CUSTOM).some(([k, d]) => Number.isInteger(options[k]) && options[k] !== d)) return null;
  return picks;
}

// ---- design codes: "m" ENGINE SHIELDS TO-HIT, the weapons as one base-32 digit (F 1, FL 2,
// FR 4, RL 8, RR 16), "." and the name percent-encoded: "m3337.Vigilant" (14 characters).

/** @param {Design} d */
export function designCode(d) {
  const mask = WEAPON_ORDER.reduce((m, s, n) => m | ([...d.weapons].includes(s) ? 1 << n : 0), 0);
  return `m${d.engine}${d.shields}${d.to_hit}${mask.toString(32)}.${encodeURIComponent(d.name || "")}`;
}

/** A design from a code, a design link, or the older "MSC1.E3S3T3.F-FL-FR.<base64>" form; null
 * if it is none of these. The name stays a plain string: callers show it as text.
 * @param {string} text
 * @returns {Design | null} */
export function readDesignCode(text) {
  let src = String(text || "").trim();
  const link = /#x\/skirmish\/(.*)$/.exec(src);
  if (link) src = link[1];
  let m = /^m([0-5])([1-5])([0-5])([0-9a-v])\.(.*)$/.exec(src);
  if (m) {
    let name;
    try { name = decodeURIComponent(m[5]); } catch { return null; }
    const mask = parseInt(m[4], 32);
    return cleanDesign({ engine: Number(m[1]), shields: Number(m[2]), to_hit: Number(m[3]), name,
      weapons: WEAPON_ORDER.filter((_, n) => mask & (1 << n)) });
  }
  m = /^MSC1\.E([0-5])S([1-5])T([0-5])\.([A-Z-]+|0)\.([A-Za-z0-9_-]*)$/.exec(src);
  if (!m) return null;
  let name = "";
  try {
    const bin = atob(m[5].replace(/-/g, "+").replace(/_/g, "/"));
    name = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch { return null; }
  return cleanDesign({ engine: Number(m[1]), shields: Number(m[2]), to_hit: Number(m[3]), weapons: m[4] === "0" ? [] : m[4].split("-"), name });
}
