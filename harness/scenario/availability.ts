/**
 * Whether the lock service stayed available while faults were in force:
 * how many acquires were invoked during a fault period, and how many
 * grants came back while a fault was still in force (a grant that arrives
 * only after the heal shows recovery, not availability). A design that
 * refuses to grant under a partition is unavailable, not unsafe; the
 * scenario page says which.
 */
import type { FaultShading, History } from "../../core/index.js";
import { certainFaultPeriods, pairs } from "../../core/index.js";

/** Acquires attempted, and grants received, while a fault was in force. */
export interface FaultAvailability {
  readonly attempted: number;
  readonly granted: number;
  /** True when acquires were attempted during faults and none was granted. */
  readonly unavailable: boolean;
}

/** Counts acquires invoked inside fault periods and those that returned ok. */
export function faultAvailability(history: History, shading: readonly FaultShading[]): FaultAvailability {
  const periods = certainFaultPeriods(history, shading);
  const inFault = (t: number): boolean => periods.some((p) => p.start <= t && t < p.end);
  let attempted = 0;
  let granted = 0;
  for (const { invoke, completion } of pairs(history)) {
    if (invoke.f !== "acquire" || typeof invoke.process !== "number") continue;
    if (inFault(invoke.time)) attempted++;
    if (completion?.type === "ok" && inFault(completion.time)) granted++;
  }
  return { attempted, granted, unavailable: attempted > 0 && granted === 0 };
}
