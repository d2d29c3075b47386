/**
 * The lock-service leader as a fault sees it at the moment it strikes: the
 * cluster's `lockLeader` lookup, which the run supplies when the lock
 * adapter can tell who leads. Faults aimed at the leader record the answer
 * (`leader`, null when none leads) in their op's value.
 */
import { HarnessError, type Cluster, type NodeId } from "../../harness/core/index.js";

/** The value fields a leader-aimed start op is invoked with. */
export interface LeaderTarget {
  /** Marks the op as aimed at whichever lock node leads when it runs. */
  readonly target: "leader";
}

/** True when an op value asks to be aimed at the leader. */
export function aimsAtLeader(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { target?: unknown }).target === "leader";
}

/**
 * Asks the cluster who leads. Rejects with "nemesis.unsupported-fault" when
 * the cluster has no lookup (the run refuses such faults before it starts,
 * so this means a wiring error), and with the lookup's own error.
 */
export async function currentLeader(cluster: Cluster, fault: string): Promise<NodeId | undefined> {
  if (!cluster.lockLeader) {
    throw new HarnessError("nemesis.unsupported-fault", `Cannot run nemesis "${fault}": this cluster cannot tell which lock node leads`);
  }
  return cluster.lockLeader();
}
