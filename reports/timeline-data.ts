/**
 * The JSON the inline timeline script reads: every canvas track encoded
 * compactly, the styles, the fault shading and the focus window, all in
 * microseconds. A column of numbers is packed (packed-ints.ts): start times
 * as deltas, ends as durations; labels are packed against one template
 * table shared by every track (packed-labels.ts), so a million ops stay
 * well under 40 MB.
 */
import { TRACK_STYLES, STYLE, type CanvasTrack, type TrackColumns } from "./canvas-track.js";
import type { FaultPeriod } from "./fault-periods.js";
import { labelPacker, type LabelPacker, type PackedLabels } from "./packed-labels.js";
import { deltas, packInts } from "./packed-ints.js";

/** What the script needs besides the tracks. */
export interface TimelineDataInput {
  readonly tracks: readonly CanvasTrack[];
  readonly faults: readonly FaultPeriod[];
  /** Harness ns. */
  readonly end: number;
  readonly focus: { readonly start: number; readonly end: number } | undefined;
}

/** One packed column set: n entries; `dur` absent for marks. */
export interface PackedColumns {
  readonly n: number;
  readonly lane: string;
  readonly start: string;
  readonly dur?: string;
  readonly style: string;
  readonly label: PackedLabels;
}

/** Higher wins when several bars share a pixel column. */
const PRIORITY: Readonly<Record<number, number>> = {
  [STYLE.staleAccepted]: 9, [STYLE.fail]: 8, [STYLE.writeRejected]: 8, [STYLE.beliefExpired]: 7, [STYLE.info]: 6, [STYLE.writeUnknown]: 6,
  [STYLE.open]: 5, [STYLE.beliefMaybeExpired]: 4, [STYLE.writeAccepted]: 3, [STYLE.ok]: 2, [STYLE.belief]: 2, [STYLE.acquiring]: 1,
};

function encode(c: TrackColumns, labels: LabelPacker): PackedColumns {
  const end = c.end;
  const dur = end ? { dur: packInts(end.map((e, i) => e - (c.start[i] ?? 0))) } : {};
  return { n: c.start.length, lane: packInts(c.lane), start: packInts(deltas(c.start)), ...dur, style: packInts(c.style), label: labels.pack(c.label) };
}

function us(ns: number): number {
  return Math.round(ns / 1e3);
}

/** The script's data as a JSON string safe inside `<script type="application/json">`. Pure. */
export function timelineDataJson(input: TimelineDataInput): string {
  const labels = labelPacker();
  const tracks = input.tracks.map((t) => ({ id: t.id, lanes: t.lanes, b: encode(t.bars, labels), m: encode(t.marks, labels) }));
  const data = {
    styles: TRACK_STYLES,
    priority: TRACK_STYLES.map((_, i) => PRIORITY[i] ?? 0),
    end: us(input.end),
    shading: input.faults.map((f) => ({ start: us(f.start), end: us(f.end), color: f.color, label: f.label })),
    focus: input.focus ? { start: us(input.focus.start), end: us(input.focus.end) } : null,
    templates: labels.templates(),
    tracks,
  };
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
