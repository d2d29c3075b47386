import type { NodeId } from "../../core/index.js";
/** Every namespace of every run starts with this. */
export declare const NAMESPACE_PREFIX = "fc-";
/** Name of the bridge inside the hub namespace. */
export declare const BRIDGE_NAME = "br0";
/** Name of a node's interface inside its own namespace. */
export declare const NODE_INTERFACE = "eth0";
/** The /24 every run's nodes live in (each run has its own hub, so runs never clash). */
export declare const SUBNET_PREFIX = "10.77.0.";
/** One node of the planned network. */
export interface PlannedNode {
    readonly id: NodeId;
    readonly namespace: string;
    /** The node's IPv4 address, without the prefix length. */
    readonly host: string;
    /** The hub end of the node's veth pair. */
    readonly hubVeth: string;
}
/** Everything needed to bring a run's network up, as `ip -batch` lines. */
export interface NetworkPlan {
    readonly hub: string;
    readonly nodes: readonly PlannedNode[];
    /** For `ip -batch -` in the host: creates every namespace (touches no host interface). */
    readonly hostBatch: readonly string[];
    /** For `ip -n <hub> -batch -`: the bridge and every veth pair. */
    readonly hubBatch: readonly string[];
    /** For `ip -n <namespace> -batch -`, one per node: loopback, address, link up. */
    readonly nodeBatches: readonly {
        readonly namespace: string;
        readonly lines: readonly string[];
    }[];
}
/** The prefix shared by all namespaces of one run (`fc-<runId>-`). Throws on a bad run id. */
export declare function runNamespacePrefix(runId: string): string;
/** The hub namespace of a run, holding the bridge. */
export declare function hubNamespace(runId: string): string;
/** The namespace of one node. Throws on a node id that cannot be a name or is "hub". */
export declare function nodeNamespace(runId: string, node: string): string;
/** The address of the node at `index` (0-based): 10.77.0.<index+10>. */
export declare function nodeAddress(index: number): string;
/** The hub end of the veth pair of the node at `index` (at most 15 characters, as Linux requires). */
export declare function hubVethName(index: number): string;
/** Plans the network of a run: names, addresses and the batch lines. Pure. */
export declare function networkPlan(runId: string, nodeIds: readonly NodeId[]): NetworkPlan;
/** Whether a namespace name belongs to fencecheck, or to the given run when `runId` is set. */
export declare function isOwnedNamespace(name: string, runId?: string): boolean;
/** Parses `ip netns list` output ("name" or "name (id: 3)" per line) into names. */
export declare function parseNamespaceList(output: string): string[];
/**
 * The argv that runs `argv` inside a namespace. `ip netns exec` and `env`
 * both exec, so the spawned PID is the program's own (signals reach it).
 */
export declare function namespaceExecArgv(namespace: string, argv: readonly string[], env?: Readonly<Record<string, string>>): string[];
