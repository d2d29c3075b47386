/**
 * Small pieces the built-in adapters share: a sleep that an abort cuts
 * short, a deadline on one attempt, and the errors the agent classifies.
 */
import { type Rng } from "../../harness/core/index.js";
import { LockError } from "./lock-error.js";
/** Sleeps `ms`, or less when `signal` aborts; never rejects. */
export declare function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void>;
/**
 * Resolves or rejects as `work` does, unless `ms` pass first: then rejects
 * with an indeterminate `timeout` LockError naming `what` (the call may
 * still take effect).
 */
export declare function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T>;
/** The definite error of an acquire that gave up waiting for a busy lock. */
export declare function lockBusy(resource: string, service: string): LockError;
/** An indeterminate error for anything a client library threw. */
export declare function unavailable(what: string, error: unknown): LockError;
/** The retry jitter source of one client: seeded by its id, so runs replay. */
export declare function clientRng(clientId: string): Rng;
/** A retry pause of 20 to 50 ms drawn from `rng`. */
export declare function retryDelayMs(rng: Rng): number;
