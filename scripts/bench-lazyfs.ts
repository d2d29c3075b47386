/**
 * `npm run bench:lazyfs`: what the lose-unfsynced faults' FUSE file system
 * (native/lazyfs) costs. First the journal pattern of our services on a
 * plain directory and on a lazy disk: appends of 128 bytes, each followed
 * by fdatasync, then appends without a sync; then the reference lock
 * service under lock-write (5 clients, 10 s) with `kill-lock` and with
 * `lose-unfsynced-lock` (its data directory on a lazy disk). A run without
 * a lose-unfsynced fault mounts nothing: its overhead is none. Needs root,
 * /dev/fuse and native/lazyfs/build.sh.
 */
import { closeSync, fdatasyncSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measurementRecorder } from "./measurements/page.js";
import { createSystemClock, runIdFor } from "../core/index.js";
import { createLocalRuntime, resolveRun, runTest, type RunConfig } from "../harness/index.js";
import { mountLazyDisks } from "../harness/runtime/index.js";

const SYNCED = 300;
const UNSYNCED = 3000;
const SECONDS = 10;
const recorder = measurementRecorder("bench-lazyfs", process.argv.slice(2), () => new Date());
const LINE = Buffer.alloc(128, "x");

/** Appends per second to `dir/journal`, each followed by fdatasync when `sync`. */
function appends(dir: string, count: number, sync: boolean): number {
  const clock = createSystemClock();
  const fd = openSync(join(dir, `journal-${sync ? "synced" : "unsynced"}`), "a");
  const start = clock.nowNs();
  for (let i = 0; i < count; i++) {
    writeSync(fd, LINE);
    if (sync) fdatasyncSync(fd);
  }
  const seconds = (clock.nowNs() - start) / 1e9;
  closeSync(fd);
  return count / seconds;
}

async function fileBench(root: string): Promise<void> {
  const plain = join(root, "plain");
  mkdirSync(plain);
  const lazy = join(root, "lazy");
  const clock = createSystemClock();
  const disks = await mountLazyDisks({ bench: lazy }, clock, runIdFor(clock.wallMs(), process.pid));
  try {
    recorder.print("file system   append+fdatasync/s   append/s");
    for (const [name, dir] of [["plain", plain], ["lazyfs", lazy]] as const) {
      const synced = appends(dir, SYNCED, true);
      const unsynced = appends(dir, UNSYNCED, false);
      recorder.print(`${name.padEnd(12)}  ${synced.toFixed(0).padStart(18)}   ${unsynced.toFixed(0).padStart(8)}`);
    }
  } finally {
    await disks.unmountAll();
  }
}

function configFor(fault: string, storeDir: string): RunConfig {
  return {
    name: `bench-lazyfs-${fault}`, seed: 1, runtime: "local",
    lock: { adapter: "reference", nodes: 1 },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 5, resources: 2, ttlMs: 2000, holdMs: 0, acquireTimeoutMs: 3000 },
    nemesis: { faults: [fault], intervalMs: 3000, options: {} },
    timeLimitMs: SECONDS * 1000, opTimeoutMs: 10_000, storeDir, command: "npm run bench:lazyfs",
  };
}

async function runBench(fault: string, storeDir: string): Promise<string> {
  const run = await resolveRun(configFor(fault, storeDir), { nodesGiven: false });
  const outcome = await runTest(run, { runtime: createLocalRuntime(), clock: createSystemClock() });
  if (outcome.error) return `${fault.padEnd(20)} error: ${outcome.error.message.split("\n")[0]}`;
  const oks = readFileSync(join(outcome.dir, "history.jsonl"), "utf8").split("\n").filter((l) => l.includes('"type":"ok"')).length;
  return `${fault.padEnd(20)} ${(oks / SECONDS).toFixed(1).padStart(8)} ok ops/s  (${outcome.valid === true ? "valid" : String(outcome.valid)})`;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "fencecheck-bench-lazyfs-"));
  try {
    await fileBench(root);
    recorder.print(`\nreference, lock-write (5 clients, ${SECONDS} s)`);
    for (const fault of ["kill-lock", "lose-unfsynced-lock"]) recorder.print(await runBench(fault, join(root, "store")));
    recorder.write();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(255);
});
