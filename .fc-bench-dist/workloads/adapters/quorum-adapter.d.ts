import type { LockAdapter } from "./lock-adapter.js";
/** Tuning for tests; the defaults suit real runs. */
export interface QuorumAdapterOptions {
    /** How long one HTTP attempt may take before it is indeterminate (default 2500). */
    readonly attemptTimeoutMs?: number;
}
/** Creates the `quorum` adapter. */
export declare function createQuorumAdapter(options?: QuorumAdapterOptions): LockAdapter;
/** The built-in quorum adapter with default tuning. */
export declare const quorumAdapter: LockAdapter;
