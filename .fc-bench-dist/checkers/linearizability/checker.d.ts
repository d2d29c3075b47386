/**
 * The public checking API, porcupine-small: `checkOperations` and
 * `checkEvents` split a history with the model's partition function
 * (P-compositionality), search each part, and combine: illegal beats unknown
 * beats ok. `checkPartition` is the unit a worker-thread pool runs.
 */
import { type Clock } from "../../harness/core/index.js";
import { type Event, type FullModel, type Model, type Operation } from "./model.js";
import { type PartitionOutcome, type SearchLimits } from "./search.js";
/** Bounds and switches for a check. */
export interface LinearizabilityOptions {
    /** Wall-clock budget for the whole check; past it the verdict is "unknown". */
    readonly timeoutMs?: number;
    /** The clock the deadline is read from (default: the system clock). */
    readonly clock?: Clock;
    /** Aborting it stops the search with "unknown". */
    readonly signal?: AbortSignal;
    /** Estimated cache bytes allowed per partition (default 1 GiB); past it, "unknown". */
    readonly maxMemoryBytes?: number;
    /** Keep checking the other partitions after an illegal one (default false). */
    readonly allPartitions?: boolean;
}
/** One checked partition, with what the report needs to draw it. */
export interface PartitionInfo<I, O> {
    /** Position of the partition in the model's partition order. */
    readonly index: number;
    readonly operations: readonly Operation<I, O>[];
    /** `describeOperation` of each operation, same order. */
    readonly descriptions: readonly string[];
    readonly outcome: PartitionOutcome;
}
/** What explains a verdict: every partition checked, in order. */
export interface LinearizationInfo<I = unknown, O = unknown> {
    readonly partitions: readonly PartitionInfo<I, O>[];
}
/** The verdict: "ok" (linearizable), "illegal", or "unknown" (timeout, memory bound). */
export type Verdict = "ok" | "illegal" | "unknown";
/** A check's verdict and its explanation. */
export interface LinearizabilityResult<I = unknown, O = unknown> {
    readonly result: Verdict;
    readonly info?: LinearizationInfo<I, O>;
}
/** Builds the limits of a search from options; `deadlineNs` is on `clock`. */
export declare function searchLimits(options: LinearizabilityOptions, clock: Clock, deadlineNs: number): SearchLimits;
/** Checks one partition (already split) under `limits`: the unit of parallel work. */
export declare function checkPartition<S, I, O>(model: Model<S, I, O> | FullModel<S, I, O>, ops: readonly Operation<I, O>[], limits: SearchLimits, index?: number): PartitionInfo<I, O>;
/** Merges partition verdicts: illegal beats unknown beats ok. */
export declare function combineVerdicts(verdicts: Iterable<Verdict>): Verdict;
/** Checks a history of operations against `model`. Never throws on a model's verdict. */
export declare function checkOperations<S, I, O>(model: Model<S, I, O>, ops: readonly Operation<I, O>[], options?: LinearizabilityOptions): LinearizabilityResult<I, O>;
/** Checks a history given as call/return events (in order) against `model`. */
export declare function checkEvents<S, I, O>(model: Model<S, I, O>, events: readonly Event<I, O>[], options?: LinearizabilityOptions): LinearizabilityResult<I, O>;
/** Pairs call and return events by id; an unreturned call returns at +infinity. */
export declare function eventsToOperations<I, O>(events: readonly Event<I, O>[]): Operation<I, O>[];
