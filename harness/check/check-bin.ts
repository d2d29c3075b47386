/**
 * One thread's share of a parallel check: its partitions in order, under a
 * deadline, the memory bound and the stop flag shared by all threads.
 */
import { fillDefaults, searchPartition, type Model, type Operation, type PartitionOutcome } from "../../checkers/index.js";
import { memoryBound } from "./memory-bound.js";

/** What a thread checks: its partitions and the bounds. */
export interface WorkerJob {
  readonly modelName: string;
  readonly initial: unknown;
  readonly partitions: readonly { readonly index: number; readonly operations: readonly Operation<unknown, unknown>[] }[];
  /** Deadline as performance.timeOrigin + performance.now() reads it, in ms (Infinity: none). */
  readonly deadlineMs: number;
  readonly maxMemoryBytes: number;
  /** Int32Array over it: [0] is 1 once some thread found an illegal partition. */
  readonly stop: SharedArrayBuffer;
}

/**
 * Checks `job.partitions` in order, passing each outcome to `report`; stops
 * at an illegal one (raising the stop flag) or when the flag is raised
 * elsewhere (the partition cut short is then not reported).
 */
export function checkBin(
  model: Model<unknown, unknown, unknown>,
  job: Omit<WorkerJob, "modelName" | "initial">,
  report: (index: number, outcome: PartitionOutcome) => void,
): void {
  const full = fillDefaults(model);
  const stop = new Int32Array(job.stop);
  const stopped = (): boolean => Atomics.load(stop, 0) === 1;
  const limits = {
    expired: () => stopped() || performance.timeOrigin + performance.now() >= job.deadlineMs,
    maxBytes: job.maxMemoryBytes,
    overMemory: memoryBound(job.maxMemoryBytes),
  };
  for (const p of job.partitions) {
    if (stopped()) return;
    const outcome = searchPartition(full, p.operations, limits);
    if (outcome.result === "unknown" && stopped()) return;
    report(p.index, outcome);
    if (outcome.result === "illegal") {
      Atomics.store(stop, 0, 1);
      return;
    }
  }
}
