// Minimal Space Combat's screen state: the one object its modules read and change (the shell's
// tools, the model on screen, the map's camera, the seat's presentation state, the queue of
// steps being played, the movement replay and the keyboard's hex).

/** @typedef {import("../../types/models").SkirmishGame} SkirmishGame the model the shell hands the screen */
/** @typedef {import("../../types/models").SkirmishView} SkirmishView */
/** @typedef {import("../../types/models").SkirmishChoice} SkirmishChoice */
/** @typedef {Pick<SkirmishChoice, "kind" | "fields"> & Partial<SkirmishChoice>} SkirmishStep a legal action, or a
 * replay's or review's step (no ``i`` or ``label``) */
/** @typedef {import("../../types/models").SkirmishShipView} SkirmishShip */
/** @typedef {import("../../types/models").SkirmishPlot} SkirmishPlot */
/** @typedef {import("../../types/models").SkirmishOrderView} SkirmishOrder */
/** @typedef {import("../../types/models").SkirmishPlanView} SkirmishPlan */
/** @typedef {import("../../types/models").SkirmishLogLine} SkirmishLogLine */
/** @typedef {import("../../types/models").SkirmishLimits} SkirmishLimits */
/** @typedef {import("../../types/models").RecapStep} RecapStep */
/** @typedef {typeof import("../../game.js").shell} Shell the shell's tools (render's ``tools``) */
/** @typedef {{name?: string, engine: number, shields: number, to_hit: number, weapons: string[], bp?: number}} Design a
 * design as the page keeps it (fleet.js), or the view's (``SkirmishDesignView``) */
/** @typedef {{engine: number, shields: number, to_hit: number, weapons: Set<string>, name: string, from: string}} Form
 * the designer's form: a design being made on the page, not yet any action */
/** @typedef {{ship: number, speed: number | null, steps: string, short: string}} Draft the orders being plotted */
/** @typedef {[string, Record<string, unknown>]} QueueItem an engine step to play: its kind and fields */
/** @typedef {{items: QueueItem[], what: string, sentAt: number | null, sentTime: number, sentI?: number}} Queue */
/** @typedef {{x: [number, number], facing: number, angle: number}} Frame a ship's pose on the map (hex units) */
/** @typedef {{frames: Frame[], gone: boolean}} Trail a ship's last movement, pose by pose */
/** @typedef {{key: string, scale: number, x0: number, y0: number, user: boolean, fk: string, major: string}} Camera */
/** @typedef {{viewer: number | null, game: string, selected: number | null, target: number | null, form: Form | null,
 *   why: string, whyRule: string, draft: Draft | null, typed: string, typedError: string, typedRule: string,
 *   speedTapped: boolean, codeText: string, note: string, fleet: Design[] | null,
 *   builtFleet: {fleet: Design[], before: number} | null, formFor?: number, judging?: boolean, takingBack?: boolean,
 *   judged?: Map<string, any>, lastAnswer?: any, lastBuild?: {form: Form, before: number, doneAt: number | null} | null,
 *   ghostArcs?: Map<string, Record<string, string[]> | null>, setupPick?: import("./setup.js").PickSpec | null}} Ui
 * the seat's presentation state; ``judged`` and ``lastAnswer`` hold the engine's answers to the "design"
 * question (designs.py), a worker reply the page's types do not state yet; ``ghostArcs`` the engine's answers
 * to the "arcs" question (where the orders being plotted would let their ship fire), by ship and pose */

/** The seat's presentation state: what is selected, the designer's form, the orders being typed.
 * @param {number | null} viewer
 * @param {string} game
 * @returns {Ui} */
export function freshUi(viewer = null, game = "") {
  return {
    viewer, game,
    selected: null, // ship id whose arcs are shown
    target: null, // enemy ship id chosen as a target
    form: null, // the designer's draft {engine, shields, to_hit, weapons: Set, name, from}
    why: "", // the last refused choice, in words
    whyRule: "", // the rule the engine cites for it (data-rule on the message)
    draft: null, // {ship, speed, steps} the orders being plotted
    typed: "",
    typedError: "",
    typedRule: "", // the rule the engine cites for the typed orders' error
    speedTapped: false, // a SPEED tapped for the ship being plotted: typed orders do not change it
    codeText: "",
    note: "",
    fleet: null, // the designs chosen at setup, still to build (design phase)
    builtFleet: null, // {fleet, before}: the list last built, back if Undo takes all its ships back
  };
}

/** What the screen's modules read and change from render to render.
 * @type {{shell: Shell | null, current: SkirmishGame | null, cam: Camera | null, ui: Ui, queue: Queue | null,
 *   queueDoneAt: number, anim: {start: number, duration: number, paths: Map<number, Trail>} | null, animatedKey: string,
 *   replays: number, hexCursor: [number, number] | null, enemyArcs: boolean,
 *   trailCache: {key: string, paths: Map<number, Trail>}, shownKey: string,
 *   render: ((area: HTMLElement, g: SkirmishGame, tools: Shell) => unknown) | null}} */
export const state = {
  shell: null, // the shell's tools (h, fill, morph, act, ...), given again with every call
  current: null, // the model on screen
  cam: null, // {scale, x0, y0, key}: the map's zoom and pan
  ui: freshUi(), // presentation state of the seat on screen (reset when the seat changes)
  queue: null, // a committed design or order being played step by step
  queueDoneAt: -1e9, // when the screen's last multi-step commit finished
  anim: null, // {start, paths} while the last movement plays
  animatedKey: "", // the game, seat and moves whose movement last played (or was seen)
  replays: 0, // how many movement replays have played (data-replays on the map)
  hexCursor: null, // [col, row]: the hex the keyboard is on (arrow keys on the focused map)
  enemyArcs: true, // the enemy's armed arcs drawn (a toggle on the map)
  trailCache: { key: "", paths: new Map() }, // the last move's trails, by game and moves
  shownKey: "", // the decision last brought into view with the map (screen.js)
  render: null, // screen.js's render, set there: sync.js's rerender draws with it
};
