// What just happened: the recap at the top of a game and its replay on the board, a look back,
// the log (its last lines; a tap on one looks back) and what screen readers are told.
import { h } from "./dom.js";
import { RULE_ID, foldedSteps, logLine, markOf, playerWords, showDetails } from "./lines.js";
import { app, views } from "./state.js";
import { run } from "./routing.js";
import { stepLabel } from "./panels.js";
/** @typedef {import("./types/models").GameModel} GameModel */
/** @typedef {import("./types/screen").ScreenModule} ScreenModule */

/** A look back's own buttons: a step earlier or later, and back to the game (Escape).
 * @param {GameModel} g
 * @param {ScreenModule} screen */
export function lookBackTools(g, screen) {
  const step = (n) => { app.recapRun += 1; return run("peek", [n]); };
  const label = g.peek.label ? stepLabel({ ...g, last_action: g.peek.label }, screen) : "";
  return h("div", { class: "choices look-back", role: "group", "aria-label": "Looking back" },
    label ? h("p", { class: "muted", id: "peek-label" }, `Your move: ${label}`) : null,
    h("button", { type: "button", class: "btn", id: "peek-prev", disabled: g.peek.step === 0, onclick: () => step(g.peek.step - 1), "aria-label": "A step earlier" }, "◀ Earlier"),
    h("button", { type: "button", class: "btn", id: "peek-next", onclick: () => step(g.peek.step + 1 < g.peek.steps ? g.peek.step + 1 : -1), "aria-label": "A step later" }, "Later ▶"),
    h("button", { type: "button", class: "btn primary", id: "peek-back", onclick: backToGame, "aria-keyshortcuts": "Escape" }, "Back to the game"));
}

/** The player may speed up the computers' turns (each move still drawn, for a moment). */
export function fastComputers(set) {
  try {
    if (set !== undefined) localStorage.setItem("startable:fast", set ? "1" : "");
    return localStorage.getItem("startable:fast") === "1";
  } catch { return false; }
}

/** What happened since the seat on screen last decided (the controller's recap), at the top
 * where the player looks, until that seat decides again (issue 24); with the screen's own
 * account of it (dice, cards). A look back at the board keeps the recap of the game on
 * screen, with the step shown marked. */
let recapKept = null; // {key, recap} of the last model in play: a look back shows it still
let recapHidden = ""; // the recap the player hid: game key + where it starts

/** @param {GameModel} g */
function gameKey(g) { return `${g.game_id}|${location.hash}|${g.viewer}`; }

/**
 * @param {GameModel} g
 * @param {HTMLElement | null} own
 * @param {ScreenModule} screen
 */
export function newsBox(g, own, screen) {
  let recap = g.recap;
  let marked = -1;
  if (g.mode === "peek") {
    recap = recapKept && recapKept.key === gameKey(g) ? recapKept.recap : null;
    marked = recap ? recap.steps.findIndex((s) => s.at + 1 === g.peek.step) : -1;
  } else if (g.mode === "play") {
    recapKept = { key: gameKey(g), recap };
  } else recap = null;
  const box = recap ? recapBox(g, recap, screen, marked, Boolean(own && own.dataset && own.dataset.tellsLog)) : null;
  if (!own && !box) return null;
  return h("section", { class: "news", id: "news", "aria-label": "What just happened" }, box, own);
}

/** @param {GameModel} g */
function recapBox(g, recap, screen, marked, tells) {
  const steps = foldedSteps(recap, marked).map(([step, now]) => recapStep(g, step, screen, now)).filter(Boolean);
  if (!steps.length && !tells) return null;
  // A solo game: the last decision's account, as it always was; nothing to replay or hide.
  if (g.seats.length === 1) return tells ? null : h("ol", { class: "just-now recap-steps", id: "recap" }, steps);
  const hideKey = `${gameKey(g)}|${recap.since}`;
  const hidden = recapHidden === hideKey;
  const mine = recap.steps[0].seat === g.viewer;
  const others = recap.steps.some((s) => s.seat !== g.viewer && s.seat !== null);
  const title = mine ? (others ? "Since your last move" : "Your move") : "What happened";
  const looking = g.mode === "peek";
  return h("div", { class: `recap${hidden ? " collapsed" : ""}`, id: "recap" },
    h("div", { class: "recap-head" },
      h("h2", { class: "recap-title" }, title, hidden ? h("span", { class: "muted" }, ` · ${steps.length} step${steps.length === 1 ? "" : "s"}`) : null),
      others && !looking ? h("button", { type: "button", class: "btn small", id: "recap-replay", onclick: () => replayRecap(recap),
        title: "See each step on the board, one after the other", "aria-label": "Replay on the board" }, "▶ Replay") : null,
      looking ? h("button", { type: "button", class: "btn small", id: "recap-stop", onclick: backToGame }, "Back to the game") : null,
      !looking && !tells ? h("button", { type: "button", class: "btn small", id: "recap-hide", "aria-expanded": hidden ? "false" : "true",
        onclick: () => { recapHidden = hidden ? "" : hideKey; if (app.current && app.current.game) views.game(app.current.game); } }, hidden ? "Show" : "Hide") : null),
    // A tab stop: on a phone the list scrolls inside its box, which a keyboard must reach too.
    hidden || tells ? null : h("ol", { class: "recap-steps", tabindex: "0", "aria-label": `${title}, step by step` }, steps));
}

/** @param {GameModel} g */
function recapStep(g, step, screen, now) {
  let own = null;
  if (screen.recapStep) {
    try { own = screen.recapStep(g, step); } catch (err) { console.error(err); } // the lines below
  }
  // A step that passed by itself is folded to its one line, unless it carried a result (a battle,
  // a capture, a planet destroyed, a discard: issue 31): then its lines follow, as in the log.
  // Each line with its index in the viewer's log (data-line: tests and a look back find it).
  const told = step.lines.map((line, k) => [String(line), step.from + k]).filter(([, n]) => markOf(g, n) !== "d" || showDetails());
  const folded = step.auto && !(step.results && step.results.length);
  // Alone at the table, a step that played itself and told something is just what it told.
  const lines = !step.auto ? told : folded ? [[step.auto, null]] : g.seats.length === 1 ? told : [[step.auto, null], ...told];
  if (!own && !lines.length) return null;
  const people = g.seats.filter((s) => !s.computer).length;
  const seat = step.seat === null || step.seat === undefined ? null : g.seats[step.seat];
  // A screen may file a step under no side (``screen.recapWho`` null: Minimal Space Combat's
  // reveal of both sides' moves, each told under its own side; issue 36).
  const filed = screen.recapWho ? screen.recapWho(g, step) : undefined;
  const who = filed !== undefined ? filed : !seat || g.seats.length === 1 ? null : step.seat === g.viewer && people === 1 ? "You" : seat.name;
  return h("li", { class: `recap-step seat-${step.seat}${now ? " now" : ""}${folded ? " auto" : ""}`, "data-at": String(step.at),
    "aria-current": now ? "step" : null },
  who ? h("span", { class: "recap-who" }, who) : null,
  own || recapLines(g, lines, step, screen));
}

/** A step's lines, but those of the kinds a screen tells in its own place (``screen.recapElsewhere``:
 * Spacehole's battle box holds a battle's rounds; issue 33: the battle told once).
 * @param {GameModel} g */
function recapLines(g, lines, step, screen) {
  const elsewhere = screen.recapElsewhere || null;
  const kindOf = ([, n]) => (n === null || !step.kinds ? null : step.kinds[n - step.from]);
  const shown = elsewhere ? lines.filter((l) => !elsewhere.has(kindOf(l))) : lines;
  return h("span", { class: "recap-lines" }, shown.map(([line, n]) => h("span", {
    class: `recap-line${markOf(g, n) === "d" ? " detail" : ""}`, "data-line": n === null ? null : String(n) }, ...playerWords(line))));
}

/** The recap's steps on the board, one after the other: the board before the seat's own last
 * decision, then as each step left it, then the game again. Any tap on "Back to the game" stops. */
async function replayRecap(recap) {
  const mine = ++app.recapRun;
  const positions = [recap.since, ...recap.steps.map((s) => s.at + 1)].slice(0, -1);
  for (const position of positions) {
    if (mine !== app.recapRun) return;
    await run("peek", [position]);
    await new Promise((resolve) => setTimeout(resolve, fastComputers() ? 500 : 1100));
  }
  if (mine === app.recapRun) await run("peek", [-1]);
}

export function backToGame() {
  app.recapRun += 1;
  return run("peek", [-1]);
}

document.body.classList.toggle("details", showDetails()); // the log's Details, as last set

export function announceText(text) {
  const live = document.getElementById("announce");
  if (live) live.textContent = text;
}

export function announce(previous, g) {
  // Screen readers hear what just happened: the log lines added since the last screen.
  const log = g.view ? g.view.log : [];
  const before = previous && previous.view && previous.at < g.at ? previous.view.log.length : log.length;
  announceText(log.slice(before).filter((line, k) => markOf(g, before + k) !== "d").join(" ").replace(RULE_ID, ""));
}

// The log shows its last LOG_TAIL lines; a button above them brings back the earlier ones.
// Late in a game the log has many hundreds of lines, and every line on the page costs the
// browser style, layout and paint work on every tap (the tap goal of issue 13).
const LOG_TAIL = 150;

/** A tap on a line of the log shows the board as that line left it (a look back, issue 24). */
function peekLine(e) {
  const li = e.target.closest && e.target.closest("li[data-n]");
  const g = app.current && app.current.game;
  if (!li || !g || g.mode === "replay" || g.mode === "spectate" || g.handoff) return;
  app.recapRun += 1;
  run("peek_line", [Number(li.dataset.n)]);
}

/** The log. When the new log extends the one on screen, only the new lines are added (and as
 * many of the oldest shown dropped, unless the player asked for the whole log), so a tap
 * stays as fast late in a game as at the start.
 * @param {GameModel} g */
export function logBox(g) {
  const lines = g.view ? g.view.log : [];
  const key = `${g.game_id}|${g.mode}|${g.viewer}`;
  const kept = app.logKept;
  const list = kept.section && kept.section.querySelector("#log");
  const last = list && list.lastElementChild;
  const extends_ = list && kept.key === key && lines.length >= kept.count
    && (kept.count === kept.from ? !last : Boolean(last) && last.dataset.n === String(kept.count - 1)
      && last.textContent === String(lines[kept.count - 1]));
  if (extends_) {
    list.append(...lines.slice(kept.count).map((line, i) => logLine(g, line, kept.count + i)));
    kept.count = lines.length;
    const from = kept.all ? 0 : Math.max(kept.from, lines.length - LOG_TAIL);
    for (let n = kept.from; n < from && list.firstElementChild; n += 1) list.firstElementChild.remove();
    kept.from = from;
    updateEarlier(kept);
    return kept.section;
  }
  const all = kept.key === key && kept.all;
  const from = all ? 0 : Math.max(0, lines.length - LOG_TAIL);
  const earlier = h("button", { type: "button", class: "btn small log-earlier", id: "log-earlier", onclick: () => showEarlier(g) });
  app.logKept = {
    key, count: lines.length, from, all, earlier, skipped: false, behind: true,
    section: h("section", {
      class: "log-box", "aria-labelledby": "log-title",
      // content-visibility: auto (app.css): the browser says when it skips the log, or shows it.
      oncontentvisibilityautostatechange: (e) => {
        const kept = app.logKept;
        if (e.currentTarget !== kept.section) return;
        kept.skipped = e.skipped;
        const list = kept.section.querySelector("#log");
        if (!e.skipped && list && kept.behind) list.scrollTop = list.scrollHeight;
        if (!e.skipped) kept.behind = false;
      },
    },
      h("div", { class: "log-head" },
        h("h2", { id: "log-title" }, "Log"),
        h("label", { class: "log-details", title: "Dice records and rule numbers" },
          h("input", { type: "checkbox", id: "log-details", checked: showDetails(),
            onchange: (e) => { showDetails(e.target.checked); document.body.classList.toggle("details", e.target.checked); } }),
          " Details")),
      g.mode === "replay" || g.mode === "spectate" ? null : h("p", { class: "muted log-tip" }, "Tap a line to see the board as it was then."),
      earlier,
      h("div", { role: "log", "aria-labelledby": "log-title" },
        h("ol", { class: "log", id: "log", tabindex: "0", "aria-label": "Game log, every roll", onclick: peekLine },
          lines.slice(from).map((line, i) => logLine(g, line, from + i))))),
  };
  updateEarlier(app.logKept);
  return app.logKept.section;
}

function updateEarlier(kept) {
  kept.earlier.hidden = kept.from === 0;
  kept.earlier.textContent = `Show the ${kept.from} earlier line${kept.from === 1 ? "" : "s"}`;
}

/** The whole log, for as long as this game stays on screen.
 * @param {GameModel} g */
function showEarlier(g) {
  const kept = app.logKept;
  const list = kept.section && kept.section.querySelector("#log");
  const shown = app.current && app.current.game && app.current.game.view ? app.current.game : g;
  const lines = shown.view.log;
  if (!list || !kept.from) return;
  const top = list.scrollHeight - list.scrollTop;
  list.prepend(...lines.slice(0, kept.from).map((line, n) => logLine(shown, line, n)));
  kept.from = 0;
  kept.all = true;
  updateEarlier(kept);
  list.scrollTop = list.scrollHeight - top; // the lines in view stay in view
  list.focus({ preventScroll: true }); // the button is gone: the keyboard goes on in the log
}
