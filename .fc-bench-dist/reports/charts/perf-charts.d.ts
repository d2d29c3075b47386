/**
 * Latency and throughput over time (Jepsen's checker/perf): latency as
 * points per op kind plus quantile lines per time window, throughput as
 * completions per second by completion type, both with fault periods shaded.
 */
import { type History } from "../../harness/core/index.js";
import type { FaultPeriod } from "../fault-periods.js";
import type { ChartShade, ChartSpec } from "./chart-spec.js";
/** Options: the most latency points drawn (default 8000; quantiles always use every op). */
export interface PerfChartOptions {
    readonly maxPoints?: number;
}
/** A window (s) giving about 120 windows over `seconds`, rounded to 1, 2 or 5 times a power of ten. */
export declare function windowSeconds(seconds: number): number;
/** Fault periods as chart shading (seconds). */
export declare function chartShading(faults: readonly FaultPeriod[]): ChartShade[];
/** The value at quantile `q` of sorted `xs` (nearest rank). */
export declare function quantile(sorted: readonly number[], q: number): number;
/** The latency and throughput charts of a history. Pure. */
export declare function perfCharts(history: History, faults: readonly FaultPeriod[], options?: PerfChartOptions): {
    latency: ChartSpec;
    throughput: ChartSpec;
};
