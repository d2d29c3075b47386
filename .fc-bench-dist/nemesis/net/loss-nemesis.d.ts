/**
 * The packet-loss nemesis: `start-loss` makes each target node drop packets
 * from the other nodes with a probability; `stop-loss` removes every loss
 * rule. A certain loss (probability 1) is proved with a connection that must
 * time out; a partial loss is checked by the runtime, which counts its rules.
 */
import { type Nemesis } from "../../harness/core/index.js";
/** The value of a start-loss op. */
export interface LossValue {
    readonly package: string;
    /** The nodes whose incoming packets are dropped. */
    readonly nodes: readonly string[];
    /** The nodes whose packets they drop. */
    readonly from: readonly string[];
    readonly probability: number;
}
/** Creates a loss nemesis; teardown heals only when loss may be in place. */
export declare function lossNemesis(opts?: {
    readonly probeTimeoutMs?: number;
}): Nemesis;
