// Galactic Warfare's panels around the board: the turn and counts, the roll-off, a card window,
// the hand, the odds on the shell's choices, and the panel under the board (a selection, an
// attack's confirm with its odds, a card's confirm), drawn again with the board by paint.
import { CARDS, CARD_BY_NUMBER, COLOURS, FIRST_WORDS, WINDOW_WORDS, actionWords, attackOdds, beyond, diceWords, from,
  homeRank, kept, pct, rankOf, source, sqName, stacksOf, target, ui } from "./state.js";
import { draw, flipped } from "./draw.js";
import { diceEl, sum, words } from "./words.js";
/** @typedef {import("./state.js").WarfareGame} WarfareGame */
/** @typedef {import("./state.js").WarfareView} WarfareView */
/** @typedef {import("./state.js").WarfareChoice} WarfareChoice */

/** Fleet Command's and Hyperdrive's turn said where the player looks: right over the board.
 * @param {WarfareGame} g */
export function modeNote(g) {
  const { h } = ui.shell;
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
 * button opens (DESIGN 5: every legal action a button in #choices, collapsed when long).
 * @param {WarfareGame} g */
export function groupCards(g) {
  const { h } = ui.shell;
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
    list.hidden = ui.cardMode !== card;
    const open = h("button", {
      type: "button", class: "btn wf-card-mode", id: `wf-card-${card}`, "data-card": String(card),
      "aria-expanded": ui.cardMode === card ? "true" : "false", "aria-controls": `wf-ways-${card}`,
      onclick: () => {
        ui.cardMode = ui.cardMode === card ? null : card;
        ui.selected = null;
        ui.confirming = null;
        paint(ui.current);
        for (const el of cardParts(".wf-card-mode")) el.setAttribute("aria-expanded", String(Number(el.dataset.card) === ui.cardMode));
        for (const el of cardParts(".wf-card-ways")) el.hidden = `wf-ways-${ui.cardMode}` !== el.id;
        if (ui.cardMode !== null) { const board = document.getElementById("board"); if (board) keepBoardInView(board); }
      },
    }, `Play ${info[1]}…`, h("span", { class: "wf-sub" }, ` ${acts.length} ways: its ships light up on the board`));
    buttons[0].before(open, list);
    list.append(...buttons);
  }
}

/** The card buttons' parts groupCards made (HTML elements: their ``hidden`` and ``dataset``).
 * @param {string} sel
 * @returns {NodeListOf<HTMLElement>} */
const cardParts = (sel) => document.querySelectorAll(sel);

/** @param {HTMLElement} board */
function keepBoardInView(board) {
  requestAnimationFrame(() => {
    const r = board.getBoundingClientRect();
    if (r.top < 0 || r.top > window.innerHeight * 0.5) board.scrollIntoView({ block: "start", behavior: "instant" });
  });
}

/** The shell's buttons in #choices play an attack at once: they carry its odds too, so the
 * chance is on screen before any attack is committed, by tap or by keyboard.
 * @param {WarfareGame} g */
export function oddsOnChoices(g) {
  const { h } = ui.shell;
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

/** @param {WarfareGame} g */
export function legendText(g) {
  return (flipped(g) ? "Bottom row: Blue's home planet. Top row: White's home planet. Blue moves up."
    : "Bottom row: White's home planet. Top row: Blue's home planet. White moves up, Blue down.")
    + " Dashed cyan frames: the last move. Gold frame: the stack you selected.";
}

/** @param {WarfareGame} g */
export function banner(g) {
  const { h } = ui.shell;
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

/** The counts in one line (a phone keeps the board in view); tapped, each in full words.
 * @param {WarfareView} v */
export function counters(v) {
  const { h } = ui.shell;
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

/** @param {WarfareGame} g */
export function rolloff(g) {
  const { h } = ui.shell;
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
      onclick: (e) => ui.shell.act(a.i, e),
    }, h("strong", {}, FIRST_WORDS[a.fields.choice]), h("span", { class: "wf-sub" }, consequence(a.fields.choice)))))
      : h("p", { class: "muted" }, seat && seat.computer ? `${COLOURS[chooser]} (computer) is choosing…` : `Waiting for ${COLOURS[chooser]} to choose.`));
}

/** A card window, compact (a phone keeps the board under it in view): what is at stake in a
 * line, the odds as the cards played so far leave them, and the cards to play or pass.
 * @param {WarfareGame} g */
export function windowPanel(g) {
  const { h } = ui.shell;
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
      onclick: (e) => ui.shell.act(a.i, e),
    }, a.kind === "PassWindow" ? (a.fields.stop_off ? "Pass, and stop asking me here" : "Pass") : actionWords(g, a)))) : null);
}

/** @param {WarfareGame} g */
export function cardsPanel(g) {
  const { h } = ui.shell;
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

/**
 * @param {string} key
 * @param {WarfareChoice[]} acts
 */
function cardDialog(key, acts) {
  const { h } = ui.shell;
  const info = CARDS[key];
  ui.shell.openDialog(info[1], h("div", { class: "card-rules" },
    h("p", { class: "muted" }, `When: ${info[2]}`),
    h("p", { class: "rules-text" }, info[3]),
    acts.length ? h("div", { class: "choices" }, acts.map((a) => h("button", {
      type: "button", class: "btn choice primary", onclick: () => { ui.shell.dialog.close(); ui.shell.act(a.i); },
    }, actionWords(ui.current, a)))) : h("p", { class: "muted" }, "Not playable right now.")),
  [h("button", { type: "submit", class: "btn", value: "close" }, "Close")]);
}

// ---------------------------------------------------------------------------- the panel under the board

/**
 * @param {WarfareGame} g
 * @param {boolean} [fresh]
 */
export function paint(g, fresh = false) {
  panel(g);
  const w = document.getElementById("wf-words");
  if (w && !fresh) w.replaceWith(words(g));
  cancelAnimationFrame(ui.animFrame);
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (fresh && ui.motion && ui.motion.from && ui.motion.to && ui.motion.animate && !reduce) {
    const start = performance.now();
    const step = (now) => {
      const t = Math.min(1, (now - start) / 380);
      draw(g, t);
      if (t < 1) ui.animFrame = requestAnimationFrame(step);
    };
    draw(g, 0);
    ui.animFrame = requestAnimationFrame(step);
  } else draw(g, 1);
}

/** @param {WarfareGame} g */
function panel(g) {
  const box = document.getElementById("wf-panel");
  if (!box) return;
  const { h, fill } = ui.shell;
  const v = g.view;
  if (g.over || g.mode !== "play") { fill(box); box.hidden = true; return; }
  box.hidden = false;
  if (ui.confirming && ui.confirming.kind === "PlayCard") {
    // A card played from the board (Evasive Maneuver, Planetary Defense Grid): one more tap.
    const key = CARD_BY_NUMBER[ui.confirming.fields.card];
    const info = CARDS[key];
    fill(box, h("section", { class: "wf-confirm", id: "wf-confirm", "aria-labelledby": "wf-confirm-title" },
      h("h2", { id: "wf-confirm-title" }, `${actionWords(g, ui.confirming)}?`),
      h("p", { class: "muted" }, `${info[1]} (${info[2]}): ${info[3]}`),
      h("div", { class: "choices" },
        h("button", { type: "button", class: "btn primary", id: "wf-play", onclick: (e) => ui.shell.act(ui.confirming.i, e) }, `Play ${info[1]}`),
        h("button", { type: "button", class: "btn", id: "wf-cancel", onclick: () => { ui.confirming = null; paint(g); } }, "Cancel"))));
    keepInView();
    return;
  }
  if (ui.confirming) {
    const f = ui.confirming.fields;
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
        h("button", { type: "button", class: "btn primary", id: "wf-attack", onclick: (e) => ui.shell.act(ui.confirming.i, e) }, `Attack (${pct(odds.chance)})`),
        h("button", { type: "button", class: "btn", id: "wf-cancel", onclick: () => { ui.confirming = null; paint(g); } }, "Cancel")),
      h("details", { class: "wf-what-if", ...kept("what-if") }, h("summary", {}, "What a win or a loss does"),
        h("p", { class: "muted" }, `Win: ${tgt} is captured and your stack moves to ${land}${invade ? " as an invader" : ""}`
          + `${odds.attacker.size < 4 ? ", gaining a power-up" : ""}. Lose: your stack retreats to your home row, on a square ${them} chooses (removed if your home row is full).`
          + (v.cards ? " Cards played in the battle can change the dice." : "")))));
    keepInView();
    return;
  }
  const notes = situationNotes(g);
  if (ui.selected) {
    const acts = from(g, ui.selected);
    const s = stacksOf(v).get(ui.selected);
    fill(box, h("section", { class: "wf-selected", "aria-label": "Selected stack" },
      h("p", {}, h("strong", {}, `${s ? COLOURS[s.owner] : ""} ${ui.selected}${s ? `, ${s.size === 1 ? "1 ship" : `stack of ${s.size}`}` : ""}`),
        acts.length ? ": tap a lit square, or choose here." : ": no move for it now."),
      acts.length ? h("div", { class: "choices" }, acts.map((a) => h("button", {
        type: "button", class: `btn${a.kind === "Attack" ? " wf-btn-attack" : ""}`, "data-target": target(a) || "",
        onclick: (e) => choose(g, a, e),
      }, actionWords(g, a)))) : null,
      h("button", { type: "button", class: "btn small", onclick: () => { ui.selected = null; paint(g); } }, "Deselect")),
    notes);
    return;
  }
  if (ui.cardMode !== null) {
    const info = CARDS[CARD_BY_NUMBER[ui.cardMode]] || [ui.cardMode, "the card", "", ""];
    fill(box, h("section", { class: "wf-selected", id: "wf-card-hint", "aria-label": info[1] },
      h("p", {}, h("strong", {}, `${info[1]}: `), `tap one of the purple-ringed ships, then the square it steps to. ${info[3]}`),
      h("button", { type: "button", class: "btn small", id: "wf-card-cancel", onclick: () => { ui.cardMode = null; for (const el of cardParts(".wf-card-ways")) el.hidden = true; for (const el of cardParts(".wf-card-mode")) el.setAttribute("aria-expanded", "false"); paint(g); } }, "Cancel")),
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

/** @param {WarfareGame} g */
function situationNotes(g) {
  const { h } = ui.shell;
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

/**
 * @param {WarfareGame} g
 * @param {WarfareChoice} a
 * @param {Event} [event]
 */
export function choose(g, a, event) {
  if (a.kind === "Attack" || a.kind === "PlayCard") {
    ui.confirming = a;
    paint(g);
    const btn = document.getElementById(a.kind === "Attack" ? "wf-attack" : "wf-play");
    if (btn) btn.focus({ preventScroll: true });
    return;
  }
  ui.shell.act(a.i, event);
}
