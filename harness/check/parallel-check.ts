/**
 * Checks the partitions of a prepared history on this thread and, when there
 * are several and the check is still running after `workersAfterMs`, on
 * worker threads too (one per other core). A worker costs its start (tens of
 * milliseconds to load its modules, then code not yet optimized), more than
 * most checks take, so short checks never pay it. Every thread claims
 * partitions (largest first) from a shared counter, so a worker helps from
 * the moment it has booted. An illegal partition raises a flag every thread
 * polls, so all stop at once. The descriptions a report needs are made only
 * when read.
 */
import { createRequire } from "node:module";
import {
  combineVerdicts,
  fillDefaults,
  partitionInfo,
  searchPartition,
  type FullModel,
  type Operation,
  type LinearizabilityResult,
  type PartitionInfo,
  type PartitionOutcome,
  type PreparedCheck,
} from "../../checkers/index.js";
import { ClaimLimits, checkClaimed, monotonicMs, sharedState, type SharedCheck, type WorkerJob } from "./check-bin.js";
import { DEFAULT_MAX_MEMORY_BYTES } from "./memory-bound.js";

/** Options of a parallel check. */
export interface ParallelOptions {
  readonly timeoutMs?: number;
  /** Bound on the process's resident memory (default 2 GiB); past it, unknown. */
  readonly maxMemoryBytes?: number;
  /** Threads to check on at most, this one included (default: the machine's parallelism). */
  readonly workers?: number;
  /** Start the workers once the check has run this long on this thread (default 50 ms; 0: at once). */
  readonly workersAfterMs?: number;
}

/**
 * Above this many operations the check stays on this thread: a worker gets a
 * structured copy of every partition, and measured here, 1,000,000 kv ops in
 * 1,000 keys took 4.2 s on one thread and 10.4 s with that copy.
 */
const MAX_COPIED_OPS = 200_000;

/** Checks `prepared`, spreading its partitions over threads when worth it. */
export async function checkParallel(prepared: PreparedCheck, options: ParallelOptions = {}): Promise<LinearizabilityResult> {
  const model = fillDefaults(prepared.model);
  const parts = model.partition(prepared.operations);
  // Copying the partitions to a worker costs more than it saves on very long histories.
  const copyable = prepared.operations.length <= MAX_COPIED_OPS;
  const threads = copyable && parts.length > 1 ? Math.max(1, Math.min(options.workers ?? nodeOs().availableParallelism(), parts.length)) : 1;
  const deadlineMs = monotonicMs() + (options.timeoutMs ?? Infinity);
  const maxMemoryBytes = options.maxMemoryBytes ?? DEFAULT_MAX_MEMORY_BYTES;
  if (parts.length === 1) return checkAlone(model, parts[0]!, deadlineMs, maxMemoryBytes);
  const job: SharedCheck = {
    partitions: parts.map((operations, index) => ({ index, operations })).sort((a, b) => b.operations.length - a.operations.length),
    deadlineMs,
    maxMemoryBytes,
    // Alone, this thread keeps its counter and flag in a plain buffer (cheaper than a shared one).
    shared: threads > 1 ? sharedState() : new ArrayBuffer(8),
  };
  const outcomes = new Map<number, PartitionOutcome>();
  const record = (index: number, outcome: PartitionOutcome): void => void outcomes.set(index, outcome);
  let pool: Pool | undefined;
  const started = monotonicMs();
  const claimed = new Int32Array(job.shared);
  const startWorkers = (): void => {
    if (pool !== undefined || threads < 2 || monotonicMs() - started < (options.workersAfterMs ?? 50)) return;
    if (Atomics.load(claimed, 0) >= parts.length) return;
    pool = startPool(threads - 1, { ...job, modelName: prepared.modelName, initial: prepared.initial, threads }, record);
  };
  try {
    startWorkers();
    checkClaimed(prepared.model, job, threads, record, startWorkers);
    await pool?.settled(() => outcomes.size === parts.length || [...outcomes.values()].some((o) => o.result === "illegal"));
  } finally {
    pool?.terminate();
  }
  const infos: PartitionInfo<unknown, unknown>[] = [...outcomes]
    .sort((a, b) => a[0] - b[0])
    .map(([index, outcome]) => partitionInfo(model, parts[index]!, outcome, index));
  const result = combineVerdicts(infos.map((p) => p.outcome.result));
  // Every partition must have a verdict before the history can be ok.
  if (result === "ok" && infos.length !== parts.length) return { result: "unknown", reason: "a partition was not checked", info: { partitions: infos } };
  return { result, info: { partitions: infos } };
}

/**
 * One partition: searched here, to the end, under the same bounds as a
 * claimed one (the deadline, the memory bound), with none of the sharing.
 */
function checkAlone(
  model: FullModel<unknown, unknown, unknown>,
  ops: readonly Operation<unknown, unknown>[],
  deadlineMs: number,
  maxMemoryBytes: number,
): LinearizabilityResult {
  const outcome = searchPartition(model, ops, new ClaimLimits(new Int32Array(2), deadlineMs, maxMemoryBytes));
  return { result: outcome.result, info: { partitions: [partitionInfo(model, ops, outcome, 0)] } };
}

/** Workers checking claimed partitions; `settled` waits until `enough` holds or every worker is done. */
interface Pool {
  settled(enough: () => boolean): Promise<void>;
  terminate(): void;
}

/** node:os, loaded when a history has several partitions: a check of one (a register's) never reads the cores. */
function nodeOs(): typeof import("node:os") {
  return createRequire(import.meta.url)("node:os") as typeof import("node:os");
}

/** node:worker_threads, loaded when a pool starts: most checks never start one, and loading it costs `fencecheck check` milliseconds. */
function workerThreads(): typeof import("node:worker_threads") {
  return createRequire(import.meta.url)("node:worker_threads") as typeof import("node:worker_threads");
}

function startPool(size: number, job: WorkerJob, report: (index: number, outcome: PartitionOutcome) => void): Pool {
  const { Worker } = workerThreads();
  let running = size;
  let failure: Error | undefined;
  let wake = (): void => undefined;
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(new URL("./check-worker.js", import.meta.url), { workerData: job });
    let ended = false;
    const end = (error?: Error): void => {
      if (ended) return;
      ended = true;
      running--;
      failure ??= error;
      wake();
    };
    worker.on("message", (m: { done?: true; index?: number; outcome?: PartitionOutcome }) => {
      if (m.done) end();
      else {
        report(m.index!, m.outcome!);
        wake();
      }
    });
    worker.on("error", (error) => end(error));
    worker.on("exit", (code) => end(code === 0 ? undefined : new Error(`a checker worker exited with code ${code}`)));
    return worker;
  });
  return {
    settled: (enough) =>
      new Promise<void>((resolve, reject) => {
        wake = () => {
          if (enough()) resolve();
          else if (failure) reject(failure);
          else if (running === 0) resolve();
        };
        wake();
      }),
    terminate: () => workers.forEach((w) => void w.terminate()),
  };
}
