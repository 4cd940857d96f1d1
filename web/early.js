// Inlined into index.html by build.py (the CSP allows it by its hash), run while the page's
// head is parsed:
// - the engine's worker is started at once, so it fetches Pyodide's loader while the page's own
//   modules load (engine.js takes it: starEarlyWorker; it waits for engine.js's init message);
// - a tap on the home screen's buttons before app.js has attached its handlers is kept, shown as
//   taken, and played once by app.js (starEarlyTaps.take()); later taps before then are ignored.
(() => {
  try {
    window.starEarlyWorker = new Worker("./engine-worker.js", { type: "module", name: "engine" });
  } catch (err) {
    console.warn("the engine will start with the page's code:", err);
  }
  const taps = [];
  const early = (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || !button.closest("#home, .topbar")) return;
    event.preventDefault();
    event.stopPropagation();
    if (taps.length) return;
    taps.push(button);
    button.classList.add("picked");
    button.setAttribute("aria-busy", "true");
    document.documentElement.dataset.earlyTap = "1";
  };
  document.addEventListener("click", early, true);
  window.starEarlyTaps = {
    take() {
      document.removeEventListener("click", early, true);
      for (const button of taps) { button.classList.remove("picked"); button.removeAttribute("aria-busy"); }
      delete document.documentElement.dataset.earlyTap;
      return taps.splice(0);
    },
  };
})();
