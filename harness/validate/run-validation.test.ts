import { describe, expect, it } from "vitest";
import type { CellResult } from "./cell-verdict.js";
import { runValidation } from "./run-validation.js";
import type { CellRun } from "./validation-types.js";

function runs(n: number): CellRun[] {
  return Array.from({ length: n }, (_, i) => ({ cell: `d${i}/f`, design: `d${i}`, fault: "f", seed: 1, expect: "valid", why: "w", knownBroken: false, argv: [] }));
}

describe("runValidation", () => {
  it("never runs more cells at once than jobs, and returns results in table order", async () => {
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const promise = runValidation(runs(5), {
      jobs: 2, signal: new AbortController().signal, onResult: () => undefined,
      runCell: async (run) => {
        most = Math.max(most, ++running);
        await new Promise<void>((r) => gates.push(r));
        running--;
        return { run, got: "valid", seconds: 1 };
      },
    });
    // Release the cells in reverse order of start, whenever some are waiting.
    while (gates.length > 0 || running > 0) {
      await new Promise((r) => setImmediate(r));
      gates.pop()?.();
    }
    const results = await promise;
    expect(most).toBe(2);
    expect(results.map((r) => r.run.cell)).toEqual(["d0/f", "d1/f", "d2/f", "d3/f", "d4/f"]);
  });

  it("turns a runner that throws into a harness error for that cell and goes on", async () => {
    const seen: CellResult[] = [];
    const results = await runValidation(runs(2), {
      jobs: 1, signal: new AbortController().signal, onResult: (r) => seen.push(r),
      runCell: async (run) => {
        if (run.cell === "d0/f") throw new Error("no bin");
        return { run, got: "valid", seconds: 1 };
      },
    });
    expect(results.map((r) => r.got)).toEqual(["harness-error (255)", "valid"]);
    expect(results[0]!.detail).toMatch(/no bin/);
    expect(seen).toHaveLength(2);
  });

  it("starts no cell once aborted and returns the rest as not run", async () => {
    const controller = new AbortController();
    const results = await runValidation(runs(3), {
      jobs: 1, signal: controller.signal, onResult: () => undefined,
      runCell: async (run) => {
        controller.abort();
        return { run, got: "valid", seconds: 1 };
      },
    });
    expect(results.map((r) => r.got)).toEqual(["valid", "not run", "not run"]);
  });

  it("runs a known-broken cell whose catch was missed again on the seed anotherTry names, until caught", async () => {
    const broken: CellRun = { ...runs(1)[0]!, expect: "invalid", knownBroken: true };
    const seen: [number, number | undefined][] = [];
    const results = await runValidation([broken], {
      jobs: 1, signal: new AbortController().signal, onResult: (r, again) => seen.push([r.run.seed, again?.seed]),
      anotherTry: (run, missed) => (missed < 3 ? { ...run, seed: run.seed + missed } : undefined),
      runCell: async (run) => ({ run, got: run.seed === 2 ? "invalid" : "valid", seconds: 1 }),
    });
    expect(seen).toEqual([[1, 2], [2, undefined]]);
    expect(results[0]!.got).toBe("invalid");
    expect(results[0]!.missedTries?.map((r) => r.run.seed)).toEqual([1]);
  });

  it("gives the last try's miss once anotherTry has no more, and never tries a valid design's INVALID or an unknown again", async () => {
    const broken: CellRun = { ...runs(1)[0]!, cell: "b/f", expect: "invalid", knownBroken: true };
    const tried: string[] = [];
    const results = await runValidation([broken, ...runs(2)], {
      jobs: 1, signal: new AbortController().signal, onResult: () => undefined,
      anotherTry: (run, missed) => (missed < 2 ? { ...run, seed: run.seed + missed } : undefined),
      runCell: async (run) => {
        tried.push(`${run.cell}#${run.seed}`);
        return { run, got: run.cell === "b/f" ? "valid" : run.cell === "d0/f" ? "invalid" : "unknown", seconds: 1 };
      },
    });
    expect(tried).toEqual(["b/f#1", "b/f#2", "d0/f#1", "d1/f#1"]);
    expect(results.map((r) => r.got)).toEqual(["valid", "invalid", "unknown"]);
    expect(results[0]!.missedTries).toHaveLength(1);
  });
});
