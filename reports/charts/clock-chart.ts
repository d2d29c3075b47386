/**
 * Node clock offsets over time, from the clock nemesis's ops. Any nemesis
 * op (invoke or completion) whose value carries `clocks` contributes one
 * reading per node at the op's time. Accepted shapes, so the chart does not
 * depend on one nemesis version:
 *   clocks: { "n1": -250, "n2": { offsetMs: 1200 } }           (offset in ms)
 *   clocks: [{ node: "n1", offsetMs: -250 }, ...]       (core ClockReading[], from Cluster.readClock)
 * A `reset-clock` op without readings sets every node seen so far back to 0.
 */
import type { History, Op } from "../../harness/core/index.js";
import type { ChartSeries, ChartShade, ChartSpec } from "./chart-spec.js";

/** One node's clock offset (ms) at a harness time (s). */
export interface ClockPoint {
  readonly node: string;
  readonly at: number;
  readonly offsetMs: number;
}

const COLORS: readonly string[] = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#ad1457"];

function offsetOf(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  const o = (v ?? {}) as { offsetMs?: unknown; offset?: unknown };
  if (typeof o.offsetMs === "number") return o.offsetMs;
  return typeof o.offset === "number" ? o.offset : undefined;
}

function readingsOf(op: Op): ClockPoint[] {
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
  for (const op of history) {
    if (op.process !== "nemesis") continue;
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
  const end = history.reduce((t, op) => Math.max(t, op.time), 0) / 1e9;
  const nodes = [...new Set(readings.map((r) => r.node))].sort();
  const series: ChartSeries[] = nodes.map((node, i) => {
    const points = readings.filter((r) => r.node === node).map((r) => [r.at, r.offsetMs] as const);
    const last = points.at(-1);
    return { label: node, color: COLORS[i % COLORS.length] ?? "#555", kind: "step", points: last && last[0] < end ? [...points, [end, last[1]] as const] : points };
  });
  return {
    id: "clocks", title: "Clock offset of each node", xLabel: "time (s)", yLabel: "offset from the host clock (ms)", yScale: "linear", xMax: end,
    series, shading, note: undefined,
  };
}
