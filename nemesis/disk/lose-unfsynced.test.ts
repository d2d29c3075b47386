import { describe, expect, it } from "vitest";
import { nodeId, type Cluster, type Invoke, type NodeId, type RunConfig, type UnsyncedLoss } from "../../core/index.js";
import { resolveNemesis } from "../registry.js";
import { loseUnsyncedNemesis } from "./lose-unfsynced-nemesis.js";

function config(faults: string[], options: RunConfig["nemesis"]["options"] = {}): RunConfig {
  return {
    name: "t", seed: 1, runtime: "fake", command: "", storeDir: "/tmp/x", timeLimitMs: 60_000, opTimeoutMs: 1000,
    lock: { adapter: "reference", nodes: 3 },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults, intervalMs: 1000, options },
  };
}

const LOSS: UnsyncedLoss = { files: 1, bytes: 4096, writes: 3, oldestMs: 700, removedFiles: 0 };

/** A cluster that records the calls the nemesis makes, in order. */
function recordingCluster(calls: string[]): Cluster {
  return {
    kill: async (node: NodeId) => void calls.push(`kill ${node}`),
    loseUnsynced: async (node: NodeId) => (calls.push(`lose ${node}`), LOSS),
    restart: async (node: NodeId) => void calls.push(`restart ${node}`),
  } as unknown as Cluster;
}

function invoke(f: string, nodes: string[]): Invoke {
  return { index: 0, time: 0, process: "nemesis", type: "invoke", f, value: { package: "lose-unfsynced-lock", nodes } };
}

describe("the lose-unfsynced packages", () => {
  it("put only the nodes they may take down on a lazy file system", () => {
    expect(resolveNemesis(config(["lose-unfsynced-lock"])).diskNodes).toEqual(["l1", "l2", "l3"]);
    expect(resolveNemesis(config(["lose-unfsynced-storage"])).diskNodes).toEqual(["s1"]);
    expect(resolveNemesis(config(["lose-unfsynced"], { "lose-unfsynced": { nodes: "storage" } })).diskNodes).toEqual(["s1"]);
    expect(resolveNemesis(config(["kill-lock"])).diskNodes).toEqual([]);
  });

  it("need the runtime's lose-unfsynced fault", () => {
    expect([...resolveNemesis(config(["lose-unfsynced-lock"])).needs]).toEqual(["lose-unfsynced"]);
  });
});

describe("the power-loss nemesis", () => {
  it("kills the node before it drops its unsynced writes, and records what it lost", async () => {
    const calls: string[] = [];
    const done = await loseUnsyncedNemesis().invoke(invoke("power-loss", ["l2"]), recordingCluster(calls), new AbortController().signal);
    expect(calls).toEqual(["kill l2", "lose l2"]);
    expect(done).toEqual({ package: "lose-unfsynced-lock", nodes: ["l2"], lost: { l2: LOSS } });
  });

  it("powers on at teardown exactly the nodes still down", async () => {
    const calls: string[] = [];
    const nemesis = loseUnsyncedNemesis();
    const cluster = recordingCluster(calls);
    const signal = new AbortController().signal;
    await nemesis.invoke(invoke("power-loss", ["l1"]), cluster, signal);
    await nemesis.invoke(invoke("power-on", ["l1"]), cluster, signal);
    await nemesis.invoke(invoke("power-loss", [String(nodeId("l3"))]), cluster, signal);
    await nemesis.teardown(cluster);
    expect(calls).toEqual(["kill l1", "lose l1", "restart l1", "kill l3", "lose l3", "restart l3"]);
  });

  it("starts a node once when a second power-on comes while the first is still starting it, and not at all when it is up", async () => {
    const calls: string[] = [];
    let started: () => void = () => undefined;
    const slow = { ...recordingCluster(calls), restart: (node: NodeId) => (calls.push(`restart ${node}`), new Promise<void>((resolve) => (started = resolve))) } as unknown as Cluster;
    const nemesis = loseUnsyncedNemesis();
    const signal = new AbortController().signal;
    await nemesis.invoke(invoke("power-loss", ["l1"]), slow, signal);
    const first = nemesis.invoke(invoke("power-on", ["l1"]), slow, signal);
    const second = nemesis.invoke(invoke("power-on", ["l1"]), slow, signal);
    started();
    await Promise.all([first, second]);
    await nemesis.invoke(invoke("power-on", ["l1"]), slow, signal);
    await nemesis.teardown(slow);
    expect(calls).toEqual(["kill l1", "lose l1", "restart l1"]);
  });
});
