import { type LinearizabilityResult, type Operation, type PreparedCheck } from "../../checkers/index.js";
/** One partition sent to a worker. */
export interface PartitionJob {
    readonly index: number;
    readonly modelName: string;
    readonly initial: unknown;
    readonly operations: readonly Operation<unknown, unknown>[];
    readonly remainingMs: number;
    readonly maxMemoryBytes: number;
}
/** Options of a parallel check. */
export interface ParallelOptions {
    readonly timeoutMs?: number;
    readonly maxMemoryBytes?: number;
    /** Worker threads to use at most (default: the machine's parallelism). */
    readonly workers?: number;
    /** Below this many operations per partition on average, check on this thread (default 2000). */
    readonly minOpsPerPartition?: number;
}
/** Checks `prepared`, on worker threads when it has several large-enough partitions. */
export declare function checkParallel(prepared: PreparedCheck, options?: ParallelOptions): Promise<LinearizabilityResult>;
