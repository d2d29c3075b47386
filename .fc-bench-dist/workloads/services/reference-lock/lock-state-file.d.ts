import type { LeaseTableSnapshot } from "./lease-table.js";
/** One line of grants.jsonl. `grantedAtMs` is on the (possibly skewed) server clock. */
export interface GrantRecord {
    readonly resource: string;
    readonly client: string;
    readonly token: string;
    readonly grantedAtMs: number;
    readonly ttlMs: number;
    /** Harness-monotonic ns, present when the server was given `--origin-ns`. */
    readonly time?: number;
}
/** Loads the snapshot saved in `dataDir`; empty when there is none yet. */
export declare function loadLockState(dataDir: string): LeaseTableSnapshot;
/** Saves the snapshot durably: writes a temp file, fsyncs it, renames it over the old one. */
export declare function saveLockState(dataDir: string, snapshot: LeaseTableSnapshot): void;
/** Appends one grant to `<dataDir>/grants.jsonl`. */
export declare function appendGrant(dataDir: string, grant: GrantRecord): void;
