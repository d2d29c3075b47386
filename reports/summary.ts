/** The run's headline numbers. */
import type { History } from "../core/index.js";
import type { FencingResult, FinalStateResult, LeaseOverlapResult, RealTimeResult } from "../checkers/index.js";
import { pairColumns, type PairColumns } from "./pair-columns.js";

/** Counts shown next to the verdict. Checker-derived counts are undefined when the checker left no result. */
export interface SummaryCounts {
  readonly ops: number;
  readonly clients: number;
  readonly grants: number;
  readonly writesAcknowledged: number;
  readonly writesRejected: number;
  readonly writesIndeterminate: number;
  readonly faults: number;
  readonly staleAccepted: number | undefined;
  readonly staleRejected: number | undefined;
  readonly overlaps: number | undefined;
  readonly overlapsBeforeExpiry: number | undefined;
  readonly lostUpdates: number | undefined;
}

/** What the counts are computed from. */
export interface SummaryInput {
  readonly history: History;
  /** The history's pair columns, when the caller has them. */
  readonly columns?: PairColumns;
  readonly faults: number;
  readonly fencing: FencingResult | undefined;
  readonly leaseOverlap: LeaseOverlapResult | undefined;
  readonly finalState: FinalStateResult | undefined;
  /** Its stale writes count with fencing's, each write once. */
  readonly realTime?: RealTimeResult | undefined;
}

/** Counts client invocations, processes, grants and write outcomes, plus the checkers' counts. Pure. */
export function summaryCounts(input: SummaryInput): SummaryCounts {
  const clients = new Set<number>();
  let ops = 0, grants = 0, ok = 0, rejected = 0, indeterminate = 0;
  const cols = input.columns ?? pairColumns(input.history);
  for (let k = 0; k < cols.n; k++) {
    const process = cols.process[k], f = cols.f[k], type = cols.type[k];
    if (typeof process !== "number") continue;
    ops++;
    clients.add(process);
    if (f === "acquire" && type === "ok") grants++;
    if (f !== "write") continue;
    if (type === "ok") ok++;
    else if (type === "fail") rejected++;
    else indeterminate++;
  }
  const { fencing, leaseOverlap, finalState } = input;
  return {
    ops, clients: clients.size, grants, writesAcknowledged: ok, writesRejected: rejected, writesIndeterminate: indeterminate,
    faults: input.faults,
    staleAccepted: staleAccepted(fencing, input.realTime), staleRejected: fencing?.staleRejected,
    overlaps: leaseOverlap?.overlaps.length, overlapsBeforeExpiry: leaseOverlap?.overlaps.filter((o) => o.certain).length,
    lostUpdates: finalState?.lostUpdates.length,
  };
}

/** Distinct stale writes storage accepted, by token (fencing) or by real time. */
function staleAccepted(fencing: FencingResult | undefined, realTime: RealTimeResult | undefined): number | undefined {
  if (fencing === undefined && realTime === undefined) return undefined;
  const writes = new Set([
    ...(fencing?.violations ?? []).map((v) => `${v.client}\u0000${v.key}\u0000${v.value}`),
    ...(realTime?.violations ?? []).map((v) => `${v.client}\u0000${v.key}\u0000${v.value}`),
  ]);
  return writes.size;
}
