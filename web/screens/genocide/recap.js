// The turn on the map: where every fleet stood after each position on screen, the trails the
// map draws from it, and the recap's steps in the game's words (moves and dice).
import * as D from "./data.js";
import { track, ui } from "./state.js";
import { centre, hexLabel, myShipsIn, ownerOfShip, raceOf, seatName, shipAsKnown } from "./util.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */
/** @typedef {import("./state.js").RecapStep} RecapStep */
/** @typedef {import("./state.js").HexAt} HexAt */
/** @typedef {{owner: number, marker: number, path: HexAt[]}} Move a fleet's path between two remembered positions */
/** @typedef {{text: string, n: number, kind: string | undefined, fact: Record<string, any>}} Entry a recap line: its
 * words, its index in the log, and the kind and fields of the event it tells (the event's facts are not typed) */
/** @typedef {{what: string, ship: number | null, planet: string | null, pb: number | null}} DiceRoll */

/**
 * @param {GenocideGame} g */
export function remember(g) {
  const v = g.view;
  if (!v || g.mode === "replay" || v.phase === "race" || v.phase === "types" || v.phase === "fleets") return;
  const at = g.mode === "peek" ? g.peek.step : g.at;
  // A takeback: what the screen remembered after this position is no longer the game.
  if (g.mode === "play") for (const k of [...track.keys()]) if (k > at) track.delete(k);
  track.set(at, { turn: `${v.round}:${v.active}`, fleets: new Map(v.fleets.map((f) => [`${f.owner}:${f.marker}`, [f.col, f.row]])) });
  if (track.size > 600) track.delete(Math.min(...track.keys()));
}

/** The moves between two remembered positions: per fleet that changed hex, its path through
 * every remembered position in between.
 * @param {number} from
 * @param {number} to */
function movesBetween(from, to) {
  const ats = [...track.keys()].filter((at) => at >= from && at <= to).sort((a, b) => a - b);
  if (ats.length < 2) return [];
  const paths = new Map();
  for (const at of ats) {
    for (const [k, hex] of track.get(at).fleets) {
      const path = paths.get(k);
      if (!path) { if (at === ats[0]) paths.set(k, [hex]); continue; }
      const last = path[path.length - 1];
      if (last[0] !== hex[0] || last[1] !== hex[1]) path.push(hex);
    }
  }
  const out = [];
  for (const [k, path] of paths) {
    if (path.length < 2 || !track.get(ats[ats.length - 1]).fleets.has(k)) continue;
    const [owner, marker] = k.split(":").map(Number);
    out.push({ owner, marker, path });
  }
  return out;
}

/** This turn's paths and the last turn's, for the map (trails), as of the position on screen.
 * @param {GenocideGame} g */
function trails(g) {
  const now = g.mode === "peek" ? g.peek.step : g.at;
  const ats = [...track.keys()].filter((at) => at <= now).sort((a, b) => a - b);
  if (!ats.length) return [];
  const out = [];
  let end = ats.length - 1;
  for (let age = 0; age < 2 && end >= 0; age++) {
    const turn = track.get(ats[end]).turn;
    let start = end;
    while (start > 0 && track.get(ats[start - 1]).turn === turn) start -= 1;
    // The position before the turn's first one is where its moves began.
    const from = start > 0 ? ats[start - 1] : ats[start];
    for (const m of movesBetween(from, ats[end])) out.push({ ...m, age });
    end = start - 1;
  }
  return out;
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {GenocideGame} g
 * @param {number} s
 * @param {(wx: number) => number} sx
 * @param {(wy: number) => number} sy */
export function drawTrails(ctx, g, s, sx, sy) {
  for (const t of trails(g)) {
    ctx.save();
    ctx.globalAlpha = t.age ? 0.35 : 0.85;
    ctx.strokeStyle = D.SEAT_COLOURS[t.owner];
    ctx.fillStyle = D.SEAT_COLOURS[t.owner];
    ctx.lineWidth = Math.max(2, s / 7);
    ctx.setLineDash(t.age ? [s / 4, s / 5] : []);
    ctx.lineCap = "round";
    ctx.beginPath();
    const pts = t.path.map(([c, r]) => { const [wx, wy] = centre(c, r); return [sx(wx), sy(wy)]; });
    pts.forEach(([x, y], n) => (n ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.stroke();
    const [x1, y1] = pts[pts.length - 1];
    const [x0, y0] = pts[pts.length - 2];
    const a = Math.atan2(y1 - y0, x1 - x0);
    const head = Math.max(6, s * 0.35);
    const tipX = x1 - Math.cos(a) * s * 0.45;
    const tipY = y1 - Math.sin(a) * s * 0.45;
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(tipX, tipY);
    ctx.lineTo(tipX - head * Math.cos(a - 0.45), tipY - head * Math.sin(a - 0.45));
    ctx.lineTo(tipX - head * Math.cos(a + 0.45), tipY - head * Math.sin(a + 0.45));
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  }
}

/** The recap steps that carry the moves: each run of positions the screen remembers ends at a
 * step of the fleet's owner, which tells the moves of that run.
 * @param {GenocideGame} g */
function recapMoves(g) {
  const r = g.recap;
  const out = new Map();
  if (!r) return out;
  const known = [...track.keys()].sort((a, b) => a - b);
  for (let n = 1; n < known.length; n++) {
    const [p0, p1] = [known[n - 1], known[n]];
    if (p1 <= r.since) continue;
    for (const m of movesBetween(p0, p1)) {
      const step = [...r.steps].reverse().find((s) => !s.auto && s.seat === m.owner && s.at >= p0 && s.at < p1);
      if (!step) continue;
      if (!out.has(step.at)) out.set(step.at, []);
      out.get(step.at).push(m);
    }
  }
  return out;
}

/**
 * @param {GenocideView} v
 * @param {Move} m */
function moveWords(v, m) {
  const f = v.fleets.find((x) => x.owner === m.owner && x.marker === m.marker);
  const count = m.owner === v.viewer ? myShipsIn(v, m.marker).length : f ? f.ships : null;
  const ships = count === null || count === undefined ? "" : `, ${count} ship${count === 1 ? "" : "s"}`;
  return `${seatName(v, m.owner)} fleet ${m.marker}: ${m.path.map(([c, r]) => hexLabel(c, r)).join(" → ")}${ships}`;
}

/** A recap step in the game's words (the shell asks for each): its fleet moves with their
 * hexes, its dice drawn as dice with what they decided, and its other lines; null for the
 * shell's default text (a step with nothing of that).
 * @param {GenocideGame} g
 * @param {RecapStep} step */
export function recapStep(g, step) {
  const base = g.mode === "play" ? g : ui.lastPlay && ui.lastPlay.game_id === g.game_id ? ui.lastPlay : null;
  if (!ui.shell || !base || !base.view) return null;
  const { h } = ui.shell;
  const v = base.view;
  if (step.auto) {
    // The viewer's own pass at a window with nothing to play (another seat's comes without
    // its words: that it held no card is its secret, C-5.4, web/star_web/recap.py); what the
    // pass set off (dice, a kill, a planet destroyed) is told all the same (issue 31).
    const results = (step.results || []).map((k) => entry(step, k));
    if (!results.length) return null;
    return h("span", { class: "recap-lines gc-step" }, stepLines(v, [], results));
  }
  const moves = recapMoves(base).get(step.at) || [];
  const entries = step.lines.map((line, k) => entry(step, k));
  if (!moves.length && !entries.some((x) => DICE_KINDS.has(x.kind) || (x.kind === "roll" && diceRoll(x.fact)))) return null;
  return h("span", { class: "recap-lines gc-step" }, stepLines(v, moves, entries));
}

/** Line ``k`` of a recap step: its words, its index in the log (data-line), and the kind and
 * fields of the event it tells (the engine's facts: dice and verdicts are read from them). */
const entry = (/** @type {RecapStep} */ step, /** @type {number} */ k) => /** @type {Entry} */ ({ text: String(step.lines[k]), n: step.from + k, kind: (step.kinds || [])[k], fact: (step.facts || [])[k] || {} });

// The events whose dice the recap draws with their verdict (SG-6.3 B5, SG-8.5).
const DICE_KINDS = new Set(["battle_result", "launch"]);

/** A dice record the recap draws (a battle's attack or defence, a burst, a PB launch, a Black
 * Hole or a neutral planet), as {what, ship, planet, pb}; null for any other roll (C-2.8: its
 * purpose is the engine's id of what the roll was for, e.g. ``SG.combat.attack target=ship#4``).
 * @param {Record<string, any>} fact
 * @returns {DiceRoll | null} */
function diceRoll(fact) {
  if (!fact.purpose || fact.pick) return null;
  const [what, ...rest] = fact.purpose.split(" ");
  if (!/^SG\.(combat\.attack|combat\.defence|burst|pb|blackhole|neutral)$/.test(what)) return null;
  const ship = rest.map((x) => /ship#(\d+)/.exec(x)).find(Boolean);
  const planet = rest.map((x) => /^(?:planet=)?(\d{4})$/.exec(x)).find(Boolean);
  const pb = rest.indexOf("PB") >= 0 ? Number(rest[rest.indexOf("PB") + 1]) : null;
  return { what: what.slice(3), ship: ship ? Number(ship[1]) : null, planet: planet ? planet[1] : null, pb };
}

/** A step's moves, its dice drawn as dice with their verdicts, and its other lines in words;
 * ``entries`` as ``entry`` makes them (each shown line carries its index: data-line).
 * @param {GenocideView} v
 * @param {Move[]} moves
 * @param {Entry[]} entries */
function stepLines(v, moves, entries) {
  const { h } = ui.shell;
  const dice = diceList(v, entries);
  const drawn = new Set(dice.map((item) => item.dataset.line).filter(Boolean));
  return [
    ...moves.map((m) => h("span", { class: "recap-line gc-move" }, moveWords(v, m))),
    dice.length ? h("ul", { class: "gc-dice", "aria-label": "Dice" }, dice) : null,
    ...entries.filter((x) => x.kind !== "roll" && !drawn.has(String(x.n)))
      .map((x) => h("span", { class: "recap-line", "data-line": String(x.n) }, ...ui.shell.playerWords(x.text))),
  ];
}

/** The dice of a step with their verdicts, from the events: a battle's attack total against
 * its defence total (SG-6.3 B5, ``battle_result``), a PB launch (SG-8.5, ``launch``), a burst
 * die that hits on 6 (SG-7.4), a Black Hole's or a neutral planet's roll. A battle's or a PB's
 * roll whose verdict has not come yet is still open to a card (Luck, It's a Dud!): it says so;
 * once that window has closed its verdict is in a later step (drawn there, once). An item that
 * tells a result line carries its index.
 * @param {GenocideView} v
 * @param {Entry[]} entries */
function diceList(v, entries) {
  const { h } = ui.shell;
  const chips = (/** @type {number[]} */ values, /** @type {(d: number) => boolean} */ hit) => h("span", { class: "dice" }, values.map((d) => h("span", { class: `die${hit(d) ? " hit" : ""}` }, String(d))));
  const sum = (/** @type {number[]} */ values) => values.reduce((a, b) => a + b, 0);
  const pending = (/** @type {string} */ purpose) => ((v.cards && v.cards.rolls) || []).some((r) => purpose.startsWith(r.purpose));
  const judged = new Set(entries.filter((x) => x.kind === "battle_result").map((x) => x.fact.target));
  const pbHits = (/** @type {number} */ ship) => { const o = ownerOfShip(v, ship); const race = o === null ? null : raceOf(v, o); return (/** @type {number} */ d) => d <= ((race && race.pbHit) || 3); };
  const launched = new Set(entries.filter((x) => x.kind === "launch").map((x) => `${x.fact.ship}|${x.fact.hex}`));
  const rolls = entries.filter((x) => x.kind === "roll").map((x) => /** @type {[Entry, DiceRoll | null]} */ ([x, diceRoll(x.fact)])).filter(([, r]) => r);
  const attack = (/** @type {string} */ name, /** @type {number[]} */ a, /** @type {number[]} */ d, /** @type {string} */ result,
    /** @type {number | null} */ n) => h("li", { class: result === "destroyed" ? "gc-kill" : null, "data-line": n === null ? null : String(n) },
    `Attack on ${name}: `, chips(a, () => false), ` = ${sum(a)} against `, chips(d, () => false), ` = ${sum(d)} → ${result}`);
  const items = [];
  for (const x of entries) {
    const f = x.fact;
    if (x.kind === "battle_result") {
      items.push(attack(shipAsKnown(v, f.target, f.target_at), f.attack, f.defence, f.destroyed ? "destroyed" : "survives", x.n));
    } else if (x.kind === "launch") {
      const result = f.hit ? "planet destroyed" : "the planet survives";
      items.push(h("li", { class: f.hit ? "gc-kill" : null, "data-line": String(x.n) }, `Planet busters on ${f.hex} from ${shipAsKnown(v, f.ship, f.ship_at)}: `,
        chips(f.dice, pbHits(f.ship)), ` → ${result}`));
    } else if (x.kind === "roll") {
      const r = diceRoll(f);
      if (!r) continue;
      if (r.what === "combat.attack" && !judged.has(r.ship) && pending(f.purpose)) {
        const defence = rolls.find(([y, q]) => y.n > x.n && q.what === "combat.defence" && q.ship === r.ship);
        items.push(attack(shipAsKnown(v, r.ship, f.ship_at), f.values, defence ? defence[0].fact.values : [], "pending cards", null));
      } else if (r.what === "burst") {
        items.push(h("li", {}, `Space burst by ${shipAsKnown(v, r.ship, f.ship_at)}, PB ${r.pb}: `, chips(f.values, (d) => d === 6),
          pending(`SG.burst ship#${r.ship}`) ? " (a 6 destroys; pending cards)" : " (a 6 destroys)"));
      } else if (r.what === "pb" && !launched.has(`${r.ship}|${r.planet}`) && pending(f.purpose)) {
        items.push(h("li", {}, `Planet busters on ${r.planet} from ${shipAsKnown(v, r.ship, f.ship_at)}: `, chips(f.values, pbHits(r.ship)),
          " → pending cards (the roll may still change)"));
      } else if (r.what === "blackhole" || r.what === "neutral") {
        items.push(h("li", {}, h("span", { class: "muted" }, `${r.what === "blackhole" ? "Black Hole" : "Neutral planet"} at ${r.planet}:`), " ", chips(f.values, () => false)));
      }
    }
  }
  return items;
}
