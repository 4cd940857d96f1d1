// The game screen (Spacehole): counters, the decision with every legal choice, the colony on a
// canvas, the hand, battles round by round with their dice, the log, card rules on tap.
// Every choice button is one of model.actions (the engine's legal_actions), nothing else.
let ui = null;
let current = null;
let lastBattleKey = null;

const STEP_NAMES = {
  start: "Space Karma: draw", build: "Build", virus: "Event: Space Virus",
  reinforce: "Event: Reinforcements", salvage: "Event: Repairs",
  discard: "Hand limit", dismiss: "Defender cap", over: "Game over",
};
const KIND_NAMES = { base: "Base", structure: "Structure", defender: "Defender", invader: "Invader", event: "Event" };
const TOTAL_TURNS = 96;

export function renderGame(root, g, tools) {
  ui = tools;
  const previous = current;
  current = g;
  const { h } = tools;
  const v = g.view;
  root.dataset.at = String(g.at);
  root.dataset.mode = g.mode;
  const replay = g.mode === "replay";
  const battleKey = v.last_battle ? JSON.stringify(v.last_battle) : null;
  const freshBattle = battleKey && previous && battleKey !== lastBattleKey;
  lastBattleKey = battleKey;

  const head = h("div", { class: "game-head" },
    h("h1", { id: "game-title" }, v.skin === "babylon5" ? "Spacehole · Babylon 5" : g.title, replay ? " — replay" : ""),
    h("div", { class: "game-tools" },
      replay ? null : h("button", { type: "button", class: "btn", id: "undo", disabled: !g.undo, onclick: () => ui.run("undo"),
        "aria-keyshortcuts": "U", title: g.undo ? "Undo (U)" : "Nothing to undo since the last card or die" }, "Undo"),
      h("button", { type: "button", class: "btn", id: "share", onclick: () => tools.share() }, "Share")));

  const main = h("div", { class: "game-main" },
    counters(v),
    h("canvas", { id: "board", role: "img", "aria-label": colonyLabel(v), onclick: onBoardTap }),
    colonyList(v),
    hand(v, g),
    peek(v),
    discard(v));
  const side = h("div", { class: "game-side" },
    g.over ? endPanel(g) : decide(g),
    battle(v, freshBattle),
    logBox(v));
  tools.fill(root, head, replay ? replayBar(g) : null, h("div", { class: "game-grid" }, side, main));
  const log = document.getElementById("log");
  log.scrollTop = log.scrollHeight;
  announce(previous, g);
  drawBoard();
}

function announce(previous, g) {
  // Screen readers hear what just happened: the log lines added since the last screen.
  const live = document.getElementById("announce");
  if (!live) return;
  const before = previous && previous.mode === g.mode && previous.at < g.at ? previous.view.log.length : g.view.log.length;
  live.textContent = g.view.log.slice(before).join(" ");
}

function counters(v) {
  const { h } = ui;
  // At the draw decision (and at the end) these are the figures of the turn just played.
  const computed = (v.step === "start" && v.turn > 1) || v.over;
  const base = v.in_play.find((c) => c.kind === "base") || { damage: 0, max_damage: v.options.base_hits };
  const items = [
    ["MC", String(v.mc), "mc"],
    // Power and income are worked out in the Power and Income phases, after the build.
    [computed ? "Last income" : "Income", computed ? `+${v.income}` : "—", "income"],
    ["Power", `${computed ? v.power_used : "—"}/${v.supply}`, "power"],
    ["Base dmg", `${base.damage}/${base.max_damage}`, "base", base.damage >= base.max_damage - 2 && base.damage > 0],
    ["Turn", `${v.turn}/${TOTAL_TURNS}`, "turn"],
    ["Deck", String(v.deck_count), "deck"],
  ];
  return h("dl", { class: "counters", "aria-label": "Counters" },
    items.map(([label, value, id, bad]) => h("div", { class: bad ? "bad" : null, id: `count-${id}` },
      h("dt", {}, label), h("dd", {}, value))));
}

function colonyLabel(v) {
  return `Colony in play: ${v.in_play.map((c) => c.name + (c.damage ? ` (damage ${c.damage})` : "")).join(", ")}`;
}

function colonyList(v) {
  const { h } = ui;
  // The same cards as real buttons, for keyboards and screen readers (shown on focus).
  return h("ul", { class: "sr-list", "aria-label": "Colony cards" },
    v.in_play.map((c) => h("li", {}, h("button", { type: "button", class: "btn", onclick: () => cardDialog(c, "play") },
      `${c.name}${c.damage ? `, damage ${c.damage}` : ""}${c.powered ? ", powered" : ""}`))));
}

function hand(v, g) {
  const { h } = ui;
  return h("section", { class: "hand-box", "aria-labelledby": "hand-title" },
    h("h2", { id: "hand-title" }, `Hand (${v.hand.length}/${v.hand_limit})`),
    v.hand.length ? h("div", { class: "hand" }, v.hand.map((c) => {
      const acts = actionsFor(g, c.id);
      return h("button", {
        type: "button", class: `hand-card kind-${c.kind}${acts.length ? " playable" : ""}`,
        "aria-label": `${c.name}, ${KIND_NAMES[c.kind]}${acts.length ? `, ${acts.map((a) => a.label).join(", ")}` : ""}`,
        onclick: () => cardDialog(c, "hand"),
      }, h("span", { class: "name" }, c.name), h("span", { class: "kind" }, `${KIND_NAMES[c.kind]} · ${statLine(c)}`));
    })) : h("p", { class: "muted" }, "Empty."));
}

function peek(v) {
  const { h } = ui;
  if (!v.peek || !v.peek.length) return null;
  return h("section", { class: "peek", "aria-labelledby": "peek-title" },
    h("h2", { id: "peek-title" }, "Scouted: the next cards, in order"),
    h("ol", {}, v.peek.map((c) => h("li", {}, h("button", { type: "button", class: "linkish", onclick: () => cardDialog(c, "peek") }, `${c.name} (${KIND_NAMES[c.kind]})`)))));
}

function discard(v) {
  const { h } = ui;
  const left = v.deck_remaining;
  return h("details", { class: "discard" },
    h("summary", {}, `Discard pile (${v.discard.length}) · left in deck: ${left.structure} structures, ${left.defender} defenders, ${left.invader} invaders, ${left.event} events`),
    v.discard.length ? h("ul", {}, v.discard.map((c) => h("li", {}, h("button", { type: "button", class: "linkish", onclick: () => cardDialog(c, "discard") }, c.name)))) : h("p", { class: "muted" }, "Empty."));
}

function decide(g) {
  const { h } = ui;
  const v = g.view;
  const d = v.decision;
  const replay = g.mode === "replay";
  return h("section", { class: "decide", id: "decide", "aria-labelledby": "decide-title" },
    h("h2", { id: "decide-title" }, `Turn ${v.turn} · ${STEP_NAMES[d.kind] || d.kind}`),
    replay ? h("p", { class: "muted" }, g.last_action ? `Step ${g.step}: ${g.last_action}` : "The start of the game.") : h("p", { class: "prompt" }, d.prompt),
    v.pending ? h("p", { class: "pending" }, "Drawn: ",
      h("button", { type: "button", class: `linkish kind-${v.pending.kind}`, onclick: () => cardDialog(v.pending, "pending") }, `${v.pending.name} (${KIND_NAMES[v.pending.kind]})`)) : null,
    replay ? null : h("div", { class: "choices", role: "group", "aria-label": "Your choices" },
      g.actions.map((a, n) => h("button", {
        type: "button", class: `btn choice${a.kind === "Draw" ? " primary" : ""}`, "data-action": a.i,
        "aria-keyshortcuts": n < 9 ? String(n + 1) : null,
        onclick: () => ui.run("act", a.i, g.at),
      }, n < 9 ? h("kbd", { "aria-hidden": "true" }, String(n + 1)) : null, a.label))));
}

function dice(values) {
  const { h } = ui;
  return h("span", { class: "dice" }, values.map((d) => h("span", { class: `die${d === 1 ? " hit" : ""}`, "aria-label": d === 1 ? "1, a hit" : String(d) }, String(d))));
}

function battle(v, fresh) {
  const { h } = ui;
  const b = v.last_battle;
  if (!b) return null;
  const result = { destroyed: "destroyed", withdrew: "withdrew", base_destroyed: "destroyed the Base" }[b.result] || b.result;
  // The engine keeps only this turn's battle: show it open, animated when it just happened.
  return h("details", { class: `battle${fresh ? " fresh" : ""}`, id: "battle", open: true },
    h("summary", {}, `Last battle: ${b.invader.name} (Force ${b.invader.force}) ${result ? "· " + result : ""}`),
    h("ol", { class: "rounds" }, b.rounds.map((r, n) => h("li", { style: `--round:${n}` },
      h("div", { class: "round-title" }, `Round ${n + 1}`),
      h("div", { class: "side" }, h("span", { class: "who" }, `${b.invader.name}:`), dice(r.invader_dice),
        h("span", { class: "hits" }, r.hits_on.length ? ` → hits ${r.hits_on.join(", ")}` : " → no hits")),
      r.colony_dice.map((c) => h("div", { class: "side" }, h("span", { class: "who" }, `${c.name}:`), dice(c.dice))),
      h("div", { class: "hits" }, `Invader takes ${r.invader_damage} damage`)))));
}

function logBox(v) {
  const { h } = ui;
  return h("section", { class: "log-box", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, "Log"),
    h("div", { role: "log", "aria-labelledby": "log-title" },
      h("ol", { class: "log", id: "log", tabindex: "0", "aria-label": "Game log, every roll" },
        v.log.map((line) => h("li", { class: /^(Turn|—)/.test(line) ? "turn-line" : null }, String(line))))));
}

function replayBar(g) {
  const { h, run } = ui;
  return h("nav", { class: "replay-bar", "aria-label": "Step through the game" },
    h("button", { type: "button", class: "btn", id: "step-first", onclick: () => run("step", 0), disabled: g.step === 0, "aria-label": "First step" }, "|◀"),
    h("button", { type: "button", class: "btn", id: "step-prev-turn", onclick: () => run("step", turnStep(g, -1)), disabled: g.step === 0, "aria-label": "Previous turn" }, "«"),
    h("button", { type: "button", class: "btn", id: "step-prev", onclick: () => run("step", g.step - 1), disabled: g.step === 0, "aria-label": "Previous step" }, "◀"),
    h("span", { class: "step-count", "aria-live": "polite" }, `Step ${g.step} of ${g.steps}`),
    h("button", { type: "button", class: "btn", id: "step-next", onclick: () => run("step", g.step + 1), disabled: g.step === g.steps, "aria-label": "Next step" }, "▶"),
    h("button", { type: "button", class: "btn", id: "step-next-turn", onclick: () => run("step", turnStep(g, 1)), disabled: g.step === g.steps, "aria-label": "Next turn" }, "»"),
    h("button", { type: "button", class: "btn", id: "step-last", onclick: () => run("step", g.steps), disabled: g.step === g.steps, "aria-label": "Last step" }, "▶|"),
    h("button", { type: "button", class: "btn", id: "fork", onclick: () => run("fork") }, "Play on from here"));
}

function turnStep(g, direction) {
  // The turn marks are the steps at which a turn begins (a Draw): computed by the controller.
  const marks = g.turn_marks || [];
  if (direction < 0) return [...marks].reverse().find((s) => s < g.step) ?? 0;
  return marks.find((s) => s > g.step) ?? g.steps;
}

function endPanel(g) {
  const { h, run } = ui;
  const v = g.view;
  const score = g.outcome ? g.outcome.scores[0] : 0;
  return h("section", { class: "end", id: "end-screen", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, v.lost ? "The Base is destroyed" : "The deck is spent"),
    h("p", { class: "score", id: "final-score" }, `Score: ${score} MC`),
    h("p", {}, v.lost ? "The colony fell: the game is lost and scores 0." : `Your colony survived all ${v.turn} turns.`),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn primary", onclick: () => ui.share() }, "Share"),
      g.mode === "play" ? h("button", { type: "button", class: "btn", onclick: () => { const l = ui.call("share"); location.hash = l.replay; } }, "Watch the replay") : null,
      h("button", { type: "button", class: "btn", onclick: () => run("home") }, "Home")));
}

function statLine(c) {
  if (c.kind === "defender" || c.kind === "invader") return `Force ${c.current_force ?? c.force}`;
  if (c.kind === "event") return "Event";
  const parts = [];
  if (c.income) parts.push(`$${c.income}`);
  if (c.power) parts.push(`P${c.power}`);
  if (c.defenders) parts.push(`+${c.defenders} def`);
  return parts.join(" · ") || (c.key === "solar_array" ? "Power +5" : "");
}

function actionsFor(g, cardId) {
  return g.actions.filter((a) => a.fields && (a.fields.card === cardId || a.fields.replacing === cardId));
}

function cardDialog(c, where) {
  const { h } = ui;
  const g = current;
  const acts = g.mode === "play" ? actionsFor(g, c.id) : [];
  let why = null;
  // A hand card the engine does not let you play now: say why, in the engine's words.
  if (where === "hand" && g.mode === "play" && !g.over && g.view.decision.kind === "build"
      && (c.kind === "structure" || c.kind === "defender") && !acts.some((a) => a.kind === "Play")) {
    const answer = ui.call("why_not", [3, c.id, -1]);
    if (!answer.legal) why = answer.why;
  }
  const facts = [KIND_NAMES[c.kind], statLine(c)];
  if (c.max_damage) facts.push(`damage ${c.damage}/${c.max_damage}`);
  if (c.powered) facts.push("powered this turn");
  ui.openDialog(c.name, h("div", { class: "card-rules" },
    h("p", { class: "muted" }, facts.filter(Boolean).join(" · ")),
    h("p", { class: "rules-text" }, c.text),
    why ? h("p", { class: "warn", id: "why-not" }, `Cannot be played now: ${why}`) : null,
    acts.length ? h("div", { class: "choices" }, acts.map((a) => h("button", {
      type: "button", class: "btn choice", onclick: () => { ui.dialog.close(); ui.run("act", a.i, g.at); },
    }, a.label))) : null,
  ), [h("button", { type: "submit", class: "btn", value: "close" }, "Close")]);
}

function onBoardTap(e) {
  if (!current) return;
  const rect = e.currentTarget.getBoundingClientRect();
  const id = JSON.parse(window.starPy.hit(e.clientX - rect.left, e.clientY - rect.top));
  const card = id === null ? null : current.view.in_play.find((c) => c.id === id);
  if (card) cardDialog(card, "play");
}

export function drawBoard() {
  const canvas = document.getElementById("board");
  if (!canvas || !current) return;
  const width = canvas.getBoundingClientRect().width || canvas.parentElement.clientWidth;
  window.starPy.draw(canvas, JSON.stringify(current.view), width, window.devicePixelRatio || 1);
}

let resizeTimer = 0;
addEventListener("resize", () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(drawBoard, 80); });

window.starGameKeys = (e) => {
  if (!current || e.ctrlKey || e.metaKey || e.altKey) return;
  const n = Number(e.key);
  if (current.mode === "play" && n >= 1 && n <= 9 && current.actions[n - 1]) {
    e.preventDefault();
    ui.run("act", current.actions[n - 1].i, current.at);
  } else if ((e.key === "u" || e.key === "U") && current.undo && current.mode === "play") {
    e.preventDefault();
    ui.run("undo");
  } else if (current.mode === "replay" && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
    e.preventDefault();
    ui.run("step", current.step + (e.key === "ArrowLeft" ? -1 : 1));
  }
};
