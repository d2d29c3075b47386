import { describe, expect, it } from "vitest";
import { createRng, faultsUntil, nodeId, type Generator, type Op, type RunConfig } from "../../core/index.js";
import { faultPackages, nemesisPackage } from "../registry.js";
import { driveSchedule } from "./drive-schedule.js";

const S = 1e9;

function config(faults: string[], seed: number, options: RunConfig["nemesis"]["options"] = {}): RunConfig {
  return {
    name: "t", seed, runtime: "fake", command: "", storeDir: "/tmp/x", timeLimitMs: 60_000, opTimeoutMs: 1000,
    lock: { adapter: "reference", nodes: 3 },
    storage: { kind: "fenced", nodes: 2 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults, intervalMs: 1000, options },
  };
}

function schedule(faults: string[], seed: number, options: RunConfig["nemesis"]["options"] = {}) {
  return driveSchedule(nemesisPackage(config(faults, seed, options)).schedule(0), { maxOps: 12 });
}

describe("fault schedules", () => {
  it("are the same twice for one seed, shapes and targets included", () => {
    expect(schedule(["partition", "kill", "loss"], 7)).toEqual(schedule(["partition", "kill", "loss"], 7));
  });

  it("differ for another seed", () => {
    const targets = (seed: number) => schedule(["partition", "kill"], seed).map((r) => JSON.stringify(r.value));
    expect(targets(7)).not.toEqual(targets(8));
  });

  it("alternate start and stop per package, a stop naming what its start hit", () => {
    const ops = schedule(["kill"], 3);
    expect(ops.map((r) => r.f)).toEqual(["kill", "restart", "kill", "restart", "kill", "restart", "kill", "restart", "kill", "restart", "kill", "restart"]);
    for (let i = 0; i < ops.length; i += 2) expect((ops[i + 1]?.value as { nodes: string[] }).nodes).toEqual((ops[i]?.value as { nodes: string[] }).nodes);
    for (const op of ops) for (const node of (op.value as { nodes: string[] }).nodes) expect(node).toMatch(/^[ls]\d$/);
  });

  it("compose kinds, each keeping its own cycle of interval then duration", () => {
    const ops = driveSchedule(nemesisPackage(config(["partition", "pause", "kill"], 5)).schedule(0), { maxOps: 40, untilNs: 30 * S });
    const fs = new Set(ops.map((r) => r.f));
    expect(fs).toEqual(new Set(["start-partition", "stop-partition", "pause", "resume", "kill", "restart"]));
    const partitions = ops.filter((r) => r.f.endsWith("-partition"));
    expect(partitions.map((r) => r.f).slice(0, 4)).toEqual(["start-partition", "stop-partition", "start-partition", "stop-partition"]);
    expect(partitions[0]?.time).toBe(1 * S);
    expect(partitions[1]?.time).toBe(4 * S);
    expect(partitions[2]?.time).toBe(5 * S);
  });

  it("count their first interval from the workload's start, not from the run's (nodes may take seconds to start)", () => {
    const started = 9 * S;
    for (const fault of ["partition", "pause", "kill", "clock", "loss"]) {
      const [first] = driveSchedule(nemesisPackage(config([fault], 2)).schedule(started), { maxOps: 1 });
      expect(first?.time, fault).toBe(started + 1 * S);
    }
  });

  it("heal every kind at the end even when another kind's next fault is due before that heal", () => {
    const pkg = nemesisPackage(config(["partition", "kill"], 2, { partition: { durationMs: 5000 }, kill: { durationMs: 500 } }));
    const heals = new Set(pkg.shading.map((s) => s.stop));
    const ops = driveSchedule(faultsUntil(2.5 * S, heals, pkg.schedule(0)), { maxOps: 20, untilNs: 10 * S, pollNs: 0.1 * S });
    const count = (f: string) => ops.filter((r) => r.f === f).length;
    expect(count("start-partition")).toBe(1);
    expect(count("stop-partition")).toBe(1);
    expect(count("kill")).toBe(count("restart"));
    expect(ops.at(-1)?.f).toBe("stop-partition");
  });

  it("send heals at once after the limit, but keep the time of a heal that waits past it", () => {
    const heal = (waitPastLimit: boolean): Generator => ({
      op: () => [{ process: "nemesis", f: "resume", value: {}, time: 5 * S, ...(waitPastLimit ? { waitPastLimit } : {}) }, heal(waitPastLimit)],
      update: () => heal(waitPastLimit),
    });
    const ctx = { time: 3 * S, freeProcesses: new Set(["nemesis" as const]), concurrency: 1, rng: createRng(1) };
    const timeOf = (gen: Generator) => {
      const result = gen.op(ctx);
      return result === undefined || result === "pending" ? result : result[0].time;
    };
    expect(timeOf(faultsUntil(2.5 * S, new Set(["resume"]), heal(false)))).toBe(undefined);
    expect(timeOf(faultsUntil(2.5 * S, new Set(["resume"]), heal(true)))).toBe(5 * S);
  });

  it("take per-fault options for the package or for its whole kind", () => {
    const ops = schedule(["partition-halves"], 1, { partition: { nodes: "lock", durationMs: 500 } });
    const grudge = (ops[0]?.value as { grudge: Record<string, string[]> }).grudge;
    for (const [node, dropped] of Object.entries(grudge)) for (const n of [node, ...dropped]) expect(n).toMatch(/^l\d$/);
    expect((ops[1]?.time ?? 0) - (ops[0]?.time ?? 0)).toBe(0.5 * S);
  });

  it("refuse a role that does not exist in the nodes option", () => {
    expect(() => nemesisPackage(config(["partition"], 1, { partition: { nodes: "leader" } }))).toThrow(/not a role/);
  });
});

describe("the plan a run draws from its final config", () => {
  // resolveRun draws the plan once the adapter's lease declaration is in the config (the CLI used to draw it before).
  it.each(faultPackages().map((p) => p.name))("%s: the same schedule with the adapter's lease declaration as without it", (fault) => {
    const bare = config([fault], 7);
    const events: Op[] = [1, 2, 3].map((i) => ({ index: i, time: i * S, process: i % 2, type: "ok", f: "acquire", value: { resource: "r1", token: String(i) }, node: nodeId(`c${1 + (i % 2)}`) }));
    const drive = (c: RunConfig) => driveSchedule(nemesisPackage(c).schedule(0), { maxOps: 12, untilNs: 30 * S, pollNs: S / 4, events });
    for (const lease of [{ ends: "ttl", timedFrom: "grant" }, { ends: "keep-alive", timedFrom: "request", renewedBy: "holder-process" }] as const) {
      expect(drive({ ...bare, lock: { ...bare.lock, lease } })).toEqual(drive(bare));
    }
  });
});

describe("partition-holder", () => {
  it("cuts the client that just acquired from the lock nodes only, then heals after the duration", () => {
    const acquired: Op = { index: 0, time: 2 * S, process: 1, type: "ok", f: "acquire", value: { resource: "r1", token: "9" }, node: nodeId("c2") };
    const gen = nemesisPackage(config(["partition-holder"], 1)).schedule(0);
    const ops = driveSchedule(gen, { maxOps: 2, events: [acquired] });
    expect(ops[0]).toMatchObject({ f: "start-partition", value: { shape: "holder", token: "9", grudge: { c2: ["l1", "l2", "l3"], l1: ["c2"] } } });
    expect(ops[1]).toMatchObject({ f: "stop-partition", time: 2 * S + 3000 * 1e6 });
  });

  it("waits for an acquire", () => {
    expect(driveSchedule(nemesisPackage(config(["partition-holder"], 1)).schedule(0), { maxOps: 2 })).toEqual([]);
  });
});
