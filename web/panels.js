// The game's panels besides its decision: play by link (the claim, the link to send and its QR
// code, two versions, concede), the replay bar, the end, and the Hint, How to play and Share dialogs.
import * as engine from "./engine.js";
import { reviewButton } from "./review.js";
import { h } from "./dom.js";
import { playerWords } from "./lines.js";
import { GAMES, READ_TIME_MS, app, dialog, notify, openDialog, screenModule } from "./state.js";
import { navigate, run } from "./routing.js";
import { optionsSummary } from "./setup.js";
/** @typedef {import("./types/models").GameModel} GameModel */
/** @typedef {import("./types/screen").ScreenModule} ScreenModule */

const BY_LINK_HELP = {
  title: "Playing with a friend by link",
  paragraphs: [
    "At the start, choose \"A friend, by link\" for a seat. When your turn ends, Star Table gives you a link to send (or a QR code to scan); "
    + "your friend opens it, taps \"I am …\", sees what happened since their last move and plays; their move comes back to you as a link.",
    "Each device keeps the game, with an id every link of it carries. A link that would change moves already made is not taken: "
    + "you choose which version goes on (your friend's, or yours sent again). An older one shows your newer position, with your last link to send again.",
    "On the send screen you can add your name and a short note to the link. You can concede, and a finished game offers a rematch by link.",
    "Orders given at the same time stay unseen: the first side's link holds only a sealed fingerprint of its orders, "
    + "which the next link reveals and your device checks.",
    "What a link protects: the moves already made, the game's seed and options, who plays which seat, and orders given at the same time. "
    + "What it does not: it carries the whole game so far, as a mailed game log does. Star Table never shows a seat what it "
    + "may not see, but someone who decodes a link can read hidden cards and fleets, and can try a die roll in another window before making it. "
    + "A device seeing a game's first link cannot check its past. Play by link with friends you trust.",
  ],
};

/** A game link just opened (#p/): who sent it, which game, whose turn; one button to claim it.
 * @param {GameModel} g */
export function claimPanel(g) {
  const c = g.claim;
  const summary = optionsSummary(g.game_id, g.options || {}, true);
  return h("section", { id: "claim-screen", class: "handoff", "aria-labelledby": "claim-title" },
    h("h2", { id: "claim-title" }, g.over ? `${c.from} sent you the end of your game` : `${c.from} sent you your turn`),
    h("p", {}, [g.title, summary].filter(Boolean).join(" · ")),
    c.conceded ? h("p", { id: "claim-conceded" }, `${c.from} conceded the game.`) : null,
    c.first ? h("p", { class: "muted", id: "claim-first" }, c.first) : null,
    c.note ? h("blockquote", { class: "link-note", id: "claim-note" }, h("p", {}, c.note), h("footer", { class: "muted" }, `— ${c.from}`)) : null,
    h("p", { class: "muted" }, g.over ? "The game is over." : `${c.status}. It is ${c.name}'s turn.`),
    h("button", { type: "button", class: "btn primary", id: "claim", onclick: (e) => { if (e.timeStamp - app.shownAt >= READ_TIME_MS) run("claim", [g.at]); } },
      g.over ? `I am ${c.name}: show the game` : `I am ${c.name}: show my turn`));
}

/** The link to send when the next decision is a friend's by link: share, copy, QR code.
 * @param {GameModel} g */
export function sendPanel(g) {
  const s = g.send;
  const url = `${location.href.split("#")[0]}#${s.link}`;
  const qr = h("canvas", { class: "qr", id: "send-qr", role: "img", "aria-label": `A QR code of the link for ${s.name}` });
  drawQr(qr, url);
  const share = async () => {
    if (navigator.share) {
      try { await navigator.share({ title: `Star Table: ${g.title}`, text: `Your turn, ${s.name}`, url }); return; } catch { /* refused: copy */ }
    }
    await copy(url);
  };
  const who = s.person ? `${s.person} (${s.name})` : s.name;
  const saveNote = (e) => {
    e.preventDefault();
    const form = e.currentTarget;
    run("link_note", [form.elements["link-name"].value, form.elements["link-note"].value]);
  };
  return h("section", { class: "decide send", id: "send", "aria-labelledby": "send-title" },
    forkPanel(g),
    h("h2", { id: "send-title" }, s.final ? `Send the end of the game to ${who}` : `Send this to ${who}`),
    h("p", {}, s.final ? `${s.name} plays on another device: send them this link so they see how the game ended.`
      : `${s.name} plays on another device. Send them this link: it opens the game at their turn. Their move comes back to you as a link.`),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn primary", id: "send-share", onclick: share }, navigator.share ? "Share the link…" : "Copy the link")),
    h("label", { class: "send-link" }, "The link",
      h("input", { type: "text", readonly: true, value: url, "data-link": url, id: "send-link", onfocus: (e) => e.target.select() })),
    s.long ? h("p", { class: "warn" }, "This link is long: some chat apps may cut it. Copying it into an email works.") : null,
    h("details", { class: "link-extra", id: "link-extra", open: s.note ? true : null },
      h("summary", {}, s.note ? "Your note rides with this link" : "Your name and a note for the link"),
      h("form", { id: "link-note-form", onsubmit: saveNote },
        h("label", {}, "Your name (your friend sees it) ",
          h("input", { type: "text", id: "link-name", name: "link-name", maxlength: 24, value: s.me || "", autocomplete: "nickname" })),
        h("label", {}, `A note with your move (at most ${s.limit} characters, shown as plain text) `,
          h("textarea", { id: "link-note", name: "link-note", maxlength: s.limit, rows: 2 }, s.note || "")),
        h("button", { type: "submit", class: "btn", id: "link-note-save" }, "Put them in the link"))),
    s.final ? null : concedeButton(g),
    h("figure", { class: "qr-box" }, qr, h("figcaption", { class: "muted" }, "For a friend in the same room: scan with their phone's camera.")));
}

/** Two versions of a game by link (the same seat played on two devices or in two tabs): the
 * player chooses which goes on; both are kept until then (issue 35).
 * @param {GameModel} g */
export function forkPanel(g) {
  if (!g.bylink || !g.bylink.fork) return null;
  return h("div", { class: "fork warn", id: "fork", role: "group", "aria-label": "Two versions of this game" },
    h("p", {}, "Your friend's last link has other moves than this device's game. Which version goes on?"),
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn primary", id: "take-fork", onclick: () => run("take_fork") }, "Take my friend's version"),
      h("button", { type: "button", class: "btn", id: "keep-fork", onclick: () => run("keep_fork") }, "Keep mine and send it again")));
}

/** Give up a game by link: asked once more, then the friend is sent the end.
 * @param {GameModel} g */
export function concedeButton(g) {
  if (!g.bylink || g.over) return null;
  const ask = () => openDialog("Concede this game?", h("p", {}, "The game ends and your friend is sent a link saying you conceded."), [
    h("button", { type: "submit", class: "btn", value: "cancel" }, "Play on"),
    h("button", { type: "button", class: "btn danger", id: "concede-yes", onclick: () => { dialog.close(); run("concede", [g.at]); } }, "Concede"),
  ]);
  return h("p", { class: "concede" }, h("button", { type: "button", class: "btn small", id: "concede", onclick: ask }, "Concede"));
}

/** The QR code of ``text`` on a canvas (uqr, vendored at build time; loaded on first use). */
async function drawQr(canvas, text) {
  try {
    // @ts-expect-error -- dist/vendor/uqr.mjs is vendored from node_modules/uqr by build.py
    const { encode } = await import("./vendor/uqr.mjs");
    const { data } = encode(text, { ecc: "L", border: 2 });
    const n = data.length;
    const scale = Math.max(2, Math.floor(240 / n));
    const ratio = window.devicePixelRatio || 1;
    canvas.width = n * scale * ratio;
    canvas.height = n * scale * ratio;
    canvas.style.setProperty("width", `${n * scale}px`);
    canvas.style.setProperty("height", `${n * scale}px`);
    const ctx = canvas.getContext("2d");
    ctx.scale(ratio, ratio);
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, n * scale, n * scale);
    ctx.fillStyle = "#000";
    for (let y = 0; y < n; y += 1) for (let x = 0; x < n; x += 1) if (data[y][x]) ctx.fillRect(x * scale, y * scale, scale, scale);
  } catch (err) {
    console.error(err);
    canvas.hidden = true; // the link itself still goes by share or copy
  }
}

/** The replay step shown, in the screen's words for its mover (after the game ended), else in
 * the engine's.
 * @param {GameModel} g
 * @param {ScreenModule} screen */
export function stepLabel(g, screen) {
  const step = g.last_step;
  if (step && step.view && screen.choiceLabel) {
    try {
      const words = screen.choiceLabel({ ...g, mode: "play", view: step.view }, step);
      if (words) return words;
    } catch (err) {
      console.error(err); // the engine's words below
    }
  }
  return g.last_action;
}

/** What a replay is: a shared game, its options and how it ended.
 * @param {GameModel} g */
export function replayContext(g) {
  const f = g.final;
  let end = "";
  if (f && f.over && g.seats.length === 1) end = `final score ${f.scores[0]}`;
  else if (f && f.over) end = f.winners.length ? `won by ${f.winners.map((w) => g.seats[w].name).join(" and ")}` : "a draw";
  else if (f) end = `unfinished, ${g.steps} steps`;
  return ["A game shared with you", optionsSummary(g.game_id, g.options, true), end].filter(Boolean).join(" · ");
}

/** @param {GameModel} g */
export function replayBar(g) {
  const step = (n) => run("step", [n]);
  const marks = g.turn_marks || [];
  const prevTurn = [...marks].reverse().find((s) => s < g.step) ?? 0;
  const nextTurn = marks.find((s) => s > g.step) ?? g.steps;
  return h("nav", { class: "replay-bar", "aria-label": "Step through the game" },
    h("button", { type: "button", class: "btn", id: "step-first", onclick: () => step(0), disabled: g.step === 0, "aria-label": "First step" }, "|◀"),
    h("button", { type: "button", class: "btn", id: "step-prev-turn", onclick: () => step(prevTurn), disabled: g.step === 0, "aria-label": "Previous turn" }, "«"),
    h("button", { type: "button", class: "btn", id: "step-prev", onclick: () => step(g.step - 1), disabled: g.step === 0, "aria-label": "Previous step" }, "◀"),
    h("span", { class: "step-count", "aria-live": "polite" }, `Step ${g.step} of ${g.steps}`),
    h("button", { type: "button", class: "btn", id: "step-next", onclick: () => step(g.step + 1), disabled: g.step === g.steps, "aria-label": "Next step" }, "▶"),
    h("button", { type: "button", class: "btn", id: "step-next-turn", onclick: () => step(nextTurn), disabled: g.step === g.steps, "aria-label": "Next turn" }, "»"),
    h("button", { type: "button", class: "btn", id: "step-last", onclick: () => step(g.steps), disabled: g.step === g.steps, "aria-label": "Last step" }, "▶|"),
    h("button", { type: "button", class: "btn", id: "fork", onclick: () => run("fork") }, "Play on from here"),
    reviewButton(g, run));
}

/**
 * @param {GameModel} g
 * @param {ScreenModule} screen
 */
export function endPanel(g, screen) {
  const o = g.outcome || { winners: [], scores: [], reason: "" };
  const people = g.seats.filter((s) => !s.computer).length;
  let result = "over";
  let title;
  if (g.seats.length === 1) {
    title = screen.endTitle ? screen.endTitle(g) : "Game over";
    result = o.winners.length ? "win" : "loss";
  } else if (!o.winners.length) {
    title = "A draw";
    result = "draw";
  } else {
    title = `${o.winners.map((w) => g.seats[w].name).join(" and ")} ${o.winners.length > 1 ? "win" : "wins"}`;
    if (people === 1) {
      const me = g.seats.findIndex((s) => !s.computer);
      result = o.winners.includes(me) ? "win" : "loss";
      title = result === "win" ? `You win (${title})` : `You lose (${title})`;
    }
  }
  const detail = screen.endDetail ? screen.endDetail(g) : null;
  return h("section", { class: "end", id: "end-screen", "data-outcome": result, "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, title),
    detail,
    o.reason ? h("p", { id: "end-reason" }, "Why: ", ...playerWords(o.reason), ".") : null,
    g.seats.length > 1 && o.scores.length ? h("p", { class: "muted" }, g.seats.map((s, n) => `${s.name} ${o.scores[n]}`).join(" · ")) : null,
    g.send ? sendPanel(g) : null,
    h("div", { class: "choices" },
      h("button", { type: "button", class: "btn primary", onclick: share }, "Share"),
      g.mode === "play" ? h("button", { type: "button", class: "btn", onclick: watchReplay }, "Watch the replay") : null,
      g.bylink && g.mode === "play" ? h("button", { type: "button", class: "btn", id: "rematch", onclick: () => run("rematch") }, "Rematch by link") : null,
      reviewButton(g, run),
      h("button", { type: "button", class: "btn", onclick: () => navigate(`#new/${g.game_id}`) }, "New game"),
      h("button", { type: "button", class: "btn", onclick: () => navigate("") }, "Home")));
}

async function watchReplay() {
  const links = await engine.call("share");
  if ("error" in links) { notify(`No replay: ${links.error}.`); return; }
  navigate(`#${links.replay}`);
}

export async function showHint() {
  const out = await engine.call("hint");
  if (!out.hint) { notify("No hint for this decision."); return; }
  const g = app.current.game;
  const screen = await screenModule(g.game_id);
  const a = g.actions.find((x) => x.i === out.hint.i);
  openDialog("Hint", h("div", {},
    h("p", {}, h("strong", {}, (a && screen.choiceLabel && screen.choiceLabel(g, a)) || out.hint.label)),
    h("p", { class: "muted" }, out.hint.why)), [
    h("button", { type: "submit", class: "btn", value: "close" }, "Close"),
    h("button", { type: "button", class: "btn primary", onclick: () => { dialog.close(); if (app.current.game.at === g.at) run("act", [out.hint.i, g.at]); } }, "Do it"),
  ]);
}

export async function showHelp(gameId) {
  const game = GAMES[gameId];
  // In a game, the screen may word its help for the game on screen (a card set's names).
  const g = app.current && app.current.screen === "game" && app.current.game.game_id === gameId ? app.current.game : null;
  const screen = g && g.view ? await screenModule(gameId) : null;
  const own = screen && screen.help ? screen.help(g) : null;
  const base = own ? own.sections : (game.text && game.text.help) || [];
  const sections = Object.keys(game.seat_names || {}).some((n) => Number(n) > 1) ? [...base, BY_LINK_HELP] : base;
  // Spacehole's guided game (issue 33) is offered again here, in either card set.
  const guided = gameId === "spacehole" ? [
    h("button", { type: "button", class: "btn", id: "help-guided", onclick: () => { dialog.close(); run("guided", ["spacehole"]); } }, "Play the guided game"),
    h("button", { type: "button", class: "btn", onclick: () => { dialog.close(); run("guided", ["babylon5"]); } }, "Guided, Babylon 5 cards"),
  ] : [];
  openDialog(own ? own.title : `How to play ${game.title}`, h("div", { class: "help-text" },
    sections.length ? sections.map((s) => h("section", {}, h("h3", {}, s.title), s.paragraphs.map((p) => h("p", {}, p))))
      : h("p", {}, game.blurb)), [...guided, h("button", { type: "submit", class: "btn", value: "close" }, "Close")]);
  // Open at the start of the rules, not at the Close button the dialog focuses.
  requestAnimationFrame(() => { dialog.scrollTop = 0; });
}

export async function share() {
  const links = await engine.call("share");
  if ("error" in links) { notify(`Nothing to share: ${links.error}.`); return; }
  const base = location.href.split("#")[0];
  const challenge = `${base}#${links.challenge}`;
  const replay = `${base}#${links.replay}`;
  const row = (label, url, what) => h("div", { class: "share-row" },
    h("label", {}, label, h("input", { type: "text", readonly: true, value: url, onfocus: (e) => e.target.select() })),
    h("button", { type: "button", class: "btn", onclick: () => copy(url) }, `Copy ${what} link`),
    navigator.share ? h("button", { type: "button", class: "btn", onclick: () => navigator.share({ title: "Star Table", text: label, url }).catch(() => {}) }, "Share…") : null);
  openDialog("Share this game", h("div", {},
    row("Challenge: the same game, from the start", challenge, "challenge"),
    row("Replay: the whole game, move by move", replay, "replay"),
    links.spectator ? row("Spectator: the game so far, as anyone watching sees it (safe to share)", `${base}#${links.spectator}`, "spectator") : null,
    links.spoils ? h("p", { class: "warn" }, "The replay link contains hidden information and future dice: share it only with someone who is not playing.") : null,
    links.warn ? h("p", { class: "warn" }, "The replay link is long: some chat apps may cut it.") : null,
  ), [h("button", { type: "submit", class: "btn", value: "close" }, "Close")]);
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    notify("Link copied.");
  } catch {
    notify("Copying was refused: select the link and copy it by hand.");
  }
}
