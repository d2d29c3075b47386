/**
 * A run killed with SIGKILL during a power loss, its lazy file system
 * servers with it (the whole process group), leaves its lazy disks mounted
 * and dead: reading one fails with "Transport endpoint is not connected"
 * (or "Software caused connection abort", killed mid-request).
 * `fencecheck clean --run-id` must unmount them, so nothing of the run is
 * left mounted and its data directories can be read (and removed) again.
 * Needs root, /dev/fuse, native/lazyfs/build.sh and a build (runs the
 * compiled CLI as a separate process). Cleans only its own run.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const bin = resolve(import.meta.dirname, "../../dist/harness/cli/bin.js");
const store = mkdtempSync(join(tmpdir(), "fencecheck-power-kill-"));
let runId: string | undefined;

afterAll(() => {
  if (runId !== undefined) fencecheck(["clean", "--run-id", runId]);
  rmSync(store, { recursive: true, force: true });
});

function fencecheck(args: string[]): { status: number | null; stdout: string } {
  try {
    return { status: 0, stdout: execFileSync(process.execPath, [bin, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) };
  } catch (e) {
    const err = e as { status: number | null; stdout: string };
    return { status: err.status, stdout: err.stdout };
  }
}

/** The run's lazy disks in /proc/mounts (source `fencecheck-lazyfs-<runId>`). */
function mountsOf(id: string): string[] {
  return readFileSync("/proc/mounts", "utf8").split("\n").filter((line) => line.startsWith(`fencecheck-lazyfs-${id} `)).map((line) => line.split(" ")[1] ?? "");
}

/** How reading a directory fails ("" when it does not). */
function readError(dir: string): string {
  try {
    readdirSync(dir);
    return "";
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? "error";
  }
}

async function until(what: string, done: () => boolean, limitMs: number): Promise<void> {
  for (let waited = 0; !done(); waited += 200) {
    if (waited > limitMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("fencecheck clean after a run killed with SIGKILL during a power loss", () => {
  it("unmounts the dead lazy disk its killed server left", { timeout: 150_000 }, async () => {
    const child = spawn(process.execPath, [bin, "run", "--lock", "reference", "--nemesis", "lose-unfsynced-lock", "--nemesis-interval", "1",
      "--time-limit", "60", "--store", store], { stdio: ["ignore", "ignore", "pipe"], detached: true });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    const history = join(store, "latest", "history.jsonl");
    await until("a power loss in the history", () => existsSync(history) && readFileSync(history, "utf8").includes(`"f":"power-loss"`), 90_000);
    process.kill(-(child.pid ?? 0), "SIGKILL");
    await new Promise((r) => child.once("exit", r));
    runId = /\(run ([0-9a-z]+)\)/.exec(stderr)?.[1];
    expect(runId, `the run printed its id on stderr:\n${stderr}`).toBeDefined();
    const id = runId ?? "";

    const left = mountsOf(id);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/\/nodes\/l1\/data$/);
    const dead = left[0] ?? "";
    // A FUSE mount whose server died reads as ENOTCONN, or as ECONNABORTED when the server died in the middle of a request.
    expect(["ENOTCONN", "ECONNABORTED"]).toContain(readError(dead));

    const cleaned = fencecheck(["clean", "--run-id", id]);
    expect(cleaned.status).toBe(0);
    expect(cleaned.stdout).toContain(`unmounted 1 lazy file system(s): ${dead}`);
    expect(mountsOf(id)).toEqual([]);
    expect(readError(dead)).toBe("");
    expect(execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })).not.toContain(`fencecheck-lazyfs-${id}`);
  });
});
