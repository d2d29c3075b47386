/** The search's contracts: its bounds, its outcome, and a search run in slices. */

/** Bounds on one search: a deadline polled inside the loop and a memory budget. */
export interface SearchLimits {
  /** Polled every few thousand steps; true stops the search with "unknown". */
  readonly expired: () => boolean;
  /** Estimated bytes the cache may hold before the search gives "unknown". */
  readonly maxBytes: number;
  /** Polled every 65,536 steps; true (the process is past its memory bound) stops the search with "unknown". */
  readonly overMemory?: () => boolean;
}

/** The verdict on one partition and what explains it. */
export interface PartitionOutcome {
  readonly result: "ok" | "illegal" | "unknown";
  /** ok: a full linearization; illegal: the longest linearizable prefix found (op indexes). */
  readonly linearization: readonly number[];
  /** illegal: the operations that could not be placed after that prefix. */
  readonly stuck: readonly number[];
  /** The model state after `linearization`, described by the model. */
  readonly state: string;
  /** unknown: why the search stopped. */
  readonly reason?: "timeout" | "memory";
  /** Configurations the cache held at the end. */
  readonly configurations: number;
}

/** A search that runs in slices, so that one thread can interleave several (as porcupine's goroutines do). */
export interface Search {
  /** Runs at most about `budget` steps; the outcome once decided, undefined while undecided. */
  run(budget: number): PartitionOutcome | undefined;
}
