// The contract between the shell and a game's screen module (docs/WEB.md, "Adding a game's
// screen"), for `tsc -p tsconfig.json` (issue 32): what `screenModule(id)` resolves with. The
// models are the generated ones (models.d.ts); the screens whose views are typed are checked
// against this contract at the end.

import type { GameModel, RecapStep, Choice, WarfareGame, SpaceholeGame, SkirmishGame, GenocideGame } from "./models";

/** The shell's tools a screen gets (game.js's `shell`). */
type Shell = typeof import("../game.js").shell;

/** What a screen's setupExtras gets (setup.js). */
export interface SetupContext {
  h: Shell["h"];
  fill: Shell["fill"];
  stylesheet: Shell["stylesheet"];
  notify: Shell["notify"];
  game_id: string;
  link: string;
  challenge: boolean;
  options(): Record<string, unknown>;
  seats(): number[];
  levels: string[];
}

/** A legal action of ``g`` (a ``Choice``), or a replay's or review's step: its kind and fields
 * only (``LastStep``, review.py's decisions). */
export type ActionLike = Pick<Choice, "kind" | "fields"> & Partial<Choice>;

/** What choiceLabel may read of the model: the review words a decision with these alone. */
export type LabelContext = Pick<GameModel, "game_id" | "mode" | "view" | "actions"> & Partial<GameModel>;

/** A help section: the shell's How to play, in the words of the game on screen. */
export interface HelpText {
  title: string;
  sections: { title: string; paragraphs: string[] }[];
}

/** A game's screen module: `render` and any of the others (method syntax: a screen may take its
 * own game's model, a `GameModel` with its typed view). */
export interface ScreenModule {
  render(area: HTMLElement, g: GameModel, shell: Shell, previous: GameModel | null): void;
  news?(g: GameModel, shell: Shell, previous: GameModel | null): HTMLElement | null;
  prompt?(g: GameModel): string | null;
  choiceLabel?(g: LabelContext, a: ActionLike): string | null;
  title?(g: GameModel): string;
  endTitle?(g: GameModel): string;
  endDetail?(g: GameModel): HTMLElement | null;
  help?(g: GameModel): HelpText;
  keys?(event: KeyboardEvent, g: GameModel, shell: Shell): boolean;
  redraw?(g: GameModel, shell: Shell): void;
  recapStep?(g: GameModel, step: RecapStep): HTMLElement | null;
  /** A step filed under no side (null), or the shell's own choice (undefined). */
  recapWho?(g: GameModel, step: RecapStep): null | undefined;
  /** Kinds of log lines the screen tells in its own place, left out of the recap's lines. */
  recapElsewhere?: Set<string>;
  setupExtras?(box: HTMLElement, ctx: SetupContext): { changed?(): void; beforeStart?(options: Record<string, unknown>, seats: number[]): void } | void;
}

/** A typed game's screen, checked against the contract: a wrong hook's signature fails here. */
type Checked<M extends ScreenModule> = M;
export type WarfareScreen = Checked<typeof import("../screens/warfare/screen.js")>;
export type SpaceholeScreen = Checked<typeof import("../screens/spacehole/screen.js")>;
export type SkirmishScreen = Checked<typeof import("../screens/skirmish/screen.js")>;
export type GenocideScreen = Checked<typeof import("../screens/genocide/screen.js")>;
export type { WarfareGame, SpaceholeGame, SkirmishGame, GenocideGame };
