/**
 * The Wing & Gong search with Lowe's cache, as porcupine runs it on one
 * partition. Walk the entry list: at a call, try to linearize the operation
 * now (the model accepts it and the resulting (linearized set, state) is new);
 * if so, push it, lift it out of the list and restart from the head. At a
 * return, the operation it closes was not linearized in time: pop the last
 * choice and try the next candidate. The history is linearizable when the
 * list empties, and not when a return is met with nothing to pop.
 */
import { bitKey, clearBit, createBitset, setBit } from "./bitset.js";
import { createConfigCache } from "./cache.js";
import { lift, makeEntries, unlift } from "./entries.js";
import { ILLEGAL, type FullModel, type Operation } from "./model.js";

/** Bounds on one search: a deadline polled inside the loop and a memory budget. */
export interface SearchLimits {
  /** Polled every few thousand steps; true stops the search with "unknown". */
  readonly expired: () => boolean;
  /** Estimated bytes the cache may hold before the search gives "unknown". */
  readonly maxBytes: number;
  /** Polled every 65,536 steps; true (the process is past its memory bound) stops the search with "unknown". */
  readonly overMemory?: () => boolean;
}

/** The verdict on one partition and what explains it. */
export interface PartitionOutcome {
  readonly result: "ok" | "illegal" | "unknown";
  /** ok: a full linearization; illegal: the longest linearizable prefix found (op indexes). */
  readonly linearization: readonly number[];
  /** illegal: the operations that could not be placed after that prefix. */
  readonly stuck: readonly number[];
  /** The model state after `linearization`, described by the model. */
  readonly state: string;
  /** unknown: why the search stopped. */
  readonly reason?: "timeout" | "memory";
  /** Configurations the cache held at the end. */
  readonly configurations: number;
}

const POLL_MASK = 4095;
/** The memory bound reads the process (microseconds), so it is polled 16 times less often. */
const MEMORY_POLL_MASK = 65535;
/** Bytes a cache entry costs besides its bitset words and state: slot, hash, offsets, array cell. */
const ENTRY_BYTES = 40;

/** A search that runs in slices, so that one thread can interleave several (as porcupine's goroutines do). */
export interface Search {
  /** Runs at most about `budget` steps; the outcome once decided, undefined while undecided. */
  run(budget: number): PartitionOutcome | undefined;
}

/** Searches one partition's operations for a linearization, to the end. */
export function searchPartition<S, I, O>(
  model: FullModel<S, I, O>,
  ops: readonly Operation<I, O>[],
  limits: SearchLimits,
): PartitionOutcome {
  const search = startSearch(model, ops, limits);
  for (;;) {
    const outcome = search.run(0x3fffffff);
    if (outcome !== undefined) return outcome;
  }
}

/** Prepares the search of one partition; nothing runs until `run`. */
export function startSearch<S, I, O>(
  model: FullModel<S, I, O>,
  ops: readonly Operation<I, O>[],
  limits: SearchLimits,
): Search {
  const e = makeEntries(ops);
  const { next, op: opOf, match, bit } = e;
  const inputs = ops.map((o) => o.input);
  const outputs = ops.map((o) => o.output);
  const { step, equal, hash: hashState, stateBytes } = model;
  const linearized = createBitset(ops.length);
  const cache = createConfigCache(equal);
  const callStack = new Int32Array(ops.length);
  const stateStack: S[] = [];
  // The loop's variables, kept here between slices.
  let top = 0;
  let bitsHash = 0;
  // linearized[0..lo) are all ones; hi is the last non-zero word (or below lo).
  let lo = 0;
  let hi = -1;
  let state = model.init();
  let stateBytesSum = 0;
  let entry = next[0]!;
  let steps = 0;
  // The longest prefix so far, kept as call nodes; `agree` is how many of
  // them the current stack still shares, so a new record copies only the rest.
  const bestStack = new Int32Array(ops.length);
  let bestTop = 0;
  let agree = 0;
  let best = { stuck: [] as number[], state };
  return { run };

  function run(budget: number): PartitionOutcome | undefined {
    const end = steps + budget;
    while (next[0] !== -1) {
      if (steps >= end) return undefined;
      if ((++steps & POLL_MASK) === 0) {
        if (limits.expired()) return unknown("timeout");
        if (cacheBytes() > limits.maxBytes) return unknown("memory");
        if ((steps & MEMORY_POLL_MASK) === 0 && limits.overMemory?.() === true) return unknown("memory");
      }
      if (match[entry]! !== -1) {
        const i = opOf[entry]!;
        const after = step(state, inputs[i]!, outputs[i]!);
        if (after !== ILLEGAL) {
          const b = bit[entry]!;
          const w = b >>> 5;
          const oldLo = lo;
          const oldHi = hi;
          setBit(linearized, b);
          if (w > hi) hi = w;
          if (w === lo) while (lo < linearized.length && linearized[lo] === 0xffffffff) lo++;
          const h = bitsHash ^ bitKey(b);
          if (cache.add((h ^ hashState(after as S)) >>> 0, linearized, lo, hi > lo - 1 ? hi : lo - 1, after as S)) {
            stateBytesSum += stateBytes(after as S);
            callStack[top] = entry;
            stateStack[top++] = state;
            state = after as S;
            bitsHash = h;
            lift(e, entry);
            entry = next[0]!;
            continue;
          }
          clearBit(linearized, b);
          lo = oldLo;
          hi = oldHi;
        }
        entry = next[entry]!;
      } else {
        if (top === 0) return illegal();
        if (top > bestTop) record(entry);
        const call = callStack[--top]!;
        if (agree > top) agree = top;
        state = stateStack[top]!;
        const b = bit[call]!;
        const w = b >>> 5;
        clearBit(linearized, b);
        if (w < lo) lo = w;
        while (hi >= lo && linearized[hi] === 0) hi--;
        bitsHash ^= bitKey(b);
        unlift(e, call);
        entry = next[call]!;
      }
    }
    return {
      result: "ok",
      linearization: stackOps(),
      stuck: [],
      state: model.describeState(state),
      configurations: cache.size(),
    };
  }

  function cacheBytes(): number {
    return cache.size() * ENTRY_BYTES + cache.words() * 4 + stateBytesSum;
  }
  function stackOps(): number[] {
    return Array.from(callStack.subarray(0, top), (node) => opOf[node]!);
  }
  function bestOps(): number[] {
    return Array.from(bestStack.subarray(0, bestTop), (node) => opOf[node]!);
  }
  function record(returnNode: number): void {
    bestStack.set(callStack.subarray(agree, top), agree);
    bestTop = top;
    agree = top;
    const stuck: number[] = [];
    for (let n = next[0]!; n !== -1 && match[n] !== -1; n = next[n]!) stuck.push(opOf[n]!);
    const closing = opOf[returnNode]!;
    if (!stuck.includes(closing)) stuck.push(closing);
    best = { stuck, state };
  }
  function illegal(): PartitionOutcome {
    if (bestTop === 0) record(entry);
    const linearization = bestOps();
    return { result: "illegal", linearization, stuck: best.stuck, state: model.describeState(best.state), configurations: cache.size() };
  }
  function unknown(reason: "timeout" | "memory"): PartitionOutcome {
    return {
      result: "unknown",
      linearization: bestOps(),
      stuck: [],
      state: model.describeState(best.state),
      reason,
      configurations: cache.size(),
    };
  }
}
