// How a line of the log or the recap is drawn: its words with rule numbers behind Details, its
// style from the engine's marks, and the recap's folding of steps that told nothing.

import { h } from "./dom.js";
/** @typedef {import("./types/models").GameModel} GameModel */
/** @typedef {import("./types/screen").ScreenModule} ScreenModule */

// The log's dice records (C-2.8: "  roll GW.battle.attack ...") and rule numbers ("(GW-6.5)")
// are for the curious: shown with the log's Details on, hidden otherwise (issue 24). Which
// line is a dice record, or a turn's heading, the engine says: the model's ``log_marks``, a
// letter per line of the view's log ("d" a dice record, "h" a heading), from its event's kind.
export const markOf = (g, n) => (n === null || !g || !g.log_marks ? "." : g.log_marks[n] || ".");
export const RULE_ID = /\s*\((?:see )?(?:C|GW|MSC|SG|SH)-?[0-9][0-9A-Za-z.]*(?:(?:,|;| and| or)\s*(?:(?:C|GW|MSC|SG|SH)-?)?[0-9][0-9A-Za-z.]*)*\)|\b(?:C|GW|MSC|SG|SH)-[0-9][0-9A-Za-z.]*/g;

export function showDetails(set) {
  try {
    if (set !== undefined) localStorage.setItem("startable:details", set ? "1" : "");
    return localStorage.getItem("startable:details") === "1";
  } catch { return false; }
}

/** A log line as nodes: its words, with any rule number in a span shown only with Details on. */
export function playerWords(line) {
  const out = [];
  let last = 0;
  for (const m of line.matchAll(RULE_ID)) {
    if (m.index > last) out.push(line.slice(last, m.index));
    out.push(h("span", { class: "rule-id" }, m[0]));
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}

/** One line of the log, styled by its mark (a turn's heading, a dice record).
 * @param {GameModel} g
 * @param {string} line
 * @param {number} n */
export function logLine(g, line, n) {
  const mark = markOf(g, n);
  return h("li", { class: mark === "h" ? "turn-line" : mark === "d" ? "detail" : null, "data-n": String(n) }, ...playerWords(String(line)));
}

/** The recap's steps to draw: a step that passed by itself and told nothing (a card window with
 * no card to play) is said once per seat and words, with how many times (after each of the other
 * side's fleet moves it came again and again); ``marked`` goes to its first. */
export function foldedSteps(recap, marked) {
  const out = [];
  const first = new Map(); // seat|words -> the entry of its first idle step
  recap.steps.forEach((step, k) => {
    const idle = step.auto && !(step.results && step.results.length);
    const key = idle ? `${step.seat}|${step.auto}` : null;
    const seen = key === null ? null : first.get(key);
    if (seen) { seen.times += 1; seen.now = seen.now || k === marked; return; }
    const entry = { step, times: 1, now: k === marked };
    if (key !== null) first.set(key, entry);
    out.push(entry);
  });
  return out.map(({ step, times, now }) => [times > 1 ? { ...step, auto: `${step.auto} (${times} times)` } : step, now]);
}
