/**
 * Runs one cell as a user would: `fencecheck run ...` in its own process
 * (and its own process group), so its exit code, 254 and 255 included, is
 * seen exactly. A run past its hard timeout is asked to stop (SIGTERM to
 * its group: it heals its faults and stops its nodes), killed with its
 * group after a grace period, and then its run's leftovers are removed
 * with `fencecheck clean --run-id`, that run's and no other's. The
 * process's output is kept in a log file beside the matrix page.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cellGot, cellHazards, type CellResult } from "./cell-verdict.js";
import type { CellRun } from "./validation-types.js";

/** What running a cell's process needs. */
export interface CellProcessOptions {
  /** The CLI's script (`dist/harness/cli/bin.cjs`), run with this Node. */
  readonly bin: string;
  readonly cwd: string;
  /** A cell still running after this long is stopped and counts as a timeout. */
  readonly hardTimeoutMs: number;
  /** After SIGTERM, how long before SIGKILL (default 30 s). */
  readonly graceMs?: number;
  /** Where to write the process's stdout and stderr. */
  readonly logPath: string;
  /** Aborting stops the cell as a timeout does (without counting it as one). */
  readonly signal: AbortSignal;
  /** Harness-monotonic milliseconds, for the cell's duration. */
  nowMs(): number;
}

/** How the process ended and what it printed. */
interface Ended {
  readonly code: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly stopped: "timeout" | "abort" | undefined;
}

/** Runs `run` to its end (or its timeout) and reads its outcome. */
export async function runCellProcess(run: CellRun, options: CellProcessOptions): Promise<CellResult> {
  const started = options.nowMs();
  const ended = await spawnRun(["run", ...run.argv], options);
  const runId = /\(run ([a-z0-9]+)\)/.exec(ended.stderr)?.[1];
  if (ended.stopped !== undefined && runId !== undefined) await spawnRun(["clean", "--run-id", runId], { ...options, hardTimeoutMs: 60_000, signal: new AbortController().signal });
  writeFileSync(options.logPath, `$ fencecheck run ${run.argv.join(" ")}\n${ended.stdout}\n--- stderr ---\n${ended.stderr}`);
  const got = ended.stopped === "abort" ? "not run" : cellGot({ code: ended.code, signal: ended.signal, timedOut: ended.stopped === "timeout", stdout: ended.stdout });
  const report = /^report: (.+)$/m.exec(ended.stdout)?.[1];
  const unknownWhy = /^ {2}unknown: (.+)$/m.exec(ended.stdout)?.[1];
  const detail = got === "valid" || got === "invalid" ? undefined
    : got === "unknown" && unknownWhy !== undefined ? unknownWhy
    : lastLines(ended.stderr, ended.stopped === "timeout" ? `no verdict after ${options.hardTimeoutMs / 1000} s` : undefined);
  return { run, got, seconds: (options.nowMs() - started) / 1000, reportPath: report?.endsWith(".html") ? report : options.logPath, ...(detail ? { detail } : {}), ...cellHazards(ended.stdout) };
}

function spawnRun(args: readonly string[], options: CellProcessOptions): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [options.bin, ...args], { cwd: options.cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let stopped: Ended["stopped"];
    child.stdout.on("data", (chunk: Buffer) => void (stdout = keepTail(stdout + chunk.toString())));
    child.stderr.on("data", (chunk: Buffer) => void (stderr = keepTail(stderr + chunk.toString())));
    const group = (sig: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, sig);
      } catch {
        // The group is already gone.
      }
    };
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (why: "timeout" | "abort"): void => {
      if (stopped !== undefined) return;
      stopped = why;
      group("SIGTERM");
      killTimer = setTimeout(() => group("SIGKILL"), options.graceMs ?? 30_000);
    };
    const timer = setTimeout(() => stop("timeout"), options.hardTimeoutMs);
    const onAbort = (): void => stop("abort");
    options.signal.addEventListener("abort", onAbort, { once: true });
    if (options.signal.aborted) onAbort();
    child.once("error", (error) => void (stderr += `\n${error.message}`));
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      options.signal.removeEventListener("abort", onAbort);
      resolve({ code, signal, stdout, stderr, stopped });
    });
  });
}

/** Keeps the last 256 KiB of a stream: enough for every line a run prints at its end. */
function keepTail(text: string): string {
  return text.length > 262_144 ? text.slice(-262_144) : text;
}

/** The run's own last error line (`fencecheck: ...`), or else its last line of stderr, after `lead`. */
function lastLines(stderr: string, lead: string | undefined): string {
  const lines = stderr.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const own = lines.filter((l) => l.startsWith("fencecheck:")).at(-1) ?? lines.at(-1);
  return [lead, own].filter((l): l is string => l !== undefined).join(" | ");
}
