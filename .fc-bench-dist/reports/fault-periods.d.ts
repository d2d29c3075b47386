/**
 * Fault periods for shading: from a `start` invoke (for example "pause") to
 * the completion of the `stop` op (for example "resume") for the same nodes.
 */
import type { FaultShading, History } from "../harness/core/index.js";
/** One shaded interval. Times are harness nanoseconds. */
export interface FaultPeriod {
    readonly start: number;
    readonly end: number;
    /** The shading's label plus the nodes, for example "pause c2". */
    readonly label: string;
    readonly color: string;
    readonly nodes: readonly string[];
    /** False when the history ended before the fault was healed. */
    readonly healed: boolean;
}
/**
 * The fault periods of a nemesis history under each shading. A stop op with
 * nodes closes the open period with the same nodes; a stop op without nodes
 * closes every open period of its shading. Unhealed periods end at `end`
 * (default: the last op's time). Pure.
 */
export declare function faultPeriods(history: History, shading: readonly FaultShading[], end?: number): FaultPeriod[];
