/**
 * Runs the lock probe program (workloads/services/lock-probe) inside a
 * node, where the run's addresses are reachable, and turns its answer into
 * a result or a `HarnessError` carrying the probe's own code and message.
 */
import { type Cluster, type NodeId } from "../core/index.js";
/** What a successful probe printed (the preflight's token; nothing for `ready`). */
export interface ProbeAnswer {
    readonly token?: string | null;
}
/** Runs `node lock-probe ...args` in `node`; rejects with the probe's error, or a timeout. */
export declare function runLockProbe(cluster: Cluster, node: NodeId, service: string, args: readonly string[], timeoutMs: number): Promise<ProbeAnswer>;
