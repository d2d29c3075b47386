/**
 * Availability of the lock service as the clients saw it: how acquires
 * ended, and the longest stretch in which clients asked and nobody was
 * granted anything. Failing acquires are unavailability, never unsafety.
 */
import { pairs, type History } from "../../core/index.js";

/** How the run's acquires ended. Times are harness nanoseconds. */
export interface Availability {
  readonly acquires: number;
  readonly granted: number;
  /** Definite failures by error code (lock-busy, unavailable, ...). */
  readonly failed: Readonly<Record<string, number>>;
  /** Indeterminate outcomes (timeouts): the grant may have happened. */
  readonly indeterminate: number;
  /** The longest time from an acquire attempt (or a grant) to the next grant, or to the last acquire's end. */
  readonly longestWithoutGrantNs: number;
  /** True when acquires were tried and none was granted. */
  readonly unavailable: boolean;
}

/** Summarizes the history's acquires. Pure. */
export function acquireAvailability(history: History): Availability {
  const failed: Record<string, number> = {};
  const grants: number[] = [];
  let acquires = 0;
  let indeterminate = 0;
  let first = Number.POSITIVE_INFINITY;
  let lastEnd = 0;
  for (const { invoke, completion } of pairs(history)) {
    if (invoke.f !== "acquire" || typeof invoke.process !== "number") continue;
    acquires++;
    first = Math.min(first, invoke.time);
    lastEnd = Math.max(lastEnd, completion?.time ?? invoke.time);
    if (completion?.type === "ok") grants.push(completion.time);
    else if (completion?.type === "fail") failed[completion.error.code] = (failed[completion.error.code] ?? 0) + 1;
    else indeterminate++;
  }
  const points = acquires === 0 ? [] : [first, ...grants.sort((a, b) => a - b), lastEnd];
  const longest = points.slice(1).reduce((m, t, i) => Math.max(m, t - (points[i] as number)), 0);
  const granted = grants.length;
  return { acquires, granted, failed, indeterminate, longestWithoutGrantNs: longest, unavailable: acquires > 0 && granted === 0 };
}
