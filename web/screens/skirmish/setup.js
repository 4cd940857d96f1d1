// Minimal Space Combat's part of the setup screen (app.js setupExtras): the fleet each seat
// starts from, and a shared design link's card.
import { MAX_SHIP_BP, TEMPLATES, cleanDesign, designCost, fleetOf, limitsOf, quickFleet, readDesignCode } from "./fleet.js";
import { state } from "./state.js";
import { designLine, ensureStyles, SIDE_NAMES, storeGet, storeSet } from "./helpers.js";

/** @typedef {import("./state.js").Design} Design */
/** @typedef {import("./state.js").SkirmishLimits} SkirmishLimits */
/** @typedef {import("../../types/screen").SetupContext} SetupContext */
/** @typedef {[string, string, Design[] | null]} FleetPick a fleet to start from: its key, its words and its ships
 * (null when it cannot fit) */

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
  const picksFor = (L, persons) => fleetPicks(L, received, persons === 1 ? keptList() : []);
  /** Each person seat's pick: chosen here (one person), else the default. */
  function pickOf(L, seats, n) {
    const list = picksFor(L, seats.filter((x) => x === -1).length);
    const usable = (k) => list.some(([key, , f]) => key === k && f);
    const dflt = received && seats.indexOf(-1) === n && usable("received") ? "received" : "quick";
    const key = seats.filter((x) => x === -1).length === 1 && usable(chosen[n]) ? chosen[n] : dflt;
    return { list, key, fleet: list.find(([k]) => k === key)[2] };
  }
  function draw() {
    const L = limitsOf(ctx.options());
    const seats = ctx.seats();
    const persons = seats.filter((x) => x === -1).length;
    const rows = seats.map((seat, n) => {
      if (seat !== -1) return h("p", { class: "msc-seat-fleet" }, `${SIDE_NAMES[n]}: the computer designs its own ships.`);
      const { list, key, fleet } = pickOf(L, seats, n);
      const line = h("p", { class: "muted help", id: `msc-fleet-${n}-line` }, fleet.length ? fleetLine(fleet, "WE"[n], L) : "An empty designer when the game starts.");
      if (persons > 1) {
        return h("div", { class: "msc-seat-fleet" }, h("p", {}, `${SIDE_NAMES[n]} starts from ${key === "received" ? "the shared design" : "the quick start"}, and picks in secret behind the hand-off.`), line);
      }
      chosen[n] = key;
      return h("div", { class: "msc-seat-fleet" },
        h("label", { for: `msc-fleet-${n}` }, `${SIDE_NAMES[n]}'s ships`),
        h("select", { id: `msc-fleet-${n}`, onchange: (e) => { chosen[n] = e.target.value; draw(); } },
          list.map(([k, text, f]) => h("option", { value: k, selected: k === key, disabled: !f }, text))),
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
    beforeStart(options, seats) {
      const L = limitsOf(options);
      const fleets = seats.map((seat, n) => (seat === -1 ? pickOf(L, seats, n).fleet : null));
      storeSet("pending", { at: Date.now(), seats: fleets, received });
    },
  };
}

/** The fleets a seat may start from: [key, words, fleet or null when it cannot fit].
 * @param {SkirmishLimits} L
 * @param {Design | null} received
 * @param {Design[]} kept
 * @returns {FleetPick[]} */
export function fleetPicks(L, received, kept) {
  const quick = quickFleet(L);
  /** @type {FleetPick[]} */
  const out = [["quick", `Quick start: ${fleetWords(quick)}`, quick]];
  const one = (/** @type {string} */ key, /** @type {Design} */ d, /** @type {string} */ label) => {
    const f = fleetOf(d, L);
    out.push([key, f.fleet ? `${label}: ${f.fleet.length} × ${designCost(d)} BP` : `${label} (too costly: ${f.why})`, f.fleet || null]);
  };
  if (received) one("received", received, `The shared design “${received.name || "unnamed"}”`);
  for (const [k, t] of Object.entries(TEMPLATES)) one(k, t, `Only ${t.name}`);
  kept.forEach((d, n) => one(`kept${n}`, d, `Only your “${d.name || "unnamed"}”`));
  out.push(["own", "None: I design my ships in the game", []]);
  return out;
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

/** @param {Design[]} fleet */
function fleetWords(fleet) {
  const counts = new Map();
  for (const d of fleet) counts.set(d.name, (counts.get(d.name) || 0) + 1);
  return `${[...counts].map(([name, n]) => (n > 1 ? `${n} × ${name}` : name)).join(", ")} (${fleet.reduce((s, d) => s + designCost(d), 0)} BP)`;
}

/** @param {Design[]} fleet
 * @param {string} prefix
 * @param {SkirmishLimits} L */
function fleetLine(fleet, prefix, L) {
  const total = fleet.reduce((s, d) => s + designCost(d), 0);
  return `${fleet.map((d, n) => `${prefix}${n + 1} ${d.name || "unnamed"}`).join(" · ")} — ${total} of ${L.budget} BP`;
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
