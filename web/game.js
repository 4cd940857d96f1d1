// The game frame: header, seats, hand-off, the decision and its choices, the computer's turns,
// the parts kept on the page from render to render, and the keys that play.
import * as engine from "./engine.js";
import * as warm from "./warm.js";
import { h, morph, stylesheet, fill } from "./dom.js";
import { playerWords } from "./lines.js";
import { $, READ_TIME_MS, app, dialog, notify, openDialog, screenModule, screens } from "./state.js";
import { run } from "./routing.js";
import { announce, announceText, backToGame, fastComputers, logBox, lookBackTools, newsBox } from "./recap.js";
import { claimPanel, concedeButton, endPanel, forkPanel, replayBar, replayContext, sendPanel, share, showHelp, showHint,
  stepLabel } from "./panels.js";
/** @typedef {import("./types/models").GameModel} GameModel */
/** @typedef {import("./types/screen").ScreenModule} ScreenModule */

let lastTapAt = -1; // when the last tap (a pointer's, not a key's) played a decision
let thinkTimer = 0;
let lastGame = null;

/** Run ``act`` now, or once the shell is done with the command in flight (a model it is still
 * showing, its writes to storage), as long as ``still()`` holds, checked every ``every`` ms: a
 * command asked for while the shell is busy is dropped (run()), so what acts by itself waits.
 * @param {() => void} act
 * @param {() => boolean} still
 * @param {number} [every] */
function whenFree(act, still, every = 40) {
  if (!still()) return;
  if (app.busy) { setTimeout(() => whenFree(act, still, every), every); return; }
  act();
}

export const shell = {
  h, fill, morph, stylesheet, notify, openDialog, dialog, whenFree,
  playerWords, // a log line as nodes, its rule numbers shown only with Details on (one pattern)
  /** Play the i-th legal action of the decision on screen. Ignored when stale: a button of a
   * decision that has gone (detached, or drawn for another ``at``), or a tap sooner than
   * READ_TIME_MS after the decision appeared (the second tap of a double tap). */
  act(i, event, at) {
    if (warm.early(app.current)) return warm.take(i, at, event); // kept until the engine has the game
    const g = app.current && app.current.game;
    if (!g || app.busy) return Promise.resolve(null);
    if (event && event.target && event.target.isConnected === false) return Promise.resolve(null);
    if (at !== undefined && at !== g.at) return Promise.resolve(null);
    // A tap (or key) made before this decision was drawn was meant for the one before it: its
    // button may still be on the page (screens change their parts in place) and now show this
    // decision, so it plays nothing (issue 25: nothing acts on what the player did not see).
    if (event && event.timeStamp < app.shownAt) return Promise.resolve(null);
    // Only the second tap of a double tap is ignored: a tap soon after a decision appeared that
    // itself came soon after a tap. A decision brought by the keyboard or by a screen's own
    // multi-step commit (no tap) takes a tap at once (issue 24: "Submit" after Enter).
    const doubled = lastTapAt >= 0 && app.shownAt - lastTapAt < READ_TIME_MS;
    if (event && doubled && event.timeStamp - app.shownAt < READ_TIME_MS && event.timeStamp >= app.shownAt) return Promise.resolve(null);
    if (event && (event.pointerType || (event.type === "click" && event.detail > 0))) lastTapAt = event.timeStamp;
    return run("act", [i, g.at]);
  },
  /** A command's answer, unshown (``engine.call``): a small command's own object (models.Replies).
   * @template {string} C
   * @param {C} cmd
   * @param {unknown[]} [args] */
  call: (cmd, args = []) => engine.call(cmd, args),
  randomSeed: engine.randomSeed, // a new game's seed (a screen's "Play again")
  get game() { return app.current && app.current.game; },
};

/** @param {GameModel} g */
export async function renderGame(g) {
  const screen = await screenModule(g.game_id);
  const previous = lastGame && lastGame.game_id === g.game_id && lastGame.mode === g.mode ? lastGame : null;
  const root = screens.game;
  root.dataset.game = g.game_id;
  root.dataset.at = String(g.at);
  root.dataset.mode = g.mode;
  const thinking = g.thinking && !g.over && !g.handoff;
  if (thinking) root.dataset.thinking = "1"; else delete root.dataset.thinking;
  const spectating = g.mode === "spectate"; // a spectator link's snapshot (C-4.6): read-only
  const replay = g.mode === "replay" || spectating;
  const looking = g.mode === "peek"; // a look back at the board: read-only, one tap back to the game
  const mover = g.to_move !== null && g.to_move !== undefined ? g.seats[g.to_move] : null;
  const undoHelp = g.takeback
    ? (g.undo ? "Take back your last move and the computer's reply (U). The dice come from the game itself: the same move rolls the same dice."
      : "Nothing to take back yet")
    : g.undo ? "Undo (U)" : "Nothing to undo since the last die, card or other player's move";
  const undoButton = replay ? null : h("button", { type: "button", class: "btn", id: "undo", disabled: !g.undo || looking, onclick: () => run("undo"),
    "aria-keyshortcuts": "U", title: undoHelp }, g.takeback ? "Take back" : "Undo");
  const hintButton = g.hint ? h("button", { type: "button", class: "btn", id: "hint", onclick: showHint }, "Hint") : null;
  // A solo game keeps Undo and Hint with the decision (on a phone, the bar under the thumb:
  // issue 33); with seats they stay in the header.
  const solo = g.seats.length === 1 && !replay && !looking && !g.over;
  const tools = h("div", { class: "game-tools" },
    solo ? null : undoButton,
    solo ? null : hintButton,
    solo && g.stops && g.mode === "play" ? everyStop(g) : null,
    h("button", { type: "button", class: "btn", id: "help", onclick: () => showHelp(g.game_id) }, "How to play"),
    spectating ? null : h("button", { type: "button", class: "btn", id: "share", onclick: share }, "Share"));
  const seats = g.seats.length > 1 ? h("ol", { class: "seats-bar", "aria-label": "Players" }, g.seats.map((s, n) =>
    h("li", { class: `seat seat-${n}${n === g.to_move ? " to-move" : ""}`, "aria-current": n === g.to_move ? "true" : null },
      h("span", { class: "seat-name" }, s.name), s.computer ? h("span", { class: "muted" }, ` (computer, ${s.computer})`)
        : s.link ? h("span", { class: "muted" }, " (by link)") : null,
      n === g.viewer && g.seats.filter((x) => !x.computer).length > 1 ? h("span", { class: "badge" }, "screen") : null))) : null;
  const head = h("div", { class: "game-head" },
    h("div", {},
      h("h1", { id: "game-title" }, screen.title ? screen.title(g) : g.title, spectating ? " — as a spectator sees it" : replay ? " — replay" : ""),
      h("p", { class: "status", id: "status" }, [g.status, g.score_line].filter(Boolean).join(" · ")),
      typeof g.beat === "number" ? h("p", { class: "to-beat", id: "to-beat" }, `Challenge: the score to beat is ${g.beat}`) : null,
      spectating ? h("p", { class: "muted", id: "replay-context" }, "A game in progress, as it stood when it was shared: what anyone watching could see, nothing hidden from them.")
        : replay ? h("p", { class: "muted", id: "replay-context" }, replayContext(g)) : null),
    tools);

  if (g.claim || (g.send && !g.view)) {
    // A game link just opened: who sent it and whose turn, nothing of the game until claimed;
    // or this seat's sealed orders are in and only the link to send is left (issue 26).
    clearTimeout(thinkTimer);
    lastGame = g;
    fill(root, head, seats, g.claim ? claimPanel(g) : sendPanel(g));
    app.shownAt = performance.now();
    settle(root, g.at);
    announceText(g.claim ? `${g.claim.from} sent you this game.` : `Send this to ${g.send.name}.`);
    return;
  }
  if (g.handoff) {
    // DESIGN 5: nothing private on the page until the next person taps.
    clearTimeout(thinkTimer);
    lastGame = g;
    fill(root, head, seats,
      h("section", { id: "handoff", class: "handoff", "aria-labelledby": "handoff-title" },
        h("h2", { id: "handoff-title" }, `Pass the device to ${g.handoff.name}`),
        h("p", {}, `${g.handoff.name}: take the device and tap when no one else can see the screen.`),
        h("button", { type: "button", class: "btn primary", onclick: (e) => { if (e.timeStamp - app.shownAt >= READ_TIME_MS) { lastTapAt = e.timeStamp; run("reveal", [g.at]); } } },
          `I am ${g.handoff.name}: show my turn`)));
    app.shownAt = performance.now();
    settle(root, g.at);
    announceText(`Pass the device to ${g.handoff.name}.`);
    return;
  }

  const news = newsBox(g, screen.news ? screen.news(g, shell, previous) : null, screen);
  // A board of the game's review (review.js) says which board it is, in the title.
  const prompt = g.review_title ? g.review_title
    : looking ? (g.peek.step ? `Looking back: the board after step ${g.peek.step} of ${g.peek.steps}` : "Looking back: the start of the game")
    : spectating ? `${mover ? `${mover.name} to move` : "The game so far"} · move ${g.at}`
      : replay ? (g.last_action ? `Step ${g.step}: ${stepLabel(g, screen)}` : "The start of the game.")
    : thinking ? `${mover.name} (computer, ${mover.computer}) is thinking…`
      : g.over ? null : (screen.prompt && screen.prompt(g)) || (mover && g.seats.length > 1 ? `${mover.name} to move` : "Your move");
  const decide = g.over ? endPanel(g, screen) : g.send ? sendPanel(g) : h("section", { class: "decide", id: "decide", "aria-labelledby": "decide-title" },
    forkPanel(g),
    h("div", { class: "decide-head" }, h("h2", { id: "decide-title" }, prompt),
      solo ? h("div", { class: "decide-tools" }, undoButton, hintButton) : null),
    thinking ? h("p", { class: "thinking" }, h("span", { class: "spinner", "aria-hidden": "true" }), " ",
      h("button", { type: "button", class: "btn small", id: "think-speed", "aria-pressed": fastComputers() ? "true" : "false",
        onclick: (e) => { fastComputers(!fastComputers()); e.currentTarget.setAttribute("aria-pressed", fastComputers() ? "true" : "false"); } },
      "Faster computer turns")) : null,
    looking ? lookBackTools(g, screen) : null,
    replay || looking ? null : h("div", { class: "choices", id: "choices", role: "group", "aria-label": "Your choices" },
      g.actions.map((a, n) => h("button", {
        type: "button", class: `btn choice${n === 0 && g.actions.length <= 2 ? " primary" : ""}`, "data-action": a.i,
        "aria-keyshortcuts": n < 9 ? String(n + 1) : null,
        onclick: (e) => shell.act(a.i, e, g.at),
      }, n < 9 ? h("kbd", { "aria-hidden": "true" }, String(n + 1)) : null, (screen.choiceLabel && screen.choiceLabel(g, a)) || a.label))),
    g.stops && g.mode === "play" && !solo ? everyStop(g) : null,
    replay || looking ? null : concedeButton(g));
  const area = gameFrame(root, g, { head, seats, bar: replay && !spectating ? replayBar(g) : null, news, decide, log: logBox(g) });
  keepBarRoom(root, frame.decide);
  screen.render(area, g, shell, previous);
  announce(previous, g);
  let top = null;
  // A new decision, or the first sight of one after a hand-off, takes no taps for a moment.
  if (!previous || previous.at !== g.at || previous.mode !== g.mode || previous.handoff) {
    app.shownAt = performance.now();
    settle(root, g.at);
    // The result of a tap shows where the player looks: the top of the game (DESIGN 5).
    // With other seats, only when they did something since the player's own move: after the
    // player's own tap the board stays where it was, with the next confirm in view.
    const othersActed = g.recap && g.recap.steps.some((step) => step.seat !== g.viewer);
    if (previous && previous.at !== g.at && (g.seats.length === 1 || othersActed || g.over)) top = news || root;
  }
  // Scrolling reads the layout: done once, at the next frame, which lays the page out anyway
  // (read here, each scroll forced a layout of its own before the frame's).
  const log = document.getElementById("log");
  requestAnimationFrame(() => {
    // A log the browser skips (off screen) is scrolled when it comes into view instead: its
    // scroll position would make the browser lay out all it skips, now.
    if (log && log.isConnected && app.logKept.skipped) app.logKept.behind = true;
    else if (log && log.isConnected) log.scrollTop = log.scrollHeight;
    // The recap's newest lines are in view when it opens (issue 31: a capped box opened at its top).
    const recapList = news && news.isConnected ? news.querySelector(".recap-steps") : null;
    if (recapList) recapList.scrollTop = recapList.scrollHeight;
    if (top && top.isConnected) top.scrollIntoView({ block: "start", behavior: "instant" });
  });
  lastGame = g;
  clearTimeout(thinkTimer);
  if (thinking && !replay) {
    // The computer's move is shown, not jumped over: a moment to see the last one first.
    const at = g.at;
    // The shell may still be busy with the command that showed this model (its writes to
    // storage): the think waits for it rather than being dropped, which left the game waiting
    // for a computer that was never asked (CI, a loaded machine).
    const still = () => Boolean(app.current && app.current.screen === "game" && app.current.game.at === at);
    thinkTimer = setTimeout(() => whenFree(() => run("think", [at]), still), fastComputers() ? 120 : 700);
  }
}

/** A decision bar fixed at the bottom of a phone's screen (issue 33) covers the page's end: the
 * game keeps room for it, its height as it changes (--decide-h). */
let barObserver = null;
function keepBarRoom(root, decide) {
  if (!("ResizeObserver" in self)) return;
  if (!barObserver) {
    barObserver = new ResizeObserver(() => {
      const bar = root.querySelector(".game-side > .decide");
      const fixed = bar && getComputedStyle(bar).position === "fixed";
      // On the page's root: the notice (outside the game) sits above the bar too.
      if (fixed) document.documentElement.style.setProperty("--decide-h", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
      else document.documentElement.style.removeProperty("--decide-h");
    });
  }
  barObserver.disconnect();
  if (decide && decide.nodeType === Node.ELEMENT_NODE) barObserver.observe(decide);
}

/** The setting that stops at every step with nothing to decide (C-5.4; issue 33), kept per game.
 * @param {GameModel} g */
function everyStop(g) {
  const solo = g.seats.length === 1;
  return h("label", { class: "every-stop muted", title: solo
    ? "Off: a step with only one thing to do (drawing the next card, building nothing when nothing can be built) happens by itself, with a line in the recap"
    : "Off: a stop with nothing to decide (a card window with no card you could play, an order with one choice) passes by itself, with a line in the recap" },
  h("input", { type: "checkbox", id: "every-stop", checked: g.stops.every, onchange: (e) => run("every_stop", [e.target.checked]) }),
  ` ${g.stops.label}`);
}

let frame = null; // the game screen's parts on the page, kept between renders of one game
const MORPHED = new Set(["head", "seats", "decide"]); // parts built wholly by the shell

/** Put the parts of the game screen on the page and return the board area for the screen.
 * Between two renders of the same game only the parts are swapped: the grid, the log and the
 * board area stay in place, so a screen's canvas is not detached and re-attached on every tap
 * (re-attaching a large canvas made the browser copy its whole bitmap again). */
function gameFrame(root, g, parts) {
  const key = `${g.game_id}|${g.mode === "replay" || g.mode === "spectate" ? g.mode : "play"}`; // a look back keeps the game's frame
  const slot = (node) => node || document.createComment("");
  if (frame && frame.key === key && frame.grid.parentNode === root) {
    for (const name of Object.keys(parts)) {
      const [was, next] = [frame[name], slot(parts[name])];
      if (was === next) continue;
      // The shell's own parts are changed in place; a screen's (the news) and the replay bar
      // (a slider) are swapped whole.
      const same = MORPHED.has(name) && was.nodeType === Node.ELEMENT_NODE && was.nodeName === next.nodeName && was.id === next.id;
      if (same) frame[name] = morph(was, next);
      else { was.replaceWith(next); frame[name] = next; }
    }
    return frame.area;
  }
  const nodes = Object.fromEntries(Object.entries(parts).map(([name, node]) => [name, slot(node)]));
  const area = h("div", { class: "game-main", id: "board-area" });
  const grid = h("div", { class: "game-grid" }, h("div", { class: "game-side" }, nodes.decide, nodes.log), area);
  fill(root, nodes.head, nodes.seats, nodes.bar, nodes.news, grid);
  frame = { key, ...nodes, grid, area };
  return area;
}

let settleTimer = 0;
/** ``data-settled`` marks a decision that has been on screen long enough to take taps. */
function settle(root, at) {
  delete root.dataset.settled;
  clearTimeout(settleTimer);
  settleTimer = setTimeout(() => { root.dataset.settled = String(at); }, READ_TIME_MS);
}

// The skip link moves focus to the page's content; it never routes (its href is not a route).
document.querySelector("a.skip").addEventListener("click", (e) => {
  e.preventDefault();
  const target = /** @type {HTMLElement | null} */ (document.querySelector("#choices .choice, #handoff .btn, #start, #main"));
  $("#main").focus({ preventScroll: true });
  if (target) target.focus();
});

addEventListener("keydown", (e) => {
  // Escape closes the notice (issue 36), wherever the focus is.
  if (e.key === "Escape" && !dialog.open && !$("#notice").hidden) { $("#notice").hidden = true; }
});

addEventListener("keydown", async (e) => {
  if (!app.current || app.current.screen !== "game" || dialog.open || (e.target instanceof Element && e.target.closest("input, textarea, select"))) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const g = app.current.game;
  const screen = await screenModule(g.game_id);
  if (screen.keys && screen.keys(e, g, shell)) return;
  const n = Number(e.key);
  if (g.mode === "play" && n >= 1 && n <= 9 && g.actions[n - 1]) {
    e.preventDefault();
    shell.act(g.actions[n - 1].i, e);
  } else if ((e.key === "u" || e.key === "U") && g.undo && g.mode === "play") {
    e.preventDefault();
    run("undo");
  } else if (g.mode === "peek" && e.key === "Escape") {
    e.preventDefault();
    backToGame();
  } else if (g.mode === "peek" && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
    e.preventDefault();
    app.recapRun += 1;
    const n = g.peek.step + (e.key === "ArrowLeft" ? -1 : 1);
    run("peek", [n >= g.peek.steps ? -1 : Math.max(0, n)]);
  } else if (g.mode === "replay" && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
    e.preventDefault();
    run("step", [g.step + (e.key === "ArrowLeft" ? -1 : 1)]);
  }
});

let resizeTimer = 0;
addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(async () => {
    if (!app.current || app.current.screen !== "game" || !app.current.game.view) return;
    const screen = await screenModule(app.current.game.game_id);
    if (screen.redraw) screen.redraw(app.current.game, shell);
  }, 80);
});
