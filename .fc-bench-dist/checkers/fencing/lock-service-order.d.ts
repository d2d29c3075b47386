/**
 * The lock service's promise, read from the history alone: per resource,
 * acquire tokens are unique, and an acquire that completed before another
 * was invoked got the lower token.
 */
import { type History } from "../../harness/core/index.js";
/** One grant: an acquire that completed `ok` with a token. */
export interface Grant {
    readonly process: number;
    readonly resource: string;
    readonly token: string;
    /** Harness nanoseconds of the acquire's invoke and ok. */
    readonly invokedAt: number;
    readonly grantedAt: number;
}
/** A broken promise: two grants share a token, or a later grant got a lower or equal token. */
export interface LockServiceViolation {
    readonly kind: "duplicate-token" | "token-order";
    readonly resource: string;
    readonly first: Grant;
    readonly second: Grant;
    readonly message: string;
}
/** Every acquire `ok` with a readable token, in history order. */
export declare function grants(history: History): Grant[];
/** All violations of the lock service's promise; pure, O(n log n) per resource. */
export declare function lockServiceViolations(history: History): LockServiceViolation[];
