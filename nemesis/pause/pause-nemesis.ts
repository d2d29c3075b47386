/**
 * The pause nemesis: `pause` SIGSTOPs every process of the given nodes (or,
 * with `mode: "freeze"`, freezes the whole node through its freezer
 * cgroup), `resume` SIGCONTs (thaws) them. It remembers what it paused and
 * how, so teardown resumes exactly that and nothing else.
 */
import type { Cluster, ClusterClocks, Invoke, Nemesis, NodeId } from "../../core/index.js";
import { aimsAtLeader, currentLeader, type NemesisContext } from "../leader/current-leader.js";

/** The value of a pause or resume op. */
export interface PauseValue {
  readonly nodes: readonly string[];
  readonly durationMs?: number;
  /** "holder": the seed's GC pause of the current lease holder; "writer": a client inside its write; "random" otherwise. */
  readonly reason?: "holder" | "writer" | "random";
  /** "signal" (default): SIGSTOP/SIGCONT; "freeze": the freezer cgroup (children included). */
  readonly mode?: "signal" | "freeze";
  /** The package that scheduled it (targeted pauses). */
  readonly package?: string;
  readonly process?: number;
  readonly resource?: string;
  readonly token?: string;
  /**
   * Also stop the paused nodes' wall clocks for the pause: their clocks are
   * set back by `durationMs` (cumulatively) and stay so until teardown, like
   * a suspended VM whose clock was never resynchronised. Needs fake clocks.
   */
  readonly freezeClock?: boolean;
  /** "leader": pause whichever lock node leads when the op runs (`nodes` is then filled in). */
  readonly target?: "leader";
  /** The leader a leader-aimed pause found, or null when none led (nothing was paused). */
  readonly leader?: string | null;
}

/** Creates a pause nemesis with its own record of paused nodes; `ctx.leader` serves leader-aimed pauses. */
export function pauseNemesis(ctx: NemesisContext = {}): Nemesis {
  const paused = new Map<NodeId, "signal" | "freeze">();
  const clockBehindMs = new Map<NodeId, number>();
  return {
    fs: new Set(["pause", "resume"]),
    setup: async () => {},
    /**
     * For "pause", the first SIGSTOP is sent before this returns its promise
     * (Cluster.pause signals synchronously): the interpreter relies on it to
     * stop a lease holder before the holder's next op is written to it.
     */
    invoke(op: Invoke, cluster: Cluster): Promise<PauseValue> {
      const value = op.value as PauseValue;
      if (op.f === "pause" && aimsAtLeader(value)) return pauseLeader(value, cluster);
      const nodes = value.nodes as NodeId[];
      if (op.f === "pause") {
        const mode = value.mode ?? "signal";
        const stops = nodes.map((n) => {
          paused.set(n, mode);
          return mode === "freeze" ? cluster.freeze(n) : cluster.pause(n);
        });
        return Promise.all(stops).then(() => (value.freezeClock ? setClocksBack(cluster, nodes, value.durationMs ?? 0) : undefined)).then(() => value);
      }
      const starts = nodes.map((n) => {
        const mode = paused.get(n) ?? value.mode ?? "signal";
        paused.delete(n);
        return mode === "freeze" ? cluster.thaw(n) : cluster.resume(n);
      });
      return Promise.all(starts).then(() => value);
    },
    async teardown(cluster) {
      const nodes = [...paused];
      paused.clear();
      await Promise.all(nodes.map(([n, mode]) => (mode === "freeze" ? cluster.thaw(n) : cluster.resume(n))));
      const skewed = [...clockBehindMs.keys()];
      clockBehindMs.clear();
      await Promise.all(skewed.map((n) => cluster.setClock(n, { offsetMs: 0, rate: 1 })));
    },
  };

  /** Pauses the node that leads now (the lookup comes first, so this pause is not synchronous). */
  async function pauseLeader(value: PauseValue, cluster: Cluster): Promise<PauseValue> {
    const leader = await currentLeader(ctx, value.package ?? "pause-leader");
    if (leader === undefined) return { ...value, nodes: [], leader: null };
    const mode = value.mode ?? "signal";
    paused.set(leader, mode);
    await (mode === "freeze" ? cluster.freeze(leader) : cluster.pause(leader));
    return { ...value, nodes: [leader], leader };
  }

  /** Sets each node's clock back by `ms` more, so that it reads as if it had stood still while paused. */
  async function setClocksBack(cluster: ClusterClocks, nodes: readonly NodeId[], ms: number): Promise<void> {
    for (const n of nodes) {
      const behind = (clockBehindMs.get(n) ?? 0) + ms;
      clockBehindMs.set(n, behind);
      await cluster.setClock(n, { offsetMs: -behind, rate: 1 });
    }
  }
}
