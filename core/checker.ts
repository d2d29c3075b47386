/**
 * Checkers are pure functions over a stored run. They never throw to the
 * caller: `checkSafe` (checkers/) turns a thrown error into "unknown".
 */
import type { History } from "./history.js";
import type { RunConfig } from "./run-config.js";
import type { StorageRecord } from "./storage-record.js";

/** Jepsen's validity: true, false, or unknown when it could not be decided. */
export type Validity = true | false | "unknown";

/** A checker's verdict plus whatever explains it. */
export interface CheckResult {
  readonly valid: Validity;
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

/** Combines validities: false beats unknown beats true. */
export function mergeValidity(values: Iterable<Validity>): Validity {
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
