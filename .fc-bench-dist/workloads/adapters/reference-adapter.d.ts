/**
 * The built-in `reference` adapter: a client of our reference lock service
 * (workloads/services/reference-lock). Acquire polls POST /acquire with a
 * small jittered backoff until granted; the jitter is drawn from a Rng seeded
 * by the client id, so it is reproducible. The service is a single node:
 * with several endpoints the client talks to the first.
 */
import { type Rng } from "../../harness/core/index.js";
import type { LockAdapter } from "./lock-adapter.js";
/** Tuning for tests; the defaults suit real runs. */
export interface ReferenceAdapterOptions {
    /** How long one HTTP attempt may take before it is indeterminate (default 2000). */
    readonly attemptTimeoutMs?: number;
    /** The jitter source for a client (default: a Rng seeded by the client id). */
    readonly rngFor?: (clientId: string) => Rng;
}
/** Creates the `reference` adapter. */
export declare function createReferenceAdapter(options?: ReferenceAdapterOptions): LockAdapter;
/** The built-in reference adapter with default tuning. */
export declare const referenceAdapter: LockAdapter;
