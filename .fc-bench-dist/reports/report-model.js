import { clockChart } from "./charts/clock-chart.js";
import { chartShading, perfCharts } from "./charts/perf-charts.js";
import { fencingResult, finalStateResult, leaseOverlapResult, linearizableResult } from "./checker-results.js";
import { linearizabilityView } from "./counterexample-view.js";
import { checkerVerdicts, finalStateFindings, overlapFindings } from "./findings.js";
import { validityWord } from "./format.js";
import { buildStory } from "./story.js";
import { summaryCounts } from "./summary.js";
import { buildLeaseTimelines } from "./lease-timeline.js";
import { buildOpTimeline } from "./op-timeline.js";
import { buildTimeline } from "./timeline.js";
/** Builds the report model of a stored run. Pure. */
export function buildReportModel(run, options = {}) {
    const { config, history, results } = run;
    const fencing = fencingResult(results.results);
    const leaseOverlap = leaseOverlapResult(results.results);
    const finalState = finalStateResult(results.results);
    const timeline = buildTimeline(history, run.shading, options.timeline);
    const story = buildStory({ config, history, fencing, leaseOverlap });
    const perf = perfCharts(history, timeline.faults);
    const workers = config.workload.clients;
    return {
        title: `fencecheck: ${config.name}`,
        verdict: results.valid,
        verdictWord: validityWord(results.valid),
        checkers: checkerVerdicts(results.results),
        story,
        summary: summaryCounts({ history, faults: timeline.faults.length, fencing, leaseOverlap, finalState }),
        overlaps: overlapFindings(leaseOverlap),
        finalState: finalStateFindings(finalState),
        timeline,
        opTimeline: buildOpTimeline(history, workers),
        leaseTimelines: buildLeaseTimelines({ history, storage: run.storage, ttlMs: config.workload.ttlMs, workers }),
        charts: { ...perf, clocks: clockChart(history, chartShading(timeline.faults)) },
        linearizability: linearizabilityView(linearizableResult(results.results)),
        focus: focusWindow(story, config.workload.ttlMs, timeline.end),
        end: timeline.end,
        run: {
            name: config.name, seed: config.seed, command: config.command, lockAdapter: config.lock.adapter,
            storageKind: config.storage.kind, ttlMs: config.workload.ttlMs, faults: config.nemesis.faults, config,
        },
    };
}
/** The story's facts' time span, widened by one lease TTL on each side and clamped to the run. */
export function focusWindow(story, ttlMs, end) {
    const times = story.facts.flatMap((f) => (f.time === undefined ? [] : [f.time]));
    if (times.length === 0)
        return undefined;
    const margin = Math.max(ttlMs * 1e6, 1e8);
    return { start: Math.max(0, Math.min(...times) - margin), end: Math.min(end, Math.max(...times) + margin) };
}
//# sourceMappingURL=report-model.js.map