/**
 * Applies and heals grudges with iptables inside the node namespaces.
 */
import type { Clock, Grudge } from "../../core/index.js";
import type { NetworkPlan } from "./namespaces.js";
/** The partition half of a cluster. */
export interface Partitioner {
    /** Replaces the current grudge with this one (each node's chain is swapped atomically). */
    partition(grudge: Grudge): Promise<void>;
    /** Removes our chain and jump from every node that has them. Idempotent. */
    heal(): Promise<void>;
}
/** Creates a partitioner for a planned network; it remembers which nodes hold our chain. */
export declare function createPartitioner(plan: NetworkPlan, clock: Clock): Partitioner;
