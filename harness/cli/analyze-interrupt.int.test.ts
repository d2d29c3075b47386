/**
 * Ctrl-C during `fencecheck analyze` ends it at once: it has nothing to heal
 * or stop, and its checkers run synchronously, where a signal handler would
 * wait for the end of the whole check (it used to run to the end and print a
 * verdict). The run's files stay as they were. Needs a build.
 */
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startCli, until } from "./testing/cli-process.js";
import { longLockWriteRun } from "./testing/stored-run.js";

// 20,000 rounds: 120,000 history lines (15 MB), seconds of checking on any machine.
const dir = longLockWriteRun(20_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bytes the process has read (its own modules, about 1.3 MB, then the run's files). */
function bytesRead(pid: number): number {
  const io = existsSync(`/proc/${pid}/io`) ? readFileSync(`/proc/${pid}/io`, "utf8") : "";
  return Number(/^rchar: (\d+)$/m.exec(io)?.[1] ?? 0);
}

describe("Ctrl-C during fencecheck analyze", () => {
  it("ends the process by the signal while it reads and checks, and leaves the run's files as they were", async () => {
    const historyBytes = statSync(join(dir, "history.jsonl")).size;
    const analyze = startCli(["analyze", dir]);
    const pid = analyze.child.pid!;
    await until("analyze to be reading the history", () => bytesRead(pid) > 4_000_000, 60_000);
    analyze.child.kill("SIGINT");
    const result = await analyze.done;

    expect(result.signal).toBe("SIGINT");
    expect(result.stdout).toBe("");
    expect(statSync(join(dir, "history.jsonl")).size).toBe(historyBytes);
    expect(existsSync(join(dir, "results.json"))).toBe(false);
    expect(existsSync(join(dir, "report.html"))).toBe(false);
  }, 120_000);
});
