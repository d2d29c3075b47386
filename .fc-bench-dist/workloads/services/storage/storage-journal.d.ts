import type { AcceptedWrite } from "./storage-state.js";
/**
 * Reads the accepted writes in the order they were applied, and ends a torn
 * last line with a newline so later appends start on a fresh line.
 */
export declare function loadJournal(dataDir: string): AcceptedWrite[];
/** Appends one accepted write. */
export declare function appendJournal(dataDir: string, write: AcceptedWrite): void;
