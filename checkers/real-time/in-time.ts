/**
 * When an accepted write is certainly not stale, whatever was proved
 * against it. A write is stale when storage took it after another client's
 * write under a later grant; storage took it somewhere between its invoke
 * and its completion, and a write sent from inside a paused client may
 * reach storage seconds after its invoke. So its invoke decides nothing in
 * its favour, and there are two proofs:
 *
 * 1. In time: it completed before its lease could have ended (the lease
 *    model's `mayEndFrom`): storage took it while the writer held the lease,
 *    so no later grant existed yet (or the lock service granted twice,
 *    which the lock-service checker reports). Only for a lease timed on
 *    steady lock clocks (`steadyClock`): one a lock node's clock moved
 *    under may have ended before that bound.
 * 2. No rival: no write of another client that storage may have taken
 *    (acknowledged, recorded accepted, or of unknown outcome), under a grant
 *    not certainly earlier than the writer's, was invoked before this write
 *    completed. Nothing could have landed before it from a later holder.
 *
 * Any other accepted write that is not proven stale is undecided.
 */
import { ACCEPTED, MAY_BE_ACCEPTED, type GrantOrder, type TimedWrites } from "./holdings.js";

/** Tells whether write `i` is certainly not stale; built once per run (writes indexed per resource). */
export type InTime = (i: number) => boolean;

/**
 * The in-time test of `writes`; `order(a, b)` says how lease `b` is known
 * to be granted after lease `a`. Each call scans only the writes invoked
 * between the writer's acquire and its write's completion. Pure.
 */
export function inTimeTest(writes: TimedWrites, order: (a: number, b: number) => GrantOrder | undefined): InTime {
  const byResource = writesByResource(writes);
  return (i) => {
    const grant = writes.grant[i] as number;
    const completedAt = writes.completedAt[i] as number;
    if (grant === -1 || ((writes.flags[i] as number) & ACCEPTED) === 0) return true;
    if (writes.leases.steadyClock[grant] === 1 && completedAt < (writes.leases.mayEndFrom[grant] as number)) return true;
    return !hasRival(writes, byResource[writes.resource[i] as number] as Int32Array, i, order);
  };
}

/** True when a write of another client may have reached storage before write `i` under a grant not certainly earlier. */
function hasRival(writes: TimedWrites, list: Int32Array, i: number, order: (a: number, b: number) => GrantOrder | undefined): boolean {
  const grant = writes.grant[i] as number;
  const completedAt = writes.completedAt[i] as number;
  const until = Number.isNaN(completedAt) ? Infinity : completedAt;
  // A write invoked before the writer's acquire was invoked is under a grant that returned before it: certainly earlier.
  const from = writes.leases.invokedAt[grant] as number;
  for (let k = firstInvokedFrom(writes, list, until) - 1; k >= 0; k--) {
    const x = list[k] as number;
    if ((writes.invokedAt[x] as number) < from) break;
    const other = writes.grant[x] as number;
    if (x === i || other === -1 || writes.process[x] === writes.process[i]) continue;
    if (((writes.flags[x] as number) & MAY_BE_ACCEPTED) === 0) continue;
    if (order(other, grant) === undefined) return true;
  }
  return false;
}

/** The position in `list` (writes in invoke order) of the first write invoked at or after `t`. */
function firstInvokedFrom(writes: TimedWrites, list: Int32Array, t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((writes.invokedAt[list[mid] as number] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Each resource's writes in invoke order (the order of `writes`). */
function writesByResource(writes: TimedWrites): Int32Array[] {
  const counts = new Int32Array(writes.resources.length);
  for (let i = 0; i < writes.length; i++) counts[writes.resource[i] as number]! += 1;
  const lists = Array.from(counts, (n) => new Int32Array(n));
  const filled = new Int32Array(writes.resources.length);
  for (let i = 0; i < writes.length; i++) {
    const r = writes.resource[i] as number;
    (lists[r] as Int32Array)[filled[r]!++] = i;
  }
  return lists;
}
