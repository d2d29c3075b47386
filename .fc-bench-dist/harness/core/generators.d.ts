/**
 * A few generator combinators, in the spirit of jepsen.generator. Each is a
 * pure value: asking for an op never changes the generator; the returned
 * successor carries any change.
 */
import type { Generator, OpRequest } from "./generator.js";
import type { ProcessId } from "./op.js";
/** A generator that never emits anything. */
export declare const emptyGenerator: Generator;
/**
 * Runs generators side by side. Asked for an op, it asks each child and
 * returns the one that is due soonest; on a tie, the earlier child wins, so
 * put the nemesis first when its ops must go out before clients react.
 * Every event is passed to every child. Exhausted when all children are.
 */
export declare function anyOf(...gens: readonly Generator[]): Generator;
/** Emits `gen`'s ops until harness time `untilNs`; exhausted after that. */
export declare function timeLimit(untilNs: number, gen: Generator): Generator;
/**
 * Emits each request once, in order, each to whichever client process is
 * free (the request's own `process` is ignored). Used for final reads.
 */
export declare function eachOnce(requests: readonly Omit<OpRequest, "process">[]): Generator;
/** The lowest free client process, if any. */
export declare function firstFreeClient(free: ReadonlySet<ProcessId>): number | undefined;
/**
 * A nemesis schedule cut at `untilNs`: before then it passes everything;
 * after it, it starts no new fault but still emits the ops named in `healFs`
 * (resume, heal), at once rather than at their scheduled time, so a run
 * never ends with a node left paused or cut off. Exhausted once nothing is
 * left to heal.
 */
export declare function faultsUntil(untilNs: number, healFs: ReadonlySet<string>, gen: Generator): Generator;
