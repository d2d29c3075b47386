/**
 * Checkers are pure functions over a stored run. They never throw to the
 * caller: `checkSafe` (checkers/) turns a thrown error into "unknown".
 */
import type { History } from "./history.js";
import type { RunConfig } from "./run-config.js";
import type { StorageRecord } from "./storage-record.js";

/** Jepsen's validity, the run's verdict: true, false, or unknown when it could not be decided. */
export type Validity = true | false | "unknown";

/**
 * A checker's own answer: a `Validity`, or "n/a" when its question does not
 * arise for this run (fencing with no token; real-time for a lease without
 * a fixed TTL). "unknown" is different: the question arose and the checker
 * tried and could not decide. "n/a" never changes the verdict.
 */
export type CheckValidity = Validity | "n/a";

/** A checker's verdict plus whatever explains it. */
export interface CheckResult {
  readonly valid: CheckValidity;
  /** One line saying why the result is "n/a" (always given then) or "unknown". */
  readonly reason?: string;
  /**
   * For a checker that can tell whether storage kept a stale holder's write:
   * true when it settled that question for this run (found such a write, or
   * showed there was none), false when it could not. Absent for checkers
   * that do not ask it. See `runVerdict` (checkers/).
   */
  readonly staleWritesJudged?: boolean;
  readonly [detail: string]: unknown;
}

/** What a checker sees: everything recorded for a run. */
export interface CheckInput {
  readonly config: RunConfig;
  readonly history: History;
  readonly storage: readonly StorageRecord[];
}

/** A named, pure checker. */
export interface Checker<R extends CheckResult = CheckResult> {
  readonly name: string;
  check(input: CheckInput, opts?: { readonly signal?: AbortSignal }): R | Promise<R>;
}

/** Combines validities: false beats unknown beats true; "n/a" is skipped. */
export function mergeValidity(values: Iterable<CheckValidity>): Validity {
  let merged: Validity = true;
  for (const v of values) {
    if (v === false) return false;
    if (v === "unknown") merged = "unknown";
  }
  return merged;
}

/** Jepsen's exit code for a verdict. */
export function exitCodeForValidity(valid: Validity): 0 | 1 | 2 {
  return valid === true ? 0 : valid === false ? 1 : 2;
}
