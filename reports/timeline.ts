/**
 * The per-process timeline: one lane per process, one bar per op from its
 * invoke to its completion, coloured by completion type, with fault periods
 * shaded behind.
 */
import { pairs, type FaultShading, type History, type OpPair, type ProcessId } from "../core/index.js";
import { faultPeriods, type FaultPeriod } from "./fault-periods.js";

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

/** Options: the most bars to keep (the earliest ones), default 2000; the history's pairs when the caller has them. */
export interface TimelineOptions {
  readonly maxBars?: number;
  readonly pairs?: readonly OpPair[];
}

function describe(f: string, value: unknown, type: BarType, errorCode: string | undefined): string {
  const v = (value ?? {}) as Record<string, unknown>;
  const parts = [f, v["resource"], v["value"], v["token"] !== undefined && v["token"] !== null ? `token ${String(v["token"])}` : undefined];
  const what = parts.filter((p) => typeof p === "string" && p !== "").join(" ");
  return `${what} -> ${type}${errorCode ? ` ${errorCode}` : ""}`;
}

/** Builds the timeline of a history. Pure. */
export function buildTimeline(history: History, shading: readonly FaultShading[], options: TimelineOptions = {}): Timeline {
  const end = history.reduce((t, op) => Math.max(t, op.time), 0);
  const all = options.pairs ?? pairs(history);
  const maxBars = options.maxBars ?? 2000;
  const drawn = all.slice(0, maxBars);
  const byProcess = new Map<ProcessId, { label: string; bars: TimelineBar[] }>();
  for (const { invoke, completion } of drawn) {
    const type: BarType = completion?.type ?? "open";
    const errorCode = completion?.type === "fail" || completion?.type === "info" ? completion.error?.code : undefined;
    const label = invoke.process === "nemesis" ? "Nemesis" : `Client ${invoke.process}${invoke.node ? ` (${invoke.node})` : ""}`;
    const lane = byProcess.get(invoke.process) ?? { label, bars: [] };
    lane.bars.push({ start: invoke.time, end: completion?.time ?? end, type, f: invoke.f, label: describe(invoke.f, completion?.value ?? invoke.value, type, errorCode) });
    byProcess.set(invoke.process, lane);
  }
  const lanes = [...byProcess].map(([process, l]) => ({ process, ...l }))
    .sort((a, b) => (a.process === "nemesis" ? -1 : b.process === "nemesis" ? 1 : a.process - b.process));
  const cut = drawn.at(-1)?.invoke.time;
  const note = drawn.length < all.length && cut !== undefined
    ? `Showing the first ${drawn.length} of ${all.length} ops (up to ${(cut / 1e9).toFixed(2)} s)`
    : undefined;
  return { end, lanes, faults: faultPeriods(history, shading, end), drawnBars: drawn.length, totalBars: all.length, note };
}
