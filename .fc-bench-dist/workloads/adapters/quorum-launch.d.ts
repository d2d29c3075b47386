import type { LockServiceLaunch, LockServiceNode, LockServiceSettings } from "./lock-adapter.js";
/**
 * The launch of `node`: `peers` are all the service's nodes (with or
 * without `node` itself). Nodes are ordered by id (l1, l2, ... l10); the
 * last `settings.witnesses` of them are witnesses; `settings.quorum`
 * defaults to a majority of all nodes. Throws `config.invalid` when the
 * quorum or witness count cannot fit the nodes.
 */
export declare function quorumLaunch(node: LockServiceNode, peers: readonly LockServiceNode[], settings?: LockServiceSettings): LockServiceLaunch;
