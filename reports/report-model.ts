/**
 * The report as data: everything the HTML shows, computed from a stored run
 * so that tests can assert on it without parsing HTML.
 */
import type { RunConfig, Validity } from "../harness/core/index.js";
import { fencingResult, finalStateResult, leaseOverlapResult } from "./checker-results.js";
import { checkerVerdicts, finalStateFindings, overlapFindings, type CheckerVerdict, type FinalStateFinding, type OverlapFinding } from "./findings.js";
import { validityWord } from "./format.js";
import type { StoredRun } from "./stored-run.js";
import { buildStory, type Story } from "./story.js";
import { summaryCounts, type SummaryCounts } from "./summary.js";
import { buildTimeline, type Timeline, type TimelineOptions } from "./timeline.js";

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
  readonly run: RunInfo;
}

/** Options for building the model. */
export interface ReportModelOptions {
  readonly timeline?: TimelineOptions;
}

/** Builds the report model of a stored run. Pure. */
export function buildReportModel(run: StoredRun, options: ReportModelOptions = {}): ReportModel {
  const { config, history, results } = run;
  const fencing = fencingResult(results.results);
  const leaseOverlap = leaseOverlapResult(results.results);
  const finalState = finalStateResult(results.results);
  const timeline = buildTimeline(history, run.shading, options.timeline);
  return {
    title: `fencecheck: ${config.name}`,
    verdict: results.valid,
    verdictWord: validityWord(results.valid),
    checkers: checkerVerdicts(results.results),
    story: buildStory({ config, history, fencing, leaseOverlap }),
    summary: summaryCounts({ history, faults: timeline.faults.length, fencing, leaseOverlap, finalState }),
    overlaps: overlapFindings(leaseOverlap),
    finalState: finalStateFindings(finalState),
    timeline,
    run: {
      name: config.name, seed: config.seed, command: config.command, lockAdapter: config.lock.adapter,
      storageKind: config.storage.kind, ttlMs: config.workload.ttlMs, faults: config.nemesis.faults, config,
    },
  };
}
