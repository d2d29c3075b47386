/**
 * The lock-write client generator: every worker thread loops
 *   acquire(resource) -> read -> write(value) -> release
 * over the run's resources. The token is not in the ops the generator emits:
 * the client writes under whatever lease it holds, exactly as a real service
 * would. A failed acquire starts the next cycle; a failed read or write still
 * releases; an `info` retires the process (its agent is replaced with no
 * lease), so the thread starts over.
 */
import { type Generator } from "../../harness/core/index.js";
/** Options of the lock-write generator. */
export interface LockWriteGeneratorOptions {
    readonly concurrency: number;
    readonly resources: readonly string[];
    /** Seeds the choice of resource per (thread, cycle), so replays pick the same. */
    readonly seed: number;
    /** Thread t always uses resource t mod N (single-writer partitioning). */
    readonly singleWriter?: boolean;
}
/** Creates the lock-write generator. */
export declare function lockWriteGenerator(opts: LockWriteGeneratorOptions): Generator;
