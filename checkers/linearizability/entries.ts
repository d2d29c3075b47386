/**
 * The history of one partition as porcupine's intrusive doubly linked list
 * of call and return entries, held in typed arrays. Node 0 is the head
 * sentinel; node k (k >= 1) is the k-th event in time order. `lift` takes a
 * call and its return out of the list and `unlift` puts them back (dancing
 * links), which is how the search tries an operation and backtracks.
 */
import type { Operation } from "./model.js";

/** The linked entries of one partition. -1 is the null link. */
export interface Entries {
  /** Number of operations (the list has 2n entries plus the head). */
  readonly n: number;
  readonly next: Int32Array;
  readonly prev: Int32Array;
  /** The operation index of each entry. */
  readonly op: Int32Array;
  /** For a call entry, the node of its return; -1 for returns. */
  readonly match: Int32Array;
  /** For a call entry, its rank among calls in time order (the bit it takes in a linearized set). */
  readonly bit: Int32Array;
}

/**
 * Orders the calls and returns of `ops` by time (a call before a return at
 * the same time, so touching operations count as concurrent) and links them.
 */
export function makeEntries(ops: readonly Operation<unknown, unknown>[]): Entries {
  const n = ops.length;
  const times = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const op = ops[i]!;
    times[2 * i] = op.call;
    times[2 * i + 1] = op.return;
  }
  const max = positionsMax(times);
  const size = 2 * n + 1;
  // One buffer for all six arrays and the counting sort's: a typed array's own buffer costs more than its views.
  const block = new Int32Array(5 * size + n + (max === undefined ? 0 : countingWords(times.length, max)));
  const order = max === undefined ? sortedOrder(times) : countInto(times, max, block.subarray(5 * size + n));
  const next = block.subarray(0, size);
  const prev = block.subarray(size, 2 * size);
  const op = block.subarray(2 * size, 3 * size);
  const match = block.subarray(3 * size, 4 * size);
  const bit = block.subarray(4 * size, 5 * size);
  const callNode = block.subarray(5 * size, 5 * size + n);
  block.fill(-1, 2 * size, 5 * size);
  let calls = 0;
  for (let k = 0; k < 2 * n; k++) {
    const event = order[k]!;
    const node = k + 1;
    op[node] = event >>> 1;
    if ((event & 1) === 0) {
      callNode[event >>> 1] = node;
      bit[node] = calls++;
    } else match[callNode[event >>> 1]!] = node;
  }
  for (let node = 0; node < size; node++) {
    next[node] = node + 1 < size ? node + 1 : -1;
    prev[node] = node - 1;
  }
  return { n, next, prev, op, match, bit };
}

/**
 * Events (2i the call of op i, 2i + 1 its return) by time, a call before a
 * return at the same time, then by event number: the general sort.
 */
export function sortedOrder(times: Float64Array): Int32Array {
  const order = Array.from({ length: times.length }, (_, e) => e);
  order.sort((a, b) => times[a]! - times[b]! || (a & 1) - (b & 1) || a - b);
  return Int32Array.from(order);
}

/**
 * The same order as `sortedOrder`, by counting, when times are what a parsed
 * history gives (positions: small non-negative integers, returns possibly
 * +infinity); undefined otherwise.
 */
export function countingOrder(times: Float64Array): Int32Array | undefined {
  const max = positionsMax(times);
  return max === undefined ? undefined : countInto(times, max, new Int32Array(countingWords(times.length, max)));
}

/** The largest finite time when every time is a position (see `countingOrder`) and not too large; else undefined. */
function positionsMax(times: Float64Array): number | undefined {
  let max = 0;
  for (let e = 0; e < times.length; e++) {
    const t = times[e]!;
    if (t === Infinity && (e & 1) === 1) continue;
    if (!(t >= 0 && Number.isInteger(t))) return undefined;
    if (t > max) max = t;
  }
  return max > 16 * times.length + 4096 ? undefined : max;
}

/** The scratch words `countInto` needs: the order and one counter per key. */
function countingWords(events: number, max: number): number {
  return events + 2 * max + 4;
}

/** Writes the events' order at the start of `scratch` (`countingWords` long, zeroed) and returns that view. */
function countInto(times: Float64Array, max: number, scratch: Int32Array): Int32Array {
  const events = times.length;
  // Key 2t for a call at t, 2t + 1 for a return at t, one last key for +infinity.
  const last = 2 * max + 2;
  const order = scratch.subarray(0, events);
  const starts = scratch.subarray(events, events + last + 2);
  for (let e = 0; e < events; e++) starts[keyOf(times[e]!, e, last) + 1]!++;
  for (let k = 1; k < starts.length; k++) starts[k]! += starts[k - 1]!;
  for (let e = 0; e < events; e++) order[starts[keyOf(times[e]!, e, last)]!++] = e;
  return order;
}

function keyOf(t: number, e: number, last: number): number {
  return t === Infinity ? last : 2 * t + (e & 1);
}

/** Removes call node `call` and its return from the list. */
export function lift(e: Entries, call: number): void {
  const { next, prev } = e;
  const ret = e.match[call]!;
  next[prev[call]!] = next[call]!;
  if (next[call]! !== -1) prev[next[call]!] = prev[call]!;
  next[prev[ret]!] = next[ret]!;
  if (next[ret]! !== -1) prev[next[ret]!] = prev[ret]!;
}

/** Puts back call node `call` and its return (the reverse of the latest `lift`). */
export function unlift(e: Entries, call: number): void {
  const { next, prev } = e;
  const ret = e.match[call]!;
  next[prev[ret]!] = ret;
  if (next[ret]! !== -1) prev[next[ret]!] = ret;
  next[prev[call]!] = call;
  if (next[call]! !== -1) prev[next[call]!] = call;
}
