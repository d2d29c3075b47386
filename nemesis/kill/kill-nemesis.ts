/**
 * The kill nemesis: `kill` SIGKILLs every process of the given nodes and
 * settles once they have exited (the runtime waits for it); `restart`
 * starts their services again with the same data directories and settles
 * once each service's port accepts connections. It remembers what it
 * killed, so teardown restarts exactly that.
 */
import type { Cluster, Invoke, Nemesis, NodeId } from "../../core/index.js";

/** The value of a kill or restart op. */
export interface KillValue {
  readonly package: string;
  readonly nodes: readonly string[];
  readonly [key: string]: unknown;
}

/** Creates a kill nemesis with its own record of killed nodes. */
export function killNemesis(): Nemesis {
  const killed = new Set<NodeId>();
  return {
    fs: new Set(["kill", "restart"]),
    setup: async () => undefined,
    async invoke(op: Invoke, cluster: Cluster) {
      const value = op.value as KillValue;
      const nodes = value.nodes as NodeId[];
      if (op.f === "kill") {
        for (const node of nodes) killed.add(node);
        await Promise.all(nodes.map((node) => cluster.kill(node)));
        return value;
      }
      await Promise.all(nodes.map((node) => cluster.restart(node)));
      for (const node of nodes) killed.delete(node);
      return value;
    },
    async teardown(cluster) {
      const nodes = [...killed];
      await Promise.all(nodes.map((node) => cluster.restart(node)));
      for (const node of nodes) killed.delete(node);
    },
  };
}
