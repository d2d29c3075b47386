/**
 * The per-process timeline: one lane per process, one bar per op from its
 * invoke to its completion, coloured by completion type, with fault periods
 * shaded behind.
 */
import { type FaultShading, type History, type ProcessId } from "../harness/core/index.js";
import { type FaultPeriod } from "./fault-periods.js";
/** How a bar ended; "open" when the op never completed. */
export type BarType = "ok" | "fail" | "info" | "open";
/** One op drawn from `start` to `end` (harness ns). */
export interface TimelineBar {
    readonly start: number;
    readonly end: number;
    readonly type: BarType;
    readonly f: string;
    /** A short description, for example "write v3-2 -> fail stale-token". */
    readonly label: string;
}
/** One process's lane. */
export interface TimelineLane {
    readonly process: ProcessId;
    readonly label: string;
    readonly bars: readonly TimelineBar[];
}
/** The whole timeline; `drawnBars < totalBars` when it was capped (`note` says so). */
export interface Timeline {
    readonly end: number;
    readonly lanes: readonly TimelineLane[];
    readonly faults: readonly FaultPeriod[];
    readonly drawnBars: number;
    readonly totalBars: number;
    readonly note: string | undefined;
}
/** Options: the most bars to keep (the earliest ones), default 2000. */
export interface TimelineOptions {
    readonly maxBars?: number;
}
/** Builds the timeline of a history. Pure. */
export declare function buildTimeline(history: History, shading: readonly FaultShading[], options?: TimelineOptions): Timeline;
