// Inlined into index.html by build.py (the CSP allows it by its hash): a tap on the home
// screen's buttons before app.js has attached its handlers is kept, shown as taken, and played
// once by app.js (starEarlyTaps.take()); later taps before then are ignored.
(() => {
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
