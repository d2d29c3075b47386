/**
 * The reference lock service's decisions: leases with a time to live kept on
 * the server's own clock, and a fencing token per resource that strictly
 * increases with every grant. Pure: the clock is injected (the entry point
 * passes the wall clock, which the clock nemesis skews on purpose), and the
 * state is exported as a snapshot the server persists before it answers.
 */
/** A held lease. `expiresAtMs` is on the server's clock. */
export interface LeaseEntry {
    readonly client: string;
    readonly token: bigint;
    readonly expiresAtMs: number;
}
/** Everything the table must remember across a restart. */
export interface LeaseTableSnapshot {
    /** The last token granted per resource. */
    readonly counters: ReadonlyMap<string, bigint>;
    readonly leases: ReadonlyMap<string, LeaseEntry>;
}
/** How the table is built. */
export interface LeaseTableOptions {
    /** The server's clock in milliseconds; may jump (that is what is tested). */
    readonly nowMs: () => number;
    /** State restored from disk; empty when absent. */
    readonly snapshot?: LeaseTableSnapshot;
}
/** The answer to an acquire. */
export type AcquireResult = {
    readonly kind: "granted";
    readonly token: bigint;
    readonly ttlMs: number;
    readonly grantedAtMs: number;
} | {
    readonly kind: "busy";
    readonly holder: string;
    readonly token: bigint;
    readonly remainingMs: number;
};
/** The answer to a release. */
export type ReleaseResult = {
    readonly kind: "released";
} | {
    readonly kind: "not-holder";
    readonly holder?: string;
    readonly token?: bigint;
};
/** The lease table of one reference lock server. */
export interface LeaseTable {
    /**
     * Grants `resource` to `client` when it is free or its lease has expired,
     * with the next token. A re-acquire by the current holder is busy too.
     */
    acquire(resource: string, client: string, ttlMs: number): AcquireResult;
    /** Releases the lease when `client` holds `token` and it has not expired. */
    release(resource: string, client: string, token: bigint): ReleaseResult;
    /** The state to persist (a copy). */
    snapshot(): LeaseTableSnapshot;
}
/** Creates a lease table; the only state lives in the returned closure. */
export declare function createLeaseTable(options: LeaseTableOptions): LeaseTable;
