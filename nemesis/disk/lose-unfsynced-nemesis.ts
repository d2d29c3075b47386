/**
 * The power-loss nemesis: `power-loss` kills every process of the given
 * nodes (SIGKILL), then drops every write to their data directories that
 * was not fsynced (`Cluster.loseUnsynced`), and records what each lost;
 * `power-on` starts their services again on what was durable. It remembers
 * the nodes it took down, so teardown powers exactly those on.
 */
import type { Cluster, Invoke, Nemesis, NodeId, UnsyncedLoss } from "../../core/index.js";

/** The value of a power-loss or power-on op. */
export interface PowerLossValue {
  readonly package: string;
  readonly nodes: readonly string[];
  /** On a completed power-loss: what each node lost. */
  readonly lost?: Readonly<Record<string, UnsyncedLoss>>;
  readonly [key: string]: unknown;
}

/**
 * Creates a power-loss nemesis with its own record of the nodes it took down.
 * A node is powered on once per loss: a power-on asked while one is still
 * starting it (the run's final heal beside the schedule's own power-on, as a
 * restart waits for the node to answer) joins that one, and a power-on of a
 * node that is up does nothing. Two starts at once left the node's second
 * process failing on its port and the run without a lock node.
 */
export function loseUnsyncedNemesis(): Nemesis {
  const down = new Set<NodeId>();
  const starting = new Map<NodeId, Promise<void>>();
  const powerOnNode = (cluster: Cluster, node: NodeId): Promise<void> => {
    const inFlight = starting.get(node);
    if (inFlight) return inFlight;
    if (!down.has(node)) return Promise.resolve();
    const start = cluster.restart(node).then(() => void down.delete(node)).finally(() => starting.delete(node));
    starting.set(node, start);
    return start;
  };
  const powerOn = async (cluster: Cluster, nodes: readonly NodeId[]): Promise<void> => {
    await Promise.all(nodes.map((node) => powerOnNode(cluster, node)));
  };
  return {
    fs: new Set(["power-loss", "power-on"]),
    setup: async () => undefined,
    async invoke(op: Invoke, cluster: Cluster) {
      const value = op.value as PowerLossValue;
      const nodes = value.nodes as NodeId[];
      if (op.f === "power-on") {
        await powerOn(cluster, nodes);
        return value;
      }
      for (const node of nodes) down.add(node);
      await Promise.all(nodes.map((node) => cluster.kill(node)));
      const losses = await Promise.all(nodes.map(async (node) => [node, await cluster.loseUnsynced(node)] as const));
      return { ...value, lost: Object.fromEntries(losses) };
    },
    async teardown(cluster) {
      await powerOn(cluster, [...down]);
    },
  };
}
