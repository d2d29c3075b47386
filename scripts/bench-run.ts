/**
 * `npm run bench:run`: how fast a run finds the bug, each figure measured
 * now by running the CLI (`fencecheck run`) on the local runtime:
 *
 * - the seed bug (reference lock, pause-holder, --time-limit 3) with the
 *   default mix of holds (`seed-bug`), then with the scenario's fixed 100 ms
 *   hold (`seeds`), over seeds 1..N: on how many unfenced storage is caught
 *   (exit 1, fencing FAIL), and on how many fenced storage stays valid
 *   (exit 0);
 * - the fixed cost of a reference run: wall time minus the time limit, the
 *   CPU of the run's processes, and its phases from `--timings`;
 * - ok ops/s with --hold-ms 0 and 5, 10, then 20 clients (as many resources),
 *   with our services durable (the default) and with --volatile-services:
 *   the workload's ok ops (not the final reads) over the measured span from
 *   its first invocation to its last acquire, write or release completing,
 *   and the CPU of every process of the run per ok op (the kernel's clock
 *   ticks converted with `getconf CLK_TCK`);
 * - the token-less lock services (redis, redlock) with unfenced storage
 *   under pause-holder, --time-limit 8 and the default mixed holds, seeds
 *   1..N: how often the real-time checker finds the stale write (exit 1);
 * - bring-up of etcd and ZooKeeper (3 nodes): until the lock service is
 *   ready, and until the workload starts;
 * - how late faults take effect: for every nemesis start and stop op, its
 *   completion time minus the time its schedule set (the previous stop's
 *   completion plus the interval, or the start's completion plus the
 *   duration), from the ops' own times in history.jsonl.
 *
 * Needs root and the Debian packages. Arguments: `--seeds N` (default 20),
 * `--only seed-bug|seeds|fixed|throughput|tokenless|bring-up|faults` (repeatable),
 * `--quick` (every part at scripts/bench/run-sizes.ts's QUICK_RUN_SIZES,
 * every line marked: scripts/bench/quick.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createSystemClock } from "../core/index.js";
import { createProcessCpu } from "./bench/process-cpu.js";
import { countOks, newestHistory } from "./bench/proc-status.js";
import { benchPrinter, QUICK_FLAG, quickBanner } from "./bench/quick.js";
import { FULL_RUN_SIZES, QUICK_RUN_SIZES, type RunSizes } from "./bench/run-sizes.js";

/** The executable as a user runs it: package.json's bin. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = join(ROOT, (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bin: { fencecheck: string } }).bin.fencecheck);

/** One CLI run: exit code, stdout, and when each stderr line arrived (ms from the spawn). */
interface CliRun {
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
interface Snapshot {
  readonly ms: number;
  readonly byKind: ReadonlyMap<string, number>;
  readonly oks: number;
}

const print = benchPrinter(process.argv.includes(QUICK_FLAG), (text) => void process.stdout.write(text));

/** The kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time. */
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** This process's reaped children's CPU time, ms (cutime + cstime of /proc/self/stat). */
function childrenCpuMs(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /, "").split(" ");
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
}

/**
 * Runs the CLI; with a steady `window` (s after the workload started),
 * reads its processes' CPU from /proc every 200 ms (`byKind`; empty
 * otherwise) and at the window's ends.
 */
function runCli(args: readonly string[], store: string, window?: RunSizes["throughput"]["window"]): Promise<CliRun> {
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

function lineAt(run: CliRun, prefix: string): number | undefined {
  return run.lines.find((l) => l.text.trimStart().startsWith(prefix))?.ms;
}

function runDir(run: CliRun): string | undefined {
  const report = /report: (.*)\/report\.html/.exec(run.out)?.[1];
  return report === undefined ? undefined : report;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The checkers that did not pass, from the verdict line ("real-time: FAIL, stats: unknown"). */
function failing(out: string): string {
  const verdict = /\(([^)]*)\)/.exec(out.split("\n")[0] ?? "")?.[1] ?? "";
  return verdict.split(", ").filter((c) => !c.endsWith(": ok")).join(", ");
}

/**
 * Runs the seed scenario over seeds 1..count with `hold` (`--hold-ms`, or
 * the default mix of holds when undefined); resolves with how many runs did
 * not show what they should: unfenced storage caught (exit 1, fencing
 * FAIL), fenced storage valid (exit 0).
 */
async function seeds(store: string, count: number, hold: string | undefined): Promise<number> {
  let missed = 0;
  const holds = hold === undefined ? "the default holds" : `--hold-ms ${hold}`;
  print(`# seed bug with ${holds}: reference lock, pause-holder, --time-limit 3, seeds 1..${count}`);
  for (const storage of ["unfenced", "fenced"] as const) {
    let hits = 0;
    const walls: number[] = [];
    const misses: string[] = [];
    for (let seed = 1; seed <= count; seed++) {
      const argv = ["--lock", "reference", "--storage", storage, "--nemesis", "pause-holder", ...(hold === undefined ? [] : ["--hold-ms", hold]), "--time-limit", "3", "--seed", String(seed)];
      const run = await runCli(argv, store);
      const hit = storage === "unfenced" ? run.code === 1 && /fencing: FAIL/.test(run.out) : run.code === 0;
      if (hit) hits++;
      else misses.push(`seed ${seed} exit ${String(run.code)} ${failing(run.out)} ${runDir(run) ?? ""}`.trimEnd());
      walls.push(run.wallMs / 1000);
    }
    const what = storage === "unfenced" ? "stale write caught" : "valid";
    print(`${storage.padEnd(9)} ${what} on ${hits} of ${count} seeds  (median wall ${median(walls).toFixed(2)} s, longest ${Math.max(...walls).toFixed(2)} s)`);
    for (const miss of misses) print(`  miss: ${miss}`);
    missed += misses.length;
  }
  return missed;
}

/** The phases `fencecheck run --timings` printed: phase name to ms since the process started. */
function timingsOf(run: CliRun): Map<string, number> {
  const marks = new Map<string, number>();
  for (const { text } of run.lines) {
    const m = /^\s*(\d+) \(\+\s*\d+\)\s+cpu\s+\d+ \(\+\s*\d+\)\s+(.*)$/.exec(text);
    if (m) marks.set(m[2] ?? "", Number(m[1]));
  }
  return marks;
}

/**
 * A reference run's fixed cost, `runs` times: wall time minus the time limit,
 * the CPU of every process of the run, and where the wall time went, from
 * the run's own `--timings` (ms since its process started).
 */
async function fixedCost(store: string, runs: number): Promise<void> {
  print("# fixed cost: fencecheck run --lock reference --storage fenced --hold-ms 100 --time-limit 1 --timings, wall time minus 1 s");
  const costs: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    // A fixed hold: with the default mix of holds, a near-TTL hold in flight at the limit adds its own length.
    const run = await runCli(["--lock", "reference", "--storage", "fenced", "--hold-ms", "100", "--time-limit", "1", "--seed", String(i + 1), "--timings"], store);
    const t = timingsOf(run);
    const at = (phase: string): number => t.get(phase) ?? NaN;
    const s = (ms: number): string => (ms / 1000).toFixed(2);
    const services = Math.max(at("storage ready"), at("lock service ready"));
    costs.push(run.wallMs - 1000);
    cpus.push(run.cpuMs);
    print(`run ${i + 1}: ${s(run.wallMs - 1000)} s, CPU ${s(run.cpuMs)} s (exit ${String(run.code)}; to start ${s(at("CLI loaded, options read"))}, ` +
      `network ${s(at("cluster started (network up)") - at("CLI loaded, options read"))}, services ${s(services - at("cluster started (network up)"))}, ` +
      `agents ${s(at("agents ready, preflight lock taken") - services)}, after the limit ${s(at("healed, final reads done") - at("agents ready, preflight lock taken") - 1000)}, ` +
      `stop ${s(at("nodes stopped, history closed") - at("healed, final reads done"))}, check+report ${s(at("report written") - at("nodes stopped, history closed"))}, ` +
      `exit ${s(run.wallMs - at("report written"))})`);
  }
  print(`fixed cost: median ${(median(costs) / 1000).toFixed(2)} s, best ${(Math.min(...costs) / 1000).toFixed(2)} s; CPU of the run's processes median ${(median(cpus) / 1000).toFixed(2)} s` +
    `\tgoal at most 1.0 s on a quiet machine: ${median(costs) <= 1000 ? "met" : "NOT MET"}`);
}

interface WorkloadOp {
  readonly time: number;
  readonly type: string;
  readonly f: string;
  readonly process: unknown;
}

/**
 * The workload's ok ops and the span they took, from its history: from
 * the first client invocation to the last acquire, write or release
 * completing. The final reads come after that and are not counted.
 */
function workloadRate(history: readonly WorkloadOp[]): { oks: number; spanS: number } {
  const ops = history.filter((op) => typeof op.process === "number");
  const first = ops.find((op) => op.type === "invoke")?.time;
  const last = ops.filter((op) => op.type !== "invoke" && op.f !== "read").at(-1)?.time;
  if (first === undefined || last === undefined || last <= first) return { oks: 0, spanS: 0 };
  const oks = ops.filter((op) => op.type === "ok" && op.time <= last).length;
  return { oks, spanS: (last - first) / 1e9 };
}

async function throughput(store: string, sizes: RunSizes["throughput"]): Promise<void> {
  const volatile = sizes.durabilities.includes("volatile") ? " and --volatile-services" : "";
  print(`# throughput: reference lock, fenced storage, --hold-ms 0, --time-limit ${sizes.seconds}, no faults; durable (the default: fdatasync before answering, one at a time, shared by every request that queued while the last ran)${volatile}; the workload's ok ops (no final reads) over its measured span`);
  for (const durability of sizes.durabilities) {
    for (const clients of sizes.clients) {
      const argv = ["--lock", "reference", "--storage", "fenced", "--hold-ms", "0", "--clients", String(clients), "--resources", String(clients), "--time-limit", String(sizes.seconds), "--seed", "1"];
      const run = await runCli(durability === "volatile" ? [...argv, "--volatile-services"] : argv, store, sizes.window);
      const dir = runDir(run);
      const history = dir ? readFileSync(join(dir, "history.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as WorkloadOp) : [];
      const { oks, spanS } = workloadRate(history);
      const cpuPerOp = run.cpuMs / Math.max(oks, 1);
      print(`${durability.padEnd(8)} ${String(clients).padStart(2)} clients: ${spanS > 0 ? (oks / spanS).toFixed(0) : "no"} ok ops/s  (${oks} ok ops in ${spanS.toFixed(2)} s; exit ${String(run.code)}); ` +
        `${cpuPerOp.toFixed(2)} ms of CPU per ok op over all the run's processes, start and check included (${CLOCK_TICKS} clock ticks a second)`);
      print(`  per ok op: ${perKind(run, oks)}`);
      print(`  ${steady(run, sizes.window)}`);
    }
  }
  print("  durable grants and writes wait for the disk: each batch of requests (those that queued while the last fdatasync ran) costs one fdatasync of the lock's and the storage's journal");
}

/**
 * The run's CPU per ok op split by kind of process, in ms; "unsampled" is
 * what the reaped total holds beyond the samples (processes' last 200 ms).
 */
function perKind(run: CliRun, oks: number): string {
  const parts = [...run.byKind].sort((a, b) => b[1] - a[1]).map(([kind, ms]) => `${kind} ${(ms / Math.max(oks, 1)).toFixed(2)}`);
  const sampled = [...run.byKind.values()].reduce((sum, ms) => sum + ms, 0);
  return [...parts, `unsampled ${(Math.max(0, run.cpuMs - sampled) / Math.max(oks, 1)).toFixed(2)}`].join(", ");
}

/**
 * CPU per ok op while the workload ran at full speed, in the steady window
 * (3 s to 9 s after it started in the full bench): each process's start,
 * warm-up and the check are left out.
 */
function steady(run: CliRun, window: RunSizes["throughput"]["window"]): string {
  const [from, to] = run.window;
  const label = `steady window (${window[0]} s to ${window[1]} s)`;
  if (from === undefined || to === undefined || to.oks <= from.oks) return `${label}: not measured`;
  const oks = to.oks - from.oks;
  const kinds = [...to.byKind].map(([kind, ms]) => [kind, (ms - (from.byKind.get(kind) ?? 0)) / oks] as const).filter(([, ms]) => ms > 0);
  const total = kinds.reduce((sum, [, ms]) => sum + ms, 0);
  const parts = kinds.sort((a, b) => b[1] - a[1]).map(([kind, ms]) => `${kind} ${ms.toFixed(2)}`);
  return `${label}: ${((oks * 1000) / (to.ms - from.ms)).toFixed(0)} ok ops/s, ${total.toFixed(2)} ms of CPU per ok op: ${parts.join(", ")}`;
}

/** The token-less lock services with unfenced storage: how often the real-time checker finds the paused holder's stale write. */
async function tokenless(store: string, count: number, seconds: number): Promise<void> {
  print(`# token-less lock services: unfenced storage, pause-holder, --time-limit ${seconds}, default holds, seeds 1..${count}: stale write found (exit 1, real-time FAIL)`);
  for (const lock of ["redis", "redlock"]) {
    let hits = 0;
    const misses: string[] = [];
    for (let seed = 1; seed <= count; seed++) {
      const run = await runCli(["--lock", lock, "--storage", "unfenced", "--nemesis", "pause-holder", "--time-limit", String(seconds), "--seed", String(seed)], store);
      if (run.code === 1 && /real-time: FAIL/.test(run.out)) hits++;
      else misses.push(`seed ${seed} exit ${String(run.code)} ${failing(run.out)}`.trimEnd());
    }
    print(`${lock.padEnd(9)} stale write found: ${hits} of ${count}`);
    for (const miss of misses) print(`  miss: ${miss}`);
  }
}

async function bringUp(store: string): Promise<void> {
  print("# bring-up: 3 lock nodes, --time-limit 1 (from the first node starting)");
  for (const lock of ["etcd", "zookeeper"]) {
    const run = await runCli(["--lock", lock, "--storage", "fenced", "--time-limit", "1", "--seed", "1"], store);
    const start = lineAt(run, "starting");
    const ready = lineAt(run, "lock service ready");
    const running = lineAt(run, "running ");
    if (start === undefined || ready === undefined || running === undefined) {
      print(`${lock.padEnd(10)} exit ${String(run.code)}: ${run.lines.at(-1)?.text ?? ""}`);
      continue;
    }
    print(`${lock.padEnd(10)} lock service ready ${((ready - start) / 1000).toFixed(2)} s, workload running ${((running - start) / 1000).toFixed(2)} s, wall ${(run.wallMs / 1000).toFixed(2)} s`);
  }
}

interface NemesisOp {
  readonly time: number;
  readonly type: string;
  readonly f: string;
  readonly process: unknown;
}

/**
 * Per fault op: completion time minus scheduled time (ms), as the fault
 * cycle schedules them. The first fault falls due during bring-up, so its
 * own invocation is its schedule.
 */
function lateness(history: readonly NemesisOp[], start: string, stop: string, intervalMs: number, durationMs: number): { f: string; ms: number }[] {
  const late: { f: string; ms: number }[] = [];
  let due: number | undefined;
  for (const op of history) {
    if (op.process !== "nemesis" || (op.f !== start && op.f !== stop)) continue;
    if (op.type === "invoke") {
      due ??= op.time;
      continue;
    }
    late.push({ f: op.f, ms: (op.time - (due ?? op.time)) / 1e6 });
    due = op.time + (op.f === start ? durationMs : intervalMs) * 1e6;
  }
  return late;
}

async function faults(store: string, seconds: number): Promise<void> {
  print(`# fault timing: reference lock, --nemesis-interval 1, ${seconds} s: completion minus schedule per nemesis op`);
  const cases = [
    { nemesis: "partition", start: "start-partition", stop: "stop-partition", durationMs: 3000 },
    { nemesis: "pause", start: "pause", stop: "resume", durationMs: 2000 },
  ];
  for (const c of cases) {
    const run = await runCli(["--lock", "reference", "--storage", "fenced", "--nemesis", c.nemesis, "--nemesis-interval", "1", "--time-limit", String(seconds), "--seed", "1"], store);
    const dir = runDir(run);
    if (!dir) {
      print(`${c.nemesis}: no run folder (exit ${String(run.code)})`);
      continue;
    }
    const history = readFileSync(join(dir, "history.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as NemesisOp);
    const late = lateness(history, c.start, c.stop, 1000, c.durationMs);
    const errors = history.filter((op) => op.process === "nemesis" && "error" in op).length;
    const worst = Math.max(...late.map((l) => l.ms));
    print(`${c.nemesis.padEnd(10)} ${late.length} ops, late by median ${median(late.map((l) => l.ms)).toFixed(0)} ms, worst ${worst.toFixed(0)} ms; ${errors} with an error`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seeds: { type: "string" }, only: { type: "string", multiple: true }, quick: { type: "boolean", default: false } } });
  const sizes = values.quick ? QUICK_RUN_SIZES : FULL_RUN_SIZES;
  const seedCount = Number(values.seeds ?? sizes.seeds);
  const only = new Set(values.only ?? ["seed-bug", "seeds", "fixed", "throughput", "tokenless", "bring-up", "faults"]);
  const store = mkdtempSync(join(tmpdir(), "fencecheck-bench-run-"));
  // A run that did not show what it should is kept, with its report, for a look.
  let kept = false;
  if (values.quick) print(quickBanner("bench-run", `${seedCount} seeds, ${sizes.fixedRuns} fixed-cost runs, one ${sizes.throughput.seconds} s throughput run, faults for ${sizes.faultsSeconds} s`));
  print(`(timings on a shared machine are noisy: load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} at the start)`);
  try {
    if (only.has("fixed")) await fixedCost(store, sizes.fixedRuns);
    if (only.has("seed-bug")) kept = (await seeds(store, seedCount, undefined)) > 0 || kept;
    if (only.has("seeds")) kept = (await seeds(store, seedCount, "100")) > 0 || kept;
    if (only.has("throughput")) await throughput(store, sizes.throughput);
    if (only.has("tokenless")) await tokenless(store, seedCount, sizes.tokenlessSeconds);
    if (only.has("bring-up")) await bringUp(store);
    if (only.has("faults")) await faults(store, sizes.faultsSeconds);
    print(`(load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} at the end)`);
  } finally {
    if (kept) print(`(runs kept in ${store})`);
    else rmSync(store, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(255);
});
