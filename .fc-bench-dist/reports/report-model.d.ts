/**
 * The report as data: everything the HTML shows, computed from a stored run
 * so that tests can assert on it without parsing HTML.
 */
import type { RunConfig, Validity } from "../harness/core/index.js";
import type { CanvasTrack } from "./canvas-track.js";
import type { ChartSpec } from "./charts/chart-spec.js";
import { type LinearizabilityView } from "./counterexample-view.js";
import { type CheckerVerdict, type FinalStateFinding, type OverlapFinding } from "./findings.js";
import type { StoredRun } from "./stored-run.js";
import { type Story } from "./story.js";
import { type SummaryCounts } from "./summary.js";
import { type Timeline, type TimelineOptions } from "./timeline.js";
/** How to run it again, and what it was. */
export interface RunInfo {
    readonly name: string;
    readonly seed: number;
    readonly command: string;
    readonly lockAdapter: string;
    readonly storageKind: string;
    readonly ttlMs: number;
    readonly faults: readonly string[];
    readonly config: RunConfig;
}
/** The whole report. */
export interface ReportModel {
    readonly title: string;
    readonly verdict: Validity;
    /** "Valid", "Invalid" or "Unknown". */
    readonly verdictWord: string;
    readonly checkers: readonly CheckerVerdict[];
    readonly story: Story;
    readonly summary: SummaryCounts;
    readonly overlaps: readonly OverlapFinding[];
    readonly finalState: readonly FinalStateFinding[];
    readonly timeline: Timeline;
    /** The zoomable per-process timeline (every op). */
    readonly opTimeline: CanvasTrack;
    /** One lease timeline per resource. */
    readonly leaseTimelines: readonly CanvasTrack[];
    readonly charts: {
        readonly latency: ChartSpec;
        readonly throughput: ChartSpec;
        /** Undefined when the run has no clock readings (no clock faults). */
        readonly clocks: ChartSpec | undefined;
    };
    readonly linearizability: LinearizabilityView | undefined;
    /** The story's time window with some margin (harness ns), for "zoom to the first violation". */
    readonly focus: {
        readonly start: number;
        readonly end: number;
    } | undefined;
    /** The last op's time (harness ns). */
    readonly end: number;
    readonly run: RunInfo;
}
/** Options for building the model. */
export interface ReportModelOptions {
    readonly timeline?: TimelineOptions;
}
/** Builds the report model of a stored run. Pure. */
export declare function buildReportModel(run: StoredRun, options?: ReportModelOptions): ReportModel;
/** The story's facts' time span, widened by one lease TTL on each side and clamped to the run. */
export declare function focusWindow(story: Story, ttlMs: number, end: number): {
    start: number;
    end: number;
} | undefined;
