/**
 * A harness killed with SIGKILL cannot clean up after itself: its nodes'
 * namespaces and service processes stay behind. `fencecheck clean --run-id`
 * must remove them all, and the history written so far must stay checkable:
 * fenced storage under a paused holder kept every check, and the final reads
 * the killed run never made leave the verdict unknown (exit 2), never INVALID. The test cleans only its
 * own run (the id the run printed): a bare `fencecheck clean` would remove
 * every run on the machine, other users' included.
 * Needs root and a build (runs the compiled CLI as a separate process).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const bin = resolve(import.meta.dirname, "../../dist/harness/cli/bin.js");
const store = mkdtempSync(join(tmpdir(), "fencecheck-kill-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

/** The namespaces of one run: `fc-<runId>-*`. */
function namespacesOf(runId: string): string[] {
  return execFileSync("ip", ["netns", "list"], { encoding: "utf8" })
    .split("\n")
    .map((l) => l.split(" ")[0] ?? "")
    .filter((n) => n.startsWith(`fc-${runId}-`));
}

function fencecheck(args: string[]): { status: number | null; stdout: string } {
  try {
    return { status: 0, stdout: execFileSync(process.execPath, [bin, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) };
  } catch (e) {
    const err = e as { status: number | null; stdout: string };
    return { status: err.status, stdout: err.stdout };
  }
}

/** A zombie (reaped later by whoever adopted it) no longer runs. */
function alive(pid: string): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

async function until(what: string, done: () => boolean, limitMs: number): Promise<void> {
  for (let waited = 0; !done(); waited += 100) {
    if (waited > limitMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("fencecheck clean after a harness killed with SIGKILL", () => {
  it("removes every namespace and process the run left, and the history cut short checks with no false failure", async () => {
    const child = spawn(process.execPath, [bin, "run", "--nemesis", "pause-holder", "--time-limit", "60", "--seed", "3", "--store", store], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    const history = join(store, "latest", "history.jsonl");
    await until("ops in the history", () => existsSync(history) && readFileSync(history, "utf8").split("\n").length > 50, 30_000);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const runId = /\(run ([0-9a-z]+)\)/.exec(stderr)?.[1];
    expect(runId, `the run printed its id on stderr:\n${stderr}`).toBeDefined();
    const id = runId ?? "";

    const left = namespacesOf(id);
    expect(left.length).toBeGreaterThan(0);
    const pids = left.flatMap((ns) => execFileSync("ip", ["netns", "pids", ns], { encoding: "utf8" }).split("\n").filter(Boolean));
    expect(pids.length).toBeGreaterThan(0);

    const cleaned = fencecheck(["clean", "--run-id", id]);
    expect(cleaned.status).toBe(0);
    expect(cleaned.stdout).toContain(`fc-${id}-`);
    expect(namespacesOf(id)).toEqual([]);
    expect(pids.filter(alive)).toEqual([]);

    // The storage node's own log, never merged by the killed harness, is merged by analyze: fencing judges it.
    // Final state is unknown when a write was in flight at the kill; a read after every write (a client
    // killed in its hold, after its read) is a real final observation, and the run may then be valid.
    const analyzed = fencecheck(["analyze", join(store, "latest")]);
    const verdict = analyzed.stdout.split("\n")[0] ?? "";
    expect(verdict).toMatch(/^(unknown|valid) \(fencing: ok, /);
    expect(verdict).not.toContain("FAIL");
    expect(analyzed.status).toBe(verdict.startsWith("valid") ? 0 : 2);
    expect(existsSync(join(store, "latest", "results.json"))).toBe(true);
  });
});
