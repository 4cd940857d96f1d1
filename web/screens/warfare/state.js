// Galactic Warfare's screen, its shared part: the words for colours, cards and card windows, the
// state the screen's modules read and change (one object), and the squares and actions by square.

/** @typedef {import("../../types/models").WarfareGame} WarfareGame the model the shell hands the screen */
/** @typedef {import("../../types/models").WarfareView} WarfareView */
/** @typedef {import("../../types/models").WarfareChoice} WarfareChoice */
/** @typedef {Pick<WarfareChoice, "kind" | "fields"> & Partial<WarfareChoice>} WarfareStep a legal action, or a
 * replay's or review's step (no ``i`` or ``label``) */
/** @typedef {import("../../types/models").WarfareStack} WarfareStack */
/** @typedef {import("../../types/models").RecapStep} RecapStep */
/** @typedef {typeof import("../../game.js").shell} Shell the shell's tools (render's ``tools``) */
/** @typedef {{x0: number, y0: number, size: number, flip: boolean}} Geometry */
/** @typedef {{key: string, at: number, from: string | null, to: string | null, vanished: string[], animate: boolean,
 *   owner?: number, size?: number}} Motion what the last action changed on the board */

export const FILES = "abcdefgh";
export const RANKS = 10;
// The card table and the colours come from the engine (WarfareGame.screen_tables in
// pygame_core/games/warfare/game.py), written into the page's catalogue by the build.
const TABLES = JSON.parse(document.getElementById("catalog").textContent).games.find((g) => g.id === "warfare").tables;
export const COLOURS = TABLES.colours;
export const FIRST_WORDS = { me: "I move first", you: "You move first", defer: "You decide" };

// GW-12, in player words: when each card can be played and what it does (the page's own words).
const CARD_WORDS = {
  overcharge: ["In your battle, before the dice", "You roll one extra die in this battle, tie re-rolls included."],
  second_chance: ["After the roll, when you are behind", "Re-roll all your dice once; the opponent keeps theirs. The sums are compared again."],
  hyperdrive: ["Before your move", "This turn one ship may jump two steps along one forward diagonal onto vacant dark squares (the first step not into the enemy home row)."],
  fleet_command: ["Before your move", "This turn you make two charges, with the same ship or two ships, and no attack."],
  cloaking_field: ["When you are attacked, before the dice", "The attack is cancelled: the attacker stays where it is and its turn is spent."],
  evasive_maneuver: ["Instead of your move", "One of your ships (not an invader) steps one square diagonally backward onto a vacant dark square."],
  planetary_defense_grid: ["Instead of your move", "An enemy invader in your home row is sent back to a vacant square of its own home row (its owner chooses), or removed from the game if there is none."],
  salvage_crews: ["After you win an attack on a stack of 2 or more", "You gain 2 power-ups instead of 1 (a stack still holds at most 4 ships)."],
  emergency_jump: ["After you lose an attack, before the retreat", "You choose your home square instead of the opponent; if none is free, your stack stays where it attacked from instead of being removed."],
  counter_intelligence: ["Right after the opponent plays a card", "The opponent's card is cancelled."],
};
/** Each card by its key: [#, title, when, what it does]. */
export const CARDS = Object.fromEntries(TABLES.cards.map((c) => [c.key, [c.number, c.title, ...(CARD_WORDS[c.key] || ["", ""])]]));
export const CARD_BY_NUMBER = Object.fromEntries(TABLES.cards.map((c) => [c.number, c.key]));
export const WINDOW_WORDS = {
  before_move: "a card played before a move",
  battle: "the battle, before the dice",
  after_roll: "the battle, after the dice",
  after_win: "the won battle, before the capture",
  after_loss: "the lost battle, before the retreat",
};

/** What the screen's modules read and change from render to render.
 * @type {{shell: Shell | null, current: WarfareGame | null, selected: string | null, confirming: WarfareChoice | null,
 *   stateAt: number | null, cardMode: number | null, cursor: string | null, drawnWidth: number, geometry: Geometry | null,
 *   motion: Motion | null, animFrame: number}} */
export const ui = {
  shell: null, // the shell's tools (render's and news's ``tools``)
  current: null, // the model on screen
  selected: null, // square name of the stack whose moves are lit
  confirming: null, // the attack (an entry of g.actions) waiting for "Attack"
  stateAt: null, // selection belongs to this decision
  cardMode: null, // a card number whose moves alone are lit (Evasive Maneuver's one button)
  cursor: null, // the square the keyboard is on (arrow keys on the board)
  drawnWidth: 0, // the board's width when last drawn
  geometry: null, // where the board is on its canvas: {x0, y0, size, flip}
  motion: null, // {at, from, to, vanished: [...]} what the last action changed
  animFrame: 0,
};
const openParts = new Set(); // the <details> the player opened: the screen is redrawn on every move

/** Attributes for a <details> that stays open (or closed) across redraws, as the player left it.
 * @param {string} key */
export function kept(key) {
  return { open: openParts.has(key), ontoggle: (e) => { if (e.currentTarget.open) openParts.add(key); else openParts.delete(key); } };
}

export function loadCss() {
  ui.shell.stylesheet(new URL("./screen.css", import.meta.url).href);
}

// ---------------------------------------------------------------------------- squares and dice

/**
 * @param {number} i
 * @returns {string | null}
 */
export const sqName = (i) => (i >= 0 && i < 80 ? `${FILES[i % 8]}${Math.floor(i / 8)}` : null);
/** @param {string} name */
export const fileOf = (name) => FILES.indexOf(name[0]);
/** @param {string} name */
export const rankOf = (name) => Number(name.slice(1));
/** @param {number} p */
export const homeRank = (p) => (p === 0 ? 0 : RANKS - 1);
/**
 * @param {number} f
 * @param {number} r
 */
export const isDark = (f, r) => (f + r) % 2 === 0;

/** @param {number} p */
export const pct = (p) => `${(100 * p).toFixed(1)}%`;

/**
 * @param {WarfareView} v
 * @returns {Map<string, WarfareStack>}
 */
export function stacksOf(v) {
  const map = new Map();
  for (const s of v.stacks) map.set(s.square, s);
  return map;
}

/** The odds of an attack from src on target (square names): the engine's figure (GW-6.3,
 * pygame_core/games/warfare/odds.py via the view's ``attacks``), so no dice table lives here.
 * @param {WarfareView} v
 * @param {string} src
 * @param {string} target */
export function attackOdds(v, src, target) {
  const map = stacksOf(v);
  const a = map.get(src);
  const d = map.get(target);
  const o = (v.attacks || []).find((x) => x.from === src && x.target === target);
  if (!a || !d || !o) return null;
  return { attacker: a, defender: d, home: o.home, attackDice: o.attack_dice, defendDice: o.defend_dice, chance: o.chance };
}

/** @param {number} n */
export function diceWords(n) {
  return `${n} ${n === 1 ? "die" : "dice"}`;
}

/**
 * @param {string} src
 * @param {string} target
 */
export function beyond(src, target) {
  const f = 2 * fileOf(target) - fileOf(src);
  const r = 2 * rankOf(target) - rankOf(src);
  return f >= 0 && f < 8 && r >= 0 && r < RANKS ? `${FILES[f]}${r}` : null;
}

// ---------------------------------------------------------------------------- actions by square

/** @param {WarfareChoice} a */
export function source(a) {
  const f = a.fields || {};
  if (a.kind === "PlayCard") return f.dst >= 0 ? sqName(f.src) : null;
  return "src" in f ? sqName(f.src) : null;
}

/** @param {WarfareChoice} a */
export function target(a) {
  const f = a.fields || {};
  if (a.kind === "Charge" || a.kind === "DoubleCharge") return sqName(f.dst);
  if (a.kind === "Attack") return sqName(f.target);
  if (a.kind === "PlaceShip") return sqName(f.square);
  if (a.kind === "PlayCard") return f.dst >= 0 ? sqName(f.dst) : f.src >= 0 ? sqName(f.src) : null;
  return null;
}

/** The actions the board offers now: in a card's mode (its one button in #choices), that
 * card's alone; the engine lists them all (g.actions), nothing is derived here.
 * @param {WarfareGame} g */
export function offered(g) {
  return ui.cardMode === null ? g.actions : g.actions.filter((a) => a.kind === "PlayCard" && a.fields.card === ui.cardMode);
}

/**
 * @param {WarfareGame} g
 * @param {string} square
 */
export function from(g, square) {
  return offered(g).filter((a) => source(a) === square);
}

/** Actions a tap on this square does without a stack selected first.
 * @param {WarfareGame} g
 * @param {string} square */
export function direct(g, square) {
  return offered(g).filter((a) => (a.kind === "PlaceShip" || (a.kind === "PlayCard" && a.fields.dst < 0 && a.fields.src >= 0))
    && target(a) === square);
}

/** A legal action, or a step of a replay or review (whose kinds are all worded here: it has no label).
 * @param {WarfareGame} g
 * @param {WarfareStep} a */
export function actionWords(g, a) {
  const v = g.view;
  const f = a.fields || {};
  switch (a.kind) {
    case "Charge": return `Charge ${sqName(f.src)} to ${sqName(f.dst)}`;
    case "DoubleCharge": return `Hyperdrive ${sqName(f.src)} to ${sqName(f.dst)}`;
    case "Attack": {
      const odds = attackOdds(v, sqName(f.src), sqName(f.target));
      return `Attack ${sqName(f.target)} from ${sqName(f.src)}${odds ? ` (${pct(odds.chance)} to win)` : ""}`;
    }
    case "StuckRetreat": return `Try to bring ${sqName(f.src)} home (needs doubles)`;
    case "PlaceShip": return `Place on ${sqName(f.square)}`;
    case "PlayCard": {
      const key = CARD_BY_NUMBER[f.card];
      const title = key ? CARDS[key][1] : "a card";
      if (f.dst >= 0) return `Play ${title}: ${sqName(f.src)} back to ${sqName(f.dst)}`;
      if (f.src >= 0) return `Play ${title} on the invader on ${sqName(f.src)}`;
      return `Play ${title}`;
    }
    case "ChooseFirst": return FIRST_WORDS[f.choice] || a.label;
    default: return a.label ? a.label.charAt(0).toUpperCase() + a.label.slice(1) : a.kind; // a step has no label
  }
}
