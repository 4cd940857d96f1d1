// Minimal Space Combat's screen state: the one object its modules read and change (the shell's
// tools, the model on screen, the map's camera, the seat's presentation state, the queue of
// steps being played, the movement replay and the keyboard's hex).

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
