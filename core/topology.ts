/**
 * The nodes of a run, derived from its configuration alone, so that
 * generators and nemeses can name them before anything starts:
 * lock nodes l1..lN, storage nodes s1..sN, client nodes c1..cN.
 */
import { nodeId, type NodeId } from "./op.js";
import type { NodeRole, RunConfig } from "./run-config.js";
import type { NodeSpec } from "./runtime.js";

/** All nodes of a run, lock nodes first. */
export function runNodes(config: RunConfig): NodeSpec[] {
  const lockNodes = config.lock.endpoints?.length ? 0 : config.lock.nodes;
  return [
    ...numbered("l", lockNodes, "lock"),
    ...numbered("s", config.storage.nodes, "storage"),
    ...numbered("c", config.workload.clients, "client"),
  ];
}

/** The client node that thread `thread` runs on. */
export function clientNode(thread: number): NodeId {
  return nodeId(`c${thread + 1}`);
}

/**
 * Jepsen binds client i to node i mod n: the lock endpoints as thread
 * `thread`'s client gets them, rotated to start at its own node's, so an
 * adapter that talks to the first endpoint spreads the clients over the
 * nodes (and a partition has clients on each side).
 */
export function endpointsFor<T>(endpoints: readonly T[], thread: number): T[] {
  if (endpoints.length === 0) return [];
  const start = thread % endpoints.length;
  return [...endpoints.slice(start), ...endpoints.slice(0, start)];
}

/**
 * Each client node with the lock node (or, with --endpoints, the endpoint)
 * its list starts at: "c1 -> l1", for the report.
 */
export function clientBindings(config: RunConfig): string[] {
  const targets = config.lock.endpoints?.length
    ? config.lock.endpoints
    : runNodes(config).filter((n) => n.role === "lock").map((n) => n.id as string);
  return Array.from({ length: config.workload.clients }, (_, t) => `${clientNode(t)} -> ${endpointsFor(targets, t)[0] ?? "none"}`);
}

/** The resources (storage keys) a workload spreads over: r1..rN. */
export function resourceNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `r${i + 1}`);
}

function numbered(prefix: string, count: number, role: NodeRole): NodeSpec[] {
  return Array.from({ length: count }, (_, i) => ({ id: nodeId(`${prefix}${i + 1}`), role }));
}
