// Spacehole's screen: counters (each explains itself on tap), the colony's cards as tiles, the
// hand (each card says what it would earn or why it cannot be played), scouted cards, the
// discard pile; at the top, what was drawn and what it did, and the battle round by round
// with its dice; every card's full effect on tap; an end that says what happened and offers
// a rematch. Every action offered is one of g.actions (legal_actions).

import { coachBox, pointAtHint } from "./coach.js";
/** @typedef {import("../../types/models").SpaceholeGame} SpaceholeGame the model the shell hands the screen */
/** @typedef {import("../../types/models").SpaceholeView} SpaceholeView */
/** @typedef {import("../../types/models").SpaceholeChoice} SpaceholeChoice */
/** @typedef {import("../../types/models").SpaceholeCard} SpaceholeCard */
/** @typedef {import("../../types/models").SpaceholeInPlayCard} SpaceholeInPlayCard */
/** @typedef {import("../../types/models").SpaceholeHandCard} SpaceholeHandCard */
/** @typedef {SpaceholeCard & Partial<SpaceholeInPlayCard & SpaceholeHandCard>} ShownCard a card anywhere */
/** @typedef {typeof import("../../game.js").shell} Shell */

const KIND_NAMES = { base: "Base", structure: "Structure", defender: "Defender", invader: "Invader", event: "Event" };
const RULE_REFS_KEY = "spacehole:rule-refs";
/** @type {Shell | null} */
let shell = null;
/** @type {SpaceholeGame | null} */
let current = null;

// The screen's own styles (build.py copies them next to this module; the CSP allows 'self').
if (!document.querySelector("link[data-spacehole-css]")) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./screen.css", import.meta.url).href;
  link.dataset.spaceholeCss = "1";
  document.head.append(link);
}

// ---------------------------------------------------------------------------- words

/** The card set's names in any text: the view lists the Babylon 5 substitutions.
 * @param {SpaceholeView | null} v
 * @param {string} text */
function skinned(v, text) {
  if (!v || !v.terms || !v.terms.length) return text;
  const pairs = [...v.terms].sort((a, b) => b[0].length - a[0].length);
  const pattern = new RegExp(pairs.map(([old]) => old.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  const map = Object.fromEntries(pairs);
  return text.replace(pattern, (m) => map[m]);
}

/** @param {SpaceholeView} v */
function baseName(v) {
  return skinned(v, "Base");
}

const TERMS = {
  mc: ["MC (Megacredits)", "Your money, and your score when the deck is spent. Structures with power earn it every turn."],
  income: ["Income", "The MC your powered structures earn this turn. While you build, it shows what the turn will give if you play nothing more; each structure in your hand shows what it would give."],
  power: ["Power", "Power used / power you have. The Base makes 5 a turn and each Solar Array 5 more. A structure earns only with power; P1 on a card means it uses 1. Cards that get power are marked with a yellow P."],
  base: ["Base damage", "Damage on your Base / the damage it can take. Invader hits reach it when no defender, Force Dome or Laser Turret is left. If it is destroyed, the game is lost and scores 0."],
  turn: ["Turn", "Each turn starts with the Space Karma draw: one card from the deck. The game lasts 96 turns, one per card."],
  deck: ["Deck", "Cards left to draw. When it is spent, the game ends and your MC is your score."],
};

/**
 * @param {SpaceholeView} v
 * @param {string} key
 */
function explain(v, key) {
  const { h } = shell;
  const [name, text] = TERMS[key];
  shell.openDialog(skinned(v, name), h("p", {}, skinned(v, text)), [h("button", { type: "submit", class: "btn", value: "close" }, "Close")]);
}

// ---------------------------------------------------------------------------- shell hooks

/** @param {SpaceholeGame} g */
export function title(g) {
  return g.view && g.view.skin === "babylon5" ? "Spacehole · Babylon 5" : g.title;
}

/**
 * @param {SpaceholeGame} g
 * @returns {string | null}
 */
export function prompt(g) {
  const v = g.view;
  if (!v || !v.decision) return null;
  if (v.decision.kind === "build" && v.projection) {
    return `${v.decision.prompt} Tap a card in your hand to read it.`;
  }
  return v.decision.prompt; // in the card set's words (the engine's view)
}

/** @param {SpaceholeGame} g */
export function endTitle(g) {
  const v = g.view;
  if (!v) return "Game over";
  return v.lost ? `You lose: the ${baseName(v)} is destroyed` : `You win: your colony survived all ${v.turn} turns`;
}

/** What ended the game, in a sentence, from the view (the final battle or event).
 * @param {SpaceholeView} v */
function ending(v) {
  if (!v.lost) return `The deck is spent. Your colony of ${v.in_play.length} cards finished with ${v.mc} MC.`;
  const b = v.last_battle;
  if (b && b.result === "base destroyed") {
    return `${b.invader.name} (Force ${b.invader.force}) broke through in round ${b.rounds.length} on turn ${v.turn}: a destroyed ${baseName(v)} scores 0${v.mc ? `, so the ${v.mc} MC you held are lost` : ""}.`;
  }
  return `On turn ${v.turn} the last hit on the ${baseName(v)} came from an event: a destroyed ${baseName(v)} scores 0.`;
}

/** @param {SpaceholeGame} g */
export function endDetail(g) {
  const { h } = shell;
  const v = g.view;
  const score = g.outcome ? g.outcome.scores[0] : 0;
  const opts = v.options;
  const setup = [opts.skin === "babylon5" ? "Babylon 5 cards" : "Spacehole cards",
    opts.base_hits === 5 ? `Hard ${baseName(v)}` : `normal ${baseName(v)}`, opts.battle_length === "to_the_death" ? "Hardcore battles" : "normal battles"].join(", ");
  // SH-9.3: against the best finished game with the same options on this device (g.best is
  // the best before this one), and against a challenge's score when the link carried one.
  const top = g.best;
  const best = g.mode !== "play" ? null : h("p", { id: "best-score" },
    top === null || top === undefined ? "Your first finished game with these options on this device."
      : score > top ? `A new best with these options: ${score} MC (before: ${top} MC).`
        : `Your best with these options: ${top} MC.`);
  const beat = typeof g.beat !== "number" ? null : h("p", { id: "beat-result", class: score > g.beat ? "good" : null },
    score > g.beat ? `You beat the challenge: ${score} MC against ${g.beat} MC.`
      : score === g.beat ? `You matched the challenge: ${g.beat} MC.` : `The score to beat was ${g.beat} MC: not this time.`);
  return h("div", { class: "sh-end" },
    h("p", { class: "score", id: "final-score" }, `Score: ${score} MC`),
    beat,
    best,
    h("p", { id: "end-what" }, ending(v)),
    h("p", { class: "muted" }, `Options: ${setup}.`),
    g.mode === "play" ? h("div", { class: "choices" },
      h("button", { type: "button", class: "btn primary", id: "play-again", onclick: () => playAgain(g) }, "Play again"),
      h("button", { type: "button", class: "btn", id: "same-deck", onclick: () => sameDeck() }, "Replay the same deck")) : null);
}

/** A rematch with the same options and a new deck: a new game, then open its save.
 * @param {SpaceholeGame} g */
async function playAgain(g) {
  const model = await shell.call("new", [g.game_id, { ...(g.options || {}) }, shell.randomSeed(), [-1], ""]);
  if (model && model.hash) location.hash = `#${model.hash}`;
}

/** The same deck and dice again, from the start: the game's own challenge link. */
async function sameDeck() {
  const links = await shell.call("share");
  if (links && "challenge" in links && links.challenge) location.hash = `#${links.challenge}`;
}

/** A battle is told once (issue 33): its rounds and dice are in the battle box below the
 * recap, closed to one line (who attacked, what came of it), the dice one tap away; the recap
 * does not repeat the rounds. */
export const recapElsewhere = new Set(["battle_round"]);

/** What the last tap did, shown above the decision: the card drawn, what it did, and the battle.
 * @param {SpaceholeGame} g
 * @param {Shell} tools
 * @param {SpaceholeGame | null} previous */
export function news(g, tools, previous) {
  shell = tools;
  const { h } = tools;
  const v = g.view;
  if (!v) return null;
  const battleKey = v.last_battle ? JSON.stringify(v.last_battle) : null;
  const oldKey = previous && previous.view && previous.view.last_battle ? JSON.stringify(previous.view.last_battle) : null;
  const fresh = Boolean(battleKey && previous && battleKey !== oldKey);
  // The card drawn this turn, from the Draw until the turn ends (at the next Draw decision
  // the news is the last turn's income, which the shell's box shows).
  const card = v.step !== "start" || v.over ? v.drawn : null;
  let drawn = null;
  if (card) {
    const what = { event: card.effect, invader: "It attacks at once: the battle is below.",
      structure: "It goes to your hand.", defender: "It goes to your hand." }[card.kind];
    drawn = h("div", { class: "sh-drawn" },
      h("p", { class: "pending" }, `Turn ${v.turn} · drawn: `,
        h("button", { type: "button", class: `linkish kind-${card.kind}`, onclick: () => cardDialog(card, "pending") },
          `${card.name} (${KIND_NAMES[card.kind]})`)),
      what ? h("p", { class: "sh-effect" }, what) : null);
  }
  const coach = coachBox(g, tools, () => { const box = document.getElementById("coach"); if (box) box.remove(); });
  return coach || drawn || v.last_battle ? h("div", {}, coach, drawn, battle(v, fresh)) : null;
}

/**
 * @param {HTMLElement} area
 * @param {SpaceholeGame} g
 * @param {Shell} tools
 */
export function render(area, g, tools) {
  shell = tools;
  current = g;
  if (g.guided) requestAnimationFrame(() => pointAtHint(g, tools));
  const v = g.view;
  // A part whose content did not change since the last tap is kept as it is: late in a game
  // the colony list alone is a hundred elements that the browser would style and lay out again.
  const wanted = [
    counters(v),
    paceLine(g),
    board(v),
    keep("hand", [v.hand, v.hand_limit, Boolean(v.projection), g.mode, g.over, g.actions], () => hand(v, g), true),
    colonyList(v),
    keep("peek", [v.peek], () => peek(v)),
    keep("discard", [v.discard.map((c) => c.id), v.deck_remaining], () => discard(v)),
    keep("refs", [], () => ruleRefs()),
  ].filter(Boolean);
  if (area.contains(boardBox)) place(area, wanted);
  else tools.fill(area, ...wanted);
  draw(g);
  if (ruleRefsOn()) showRuleRefs(v);
}

/** @type {Map<string, {key: string, node: HTMLElement | null}>} */
const kept = new Map(); // part name -> {key, node}: the parts of the last render

/** The part built by ``build``, or the same node as last time when ``inputs`` are the same.
 * ``inPlace``: a changed part is changed on the page (the shell's morph), not swapped whole;
 * for parts that keep no state and no reference to their own nodes.
 * @param {string} name
 * @param {unknown[]} inputs
 * @param {() => HTMLElement | null} build
 * @param {boolean} [inPlace]
 * @returns {HTMLElement | null} */
function keep(name, inputs, build, inPlace = false) {
  const key = JSON.stringify(inputs);
  const old = kept.get(name);
  if (old && old.key === key) return old.node;
  const fresh = build();
  const node = inPlace && old && old.node && fresh && old.node.isConnected ? shell.morph(old.node, fresh) : fresh;
  kept.set(name, { key, node });
  return node;
}

/** Put ``wanted`` in ``box`` in that order, moving a node already there only if its order
 * changed: what did not change keeps its place, and the browser styles and lays out only
 * what is new.
 * @param {HTMLElement} box
 * @param {Node[]} wanted */
function place(box, wanted) {
  const stay = new Set(wanted);
  for (const child of [...box.childNodes]) if (!stay.has(child)) child.remove();
  let at = box.firstChild;
  for (const node of wanted) {
    if (node === at) at = at.nextSibling;
    else box.insertBefore(node, at);
  }
}

// ---------------------------------------------------------------------------- help in the card set's names

function helpSections() {
  try {
    const catalog = JSON.parse(document.getElementById("catalog").textContent);
    const game = catalog.games.find((x) => x.id === "spacehole");
    return (game && game.text && game.text.help) || [];
  } catch {
    return [];
  }
}

/** The help for the game on screen, in the names of its card set (the shell's "How to play").
 * @param {SpaceholeGame} g */
export function help(g) {
  const v = g.view;
  return {
    title: v.skin === "babylon5" ? "How to play Spacehole (Babylon 5 cards)" : "How to play Spacehole",
    sections: helpSections().map((s) => ({ title: skinned(v, s.title), paragraphs: s.paragraphs.map((p) => skinned(v, p)) })),
  };
}

// ---------------------------------------------------------------------------- the parts

/** Where this game stands against the best one with the same options, turn for turn (issue 33).
 * @param {SpaceholeGame} g */
function paceLine(g) {
  const { h } = shell;
  const p = g.pace;
  if (!p) return null;
  const diff = p.score - p.best;
  const lead = diff === 0 ? "level with your best game" : diff > 0 ? `${diff} MC ahead of your best game` : `${-diff} MC behind your best game`;
  return h("p", { class: "sh-pace muted", id: "pace" }, `Turn ${p.turn}: ${p.score} MC · your best had ${p.best} here, so you are ${lead}.`);
}

/** @param {SpaceholeView} v */
function counters(v) {
  const { h } = shell;
  const base = v.in_play.find((c) => c.kind === "base") || { damage: 0, max_damage: v.options.base_hits };
  const p = v.projection;
  // While building: what the turn will give if nothing more is played. At the draw decision
  // (and at the end): the figures of the turn just played.
  const computed = (v.step === "start" && v.turn > 1) || (v.over && !v.lost);
  let income = "—";
  let incomeLabel = "Income";
  let power = `—/${v.supply}`;
  if (p) {
    income = `+${p.income}`;
    incomeLabel = p.seismic ? "Income (Seismic)" : "Income this turn";
    power = `${p.power_used}/${p.supply}`;
  } else if (computed) {
    income = `+${v.income}`;
    incomeLabel = "Last income";
    power = `${v.power_used}/${v.supply}`;
  }
  /** @type {[string, string, string, boolean?][]} label, value, what it explains (TERMS), shown as bad */
  const items = [
    ["MC", String(v.mc), "mc"],
    [incomeLabel, income, "income"],
    ["Power", power, "power"],
    [`${baseName(v)} dmg`, `${base.damage}/${base.max_damage}`, "base", base.damage >= base.max_damage - 2 && base.damage > 0],
    ["Turn", String(v.turn), "turn"],
    ["Deck", String(v.deck_count), "deck"],
  ];
  // Kept between taps, with only the words that changed changed (most taps change one or two).
  if (!countersBox) {
    countersBox = h("div", { class: "counters", role: "group", "aria-label": "Counters: tap one to learn what it means" },
      items.map(([, , id]) => h("button", {
        type: "button", class: "sh-counter", id: `count-${id}`, onclick: () => { if (current) explain(current.view, id); },
      }, h("span", { class: "sh-term" }), h("span", { class: "sr-only" }, ": "), h("span", { class: "sh-value" }),
      h("span", { class: "sr-only" }, " (what is this?)"))));
  }
  items.forEach(([label, value, , bad], n) => {
    const button = countersBox.children[n];
    const [term, , shown] = button.children;
    if (term.textContent !== label) term.textContent = label;
    if (shown.textContent !== value) shown.textContent = value;
    button.classList.toggle("bad", Boolean(bad));
  });
  return countersBox;
}

/** @type {HTMLElement | null} */
let countersBox = null;

// The colony: one small element per card, kept between taps and rebuilt only when what it
// shows changes. (Canvases were tried: one tall canvas had its whole bitmap copied on every
// tap, and one canvas per card made each card a composited layer that the browser committed
// on every frame; plain elements cost nothing while unchanged.)
/** @type {HTMLElement | null} */
let boardBox = null; // the board: a heading line and the cards' tiles
/** @type {Map<number, {node: HTMLElement, shown: string}>} */
const tiles = new Map(); // card id -> {node, shown}

/** @param {SpaceholeView} v */
function board(v) {
  if (!boardBox) {
    boardBox = shell.h("div", { id: "board", class: "sh-board", role: "img" },
      shell.h("p", { class: "sh-board-head", "aria-hidden": "true" }),
      shell.h("div", { class: "sh-tiles", "aria-hidden": "true" }));
  }
  boardBox.setAttribute("aria-label", colonyLabel(v));
  return boardBox;
}

/** @param {SpaceholeView} v */
function colonyLabel(v) {
  return `Colony in play: ${v.in_play.map((c) => c.name + (c.damage ? ` (damage ${c.damage})` : "")).join(", ")}`;
}

/**
 * @param {SpaceholeView} v
 * @returns {Set<number>}
 */
function poweredIds(v) {
  return new Set(v.projection ? v.projection.powered : v.in_play.filter((c) => c.powered).map((c) => c.id));
}

/** @type {HTMLElement | null} */
let colonyBox = null; // the list of the colony's cards as buttons, kept between taps
/** @type {Map<number, HTMLElement>} */
const colonyItems = new Map(); // card id -> its list item

/** @param {SpaceholeView} v */
function colonyList(v) {
  const { h } = shell;
  const powered = poweredIds(v);
  // The same cards as real buttons, for keyboards and screen readers (shown on focus); after
  // the hand, so the keyboard reaches the hand first. Kept between taps: only the words of a
  // card that changed are changed.
  if (!colonyBox) colonyBox = h("ul", { class: "sr-list", "aria-label": "Colony cards" });
  const wanted = v.in_play.map((c) => {
    let item = colonyItems.get(c.id);
    if (!item) {
      const id = c.id;
      item = h("li", {}, h("button", { type: "button", class: "btn", onclick: () => {
        const card = current && current.view.in_play.find((x) => x.id === id);
        if (card) cardDialog(card, "play");
      } }));
      colonyItems.set(c.id, item);
    }
    const words = `${c.name}${c.damage ? `, damage ${c.damage}` : ""}${powered.has(c.id) ? ", powered" : ""}`;
    if (item.firstChild.textContent !== words) item.firstChild.textContent = words;
    return item;
  });
  const ids = new Set(v.in_play.map((c) => c.id));
  for (const id of colonyItems.keys()) if (!ids.has(id)) colonyItems.delete(id);
  place(colonyBox, wanted);
  return colonyBox;
}

/**
 * @param {SpaceholeView} v
 * @param {SpaceholeGame} g
 */
function hand(v, g) {
  const { h } = shell;
  const building = Boolean(v.projection);
  return h("section", { class: "hand-box", "aria-labelledby": "hand-title" },
    h("h2", { id: "hand-title" }, `Hand (${v.hand.length}/${v.hand_limit})`),
    h("p", { class: "muted sh-legend" }, "$ = MC a turn with power · P = power it uses · D = defender places. Tap a card to read it."),
    v.hand.length ? h("div", { class: "hand" }, v.hand.map((c) => {
      const acts = actionsFor(g, c.id);
      const note = building && c.why_not ? "can't play now" : c.if_played ? `income → +${c.if_played.income}` : null;
      return h("button", {
        type: "button", class: `hand-card kind-${c.kind}${acts.length ? " playable" : ""}${building && c.why_not ? " blocked" : ""}`,
        onclick: () => cardDialog(c, "hand"),
      }, h("span", { class: "name" }, c.name), h("span", { class: "sr-only" }, ", "),
      h("span", { class: "kind" }, `${KIND_NAMES[c.kind]} · ${statLine(c)}`),
      note ? h("span", { class: "sh-note" }, h("span", { class: "sr-only" }, ", "), note) : null,
      acts.length ? h("span", { class: "sr-only" }, `, can be played (${acts.length} ${acts.length === 1 ? "way" : "ways"})`) : null);
    })) : h("p", { class: "muted" }, "Empty."));
}

/** @param {SpaceholeView} v */
function peek(v) {
  const { h } = shell;
  if (!v.peek || !v.peek.length) return null;
  return h("section", { class: "peek", "aria-labelledby": "peek-title" },
    h("h2", { id: "peek-title" }, "Scouted: the next cards, in order"),
    h("ol", {}, v.peek.map((c) => h("li", {}, h("button", { type: "button", class: "linkish", onclick: () => cardDialog(c, "peek") }, `${c.name} (${KIND_NAMES[c.kind]})`)))));
}

/** @param {SpaceholeView} v */
function discard(v) {
  const { h } = shell;
  const left = v.deck_remaining;
  // The list is made when the pile is opened: late in a game it is long, and taps are many.
  const list = h("div", {});
  const box = h("details", { class: "discard", ontoggle: () => {
    if (!box.open || list.childNodes.length) return;
    shell.fill(list, v.discard.length ? h("ul", {}, v.discard.map((c) => h("li", {}, h("button", { type: "button", class: "linkish", onclick: () => cardDialog(c, "discard") }, c.name))))
      : h("p", { class: "muted" }, "Empty."));
  } },
  h("summary", {}, `Discard pile (${v.discard.length}) · left in deck: ${left.structure} structures, ${left.defender} defenders, ${left.invader} invaders, ${left.event} events`),
  list);
  return box;
}

function ruleRefsOn() {
  try { return localStorage.getItem(RULE_REFS_KEY) === "1"; } catch { return false; }
}

function ruleRefs() {
  const { h } = shell;
  return h("label", { class: "sh-toggle" },
    h("input", { type: "checkbox", id: "rule-refs", checked: ruleRefsOn(), onchange: (e) => {
      try { localStorage.setItem(RULE_REFS_KEY, e.target.checked ? "1" : "0"); } catch { /* private mode */ }
      if (current) showRuleRefs(current.view);
    } }),
    " Show rule references in the log");
}

/** The shell draws the log from view.log (in the player's words); with the toggle on, the
 * same lines with their rulebook references (view.log_refs).
 * @param {SpaceholeView} v */
function showRuleRefs(v) {
  const log = document.getElementById("log");
  if (!log || !v.log_refs) return;
  const lines = ruleRefsOn() ? v.log_refs : v.log;
  // The shell shows the log's last lines, each marked with its place in the whole log.
  for (const li of /** @type {NodeListOf<HTMLElement>} */ (log.querySelectorAll("li[data-n]"))) {
    const n = Number(li.dataset.n);
    if (n < lines.length) li.textContent = String(lines[n]);
  }
}

/** @param {number[]} values */
function dice(values) {
  const { h } = shell;
  return h("span", { class: "dice" }, values.map((d) => h("span", { class: `die${d === 1 ? " hit" : ""}`, role: "img", "aria-label": d === 1 ? "1, a hit" : String(d) }, String(d))));
}

/**
 * @param {number} n
 * @param {string} word
 */
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * @param {SpaceholeView} v
 * @param {boolean} fresh
 */
function battle(v, fresh) {
  const { h } = shell;
  const b = v.last_battle;
  if (!b) return null;
  const force = b.invader.force;
  const result = { destroyed: "destroyed", withdrew: `withdrew after ${plural(b.rounds.length, "round")}`, "base destroyed": `destroyed the ${baseName(v)}` }[b.result] || b.result;
  const lost = b.lost && b.lost.length ? `Lost: ${b.lost.join(", ")}.` : "No card lost.";
  // Closed to its one line while there is a decision to make (its dice a tap away); open once
  // the game is over, when the battle that ended it is the thing to see.
  return h("details", { class: `battle${fresh ? " fresh" : ""}`, id: "battle", open: v.over || null },
    h("summary", {}, `Battle: ${b.invader.name} (Force ${force}) · ${result}`),
    h("p", { class: "muted sh-dice-note" }, "Every die showing 1 is a hit."),
    h("ol", { class: "rounds" }, b.rounds.map((r, n) => {
      const ours = b.colony_hits ? b.colony_hits[n] : 0;
      const li = h("li", {},
        h("div", { class: "round-title" }, `Round ${n + 1}`),
        h("div", { class: "side" }, h("span", { class: "who" }, `${b.invader.name}:`), dice(r.invader_dice),
          h("span", { class: "hits" }, r.hits_on.length ? `${plural(r.hits_on.length, "hit")}: on ${r.hits_on.join(", ")}` : "no hits")),
        r.colony_dice.map((c) => h("div", { class: "side" }, h("span", { class: "who" }, `${c.name}:`), dice(c.dice))),
        h("div", { class: "sh-round-result" }, `${ours ? `Your ${plural(ours, "hit")}` : "No hit from you"}: ${b.invader.name} ${r.invader_damage ? `has lost ${r.invader_damage} of its ${force} Force` : `keeps its ${force} Force`}.`));
      li.style.setProperty("--round", String(n)); // CSSOM, allowed by the page's CSP
      return li;
    })),
    h("p", { class: "sh-battle-end" }, `${b.invader.name}: ${result}. ${lost}`));
}

/** @param {ShownCard} c */
function statLine(c) {
  if (c.kind === "defender" || c.kind === "invader") return `Force ${c.current_force ?? c.force}`;
  if (c.kind === "event") return "Event";
  if (c.kind === "base") return "Power 5 · laser";
  const parts = [];
  if (c.income) parts.push(`$${c.income}`);
  if (c.power) parts.push(`P${c.power}`);
  if (c.defenders) parts.push(`+${c.defenders} D`);
  if (c.key === "laser_turret") parts.push("laser");
  return parts.join(" · ") || (c.key === "solar_array" ? "Power +5" : "—");
}

/**
 * @param {SpaceholeGame} g
 * @param {number} cardId
 * @returns {SpaceholeChoice[]}
 */
function actionsFor(g, cardId) {
  return g.actions.filter((a) => a.fields && (a.fields.card === cardId || a.fields.replacing === cardId));
}

/**
 * @param {ShownCard} c
 * @param {string} where where the card is: "hand", "play", "peek", "discard" or "pending"
 */
function cardDialog(c, where) {
  const { h } = shell;
  const g = current;
  const v = g.view;
  const acts = g.mode === "play" ? actionsFor(g, c.id) : [];
  const facts = [KIND_NAMES[c.kind], statLine(c)];
  if (c.max_damage) facts.push(`damage ${c.damage}/${c.max_damage}`);
  if (poweredIds(v).has(c.id)) facts.push(v.projection ? "gets power this turn" : "had power last turn");
  // A hand card the engine does not let you play now: its reason, from the engine (the view
  // carries the text of IllegalActionError for each hand card during the Build Phase).
  const why = where === "hand" && g.mode === "play" && !g.over && c.why_not && !acts.some((a) => a.kind === "Play") ? c.why_not : null;
  const gain = where === "hand" && c.if_played ? `Played now: income this turn +${c.if_played.income} MC, power ${c.if_played.power_used}/${c.if_played.supply}.` : null;
  shell.openDialog(c.name, h("div", { class: "card-rules" },
    h("p", { class: "muted" }, facts.filter(Boolean).join(" · ")),
    h("p", { class: "rules-text", id: "card-effect" }, c.effect || c.text),
    gain ? h("p", { class: "sh-gain" }, gain) : null,
    why ? h("p", { class: "warn", id: "why-not" }, `Why can't I play this? ${why}`) : null,
    acts.length ? h("div", { class: "choices" }, acts.map((a) => h("button", {
      type: "button", class: "btn choice", onclick: () => { shell.dialog.close(); shell.act(a.i); },
    }, a.label))) : null,
  ), [h("button", { type: "submit", class: "btn", value: "close" }, "Close")]);
}

// ---------------------------------------------------------------------------- the colony's tiles

/** The shell asks again when the page's size or theme changes: the browser lays the tiles
 * out, so this only shows the current game again.
 * @param {SpaceholeGame} g */
export function redraw(g) {
  draw(g);
}

/** @param {SpaceholeGame} g */
function draw(g) {
  if (!boardBox || !g || !g.view) return;
  const v = g.view;
  const cards = v.in_play;
  const powered = poweredIds(v);
  const defenders = cards.filter((c) => c.kind === "defender").length;
  const marks = v.projection ? " · P = power" : "";
  boardBox.firstChild.textContent = `Colony · ${cards.length} card${cards.length !== 1 ? "s" : ""} · defenders ${defenders}/${v.defender_cap} (D)${marks}`;
  const wanted = cards.map((card) => {
    // What the tile shows (the power mark is handled below): not the whole card, whose rules
    // text would make some 50 KB of strings a tap late in a game.
    const shown = `${card.kind}|${card.name}|${statLine(card)}|${card.damage || 0}|${card.max_damage || 0}`;
    let tile = tiles.get(card.id);
    if (!tile || tile.shown !== shown) {
      const node = cardTile(card);
      if (tile) tile.node.replaceWith(node);
      tile = { node, shown };
      tiles.set(card.id, tile);
    }
    // The power mark changes often during a Build (each card played moves the power): it is
    // a class, drawn without moving anything, so the tile is not laid out again.
    tile.node.classList.toggle("powered", powered.has(card.id));
    return tile.node;
  });
  // Cards that left play lose their tile; the rest keep theirs, in the colony's order.
  const ids = new Set(cards.map((c) => c.id));
  for (const id of tiles.keys()) if (!ids.has(id)) tiles.delete(id);
  place(/** @type {HTMLElement} */ (boardBox.lastChild), wanted);
}

/** @param {SpaceholeInPlayCard} card */
function cardTile(card) {
  const { h } = shell;
  const damage = card.damage || 0;
  let bar = null;
  if (card.max_damage > 0) {
    bar = h("span", { class: "sh-bar" }, h("span", {}));
    // Set through the CSSOM: the page's CSP refuses style attributes.
    bar.firstChild.style.width = `${(100 * Math.min(damage, card.max_damage)) / card.max_damage}%`;
  }
  return h("div", { class: `sh-tile tile-${card.kind}`, onclick: () => onTileTap(card.id) },
    h("span", { class: "sh-tile-name" }, String(card.name)),
    h("span", { class: "sh-tile-stat" }, statLine(card)),
    h("span", { class: "sh-tile-power" }, "P"),
    bar ? h("span", { class: `sh-tile-damage${damage ? " hurt" : ""}` }, bar, `damage ${damage}/${card.max_damage}`) : null);
}

/** @param {number} id */
function onTileTap(id) {
  const card = current ? current.view.in_play.find((c) => c.id === id) : null;
  if (card) cardDialog(card, "play");
}
