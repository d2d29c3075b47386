/**
 * Program entry of the reference lock service:
 *
 *   node server.js --host H --port P --data-dir D --node ID [--origin-ns N] [--lease-clock monotonic|wall]
 *                  [--persist grant|timer] [--persist-every-ms 300]
 *
 * Prints `listening <host>:<port>` on stdout when ready and logs requests to
 * stderr. Leases are timed on the host's monotonic clock by default, which
 * clock faults leave alone (unless `clock.monotonic=true`): the known-good
 * baseline stays safe under every clock fault. `--lease-clock wall` times
 * them on this process's wall clock, which the clock nemesis skews through
 * libfaketime: the `reference-wallclock` variant, unsafe on purpose.
 * `--persist timer` saves changes every `--persist-every-ms` instead of
 * before each answer (persist-policy.ts): the `reference-timer` variant,
 * which a kill makes hand out the same tokens again.
 * `--origin-ns` (the harness's CLOCK_MONOTONIC origin) adds harness times to
 * grants.jsonl. `--fsync always` (the default) answers a grant or a release
 * once its journal line is on disk, one fdatasync per batch of requests;
 * `--fsync never` answers once it is written (`--volatile-services`).
 */
import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { createSystemClock } from "../../../core/index.js";
import { parseFsync } from "../durable-file.js";
import { exitOnSignals, serveJson } from "../serve-json.js";
import { createAcquireWaiters } from "./acquire-waiters.js";
import { createLeaseTable } from "./lease-table.js";
import { lockRoute } from "./lock-route.js";
import { persistMode, persistPolicy } from "./persist-policy.js";
import { loadLockState, openGrantLog, openLockStateJournal, saveLockState } from "./lock-state-file.js";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: "string", default: "127.0.0.1" },
      port: { type: "string", default: "0" },
      "data-dir": { type: "string" },
      node: { type: "string", default: "lock" },
      "origin-ns": { type: "string" },
      "lease-clock": { type: "string", default: "monotonic" },
      persist: { type: "string", default: "grant" },
      "persist-every-ms": { type: "string", default: "300" },
      fsync: { type: "string" },
    },
  });
  const dataDir = values["data-dir"];
  if (!dataDir) throw new Error("Cannot start the reference lock service: --data-dir is missing");
  const fsync = parseFsync(values.fsync, "reference lock service");
  mkdirSync(dataDir, { recursive: true });
  const saved = loadLockState(dataDir);
  // The journal's changes folded into the state file once; from here on each change is appended.
  saveLockState(dataDir, saved, fsync);
  const journal = openLockStateJournal(dataDir, fsync);
  const table = createLeaseTable({ nowMs: leaseClock(values["lease-clock"]), snapshot: saved });
  const originNs = values["origin-ns"] === undefined ? undefined : BigInt(values["origin-ns"]);
  const grants = openGrantLog(dataDir);
  const persist = persistPolicy({
    mode: persistMode(values.persist),
    save: (resources) => journal.append(table.snapshot(), resources),
    everyMs: Number(values["persist-every-ms"]),
    setInterval: (callback, ms) => setInterval(callback, ms),
  });
  const route = lockRoute({
    table,
    persist,
    recordGrant: (grant) => grants.record(grant),
    waiters: createAcquireWaiters({ setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) }),
    ...(originNs === undefined ? {} : { harnessNowNs: () => Number(process.hrtime.bigint() - originNs) }),
  });
  const node = values.node;
  const server = await serveJson(route, {
    host: values.host,
    port: Number(values.port),
    log: (line) => process.stderr.write(`[${node}] ${line}\n`),
  });
  exitOnSignals(server);
}

/**
 * The clock leases are timed on. The monotonic one is the host's
 * CLOCK_MONOTONIC, shared by every process on the host, so leases saved to
 * disk stay meaningful across a kill and restart.
 */
function leaseClock(kind: string): () => number {
  if (kind === "wall") {
    const clock = createSystemClock();
    return () => clock.wallMs();
  }
  if (kind !== "monotonic") throw new Error(`Cannot start the reference lock service: --lease-clock "${kind}" is not monotonic or wall`);
  return () => Number(process.hrtime.bigint() / 1_000_000n);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
