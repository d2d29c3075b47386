/**
 * Latency and throughput over time (Jepsen's checker/perf): latency as
 * points per op kind plus quantile lines per time window, throughput as
 * completions per second by completion type, both with fault periods shaded.
 */
import type { History } from "../../core/index.js";
import type { FaultPeriod } from "../fault-periods.js";
import { pairColumns, type PairColumns } from "../pair-columns.js";
import type { ChartSeries, ChartShade, ChartSpec } from "./chart-spec.js";

/** Options: the most latency points drawn (default 8000; quantiles always use every op). */
export interface PerfChartOptions {
  readonly maxPoints?: number;
  /** The history's pair columns, when the caller has them. */
  readonly columns?: PairColumns;
}

const F_COLORS: readonly string[] = ["#1565c0", "#2e7d32", "#6a1b9a", "#00838f", "#ad1457", "#4e342e"];
const TYPE_COLORS: Readonly<Record<string, string>> = { ok: "#2e7d32", fail: "#c62828", info: "#ef6c00" };
const QUANTILES: readonly [number, string, string][] = [[0.5, "p50", "#263238"], [0.95, "p95", "#5d4037"], [0.99, "p99", "#b71c1c"]];

/** Every completed client op, column-wise (an object per op costs a million allocations on a million ops). */
interface Samples {
  readonly n: number;
  readonly f: readonly string[];
  readonly type: readonly string[];
  /** Completion time, seconds. */
  readonly at: Float64Array;
  readonly latencyMs: Float64Array;
}

function samples(cols: PairColumns): Samples {
  const f: string[] = [], type: string[] = [], at = new Float64Array(cols.n), latencyMs = new Float64Array(cols.n);
  for (let k = 0; k < cols.n; k++) {
    const completed = cols.type[k];
    if (typeof cols.process[k] !== "number" || completed === undefined) continue;
    const done = cols.done[k] as number;
    at[f.length] = done / 1e9;
    latencyMs[f.length] = Math.max((done - (cols.start[k] as number)) / 1e6, 0.001);
    f.push(cols.f[k] as string);
    type.push(completed);
  }
  return { n: f.length, f, type, at, latencyMs };
}

/** A window (s) giving about 120 windows over `seconds`, rounded to 1, 2 or 5 times a power of ten. */
export function windowSeconds(seconds: number): number {
  const raw = Math.max(seconds / 120, 0.1);
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((w) => w >= raw) ?? raw;
}

/** Fault periods as chart shading (seconds). */
export function chartShading(faults: readonly FaultPeriod[]): ChartShade[] {
  return faults.map((f) => ({ start: f.start / 1e9, end: f.end / 1e9, color: f.color, label: f.label }));
}

/** The value at quantile `q` of sorted `xs` (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

function byWindow(all: Samples, w: number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (let i = 0; i < all.n; i++) {
    const k = Math.floor((all.at[i] ?? 0) / w), latency = all.latencyMs[i] ?? 0;
    const list = out.get(k);
    if (list) list.push(latency);
    else out.set(k, [latency]);
  }
  return out;
}

function latencySeries(all: Samples, w: number, maxPoints: number): { series: ChartSeries[]; note: string | undefined } {
  const stride = Math.max(1, Math.ceil(all.n / maxPoints));
  const fs = [...new Set(all.f)].sort();
  const points: ChartSeries[] = fs.map((f, i) => {
    const drawn: (readonly [number, number])[] = [];
    for (let j = 0; j < all.n; j += stride) if (all.f[j] === f) drawn.push([all.at[j] ?? 0, all.latencyMs[j] ?? 0]);
    return { label: f, color: F_COLORS[i % F_COLORS.length] ?? "#555", kind: "points", points: drawn };
  });
  const windows = [...byWindow(all, w)].sort((a, b) => a[0] - b[0]).map(([k, list]) => [k, list.sort((a, b) => a - b)] as const);
  const lines: ChartSeries[] = QUANTILES.map(([q, label, color]) => ({
    label, color, kind: "line", points: windows.map(([k, sorted]) => [(k + 0.5) * w, quantile(sorted, q)] as const),
  }));
  const note = stride > 1 ? `Points show 1 op in ${stride} (${all.n} ops); the quantile lines use every op` : undefined;
  return { series: [...points, ...lines], note };
}

function throughputSeries(all: Samples, w: number, end: number): ChartSeries[] {
  const n = Math.max(1, Math.ceil(end / w));
  return ["ok", "fail", "info"].map((type) => {
    const counts = new Array<number>(n).fill(0);
    for (let i = 0; i < all.n; i++) if (all.type[i] === type) counts[Math.min(n - 1, Math.floor((all.at[i] ?? 0) / w))]! += 1;
    return { label: type, color: TYPE_COLORS[type] ?? "#555", kind: "line" as const, points: counts.map((c, k) => [(k + 0.5) * w, c / w] as const) };
  }).filter((s) => s.points.some(([, y]) => y > 0));
}

/** The latency and throughput charts of a history. Pure. */
export function perfCharts(history: History, faults: readonly FaultPeriod[], options: PerfChartOptions = {}): { latency: ChartSpec; throughput: ChartSpec } {
  const cols = options.columns ?? pairColumns(history);
  const all = samples(cols);
  const end = cols.end / 1e9;
  const w = windowSeconds(end);
  const shading = chartShading(faults);
  const lat = latencySeries(all, w, options.maxPoints ?? 8000);
  return {
    latency: {
      id: "latency", title: "Latency of client ops", xLabel: "time (s)", yLabel: "latency (ms)", yScale: "log", xMax: end,
      series: lat.series, shading, note: lat.note,
    },
    throughput: {
      id: "throughput", title: "Throughput", xLabel: "time (s)", yLabel: `completions per second (${w} s windows)`, yScale: "linear", xMax: end,
      series: throughputSeries(all, w, end), shading, note: undefined,
    },
  };
}
