/**
 * Creates a run's namespaces, bridge and veths from a `NetworkPlan`.
 */
import type { Clock } from "../../core/index.js";
import type { NetworkPlan } from "./namespaces.js";
/**
 * Runs the plan's batches: the namespaces (host), then the bridge and veth
 * pairs (hub), then each node's addresses (all nodes at once). Three to
 * N+2 `ip` processes in all. On failure it rejects with
 * "runtime.command-failed" and leaves what it made: the caller reaps the
 * run's namespaces by name.
 */
export declare function bringUpNetwork(plan: NetworkPlan, clock: Clock): Promise<void>;
