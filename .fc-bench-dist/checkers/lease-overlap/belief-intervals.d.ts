/**
 * When each client believed it held each resource: from its acquire `ok`
 * until it invoked release, or (for a retired process) until its last op,
 * or until the end of the history.
 */
import { type History } from "../../harness/core/index.js";
/** One client's belief that it held a resource. Times are harness nanoseconds. */
export interface Belief {
    readonly process: number;
    readonly node: string | undefined;
    readonly resource: string;
    readonly token: string;
    readonly acquireInvokedAt: number;
    readonly grantedAt: number;
    /** When the belief ended (release invoke, last op of a retired process, or end of history). */
    readonly until: number;
    /** When the release completed `ok`, if it did. */
    readonly releasedAt: number | undefined;
}
/** All beliefs of a history, in acquire order. Pure. */
export declare function beliefIntervals(history: History): Belief[];
