/**
 * A user's lock service written in Go (examples/go-lock), whose clock
 * libfaketime cannot reach, under clock-jump on its own node on the local
 * runtime: the clock injector moves the Go program's clock, each clock op
 * records the offset the program itself read (tool "injector"), and the
 * verdict follows how the server times leases: on the wall clock it grants
 * a held lease again (INVALID), on Go's monotonic clock it stays valid.
 * Needs root, a build, native/clock-inject and examples/go-lock/build.sh
 * (scripts/setup.sh runs both).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-go-lock-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));
const example = (file: string): string => resolve(import.meta.dirname, "../../examples/go-lock", file);

interface ClockOp { readonly process: unknown; readonly f: string; readonly type: string; readonly value: { skews?: Record<string, { offsetMs: number }>; clocks?: Record<string, number>; tools?: Record<string, string> } }

/** Runs the adapter under clock-jump on the lock node; returns the exit code, the verdict line and the clock ops that completed. */
async function clockJump(adapter: string, name: string): Promise<{ code: number | null; verdict: string; jumps: ClockOp[]; stderr: string }> {
  const ran = await runCli(["run", "--lock", example(adapter), "--storage", "fenced", "--nemesis", "clock-jump", "--fault-opt", "clock.nodes=lock",
    "--time-limit", "10", "--seed", "1", "--store", store, "--name", name]);
  // The two runs share the store, so each is read from its own name's folder (store/latest is whichever ended last).
  const [dir] = readdirSync(join(store, name));
  const history = readFileSync(join(store, name, dir ?? "", "history.jsonl"), "utf8");
  const ops = history.trim().split("\n").map((line) => JSON.parse(line) as ClockOp);
  const jumps = ops.filter((op) => op.process === "nemesis" && op.f === "clock" && op.type === "info");
  return { code: ran.code, verdict: ran.stdout.split("\n")[0] ?? "", jumps, stderr: ran.stderr };
}

describe("clock faults on the node of a Go lock server on the local runtime", () => {
  it.concurrent("move its clock through the clock injector, as each op's reading proves, and catch leases timed on the wall clock", { timeout: 90_000 }, async () => {
    const run = await clockJump("wallclock.mjs", "go-wallclock");
    expect([run.code, run.verdict], run.stderr).toEqual([1, expect.stringMatching(/^INVALID .*lock-service: FAIL/)]);
    expect(run.jumps.length).toBeGreaterThan(0);
    for (const jump of run.jumps) {
      expect(jump.value.tools).toEqual({ l1: "injector" });
      expect(Math.abs((jump.value.clocks?.l1 ?? NaN) - (jump.value.skews?.l1?.offsetMs ?? NaN))).toBeLessThan(150);
    }
  });

  it.concurrent("leave leases timed on Go's monotonic clock alone: the same run is valid", { timeout: 90_000 }, async () => {
    const run = await clockJump("monotonic.mjs", "go-monotonic");
    expect([run.code, run.verdict], run.stderr).toEqual([0, expect.stringMatching(/^valid.*clock-moved-under-lease/)]);
    expect(run.jumps.map((jump) => jump.value.tools)).toContainEqual({ l1: "injector" });
  });
});
