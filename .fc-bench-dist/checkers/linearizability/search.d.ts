import { type FullModel, type Operation } from "./model.js";
/** Bounds on one search: a deadline polled inside the loop and a memory budget. */
export interface SearchLimits {
    /** Polled every few thousand steps; true stops the search with "unknown". */
    readonly expired: () => boolean;
    /** Estimated bytes the cache may hold before the search gives "unknown". */
    readonly maxBytes: number;
}
/** The verdict on one partition and what explains it. */
export interface PartitionOutcome {
    readonly result: "ok" | "illegal" | "unknown";
    /** ok: a full linearization; illegal: the longest linearizable prefix found (op indexes). */
    readonly linearization: readonly number[];
    /** illegal: the operations that could not be placed after that prefix. */
    readonly stuck: readonly number[];
    /** The model state after `linearization`, described by the model. */
    readonly state: string;
    /** unknown: why the search stopped. */
    readonly reason?: "timeout" | "memory";
    /** Configurations the cache held at the end. */
    readonly configurations: number;
}
/** Searches one partition's operations for a linearization. */
export declare function searchPartition<S, I, O>(model: FullModel<S, I, O>, ops: readonly Operation<I, O>[], limits: SearchLimits): PartitionOutcome;
