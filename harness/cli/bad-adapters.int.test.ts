/**
 * An adapter that misbehaves fails the run before its workload, with one
 * line on stderr, exit 254, no verdict on stdout and nothing left running.
 * An acquire that never settled used to pass the preflight (the probe ran
 * out of work and exited 0 without a lease), and a connect that returned
 * garbage still printed a verdict. Needs root and a build.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, type CliResult } from "./testing/cli-process.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-bad-adapters-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

const adapter = (name: string): string => resolve(import.meta.dirname, "testdata/bad-adapters", `${name}.mjs`);

async function runWith(name: string, acquireTimeoutMs = 1500): Promise<CliResult> {
  return runCli(["run", "--lock", adapter(name), "--storage", "fenced", "--time-limit", "2", "--clients", "2",
    "--acquire-timeout-ms", String(acquireTimeoutMs), "--store", store]);
}

/** The run's namespaces (`fc-<run id>-...`) still present, from the run id its log printed. */
function namespacesLeft(stderr: string): string[] {
  const runId = /\(run ([0-9a-z]+)\)/.exec(stderr)?.[1];
  expect(runId, "the run printed its id").toBeDefined();
  return execFileSync("ip", ["netns", "list"], { encoding: "utf8" }).split("\n").filter((l) => l.startsWith(`fc-${runId}-`));
}

/** One error line after the progress lines, nothing on stdout, nothing left running. */
function expectFailedToStart(result: CliResult, line: string | RegExp): void {
  expect(result.code).toBe(254);
  expect(result.stdout).toBe("");
  const errors = result.stderr.split("\n").filter((l) => l.startsWith("fencecheck:"));
  expect(errors).toEqual([typeof line === "string" ? `fencecheck: ${line}` : expect.stringMatching(line)]);
  expect(result.stderr).not.toMatch(/kept its promise|fencing: ok|checking the history/);
  expect(namespacesLeft(result.stderr)).toEqual([]);
}

describe("a run whose adapter misbehaves before the workload", () => {
  it("fails the preflight when acquire never settles", async () => {
    expectFailedToStart(await runWith("silent-acquire"),
      `Cannot check lock service "silent-acquire": the preflight acquire of "fencecheck-preflight" did not answer within 1500 ms`);
  });

  it("fails the preflight when acquire keeps the probe's event loop busy", async () => {
    expectFailedToStart(await runWith("busy-acquire", 500),
      `Cannot check lock service "busy-acquire": the preflight acquire of "fencecheck-preflight" did not answer within 500 ms`);
  });

  it("prints one error line and no verdict when connect returns garbage", async () => {
    expectFailedToStart(await runWith("garbage-connect"), /^fencecheck: .*garbage-connect.*connect/);
  });
});
