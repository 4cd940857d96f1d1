// The map's canvas: the camera (fit, zoom, pan, follow), each frame drawn from the cached static
// and frame layers, and the mini-map.
import * as D from "./data.js";
import { laidOutWidth } from "../common/canvas.js";
import { frameLayer, layer, rerender, ui } from "./state.js";
import { centre, cursorFleet, SQ3 } from "./util.js";
import { drawHexes, drawOverlays } from "./draw.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */
/** @typedef {import("./state.js").WorldBox} WorldBox */
/** @typedef {import("./state.js").Camera} Camera */
/** @typedef {import("./state.js").Layer} Layer */

/**
 * @param {GenocideView} v */
function worldSize(v) {
  return [1.5 * (v.map.cols - 1) + 2, SQ3 * (v.map.rows + 0.5)];
}

export function fit() {
  const g = ui.g;
  const canvas = document.getElementById("gc-map");
  if (!g || !canvas) return;
  fitSilently(g.view, canvas.clientWidth || 320, canvas.clientHeight || 320, true);
  ui.cam.auto = false;
  draw();
}

/**
 * @param {number} f
 * @param {number} [px]
 * @param {number} [py] */
export function zoomBy(f, px, py) {
  const canvas = document.getElementById("gc-map");
  if (!ui.cam || !canvas) return;
  const cam = ui.cam;
  const x = px ?? canvas.clientWidth / 2;
  const y = py ?? canvas.clientHeight / 2;
  const s = Math.max(cam.fit * 0.8, Math.min(90, cam.s * f));
  cam.auto = false;
  const wx = (x - cam.ox) / cam.s;
  const wy = (y - cam.oy) / cam.s;
  cam.s = s;
  cam.ox = x - wx * s;
  cam.oy = y - wy * s;
  schedule();
}

export function schedule() {
  if (ui.frame) return;
  ui.frame = requestAnimationFrame(() => { ui.frame = 0; draw(); });
}

/** The map's size on screen, or, while the screen is not laid out yet (a game opened from
 * home, drawn before it is shown: 0 x 0), the size the camera was framed for: a battle's hex
 * centred on a 0 x 0 canvas ended in the map's corner (issue 36).
 * @param {HTMLElement} canvas
 * @param {Camera} cam
 * @returns {[number, number]} */
function shownSize(canvas, cam) {
  return [canvas.clientWidth || cam.w, canvas.clientHeight || cam.h];
}

/**
 * @param {number} c
 * @param {number} r */
export function centreOn(c, r) {
  const cam = ui.cam;
  const canvas = document.getElementById("gc-map");
  if (!cam || !canvas) return;
  const [x, y] = centre(c, r);
  const [w, hgt] = shownSize(canvas, cam);
  cam.s = Math.max(cam.s, Math.min(32, cam.fit * 2.5));
  cam.auto = false;
  cam.ox = w / 2 - x * cam.s;
  cam.oy = hgt / 2 - y * cam.s;
  draw();
}

/**
 * @param {number} c
 * @param {number} r */
export function showHex(c, r) {
  ui.hex = [c, r];
  const cam = ui.cam;
  const canvas = document.getElementById("gc-map");
  if (cam && canvas) {
    const [x, y] = centre(c, r);
    const [w, hgt] = shownSize(canvas, cam);
    if (cam.s < 18) cam.s = 24;
    cam.auto = false;
    cam.ox = w / 2 - x * cam.s;
    cam.oy = hgt / 2 - y * cam.s;
  }
  rerender();
  if (canvas) canvas.scrollIntoView({ block: "nearest" });
}

export function draw() {
  const t0 = performance.now();
  drawMap();
  // The map benchmark (benchmarks/genocide_map.py) reads the draw times when it asks for them.
  if (window.__gcDrawMs) window.__gcDrawMs.push(performance.now() - t0);
}

function drawMap() {
  const g = ui.g;
  const canvas = /** @type {HTMLCanvasElement | null} */ (document.getElementById("gc-map"));
  if (!g || !g.view || !canvas || !canvas.isConnected) return;
  const v = g.view;
  const w = laidOutWidth(canvas.parentElement) || canvas.clientWidth || 320;
  // One column (a phone): the map leaves room below it for the decision panel, which then
  // shows without scrolling far (issue 15); two columns: the decision is beside the map.
  // Issue 36: upright, with the decision a bar at the bottom (at most 40% of the screen,
  // screen.css), the map fits between the header and the bar; on a phone on its side (low),
  // between the header and the screen's bottom.
  const narrow = window.innerWidth < 900;
  const low = window.innerHeight <= 500;
  const area = document.getElementById("board-area");
  const barred = narrow && !low && g.mode === "play" && !(area && area.classList.contains("gc-setup"));
  // Issue 36: upright, the hex box and the recap under the map show above the bar too: the map
  // gives up their height, down to 200 px (its top stays where it was, under the header).
  let hgt = Math.round(barred ? Math.min(Math.max(window.innerHeight * 0.6 - 120 - underMap(), 200), w * 1.1)
    : low ? Math.min(Math.max(window.innerHeight - 120, 200), w * 1.05)
      : narrow ? Math.min(Math.max(window.innerHeight * 0.46, 220), w * 1.05)
        : Math.min(Math.max(window.innerHeight * 0.62, 280), w * 1.05, 720));
  // A spectator's 3-4 seat map is wide: no empty band above and below it on a phone.
  if (narrow && v.players > 2 && v.viewer === null) { const [ww, wh] = worldSize(v); hgt = Math.min(hgt, Math.ceil((wh * w) / ww) + 8); }
  canvas.style.setProperty("width", `${w}px`);
  canvas.style.setProperty("height", `${hgt}px`);
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(hgt * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(hgt * dpr);
  }
  if (!ui.cam || (ui.cam.auto && (ui.cam.w !== w || ui.cam.h !== hgt))) fitSilently(v, w, hgt);
  const cam = ui.cam;
  if (cam.w !== w || cam.h !== hgt) {
    // A camera the game or the player moved keeps its centre when the map's box changes (the
    // recap above the bar comes and goes on an upright phone): a battle's hex stays in the middle.
    // Not after a tap on the map: there the hexes stay under the finger (the box grows or
    // shrinks at its bottom), or a quick next tap lands half the change off its mark.
    cam.ox += (w - cam.w) / 2;
    if (!ui.byMap) cam.oy += (hgt - cam.h) / 2;
    Object.assign(cam, { w, h: hgt });
  }
  // The camera, for tests and tools that tap a hex: public geometry only.
  canvas.dataset.s = cam.s.toFixed(4);
  canvas.dataset.ox = cam.ox.toFixed(2);
  canvas.dataset.oy = cam.oy.toFixed(2);
  const s = cam.s;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#070b18";
  ctx.fillRect(0, 0, w, hgt);
  // Everything but the mini-map comes from a cached frame layer (the static layer and this
  // model's marks, planets and fleets), so a pan is one copy; while the scale changes (a pinch,
  // the wheel) the map is drawn directly and the layers are built once it settles.
  const view = centreBox(v, { wx0: -cam.ox / s - 1, wy0: -cam.oy / s - 1, wx1: (w - cam.ox) / s + 1, wy1: (hgt - cam.oy) / s + 1 });
  const sig = staticSig(v, s, dpr);
  const covers = (/** @type {Layer} */ L) => L.key === sig && view.wx0 >= L.wx0 && view.wy0 >= L.wy0 && view.wx1 <= L.wx1 && view.wy1 <= L.wy1;
  const blit = (/** @type {Layer} */ L) => {
    // Whole device pixels: the blit is a copy, not a resampling.
    const x = Math.round((cam.ox + L.ix0 * s) * dpr) / dpr;
    const y = Math.round((cam.oy + L.iy0 * s) * dpr) / dpr;
    ctx.drawImage(L.canvas, x, y, L.canvas.width / dpr, L.canvas.height / dpr);
  };
  if (covers(frameLayer) && frameLayer.stamp === ui.stamp && frameLayer.g === g) {
    blit(frameLayer);
    ui.lastScale = s;
  } else if (covers(layer)) {
    // A new model or mark: the static layer and this view's marks now (what a tap waits
    // for), the frame layer for the pans after it once this frame is painted.
    blit(layer);
    drawOverlays(ctx, g, s, (wx) => cam.ox + wx * s, (wy) => cam.oy + wy * s, view);
    ui.lastScale = s;
    const stamp = ui.stamp;
    clearTimeout(ui.frameTimer);
    ui.frameTimer = setTimeout(() => { if (mapShown() && ui.stamp === stamp && ui.g === g && layer.key === sig) buildFrame(g, s, dpr, sig); }, 80);
  } else {
    drawHexes(ctx, v, s, (wx) => cam.ox + wx * s, (wy) => cam.oy + wy * s, view);
    drawOverlays(ctx, g, s, (wx) => cam.ox + wx * s, (wy) => cam.oy + wy * s, view);
    const steady = s === ui.lastScale;
    ui.lastScale = s;
    clearTimeout(ui.layerTimer);
    if (steady) buildLayer(v, cam, w, hgt, dpr, sig);
    else ui.layerTimer = setTimeout(() => { if (mapShown() && ui.cam === cam && cam.s === s) { buildLayer(v, cam, w, hgt, dpr, sig); schedule(); } }, 150);
  }
  drawMini(ctx, v, w, hgt);
}

// ---------------------------------------------------------------------------- the static layer

const LAYER_PIXELS = 4_000_000; // device pixels an offscreen layer may hold (about 16 MB)

/** The map is on the page (not behind a hand-off, where nothing may be drawn, DESIGN 5). */
function mapShown() {
  const canvas = document.getElementById("gc-map");
  return Boolean(canvas && canvas.isConnected);
}

/** The frame layer: the static layer with this model's marks, planets and fleets on it.
 * @param {GenocideGame} g
 * @param {number} s
 * @param {number} dpr
 * @param {string} sig */
function buildFrame(g, s, dpr, sig) {
  const canvas = frameLayer.canvas || document.createElement("canvas");
  canvas.width = layer.canvas.width;
  canvas.height = layer.canvas.height;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer.canvas, 0, 0);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const ox = -layer.ix0 * s;
  const oy = -layer.iy0 * s;
  drawOverlays(ctx, g, s, (wx) => ox + wx * s, (wy) => oy + wy * s, layer);
  Object.assign(frameLayer, { canvas, key: sig, stamp: ui.stamp, g, wx0: layer.wx0, wy0: layer.wy0, wx1: layer.wx1, wy1: layer.wy1, ix0: layer.ix0, iy0: layer.iy0 });
}

/** What the static layer depends on: the map, the scale, the claimed terrain, live planets.
 * @param {GenocideView} v
 * @param {number} s
 * @param {number} dpr */
function staticSig(v, s, dpr) {
  return `${ui.camKey}|${s}|${dpr}|${v.terrain.map((t) => (t.used ? 1 : 0)).join("")}|${v.planets.map((p) => (p.alive ? 1 : 0)).join("")}`;
}

/**
 * @param {GenocideView} v
 * @param {Camera} cam
 * @param {number} w
 * @param {number} hgt
 * @param {number} dpr
 * @param {string} sig */
function buildLayer(v, cam, w, hgt, dpr, sig) {
  const s = cam.s;
  let box = centreBox(v, { wx0: -Infinity, wy0: -Infinity, wx1: Infinity, wy1: Infinity });
  const pixels = (b) => (b.wx1 - b.wx0 + 2) * (b.wy1 - b.wy0 + 2) * s * s * dpr * dpr;
  if (pixels(box) > LAYER_PIXELS) {
    // The view with a margin of a third of a view on each side.
    const vw = w / s;
    const vh = hgt / s;
    const cx = (w / 2 - cam.ox) / s;
    const cy = (hgt / 2 - cam.oy) / s;
    box = centreBox(v, { wx0: cx - vw * 0.85, wy0: cy - vh * 0.85, wx1: cx + vw * 0.85, wy1: cy + vh * 0.85 });
    if (pixels(box) > LAYER_PIXELS * 1.5) { layer.key = ""; return; } // a huge screen: draw directly
  }
  const canvas = layer.canvas || document.createElement("canvas");
  canvas.width = Math.ceil((box.wx1 - box.wx0 + 2) * s * dpr);
  canvas.height = Math.ceil((box.wy1 - box.wy0 + 2) * s * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  // The layer's pixel (0, 0) is the world point (wx0 - 1, wy0 - 1): a hex's whole radius fits.
  const ox = -(box.wx0 - 1) * s;
  const oy = -(box.wy0 - 1) * s;
  drawHexes(ctx, v, s, (wx) => ox + wx * s, (wy) => oy + wy * s, box);
  Object.assign(layer, { canvas, key: sig, ...box, ix0: box.wx0 - 1, iy0: box.wy0 - 1 });
}

/** A world box cut to where hex centres are (0 .. the last column's and row's centre).
 * @param {GenocideView} v
 * @param {WorldBox} b */
function centreBox(v, b) {
  const xmax = 1.5 * (v.map.cols - 1);
  const ymax = SQ3 * (v.map.rows - 0.5);
  return { wx0: Math.max(0, b.wx0), wy0: Math.max(0, b.wy0), wx1: Math.min(xmax, b.wx1), wy1: Math.min(ymax, b.wy1) };
}

// ---------------------------------------------------------------------------- the camera

/**
 * @param {GenocideView} v
 * @param {number} w
 * @param {number} hgt
 * @param {boolean} [whole] */
function fitSilently(v, w, hgt, whole = false) {
  const [ww, wh] = worldSize(v);
  const s = Math.min(w / ww, hgt / wh);
  ui.cam = { s, ox: (w - ww * s) / 2 + s, oy: (hgt - wh * s) / 2 + (SQ3 / 2) * s, fit: s, auto: true, w, h: hgt };
  if (whole || w >= 700) return;
  // A narrow screen (a phone) starts at a readable zoom on what matters now (issue 25): the
  // battle, the fleet being ordered, else the viewer's own planets, all of them if they fit at
  // a zoom a finger can tap (setting up, each is a place to tap); the mini-map shows where that
  // is, and Fit shows the whole map.
  const spot = focusBox(v);
  if (!spot) return;
  const [x0, y0, x1, y1] = spot;
  const readable = Math.min(20, w / 14);
  const tappable = Math.min(readable, 16); // a hex 32 px across, a fingertip (issue 36)
  // A hex is 2 s wide and SQ3 s tall: the box's hexes whole, with half a hex to spare around
  // them; a box too big for that is framed on its middle at the smallest tappable zoom.
  const allMine = Math.min(w / (x1 - x0 + 3), hgt / (y1 - y0 + 2 * SQ3));
  const s2 = Math.max(s, Math.min(readable, Math.max(tappable, allMine)));
  Object.assign(ui.cam, { s: s2, ox: w / 2 - ((x0 + x1) / 2) * s2, oy: hgt / 2 - ((y0 + y1) / 2) * s2 });
  clampCam(v, w, hgt);
  ui.cam.corner = miniCorner(v, w, hgt);
}

/** What a phone's map is framed on, as a box of hex centres [x0, y0, x1, y1] in map units: the
 * battle hex, the fleet being ordered, or the viewer's own planets (a spectator: none, the
 * whole map).
 * @param {GenocideView} v */
function focusBox(v) {
  const one = ([c, r]) => { const [x, y] = centre(c, r); return [x, y, x, y]; };
  if (v.battle) return one([v.battle.col, v.battle.row]);
  const cur = cursorFleet(v);
  if (cur) return one([cur.col, cur.row]);
  if (v.viewer === null || v.viewer === undefined) return null;
  const mine = myPlanetCentres(v);
  if (!mine.length) return null;
  const xs = mine.map(([x]) => x);
  const ys = mine.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The centres, in map units, of the viewer's planets still in play.
 * @param {GenocideView} v */
function myPlanetCentres(v) {
  return v.planets.filter((p) => p.owner === v.viewer && p.alive).map((p) => centre(p.col, p.row));
}

/** No empty band beside the map when zoomed in: the camera stays over the map.
 * @param {GenocideView} v
 * @param {number} w
 * @param {number} hgt */
function clampCam(v, w, hgt) {
  const cam = ui.cam;
  const [ww, wh] = worldSize(v);
  if (ww * cam.s > w) cam.ox = Math.min(cam.s, Math.max(w - (ww - 1) * cam.s, cam.ox));
  if (wh * cam.s > hgt) cam.oy = Math.min((SQ3 / 2) * cam.s, Math.max(hgt - (wh - SQ3 / 2) * cam.s, cam.oy));
}

/** Pan (keeping the zoom) so that a hex is on the map, well inside its edges; whether it moved.
 * @param {number} c
 * @param {number} r */
export function keepInView(c, r) {
  const cam = ui.cam;
  const canvas = document.getElementById("gc-map");
  if (!cam || !canvas) return;
  const [wx, wy] = centre(c, r);
  const [x, y] = [cam.ox + wx * cam.s, cam.oy + wy * cam.s];
  const [w, hgt] = shownSize(canvas, cam);
  const m = Math.min(w, hgt) * 0.18;
  if (x >= m && x <= w - m && y >= m && y <= hgt - m) return false;
  cam.ox = w / 2 - wx * cam.s;
  cam.oy = hgt / 2 - wy * cam.s;
  if (ui.g) clampCam(ui.g.view, w, hgt);
  return true;
}

// ---------------------------------------------------------------------------- the mini-map

/** The height of what stands between the map and the decision bar on an upright phone: the
 * hex box (when a hex is picked) and the shell's recap of what just happened, with their gaps. */
function underMap() {
  let n = 0;
  for (const el of [document.querySelector(".gc-hexbox:not(.muted)"), document.getElementById("news")]) {
    if (el && el.isConnected) n += el.getBoundingClientRect().height + 8;
  }
  return n;
}

/** The mini-map's box [x, y, width, height] on the canvas, in a corner: 0 bottom right,
 * 1 bottom left, 2 top right, 3 top left.
 * @param {GenocideView} v
 * @param {number} w
 * @param {number} hgt
 * @param {number} corner */
function miniBox(v, w, hgt, corner) {
  const [ww, wh] = worldSize(v);
  const mw = Math.min(140, w * 0.3);
  const mh = wh * (mw / ww);
  return [corner & 1 ? 6 : w - mw - 6, corner & 2 ? 6 : hgt - mh - 6, mw, mh];
}

/** The corner for the mini-map that hides the fewest of the viewer's own planets as the map is
 * now framed (setting up, they are what the player taps); it stays there while the player
 * pans, so it never jumps under a finger.
 * @param {GenocideView} v
 * @param {number} w
 * @param {number} hgt */
function miniCorner(v, w, hgt) {
  const cam = ui.cam;
  const mine = myPlanetCentres(v);
  const hidden = (corner) => {
    const [x0, y0, mw, mh] = miniBox(v, w, hgt, corner);
    return mine.filter(([x, y]) => {
      const sx = cam.ox + x * cam.s;
      const sy = cam.oy + y * cam.s;
      return sx > x0 - cam.s && sx < x0 + mw + cam.s && sy > y0 - cam.s && sy < y0 + mh + cam.s;
    }).length;
  };
  return [1, 2, 3].reduce((best, corner) => (hidden(corner) < hidden(best) ? corner : best), 0);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {GenocideView} v
 * @param {number} w
 * @param {number} hgt */
function drawMini(ctx, v, w, hgt) {
  const cam = ui.cam;
  ui.mini = null;
  delete ctx.canvas.dataset.mini; // its box, for tests and tools that tap a hex (a tap there pans)
  if (cam.s <= cam.fit * 1.2) return;
  const [ww] = worldSize(v);
  const [x0, y0, mw, mh] = miniBox(v, w, hgt, cam.corner || 0);
  const ms = mw / ww;
  ctx.fillStyle = "#070b18";
  ctx.fillRect(x0 - 2, y0 - 2, mw + 4, mh + 4);
  ctx.strokeStyle = "#2c3765";
  ctx.lineWidth = 1;
  ctx.strokeRect(x0 - 2, y0 - 2, mw + 4, mh + 4);
  for (const p of v.planets) {
    if (!p.alive) continue;
    const [px, py] = centre(p.col, p.row);
    ctx.fillStyle = p.owner < 0 ? "#e8ecff" : D.SEAT_COLOURS[p.owner];
    ctx.fillRect(x0 + (px + 1) * ms - 1.5, y0 + (py + SQ3 / 2) * ms - 1.5, 3, 3);
  }
  for (const f of v.fleets) {
    const [px, py] = centre(f.col, f.row);
    ctx.strokeStyle = D.SEAT_COLOURS[f.owner];
    ctx.strokeRect(x0 + (px + 1) * ms - 2, y0 + (py + SQ3 / 2) * ms - 2, 4, 4);
  }
  // the part of the map on screen
  const vx = (-cam.ox / cam.s + 1) * ms;
  const vy = (-cam.oy / cam.s + SQ3 / 2) * ms;
  ctx.strokeStyle = "#ffcc4d";
  ctx.lineWidth = 1.5;
  ctx.strokeRect(x0 + vx, y0 + vy, (w / cam.s) * ms, (hgt / cam.s) * ms);
  ui.mini = { x: x0, y: y0, w: mw, h: mh };
  ctx.canvas.dataset.mini = [x0, y0, mw, mh].map((n) => n.toFixed(1)).join(",");
  ui.mini.toWorld = (x, y) => [(x - x0) / ms - 1, (y - y0) / ms - SQ3 / 2];
}

/**
 * @param {number} x
 * @param {number} y */
export function miniHit(x, y) {
  if (!ui.mini || x < ui.mini.x || y < ui.mini.y || x > ui.mini.x + ui.mini.w || y > ui.mini.y + ui.mini.h) return false;
  const cam = ui.cam;
  const canvas = document.getElementById("gc-map");
  const [wx, wy] = ui.mini.toWorld(x, y);
  cam.ox = canvas.clientWidth / 2 - wx * cam.s;
  cam.oy = canvas.clientHeight / 2 - wy * cam.s;
  cam.auto = false;
  schedule();
  return true;
}
