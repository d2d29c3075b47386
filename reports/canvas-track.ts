/**
 * Timelines drawn on a canvas by the report's inline script: lanes of bars
 * (intervals) and marks (instants), stored column-wise so that 100,000 ops
 * stay a few megabytes of JSON. Times are microseconds since the run
 * started; `style` indexes `TRACK_STYLES`.
 */

/** One drawing style: what it means and its colour. */
export interface TrackStyle {
  readonly name: string;
  readonly color: string;
}

/** The styles every track draws with; a bar or mark's `style` is an index here. */
export const TRACK_STYLES: readonly TrackStyle[] = [
  { name: "ok", color: "#2e7d32" },
  { name: "fail", color: "#5d4037" },
  { name: "info (unknown outcome)", color: "#ef6c00" },
  { name: "never completed", color: "#9e9e9e" },
  { name: "believed held, lease valid", color: "#64b5f6" },
  { name: "believed held after the lease expired", color: "#f48fb1" },
  { name: "acquiring", color: "#bdbdbd" },
  { name: "write accepted", color: "#2e7d32" },
  { name: "write rejected by fencing", color: "#c62828" },
  { name: "stale write accepted", color: "#6a1b9a" },
  { name: "write outcome unknown", color: "#ef6c00" },
  { name: "believed held, lease may have expired", color: "#b39ddb" },
];

/** Style indexes by meaning. */
export const STYLE = {
  ok: 0, fail: 1, info: 2, open: 3, belief: 4, beliefExpired: 5, acquiring: 6,
  writeAccepted: 7, writeRejected: 8, staleAccepted: 9, writeUnknown: 10, beliefMaybeExpired: 11,
} as const;

/** Intervals or instants, column-wise: entry i is (lane[i], start[i], end[i], style[i], label[i]). */
export interface TrackColumns {
  readonly lane: readonly number[];
  readonly start: readonly number[];
  /** Absent for marks. */
  readonly end?: readonly number[];
  readonly style: readonly number[];
  readonly label: readonly string[];
}

/** One canvas: lanes labelled top to bottom, bars and marks. */
export interface CanvasTrack {
  readonly id: string;
  readonly title: string;
  readonly lanes: readonly string[];
  readonly bars: TrackColumns;
  readonly marks: TrackColumns;
  /** The styles this track uses, for its legend. */
  readonly legend: readonly number[];
}

/** A growable TrackColumns (bars when `withEnd`). */
export interface ColumnsBuilder {
  add(lane: number, startNs: number, endNs: number | undefined, style: number, label: string): void;
  build(): TrackColumns;
}

/** Nanoseconds to whole microseconds. */
export function micros(ns: number): number {
  return Math.round(ns / 1e3);
}

/** A fresh builder; entries are kept sorted by start in `build()` (stable: ties keep their order). */
export function columnsBuilder(withEnd: boolean): ColumnsBuilder {
  const lane: number[] = [], start: number[] = [], end: number[] = [], style: number[] = [], label: string[] = [];
  let sorted = true;
  return {
    add(l, startNs, endNs, s, text) {
      const t = micros(startNs);
      if (start.length > 0 && t < (start[start.length - 1] ?? 0)) sorted = false;
      lane.push(l); start.push(t); end.push(Math.max(micros(endNs ?? startNs), t)); style.push(s); label.push(text);
    },
    build() {
      const order = sorted ? undefined : start.map((_, i) => i).sort((a, b) => (start[a] ?? 0) - (start[b] ?? 0) || a - b);
      const pick = <T>(xs: T[]): T[] => (order ? order.map((i) => xs[i] as T) : xs);
      const cols = { lane: pick(lane), start: pick(start), style: pick(style), label: pick(label) };
      return withEnd ? { ...cols, end: pick(end) } : cols;
    },
  };
}
