// Game review (issue 28): after a finished game or in a replay, "Review" runs the top computer
// level over the record from each person's seat in the worker (web/star_web/review.py), with a
// progress bar and Cancel, then shows per seat a chart of its chance to win (a solo game: the
// expected final score) after each of its decisions, drawn on a canvas with a text alternative,
// and the three decisions that cost the most, each with the computer's move, in words and on
// the board (the shell's look back; in a replay, the replay's step).
import * as engine from "./engine.js";
import { h, fill, stylesheet, errorText } from "./dom.js";
/** @typedef {import("./types/models").GameModel} GameModel */
/** @typedef {import("./types/screen").ScreenModule} ScreenModule */
/** @typedef {import("./types/models").ReviewModel} ReviewModel */
/** @typedef {import("./types/models").ReviewSeat} ReviewSeat */
/** @typedef {import("./types/models").ReviewDecision} ReviewDecision */
/** @typedef {import("./types/models").ReviewChoice} ReviewChoice */

/** The last review, kept while the same game is on screen.
 * @type {{ key: string, review: ReviewModel } | null} */
let shown = null;
let running = false;

/** @param {GameModel} g */
function reviewKey(g) { return `${g.game_id}|${location.hash}`; }

/** The "Review" button of the end panel and the replay bar; ``run`` is the shell's command runner.
 * @param {GameModel} g */
export function reviewButton(g, run) {
  if (g.mode === "peek") return null;
  if (g.mode === "play" && !g.over) return null;
  return h("button", { type: "button", class: "btn", id: "review-open", onclick: () => openReview(g, run),
    title: "The computer goes over every decision of the game, from what each player could see then" }, "Review");
}

/** The review's panel, above the board; kept between renders of the same game. */
function panel() {
  const root = document.getElementById("game");
  let box = document.getElementById("review");
  if (!box) {
    box = h("section", { class: "review", id: "review", "aria-labelledby": "review-title", tabindex: "-1" });
  }
  const grid = root.querySelector(".game-grid");
  if (box.parentNode !== root) root.insertBefore(box, grid);
  return box;
}

function close() {
  const box = document.getElementById("review");
  if (box) box.remove();
  shown = null;
}

/** @param {GameModel} g */
async function openReview(g, run) {
  stylesheet(new URL("./review.css", import.meta.url).href);
  const key = reviewKey(g);
  if (shown && shown.key === key) { draw(panel(), shown.review, run); return; }
  if (running) return;
  running = true;
  const box = panel();
  const bar = h("progress", { id: "review-bar", max: "1" });
  const label = h("p", { id: "review-progress", "aria-live": "polite" }, "The computer is going over the game…");
  fill(box,
    h("h2", { id: "review-title" }, "Review"),
    label, bar,
    h("button", { type: "button", class: "btn", id: "review-cancel", onclick: () => engine.cancel() }, "Cancel"));
  box.scrollIntoView({ block: "start", behavior: "instant" });
  let model = null;
  try {
    model = await engine.cancellable("review", ["run"], (done, total) => {
      bar.max = total;
      bar.value = done;
      label.textContent = `Reviewing decision ${done} of ${total}…`;
    });
  } catch (err) {
    console.error(err);
    model = { screen: "error", notices: [errorText(err)] };
  } finally {
    running = false;
  }
  // A cancelled run answers the home screen (a PageModel), which has no review.
  if (!model || !("review" in model) || model.screen !== "review" || !model.review) {
    const cancelled = model && model.screen === "home";
    fill(box,
      h("h2", { id: "review-title" }, "Review"),
      h("p", { id: "review-stopped" }, cancelled ? "The review was cancelled."
        : `The review could not be made${model && model.notices && model.notices.length ? `: ${model.notices.join(" ")}` : "."}`),
      h("button", { type: "button", class: "btn small", onclick: close }, "Close"));
    // A cancel drops the worker's game (worker_api.cancel goes home): open it there again,
    // quietly; the page still shows it.
    if (cancelled) await engine.call("route", [location.hash]);
    return;
  }
  shown = { key, review: model.review };
  draw(box, model.review, run);
}

function pct(v) { return `${Math.round(100 * v)}%`; }

function gap(v, scale) {
  return scale ? `${Math.round(v * scale)} points of score` : `${Math.round(100 * v)} points`;
}

function worth(v, scale) {
  return scale ? `about ${Math.round(v * scale)} final score` : `${pct(v)} to win here`;
}

/** A decision's action in the screen's words (its choiceLabel), else the engine's.
 * @param {ReviewModel} review
 * @param {ReviewDecision} d
 * @param {ReviewChoice} action
 * @param {ScreenModule | null} screen */
function words(review, d, action, screen) {
  // A decision the engine words as a whole (a ship's order, its SPEED and steps).
  if (action.run) return action.label;
  if (screen && screen.choiceLabel) {
    try {
      const said = screen.choiceLabel({ game_id: review.game_id, mode: "play", view: d.view, actions: [] }, action);
      if (said) return said;
    } catch (err) {
      console.error(err); // the engine's words below
    }
  }
  return action.label;
}

/** @param {HTMLElement} box
 * @param {ReviewModel} review */
async function draw(box, review, run) {
  const screen = /** @type {ScreenModule | null} */ (await import(`./screens/${review.game_id}/screen.js`).catch(() => null));
  const seats = review.seats.map((s) => seatPart(review, s, screen, run));
  fill(box,
    h("div", { class: "review-head" },
      h("h2", { id: "review-title" }, "Review"),
      h("button", { type: "button", class: "btn small", id: "review-close", onclick: close }, "Close")),
    h("p", { class: "muted" }, `Each decision judged by the computer (${review.level}) from what that player could see then.`,
      review.chance ? ` ${review.chance}` : ""),
    ...seats);
  for (const canvas of box.querySelectorAll("canvas.review-chart")) chart(canvas);
}

/** @param {ReviewModel} review
 * @param {ReviewSeat} s
 * @param {ScreenModule | null} screen */
function seatPart(review, s, screen, run) {
  const scale = s.scale;
  const what = scale ? "expected final score" : "chance to win";
  const values = s.points.map((p) => p.value);
  const alt = values.length
    ? `${s.name}'s ${what} after each of ${values.length} decisions: from ${worth(values[0], scale)} to ${worth(values[values.length - 1], scale)}`
    + (scale ? "" : `, lowest ${pct(Math.min(...values))}, highest ${pct(Math.max(...values))}`) + "."
    : `${s.name} made no decision with a choice.`;
  const canvas = h("canvas", { class: "review-chart", role: "img", "aria-label": alt });
  canvas.starPoints = { values, scale, marks: s.worst.map((d) => s.points.findIndex((p) => p.at === d.at)) };
  const worst = s.worst.map((d, n) => {
    const better = words(review, d, d.better, screen);
    const played = words(review, d, d.played, screen);
    // One person reviewed: "you"; several (hot-seat, a replay): each by name.
    const many = review.seats.length > 1;
    const whose = many ? `${s.name}'s` : "your";
    const titles = { before: `Review: the board before ${whose} move`, played: `Review: ${whose} move, ${played}`,
      better: `Review: the computer's move, ${better}` };
    const show = async (which, button) => {
      if (!(await run("review", ["show", d.at, d.seat, which, d.better.i, titles[which], d.better.then || [], d.played.run || 1]))) return;
      // The board asked for comes into view (on a phone it is under the review), and the
      // button shows which board that is.
      for (const b of document.querySelectorAll("#review [data-board]")) b.setAttribute("aria-pressed", String(b === button));
      document.querySelector("#game .game-grid")?.scrollIntoView({ block: "start", behavior: "instant" });
    };
    return h("li", { class: "review-decision", "data-at": String(d.at) },
      h("p", {}, h("strong", {}, `${n + 1}. `), `${d.moment}: `,
        h("strong", { class: "review-better" }, better), `: ${worth(d.value_best, scale)}; `,
        `${many ? `${s.name} chose` : "you chose"} ${played}: ${scale ? Math.round(d.value_played * scale) : pct(d.value_played)}.`,
        // The gap is listed only when it is beyond what the review's few samples could make
        // of luck alone: that margin is said, so a reader knows how sure it is.
        h("span", { class: "muted review-margin" }, ` The computer's move is ${gap(d.loss, scale)} better, ${
          gap(d.margin, scale) === gap(0, scale) ? "and every sample the review drew agrees"
            : `more than the ${gap(d.margin, scale)} the review's samples could owe to luck`}.`)),
      h("div", { class: "review-boards", role: "group", "aria-label": "Show on the board" },
        h("button", { type: "button", class: "btn small", "data-board": "before", onclick: (e) => show("before", e.currentTarget) }, "The board then"),
        h("button", { type: "button", class: "btn small", "data-board": "played", onclick: (e) => show("played", e.currentTarget) }, many ? `${s.name}'s move` : "Your move"),
        h("button", { type: "button", class: "btn small primary", "data-board": "better", onclick: (e) => show("better", e.currentTarget) }, "The computer's move")));
  });
  return h("div", { class: "review-seat", "data-seat": String(s.seat) },
    review.seats.length > 1 ? h("h3", {}, s.name) : null,
    h("figure", { class: "review-figure" }, canvas,
      h("figcaption", { class: "muted" }, `${what[0].toUpperCase()}${what.slice(1)} after each decision; dots: the costliest.`)),
    h("details", { class: "review-numbers" }, h("summary", {}, "The numbers"),
      h("ol", {}, s.points.map((p) => h("li", {}, `${p.moment}: ${scale ? Math.round(p.value * scale) : pct(p.value)}`)))),
    worst.length ? h("ol", { class: "review-worst", "aria-label": "The decisions that cost the most" }, worst)
      : h("p", { class: "review-none" }, "The computer found no decision it would have made better."));
}

/** The chart: the value after each decision, the even line (a solo game: none), the costliest
 * marked, and the scale written at the left edge so a reader knows what the height means. */
function chart(canvas) {
  const { values, scale, marks } = canvas.starPoints;
  const dpr = window.devicePixelRatio || 1;
  const width = Math.max(240, Math.min(720, canvas.parentNode.clientWidth || 320));
  const height = 140;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const css = getComputedStyle(canvas);
  const ink = css.color || "#222";
  const pad = 8;
  const left = 40; // room for the scale's words
  ctx.clearRect(0, 0, width, height);
  const top = scale ? Math.max(...values, 0.01) * 1.1 : 1;
  const x = (i) => left + (values.length === 1 ? 0.5 : i / (values.length - 1)) * (width - left - pad);
  const y = (v) => height - pad - (v / top) * (height - 2 * pad);
  // The scale: 0 and the top, and the even line of a game with an opponent.
  const ticks = scale ? [[0, "0"], [top, String(Math.round(top * scale))]] : [[0, "0%"], [0.5, "50%"], [1, "100%"]];
  ctx.font = "11px system-ui, sans-serif";
  ctx.textBaseline = "middle";
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  for (const [v, text] of ticks) {
    ctx.globalAlpha = 0.7;
    ctx.fillText(text, 4, Math.min(height - 6, Math.max(6, y(v))));
    ctx.globalAlpha = 0.25;
    ctx.setLineDash(v === 0.5 && !scale ? [4, 4] : []);
    ctx.beginPath();
    ctx.moveTo(left, y(v));
    ctx.lineTo(width - pad, y(v));
    ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
  if (!values.length) return;
  ctx.lineWidth = 2;
  ctx.strokeStyle = css.getPropertyValue("--review-line").trim() || "#2a6fdb";
  ctx.beginPath();
  values.forEach((v, i) => (i ? ctx.lineTo(x(i), y(v)) : ctx.moveTo(x(i), y(v))));
  ctx.stroke();
  ctx.fillStyle = css.getPropertyValue("--review-mark").trim() || "#c0392b";
  for (const i of marks) {
    if (i < 0) continue;
    ctx.beginPath();
    ctx.arc(x(i), y(values[i]), 4, 0, 2 * Math.PI);
    ctx.fill();
  }
}

addEventListener("resize", () => { for (const canvas of document.querySelectorAll("canvas.review-chart")) chart(canvas); });
