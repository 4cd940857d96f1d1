// Minimal Space Combat's part of the setup screen (app.js setupExtras): the fleet each seat
// starts from, and a shared design link's card.
import { MAX_SHIP_BP, TEMPLATES, cleanDesign, limitsOf, readDesignCode, tablePicks } from "./fleet.js";
import { state } from "./state.js";
import { designLine, ensureStyles, SIDE_NAMES, storeGet, storeSet } from "./helpers.js";

/** @typedef {import("./state.js").Design} Design */
/** @typedef {import("./state.js").SkirmishLimits} SkirmishLimits */
/** @typedef {import("../../types/screen").SetupContext} SetupContext */
/** @typedef {import("./fleet.js").FleetPick} FleetPick */
/** @typedef {{key: string, design?: Design, name?: string, label?: string}} PickSpec a fleet picked at setup, as
 * the designer asks the engine for it when the game starts (designs.fleet_pick) */

// ---------------------------------------------------------------------------- setup (app.js setupExtras)

/** The setup's "Ships" choice (MSC-2.2, MSC-4.1) and a shared design link's card.
 * Secrecy (MSC-4.2): the setup screen is shared. With one person at the device (against the
 * computer) it offers that person every pick: the quick start, an example design, a design
 * link, a kept design. With two people it picks nothing secret: each seat starts from the
 * quick start (the first person from a design link just opened) and picks or changes its fleet
 * behind its own hand-off, in the designer. Computer seats design their own.
 * @param {HTMLElement} box
 * @param {SetupContext} ctx */
export function setupExtras(box, ctx) {
  // Before any game is on screen the setup's tools stand in for the shell's: the helpers used
  // here (ensureStyles, storeSet) call only its stylesheet and notify, which both have.
  if (!state.shell) state.shell = /** @type {import("./state.js").Shell} */ (/** @type {unknown} */ (ctx));
  ensureStyles();
  const { h, fill } = ctx;
  const received = ctx.link ? readDesignCode(ctx.link) : null;
  const chosen = {};
  let kept = "";
  const keepReceived = () => {
    keptDesign(received, "");
    kept = `Kept “${received.name || "the shared design"}”: it is offered in your designs from now on.`;
    draw();
  };
  const picksFor = (persons) => setupPicks(ctx.options(), received, persons === 1 ? keptList() : []);
  /** Each person seat's pick: chosen here (one person), else the default. */
  function pickOf(seats, n) {
    const list = picksFor(seats.filter((x) => x === -1).length);
    const usable = (k) => list.some((p) => p.key === k && (p.fleet || p.later));
    const dflt = received && seats.indexOf(-1) === n && usable("received") ? "received" : "quick";
    const key = seats.filter((x) => x === -1).length === 1 && usable(chosen[n]) ? chosen[n] : dflt;
    return { list, key, pick: list.find((p) => p.key === key) };
  }
  function draw() {
    const L = limitsOf(ctx.options());
    const seats = ctx.seats();
    const persons = seats.filter((x) => x === -1).length;
    const rows = seats.map((seat, n) => {
      if (seat !== -1) return h("p", { class: "msc-seat-fleet" }, `${SIDE_NAMES[n]}: the computer designs its own ships.`);
      const { list, key, pick } = pickOf(seats, n);
      const line = h("p", { class: "muted help", id: `msc-fleet-${n}-line` }, pickLine(pick, "WE"[n], L));
      if (persons > 1) {
        return h("div", { class: "msc-seat-fleet" }, h("p", {}, `${SIDE_NAMES[n]} starts from ${key === "received" ? "the shared design" : "the quick start"}, and picks in secret behind the hand-off.`), line);
      }
      chosen[n] = key;
      return h("div", { class: "msc-seat-fleet" },
        h("label", { for: `msc-fleet-${n}` }, `${SIDE_NAMES[n]}'s ships`),
        h("select", { id: `msc-fleet-${n}`, onchange: (e) => { chosen[n] = e.target.value; draw(); } },
          list.map((p) => h("option", { value: p.key, selected: p.key === key, disabled: !p.fleet && !p.later }, p.words))),
        line);
    });
    fill(box,
      ctx.link ? receivedCard(h, received, keepReceived, kept) : null,
      h("fieldset", { class: "option msc-fleets", id: "msc-fleets" },
        h("legend", {}, "Ships"),
        h("p", { class: "muted help" }, `${L.ships} ship${L.ships > 1 ? "s" : ""} a side, ${L.budget} BP, at most ${Math.min(L.ship_bp, MAX_SHIP_BP)} BP a ship. `
          + "The fleet waits in the designer, where it is reviewed, changed or submitted in one tap."),
        persons > 1 ? h("p", { class: "muted help" }, "Two people share this screen, so each of you picks your fleet in secret "
          + "behind your own hand-off (example designs, your kept designs, a shared design).") : null,
        rows));
  }
  draw();
  return {
    changed: draw,
    beforeStart(_options, seats) {
      // Each person seat's pick by its key (and the design, for a kept or shared one): the
      // designer has the engine make it into ships for the game's own limits.
      const picks = seats.map((seat, n) => (seat === -1 ? specOf(pickOf(seats, n).pick) : null));
      storeSet("pending", { at: Date.now(), seats: picks, received });
    },
  };
}

/** The fleets a seat may start from at setup, before the engine runs: the catalogue's (the
 * engine's tables) for a scenario they hold, else the quick start and each example by name
 * only; a shared or kept design by name only. The designer has the engine work out the rest.
 * @param {Record<string, any>} options
 * @param {Design | null} received
 * @param {Design[]} kept
 * @returns {FleetPick[]} */
export function setupPicks(options, received, kept) {
  const known = tablePicks(options);
  const later = (/** @type {string} */ key, /** @type {string} */ words, /** @type {Design | undefined} */ design) => (
    { key, words, fleet: null, bp: 0, later: true, design });
  const standard = known || [
    later("quick", "Quick start: the example designs that fit (worked out when the game starts)", undefined),
    ...Object.entries(TEMPLATES).map(([k, t]) => later(k, `Only ${t.name} (${t.bp} BP a ship)`, undefined)),
  ];
  return [
    standard[0],
    ...(received ? [later("received", `The shared design “${received.name || "unnamed"}”`, received)] : []),
    ...standard.slice(1),
    ...kept.map((d, n) => later(`kept${n}`, `Only your “${d.name || "unnamed"}”`, d)),
    { key: "own", words: "None: I design my ships in the game", fleet: [], bp: 0 },
  ];
}

/** What the designer asks the engine for a pick (designs.fleet_pick): its key, and a kept or
 * shared design with its name and words.
 * @param {FleetPick} pick
 * @returns {PickSpec} */
export function specOf(pick) {
  if (!pick.design) return { key: pick.key };
  const label = pick.words;
  const { name = "", ...design } = pick.design;
  return { key: pick.key, design: { ...design, weapons: [...design.weapons] }, name, label };
}

/** A shared design link's card: the design, and Keep it.
 * @param {SetupContext["h"]} h
 * @param {Design | null} d
 * @param {() => void} keep
 * @param {string} kept */
function receivedCard(h, d, keep, kept) {
  if (!d) {
    return h("section", { class: "msc-received warn", id: "msc-received" },
      h("h2", {}, "A ship design link"), h("p", {}, "This link does not hold a design that can be read: it may have been cut short."));
  }
  return h("section", { class: "msc-received", id: "msc-received", "aria-labelledby": "msc-received-title" },
    h("h2", { id: "msc-received-title" }, "A ship design was shared with you"),
    // The name comes from a stranger: text, never markup.
    h("p", { class: "msc-received-name", id: "msc-received-name" }, d.name || "(no name)"),
    h("p", {}, designLine(d)),
    kept ? h("p", { class: "msc-note-ok", role: "status" }, kept)
      : h("button", { type: "button", class: "btn", id: "msc-keep-received", onclick: keep }, "Keep it in my designs"),
    h("p", { class: "muted help" }, "Below, it is picked for your ships: Start plays a game with it."));
}

/** The line under a seat's pick: its ships and their BP as the engine worked them out.
 * @param {FleetPick} pick
 * @param {string} prefix
 * @param {SkirmishLimits} L */
function pickLine(pick, prefix, L) {
  if (pick.later) return "Made into ships for this game's limits when the game starts, in the designer.";
  if (!pick.fleet || !pick.fleet.length) return "An empty designer when the game starts.";
  return `${pick.fleet.map((d, n) => `${prefix}${n + 1} ${d.name || "unnamed"}`).join(" · ")} — ${pick.bp} of ${L.budget} BP`;
}

/** @returns {Design[]} */
function keptList() {
  const list = storeGet("designs", []);
  return (Array.isArray(list) ? list : []).map(cleanDesign).filter(Boolean).slice(-6);
}

/** A design kept on this device for later games (``game`` and ``seat``: kept during that game's
 * secret design phase, hidden from the other side there).
 * @param {Design} d
 * @param {string} game
 * @param {number | null} seat
 * @returns {boolean} whether the device kept it */
export function keptDesign(d, game, seat = null) {
  const clean = cleanDesign(d);
  const list = storeGet("designs", []);
  const rest = (Array.isArray(list) ? list : []).filter((x) => JSON.stringify(cleanDesign(x)) !== JSON.stringify(clean));
  rest.push({ ...clean, game, seat });
  return storeSet("designs", rest.slice(-20));
}
