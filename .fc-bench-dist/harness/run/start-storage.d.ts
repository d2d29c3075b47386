import type { Cluster, ClusterNode, RunConfig } from "../core/index.js";
import type { RunStore } from "../store/index.js";
/** Starts the node's storage, ready before this resolves. */
export declare function startStorageNode(cluster: Cluster, config: RunConfig, node: ClusterNode, opts: {
    readonly store: RunStore;
    readonly originNs: bigint;
}): Promise<void>;
