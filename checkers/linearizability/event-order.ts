/**
 * The order of a partition's events: event 2i is the call of operation i,
 * 2i + 1 its return; by time, a call before a return at the same time (so
 * touching operations count as concurrent), then by event number. Three
 * ways to the same order, the cheapest that applies: a history's times are
 * usually its line positions, distinct small integers, and each event is
 * placed at its time; positions with ties are counted; any other times
 * (fractions, huge values) are sorted.
 */
import type { Operation } from "./model.js";

/** The events of `ops` in order. */
export function eventOrder(ops: readonly Operation<unknown, unknown>[]): Int32Array {
  const times = new Float64Array(2 * ops.length);
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    times[2 * i] = op.call;
    times[2 * i + 1] = op.return;
  }
  const max = positionsMax(times);
  if (max === undefined) return sortedOrder(times);
  return placeInto(times, max) ?? countInto(times, max, new Int32Array(countingWords(times.length, max)));
}

/** The general sort: any times. */
export function sortedOrder(times: Float64Array): Int32Array {
  const order = Array.from({ length: times.length }, (_, e) => e);
  order.sort((a, b) => times[a]! - times[b]! || (a & 1) - (b & 1) || a - b);
  return Int32Array.from(order);
}

/** By counting, when times are positions (small non-negative integers, returns possibly +infinity); else undefined. */
export function countingOrder(times: Float64Array): Int32Array | undefined {
  const max = positionsMax(times);
  return max === undefined ? undefined : countInto(times, max, new Int32Array(countingWords(times.length, max)));
}

/** By placing each event at its time, when times are positions and no two finite ones are equal; else undefined. */
export function placedOrder(times: Float64Array): Int32Array | undefined {
  const max = positionsMax(times);
  return max === undefined ? undefined : placeInto(times, max);
}

/** The largest finite time when every time is a position and not too large; else undefined. */
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

function placeInto(times: Float64Array, max: number): Int32Array | undefined {
  const events = times.length;
  // The slot of time t holds the event at t, plus one (0: no event).
  const slots = new Int32Array(max + 1);
  for (let e = 0; e < events; e++) {
    const t = times[e]!;
    if (t === Infinity) continue;
    if (slots[t] !== 0) return undefined;
    slots[t] = e + 1;
  }
  const order = new Int32Array(events);
  let k = 0;
  for (let t = 0; t <= max; t++) if (slots[t] !== 0) order[k++] = slots[t]! - 1;
  // Returns at +infinity last, by event number.
  for (let e = 1; e < events; e += 2) if (times[e] === Infinity) order[k++] = e;
  return order;
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
