/**
 * The lock-service leader as a fault sees it at the moment it strikes. A
 * `LeaderLookup` is not part of the cluster: the run builds one when the
 * lock adapter can tell who leads (it asks the adapter's `leader()` from
 * inside a node and maps the endpoint back with `lockNodeAt`) and hands it
 * to the nemeses through `NemesisContext`. Faults aimed at the leader
 * record the answer (`leader`, null when none leads) in their op's value.
 */
import { HarnessError, type ClusterNode, type NodeId } from "../../core/index.js";

/** Who leads the lock service now: a lock node, or undefined when none does. */
export type LeaderLookup = () => Promise<NodeId | undefined>;

/** What the run gives nemeses besides the cluster. */
export interface NemesisContext {
  /** Present when the run can tell who leads (the adapter has `leader` and the run started the lock nodes). */
  readonly leader?: LeaderLookup;
  /** The harness's monotonic clock (ns since the run's origin), for faults that record when they struck. */
  readonly nowNs?: () => number;
  /**
   * True for a kind with a package that prefers the leader (`kill-after-grant`): its nemesis then
   * watches who leads in the background (grant-aim.ts). Set by `resolveNemesis` per kind.
   */
  readonly watchesLeader?: boolean;
}

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
 * Asks who leads. Rejects with "nemesis.unsupported-fault" when the run
 * gave no lookup (the run refuses such faults before it starts, so this
 * means a wiring error), and with the lookup's own error.
 */
export async function currentLeader(ctx: NemesisContext, fault: string): Promise<NodeId | undefined> {
  if (!ctx.leader) {
    throw new HarnessError("nemesis.unsupported-fault", `Cannot run nemesis "${fault}": this run cannot tell which lock node leads`);
  }
  return ctx.leader();
}

/** The lock node whose address is the host of `endpoint` ("host:port" or a URL), if any. */
export function lockNodeAt(nodes: readonly ClusterNode[], endpoint: string): NodeId | undefined {
  const host = endpoint.replace(/^[a-z]+:\/\//, "").replace(/:\d+\/*$/, "");
  return nodes.find((n) => n.role === "lock" && n.host === host)?.id;
}
