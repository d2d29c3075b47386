/**
 * The per-process timeline: one lane per process, one bar per op from its
 * invoke to its completion, coloured by completion type, with fault periods
 * shaded behind.
 */
import type { FaultShading, History, ProcessId } from "../core/index.js";
import { faultPeriods, type FaultPeriod } from "./fault-periods.js";
import { pairColumns, type PairColumns } from "./pair-columns.js";

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

/** Options: the most bars to keep (the earliest ones), default 2000; the history's pair columns when the caller has them. */
export interface TimelineOptions {
  readonly maxBars?: number;
  readonly columns?: PairColumns;
}

function describe(cols: PairColumns, k: number, type: BarType): string {
  const token = cols.token[k], value = cols.value[k], code = cols.code[k];
  const parts = [cols.f[k], cols.resource[k], value, token !== undefined && token !== null ? `token ${String(token)}` : undefined];
  const what = parts.filter((p) => typeof p === "string" && p !== "").join(" ");
  return `${what} -> ${type}${code ? ` ${code}` : ""}`;
}

/** Builds the timeline of a history. Pure. */
export function buildTimeline(history: History, shading: readonly FaultShading[], options: TimelineOptions = {}): Timeline {
  const cols = options.columns ?? pairColumns(history);
  const end = cols.end;
  const drawn = Math.min(cols.n, options.maxBars ?? 2000);
  const byProcess = new Map<ProcessId, { label: string; bars: TimelineBar[] }>();
  for (let k = 0; k < drawn; k++) {
    const process = cols.process[k] as ProcessId, node = cols.node[k];
    const type: BarType = cols.type[k] ?? "open";
    const label = process === "nemesis" ? "Nemesis" : `Client ${process}${node ? ` (${node})` : ""}`;
    const lane = byProcess.get(process) ?? { label, bars: [] };
    lane.bars.push({ start: cols.start[k] as number, end: type === "open" ? end : (cols.done[k] as number), type, f: cols.f[k] as string, label: describe(cols, k, type) });
    byProcess.set(process, lane);
  }
  const lanes = [...byProcess].map(([process, l]) => ({ process, ...l }))
    .sort((a, b) => (a.process === "nemesis" ? -1 : b.process === "nemesis" ? 1 : a.process - b.process));
  const note = drawn < cols.n && drawn > 0
    ? `Showing the first ${drawn} of ${cols.n} ops (up to ${((cols.start[drawn - 1] as number) / 1e9).toFixed(2)} s)`
    : undefined;
  return { end, lanes, faults: faultPeriods(history, shading, end), drawnBars: drawn, totalBars: cols.n, note };
}
