// The parts beside and below the map: the hex box, the fleet list, the cards, the log by
// player and the map's legend.
import * as D from "./data.js";
import { rerender, ui } from "./state.js";
import {
  acts, fleetMp, fleetsAt, hexLabel, myPlanets, planetName, seatName, shipName, terrainAt,
} from "./util.js";
import { actionHex, fleetWords } from "./words.js";
import { typeButtons } from "./setup.js";
import { showHex } from "./map.js";
/** @typedef {import("./state.js").GenocideGame} GenocideGame */
/** @typedef {import("./state.js").GenocideView} GenocideView */

// ---------------------------------------------------------------------------- the hex box

/**
 * @param {GenocideGame} g */
export function hexBox(g) {
  const { h } = ui.shell;
  const v = g.view;
  if (!ui.hex) return h("div", { class: "gc-hexbox muted", id: "gc-hexbox", "aria-live": "polite" }, "Tap a hex to see what is there.");
  const [c, r] = ui.hex;
  const ter = terrainAt(v, c, r);
  const p = v.planets.find((x) => x.col === c && x.row === r);
  const fl = fleetsAt(v, c, r);
  const here = g.actions.filter((a) => { const x = actionHex(v, a); return x && x[0] === c && x[1] === r; });
  // Setting planet types: the planet picked on the map gets its type buttons right here.
  const typing = g.mode === "play" && g.actions.length && v.phase === "types"
    ? myPlanets(v).find((x) => x.col === c && x.row === r) : null;
  // A tab stop: upright on a phone it scrolls inside its box (screen.css), for a keyboard too.
  return h("div", { class: "gc-hexbox", id: "gc-hexbox", "aria-live": "polite", tabindex: "0", role: "region", "aria-label": "The hex picked" },
    typing ? h("p", { class: "gc-picked", id: "gc-picked" }, h("strong", {}, `Type of planet ${typing.hex}: `),
      h("span", { class: "gc-typebtns", role: "group", "aria-label": `Type of the planet picked, ${typing.hex}` }, typeButtons(g, typing, " gc-picked-type"))) : null,
    h("p", {}, h("strong", {}, `Hex ${hexLabel(c, r)}`), ter ? ` · ${D.TERRAIN[ter.type].name}: ${D.TERRAIN[ter.type].text}${ter.used ? " (claimed)" : ""}` : ""),
    p ? h("p", {}, planetName(v, p)) : null,
    fl.map((f) => h("p", {}, fleetWords(v, f))),
    // The choices at this hex are the shell's buttons, marked there (markHere), not copied here.
    here.length > 1 ? h("p", { class: "gc-here-note" }, `${here.length} choices at this hex: marked ◆ in the choices.`) : null);
}

/** Mark the shell's choices at the hex picked on the map (issue 36: one list of buttons): a
 * tap on a hex with several choices (a fleet's step or another fleet, a new ship in a fleet or
 * a new one) points at them in #choices and brings the first into the list's view.
 * @param {GenocideGame} g */
export function markHere(g) {
  const v = g.view;
  const list = document.getElementById("choices");
  if (!list) return;
  // Only for a hex picked while this decision is on screen (an older pick marks nothing).
  const here = new Set(ui.hex && ui.hexAt === g.at && g.mode === "play" ? g.actions.filter((a) => {
    const x = actionHex(v, a);
    return x && x[0] === ui.hex[0] && x[1] === ui.hex[1];
  }).map((a) => String(a.i)) : []);
  let first = null;
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll(".choice"))) {
    const on = here.size > 1 && here.has(b.dataset.action);
    b.classList.toggle("gc-here", on);
    if (on && !first) first = b;
  }
  if (first && ui.markedAt !== `${g.at}:${ui.hex}`) {
    ui.markedAt = `${g.at}:${ui.hex}`;
    first.scrollIntoView({ block: "nearest" });
  }
}

// ---------------------------------------------------------------------------- fleet list, cards, legend

/**
 * @param {GenocideGame} g */
export function fleetList(g) {
  const { h } = ui.shell;
  const v = g.view;
  const selectable = Object.fromEntries(acts(g, "Select").map((a) => [a.fields.fleet, a]));
  const mine = v.fleets.filter((f) => f.owner === v.viewer);
  const others = v.fleets.filter((f) => f.owner !== v.viewer);
  return h("section", { class: "gc-fleets", "aria-labelledby": "gc-fleets-title" },
    h("h2", { id: "gc-fleets-title" }, `Fleets (${v.fleets.length})`),
    v.viewer !== null ? h("ul", { class: "gc-fleetlist" }, mine.map((f) => h("li", { class: f.ordering ? "on" : null },
      h("span", { class: `gc-dot gc-seat-${f.owner}` }), " ", fleetWords(v, f), v.phase === "transport" && g.actions.length ? ` · ${fleetMp(v, f.marker)} MP` : "", " ",
      selectable[f.marker] ? h("span", { class: "muted" }, "can be ordered ") : null,
      h("button", { type: "button", class: "btn small", "aria-label": `Show fleet ${f.marker} on the map`, onclick: () => showHex(f.col, f.row) }, "Show")))) : null,
    h("h3", {}, "Other players' fleets"),
    h("ul", { class: "gc-fleetlist" }, others.map((f) => h("li", {},
      h("span", { class: `gc-dot gc-seat-${f.owner}` }), " ", fleetWords(v, f), " ",
      h("button", { type: "button", class: "btn small", "aria-label": `Show ${seatName(v, f.owner)} fleet ${f.marker} on the map`, onclick: () => showHex(f.col, f.row) }, "Show")))),
    v.cards && v.cards.scans && v.cards.scans.length ? h("p", { class: "muted" }, `Scanned: ${v.cards.scans.map((s) => `${seatName(v, s.owner)} fleet ${s.marker} in round ${s.round}: ${s.ships.map((x) => shipName(v, x.id, false)).join(", ")}`).join("; ")}`) : null);
}

/**
 * @param {GenocideGame} g */
export function cardsBox(g) {
  const { h } = ui.shell;
  const v = g.view;
  const c = v.cards;
  if (!c) return null;
  const playable = Object.fromEntries(acts(g, "PlayCard").map((a) => [a.fields.card, a]));
  return h("section", { class: "gc-cards", "aria-labelledby": "gc-cards-title" },
    h("h2", { id: "gc-cards-title" }, v.viewer !== null ? `Your cards (${c.hand.length})` : "Cards"),
    h("p", { class: "muted" }, `Deck ${c.deck} · discard pile ${c.discard.length}${c.window ? ` · window open: ${D.WINDOW_WORDS[c.window.kind.split("/")[0]] || c.window.kind}` : ""}`),
    v.viewer !== null ? h("ul", { class: "gc-hand" }, c.hand.map((card) => h("li", { class: playable[card.num] ? "playable" : null },
      h("strong", {}, card.name), card.reaction ? h("span", { class: "badge" }, "reaction") : null,
      h("p", {}, card.text),
      // Playing or discarding it is one of the choices (issue 36: not a second button here).
      playable[card.num] ? h("p", { class: "gc-playable" }, "Playable now: in the choices.") : null))) : null,
    c.spied && c.spied.length ? h("p", { class: "muted" }, `Spied: ${c.spied.map((s) => `${seatName(v, s.seat)} in round ${s.round}: ${s.hand.map((x) => x.name).join(", ")}`).join("; ")}`) : null,
    c.discard.length ? h("details", {}, h("summary", {}, "Discard pile"), h("ul", {}, c.discard.map((card) => h("li", {}, `${card.name}: ${card.text}`)))) : null);
}

/** The log filtered by player (issue 15): the lines about the player, by the seats the engine
 * says each line names, itself or through a ship this seat knows to be the player's.
 * @param {GenocideView} v */
export function logByPlayer(v) {
  const { h } = ui.shell;
  const seat = ui.logSeat;
  const name = seat === null ? null : seatName(v, seat);
  const about = v.log_seats || [];
  const mine = (line, n) => (about[n] || []).includes(seat);
  const lines = ui.logOpen ? (seat === null ? v.log : v.log.filter(mine)) : [];
  return h("details", { class: "gc-logfilter", open: ui.logOpen || null, ontoggle: (e) => { if (ui.logOpen !== e.target.open) { ui.logOpen = e.target.open; rerender(); } } },
    h("summary", {}, "Log by player"),
    h("div", { class: "choices", role: "group", "aria-label": "Whose log lines" },
      [null, ...v.seats.map((x) => x.seat)].map((x) => h("button", {
        type: "button", class: `btn small${x === seat ? " on" : ""}`, "aria-pressed": x === seat ? "true" : "false",
        onclick: () => { ui.logSeat = x; rerender(); },
      }, x === null ? "Everyone" : seatName(v, x)))),
    ui.logOpen ? h("ol", { class: "gc-log", tabindex: "0", "aria-label": `Log lines of ${name || "everyone"}` }, lines.map((line) => h("li", {}, line))) : null);
}

/**
 * @param {GenocideView} v */
export function legend(v) {
  const { h } = ui.shell;
  const used = new Set(v.terrain.map((t) => t.type));
  return h("details", { class: "gc-legend", open: ui.legend || null, ontoggle: (e) => { ui.legend = e.target.open; } },
    h("summary", {}, "Map legend"),
    h("ul", {},
      v.seats.map((s) => h("li", {}, h("span", { class: `gc-dot gc-seat-${s.seat}` }), ` ${s.name}: planets (circles) and fleet markers (squares with their number)${s.race ? `; ${D.RACES[s.race].name}: ${D.RACES[s.race].text}` : ""}`)),
      h("li", {}, "Planet letters: H Homeworld, P Population, M Metal, R Radioactive, ? not known to you; a cross: destroyed."),
      h("li", {}, "Fleet marker: ✓ done moving, J jammed, ◉ last seen in a battle (grey: changed since), a white ring: the fleet being ordered; your own fleets show their ship count and, zoomed in, their ships."),
      Object.entries(D.TERRAIN).filter(([k]) => used.has(k)).map(([k, t]) => h("li", { class: `gc-ter gc-ter-${k}` },
        h("span", { class: "gc-swatch" }, t.glyph || "○"), ` ${t.name}: ${t.text}`))));
}
