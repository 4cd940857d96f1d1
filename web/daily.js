// Today's deck on the home screen (issue 33): one Spacehole deck a day (UTC), the same for every
// player with no server (the seed rule is the engine's: pygame_core/daily.py); one scored try a
// day, practice after it; a result to share without spoilers (score and turns only) and, once
// played, a link that replays the game (the text is the engine's: star_web/daily.py).
import { h, fill } from "./dom.js";

/** The day, as everyone's deck counts it: the calendar day in UTC, YYYY-MM-DD. */
export function today() {
  return new Date().toISOString().slice(0, 10);
}

/** Wire the box: ``play()`` opens today's deck (the engine's "daily" command). */
export function wireDaily(play) {
  const button = document.getElementById("daily-play");
  if (button) button.addEventListener("click", () => play(today()));
}

/** Draw the box from the engine's state of today's deck (null before the engine answers). */
export function renderDaily(state, share) {
  const box = document.getElementById("daily");
  if (!box) return;
  const status = document.getElementById("daily-status");
  const play = document.getElementById("daily-play");
  const shareButton = document.getElementById("daily-share");
  if (!state) return;
  box.dataset.status = state.status;
  const streak = state.streak ? ` · ${state.streak} day${state.streak === 1 ? "" : "s"} in a row` : "";
  if (state.status === "done") {
    fill(status, h("strong", {}, resultWords(state)), streak);
    play.textContent = "Practice on it";
    play.classList.remove("primary");
  } else if (state.status === "playing") {
    fill(status, `${state.day}: your try is in progress.${streak}`);
    play.textContent = "Continue today's deck";
    play.classList.add("primary");
  } else {
    fill(status, `Spacehole, ${state.day}: one deck for everyone today, one scored try.${streak}`);
    play.textContent = "Play today's deck";
    play.classList.add("primary");
  }
  shareButton.hidden = state.status !== "done";
  shareButton.onclick = () => share(state.share, state.save_id);
}

function resultWords(state) {
  const turns = state.turns ? ` in ${state.turns} turns` : "";
  return state.won === false ? `Today: the Base fell${turns} (0 MC).` : `Today: ${state.score} MC${turns}.`;
}
