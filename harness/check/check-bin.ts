/**
 * The loop every thread of a parallel check runs: claim unchecked partitions
 * from a counter shared by all threads (largest first), search them under
 * the deadline, the memory bound and the shared stop flag, report each, and
 * stop at an illegal one. A thread that starts late simply finds less left
 * to claim.
 */
import { fillDefaults, startSearch, type Model, type Operation, type PartitionOutcome, type Search, type SearchLimits } from "../../checkers/index.js";
import { pastMemoryBound } from "./memory-bound.js";

/** What every thread shares: the partitions and the bounds. */
export interface SharedCheck {
  readonly partitions: readonly { readonly index: number; readonly operations: readonly Operation<unknown, unknown>[] }[];
  /** Deadline as `monotonicMs` reads it (Infinity: none). */
  readonly deadlineMs: number;
  readonly maxMemoryBytes: number;
  /**
   * Int32Array over it: [0] the next partition to claim, [1] 1 once some
   * thread found an illegal partition. A plain buffer only when one thread checks.
   */
  readonly shared: SharedArrayBuffer | ArrayBuffer;
}

/** A worker's share: the model is rebuilt from its name (functions do not cross threads). */
export interface WorkerJob extends SharedCheck {
  readonly modelName: string;
  readonly initial: unknown;
  /** Threads in the check, this worker and the main thread included. */
  readonly threads: number;
}

/**
 * Milliseconds on the process's monotonic clock, which every thread of the
 * process reads alike: the time base of a check's deadline. Not the global
 * `performance`, whose first use loads Node's perf_hooks (a dozen internal
 * modules, about a millisecond of a small `fencecheck check`).
 */
export function monotonicMs(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}

/** A new shared counter and stop flag. */
export function sharedState(): SharedArrayBuffer {
  return new SharedArrayBuffer(8);
}

/** True once some thread found an illegal partition. */
export function stopped(shared: SharedArrayBuffer | ArrayBuffer): boolean {
  return Atomics.load(new Int32Array(shared), 1) === 1;
}

/** Steps a search runs before the thread turns to its next open partition. */
const SLICE = 20_000;

/**
 * Claims and checks partitions, passing each outcome to `report`. Like
 * porcupine's goroutines, the partitions this thread holds are searched
 * together, in turns of a few milliseconds, so one hard partition cannot
 * hide a quick illegal one. The thread holds up to its fair share (the
 * partitions over `threads`) at a time and claims more as they finish. An
 * illegal outcome is reported before the stop flag is raised; a search cut
 * short by the flag is not reported. `tick` is called between turns.
 */
export function checkClaimed(
  model: Model<unknown, unknown, unknown>,
  job: SharedCheck,
  threads: number,
  report: (index: number, outcome: PartitionOutcome) => void,
  tick: () => void = () => undefined,
): void {
  const full = fillDefaults(model);
  const state = new Int32Array(job.shared);
  const limits = new ClaimLimits(state, job.deadlineMs, job.maxMemoryBytes);
  const share = Math.max(1, Math.ceil(job.partitions.length / Math.max(1, threads)));
  const open: { index: number; search: Search }[] = [];
  for (;;) {
    while (open.length < share) {
      const k = Atomics.add(state, 0, 1);
      if (k >= job.partitions.length) break;
      const p = job.partitions[k]!;
      open.push({ index: p.index, search: startSearch(full, p.operations, limits) });
    }
    if (open.length === 0) return;
    tick();
    for (let i = 0; i < open.length; i++) {
      if (Atomics.load(state, 1) === 1) return;
      const outcome = open[i]!.search.run(SLICE);
      if (outcome === undefined) continue;
      if (outcome.result === "unknown" && Atomics.load(state, 1) === 1) return;
      report(open[i]!.index, outcome);
      if (outcome.result === "illegal") {
        Atomics.store(state, 1, 1);
        return;
      }
      open.splice(i--, 1);
    }
  }
}

/**
 * The bounds every search of a thread polls: the shared stop flag, the
 * deadline and the memory bound. A class, so that every check's searches
 * call the same functions (their optimized code stays valid across checks).
 */
export class ClaimLimits implements SearchLimits {
  constructor(
    private readonly state: Int32Array,
    private readonly deadlineMs: number,
    readonly maxBytes: number,
  ) {}

  expired(): boolean {
    return Atomics.load(this.state, 1) === 1 || monotonicMs() >= this.deadlineMs;
  }

  overMemory(): boolean {
    return pastMemoryBound(this.maxBytes);
  }
}
