/**
 * Checks the partitions of a prepared history on this thread and, when there
 * are several and enough operations to repay a worker's start, on worker
 * threads too (one per other core). Partitions are dealt largest first to the
 * thread with the fewest operations so far; each worker gets its share once,
 * at start. An illegal partition raises a flag every thread polls, so all
 * stop at once. The descriptions a report needs are made only when read.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import {
  combineVerdicts,
  fillDefaults,
  partitionInfo,
  type LinearizabilityResult,
  type Operation,
  type PartitionInfo,
  type PartitionOutcome,
  type PreparedCheck,
} from "../../checkers/index.js";
import { checkBin, type WorkerJob } from "./check-bin.js";
import { DEFAULT_MAX_MEMORY_BYTES } from "./memory-bound.js";

/** Options of a parallel check. */
export interface ParallelOptions {
  readonly timeoutMs?: number;
  /** Bound on the process's resident memory (default 2 GiB); past it, unknown. */
  readonly maxMemoryBytes?: number;
  /** Threads to check on at most, this one included (default: the machine's parallelism). */
  readonly workers?: number;
  /** Below this many operations in all, check on this thread alone (default 400). */
  readonly minParallelOps?: number;
}

type Ops = readonly Operation<unknown, unknown>[];

/** Checks `prepared`, spreading its partitions over threads when worth it. */
export async function checkParallel(prepared: PreparedCheck, options: ParallelOptions = {}): Promise<LinearizabilityResult> {
  const model = fillDefaults(prepared.model);
  const parts = model.partition(prepared.operations);
  const enough = prepared.operations.length >= (options.minParallelOps ?? 400);
  const threads = enough ? Math.min(options.workers ?? availableParallelism(), parts.length) : 1;
  const bins = deal(parts, threads);
  const stop = new SharedArrayBuffer(4);
  const bounds = {
    deadlineMs: performance.timeOrigin + performance.now() + (options.timeoutMs ?? Infinity),
    maxMemoryBytes: options.maxMemoryBytes ?? DEFAULT_MAX_MEMORY_BYTES,
    stop,
  };
  const outcomes = new Map<number, PartitionOutcome>();
  const workers = bins.slice(1).map((partitions) =>
    startWorker({ modelName: prepared.modelName, initial: prepared.initial, partitions, ...bounds }, (index, outcome) => outcomes.set(index, outcome)),
  );
  try {
    checkBin(prepared.model, { partitions: bins[0] ?? [], ...bounds }, (index, outcome) => outcomes.set(index, outcome));
    const settled = Promise.all(workers.map((w) => w.done));
    // An illegal partition found here settles the verdict: no need to wait for the workers.
    if ([...outcomes.values()].some((o) => o.result === "illegal")) settled.catch(() => undefined);
    else await settled;
  } finally {
    for (const w of workers) void w.worker.terminate();
  }
  const infos: PartitionInfo<unknown, unknown>[] = [...outcomes]
    .sort((a, b) => a[0] - b[0])
    .map(([index, outcome]) => partitionInfo(model, parts[index]!, outcome, index));
  const result = combineVerdicts(infos.map((p) => p.outcome.result));
  // Every partition must have a verdict before the history can be ok.
  if (result === "ok" && infos.length !== parts.length) return { result: "unknown", reason: "a partition was not checked", info: { partitions: infos } };
  return { result, info: { partitions: infos } };
}

/** Deals partitions, largest first, to the bin with the fewest operations. */
function deal(parts: readonly Ops[], bins: number): { index: number; operations: Ops }[][] {
  const out = Array.from({ length: Math.max(1, bins) }, () => [] as { index: number; operations: Ops }[]);
  const load = new Array<number>(out.length).fill(0);
  const order = parts.map((_, i) => i).sort((a, b) => parts[b]!.length - parts[a]!.length);
  for (const index of order) {
    const bin = load.indexOf(Math.min(...load));
    out[bin]!.push({ index, operations: parts[index]! });
    load[bin]! += parts[index]!.length;
  }
  return out;
}

function startWorker(job: WorkerJob, report: (index: number, outcome: PartitionOutcome) => void): { worker: Worker; done: Promise<void> } {
  const worker = new Worker(new URL("./check-worker.js", import.meta.url), { workerData: job });
  const done = new Promise<void>((resolve, reject) => {
    worker.on("message", (m: { done?: true; index?: number; outcome?: PartitionOutcome }) => {
      if (m.done) resolve();
      else report(m.index!, m.outcome!);
    });
    worker.on("error", reject);
    worker.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`a checker worker exited with code ${code}`))));
  });
  return { worker, done };
}
