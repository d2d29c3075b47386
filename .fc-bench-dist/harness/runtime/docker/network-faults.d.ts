/**
 * Partitions and packet loss for a docker cluster, applied from the host:
 * `nsenter -t <container pid> -n iptables-restore` runs the host's iptables
 * inside the container's network namespace, so containers need no
 * capabilities and the host's own rules are never touched. The rules are
 * the local runtime's (our own chains, one jump each); they vanish with the
 * container's namespace.
 */
import type { Clock, Grudge, NodeId, ProbeResult } from "../../core/index.js";
/** The network faults of a cluster on a local engine. */
export interface NetworkFaults {
    partition(grudge: Grudge): Promise<void>;
    heal(): Promise<void>;
    dropPackets(node: NodeId, from: readonly NodeId[], probability: number): Promise<void>;
    healLoss(): Promise<void>;
    /** One TCP connection attempt from inside `from`'s namespace. */
    probe(from: NodeId, host: string, port: number, timeoutMs: number): Promise<ProbeResult>;
}
/** What the faults need: node addresses and each node's container PID on this host. */
export interface NetworkFaultsParts {
    readonly hosts: ReadonlyMap<NodeId, string>;
    readonly pidOf: (node: NodeId) => Promise<number>;
    readonly clock: Clock;
}
/** The argv that runs `argv` in the network namespace of host PID `pid`. Pure. */
export declare function nsenterArgv(pid: number, argv: readonly string[]): string[];
/** Creates the faults; it remembers which nodes hold our chains. */
export declare function createNetworkFaults(parts: NetworkFaultsParts): NetworkFaults;
/** The argv that waits, inside the namespace of `pid`, until `host:port` accepts a connection. Pure. */
export declare function readinessArgv(pid: number, host: string, port: number): string[];
