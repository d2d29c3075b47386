/**
 * Which host runs each node: pure. Lock and storage nodes listen on fixed
 * ports, so each has a host of its own; client agents listen on nothing and
 * may share any host.
 */
import { HarnessError } from "../../../core/index.js";
import type { NodeId, NodeSpec } from "../../../core/index.js";

/** Node -> host (as the hosts list names it). */
export type Placement = ReadonlyMap<NodeId, string>;

/**
 * The default: lock nodes on the first hosts, storage nodes on the next
 * ones, clients round-robin over the hosts after the lock nodes (all hosts
 * when the lock nodes take them all). `given` (a placement file) fixes some
 * nodes first; the rest fill the hosts it left. Throws "config.invalid"
 * when a host is unknown, a node does not exist, or a lock or storage node
 * would share a host with another one.
 */
export function placeNodes(nodes: readonly NodeSpec[], hosts: readonly string[], given: Placement = new Map()): Map<NodeId, string> {
  for (const [node, host] of given) {
    if (!nodes.some((n) => n.id === node)) invalid(`the placement names node "${node}", which this run does not have (nodes: ${nodes.map((n) => n.id).join(", ")})`);
    if (!hosts.includes(host)) invalid(`the placement puts node "${node}" on "${host}", which is not among the hosts (${hosts.join(", ")})`);
  }
  const placed = new Map<NodeId, string>(given);
  const services = nodes.filter((n) => n.role !== "client");
  const taken = new Set(services.flatMap((n) => (placed.has(n.id) ? [placed.get(n.id) as string] : [])));
  const free = hosts.filter((h) => !taken.has(h));
  const unplaced = services.filter((n) => !placed.has(n.id));
  if (unplaced.length > free.length) {
    invalid(`${services.length} lock and storage node(s) need a host each, and ${hosts.length} host(s) were given (give more hosts, fewer --lock-nodes or --storage-nodes)`);
  }
  unplaced.forEach((node, i) => placed.set(node.id, free[i] as string));
  const lockHosts = new Set(nodes.filter((n) => n.role === "lock").map((n) => placed.get(n.id)));
  const clientHosts = hosts.filter((h) => !lockHosts.has(h));
  const pool = clientHosts.length > 0 ? clientHosts : hosts;
  nodes.filter((n) => n.role === "client" && !placed.has(n.id)).forEach((node, i) => placed.set(node.id, pool[i % pool.length] as string));
  refuseShared(services, placed);
  return placed;
}

/** Reads a placement file: one "node host" pair a line, "#" comments. Pure. */
export function parsePlacement(text: string, source: string): Map<NodeId, string> {
  const placement = new Map<NodeId, string>();
  text.split("\n").forEach((raw, i) => {
    const line = raw.replace(/#.*/, "").trim();
    if (line === "") return;
    const [node, host, extra] = line.split(/\s+/);
    if (node === undefined || host === undefined || extra !== undefined) {
      throw new HarnessError("input.invalid", `Cannot read placement "${source}": line ${i + 1} is not "node host"`);
    }
    placement.set(node as NodeId, host);
  });
  return placement;
}

function refuseShared(services: readonly NodeSpec[], placed: ReadonlyMap<NodeId, string>): void {
  const owner = new Map<string, NodeId>();
  for (const node of services) {
    const host = placed.get(node.id) as string;
    const other = owner.get(host);
    if (other !== undefined) invalid(`nodes "${other}" and "${node.id}" would share host "${host}" (lock and storage nodes listen on fixed ports: one a host)`);
    owner.set(host, node.id);
  }
}

function invalid(why: string): never {
  throw new HarnessError("config.invalid", `Cannot place the nodes: ${why}`);
}
