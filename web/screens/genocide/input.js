// Input on the map: taps on a hex (acting on what the map showed, issue 25), the canvas's drag,
// pinch and wheel, and the keys.
import { panZoomTap } from "../common/canvas.js";
import { rerender, ui } from "./state.js";
import { centre, cursorFleet, fleetMp, hexLabel, myPlanets, pixelToHex } from "./util.js";
import { actionHex } from "./words.js";
import { travel } from "./queue.js";
import { placePicked } from "./setup.js";
import { centreOn, draw, fit, miniHit, schedule, zoomBy } from "./map.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */

/** A tap on the map acts on what the map showed when it was tapped (issue 25): while a fleet
 * picked on the map waits for the engine (drawn as picked already), the tap waits too and is
 * then taken on the new position, for that fleet; a tap the shell turns down (the board had
 * just changed under the finger) says so instead of vanishing.
 * @param {number} c
 * @param {number} r
 * @param {Event | undefined} event
 * @param {boolean} [waited] */
function tapHex(c, r, event, waited = false) {
  const g = ui.g;
  if (!g || !g.view) return;
  const v = g.view;
  if (c < 0 || r < 0 || c >= v.map.cols || r >= v.map.rows) return;
  ui.hex = [c, r];
  ui.hexAt = g.at;
  if (g.mode === "play" && g.actions.length) {
    if ((ui.pending !== null && ui.pending !== undefined) || document.body.dataset.busy) {
      ui.afterModel = { c, r, at: g.at };
      ui.stamp += 1;
      draw();
      return;
    }
    // Right after the map's own pick of a fleet the picture did not change: no read time.
    const guard = waited || ui.pickedAt === g.at ? undefined : event;
    // The page stays where it is after a tap on the map (the shell brings the top of the
    // game into view after a move): the next tap then lands on the hex the player sees.
    const canvas = document.getElementById("gc-map");
    ui.keepScroll = { top: canvas ? canvas.getBoundingClientRect().top : null, after: g.at };
    const act = (i) => ui.shell.act(i, guard, g.at).then((model) => {
      if (!model && ui.g === g) ui.shell.notify("The board changed as you tapped: tap again.");
      return model;
    });
    if (v.phase === "fleets") {
      const p = myPlanets(v).find((x) => x.col === c && x.row === r);
      if (p) { placePicked(p); return; }
    }
    const here = g.actions.filter((a) => { const x = actionHex(v, a); return x && x[0] === c && x[1] === r; });
    const cur = v.phase === "transport" ? cursorFleet(v) : null;
    if (cur) {
      // Issue 36: with a fleet being ordered, a tap on a hex it can reach moves it there, even
      // where another own fleet stands (picking that fleet stays in the hex box below the map).
      const move = here.find((a) => a.kind === "Step" || a.kind === "Gate");
      if (move) { ui.queue = null; act(move.i); return; }
      if (here.every((a) => a.kind === "Select") && travel(g, [c, r])) { rerender(); return; }
      if (!here.length && (cur.col !== c || cur.row !== r)) {  // a refused tap says why (issue 36)
        const mp = fleetMp(v, cur.marker);
        ui.shell.notify(mp <= 0 ? `Fleet ${cur.marker} has no MP left this phase.`
          : `Fleet ${cur.marker} cannot reach ${hexLabel(c, r)} this phase: it has ${mp} MP, and a nebula or `
            + "an enemy fleet on the way would stop it (SG-5.7, SG-5.8).");
      }
    }
    const direct = here.filter((a) => ["Step", "Gate", "Fight", "Place", "Choose", "Select"].includes(a.kind));
    if (direct.length === 1 && here.length === 1) {
      ui.queue = null;
      if (direct[0].kind !== "Select") { act(direct[0].i); return; }
      // A fleet picked on the map shows as picked in the next frame; the engine is asked right
      // after that frame (and the map goes back if the shell turns the tap down).
      ui.pending = direct[0].fields.fleet;
      ui.stamp += 1;
      draw();
      requestAnimationFrame(() => setTimeout(() => {
        if (ui.g !== g) return;
        ui.shell.act(direct[0].i, guard, g.at).then((model) => {
          if (model) { ui.pickedAt = g.at + 1; return; }
          if (ui.g === g) { ui.pending = null; ui.afterModel = null; ui.stamp += 1; draw(); }
        });
      }, 0));
      return;
    }
  }
  rerender();
}

/** The tap that waited for the model of a fleet picked on the map, taken on that model.
 * @param {GenocideGame} g */
export function tapAfterModel(g) {
  const wait = ui.afterModel;
  if (!wait || wait.at >= g.at) return;
  ui.afterModel = null;
  if (g.mode !== "play" || !g.actions.length || g.thinking) return;
  // The shell is done with the model once it is no longer busy: then the tap is taken. It
  // waits as long as that takes (a slow phone may be busy for seconds: giving up after a while
  // lost the tap, as the tap then waited for a model that never came); a newer model ends it.
  setTimeout(() => ui.shell.whenFree(() => tapHex(wait.c, wait.r, undefined, true), () => ui.g === g, 20), 0);
}

/** Drag pans, pinch and wheel zoom, a tap picks a hex or a spot on the mini-map
 * (web/screens/common/canvas.js says what the fingers did).
 * @param {HTMLElement} canvas */
export function wireCanvas(canvas) {
  panZoomTap(canvas, {
    grab: () => ({ ox: ui.cam.ox, oy: ui.cam.oy }),
    pan: (dx, dy, from) => { ui.cam.ox = from.ox + dx; ui.cam.oy = from.oy + dy; ui.cam.auto = false; schedule(); },
    zoom: (factor, x, y) => zoomBy(factor, x, y),
    tap: (x, y, e) => {
      if (miniHit(x, y)) return;
      const [c, r] = pixelToHex((x - ui.cam.ox) / ui.cam.s, (y - ui.cam.oy) / ui.cam.s);
      tapHex(c, r, e);
    },
  });
}

/**
 * @param {KeyboardEvent} e */
export function keys(e) {
  const canvas = document.getElementById("gc-map");
  if (!ui.cam || !canvas) return false;
  if (e.key === "+" || e.key === "=") { zoomBy(1.25); return true; }
  if (e.key === "-") { zoomBy(0.8); return true; }
  if (e.key === "0") { fit(); return true; }
  const g = ui.g;
  if (document.activeElement === canvas && g && g.view) return hexKey(e, g, canvas);
  const pan = { ArrowLeft: [80, 0], ArrowRight: [-80, 0], ArrowUp: [0, 80], ArrowDown: [0, -80] }[e.key];
  if (pan && g && g.mode === "play") {
    ui.cam.ox += pan[0];
    ui.cam.oy += pan[1];
    ui.cam.auto = false;
    schedule();
    return true;
  }
  return false;
}

/** The map focused: the arrows move the white frame (the hex box below says what is there and
 * what a tap would do) up and down a column, left and right along a row; Enter or Space taps
 * the framed hex as a finger would (issue 36).
 * @param {KeyboardEvent} e
 * @param {GenocideGame} g
 * @param {HTMLElement} canvas */
function hexKey(e, g, canvas) {
  const v = g.view;
  const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  const [c, r] = ui.hex || startHex(v);
  if (moves[e.key]) {
    e.preventDefault();
    const [dc, dr] = moves[e.key];
    const next = [Math.max(0, Math.min(v.map.cols - 1, c + dc)), Math.max(0, Math.min(v.map.rows - 1, r + dr))];
    ui.hex = next;
    ui.hexAt = g.at;
    const [x, y] = centre(next[0], next[1]);
    const px = ui.cam.ox + x * ui.cam.s;
    const py = ui.cam.oy + y * ui.cam.s;
    const m = 2 * ui.cam.s;
    if (px < m || py < m || px > canvas.clientWidth - m || py > canvas.clientHeight - m) centreOn(next[0], next[1]);
    rerender();
    return true;
  }
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    tapHex(c, r, e);
    return true;
  }
  return false;
}

/** Where the frame starts: the fleet being ordered, else the middle of the map.
 * @param {GenocideView} v */
function startHex(v) {
  const cur = cursorFleet(v);
  return cur ? [cur.col, cur.row] : [Math.floor(v.map.cols / 2), Math.floor(v.map.rows / 2)];
}
