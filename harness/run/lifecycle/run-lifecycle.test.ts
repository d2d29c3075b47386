/**
 * The run lifecycle on the fake runtime (no root, no build: the programs'
 * paths are faked, the agents answered in memory), beside the integration
 * tests that prove the same on real processes: faults in force are healed
 * and the cluster stopped whatever ends the run, an abort turns the ops in
 * flight into `info`, and an error after the workload started still gets
 * the history checked.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { HarnessError, type Generator, type RunConfig, type Runtime } from "../../../core/index.js";
import { findWorkload, type Workload } from "../../../workloads/index.js";
import { createFakeRuntime, type FakeCall, type FakeLineHandler } from "../../runtime/fake/fake-runtime.js";
import { runTest } from "./run-test.js";

vi.mock("../../../workloads/entrypoints.js", () => ({
  entrypointPath: (name: string) => `/no-build/${name}.js`,
  launchProgramPath: (name: string) => `/no-build/${name}.js`,
}));

const store = mkdtempSync(join(tmpdir(), "fc-lifecycle-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

function config(faults: string[], timeLimitMs: number): RunConfig {
  return {
    name: "lifecycle", seed: 5, runtime: "fake", command: "", storeDir: store, timeLimitMs, opTimeoutMs: 5000,
    lock: { adapter: "reference", nodes: 1 },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 10, acquireTimeoutMs: 1000 },
    nemesis: { faults, intervalMs: 50, options: { pause: { durationMs: 60_000 } } },
  };
}

/**
 * Agents that grant every acquire with the next token and accept every write; `hang` never answers `f`.
 * A shared host (a run without faults) greets each session it opens and tags replies with their session.
 * The lock probe (its arguments, a JSON array, on its first line) answers the preflight with a lease and exits.
 */
function agents(hang?: string): FakeLineHandler {
  let token = 0;
  return (line, ctx) => {
    if (line.startsWith("[")) {
      ctx.exit(0);
      return JSON.stringify({ token: "1" });
    }
    const request = JSON.parse(line) as { session?: number; open?: unknown; id: number; f: string; value: { resource: string; value?: string } };
    if (request.open !== undefined) return JSON.stringify({ session: request.session, ready: true });
    if (request.f === hang) return undefined;
    const value = request.f === "acquire" ? { ...request.value, token: String(++token) } : { ...request.value, token: String(token) };
    return JSON.stringify({ session: request.session, id: request.id, type: "ok", value });
  };
}

/** The lock probe's answer inside a node: the preflight got a lease. */
const preflight = () => ({ stdout: `${JSON.stringify({ token: "1" })}\n` });

const kinds = (calls: readonly FakeCall[]): string[] => calls.map((c) => c.kind);

/** Where the first agent started among the run's process starts, and where the last service did. */
function startOrder(calls: readonly FakeCall[]): { firstAgent: number; lastService: number } {
  const starts = calls.filter((c) => c.kind === "start-process").map((c) => (c.argv.some((a) => a.includes("agent")) ? "agent" : "service"));
  return { firstAgent: starts.indexOf("agent"), lastService: starts.lastIndexOf("service") };
}

describe("the run lifecycle", () => {
  it("starts agents beside the services, but only after them where the runtime bounds the processes starting at once", async () => {
    const order = async (runtime: Runtime & { calls: FakeCall[] }) => {
      await runTest(config([], 300), { runtime, signal: new AbortController().signal });
      return startOrder(runtime.calls);
    };
    const fake = () => createFakeRuntime({ onLine: agents(), hello: JSON.stringify({ ready: true }), exec: preflight });
    const beside = await order(fake());
    expect(beside.firstAgent).toBeLessThan(beside.lastService);
    const bounded = await order({ ...fake(), startsAtOnce: 10 });
    expect(bounded.firstAgent).toBeGreaterThan(bounded.lastService);
  }, 20_000);

  it("resumes a node paused when the run is aborted, stops the cluster last, records ops in flight as info and still checks", async () => {
    const runtime = createFakeRuntime({ onLine: agents("write"), hello: JSON.stringify({ ready: true }), exec: preflight });
    const controller = new AbortController();
    const ops: string[] = [];
    const outcome = await runTest(config(["pause"], 30_000), {
      runtime,
      signal: controller.signal,
      onOp: (op) => {
        ops.push(`${String(op.process)}:${op.f}:${op.type}`);
        if (op.process === "nemesis" && op.f === "pause" && op.type === "info") setTimeout(() => controller.abort(), 20);
      },
    });
    expect(outcome.aborted).toBe(true);
    expect(outcome.reachedWorkload).toBe(true);
    expect(Object.keys(outcome.results)).toContain("fencing");
    const calls = kinds(runtime.calls);
    expect(calls.lastIndexOf("resume")).toBeGreaterThan(calls.lastIndexOf("pause"));
    expect(calls.at(-1)).toBe("stop");
    expect(ops.filter((op) => op.endsWith(":write:info")).length).toBeGreaterThan(0);
  }, 20_000);

  it("checks inside whileChecking, once the cluster is stopped and the history stored", async () => {
    const runtime = createFakeRuntime({ onLine: agents(), hello: JSON.stringify({ ready: true }), exec: preflight });
    const seen: string[][] = [];
    const lines: string[] = [];
    const outcome = await runTest(config([], 300), {
      runtime,
      log: (line) => lines.push(line),
      whileChecking: async (check) => {
        seen.push(kinds(runtime.calls));
        return check();
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.at(-1)).toBe("stop");
    expect(Object.keys(outcome.results)).toContain("fencing");
    expect(lines).toContain(`checking the history (Ctrl-C ends the check; fencecheck analyze ${outcome.dir} checks it again)`);
  }, 20_000);

  it("checks a second pass of history.jsonl, not ops kept in memory: a read the file alone holds is judged", async () => {
    const runtime = createFakeRuntime({ onLine: agents(), hello: JSON.stringify({ ready: true }), exec: preflight });
    let inFile = 0;
    const outcome = await runTest(config([], 300), {
      runtime,
      whileChecking: async (check) => {
        const path = join(store, "latest", "history.jsonl");
        const last = readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { index: number; time: number }).at(-1)!;
        const read = { process: 99, f: "read", node: "c1" };
        appendFileSync(path, [
          { ...read, index: last.index + 1, time: last.time + 1, type: "invoke", value: { resource: "r1" } },
          { ...read, index: last.index + 2, time: last.time + 2, type: "ok", value: { resource: "r1", value: "never-written", token: "1" } },
        ].map((op) => JSON.stringify(op) + "\n").join(""));
        inFile = readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { type: string; f: string })
          .filter((op) => op.type === "invoke" && (op.f === "read" || op.f === "write")).length;
        return check();
      },
    });
    // Every storage op of the file, the appended read included, reached the checker.
    expect(outcome.results["linearizable"]).toMatchObject({ operations: inFile });
  }, 20_000);

  it("checks the history recorded before an error in the workload, and stops the cluster", async () => {
    const runtime = createFakeRuntime({ onLine: agents(), hello: JSON.stringify({ ready: true }), exec: preflight });
    const lockWrite = findWorkload("lock-write");
    let asked = 0;
    const failing = (inner: Generator): Generator => ({
      op(ctx) {
        if (++asked > 40) throw new Error("the generator broke");
        const result = inner.op(ctx);
        return result === undefined || result === "pending" ? result : [result[0], failing(result[1])];
      },
      update: (ctx, event) => failing(inner.update(ctx, event)),
    });
    const workload: Workload = { ...lockWrite, generator: (c) => failing(lockWrite.generator(c)) };
    const outcome = await runTest(config([], 30_000), { runtime, workload });
    expect(outcome.error?.message).toMatch(/the generator broke/);
    expect(outcome.reachedWorkload).toBe(true);
    expect(Object.keys(outcome.results)).toEqual(expect.arrayContaining(["fencing", "lock-service", "stats"]));
    expect(kinds(runtime.calls).at(-1)).toBe("stop");
  }, 20_000);

  it("ends the run with a cluster's failure (a node's log it cannot write), heals the pause, stops the cluster and still checks", async () => {
    const fake = createFakeRuntime({ onLine: agents(), hello: JSON.stringify({ ready: true }), exec: preflight });
    let fail: ((error: HarnessError) => void) | undefined;
    const runtime: Runtime = { ...fake, start: (nodes, opts) => ((fail = opts.onFailure), fake.start(nodes, opts)) };
    const logFull = new HarnessError("store.write-failed", `Cannot write "/store/nodes/l1/lock.log": ENOSPC: no space left on device, write`);
    const outcome = await runTest(config(["pause"], 30_000), {
      runtime,
      onOp: (op) => {
        if (op.process === "nemesis" && op.f === "pause" && op.type === "info") setTimeout(() => fail?.(logFull), 20);
      },
    });
    expect(outcome.error).toBe(logFull);
    expect(outcome.reachedWorkload).toBe(true);
    expect(Object.keys(outcome.results)).toContain("fencing");
    const calls = kinds(fake.calls);
    expect(calls.lastIndexOf("resume")).toBeGreaterThan(calls.lastIndexOf("pause"));
    expect(calls.at(-1)).toBe("stop");
  }, 20_000);
});
