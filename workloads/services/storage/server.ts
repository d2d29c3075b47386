/**
 * Program entry of the storage service:
 *
 *   node server.js --host H --port P --mode fenced|unfenced --node ID
 *                  --data-dir D --log FILE [--origin-ns N] [--fsync always|never]
 *
 * Prints `listening <host>:<port>` on stdout when ready and logs requests to
 * stderr. Each decision is appended to FILE as one StorageRecord line with
 * one synchronous append, so several storage nodes can share the file.
 * Record times are harness-monotonic: CLOCK_MONOTONIC minus `--origin-ns`
 * (the harness's origin; default: this process's start). Accepted writes are
 * journaled in the data dir and replayed on start, so the state survives a
 * SIGKILL; with `--fsync always` (the default) a write is answered once its
 * journal line is on disk (group commit), so it survives a power loss too.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openAppendLog } from "../append-log.js";
import { parseFsync } from "../durable-file.js";
import { exitOnSignals, serveJson } from "../serve-json.js";
import { loadJournal, openStorageJournal } from "./storage-journal.js";
import { storageRoute } from "./storage-route.js";
import { createStorageState, type StorageMode } from "./storage-state.js";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: "string", default: "127.0.0.1" },
      port: { type: "string", default: "0" },
      mode: { type: "string", default: "fenced" },
      node: { type: "string", default: "storage" },
      "data-dir": { type: "string" },
      log: { type: "string" },
      "origin-ns": { type: "string" },
      fsync: { type: "string" },
    },
  });
  const dataDir = values["data-dir"];
  const logFile = values.log;
  const mode = values.mode;
  if (!dataDir || !logFile) throw new Error("Cannot start the storage service: --data-dir and --log are required");
  if (mode !== "fenced" && mode !== "unfenced" && mode !== "cas" && mode !== "file") {
    throw new Error(`Cannot start the storage service: unknown mode "${mode}" (known: fenced, unfenced, cas, file)`);
  }
  const originNs = values["origin-ns"] === undefined ? process.hrtime.bigint() : BigInt(values["origin-ns"]);
  mkdirSync(dataDir, { recursive: true });
  const state = createStorageState(mode satisfies StorageMode);
  for (const write of loadJournal(dataDir)) state.apply(write);
  const journal = openStorageJournal(dataDir, parseFsync(values.fsync, "storage service"));
  const node = values.node;
  const records = openAppendLog(logFile);
  const route = storageRoute({
    state,
    node,
    mode,
    harnessNowNs: () => Number(process.hrtime.bigint() - originNs),
    journal: (write) => journal.append(write),
    settled: () => journal.settled(),
    ...(mode === "file" ? { keepFile: (key: string, value: string) => writeKeyFile(dataDir, key, value) } : {}),
    record: (record) => records.append(JSON.stringify(record)),
  });
  const server = await serveJson(route, {
    host: values.host,
    port: Number(values.port),
    log: (line) => process.stderr.write(`[${node}] ${line}\n`),
  });
  exitOnSignals(server);
}

/** `file` mode: the key's value as a plain file, overwritten in place with no condition (the seed's honest limitation). */
function writeKeyFile(dataDir: string, key: string, value: string): void {
  mkdirSync(join(dataDir, "files"), { recursive: true });
  writeFileSync(join(dataDir, "files", encodeURIComponent(key)), value);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
