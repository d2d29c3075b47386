/**
 * The kill nemesis: `kill` SIGKILLs every process of the given nodes and
 * settles once they have exited (the runtime waits for it); `restart`
 * starts their services again with the same data directories and settles
 * once each service's port accepts connections. It remembers what it
 * killed, so teardown restarts exactly that. A kill aimed at a grant
 * (`kill-after-grant`, see nemesis/leader/grant-aim.ts) picks its node when
 * it runs, with no await before the SIGKILL, and records it in `nodes`,
 * with how long after the grant the SIGKILL was sent. When the run can tell
 * who leads, the nemesis watches the leader: it asks at setup and after
 * each restart.
 */
import type { Cluster, Invoke, Nemesis, NodeId } from "../../core/index.js";
import type { NemesisContext } from "../leader/current-leader.js";
import { aimAt, aimsAtGrant, markStruck, watchLeader, type LeaderWatch } from "../leader/grant-aim.js";

/** The value of a kill or restart op. */
export interface KillValue {
  readonly package: string;
  readonly nodes: readonly string[];
  readonly [key: string]: unknown;
}

/** Creates a kill nemesis with its own record of killed nodes; `ctx` aims kills that follow a grant. */
export function killNemesis(ctx: NemesisContext = {}): Nemesis {
  const killed = new Set<NodeId>();
  const watch = watchLeader(ctx);
  return {
    fs: new Set(["kill", "restart"]),
    setup: async () => watch?.refresh(),
    async invoke(op: Invoke, cluster: Cluster) {
      if (op.f === "kill") {
        const value = aimedKill(op.value as KillValue, watch, ctx);
        const nodes = value.nodes as NodeId[];
        for (const node of nodes) killed.add(node);
        await Promise.all(nodes.map((node) => cluster.kill(node)));
        return value;
      }
      const value = op.value as KillValue;
      const nodes = value.nodes as NodeId[];
      await Promise.all(nodes.map((node) => cluster.restart(node)));
      for (const node of nodes) killed.delete(node);
      watch?.refresh();
      return value;
    },
    async teardown(cluster) {
      const nodes = [...killed];
      await Promise.all(nodes.map((node) => cluster.restart(node)));
      for (const node of nodes) killed.delete(node);
      await watch?.settled();
    },
  };
}

/** The kill's value with its node chosen and the strike timed, when it is aimed at a grant; else unchanged. Synchronous. */
function aimedKill(value: KillValue, watch: LeaderWatch | undefined, ctx: NemesisContext): KillValue {
  if (!aimsAtGrant(value)) return value;
  const aimed = aimAt(value, watch, ctx);
  return markStruck({ ...aimed.value, nodes: [aimed.node] }, ctx);
}
