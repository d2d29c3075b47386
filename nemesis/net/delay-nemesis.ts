/**
 * The delay nemesis: `start-delay` puts a delaying proxy in front of the
 * service ports of the target nodes (new connections from other nodes go
 * through it); `stop-delay` removes the redirects, so new connections go
 * straight to the service, and drains the proxies: the connections made
 * during the delay go on, undelayed, until they close. The runtime checks the proxy
 * listens and the redirect is in place before `start-delay` completes.
 */
import type { Cluster, Invoke, Nemesis, NodeId } from "../../core/index.js";

/** The value of a start-delay op. */
export interface DelayValue {
  readonly package: string;
  readonly nodes: readonly string[];
  readonly delayMs: number;
  readonly jitterMs: number;
  /** Seeds the proxies' jitter. */
  readonly seed: number;
  /** One port, or every service port of each node when absent. */
  readonly port?: number;
}

/** Creates a delay nemesis; teardown heals only when a delay may be in place. */
export function delayNemesis(): Nemesis {
  let delayed = false;
  return {
    fs: new Set(["start-delay", "stop-delay"]),
    setup: async () => undefined,
    async invoke(op: Invoke, cluster: Cluster) {
      const value = op.value as DelayValue;
      if (op.f === "stop-delay") {
        delayed = false;
        await cluster.healTraffic("delay");
        return value;
      }
      delayed = true;
      const spec = { delayMs: value.delayMs, jitterMs: value.jitterMs, seed: value.seed, ...(value.port !== undefined ? { port: value.port } : {}) };
      await Promise.all(value.nodes.map((node) => cluster.delayTraffic(node as NodeId, spec)));
      return value;
    },
    async teardown(cluster) {
      if (!delayed) return;
      delayed = false;
      await cluster.healTraffic("delay");
    },
  };
}
