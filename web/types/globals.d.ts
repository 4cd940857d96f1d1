// Types for the page's JS checked by `tsc -p tsconfig.json` (issue 32): what the page hangs on
// `window` (the early script's worker and taps, the timings the benchmarks read). The service
// worker's are in sw.d.ts (tsconfig.sw.json), the engine's models in models.d.ts (generated).

interface StarEarlyTaps {
  take(): HTMLElement[];
}

interface StarCallTiming {
  cmd: string;
  posted: number;
  received: number;
  python: number;
  [key: string]: unknown;
}

interface Window {
  /** The engine's worker, started by early.js while the page's head is parsed. */
  starEarlyWorker?: Worker;
  /** Taps on the home screen made before app.js attached its handlers (early.js). */
  starEarlyTaps?: StarEarlyTaps;
  /** Read by tests and benchmarks (ms since navigation, the page's clock). */
  starReadyAt?: number;
  starRenderedAt?: number;
  starEngineReadyAt?: number;
  starEngineTimings?: Record<string, number>;
  starCallTimings?: StarCallTiming[];
  /** Resolves when the page has nothing left to do (tests). */
  starIdle?: () => Promise<unknown>;
  /** Tests shorten the loading screen's stall timers. */
  starStallMs?: number;
  starStartStallMs?: number;
  /** Space Genocide's map draw times, when benchmarks/genocide_map.py asks for them. */
  __gcDrawMs?: number[];
}
