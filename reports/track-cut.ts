/**
 * The bound on the report's canvas timelines. Every op is drawn up to
 * MAX_TRACK_PAIRS invocations (two million ops: twice the million-op
 * report the project budgets at 40 MB); past it only the first
 * MAX_TRACK_PAIRS are drawn and the report says so. An hour-long run
 * holds ten million ops: drawn whole, its page would pass V8's longest
 * string (about 512 MB) and its model would take gigabytes, beyond the
 * check's memory bound (`--max-memory`). The checkers, the summary and
 * the charts still read every op.
 */
import { pairPositions, type History } from "../core/index.js";
import { pairColumns, type PairColumns } from "./pair-columns.js";

/** The most invocations the canvas timelines draw. */
export const MAX_TRACK_PAIRS = 1_000_000;

/** What the timelines draw of a run cut at MAX_TRACK_PAIRS. */
export interface TrackCut {
  /** The columns of the first `max` pairs; their `end` is the last instant they reach. */
  readonly columns: PairColumns;
  /** One sentence for the report: how many of how many invocations are drawn, and up to when. */
  readonly note: string;
}

/** The cut of `history`'s pairs (in invoke order), or undefined when every pair is drawn. Pure. */
export function trackCut(history: History, max: number = MAX_TRACK_PAIRS): TrackCut | undefined {
  const total = pairPositions(history).n;
  if (total <= max) return undefined;
  const columns = pairColumns(history, max);
  const cut = columns.start[max - 1] as number;
  const note = `The timelines draw the first ${max.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} invocations (up to ${(cut / 1e9).toFixed(1)} s): drawn whole, a history this long would not fit in a page or in the check's memory. Every checker judged every op.`;
  return { columns, note };
}
