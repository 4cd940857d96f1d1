// Chained actions: a queue of legal actions played one after another (a setup, a long move),
// and where the fleet being ordered can reach this phase.
import { reachMemo, ui } from "./state.js";
import { acts, cursorFleet, fleetMp, hexLabel, key, neighbour } from "./util.js";

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
  const fire = () => {
    if (ui.g !== g || ui.queue !== q) return;
    if (document.body.dataset.busy) { ui.queueTimer = setTimeout(fire, 40); return; }
    ui.shell.act(i, undefined, at);
  };
  ui.queueTimer = setTimeout(fire, q.delay ?? 30);
}

/** reach() once per model and fleet: a pan redraws the shading without searching again. */
export function reach(v, g, pending = null) {
  if (reachMemo.g !== g || reachMemo.pending !== pending) Object.assign(reachMemo, { g, pending, map: reachNow(v, g, pending) });
  return reachMemo.map;
}

/** Where the fleet being ordered (or just tapped) can get this phase: Dijkstra over its MP
 * (SG-5.7), the entry costs and forced stops the map shows (SG-5.8, SG-12) and star gates
 * (SG-5.11). */
function reachNow(v, g, pending) {
  const cur = pending || cursorFleet(v);
  if (!cur || (!pending && !acts(g, "Step").length && !acts(g, "Gate").length)) return new Map();
  const mp = fleetMp(v, cur.marker);
  const cols = v.map.cols;
  const rows = v.map.rows;
  const enemyAt = new Set(v.fleets.filter((f) => f.owner !== v.viewer).map((f) => key(f.col, f.row)));
  const ter = new Map(v.terrain.map((t) => [key(t.col, t.row), t.type]));
  const gates = v.terrain.filter((t) => t.type === "star_gate");
  const best = new Map([[key(cur.col, cur.row), { left: mp, cost: 0, prev: null, at: [cur.col, cur.row], stop: false }]]);
  const todo = [[cur.col, cur.row]];
  while (todo.length) {
    todo.sort((a, b) => best.get(key(b[0], b[1])).left - best.get(key(a[0], a[1])).left);
    const [c, r] = todo.shift();
    const node = best.get(key(c, r));
    if (node.stop || node.left <= 0) continue;
    const next = [];
    for (let d = 0; d < 6; d++) next.push([...neighbour(c, r, d), d]);
    if (ter.get(key(c, r)) === "star_gate") for (const gt of gates) if (gt.col !== c || gt.row !== r) next.push([gt.col, gt.row, -1]);
    for (const [nc, nr, d] of next) {
      if (nc < 0 || nr < 0 || nc >= cols || nr >= rows) continue;
      const t = ter.get(key(nc, nr));
      if (t === "super_nova") continue;
      const cost = d < 0 ? 0 : t === "gravitic_anomaly" ? 0 : 1;
      const left = node.left - cost;
      if (left < 0) continue;
      const k = key(nc, nr);
      const stop = t === "nebula" || (enemyAt.has(k) && t !== "dark_matter");
      const old = best.get(k);
      if (old && old.left >= left) continue;
      best.set(k, { left: stop ? 0 : left, cost: mp - left, prev: [c, r], at: [nc, nr], stop, gate: d < 0 });
      todo.push([nc, nr]);
    }
  }
  best.delete(key(cur.col, cur.row));
  return best;
}

export function travel(g, target) {
  const v = g.view;
  const map = reach(v, g);
  const node = map.get(key(target[0], target[1]));
  if (!node) return false;
  const path = [target];
  let p = node.prev;
  const cur = cursorFleet(v);
  while (p && !(p[0] === cur.col && p[1] === cur.row)) { path.unshift(p); p = map.get(key(p[0], p[1])).prev; }
  const marker = cur.marker;
  ui.queue = {
    seat: g.viewer, what: `Fleet ${marker} to ${hexLabel(target[0], target[1])}`,
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
