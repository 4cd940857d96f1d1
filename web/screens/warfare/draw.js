// Galactic Warfare's board canvas: the squares, the stacks, the last move (animated once), what
// can be tapped, the keyboard's frame, and the board drawn again when its box's width changes.
import { FILES, RANKS, attackOdds, fileOf, from, homeRank, isDark, offered, rankOf, source, sqName, stacksOf, target,
  ui } from "./state.js";
/** @typedef {import("./state.js").WarfareGame} WarfareGame */
/** @typedef {import("./state.js").WarfareStack} WarfareStack */
/** @typedef {import("./state.js").Motion} Motion */

// The board is drawn again when its box's width changes: a board first drawn while the game
// screen was still hidden (the roll-off, the first sight of a game) had a guessed width and was
// stretched to the real one on a desktop (issue 36).
export const sizeWatch = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => {
  for (const entry of entries) {
    const w = entry.contentRect.width;
    if (w > 0 && Math.abs(w - ui.drawnWidth) > 0.5 && ui.current && ui.current.view && entry.target.isConnected) draw(ui.current, 1);
  }
}) : null;

/** @param {WarfareGame} g */
export function flipped(g) {
  // Blue's own home at the bottom when Blue is the only person at the device or hands are private.
  return g.viewer === 1 && (g.view.cards || (g.seats[0] && g.seats[0].computer && !(g.seats[1] && g.seats[1].computer)));
}

// ---------------------------------------------------------------------------- the last move

/**
 * @param {WarfareGame} g
 * @param {WarfareGame | null} previous
 * @returns {Motion}
 */
export function lastMotion(g, previous) {
  const v = g.view;
  const key = `${g.game_id}|${g.mode}|${g.at}|${v.log.length}`;
  if (ui.motion && ui.motion.key === key && (!previous || previous.at === g.at)) return ui.motion;
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

/**
 * @param {WarfareGame} g
 * @param {number} t how far the last move's animation has come (0 to 1)
 */
export function draw(g, t) {
  const canvas = /** @type {HTMLCanvasElement | null} */ (document.getElementById("board"));
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
  ui.geometry = { x0, y0, size, flip };
  ui.drawnWidth = width;
  canvas.dataset.geometry = JSON.stringify(ui.geometry);
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
  const homes = /** @type {[number, string[], string][]} */ ([[0, ["WHITE", "HOME"], "#e8dca0"], [RANKS - 1, ["BLUE", "HOME"], "#a9c8ff"]]);
  for (const [r, text, colour] of homes) {
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
  if (ui.motion && ui.motion.from) ring(ui.motion.from, C.last, 2, [4, 3]);
  if (ui.motion && ui.motion.to) ring(ui.motion.to, C.last, 3, [7, 3]);
  if (v.battle) { ring(v.battle.from, C.hit, 3); ring(v.battle.target, C.hit, 3, [5, 3]); }
  // stacks
  const moving = t < 1 && ui.motion && ui.motion.animate ? ui.motion.to : null;
  const invaders = new Set(v.stacks.filter((s) => rankOf(s.square) === homeRank(1 - s.owner)).map((s) => s.square));
  const stuck = new Set(g.actions.filter((a) => a.kind === "StuckRetreat").map((a) => sqName(a.fields.src)));
  for (const s of v.stacks) {
    if (s.square === moving) continue;
    const [x, y] = at(s.square);
    stackAt(ctx, x + size / 2, y + size / 2, size, s, invaders.has(s.square), stuck.has(s.square));
  }
  for (const square of (ui.motion && ui.motion.vanished) || []) {
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
    if (!ui.selected) for (const square of sources) ring(square, ui.cardMode === null ? C.go : "#c99bff", ui.cardMode === null ? 2 : 3);
    if (ui.selected) {
      ring(ui.selected, C.accent, 4);
      for (const a of from(g, ui.selected)) {
        const tq = target(a);
        if (!tq) continue;
        const [x, y] = at(tq);
        if (a.kind === "Attack") {
          ctx.strokeStyle = C.hit;
          ctx.lineWidth = 3;
          ctx.beginPath();
          ctx.arc(x + size / 2, y + size / 2, size * 0.46, 0, 2 * Math.PI);
          ctx.stroke();
          if (ui.confirming && ui.confirming.i === a.i) ring(tq, C.hit, 4);
          const odds = attackOdds(v, ui.selected, tq);
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
  if (ui.cursor && document.activeElement === canvas) ring(ui.cursor, "#ffffff", 3, [3, 3]);
  if (moving) {
    const [fx, fy] = at(ui.motion.from);
    const [tx, ty] = at(ui.motion.to);
    const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    const s = stacksOf(v).get(ui.motion.to);
    if (s) stackAt(ctx, fx + (tx - fx) * e + size / 2, fy + (ty - fy) * e + size / 2, size, s, false, false);
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 * @param {WarfareStack} s
 * @param {boolean} invader
 * @param {boolean} stuck
 */
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
