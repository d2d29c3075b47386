/** Lookups in a history that the story needs: grants, writes and pauses. */
import { type History } from "../harness/core/index.js";
/** An acquire that completed ok. Times are harness nanoseconds. */
export interface GrantEvidence {
    readonly node: string | undefined;
    readonly invokedAt: number;
    readonly grantedAt: number;
}
/** A pause of a node, and when the matching resume completed. */
export interface PauseEvidence {
    readonly at: number;
    readonly durationMs: number | undefined;
    readonly wokeAt: number | undefined;
}
/** The acquire ok of `client` (process id as a string) on `resource` with `token`. */
export declare function findGrant(history: History, client: string, resource: string, token: string): GrantEvidence | undefined;
/** The invoke time of `client`'s write of `value` to `resource`. */
export declare function findWrite(history: History, client: string, resource: string, value: string): {
    invokedAt: number;
} | undefined;
/** The last pause of `node` invoked within [from, to], with its resume. */
export declare function findPause(history: History, node: string, from: number, to: number): PauseEvidence | undefined;
