// The decision panel: the race, then a turn's decisions (movement, battles with their odds,
// bursts, planet busters, production, cards) as buttons of the legal actions. The odds are the
// engine's (the view's action_odds, oddsOf): this panel only draws them.
import * as D from "./data.js";
import { ui } from "./state.js";
import {
  acts, canStep, cursorFleet, fleetMp, fleetsAt, hexLabel, myShipHex, myShipsIn, neighbour,
  oddsOf, planetName, seatName, shipName, shipType, stats, terrainAt,
} from "./util.js";
import { label, launchWords, shipWords, targetWords } from "./words.js";
import { fleetsPanel, typesPanel } from "./setup.js";

export function actButton(g, a, text, cls = "") {
  const { h } = ui.shell;
  return h("button", { type: "button", class: `btn ${cls}`.trim(), "data-gc-action": a.i, onclick: (e) => { ui.queue = null; ui.shell.act(a.i, e, g.at); } },
    text || label(g.view, a));
}

export function panel(g) {
  const { h } = ui.shell;
  const v = g.view;
  if (g.over) return null; // the shell's end panel says it all
  const mine = g.actions.length > 0;
  let body = null;
  if (!mine) {
    body = waitingWords(g);
  } else {
    switch (v.phase) {
      case "race": body = racePanel(g); break;
      case "types": body = typesPanel(g); break;
      case "fleets": body = fleetsPanel(g); break;
      case "transport": body = transportPanel(g); break;
      case "choose_battle": body = h("div", {}, h("p", {}, "Every hex with ships of two players is a battle. Pick the next one (tap it on the map or here)."),
        h("div", { class: "choices" }, acts(g, "Fight").map((a) => actButton(g, a))), cardPlayButtons(g)); break;
      case "declare": body = declarePanel(g); break;
      case "burst": body = burstPanel(g); break;
      case "md": body = launchPanel(g); break;
      case "discard": body = discardPanel(g); break;
      case "buy": body = buyPanel(g); break;
      case "place": body = placePanel(g); break;
      case "window": case "target": case "card_move": case "hand_limit": body = cardPanel(g); break;
      case "capture": body = h("div", { class: "choices" }, acts(g, "Capture").map((a) => actButton(g, a))); break;
      default: body = null;
    }
  }
  return h("section", { class: "gc-panel", id: "gc-panel", "aria-labelledby": "gc-panel-title" },
    h("h2", { id: "gc-panel-title" }, v.status || "Space Genocide"),
    ui.queue ? h("p", { class: "gc-busy", role: "status" }, `${ui.queue.what}…`) : null,
    body);
}

function waitingWords(g) {
  const { h } = ui.shell;
  const v = g.view;
  if (g.over) return null;
  const who = v.to_move !== null && v.to_move !== undefined ? seatName(v, v.to_move) : "";
  if (v.phase === "declare" && v.battle) return h("p", {}, `Battle at ${v.battle.hex}: ${who} declares targets in secret.`);
  if (v.phase === "types" || v.phase === "fleets") return h("p", {}, `${who} is setting up in secret.`);
  return h("p", { class: "muted" }, who ? `${who} to decide.` : "");
}

function racePanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  return h("div", {},
    h("p", {}, "Your race changes your ships for the whole game. Races already taken are gone."),
    h("ul", { class: "gc-races" }, acts(g, "ChooseRace").map((a) => {
      const r = D.RACES[a.fields.race];
      return h("li", {}, actButton(g, a, r ? r.name : a.label), h("p", { class: "muted" }, r ? r.text : ""));
    })),
    h("p", { class: "muted" }, `Your 20 starting ships: ${(v.setup && v.setup.my_hand || []).map((s) => D.SHIP_BY_KEY[s.type].short).join(" ")}`));
}

// --- a turn

function transportPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const cur = cursorFleet(v);
  const steps = acts(g, "Step");
  const byDir = Object.fromEntries(steps.map((a) => [a.fields.direction, a]));
  const compass = cur ? h("div", { class: "gc-compass", role: "group", "aria-label": "Step one hex" },
    [5, 0, 1, 4, 3, 2].map((d) => {
      const a = byDir[d];
      const to = neighbour(cur.col, cur.row, d);
      return h("button", {
        type: "button", class: `btn small gc-dir-${d}`, disabled: !a, title: a ? label(v, a) : `${D.DIR_WORDS[d]}: no step`,
        onclick: a ? (e) => { ui.queue = null; ui.shell.act(a.i, e, g.at); } : null,
      }, `${["NW", "N", "NE", "SW", "S", "SE"][[5, 0, 1, 4, 3, 2].indexOf(d)]} ${hexLabel(to[0], to[1])}`);
    })) : null;
  const group = (kind, title) => {
    const list = acts(g, kind);
    return list.length ? h("div", { class: "gc-group" }, h("h3", {}, title), h("div", { class: "choices" }, list.map((a) => actButton(g, a)))) : null;
  };
  return h("div", {},
    cur ? fleetCard(v, cur, true) : h("p", {}, "No fleet is being ordered. Tap one of your fleets on the map or in the fleet list."),
    compass,
    cur ? h("p", { class: "muted" }, "Shaded hexes can be reached this turn: tap one to go there step by step; the brightest ring is one step.") : null,
    h("div", { class: "choices" }, [...acts(g, "Hold"), ...acts(g, "EndTransport")].map((a) => actButton(g, a))),
    group("Gate", "Star gates"),
    acts(g, "Select").length ? h("div", { class: "gc-group" }, h("h3", {}, "Order another fleet"),
      h("div", { class: "choices" }, acts(g, "Select").map((a) => actButton(g, a, `Fleet ${a.fields.fleet}`, "small")))) : null,
    ["Split", "Merge", "Load", "Unload"].some((k) => acts(g, k).length) ? h("details", {
      class: "gc-reorg", open: ui.reorg || null, ontoggle: (e) => { ui.reorg = e.target.open; },
    }, h("summary", {}, `Reorganise fleet ${cur ? cur.marker : ""}: split, merge, load (${["Split", "Merge", "Load", "Unload"].reduce((n, k) => n + acts(g, k).length, 0)})`),
    group("Merge", "Merge"), group("Split", "Split"), group("Load", "Load fighters"), group("Unload", "Unload fighters")) : null,
    cardPlayButtons(g));
}

function fleetCard(v, f, detail) {
  const { h } = ui.shell;
  const ships = myShipsIn(v, f.marker);
  const ter = terrainAt(v, f.col, f.row);
  return h("div", { class: "gc-fleetcard" },
    h("p", {}, h("strong", {}, `Fleet ${f.marker}`), ` at ${f.hex}${ter ? ` (${D.TERRAIN[ter.type].name})` : ""} · ${ships.length} ship${ships.length === 1 ? "" : "s"} · ${fleetMp(v, f.marker)} MP${f.jammed ? " · jammed" : ""}${f.done ? " · done" : ""}${canStep(v, f.marker) ? "" : " · cannot move (an unloaded stationary ship or jammed)"}`),
    detail ? h("table", { class: "gc-ships" },
      h("thead", {}, h("tr", {}, ["Ship", "MP", "PB", "Atk*", "Def*", "Loaded"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, ships.map((s) => {
        const st = stats(v, s.id, v.viewer, f.col, f.row);
        const t = shipType(v, s.id);
        return h("tr", {},
          h("th", { scope: "row" }, `${t.name} #${s.id}`),
          h("td", {}, t.stationary ? "–" : String(s.mp)),
          h("td", {}, `${s.pb}/${t.pb}`),
          h("td", {}, String(st.atk)), h("td", {}, String(st.def)),
          h("td", {}, s.carrier >= 0 ? `in #${s.carrier}` : t.fighter ? "no" : ""));
      }))) : null);
}

function battleShips(v) {
  // Every ship known to be in the battle hex: own ships, and the others revealed at B1.
  const b = v.battle;
  if (!b) return [];
  const out = [];
  for (const f of fleetsAt(v, b.col, b.row)) {
    if (f.owner === v.viewer) {
      for (const s of myShipsIn(v, f.marker)) out.push({ id: s.id, owner: f.owner, marker: f.marker });
    } else {
      const seen = v.sightings.find((x) => x.owner === f.owner && x.marker === f.marker);
      if (seen) for (const s of seen.ships) out.push({ id: s.id, owner: f.owner, marker: f.marker });
    }
  }
  return out;
}

function declarePanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const b = v.battle;
  const cid = b.to_declare[0];
  const sides = v.combat_die;
  const declared = b.my_declarations || [];
  const row = (a) => {
    const f = a.fields;
    if (f.target < 0) return h("li", {}, actButton(g, a, "Hold fire"));
    const o = oddsOf(v, a);
    const verb = `${a.kind === "SelfDestruct" ? "Self-destruct on" : "Attack"} ${targetWords(v, f.target)}`;
    if (!o) return h("li", {}, actButton(g, a, verb));
    return h("li", { class: "gc-odds-row", "data-kind": a.kind, "data-target": f.target, "data-atk": o.atk, "data-def": o.def, "data-sides": sides, "data-odds": o.percent, "data-unsure": o.unsure.length ? "1" : null },
      actButton(g, a, `${verb} · ${o.unsure.length ? "about " : ""}${o.percent}`),
      h("span", { class: "muted" }, ` ${o.atk} attack dice vs ${o.def} defence dice (d${sides})${o.others.length ? `, with ${o.others.map((x) => `#${x}`).join(", ")}` : ""}: destroyed if the attack total is higher.`),
      o.unsure.map((u) => h("span", { class: "muted" }, ` ${seatName(v, u.owner)}'s ${u.card} was played on a fleet whose ships changed before ${seatName(v, u.owner)} fleet ${u.marker} was seen: this ship may have ${u.def ? `+${u.def} Defense` : `+${u.atk} Attack`} more (not counted).`)));
  };
  const known = battleShips(v);
  return h("div", {},
    h("p", {}, `You declare in secret, one ship at a time; the others see your targets only when all are in. ${shipWords(v, cid)}.`),
    h("ul", { class: "gc-odds" }, g.actions.filter((a) => a.kind === "Target" || a.kind === "SelfDestruct").map(row)),
    declared.length ? h("p", { class: "muted" }, `Declared so far: ${declared.map(([x, t]) => `#${x} → ${t < 0 ? "none" : `#${t}`}`).join(", ")}`) : null,
    h("details", {}, h("summary", {}, `Ships in the battle (${known.length} known)`),
      h("ul", {}, known.map((s) => {
        const st = stats(v, s.id, s.owner, b.col, b.row);
        return h("li", {}, `${seatName(v, s.owner)} fleet ${s.marker}: ${shipName(v, s.id)} (Attack ${st.atk}, Defense ${st.def})${b.protected.includes(s.id) ? ", protected by its fighters" : ""}`);
      }))),
    h("p", { class: "muted" }, "Odds are exact: they count every bonus you can know (own planet, race, terrain, and the cards played this turn, yours and the others')."));
}

function burstPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const q = v.burst && v.burst.to_declare;
  const cid = q && q.length ? q[0] : null;
  const at = cid === null ? null : myShipHex(v, cid);
  const enemies = at ? fleetsAt(v, at[0], at[1]).filter((f) => f.owner !== v.viewer) : [];
  const where = at ? h("p", { id: "gc-burst-hex" }, h("strong", {}, `Space burst at ${hexLabel(at[0], at[1])}`),
    `: your ${shipWords(v, cid)}. Enemy ships there: ${enemies.map((f) => `${seatName(v, f.owner)} fleet ${f.marker}${f.ships === null || f.ships === undefined ? "" : ` (${f.ships} ship${f.ships === 1 ? "" : "s"})`}`).join(", ") || "none seen"}.`) : null;
  return h("div", {},
    where,
    h("p", {}, "Each planet buster you burst rolls one die against every enemy ship in its hex: a 6 destroys it. Secret until every player has declared."),
    h("ul", { class: "gc-odds" }, acts(g, "Burst").map((a) => h("li", {}, actButton(g, a, a.fields.count ? `Burst ${a.fields.count} PB${oddsOf(v, a) ? ` · each enemy ship ${oddsOf(v, a).percent}` : ""}` : "No burst")))));
}

function launchPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const cid = v.launch_queue && v.launch_queue[0];
  const launches = acts(g, "Launch");
  const first = launches.length ? oddsOf(v, launches[0]) : null; // the planet and the orders at it
  const planet = first && first.planet !== null ? v.planets[first.planet] : null;
  const before = first ? first.before : 0;
  const hit = first ? first.hit : 3;
  return h("div", {},
    h("p", {}, `${shipName(v, cid)}${planet ? ` is at ${planetName(v, planet)}` : ""}. Each planet buster rolls a die: ${hit === 4 ? "1-4" : "1-3"} destroys the planet. Spent PBs are gone.`),
    before ? h("p", { id: "gc-declared" }, `Already declared at this planet: ${before} PB${before > 1 ? "s" : ""} (${first.before_percent} on their own).`) : null,
    h("ul", { class: "gc-odds" }, launches.map((a) => h("li", {}, actButton(g, a, a.fields.count ? `Launch ${a.fields.count} · ${launchWords(v, a).odds}` : "Launch none")))));
}

function discardPanel(g) {
  const { h } = ui.shell;
  const list = acts(g, "Discard");
  const keep = list.find((a) => a.fields.ship < 0);
  return h("div", {},
    h("p", {}, "You may send one ship back to the pile (it can come back later as a new draw)."),
    keep ? actButton(g, keep, "Keep every ship", "primary") : null,
    h("details", {}, h("summary", {}, `Discard a ship (${list.length - 1})`),
      h("div", { class: "choices" }, list.filter((a) => a.fields.ship >= 0).map((a) => actButton(g, a)))));
}

function buyPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const res = v.seats[v.viewer].resources;
  const pile = v.pile.types || {};
  return h("div", {},
    h("p", { class: "gc-res" }, `Resources: ${res} (a ship costs 10)`),
    h("div", { class: "choices" }, acts(g, "Buy").map((a) => {
      const t = D.SHIP_TYPES[v.variant][a.fields.kind];
      return actButton(g, a, `${t.name} (M${t.move} A${t.atk} D${t.def} PB${t.pb}) · ${pile[t.key] || 0} left`);
    })),
    acts(g, "Refill").length ? h("details", {}, h("summary", {}, "Refill planet busters (1 resource each)"),
      h("div", { class: "choices" }, acts(g, "Refill").map((a) => actButton(g, a)))) : null,
    h("div", { class: "choices" }, acts(g, "EndProduction").map((a) => actButton(g, a, "End production", "primary"))));
}

function placePanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  return h("div", {},
    v.drawn ? h("p", {}, `New ship: ${shipWords(v, v.drawn.id)}. Tap one of your planets (shaded on the map) or pick here.`) : null,
    h("div", { class: "choices" }, acts(g, "Place").map((a) => actButton(g, a))));
}

function cardPlayButtons(g) {
  const { h } = ui.shell;
  const list = acts(g, "PlayCard");
  return list.length ? h("div", { class: "gc-group" }, h("h3", {}, "Cards you can play now"), h("div", { class: "choices" }, list.map((a) => actButton(g, a)))) : null;
}

function cardPanel(g) {
  const { h } = ui.shell;
  const v = g.view;
  const c = v.cards;
  const w = c && c.window;
  return h("div", {},
    w && w.chain.length ? h("p", {}, `Played: ${w.chain.map((p) => `${seatName(v, p.player)} ${p.card.name}`).join(", then ")}`) : null,
    c && c.playing ? h("p", {}, h("strong", {}, c.playing.card.name), `: ${c.playing.card.text}`) : null,
    // The choices themselves are the decision panel's, right below: not a second set here.
    h("p", { class: "muted" }, acts(g, "PlayCard").length || !w
      ? "Play a card or pass below. Your hand and what each card does are under the map."
      // C-5.4: a stop is shown whatever the hand holds, so a hand-off tells no one anything
      : "You are asked here whenever you might hold a card for this moment, so the hand-off tells no one what you hold. Pass below; your hand is under the map."));
}
