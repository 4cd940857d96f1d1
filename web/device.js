// What this device keeps (issue 37): export and import of every game, the record of finished
// games on the home screen, and a request that the browser keep the site's storage. The
// engine does the work (star_web/backup.py, storage.History); this module draws and asks.
import * as engine from "./engine.js";
import { h, fill } from "./dom.js";

const ASKED_KEY = "startable:persist-asked";

/** Wire the home screen's Export and Import: ``run(cmd, args)`` shows the engine's model. */
export function wireBackup(run) {
  const exportButton = document.getElementById("export-all");
  const file = /** @type {HTMLInputElement | null} */ (document.getElementById("import-file"));
  if (exportButton) exportButton.addEventListener("click", () => exportAll());
  if (file) {
    file.addEventListener("change", async () => {
      const chosen = file.files && file.files[0];
      file.value = "";
      if (!chosen) return;
      await run("import_all", [await chosen.text()]);
    });
  }
}

async function exportAll() {
  const { text } = await engine.call("export_all");
  const day = new Date().toISOString().slice(0, 10);
  const a = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: `star-table-games-${day}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Ask the browser, once, to keep this site's storage (not to clear it for space, nor, in
 * Safari, after days without a visit), at a moment a player has something to lose: a first
 * finished game, or a game by link; what the answer means is said on the home screen. */
export async function keepSafe() {
  const storage = navigator.storage;
  if (!storage || !storage.persist || !storage.persisted) return;
  try {
    if (localStorage.getItem(ASKED_KEY) || await storage.persisted()) return;
    localStorage.setItem(ASKED_KEY, String(Date.now()));
    const granted = await storage.persist();
    // Said where the player keeps their games (home), not over the game in play.
    const note = document.getElementById("device-note");
    if (note) {
      note.textContent = granted
        ? "Your games are kept on this device: the browser will not clear them to make room. Export them to keep a copy or to move them to another device."
        : "This browser may clear your games to make room, or (Safari) after a week without a visit: add Star Table to your home screen to keep them, and export them now and then.";
    }
  } catch (err) {
    console.warn("persistent storage:", err);
  }
}

/** The record of a game on its home card: per option set, played, won, best and average
 * score, streaks, the last played day and the last results as a small chart (issue 33, 37). */
export function renderRecord(card, gameId, record, optionsSummary, fmtDate) {
  const mine = (record || []).filter((r) => r.game === gameId);
  let box = card.querySelector(".record");
  if (!mine.length) { if (box) box.remove(); return false; }
  if (!box) { box = h("details", { class: "record" }); card.querySelector(".game-text").append(box); }
  const total = mine.reduce((n, r) => n + r.played, 0);
  const won = mine.reduce((n, r) => n + r.won, 0);
  const open = box.open;
  fill(box,
    h("summary", {}, `Your record: ${total} played, ${won} won`),
    mine.slice(0, 4).map((r) => h("div", { class: "record-set", "data-options": JSON.stringify(r.options) },
      h("p", { class: "record-options muted" }, optionsSummary(gameId, r.options) || "Standard rules"),
      h("dl", { class: "record-figures" },
        figure("Played", r.played), figure("Won", `${r.won} (${Math.round((100 * r.won) / r.played)}%)`),
        r.best !== null ? figure("Best", r.best) : null, r.average !== null ? figure("Average", r.average) : null,
        figure("Streak", `${r.streak} (longest ${r.longest_streak})`), figure("Last played", fmtDate(r.last_played))),
      chart(r.last))));
  box.open = open;
  return true;
}

function figure(name, value) {
  return h("div", {}, h("dt", {}, name), h("dd", {}, String(value)));
}

/** The last results, oldest first: a bar per game, its height the score (or full for a win
 * without a score), a win in the accent colour; the numbers are in the label. */
function chart(last) {
  const scores = last.map((r) => (r.score === null ? (r.won ? 1 : 0) : r.score));
  const top = Math.max(1, ...scores);
  const label = `Last ${last.length} results, oldest first: ${last.map((r) => (r.score === null ? (r.won ? "won" : "lost") : `${r.score}${r.won ? "" : " (lost)"}`)).join(", ")}`;
  return h("div", { class: "record-chart", role: "img", "aria-label": label },
    last.map((r, k) => {
      const bar = h("span", { class: `record-bar${r.won ? " won" : ""}` });
      bar.style.height = `${Math.max(4, Math.round((scores[k] / top) * 100))}%`;
      return bar;
    }));
}
