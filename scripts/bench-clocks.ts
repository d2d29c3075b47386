/**
 * `npm run bench:clocks` (and part of `npm run bench`): what the clock
 * injector (native/clock-inject) costs, and that a run without clock
 * faults pays none of it. First the price of one clock read in a C
 * program, timed over a million `clock_gettime` calls per clock: before
 * the injector patched it, patched (an offset; then a rate and the
 * monotonic clocks too), and after it took itself out. Then two runs of
 * Redis (a service that only the injector moves) under lock-write: one
 * without clock faults and one with `clock-skew` on its node. While each
 * runs, the bench asks the injector, three times, whether each of the
 * run's redis-server processes is patched: a run without clock faults
 * must show none patched (no process of it pays for a patched read), the
 * other all. Needs root, gcc, redis-server and native/clock-inject.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createSystemClock, type RunConfig } from "../core/index.js";
import { createLocalRuntime, resolveRun, runTest } from "../harness/index.js";
import { clockInjector, clockInjectorProgram } from "../harness/runtime/index.js";
import { isQuick, quickBanner } from "./bench/quick.js";
import { processesWorkingUnder } from "./bench/proc-status.js";
import { measurementRecorder } from "./measurements/page.js";

const quick = isQuick(process.argv.slice(2));
const recorder = measurementRecorder("bench-clocks", process.argv.slice(2), () => new Date());
const print = recorder.print;
const SECONDS = quick ? 4 : 12;

/** Times a million clock_gettime calls per clock each time it reads a word on stdin; prints two lines per word. */
const READ_BENCH_C = `#include <stdio.h>
#include <time.h>
static double per_call(clockid_t clock) {
  struct timespec t, start, end;
  const long calls = 1000000;
  clock_gettime(CLOCK_MONOTONIC_RAW, &start);
  for (long i = 0; i < calls; i++) clock_gettime(clock, &t);
  clock_gettime(CLOCK_MONOTONIC_RAW, &end);
  return ((end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec)) / calls;
}
int main(void) {
  char state[64];
  while (scanf("%63s", state) == 1) {
    printf("realtime %.1f\\nmonotonic %.1f\\n", per_call(CLOCK_REALTIME), per_call(CLOCK_MONOTONIC));
    fflush(stdout);
  }
  return 0;
}
`;

async function readCost(dir: string): Promise<void> {
  writeFileSync(join(dir, "bench.c"), READ_BENCH_C);
  execFileSync("gcc", ["-O2", "-o", join(dir, "bench"), join(dir, "bench.c")]);
  const child = spawn(join(dir, "bench"), [], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => String((await lines.next()).value ?? "");
  const injector = clockInjector();
  const pid = child.pid as number;
  const measure = async (state: string): Promise<void> => {
    child.stdin.write(`${state}\n`);
    const [realtime, monotonic] = [await next(), await next()].map((l) => l.split(" ")[1]);
    print(`${state.padEnd(24)} ${String(realtime).padStart(8)} ns ${String(monotonic).padStart(10)} ns`);
  };
  try {
    print("a clock read in a C program     CLOCK_REALTIME  CLOCK_MONOTONIC (per call, 1M calls)");
    await measure("unpatched");
    await injector.inject(pid, { offsetNs: 5e9, rate: 1, monotonic: false });
    await measure("patched-offset");
    await injector.inject(pid, { offsetNs: 5e9, rate: 1.5, monotonic: true });
    await measure("patched-rate-monotonic");
    await injector.remove(pid);
    await measure("removed");
  } finally {
    child.kill();
  }
}

function configFor(faults: string[], storeDir: string): RunConfig {
  return {
    name: `bench-clocks-${faults.join("-") || "none"}`, seed: 1, runtime: "local",
    lock: { adapter: "redis", nodes: 1 },
    storage: { kind: "cas", nodes: 1 },
    workload: { name: "lock-write", clients: 5, resources: 2, ttlMs: 2000, holdMs: 0, acquireTimeoutMs: 3000 },
    nemesis: { faults, intervalMs: 2000, options: faults.length > 0 ? { clock: { nodes: "lock" } } : {} },
    timeLimitMs: SECONDS * 1000, opTimeoutMs: 10_000, storeDir, command: "npm run bench:clocks",
  };
}

/** Runs Redis with `faults`, asking three times during it which of its redis-server processes are patched. */
async function runWithClocks(faults: string[], storeDir: string): Promise<string> {
  const clock = createSystemClock();
  const injector = clockInjector();
  const seen = new Set<number>();
  const patched = new Set<number>();
  let running = true;
  const watch = (async () => {
    for (let look = 0; look < 3 && running; look++) {
      await clock.sleep((SECONDS * 1000) / 4);
      for (const pid of processesWorkingUnder(storeDir, "redis-server")) {
        seen.add(pid);
        const reading = await injector.read(pid, "realtime").catch(() => undefined);
        if (reading?.patched) patched.add(pid);
      }
    }
  })();
  const run = await resolveRun(configFor(faults, storeDir), { nodesGiven: false });
  const outcome = await runTest(run, { runtime: createLocalRuntime(), clock });
  running = false;
  await watch;
  const label = faults.length > 0 ? `${faults.join(",")} on its node` : "no clock fault";
  if (outcome.error) return `${label.padEnd(26)} error: ${outcome.error.message.split("\n")[0]}`;
  const oks = readFileSync(join(outcome.dir, "history.jsonl"), "utf8").split("\n").filter((l) => l.includes('"type":"ok"')).length;
  return `${label.padEnd(26)} ${String(seen.size).padStart(4)} seen ${String(patched.size).padStart(4)} patched ${(oks / SECONDS).toFixed(1).padStart(9)} ok ops/s`;
}

async function main(): Promise<void> {
  if (quick) print(quickBanner("bench-clocks", `two ${SECONDS} s runs`));
  const root = mkdtempSync(join(tmpdir(), "fencecheck-bench-clocks-"));
  try {
    print(`injector: ${clockInjectorProgram()}`);
    await readCost(root);
    print(`\nredis, lock-write (5 clients, ${SECONDS} s): redis-server processes the injector found patched while it ran`);
    for (const faults of [[], ["clock-skew"]]) print(await runWithClocks(faults, join(root, `store-${faults.length}`)));
    recorder.write();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(255);
});
