import { describe, expect, it } from "vitest";
import { HarnessError, type Cluster, type Grudge, type Invoke, type NodeId } from "../../core/index.js";
import { killNemesis } from "../kill/kill-nemesis.js";
import { lossNemesis } from "../net/loss-nemesis.js";
import { grudgeRecord, isolate } from "./grudge.js";
import { partitionNemesis } from "./partition-nemesis.js";

/** A cluster that keeps a grudge and answers probes from it; `inert` ignores partitions, as a broken runtime would. */
function stubCluster(opts: { inert?: boolean; stuck?: boolean } = {}) {
  const calls: string[] = [];
  let grudge: Grudge = new Map();
  const cluster = {
    async partition(g: Grudge) {
      calls.push("partition");
      if (!opts.inert) grudge = g;
    },
    async heal() {
      calls.push("heal");
      if (!opts.stuck) grudge = new Map();
    },
    async probe(from: NodeId, to: NodeId) {
      calls.push(`probe ${from}->${to}`);
      return grudge.get(to)?.has(from) || grudge.get(from)?.has(to) ? "timeout" : "refused";
    },
    async kill(node: NodeId) {
      calls.push(`kill ${node}`);
    },
    async restart(node: NodeId) {
      calls.push(`restart ${node}`);
    },
    async dropPackets(node: NodeId, from: readonly NodeId[], p: number) {
      calls.push(`drop ${node} ${from.join(",")} ${p}`);
      if (p === 1 && !opts.inert) grudge = new Map([[node, new Set(from)]]);
    },
    async healTraffic(kind: string) {
      calls.push(`heal-traffic ${kind}`);
      grudge = new Map();
    },
  };
  return { cluster: cluster as unknown as Cluster, calls };
}

function invoke(f: string, value: unknown): Invoke {
  return { index: 0, time: 0, process: "nemesis", type: "invoke", f, value };
}

const SIGNAL = new AbortController().signal;
const CUT = { package: "partition", shape: "isolate", grudge: grudgeRecord(isolate(["l1", "s1", "c1"], "l1")) };

describe("partitionNemesis", () => {
  it("completes the start once the rules are in force, and records the cut's proof and the heal's on the stop", async () => {
    const { cluster, calls } = stubCluster();
    const nemesis = partitionNemesis();
    const started = await nemesis.invoke(invoke("start-partition", CUT), cluster, SIGNAL);
    expect(started).toEqual(CUT);
    const healed = await nemesis.invoke(invoke("stop-partition", { package: "partition" }), cluster, SIGNAL);
    expect(healed).toMatchObject({
      cutProbed: { from: "l1", to: "c1", result: "timeout" },
      probed: { from: "l1", to: "c1", result: "refused" },
    });
    expect(calls).toEqual(["partition", "probe l1->c1", "heal", "probe l1->c1"]);
  });

  it("does not let the start wait for the cut's proof", async () => {
    const { cluster } = stubCluster();
    let proved = (): void => undefined;
    let probes = 0;
    const probe = (): Promise<string> =>
      probes++ === 0 ? new Promise((resolve) => (proved = () => resolve("timeout"))) : Promise.resolve("refused");
    const slow = { ...cluster, partition: cluster.partition, heal: cluster.heal, probe } as unknown as Cluster;
    const nemesis = partitionNemesis();
    await expect(nemesis.invoke(invoke("start-partition", CUT), slow, SIGNAL)).resolves.toEqual(CUT);
    const stop = nemesis.invoke(invoke("stop-partition", {}), slow, SIGNAL);
    proved();
    await expect(stop).resolves.toMatchObject({ cutProbed: { result: "timeout" }, probed: { result: "refused" } });
  });

  it("raises fault-not-applied on the stop when a grudged pair still connected", async () => {
    const { cluster } = stubCluster({ inert: true });
    const nemesis = partitionNemesis();
    await nemesis.invoke(invoke("start-partition", CUT), cluster, SIGNAL);
    const failure = nemesis.invoke(invoke("stop-partition", {}), cluster, SIGNAL);
    await expect(failure).rejects.toMatchObject({ code: "nemesis.fault-not-applied", message: expect.stringContaining("still got an answer") });
    await expect(failure).rejects.toBeInstanceOf(HarnessError);
  });

  it("raises fault-not-applied when the pair still times out after the heal", async () => {
    const { cluster } = stubCluster({ stuck: true });
    const nemesis = partitionNemesis();
    await nemesis.invoke(invoke("start-partition", CUT), cluster, SIGNAL);
    await expect(nemesis.invoke(invoke("stop-partition", {}), cluster, SIGNAL)).rejects.toMatchObject({ code: "nemesis.fault-not-applied" });
  });

  it("heals on teardown only when a partition may be in place, even one that failed", async () => {
    const { cluster, calls } = stubCluster({ inert: true });
    const nemesis = partitionNemesis();
    await nemesis.teardown(cluster);
    expect(calls).toEqual([]);
    await nemesis.invoke(invoke("start-partition", CUT), cluster, SIGNAL).catch(() => undefined);
    await nemesis.teardown(cluster);
    expect(calls.at(-1)).toBe("heal");
  });
});

describe("killNemesis", () => {
  it("restarts on teardown exactly the nodes still down", async () => {
    const { cluster, calls } = stubCluster();
    const nemesis = killNemesis();
    await nemesis.invoke(invoke("kill", { package: "kill", nodes: ["l1"] }), cluster, SIGNAL);
    await nemesis.invoke(invoke("restart", { package: "kill", nodes: ["l1"] }), cluster, SIGNAL);
    await nemesis.invoke(invoke("kill", { package: "kill", nodes: ["s1"] }), cluster, SIGNAL);
    await nemesis.teardown(cluster);
    await nemesis.teardown(cluster);
    expect(calls).toEqual(["kill l1", "restart l1", "kill s1", "restart s1"]);
  });
});

describe("lossNemesis", () => {
  it("proves a certain loss with a probe and heals loss rules on stop", async () => {
    const { cluster, calls } = stubCluster();
    const nemesis = lossNemesis();
    const value = { package: "loss", nodes: ["l1"], from: ["c1", "s1"], probability: 1 };
    await expect(nemesis.invoke(invoke("start-loss", value), cluster, SIGNAL)).resolves.toMatchObject({ probed: { result: "timeout" } });
    await nemesis.invoke(invoke("stop-loss", { package: "loss" }), cluster, SIGNAL);
    expect(calls).toEqual(["drop l1 c1,s1 1", "probe c1->l1", "heal-traffic loss"]);
  });

  it("raises fault-not-applied when a certain loss lets a connection through", async () => {
    const { cluster } = stubCluster({ inert: true });
    const value = { package: "loss", nodes: ["l1"], from: ["c1"], probability: 1 };
    await expect(lossNemesis().invoke(invoke("start-loss", value), cluster, SIGNAL)).rejects.toMatchObject({ code: "nemesis.fault-not-applied" });
  });
});
