// The guided first game (issue 33): a coach that explains each phase of Spacehole at the moment
// it first happens, and points at the move the computer player would make (the engine's Hint),
// on a fixed deck whose first turns bring each kind of card. Dismissible at any time; the game
// goes on as any other. It reads only the view and the engine's hint: no rule is decided here.

const SEEN_PREFIX = "startable:guide:"; // + save id: the tips this game has shown
const HIDDEN_PREFIX = "startable:guide-off:";

/** @typedef {import("../../types/models").SpaceholeGame} SpaceholeGame */
/** @typedef {import("../../types/models").SpaceholeView} SpaceholeView */
/** @typedef {typeof import("../../game.js").shell} Shell */
/** @typedef {{id: string, when: (v: SpaceholeView, g: SpaceholeGame) => unknown, title: string, text: string}} Tip */

// Each tip: when it applies (the view on screen), and what it says. The first that applies and
// has not been shown in this game is the one shown; it stays until the next decision.
/** @type {Tip[]} */
const TIPS = [
  { id: "welcome", when: () => true, title: "Your colony",
    text: "You run a space colony for 96 turns, one card from the deck each turn. When the deck is spent, your MC (Megacredits) is your score. If your Base is destroyed, the game is lost. This guide explains each part as it first comes up; hide it whenever you like." },
  { id: "drawn", when: (v) => v.drawn && v.turn >= 1, title: "The turn's card",
    text: "Each turn starts with a card from the deck (Space Karma). With nothing to decide before it, the card is drawn for you: what it did is at the top, in the list of what just happened. Turn on “Confirm every step” to tap each step yourself." },
  { id: "build", when: (v) => v.decision && v.decision.kind === "build", title: "Build",
    text: "After the draw you build: play one card from your hand, or play none and repair a damaged card. A Structure earns its $ in MC every turn while it has power (P); the Base gives 5 power. Tap a card in your hand to read it." },
  { id: "defender", when: (v) => v.hand.some((c) => c.kind === "defender"), title: "Defenders",
    text: "A Defender fights the invaders that come from the deck: it rolls its Force in dice each battle round, and each 1 is a hit. Your colony has room for a few defenders (the D on some structures adds room)." },
  { id: "invasion", when: (v) => Boolean(v.last_battle), title: "An invasion",
    text: "An invader attacked as soon as it was drawn. Your defenders (and the Base's laser) fight it round by round; its hits land on a defender first, then on the Base. The battle's result is in the list at the top; its dice are one tap away under “Dice, round by round”." },
  { id: "event", when: (v) => v.drawn && v.drawn.kind === "event", title: "Events",
    text: "An Event happens the moment it is drawn, good or bad, and then goes to the discard pile. Tap its name at the top to read what it did." },
  { id: "power", when: (v) => v.supply > 0 && v.power_used >= v.supply && v.hand.some((c) => c.kind === "structure"), title: "Power",
    text: "All your power is in use: a new Structure would earn nothing until you have more. A Solar Array gives 5 power; look for one in your hand." },
  { id: "scout", when: (v) => v.decision && v.decision.kind === "start", title: "Looking ahead",
    text: "Rangers and Scouts in your colony can be sent to look at the next cards before you draw: choose Scout to see what is coming, or draw at once." },
  { id: "limit", when: (v) => v.decision && v.decision.kind === "discard", title: "Your hand is full",
    text: "Your hand holds only so many cards: choose one to discard. Keep what you can power and play soon." },
  { id: "onyourown", when: (v) => v.turn >= 12, title: "On your own",
    text: "You have met every part of the game. Keep building income, keep a defender or two for the invaders, and watch your power. The Hint button asks the computer player any time." },
];

/**
 * @param {string} saveId
 * @returns {Set<string>}
 */
function seen(saveId) {
  try { return new Set(JSON.parse(localStorage.getItem(SEEN_PREFIX + saveId) || "[]")); } catch { return new Set(); }
}

/**
 * @param {string} saveId
 * @param {Set<string>} ids
 */
function remember(saveId, ids) {
  try { localStorage.setItem(SEEN_PREFIX + saveId, JSON.stringify([...ids])); } catch { /* a full storage: the tip shows again */ }
}

/** @param {string} saveId */
export function isHidden(saveId) {
  try { return localStorage.getItem(HIDDEN_PREFIX + saveId) === "1"; } catch { return false; }
}

/** @type {{key: string, tip: Tip | null}} */
let shownAt = { key: "", tip: null }; // the tip shown for the decision on screen (kept through re-renders)

/** The coach's box for the game on screen, or null (not a guided game, hidden, replaying).
 * @param {SpaceholeGame} g
 * @param {Shell} shell
 * @param {() => void} rerender */
export function coachBox(g, shell, rerender) {
  const saveId = (location.hash.match(/^#g\/(.+)$/) || [])[1];
  if (!g.guided || g.mode !== "play" || !saveId || !g.view) return null;
  const { h } = shell;
  if (isHidden(saveId)) return null;
  const v = g.view;
  const key = `${saveId}|${g.at}`;
  if (shownAt.key !== key) {
    const done = seen(saveId);
    const tip = v.over ? null : TIPS.find((t) => !done.has(t.id) && t.when(v, g)) || null;
    if (tip) { done.add(tip.id); remember(saveId, done); }
    shownAt = { key, tip };
  }
  const tip = shownAt.tip;
  const end = v.over ? h("p", {}, "The guided game is over: your score is your MC. Next, try Today's deck on the home screen: the same deck for everyone, one scored try a day.") : null;
  return h("section", { class: "sh-coach", id: "coach", "aria-label": "Guide", "data-tip": tip ? tip.id : (v.over ? "end" : "") },
    h("div", { class: "sh-coach-head" },
      h("strong", {}, tip ? tip.title : v.over ? "Well played" : "Guide"),
      h("button", { type: "button", class: "btn small", id: "coach-hide", onclick: () => {
        try { localStorage.setItem(HIDDEN_PREFIX + saveId, "1"); } catch { /* nothing kept: it hides for now */ }
        rerender();
      } }, "Hide the guide")),
    tip ? h("p", {}, tip.text) : end,
    h("p", { class: "sh-coach-pick muted", id: "coach-pick" }, v.over || !g.actions.length ? "" : "The computer player's choice is marked."));
}

/** Mark the choice the engine's Hint would make (asked after the decision is drawn, so a tap
 * never waits for it).
 * @param {SpaceholeGame} g
 * @param {Shell} shell */
export async function pointAtHint(g, shell) {
  if (!g.guided || g.mode !== "play" || g.actions.length < 2 || !document.getElementById("coach")) return;
  const at = g.at;
  let out;
  try { out = await shell.call("hint"); } catch { return; }
  const now = shell.game;
  if (!out || !out.hint || !now || now.at !== at) return;
  const picked = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#choices .choice.coach-pick"));
  for (const b of picked) { b.classList.remove("coach-pick"); delete b.dataset.coach; }
  const button = /** @type {HTMLElement | null} */ (document.querySelector(`#choices .choice[data-action="${out.hint.i}"]`));
  if (button) { button.classList.add("coach-pick"); button.dataset.coach = "1"; }
  const why = document.getElementById("coach-pick");
  if (why) why.textContent = `Suggested: ${out.hint.label}${out.hint.why ? `: ${out.hint.why}` : ""}.`;
}
