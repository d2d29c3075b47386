/**
 * `npm run bench:services`: per built-in lock service on the local
 * runtime, the bring-up time (from the first node starting to the
 * workload starting: namespaces, every lock node ready — 3 for etcd,
 * ZooKeeper and Redlock —, storage, the preflight lock and the 5 client
 * agents) and the ops per second of the lock-write workload with 5 clients
 * for 10 s, no faults. Needs root and the Debian packages. `--quick`
 * (scripts/bench/quick.ts): two services (reference, and redlock with
 * its unfenced storage), the workload for 2 s, every line marked.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSystemClock } from "../core/index.js";
import { createLocalRuntime, resolveRun, runTest, type RunConfig } from "../harness/index.js";
import { isQuick, quickBanner } from "./bench/quick.js";
import { measurementRecorder } from "./measurements/page.js";

const SERVICES = ["reference", "etcd", "zookeeper", "redis-token", "redlock", "postgres"] as const;
const QUICK_SERVICES = ["reference", "redlock"] as const;
const quick = isQuick(process.argv.slice(2));
const SECONDS = quick ? 2 : 10;
const recorder = measurementRecorder("bench-services", process.argv.slice(2), () => new Date());
const print = recorder.print;

function configFor(lock: string, storeDir: string): RunConfig {
  return {
    name: `bench-${lock}`, seed: 1, runtime: "local",
    lock: { adapter: lock, nodes: 1 },
    storage: { kind: lock === "redlock" ? "unfenced" : "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 5, resources: 2, ttlMs: 2000, holdMs: 0, acquireTimeoutMs: 3000 },
    nemesis: { faults: [], intervalMs: 3000, options: {} },
    timeLimitMs: SECONDS * 1000, opTimeoutMs: 10_000, storeDir, command: "npm run bench:services",
  };
}

async function bench(lock: string, storeDir: string): Promise<string> {
  const clock = createSystemClock();
  const run = await resolveRun(configFor(lock, storeDir), { nodesGiven: false });
  let startedAt = 0;
  let runningAt = 0;
  const outcome = await runTest(run, {
    runtime: createLocalRuntime(),
    clock,
    log(line) {
      if (line.startsWith("starting")) startedAt = clock.nowNs();
      if (line.startsWith("running ")) runningAt = clock.nowNs();
    },
  });
  if (outcome.error) return `${lock.padEnd(12)} error: ${outcome.error.message.split("\n")[0]}`;
  const oks = readFileSync(join(outcome.dir, "history.jsonl"), "utf8").split("\n").filter((l) => l.includes('"type":"ok"')).length;
  const bringUp = ((runningAt - startedAt) / 1e9).toFixed(2);
  return `${lock.padEnd(12)} ${String(run.config.lock.nodes).padStart(5)}  ${bringUp.padStart(9)} s  ${(oks / SECONDS).toFixed(1).padStart(8)} ok ops/s  (${outcome.valid === true ? "valid" : String(outcome.valid)})`;
}

async function main(): Promise<void> {
  const storeDir = mkdtempSync(join(tmpdir(), "fencecheck-bench-services-"));
  if (quick) print(quickBanner("bench-services", `${QUICK_SERVICES.join(" and ")} only, ${SECONDS} s of workload`));
  print(`service      nodes  bring-up      lock-write (5 clients, ${SECONDS} s, no faults)`);
  try {
    for (const lock of quick ? QUICK_SERVICES : SERVICES) print(await bench(lock, storeDir));
    recorder.write();
  } finally {
    rmSync(storeDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(255);
});
