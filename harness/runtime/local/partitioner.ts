/**
 * Applies and heals grudges with iptables inside the node namespaces.
 */
import type { Clock, Grudge, NodeId } from "../../../core/index.js";
import type { NetworkPlan } from "./namespaces.js";
import { grudgeSources, healScript, partitionScript } from "../common/partition-rules.js";
import { runChecked } from "../common/run-command.js";

/** The partition half of a cluster. */
export interface Partitioner {
  /** Replaces the current grudge with this one (each node's chain is swapped atomically). */
  partition(grudge: Grudge): Promise<void>;
  /** Removes our chain and jump from every node that has them. Idempotent. */
  heal(): Promise<void>;
}

/** Creates a partitioner for a planned network; it remembers which nodes hold our chain. */
export function createPartitioner(plan: NetworkPlan, clock: Clock): Partitioner {
  const namespaces = new Map(plan.nodes.map((n) => [n.id, n.namespace]));
  const hosts = new Map(plan.nodes.map((n) => [n.id, n.host]));
  const chained = new Set<NodeId>();
  function restore(node: NodeId, input: string): Promise<unknown> {
    const argv = ["ip", "netns", "exec", namespaces.get(node) ?? "", "iptables-restore", "-w", "--noflush"];
    return runChecked(argv, { clock, input, context: `Cannot change the partition rules of node "${node}"` });
  }
  return {
    async partition(grudge) {
      const sources = grudgeSources(grudge, hosts);
      const targets = new Set([...chained, ...sources.keys()]);
      await Promise.all(
        [...targets].map(async (node) => {
          await restore(node, partitionScript(sources.get(node) ?? [], !chained.has(node)));
          chained.add(node);
        }),
      );
    },
    async heal() {
      await Promise.all(
        [...chained].map(async (node) => {
          await restore(node, healScript());
          chained.delete(node);
        }),
      );
    },
  };
}
