import { describe, expect, it } from "vitest";
import type { ClockSkew, Cluster, Invoke, NodeId } from "../../core/index.js";
import { clockNemesis, type ClockValue, type ResetClockValue } from "./clock-nemesis.js";

/** A cluster whose node clocks read exactly the offset last set. */
function stubCluster() {
  const calls: string[] = [];
  const offsets = new Map<string, number>();
  const cluster = {
    async setClock(node: NodeId, skew: ClockSkew) {
      calls.push(`set ${node} ${skew.offsetMs} x${skew.rate}`);
      offsets.set(node, skew.offsetMs);
    },
    async readClock(node: NodeId) {
      return { node, offsetMs: offsets.get(node) ?? 0 };
    },
  } as unknown as Cluster;
  return { cluster, calls, offsets };
}

function op(f: string, value: unknown): Invoke {
  return { index: 0, time: 0, process: "nemesis", type: "invoke", f, value };
}

const signal = new AbortController().signal;

describe("clockNemesis", () => {
  it("sets each node's skew and records the clocks it then reads", async () => {
    const { cluster, calls } = stubCluster();
    const value: ClockValue = { skews: { l1: { offsetMs: 1500, rate: 1 }, c1: { offsetMs: -200, rate: 0.5 } } };
    const done = (await clockNemesis().invoke(op("clock", value), cluster, signal)) as ClockValue;
    expect(calls).toEqual(["set l1 1500 x1", "set c1 -200 x0.5"]);
    expect(done.clocks).toEqual({ l1: 1500, c1: -200 });
  });

  it("starts the skew before its promise is returned, so an aimed skew lands first", () => {
    const { cluster, calls } = stubCluster();
    void clockNemesis().invoke(op("clock", { skews: { c2: { offsetMs: 0, rate: 0.1 } } }), cluster, signal);
    expect(calls).toEqual(["set c2 0 x0.1"]);
  });

  it("keeps a node's current offset for a rate change without one", async () => {
    const { cluster, calls, offsets } = stubCluster();
    offsets.set("l2", 700);
    await clockNemesis().invoke(op("clock", { skews: { l2: { rate: 2 } } }), cluster, signal);
    expect(calls).toEqual(["set l2 700 x2"]);
  });

  it("strobes back and forth, ending on the last flip", async () => {
    const { cluster, calls } = stubCluster();
    const value: ClockValue = { skews: { l1: { offsetMs: 0, rate: 1 } }, strobe: { deltaMs: 300, periodMs: 1, durationMs: 4 } };
    const done = (await clockNemesis().invoke(op("clock", value), cluster, signal)) as ClockValue;
    expect(calls).toEqual(["set l1 0 x1", "set l1 300 x1", "set l1 -300 x1", "set l1 300 x1", "set l1 -300 x1"]);
    expect(done.clocks).toEqual({ l1: -300 });
  });

  it("resets what it skewed on reset-clock and on teardown, and nothing else", async () => {
    const { cluster, calls } = stubCluster();
    const nemesis = clockNemesis();
    await nemesis.invoke(op("clock", { skews: { l1: { offsetMs: 9, rate: 1 }, l2: { offsetMs: 9, rate: 1 } } }), cluster, signal);
    const reset = (await nemesis.invoke(op("reset-clock", { nodes: ["l1"] }), cluster, signal)) as ResetClockValue;
    expect(reset.clocks).toEqual({ l1: 0 });
    await nemesis.teardown(cluster);
    await nemesis.teardown(cluster);
    expect(calls.slice(2)).toEqual(["set l1 0 x1", "set l2 0 x1"]);
  });
});
