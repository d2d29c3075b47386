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
import { lazyArray, type OpPair } from "../core/index.js";

/** The most invocations the canvas timelines draw. */
export const MAX_TRACK_PAIRS = 1_000_000;

/** What the timelines draw of a run cut at MAX_TRACK_PAIRS. */
export interface TrackCut {
  /** The first `max` pairs (a view, not a copy). */
  readonly pairs: readonly OpPair[];
  /** The last instant they reach (harness ns): the timelines end there. */
  readonly end: number;
  /** One sentence for the report: how many of how many invocations are drawn, and up to when. */
  readonly note: string;
}

/** The cut of `all` (a history's pairs, in invoke order), or undefined when every pair is drawn. Pure. */
export function trackCut(all: readonly OpPair[], max: number = MAX_TRACK_PAIRS): TrackCut | undefined {
  if (all.length <= max) return undefined;
  const pairs = lazyArray(() => max, (i) => all[i] as OpPair);
  let end = 0;
  for (const { invoke, completion } of pairs) end = Math.max(end, completion?.time ?? invoke.time);
  const cut = (pairs[max - 1] as OpPair).invoke.time;
  const note = `The timelines draw the first ${max.toLocaleString("en-US")} of ${all.length.toLocaleString("en-US")} invocations (up to ${(cut / 1e9).toFixed(1)} s): drawn whole, a history this long would not fit in a page or in the check's memory. Every checker judged every op.`;
  return { pairs, end, note };
}
