/**
 * The fake runtime's network faults, recorded as data (`FakeCall`) and
 * simulated as far as a probe sees them: a probe across the current grudge
 * or a certain loss (p = 1) times out, one to a port a live program of the
 * node listens on connects, any other is refused (the path works). Delays
 * are recorded only. The cluster guards these with its supervisor.
 */
import type { ClusterNetwork, Grudge, NodeId, ProbeResult } from "../../../core/index.js";
import type { FakeCall } from "./fake-call.js";

/** Creates the faults; `listening` says whether a live program of `node` listens on `port`. */
export function createFakeNetwork(calls: FakeCall[], listening: (node: NodeId, port: number) => boolean): ClusterNetwork {
  let grudge: Grudge = new Map();
  const loss = new Map<NodeId, { from: readonly NodeId[]; p: number }>();
  const dropped = (a: NodeId, b: NodeId): boolean =>
    grudge.get(a)?.has(b) === true || (loss.get(a)?.p === 1 && loss.get(a)?.from.includes(b) === true);
  return {
    async partition(next) {
      calls.push({ kind: "partition", grudge: [...next].map(([n, set]) => [n, [...set]] as const) });
      grudge = next;
    },
    async heal() {
      calls.push({ kind: "heal" });
      grudge = new Map();
    },
    async dropPackets(node, from, probability) {
      calls.push({ kind: "drop-packets", node, from, probability });
      loss.set(node, { from, p: probability });
    },
    async delayTraffic(node, delay) {
      calls.push({ kind: "delay-traffic", node, delay });
    },
    async healTraffic(traffic) {
      calls.push({ kind: "heal-traffic", traffic });
      if (traffic === "loss") loss.clear();
    },
    async probe(from, to, opts = {}) {
      const cut = dropped(to, from) || dropped(from, to);
      const result: ProbeResult = cut ? "timeout" : opts.port !== undefined && listening(to, opts.port) ? "connected" : "refused";
      calls.push({ kind: "probe", from, to, result });
      return result;
    },
  };
}
