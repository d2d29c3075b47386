/**
 * The report as data: everything the HTML shows, computed from a stored run
 * so that tests can assert on it without parsing HTML.
 */
import { clientBindings, hazardsLine, REPORT_SECTIONS, ttlSpan, vacuousReason, type ReportSection, type RunConfig, type Validity } from "../core/index.js";
import type { CanvasTrack } from "./canvas-track.js";
import type { ChartSpec } from "./charts/chart-spec.js";
import { clockChart } from "./charts/clock-chart.js";
import { chartShading, perfCharts } from "./charts/perf-charts.js";
import { fencingResult, finalStateResult, leaseOverlapResult, linearizableResult, lockServiceResult, realTimeResult } from "./checker-results.js";
import { linearizabilityView, type LinearizabilityView } from "./counterexample-view.js";
import { checkerVerdicts, finalStateFindings, overlapFindings, type CheckerVerdict, type FinalStateFinding, type OverlapFinding } from "./findings.js";
import { validityWord } from "./format.js";
import type { StoredRun } from "./stored-run.js";
import { buildStory, type Story } from "./story.js";
import { summaryCounts, type SummaryCounts } from "./summary.js";
import { buildLeaseTimelines } from "./lease-timeline.js";
import { buildOpTimeline } from "./op-timeline.js";
import { pairColumns } from "./pair-columns.js";
import { buildTimeline, type Timeline, type TimelineOptions } from "./timeline.js";
import { trackCut } from "./track-cut.js";

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
  /** Which lock node each client's endpoint list starts at ("c1 -> l1"). */
  readonly bindings: readonly string[];
}

/** The whole report. */
export interface ReportModel {
  readonly title: string;
  readonly verdict: Validity;
  /** "Valid", "Invalid" or "Unknown". */
  readonly verdictWord: string;
  /** One line saying why the verdict is unknown, when it is. */
  readonly verdictReason?: string;
  /** The hazards the run went through ("stale-write-rejected x4, ..."), when counted. */
  readonly hazards?: string;
  /** Why the valid run is vacuous, when it is. */
  readonly vacuous?: string;
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
  /** Set when the history is too long to draw whole (track-cut.ts): the sentence saying what the timelines draw. */
  readonly tracksCut?: string;
  readonly charts: {
    readonly latency: ChartSpec;
    readonly throughput: ChartSpec;
    /** Undefined when the run has no clock readings (no clock faults). */
    readonly clocks: ChartSpec | undefined;
  };
  readonly linearizability: LinearizabilityView | undefined;
  /** The story's time window with some margin (harness ns), for "zoom to the first violation". */
  readonly focus: { readonly start: number; readonly end: number } | undefined;
  /** The last op's time (harness ns). */
  readonly end: number;
  readonly run: RunInfo;
  /** The sections the report shows after the verdict, in order (the workload's). */
  readonly sections: readonly ReportSection[];
}

/** Options for building the model. */
export interface ReportModelOptions {
  readonly timeline?: TimelineOptions;
  /** The workload's report sections; every section by default. */
  readonly sections?: readonly ReportSection[];
  /** The most invocations the canvas timelines draw (default MAX_TRACK_PAIRS, track-cut.ts). */
  readonly maxTrackPairs?: number;
}

/** Builds the report model of a stored run. Pure. */
export function buildReportModel(run: StoredRun, options: ReportModelOptions = {}): ReportModel {
  const { config, history, results } = run;
  const fencing = fencingResult(results.results);
  const leaseOverlap = leaseOverlapResult(results.results);
  const finalState = finalStateResult(results.results);
  // The pairs read once into columns, which every pass over all of them walks; past the timelines' cut, the
  // timelines get the first pairs' columns and the other passes every pair's times, types, f and process (track-cut.ts).
  const cut = trackCut(history, options.maxTrackPairs);
  const maxBars = options.timeline?.maxBars ?? 2000;
  const columns = cut === undefined ? pairColumns(history) : pairColumns(history, Infinity, maxBars);
  const all = { columns };
  const drawn = cut?.columns ?? columns;
  const timeline = buildTimeline(history, run.shading, { ...options.timeline, ...all });
  const realTime = realTimeResult(results.results);
  const lockService = lockServiceResult(results.results);
  const story = buildStory({ config, history, fencing, leaseOverlap, realTime, lockService });
  const perf = perfCharts(history, timeline.faults, all);
  const workers = config.workload.clients;
  return {
    title: `fencecheck: ${config.name}`,
    verdict: results.valid,
    verdictWord: validityWord(results.valid),
    ...(results.reason !== undefined && results.valid === "unknown" ? { verdictReason: results.reason } : {}),
    ...(results.hazards !== undefined ? { hazards: hazardsLine(results.hazards) } : {}),
    ...(results.vacuous === true ? { vacuous: vacuousReason(results.aims ?? [], results.hazards ?? {}) } : {}),
    checkers: checkerVerdicts(results.results),
    story,
    summary: summaryCounts({ history, ...all, faults: timeline.faults.length, fencing, leaseOverlap, finalState, realTime }),
    overlaps: overlapFindings(leaseOverlap),
    finalState: finalStateFindings(finalState),
    timeline,
    opTimeline: buildOpTimeline(history, workers, drawn === undefined ? {} : { columns: drawn }),
    leaseTimelines: buildLeaseTimelines({ history, ...(drawn === undefined ? {} : { columns: drawn }), storage: run.storage, lease: (grant) => ttlSpan(config, grant), workers }),
    ...(cut === undefined ? {} : { tracksCut: cut.note }),
    charts: { ...perf, clocks: clockChart(history, chartShading(timeline.faults)) },
    linearizability: linearizabilityView(linearizableResult(results.results)),
    focus: focusWindow(story, config.workload.ttlMs, timeline.end),
    end: timeline.end,
    run: {
      name: config.name, seed: config.seed, command: config.command, lockAdapter: config.lock.adapter,
      storageKind: config.storage.kind, ttlMs: config.workload.ttlMs, faults: config.nemesis.faults, config,
      bindings: clientBindings(config),
    },
    sections: options.sections ?? REPORT_SECTIONS,
  };
}

/** The story's facts' time span, widened by one lease TTL on each side and clamped to the run. */
export function focusWindow(story: Story, ttlMs: number, end: number): { start: number; end: number } | undefined {
  const times = story.facts.flatMap((f) => (f.time === undefined ? [] : [f.time]));
  if (times.length === 0) return undefined;
  const margin = Math.max(ttlMs * 1e6, 1e8);
  return { start: Math.max(0, Math.min(...times) - margin), end: Math.min(end, Math.max(...times) + margin) };
}
