/**
 * Plain, serializable data a report draws a counterexample from, in the
 * manner of porcupine's visualization: per partition, each operation as a
 * bar from call to return with its description, the longest linearizable
 * prefix found, and the operations that could not be placed next.
 */
import type { LinearizabilityResult } from "./checker.js";
/** One operation as the report draws it. */
export interface VisualOp {
    readonly id: number;
    readonly clientId: number;
    readonly call: number;
    /** null: never returned (an indeterminate op). */
    readonly return: number | null;
    readonly description: string;
}
/** One partition as the report draws it. */
export interface VisualPartition {
    readonly index: number;
    readonly result: "ok" | "illegal" | "unknown";
    readonly ops: readonly VisualOp[];
    /** Op ids in linearization order (the whole order when ok, the longest prefix otherwise). */
    readonly linearization: readonly number[];
    readonly stuck: readonly number[];
    readonly stateAfter: string;
}
/** Turns a result into serializable visualization data. */
export declare function visualizationData(result: LinearizabilityResult): VisualPartition[];
