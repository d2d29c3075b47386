/**
 * The seed's "full picture" as a hand-written run, for checker and report
 * tests: client 3 (node c2) takes r1 with token 33, is paused for 3 s (lease
 * 2 s), client 1 takes r1 with token 34 and writes, then client 3 wakes and
 * writes under token 33. Fenced storage rejects it; unfenced storage accepts it.
 */
import type { History, RunConfig, StorageKind, StorageRecord } from "../../core/index.js";
import { historyBuilder, storageRecord } from "./history-builder.js";

/** A run configuration for tests; `overrides` replace top-level fields. */
export function testRunConfig(kind: StorageKind = "fenced", overrides: Partial<RunConfig> = {}): RunConfig {
  return {
    name: "seed",
    seed: 42,
    runtime: "fake",
    lock: { adapter: "reference", nodes: 3 },
    storage: { kind, nodes: 1 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 5000 },
    nemesis: { faults: ["pause-holder"], intervalMs: 1000, options: {} },
    timeLimitMs: 10_000,
    opTimeoutMs: 10_000,
    storeDir: "store",
    command: `fencecheck run --lock reference --storage ${kind} --nemesis pause-holder --seed 42`,
    ...overrides,
  };
}

/** The recorded data of one seed run. */
export interface SeedRun {
  readonly config: RunConfig;
  readonly history: History;
  readonly storage: readonly StorageRecord[];
}

/** The seed scenario against `kind` storage (see the file comment). */
export function seedScenario(kind: StorageKind): SeedRun {
  const accepted = kind === "unfenced";
  const b = historyBuilder({ nodes: { 1: "c1", 3: "c2" } })
    .acquire(3, "r1", "33", [2090, 2100])
    .pause(["c2"], { process: 3, resource: "r1", token: "33", durationMs: 3000, reason: "holder" }, [2100, 2101])
    .acquire(1, "r1", "34", [2200, 4120])
    .write(1, "r1", "v1-7", "34", [4130, 4140])
    .release(1, "r1", "34", [4150, 4160])
    .resume(["c2"], [5100, 5101])
    .write(3, "r1", "v3-2", "33", [5110, 5120], accepted ? "ok" : "stale")
    .release(3, "r1", "33", [5130, 5140], true)
    .read(1, "r1", accepted ? "v3-2" : "v1-7", accepted ? "33" : "34", [6000, 6010]);
  const storage = [
    storageRecord({ key: "r1", value: "v1-7", token: "34", client: "1", mode: kind, atMs: 4135 }),
    storageRecord({
      key: "r1", value: "v3-2", token: "33", client: "3", mode: kind, atMs: 5115, accepted, highest: "34",
      ...(accepted ? {} : { reason: "stale-token" }),
    }),
  ];
  return { config: testRunConfig(kind), history: b.build(), storage };
}
