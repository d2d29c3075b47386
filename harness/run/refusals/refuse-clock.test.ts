import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunConfig } from "../../../core/index.js";
import { createFakeRuntime } from "../../runtime/fake/fake-runtime.js";
import { runTest } from "../lifecycle/run-test.js";
import { refuseFaults } from "./refuse-faults.js";
import { refuseUpFront } from "./refuse-up-front.js";
import { resolveNemesis } from "../../../nemesis/index.js";
import { loadLockAdapter } from "../../../workloads/index.js";

/** An adapter module whose service libfaketime cannot reach. */
function goAdapter(): string {
  const dir = mkdtempSync(join(tmpdir(), "fc-refuse-"));
  const path = join(dir, "go-lock.mjs");
  writeFileSync(path, `export default {
  name: "go-lock",
  service: { nodes: 3, start: () => ({ argv: ["true"] }), clock: { support: "unsupported", reason: "a Go binary" } },
  async connect() { return { async acquire() { return { token: 1 }; }, async release() {} }; },
};\n`);
  return path;
}

function config(adapter: string, faults: string[], options: RunConfig["nemesis"]["options"] = {}): RunConfig {
  return {
    name: "t", seed: 1, runtime: "fake", command: "", storeDir: mkdtempSync(join(tmpdir(), "fc-refuse-store-")), timeLimitMs: 1000, opTimeoutMs: 1000,
    lock: { adapter, nodes: 3 },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults, intervalMs: 1000, options },
  };
}

describe("runTest with clock faults", () => {
  it("refuses, before anything starts, to skew lock nodes whose service libfaketime cannot reach", async () => {
    const runtime = createFakeRuntime();
    const run = runTest(config(goAdapter(), ["clock-skew"]), { runtime });
    await expect(run).rejects.toMatchObject({ code: "nemesis.unsupported-fault" });
    await expect(runTest(config(goAdapter(), ["clock-jump"]), { runtime })).rejects.toThrow(
      /^Cannot run nemesis "clock" on the lock nodes: go-lock cannot take clock faults \(a Go binary\); skew the others instead with --fault-opt clock\.nodes=client,storage$/,
    );
    expect(runtime.calls).toEqual([]);
  });

  it("refuses clock faults on the nodes of a built-in service that declares its clock unfakeable, and runs them elsewhere", async () => {
    const runtime = createFakeRuntime();
    for (const lock of ["redis", "redis-token", "redlock", "postgres", "zookeeper", "etcd"]) {
      // Unfenced storage: fenced storage with a token-less service (redis, redlock) is refused for that first (resolveRun).
      const unfenced = { ...config(lock, ["clock-skew"], { clock: { nodes: "lock" } }), storage: { kind: "unfenced", nodes: 1 } };
      await expect(runTest(unfenced, { runtime })).rejects.toMatchObject({ code: "nemesis.unsupported-fault" });
    }
    expect(runtime.calls).toEqual([]);
    const elsewhere = config("redis", ["clock-skew"], { clock: { nodes: "client,storage" } });
    const adapter = (await loadLockAdapter("redis")).adapter;
    expect(() => refuseFaults(elsewhere, resolveNemesis(elsewhere), runtime, adapter)).not.toThrow();
  });
});

describe("clock faults on a service the clock injector reaches", () => {
  it("are taken on a runtime that injects clocks, PostgreSQL's too, and still refused on one that does not", async () => {
    const etcd = config("etcd", ["clock-jump"], { clock: { nodes: "lock" } });
    const postgres = config("postgres", ["clock-jump"], { clock: { nodes: "lock" } });
    const injecting = { ...createFakeRuntime(), injectsClocks: true };
    const etcdAdapter = (await loadLockAdapter("etcd")).adapter;
    expect(() => refuseFaults(etcd, resolveNemesis(etcd), injecting, etcdAdapter)).not.toThrow();
    expect(() => refuseFaults(etcd, resolveNemesis(etcd), createFakeRuntime(), etcdAdapter)).toThrow(/etcd cannot take clock faults/);
    const postgresAdapter = (await loadLockAdapter("postgres")).adapter;
    expect(() => refuseFaults(postgres, resolveNemesis(postgres), injecting, postgresAdapter)).not.toThrow();
    expect(() => refuseFaults(postgres, resolveNemesis(postgres), createFakeRuntime(), postgresAdapter)).toThrow(/postgres cannot take clock faults/);
    for (const runtime of ["local", "docker", "ssh"] as const) {
      expect(() => refuseUpFront({ ...etcd, runtime }, true), runtime).not.toThrow();
      expect(() => refuseUpFront({ ...etcd, runtime }, false), runtime).toThrow(/etcd cannot take clock faults/);
    }
  });
});

describe("refuseUpFront", () => {
  it("refuses clock faults on a built-in unfakeable service's lock nodes from its name alone on a machine without the clock injector, and lets the rest through", () => {
    expect(() => refuseUpFront(config("redis", ["clock-skew"], { clock: { nodes: "lock" } }), false)).toThrow(
      /^Cannot run nemesis "clock" on the lock nodes: redis cannot take clock faults \(.*\); skew the others instead with --fault-opt clock\.nodes=client,storage$/,
    );
    expect(() => refuseUpFront(config("postgres", ["clock-jump"]), false)).toThrow(/postgres cannot take clock faults/);
    expect(() => refuseUpFront(config("redis", ["clock-skew"], { clock: { nodes: "client,storage" } }))).not.toThrow();
    expect(() => refuseUpFront(config("reference-wallclock", ["clock-jump"], { clock: { nodes: "lock" } }))).not.toThrow();
    expect(() => refuseUpFront(config(goAdapter(), ["clock-skew"]))).not.toThrow();
  });
});

describe("fault options", () => {
  it("a run refuses a bad fault option before anything starts", async () => {
    const runtime = createFakeRuntime();
    await expect(runTest(config("reference", ["partition"], { partition: { nodes: "leader" } }), { runtime })).rejects.toThrow(/not a role/);
    expect(runtime.calls).toEqual([]);
  });

  it("refuseUpFront leaves them to the run: its config has not yet counted the lock service's nodes", () => {
    const unresolved = { ...config("etcd", ["partition-leader"]), lock: { adapter: "etcd", nodes: 1 } };
    expect(() => refuseUpFront(unresolved)).not.toThrow();
  });
});
