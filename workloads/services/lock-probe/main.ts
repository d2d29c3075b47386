/**
 * Program entry of the lock probe, which the harness runs inside a node:
 *
 *   node main.js ready --adapter A --node JSON --peers JSON --timeout-ms N
 *   node main.js preflight --adapter A --endpoints a,b --timeout-ms N
 *   node main.js leader --adapter A --endpoints a,b --timeout-ms N
 *
 * `ready` exits 0 once the node's `ready()` says so, 1 on timeout.
 * `preflight` takes and releases one lock and prints `{"token":...}`.
 * `leader` prints `{"leader":"host:port"}` (null when none leads).
 * On failure it prints `{"error":{"code","message"}}` on stdout and exits 1.
 *
 *   node main.js -
 *
 * takes those arguments as a JSON array of strings on its first stdin line:
 * the harness starts the preflight's probe while the services start, so
 * that it has loaded its code by the time the lock service answers.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { HarnessError } from "../../../core/index.js";
import { loadLockAdapter } from "../../adapters/load-lock-adapter.js";
import type { LockAdapter, LockServiceNode, LockServiceSettings } from "../../adapters/lock-adapter.js";
import { preflight, waitUntilReady } from "../../adapters/lock-probe.js";

/** The probe's arguments: its own, or the JSON array on its first stdin line when its one argument is `-`. */
async function probeArgs(): Promise<string[]> {
  const given = process.argv.slice(2);
  if (given.length !== 1 || given[0] !== "-") return given;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const args = JSON.parse(line) as unknown;
    if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) {
      throw new HarnessError("internal", "Cannot run the lock probe: its stdin line is not a JSON array of strings");
    }
    lines.close();
    return args;
  }
  throw new HarnessError("internal", "Cannot run the lock probe: stdin ended before its arguments");
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: await probeArgs(),
    allowPositionals: true,
    options: {
      adapter: { type: "string" }, node: { type: "string" }, peers: { type: "string" }, settings: { type: "string" },
      endpoints: { type: "string" }, "timeout-ms": { type: "string", default: "10000" },
    },
  });
  const loaded = await loadLockAdapter(values.adapter ?? "");
  const timeoutMs = Number(values["timeout-ms"]);
  if (positionals[0] === "ready") {
    const node = JSON.parse(values.node ?? "{}") as LockServiceNode;
    const peers = JSON.parse(values.peers ?? "[]") as LockServiceNode[];
    // The run's settings too: an adapter's start may write config files (ZooKeeper's zoo.cfg) that a restart reads.
    const settings = JSON.parse(values.settings ?? "{}") as LockServiceSettings;
    const launch = loaded.adapter.service?.start(node, peers, settings);
    if (!launch || !(await waitUntilReady(launch, timeoutMs))) {
      throw new HarnessError("runtime.node-start-failed", `Cannot start node "${node.id}": "${loaded.name}" not ready after ${timeoutMs} ms`);
    }
    return;
  }
  const endpoints = (values.endpoints ?? "").split(",").filter(Boolean);
  if (positionals[0] === "leader") {
    const leader = await askLeader(loaded.adapter, endpoints, timeoutMs);
    process.stdout.write(`${JSON.stringify({ leader: leader ?? null })}\n`);
    return;
  }
  const result = await preflight(loaded, endpoints, timeoutMs);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** The adapter's `leader()`, bounded by `timeoutMs`. */
async function askLeader(adapter: LockAdapter, endpoints: readonly string[], timeoutMs: number): Promise<string | undefined> {
  if (!adapter.leader) throw new HarnessError("config.invalid", `Cannot ask lock service "${adapter.name}" who leads: its adapter has no "leader"`);
  const late = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new HarnessError("runtime.command-failed", `Cannot ask lock service "${adapter.name}" who leads: no answer after ${timeoutMs} ms`)), timeoutMs).unref();
  });
  return Promise.race([adapter.leader(endpoints), late]);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const code = error instanceof HarnessError ? error.code : "internal";
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    process.stdout.write(`${JSON.stringify({ error: { code, message } })}\n`);
    process.exit(1);
  },
);
