import type { RunIndex } from "../../reports/index.js";
/** Scans `store` (a missing store is empty). */
export declare function readStoreIndex(store: string): RunIndex;
