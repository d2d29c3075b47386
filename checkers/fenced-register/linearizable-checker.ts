/**
 * The linearizability checker of lock workloads: the history's reads and
 * writes against the fenced-register model (one register per resource,
 * see checkers/linearizability). It keeps, for every partition that is not
 * linearizable, porcupine's counterexample: the tail of the longest
 * linearizable prefix and the ops that could not be placed next, with
 * harness times, capped so that a 100,000-op history stays small.
 */
import { decidedByVersion, type CheckInput, type CheckResult, type Checker, type History, type Validity } from "../../core/index.js";
import { checkLockPartitions, visualizationData, type LinearizabilityOptions, type VisualOp, type VisualPartition } from "../linearizability/index.js";

/** One op of a counterexample, with its harness times (ns; `returnedAt` null when it never returned). */
export interface CounterexampleOp {
  readonly process: number;
  readonly description: string;
  readonly calledAt: number;
  readonly returnedAt: number | null;
}

/** Why one partition (one resource) is not linearizable, or could not be decided. */
export interface Counterexample {
  readonly partition: number;
  readonly result: "illegal" | "unknown";
  /** Ops in the longest linearizable prefix found. */
  readonly prefixLength: number;
  /** The last ops of that prefix, in linearization order. */
  readonly prefixTail: readonly CounterexampleOp[];
  /** The ops that could not be placed after the prefix. */
  readonly stuck: readonly CounterexampleOp[];
  /** The register after the prefix, for example `"v1-7" (token 34, max 34)`. */
  readonly stateAfter: string;
}

/** The verdict and its counterexamples. */
export interface LinearizableResult extends CheckResult {
  readonly valid: Validity;
  readonly result: "ok" | "illegal" | "unknown";
  readonly partitions: number;
  readonly operations: number;
  readonly counterexamples: readonly Counterexample[];
  /** One line for the CLI summary when not linearizable. */
  readonly summary?: string;
}

/** Options: the search's budgets; past either, the verdict is unknown rather than a stalled run. */
export interface LinearizableCheckerOptions {
  /** Wall-clock budget (default 10 s, or 50 µs per op of the history when that is longer: an hour's 10 million ops get 500 s). */
  readonly timeoutMs?: number;
  /** Estimated search-cache bytes per resource (default 256 MiB). */
  readonly maxMemoryBytes?: number;
  /** Prefix ops kept per counterexample (default 12). */
  readonly tail?: number;
  /** Counterexamples kept (default 5). */
  readonly maxCounterexamples?: number;
}

/** The checker, named "linearizable". Never throws past `compose` (bad input becomes unknown there). */
export function linearizableChecker(options: LinearizableCheckerOptions = {}): Checker<LinearizableResult> {
  return { name: "linearizable", check: (input, opts) => checkLinearizable(input, { ...options, ...(opts?.signal ? { signal: opts.signal } : {}) }) };
}

/**
 * Checks `input.history`; pure apart from reading the clock for the timeout.
 * Storage that decided every write by the version its writer read
 * (`decidedByVersion` of `input.storage`) is judged by versions, not
 * tokens: the conditional-register model. Otherwise, the fenced register.
 */
export function checkLinearizable(
  input: Pick<CheckInput, "history"> & Partial<Pick<CheckInput, "storage">>,
  options: LinearizableCheckerOptions & Pick<LinearizabilityOptions, "signal" | "clock"> = {},
): LinearizableResult {
  const { timeoutMs = Math.max(10_000, input.history.length * 0.05), maxMemoryBytes = 256 * 1024 * 1024, tail = 12, maxCounterexamples = 5 } = options;
  const byVersion = decidedByVersion(input.storage ?? []);
  const raw = checkLockPartitions(input.history, { timeoutMs, maxMemoryBytes, byVersion, ...(options.signal ? { signal: options.signal } : {}), ...(options.clock ? { clock: options.clock } : {}) });
  const failed = raw.failed.slice(0, maxCounterexamples);
  const parts = visualizationData({ result: raw.verdict, info: { partitions: failed } });
  const counterexamples = parts.map((p) => counterexample(p, input.history, tail));
  const valid: Validity = raw.verdict === "ok" ? true : raw.verdict === "illegal" ? false : "unknown";
  const first = counterexamples[0];
  const summary = first === undefined ? undefined : raw.verdict === "illegal"
    ? `linearizable: cannot place ${first.stuck[0]?.description ?? "an op"} after ${first.prefixLength} ops`
    : `linearizable: undecided within ${timeoutMs} ms or ${maxMemoryBytes} cache bytes`;
  return {
    valid, result: raw.verdict, partitions: raw.partitions, operations: raw.operations,
    counterexamples, ...(summary ? { summary } : {}),
  };
}

/** A partition's counterexample; operation times are positions in `history` (`checkLockPartitions`). */
function counterexample(p: VisualPartition, history: History, tail: number): Counterexample {
  const byId = new Map(p.ops.map((op) => [op.id, op]));
  const timed = (id: number): CounterexampleOp[] => {
    const op = byId.get(id);
    return op ? [timedOp(op, history)] : [];
  };
  return {
    partition: p.index,
    result: p.result === "illegal" ? "illegal" : "unknown",
    prefixLength: p.linearization.length,
    prefixTail: p.linearization.slice(-tail).flatMap(timed),
    stuck: p.stuck.flatMap(timed),
    stateAfter: p.stateAfter,
  };
}

function timedOp(op: VisualOp, history: History): CounterexampleOp {
  return {
    process: op.clientId,
    description: op.description,
    calledAt: history[op.call]?.time ?? 0,
    returnedAt: op.return === null ? null : (history[op.return]?.time ?? null),
  };
}
