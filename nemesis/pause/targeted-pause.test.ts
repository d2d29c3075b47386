import { describe, expect, it } from "vitest";
import { createRng, type Cluster, type Invoke, type NodeId, type RunConfig } from "../../core/index.js";
import { nemesisPackage } from "../registry.js";
import { driveSchedule } from "../schedule/drive-schedule.js";
import { pauseNemesis, type PauseValue } from "./pause-nemesis.js";
import { pickTargets, targetCount, type PauseTarget } from "./targeted-pause.js";

function config(faults: string[], lockNodes: number, options: RunConfig["nemesis"]["options"] = {}): RunConfig {
  return {
    name: "t", seed: 9, runtime: "fake", command: "", storeDir: "/tmp/x", timeLimitMs: 60_000, opTimeoutMs: 1000,
    lock: { adapter: "reference", nodes: lockNodes },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults, intervalMs: 1000, options },
  };
}

describe("targetCount", () => {
  it.each<[PauseTarget, number, number]>([
    ["one", 3, 1], ["minority", 3, 1], ["majority", 3, 2], ["all", 3, 3],
    ["one", 5, 1], ["minority", 5, 2], ["majority", 5, 3], ["all", 5, 5],
    ["minority", 4, 1], ["majority", 4, 3], ["minority", 1, 0], ["majority", 1, 1],
  ])("%s of %i nodes is %i", (target, n, count) => {
    expect(targetCount(target, n)).toBe(count);
  });
});

describe("pickTargets", () => {
  it("draws distinct nodes, the same for the same seed", () => {
    const nodes = ["l1", "l2", "l3", "l4", "l5"];
    const a = pickTargets(nodes, "majority", createRng(4));
    expect(new Set(a).size).toBe(3);
    expect(pickTargets(nodes, "majority", createRng(4))).toEqual(a);
    const seen = new Set(Array.from({ length: 20 }, (_, s) => pickTargets(nodes, "one", createRng(s))[0]));
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe("targeted pause packages", () => {
  it("freeze lock nodes by default and thaw the same ones", () => {
    const ops = driveSchedule(nemesisPackage(config(["pause-majority"], 5)).schedule(0), { maxOps: 4 });
    expect(ops.map((o) => o.f)).toEqual(["pause", "resume", "pause", "resume"]);
    const first = ops[0]?.value as PauseValue;
    expect(first.mode).toBe("freeze");
    expect(first.nodes).toHaveLength(3);
    for (const n of first.nodes) expect(n).toMatch(/^l\d$/);
    expect((ops[1]?.value as PauseValue).nodes).toEqual(first.nodes);
  });

  it("refuse a target that names no node", () => {
    expect(() => nemesisPackage(config(["pause-minority"], 1))).toThrow(/has no minority|no minority/);
  });

  it("use SIGSTOP when asked", () => {
    const ops = driveSchedule(nemesisPackage(config(["pause-one"], 3, { pause: { mode: "signal" } })).schedule(0), { maxOps: 1 });
    expect((ops[0]?.value as PauseValue).mode).toBe("signal");
  });
});

describe("pauseNemesis with mode freeze", () => {
  it("freezes and thaws through the cluster's freezer, and thaws on teardown", async () => {
    const calls: string[] = [];
    const cluster = {
      freeze: async (n: NodeId) => void calls.push(`freeze ${n}`),
      thaw: async (n: NodeId) => void calls.push(`thaw ${n}`),
      pause: async (n: NodeId) => void calls.push(`pause ${n}`),
      resume: async (n: NodeId) => void calls.push(`resume ${n}`),
    } as unknown as Cluster;
    const op = (f: string, value: PauseValue): Invoke => ({ index: 0, time: 0, process: "nemesis", type: "invoke", f, value });
    const nemesis = pauseNemesis();
    await nemesis.invoke(op("pause", { nodes: ["l1", "l2"], mode: "freeze" }), cluster, new AbortController().signal);
    await nemesis.invoke(op("resume", { nodes: ["l1"] }), cluster, new AbortController().signal);
    await nemesis.invoke(op("pause", { nodes: ["c1"] }), cluster, new AbortController().signal);
    await nemesis.teardown(cluster);
    expect(calls).toEqual(["freeze l1", "freeze l2", "thaw l1", "pause c1", "thaw l2", "resume c1"]);
  });
});
