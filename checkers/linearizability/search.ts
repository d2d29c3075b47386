/**
 * The Wing & Gong search with Lowe's cache, as porcupine runs it on one
 * partition. Walk the entry list: at a call, try to linearize the operation
 * now (the model accepts it and the resulting (linearized set, state) is new);
 * if so, push it, lift it out of the list and restart from the head. At a
 * return, the operation it closes was not linearized in time: pop the last
 * choice and try the next candidate. The history is linearizable when the
 * list empties, and not when a return is met with nothing to pop.
 */
import { bitKey } from "./bitset.js";
import { createConfigCache, type ConfigCache } from "./cache.js";
import { makeEntries } from "./entries.js";
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

/**
 * The end of the run of full words from `lo`. Its step runs (adding 0) on
 * every call, so that a search loop inlining it is optimized with the step's
 * feedback already, and the first word to fill does not throw that code away.
 */
function fullPrefix(bits: Uint32Array, lo: number, words: number): number {
  let full: number;
  do {
    full = lo < words && bits[lo] === 0xffffffff ? 1 : 0;
    lo += full;
  } while (full !== 0);
  return lo;
}

/** The last non-zero word at or below `hi` (lo - 1 when none at or above `lo`); its step runs on every call, as in `fullPrefix`. */
function lastNonZero(bits: Uint32Array, lo: number, hi: number): number {
  let empty: number;
  do {
    empty = hi >= lo && bits[hi] === 0 ? 1 : 0;
    hi -= empty;
  } while (empty !== 0);
  return hi;
}

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
  return new WingGongSearch(model, ops, limits);
}

/**
 * One partition's search. A class, so that every search runs the same
 * function objects: the optimized code of one search serves the next.
 */
class WingGongSearch<S, I, O> implements Search {
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  private readonly opOf: Int32Array;
  private readonly match: Int32Array;
  private readonly bit: Int32Array;
  /** Each bit's Zobrist key, once, so the loop calls nothing but the model and the cache. */
  private readonly keys: Int32Array;
  private readonly inputs: I[];
  private readonly outputs: Operation<I, O>["output"][];
  private readonly linearized: Uint32Array;
  private readonly cache: ConfigCache<S>;
  private readonly callStack: Int32Array;
  private readonly stateStack: S[] = [];
  // The loop's variables, kept here between slices.
  private top = 0;
  private bitsHash = 0;
  // linearized[0..lo) are all ones; hi is the last non-zero word (or below lo).
  private lo = 0;
  private hi = -1;
  private state: S;
  private stateBytesSum = 0;
  private entry: number;
  private steps = 0;
  // The longest prefix so far, kept as call nodes; `agree` is how many of
  // them the current stack still shares, so a new record copies only the rest.
  private readonly bestStack: Int32Array;
  private bestTop = 0;
  private agree = 0;
  private bestStuck: number[] = [];
  private bestState: S;
  /** True during the constructor's rehearsed backtrack, whose one step polls no bound. */
  private rehearsing = false;

  constructor(
    private readonly model: FullModel<S, I, O>,
    ops: readonly Operation<I, O>[],
    private readonly limits: SearchLimits,
  ) {
    const n = ops.length;
    const e = makeEntries(ops);
    this.next = e.next;
    this.prev = e.prev;
    this.opOf = e.op;
    this.match = e.match;
    this.bit = e.bit;
    // One buffer for the keys, both stacks and the linearized set.
    const words = Math.max(1, (n + 31) >>> 5);
    const buffer = new ArrayBuffer(4 * (3 * n + words));
    this.keys = new Int32Array(buffer, 0, n);
    this.callStack = new Int32Array(buffer, 4 * n, n);
    this.bestStack = new Int32Array(buffer, 8 * n, n);
    this.linearized = new Uint32Array(buffer, 12 * n, words);
    this.inputs = new Array<I>(n);
    this.outputs = new Array<Operation<I, O>["output"]>(n);
    for (let i = 0; i < n; i++) {
      this.keys[i] = bitKey(i);
      this.inputs[i] = ops[i]!.input;
      this.outputs[i] = ops[i]!.output;
    }
    // A search adds at least one configuration per operation.
    this.cache = createConfigCache(model.equal, n, { state: model.init() });
    this.state = model.init();
    this.bestState = this.state;
    this.entry = this.next[0]!;
    // With one operation, lifting it would empty the list, and the loop would not run.
    if (n > 1) this.rehearseBacktrack(this.entry);
  }

  /**
   * Pushes the first call without stepping the model, runs one step of the
   * loop (which pops it: the backtrack path, and `record`), and forgets the
   * record made. The list, bitset, hash and stacks are as before. So every
   * search runs the backtrack path from its first call, and the loop is
   * optimized with its feedback: the first real backtrack of a hard history
   * does not throw that code away.
   */
  private rehearseBacktrack(call: number): void {
    const { next, prev, match, bit } = this;
    const b = bit[call]!;
    this.linearized[b >>> 5]! |= 1 << (b & 31);
    this.hi = b >>> 5;
    this.bitsHash = this.keys[b]!;
    const ret = match[call]!;
    for (const node of [call, ret]) {
      const p = prev[node]!;
      const q = next[node]!;
      next[p] = q;
      if (q !== -1) prev[q] = p;
    }
    this.callStack[0] = call;
    this.stateStack[0] = this.state;
    this.top = 1;
    this.entry = ret;
    this.rehearsing = true;
    this.run(1);
    this.rehearsing = false;
    if (this.top !== 0) throw new Error("the rehearsed backtrack did not pop its call");
    this.steps = 0;
    this.bestTop = 0;
    this.agree = 0;
    this.bestStuck = [];
    this.bestState = this.state;
    this.entry = next[0]!;
  }

  run(budget: number): PartitionOutcome | undefined {
    const { next, prev, opOf, match, bit, keys, inputs, outputs, linearized, cache, callStack, stateStack } = this;
    const { step, hash: hashState, stateBytes } = this.model;
    const words = linearized.length;
    let { top, bitsHash, lo, hi, state, entry, steps } = this;
    const end = steps + budget;
    let outcome: PartitionOutcome | undefined;
    // Polled at every slice's start too, from the same site: so a short
    // search runs the poll, and the loop's optimized code has its feedback.
    let poll = !this.rehearsing;
    while (next[0] !== -1) {
      if (poll) {
        outcome = this.poll((steps & MEMORY_POLL_MASK) === 0 && steps !== 0);
        if (outcome !== undefined) break;
      }
      if (steps >= end) break;
      poll = (++steps & POLL_MASK) === 0;
      // The scan goes on from next[from]: one site for every branch, so the
      // optimized loop has its feedback as soon as any search has run.
      let from = entry;
      if (match[entry]! !== -1) {
        const i = opOf[entry]!;
        const after = step(state, inputs[i]!, outputs[i]!);
        if (after !== ILLEGAL) {
          const b = bit[entry]!;
          const w = b >>> 5;
          const mask = 1 << (b & 31);
          const oldLo = lo;
          const oldHi = hi;
          linearized[w]! |= mask;
          if (w > hi) hi = w;
          if (w === lo) lo = fullPrefix(linearized, lo, words);
          const h = bitsHash ^ keys[b]!;
          const added = cache.add((h ^ hashState(after as S)) >>> 0, linearized, lo, hi > lo - 1 ? hi : lo - 1, after as S);
          // A repeat takes its bit back; done without a branch of its own, so
          // the loop's code is optimized with this site's feedback already.
          linearized[w]! ^= added ? 0 : mask;
          if (added) {
            this.stateBytesSum += stateBytes(after as S);
            callStack[top] = entry;
            stateStack[top++] = state;
            state = after as S;
            bitsHash = h;
            // Lift the call and its return out of the list (entries.ts `lift`, inlined).
            const ret = match[entry]!;
            let p = prev[entry]!;
            let q = next[entry]!;
            next[p] = q;
            if (q !== -1) prev[q] = p;
            p = prev[ret]!;
            q = next[ret]!;
            next[p] = q;
            if (q !== -1) prev[q] = p;
            from = 0;
          } else {
            lo = oldLo;
            hi = oldHi;
          }
        }
      } else {
        if (top === 0) {
          outcome = this.illegal(entry, state);
          break;
        }
        if (top > this.bestTop) this.record(entry, top, state);
        const call = callStack[--top]!;
        if (this.agree > top) this.agree = top;
        state = stateStack[top]!;
        const b = bit[call]!;
        const w = b >>> 5;
        linearized[w]! &= ~(1 << (b & 31));
        if (w < lo) lo = w;
        hi = lastNonZero(linearized, lo, hi);
        bitsHash ^= keys[b]!;
        // Put the call and its return back (entries.ts `unlift`, inlined).
        const ret = match[call]!;
        let q = next[ret]!;
        next[prev[ret]!] = ret;
        if (q !== -1) prev[q] = ret;
        q = next[call]!;
        next[prev[call]!] = call;
        if (q !== -1) prev[q] = call;
        from = call;
      }
      entry = next[from]!;
    }
    this.top = top;
    this.bitsHash = bitsHash;
    this.lo = lo;
    this.hi = hi;
    this.state = state;
    this.entry = entry;
    this.steps = steps;
    if (outcome !== undefined || next[0] !== -1) return outcome;
    return {
      result: "ok",
      linearization: this.ops(callStack, top),
      stuck: [],
      state: this.model.describeState(state),
      configurations: cache.size(),
    };
  }

  /** Unknown once a bound is past: the deadline (or stop), the cache's bytes, and when `memory` the process's memory. */
  private poll(memory: boolean): PartitionOutcome | undefined {
    const limits = this.limits;
    if (limits.expired()) return this.unknown("timeout");
    if (this.cacheBytes() > limits.maxBytes || (memory && limits.overMemory?.() === true)) return this.unknown("memory");
    return undefined;
  }

  private cacheBytes(): number {
    return this.cache.size() * ENTRY_BYTES + this.cache.words() * 4 + this.stateBytesSum;
  }
  private ops(stack: Int32Array, top: number): number[] {
    const out = new Array<number>(top);
    for (let k = 0; k < top; k++) out[k] = this.opOf[stack[k]!]!;
    return out;
  }
  private record(returnNode: number, top: number, state: S): void {
    const { next, match, opOf } = this;
    this.bestStack.set(this.callStack.subarray(this.agree, top), this.agree);
    this.bestTop = top;
    this.agree = top;
    const stuck: number[] = [];
    for (let n = next[0]!; n !== -1 && match[n] !== -1; n = next[n]!) stuck.push(opOf[n]!);
    const closing = opOf[returnNode]!;
    if (!stuck.includes(closing)) stuck.push(closing);
    this.bestStuck = stuck;
    this.bestState = state;
  }
  private illegal(entry: number, state: S): PartitionOutcome {
    if (this.bestTop === 0) this.record(entry, 0, state);
    return {
      result: "illegal",
      linearization: this.ops(this.bestStack, this.bestTop),
      stuck: this.bestStuck,
      state: this.model.describeState(this.bestState),
      configurations: this.cache.size(),
    };
  }
  private unknown(reason: "timeout" | "memory"): PartitionOutcome {
    return {
      result: "unknown",
      linearization: this.ops(this.bestStack, this.bestTop),
      stuck: [],
      state: this.model.describeState(this.bestState),
      reason,
      configurations: this.cache.size(),
    };
  }
}
