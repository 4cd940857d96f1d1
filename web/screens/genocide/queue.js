// Chained actions: a queue of legal actions played one after another (a setup, a long move
// along the engine's way to a hex), and where the fleet being ordered can reach this phase
// (the view's, issue 32).
import { reachMemo, ui } from "./state.js";
import { cursorFleet, hexLabel, key, neighbour } from "./util.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */
/** @typedef {import("./state.js").HexAt} HexAt */
/** @typedef {import("./state.js").GenocideFleet} GenocideFleet */

/**
 * @param {GenocideGame} g */
export function continueQueue(g) {
  clearTimeout(ui.queueTimer);
  const q = ui.queue;
  if (!q) return;
  if (g.handoff || !g.view || g.viewer !== q.seat || !g.actions.length || g.over) {
    ui.queue = null;
    const busy = document.querySelector(".gc-busy");
    if (busy) busy.remove();
    return;
  }
  const i = q.next(g);
  if (i === null || i === undefined) {
    ui.queue = null;
    const busy = document.querySelector(".gc-busy");
    if (busy) busy.remove();
    return;
  }
  const at = g.at;
  ui.queueTimer = setTimeout(() => ui.shell.whenFree(() => ui.shell.act(i, undefined, at),
    () => ui.g === g && ui.queue === q), q.delay ?? 30);
}

/** Where the fleet being ordered can go this phase and a shortest legal way to each hex: the
 * engine's (the view's reach, issue 32), as a map "col,row" -> {at, cost: MP spent, path: the
 * hexes in order}, built once per model (a pan redraws the shading without building it
 * again). A fleet just tapped, not yet the one being ordered (``pending``), has none yet.
 * @param {GenocideView} v
 * @param {GenocideGame} g
 * @param {GenocideFleet | null} [pending] */
export function reach(v, g, pending = null) {
  if (reachMemo.g !== g || reachMemo.pending !== pending) {
    const map = new Map(pending ? [] : (v.reach || []).map((x) => [key(x.col, x.row), { at: [x.col, x.row], cost: x.spent, path: x.path }]));
    Object.assign(reachMemo, { g, pending, map });
  }
  return reachMemo.map;
}

/**
 * @param {GenocideGame} g
 * @param {HexAt} target */
export function travel(g, target) {
  const v = g.view;
  const map = reach(v, g);
  const node = map.get(key(target[0], target[1]));
  const cur = cursorFleet(v);
  if (!node || !cur) return false;
  const path = node.path;
  const marker = cur.marker;
  ui.queue = {
    seat: g.viewer, what: `Fleet ${marker} to ${hexLabel(target[0], target[1])}`, byMap: true,
    next: (gg) => {
      const vv = gg.view;
      const f = cursorFleet(vv);
      if (vv.phase !== "transport" || !f || f.marker !== marker) return null;
      const n = path.findIndex(([c, r]) => c === f.col && r === f.row);
      const to = path[n + 1 >= 0 ? n + 1 : 0];
      if (n === path.length - 1 || !to) return null;
      const step = gg.actions.find((a) => a.kind === "Step" && (() => { const x = neighbour(f.col, f.row, a.fields.direction); return x[0] === to[0] && x[1] === to[1]; })());
      const gate = gg.actions.find((a) => a.kind === "Gate" && a.fields.col === to[0] && a.fields.row === to[1]);
      const a = step || gate;
      return a ? a.i : null;
    },
  };
  continueQueue(g);
  return true;
}
