// Minimal Space Combat's map canvas: drawn from the view and the camera (hexes, arcs, ghost
// paths, trails, ships), and its pointer input (pan, zoom, a tap on a hex).
import { laidOutWidth, panZoomTap } from "../common/canvas.js";
import * as hx from "./hexmath.js";
import { state } from "./state.js";
import { gameKey, judge, ownShips, plotOf, SIDE_COLOURS, SIDE_NAMES } from "./helpers.js";
import { actNow, findAction, rerender } from "./sync.js";
import { TOOLS_PX, canvasHeight, clampCam, fitScale, focusBox, focusHex, measureTools, topFor } from "./camera.js";

/** @typedef {import("./state.js").SkirmishGame} SkirmishGame */
/** @typedef {import("./state.js").SkirmishView} SkirmishView */
/** @typedef {import("./state.js").SkirmishShip} SkirmishShip */
/** @typedef {import("./state.js").Trail} Trail */
/** @typedef {import("./helpers.js").GhostPath} GhostPath */
/** @typedef {{x: [number, number], facing: number, angle: number, moving?: boolean, gone?: boolean}} Pose a ship
 * where it is drawn now (mid-animation ``moving``) */
/** @typedef {(ux: number, uy: number) => [number, number]} ToPixels map units to the canvas's pixels */
/** @typedef {(col: number, row: number, shrink?: number) => void} HexPath */
/** @typedef {{ghost?: boolean, left?: boolean, selected?: boolean, target?: boolean}} ShipLook */

/** Zoom the map by ``f`` about a point of the canvas (its centre by default).
 * @param {number} f
 * @param {number | null} px
 * @param {number | null} py */
export function zoomBy(f, px = null, py = null) {
  const canvas = document.getElementById("board");
  if (!canvas || !state.current) return;
  const v = state.current.view;
  const w = canvas.clientWidth;
  const fit = fitScale(v, w);
  const old = state.cam.scale || fit;
  const next = Math.max(fit, Math.min(60, old * f));
  const cx = px ?? w / 2;
  const cy = py ?? canvas.clientHeight / 2;
  const ux = state.cam.x0 + cx / old;
  const uy = state.cam.y0 + cy / old;
  state.cam.scale = next;
  state.cam.user = true;
  state.cam.x0 = ux - cx / next;
  state.cam.y0 = uy - cy / next;
  drawMap(state.current);
}

/** Ship positions to draw: the view's, or mid-animation along the last moves.
 * @param {SkirmishView} v
 * @param {number} now
 * @returns {Map<number, Pose>} */
function shipPoses(v, now) {
  const poses = new Map();
  for (const s of v.ships) {
    if (s.col === null) continue;
    poses.set(s.id, { x: hx.hexCenter(s.col, s.row), facing: s.facing, angle: hx.dirAngle(s.facing) });
  }
  if (state.anim) {
    const t = Math.min(1, (now - state.anim.start) / state.anim.duration);
    for (const [id, p] of state.anim.paths) {
      const seq = p.frames;
      const pos = t * (seq.length - 1);
      const i = Math.min(seq.length - 2, Math.floor(pos));
      if (seq.length < 2) continue;
      const f = pos - i;
      const a = seq[i];
      const b = seq[i + 1];
      const x = [a.x[0] + (b.x[0] - a.x[0]) * f, a.x[1] + (b.x[1] - a.x[1]) * f];
      let da = b.angle - a.angle;
      while (da > Math.PI) da -= 2 * Math.PI;
      while (da < -Math.PI) da += 2 * Math.PI;
      poses.set(id, { x, facing: b.facing, angle: a.angle + da * f, moving: true, gone: t >= 1 && p.gone });
    }
  }
  return poses;
}

/** Each ship's last movement as the engine tells it (ship.last_move: [col, row, facing] per
 * step from where it started; a ship that left the map ends on the hex off it, MSC-7.2).
 * @param {SkirmishView} v
 * @returns {Map<number, Trail>} */
export function lastMoves(v) {
  const out = new Map();
  for (const s of v.ships) {
    if (!s.last_move) continue;
    const frames = s.last_move.map(([c, r, f]) => ({ x: hx.hexCenter(c, r), facing: f, angle: hx.dirAngle(f) }));
    out.set(s.id, { frames, gone: s.fate === "disengaged" });
  }
  return out;
}

/** @param {SkirmishView} v */
function trails(v) {
  const key = `${gameKey()}:${v.ships.map((x) => x.history.length).join(",")}:${v.log.length}`;
  if (state.trailCache.key !== key) state.trailCache = { key, paths: lastMoves(v) };
  return state.trailCache.paths;
}

/** @param {HTMLCanvasElement} canvas */
function bindCanvas(canvas) {
  panZoomTap(canvas, {
    grab: () => ({ x0: state.cam.x0, y0: state.cam.y0 }),
    pan(dx, dy, from) {
      if (!state.cam.scale) return;
      state.cam.x0 = from.x0 - dx / state.cam.scale;
      state.cam.y0 = from.y0 - dy / state.cam.scale;
      state.cam.user = true;
      clampCam(state.current.view, canvas.clientWidth, canvas.clientHeight);
      drawMap(state.current);
    },
    zoom: zoomBy,
    tap: onMapTap,
  });
}

/** @param {number} x
 * @param {number} y
 * @param {PointerEvent} e */
function onMapTap(x, y, e) {
  const g = state.current;
  if (!g || !g.view || !state.cam.scale) return;
  const v = g.view;
  const hex = hx.hexAt(state.cam.x0 + x / state.cam.scale, state.cam.y0 + y / state.cam.scale, v.map.width, v.map.height);
  if (!hex) return;
  state.hexCursor = null; // a pointer's tap: the keyboard's frame goes
  if (e && e.pointerType === "touch") swallowGhostClick(e.currentTarget || e.target);
  tapHex(hex[0], hex[1], e);
}

/** A touch on the map is followed by the browser's click at the same point of the screen; the
 * tap may scroll the page (the decision's controls kept in view with the map, issue 36), and
 * that click would then land on whatever slid under the finger (a Fire button). It is dropped
 * unless it lands on the map.
 * @param {EventTarget} canvas */
function swallowGhostClick(canvas) {
  const until = performance.now() + 700;
  const guard = (/** @type {MouseEvent} */ ev) => {
    document.removeEventListener("click", guard, true);
    if (performance.now() < until && ev.target !== canvas) { ev.preventDefault(); ev.stopPropagation(); }
  };
  document.addEventListener("click", guard, true);
}

/** A tap on a hex (or Enter on the keyboard's): place, face, target or select what is there.
 * @param {number} col
 * @param {number} row
 * @param {Event} [e] */
export function tapHex(col, row, e) {
  const g = state.current;
  const v = g.view;
  const here = v.ships.filter((s) => !s.fate && s.col === col && s.row === row);
  if (g.mode === "play" && g.actions.length && !state.queue) {
    if (v.phase === "deploy") {
      const place = findAction(g, "Place", { col, row });
      if (place) { actNow(place, e); return; }
      const placed = v.plans[v.you].placements || [];
      const last = placed[placed.length - 1];
      if (last && last.facing === null) {
        for (let dir = 0; dir < 6; dir++) {
          const [nc, nr] = hx.neighbour(last.col, last.row, dir);
          if (nc === col && nr === row) { actNow(findAction(g, "Face", { facing: dir }), e); return; }
        }
        state.ui.why = "";
      } else if (placed.length < ownShips(v, v.you).length) {
        state.ui.why = `${hx.hexLabel(col, row)} is outside your zone: ${SIDE_NAMES[v.you]} deploys in columns ${v.you === 0 ? "1–3" : `${v.map.width - 2}–${v.map.width}`}.`;
        rerender();
        return;
      }
    }
    if (v.phase === "combat" && !v.pending_hit) {
      const enemy = here.find((s) => s.owner !== v.you && g.actions.some((a) => a.kind === "Fire" && a.fields.target === s.id));
      if (enemy) { state.ui.target = enemy.id; rerender(); return; } // rerender keeps the odds' Fire in view with the map
    }
  }
  if (here.length) {
    const idx = here.findIndex((s) => s.id === state.ui.selected);
    state.ui.selected = here[(idx + 1) % here.length].id;
  } else state.ui.selected = null;
  rerender();
}

/** The map drawn from ``g`` and the camera.
 * @param {SkirmishGame} g */
export function drawMap(g) {
  const canvas = /** @type {HTMLCanvasElement | null} */ (document.getElementById("board"));
  if (!canvas || !g || !g.view) return;
  bindCanvas(canvas);
  const v = g.view;
  const width = laidOutWidth(canvas.parentElement);
  if (!width) { requestAnimationFrame(() => { if (canvas.isConnected && canvas.parentElement.clientWidth) drawMap(state.current); }); return; }
  const fit = fitScale(v, width);
  if (!state.cam.scale) {
    // Framed anew: the map's buttons read once here (a pan redraws every frame, reading nothing).
    measureTools(canvas.parentElement.querySelector(".msc-map-tools"));
    let box = state.cam.user ? null : focusBox(g);
    const readable = Math.max(fit, Math.min(26, fit * 2.4));
    let scale = state.cam.user ? fit : readable;
    if (box) {
      // Fit the decision's ships, between a readable least (hexes about 32 px across) and
      // the usual zoom; ships too far apart for that: the one deciding is centred instead.
      const tall = canvasHeight(v, width, readable) - TOOLS_PX;
      const want = Math.min(readable * 1.15, width / (box.x1 - box.x0), tall / (box.y1 - box.y0));
      if (want < Math.min(16, readable) && !box.whole) box = null;
      else scale = Math.max(fit, want);
    }
    state.cam.scale = scale;
    const height = canvasHeight(v, width, state.cam.scale);
    canvas.style.height = `${height}px`;
    const [x, y] = box ? [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2] : hx.hexCenter(...focusHex(g));
    state.cam.x0 = x - width / 2 / state.cam.scale;
    state.cam.y0 = topFor(y, height);
  }
  state.cam.scale = Math.max(fit, state.cam.scale);
  const height = canvasHeight(v, width, state.cam.scale);
  canvas.style.height = `${height}px`;
  clampCam(v, width, height);
  const dpr = window.devicePixelRatio || 1;
  // Setting a canvas's size, even to the same, clears and reallocates it: only on a change.
  if (canvas.width !== Math.round(width * dpr)) canvas.width = Math.round(width * dpr);
  if (canvas.height !== Math.round(height * dpr)) canvas.height = Math.round(height * dpr);
  canvas.dataset.view = `${state.cam.scale.toFixed(4)},${state.cam.x0.toFixed(4)},${state.cam.y0.toFixed(4)}`;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#0d1328";
  ctx.fillRect(0, 0, width, height);
  const S = state.cam.scale;
  /** @type {ToPixels} */
  const px = (ux, uy) => [(ux - state.cam.x0) * S, (uy - state.cam.y0) * S];
  /** @type {HexPath} */
  const hexPath = (col, row, shrink = 1) => {
    const [cx, cy] = px(...hx.hexCenter(col, row));
    ctx.beginPath();
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k;
      const x = cx + Math.cos(a) * S * shrink;
      const y = cy + Math.sin(a) * S * shrink;
      if (k === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
    }
    ctx.closePath();
  };
  // Visible hexes only.
  const c0 = Math.max(0, Math.floor((state.cam.x0 - 1) / 1.5));
  const c1 = Math.min(v.map.width - 1, Math.ceil((state.cam.x0 + width / S) / 1.5));
  const r0 = Math.max(0, Math.floor(state.cam.y0 / hx.SQRT3) - 1);
  const r1 = Math.min(v.map.height - 1, Math.ceil((state.cam.y0 + height / S) / hx.SQRT3));
  const me = v.you;
  const deploying = v.phase === "deploy" && g.mode === "play" && g.actions.length;
  ctx.lineWidth = 1;
  for (let c = c0; c <= c1; c++) {
    for (let r = r0; r <= r1; r++) {
      hexPath(c, r, 0.97);
      const zone = c < 3 ? 0 : c >= v.map.width - 3 ? 1 : null;
      if (deploying && zone === me) { ctx.fillStyle = me === 0 ? "#17335a" : "#4a2a14"; ctx.fill(); }
      else if (zone !== null && v.phase === "deploy") { ctx.fillStyle = "#141c38"; ctx.fill(); }
      ctx.strokeStyle = "#27325e";
      ctx.stroke();
    }
  }
  // Hex labels when zoomed in enough to read them.
  if (S >= 24) {
    ctx.fillStyle = "#56608c";
    ctx.font = `${Math.round(S * 0.34)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    for (let c = c0; c <= c1; c++) for (let r = r0; r <= r1; r++) {
      const [x, y] = px(...hx.hexCenter(c, r));
      ctx.fillText(hx.hexLabel(c, r), x, y - S * 0.55);
    }
    ctx.textAlign = "start";
  }
  const poses = shipPoses(v, performance.now());
  // The enemy's armed arcs (issue 36: duels were lost to an enemy parked where our ship had no
  // weapon): each enemy ship's intact weapons' hexes (the view's arcs), outlined in red (a toggle).
  if (state.enemyArcs && !state.anim && v.phase !== "deploy") {
    for (const t of v.ships) {
      if (t.fate || t.col === null || t.owner === me) continue;
      for (const label of armedHexes(t.arcs, t.hex).keys()) {
        const [c, r] = hx.parseLabel(label);
        hexPath(c, r, 0.8);
        ctx.globalAlpha = 0.5;
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = "#ff6b6b";
        ctx.stroke();
        ctx.globalAlpha = 0.08;
        ctx.fillStyle = "#ff6b6b";
        ctx.fill();
        ctx.globalAlpha = 1;
      }
    }
  }
  // Arcs of the selected ship (MSC-3.4): each weapon's wedge to its range (MSC-9.3), targets ringed.
  const sel = state.ui.selected !== null ? v.ships[state.ui.selected] : null;
  if (sel && !sel.fate && sel.col !== null && !state.anim) {
    let at = null;
    const t = draftGhost(v);
    if (t && state.ui.draft.ship === sel.id) {
      const [col, row] = t.path[t.path.length - 1];
      // The ship's own arcs are in the view; elsewhere the engine is asked (arcsAt).
      if (!t.left && (col !== sel.col || row !== sel.row || t.facing !== sel.facing)) at = { col, row, facing: t.facing };
    }
    drawArcs(ctx, v, g, sel, at, hexPath, px, S);
  }
  // Deployment placements of the own side (the view holds only the own plan).
  if (v.phase === "deploy") {
    const placed = (v.plans[me] || {}).placements || [];
    const ships = ownShips(v, me);
    placed.forEach((p, n) => drawShip(ctx, px(...hx.hexCenter(p.col, p.row)), p.facing === null ? null : hx.dirAngle(p.facing), ships[n], S, { ghost: p.facing === null }));
  }
  // The ghost path of the orders being plotted (and the own committed orders).
  if (v.phase === "orders" && g.mode === "play") {
    const orders = (v.plans[me] || {}).orders || [];
    for (const o of orders) {
      if (state.ui.draft && o.ship === state.ui.draft.ship) continue;
      const s = v.ships[o.ship];
      drawGhost(ctx, px, { path: o.hexes, facing: o.facing, left: o.leaves_map, exit: o.exit }, s, S, 0.45);
    }
    const t = state.ui.typedError ? null : draftGhost(v);
    if (t) drawGhost(ctx, px, t, v.ships[state.ui.draft.ship], S, 1);
  }
  // The last move's trail of each ship, in its side's colour (MSC-7), while nothing plays.
  if (!state.anim && ["combat", "orders", "over"].includes(v.phase)) {
    ctx.save();
    ctx.globalAlpha = 0.55;
    ctx.setLineDash([2, 4]);
    ctx.lineWidth = Math.max(2, S * 0.1);
    for (const [id, p] of trails(v)) {
      if (p.frames.length < 2) continue;
      ctx.strokeStyle = SIDE_COLOURS[v.ships[id].owner];
      ctx.beginPath();
      p.frames.forEach((f, n) => { const [x, y] = px(...f.x); if (n === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y); });
      ctx.stroke();
    }
    ctx.restore();
  }
  // Ships, several in a hex fanned out.
  const stacks = new Map();
  for (const s of v.ships) {
    const p = poses.get(s.id);
    if (!p || (s.fate && !(p.moving && !p.gone))) continue;
    const k = `${Math.round(p.x[0] * 10)},${Math.round(p.x[1] * 10)}`;
    const list = stacks.get(k) || [];
    list.push([s, p]);
    stacks.set(k, list);
  }
  for (const list of stacks.values()) {
    list.forEach(([s, p], n) => {
      const off = list.length > 1 ? 0.36 : 0;
      const a = (2 * Math.PI * n) / list.length;
      const at = px(p.x[0] + Math.cos(a) * off, p.x[1] + Math.sin(a) * off);
      drawShip(ctx, at, p.angle, s, list.length > 1 ? S * 0.75 : S, { selected: state.ui.selected === s.id, target: state.ui.target === s.id });
    });
  }
  // Ships off the visible part of the map: a pointer at the edge, towards them, with their
  // label and how many hexes away they are from the ship in focus (or the nearest own ship).
  const from = sel && !sel.fate && sel.col !== null ? sel : ownShips(v, me).find((x) => x.col !== null);
  for (const s of v.ships) {
    const p = poses.get(s.id);
    if (!p || s.fate || p.moving) continue;
    const [x, y] = px(...p.x);
    if (x >= 0 && x <= width && y >= 0 && y <= height) continue;
    const [cx, cy] = [width / 2, height / 2];
    const k = Math.min(Math.abs((width / 2 - 22) / (x - cx || 1e-9)), Math.abs((height / 2 - 22) / (y - cy || 1e-9)));
    const ex = cx + (x - cx) * k;
    const ey = cy + (y - cy) * k;
    const a = Math.atan2(y - cy, x - cx);
    ctx.save();
    ctx.translate(ex, ey);
    ctx.rotate(a);
    ctx.beginPath();
    ctx.moveTo(14, 0);
    ctx.lineTo(-6, 9);
    ctx.lineTo(-6, -9);
    ctx.closePath();
    ctx.fillStyle = SIDE_COLOURS[s.owner];
    ctx.fill();
    ctx.restore();
    const far = from && from.id !== s.id ? ` ${hx.distance([from.col, from.row], [s.col, s.row])}` : "";
    ctx.font = "700 12px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.lineWidth = 3;
    ctx.strokeStyle = "#0b1020";
    const ty = ey + (ey > height / 2 ? -16 : 24);
    ctx.strokeText(`${s.label}${far}`, ex, ty);
    ctx.fillStyle = "#eef1ff";
    ctx.fillText(`${s.label}${far}`, ex, ty);
    ctx.textAlign = "start";
  }
  if (state.hexCursor && document.activeElement === canvas) {
    hexPath(state.hexCursor[0], state.hexCursor[1], 0.98);
    ctx.lineWidth = 3;
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = "#ffffff";
    ctx.stroke();
    ctx.setLineDash([]);
  }
  // The pending hit and the firing side's legal targets ring in drawArcs; a legend.
  ctx.font = "12px system-ui, sans-serif";
  ctx.fillStyle = "#aab3d6";
  const hint = v.phase === "deploy" && deploying ? "Tap a tinted hex to place a ship"
    : `${sel && !sel.fate ? `${sel.label}: arcs shown` : "Tap a ship for its arcs"} · under a ship: SPEED› SHIELDS`;
  ctx.fillText(hint, 8, height - 8);
}

/** The hexes a ship's intact weapons reach, as the engine gives them (view ``arcs``: MSC-3.4
 * arcs to MSC-9.3's range), by hex label with the first side (clockwise from the front) that
 * covers each; the ship's own hex (range 0) is left out: the ship is drawn there.
 * @param {Record<string, string[]>} arcs
 * @param {string | null} own the ship's hex label
 * @returns {Map<string, string>} */
function armedHexes(arcs, own) {
  const out = new Map();
  for (const side of hx.SIDE_NAMES) for (const label of arcs[side] || []) if (label !== own && !out.has(label)) out.set(label, side);
  return out;
}

/** Where the ship being plotted could fire from at the end of its orders: the engine's answer
 * to "arcs" (game.py), asked once per ship and pose; null until it is in, and the answer draws
 * the map again.
 * @param {SkirmishView} v
 * @param {SkirmishShip} ship
 * @param {{col: number, row: number, facing: number}} at
 * @returns {Record<string, string[]> | null} */
function arcsAt(v, ship, at) {
  const key = `${v.map.width}x${v.map.height}|${ship.id}|${JSON.stringify(ship.weapons)}|${at.col},${at.row},${at.facing}`;
  const cache = state.ui.ghostArcs || (state.ui.ghostArcs = new Map());
  if (cache.has(key)) return cache.get(key) ?? null;
  if (cache.size > 200) cache.clear();
  cache.set(key, null);
  if (!state.shell) return null;
  state.shell.call("ask", ["arcs", { ship: ship.id, ...at }]).then((r) => {
    cache.set(key, r && r.answer ? r.answer.arcs : {});
    if (state.current) drawMap(state.current);
  }, () => cache.set(key, {}));
  return null;
}

/** The selected ship's arcs (or, with ``at``, where its orders take it), the targets it may fire at ringed.
 * @param {CanvasRenderingContext2D} ctx
 * @param {SkirmishView} v
 * @param {SkirmishGame} g
 * @param {SkirmishShip} sel
 * @param {{col: number, row: number, facing: number} | null} at
 * @param {HexPath} hexPath
 * @param {ToPixels} px
 * @param {number} S */
function drawArcs(ctx, v, g, sel, at, hexPath, px, S) {
  const colours = { F: "#ffcc4d", FR: "#7be0a5", FL: "#8fa2ff", RR: "#ff7bd0", RL: "#5fe0e8" };
  const sides = Object.entries(sel.weapons).filter(([, st]) => st === "intact").map(([s]) => s);
  const pose = at || { col: sel.col ?? 0, row: sel.row ?? 0, facing: sel.facing ?? 0 };
  const arcs = at ? arcsAt(v, sel, at) || {} : sel.arcs;
  for (const [label, side] of armedHexes(arcs, hx.hexLabel(pose.col, pose.row))) {
    const [c, r] = hx.parseLabel(label);
    hexPath(c, r, 0.9);
    ctx.globalAlpha = 0.22;
    ctx.fillStyle = colours[side];
    ctx.fill();
    ctx.globalAlpha = 1;
  }
  // Enemies this ship can fire at now: ringed.
  const targets = new Set(g.actions.filter((a) => a.kind === "Fire" && a.fields.ship === sel.id).map((a) => a.fields.target));
  for (const t of v.ships) {
    if (t.fate || t.col === null || t.owner === sel.owner) continue;
    const inArc = Object.values(arcs).some((hexes) => hexes.includes(t.hex));
    if (!inArc && !targets.has(t.id)) continue;
    const [x, y] = px(...hx.hexCenter(t.col, t.row));
    ctx.beginPath();
    ctx.arc(x, y, S * 0.95, 0, 2 * Math.PI);
    ctx.lineWidth = 3;
    ctx.strokeStyle = targets.has(t.id) ? "#ff7b7b" : "#aab3d6";
    ctx.setLineDash(targets.has(t.id) ? [] : [4, 4]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  // Side letters around the ship.
  const [cx, cy] = px(...hx.hexCenter(pose.col, pose.row));
  ctx.font = `600 ${Math.max(10, Math.round(S * 0.4))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const s of sides) {
    const a = hx.dirAngle((pose.facing + hx.SIDE_NAMES.indexOf(s)) % 6);
    ctx.fillStyle = colours[s];
    const d = Math.max(S * 1.45, 26);
    ctx.fillText(s, cx + Math.cos(a) * d, cy + Math.sin(a) * d);
  }
  ctx.textAlign = "start";
  ctx.textBaseline = "alphabetic";
}

/** Where the orders being plotted take their ship, from the engine's table (judge), or null.
 * @param {SkirmishView} v
 * @returns {GhostPath | null} */
function draftGhost(v) {
  const d = state.ui.draft;
  const plot = plotOf(v);
  if (!d || d.speed === null || !plot || plot.ship !== d.ship) return null;
  return judge(plot, d.speed, d.steps).ghost;
}

/** @param {CanvasRenderingContext2D} ctx
 * @param {ToPixels} px
 * @param {GhostPath} t
 * @param {SkirmishShip} ship
 * @param {number} S
 * @param {number} alpha */
function drawGhost(ctx, px, t, ship, S, alpha) {
  ctx.globalAlpha = alpha;
  ctx.strokeStyle = t.left ? "#ff7b7b" : "#ffcc4d";
  ctx.lineWidth = Math.max(2, S * 0.12);
  ctx.setLineDash([6, 5]);
  ctx.beginPath();
  t.path.forEach(([c, r], n) => {
    const [x, y] = px(...hx.hexCenter(c, r));
    if (n === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  });
  if (t.exit) ctx.lineTo(...px(...hx.hexCenter(t.exit[0], t.exit[1])));
  ctx.stroke();
  ctx.setLineDash([]);
  const [ec, er] = t.path[t.path.length - 1];
  drawShip(ctx, px(...hx.hexCenter(ec, er)), hx.dirAngle(t.facing), ship, S, { ghost: true, left: t.left });
  ctx.globalAlpha = 1;
}

/** @param {CanvasRenderingContext2D} ctx
 * @param {[number, number]} at
 * @param {number | null} angle
 * @param {SkirmishShip} s
 * @param {number} S
 * @param {ShipLook} opts */
function drawShip(ctx, [x, y], angle, s, S, opts = {}) {
  const R = Math.max(7, S * 0.62);
  const colour = SIDE_COLOURS[s.owner];
  ctx.save();
  ctx.translate(x, y);
  if (opts.selected || opts.target) {
    ctx.beginPath();
    ctx.arc(0, 0, R * 1.35, 0, 2 * Math.PI);
    // Selection white, target red: apart from the yellow orders being plotted and from the
    // last move's trail in the side's own colour.
    ctx.strokeStyle = opts.target ? "#ff7b7b" : "#ffffff";
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  if (angle !== null && !opts.ghost) {
    // The facing at a glance: a bright line from the hull out to the hex edge it faces.
    ctx.save();
    ctx.rotate(angle);
    ctx.beginPath();
    ctx.moveTo(R * 0.9, 0);
    ctx.lineTo(Math.max(R * 1.75, S * 0.95), 0);
    ctx.strokeStyle = "#eef1ff";
    ctx.lineWidth = Math.max(2, S * 0.1);
    ctx.lineCap = "round";
    ctx.stroke();
    ctx.restore();
  }
  if (angle !== null) {
    // The hull: an arrowhead pointing where the F side faces.
    ctx.save();
    ctx.rotate(angle);
    ctx.beginPath();
    ctx.moveTo(R * 1.15, 0);
    ctx.lineTo(-R * 0.75, R * 0.8);
    ctx.lineTo(-R * 0.4, 0);
    ctx.lineTo(-R * 0.75, -R * 0.8);
    ctx.closePath();
    ctx.fillStyle = opts.ghost ? "transparent" : colour;
    if (!opts.ghost) ctx.fill();
    ctx.lineWidth = opts.ghost ? 2 : 1.5;
    ctx.strokeStyle = opts.ghost ? (opts.left ? "#ff7b7b" : "#ffcc4d") : "#0b1020";
    ctx.setLineDash(opts.ghost ? [3, 3] : []);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.restore();
  } else {
    ctx.beginPath();
    ctx.arc(0, 0, R * 0.7, 0, 2 * Math.PI);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  if (!opts.ghost) {
    // Label, SPEED and SHIELDS: readable from about 14 px per hex.
    const fs = Math.max(10, Math.round(S * 0.42));
    ctx.font = `700 ${fs}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineWidth = 3;
    ctx.strokeStyle = "#0b1020";
    const ly = -R - fs * 0.55;
    ctx.strokeText(s.label, 0, ly);
    ctx.fillStyle = "#eef1ff";
    ctx.fillText(s.label, 0, ly);
    if (s.col !== null && (S >= 15 || opts.selected || opts.target)) {
      const small = Math.max(10, Math.round(S * 0.34));
      ctx.font = `700 ${small}px system-ui, sans-serif`;
      const info = S >= 16 ? `${s.speed}›  ${"▮".repeat(s.shields)}${"▯".repeat(Math.max(0, s.design.shields - s.shields))}` : `${s.speed}› ${s.shields}`;
      ctx.strokeText(info, 0, R + small * 0.8);
      ctx.fillStyle = s.shields < s.design.shields ? "#ff7b7b" : "#7be0a5";
      ctx.fillText(info, 0, R + small * 0.8);
    }
    ctx.textAlign = "start";
    ctx.textBaseline = "alphabetic";
  }
  ctx.restore();
}
