/**
 * The partition nemesis: `start-partition` applies a grudge (replacing any
 * earlier one), `stop-partition` heals every partition rule. Each is proved:
 * after the start, one grudged pair must fail to connect; after the heal,
 * the same pair must connect again (a refused connection counts: the path
 * works). A fault that did not take effect throws "nemesis.fault-not-applied",
 * which the run records on the op.
 */
import { type Grudge, type Nemesis, type NodeId, type ProbeResult } from "../../harness/core/index.js";
import { type GrudgeRecord } from "./grudge.js";
/** The value of a start-partition op. */
export interface PartitionValue {
    readonly package: string;
    /** The shape's name: halves, isolate, majorities-ring, bridge, holder... */
    readonly shape: string;
    readonly grudge: GrudgeRecord;
    readonly [key: string]: unknown;
}
/** A pair probed to prove a fault: `to` drops traffic from `from`. */
export interface ProbedPair {
    readonly from: string;
    readonly to: string;
    readonly result: ProbeResult;
}
/** Options of the partition nemesis. */
export interface PartitionNemesisOptions {
    /** How long a probe waits for an answer; default 1000 ms. */
    readonly probeTimeoutMs?: number;
}
/** Creates a partition nemesis; it remembers whether a grudge is in place, so teardown heals only then. */
export declare function partitionNemesis(opts?: PartitionNemesisOptions): Nemesis;
/** The first pair (in sorted order) where `to` drops `from`, if the grudge has one. */
export declare function probePair(grudge: Grudge): {
    from: NodeId;
    to: NodeId;
} | undefined;
