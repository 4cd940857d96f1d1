// Spacehole's screen: counters, the colony on a canvas, the hand, scouted cards, the discard
// pile, what was drawn and the battle round by round with its dice (at the top, where the
// player looks), card rules on tap. Every action offered is one of g.actions (legal_actions).

const KIND_NAMES = { base: "Base", structure: "Structure", defender: "Defender", invader: "Invader", event: "Event" };
let shell = null;
let current = null;

export function title(g) {
  return g.view && g.view.skin === "babylon5" ? "Spacehole · Babylon 5" : g.title;
}

export function prompt(g) {
  return g.view && g.view.decision ? g.view.decision.prompt : null;
}

export function endTitle(g) {
  return g.view && g.view.lost ? "The Base is destroyed" : "The deck is spent";
}

export function endDetail(g) {
  const { h } = shell;
  const v = g.view;
  const score = g.outcome ? g.outcome.scores[0] : 0;
  return h("div", {},
    h("p", { class: "score", id: "final-score" }, `Score: ${score} MC`),
    h("p", {}, v.lost ? "The colony fell: the game is lost and scores 0." : `Your colony survived all ${v.turn} turns.`));
}

/** What the last tap did, shown above the decision: the card drawn and the battle it caused. */
export function news(g, tools, previous) {
  shell = tools;
  const { h } = tools;
  const v = g.view;
  if (!v) return null;
  const battleKey = v.last_battle ? JSON.stringify(v.last_battle) : null;
  const oldKey = previous && previous.view && previous.view.last_battle ? JSON.stringify(previous.view.last_battle) : null;
  const fresh = Boolean(battleKey && previous && battleKey !== oldKey);
  const drawn = v.pending ? h("p", { class: "pending" }, "Drawn: ",
    h("button", { type: "button", class: `linkish kind-${v.pending.kind}`, onclick: () => cardDialog(v.pending, "pending") },
      `${v.pending.name} (${KIND_NAMES[v.pending.kind]})`)) : null;
  return drawn || v.last_battle ? h("div", {}, drawn, battle(v, fresh)) : null;
}

export function render(area, g, tools) {
  shell = tools;
  current = g;
  const { h } = tools;
  const v = g.view;
  tools.fill(area,
    counters(v),
    h("canvas", { id: "board", role: "img", "aria-label": colonyLabel(v), onclick: onBoardTap }),
    colonyList(v),
    hand(v, g),
    peek(v),
    discard(v));
  redraw(g);
}

function counters(v) {
  const { h } = shell;
  // At the draw decision (and at the end) these are the figures of the turn just played.
  const computed = (v.step === "start" && v.turn > 1) || v.over;
  const base = v.in_play.find((c) => c.kind === "base") || { damage: 0, max_damage: v.options.base_hits };
  const items = [
    ["MC", String(v.mc), "mc"],
    [computed ? "Last income" : "Income", computed ? `+${v.income}` : "—", "income"],
    ["Power", `${computed ? v.power_used : "—"}/${v.supply}`, "power"],
    ["Base dmg", `${base.damage}/${base.max_damage}`, "base", base.damage >= base.max_damage - 2 && base.damage > 0],
    ["Turn", String(v.turn), "turn"],
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
  const { h } = shell;
  // The same cards as real buttons, for keyboards and screen readers (shown on focus).
  return h("ul", { class: "sr-list", "aria-label": "Colony cards" },
    v.in_play.map((c) => h("li", {}, h("button", { type: "button", class: "btn", onclick: () => cardDialog(c, "play") },
      `${c.name}${c.damage ? `, damage ${c.damage}` : ""}${c.powered ? ", powered" : ""}`))));
}

function hand(v, g) {
  const { h } = shell;
  return h("section", { class: "hand-box", "aria-labelledby": "hand-title" },
    h("h2", { id: "hand-title" }, `Hand (${v.hand.length}/${v.hand_limit})`),
    v.hand.length ? h("div", { class: "hand" }, v.hand.map((c) => {
      const acts = actionsFor(g, c.id);
      // The accessible name is the visible text, then what can be done with the card.
      return h("button", {
        type: "button", class: `hand-card kind-${c.kind}${acts.length ? " playable" : ""}`,
        onclick: () => cardDialog(c, "hand"),
      }, h("span", { class: "name" }, c.name), h("span", { class: "kind" }, `${KIND_NAMES[c.kind]} · ${statLine(c)}`),
      acts.length ? h("span", { class: "sr-only" }, `, ${acts.map((a) => a.label).join(", ")}`) : null);
    })) : h("p", { class: "muted" }, "Empty."));
}

function peek(v) {
  const { h } = shell;
  if (!v.peek || !v.peek.length) return null;
  return h("section", { class: "peek", "aria-labelledby": "peek-title" },
    h("h2", { id: "peek-title" }, "Scouted: the next cards, in order"),
    h("ol", {}, v.peek.map((c) => h("li", {}, h("button", { type: "button", class: "linkish", onclick: () => cardDialog(c, "peek") }, `${c.name} (${KIND_NAMES[c.kind]})`)))));
}

function discard(v) {
  const { h } = shell;
  const left = v.deck_remaining;
  return h("details", { class: "discard" },
    h("summary", {}, `Discard pile (${v.discard.length}) · left in deck: ${left.structure} structures, ${left.defender} defenders, ${left.invader} invaders, ${left.event} events`),
    v.discard.length ? h("ul", {}, v.discard.map((c) => h("li", {}, h("button", { type: "button", class: "linkish", onclick: () => cardDialog(c, "discard") }, c.name)))) : h("p", { class: "muted" }, "Empty."));
}

function dice(values) {
  const { h } = shell;
  return h("span", { class: "dice" }, values.map((d) => h("span", { class: `die${d === 1 ? " hit" : ""}`, "aria-label": d === 1 ? "1, a hit" : String(d) }, String(d))));
}

function battle(v, fresh) {
  const { h } = shell;
  const b = v.last_battle;
  if (!b) return null;
  const result = { destroyed: "destroyed", withdrew: "withdrew", base_destroyed: "destroyed the Base" }[b.result] || b.result;
  return h("details", { class: `battle${fresh ? " fresh" : ""}`, id: "battle", open: true },
    h("summary", {}, `Battle: ${b.invader.name} (Force ${b.invader.force})${result ? ` · ${result}` : ""}`),
    h("ol", { class: "rounds" }, b.rounds.map((r, n) => {
      const li = h("li", {},
        h("div", { class: "round-title" }, `Round ${n + 1}`),
        h("div", { class: "side" }, h("span", { class: "who" }, `${b.invader.name}:`), dice(r.invader_dice),
          h("span", { class: "hits" }, r.hits_on.length ? ` → hits ${r.hits_on.join(", ")}` : " → no hits")),
        r.colony_dice.map((c) => h("div", { class: "side" }, h("span", { class: "who" }, `${c.name}:`), dice(c.dice))),
        h("div", { class: "hits" }, `Invader takes ${r.invader_damage} damage`));
      li.style.setProperty("--round", String(n)); // CSSOM, allowed by the page's CSP
      return li;
    })));
}

function statLine(c) {
  if (c.kind === "defender" || c.kind === "invader") return `Force ${c.current_force ?? c.force}`;
  if (c.kind === "event") return "Event";
  if (c.kind === "base") return "Power 5 · laser";
  const parts = [];
  if (c.income) parts.push(`$${c.income}`);
  if (c.power) parts.push(`P${c.power}`);
  if (c.defenders) parts.push(`+${c.defenders} def`);
  if (c.key === "laser_turret") parts.push("laser");
  return parts.join(" · ") || (c.key === "solar_array" ? "Power +5" : "—");
}

function actionsFor(g, cardId) {
  return g.actions.filter((a) => a.fields && (a.fields.card === cardId || a.fields.replacing === cardId));
}

async function cardDialog(c, where) {
  const { h } = shell;
  const g = current;
  const acts = g.mode === "play" ? actionsFor(g, c.id) : [];
  let why = null;
  // A hand card the engine does not let you play now: say why, in the engine's words.
  if (where === "hand" && g.mode === "play" && !g.over && g.view.decision.kind === "build"
      && (c.kind === "structure" || c.kind === "defender") && !acts.some((a) => a.kind === "Play")) {
    const answer = await shell.call("why_not", [[3, c.id, -1]]);
    if (!answer.legal) why = answer.why;
  }
  const facts = [KIND_NAMES[c.kind], statLine(c)];
  if (c.max_damage) facts.push(`damage ${c.damage}/${c.max_damage}`);
  if (c.powered) facts.push("powered this turn");
  shell.openDialog(c.name, h("div", { class: "card-rules" },
    h("p", { class: "muted" }, facts.filter(Boolean).join(" · ")),
    h("p", { class: "rules-text" }, c.text),
    why ? h("p", { class: "warn", id: "why-not" }, `Cannot be played now: ${why}`) : null,
    acts.length ? h("div", { class: "choices" }, acts.map((a) => h("button", {
      type: "button", class: "btn choice", onclick: () => { shell.dialog.close(); shell.act(a.i); },
    }, a.label))) : null,
  ), [h("button", { type: "submit", class: "btn", value: "close" }, "Close")]);
}

// ---------------------------------------------------------------------------- the colony canvas

const GAP = 8;
const PAD = 10;
const TILE_H = 92;
const MIN_TILE_W = 112;
const HEADER_H = 28;
const COLORS = {
  base: ["#33407a", "#8fa2ff"], structure: ["#1d3f5e", "#5fa8e8"], defender: ["#1f4d36", "#6fd69a"],
  invader: ["#5a1f2a", "#ff7b7b"], event: ["#4a3a12", "#ffcc4d"],
};
const INK = "#eef1ff";
const MUTED = "#aab3d6";
const POWER = "#ffcc4d";
const DAMAGE = "#ff7b7b";
let hits = [];

function layout(count, width) {
  const inner = Math.max(width - 2 * PAD, MIN_TILE_W);
  const cols = Math.max(2, Math.floor((inner + GAP) / (MIN_TILE_W + GAP)));
  const tileW = (inner - GAP * (cols - 1)) / cols;
  const rects = [];
  for (let n = 0; n < count; n++) {
    const row = Math.floor(n / cols);
    const col = n % cols;
    rects.push([PAD + col * (tileW + GAP), HEADER_H + PAD + row * (TILE_H + GAP), tileW, TILE_H]);
  }
  const rows = Math.ceil(count / cols);
  return [rects, HEADER_H + 2 * PAD + rows * TILE_H + Math.max(rows - 1, 0) * GAP];
}

function fit(ctx, text, width) {
  if (ctx.measureText(text).width <= width) return text;
  while (text && ctx.measureText(`${text}…`).width > width) text = text.slice(0, -1);
  return `${text}…`;
}

function wrap(ctx, text, width, maxLines) {
  const lines = [];
  const words = text.split(/\s+/);
  while (words.length && lines.length < maxLines) {
    let line = words.shift();
    while (words.length && ctx.measureText(`${line} ${words[0]}`).width <= width) line += ` ${words.shift()}`;
    lines.push(line);
  }
  if (words.length) lines[lines.length - 1] = fit(ctx, `${lines[lines.length - 1]} ${words.join(" ")}`, width);
  return lines.map((line) => fit(ctx, line, width));
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

export function redraw(g) {
  const canvas = document.getElementById("board");
  if (!canvas || !g || !g.view) return;
  const v = g.view;
  const width = canvas.getBoundingClientRect().width || canvas.parentElement.clientWidth;
  const dpr = window.devicePixelRatio || 1;
  const cards = v.in_play;
  const [rects, height] = layout(cards.length, width);
  canvas.style.height = `${height}px`;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#141b33";
  ctx.fillRect(0, 0, width, height);
  ctx.font = "600 14px system-ui, sans-serif";
  ctx.fillStyle = MUTED;
  const defenders = cards.filter((c) => c.kind === "defender").length;
  ctx.fillText(`Colony · ${cards.length} card${cards.length !== 1 ? "s" : ""} · defenders ${defenders}/${v.defender_cap}`, PAD, HEADER_H - 4);
  hits = [];
  cards.forEach((card, n) => {
    const [x, y, w, h] = rects[n];
    const [fillColour, edge] = COLORS[card.kind] || COLORS.structure;
    roundRect(ctx, x, y, w, h, 10);
    ctx.fillStyle = fillColour;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = edge;
    ctx.stroke();
    ctx.fillStyle = INK;
    ctx.font = "700 13px system-ui, sans-serif";
    const lines = wrap(ctx, String(card.name), w - 30, 2);
    lines.forEach((line, i) => ctx.fillText(line, x + 8, y + 19 + 16 * i));
    ctx.font = "12px system-ui, sans-serif";
    ctx.fillStyle = MUTED;
    ctx.fillText(fit(ctx, statLine(card), w - 16), x + 8, y + 23 + 16 * lines.length);
    if (card.powered) {
      ctx.beginPath();
      ctx.arc(x + w - 13, y + 14, 7, 0, 2 * Math.PI);
      ctx.fillStyle = POWER;
      ctx.fill();
      ctx.fillStyle = "#1a1300";
      ctx.font = "700 10px system-ui, sans-serif";
      ctx.fillText("P", x + w - 16.5, y + 17.5);
    }
    if (card.max_damage > 0) {
      const damage = card.damage || 0;
      ctx.fillStyle = "#0b1020";
      ctx.fillRect(x + 8, y + h - 30, w - 16, 7);
      ctx.fillStyle = DAMAGE;
      ctx.fillRect(x + 8, y + h - 30, (w - 16) * Math.min(damage, card.max_damage) / card.max_damage, 7);
      ctx.font = "11px system-ui, sans-serif";
      ctx.fillStyle = damage ? DAMAGE : MUTED;
      ctx.fillText(`damage ${damage}/${card.max_damage}`, x + 8, y + h - 9);
    }
    hits.push([x, y, w, h, card.id]);
  });
}

function onBoardTap(e) {
  if (!current) return;
  const rect = e.currentTarget.getBoundingClientRect();
  const x = e.clientX - rect.left;
  const y = e.clientY - rect.top;
  const hit = hits.find(([left, top, w, h]) => left <= x && x <= left + w && top <= y && y <= top + h);
  const card = hit ? current.view.in_play.find((c) => c.id === hit[4]) : null;
  if (card) cardDialog(card, "play");
}
