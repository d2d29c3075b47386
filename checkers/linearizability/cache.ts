/**
 * The search's memory of configurations already explored: pairs of
 * (linearized set, model state). An open-addressing hash table over typed
 * arrays: the slot table holds entry numbers, each entry's 32-bit hash and
 * bitset words sit in flat arrays, and states in a plain array. The hash
 * mixes the bitset's Zobrist hash with the state's hash; a hit compares the
 * bitset and the state in full, so a collision never prunes wrongly.
 */

/** A set of (bitset, state) configurations. */
export interface ConfigCache<S> {
  /** Adds the configuration unless present; true when it was added. */
  add(hash: number, bits: Uint32Array, state: S): boolean;
  /** Number of configurations held. */
  size(): number;
}

/** Creates an empty cache for bitsets of `words` words, comparing states with `equal`. */
export function createConfigCache<S>(words: number, equal: (a: S, b: S) => boolean): ConfigCache<S> {
  let capacity = 1024;
  let mask = capacity - 1;
  let table = new Int32Array(capacity);
  let hashes = new Int32Array(capacity >>> 1);
  let store = new Uint32Array((capacity >>> 1) * words);
  const states: S[] = [];
  let count = 0;

  function sameBits(entry: number, bits: Uint32Array): boolean {
    const base = entry * words;
    for (let w = 0; w < words; w++) if (store[base + w] !== bits[w]) return false;
    return true;
  }

  function grow(): void {
    capacity *= 2;
    mask = capacity - 1;
    table = new Int32Array(capacity);
    for (let e = 0; e < count; e++) {
      let slot = hashes[e]! & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = e + 1;
    }
    const h = new Int32Array(capacity >>> 1);
    h.set(hashes);
    hashes = h;
    const s = new Uint32Array((capacity >>> 1) * words);
    s.set(store);
    store = s;
  }

  return {
    add(hash, bits, state) {
      const h = hash | 0;
      let slot = h & mask;
      for (let e = table[slot]!; e !== 0; e = table[slot]!) {
        const entry = e - 1;
        if (hashes[entry] === h && sameBits(entry, bits) && equal(states[entry]!, state)) return false;
        slot = (slot + 1) & mask;
      }
      const entry = count++;
      table[slot] = entry + 1;
      hashes[entry] = h;
      store.set(bits, entry * words);
      states.push(state);
      if (count * 2 >= capacity) grow();
      return true;
    },
    size: () => count,
  };
}
