/**
 * The Wing & Gong search with Lowe's cache, as porcupine runs it on one
 * partition. Walk the entry list: at a call, try to linearize the operation
 * now (the model accepts it and the resulting (linearized set, state) is new);
 * if so, push it, lift it out of the list and restart from the head. At a
 * return, the operation it closes was not linearized in time: pop the last
 * choice and try the next candidate. The history is linearizable when the
 * list empties, and not when a return is met with nothing to pop.
 *
 * Past porcupine: a commitment to read-only operations. Let C be the
 * configuration reached, r a candidate (a call before the first return in
 * the list) that the model calls read-only, legal now. If C can be completed
 * by some order a r b of the remaining operations, then r a b completes it
 * too: r is legal now and leaves the state as it is; the states along a are
 * unchanged, and at r's old place r was legal and changed nothing, so b sees
 * the state it saw; and real time holds, since every operation not yet
 * linearized returns after r's call (its return is in the list, after r's
 * call). So C is completable only if C + r is, and the search commits: once
 * C + r fails (its frame is popped, or it is a configuration already in the
 * cache, which holds only failed ones), C fails too, and the search
 * backtracks from C at once instead of trying C's other candidates. With
 * read-only calls listed first among calls with no return between them
 * (entries.ts), a read is committed before writes are tried around it: on
 * Knossos's memstress3-51 the steps fall from 44,311 to 492. Verdicts are the
 * same (search.test.ts checks both against brute force).
 */
import { bitKey } from "./bitset.js";
import { createConfigCache, stateArray, type ConfigCache } from "./cache.js";
import { makeEntries, type Entries } from "./entries.js";
import { fullPrefix, lastNonZero, resumeFrom } from "./list-scan.js";
import { LongestPrefix, opsOf } from "./longest-prefix.js";
import { ILLEGAL, type FullModel, type Operation } from "./model.js";
import { callModel } from "./model-call.js";
import { twinBits } from "./twins.js";
import type { PartitionOutcome, Search, SearchLimits } from "./search-types.js";

export type { PartitionOutcome, Search, SearchLimits } from "./search-types.js";

const POLL_MASK = 4095;
/**
 * Steps of one slice when a search runs alone. A call of `run` keeps the
 * code it was entered with: slices let the optimized loop, compiled in the
 * background while a first long search runs, take over at the next slice.
 */
const SLICE_STEPS = 8192;
/** The memory bound reads the process (microseconds), so it is polled 16 times less often. */
const MEMORY_POLL_MASK = 65535;
/** Bytes a cache entry costs besides its bitset words and state: slot, hash, offsets, array cell. */
const ENTRY_BYTES = 40;

/** Searches one partition's operations for a linearization, to the end. */
export function searchPartition<S, I, O>(
  model: FullModel<S, I, O>,
  ops: readonly Operation<I, O>[],
  limits: SearchLimits,
): PartitionOutcome {
  const search = startSearch(model, ops, limits);
  for (;;) {
    const outcome = search.run(SLICE_STEPS);
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
 *
 * The model's functions are called through `callModel` (model-call.ts), so
 * that the optimized search serves every model, and the states are kept in
 * `stateArray`s (cache.ts) for the same reason.
 */
class WingGongSearch<S, I, O> implements Search {
  private readonly entries: Entries;
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
  /** 1 for an operation the model says is read-only. */
  private readonly readOnly: Uint8Array;
  /** 1 for a stack frame that linearized a read-only operation (a commitment). */
  private readonly committed: Uint8Array;
  /** Per operation, the bit of its twin called just before it, or -1 (twins.ts): tried only once that bit is set. */
  private readonly twin: Int32Array;
  private readonly stateStack: S[] = stateArray();
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
  private readonly prefix: LongestPrefix<S>;
  /** True during the rehearsal of the rare paths, whose steps poll no bound. */
  private rehearsing = false;

  constructor(
    private readonly model: FullModel<S, I, O>,
    ops: readonly Operation<I, O>[],
    private readonly limits: SearchLimits,
  ) {
    const n = ops.length;
    // One buffer for the keys, both stacks, the linearized set, the twins and the two flag arrays: a typed
    // array's own buffer costs more than a view (a search's setup is most of a small history's check).
    const words = Math.max(1, (n + 31) >>> 5);
    const buffer = new ArrayBuffer(4 * (4 * n + words) + 2 * n);
    this.keys = new Int32Array(buffer, 0, n);
    this.callStack = new Int32Array(buffer, 4 * n, n);
    this.linearized = new Uint32Array(buffer, 12 * n, words);
    const twin = new Int32Array(buffer, 4 * (3 * n + words), n);
    this.readOnly = new Uint8Array(buffer, 4 * (4 * n + words), n);
    this.committed = new Uint8Array(buffer, 4 * (4 * n + words) + n, n);
    this.inputs = new Array<I>(n);
    this.outputs = new Array<Operation<I, O>["output"]>(n);
    for (let i = 0; i < n; i++) {
      const op = ops[i]!;
      this.keys[i] = bitKey(i);
      this.inputs[i] = op.input;
      this.outputs[i] = op.output;
      this.readOnly[i] = callModel(model.readOnly, op.input, op.output) ? 1 : 0;
    }
    const e = makeEntries(ops, this.readOnly);
    this.entries = e;
    this.next = e.next;
    this.prev = e.prev;
    this.opOf = e.op;
    this.match = e.match;
    this.bit = e.bit;
    // Each operation's bit, in the call stack's words (scratch until the search runs): one buffer less.
    const bitOf = this.callStack;
    for (let node = 1; node <= 2 * n; node++) if (e.match[node]! !== -1) bitOf[e.op[node]!] = e.bit[node]!;
    this.twin = twinBits(ops, bitOf, twin);
    this.state = callModel(model.init, undefined);
    // The sample's field holds any value from the start, as a `stateArray` does: a `{ state }` that held only a
    // register's small integers would deopt this constructor at the first check of a model with boolean states.
    const sample: { state: S } = { state: undefined as S };
    sample.state = callModel(model.init, undefined);
    // A search adds at least one configuration per operation.
    this.cache = createConfigCache(model.equal, n, sample);
    this.prefix = new LongestPrefix(e, new Int32Array(buffer, 8 * n, n), this.state);
    this.entry = this.next[0]!;
    // With one operation, lifting it would empty the list, and the loop would not run.
    if (n > 1) this.rehearseRarePaths(this.entry);
  }

  /**
   * Runs the loop's rare paths once, leaving the search as it was. First one
   * step at the first call's return with nothing pushed: the illegal path
   * (`illegal`, and `record` from it). Then it pushes the first call without
   * stepping the model, as a commitment, and runs one step, which pops it:
   * the backtrack path (`record`, `resumeFrom`'s scan). Last, the twin test
   * (`rehearseTwinWait`). The records made are
   * forgotten; the list, bitset, hash and stacks are as before. So the loop
   * is optimized with the feedback of every path, and neither the first real
   * backtrack nor the first illegal history of a process throws that code away.
   */
  private rehearseRarePaths(call: number): void {
    const { next, prev, match, bit } = this;
    const ret = match[call]!;
    this.rehearsing = true;
    this.entry = ret;
    if (this.run(1)?.result !== "illegal") throw new Error("the rehearsed return did not give illegal");
    const b = bit[call]!;
    this.linearized[b >>> 5]! |= 1 << (b & 31);
    this.hi = b >>> 5;
    this.bitsHash = this.keys[b]!;
    for (const node of [call, ret]) {
      const p = prev[node]!;
      const q = next[node]!;
      next[p] = q;
      if (q !== -1) prev[q] = p;
    }
    this.callStack[0] = call;
    this.stateStack[0] = this.state;
    // As a commitment, so the backtrack runs `resumeFrom`'s scan as well.
    this.committed[0] = 1;
    this.top = 1;
    this.entry = ret;
    this.steps = 0;
    this.run(1);
    this.rehearsing = false;
    if (this.top !== 0) throw new Error("the rehearsed backtrack did not pop its call");
    this.rehearseTwinWait(call);
    this.steps = 0;
    this.prefix.forget(this.state);
    this.entry = next[0]!;
  }

  /**
   * One step at `call` as if its operation's twin (its own bit, not set) were
   * not yet linearized: the step skips it and changes nothing but the scan's
   * place, put back after. Without it the loop's optimized code lacks the
   * feedback of the twin test and is thrown away at the first history with
   * twins (measured: the first Knossos file with pending twins, 54 files in).
   */
  private rehearseTwinWait(call: number): void {
    const i = this.opOf[call]!;
    const twin = this.twin[i]!;
    this.twin[i] = this.bit[call]!;
    this.rehearsing = true;
    this.entry = call;
    this.run(1);
    this.rehearsing = false;
    this.twin[i] = twin;
    if (this.top !== 0) throw new Error("the rehearsed twin wait linearized its call");
  }

  run(budget: number): PartitionOutcome | undefined {
    const { next, prev, opOf, match, bit, keys, inputs, outputs, linearized, cache, callStack, stateStack, readOnly, committed, prefix, twin } = this;
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
        // A twin waits for the twin called before it (twins.ts).
        const t = twin[i]!;
        const after = t !== -1 && (linearized[t >>> 5]! & (1 << (t & 31))) === 0 ? ILLEGAL : callModel(step, state, inputs[i]!, outputs[i]!);
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
          const added = cache.add((h ^ callModel(hashState, after as S)) >>> 0, linearized, lo, hi > lo - 1 ? hi : lo - 1, after as S);
          // A repeat takes its bit back, and a repeated read-only operation
          // sends the scan to backtrack (see the file's comment): both done
          // without branches of their own, so the loop's code is optimized
          // with these sites' feedback already.
          linearized[w]! ^= added ? 0 : mask;
          const reads = readOnly[i]!;
          from = resumeFrom(next, prev, match, entry, added ? 0 : reads);
          if (added) {
            this.stateBytesSum += callModel(stateBytes, after as S);
            committed[top] = reads;
            callStack[top] = entry;
            stateStack[top++] = state;
            state = after as S;
            bitsHash = h;
            // Lift the call and its return out of the list.
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
        if (top > prefix.top) prefix.record(callStack, top, entry, state);
        const call = callStack[--top]!;
        if (prefix.agree > top) prefix.agree = top;
        state = stateStack[top]!;
        const b = bit[call]!;
        const w = b >>> 5;
        linearized[w]! &= ~(1 << (b & 31));
        if (w < lo) lo = w;
        hi = lastNonZero(linearized, lo, hi);
        bitsHash ^= keys[b]!;
        // Put the call and its return back.
        const ret = match[call]!;
        let q = next[ret]!;
        next[prev[ret]!] = ret;
        if (q !== -1) prev[q] = ret;
        q = next[call]!;
        next[prev[call]!] = call;
        if (q !== -1) prev[q] = call;
        from = resumeFrom(next, prev, match, call, committed[top]!);
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
      linearization: opsOf(this.entries, callStack, top),
      stuck: [],
      state: callModel(this.model.describeState, state),
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
  private illegal(entry: number, state: S): PartitionOutcome {
    const prefix = this.prefix;
    if (prefix.top === 0) prefix.record(this.callStack, 0, entry, state);
    return prefix.outcome("illegal", this.model.describeState, this.cache.size());
  }
  private unknown(reason: "timeout" | "memory"): PartitionOutcome {
    return this.prefix.outcome("unknown", this.model.describeState, this.cache.size(), reason);
  }
}
