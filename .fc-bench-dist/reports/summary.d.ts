/** The run's headline numbers. */
import { type History } from "../harness/core/index.js";
import type { FencingResult, FinalStateResult, LeaseOverlapResult } from "../checkers/index.js";
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
    readonly faults: number;
    readonly fencing: FencingResult | undefined;
    readonly leaseOverlap: LeaseOverlapResult | undefined;
    readonly finalState: FinalStateResult | undefined;
}
/** Counts client invocations, processes, grants and write outcomes, plus the checkers' counts. Pure. */
export declare function summaryCounts(input: SummaryInput): SummaryCounts;
