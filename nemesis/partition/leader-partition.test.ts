import { describe, expect, it } from "vitest";
import { createRng, type RunConfig } from "../../core/index.js";
import { nemesisPackage } from "../registry.js";
import { driveSchedule } from "../schedule/drive-schedule.js";
import { randomOneWay } from "./leader-partition.js";

function config(faults: string[], seed: number, lock: Partial<RunConfig["lock"]> = {}): RunConfig {
  return {
    name: "t", seed, runtime: "fake", command: "", storeDir: "/tmp/x", timeLimitMs: 60_000, opTimeoutMs: 1000,
    lock: { adapter: "etcd", nodes: 3, ...lock },
    storage: { kind: "fenced", nodes: 2 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults, intervalMs: 1000, options: {} },
  };
}

function oneWayStarts(seed: number) {
  return driveSchedule(nemesisPackage(config(["partition-one-way"], seed)).schedule(0), { maxOps: 8 })
    .filter((r) => r.f === "start-partition")
    .map((r) => r.value as { from: string; to: string; grudge: Record<string, string[]> });
}

describe("partition-one-way", () => {
  it("makes one node drop traffic from one other node, and only in that direction", () => {
    const starts = oneWayStarts(3);
    expect(starts).toHaveLength(4);
    for (const { from, to, grudge } of starts) {
      expect(from).not.toBe(to);
      expect(grudge).toEqual({ [to]: [from] });
    }
  });

  it("draws the same pairs from the same seed and other pairs from other seeds", () => {
    expect(oneWayStarts(11)).toEqual(oneWayStarts(11));
    expect(new Set([1, 2, 3, 4, 5].map((seed) => JSON.stringify(oneWayStarts(seed)))).size).toBeGreaterThan(1);
  });

  it("picks two distinct nodes of those given", () => {
    const nodes = ["a", "b", "c"];
    for (let seed = 0; seed < 20; seed++) {
      const { from, to } = randomOneWay(nodes, createRng(seed));
      expect(nodes).toContain(from);
      expect(nodes).toContain(to);
      expect(from).not.toBe(to);
    }
  });
});

describe("partition-leader schedule", () => {
  it("asks for the leader at each start instead of naming a node in advance", () => {
    const ops = driveSchedule(nemesisPackage(config(["partition-leader"], 1)).schedule(0), { maxOps: 2 });
    expect(ops[0]).toMatchObject({ f: "start-partition", value: { target: "leader", shape: "leader", package: "partition-leader" } });
    expect(ops[1]).toMatchObject({ f: "stop-partition", value: { package: "partition-leader" } });
  });

  it("is refused when the run starts no lock nodes", () => {
    expect(() => nemesisPackage(config(["partition-leader"], 1, { endpoints: ["10.0.0.1:2379"] }))).toThrow(/starts no lock nodes/);
    expect(() => nemesisPackage(config(["pause-leader"], 1, { endpoints: ["10.0.0.1:2379"] }))).toThrow(/starts no lock nodes/);
  });
});
