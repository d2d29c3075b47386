/**
 * A cluster's nodes by id, and the one error every cluster call gives for
 * a node it does not have ("config.invalid", naming the node): the
 * supervisor's guards and each runtime's own lookups (a namespace, a
 * container, a host) say it in the same words.
 */
import { HarnessError } from "../../../core/index.js";
import type { NodeId } from "../../../core/index.js";

/** The "config.invalid" error for a node the cluster does not have. */
export function noSuchNode(node: NodeId): HarnessError {
  return new HarnessError("config.invalid", `Cannot find node "${node}": the cluster has no such node`);
}

/** What a cluster keeps of each node (its namespace, its container, its host). */
export interface NodeLookup<T> {
  has(node: NodeId): boolean;
  /** The node's entry; throws `noSuchNode` for a node the cluster does not have. */
  get(node: NodeId): T;
}

/** A lookup over `entries` (node id, what the cluster keeps of it); the first entry of an id wins. */
export function nodeLookup<T>(entries: Iterable<readonly [NodeId, T]>): NodeLookup<T> {
  const byId = new Map<NodeId, T>();
  for (const [id, entry] of entries) if (!byId.has(id)) byId.set(id, entry);
  return {
    has: (node) => byId.has(node),
    get(node) {
      if (!byId.has(node)) throw noSuchNode(node);
      return byId.get(node) as T;
    },
  };
}
