/**
 * Availability of the lock service as the clients saw it: how acquires
 * ended, and the longest stretch in which clients asked and nobody was
 * granted anything. Failing acquires are unavailability, never unsafety.
 */
import { type History } from "../../harness/core/index.js";
/** How the run's acquires ended. Times are harness nanoseconds. */
export interface Availability {
    readonly acquires: number;
    readonly granted: number;
    /** Definite failures by error code (lock-busy, unavailable, ...). */
    readonly failed: Readonly<Record<string, number>>;
    /** Indeterminate outcomes (timeouts): the grant may have happened. */
    readonly indeterminate: number;
    /** The longest time from an acquire attempt (or a grant) to the next grant, or to the last acquire's end. */
    readonly longestWithoutGrantNs: number;
    /** True when acquires were tried and none was granted. */
    readonly unavailable: boolean;
}
/** Summarizes the history's acquires. Pure. */
export declare function acquireAvailability(history: History): Availability;
