// Galactic Warfare's screen (RULES.md section 3): the 8x10 board on a canvas, charges and
// attacks by tap (only what g.actions lists), the exact odds before an attack is committed,
// battles with both sides' dice, the roll-off, card windows and the hand, and the board in
// words for screen readers. Every move is one of g.actions; the shell keeps them all as
// buttons in #choices too.

const FILES = "abcdefgh";
const RANKS = 10;
const COLOURS = ["White", "Blue"];
const FIRST_WORDS = { me: "I move first", you: "You move first", defer: "You decide" };

// GW-12, in player words: what each card does and when it can be played.
const CARDS = {
  overcharge: [1, "Overcharge", "In your battle, before the dice", "You roll one extra die in this battle, tie re-rolls included."],
  second_chance: [2, "Second Chance", "After the roll, when you are behind", "Re-roll all your dice once; the opponent keeps theirs. The sums are compared again."],
  hyperdrive: [3, "Hyperdrive", "Before your move", "This turn one ship may jump two steps along one forward diagonal onto vacant dark squares (the first step not into the enemy home row)."],
  fleet_command: [4, "Fleet Command", "Before your move", "This turn you make two charges, with the same ship or two ships, and no attack."],
  cloaking_field: [5, "Cloaking Field", "When you are attacked, before the dice", "The attack is cancelled: the attacker stays where it is and its turn is spent."],
  evasive_maneuver: [6, "Evasive Maneuver", "Instead of your move", "One of your ships (not an invader) steps one square diagonally backward onto a vacant dark square."],
  planetary_defense_grid: [7, "Planetary Defense Grid", "Instead of your move", "An enemy invader in your home row is sent back to a vacant square of its own home row (its owner chooses), or removed from the game if there is none."],
  salvage_crews: [8, "Salvage Crews", "After you win an attack on a stack of 2 or more", "You gain 2 power-ups instead of 1 (a stack still holds at most 4 ships)."],
  emergency_jump: [9, "Emergency Jump", "After you lose an attack, before the retreat", "You choose your home square instead of the opponent; if none is free, your stack stays where it attacked from instead of being removed."],
  counter_intelligence: [10, "Counter-Intelligence", "Right after the opponent plays a card", "The opponent's card is cancelled."],
};
const CARD_BY_NUMBER = Object.fromEntries(Object.entries(CARDS).map(([key, c]) => [c[0], key]));
const WINDOW_WORDS = {
  before_move: "a card played before a move",
  battle: "the battle, before the dice",
  after_roll: "the battle, after the dice",
  after_win: "the won battle, before the capture",
  after_loss: "the lost battle, before the retreat",
};

let shell = null;
let current = null;
let selected = null; // square name of the stack whose moves are lit
let confirming = null; // the attack (an entry of g.actions) waiting for "Attack"
let stateAt = null; // selection belongs to this decision
let cardMode = null; // a card number whose moves alone are lit (Evasive Maneuver's one button)
let cursor = null; // the square the keyboard is on (arrow keys on the board)
let drawnWidth = 0; // the board's width when last drawn
// The board is drawn again when its box's width changes: a board first drawn while the game
// screen was still hidden (the roll-off, the first sight of a game) had a guessed width and was
// stretched to the real one on a desktop (issue 36).
const sizeWatch = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => {
  for (const entry of entries) {
    const w = entry.contentRect.width;
    if (w > 0 && Math.abs(w - drawnWidth) > 0.5 && current && current.view && entry.target.isConnected) draw(current, 1);
  }
}) : null;
let geometry = null;
let motion = null; // {at, from, to, vanished: [...]} what the last action changed
let animFrame = 0;
const openParts = new Set(); // the <details> the player opened: the screen is redrawn on every move

/** Attributes for a <details> that stays open (or closed) across redraws, as the player left it. */
function kept(key) {
  return { open: openParts.has(key), ontoggle: (e) => { if (e.currentTarget.open) openParts.add(key); else openParts.delete(key); } };
}

// ---------------------------------------------------------------------------- squares and dice

const sqName = (i) => (i >= 0 && i < 80 ? `${FILES[i % 8]}${Math.floor(i / 8)}` : null);
const fileOf = (name) => FILES.indexOf(name[0]);
const rankOf = (name) => Number(name.slice(1));
const homeRank = (p) => (p === 0 ? 0 : RANKS - 1);
const isDark = (f, r) => (f + r) % 2 === 0;

const pct = (p) => `${(100 * p).toFixed(1)}%`;

function stacksOf(v) {
  const map = new Map();
  for (const s of v.stacks) map.set(s.square, s);
  return map;
}

/** The odds of an attack from src on target (square names): the engine's figure (GW-6.3,
 * pygame_core/games/warfare/odds.py via the view's ``attacks``), so no dice table lives here. */
function attackOdds(v, src, target) {
  const map = stacksOf(v);
  const a = map.get(src);
  const d = map.get(target);
  const o = (v.attacks || []).find((x) => x.from === src && x.target === target);
  if (!a || !d || !o) return null;
  return { attacker: a, defender: d, home: o.home, attackDice: o.attack_dice, defendDice: o.defend_dice, chance: o.chance };
}

function diceWords(n) {
  return `${n} ${n === 1 ? "die" : "dice"}`;
}

function beyond(src, target) {
  const f = 2 * fileOf(target) - fileOf(src);
  const r = 2 * rankOf(target) - rankOf(src);
  return f >= 0 && f < 8 && r >= 0 && r < RANKS ? `${FILES[f]}${r}` : null;
}

// ---------------------------------------------------------------------------- actions by square

function source(a) {
  const f = a.fields || {};
  if (a.kind === "PlayCard") return f.dst >= 0 ? sqName(f.src) : null;
  return "src" in f ? sqName(f.src) : null;
}

function target(a) {
  const f = a.fields || {};
  if (a.kind === "Charge" || a.kind === "DoubleCharge") return sqName(f.dst);
  if (a.kind === "Attack") return sqName(f.target);
  if (a.kind === "PlaceShip") return sqName(f.square);
  if (a.kind === "PlayCard") return f.dst >= 0 ? sqName(f.dst) : f.src >= 0 ? sqName(f.src) : null;
  return null;
}

/** The actions the board offers now: in a card's mode (its one button in #choices), that
 * card's alone; the engine lists them all (g.actions), nothing is derived here. */
function offered(g) {
  return cardMode === null ? g.actions : g.actions.filter((a) => a.kind === "PlayCard" && a.fields.card === cardMode);
}

function from(g, square) {
  return offered(g).filter((a) => source(a) === square);
}

/** Actions a tap on this square does without a stack selected first. */
function direct(g, square) {
  return offered(g).filter((a) => (a.kind === "PlaceShip" || (a.kind === "PlayCard" && a.fields.dst < 0 && a.fields.src >= 0))
    && target(a) === square);
}

function actionWords(g, a) {
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
    default: return a.label.charAt(0).toUpperCase() + a.label.slice(1);
  }
}

// ---------------------------------------------------------------------------- shell exports

/** The shell's choice buttons in words ("Charge d3 to e4"); an attack's odds are added to its
 * button by oddsOnChoices. */
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

export function title(g) {
  return g.view && g.view.cards ? "Galactic Warfare · cards" : g.title;
}

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

const REASONS = [
  [/(White|Blue) occupies the enemy home planet/, (m) => `${m[1]} holds all four dark squares of the enemy home planet: an invasion win.`],
  [/(White|Blue) has captured every enemy ship/, (m) => `${m[1]} left the opponent without a single stack on the board: a capture win.`],
  [/both players passed in succession/, () => "Neither player could move, twice in a row, so the position was judged: first the invaders in the enemy home row count, then the ships on the board (power-ups included)."],
  [/round limit (\d+) reached/, (m) => `The round limit (${m[1]} rounds) was reached, so the position was judged: first the invaders in the enemy home row count, then the ships on the board (power-ups included).`],
];

export function endDetail(g) {
  const { h } = shell;
  const v = g.view;
  const reason = (g.outcome && g.outcome.reason) || (v && v.reason) || "";
  const rule = REASONS.find(([re]) => re.test(reason));
  const words = rule ? rule[1](reason.match(rule[0])) : reason;
  const invaders = [0, 1].map((p) => v.stacks.filter((s) => s.owner === p && rankOf(s.square) === homeRank(1 - p)).length);
  return h("div", { id: "wf-end" },
    h("p", { id: "wf-end-why" }, words),
    h("p", { class: "muted" }, `Invaders: White ${invaders[0]}, Blue ${invaders[1]} · ships on the board: White ${v.ships_on_board[0]}, Blue ${v.ships_on_board[1]} · removed from the game: ${v.removed}`));
}

export function keys(event, g) {
  if (event.defaultPrevented) return true; // the board's own keys (boardKey) took it
  if (event.key === "Escape" && (selected || confirming || cardMode !== null)) {
    selected = null;
    confirming = null;
    cardMode = null;
    paint(g);
    return true;
  }
  // A number key picks the choice it names; an attack or a card shows its confirm first, as a
  // tap on the board does (issue 36: the keyboard path committed at once).
  const n = Number(event.key);
  if (g.mode === "play" && n >= 1 && n <= 9 && g.actions[n - 1]) {
    const a = g.actions[n - 1];
    if (a.kind === "Attack" || (a.kind === "PlayCard" && (a.fields.src >= 0))) {
      event.preventDefault();
      selected = source(a);
      choose(g, a, event);
      return true;
    }
  }
  return false;
}

/** Squares by keyboard: the board is a tab stop; the arrows move a frame over the squares (as
 * the board is drawn, either way up), Enter or Space taps the square under it. */
function boardKey(e) {
  const g = current;
  if (!g || !g.view || e.ctrlKey || e.metaKey || e.altKey) return;
  const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  const flip = Boolean(flipped(g));
  if (!cursor) cursor = selected || firstLit(g) || "a0";
  if (moves[e.key]) {
    e.preventDefault();
    const [dc, dr] = moves[e.key];
    const f = Math.max(0, Math.min(7, fileOf(cursor) + (flip ? -dc : dc)));
    const r = Math.max(0, Math.min(RANKS - 1, rankOf(cursor) + (flip ? dr : -dr)));
    cursor = `${FILES[f]}${r}`;
    paint(g);
    announceSquare(g);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    tapSquare(g, cursor, e);
  } else if (e.key === "Home") {
    e.preventDefault();
    cursor = firstLit(g) || cursor;
    paint(g);
    announceSquare(g);
  }
}

/** The first square that a tap does something on: a lit move of the selection, else a ringed stack. */
function firstLit(g) {
  if (!g.actions.length || g.mode !== "play") return null;
  const lit = selected ? from(g, selected).map(target).filter(Boolean) : [];
  if (lit.length) return lit[0];
  const sources = offered(g).map(source).filter(Boolean);
  const direct = offered(g).filter((a) => a.kind === "PlaceShip").map(target);
  return direct[0] || sources[0] || null;
}

function announceSquare(g) {
  const box = document.getElementById("wf-cursor-words");
  if (!box || !cursor) return;
  const s = stacksOf(g.view).get(cursor);
  const what = s ? `${COLOURS[s.owner]} ${s.size === 1 ? "ship" : `stack of ${s.size}`}` : "empty";
  const acts = selected ? from(g, selected).filter((a) => target(a) === cursor) : [];
  const mine = from(g, cursor).length ? "; Enter selects it" : "";
  box.textContent = `${cursor}: ${what}${acts.length ? `; Enter: ${actionWords(g, acts[0])}` : mine}`;
}

// ---------------------------------------------------------------------------- what happened

// The engine's view gives the log in a player's words and its battles as data
// (pygame_core/games/warfare/words.py): nothing here reads words. The shell shows the recap
// (everything since the viewer's own last decision) at the top; a step with a battle's dice
// is drawn here with the dice (recapStep).

let lastPlay = null; // the last model in play: a look back at the board draws the recap from it
const shownBattles = new Set(); // battles whose dice were drawn once (they animate only then)

/** A line in a player's words, its rule number in a span the shell shows only with details. */
/** ``n``: the line's index in the log (the recap marks each line it shows with it: data-line). */
function lineEl(line, cls = "recap-line", n = null) {
  const { h } = shell;
  return h("span", { class: cls, "data-line": n === null ? null : String(n) }, ...shell.playerWords(String(line)));
}

function diceEl(values, who) {
  const { h } = shell;
  return h("span", { class: "dice", role: "img", "aria-label": `${who} dice ${values.join(", ")}` },
    values.map((d) => h("span", { class: `die wf-die wf-die-${who === "White" ? 0 : 1}` }, String(d))));
}

const sum = (list) => list.reduce((x, y) => x + y, 0);

/** One round of a battle on one line: both sides' dice and sums. */
function roundEl(battle, round, n) {
  const { h } = shell;
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

/** Where a recap step's lines start in the log: the controller lists the steps in order from log_from. */
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
 * as in any other step (issue 31: it once never reached the recap). */
export function recapStep(g, step) {
  const base = g.mode === "play" ? g : lastPlay && lastPlay.game_id === g.game_id ? lastPlay : null;
  if (!shell || !base || !base.view) return null;
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
  const { h } = shell;
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

/** Before the shell's recap (g.recap undefined): the last battle, from the view's data. */
function lastBattleEl(g) {
  const { h } = shell;
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

export function news(g, tools) {
  shell = tools;
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

// ---------------------------------------------------------------------------- render

function loadCss() {
  shell.stylesheet(new URL("./screen.css", import.meta.url).href);
}

export function render(area, g, tools, previous) {
  shell = tools;
  loadCss();
  const v = g.view;
  const sameGame = current && previous && current.game_id === g.game_id;
  if (stateAt !== g.at || !sameGame) { selected = null; confirming = null; cardMode = null; }
  if (!sameGame) cursor = null;
  stateAt = g.at;
  current = g;
  motion = lastMotion(g, previous);
  const { h } = tools;
  const boardFocused = document.activeElement && document.activeElement.id === "board";
  tools.fill(area,
    h("div", { class: "wf-top" }, banner(g), counters(v)),
    modeNote(g),
    v.phase === "choose_first" || v.phase === "choose_deferred" ? rolloff(g) : null,
    v.phase === "window" ? windowPanel(g) : null,
    h("div", { class: "wf-board-wrap" },
      h("canvas", { id: "board", class: "wf-board", role: "img", tabindex: "0", "aria-label": boardLabel(g), "aria-describedby": "wf-words",
        "aria-keyshortcuts": "ArrowUp ArrowDown ArrowLeft ArrowRight Enter Escape",
        onclick: onBoardTap, onkeydown: boardKey, onfocus: () => { if (!cursor) cursor = selected || firstLit(current) || "a0"; draw(current, 1); announceSquare(current); },
        onblur: () => draw(current, 1) }),
      h("p", { class: "sr-only", id: "wf-cursor-words", "aria-live": "polite" })),
    // The decision's panel (the attack's confirm) right under the board, the legend after it.
    h("div", { id: "wf-panel", class: "wf-panel", "aria-live": "polite" }),
    h("p", { class: "muted wf-legend" }, legendText(g)),
    words(g),
    v.cards ? cardsPanel(g) : null);
  const wrap = area.querySelector(".wf-board-wrap");
  if (sizeWatch && wrap) { sizeWatch.disconnect(); sizeWatch.observe(wrap); }
  oddsOnChoices(g);
  groupCards(g);
  paint(g, true);
  if (boardFocused) {
    const board = document.getElementById("board");
    if (board) board.focus({ preventScroll: true });
  }
}

/** Fleet Command's and Hyperdrive's turn said where the player looks: right over the board. */
function modeNote(g) {
  const { h } = shell;
  const v = g.view;
  if (g.over || !v.mode) return null;
  const words = {
    fleet: ["Fleet Command: first of two charges", "Then a second charge, with this ship or another; no attack this turn."],
    fleet2: ["Fleet Command: second charge", "Charge once more, with any ship; no attack this turn."],
    hyperdrive: ["Hyperdrive", "One ship may jump two squares along a forward diagonal, or move as usual."],
  }[v.mode];
  if (!words) return null;
  return h("p", { class: `wf-mode wf-mode-${v.mode}`, id: "wf-mode", role: "status" }, h("strong", {}, words[0]), ` ${words[1]}`);
}

/** A card playable many ways (Evasive Maneuver: one per ship) is one button in #choices that
 * lights its ships and squares on the board; its ways stay buttons there, in a list the one
 * button opens (DESIGN 5: every legal action a button in #choices, collapsed when long). */
function groupCards(g) {
  const { h } = shell;
  const box = document.getElementById("choices");
  if (!box || g.mode !== "play") return;
  const byCard = new Map();
  for (const a of g.actions) {
    if (a.kind !== "PlayCard" || !(a.fields.src >= 0)) continue;
    if (!byCard.has(a.fields.card)) byCard.set(a.fields.card, []);
    byCard.get(a.fields.card).push(a);
  }
  for (const [card, acts] of byCard) {
    if (acts.length < 2) continue;
    const buttons = acts.map((a) => box.querySelector(`.choice[data-action="${a.i}"]`)).filter(Boolean);
    if (!buttons.length) continue;
    const info = CARDS[CARD_BY_NUMBER[card]] || [card, "a card"];
    const list = h("div", { class: "wf-card-ways", id: `wf-ways-${card}`, role: "group", "aria-label": `${info[1]}: every way to play it` });
    list.hidden = cardMode !== card;
    const open = h("button", {
      type: "button", class: "btn wf-card-mode", id: `wf-card-${card}`, "data-card": String(card),
      "aria-expanded": cardMode === card ? "true" : "false", "aria-controls": `wf-ways-${card}`,
      onclick: () => {
        cardMode = cardMode === card ? null : card;
        selected = null;
        confirming = null;
        paint(current);
        for (const el of document.querySelectorAll(".wf-card-mode")) el.setAttribute("aria-expanded", String(Number(el.dataset.card) === cardMode));
        for (const el of document.querySelectorAll(".wf-card-ways")) el.hidden = `wf-ways-${cardMode}` !== el.id;
        if (cardMode !== null) { const board = document.getElementById("board"); if (board) keepBoardInView(board); }
      },
    }, `Play ${info[1]}…`, h("span", { class: "wf-sub" }, ` ${acts.length} ways: its ships light up on the board`));
    buttons[0].before(open, list);
    list.append(...buttons);
  }
}

function keepBoardInView(board) {
  requestAnimationFrame(() => {
    const r = board.getBoundingClientRect();
    if (r.top < 0 || r.top > window.innerHeight * 0.5) board.scrollIntoView({ block: "start", behavior: "instant" });
  });
}

/** The shell's buttons in #choices play an attack at once: they carry its odds too, so the
 * chance is on screen before any attack is committed, by tap or by keyboard. */
function oddsOnChoices(g) {
  const { h } = shell;
  for (const a of g.actions) {
    if (a.kind !== "Attack") continue;
    const button = document.querySelector(`#choices .choice[data-action="${a.i}"]`);
    const odds = attackOdds(g.view, sqName(a.fields.src), sqName(a.fields.target));
    if (!button || !odds || button.querySelector(".wf-choice-odds")) continue;
    const text = [...button.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
    const odd = h("span", { class: "wf-choice-odds" }, ` · ${pct(odds.chance)} to win (${odds.attackDice} v ${odds.defendDice} dice)`);
    if (text) text.replaceWith(h("span", {}, text.textContent, odd));
    else button.append(odd);
  }
}

export function redraw(g) {
  if (g && g.view) draw(g, 1);
}

function flipped(g) {
  // Blue's own home at the bottom when Blue is the only person at the device or hands are private.
  return g.viewer === 1 && (g.view.cards || (g.seats[0] && g.seats[0].computer && !(g.seats[1] && g.seats[1].computer)));
}

function legendText(g) {
  return (flipped(g) ? "Bottom row: Blue's home planet. Top row: White's home planet. Blue moves up."
    : "Bottom row: White's home planet. Top row: Blue's home planet. White moves up, Blue down.")
    + " Dashed cyan frames: the last move. Gold frame: the stack you selected.";
}

function banner(g) {
  const { h } = shell;
  const v = g.view;
  let text;
  if (g.over) text = "Game over";
  else if (v.to_move === null || v.to_move === undefined) text = "";
  else {
    const seat = g.seats[v.to_move];
    text = `${COLOURS[v.to_move]} to move${seat && seat.computer ? " (computer)" : ""}`;
  }
  return h("p", { class: `wf-banner wf-turn-${v.to_move ?? "none"}`, id: "wf-turn" },
    h("span", { class: `wf-dot wf-dot-${v.to_move ?? "none"}`, "aria-hidden": "true" }), text);
}

/** The counts in one line (a phone keeps the board in view); tapped, each in full words. */
function counters(v) {
  const { h } = shell;
  const stacks = [0, 1].map((p) => v.stacks.filter((s) => s.owner === p));
  const power = stacks.map((list) => list.reduce((n, s) => n + s.size - 1, 0));
  const items = [
    ["w-stacks", `White has ${stacks[0].length} stack${stacks[0].length === 1 ? "" : "s"} on the board`],
    ["w-captured", `White has captured ${power[0]} Blue ship${power[0] === 1 ? "" : "s"} (power-ups in its stacks)`],
    ["b-stacks", `Blue has ${stacks[1].length} stack${stacks[1].length === 1 ? "" : "s"} on the board`],
    ["b-captured", `Blue has captured ${power[1]} White ship${power[1] === 1 ? "" : "s"} (power-ups in its stacks)`],
    ["removed", `${v.removed} ship${v.removed === 1 ? "" : "s"} removed from the game`],
    ["round", v.round ? `Round ${v.round} of ${v.round_limit} (the game is judged after the last)` : "Before the first round"],
  ];
  const n = stacks.map((list) => list.length);
  const short = (n[0] === n[1] ? `${n[0]} stacks each` : `${n[0]} v ${n[1]} stacks`)
    + (v.round ? ` · round ${v.round}` : "");
  return h("details", { class: "wf-counters", id: "wf-counts", ...kept("counts") },
    h("summary", {}, short),
    h("ul", { class: "wf-count-list" }, items.map(([id, text]) => h("li", { id: `wf-count-${id}` }, text))));
}

function rolloff(g) {
  const { h } = shell;
  const v = g.view;
  const rounds = [];
  for (let i = 0; i + 1 < v.rolloff.length; i += 2) rounds.push([v.rolloff[i], v.rolloff[i + 1]]);
  const lastRound = rounds[rounds.length - 1] || [0, 0];
  const winner = lastRound[0] > lastRound[1] ? 0 : 1;
  const chooser = v.to_move;
  const mine = g.actions.filter((a) => a.kind === "ChooseFirst");
  const seat = g.seats[chooser];
  const explain = v.phase === "choose_first"
    ? `${COLOURS[winner]} rolled higher and chooses: move first, let ${COLOURS[1 - winner]} move first, or let ${COLOURS[1 - winner]} decide.`
    : `${COLOURS[1 - chooser]} left the choice to ${COLOURS[chooser]}, who must now pick; it cannot be passed back.`;
  const consequence = (choice) => {
    const first = choice === "me" ? chooser : choice === "you" ? 1 - chooser : null;
    return first === null ? `${COLOURS[1 - chooser]} must choose` : `${COLOURS[first]} moves first`;
  };
  return h("section", { class: "wf-rolloff", id: "wf-rolloff", "aria-labelledby": "wf-rolloff-title" },
    h("h2", { id: "wf-rolloff-title" }, "Who moves first?"),
    h("ol", { class: "wf-rolloff-rounds", "aria-label": "The roll-off" }, rounds.map(([w, b]) =>
      h("li", {},
        h("span", { class: "wf-roll" }, "White ", diceEl([w], "White")),
        h("span", { class: "wf-roll" }, "Blue ", diceEl([b], "Blue")),
        h("span", { class: "muted" }, w === b ? "a tie: roll again" : `${COLOURS[w > b ? 0 : 1]} is higher`)))),
    h("p", {}, explain),
    mine.length ? h("div", { class: "wf-big-choices" }, mine.map((a) => h("button", {
      type: "button", class: `btn wf-first${a.fields.choice === "me" ? " primary" : ""}`, "data-choice": a.fields.choice,
      onclick: (e) => shell.act(a.i, e),
    }, h("strong", {}, FIRST_WORDS[a.fields.choice]), h("span", { class: "wf-sub" }, consequence(a.fields.choice)))))
      : h("p", { class: "muted" }, seat && seat.computer ? `${COLOURS[chooser]} (computer) is choosing…` : `Waiting for ${COLOURS[chooser]} to choose.`));
}

/** A card window, compact (a phone keeps the board under it in view): what is at stake in a
 * line, the odds as the cards played so far leave them, and the cards to play or pass. */
function windowPanel(g) {
  const { h } = shell;
  const v = g.view;
  const w = v.window;
  const holder = COLOURS[w.holder];
  const lines = [];
  const b = v.battle;
  const att = b ? stacksOf(v).get(b.from) : null;
  const me = att ? att.owner : v.active;
  if (w.chain.length) {
    const last = w.chain[w.chain.length - 1];
    const info = CARDS[last.card];
    lines.push(h("p", { class: "wf-window-what" }, h("strong", {}, `${COLOURS[last.player]} played ${info ? info[1] : last.card}`),
      info ? `: ${info[3]} ${holder} may answer with Counter-Intelligence.` : ""));
  } else if (b) {
    const when = b.attack_dice.length ? "after the dice" : "before the dice";
    lines.push(h("p", { class: "wf-window-what" }, h("strong", {}, `${COLOURS[me]} attacks ${b.target} from ${b.from}`),
      `: ${holder} may play a card ${w.kind === "after_win" ? "before the capture" : w.kind === "after_loss" ? "before the retreat" : when}.`));
  } else {
    lines.push(h("p", { class: "wf-window-what" }, `Card window: ${WINDOW_WORDS[w.kind] || w.kind}. ${holder} may play a card now, or pass.`));
  }
  if (b && !b.attack_dice.length && b.odds) {
    // The engine's odds count every card played so far in this battle, an Overcharge still
    // open to an answer included (GW-6.3, GW-12 #1).
    const o = b.odds;
    const pending = w.chain.length ? " if the cards played stand" : "";
    lines.push(h("p", { class: "wf-odds", id: "wf-window-odds", "data-chance": String(o.chance) },
      `${COLOURS[me]} ${diceWords(o.attack_dice)}, ${COLOURS[1 - me]} ${diceWords(o.defend_dice)}: `,
      h("strong", {}, `${COLOURS[me]} wins ${pct(o.chance)}`), `${pending}.`));
  } else if (b && b.attack_dice.length) {
    lines.push(h("p", { class: "wf-odds" }, `The dice: ${COLOURS[me]} ${sum(b.attack_dice)}, ${COLOURS[1 - me]} ${sum(b.defend_dice)}.`));
  }
  const mine = g.actions.filter((a) => a.kind === "PlayCard" || a.kind === "PassWindow");
  return h("section", { class: "wf-window", id: "wf-window", "aria-label": "Card window" }, lines,
    mine.length ? h("div", { class: "choices wf-window-choices" }, mine.map((a) => h("button", {
      type: "button", class: `btn${a.kind === "PlayCard" ? " primary" : ""}${a.kind === "PassWindow" && a.fields.stop_off ? " small wf-stop-off" : ""}`,
      onclick: (e) => shell.act(a.i, e),
    }, a.kind === "PassWindow" ? (a.fields.stop_off ? "Pass, and stop asking me here" : "Pass") : actionWords(g, a)))) : null);
}

function cardsPanel(g) {
  const { h } = shell;
  const v = g.view;
  const counts = v.hand_counts || [0, 0];
  const me = v.viewer;
  const playable = new Map();
  for (const a of g.actions) if (a.kind === "PlayCard") {
    const key = CARD_BY_NUMBER[a.fields.card];
    if (!playable.has(key)) playable.set(key, []);
    playable.get(key).push(a);
  }
  let hand = null;
  if (me !== null && me !== undefined && v.hand) {
    const grouped = new Map();
    for (const key of v.hand) grouped.set(key, (grouped.get(key) || 0) + 1);
    hand = h("section", { class: "hand-box wf-hand", id: "wf-hand", "aria-labelledby": "wf-hand-title" },
      h("h2", { id: "wf-hand-title" }, `${COLOURS[me]}'s hand (${v.hand.length} cards, private)`),
      v.hand.length ? h("div", { class: "hand" }, [...grouped.entries()].map(([key, n]) => {
        const info = CARDS[key] || [0, key, "", ""];
        const acts = playable.get(key) || [];
        return h("button", {
          type: "button", class: `hand-card wf-card${acts.length ? " playable" : ""}`, "data-card": key,
          onclick: () => cardDialog(key, acts),
        }, h("span", { class: "name" }, `${info[1]}${n > 1 ? ` ×${n}` : ""}`), h("span", { class: "kind" }, acts.length ? "Playable now" : info[2]));
      })) : h("p", { class: "muted" }, "No cards left."));
  }
  const played = (v.discard || []).map((key) => (CARDS[key] ? CARDS[key][1] : key));
  return h("div", { class: "wf-cards" },
    hand,
    h("p", { class: "muted", id: "wf-hand-counts" }, `Cards in hand: White ${counts[0]}, Blue ${counts[1]} · set aside, unused: ${v.set_aside}`
      + (v.card_played_this_turn && v.card_played_this_turn.some(Boolean) ? ` · played a card this turn: ${[0, 1].filter((p) => v.card_played_this_turn[p]).map((p) => COLOURS[p]).join(", ")}` : "")),
    h("details", { class: "discard", ...kept("played") }, h("summary", {}, `Cards played (${played.length})`),
      played.length ? h("p", {}, played.join(", ")) : h("p", { class: "muted" }, "None yet.")),
    h("details", { class: "discard", id: "wf-card-help", ...kept("help") }, h("summary", {}, "What every card does"),
      h("dl", { class: "wf-card-list" }, Object.values(CARDS).flatMap(([, name, when, text]) => [h("dt", {}, `${name} · ${when}`), h("dd", {}, text)]))));
}

function cardDialog(key, acts) {
  const { h } = shell;
  const info = CARDS[key];
  shell.openDialog(info[1], h("div", { class: "card-rules" },
    h("p", { class: "muted" }, `When: ${info[2]}`),
    h("p", { class: "rules-text" }, info[3]),
    acts.length ? h("div", { class: "choices" }, acts.map((a) => h("button", {
      type: "button", class: "btn choice primary", onclick: () => { shell.dialog.close(); shell.act(a.i); },
    }, actionWords(current, a)))) : h("p", { class: "muted" }, "Not playable right now.")),
  [h("button", { type: "submit", class: "btn", value: "close" }, "Close")]);
}

// ---------------------------------------------------------------------------- the board in words

function boardLabel(g) {
  const v = g.view;
  const n = [0, 1].map((p) => v.stacks.filter((s) => s.owner === p).length);
  return `Galactic Warfare board, 8 files by 10 ranks: White ${n[0]} stacks, Blue ${n[1]} stacks. The position in words follows.`;
}

function words(g) {
  const { h } = shell;
  const v = g.view;
  const side = (p) => {
    const list = v.stacks.filter((s) => s.owner === p).sort((a, b) => a.square.localeCompare(b.square));
    const parts = list.map((s) => `${s.square}${s.size > 1 ? ` (stack of ${s.size})` : ""}${rankOf(s.square) === homeRank(1 - p) ? " invader" : ""}`);
    return `${COLOURS[p]}, ${list.length} stacks: ${parts.join(", ") || "none"}.`;
  };
  const lit = [];
  if (selected) {
    const acts = from(g, selected);
    lit.push(`Selected: ${selected}. ${acts.map((a) => actionWords(g, a)).join("; ")}.`);
  }
  return h("section", { class: "sr-only", id: "wf-words", "aria-label": "The board in words" },
    h("h2", {}, "The board in words"),
    h("p", {}, "White's home planet is rank 0 (dark squares a0, c0, e0, g0); Blue's is rank 9 (b9, d9, f9, h9)."),
    h("p", {}, side(0)),
    h("p", {}, side(1)),
    motion && motion.from && motion.to ? h("p", {}, `Last move: ${motion.from} to ${motion.to}.`) : null,
    lit.length ? h("p", {}, lit) : null);
}

// ---------------------------------------------------------------------------- the panel under the board

function paint(g, fresh = false) {
  panel(g);
  const w = document.getElementById("wf-words");
  if (w && !fresh) w.replaceWith(words(g));
  cancelAnimationFrame(animFrame);
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (fresh && motion && motion.from && motion.to && motion.animate && !reduce) {
    const start = performance.now();
    const step = (now) => {
      const t = Math.min(1, (now - start) / 380);
      draw(g, t);
      if (t < 1) animFrame = requestAnimationFrame(step);
    };
    draw(g, 0);
    animFrame = requestAnimationFrame(step);
  } else draw(g, 1);
}

function panel(g) {
  const box = document.getElementById("wf-panel");
  if (!box) return;
  const { h, fill } = shell;
  const v = g.view;
  if (g.over || g.mode !== "play") { fill(box); box.hidden = true; return; }
  box.hidden = false;
  if (confirming && confirming.kind === "PlayCard") {
    // A card played from the board (Evasive Maneuver, Planetary Defense Grid): one more tap.
    const key = CARD_BY_NUMBER[confirming.fields.card];
    const info = CARDS[key];
    fill(box, h("section", { class: "wf-confirm", id: "wf-confirm", "aria-labelledby": "wf-confirm-title" },
      h("h2", { id: "wf-confirm-title" }, `${actionWords(g, confirming)}?`),
      h("p", { class: "muted" }, `${info[1]} (${info[2]}): ${info[3]}`),
      h("div", { class: "choices" },
        h("button", { type: "button", class: "btn primary", id: "wf-play", onclick: (e) => shell.act(confirming.i, e) }, `Play ${info[1]}`),
        h("button", { type: "button", class: "btn", id: "wf-cancel", onclick: () => { confirming = null; paint(g); } }, "Cancel"))));
    keepInView();
    return;
  }
  if (confirming) {
    const f = confirming.fields;
    const src = sqName(f.src);
    const tgt = sqName(f.target);
    const odds = attackOdds(v, src, tgt);
    const me = COLOURS[odds.attacker.owner];
    const them = COLOURS[odds.defender.owner];
    const land = odds.home ? tgt : beyond(src, tgt);
    const invade = rankOf(land) === homeRank(odds.defender.owner);
    // Compact, so that on a phone it fits under the board with the board still in view; what
    // a win or a loss does is one tap away.
    fill(box, h("section", { class: "wf-confirm", id: "wf-confirm", "aria-labelledby": "wf-confirm-title" },
      h("h2", { id: "wf-confirm-title" }, `Attack ${tgt} from ${src}?`,
        h("span", { class: "wf-chance", id: "wf-chance", "data-chance": String(odds.chance) }, ` ${pct(odds.chance)} to win`)),
      h("p", { class: "wf-odds-line" }, `${me} rolls ${diceWords(odds.attackDice)}, ${them} ${diceWords(odds.defendDice)}`
        + `${odds.home ? " (one extra at home)" : ""}; higher sum wins, a tie is rolled again.`),
      h("div", { class: "choices wf-confirm-choices" },
        h("button", { type: "button", class: "btn primary", id: "wf-attack", onclick: (e) => shell.act(confirming.i, e) }, `Attack (${pct(odds.chance)})`),
        h("button", { type: "button", class: "btn", id: "wf-cancel", onclick: () => { confirming = null; paint(g); } }, "Cancel")),
      h("details", { class: "wf-what-if", ...kept("what-if") }, h("summary", {}, "What a win or a loss does"),
        h("p", { class: "muted" }, `Win: ${tgt} is captured and your stack moves to ${land}${invade ? " as an invader" : ""}`
          + `${odds.attacker.size < 4 ? ", gaining a power-up" : ""}. Lose: your stack retreats to your home row, on a square ${them} chooses (removed if your home row is full).`
          + (v.cards ? " Cards played in the battle can change the dice." : "")))));
    keepInView();
    return;
  }
  const notes = situationNotes(g);
  if (selected) {
    const acts = from(g, selected);
    const s = stacksOf(v).get(selected);
    fill(box, h("section", { class: "wf-selected", "aria-label": "Selected stack" },
      h("p", {}, h("strong", {}, `${s ? COLOURS[s.owner] : ""} ${selected}${s ? `, ${s.size === 1 ? "1 ship" : `stack of ${s.size}`}` : ""}`),
        acts.length ? ": tap a lit square, or choose here." : ": no move for it now."),
      acts.length ? h("div", { class: "choices" }, acts.map((a) => h("button", {
        type: "button", class: `btn${a.kind === "Attack" ? " wf-btn-attack" : ""}`, "data-target": target(a) || "",
        onclick: (e) => choose(g, a, e),
      }, actionWords(g, a)))) : null,
      h("button", { type: "button", class: "btn small", onclick: () => { selected = null; paint(g); } }, "Deselect")),
    notes);
    return;
  }
  if (cardMode !== null) {
    const info = CARDS[CARD_BY_NUMBER[cardMode]] || [cardMode, "the card", "", ""];
    fill(box, h("section", { class: "wf-selected", id: "wf-card-hint", "aria-label": info[1] },
      h("p", {}, h("strong", {}, `${info[1]}: `), `tap one of the purple-ringed ships, then the square it steps to. ${info[3]}`),
      h("button", { type: "button", class: "btn small", id: "wf-card-cancel", onclick: () => { cardMode = null; for (const el of document.querySelectorAll(".wf-card-ways")) el.hidden = true; for (const el of document.querySelectorAll(".wf-card-mode")) el.setAttribute("aria-expanded", "false"); paint(g); } }, "Cancel")),
    notes);
    return;
  }
  const sources = new Set(g.actions.map(source).filter(Boolean));
  const places = g.actions.filter((a) => a.kind === "PlaceShip");
  let hint = null;
  if (places.length) hint = `Tap a lit home square: ${places.map((a) => sqName(a.fields.square)).join(", ")}.`;
  else if (sources.size) hint = "Tap one of your ringed stacks to light up its moves.";
  fill(box, hint ? h("p", { class: "wf-hint" }, hint) : null, notes);
  box.hidden = !hint && !notes;
}

/** After a tap on the board opened a confirm under it: scroll so that the board and the
 * confirm's buttons are both in view (on a phone the confirm is under the fold otherwise). */
function keepInView() {
  requestAnimationFrame(() => {
    const board = document.getElementById("board");
    const confirm = document.querySelector("#wf-confirm .choices");
    if (!board || !confirm) return;
    const bar = document.querySelector(".topbar");
    const top = bar ? bar.getBoundingClientRect().bottom : 0;
    const b = board.getBoundingClientRect();
    const c = confirm.getBoundingClientRect();
    const below = c.bottom + 8 - window.innerHeight;
    if (below > 0) window.scrollBy({ top: Math.min(below, Math.max(0, b.top - top)), behavior: "instant" });
    else if (b.top < top) window.scrollBy({ top: b.top - top, behavior: "instant" });
  });
}

function situationNotes(g) {
  const { h } = shell;
  const v = g.view;
  const notes = [];
  const stuck = g.actions.filter((a) => a.kind === "StuckRetreat");
  if (stuck.length) {
    notes.push(`Stuck: ${stuck.map((a) => sqName(a.fields.src)).join(", ")} cannot move (every square ahead holds your own ships). `
      + "As your move you may roll two dice for one of them: doubles bring it home to a free square of your home row.");
  }
  if (g.actions.some((a) => a.kind === "PassTurn")) {
    notes.push("You have no legal move and must pass. If both players pass in a row, the game is judged: invaders first, then ships on the board.");
  }
  const invaders = v.stacks.filter((s) => rankOf(s.square) === homeRank(1 - s.owner));
  if (invaders.length) {
    const by = [0, 1].map((p) => invaders.filter((s) => s.owner === p).length);
    notes.push(`Invaders never move again. ${[0, 1].filter((p) => by[p]).map((p) => `${COLOURS[p]} holds ${by[p]} of the 4 dark squares of ${COLOURS[1 - p]}'s home`).join("; ")} (all 4 win the game).`);
  }
  if (v.phase === "place" && v.placement) {
    const p = v.placement;
    const why = p.purpose === "retreat" ? `The attack from ${p.from} failed: the stack retreats to its own home row`
      : p.purpose === "stuck" ? `Doubles: the stuck ship on ${p.from} goes home` : `The Defense Grid sends the invader on ${p.from} home`;
    notes.push(`${why}; ${COLOURS[p.chooser]} chooses the square.`);
  }
  return notes.length ? h("ul", { class: "wf-notes", id: "wf-notes" }, notes.map((t) => h("li", {}, t))) : null;
}

function choose(g, a, event) {
  if (a.kind === "Attack" || a.kind === "PlayCard") {
    confirming = a;
    paint(g);
    const btn = document.getElementById(a.kind === "Attack" ? "wf-attack" : "wf-play");
    if (btn) btn.focus({ preventScroll: true });
    return;
  }
  shell.act(a.i, event);
}

// ---------------------------------------------------------------------------- tapping the board

function squareAt(x, y) {
  if (!geometry) return null;
  const { x0, y0, size, flip } = geometry;
  const col = Math.floor((x - x0) / size);
  const row = Math.floor((y - y0) / size);
  if (col < 0 || col > 7 || row < 0 || row >= RANKS) return null;
  const f = flip ? 7 - col : col;
  const r = flip ? row : RANKS - 1 - row;
  return `${FILES[f]}${r}`;
}

function onBoardTap(e) {
  const g = current;
  if (!g || !g.view) return;
  const rect = e.currentTarget.getBoundingClientRect();
  const square = squareAt(e.clientX - rect.left, e.clientY - rect.top);
  if (!square) return;
  if (e.detail !== 0) cursor = null; // a pointer's tap: the keyboard's frame goes
  tapSquare(g, square, e);
}

function tapSquare(g, square, e) {
  if (g.mode === "play" && g.actions.length) {
    const here = direct(g, square);
    if (here.length === 1 && !selected) { choose(g, here[0], e); return; }
    if (selected) {
      const hits = from(g, selected).filter((a) => target(a) === square);
      if (hits.length === 1) { choose(g, hits[0], e); return; }
      if (hits.length > 1) return; // several actions end here: the panel lists them
    }
    if (from(g, square).length) {
      selected = selected === square ? null : square;
      confirming = null;
      paint(g);
      return;
    }
    if (here.length === 1) { selected = null; choose(g, here[0], e); return; }
  }
  if (selected || confirming) {
    selected = null;
    confirming = null;
    paint(g);
  }
}

// ---------------------------------------------------------------------------- the last move

function lastMotion(g, previous) {
  const v = g.view;
  const key = `${g.game_id}|${g.mode}|${g.at}|${v.log.length}`;
  if (motion && motion.key === key && (!previous || previous.at === g.at)) return motion;
  const out = { key, at: g.at, from: null, to: null, vanished: [], animate: false };
  if (previous && previous.view && previous.at < g.at && previous.game_id === g.game_id) {
    const before = stacksOf(previous.view);
    const now = stacksOf(v);
    for (const p of [0, 1]) {
      const gone = [...before.values()].filter((s) => s.owner === p && !(now.get(s.square) && now.get(s.square).owner === p));
      const came = [...now.values()].filter((s) => s.owner === p && !(before.get(s.square) && before.get(s.square).owner === p));
      if (gone.length === 1 && came.length === 1) {
        out.from = gone[0].square;
        out.to = came[0].square;
        out.owner = p;
        out.size = came[0].size;
        out.animate = true;
      } else {
        for (const s of gone) if (!now.get(s.square)) out.vanished.push(s.square);
      }
    }
    if (out.from || out.vanished.length) return out;
  }
  // No earlier screen (a reload) or nothing moved: the view's last charge or attack.
  const last = v.last_move;
  if (last && last.from !== last.to) { out.from = last.from; out.to = last.to; }
  return out;
}

// ---------------------------------------------------------------------------- the canvas

const C = {
  bg: "#141b33", light: "#3a4679", dark: "#1a2247", whiteHome: "#4a4326", whiteHomeLight: "#5e5636",
  blueHome: "#17375f", blueHomeLight: "#274b78", label: "#aab3d6", white: "#f4f5fb", whiteEdge: "#8d93ad",
  blue: "#2f7bff", blueEdge: "#b7d0ff", ink: "#0b1020", accent: "#ffcc4d", last: "#4fd8eb", go: "#7be0a5", hit: "#ff7b7b",
};

function draw(g, t) {
  const canvas = document.getElementById("board");
  if (!canvas || !g || !g.view) return;
  const v = g.view;
  const width = canvas.getBoundingClientRect().width || canvas.parentElement.clientWidth || 360;
  const label = 18;
  // As wide as the area allows, and low enough that the recap above it and the board fit in
  // one screen (1280x800: 52 px squares); a phone's width is the tighter bound anyway.
  const tall = window.innerHeight >= 700 ? Math.floor((window.innerHeight - 274) / 10) : Math.floor((window.innerHeight - 80) / 10.4);
  const size = Math.max(24, Math.min(60, Math.floor((width - label - 6) / 8), tall));
  const boardW = size * 8;
  const x0 = Math.max(label, Math.floor((width - boardW + label) / 2));
  const y0 = 4;
  const height = y0 + size * RANKS + label + 2;
  const flip = Boolean(flipped(g));
  geometry = { x0, y0, size, flip };
  drawnWidth = width;
  canvas.dataset.geometry = JSON.stringify(geometry);
  canvas.style.setProperty("height", `${height}px`);
  const dpr = window.devicePixelRatio || 1;
  const bw = Math.round(width * dpr);
  const bh = Math.round(height * dpr);
  if (canvas.width !== bw) canvas.width = bw;
  if (canvas.height !== bh) canvas.height = bh;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = C.bg;
  ctx.fillRect(0, 0, width, height);
  const at = (square) => {
    const f = fileOf(square);
    const r = rankOf(square);
    const col = flip ? 7 - f : f;
    const row = flip ? r : RANKS - 1 - r;
    return [x0 + col * size, y0 + row * size];
  };
  // squares
  for (let r = 0; r < RANKS; r++) for (let f = 0; f < 8; f++) {
    const [x, y] = at(`${FILES[f]}${r}`);
    const dark = isDark(f, r);
    let colour = dark ? C.dark : C.light;
    if (r === 0) colour = dark ? C.whiteHome : C.whiteHomeLight;
    if (r === RANKS - 1) colour = dark ? C.blueHome : C.blueHomeLight;
    ctx.fillStyle = colour;
    ctx.fillRect(x, y, size, size);
    if (dark && (r === 0 || r === RANKS - 1)) {
      ctx.strokeStyle = r === 0 ? "#c9b865" : "#79a6e8";
      ctx.globalAlpha = 0.55;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(x + size / 2, y + size / 2, size * 0.4, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
  }
  // planet captions in the light home squares' band
  ctx.font = `600 ${Math.max(9, Math.round(size * 0.2))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const [r, text, colour] of [[0, ["WHITE", "HOME"], "#e8dca0"], [RANKS - 1, ["BLUE", "HOME"], "#a9c8ff"]]) {
    // The light squares of each home row read "WHITE HOME WHITE HOME" from the left, either way up.
    const lights = [...Array(8).keys()].filter((f) => !isDark(f, r)).map((f) => at(`${FILES[f]}${r}`)).sort((p, q) => p[0] - q[0]);
    ctx.fillStyle = colour;
    ctx.globalAlpha = 0.7;
    lights.forEach(([x, y], n) => ctx.fillText(text[n % 2], x + size / 2, y + size / 2));
    ctx.globalAlpha = 1;
  }
  // labels
  ctx.fillStyle = C.label;
  ctx.font = `600 ${Math.max(10, Math.round(size * 0.24))}px system-ui, sans-serif`;
  for (let r = 0; r < RANKS; r++) {
    const [, y] = at(`a${r}`);
    ctx.fillText(String(r), x0 - label / 2 - 1, y + size / 2);
  }
  for (let f = 0; f < 8; f++) {
    const [x] = at(`${FILES[f]}0`);
    ctx.fillText(FILES[f], x + size / 2, y0 + size * RANKS + label / 2 + 1);
  }
  // last move and the battle under way
  const ring = (square, colour, width, dash = []) => {
    const [x, y] = at(square);
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.strokeRect(x + width / 2 + 1, y + width / 2 + 1, size - width - 2, size - width - 2);
    ctx.setLineDash([]);
  };
  // The last move in cyan; the selection (below) in gold: never the same colour.
  if (motion && motion.from) ring(motion.from, C.last, 2, [4, 3]);
  if (motion && motion.to) ring(motion.to, C.last, 3, [7, 3]);
  if (v.battle) { ring(v.battle.from, C.hit, 3); ring(v.battle.target, C.hit, 3, [5, 3]); }
  // stacks
  const moving = t < 1 && motion && motion.animate ? motion.to : null;
  const invaders = new Set(v.stacks.filter((s) => rankOf(s.square) === homeRank(1 - s.owner)).map((s) => s.square));
  const stuck = new Set(g.actions.filter((a) => a.kind === "StuckRetreat").map((a) => sqName(a.fields.src)));
  for (const s of v.stacks) {
    if (s.square === moving) continue;
    const [x, y] = at(s.square);
    stackAt(ctx, x + size / 2, y + size / 2, size, s, invaders.has(s.square), stuck.has(s.square));
  }
  for (const square of (motion && motion.vanished) || []) {
    const [x, y] = at(square);
    ctx.strokeStyle = C.hit;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(x + size * 0.3, y + size * 0.3); ctx.lineTo(x + size * 0.7, y + size * 0.7);
    ctx.moveTo(x + size * 0.7, y + size * 0.3); ctx.lineTo(x + size * 0.3, y + size * 0.7);
    ctx.stroke();
  }
  // what can be tapped
  if (g.mode === "play" && g.actions.length && !g.over) {
    const sources = new Set(offered(g).map(source).filter(Boolean));
    if (!selected) for (const square of sources) ring(square, cardMode === null ? C.go : "#c99bff", cardMode === null ? 2 : 3);
    if (selected) {
      ring(selected, C.accent, 4);
      for (const a of from(g, selected)) {
        const tq = target(a);
        if (!tq) continue;
        const [x, y] = at(tq);
        if (a.kind === "Attack") {
          ctx.strokeStyle = C.hit;
          ctx.lineWidth = 3;
          ctx.beginPath();
          ctx.arc(x + size / 2, y + size / 2, size * 0.46, 0, 2 * Math.PI);
          ctx.stroke();
          if (confirming && confirming.i === a.i) ring(tq, C.hit, 4);
          const odds = attackOdds(v, selected, tq);
          if (odds) {
            ctx.fillStyle = "#000c";
            const tw = size * 0.9;
            ctx.fillRect(x + (size - tw) / 2, y + size - size * 0.3, tw, size * 0.28);
            ctx.fillStyle = "#fff";
            ctx.font = `700 ${Math.max(9, Math.round(size * 0.22))}px system-ui, sans-serif`;
            ctx.fillText(`${Math.round(100 * odds.chance)}%`, x + size / 2, y + size - size * 0.16);
          }
        } else {
          ctx.fillStyle = a.kind === "PlayCard" ? "#c99bff" : C.go;
          ctx.beginPath();
          ctx.arc(x + size / 2, y + size / 2, size * 0.16, 0, 2 * Math.PI);
          ctx.fill();
        }
      }
    }
    for (const a of g.actions) {
      if (a.kind !== "PlaceShip" && !(a.kind === "PlayCard" && a.fields.dst < 0 && a.fields.src >= 0)) continue;
      const tq = target(a);
      const [x, y] = at(tq);
      ctx.strokeStyle = a.kind === "PlaceShip" ? C.go : "#c99bff";
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.arc(x + size / 2, y + size / 2, size * 0.3, 0, 2 * Math.PI);
      ctx.stroke();
      if (a.kind === "PlaceShip") {
        ctx.fillStyle = C.go;
        ctx.font = `700 ${Math.round(size * 0.4)}px system-ui, sans-serif`;
        ctx.fillText("+", x + size / 2, y + size / 2 + 1);
      }
    }
  }
  if (cursor && document.activeElement === canvas) ring(cursor, "#ffffff", 3, [3, 3]);
  if (moving) {
    const [fx, fy] = at(motion.from);
    const [tx, ty] = at(motion.to);
    const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    const s = stacksOf(v).get(motion.to);
    if (s) stackAt(ctx, fx + (tx - fx) * e + size / 2, fy + (ty - fy) * e + size / 2, size, s, false, false);
  }
}

function stackAt(ctx, cx, cy, size, s, invader, stuck) {
  const r = size * 0.33;
  const lift = Math.max(2, size * 0.06);
  const base = cy + (s.size - 1) * lift / 2;
  const fill = s.owner === 0 ? C.white : C.blue;
  const edge = s.owner === 0 ? C.whiteEdge : C.blueEdge;
  for (let k = 0; k < s.size; k++) {
    const y = base - k * lift;
    ctx.beginPath();
    ctx.arc(cx, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = k === s.size - 1 ? fill : s.owner === 0 ? "#c9ccd9" : "#1f5bc4";
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = k === s.size - 1 ? edge : "#0b1020";
    ctx.stroke();
  }
  const top = base - (s.size - 1) * lift;
  ctx.fillStyle = s.owner === 0 ? C.ink : "#ffffff";
  ctx.font = `800 ${Math.round(size * (s.size > 1 ? 0.36 : 0.26))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(s.size), cx, top + 1);
  if (s.size > 1) {
    // power-up pips under the number: one per captured ship
    for (let k = 0; k < s.size - 1; k++) {
      ctx.beginPath();
      ctx.arc(cx - (s.size - 2) * size * 0.06 + k * size * 0.12, top + r * 0.62, size * 0.035, 0, 2 * Math.PI);
      ctx.fillStyle = s.owner === 0 ? C.blue : C.white;
      ctx.fill();
    }
  }
  if (invader) {
    ctx.fillStyle = C.accent;
    ctx.font = `700 ${Math.round(size * 0.3)}px system-ui, sans-serif`;
    ctx.fillText("★", cx + size * 0.34, cy - size * 0.32);
  }
  if (stuck) {
    ctx.fillStyle = C.hit;
    ctx.font = `800 ${Math.round(size * 0.3)}px system-ui, sans-serif`;
    ctx.fillText("!", cx - size * 0.36, cy - size * 0.32);
  }
}
