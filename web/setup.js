// New-game setup: the options in the player's words (the home's and a game's summary of them
// too), the seats (a person, the computer, a friend by link), a screen's own extras, the start.
import * as engine from "./engine.js";
import { h, fill, stylesheet } from "./dom.js";
import { $, GAMES, HUMAN, LINK, app, notify, screenModule, screens } from "./state.js";
import { run } from "./routing.js";

const seatValue = (select) => (select.value === "link" ? LINK : Number(select.value));

const LINK_TRUST = "Playing by link: each link carries the whole game so far, as a mailed game log does. "
  + "Moves made, the game's seed and who plays where are checked by each device that holds the game; orders given at the same time stay sealed. "
  + "But someone who decodes a link can read hidden cards and fleets, and can try a die roll in another window before making it. "
  + "Play by link with friends you trust.";

/** A game's options in the player's words: each main option, and any advanced one that is
 * not at its default ("Card set: Babylon 5 · Base: Hard (5 damage) · …"). */
export function optionsSummary(gameId, options, all = false) {
  const game = GAMES[gameId];
  if (!game || !options) return "";
  const base = presetDefaults(game, options);
  const value = (spec) => (spec.key in options ? options[spec.key] : base[spec.key]);
  return game.options.filter((spec) => spec.key in options || all)
    .filter((spec) => !optionText(game, spec.key).advanced || value(spec) !== base[spec.key])
    .map((spec) => `${optionText(game, spec.key).label || spec.label || spec.key}: ${choiceLabel(game, spec, value(spec))}`)
    .join(" · ");
}

function optionText(game, key) {
  return (game.text && game.text.options && game.text.options[key]) || {};
}

function choiceLabel(game, spec, value) {
  const text = optionText(game, spec.key).choices || {};
  if (String(value) in text) return text[String(value)];
  if (value === true) return "On";
  if (value === false) return "Off";
  return String(value).replace(/_/g, " ");
}

/** Every option's default once the presets in ``chosen`` have set theirs, as the engine
 * resolves them (build.py's catalogue: game.defaults, keyed by the presets' values). */
export function presetDefaults(game, chosen) {
  const key = (pick) => JSON.stringify(Object.fromEntries(game.options.filter((spec) => spec.presets)
    .map((spec) => [spec.key, pick(spec)])));
  // A preset this build does not know (an old link's) reads as the presets' defaults.
  const known = game.defaults[key((spec) => (spec.key in chosen ? chosen[spec.key] : spec.default))];
  return { ...(known || game.defaults[key((spec) => spec.default)]) };
}

/** The values to pick from: an option's choices, or a short whole-number range as choices. */
function choicesOf(spec) {
  if (spec.choices.length) return spec.choices;
  if (spec.minimum !== null && spec.maximum !== null && spec.maximum - spec.minimum <= 5) {
    return Array.from({ length: spec.maximum - spec.minimum + 1 }, (_, i) => spec.minimum + i);
  }
  return [];
}

export function seatCount(game, values) {
  return typeof values.players === "number" ? values.players : game.min_players;
}

export function renderSetup(setup) {
  const game = GAMES[setup.game_id];
  const fixed = Boolean(setup.challenge);
  const given = { ...setup.options };
  const form = h("form", { id: "setup", class: "setup", onsubmit: (e) => { e.preventDefault(); start(); } });
  const values = () => {
    const out = {};
    for (const spec of game.options) {
      const el = form.elements[`opt-${spec.key}`];
      if (!el) continue;
      if (choicesOf(spec).length) {
        const picked = form.querySelector(`input[name="opt-${spec.key}"]:checked`);
        if (picked) out[spec.key] = JSON.parse(picked.value);
      } else {
        const n = Number(el.value);
        out[spec.key] = Number.isInteger(n) ? n : spec.default;
      }
    }
    // An option that means something only with another's value (a custom scenario's limits,
    // the engine's OptionSpec.applies) is left out under any other: edited, then another
    // scenario picked, it once made Start refuse the game.
    for (const spec of game.options) {
      if (spec.applies && out[spec.applies.key] !== spec.applies.value) delete out[spec.key];
    }
    return out;
  };
  const field = (spec, value) => {
    const text = optionText(game, spec.key);
    const label = text.label || spec.label || spec.key;
    const help = text.help ? h("p", { class: "muted help" }, text.help) : null;
    if (choicesOf(spec).length) {
      return h("fieldset", { class: "option", "data-option": spec.key },
        h("legend", {}, label), help,
        choicesOf(spec).map((c) => h("label", { class: "choice-row" },
          h("input", { type: "radio", name: `opt-${spec.key}`, value: JSON.stringify(c), checked: c === value, disabled: fixed,
            onchange: spec.presets ? () => applyPreset() : () => renderSeats() }),
          h("span", {}, choiceLabel(game, spec, c)))));
    }
    return h("div", { class: "option", "data-option": spec.key },
      h("label", { for: `opt-${spec.key}` }, label), help,
      h("input", { type: "number", id: `opt-${spec.key}`, name: `opt-${spec.key}`, value: String(value), min: spec.minimum ?? null, max: spec.maximum ?? null,
        inputmode: "numeric", disabled: fixed, onchange: spec.key === "players" ? () => renderSeats() : null }));
  };
  const defaults = presetDefaults(game, given);
  const initial = { ...defaults, ...given };
  const main = [];
  const more = [];
  for (const spec of game.options) (optionText(game, spec.key).advanced ? more : main).push(field(spec, initial[spec.key]));
  const seatsBox = h("fieldset", { class: "option seats", id: "seats" });
  const levels = game.levels || [];
  function renderSeats() {
    const count = seatCount(game, values());
    const names = (game.seat_names[String(count)] || []);
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    fill(seatsBox, h("legend", {}, count > 1 ? "Players" : "Player"),
      count > 1 && !levels.length ? h("p", { class: "muted help" }, "Computer players are not ready yet for this game: every seat is a person at this device.") : null,
      // Where a game offers fewer levels than others, why (from the engine's AI module, issue 28).
      count > 1 && game.levels_note ? h("p", { class: "muted help", id: "levels-note" }, game.levels_note) : null,
      names.map((name, n) => {
        // A newcomer gets one person against the computer (DESIGN 5).
        const dflt = n === 0 || !levels.length ? String(HUMAN) : String(Math.min(1, levels.length - 1));
        return h("div", { class: "seat-row" },
          h("label", { for: `seat-${n}` }, name),
          h("select", { id: `seat-${n}`, name: `seat-${n}`, disabled: count === 1 },
            h("option", { value: String(HUMAN), selected: (old[n] ?? dflt) === String(HUMAN) }, "A person at this device"),
            // Level 0 plays at random: it exists for tests, not as an opponent.
            levels.map((level, i) => i === 0 ? null : h("option", { value: String(i), selected: (old[n] ?? dflt) === String(i) }, `Computer: ${level}`)),
            count > 1 ? h("option", { value: "link", selected: old[n] === "link" }, "A friend, by link") : null));
      }),
      // Said once, where a seat by link is chosen: what the link does not protect (issue 26).
      h("p", { class: "muted help link-trust", id: "link-trust", hidden: !old.includes("link") }, LINK_TRUST));
    for (const select of seatsBox.querySelectorAll("select")) {
      select.addEventListener("change", () => {
        const note = $("#link-trust", seatsBox);
        if (note) note.hidden = ![...seatsBox.querySelectorAll("select")].some((x) => x.value === "link");
      });
    }
  }
  function applyPreset() {
    // A preset sets the options it names (SG-1.2: a variant and its modules), nothing else.
    const now = values();
    const presets = {};
    for (const spec of game.options) {
      if (spec.presets) Object.assign(presets, spec.presets[String(now[spec.key])] || {});
    }
    for (const spec of game.options) {
      if (spec.presets || !(spec.key in presets)) continue;
      const value = presets[spec.key];
      if (choicesOf(spec).length) {
        for (const input of form.querySelectorAll(`input[name="opt-${spec.key}"]`)) input.checked = JSON.parse(input.value) === value;
      } else if (form.elements[`opt-${spec.key}`]) form.elements[`opt-${spec.key}`].value = String(value);
    }
    renderSeats();
  }
  let starting = false;
  async function start() {
    // A tap on Start while the engine still answers the route that drew this form (a first
    // start compiles the game's modules) is kept, not dropped: it waits for that answer. A
    // second tap meanwhile adds nothing.
    if (starting) return;
    starting = true;
    try {
      while (app.busy) await new Promise((resolve) => setTimeout(resolve, 30));
      if (!screens.setup.contains(form)) {
        // The route's answer drew the form again: the tap goes to the form now on screen.
        const again = /** @type {HTMLFormElement | null} */ (document.getElementById("setup"));
        if (again && !screens.setup.hidden) again.requestSubmit();
        return;
      }
      await begin();
    } finally {
      starting = false;
    }
  }
  async function begin() {
    const seats = [...seatsBox.querySelectorAll("select")].map(seatValue);
    const options = values();
    // Store only what differs from the defaults the chosen preset gives.
    const base = presetDefaults(game, options);
    const minimal = Object.fromEntries(Object.entries(options).filter(([k, v]) => game.options.find((s) => s.key === k).presets || v !== base[k]));
    extras.beforeStart(options, seats);
    await run("new", [game.id, fixed ? {} : minimal, engine.randomSeed(), seats, setup.challenge || "", setup.beat ?? null], { replace: true });
  }
  const startLabel = fixed ? "Accept the challenge" : "Start";
  fill(screens.setup,
    h("h1", { id: "setup-title" }, fixed ? `Challenge: ${game.title}` : `New ${game.title} game`),
    fixed ? h("p", { class: "tagline" }, "Someone shared this game: the same setup, the same deck and the same dice as theirs. Can you do better?") : null,
    fixed && typeof setup.beat === "number" ? h("p", { class: "to-beat", id: "setup-to-beat" }, `Score to beat: ${setup.beat}`) : null,
    fixed ? h("p", { class: "muted", id: "challenge-options" }, optionsSummary(game.id, setup.options, true)) : null,
    h("p", { class: "muted" }, game.blurb),
    form);
  const extras = setupExtras(game, setup, form, values, () => [...seatsBox.querySelectorAll("select")].map(seatValue));
  // A game's own link (#x/) is about what the screen's extras show (a shared design): first.
  const first = setup.link ? extras.box : null;
  fill(form, first, main, more.length ? h("details", { class: "more-options" }, h("summary", {}, "More options"), more) : null, seatsBox,
    first ? null : extras.box,
    h("div", { class: "setup-buttons" },
      h("button", { type: "button", class: "btn", onclick: () => history.back() }, "Back"),
      h("button", { type: "submit", class: "btn primary", id: "start", "data-label": startLabel,
        ...(engine.state.done ? {} : { "data-waits": "1", "aria-busy": "true" }) },
      engine.state.done ? startLabel : `Starting the engine… ${engine.percent()}%`)));
  renderSeats();
  engine.ready.then(() => { const b = $("#start"); if (b) { b.removeAttribute("aria-busy"); b.removeAttribute("data-waits"); b.textContent = b.dataset.label; } });
}

/** A screen's own setup controls (its export setupExtras, docs/WEB.md): drawn once the module
 * is loaded, told of every change of the form, and asked to note its choice before the start. */
function setupExtras(game, setup, form, values, seats) {
  const box = h("div", { class: "setup-extras", id: "setup-extras" });
  let hooks = null;
  const ctx = {
    h, fill, stylesheet, notify, game_id: game.id, link: setup.link || "", challenge: Boolean(setup.challenge),
    options: () => values(), seats: () => seats(), levels: game.levels || [],
  };
  screenModule(game.id).then((screen) => {
    if (!screen.setupExtras || !box.isConnected) return;
    hooks = screen.setupExtras(box, ctx) || {};
    form.addEventListener("change", (e) => { if (hooks.changed && !box.contains(e.target)) hooks.changed(); });
  }).catch((err) => console.error(err));
  return {
    box,
    beforeStart(options, seatValues) {
      try {
        if (hooks && hooks.beforeStart) hooks.beforeStart(options, seatValues);
      } catch (err) {
        console.error(err); // the game starts without the screen's extras
      }
    },
  };
}
