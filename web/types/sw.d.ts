// Types for the service worker (web/sw.js), checked by `tsc -p tsconfig.sw.json` with the
// webworker library (issue 32): the placeholders build.py fills in when it writes dist/sw.js.

declare const __PRECACHE__: string[];
declare const __CACHE__: string;
