/**
 * Figures of `fencecheck check` as a user runs it, in child processes: the
 * wall time of checking a small file, and a long check's verdict, time and
 * peak resident memory (VmHWM, sampled from /proc while it runs).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createSystemClock } from "../../harness/index.js";

/** What one `fencecheck check` process did. */
export interface ProcessRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly wallMs: number;
  /** Peak resident set in MiB (the last VmHWM sample; 0 when /proc was not readable). */
  readonly peakMiB: number;
}

/** Runs `node bin args...` to its end. */
export function runCli(bin: string, args: readonly string[]): Promise<ProcessRun> {
  return runNode([bin, ...args]);
}

/** The median wall time of `times` runs of `node -e 0`: Node's own start, for scale. */
export async function nodeStartMs(times: number): Promise<number> {
  const walls: number[] = [];
  for (let i = 0; i < times; i++) walls.push((await runNode(["-e", "0"])).wallMs);
  return walls.sort((a, b) => a - b)[walls.length >> 1]!;
}

function runNode(args: readonly string[]): Promise<ProcessRun> {
  const clock = createSystemClock();
  const start = clock.nowNs();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
  let stdout = "";
  let peakMiB = 0;
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const sample = (): void => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (hwm) peakMiB = Math.max(peakMiB, Number(hwm[1]) / 1024);
    } catch {
      // the process has ended between two samples
    }
  };
  const timer = setInterval(sample, 50);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (exitCode) => {
      clearInterval(timer);
      resolve({ exitCode, stdout, wallMs: (clock.nowNs() - start) / 1e6, peakMiB });
    });
  });
}

/** The median wall time of `times` runs of `fencecheck check file`. */
export async function smallCheckMs(bin: string, file: string, times: number): Promise<{ ms: number; verdict: string }> {
  const walls: number[] = [];
  let verdict = "";
  for (let i = 0; i < times; i++) {
    const run = await runCli(bin, ["check", file]);
    verdict = run.stdout.split("\t")[2] ?? `exit ${run.exitCode}`;
    walls.push(run.wallMs);
  }
  walls.sort((a, b) => a - b);
  return { ms: walls[walls.length >> 1]!, verdict };
}
