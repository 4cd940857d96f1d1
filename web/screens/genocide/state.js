// The screen's module-level state, one object every module reads and changes (ui), with the
// caches the recap, the reach and the map keep between renders, and rerender.
export const ui = {
  g: null, // the model on screen
  cam: null, // {s: pixels per hex radius, ox, oy}
  camKey: "",
  hex: null, // the hex tapped last: [col, row]
  hexAt: -1, // the decision (g.at) it was tapped at
  pickShip: null, // setup: the ship picked to move
  stamp: 0, // bumped whenever what the map marks may have changed (the frame layer is redrawn)
  draft: null, // setup: {key, kind, assign}
  queue: null, // actions played one after another: {seat, next(g) -> action index or null, what, byMap}
  legend: false,
  logSeat: null, // the player whose log lines "Log by player" shows (null: everyone)
  shell: null, // the shell's tools, from the last render
  render: null, // screen.js's render, which rerender calls (the modules it imports cannot import it)
  trackKey: "", // the game and page the track is of
  lastPlay: null, // the last model in play: a look back at the board draws the recap from it
  queueTimer: 0,
  frame: 0, // the animation frame schedule asked for
  mini: null, // {x, y, w, h, s}: the mini-map's box, for taps
  lastScale: 0,
  layerTimer: 0,
  frameTimer: 0,
  markedAt: "", // the hex whose choices were last brought into the list's view ("at:col,row")
  framed: "", // the decision the page last framed the map for ("viewer:at")
};

// Where every fleet marker stood after each action the screen has drawn or looked back at.
// Markers and every step of a fleet are PUBLIC (SG-14.1), so this holds nothing a seat may not
// know; ship counts are never kept here (recapStep reads them from the view on screen). The
// recap names each move from it, and the map draws this turn's paths and, fainter, the last
// turn's (so the computer's moves stay on the map until the next turn).
export const track = new Map(); // position -> {turn: "round:active", fleets: Map("owner:marker" -> [col, row])}

export const reachMemo = { g: null, pending: null, map: null };

export const layer = { canvas: null, key: "", wx0: 0, wy0: 0, wx1: 0, wy1: 0 };
export const frameLayer = { canvas: null, key: "", stamp: -1, g: null }; // the layer with this model's marks

export function rerender() {
  const g = ui.g;
  const area = document.getElementById("board-area");
  if (!g || !area || !g.view) return;
  const scroll = window.scrollY;
  ui.render(area, g, ui.shell);
  window.scrollTo(0, scroll);
}
