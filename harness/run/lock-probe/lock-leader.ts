/**
 * Lets faults aim at the lock service's leader. The harness cannot reach
 * node addresses, so the adapter's `leader()` runs inside a client node
 * through the lock probe program; the endpoint it names is mapped back to
 * the lock node with that address. Nemeses get the lookup through their
 * `NemesisContext` (nemesis/leader), not through the cluster.
 */
import { type ClusterInfo, type ClusterProcesses, type NodeId, type RunConfig } from "../../../core/index.js";
import { lockNodeAt, type LeaderLookup, type NemesisPlan } from "../../../nemesis/index.js";
import { runLockProbe } from "./lock-probe-runner.js";

/** How long one leader lookup may take inside the node. */
const LOOKUP_TIMEOUT_MS = 5000;

/** What a leader lookup needs to know about the run. */
export interface LeaderLookupOptions {
  /** The adapter as the run names it (built-in name or module path). */
  readonly adapterSource: string;
  readonly endpoints: readonly string[];
  /** The node the probe runs in (a client node: it reaches every lock node). */
  readonly from: NodeId;
  /** The lock probe program; the built one by default. */
  readonly program?: string;
}

/**
 * A lookup that, at each call, runs the adapter's `leader()` in `from` and
 * answers the lock node it names (undefined when none leads, or the
 * endpoint is no started lock node).
 */
export function probeLeaderLookup(cluster: ClusterInfo & Pick<ClusterProcesses, "exec">, opts: LeaderLookupOptions): LeaderLookup {
  return async () => {
    const answer = await runLockProbe(cluster, opts.from, opts.adapterSource, [
      "leader", "--adapter", opts.adapterSource, "--endpoints", opts.endpoints.join(","), "--timeout-ms", String(LOOKUP_TIMEOUT_MS),
    ], LOOKUP_TIMEOUT_MS + 5000, undefined, opts.program);
    return typeof answer.leader === "string" ? lockNodeAt(cluster.nodes, answer.leader) : undefined;
  };
}

/**
 * The run's leader lookup: present when the run has faults aimed at the
 * leader (needing or preferring it) and started its lock nodes, else undefined.
 */
export function leaderLookupFor(
  cluster: ClusterInfo & Pick<ClusterProcesses, "exec">,
  run: { readonly config: RunConfig; readonly nemesis: NemesisPlan; readonly canTellLeader?: boolean },
  lockEndpoints: readonly string[],
): LeaderLookup | undefined {
  const { config } = run;
  const from = cluster.nodes.find((n) => n.role === "client");
  if (!run.nemesis.wantsLeader || run.canTellLeader === false || config.lock.endpoints?.length || !from) return undefined;
  return probeLeaderLookup(cluster, { adapterSource: config.lock.adapter, endpoints: lockEndpoints, from: from.id });
}
