/**
 * The packet-loss nemesis: `start-loss` makes each target node drop packets
 * from the other nodes with a probability; `stop-loss` removes every loss
 * rule. A certain loss (probability 1) is proved with a connection that must
 * time out; a partial loss is checked by the runtime, which counts its rules.
 */
import { HarnessError, type Cluster, type Invoke, type Nemesis, type NodeId } from "../../core/index.js";

/** The value of a start-loss op. */
export interface LossValue {
  readonly package: string;
  /** The nodes whose incoming packets are dropped. */
  readonly nodes: readonly string[];
  /** The nodes whose packets they drop. */
  readonly from: readonly string[];
  readonly probability: number;
}

/** Creates a loss nemesis; teardown heals only when loss may be in place. */
export function lossNemesis(opts: { readonly probeTimeoutMs?: number } = {}): Nemesis {
  let lossy = false;
  return {
    fs: new Set(["start-loss", "stop-loss"]),
    setup: async () => undefined,
    async invoke(op: Invoke, cluster: Cluster) {
      const value = op.value as LossValue;
      if (op.f === "stop-loss") {
        lossy = false;
        await cluster.healTraffic("loss");
        return value;
      }
      lossy = true;
      const from = value.from as NodeId[];
      await Promise.all(value.nodes.map((node) => cluster.dropPackets(node as NodeId, from, value.probability)));
      const [to] = value.nodes;
      const [source] = from;
      if (value.probability < 1 || to === undefined || source === undefined) return value;
      const result = await cluster.probe(source, to as NodeId, { timeoutMs: opts.probeTimeoutMs ?? 1000 });
      if (result !== "timeout") {
        throw new HarnessError("nemesis.fault-not-applied", `Cannot drop packets from "${source}" at "${to}": a connection still got an answer (${result})`);
      }
      return { ...value, probed: { from: source, to, result } };
    },
    async teardown(cluster) {
      if (!lossy) return;
      lossy = false;
      await cluster.healTraffic("loss");
    },
  };
}
