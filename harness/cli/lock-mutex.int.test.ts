/**
 * The lock-mutex workload from the CLI against real lock services (real
 * namespaces and processes; needs root and a build): clients only acquire,
 * hold and release; the history has no read or write, the mutex checker
 * and the lock-service checker judge it: a correct service is valid, one
 * that grants before the last lease ended (testdata/early-lock) is not.
 * Two runs go at a time, each the compiled CLI with its own store.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { runCli } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-mutex-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

interface StoredOp {
  readonly process: unknown;
  readonly type: string;
  readonly f: string;
}

async function runMutex(lock: string, nemesis: string, timeLimitS = 5): Promise<{ code: number | null; out: string; err: string; ops: StoredOp[]; checkers: string[] }> {
  const own = mkdtempSync(join(store, "run-"));
  const args = ["run", "--workload", "lock-mutex", "--lock", lock, "--nemesis", nemesis, "--time-limit", String(timeLimitS), "--clients", "3", "--seed", "4", "--store", own];
  const { code, stdout: out, stderr: err } = await runCli(args);
  const ops = readFileSync(join(own, "latest", "history.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as StoredOp);
  const results = JSON.parse(readFileSync(join(own, "latest", "results.json"), "utf8")) as { results: Record<string, unknown> };
  return { code, out, err, ops, checkers: Object.keys(results.results) };
}

describe.concurrent("fencecheck run --workload lock-mutex", () => {
  it("acquires and releases only, and finds the reference lock service a mutex under pauses", async ({ expect }) => {
    const run = await runMutex("reference", "pause");
    expect(run.code, run.err).toBe(0);
    const fs = new Set(run.ops.filter((op) => typeof op.process === "number").map((op) => op.f));
    expect([...fs].sort()).toEqual(["acquire", "release"]);
    expect(run.ops.filter((op) => op.f === "release" && op.type === "ok").length).toBeGreaterThan(0);
    expect(run.checkers).toEqual(["mutex", "lock-service", "stats"]);
    expect(run.out).toMatch(/^valid(, vacuous)? \(mutex: ok, lock-service: ok, stats: ok; hazards: [^)]*\)/m);
  }, 60_000);

  it("finds a lock service that grants again at 60% of the TTL not a mutex", async ({ expect }) => {
    const run = await runMutex(join(import.meta.dirname, "testdata", "early-lock", "adapter.mjs"), "none");
    expect(run.code, run.err).toBe(1);
    expect(run.out).toMatch(/^INVALID \(mutex: FAIL/m);
    expect(run.out).toMatch(/mutex: "r\d" cannot place/);
  }, 60_000);

  it("finds etcd a mutex under partitions", async ({ expect }) => {
    // 12 s: at load 20, 5 s of partitions once let no acquire through (unknown: "none of 4 acquires was granted").
    const run = await runMutex("etcd", "partition", 12);
    expect(run.code, run.err).toBe(0);
    expect(run.checkers).toEqual(["mutex", "lock-service", "stats"]);
  }, 60_000);
});
