/**
 * Pure naming and `ip -batch` builders for the local runtime's network.
 *
 * Naming is the whole state: a run with id `r` owns exactly the network
 * namespaces whose names start with `fc-r-` (the hub `fc-r-hub` and one
 * `fc-r-<node>` per node). Deleting a namespace removes the veths and the
 * bridge inside it, so `fencecheck clean` finds and removes everything a
 * crashed run left from `ip netns list` alone, with no state file.
 */
import { HarnessError } from "../../../core/index.js";
import type { NodeId } from "../../../core/index.js";

/** Every namespace of every run starts with this. */
export const NAMESPACE_PREFIX = "fc-";
/** Name of the bridge inside the hub namespace. */
export const BRIDGE_NAME = "br0";
/** Name of a node's interface inside its own namespace. */
export const NODE_INTERFACE = "eth0";
/** The /24 every run's nodes live in (each run has its own hub, so runs never clash). */
export const SUBNET_PREFIX = "10.77.0.";
const FIRST_HOST = 10;
const MAX_NODES = 254 - FIRST_HOST;
const HUB_SUFFIX = "hub";
const RUN_ID = /^[a-z0-9]{1,16}$/;
const NODE_ID = /^[A-Za-z0-9_.]+(-[A-Za-z0-9_.]+)*$/;
const MAX_INTERFACE_NAME = 15;

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
  /**
   * For `ip -batch -` in the host: creates every namespace, the bridge in
   * the hub and each veth pair with its ends already in the hub and in the
   * node's namespace (touches no host interface).
   */
  readonly hostBatch: readonly string[];
  /** For `ip -n <hub> -batch -`, beside the nodes' batches: the bridge up, and each veth joined to it and up. */
  readonly hubBatch: readonly string[];
  /** For `ip -n <namespace> -batch -`, one per node: loopback, address, link up. */
  readonly nodeBatches: readonly { readonly namespace: string; readonly lines: readonly string[] }[];
}

/** The prefix shared by all namespaces of one run (`fc-<runId>-`). Throws on a bad run id. */
export function runNamespacePrefix(runId: string): string {
  if (!RUN_ID.test(runId)) {
    throw new HarnessError("config.invalid", `Cannot use run id "${runId}": it must be 1 to 16 characters of a-z and 0-9`);
  }
  return `${NAMESPACE_PREFIX}${runId}-`;
}

/** The hub namespace of a run, holding the bridge. */
export function hubNamespace(runId: string): string {
  return `${runNamespacePrefix(runId)}${HUB_SUFFIX}`;
}

/** The namespace of one node. Throws on a node id that cannot be a name or is "hub". */
export function nodeNamespace(runId: string, node: string): string {
  if (!NODE_ID.test(node) || node === HUB_SUFFIX) {
    throw new HarnessError("config.invalid", `Cannot use node id "${node}": it must be letters, digits, "_", "." or inner "-", and not "hub"`);
  }
  return `${runNamespacePrefix(runId)}${node}`;
}

/** The address of the node at `index` (0-based): 10.77.0.<index+10>. */
export function nodeAddress(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_NODES) {
    throw new HarnessError("config.invalid", `Cannot address node number ${index}: a run holds at most ${MAX_NODES} nodes`);
  }
  return `${SUBNET_PREFIX}${index + FIRST_HOST}`;
}

/** The hub end of the veth pair of the node at `index` (at most 15 characters, as Linux requires). */
export function hubVethName(index: number): string {
  const name = `v${index}`;
  if (name.length > MAX_INTERFACE_NAME) throw new HarnessError("internal", `Cannot name interface "${name}": longer than 15 characters`);
  return name;
}

/** Plans the network of a run: names, addresses and the batch lines. Pure. */
export function networkPlan(runId: string, nodeIds: readonly NodeId[]): NetworkPlan {
  const hub = hubNamespace(runId);
  const seen = new Set<string>();
  const nodes = nodeIds.map((id, index): PlannedNode => {
    if (seen.has(id)) throw new HarnessError("config.invalid", `Cannot start node "${id}": the id is used twice`);
    seen.add(id);
    return { id, namespace: nodeNamespace(runId, id), host: nodeAddress(index), hubVeth: hubVethName(index) };
  });
  return {
    hub,
    nodes,
    hostBatch: [
      ...[hub, ...nodes.map((n) => n.namespace)].map((ns) => `netns add ${ns}`),
      `link add ${BRIDGE_NAME} netns ${hub} type bridge`,
      ...nodes.map((n) => `link add ${n.hubVeth} netns ${hub} type veth peer name ${NODE_INTERFACE} netns ${n.namespace}`),
    ],
    hubBatch: [
      "link set lo up",
      `link set ${BRIDGE_NAME} up`,
      ...nodes.flatMap((n) => [`link set ${n.hubVeth} master ${BRIDGE_NAME}`, `link set ${n.hubVeth} up`]),
    ],
    nodeBatches: nodes.map((n) => ({
      namespace: n.namespace,
      lines: ["link set lo up", `addr add ${n.host}/24 dev ${NODE_INTERFACE}`, `link set ${NODE_INTERFACE} up`],
    })),
  };
}

/** Whether a namespace name belongs to fencecheck, or to the given run when `runId` is set. */
export function isOwnedNamespace(name: string, runId?: string): boolean {
  return name.startsWith(runId === undefined ? NAMESPACE_PREFIX : runNamespacePrefix(runId));
}

/** Parses `ip netns list` output ("name" or "name (id: 3)" per line) into names. */
export function parseNamespaceList(output: string): string[] {
  return output
    .split("\n")
    .map((line) => line.trim().split(/\s+/)[0] ?? "")
    .filter((name) => name.length > 0);
}

/**
 * The argv that runs `argv` inside a namespace. `ip netns exec` and `env`
 * both exec, so the spawned PID is the program's own (signals reach it).
 */
export function namespaceExecArgv(
  namespace: string,
  argv: readonly string[],
  env?: Readonly<Record<string, string>>,
): string[] {
  const assignments = Object.entries(env ?? {}).map(([name, value]) => `${name}=${value}`);
  const prefix = assignments.length > 0 ? ["env", ...assignments] : [];
  return ["ip", "netns", "exec", namespace, ...prefix, ...argv];
}
