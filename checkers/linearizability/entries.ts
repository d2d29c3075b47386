/**
 * The history of one partition as porcupine's intrusive doubly linked list
 * of call and return entries, held in typed arrays. Node 0 is the head
 * sentinel; node k (k >= 1) is the k-th event in list order. The search
 * lifts a call and its return out of the list to try an operation and puts
 * them back to backtrack (dancing links; search.ts does it inline).
 *
 * The list is in time order (event-order.ts) but for one freedom: calls with
 * no return between them may come in any order. An operation that returned
 * before one of them was called returned before all of them, so they have
 * the same real-time predecessors, and the search may try them in any order.
 * Read-only operations go first among them: once one is legal the search
 * commits to it (search.ts), sparing the branches it would try before.
 */
import { eventOrder } from "./event-order.js";
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
  /** For a call entry, its rank among calls in list order (the bit it takes in a linearized set). */
  readonly bit: Int32Array;
}

/**
 * Links the calls and returns of `ops` in time order, except that among
 * calls with no return between them those with `readOnly[i]` set come
 * first (each group in time order).
 */
export function makeEntries(ops: readonly Operation<unknown, unknown>[], readOnly?: Uint8Array): Entries {
  const n = ops.length;
  const size = 2 * n + 1;
  const order = eventOrder(ops);
  // One buffer for the six arrays: a typed array's own buffer costs more than its views.
  const block = new Int32Array(5 * size + n);
  const next = block.subarray(0, size);
  const prev = block.subarray(size, 2 * size);
  const op = block.subarray(2 * size, 3 * size);
  const match = block.subarray(3 * size, 4 * size);
  const bit = block.subarray(4 * size, 5 * size);
  const callNode = block.subarray(5 * size, 5 * size + n);
  // callNode is the reordering's scratch first.
  if (readOnly !== undefined) readsFirst(order, readOnly, callNode);
  op[0] = match[0] = bit[0] = prev[0] = -1;
  let calls = 0;
  for (let k = 0; k < 2 * n; k++) {
    const event = order[k]!;
    const node = k + 1;
    next[k] = node;
    prev[node] = k;
    op[node] = event >>> 1;
    match[node] = -1;
    if ((event & 1) === 0) {
      callNode[event >>> 1] = node;
      bit[node] = calls++;
    } else {
      bit[node] = -1;
      match[callNode[event >>> 1]!] = node;
    }
  }
  next[2 * n] = -1;
  return { n, next, prev, op, match, bit };
}

/**
 * Reorders `order` in place so that, in each run of calls with no return
 * between them, the calls of read-only operations come first; `held` (n
 * words) keeps the other calls of the current run until its return.
 */
export function readsFirst(order: Int32Array, readOnly: Uint8Array, held: Int32Array): void {
  let placed = 0;
  let holding = 0;
  for (let k = 0; k < order.length; k++) {
    const event = order[k]!;
    if ((event & 1) === 0 && readOnly[event >>> 1] !== 1) {
      held[holding++] = event;
      continue;
    }
    if ((event & 1) === 1) {
      for (let h = 0; h < holding; h++) order[placed++] = held[h]!;
      holding = 0;
    }
    // placed + holding === k here: writes never pass the read position.
    order[placed++] = event;
  }
  // None are left (the last event is a return), but the order must stay whole whatever it holds.
  for (let h = 0; h < holding; h++) order[placed++] = held[h]!;
}
