/**
 * Node clock offsets over time, from the clock nemesis's ops. Any nemesis
 * op (invoke or completion) whose value carries `clocks` contributes one
 * reading per node at the op's time. Accepted shapes, so the chart does not
 * depend on one nemesis version:
 *   clocks: { "n1": -250, "n2": { offsetMs: 1200 } }           (offset in ms)
 *   clocks: [{ node: "n1", offsetMs: -250 }, ...]       (core ClockReading[], from Cluster.readClock)
 * A `reset-clock` op without readings sets every node seen so far back to 0.
 * Between readings a node's offset drifts by (rate - 1) per ms of real time,
 * with the rate from the op's `skews[node].rate` (1 after a reset; see
 * nemesis/clock/clock-nemesis.ts), so the plot is piecewise linear.
 */
import { lastTime, nemesisOps, type History, type Op } from "../../core/index.js";
import type { ChartSeries, ChartShade, ChartSpec } from "./chart-spec.js";

/** One node's clock offset (ms) at a harness time (s), and its clock rate from then on when known. */
export interface ClockPoint {
  readonly node: string;
  readonly at: number;
  readonly offsetMs: number;
  readonly rate?: number;
}

const COLORS: readonly string[] = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#ad1457"];

function offsetOf(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  const o = (v ?? {}) as { offsetMs?: unknown; offset?: unknown };
  if (typeof o.offsetMs === "number") return o.offsetMs;
  return typeof o.offset === "number" ? o.offset : undefined;
}

function rateOf(op: Op, node: string): number | undefined {
  if (op.f === "reset-clock") return 1;
  const skew = ((op.value as { skews?: Record<string, unknown> } | null)?.skews ?? {})[node] as { rate?: unknown } | undefined;
  return typeof skew?.rate === "number" ? skew.rate : undefined;
}

function withRate(op: Op, p: ClockPoint): ClockPoint {
  const rate = rateOf(op, p.node);
  return rate === undefined ? p : { ...p, rate };
}

function readingsOf(op: Op): ClockPoint[] {
  return rawReadingsOf(op).map((p) => withRate(op, p));
}

function rawReadingsOf(op: Op): ClockPoint[] {
  const clocks = (op.value as { clocks?: unknown } | null)?.clocks;
  const at = op.time / 1e9;
  if (Array.isArray(clocks)) {
    return clocks.flatMap((c: unknown) => {
      const node = (c as { node?: unknown } | null)?.node;
      const offsetMs = offsetOf(c);
      return typeof node === "string" && offsetMs !== undefined ? [{ node, at, offsetMs }] : [];
    });
  }
  if (clocks === null || typeof clocks !== "object") return [];
  return Object.entries(clocks).flatMap(([node, v]) => {
    const offsetMs = offsetOf(v);
    return offsetMs === undefined ? [] : [{ node, at, offsetMs }];
  });
}

/** Every clock reading of the nemesis's ops, in history order. Pure. */
export function clockReadings(history: History): ClockPoint[] {
  const out: ClockPoint[] = [];
  const seen = new Set<string>();
  for (const op of nemesisOps(history)) {
    const readings = readingsOf(op);
    if (readings.length === 0 && op.f === "reset-clock" && op.type !== "invoke") {
      for (const node of [...seen].sort()) out.push({ node, at: op.time / 1e9, offsetMs: 0 });
    }
    for (const r of readings) seen.add(r.node);
    out.push(...readings);
  }
  return out;
}

/** The clock-offset chart, or undefined when the history holds no clock readings. Pure. */
export function clockChart(history: History, shading: readonly ChartShade[]): ChartSpec | undefined {
  const readings = clockReadings(history);
  if (readings.length === 0) return undefined;
  const end = lastTime(history) / 1e9;
  const nodes = [...new Set(readings.map((r) => r.node))].sort();
  const series: ChartSeries[] = nodes.map((node, i) => ({
    label: node, color: COLORS[i % COLORS.length] ?? "#555", kind: "line", points: drift(readings.filter((r) => r.node === node), end),
  }));
  return {
    id: "clocks", title: "Clock offset of each node", xLabel: "time (s)", yLabel: "offset from the host clock (ms)", yScale: "linear", xMax: end,
    series, shading, note: undefined,
  };
}

/** A node's offset over time: each reading, and between readings the drift its rate implies, up to `end` (s). */
function drift(readings: readonly ClockPoint[], end: number): (readonly [number, number])[] {
  const out: (readonly [number, number])[] = [];
  let rate = 1;
  let prev: ClockPoint | undefined;
  for (const r of readings) {
    if (prev !== undefined) out.push([r.at, prev.offsetMs + (rate - 1) * (r.at - prev.at) * 1000]);
    out.push([r.at, r.offsetMs]);
    rate = r.rate ?? rate;
    prev = r;
  }
  if (prev !== undefined && prev.at < end) out.push([end, prev.offsetMs + (rate - 1) * (end - prev.at) * 1000]);
  return out;
}
