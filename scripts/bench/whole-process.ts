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

/** Runs `node bin args...` to its end, in `env` (this process's environment when not given). */
export function runCli(bin: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<ProcessRun> {
  return runNode([bin, ...args], env);
}

function runNode(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<ProcessRun> {
  const clock = createSystemClock();
  const start = clock.nowNs();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"], env });
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

/** The median and quartiles of some wall times, in ms. */
export interface Spread {
  readonly median: number;
  readonly p25: number;
  readonly p75: number;
}

function spread(walls: number[]): Spread {
  const sorted = [...walls].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.round(q * (sorted.length - 1))]!;
  return { median: at(0.5), p25: at(0.25), p75: at(0.75) };
}

/**
 * Wall times of `fencecheck check file` and of `node -e 0` (Node's own
 * start, for scale), run alternately `runs` times each after one warm-up run
 * of each, so both meet the same load and the same environment `env`; and
 * the check's verdict (the third field of its first line, or its exit code).
 */
export async function startupMs(bin: string, file: string, runs: number, env?: NodeJS.ProcessEnv): Promise<{ check: Spread; node: Spread; verdict: string }> {
  const check: number[] = [];
  const node: number[] = [];
  let verdict = "";
  for (let i = -1; i < runs; i++) {
    const run = await runCli(bin, ["check", file], env);
    const start = await runNode(["-e", "0"], env);
    if (i < 0) continue;
    verdict = run.stdout.split("\t")[2] ?? `exit ${run.exitCode}`;
    check.push(run.wallMs);
    node.push(start.wallMs);
  }
  return { check: spread(check), node: spread(node), verdict };
}
