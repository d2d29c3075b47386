/**
 * One run of the compiled CLI as a user runs it (package.json's bin), for
 * the benches: its exit code, stdout, when each stderr line came, the CPU
 * of every process it started, and (with a steady window) that CPU by kind
 * of process at the window's ends. Plus the small readers of such a run.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createSystemClock } from "../../core/index.js";
import { createProcessCpu } from "./process-cpu.js";
import { countOks, newestHistory } from "./proc-status.js";
import type { RunSizes } from "./run-sizes.js";

/** The executable as a user runs it: package.json's bin. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const BIN = join(ROOT, (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bin: { fencecheck: string } }).bin.fencecheck);

/** One CLI run: exit code, stdout, and when each stderr line arrived (ms from the spawn). */
export interface CliRun {
  readonly code: number | null;
  readonly wallMs: number;
  /** CPU time (user + system) of the run and every process it started and reaped: agents, services, probes. */
  readonly cpuMs: number;
  readonly out: string;
  readonly lines: readonly { readonly ms: number; readonly text: string }[];
  /** CPU ms per kind of process (harness, agents, lock service, ...), sampled from /proc while the run ran. */
  readonly byKind: ReadonlyMap<string, number>;
  /** With a steady window: each kind's CPU and the history's ok ops at its two ends, s after the workload started. */
  readonly window: readonly Snapshot[];
}

/** CPU per kind and ok ops recorded, at one moment of a run. */
export interface Snapshot {
  readonly ms: number;
  readonly byKind: ReadonlyMap<string, number>;
  readonly oks: number;
}

/** The kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time. */
export const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** This process's reaped children's CPU time, ms (cutime + cstime of /proc/self/stat). */
export function childrenCpuMs(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /, "").split(" ");
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
}

/**
 * Runs the CLI; with a steady `window` (s after the workload started),
 * reads its processes' CPU from /proc every 200 ms (`byKind`; empty
 * otherwise) and at the window's ends.
 */
export function runCli(args: readonly string[], store: string, window?: RunSizes["throughput"]["window"]): Promise<CliRun> {
  const clock = createSystemClock();
  const cpuBefore = childrenCpuMs();
  const child = spawn(process.execPath, [BIN, "run", ...args, "--store", store], { stdio: ["ignore", "pipe", "pipe"] });
  const cpu = createProcessCpu(child.pid ?? -1, CLOCK_TICKS);
  const sampling = window ? setInterval(() => cpu.sample(), 200) : undefined;
  const snapshots: Snapshot[] = [];
  const snapshot = (): void => {
    cpu.sample();
    snapshots.push({ ms: clock.nowNs() / 1e6, byKind: cpu.totals(), oks: countOks(newestHistory(store)) });
  };
  const timers: NodeJS.Timeout[] = [];
  const lines: { ms: number; text: string }[] = [];
  let out = "";
  let partial = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop() ?? "";
    for (const text of parts) {
      lines.push({ ms: clock.nowNs() / 1e6, text });
      if (window && text.trimStart().startsWith("running ")) timers.push(...window.map((s) => setTimeout(snapshot, s * 1000)));
    }
  });
  return new Promise((done) => child.on("exit", (code) => {
    const wallMs = clock.nowNs() / 1e6;
    clearInterval(sampling);
    timers.forEach(clearTimeout);
    child.on("close", () => done({ code, wallMs, cpuMs: childrenCpuMs() - cpuBefore, out, lines, byKind: cpu.totals(), window: snapshots }));
  }));
}

export function lineAt(run: CliRun, prefix: string): number | undefined {
  return run.lines.find((l) => l.text.trimStart().startsWith(prefix))?.ms;
}

export function runDir(run: CliRun): string | undefined {
  const report = /report: (.*)\/report\.html/.exec(run.out)?.[1];
  return report === undefined ? undefined : report;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The checkers that did not pass, from the verdict line ("real-time: FAIL, stats: unknown"). */
export function failing(out: string): string {
  const verdict = /\(([^)]*)\)/.exec(out.split("\n")[0] ?? "")?.[1] ?? "";
  return verdict.split(", ").filter((c) => !c.endsWith(": ok")).join(", ");
}

/** The phases `fencecheck run --timings` printed: phase name to ms since the process started. */
export function timingsOf(run: CliRun): Map<string, number> {
  const marks = new Map<string, number>();
  for (const { text } of run.lines) {
    const m = /^\s*(\d+) \(\+\s*\d+\)\s+cpu\s+\d+ \(\+\s*\d+\)\s+(.*)$/.exec(text);
    if (m) marks.set(m[2] ?? "", Number(m[1]));
  }
  return marks;
}
