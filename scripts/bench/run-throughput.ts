/**
 * The throughput part of `npm run bench:run`: ok ops/s of a reference run
 * with `--hold-ms 0` at each client count, durable and volatile, with the
 * CPU every process of the run spent per ok op, whole run and steady window.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CLOCK_TICKS, runCli, runDir, type CliRun } from "./cli-run.js";
import type { RunSizes } from "./run-sizes.js";

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

export async function throughput(print: (line: string) => void, store: string, sizes: RunSizes["throughput"]): Promise<void> {
  const volatile = sizes.durabilities.includes("volatile") ? " and --volatile-services" : "";
  print(`# throughput: reference lock, fenced storage, --hold-ms 0, --time-limit ${sizes.seconds}, no faults; durable (the default: fdatasync before answering, one at a time, shared by every request that queued while the last ran)${volatile}; the workload's ok ops (no final reads) over its measured span`);
  print("  clients of a run without faults share agent processes (up to 32 a process); the last rows run each client in its own (--agent-per-client), as every run with a fault does");
  const variants = [...sizes.durabilities.map((durability) => ({ durability, perClient: false })), ...(sizes.perClient ? [{ durability: "volatile" as const, perClient: true }] : [])];
  for (const { durability, perClient } of variants) {
    for (const clients of sizes.clients) {
      const argv = ["--lock", "reference", "--storage", "fenced", "--hold-ms", "0", "--clients", String(clients), "--resources", String(clients), "--time-limit", String(sizes.seconds), "--seed", "1",
        ...(durability === "volatile" ? ["--volatile-services"] : []), ...(perClient ? ["--agent-per-client"] : [])];
      const run = await runCli(argv, store, sizes.window);
      const dir = runDir(run);
      const history = dir ? readFileSync(join(dir, "history.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as WorkloadOp) : [];
      const { oks, spanS } = workloadRate(history);
      const cpuPerOp = run.cpuMs / Math.max(oks, 1);
      const label = perClient ? `${durability}, an agent per client,` : durability.padEnd(8);
      print(`${label} ${String(clients).padStart(2)} clients: ${spanS > 0 ? (oks / spanS).toFixed(0) : "no"} ok ops/s  (${oks} ok ops in ${spanS.toFixed(2)} s; exit ${String(run.code)}); ` +
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
