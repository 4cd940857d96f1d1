// The game screen: canvas, counters, the decision with every legal choice, battle, log.
let ui = null;
let current = null;

export function renderGame(root, g, tools) {
  ui = tools;
  current = g;
  const { h, run } = tools;
  const v = g.view;
  root.dataset.at = String(g.at);
  root.dataset.mode = g.mode;
  const replay = g.mode === "replay";
  const canvas = h("canvas", { id: "board", role: "img", "aria-label": "The colony in play" });
  const counters = h("dl", { class: "counters" },
    ...Object.entries({ Turn: v.turn, MC: v.mc }).filter(([, x]) => x !== undefined)
      .map(([k, x]) => h("div", {}, h("dt", {}, k), h("dd", {}, String(x)))));
  const actions = g.actions.map((a, n) => h("button", {
    type: "button", class: "btn choice", "data-action": a.i,
    "aria-keyshortcuts": n < 9 ? String(n + 1) : null,
    onclick: () => run("act", a.i, g.at),
  }, a.label));
  const log = h("ol", { class: "log", id: "log", tabindex: "0", "aria-label": "Game log" },
    (v.log || []).map((line) => h("li", {}, String(line))));
  tools.fill(root,
    h("div", { class: "game-head" },
      h("h1", { id: "game-title" }, g.title, replay ? " — replay" : ""),
      h("div", { class: "game-tools" },
        replay ? null : h("button", { type: "button", class: "btn", id: "undo", disabled: !g.undo, onclick: () => run("undo"), "aria-keyshortcuts": "u" }, "Undo"),
        h("button", { type: "button", class: "btn", id: "share", onclick: () => tools.share() }, "Share"))),
    replay ? replayBar(g) : null,
    counters,
    canvas,
    g.over ? endPanel(g) : h("section", { class: "decide", "aria-labelledby": "decide-title" },
      h("h2", { id: "decide-title" }, replay ? "Replay" : "Your move"),
      h("div", { class: "choices" }, actions)),
    h("section", { class: "log-box", "aria-labelledby": "log-title" }, h("h2", { id: "log-title" }, "Log"), log),
  );
  log.scrollTop = log.scrollHeight;
  drawBoard();
}

function replayBar(g) {
  const { h, run } = ui;
  return h("nav", { class: "replay-bar", "aria-label": "Step through the game" },
    h("button", { type: "button", class: "btn", id: "step-first", onclick: () => run("step", 0), disabled: g.step === 0, "aria-label": "First step" }, "⏮"),
    h("button", { type: "button", class: "btn", id: "step-prev", onclick: () => run("step", g.step - 1), disabled: g.step === 0, "aria-label": "Previous step" }, "◀"),
    h("span", { class: "step-count", "aria-live": "polite" }, `Step ${g.step} of ${g.steps}`),
    h("button", { type: "button", class: "btn", id: "step-next", onclick: () => run("step", g.step + 1), disabled: g.step === g.steps, "aria-label": "Next step" }, "▶"),
    h("button", { type: "button", class: "btn", id: "step-last", onclick: () => run("step", g.steps), disabled: g.step === g.steps, "aria-label": "Last step" }, "⏭"),
    h("button", { type: "button", class: "btn", id: "fork", onclick: () => run("fork") }, g.over ? "Try this deck" : "Play on from here"));
}

function endPanel(g) {
  const { h, run } = ui;
  const score = g.outcome ? g.outcome.scores[0] : 0;
  return h("section", { class: "end", id: "end-screen", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, "Game over"),
    h("p", { class: "score" }, `Score: ${score} MC`),
    h("p", {}, g.outcome ? g.outcome.reason : ""),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn primary", onclick: () => ui.share() }, "Share"),
      h("button", { type: "button", class: "btn", onclick: () => run("home") }, "Home")));
}

export function drawBoard() {
  const canvas = document.getElementById("board");
  if (!canvas || !current) return;
  const width = canvas.parentElement.clientWidth;
  window.starPy.draw(canvas, JSON.stringify(current.view), width, window.devicePixelRatio || 1);
}

addEventListener("resize", () => drawBoard());

window.starGameKeys = (e) => {
  if (!current) return;
  const n = Number(e.key);
  if (n >= 1 && n <= 9 && current.actions[n - 1]) {
    e.preventDefault();
    ui.run("act", current.actions[n - 1].i, current.at);
  } else if ((e.key === "u" || e.key === "U") && current.undo) {
    e.preventDefault();
    ui.run("undo");
  }
};
