/**
 * Figures of `fencecheck check` as a user runs it, in child processes: the
 * wall and CPU time of checking a small file, and a long check's verdict,
 * time and peak resident memory (VmHWM, sampled from /proc while it runs).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createSystemClock } from "../../core/index.js";

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

/** The median and quartiles of some times, in ms. */
export interface Spread {
  readonly median: number;
  readonly p25: number;
  readonly p75: number;
}

function spread(times: number[]): Spread {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.round(q * (sorted.length - 1))]!;
  return { median: at(0.5), p25: at(0.25), p75: at(0.75) };
}

/** One process's wall and CPU time (user + system), in ms, and what it printed. */
interface TimedRun {
  readonly stdout: string;
  readonly exitCode: number | null;
  readonly wallMs: number;
  readonly cpuMs: number;
}

/**
 * Runs `node args...` under bash's `time` keyword, which reads the child's
 * own resource usage when it ends (getrusage: user and system CPU to the
 * millisecond, whatever else the machine runs), and its wall time from its
 * start to its end (bash's own start not included).
 */
function timedNode(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<TimedRun> {
  const script = 'TIMEFORMAT="%3R %3U %3S"; time "$0" "$@" 2>/dev/null';
  const child = spawn("bash", ["-c", script, process.execPath, ...args], { stdio: ["ignore", "pipe", "pipe"], env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (exitCode) => {
      const times = /(\d+\.\d+) (\d+\.\d+) (\d+\.\d+)\s*$/.exec(stderr);
      if (!times) return reject(new Error(`no times from bash's time keyword: ${JSON.stringify(stderr.slice(-200))}`));
      const [wall, user, sys] = times.slice(1).map((t) => Number(t) * 1000) as [number, number, number];
      resolve({ stdout, exitCode, wallMs: wall, cpuMs: user + sys });
    });
  });
}

/** Wall and CPU spreads of one command over a bench's turns. */
export interface ProcessSpread {
  readonly wall: Spread;
  readonly cpu: Spread;
}

/**
 * Wall and CPU times of `fencecheck check file` and of `node -e 0` (Node's
 * own start, for scale), run alternately `runs` times each after one warm-up
 * run of each, so both meet the same load and the same environment `env`;
 * and the check's verdict (the third field of its first line, or its exit
 * code).
 */
export async function startupMs(bin: string, file: string, runs: number, env?: NodeJS.ProcessEnv): Promise<{ check: ProcessSpread; node: ProcessSpread; verdict: string }> {
  const check: TimedRun[] = [];
  const node: TimedRun[] = [];
  let verdict = "";
  for (let i = -1; i < runs; i++) {
    const run = await timedNode([bin, "check", file], env);
    const start = await timedNode(["-e", "0"], env);
    if (i < 0) continue;
    verdict = run.stdout.split("\t")[2] ?? `exit ${run.exitCode}`;
    check.push(run);
    node.push(start);
  }
  const spreads = (r: TimedRun[]): ProcessSpread => ({ wall: spread(r.map((x) => x.wallMs)), cpu: spread(r.map((x) => x.cpuMs)) });
  return { check: spreads(check), node: spreads(node), verdict };
}
