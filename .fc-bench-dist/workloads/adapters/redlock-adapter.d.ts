import type { LockAdapter } from "./lock-adapter.js";
/** The built-in Redlock adapter (3 independent masters). */
export declare const redlockAdapter: LockAdapter;
