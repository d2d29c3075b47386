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
});
