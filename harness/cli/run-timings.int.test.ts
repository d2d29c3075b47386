/**
 * `fencecheck run --timings` against the real local runtime: the run's
 * phases are printed on stderr at the end, in the order they happen, each
 * with the harness's CPU so far. Needs root and a build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-timings-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

/** The phases in a run's order, as run-test.ts, start-services.ts and check-and-report.ts mark them. */
const PHASES = [
  "CLI loaded, options read",
  "prerequisites checked",
  "cluster started (network up)",
  "agents ready, preflight lock taken",
  "workload done",
  "healed, final reads done",
  "agents closed",
  "files collected",
  "nodes stopped, history closed",
  "checkers and report loaded",
  "checked",
  "report written",
  "outcome printed",
];

describe("fencecheck run --timings", () => {
  it("prints when each phase of a reference run ended, in order, with the harness's CPU", async () => {
    const result = await runCli(["run", "--lock", "reference", "--time-limit", "1", "--hold-ms", "100", "--seed", "1", "--timings", "--store", store]);
    expect(result.code).toBe(0);
    const lines = result.stderr.split("\n");
    const header = lines.findIndex((l) => l.startsWith("timings: "));
    expect(header).toBeGreaterThanOrEqual(0);
    const marks = lines.slice(header + 1).filter((l) => l.trim() !== "").map((l) => {
      const m = /^\s*(\d+) \(\+\s*\d+\)\s+cpu\s+(\d+) \(\+\s*\d+\)\s+(.*)$/.exec(l);
      expect(m, l).not.toBeNull();
      return { atMs: Number(m?.[1]), cpuMs: Number(m?.[2]), phase: m?.[3] ?? "" };
    });
    const named = marks.map((m) => m.phase);
    // The storage and lock service become ready in either order, before the agents.
    expect(named.filter((p) => !p.endsWith(" ready"))).toEqual(PHASES);
    expect(named.indexOf("storage ready")).toBeLessThan(named.indexOf("agents ready, preflight lock taken"));
    expect(named.indexOf("lock service ready")).toBeLessThan(named.indexOf("agents ready, preflight lock taken"));
    for (let i = 1; i < marks.length; i++) {
      expect(marks[i]?.atMs).toBeGreaterThanOrEqual(marks[i - 1]?.atMs ?? 0);
      expect(marks[i]?.cpuMs).toBeGreaterThanOrEqual(marks[i - 1]?.cpuMs ?? 0);
    }
  });

  it("prints no timings without the flag", async () => {
    const result = await runCli(["run", "--lock", "reference", "--time-limit", "1", "--seed", "2", "--store", store]);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/^timings: /m);
  });
});
