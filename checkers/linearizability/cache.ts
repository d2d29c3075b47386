/**
 * The search's memory of configurations already explored: pairs of
 * (linearized set, model state). An open-addressing hash table over typed
 * arrays: the slot table holds entry numbers; each entry's 32-bit hash, and
 * its bitset, sit in flat arrays; states in a plain array. A bitset is
 * stored compressed as the window of words between its leading run of full
 * words (`lo`) and its last non-zero word (`hi`): with operations numbered in
 * call order, a linearized set is a full prefix plus a small window, so an
 * entry costs a few words even when the history has 100,000 operations.
 * The hash mixes the bitset's Zobrist hash with the state's hash; a hit
 * compares the bitset and the state in full, so a collision never prunes wrongly.
 */

import { callModel } from "./model-call.js";

/** A set of (bitset, state) configurations. */
export interface ConfigCache<S> {
  /**
   * Adds the configuration unless present; true when it was added. `lo` is
   * the number of leading all-ones words of `bits`, `hi` its last non-zero
   * word (lo - 1 when none lies beyond the prefix).
   */
  add(hash: number, bits: Uint32Array, lo: number, hi: number, state: S): boolean;
  /** Number of configurations held. */
  size(): number;
  /** Words of bitset held (for the memory bound). */
  words(): number;
}

/**
 * Creates an empty cache comparing states with `equal`, sized for about
 * `expected` configurations. Given a `sample` state, a throwaway cache of
 * two slots is primed with it first (see `FlatCache.prime`): the paths it
 * runs are the same functions' for every cache, so their feedback serves
 * this one, which starts empty at its full size.
 */
export function createConfigCache<S>(equal: (a: S, b: S) => boolean, expected = 0, sample?: { readonly state: S }): ConfigCache<S> {
  let capacity = MIN_CAPACITY;
  while (capacity < 2 * expected && capacity < MAX_FIRST_CAPACITY) capacity *= 2;
  if (sample !== undefined) new FlatCache(equal, 2).prime(sample.state);
  return new FlatCache(equal, capacity);
}

/**
 * An empty array for a model's states that V8 keeps as an array of any
 * values from the start. A `[]` that has held only small integers (a
 * register's states) is kept as an array of small integers, and the
 * search's optimized code assumes it; the first check of a model whose
 * states are booleans or objects (a mutex's, a multi-register's) would throw
 * that code away (V8's "not a Smi" and "wrong map" deopts, seen at the
 * mutex history of Knossos's corpus after its cas-register histories).
 */
export function stateArray<S>(): S[] {
  const states: S[] = [undefined as S];
  states.pop();
  return states;
}

/** Slots of a new cache: at least this many, and at most the second (it grows past it when needed). */
const MIN_CAPACITY = 64;
const MAX_FIRST_CAPACITY = 1 << 18;

/**
 * The cache over flat arrays; a class, so every search calls the same `add`.
 * It calls the model's `equal` through `callModel` (model-call.ts), as the
 * search calls the model's functions.
 */
class FlatCache<S> implements ConfigCache<S> {
  private mask: number;
  private table: Int32Array;
  private hashes: Int32Array;
  private los: Int32Array;
  private offsets: Int32Array;
  private pool: Uint32Array;
  private readonly states: S[] = stateArray();
  private count = 0;
  /** The count at which the table doubles: half its capacity. */
  private limit: number;

  constructor(
    private readonly equal: (a: S, b: S) => boolean,
    private capacity: number,
  ) {
    const half = capacity >>> 1;
    // The first arrays share one buffer; growing replaces each with its own.
    const block = new Int32Array(capacity + 3 * half + 1);
    this.mask = capacity - 1;
    this.limit = half;
    this.table = block.subarray(0, capacity);
    this.hashes = block.subarray(capacity, capacity + half);
    this.los = block.subarray(capacity + half, capacity + 2 * half);
    this.offsets = block.subarray(capacity + 2 * half);
    // Empty: the first window stored allocates it, by the path every later growth takes.
    this.pool = new Uint32Array(0);
  }

  add(hash: number, bits: Uint32Array, lo: number, hi: number, state: S): boolean {
    const h = hash | 0;
    const { table, mask, hashes } = this;
    let slot = h & mask;
    for (let e = table[slot]!; e !== 0; e = table[slot]!) {
      const entry = e - 1;
      if (hashes[entry] === h && this.sameBits(entry, bits, lo, hi) && callModel(this.equal, this.states[entry]!, state)) return false;
      slot = (slot + 1) & mask;
    }
    const entry = this.count++;
    table[slot] = entry + 1;
    hashes[entry] = h;
    this.los[entry] = lo;
    const start = this.offsets[entry]!;
    const end = start + hi - lo + 1;
    if (end > this.pool.length) {
      // At least half the slots' words: a new cache's first pool (at least 32 words; the throwaway cache `prime`
      // fills allocates 1, and a typed array that small costs no buffer of its own).
      const bigger = new Uint32Array(Math.max(end, this.pool.length * 2, this.capacity >>> 1));
      bigger.set(this.pool);
      this.pool = bigger;
    }
    for (let w = lo; w <= hi; w++) this.pool[start + w - lo] = bits[w]!;
    this.offsets[entry + 1] = end;
    this.states.push(state);
    if (this.count >= this.limit) this.grow();
    return true;
  }

  /**
   * Adds a configuration of one bitset word with `state` (the pool's first
   * allocation: its growth path; and the table doubles: its growth path
   * too) and adds it again (a hit: the bitset and `equal` comparisons run).
   * So these paths have their type feedback before a search loop that
   * inlines `add` is optimized, and the first repeated configuration or the
   * first growth of a hard history does not throw that code away. The
   * cache primed is thrown away after.
   */
  prime(state: S): void {
    const one = Uint32Array.of(1);
    this.limit = 1;
    this.add(0, one, 0, 0, state);
    this.add(0, one, 0, 0, state);
  }

  size(): number {
    return this.count;
  }

  words(): number {
    return this.offsets[this.count]!;
  }

  private sameBits(entry: number, bits: Uint32Array, lo: number, hi: number): boolean {
    if (this.los[entry] !== lo) return false;
    const start = this.offsets[entry]!;
    if (this.offsets[entry + 1]! - start !== hi - lo + 1) return false;
    const pool = this.pool;
    for (let w = lo; w <= hi; w++) if (pool[start + w - lo] !== bits[w]) return false;
    return true;
  }

  private grow(): void {
    this.capacity *= 2;
    const capacity = this.capacity;
    this.mask = capacity - 1;
    this.limit = capacity >>> 1;
    const table = new Int32Array(capacity);
    for (let e = 0; e < this.count; e++) {
      let slot = this.hashes[e]! & this.mask;
      while (table[slot] !== 0) slot = (slot + 1) & this.mask;
      table[slot] = e + 1;
    }
    this.table = table;
    this.hashes = extend(this.hashes, capacity >>> 1);
    this.los = extend(this.los, capacity >>> 1);
    this.offsets = extend(this.offsets, (capacity >>> 1) + 1);
  }
}

function extend(a: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(length);
  b.set(a);
  return b;
}
