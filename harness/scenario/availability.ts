/**
 * Whether the lock service stayed available while faults were in force:
 * how many acquires were invoked during a fault period, and how many
 * grants came back while a fault was still in force (a grant that arrives
 * only after the heal shows recovery, not availability). A design that
 * refuses to grant under a partition is unavailable, not unsafe; the
 * scenario page says which.
 */
import type { FaultShading, History } from "../../core/index.js";
import { pairs } from "../../core/index.js";

/** Acquires attempted, and grants received, while a fault was in force. */
export interface FaultAvailability {
  readonly attempted: number;
  readonly granted: number;
  /** True when acquires were attempted during faults and none was granted. */
  readonly unavailable: boolean;
}

/** Counts acquires invoked inside fault periods and those that returned ok. */
export function faultAvailability(history: History, shading: readonly FaultShading[]): FaultAvailability {
  const periods = faultsInForce(history, shading);
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

/**
 * When faults were certainly in force: from the completion of a fault's
 * start op (the nemesis has applied and checked it) to the invocation of
 * its stop. Grants that raced the start op do not count against the design.
 */
function faultsInForce(history: History, shading: readonly FaultShading[]): { start: number; end: number }[] {
  const periods: { start: number; end: number }[] = [];
  const end = history.reduce((t, op) => Math.max(t, op.time), 0);
  for (const spec of shading) {
    let open: number | undefined;
    for (const op of history) {
      if (op.process !== "nemesis") continue;
      if (op.f === spec.start && op.type !== "invoke" && open === undefined) open = op.time;
      if (op.f === spec.stop && op.type === "invoke" && open !== undefined) {
        periods.push({ start: open, end: op.time });
        open = undefined;
      }
    }
    if (open !== undefined) periods.push({ start: open, end });
  }
  return periods;
}
