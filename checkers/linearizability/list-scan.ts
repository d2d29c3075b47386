/**
 * The scans the search loop runs over its bitset and its entry list. Each
 * is called on every pass of its path and its loop runs in every search
 * (resumeFrom's in the search's rehearsal), so a search loop that inlines
 * them is optimized with their feedback already, and their first real use
 * does not throw that code away.
 */

/**
 * The end of the run of full words from `lo`. Its step runs (adding 0) on
 * every call, so that a search loop inlining it is optimized with the step's
 * feedback already, and the first word to fill does not throw that code away.
 */
export function fullPrefix(bits: Uint32Array, lo: number, words: number): number {
  let full: number;
  do {
    full = lo < words && bits[lo] === 0xffffffff ? 1 : 0;
    lo += full;
  } while (full !== 0);
  return lo;
}

/** The last non-zero word at or below `hi` (lo - 1 when none at or above `lo`); its step runs on every call, as in `fullPrefix`. */
export function lastNonZero(bits: Uint32Array, lo: number, hi: number): number {
  let empty: number;
  do {
    empty = hi >= lo && bits[hi] === 0 ? 1 : 0;
    hi -= empty;
  } while (empty !== 0);
  return hi;
}

/**
 * Where the scan goes on from: `node` itself when `skip` is 0; when 1, the
 * node before the first return at or after `node`, so that the scan meets
 * that return next and backtracks. Called on every backtrack and repeat, so
 * its call sites are optimized with their feedback.
 */
export function resumeFrom(next: Int32Array, prev: Int32Array, match: Int32Array, node: number, skip: number): number {
  if (skip === 0) return node;
  let n = node;
  while (match[n]! !== -1) n = next[n]!;
  return prev[n]!;
}
