/**
 * An unusable store is refused before anything starts: exit 254 and one
 * line naming the path and why, within seconds, with no node started. A
 * store under /proc used to spin forever in a recursive mkdir, deaf to
 * Ctrl-C. Needs root (mounts a read-only tmpfs) and a build.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCli, type CliResult } from "./testing/cli-process.js";

const base = mkdtempSync(join(tmpdir(), "fencecheck-bad-store-"));
const readOnly = join(base, "ro");
beforeAll(() => {
  mkdirSync(readOnly);
  execFileSync("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", readOnly]);
});
afterAll(() => {
  execFileSync("umount", [readOnly]);
  rmSync(base, { recursive: true, force: true });
});

/** Runs `fencecheck run` into `store`; a run still going after 15 s is killed and counts as a hang. */
async function runInto(store: string): Promise<CliResult> {
  const run = startCli(["run", "--time-limit", "1", "--store", store]);
  const timer = setTimeout(() => run.child.kill("SIGKILL"), 15_000);
  const result = await run.done;
  clearTimeout(timer);
  return result;
}

function expectRefused(result: CliResult, line: RegExp): void {
  expect(result.signal, "the run hung and was killed").toBeNull();
  expect(result.code).toBe(254);
  expect(result.stdout).toBe("");
  expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(line)]);
}

describe("fencecheck run with a store it cannot use", () => {
  it("refuses a store under /proc at once, where a recursive mkdir used to spin forever", async () => {
    expectRefused(await runInto("/proc/fencecheck-nope"), /^fencecheck: Cannot use store "\/proc\/fencecheck-nope": cannot create directory "\/proc\/fencecheck-nope"/);
  });

  it("refuses a read-only store, naming it", async () => {
    expectRefused(await runInto(readOnly), /^fencecheck: Cannot use store ".*\/ro": cannot create files in it \(EROFS: read-only file system\)$/);
    expectRefused(await runInto(join(readOnly, "store")), /^fencecheck: Cannot use store ".*\/ro\/store": cannot create directory ".*\/ro\/store" \(EROFS: read-only file system\)$/);
  });

  it("refuses a store that is a file", async () => {
    const file = join(base, "a-file");
    writeFileSync(file, "");
    expectRefused(await runInto(file), /^fencecheck: Cannot use store ".*\/a-file": ".*\/a-file" is a file, not a directory$/);
  });
});
