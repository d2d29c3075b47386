/**
 * The lock-mutex workload from the CLI against real lock services (real
 * namespaces and processes; needs root and a build): clients only acquire,
 * hold and release; the history has no read or write, the mutex checker
 * and the lock-service checker judge it: a correct service is valid, one
 * that grants before the last lease ended (testdata/early-lock) is not.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "./main.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-mutex-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

interface StoredOp {
  readonly process: unknown;
  readonly type: string;
  readonly f: string;
}

async function runMutex(lock: string, nemesis: string): Promise<{ code: number; out: string; err: string; ops: StoredOp[]; checkers: string[] }> {
  let out = "";
  let err = "";
  const io = { out: (s: string) => void (out += s), err: (s: string) => void (err += s), isTty: false };
  const args = ["run", "--workload", "lock-mutex", "--lock", lock, "--nemesis", nemesis, "--time-limit", "5", "--clients", "3", "--seed", "4", "--store", store];
  const code = await main(args, io, { cwd: process.cwd(), signal: new AbortController().signal });
  const ops = readFileSync(join(store, "latest", "history.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as StoredOp);
  const results = JSON.parse(readFileSync(join(store, "latest", "results.json"), "utf8")) as { results: Record<string, unknown> };
  return { code, out, err, ops, checkers: Object.keys(results.results) };
}

describe("fencecheck run --workload lock-mutex", () => {
  it("acquires and releases only, and finds the reference lock service a mutex under pauses", async () => {
    const run = await runMutex("reference", "pause");
    expect(run.code, run.err).toBe(0);
    const fs = new Set(run.ops.filter((op) => typeof op.process === "number").map((op) => op.f));
    expect([...fs].sort()).toEqual(["acquire", "release"]);
    expect(run.ops.filter((op) => op.f === "release" && op.type === "ok").length).toBeGreaterThan(0);
    expect(run.checkers).toEqual(["mutex", "lock-service", "stats"]);
    expect(run.out).toMatch(/^valid \(mutex: ok, lock-service: ok, stats: ok\)/m);
  }, 60_000);

  it("finds a lock service that grants again at 60% of the TTL not a mutex", async () => {
    const run = await runMutex(join(import.meta.dirname, "testdata", "early-lock", "adapter.mjs"), "none");
    expect(run.code, run.err).toBe(1);
    expect(run.out).toMatch(/^INVALID \(mutex: FAIL/m);
    expect(run.out).toMatch(/mutex: "r\d" cannot place/);
  }, 60_000);

  it("finds etcd a mutex under partitions", async () => {
    const run = await runMutex("etcd", "partition");
    expect(run.code, run.err).toBe(0);
    expect(run.checkers).toEqual(["mutex", "lock-service", "stats"]);
  }, 60_000);
});
