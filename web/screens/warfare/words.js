// Galactic Warfare in words: the shell's choice labels, title, prompt and end, the recap of what
// happened (a battle's dice round by round), and the board in words for screen readers.
import { COLOURS, WINDOW_WORDS, actionWords, from, homeRank, loadCss, rankOf, sqName, ui } from "./state.js";
/** @typedef {import("./state.js").WarfareGame} WarfareGame */
/** @typedef {import("./state.js").WarfareChoice} WarfareChoice */
/** @typedef {import("./state.js").RecapStep} RecapStep */
/** @typedef {import("./state.js").Shell} Shell */
/** @typedef {import("../../types/models").WarfarePastBattle} PastBattle */
/** @typedef {import("../../types/models").WarfareBattleRound} BattleRound */

// ---------------------------------------------------------------------------- shell exports

/** The shell's choice buttons in words ("Charge d3 to e4"); an attack's odds are added to its
 * button by oddsOnChoices.
 * @param {WarfareGame} g
 * @param {import("./state.js").WarfareStep} a
 * @returns {string | null} */
export function choiceLabel(g, a) {
  if (!g.view) return null;
  if (a.kind === "Attack") return `Attack ${sqName(a.fields.target)} from ${sqName(a.fields.src)}`;
  if (a.kind === "PassWindow") return a.fields.stop_off ? "Pass, and do not ask me at such a moment again" : "Pass (play no card)";
  if (a.kind === "SetStop") return `Ask me again for a card ${STOP_WORDS[a.fields.kind] || a.fields.kind}`;
  if (a.kind === "PassTurn") return "Pass (no legal move)";
  return actionWords(g, a);
}

const STOP_WORDS = {
  battle: "before the battle dice", after_roll: "after the battle dice", after_win: "after a won battle",
  after_loss: "after a lost battle", response: "when the opponent plays a card",
};

/** @param {WarfareGame} g */
export function title(g) {
  return g.view && g.view.cards ? "Galactic Warfare · cards" : g.title;
}

/**
 * @param {WarfareGame} g
 * @returns {string | null}
 */
export function prompt(g) {
  const v = g.view;
  if (!v || g.over) return null;
  const who = v.to_move === null || v.to_move === undefined ? "" : COLOURS[v.to_move];
  if (v.phase === "choose_first") return `${who} won the roll-off: who moves first?`;
  if (v.phase === "choose_deferred") return `${who}: you were asked to decide who moves first`;
  if (v.phase === "place") {
    const p = v.placement;
    if (p.purpose === "stuck") return `${who}: choose the home square for the ship from ${p.from}`;
    if (p.purpose === "defense") return `${who}: choose the home square for your invader from ${p.from}`;
    return p.chooser === v.active ? `${who}: choose your home square for the retreat from ${p.from}`
      : `${who}: choose where ${COLOURS[v.active]}'s stack from ${p.from} retreats`;
  }
  if (v.phase === "window") {
    const w = v.window;
    if (w.responding) return `${who}: answer the card, or pass`;
    return `${who}: play a card in ${WINDOW_WORDS[w.kind] || "this window"}, or pass`;
  }
  if (v.mode === "hyperdrive") return `${who} to move: Hyperdrive, jump two squares or move as usual`;
  if (v.mode === "fleet") return `${who} to move: Fleet Command, first of two charges`;
  if (v.mode === "fleet2") return `${who} to move: Fleet Command, second charge`;
  return `${who} to move`;
}

/** @type {[RegExp, (m: RegExpMatchArray) => string][]} */
const REASONS = [
  [/(White|Blue) occupies the enemy home planet/, (m) => `${m[1]} holds all four dark squares of the enemy home planet: an invasion win.`],
  [/(White|Blue) has captured every enemy ship/, (m) => `${m[1]} left the opponent without a single stack on the board: a capture win.`],
  [/both players passed in succession/, () => "Neither player could move, twice in a row, so the position was judged: first the invaders in the enemy home row count, then the ships on the board (power-ups included)."],
  [/round limit (\d+) reached/, (m) => `The round limit (${m[1]} rounds) was reached, so the position was judged: first the invaders in the enemy home row count, then the ships on the board (power-ups included).`],
];

/** @param {WarfareGame} g */
export function endDetail(g) {
  const { h } = ui.shell;
  const v = g.view;
  const reason = (g.outcome && g.outcome.reason) || (v && v.reason) || "";
  const rule = REASONS.find(([re]) => re.test(reason));
  const words = rule ? rule[1](reason.match(rule[0])) : reason;
  const invaders = [0, 1].map((p) => v.stacks.filter((s) => s.owner === p && rankOf(s.square) === homeRank(1 - p)).length);
  return h("div", { id: "wf-end" },
    h("p", { id: "wf-end-why" }, words),
    h("p", { class: "muted" }, `Invaders: White ${invaders[0]}, Blue ${invaders[1]} · ships on the board: White ${v.ships_on_board[0]}, Blue ${v.ships_on_board[1]} · removed from the game: ${v.removed}`));
}

// ---------------------------------------------------------------------------- what happened

// The engine's view gives the log in a player's words and its battles as data
// (pygame_core/games/warfare/words.py): nothing here reads words. The shell shows the recap
// (everything since the viewer's own last decision) at the top; a step with a battle's dice
// is drawn here with the dice (recapStep).

/** @type {WarfareGame | null} */
let lastPlay = null; // the last model in play: a look back at the board draws the recap from it
const shownBattles = new Set(); // battles whose dice were drawn once (they animate only then)

/** A line in a player's words, its rule number in a span the shell shows only with details.
 * ``n``: the line's index in the log (the recap marks each line it shows with it: data-line).
 * @param {string} line
 * @param {string} [cls]
 * @param {number | null} [n] */
function lineEl(line, cls = "recap-line", n = null) {
  const { h } = ui.shell;
  return h("span", { class: cls, "data-line": n === null ? null : String(n) }, ...ui.shell.playerWords(String(line)));
}

/**
 * @param {number[]} values
 * @param {string} who
 */
export function diceEl(values, who) {
  const { h } = ui.shell;
  return h("span", { class: "dice", role: "img", "aria-label": `${who} dice ${values.join(", ")}` },
    values.map((d) => h("span", { class: `die wf-die wf-die-${who === "White" ? 0 : 1}` }, String(d))));
}

/** @param {number[]} list */
export const sum = (list) => list.reduce((x, y) => x + y, 0);

/** One round of a battle on one line: both sides' dice and sums.
 * @param {PastBattle} battle
 * @param {BattleRound} round
 * @param {number} n */
function roundEl(battle, round, n) {
  const { h } = ui.shell;
  const a = COLOURS[battle.attacker];
  const d = COLOURS[1 - battle.attacker];
  const [as, ds] = [sum(round.attack), sum(round.defend)];
  const el = h("span", { class: "wf-round", "data-line": String(round.line) },
    h("span", { class: "side" }, `${a} `, diceEl(round.attack, a), h("strong", { class: "wf-sum" }, `= ${as}`)),
    h("span", { class: "wf-vs" }, " against "),
    h("span", { class: "side" }, `${d} `, diceEl(round.defend, d), h("strong", { class: "wf-sum" }, `= ${ds}`)),
    h("span", { class: round.tie ? "wf-tie" : "wf-decided" }, round.tie ? " a tie: again" : ""));
  el.style.setProperty("--round", String(n));
  return el;
}

/** Where a recap step's lines start in the log: the controller lists the steps in order from log_from.
 * @param {WarfareGame} g
 * @param {RecapStep} step
 * @returns {[number, number] | null} */
function stepRange(g, step) {
  const r = g.recap;
  if (!r || !r.steps) return null;
  let at = r.log_from;
  for (const s of r.steps) {
    if (s.at === step.at && s.seat === step.seat) return [at, at + s.lines.length];
    at += s.lines.length;
  }
  return null;
}

/** The shell's recap asks how to show a step: a step in which a battle was rolled shows its
 * dice round by round (and its result line stands out); other steps are the shell's text.
 * A step that passed by itself (step.auto: a card window with nothing to play) shows its words
 * and then only its result lines (step.results): a battle rolled in it is drawn with its dice
 * as in any other step (issue 31: it once never reached the recap).
 * @param {WarfareGame} g
 * @param {RecapStep} step */
export function recapStep(g, step) {
  const base = g.mode === "play" ? g : lastPlay && lastPlay.game_id === g.game_id ? lastPlay : null;
  if (!ui.shell || !base || !base.view) return null;
  const results = new Set(step.results || []);
  if (step.auto && !results.size) return null;
  const range = stepRange(base, step);
  if (!range) return null;
  const [from, to] = range;
  const shown = (n) => !step.auto || results.has(n - from);
  const inside = (n) => n >= from && n < to && shown(n);
  const rounds = new Map();
  const outcomes = new Map();
  for (const b of base.view.battles || []) {
    b.rounds.forEach((r, k) => { if (inside(r.line)) rounds.set(r.line, [b, r, k]); });
    if (inside(b.result_line)) outcomes.set(b.result_line, b);
  }
  const stuck = base.view.last_move && base.view.last_move.stuck && inside(base.view.last_move.stuck.line) ? base.view.last_move.stuck : null;
  if (!rounds.size && !outcomes.size && !stuck) return null;
  const kinds = base.view.log_kinds || [];
  const { h } = ui.shell;
  const parts = step.auto ? [lineEl(step.auto)] : [];
  let fresh = false;
  step.lines.forEach((line, k) => {
    const n = from + k;
    if (!shown(n)) return; // the pass itself: the step's words (step.auto) tell it
    if (kinds[n] === "roll") { parts.push(lineEl(line, "recap-line detail", n)); return; } // with the log's details
    if (rounds.has(n)) {
      const [b, r, i] = rounds.get(n);
      const key = `${base.game_id}|${b.first_line}|${r.line}`;
      if (!shownBattles.has(key)) { shownBattles.add(key); fresh = true; }
      parts.push(roundEl(b, r, i));
    } else if (outcomes.has(n)) {
      const b = outcomes.get(n);
      const mine = b.attacker === g.viewer;
      parts.push(lineEl(line, `recap-line wf-outcome wf-${b.result}${mine ? " wf-mine" : ""}`, n));
    } else if (stuck && n === stuck.line) {
      parts.push(h("span", { class: "recap-line wf-stuck", id: "wf-stuck", "data-line": String(n) }, "Stuck ship: ", diceEl(stuck.dice, "Stuck"),
        stuck.doubles ? " doubles: it goes home." : " no doubles: it stays, and the turn ends."));
    } else parts.push(lineEl(line, "recap-line", n));
  });
  return h("span", { class: `recap-lines wf-recap${fresh ? " wf-fresh" : ""}` }, parts);
}

/** Before the shell's recap (g.recap undefined): the last battle, from the view's data.
 * @param {WarfareGame} g */
function lastBattleEl(g) {
  const { h } = ui.shell;
  const v = g.view;
  const b = (v.battles || [])[v.battles.length - 1];
  if (!b || !v.last_move || v.last_move.line > b.last_line || !b.rounds.length) return null;
  // Every line of the battle but its dice records and rounds (drawn above), by each line's event kind.
  const kinds = v.log_kinds || [];
  const lines = v.log.slice(b.first_line, b.last_line + 1)
    .filter((l, k) => kinds[b.first_line + k] !== "roll" && kinds[b.first_line + k] !== "battle_round");
  return h("section", { class: "battle wf-battle", id: "wf-battle", "aria-label": "The battle" },
    b.rounds.map((r, k) => roundEl(b, r, k)), lines.map((l) => lineEl(l)));
}

/**
 * @param {WarfareGame} g
 * @param {Shell} tools
 */
export function news(g, tools) {
  ui.shell = tools;
  loadCss();
  const v = g.view;
  if (!v) return null;
  if (g.mode === "play") lastPlay = g;
  // The shell's recap tells what happened since the viewer last decided, in order; a battle
  // under way (its cards and odds) is in the card window above the board.
  if (g.recap !== undefined) return null;
  const battle = lastBattleEl(g);
  return battle ? tools.h("div", { class: "wf-news" }, battle) : null;
}

// ---------------------------------------------------------------------------- the board in words

/** @param {WarfareGame} g */
export function boardLabel(g) {
  const v = g.view;
  const n = [0, 1].map((p) => v.stacks.filter((s) => s.owner === p).length);
  return `Galactic Warfare board, 8 files by 10 ranks: White ${n[0]} stacks, Blue ${n[1]} stacks. The position in words follows.`;
}

/** @param {WarfareGame} g */
export function words(g) {
  const { h } = ui.shell;
  const v = g.view;
  const side = (p) => {
    const list = v.stacks.filter((s) => s.owner === p).sort((a, b) => a.square.localeCompare(b.square));
    const parts = list.map((s) => `${s.square}${s.size > 1 ? ` (stack of ${s.size})` : ""}${rankOf(s.square) === homeRank(1 - p) ? " invader" : ""}`);
    return `${COLOURS[p]}, ${list.length} stacks: ${parts.join(", ") || "none"}.`;
  };
  const lit = [];
  if (ui.selected) {
    const acts = from(g, ui.selected);
    lit.push(`Selected: ${ui.selected}. ${acts.map((a) => actionWords(g, a)).join("; ")}.`);
  }
  return h("section", { class: "sr-only", id: "wf-words", "aria-label": "The board in words" },
    h("h2", {}, "The board in words"),
    h("p", {}, "White's home planet is rank 0 (dark squares a0, c0, e0, g0); Blue's is rank 9 (b9, d9, f9, h9)."),
    h("p", {}, side(0)),
    h("p", {}, side(1)),
    ui.motion && ui.motion.from && ui.motion.to ? h("p", {}, `Last move: ${ui.motion.from} to ${ui.motion.to}.`) : null,
    lit.length ? h("p", {}, lit) : null);
}
