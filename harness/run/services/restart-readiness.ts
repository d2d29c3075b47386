/**
 * A restarted node is back when its service answers, not when its port
 * accepts connections: PostgreSQL listens during crash recovery and refuses
 * every session until it ends ("the database system is starting up"), which
 * on a lazy disk took longer than the gap between faults, so every power
 * loss struck during the previous recovery and no acquire was ever granted.
 * The services register how to tell their node answers (`ReadinessChecks`),
 * and the nemesis's cluster waits for it after each `restart`.
 */
import type { Cluster, NodeId } from "../../../core/index.js";

/** Node id → resolves once the node's service answers again; rejects when it does not within its own timeout. */
export type ReadinessChecks = Map<NodeId, () => Promise<void>>;

/**
 * The cluster whose `restart(node)` resolves once the node's readiness
 * check (when it has one) has passed or given up: a node that does not
 * answer in time is left to the clients, who record it as unavailable; the
 * fault itself (the restart) did happen, so the op is not failed for it;
 * `onNotReady` is told, so the run can say which node never came back
 * (a ZooKeeper node that lost its snapshot to a power loss exits at once).
 * A restart asked while one of the same node is still under way (the run's
 * final heal beside the schedule's own restart, now that a restart lasts
 * until the node answers) joins it: two starts at once left the second
 * process failing on the node's port. Every other method is the cluster's own.
 */
export function restartWaitsForReadiness(
  cluster: Cluster,
  checks: ReadonlyMap<NodeId, () => Promise<void>>,
  onNotReady: (node: NodeId, error: unknown) => void = () => undefined,
): Cluster {
  const underWay = new Map<NodeId, Promise<void>>();
  const restartAndWait = async (node: NodeId): Promise<void> => {
    await cluster.restart(node);
    await checks.get(node)?.().catch((error: unknown) => onNotReady(node, error));
  };
  return {
    ...cluster,
    restart(node: NodeId): Promise<void> {
      const running = underWay.get(node);
      if (running) return running;
      const restart = restartAndWait(node).finally(() => underWay.delete(node));
      underWay.set(node, restart);
      return restart;
    },
  };
}
