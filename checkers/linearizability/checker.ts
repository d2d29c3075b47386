/**
 * The public checking API, porcupine-small: `checkOperations` and
 * `checkEvents` split a history with the model's partition function
 * (P-compositionality), search each part, and combine: illegal beats unknown
 * beats ok. `checkPartition` is the unit a worker-thread pool runs.
 */
import { createSystemClock, type Clock } from "../../core/index.js";
import { fillDefaults, UNKNOWN, type Event, type FullModel, type Model, type Operation } from "./model.js";
import { searchPartition, type PartitionOutcome, type SearchLimits } from "./search.js";

/** Bounds and switches for a check. */
export interface LinearizabilityOptions {
  /** Wall-clock budget for the whole check; past it the verdict is "unknown". */
  readonly timeoutMs?: number;
  /** The clock the deadline is read from (default: the system clock). */
  readonly clock?: Clock;
  /** Aborting it stops the search with "unknown". */
  readonly signal?: AbortSignal;
  /** Estimated cache bytes allowed per partition (default 1 GiB); past it, "unknown". */
  readonly maxMemoryBytes?: number;
  /** Polled during the search: true when the process is past its memory bound ("unknown"). */
  readonly overMemory?: () => boolean;
  /** Keep checking the other partitions after an illegal one (default false). */
  readonly allPartitions?: boolean;
}

/** One checked partition, with what the report needs to draw it. */
export interface PartitionInfo<I, O> {
  /** Position of the partition in the model's partition order. */
  readonly index: number;
  readonly operations: readonly Operation<I, O>[];
  /** `describeOperation` of each operation, same order (computed on first read, for reports). */
  readonly descriptions: readonly string[];
  readonly outcome: PartitionOutcome;
}

/** What explains a verdict: every partition checked, in order. */
export interface LinearizationInfo<I = unknown, O = unknown> {
  readonly partitions: readonly PartitionInfo<I, O>[];
}

/** The verdict: "ok" (linearizable), "illegal", or "unknown" (timeout, memory bound). */
export type Verdict = "ok" | "illegal" | "unknown";

/** A check's verdict and its explanation. */
export interface LinearizabilityResult<I = unknown, O = unknown> {
  readonly result: Verdict;
  /** Why the verdict is unknown when no partition says it (e.g. "no operations"). */
  readonly reason?: string;
  readonly info?: LinearizationInfo<I, O>;
}

const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;

/** Builds the limits of a search from options; `deadlineNs` is on `clock`. */
export function searchLimits(options: LinearizabilityOptions, clock: Clock, deadlineNs: number): SearchLimits {
  return new OptionLimits(options, clock, deadlineNs);
}

/** Limits read from options; a class, so every check's searches call the same functions. */
class OptionLimits implements SearchLimits {
  readonly maxBytes: number;

  constructor(
    private readonly options: LinearizabilityOptions,
    private readonly clock: Clock,
    private readonly deadlineNs: number,
  ) {
    this.maxBytes = options.maxMemoryBytes ?? DEFAULT_MAX_BYTES;
  }

  expired(): boolean {
    return this.options.signal?.aborted === true || this.clock.nowNs() >= this.deadlineNs;
  }

  overMemory(): boolean {
    return this.options.overMemory?.() === true;
  }
}

/** Checks one partition (already split) under `limits`: the unit of parallel work. */
export function checkPartition<S, I, O>(
  model: Model<S, I, O> | FullModel<S, I, O>,
  ops: readonly Operation<I, O>[],
  limits: SearchLimits,
  index = 0,
): PartitionInfo<I, O> {
  const full = fillDefaults(model);
  return partitionInfo(full, ops, searchPartition(full, ops, limits), index);
}

/**
 * A partition's info around its outcome. The descriptions, a fixed cost per
 * operation that only a report reads, are computed on first read.
 */
export function partitionInfo<S, I, O>(
  model: FullModel<S, I, O>,
  ops: readonly Operation<I, O>[],
  outcome: PartitionOutcome,
  index: number,
): PartitionInfo<I, O> {
  let descriptions: readonly string[] | undefined;
  return {
    index,
    operations: ops,
    outcome,
    get descriptions() {
      descriptions ??= ops.map((o) => model.describeOperation(o.input, o.output));
      return descriptions;
    },
  };
}

/** Merges partition verdicts: illegal beats unknown beats ok. */
export function combineVerdicts(verdicts: Iterable<Verdict>): Verdict {
  let merged: Verdict = "ok";
  for (const v of verdicts) {
    if (v === "illegal") return "illegal";
    if (v === "unknown") merged = "unknown";
  }
  return merged;
}

/** Checks a history of operations against `model`. Never throws on a model's verdict. */
export function checkOperations<S, I, O>(
  model: Model<S, I, O>,
  ops: readonly Operation<I, O>[],
  options: LinearizabilityOptions = {},
): LinearizabilityResult<I, O> {
  const full = fillDefaults(model);
  const clock = options.clock ?? createSystemClock();
  const deadline = options.timeoutMs === undefined ? Infinity : clock.nowNs() + options.timeoutMs * 1e6;
  const limits = searchLimits(options, clock, deadline);
  const partitions: PartitionInfo<I, O>[] = [];
  const parts = full.partition(ops);
  for (let index = 0; index < parts.length; index++) {
    const info = checkPartition(full, parts[index]!, limits, index);
    partitions.push(info);
    if (info.outcome.result === "illegal" && options.allPartitions !== true) break;
  }
  return { result: combineVerdicts(partitions.map((p) => p.outcome.result)), info: { partitions } };
}

/** Checks a history given as call/return events (in order) against `model`. */
export function checkEvents<S, I, O>(
  model: Model<S, I, O>,
  events: readonly Event<I, O>[],
  options: LinearizabilityOptions = {},
): LinearizabilityResult<I, O> {
  return checkOperations(model, eventsToOperations(events), options);
}

/** Pairs call and return events by id; an unreturned call returns at +infinity. */
export function eventsToOperations<I, O>(events: readonly Event<I, O>[]): Operation<I, O>[] {
  const calls = new Map<number, { clientId: number; input: I; call: number }>();
  const ops: Operation<I, O>[] = [];
  events.forEach((ev, time) => {
    if (ev.kind === "call") {
      calls.set(ev.id, { clientId: ev.clientId, input: ev.value, call: time });
      return;
    }
    const c = calls.get(ev.id);
    if (c === undefined) return;
    calls.delete(ev.id);
    ops.push({ ...c, output: ev.value, return: time });
  });
  for (const c of calls.values()) ops.push({ ...c, output: UNKNOWN, return: Infinity });
  return ops;
}
