/**
 * Test support: run folders written by hand, for tests of `analyze` that
 * need no real run. Nothing in the harness imports it.
 */
import { closeSync, mkdtempSync, openSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The config.json of a lock-write run on the reference lock and fenced storage: one client, one resource. */
export function lockWriteConfig(dir: string, name: string): Record<string, unknown> {
  return {
    name, seed: 1, runtime: "local",
    lock: { adapter: "reference", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 1, resources: 1, ttlMs: 2000, holdMs: 0, hold: [{ minMs: 0, maxMs: 0, weight: 1 }], acquireTimeoutMs: 3000 },
    nemesis: { faults: [], intervalMs: 3000, options: {} },
    timeLimitMs: 1000, opTimeoutMs: 10000, storeDir: dir, command: "test",
  };
}

/**
 * A new run folder (under the system's temporary folder) whose one client
 * made `cycles` rounds of acquire, write and release, each granted a new
 * token and each write accepted: six history lines and one storage line a
 * round, written as they are made, so a long history costs no memory.
 */
export function longLockWriteRun(cycles: number): string {
  const dir = mkdtempSync(join(tmpdir(), "fencecheck-long-run-"));
  writeFileSync(join(dir, "config.json"), JSON.stringify(lockWriteConfig(dir, "reference-fenced-long")));
  writeFileSync(join(dir, "nemesis.jsonl"), "");
  const history = openSync(join(dir, "history.jsonl"), "w");
  const storage = openSync(join(dir, "storage.jsonl"), "w");
  const line = (fd: number, value: unknown): void => void writeSync(fd, `${JSON.stringify(value)}\n`);
  let index = 0;
  let time = 1e9;
  for (let c = 0; c < cycles; c++) {
    const token = String(c + 1);
    const value = `p0-${c}`;
    const steps: [string, unknown, unknown][] = [
      ["acquire", { resource: "r0" }, { resource: "r0", token }],
      ["write", { resource: "r0", value, holdMs: 0 }, { resource: "r0", value, token }],
      ["release", { resource: "r0" }, { resource: "r0", token }],
    ];
    for (const [f, invoke, ok] of steps) {
      line(history, { index: index++, time, process: 0, node: "c1", type: "invoke", f, value: invoke });
      if (f === "write") line(storage, { time: time + 5e5, node: "s1", key: "r0", value, token, client: "0", accepted: true, highest: null, mode: "fenced" });
      line(history, { index: index++, time: time + 1e6, process: 0, node: "c1", type: "ok", f, value: ok });
      time += 2e6;
    }
  }
  closeSync(history);
  closeSync(storage);
  return dir;
}
