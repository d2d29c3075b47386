/**
 * The pause nemesis: `pause` SIGSTOPs every process of the given nodes (or,
 * with `mode: "freeze"`, freezes the whole node through its freezer
 * cgroup), `resume` SIGCONTs (thaws) them. It remembers what it paused and
 * how, so teardown resumes exactly that and nothing else.
 */
import type { Cluster, Invoke, Nemesis, NodeId } from "../../harness/core/index.js";

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
}

/** Creates a pause nemesis with its own record of paused nodes. */
export function pauseNemesis(): Nemesis {
  const paused = new Map<NodeId, "signal" | "freeze">();
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
      const nodes = value.nodes as NodeId[];
      if (op.f === "pause") {
        const mode = value.mode ?? "signal";
        const stops = nodes.map((n) => {
          paused.set(n, mode);
          return mode === "freeze" ? cluster.freeze(n) : cluster.pause(n);
        });
        return Promise.all(stops).then(() => value);
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
    },
  };
}
