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
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { failing, lineAt, median, runCli, runDir, timingsOf } from "./bench/cli-run.js";
import { faults } from "./bench/fault-timing.js";
import { quickBanner } from "./bench/quick.js";
import { measurementRecorder } from "./measurements/page.js";
import { FULL_RUN_SIZES, QUICK_RUN_SIZES } from "./bench/run-sizes.js";
import { throughput } from "./bench/run-throughput.js";

const recorder = measurementRecorder("bench-run", process.argv.slice(2), () => new Date());
const print = recorder.print;

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
    if (only.has("throughput")) await throughput(print, store, sizes.throughput);
    if (only.has("tokenless")) await tokenless(store, seedCount, sizes.tokenlessSeconds);
    if (only.has("bring-up")) await bringUp(store);
    if (only.has("faults")) await faults(print, store, sizes.faultsSeconds);
    print(`(load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} at the end)`);
  } finally {
    if (kept) print(`(runs kept in ${store})`);
    else rmSync(store, { recursive: true, force: true });
  }
  recorder.write();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(255);
});
