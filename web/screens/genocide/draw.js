// Drawing the hex map: every hex's fill, grid and glyphs (the static layer), and a model's
// marks, planets and fleet markers over them.
import * as D from "./data.js";
import { roundRect } from "../common/canvas.js";
import { ui } from "./state.js";
import {
  centre, cursorFleet, fleetMp, hexLabel, key, myFleet, myShipsIn, planetAt, shipType, SQ3,
} from "./util.js";
import { actionHex } from "./words.js";
import { drawTrails } from "./recap.js";
import { reach } from "./queue.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */
/** @typedef {import("./state.js").WorldBox} WorldBox */
/** @typedef {import("../../types/models").GenocideTerrain} GenocideTerrain */

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} s */
function hexPath(ctx, x, y, s) {
  ctx.moveTo(x + s, y);
  for (let k = 1; k < 6; k++) ctx.lineTo(x + s * Math.cos(k * Math.PI / 3), y + s * Math.sin(k * Math.PI / 3));
  ctx.closePath();
}

/** The model's own marks over the hexes whose centres are in the world box: reachable hexes,
 * the legal actions' hexes, the battle, the hex tapped last, planets and fleet markers.
 * @param {CanvasRenderingContext2D} ctx
 * @param {GenocideGame} g
 * @param {number} s
 * @param {(wx: number) => number} sx
 * @param {(wy: number) => number} sy
 * @param {WorldBox} box */
export function drawOverlays(ctx, g, s, sx, sy, box) {
  const v = g.view;
  const visible = (x, y) => x >= sx(box.wx0 - 1.5) && y >= sy(box.wy0 - 1.5) && x <= sx(box.wx1 + 1.5) && y <= sy(box.wy1 + 1.5);
  // highlights from the legal actions
  const mark = (c, r, colour, width = 2.5) => {
    const [wx, wy] = centre(c, r);
    ctx.beginPath();
    hexPath(ctx, sx(wx), sy(wy), s * 0.9);
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.stroke();
  };
  const shade = (c, r, colour) => {
    const [wx, wy] = centre(c, r);
    ctx.beginPath();
    hexPath(ctx, sx(wx), sy(wy), s * 0.97);
    ctx.fillStyle = colour;
    ctx.fill();
  };
  if (g.mode === "play" && g.actions.length) {
    if (v.phase === "transport") {
      const pending = ui.pending !== null && ui.pending !== undefined ? myFleet(v, ui.pending) : null;
      const cur = pending || cursorFleet(v);
      const mp = cur ? fleetMp(v, cur.marker) : 0;
      for (const node of reach(v, g, pending).values()) shade(node.at[0], node.at[1], `rgba(255, 204, 77, ${0.08 + 0.22 * (1 - node.cost / Math.max(mp, 1))})`);
    }
    for (const a of g.actions) {
      const x = actionHex(v, a);
      if (!x) continue;
      const colour = a.kind === "Step" ? "#ffcc4d" : a.kind === "Gate" ? "#8fe3ff" : a.kind === "Fight" ? "#ff7b7b" : a.kind === "Place" || a.kind === "SetupPlace" ? "#7be0a5" : a.kind === "Select" ? null : "#c9a2ff";
      if (colour) mark(x[0], x[1], colour, a.kind === "Step" ? 3 : 2.5);
    }
  }
  drawTrails(ctx, g, s, sx, sy);
  if (v.battle) mark(v.battle.col, v.battle.row, "#ff7b7b", 4);
  if (ui.hex) mark(ui.hex[0], ui.hex[1], "#ffffff", 2);
  // setup draft: the planet types and fleets being arranged
  const draftTypes = /** @type {Record<number, string> | null} */ (v.phase === "types" && ui.draft && ui.draft.kind === "types" ? ui.draft.assign : null);
  const draftFleets = v.phase === "fleets" && ui.draft && ui.draft.kind === "fleets" ? ui.draft.assign : null;
  // planets
  const fleetHexes = new Set(v.fleets.map((f) => key(f.col, f.row)));
  v.planets.forEach((p, pid) => {
    const [wx, wy] = centre(p.col, p.row);
    const crowded = fleetHexes.has(key(p.col, p.row));
    const x = sx(wx);
    const y = sy(wy) - (crowded ? s * 0.3 : 0);
    if (!visible(x, y)) return;
    const rad = s * (crowded ? 0.32 : 0.42);
    ctx.beginPath();
    ctx.arc(x, y, rad, 0, 2 * Math.PI);
    ctx.fillStyle = p.owner < 0 ? "#e8ecff" : D.SEAT_COLOURS[p.owner];
    ctx.globalAlpha = p.alive ? 1 : 0.35;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.lineWidth = Math.max(1, s / 14);
    ctx.strokeStyle = "#0b1020";
    ctx.stroke();
    const type = p.type || (draftTypes && draftTypes[pid]) || null;
    if (s >= 9) {
      ctx.fillStyle = p.owner < 0 ? "#0b1020" : D.SEAT_INK[p.owner];
      ctx.font = `700 ${Math.round(rad * 1.1)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(type || "?", x, y + 1);
    }
    if (!p.alive) {
      ctx.beginPath();
      ctx.moveTo(x - rad, y - rad); ctx.lineTo(x + rad, y + rad);
      ctx.moveTo(x + rad, y - rad); ctx.lineTo(x - rad, y + rad);
      ctx.strokeStyle = "#ff7b7b";
      ctx.lineWidth = 2;
      ctx.stroke();
    }
    if (draftFleets && p.owner === v.viewer && s >= 7) {
      const n = Object.values(draftFleets).filter((x2) => x2 === pid).length;
      if (n) badge(ctx, x + rad * 0.9, y - rad * 0.9, String(n), "#7be0a5", "#052010", s);
    }
  });
  // fleets
  const byHex = new Map();
  for (const f of v.fleets) {
    const k = key(f.col, f.row);
    if (!byHex.has(k)) byHex.set(k, []);
    byHex.get(k).push(f);
  }
  const slots = [[-0.36, 0.4], [0.36, 0.4], [-0.62, -0.12], [0.62, -0.12]];
  for (const list of byHex.values()) {
    const f0 = list[0];
    const [wx, wy] = centre(f0.col, f0.row);
    const cx = sx(wx);
    const cy = sy(wy);
    if (!visible(cx, cy)) continue;
    list.sort((a, b) => Number(b.owner === v.viewer) - Number(a.owner === v.viewer) || a.owner - b.owner || a.marker - b.marker);
    list.slice(0, 4).forEach((f, n) => {
      const planet = v.planets.some((p) => p.col === f.col && p.row === f.row);
      const [dx, dy] = list.length === 1 ? (planet ? [0, 0.4] : [0, 0]) : slots[n];
      const mw = Math.max(12, s * 0.62);
      const mh = Math.max(10, s * 0.5);
      const x = cx + dx * s - mw / 2;
      const y = cy + dy * s - mh / 2;
      ctx.fillStyle = D.SEAT_COLOURS[f.owner];
      ctx.globalAlpha = f.done ? 0.55 : 1;
      roundRect(ctx, x, y, mw, mh, Math.min(4, s / 8));
      ctx.fill();
      ctx.globalAlpha = 1;
      const ordering = ui.pending !== null && ui.pending !== undefined ? f.owner === v.viewer && f.marker === ui.pending : f.ordering;
      ctx.lineWidth = ordering ? 3 : f.owner === v.viewer ? 1.5 : 1;
      ctx.strokeStyle = ordering ? "#ffffff" : f.jammed ? "#ff7b7b" : "#0b1020";
      ctx.stroke();
      if (s >= 10) {
        ctx.fillStyle = D.SEAT_INK[f.owner];
        ctx.font = `700 ${Math.round(mh * 0.78)}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(String(f.marker), x + mw / 2, y + mh / 2 + 1);
      }
      const count = f.owner === v.viewer ? myShipsIn(v, f.marker).length : f.ships;
      if (s >= 16 && count !== null && count !== undefined) badge(ctx, x + mw, y, String(count), "#eef1ff", "#0b1020", s);
      if (s >= 16 && f.done) badge(ctx, x, y, "✓", "#7be0a5", "#052010", s);
      if (s >= 16 && f.jammed) badge(ctx, x, y + mh, "J", "#ff7b7b", "#2a0604", s);
      const seen = f.owner !== v.viewer && v.sightings.find((x2) => x2.owner === f.owner && x2.marker === f.marker);
      if (s >= 16 && seen) badge(ctx, x + mw, y + mh, "◉", seen.stale ? "#6f7aa8" : "#eef1ff", "#0b1020", s);
      if (f.owner === v.viewer && s >= 44) {
        const codes = myShipsIn(v, f.marker).map((x2) => shipType(v, x2.id).short);
        ctx.font = `${Math.round(s * 0.17)}px system-ui, sans-serif`;
        ctx.fillStyle = "#eef1ff";
        ctx.textAlign = "center";
        ctx.textBaseline = "top";
        for (let k = 0; k < codes.length; k += 3) ctx.fillText(codes.slice(k, k + 3).join(" "), x + mw / 2, y + mh + 1 + (k / 3) * s * 0.19);
      }
    });
    if (list.length > 4 && s >= 12) badge(ctx, cx, cy + s * 0.7, `+${list.length - 4}`, "#ffcc4d", "#1a1300", s);
  }
}

/** Every hex's fill (section tint or terrain, SG-12.1), the grid, the terrain glyphs and, zoomed
 * in, the hex labels, for hexes whose centre is within the world box [wx0, wx1] x [wy0, wy1],
 * drawn with the world-to-pixel maps sx, sy.
 * @param {CanvasRenderingContext2D} ctx
 * @param {GenocideView} v
 * @param {number} s
 * @param {(wx: number) => number} sx
 * @param {(wy: number) => number} sy
 * @param {WorldBox} box */
export function drawHexes(ctx, v, s, sx, sy, box) {
  const ter = new Map(v.terrain.map((t) => [key(t.col, t.row), t]));
  const section = 12;
  const fills = new Map();
  const inBox = [];
  for (let c = 0; c < v.map.cols; c++) {
    const wx = 1.5 * c;
    if (wx < box.wx0 || wx > box.wx1) continue;
    for (let r = 0; r < v.map.rows; r++) {
      const wy = SQ3 * (r + 0.5 * (c & 1));
      if (wy < box.wy0 || wy > box.wy1) continue;
      const t = ter.get(key(c, r));
      const band = c % section < 2 || c % section >= section - 2;
      const colour = t ? D.TERRAIN[t.type].fill : band ? "#0d1329" : Math.floor(c / section) % 2 ? "#131c3c" : "#111a38";
      if (!fills.has(colour)) fills.set(colour, []);
      /** @type {[number, number, number, number, GenocideTerrain | undefined]} */
      const at = [sx(wx), sy(wy), c, r, t];
      fills.get(colour).push(at);
      inBox.push(at);
    }
  }
  for (const [colour, list] of fills) {
    ctx.beginPath();
    for (const [x, y] of list) hexPath(ctx, x, y, s * 0.98);
    ctx.fillStyle = colour;
    ctx.fill();
  }
  ctx.beginPath();
  for (const [x, y] of inBox) hexPath(ctx, x, y, s);
  ctx.strokeStyle = "#24305c";
  ctx.lineWidth = Math.max(0.5, s / 30);
  ctx.stroke();
  if (s >= 8) {
    ctx.font = `${Math.round(s * 0.8)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (const [x, y, c, r, t] of inBox) {
      if (!t || !D.TERRAIN[t.type].glyph || planetAt(v, c, r)) continue;
      ctx.fillStyle = D.TERRAIN[t.type].ink;
      ctx.globalAlpha = t.used ? 0.4 : 0.9;
      ctx.fillText(D.TERRAIN[t.type].glyph, x, y);
    }
    ctx.globalAlpha = 1;
  }
  if (s >= 30) {
    ctx.font = `${Math.round(s * 0.2)}px system-ui, sans-serif`;
    ctx.fillStyle = "#6f7aa8";
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    for (const [x, y, c, r] of inBox) ctx.fillText(hexLabel(c, r), x, y - s * 0.82);
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {string} text
 * @param {string} bg
 * @param {string} ink
 * @param {number} s */
function badge(ctx, x, y, text, bg, ink, s) {
  const r = Math.max(6, s * 0.16);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = bg;
  ctx.fill();
  ctx.fillStyle = ink;
  ctx.font = `700 ${Math.round(r * 1.3)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + 0.5);
}
