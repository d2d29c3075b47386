import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunConfig } from "../../../core/index.js";
import { resolveNemesis } from "../../../nemesis/index.js";
import type { LockAdapter } from "../../../workloads/index.js";
import { refuseUnreachableProgram } from "./refuse-program-clock.js";

/** A user's adapter whose service runs Debian's etcd, a Go program libfaketime cannot reach (scripts/setup.sh installs it). */
const goAdapter: LockAdapter = {
  name: "go-lock",
  service: { nodes: 1, start: (node) => ({ argv: ["/usr/bin/etcd", "--name", node.id] }) },
  connect: async () => ({ acquire: async () => ({ token: 1 }), release: async () => undefined }),
};
const launch = { argv: ["/usr/bin/etcd", "--name", "l1"] };

function config(clockNodes: string): RunConfig {
  return {
    name: "t", seed: 1, runtime: "fake", command: "", storeDir: mkdtempSync(join(tmpdir(), "fc-refuse-program-")), timeLimitMs: 1000, opTimeoutMs: 1000,
    lock: { adapter: "./go-lock.mjs", nodes: 1 },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults: ["clock-jump"], intervalMs: 1000, options: { clock: { nodes: clockNodes } } },
  };
}

describe("clock faults on the lock nodes of a user's program libfaketime cannot reach", () => {
  const onLock = config("lock");

  it("are taken on a runtime that injects clocks (the clock injector moves the program)", () => {
    expect(() => refuseUnreachableProgram(onLock, resolveNemesis(onLock), goAdapter, launch, { kind: "local", injectsClocks: true })).not.toThrow();
  });

  it("are refused with one line on a runtime that does not inject clocks, naming the program, why and the runtime", () => {
    expect(() => refuseUnreachableProgram(onLock, resolveNemesis(onLock), goAdapter, launch, { kind: "docker" })).toThrow(
      /^Cannot run nemesis "clock" on the lock nodes: lock service "go-lock" runs "\/usr\/bin\/etcd", a Go program, which reads the clock through the vDSO, never through libc, so libfaketime cannot move its clock, and runtime "docker" does not inject clocks; skew the others instead with --fault-opt clock\.nodes=client,storage$/,
    );
    expect(() => refuseUnreachableProgram(onLock, resolveNemesis(onLock), goAdapter, launch, { kind: "local", injectsClocks: false })).toThrow(
      /runtime "local" does not inject clocks \(its clock injector needs x86_64 and native\/clock-inject\/build\.sh run\)/,
    );
  });

  it("are not refused when they reach only the other nodes, or when the program is one libfaketime reaches", () => {
    const elsewhere = config("client,storage");
    expect(() => refuseUnreachableProgram(elsewhere, resolveNemesis(elsewhere), goAdapter, launch, { kind: "docker" })).not.toThrow();
    expect(() => refuseUnreachableProgram(onLock, resolveNemesis(onLock), goAdapter, { argv: [process.execPath, "server.mjs"] }, { kind: "docker" })).not.toThrow();
  });
});
