import { describe, expect, it } from "vitest";
import { createRng, type Completion, type GenContext, type Generator, type Invoke, type OpRequest, type ProcessId } from "../../core/index.js";
import { holdingClient, lockWriteGenerator } from "./lock-write-generator.js";

function ctx(free: ProcessId[], time = 0): GenContext {
  return { time, freeProcesses: new Set(free), concurrency: 2, rng: createRng(1) };
}

function take(gen: Generator, free: ProcessId[]): [OpRequest, Generator] {
  const r = gen.op(ctx(free));
  if (r === undefined || r === "pending") throw new Error(`expected an op, got ${String(r)}`);
  const invoke = { ...r[0], index: 0, time: 0, type: "invoke" } as Invoke;
  return [r[0], r[1].update(ctx(free), invoke)];
}

function complete(gen: Generator, req: OpRequest, type: Completion["type"], value: unknown = req.value): Generator {
  const done = { index: 1, time: 1, process: req.process, f: req.f, type, value, error: { code: "x", message: "x", definite: true } } as Completion;
  return gen.update(ctx([]), done);
}

describe("lockWriteGenerator", () => {
  it("loops acquire, read, hold, write, release on one resource per cycle", () => {
    let gen = lockWriteGenerator({ concurrency: 2, resources: ["r1", "r2"], seed: 7 });
    const fs: string[] = [];
    let resource: unknown;
    for (let i = 0; i < 5; i++) {
      const [req, next] = take(gen, [0]);
      fs.push(req.f);
      resource ??= (req.value as { resource: string }).resource;
      expect((req.value as { resource: string }).resource).toBe(resource);
      gen = complete(next, req, "ok", { resource, token: "1" });
    }
    expect(fs).toEqual(["acquire", "read", "hold", "write", "release"]);
  });

  it("sends the write on its own: the hold, the lease check and the write delay are ops before it", () => {
    let gen = lockWriteGenerator({ concurrency: 1, resources: ["r1"], seed: 7, holdMs: () => 250, leaseCheck: true, writeDelayMs: 300 });
    const ops: { f: string; value: unknown }[] = [];
    for (let i = 0; i < 7; i++) {
      const [req, next] = take(gen, [0]);
      ops.push({ f: req.f, value: req.value });
      gen = complete(next, req, "ok");
    }
    expect(ops).toEqual([
      { f: "acquire", value: { resource: "r1" } },
      { f: "read", value: { resource: "r1" } },
      { f: "hold", value: { resource: "r1", phase: "critical-section", holdMs: 250 } },
      { f: "check-lease", value: { resource: "r1" } },
      { f: "hold", value: { resource: "r1", phase: "write-delay", holdMs: 300 } },
      { f: "write", value: { resource: "r1", value: "p0-0" } },
      { f: "release", value: { resource: "r1" } },
    ]);
  });

  it("releases without writing when the lease check fails", () => {
    let gen = lockWriteGenerator({ concurrency: 1, resources: ["r1"], seed: 7, leaseCheck: true });
    for (const [f, type] of [["acquire", "ok"], ["read", "ok"], ["hold", "ok"], ["check-lease", "fail"]] as const) {
      const [req, next] = take(gen, [0]);
      expect(req.f).toBe(f);
      gen = complete(next, req, type);
    }
    expect(take(gen, [0])[0].f).toBe("release");
  });

  it("starts a new cycle when the acquire fails", () => {
    let gen = lockWriteGenerator({ concurrency: 2, resources: ["r1"], seed: 7 });
    const [acquire, next] = take(gen, [0]);
    gen = complete(next, acquire, "fail");
    expect(take(gen, [0])[0].f).toBe("acquire");
  });

  it("releases after a write that storage rejected", () => {
    let gen = lockWriteGenerator({ concurrency: 2, resources: ["r1"], seed: 7 });
    for (const [f, type] of [["acquire", "ok"], ["read", "ok"], ["hold", "ok"], ["write", "fail"]] as const) {
      const [req, next] = take(gen, [0]);
      expect(req.f).toBe(f);
      gen = complete(next, req, type);
    }
    expect(take(gen, [0])[0].f).toBe("release");
  });

  it("starts over on the retired process's thread after an info", () => {
    let gen = lockWriteGenerator({ concurrency: 2, resources: ["r1"], seed: 7 });
    const [acquire, next] = take(gen, [1]);
    gen = complete(next, acquire, "ok");
    const [read, next2] = take(gen, [1]);
    gen = complete(next2, read, "info");
    const [again] = take(gen, [3]);
    expect(again).toMatchObject({ process: 3, f: "acquire" });
  });

  it("writes values that name the process and the cycle", () => {
    let gen = lockWriteGenerator({ concurrency: 2, resources: ["r1"], seed: 7 });
    for (let i = 0; i < 3; i++) {
      const [req, next] = take(gen, [0]);
      gen = complete(next, req, "ok");
    }
    expect(take(gen, [0])[0].value).toEqual({ resource: "r1", value: "p0-0" });
  });

  it("picks the same resources for the same seed", () => {
    const picks = (seed: number): unknown[] => {
      let gen = lockWriteGenerator({ concurrency: 1, resources: ["a", "b", "c", "d"], seed });
      const out: unknown[] = [];
      for (let i = 0; i < 10; i++) {
        const [req, next] = take(gen, [0]);
        out.push((req.value as { resource: string }).resource);
        gen = complete(next, req, "fail");
      }
      return out;
    };
    expect(picks(3)).toEqual(picks(3));
    expect(new Set(picks(3)).size).toBeGreaterThan(1);
  });

  it("keeps each thread on its own resource with single-writer partitioning", () => {
    const seen = new Map<number, Set<unknown>>();
    for (const process of [0, 1]) {
      let gen = lockWriteGenerator({ concurrency: 2, resources: ["a", "b"], seed: 3, singleWriter: true });
      for (let i = 0; i < 8; i++) {
        const [req, next] = take(gen, [process]);
        seen.set(process, (seen.get(process) ?? new Set()).add((req.value as { resource: string }).resource));
        gen = complete(next, req, "fail");
      }
    }
    expect(seen.get(0)).toEqual(new Set(["a"]));
    expect(seen.get(1)).toEqual(new Set(["b"]));
  });

  it("puts a client in its critical section at its hold's invoke, so it finishes its write after the time limit", () => {
    const op = (type: Completion["type"] | "invoke", f: string) => ({ index: 0, time: 0, process: 3, type, f, value: { resource: "r1" } }) as Invoke;
    expect(holdingClient(op("invoke", "hold"))).toBe(3);
    expect([holdingClient(op("ok", "hold")), holdingClient(op("invoke", "write")), holdingClient(op("invoke", "read"))]).toEqual([undefined, undefined, undefined]);
  });
});
