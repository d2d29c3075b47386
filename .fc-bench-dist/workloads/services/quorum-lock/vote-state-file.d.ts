import type { ResourceVotes } from "./acceptor.js";
/** Loads the vote state saved in `dataDir`; empty when there is none yet. */
export declare function loadVotes(dataDir: string): Map<string, ResourceVotes>;
/** Saves the vote state durably (temp file, fsync, rename). */
export declare function saveVotes(dataDir: string, votes: ReadonlyMap<string, ResourceVotes>): void;
